#!/usr/bin/env python3
"""Does `--timeout T` hold? Every command, method and embedded solver run with a timeout on
inputs that outlast it, each timed as a whole process: it must return within T + 1 s.

The inputs are made here, each long in its own way:
- knight-12x12: the closed knight's tour of a 12x12 board in the position encoding, whose first
  solver call alone takes varisat (and CaDiCaL) far longer than any timeout here;
- gp-95-2: the generalized Petersen graph GP(95,2), non-Hamiltonian (Alspach 1983), with
  PATHSAT_NO_NARROW=1 so that the frontier program does not decide it at once: the successor
  encoding's loop of subtour cuts, thousands of short calls;
- king-8x8-crowded (fixtures/large): far too many fillings to enumerate;
- knight-7x7-open: the frontier program's count of the 7x7 knight's open tours (about 11 s);
- generate 25x25: a Hidato generated on an empty 25x25 board.

usage: python3 benches/deadlines.py [--binary target/release/pathsat] [--cadical PATH]
       [--timeout 2]
--cadical names a build with the cargo feature `cadical` (`cargo build --release --features
cadical --target-dir target/cadical`), to run the CaDiCaL rows too.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benches"))
from graphs import generalized_petersen, write_hcp  # noqa: E402


def board(path, n, moves, closed):
    with open(path, "w") as f:
        f.write(f'moves = "{moves}"\nclosed = {"true" if closed else "false"}\ngrid = """\n')
        f.write("\n".join([" ".join(["."] * n)] * n) + '\n"""\n')


def run(argv, env=None):
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env)
    return time.perf_counter() - started, done.returncode, done.stdout + done.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, "target/release/pathsat"))
    parser.add_argument("--cadical", help="a pathsat built with the feature cadical")
    parser.add_argument("--timeout", type=float, default=2.0)
    args = parser.parse_args()
    t = args.timeout
    with tempfile.TemporaryDirectory() as d:
        knight12 = os.path.join(d, "knight-12x12.toml")
        board(knight12, 12, "knight", True)
        knight7 = os.path.join(d, "knight-7x7-open.toml")
        board(knight7, 7, "knight", False)
        gp = os.path.join(d, "gp-95-2.hcp")
        write_hcp(gp, "gp-95-2", *generalized_petersen(95, 2), "GP(95,2)")
        crowded = os.path.join(ROOT, "fixtures/large/king-8x8-crowded.toml")
        batch_dir = os.path.join(d, "batch")
        os.makedirs(batch_dir)
        board(os.path.join(batch_dir, "knight-12x12.toml"), 12, "knight", True)
        no_narrow = dict(os.environ, PATHSAT_NO_NARROW="1")
        ts = f"{t:g}"
        cases = []
        for name, binary in [("varisat", args.binary), ("cadical", args.cadical)]:
            if binary is None:
                continue
            solver = [] if name == "varisat" else ["--solver", "cadical"]
            cases += [
                (f"solve knight-12x12 (position, {name})",
                 [binary, "solve", knight12, "--encoding", "position", "--timeout", ts, *solver], None),
                (f"solve --all knight-12x12 (position, {name})",
                 [binary, "solve", knight12, "--encoding", "position", "--all", "--timeout", ts, *solver], None),
                (f"solve gp-95-2 (successor, cut loop, {name})",
                 [binary, "solve", gp, "--timeout", ts, *solver], no_narrow),
                (f"count knight-12x12 --method enumerate ({name})",
                 [binary, "count", knight12, "--encoding", "position", "--method", "enumerate", "--timeout", ts, *solver], None),
                (f"count knight-12x12 --method sat ({name})",
                 [binary, "count", knight12, "--method", "sat", "--timeout", ts, *solver], None),
                (f"count king-8x8-crowded --method auto ({name})",
                 [binary, "count", crowded, "--timeout", ts, *solver], None),
            ]
        cases += [
            ("solve --certify knight-12x12 (position)",
             [args.binary, "solve", knight12, "--certify", "--timeout", ts], None),
            ("count --certify king-8x8-crowded",
             [args.binary, "count", crowded, "--certify", "--timeout", ts], None),
            ("count knight-7x7-open --method dp",
             [args.binary, "count", knight7, "--method", "dp", "--timeout", ts], None),
            ("compare knight-12x12 (position, embedded and external)",
             [args.binary, "compare", knight12, "--encoding", "position", "--timeout", ts], None),
            ("generate --size 25x25",
             [args.binary, "generate", "--size", "25x25", "--seed", "1", "--timeout", ts], None),
            ("batch (one knight-12x12)",
             [args.binary, "batch", batch_dir, "--timeout", ts, "--encoding", "position", "-q"], None),
        ]
        print(f"--timeout {ts}: every run must return within {t + 1:g} s")
        print(f"{'command':62} {'seconds':>8}  {'exit':>4}  within")
        worst = 0.0
        for label, argv, env in cases:
            seconds, code, _ = run(argv, env)
            worst = max(worst, seconds)
            print(f"{label:62} {seconds:8.2f}  {code:4}  {'yes' if seconds <= t + 1 else 'NO'}")
        print(f"slowest: {worst:.2f} s")
        return 0 if worst <= t + 1 else 1


if __name__ == "__main__":
    sys.exit(main())
