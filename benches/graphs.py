#!/usr/bin/env python3
"""The graphs Hamiltonicity tools are compared on, written as TSPLIB HCP files.

- classic: the non-Hamiltonian cubic graphs of the literature — generalized Petersen graphs
  GP(n, 2) for n = 11, 17, 23, 47, 95 (non-Hamiltonian exactly when n = 5 mod 6, Alspach 1983),
  the flower snarks J5..J21 (non-Hamiltonian for odd n >= 5, Isaacs 1975), the Tutte graph
  (Tutte 1946; its edges from NetworkX's `tutte_graph()`) and the Petersen graph — and, as a
  check that the Hamiltonian ones are still found, GP(n, 2) for n = 18, 48, 96.
- random: random cubic graphs with a planted Hamiltonian cycle (a random cyclic order of the
  vertices plus a random perfect matching avoiding its edges), 2,000 to 10,000 vertices, and
  4-regular ones (the cycle plus two such matchings), 50,000 vertices. Seeded: the same seed
  gives the same files.

usage: python3 benches/graphs.py classic DIR
       python3 benches/graphs.py random DIR [--sizes 2000 5000 10000] [--degree4 50000] [--seed 1]
"""
import argparse
import os
import random


def write_hcp(path, name, n, edges, comment):
    """A TSPLIB HCP file of `edges` (0-based pairs) as FHCP writes them: 1-based, -1, EOF."""
    with open(path, "w") as f:
        f.write(f"NAME : {name}\nCOMMENT : {comment}\nTYPE : HCP\nDIMENSION : {n}\n")
        f.write("EDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n")
        for a, b in edges:
            f.write(f"{a + 1} {b + 1}\n")
        f.write("-1\nEOF\n")


def generalized_petersen(n, k):
    """GP(n, k): an outer n-cycle u_i, spokes u_i v_i, and inner edges v_i v_{i+k}."""
    edges = []
    for i in range(n):
        edges += [(i, (i + 1) % n), (i, n + i), (n + i, n + (i + k) % n)]
    return 2 * n, edges


def flower_snark(n):
    """J_n: stars a_i - b_i, c_i, d_i; the b_i in an n-cycle; the c_i and d_i in one 2n-cycle
    c_0 .. c_{n-1} d_0 .. d_{n-1}."""
    a, b, c, d = (lambda i: i), (lambda i: n + i), (lambda i: 2 * n + i), (lambda i: 3 * n + i)
    edges = []
    for i in range(n):
        edges += [(a(i), b(i)), (a(i), c(i)), (a(i), d(i)), (b(i), b((i + 1) % n))]
    for i in range(n - 1):
        edges += [(c(i), c(i + 1)), (d(i), d(i + 1))]
    edges += [(c(n - 1), d(0)), (d(n - 1), c(0))]
    return 4 * n, edges


def planted(n, matchings, rng):
    """A random cyclic order of the n vertices plus `matchings` random perfect matchings that
    avoid every edge already there (n even): a (2 + matchings)-regular Hamiltonian graph."""
    order = list(range(n))
    rng.shuffle(order)
    edges = {frozenset((order[i], order[(i + 1) % n])) for i in range(n)}
    for _ in range(matchings):
        while True:
            vertices = list(range(n))
            rng.shuffle(vertices)
            pairs = [frozenset(vertices[2 * i: 2 * i + 2]) for i in range(n // 2)]
            # Repair the few pairs that repeat an edge: swap partners with another random pair.
            for _ in range(100 * n):
                bad = [i for i, p in enumerate(pairs) if p in edges]
                if not bad:
                    break
                i, j = bad[0], rng.randrange(len(pairs) - 1)
                j += j >= i
                (p, q), (r, s) = sorted(pairs[i]), sorted(pairs[j])
                pairs[i], pairs[j] = frozenset((p, r)), frozenset((q, s))
            if all(p not in edges for p in pairs) and len(set(pairs)) == len(pairs):
                edges |= set(pairs)
                break
    return n, sorted(tuple(sorted(e)) for e in edges)


def classic(directory):
    for n in (11, 17, 23, 47, 95):
        write_hcp(f"{directory}/gp-{n}-2.hcp", f"gp-{n}-2", *generalized_petersen(n, 2),
                  f"GP({n},2): n = 5 mod 6, non-Hamiltonian (Alspach 1983)")
    for n in (18, 48, 96):
        write_hcp(f"{directory}/gp-{n}-2.hcp", f"gp-{n}-2", *generalized_petersen(n, 2),
                  f"GP({n},2): Hamiltonian (Alspach 1983)")
    for n in range(5, 22, 2):
        write_hcp(f"{directory}/flower-snark-j{n}.hcp", f"flower-snark-j{n}", *flower_snark(n),
                  f"flower snark J{n}: non-Hamiltonian (Isaacs 1975)")
    write_hcp(f"{directory}/petersen.hcp", "petersen", *generalized_petersen(5, 2),
              "the Petersen graph GP(5,2): non-Hamiltonian")
    try:
        import networkx
    except ImportError:
        print("networkx is not installed: no Tutte graph (pip install networkx)")
    else:
        tutte = networkx.convert_node_labels_to_integers(networkx.tutte_graph())
        write_hcp(f"{directory}/tutte.hcp", "tutte", tutte.number_of_nodes(),
                  sorted(tutte.edges()), "the Tutte graph: non-Hamiltonian (Tutte 1946)")


def random_graphs(directory, sizes, degree4, seed):
    for n in sizes:
        rng = random.Random(seed * 1_000_003 + n)
        write_hcp(f"{directory}/cubic-{n}.hcp", f"cubic-{n}", *planted(n, 1, rng),
                  f"random cubic graph with a planted Hamiltonian cycle, seed {seed}")
    for n in degree4:
        rng = random.Random(seed * 1_000_003 + n + 4)
        write_hcp(f"{directory}/quartic-{n}.hcp", f"quartic-{n}", *planted(n, 2, rng),
                  f"random 4-regular graph with a planted Hamiltonian cycle, seed {seed}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kind", choices=["classic", "random"])
    parser.add_argument("directory")
    parser.add_argument("--sizes", type=int, nargs="*", default=[2000, 5000, 10000])
    parser.add_argument("--degree4", type=int, nargs="*", default=[50000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    os.makedirs(args.directory, exist_ok=True)
    if args.kind == "classic":
        classic(args.directory)
    else:
        random_graphs(args.directory, args.sizes, args.degree4, args.seed)


if __name__ == "__main__":
    main()
