#!/usr/bin/env python3
"""`pathsat hamg` on nauty's graph streams, checked and timed side by side with nauty's own tools.

Checks (each a failure when it does not hold):
- the connected graphs on n <= 10 vertices (`geng -c n`) split into Hamiltonian and not as
  OEIS A003216 and A126149 say (n = 10: 9,305,118 and 2,411,453);
- the Petersen graph is the only hypohamiltonian graph on 10 vertices (the graph `hamg --hypo`
  keeps is the Petersen graph in nauty's canonical labelling, `labelg`);
- the connected cubic graphs on 20 vertices that `hamg -v` writes are, line for line, those
  `cubhamg` writes.

Times, whole processes run in turn (A B A B ...), medians of --runs:
- the stream `geng -c 10 | pathsat hamg -u` against `geng -c 10 | hamheuristic -u`, generation
  included in both (hamheuristic finds cycles but cannot prove there is none: its "timed out"
  graphs are undecided), and `geng -c 10` alone;
- the 510,489 connected cubic graphs on 20 vertices, generated once into --cache (about three
  minutes of geng), through `pathsat hamg -v` and `cubhamg`.

Needs Debian's nauty (programs named nauty-geng, nauty-cubhamg, ...). Not part of the tests:
`just graph-streams`.

usage: python3 benches/graph_streams.py [--runs 5] [--cache DIR] [--quick]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# OEIS A003216 (Hamiltonian graphs) and A126149 (connected non-Hamiltonian graphs), n = 1..10.
A003216 = [1, 0, 1, 3, 8, 48, 383, 6196, 177083, 9305118]
A126149 = [0, 1, 1, 3, 13, 64, 470, 4921, 83997, 2411453]
PETERSEN = "IheA@GUAo"


def nauty(program):
    """nauty's program as Debian names it (nauty-geng), or as nauty's own build does (geng)."""
    for name in (f"nauty-{program}", program):
        if shutil.which(name):
            return name
    sys.exit(f"error: nauty's {program} is not installed (Debian: apt-get install nauty)")


def run(shell):
    """Wall seconds, CPU seconds (of the whole pipeline) and output of a shell pipeline."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        p = subprocess.Popen(["bash", "-o", "pipefail", "-c", shell], stdout=out, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        text, errors = out.read(), err.read()
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"error: `{shell}` failed:\n{errors}")
        return wall, usage.ru_utime + usage.ru_stime, text, errors


def side_by_side(rows, runs):
    """Runs each (name, command) of `rows` `runs` times in turn; their medians."""
    times = {name: [] for name, _ in rows}
    cpu = {name: [] for name, _ in rows}
    last = {}
    for _ in range(runs):
        for name, shell in rows:
            wall, seconds, out, err = run(shell)
            times[name].append(wall)
            cpu[name].append(seconds)
            last[name] = (out, err)
    return {
        name: (statistics.median(times[name]), min(times[name]), max(times[name]),
               statistics.median(cpu[name]), last[name])
        for name, _ in rows
    }


def split_of(stderr):
    """(hamiltonian, not) from pathsat hamg's summary line."""
    m = re.search(r"(\d+) graphs read from \S+; (\d+) hamiltonian, (\d+) not", stderr)
    if not m:
        sys.exit(f"error: no summary in {stderr!r}")
    return int(m.group(2)), int(m.group(3))


def check_oeis(pathsat, geng, top):
    print("Connected graphs on n vertices (geng -c n | pathsat hamg), against OEIS:")
    print("| n | Hamiltonian | A003216 | not | A126149 |")
    print("|---|---|---|---|---|")
    for n in range(1, top + 1):
        _, _, _, err = run(f"{geng} -cq {n} | {pathsat} hamg -u")
        has, lacks = split_of(err)
        ok = (has, lacks) == (A003216[n - 1], A126149[n - 1])
        print(f"| {n} | {has:,} | {A003216[n - 1]:,} | {lacks:,} | {A126149[n - 1]:,} |")
        if not ok:
            sys.exit(f"error: n = {n} disagrees with OEIS")


def check_petersen(pathsat, geng, labelg):
    _, _, out, _ = run(f"{geng} -cq 10 | {pathsat} hamg --hypo -q")
    kept = out.split()
    _, _, theirs, _ = run(f"printf '%s\\n' {' '.join(kept) or 'x'} | {labelg} -q")
    _, _, petersen, _ = run(f"echo {PETERSEN} | {labelg} -q")
    if len(kept) != 1 or theirs != petersen:
        sys.exit(f"error: the hypohamiltonian graphs on 10 vertices are {kept}, not the Petersen graph")
    print(f"\nHypohamiltonian graphs on 10 vertices: one, {kept[0]}, the Petersen graph "
          f"(canonical form {petersen.strip()}).")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cache", default=os.path.join(ROOT, "target", "graph-streams"),
                    help="where the cubic graphs on 20 vertices are kept once generated")
    ap.add_argument("--quick", action="store_true", help="n <= 9 only, no cubic graphs on 20")
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    pathsat = os.path.join(ROOT, "target", "release", "pathsat")
    geng, hamheuristic, cubhamg, labelg = (nauty(p) for p in ("geng", "hamheuristic", "cubhamg", "labelg"))
    print(f"{os.cpu_count()} cores; {run(f'{pathsat} --version')[2].strip()}\n")

    check_oeis(pathsat, geng, 9 if args.quick else 10)
    if args.quick:
        return
    check_petersen(pathsat, geng, labelg)

    os.makedirs(args.cache, exist_ok=True)
    cubic = os.path.join(args.cache, "cubic20.g6")
    if not os.path.exists(cubic):
        print("\ngenerating the connected cubic graphs on 20 vertices once (about 3 min) ...")
        run(f"{geng} -cq -d3 -D3 20 > {cubic}.part && mv {cubic}.part {cubic}")
    _, _, ours, _ = run(f"{pathsat} hamg -v -q {cubic}")
    _, _, theirs, _ = run(f"{cubhamg} {cubic} 2>/dev/null")
    if ours != theirs:
        sys.exit("error: the non-Hamiltonian cubic graphs on 20 vertices differ from cubhamg's")
    print(f"\nCubic graphs on 20 vertices: the {ours.count(chr(10)):,} non-Hamiltonian ones that "
          "hamg -v writes are cubhamg's, line for line.")

    rows = [
        ("geng -c 10 alone", f"{geng} -cq 10 > /dev/null"),
        ("geng -c 10 | pathsat hamg -u", f"{geng} -cq 10 | {pathsat} hamg -u"),
        ("geng -c 10 | hamheuristic -u", f"{geng} -cq 10 | {hamheuristic} -u"),
        ("pathsat hamg -v cubic20", f"{pathsat} hamg -v {cubic} /dev/null"),
        ("cubhamg cubic20", f"{cubhamg} {cubic} /dev/null"),
    ]
    results = side_by_side(rows, args.runs)
    print(f"\nWhole processes, medians of {args.runs} runs in turn (wall; min-max; CPU of the pipeline):")
    print("| run | median wall | min-max | CPU | answer |")
    print("|---|---|---|---|---|")
    for name, _ in rows:
        median, low, high, seconds, (out, err) = results[name]
        answer = ""
        if "pathsat hamg -u" in name:
            has, lacks = split_of(err)
            answer = f"{has:,} Hamiltonian, {lacks:,} not, 0 undecided"
        elif "hamheuristic" in name:
            m = re.search(r"(\d+) hamiltonian, (\d+) not, (\d+) timed out", err)
            answer = f"{int(m.group(1)):,} Hamiltonian, {int(m.group(2)):,} not, {int(m.group(3)):,} undecided" if m else err.strip()
        shown = name.replace("|", "\\|")
        print(f"| {shown} | {median:.2f} s | {low:.2f}-{high:.2f} s | {seconds:.2f} s | {answer} |")
    ratio = results["geng -c 10 | pathsat hamg -u"][0] / results["geng -c 10 | hamheuristic -u"][0]
    cubic_ratio = results["pathsat hamg -v cubic20"][0] / results["cubhamg cubic20"][0]
    print(f"\npathsat / hamheuristic (geng -c 10, generation included): {ratio:.2f}")
    print(f"pathsat / cubhamg (cubic graphs on 20 vertices): {cubic_ratio:.2f}")


if __name__ == "__main__":
    main()
