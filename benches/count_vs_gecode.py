#!/usr/bin/env python3
"""pathsat count against MiniZinc + Gecode's circuit model, side by side in one run.

The two counting benchmarks of the anchors (../shared/anchors): the empty 5x5 rook board
(8648 fillings) and the 6x6 closed knight's tours with (0, 0) holding 1 (19724). For each,
pathsat (the default method, the verified SAT method in cubes, and verified enumeration in
the successor encoding) and Gecode (the anchors' `succ`
circuit model) run in turn, A B C A B C ..., as whole processes; the table gives the median,
minimum and maximum wall time, the count each reported, and pathsat's median as a fraction of
Gecode's.

Needs MiniZinc and Gecode (`apt-get install minizinc libgecodeflatzinc49`) and the anchors
directory; without them only pathsat runs. Not part of the tests.

usage: python3 benches/count_vs_gecode.py [--runs 5] [--anchors ../shared/anchors]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = [
    # (name, pathsat fixture, anchors data file, expected count)
    ("rook 5x5, all paths", "fixtures/small/rook-5x5.toml", "count_rook5.dzn", 8648),
    ("knight 6x6, tours with (0,0) = 1", "fixtures/large/knight-6x6-corner.toml", "count_knight6.dzn", 19724),
]


def run(argv, cwd=None):
    """Wall seconds and standard output of one run."""
    start = time.perf_counter()
    p = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(argv)}\n{p.stderr[-2000:]}")
    return seconds, p.stdout


def pathsat_count(stdout):
    return json.loads(stdout)["count"]


def gecode_count(stdout):
    # With -a every solution ends with a line of dashes.
    return sum(1 for line in stdout.splitlines() if line.strip() == "----------")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--anchors", default=os.path.join(ROOT, "..", "shared", "anchors"))
    args = ap.parse_args()

    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    pathsat = os.path.join(ROOT, "target", "release", "pathsat")

    work = tempfile.mkdtemp(prefix="pathsat-bench-")
    gecode = shutil.which("minizinc") and shutil.which("fzn-gecode") and os.path.isdir(args.anchors)
    if gecode:
        anchors = os.path.join(work, "anchors")
        shutil.copytree(args.anchors, anchors)
        subprocess.run([sys.executable, "gen_data.py"], cwd=anchors, check=True, capture_output=True)
    else:
        print("MiniZinc/Gecode or the anchors directory missing: timing pathsat only\n")

    rows = []
    for name, fixture, data, expected in CASES:
        tools = [
            ("pathsat count", [pathsat, "count", fixture, "--format", "json"], ROOT, pathsat_count),
            ("pathsat count --method sat", [pathsat, "count", fixture, "--method", "sat", "--format", "json"], ROOT, pathsat_count),
            # Verified enumeration in the successor encoding (one cycle per solver call).
            ("pathsat count, successor", [pathsat, "count", fixture, "--method", "enumerate",
                                          "--encoding", "successor", "--format", "json"], ROOT, pathsat_count),
        ]
        if gecode:
            tools.append((
                "minizinc + gecode (circuit)",
                ["minizinc", "--solver", os.path.join(anchors, "gecode.msc"), "-a",
                 os.path.join(anchors, "mzn", "succ.mzn"), os.path.join(anchors, "data", data)],
                anchors,
                gecode_count,
            ))
        times = {t[0]: [] for t in tools}
        counts = {}
        for _ in range(args.runs + 1):  # the first round warms up and is not counted
            for label, argv, cwd, read in tools:
                seconds, out = run(argv, cwd)
                counts[label] = read(out)
                times[label].append(seconds)
        base = statistics.median(times[tools[-1][0]][1:]) if gecode else None
        for label, *_ in tools:
            t = times[label][1:]
            med = statistics.median(t)
            ratio = f"{med / base:.3f}" if base else "-"
            ok = "ok" if counts[label] == expected else f"WRONG (expected {expected})"
            rows.append((name, label, med, min(t), max(t), counts[label], ok, ratio))

    print(f"{args.runs} runs each after a warm-up, whole processes, wall seconds\n")
    print(f"{'benchmark':34} {'tool':30} {'median':>8} {'min':>8} {'max':>8} {'count':>7}  {'':4} {'vs gecode':>9}")
    for name, label, med, lo, hi, count, ok, ratio in rows:
        print(f"{name:34} {label:30} {med:8.3f} {lo:8.3f} {hi:8.3f} {count:7}  {ok:4} {ratio:>9}")
    shutil.rmtree(work, ignore_errors=True)
    if any(r[6] != "ok" for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
