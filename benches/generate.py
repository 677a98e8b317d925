#!/usr/bin/env python3
"""`just bench-generate`: pathsat generate on Hidato (king), Numbrix (rook) and knight boards.

For each board, several seeds; prints the median whole-process seconds and the median number
of givens, with min and max, against the targets of issue 17 (12x12 Hidato under 2 s, 20x20
under 20 s). Run after `cargo build --release`. `--quick` takes fewer seeds and leaves out
the slow boards.
"""
import re
import statistics
import subprocess
import sys
import time

PATHSAT = "./target/release/pathsat"
QUICK = "--quick" in sys.argv

BOARDS = [
    ("Hidato 8x8", ["--size", "8x8", "--moves", "king"], 5, None),
    ("Hidato 12x12", ["--size", "12x12", "--moves", "king"], 5, 2.0),
    ("Hidato 20x20", ["--size", "20x20", "--moves", "king"], 3, 20.0),
    ("Numbrix 8x8", ["--size", "8x8", "--moves", "rook"], 5, None),
    ("Numbrix 12x12", ["--size", "12x12", "--moves", "rook"], 5, None),
    ("Numbrix 20x20", ["--size", "20x20", "--moves", "rook"], 3, None),
    ("knight 10x10", ["--size", "10x10", "--moves", "knight"], 3, None),
]
SLOW = {"Numbrix 20x20", "knight 10x10", "Hidato 20x20"}


def run(args, seed):
    start = time.perf_counter()
    out = subprocess.run([PATHSAT, "generate", *args, "--seed", str(seed)],
                         capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - start
    givens = int(re.search(r"(\d+) givens of (\d+) cells", out.stdout).group(1))
    grade = re.search(r"Grade: (\w+)", out.stdout).group(1)
    return seconds, givens, grade


def main():
    print(f"{'board':<15} {'seeds':>5} {'median s':>9} {'min s':>7} {'max s':>7} "
          f"{'givens (median, min-max)':>25}  grades   target")
    for name, args, seeds, target in BOARDS:
        if QUICK and name in SLOW:
            continue
        n = 2 if QUICK else seeds
        runs = [run(args, seed) for seed in range(1, n + 1)]
        times = [r[0] for r in runs]
        givens = [r[1] for r in runs]
        grades = ",".join(sorted(set(r[2] for r in runs)))
        median = statistics.median(times)
        verdict = "" if target is None else (
            f"< {target:g} s {'met' if median < target else 'MISSED'}")
        print(f"{name:<15} {n:>5} {median:>9.2f} {min(times):>7.2f} {max(times):>7.2f} "
              f"{statistics.median(givens):>10g} ({min(givens)}-{max(givens)}){'':>7}  "
              f"{grades:<8} {verdict}", flush=True)


if __name__ == "__main__":
    main()
