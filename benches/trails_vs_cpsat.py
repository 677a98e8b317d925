#!/usr/bin/env python3
"""Trail puzzles: pathsat's two sum encodings side by side with OR-Tools CP-SAT.

For each trail puzzle file and task (`first`: one trail; `count`: every trail), the runs go in
turn, as whole processes: pathsat with the decision-diagram sum (`--sum-encoding bdd`, the
default), pathsat with the sequential weight counters (`swc`), and CP-SAT with one worker. The
CP-SAT model is the natural one: AddCircuit over the move arcs with a self-loop per cell to
leave it off the trail and a depot node for the two ends of an open trail, "exactly L cells
on", a linear sum of labels, and AddAtMostOne over the cells of each label. CP-SAT enumerates
each trail in both directions, so its count is halved; every CP-SAT trail is checked here
against the puzzle's rules.

The tools take turns, in alternating order. The table gives the median, minimum and maximum wall time of each and every time's ratio to
pathsat's default; CP-SAT's whole process includes starting Python and importing OR-Tools
(about 0.5 s), so a second CP-SAT row gives the solver's own wall time (`cp-sat solve`). Needs `pip install ortools` for the CP-SAT column. Not part of the tests.

usage: python3 benches/trails_vs_cpsat.py [FILES...] [--tasks first count] [--runs 3]
                                          [--timeout 120]
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOVES = {
    "rook": [(-1, 0), (1, 0), (0, -1), (0, 1)],
    "king": [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)],
    "knight": [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)],
}


def load(path):
    """Cells (row, col), labels, neighbour lists and the trail table of a TOML or JSON trail
    file."""
    with open(path, "rb") as f:
        spec = json.load(f) if path.endswith(".json") else tomllib.load(f)
    grid = spec["grid"]
    lines = grid if isinstance(grid, list) else grid.strip().splitlines()
    rows = [line.split() for line in lines]
    cells = [(r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if t != "#"]
    index = {cell: i for i, cell in enumerate(cells)}
    labels = [int(rows[r][c]) for r, c in cells]
    offsets = MOVES[spec["moves"]] if isinstance(spec["moves"], str) else spec["moves"]
    neighbours = [
        [index[(r + dr, c + dc)] for dr, dc in offsets if (r + dr, c + dc) in index]
        for r, c in cells
    ]
    trail = spec["trail"]
    return cells, labels, neighbours, trail, spec.get("closed", False)


def cpsat_child(path, task, timeout):
    """Runs in a child process: prints the number of trails CP-SAT found (each checked)."""
    from ortools.sat.python import cp_model

    cells, labels, neighbours, trail, closed = load(path)
    n, length = len(cells), trail["length"]
    model = cp_model.CpModel()
    arcs, on = [], []
    for a in range(n):
        skip = model.NewBoolVar("")
        arcs.append((a, a, skip))
        on.append(skip.Not())
        for b in neighbours[a]:
            arcs.append((a, b, model.NewBoolVar("")))
    if not closed:
        for a in range(n):
            arcs.append((n, a, model.NewBoolVar("")))
            arcs.append((a, n, model.NewBoolVar("")))
    model.AddCircuit(arcs)
    model.Add(sum(on) == length)
    if "sum" in trail:
        model.Add(sum(l * o for l, o in zip(labels, on)) == trail["sum"])
    if trail.get("distinct"):
        by_label = {}
        for a, l in enumerate(labels):
            by_label.setdefault(l, []).append(on[a])
        for lits in by_label.values():
            if len(lits) > 1:
                model.AddAtMostOne(lits)
    move_arcs = [(a, b, lit) for a, b, lit in arcs if a != b and a < n and b < n]
    start_arcs = [(b, lit) for a, b, lit in arcs if a == n]

    def trail_of(value):
        succ = {a: b for a, b, lit in move_arcs if value(lit)}
        start = next(b for b, lit in start_arcs if value(lit)) if not closed else min(succ)
        order, cell = [start], start
        while cell in succ and succ[cell] != start:
            cell = succ[cell]
            order.append(cell)
        assert len(order) == length, "not one trail of the right length"
        assert len(set(labels[c] for c in order)) == length or not trail.get("distinct")
        assert "sum" not in trail or sum(labels[c] for c in order) == trail["sum"]
        return order

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = timeout
    if task == "first":
        status = solver.Solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            trail_of(solver.BooleanValue)
            print(1, solver.WallTime())
        else:
            print(0, solver.WallTime())
        return

    class Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = 0

        def on_solution_callback(self):
            trail_of(self.BooleanValue)
            self.found += 1

    counter = Counter()
    solver.parameters.enumerate_all_solutions = True
    solver.Solve(model, counter)
    # The circuit has no start: each trail appears once per direction.
    per_trail = 1 if length == 1 else 2
    assert counter.found % per_trail == 0
    print(counter.found // per_trail, solver.WallTime())


def run(argv, timeout):
    start = time.perf_counter()
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(argv)}\n{p.stderr[-2000:]}")
    return time.perf_counter() - start, p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--tasks", nargs="+", default=["first", "count"])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        cpsat_child(args.child[0], args.child[1], args.timeout)
        return
    files = args.files or [os.path.join(ROOT, "fixtures/trails/100-and-13.toml")] + sorted(
        glob.glob(os.path.join(ROOT, "benches/trails/*.toml"))
    )
    pathsat = os.path.join(ROOT, "target/release/pathsat")
    try:
        import ortools  # noqa: F401

        have_cpsat = True
    except ImportError:
        have_cpsat = False
        print("ortools is not installed: pathsat only", file=sys.stderr)
    print(f"{'puzzle':28} {'task':5} {'tool':12} {'answer':>7} {'median':>8} {'min':>8} {'max':>8} {'ratio':>7}")
    for path in files:
        name = os.path.splitext(os.path.basename(path))[0]
        for task in args.tasks:
            command = "solve" if task == "first" else "count"
            tools = {
                "pathsat bdd": [pathsat, command, path, "--format", "json", "--sum-encoding", "bdd"],
                "pathsat swc": [pathsat, command, path, "--format", "json", "--sum-encoding", "swc"],
            }
            if have_cpsat:
                tools["cp-sat 1w"] = [sys.executable, __file__, "--child", path, task,
                                      "--timeout", str(args.timeout)]
            times = {tool: [] for tool in tools}
            if have_cpsat:
                times["cp-sat solve"] = []
            answers = {}
            for i in range(args.runs):
                # Alternate the order, so that no tool always runs first in a round.
                order = list(tools.items())
                for tool, argv in order if i % 2 == 0 else reversed(order):
                    seconds, out = run(argv, args.timeout + 10)
                    times[tool].append(seconds)
                    if out is None:
                        continue
                    if tool.startswith("pathsat"):
                        report = json.loads(out)
                        answers[tool] = report["count"] if task == "count" else min(report["count"], 1)
                    else:
                        found, wall = out.split()
                        answers[tool] = int(found)
                        times["cp-sat solve"].append(float(wall))
            if len(set(answers.values())) > 1:
                sys.exit(f"{name} {task}: the tools disagree: {answers}")
            base = statistics.median(times["pathsat bdd"]) if None not in times["pathsat bdd"] else None
            for tool, ts in times.items():
                if None in ts:
                    print(f"{name:28} {task:5} {tool:12} {'-':>7} {'timeout':>8}")
                    continue
                med = statistics.median(ts)
                ratio = f"{med / base:7.2f}" if base else "      -"
                answer = answers.get(tool.replace("cp-sat solve", "cp-sat 1w"), "-")
                print(f"{name:28} {task:5} {tool:12} {answer:>7} {med:8.3f} {min(ts):8.3f} {max(ts):8.3f} {ratio}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
