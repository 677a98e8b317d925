#!/usr/bin/env python3
"""Certified answers against plain ones: the targets of encodings/certificates.md.

For each case, the whole `pathsat` process is timed with and without `--certify`, in turn,
`--runs` times after a warm-up; the table gives the medians, their ratio, the certificate's
proof size and claims. Needs a release build and the DRAT checker `rate` on the PATH.

    just bench-certificates            # or: python3 benches/certificates.py --runs 5
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
PATHSAT = os.path.join(ROOT, "target", "release", "pathsat")
CLASSIC = "fixtures/graphs/classic/"


def knight_board(rows, cols, directory):
    path = os.path.join(directory, f"knight-{rows}x{cols}-closed.toml")
    grid = "\n".join(" ".join("." * cols) for _ in range(rows))
    with open(path, "w") as f:
        f.write(f'moves = "knight"\nclosed = true\ngrid = """\n{grid}\n"""\n')
    return path


def cases(scratch):
    graphs = [f"gp-{n}-2" for n in (11, 17, 23, 29)]
    graphs += [f"flower-snark-j{n}" for n in (5, 7, 9, 11, 13)]
    graphs += ["tutte", "gp-47-2"]
    for g in graphs:
        yield g, ["solve", CLASSIC + g + ".hcp"]
    yield "hidato-188 --unique", ["solve", "fixtures/seeds/hidato-188.toml", "--unique"]
    for n in range(4, 13):
        yield f"knight 4x{n} closed", ["solve", knight_board(4, n, scratch)]


def timed(args):
    start = time.perf_counter()
    out = subprocess.run([PATHSAT] + args, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if out.returncode != 0:
        sys.exit(f"pathsat {' '.join(args)}: exit {out.returncode}: {out.stderr.strip()}")
    return elapsed, out.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not os.path.exists(PATHSAT):
        sys.exit("build first: cargo build --release")
    print("| case | plain | `--certify` | ratio | proof | claims | verdict |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as scratch:
        for name, command in cases(scratch):
            certified = command + ["--certify", "--format", "json"]
            timed(command)
            _, report = timed(certified)
            plain_times, cert_times = [], []
            for _ in range(args.runs):
                plain_times.append(timed(command)[0])
                cert_times.append(timed(certified)[0])
            plain, cert = statistics.median(plain_times), statistics.median(cert_times)
            c = json.loads(report).get("certificate", {})
            claims = ", ".join(f"{n} {k}" for k, n in sorted(c.get("claims", {}).items()))
            limit = cert < 5 and cert < 10 * plain
            print(
                f"| {name} | {plain:.3f} s | {cert:.3f} s | {cert / plain:.1f} "
                f"| {c.get('proof_bytes', 0):,} B | {claims or '-'} "
                f"| {c.get('answer', 'not certified')}{'' if limit else ' (over a limit)'} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
