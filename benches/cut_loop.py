#!/usr/bin/env python3
"""The successor encoding's cut loop alone, on graphs that make it work hard.

`pathsat solve` answers the classic non-Hamiltonian graphs with the frontier program and finds
the cycles of large sparse ones by rotation-extension, before any solver call: this bench
turns both off (PATHSAT_NO_NARROW=1, PATHSAT_NO_ROTATION=1) so that the SAT loop of cuts is
what is timed, and an encoding or solver setting can be judged by it. Each build and solver in
the list runs in turn on each graph (A B A B ...), as a whole process, with a timeout; the
table gives the median wall time and the loop's rounds (solver calls whose model had
subcycles), and each column's median as a multiple of the first column's.

    python3 benches/cut_loop.py [--runs 3] [--timeout 60] \
        [--build NAME=PATH ...] [--solvers varisat,cadical]

`--build` compares two builds of pathsat (say, main and a branch): by default the release build
of this checkout. `--solvers cadical` needs a build with the cargo feature `cadical`.
"""
import argparse
import json
import os
import statistics
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLASSIC = os.path.join(ROOT, "fixtures", "graphs", "classic")
GRAPHS = ["gp-23-2", "gp-47-2", "gp-95-2", "flower-snark-j9", "flower-snark-j11",
          "flower-snark-j13", "flower-snark-j15", "tutte"]
# The Hamiltonian ones must come back with a cycle, the others without.
HAMILTONIAN = {"gp-18-2", "gp-48-2", "gp-96-2"}


def run(binary, solver, graph, timeout):
    """(seconds, rounds) of one run, or (None, None) after the timeout."""
    env = dict(os.environ, PATHSAT_NO_NARROW="1", PATHSAT_NO_ROTATION="1")
    cmd = [binary, "solve", os.path.join(CLASSIC, graph + ".hcp"), "--encoding", "successor",
           "--format", "json"]
    if solver != "varisat":
        cmd += ["--solver", solver]
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    seconds = time.perf_counter() - start
    report = json.loads(done.stdout)
    expected = "sat" if graph in HAMILTONIAN else "unsat"
    assert report["status"] == expected, (cmd, report["status"])
    rounds = ((report.get("stats") or {}).get("subtours") or {}).get("rounds")
    return seconds, rounds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--build", action="append", default=[],
                        help="NAME=PATH of a pathsat binary (repeatable)")
    parser.add_argument("--solvers", default="varisat")
    parser.add_argument("--graphs", default=",".join(GRAPHS))
    args = parser.parse_args()
    builds = [b.split("=", 1) for b in args.build] or [
        ["pathsat", os.path.join(ROOT, "target", "release", "pathsat")]]
    columns = [(name, path, solver) for name, path in builds
               for solver in args.solvers.split(",")]
    heads = [f"{name} {solver}" for name, _, solver in columns]
    print("| graph | " + " | ".join(heads) + " |")
    print("|---" * (len(heads) + 1) + "|")
    for graph in args.graphs.split(","):
        times = {c: [] for c in range(len(columns))}
        rounds = {}
        timed_out = set()
        for _ in range(args.runs):
            for c, (_, path, solver) in enumerate(columns):
                if c in timed_out:
                    continue
                seconds, r = run(path, solver, graph, args.timeout)
                if seconds is None:
                    timed_out.add(c)
                else:
                    times[c].append(seconds)
                    rounds[c] = r
        cells = []
        first = None
        for c in range(len(columns)):
            if c in timed_out or not times[c]:
                cells.append(f"> {args.timeout:g} s")
                continue
            median = statistics.median(times[c])
            first = median if c == 0 else first
            ratio = f" ({median / first:.2f}x)" if c and first else ""
            cells.append(f"{median:.3f} s, {rounds[c]} rounds{ratio}")
        print(f"| {graph} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
