#!/usr/bin/env python3
"""Connectivity inside the CDCL search against lazy cuts between calls, measured in one language.

Issue 28 asks whether the approach of the strongest puzzle solvers, connectivity as a propagator
inside the search (CaDiCaL's IPASIR-UP interface), beats the lazy loop of subtour cuts. The
`cadical` crate pathsat embeds (0.1.16) has no binding for that interface, so this bench
measures the two approaches side by side in Python, where PySAT (1.9, CaDiCaL 1.9.5) has one,
on the same clauses:

- the edge encoding: a variable per undirected edge, exactly two at every vertex (PySAT's
  sequential counter), the encoding of pathsat's edge loop;
- `lazy`: solve, and while the model has several cycles add one cut per cycle (some edge
  leaves its vertex set) and solve again, the solver kept (pathsat's edge loop, without its
  merging of subcycles);
- `propagator`: one solver call, with a propagator that watches the edge variables. When the
  true edges form a path whose two ends are joined by an edge, and the path does not cover
  every vertex, it propagates that edge false (the reason: the path's edges); when they close
  a cycle short of all vertices it reports the conflict; a complete model with several cycles
  gets a cut clause (the `check_model` callback), so the answer is exact either way.

Both run in the same Python process type, so Python's own cost falls on both (more on the
propagator, called at every assignment): the table gives wall time and the solver's
conflicts and decisions, which do not depend on Python, beside each other. Every cycle found
is checked against the file's edges.

    python3 benches/propagator.py [--timeout 60] GRAPH.hcp...
    python3 benches/propagator.py --every 50          # FHCP training graphs 1, 101, 201, ...

Needs `pip install "python-sat>=1.9.dev0"` (not part of the test run).
"""
import argparse
import os
import signal
import sys
import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Cadical195

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fhcp import check_cycle, read_hcp  # noqa: E402  (the benchmark's own HCP reader and verifier)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRAIN = os.path.join(ROOT, "target", "fhcp", "train", "fhcp-train")


class Timeout(Exception):
    pass


def encode(n, edges):
    """The edge encoding: (solver, edge list of (u, v) 0-based, variable of each edge)."""
    ends = sorted(tuple(sorted(v - 1 for v in e)) for e in edges if len(e) == 2)
    pool = IDPool(start_from=len(ends) + 1)
    solver = Cadical195()
    at = [[] for _ in range(n)]
    for i, (u, v) in enumerate(ends):
        at[u].append(i + 1)
        at[v].append(i + 1)
    for lits in at:
        if len(lits) < 2:
            solver.add_clause([])  # no cycle: a vertex of degree below two
            continue
        for clause in CardEnc.equals(lits, 2, vpool=pool, encoding=EncType.seqcounter).clauses:
            solver.add_clause(clause)
    return solver, ends, at


def cycles(n, ends, model_true):
    """The cycles of the true edges (each vertex has two), as vertex lists."""
    adj = [[] for _ in range(n)]
    for var in model_true:
        u, v = ends[var - 1]
        adj[u].append(v)
        adj[v].append(u)
    seen = [False] * n
    found = []
    for start in range(n):
        if seen[start]:
            continue
        cycle, prev, cur = [], None, start
        while not seen[cur]:
            seen[cur] = True
            cycle.append(cur)
            nxt = [w for w in adj[cur] if w != prev]
            prev, cur = cur, (nxt[0] if nxt else adj[cur][0])
        found.append(cycle)
    return found


def cut(cycle, at, ends):
    """Some edge leaves the cycle's vertex set."""
    inside = set(cycle)
    return [var for u in cycle for var in at[u]
            if not (ends[var - 1][0] in inside and ends[var - 1][1] in inside)]


def lazy(n, ends, at, solver, deadline):
    rounds = 0
    while True:
        if time.monotonic() > deadline:
            raise Timeout
        if not solver.solve():
            return None, rounds
        model = [lit for lit in solver.get_model()[: len(ends)] if lit > 0]
        found = cycles(n, ends, model)
        if len(found) == 1:
            return found[0], rounds
        rounds += 1
        for cycle in found:
            solver.add_clause(cut(cycle, at, ends))


class Connectivity:
    """The propagator: no path of true edges closes early (see the module's doc)."""

    def __init__(self, n, ends, at):
        self.n, self.ends, self.at = n, ends, at
        self.edge_of = {}
        for var, (u, v) in enumerate(ends, start=1):
            self.edge_of[(u, v)] = self.edge_of[(v, u)] = var
        self.is_lazy = False
        self.value = [0] * (len(ends) + 1)
        self.adj = [[] for _ in range(n)]  # true edges at each vertex (variables)
        self.trail, self.levels, self.qhead = [], [], 0
        self.reason = {}
        self.pending = None
        self.propagated = 0

    # The solver's notifications.
    def on_assignment(self, lit, fixed=False):
        var = abs(lit)
        if self.value[var] != 0:
            return
        self.value[var] = 1 if lit > 0 else -1
        self.trail.append(lit)

    def on_new_level(self):
        self.levels.append(len(self.trail))

    def on_backtrack(self, to):
        if to >= len(self.levels):
            return
        keep = self.levels[to]
        del self.levels[to:]
        while len(self.trail) > keep:
            lit = self.trail.pop()
            var = abs(lit)
            self.value[var] = 0
            if lit > 0 and self.trail_index_done(len(self.trail)):
                u, v = self.ends[var - 1]
                self.adj[u].remove(var)
                self.adj[v].remove(var)
        self.qhead = min(self.qhead, len(self.trail))

    def trail_index_done(self, index):
        return index < self.qhead

    def walk(self, start, from_var):
        """Follows the true edges from `start`, leaving by any edge but `from_var`: ("end",
        vertex, edges) at the far end of a path, ("cycle", edges) back at `start`, or
        ("branch",) at a vertex with three true edges (the exactly-two clauses' conflict)."""
        edges, cur, came = [], start, from_var
        while True:
            nxt = [e for e in self.adj[cur] if e != came]
            if not nxt:
                return ("end", cur, edges)
            if len(nxt) > 1:
                return ("branch",)
            came = nxt[0]
            edges.append(came)
            u, v = self.ends[came - 1]
            cur = v if u == cur else u
            if cur == start:
                return ("cycle", edges)

    def propagate(self):
        out = []
        while self.qhead < len(self.trail):
            lit = self.trail[self.qhead]
            self.qhead += 1
            if lit < 0:
                continue
            u, v = self.ends[lit - 1]
            self.adj[u].append(lit)
            self.adj[v].append(lit)
            left = self.walk(u, lit)
            if left[0] == "cycle":
                if len(left[1]) < self.n:
                    self.pending = [-e for e in left[1]]  # a short cycle closed: conflict
                    return out
                continue
            if left[0] == "branch":
                continue
            right = self.walk(v, lit)
            if right[0] != "end":
                continue
            a, b = left[1], right[1]
            path = left[2] + right[2] + [lit]
            if len(path) + 1 >= self.n:
                continue  # the edge a-b would close a Hamiltonian cycle
            closing = self.edge_of.get((a, b))
            if closing is not None and self.value[closing] == 0:
                self.reason[closing] = [-closing] + [-e for e in path]
                out.append(-closing)
                self.propagated += 1
        return out

    def provide_reason(self, lit):
        return self.reason[abs(lit)]

    def check_model(self, model):
        true = [lit for lit in model[: len(self.ends)] if lit > 0]
        found = cycles(self.n, self.ends, true)
        if len(found) == 1:
            return True
        self.pending = cut(min(found, key=len), self.at, self.ends)
        return False

    def decide(self):
        return 0

    def has_clause(self):
        return self.pending is not None

    def add_clause(self):
        clause, self.pending = self.pending, None
        return clause


def with_propagator(n, ends, at, solver, deadline):
    engine = Connectivity(n, ends, at)
    solver.connect_propagator(engine)
    for var in range(1, len(ends) + 1):
        solver.observe(var)
    if not solver.solve():
        return None, engine.propagated
    model = [lit for lit in solver.get_model()[: len(ends)] if lit > 0]
    found = cycles(n, ends, model)
    assert len(found) == 1, "the propagator let a model with subcycles through"
    return found[0], engine.propagated


def run(path, method, timeout):
    n, edges = read_hcp(path)
    start = time.monotonic()
    solver, ends, at = encode(n, edges)
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(Timeout()))
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        cycle, extra = (lazy if method == "lazy" else with_propagator)(
            n, ends, at, solver, start + timeout)
        status = "solved" if cycle else "unsat"
        if cycle and check_cycle(n, edges, [v + 1 for v in cycle]) is not None:
            status = "WRONG"
    except Timeout:
        status, extra = "timeout", None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    seconds = time.monotonic() - start
    stats = solver.accum_stats()
    solver.delete()
    return status, seconds, stats.get("conflicts"), stats.get("decisions"), extra, n


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("graphs", nargs="*")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--every", type=int, default=0,
                        help="FHCP training graphs graph1, graph(1+2K), ... (unpacked by "
                             "`just bench-fhcp`)")
    args = parser.parse_args()
    graphs = list(args.graphs)
    if args.every:
        names = sorted((f for f in os.listdir(TRAIN) if f.endswith(".hcp")),
                       key=lambda f: int(f[5:-4]))
        graphs += [os.path.join(TRAIN, f) for f in names[:: args.every]]
    print(f"{'graph':<12}{'n':>6}  {'method':<11}{'status':<8}{'seconds':>8}"
          f"{'conflicts':>11}{'decisions':>11}  rounds/propagated")
    for path in graphs:
        for method in ("lazy", "propagator"):
            status, seconds, conflicts, decisions, extra, n = run(path, method, args.timeout)
            name = os.path.basename(path).rsplit(".", 1)[0]
            print(f"{name:<12}{n:>6}  {method:<11}{status:<8}{seconds:>8.2f}"
                  f"{conflicts if conflicts is not None else '-':>11}"
                  f"{decisions if decisions is not None else '-':>11}  "
                  f"{extra if extra is not None else '-'}", flush=True)


if __name__ == "__main__":
    main()
