#!/usr/bin/env python3
"""How good `pathsat count --plan` is: its widest table against the measured one.

For each board of a corpus of knight's, king's and rook's boards whose full sweeps take seconds,
the truth is a plan whose sample sweeps every layer (`--sample` past any table), and the
estimates are plans from deliberately small samples (`--sample` a thousandth, a hundredth and a
tenth of the widest table, at least 64 states), so that the estimate has to extrapolate. Prints
the widest table estimated over the widest measured, and the layers the sample swept.

With --big, also the 8x8 boards with their default plans, against the tables measured of their
counts (encodings/counting.md, *Records*): the open paths' layers 22 and 23 (the widest is not
known), the closed tours' widest; with the plan's time and peak memory (the process's maximum
resident set).

    cargo build --release -p pathsat
    python3 benches/plan_accuracy.py [--bin target/release/pathsat] [--big] [--json out.json]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HUGE = 10**15
FRACTIONS = (1000, 100, 10)
MIN_SAMPLE = 64

# (moves, rows, columns, closed)
BOARDS = [
    ("knight", 6, 6, False), ("knight", 6, 6, True),
    ("knight", 5, 8, False), ("knight", 5, 8, True),
    ("knight", 6, 7, False), ("knight", 6, 7, True),
    ("knight", 5, 10, False), ("knight", 5, 10, True),
    ("knight", 5, 12, False), ("knight", 5, 12, True),
    ("knight", 6, 8, False), ("knight", 6, 8, True),
    ("knight", 6, 9, False), ("knight", 6, 9, True),
    ("knight", 6, 10, True),
    ("knight", 7, 7, False),
    ("king", 6, 6, False), ("king", 6, 6, True),
    ("king", 7, 7, False), ("king", 7, 7, True),
    ("king", 8, 8, False), ("king", 8, 8, True),
    ("rook", 10, 10, False), ("rook", 10, 10, True),
    ("rook", 12, 12, False), ("rook", 12, 12, True),
]

# Measured tables of the 8x8 counts (encodings/counting.md, Records), by layer.
K8_OPEN = {22: 586_800_000, 23: 1_126_712_764}
K8_CLOSED_WIDEST = 200_581_511


def board_file(directory, moves, rows, cols, closed):
    name = f"{moves}-{rows}x{cols}-{'closed' if closed else 'open'}"
    path = os.path.join(directory, name + ".toml")
    grid = "\n".join(" ".join("." * cols) for _ in range(rows))
    with open(path, "w") as f:
        f.write(f'name = "{name}"\nmoves = "{moves}"\n')
        f.write(f"closed = {'true' if closed else 'false'}\n")
        f.write(f'grid = """\n{grid}\n"""\n')
    return name, path


def plan(binary, path, sample, memory="6GiB"):
    """The plan's JSON, its seconds and the process's peak resident memory in bytes."""
    started = time.time()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(
            [binary, "count", path, "--plan", "--sample", str(sample), "--memory", memory,
             "--format", "json"],
            stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.time() - started
        if proc.returncode != 0:
            sys.exit(f"{path}: pathsat exited with {proc.returncode}")
        out.seek(0)
        value = json.load(out)["plan"]["sweep"]
    return value, seconds, usage.ru_maxrss * 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "pathsat"))
    parser.add_argument("--big", action="store_true", help="also the 8x8 boards' default plans")
    parser.add_argument("--json", help="write the figures to this file too")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        print(f"{'board':20s} {'widest':>11s}  " + "  ".join(
            f"{'W/' + str(f):>12s}" for f in FRACTIONS) + "   (estimate/measured, layers sampled)")
        for moves, r, c, closed in BOARDS:
            name, path = board_file(directory, moves, r, c, closed)
            truth, _, _ = plan(args.bin, path, HUGE)
            widest = truth["widest"]["states"]
            assert truth["measured_layers"] == len(truth["layers"]), name
            ratios = []
            for fraction in FRACTIONS:
                est, _, _ = plan(args.bin, path, max(widest // fraction, MIN_SAMPLE))
                ratios.append((est["widest"]["states"] / widest, est["measured_layers"]))
            rows.append({"board": name, "widest": widest,
                         "ratios": [x for x, _ in ratios], "sampled": [n for _, n in ratios]})
            print(f"{name:20s} {widest:>11,}  " + "  ".join(
                f"{x:7.2f} ({n:2d})" for x, n in ratios), flush=True)
    everything = [x for row in rows for x in row["ratios"]]
    print(f"all: lowest {min(everything):.2f}, highest {max(everything):.2f}, "
          f"within 2x {sum(0.5 <= x <= 2 for x in everything)}/{len(everything)}, "
          f"within 3x {sum(1 / 3 <= x <= 3 for x in everything)}/{len(everything)}")
    big = {}
    if args.big:
        records = os.path.join(ROOT, "benches", "records")
        est, seconds, peak = plan(args.bin, os.path.join(records, "knight-8x8-open.toml"),
                                  4194304, memory="8GiB")
        layers = {l["layer"]: l["states"] for l in est["layers"]}
        big["knight-8x8-open"] = {
            "sampled": est["measured_layers"], "seconds": seconds, "peak_bytes": peak,
            "widest": est["widest"]["states"], "widest_layer": est["widest"]["layer"],
            "layer22": layers[22] / K8_OPEN[22], "layer23": layers[23] / K8_OPEN[23]}
        est, seconds, peak = plan(args.bin, os.path.join(records, "knight-8x8-closed.toml"),
                                  4194304, memory="8GiB")
        big["knight-8x8-closed"] = {
            "sampled": est["measured_layers"], "seconds": seconds, "peak_bytes": peak,
            "widest": est["widest"]["states"], "widest_layer": est["widest"]["layer"],
            "ratio": est["widest"]["states"] / K8_CLOSED_WIDEST}
        for name, b in big.items():
            print(f"{name}: default plan, layers 1-{b['sampled']} sampled in {b['seconds']:.1f} s, "
                  f"peak {b['peak_bytes'] / 2**30:.2f} GiB; widest ~{b['widest']:,} "
                  f"(layer {b['widest_layer']})" + (
                      f", layer 22 {b['layer22']:.2f} and layer 23 {b['layer23']:.2f} of the "
                      "measured" if "layer22" in b else
                      f", {b['ratio']:.2f} of the measured widest"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"boards": rows, "big": big}, f, indent=1)


if __name__ == "__main__":
    main()
