#!/usr/bin/env python3
"""pathsat against OR-Tools CP-SAT's circuit constraint on large closed knight's tours.

For each board size, the closed knight's tour with (0, 0) holding 1 is solved (first tour) by
pathsat (`solve`, whose auto choice is the successor encoding with lazy subtour cuts) and by
CP-SAT with one worker, in turn A B A B ..., as whole processes. CP-SAT's model is either the
bare circuit constraint (`--cpsat-model circuit`, the default: one Boolean per knight arc and
AddCircuit, its strongest form for a Hamiltonian cycle; the tour is read from the arcs) or the
anchors' `circuit` model (`--cpsat-model anchors`: ../shared/anchors/cpsat_run.py, which adds
an integer value per cell linked to the arcs, as the puzzle asks).
The table gives the median, minimum and maximum wall time and pathsat's median as a fraction
of CP-SAT's. Both answers are checked: pathsat's by its verifier (and again here), CP-SAT's
here.

Needs `pip install ortools` (and the anchors directory for `--cpsat-model anchors`); without
them only pathsat runs. Not part of the tests.

usage: python3 benches/tours_vs_cpsat.py [--sizes 30 50 70 100] [--runs 3] [--timeout 300]
                                         [--cpsat-model circuit|anchors]
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
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def is_knight_tour(n, values):
    """Whether `values` (row-major, 1..n*n) is a closed knight's tour with 1 at (0, 0)."""
    where = {}
    for i, v in enumerate(values):
        where[v] = divmod(i, n)
    if sorted(where) != list(range(1, n * n + 1)) or where[1] != (0, 0):
        return False
    for k in range(1, n * n + 1):
        (r, c), (s, d) = where[k], where[k % (n * n) + 1]
        if (abs(r - s), abs(c - d)) not in ((1, 2), (2, 1)):
            return False
    return True


def run(argv, timeout):
    """Wall seconds and standard output of one run, or (None, None) past the timeout."""
    start = time.perf_counter()
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    seconds = time.perf_counter() - start
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(argv)}\n{p.stderr[-2000:]}")
    return seconds, p.stdout


def pathsat_values(stdout):
    report = json.loads(stdout)
    grid = report["solutions"][0]
    return [v for row in grid for v in row], report["stats"]


def knight_arcs(n):
    for r in range(n):
        for c in range(n):
            for dr, dc in KNIGHT:
                s, d = r + dr, c + dc
                if 0 <= s < n and 0 <= d < n:
                    yield r * n + c, s * n + d


def cpsat_child(n, model_name, anchors, timeout):
    """Runs in a child process: CP-SAT with one worker; prints the value of every cell."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = timeout
    if model_name == "anchors":
        sys.path.insert(0, anchors)
        from puzzles import make
        import cpsat_run

        inst = make(f"knight{n}", n, n, "knight", closed=True, fix1=0, task="first")
        model, x = cpsat_run.build(inst, "circuit")
        status = solver.Solve(model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            sys.exit(f"CP-SAT: {solver.StatusName(status)}")
        print(" ".join(str(solver.Value(v) + 1) for v in x))
        return
    model = cp_model.CpModel()
    arcs = [(a, b, model.NewBoolVar("")) for a, b in knight_arcs(n)]
    model.AddCircuit(arcs)
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        sys.exit(f"CP-SAT: {solver.StatusName(status)}")
    successor = {a: b for a, b, lit in arcs if solver.Value(lit)}
    values, cell = [0] * (n * n), 0
    for k in range(1, n * n + 1):
        values[cell] = k
        cell = successor[cell]
    print(" ".join(map(str, values)))


def summary(times):
    if not times or None in times:
        return None, "timeout"
    return statistics.median(times), f"{statistics.median(times):8.3f} {min(times):8.3f} {max(times):8.3f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[30, 50, 70, 100])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--anchors", default=os.path.join(ROOT, "..", "shared", "anchors"))
    ap.add_argument("--cpsat-model", choices=["circuit", "anchors"], default="circuit")
    ap.add_argument("--cpsat-child", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.cpsat_child:
        return cpsat_child(args.cpsat_child, args.cpsat_model, args.anchors, args.timeout)

    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    pathsat = os.path.join(ROOT, "target", "release", "pathsat")
    try:
        import ortools  # noqa: F401

        have_cpsat = args.cpsat_model == "circuit" or os.path.exists(
            os.path.join(args.anchors, "cpsat_run.py")
        )
    except ImportError:
        have_cpsat = False
    if not have_cpsat:
        print("CP-SAT or the anchors are missing: pathsat runs alone", file=sys.stderr)

    print(f"closed knight's tours, (0,0) = 1, first tour; CP-SAT model {args.cpsat_model}, 1 worker; "
          f"{args.runs} runs each, whole-process wall seconds")
    print(f"{'board':>8} | {'pathsat median   min      max':>28} | {'CP-SAT median    min      max':>28} | ratio | pathsat rounds, cuts")
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            rows = [" ".join(["1"] + ["."] * (n - 1))] + [" ".join(["."] * n)] * (n - 1)
            puzzle = os.path.join(tmp, f"knight-{n}.toml")
            with open(puzzle, "w") as f:
                f.write('moves = "knight"\nclosed = true\ngrid = """\n' + "\n".join(rows) + '\n"""\n')
            ours, theirs, loop = [], [], ""
            for _ in range(args.runs):
                seconds, out = run([pathsat, "solve", puzzle, "--format", "json"], args.timeout)
                ours.append(seconds)
                if out is not None:
                    values, stats = pathsat_values(out)
                    assert is_knight_tour(n, values), f"pathsat {n}x{n}: not a tour"
                    sub = stats.get("subtours") or {}
                    loop = f"{sub.get('rounds', 0)}, {sub.get('cuts', 0)}"
                if have_cpsat:
                    argv = [sys.executable, os.path.abspath(__file__), "--cpsat-child", str(n),
                            "--cpsat-model", args.cpsat_model, "--anchors", args.anchors,
                            "--timeout", str(args.timeout)]
                    seconds, out = run(argv, args.timeout + 30)
                    theirs.append(seconds)
                    if out is not None:
                        values = [int(v) for v in out.split()]
                        assert is_knight_tour(n, values), f"CP-SAT {n}x{n}: not a tour"
            mo, so = summary(ours)
            mt, st = summary(theirs) if have_cpsat else (None, "-")
            ratio = f"{mo / mt:5.3f}" if mo is not None and mt else "  -  "
            print(f"{n:>3}x{n:<4} | {so:>28} | {st:>28} | {ratio} | {loop}", flush=True)


if __name__ == "__main__":
    main()
