#!/usr/bin/env python3
"""Is this graph Hamiltonian? pathsat against the peers on the graphs tools are compared on.

The graphs (`benches/graphs.py`): the classic non-Hamiltonian cubic graphs in
fixtures/graphs/classic (generalized Petersen graphs GP(n, 2) with n = 5 mod 6, the flower
snarks J5..J21, the Tutte graph) and Hamiltonian GP(n, 2), then random cubic graphs with a
planted Hamiltonian cycle (2,000 / 5,000 / 10,000 vertices) and a 4-regular one of 50,000.

The tools, each as a whole process, in turn (A B C A B C ...), with a timeout:
- pathsat: `pathsat solve FILE --format json` (release build);
- CP-SAT: OR-Tools' AddCircuit over one Boolean per arc (both directions of each edge), one
  worker: its strongest model of a Hamiltonian cycle (`pip install ortools`);
- PySAT + CaDiCaL: the lazy-cut loop a researcher writes by hand: one Boolean per arc, exactly
  one arc out of and into each vertex (sequential counters), no 2-cycles, then solve; while the
  model is several cycles, add for each one a clause "some arc leaves it" and "some arc enters
  it" and solve again (`pip install python-sat`).
Every answer is checked here against the file's edges: a cycle must be Hamiltonian; "no cycle"
must agree across the tools that answered. The table gives medians (and each peer's median as
a multiple of pathsat's); `> T` is a timeout (a tool that timed out on a graph is not run on
it again).

usage: python3 benches/graphs_vs_peers.py [--runs 3] [--timeout 30] [--quick]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLASSIC = os.path.join(ROOT, "fixtures", "graphs", "classic")


def read_hcp(path):
    """Vertices and undirected edges (1-based) of an HCP edge list, read here."""
    n, edges, numbers = 0, [], []
    with open(path) as f:
        section = False
        for line in f:
            line = line.strip()
            if line.startswith("DIMENSION"):
                n = int(line.split(":")[1])
            elif line == "EDGE_DATA_SECTION":
                section = True
            elif section:
                for token in line.split():
                    if token in ("-1", "EOF"):
                        section = False
                        break
                    numbers.append(int(token))
    edges = [(numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)]
    return n, edges


def is_hamiltonian_cycle(n, edges, order):
    if order is None or sorted(order) != list(range(1, n + 1)):
        return False
    present = {frozenset(e) for e in edges}
    return all(frozenset((order[i], order[(i + 1) % n])) in present for i in range(n))


def pathsat_run(binary, path, timeout):
    start = time.perf_counter()
    try:
        p = subprocess.run([binary, "solve", path, "--format", "json"], capture_output=True,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    seconds = time.perf_counter() - start
    report = json.loads(p.stdout)
    if report["status"] == "unsat":
        return seconds, "none"
    return seconds, report["order"]


def child_run(tool, path, timeout):
    start = time.perf_counter()
    try:
        p = subprocess.run([sys.executable, __file__, "--child", tool, path], capture_output=True,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    seconds = time.perf_counter() - start
    if p.returncode != 0:
        sys.exit(f"{tool} failed on {path}: {p.stderr[-1500:]}")
    out = p.stdout.strip()
    return seconds, "none" if out == "none" else [int(v) for v in out.split()]


def cycle_from(successor, n):
    order, v = [], 1
    for _ in range(n):
        order.append(v)
        v = successor[v]
    return order


def cpsat_child(path):
    from ortools.sat.python import cp_model

    n, edges = read_hcp(path)
    model = cp_model.CpModel()
    arcs = []
    for a, b in edges:
        arcs.append((a - 1, b - 1, model.NewBoolVar("")))
        arcs.append((b - 1, a - 1, model.NewBoolVar("")))
    model.AddCircuit(arcs)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.Solve(model)
    if status == cp_model.INFEASIBLE:
        print("none")
        return
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        sys.exit(f"CP-SAT: {solver.StatusName(status)}")
    successor = {a + 1: b + 1 for a, b, lit in arcs if solver.Value(lit)}
    print(" ".join(map(str, cycle_from(successor, n))))


def pysat_child(path):
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver, SolverNames

    n, edges = read_hcp(path)
    pool = IDPool()
    arc = {}
    for a, b in edges:
        arc[(a, b)] = pool.id(("arc", a, b))
        arc[(b, a)] = pool.id(("arc", b, a))
    out = {v: [] for v in range(1, n + 1)}
    into = {v: [] for v in range(1, n + 1)}
    for (a, b), x in arc.items():
        out[a].append(x)
        into[b].append(x)
    clauses = []
    for v in range(1, n + 1):
        for lits in (out[v], into[v]):
            enc = CardEnc.equals(lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter)
            clauses.extend(enc.clauses)
    for a, b in edges:
        clauses.append([-arc[(a, b)], -arc[(b, a)]])
    name = next(s for s in ("cadical195", "cadical153", "cadical103") if hasattr(SolverNames, s))
    with Solver(name=name, bootstrap_with=clauses) as solver:
        while True:
            if not solver.solve():
                print("none")
                return
            true = set(l for l in solver.get_model() if l > 0)
            successor = {a: b for (a, b), x in arc.items() if x in true}
            seen, cycles = set(), []
            for v in range(1, n + 1):
                if v in seen:
                    continue
                cycle, u = [], v
                while u not in seen:
                    seen.add(u)
                    cycle.append(u)
                    u = successor[u]
                cycles.append(cycle)
            if len(cycles) == 1:
                print(" ".join(map(str, cycles[0])))
                return
            for cycle in cycles:
                members = set(cycle)
                solver.add_clause([x for (a, b), x in arc.items() if a in members and b not in members])
                solver.add_clause([x for (a, b), x in arc.items() if b in members and a not in members])


def fmt(seconds, timeout):
    if seconds is None:
        return f"> {timeout:g} s"
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--quick", action="store_true", help="one run, timeout 20 s, no 50,000")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        tool, path = args.child
        return cpsat_child(path) if tool == "cpsat" else pysat_child(path)
    if args.quick:
        args.runs, args.timeout = 1, 20.0

    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    binary = os.path.join(ROOT, "target", "release", "pathsat")
    tools = [("pathsat", lambda p: pathsat_run(binary, p, args.timeout))]
    for module, tool in (("ortools", "cpsat"), ("pysat", "pysat")):
        try:
            __import__(module)
            tools.append((tool, lambda p, t=tool: child_run(t, p, args.timeout)))
        except ImportError:
            print(f"{module} is not installed: {tool} left out", file=sys.stderr)

    graphs = tempfile.mkdtemp(prefix="pathsat-graphs-")
    sizes = ["2000", "5000", "10000"]
    degree4 = [] if args.quick else ["50000"]
    subprocess.run([sys.executable, os.path.join(ROOT, "benches", "graphs.py"), "random", graphs,
                    "--sizes", *sizes, "--degree4", *degree4], check=True)
    files = [os.path.join(CLASSIC, f) for f in sorted(os.listdir(CLASSIC),
                                                      key=lambda f: (f.split("-")[0], len(f), f))
             if f.endswith(".hcp")]
    files += [os.path.join(graphs, f"cubic-{n}.hcp") for n in sizes]
    files += [os.path.join(graphs, f"quartic-{n}.hcp") for n in degree4]

    names = [t for t, _ in tools]
    print(f"Hamiltonian cycle, first answer; medians of {args.runs} whole-process runs, "
          f"timeout {args.timeout:g} s; peers as a multiple of pathsat")
    header = f"{'graph':22s} {'vertices':>8s} {'answer':>7s} " + " ".join(f"{t:>20s}" for t in names)
    print(header)
    for path in files:
        n, edges = read_hcp(path)
        times = {t: [] for t in names}
        answers = {}
        for _ in range(args.runs):
            for name, run in tools:
                if None in times[name]:
                    continue  # timed out once: not run again on this graph
                seconds, answer = run(path)
                times[name].append(seconds)
                if answer is None:
                    continue
                if answer != "none" and not is_hamiltonian_cycle(n, edges, answer):
                    sys.exit(f"{name} gave a wrong cycle on {path}")
                answers[name] = "none" if answer == "none" else "cycle"
        if len(set(answers.values())) > 1:
            sys.exit(f"the tools disagree on {path}: {answers}")
        base = None if None in times["pathsat"] else statistics.median(times["pathsat"])
        cells = []
        for name in names:
            med = None if None in times[name] else statistics.median(times[name])
            text = fmt(med, args.timeout)
            if name != "pathsat" and med is not None and base:
                text += f" ({med / base:,.0f}x)" if med / base >= 10 else f" ({med / base:.1f}x)"
            elif name != "pathsat" and med is None and base:
                text += f" (> {args.timeout / base:,.0f}x)"
            cells.append(f"{text:>20s}")
        answer = next(iter(answers.values()), "?")
        print(f"{os.path.basename(path)[:-4]:22s} {n:8d} {answer:>7s} " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
