#!/usr/bin/env python3
"""What `generate --uniform` changes: the shape of the solutions a puzzle is made from.

`pathsat generate --size RxC --moves rook --seed S --format json` for seeds 1..--seeds, with and
without `--uniform`; the solution each puzzle was made from (its `[expect]` solution) is read,
and two statistics of it tallied:

- where 1 lies: a corner, an edge (not a corner) or the interior of the board;
- the number of turns of the path (steps whose direction differs from the step before).

The exact distributions over all the board's solutions, against which both are set:

- where 1 lies: `pathsat count` of the board with 1 given on each cell in turn, divided by the
  blank board's count (the shares of the cells, added up by kind);
- turns: every solution of the blank board (`pathsat solve --all`), the same statistic on each
  (and the position of 1 again, which must give the same shares as the counts).

Beside the exact shares of where 1 lies, the shares if each solution were weighted by the
product of the degrees of its two ends (the moves from the cells of 1 and N): the default walk
(Mansfield's backbite, `crates/generate/src/walk.rs`) joins an end to one of that end's
neighbours on the board, chosen uniformly, so a move from a path whose end has d neighbours has
probability 1/2d and its reverse 1/2d' (d' the degree of the new end): detailed balance then
holds for the weights deg(1) x deg(N), not for equal weights, and the walk, once mixed, draws
the paths in proportion to them. This column is what that predicts.

For each, the table gives the observed shares, the exact ones, the total variation distance and
Pearson's chi-square test (bins of fewer than 5 expected draws merged) with its p-value. Also
the median time of a `generate` process each way.

Standard library only. Not part of the tests: `just generate-uniform` (`--seeds 1000` for more
power; a 5x5 rook board by default, `--size 4x6` for another).

usage: python3 benches/generate_uniform.py [--seeds 200] [--size 5x5] [--pathsat PATH]
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KINDS = ("corner", "edge", "interior")


def kind(r, c, rows, cols):
    on_row = r in (0, rows - 1)
    on_col = c in (0, cols - 1)
    return "corner" if on_row and on_col else "edge" if on_row or on_col else "interior"


def degree(r, c, rows, cols):
    """The number of rook moves from (r, c) on the board."""
    return sum(1 for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
               if 0 <= r + dr < rows and 0 <= c + dc < cols)


def where_one(grid, rows, cols):
    for r, line in enumerate(grid):
        for c, v in enumerate(line):
            if v == 1:
                return kind(r, c, rows, cols)
    raise ValueError("no 1 in the solution")


def turns(grid):
    """Direction changes along the path 1, 2, ..., N."""
    at = {v: (r, c) for r, line in enumerate(grid) for c, v in enumerate(line)}
    steps = [(at[v + 1][0] - at[v][0], at[v + 1][1] - at[v][1]) for v in range(1, len(at))]
    return sum(1 for a, b in zip(steps, steps[1:]) if a != b)


def board(rows, cols, one=None):
    cells = [["."] * cols for _ in range(rows)]
    if one:
        cells[one[0]][one[1]] = "1"
    grid = "\n".join(" ".join(row) for row in cells)
    return f'name = "b"\nmoves = "rook"\nclosed = false\ngrid = """\n{grid}\n"""\n'


def pathsat_json(argv):
    p = subprocess.run(argv, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"error: {' '.join(argv)} failed:\n{p.stderr}")
    return json.loads(p.stdout)


def q_gamma(a, x):
    """The regularized upper incomplete gamma function Q(a, x) (Numerical Recipes' gammq)."""
    if x <= 0:
        return 1.0
    if x < a + 1:
        term = total = 1.0 / a
        k = a
        for _ in range(1000):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return 1.0 - total * math.exp(-x + a * math.log(x) - math.lgamma(a))
    b, c, d = x + 1 - a, 1e300, 1 / (x + 1 - a)
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def chi_square(observed, shares, n):
    """Pearson's statistic, degrees of freedom and p-value of `observed` counts (dict) against
    `shares` (dict of probabilities), bins of fewer than 5 expected draws merged in order."""
    bins, merged_o, merged_e = [], 0, 0.0
    for key in sorted(shares):
        merged_o += observed.get(key, 0)
        merged_e += shares[key] * n
        if merged_e >= 5:
            bins.append((merged_o, merged_e))
            merged_o, merged_e = 0, 0.0
    if merged_e > 0 and bins:
        o, e = bins.pop()
        bins.append((o + merged_o, e + merged_e))
    stat = sum((o - e) ** 2 / e for o, e in bins)
    df = len(bins) - 1
    return stat, df, q_gamma(df / 2, stat / 2) if df > 0 else 1.0


def tv(observed, shares, n):
    keys = set(observed) | set(shares)
    return sum(abs(observed.get(k, 0) / n - shares.get(k, 0)) for k in keys) / 2


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--size", default="5x5")
    ap.add_argument("--pathsat", help="the binary (default: CARGO_TARGET_DIR or target/, release)")
    args = ap.parse_args()
    if not args.pathsat:
        target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
        args.pathsat = os.path.join(target, "release", "pathsat")
    rows, cols = (int(x) for x in args.size.split("x"))
    pathsat = args.pathsat

    # The exact shares: counts with 1 given on each cell, and every solution enumerated.
    with tempfile.TemporaryDirectory(prefix="pathsat-uniform-") as work:
        blank = os.path.join(work, "blank.toml")
        with open(blank, "w") as f:
            f.write(board(rows, cols))
        total = int(pathsat_json([pathsat, "count", blank, "--format", "json"])["count"])
        by_kind = dict.fromkeys(KINDS, 0)
        for r in range(rows):
            for c in range(cols):
                path = os.path.join(work, f"one-{r}-{c}.toml")
                with open(path, "w") as f:
                    f.write(board(rows, cols, (r, c)))
                count = int(pathsat_json([pathsat, "count", path, "--format", "json"])["count"])
                by_kind[kind(r, c, rows, cols)] += count
        if sum(by_kind.values()) != total:
            sys.exit(f"error: the counts by the cell of 1 add up to {sum(by_kind.values())}, "
                     f"not {total}")
        every = pathsat_json([pathsat, "solve", blank, "--all", "--format", "json"])["solutions"]
    if len(every) != total:
        sys.exit(f"error: {len(every)} solutions enumerated, {total} counted")
    exact_where = {k: by_kind[k] / total for k in KINDS}
    enumerated = {k: 0 for k in KINDS}
    weighted = {k: 0 for k in KINDS}
    exact_turns = {}
    for grid in every:
        enumerated[where_one(grid, rows, cols)] += 1
        ends = [(r, c) for r, line in enumerate(grid) for c, v in enumerate(line)
                if v in (1, rows * cols)]
        weight = math.prod(degree(r, c, rows, cols) for r, c in ends)
        weighted[where_one(grid, rows, cols)] += weight
        t = turns(grid)
        exact_turns[t] = exact_turns.get(t, 0) + 1
    if enumerated != by_kind:
        sys.exit(f"error: the enumeration puts 1 at {enumerated}, the counts at {by_kind}")
    exact_turns = {t: c / total for t, c in exact_turns.items()}
    walk_where = {k: weighted[k] / sum(weighted.values()) for k in KINDS}

    # The puzzles, each way.
    observed = {}
    for uniform in (False, True):
        where = {k: 0 for k in KINDS}
        bends, times = {}, []
        for seed in range(1, args.seeds + 1):
            argv = [pathsat, "generate", "--size", args.size, "--moves", "rook", "--seed",
                    str(seed), "--format", "json"] + (["--uniform"] if uniform else [])
            start = time.perf_counter()
            puzzle = pathsat_json(argv)
            times.append(time.perf_counter() - start)
            text = puzzle["expect"]["solutions"][0]
            grid = [[int(v) for v in line.split()] for line in text.strip().splitlines()]
            where[where_one(grid, rows, cols)] += 1
            t = turns(grid)
            bends[t] = bends.get(t, 0) + 1
        observed[uniform] = (where, bends, statistics.median(times))

    n = args.seeds
    print(f"{args.size} rook board (open): {total:,} solutions; {n} seeds (1..{n}) each way\n")
    print("| where 1 lies | exact share | without --uniform | with --uniform | "
          "paths weighted by deg(1) x deg(N) |")
    print("|---|---|---|---|---|")
    for k in KINDS:
        cells = [f"{observed[u][0][k] / n:.3f} ({observed[u][0][k]})" for u in (False, True)]
        print(f"| {k} | {exact_where[k]:.3f} ({by_kind[k]:,} of {total:,}) | {cells[0]} | "
              f"{cells[1]} | {walk_where[k]:.3f} |")
    print()
    print("| turns of the path | exact share | without --uniform | with --uniform |")
    print("|---|---|---|---|")
    for t in sorted(exact_turns):
        cells = [f"{observed[u][1].get(t, 0) / n:.3f}" for u in (False, True)]
        print(f"| {t} | {exact_turns[t]:.3f} | {cells[0]} | {cells[1]} |")
    print()
    print("| statistic | way | total variation | chi-square | df | p |")
    print("|---|---|---|---|---|---|")
    for name, index, exact in (("where 1 lies", 0, exact_where), ("turns", 1, exact_turns)):
        for u in (False, True):
            obs = observed[u][index]
            stat, df, p = chi_square(obs, exact, n)
            way = "--uniform" if u else "default (backbite walk)"
            print(f"| {name} | {way} | {tv(obs, exact, n):.3f} | {stat:.1f} | {df} | {p:.3g} |")
    obs = observed[False][0]
    stat, df, p = chi_square(obs, walk_where, n)
    print(f"| where 1 lies, against deg(1) x deg(N) | default (backbite walk) | "
          f"{tv(obs, walk_where, n):.3f} | {stat:.1f} | {df} | {p:.3g} |")
    print()
    for u in (False, True):
        print(f"median seconds a generate process, {'with' if u else 'without'} --uniform: "
              f"{observed[u][2]:.3f}")


if __name__ == "__main__":
    main()
