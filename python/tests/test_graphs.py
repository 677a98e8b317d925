"""Graphs from Python: pathsat.Graph against networkx's own graph6 and sparse6 reader and writer,
the questions asked of one graph (cycles, paths, hypohamiltonian, counts) checked here without
pathsat, and the filter `hamg` over networkx's atlas of all graphs up to 7 nodes, against OEIS.

Conventions (those of pathsat's exact method, which follow OEIS A003216): the graph of one vertex
is Hamiltonian and traceable, the graph of two (one edge) is traceable but not Hamiltonian, and
the null graph (no vertices, the atlas's first) is neither: there is no cycle or path to walk.
OEIS starts its sequences at n = 1, so the null graph is not counted there either."""

import collections
import itertools
import math
import pickle
import random
import threading
import time

import networkx as nx
import pytest

import pathsat
from conftest import interrupted

# OEIS A003216: Hamiltonian graphs on n unlabeled nodes (all of them connected), n = 1..7.
HAMILTONIAN = {1: 1, 2: 0, 3: 1, 4: 3, 5: 8, 6: 48, 7: 383}
# OEIS A057864: connected traceable graphs on n unlabeled nodes (a traceable graph is
# connected), n = 1..7.
TRACEABLE = {1: 1, 2: 1, 3: 2, 4: 5, 5: 18, 6: 91, 7: 734}

# The sizes where nauty pads a sparse6 line with a 0-bit first (n = 2^k, k < 6) and networkx
# pads in more cases than nauty does: both lines read back as the same graph.
SPARSE6_PADDING_SIZES = {2, 4, 8, 16}


def assert_walk(G, walk, closed):
    """Checks, without pathsat, that `walk` visits every node of `G` once, along its edges
    (and back to the start when `closed`)."""
    assert walk is not None
    assert len(walk) == len(G) and set(walk) == set(G.nodes)
    steps = list(zip(walk, walk[1:]))
    if closed and len(walk) > 1:
        steps.append((walk[-1], walk[0]))
    for u, v in steps:
        assert G.has_edge(u, v), f"{u} - {v} is no edge"


def brute_force_cycles(G):
    """The Hamiltonian cycles of a small graph, by trying every order: each cycle once."""
    nodes = list(G.nodes)
    n = len(nodes)
    if n < 3:
        return 1 if n == 1 else 0
    first, rest = nodes[0], nodes[1:]
    found = 0
    for order in itertools.permutations(rest):
        walk = (first,) + order
        if all(G.has_edge(walk[i], walk[(i + 1) % n]) for i in range(n)):
            found += 1
    return found // 2


def brute_force_traceable(G):
    n = len(G)
    if n == 0:
        return False
    return any(
        all(G.has_edge(a, b) for a, b in zip(order, order[1:]))
        for order in itertools.permutations(G.nodes)
    )


def random_graphs(count, seed, sizes):
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.choice(sizes)
        yield nx.gnp_random_graph(n, rng.random(), seed=rng.randrange(1 << 30))


# Sizes around graph6's boundaries: N(n) is one byte up to 62 and four from 63 on; and the
# sparse6 padding cases.
SIZES = list(range(0, 20)) + [31, 32, 33, 62, 63, 64, 65, 100, 129]


def test_graph6_and_sparse6_as_networkx_writes_them():
    for G in random_graphs(400, seed=6, sizes=SIZES):
        g = pathsat.Graph.from_networkx(G)
        line = nx.to_graph6_bytes(G, header=False).rstrip(b"\n")
        assert g.to_graph6() == line.decode()
        sparse = nx.to_sparse6_bytes(G, header=False).rstrip(b"\n")
        if len(G) not in SPARSE6_PADDING_SIZES:
            assert g.to_sparse6() == sparse.decode()
        # Both lines read back, by networkx, as the same graph.
        for ours in (g.to_graph6(), g.to_sparse6()):
            H = (nx.from_sparse6_bytes if ours.startswith(":") else nx.from_graph6_bytes)(
                ours.encode()
            )
            assert len(H) == len(G) and nx.utils.edges_equal(H.edges, G.edges)


def test_graph6_and_sparse6_as_networkx_reads_them():
    for G in random_graphs(300, seed=7, sizes=SIZES):
        ours = pathsat.Graph.from_networkx(G)
        for line in (
            nx.to_graph6_bytes(G, header=False),
            nx.to_graph6_bytes(G),  # >>graph6<< and the line
            nx.to_sparse6_bytes(G, header=False),
            nx.to_sparse6_bytes(G),
        ):
            bare = line.strip().removeprefix(b">>graph6<<").removeprefix(b">>sparse6<<")
            H = (nx.from_sparse6_bytes if bare.startswith(b":") else nx.from_graph6_bytes)(bare)
            edges = {frozenset(e) for e in H.edges}
            for text in (line, line.decode()):
                g = pathsat.Graph.from_graph6(text)
                assert g.n == len(H) == len(G)
                assert {frozenset(e) for e in g.edges} == edges
                assert g == ours


def test_malformed_lines_raise_puzzle_error_with_the_column():
    with pytest.raises(pathsat.PuzzleError, match=r"^<graph6>:1:4: a space is not"):
        pathsat.Graph.from_graph6("Ihe A@GUAo")
    # The column counts the header too.
    with pytest.raises(pathsat.PuzzleError, match=r"^<graph6>:1:14: '!'"):
        pathsat.Graph.from_graph6(b">>graph6<<Ihe!@GUAo\n")
    # A line too short for its 10 vertices ends one column past its last byte.
    with pytest.raises(pathsat.PuzzleError, match=r"^<graph6>:1:9: "):
        pathsat.Graph.from_graph6("IheA@GUA")
    with pytest.raises(pathsat.PuzzleError, match=r"^<sparse6>:1:"):
        pathsat.Graph.from_graph6(":I`ES@obGkq~~~~~~")
    with pytest.raises(pathsat.PuzzleError, match="a second graph"):
        pathsat.Graph.from_graph6("Bw\nBw\n")
    with pytest.raises(pathsat.PuzzleError, match="no graph"):
        pathsat.Graph.from_graph6("\n")
    # PuzzleError is a ValueError.
    with pytest.raises(ValueError):
        pathsat.Graph.from_graph6("&")
    with pytest.raises(TypeError):
        pathsat.Graph.from_graph6(42)


def test_the_graph_class():
    g = pathsat.Graph(4, [(0, 1), (1, 2), (2, 3), (3, 0)])
    assert (g.n, len(g), g.edges) == (4, 4, [(0, 1), (1, 2), (2, 3), (3, 0)])
    assert g.labels == [0, 1, 2, 3]
    assert repr(g) == "<pathsat.Graph: 4 vertices, 4 edges>"
    # Equal: the same n and edge set, in any order or direction, repeats and labels aside.
    same = pathsat.Graph(4, [(1, 0), (3, 2), (0, 3), (2, 1), (0, 1)], labels="abcd")
    assert g == same and hash(g) == hash(same) and len({g, same}) == 1
    assert g != pathsat.Graph(5, g.edges) and g != pathsat.Graph(4, g.edges[:3])
    assert g != "Cl" and g.to_graph6() == "Cl"  # nx.to_graph6_bytes(nx.cycle_graph(4))
    assert pathsat.Graph.from_graph6(g.to_sparse6()) == g
    copy = pickle.loads(pickle.dumps(same))
    assert copy == same and copy.labels == list("abcd") and copy.edges == same.edges
    # Edges may be any iterable of pairs, such as a networkx edge view.
    assert pathsat.Graph(5, nx.cycle_graph(5).edges) == pathsat.Graph.from_networkx(nx.cycle_graph(5))
    with pytest.raises(pathsat.PuzzleError, match=r"the edge \(0, 4\) names 4"):
        pathsat.Graph(4, [(0, 4)])
    with pytest.raises(pathsat.PuzzleError, match="names -1"):
        pathsat.Graph(4, [(-1, 2)])
    with pytest.raises(pathsat.PuzzleError, match="not a pair"):
        pathsat.Graph(4, [(0, 1, 2)])
    with pytest.raises(pathsat.PuzzleError, match="3 labels for 4 vertices"):
        pathsat.Graph(4, [], labels="abc")
    with pytest.raises(pathsat.PuzzleError, match="given twice"):
        pathsat.Graph(2, [], labels="aa")
    with pytest.raises(pathsat.PuzzleError, match="at most 1000000 vertices"):
        pathsat.Graph(10**7, [])
    # A loop: sparse6 writes it, graph6 cannot; the questions ignore it.
    looped = pathsat.Graph(3, [(0, 1), (1, 2), (2, 0), (1, 1)])
    assert pathsat.Graph.from_graph6(looped.to_sparse6()).edges == [(0, 1), (1, 1), (0, 2), (1, 2)]
    with pytest.raises(pathsat.PuzzleError, match="graph6 has no loops"):
        looped.to_graph6()
    assert pathsat.count_hamiltonian_cycles(looped) == 1


def test_networkx_labels_are_kept_both_ways():
    G = nx.relabel_nodes(nx.petersen_graph(), {v: f"p{v}" for v in range(10)})
    g = pathsat.Graph.from_networkx(G)
    assert g.labels == list(G.nodes) and repr(g).endswith("labelled>")
    H = g.to_networkx()
    assert list(H.nodes) == list(G.nodes) and nx.utils.edges_equal(H.edges, G.edges)
    # Without labels, the nodes are the vertices.
    assert list(pathsat.Graph.from_graph6("IheA@GUAo").to_networkx().nodes) == list(range(10))
    # A multigraph's repeated edges and a graph's loops come through; directed graphs do not.
    M = nx.MultiGraph([(0, 1), (0, 1), (1, 2), (2, 0), (2, 2)])
    assert pathsat.count_hamiltonian_cycles(M) == 1
    with pytest.raises(pathsat.PuzzleError, match="directed"):
        pathsat.Graph.from_networkx(nx.DiGraph([(0, 1)]))
    with pytest.raises(pathsat.PuzzleError, match="directed"):
        pathsat.hamiltonian_cycle(nx.DiGraph([(0, 1), (1, 2), (2, 0)]))

    class Plain:
        """Anything with nodes and edges."""

        nodes = ["x", "y", "z"]
        edges = [("x", "y"), ("y", "z"), ("z", "x")]

    assert sorted(pathsat.hamiltonian_cycle(Plain())) == ["x", "y", "z"]
    Plain.edges = [("x", "w")]
    with pytest.raises(pathsat.PuzzleError, match="'w', which is not one of its nodes"):
        pathsat.hamiltonian_cycle(Plain())
    with pytest.raises(TypeError, match="expected a pathsat.Graph, a networkx graph"):
        pathsat.hamiltonian_cycle(42)


def test_petersen_is_not_hamiltonian_but_hypohamiltonian_and_traceable():
    P = nx.petersen_graph()
    for g in (P, pathsat.Graph.from_networkx(P), "IheA@GUAo", pathsat.Graph.from_graph6("IheA@GUAo")):
        assert pathsat.hamiltonian_cycle(g) is None
        assert pathsat.is_hypohamiltonian(g) is True
        assert pathsat.count_hamiltonian_cycles(g) == 0
    assert_walk(P, pathsat.hamiltonian_path(P), closed=False)
    # Every vertex-deleted subgraph has a cycle: checked here without pathsat's evidence.
    for v in P:
        Q = P.copy()
        Q.remove_node(v)
        assert_walk(Q, pathsat.hamiltonian_cycle(Q), closed=True)
    # The dodecahedron and the cube are Hamiltonian, so not hypohamiltonian.
    assert pathsat.is_hypohamiltonian(nx.dodecahedral_graph()) is False


def test_the_dodecahedron_cycle_is_in_networkx_labels():
    D = nx.dodecahedral_graph()
    rng = random.Random(20)
    names = [f"v{i}" for i in range(20)]
    rng.shuffle(names)
    D = nx.relabel_nodes(D, dict(enumerate(names)))
    cycle = pathsat.hamiltonian_cycle(D)
    assert all(isinstance(v, str) for v in cycle)
    assert_walk(D, cycle, closed=True)
    assert_walk(D, pathsat.hamiltonian_path(D), closed=False)
    assert pathsat.count_hamiltonian_cycles(D) == 30  # Hamilton's icosian game: 30 cycles


def test_counts_are_exact():
    for n in range(3, 10):
        assert pathsat.count_hamiltonian_cycles(nx.complete_graph(n)) == math.factorial(n - 1) // 2
    assert pathsat.count_hamiltonian_cycles(nx.complete_graph(1)) == 1
    assert pathsat.count_hamiltonian_cycles(nx.complete_graph(2)) == 0
    assert pathsat.count_hamiltonian_cycles(nx.empty_graph(0)) == 0
    Q3 = nx.hypercube_graph(3)  # nodes are tuples: labels of any hashable kind
    assert pathsat.count_hamiltonian_cycles(Q3) == 6
    assert_walk(Q3, pathsat.hamiltonian_cycle(Q3), closed=True)
    count = pathsat.count_hamiltonian_cycles(nx.complete_graph(16))
    assert type(count) is int and count == math.factorial(15) // 2


def test_small_random_graphs_against_brute_force():
    for G in random_graphs(150, seed=8, sizes=list(range(0, 9))):
        cycles = brute_force_cycles(G)
        assert pathsat.count_hamiltonian_cycles(G) == cycles
        cycle = pathsat.hamiltonian_cycle(G)
        assert (cycle is not None) == (cycles > 0)
        if cycle is not None:
            assert_walk(G, cycle, closed=True)
        if len(G) <= 7:
            path = pathsat.hamiltonian_path(G)
            assert (path is not None) == brute_force_traceable(G)
            if path is not None:
                assert_walk(G, path, closed=False)


def test_graphs_beyond_the_exact_method_go_to_sat():
    # 80 vertices: past the exact method's 64, decided by the SAT solver.
    C = nx.cycle_graph(80)
    assert_walk(C, pathsat.hamiltonian_cycle(C), closed=True)
    assert pathsat.count_hamiltonian_cycles(C) == 1
    P = nx.path_graph(70)
    assert pathsat.hamiltonian_cycle(P) is None
    assert_walk(P, pathsat.hamiltonian_path(P), closed=False)


def beyond_sat(a=100, seed=1):
    """A graph of 2a + 1 vertices without a Hamiltonian cycle that SAT takes long to refute: a
    random bipartite graph of minimum degree 3 whose sides have a and a + 1 vertices (a cycle
    alternates sides, so it cannot have one), with three edges inside the smaller side (they
    would let a cycle have two vertices of that side in a row, which only makes the larger
    side's shortage worse) so that it is not bipartite and no parity argument settles it."""
    rng = random.Random(seed)
    A, B = [f"a{i}" for i in range(a)], [f"b{i}" for i in range(a + 1)]
    G = nx.Graph()
    G.add_nodes_from(A + B)
    for side, other in ((A, B), (B, A)):
        for v in side:
            while G.degree(v) < 3:
                G.add_edge(v, rng.choice(other))
    for _ in range(3):
        G.add_edge(*rng.sample(A, 2))
    return G


def test_timeouts():
    with pytest.raises(pathsat.PuzzleError, match="timeout=0: must be a positive number"):
        pathsat.hamiltonian_cycle(nx.cycle_graph(5), timeout=0)
    with pytest.raises(pathsat.PuzzleError, match="timeout=-1"):
        pathsat.hamg([], timeout=-1)
    # Small graphs need no SAT run, so no time limit applies to them.
    assert pathsat.hamiltonian_cycle(nx.petersen_graph(), timeout=1e-9) is None
    G = beyond_sat()
    started = time.monotonic()
    with pytest.raises(TimeoutError, match=r"^G: undecided within the timeout of 0.5 s"):
        pathsat.hamiltonian_cycle(G, timeout=0.5)
    assert time.monotonic() - started < 10  # a liveness bound, not a benchmark
    # The filter yields the graphs before the undecided one, then raises and ends.
    f = pathsat.hamg(["Bw", G, "Bw"], timeout=0.5)
    assert next(f) == "Bw"
    with pytest.raises(TimeoutError, match=r"^graphs\[1\]: undecided within the timeout"):
        next(f)
    assert list(f) == []


@pytest.mark.parametrize("call", ["hamiltonian_cycle", "hamg"])
def test_ctrl_c_stops_the_work_and_the_gil_is_released(call):
    G = beyond_sat()
    calls = {
        "hamiltonian_cycle": lambda: pathsat.hamiltonian_cycle(G),
        "hamg": lambda: list(pathsat.hamg(["Bw"] * 100 + [G] * 3)),
    }
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    thread = threading.Thread(target=ticker)
    thread.start()
    seconds = interrupted(calls[call])
    stop.set()
    thread.join()
    assert len(ticks) > 20  # the other Python thread ran all along
    assert seconds < 30, seconds  # a liveness bound, not a benchmark
    # No work goes on after the interrupt: (almost) no CPU time over the next second.
    before = time.process_time()
    time.sleep(1.0)
    assert time.process_time() - before < 0.3


def test_the_filter_over_the_atlas_agrees_with_oeis():
    atlas = nx.graph_atlas_g()
    assert len(atlas) == 1253
    per_n = collections.Counter(len(G) for G in atlas)
    hamiltonian = collections.Counter(len(G) for G in pathsat.hamg(atlas))
    # The null graph (0 nodes) is not Hamiltonian; disconnected graphs never are, so the
    # counts over all graphs of n nodes are the counts of connected ones.
    assert hamiltonian[0] == 0
    assert {n: hamiltonian[n] for n in range(1, 8)} == HAMILTONIAN
    traceable = collections.Counter(len(G) for G in pathsat.hamg(atlas, path=True))
    assert traceable[0] == 0
    assert {n: traceable[n] for n in range(1, 8)} == TRACEABLE
    lacking = collections.Counter(len(G) for G in pathsat.hamg(atlas, invert=True))
    assert all(hamiltonian[n] + lacking[n] == per_n[n] for n in range(8))
    # No hypohamiltonian graph has fewer than 10 vertices (the Petersen graph is the smallest).
    assert list(pathsat.hamg(atlas, hypo=True)) == []
    # The atlas as graph6 lines, and as pathsat.Graphs: the same graphs kept.
    kept = {i for i, G in enumerate(atlas) if pathsat.hamiltonian_cycle(G) is not None}
    lines = [nx.to_graph6_bytes(G, header=False) for G in atlas]
    assert [lines.index(line) for line in pathsat.hamg(lines)] == sorted(kept)
    graphs = [pathsat.Graph.from_networkx(G) for G in atlas]
    assert sum(1 for _ in pathsat.hamg(graphs)) == len(kept) == sum(HAMILTONIAN.values())


def test_the_filter_yields_what_came_in_lazily_in_order():
    P, K4 = nx.petersen_graph(), nx.complete_graph(4)
    g = pathsat.Graph.from_graph6("Bw")
    graphs = ["IheA@GUAo\n", b"Bw", K4, P, g, "", ">>graph6<<Bw", ":I`ES@obGkqegW~"]
    kept = list(pathsat.hamg(graphs))
    assert [id(x) for x in kept] == [id(graphs[i]) for i in (1, 2, 4, 6)]
    assert list(pathsat.hamg(graphs, invert=True)) == [graphs[0], P, graphs[7]]
    assert list(pathsat.hamg(graphs, hypo=True)) == [graphs[0], P, graphs[7]]
    # Lazy: an endless generator is read a batch at a time, as the loop asks.
    taken = []

    def endless():
        for i in itertools.count():
            taken.append(i)
            yield "Bw" if i % 2 else "Bo"  # a triangle, then a path of 3

    f = pathsat.hamg(endless())
    assert next(f) == "Bw" and len(taken) <= 16 and f.read == len(taken)
    first = list(itertools.islice(f, 999))
    assert len(first) == 999 and len(taken) < 4000
    assert f.kept >= 1000 and f.decided == f.read
    f.close()
    assert list(f) == []
    with pytest.raises(TypeError, match="an iterable of graphs, not one string"):
        pathsat.hamg("Bw")
    with pytest.raises(pathsat.PuzzleError, match="hypo"):
        pathsat.hamg([], path=True, hypo=True)


def test_the_filter_reads_a_file(tmp_path):
    lines = [nx.to_graph6_bytes(G, header=False).decode().strip() for G in nx.graph_atlas_g()[1:60]]
    path = tmp_path / "atlas.g6"
    path.write_text(">>graph6<<" + "\n".join(lines) + "\n\n")
    with open(path) as f:
        kept = list(pathsat.hamg(f))
    expected = [line + "\n" for line in lines if pathsat.hamiltonian_cycle(line) is not None]
    assert kept[1:] == expected[1:] and kept[0].endswith(expected[0])
    with open(path, "rb") as f:
        assert len(list(pathsat.hamg(f, invert=True))) == len(lines) - len(expected)


def test_the_filter_raises_in_place():
    graphs = ["Bw", "Bw", "Bo", "B!", "Bw"]
    f = pathsat.hamg(graphs)
    assert next(f) == "Bw" and next(f) == "Bw"
    with pytest.raises(pathsat.PuzzleError, match=r"^graphs\[3\]:1:2: '!'"):
        next(f)
    assert list(f) == []
    with pytest.raises(TypeError, match=r"graphs\[1\]: expected"):
        list(pathsat.hamg(["Bw", 1.5]))

    def failing():
        yield "Bw"
        raise RuntimeError("the source failed")

    f = pathsat.hamg(failing())
    assert next(f) == "Bw"
    with pytest.raises(RuntimeError, match="the source failed"):
        next(f)


def cadical_built_in():
    try:
        pathsat.Puzzle.board(2, 2).solve(solver="cadical")
    except pathsat.PuzzleError:
        return False
    return True


@pytest.mark.skipif(cadical_built_in(), reason="this package is built with CaDiCaL")
def test_certify_is_refused_without_cadical(tmp_path):
    with pytest.raises(pathsat.PuzzleError, match="built without CaDiCaL") as error:
        pathsat.hamiltonian_cycle(nx.petersen_graph(), certify=tmp_path / "proof")
    assert "--features cadical" in str(error.value)
    assert not (tmp_path / "proof").exists()


@pytest.mark.skipif(
    not cadical_built_in(),
    reason="certify= needs CaDiCaL, which this package is built without (--features cadical)",
)
def test_certify_keeps_the_drat_proof_of_a_no(tmp_path):
    proof = tmp_path / "petersen"
    assert pathsat.hamiltonian_cycle(nx.petersen_graph(), certify=proof) is None
    assert (proof / "proof.drat").stat().st_size > 0
    # A "yes" needs no certificate: its cycle is checked.
    assert pathsat.hamiltonian_cycle(nx.cycle_graph(5), certify=str(tmp_path / "yes")) is not None
    assert not (tmp_path / "yes").exists()
    assert pathsat.hamiltonian_path(nx.star_graph(3), certify=tmp_path / "star") is None
    assert (tmp_path / "star" / "proof.drat").exists()
    # The filter: one directory a "no", named by the graph's index.
    graphs = [nx.cycle_graph(4), nx.petersen_graph(), "C~", nx.star_graph(3)]
    kept = list(pathsat.hamg(graphs, invert=True, certify=tmp_path / "filter"))
    assert len(kept) == 2 and kept[0] is graphs[1] and kept[1] is graphs[3]
    made = sorted(p.name for p in (tmp_path / "filter").iterdir())
    assert made == ["graph-1", "graph-3"]
    assert all((tmp_path / "filter" / d / "proof.drat").exists() for d in made)
