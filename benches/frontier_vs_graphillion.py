#!/usr/bin/env python3
"""pathsat's frontier program against Graphillion's frontier-based ZDD, side by side in one run.

For each board or graph, `pathsat count --method dp --format json` and (where Graphillion can
state the same question) a Python process that builds `GraphSet.cycles(is_hamilton=True)` over
the same graph run in turn, A B A B ..., as whole processes. The table gives the count (pathsat's
fillings, and the undirected Hamiltonian cycles or paths behind them), pathsat's peak number of
states and the memory its tables took, each tool's median wall time and peak resident memory
(from wait4), and pathsat's time as a fraction of Graphillion's. Graphillion counts Hamiltonian
cycles; for open paths it has no single call, so those rows are pathsat's alone.

Graphillion runs under an address-space limit (--graphillion-memory, 8 GiB by default) and a
time limit, so that a board it cannot do (the 10x10 grid) ends as "out of memory" rather than
taking the machine down.

Needs `pip install graphillion`; without it only pathsat runs. Not part of the tests.

usage: python3 benches/frontier_vs_graphillion.py [--runs 3] [--quick] [--only NAME]
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ROOK = [(0, 1), (1, 0), (0, -1), (-1, 0)]
KING = ROOK + [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def board_edges(rows, cols, offsets):
    """Undirected edges of a board's move graph, vertices numbered from 1 row by row."""
    edges = set()
    for r in range(rows):
        for c in range(cols):
            for dr, dc in offsets:
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < rows and 0 <= c2 < cols:
                    a, b = r * cols + c + 1, r2 * cols + c2 + 1
                    edges.add((min(a, b), max(a, b)))
    return sorted(edges)


def petersen_edges(n, k):
    """The generalized Petersen graph GP(n, k): outer cycle 1..n, spokes, inner star polygon."""
    edges = []
    for i in range(n):
        edges.append((i + 1, (i + 1) % n + 1))
        edges.append((i + 1, n + i + 1))
        edges.append((n + i + 1, n + (i + k) % n + 1))
    return sorted((min(a, b), max(a, b)) for a, b in edges)


def board_case(name, rows, cols, moves, closed, expected_h, graphillion=True):
    offsets = {"rook": ROOK, "king": KING, "knight": KNIGHT}[moves]
    grid = "\n".join(" ".join(["."] * cols) for _ in range(rows))
    toml = f'name = "{name}"\nmoves = "{moves}"\nclosed = {str(closed).lower()}\ngrid = """\n{grid}\n"""\n'
    return {
        "name": name,
        "toml": toml,
        "n": rows * cols,
        "closed": closed,
        "edges": board_edges(rows, cols, offsets),
        "expected_h": expected_h,
        "graphillion": graphillion and closed,
    }


def graph_case(name, n, edges, expected_h=None, graphillion=True):
    listed = ", ".join(f"[{a}, {b}]" for a, b in edges)
    toml = f'name = "{name}"\nclosed = true\n[graph]\nvertices = {n}\nedges = [{listed}]\n'
    return {
        "name": name,
        "toml": toml,
        "n": n,
        "closed": True,
        "edges": edges,
        "expected_h": expected_h,
        "graphillion": graphillion,
    }


def cases(quick):
    # Published counts of undirected Hamiltonian cycles (closed) or paths (open):
    # OEIS A003763 (2n x 2n grid cycles), A096969 / 2 (n x n grid paths), A165134 / 2 (open
    # knight's tours), 9862 closed 6x6 knight's tours.
    c = [
        board_case("grid 8x8 closed", 8, 8, "rook", True, 4638576),
        board_case("grid 10x10 closed", 10, 10, "rook", True, 467260456608),
        board_case("grid 12x12 closed", 12, 12, "rook", True, 1076226888605605706),
        board_case("knight 6x6 closed", 6, 6, "knight", True, 9862),
        board_case("knight 6x6 open", 6, 6, "knight", False, 6637920 // 2),
        # OEIS A339761(45), from its generating function (Howroyd).
        board_case("king 3x45 open", 3, 45, "king", False, 5918755881859098832793301132720222635506),
        graph_case("GP(23,2)", 46, petersen_edges(23, 2), 0),
        graph_case("GP(95,2)", 190, petersen_edges(95, 2), 0),
    ]
    if not quick:
        c += [
            board_case("grid 14x14 closed", 14, 14, "rook", True, 56126499620491437281263608),
            board_case("grid 16x16 closed", 16, 16, "rook", True, 65882516522625836326159786165530572),
            board_case("grid 12x12 open", 12, 12, "rook", False, 6905329711608694708440 // 2),
            board_case("knight 7x7 open", 7, 7, "knight", False, 165575218320 // 2),
        ]
    return c


GRAPHILLION = """
import sys, time
from graphillion import GraphSet
edges = [tuple(e) for e in __import__('json').loads(sys.stdin.read())]
start = time.perf_counter()
GraphSet.set_universe(edges)
count = len(GraphSet.cycles(is_hamilton=True))
print(count, time.perf_counter() - start)
"""


def run(argv, stdin=None, memory_limit=None, timeout=None):
    """Wall seconds, peak resident memory (bytes, from wait4), exit status ("timeout" when
    killed at the time limit) and output of one process."""
    def limit():
        if memory_limit:
            resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))

    with tempfile.TemporaryFile("w+") as inp, tempfile.TemporaryFile("w+") as out, \
            tempfile.TemporaryFile("w+") as err:
        if stdin is not None:
            inp.write(stdin)
            inp.seek(0)
        start = time.perf_counter()
        p = subprocess.Popen(argv, stdin=inp, stdout=out, stderr=err, preexec_fn=limit)
        killer = threading.Timer(timeout, p.kill) if timeout else None
        if killer:
            killer.start()
        _, status, usage = os.wait4(p.pid, 0)
        seconds = time.perf_counter() - start
        timed_out = killer is not None and not killer.is_alive()
        if killer:
            killer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        code = "timeout" if timed_out else p.returncode
        return seconds, usage.ru_maxrss * 1024, code, out.read(), err.read()


def mib(n):
    return "-" if n is None else f"{n / 2**20:,.0f} MiB"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="skip the boards that take minutes")
    ap.add_argument("--only", help="run the cases whose name contains this")
    ap.add_argument("--graphillion-memory", default=8, type=float, help="GiB")
    ap.add_argument("--graphillion-timeout", default=600, type=float, help="seconds")
    args = ap.parse_args()

    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    pathsat = os.path.join(ROOT, "target", "release", "pathsat")
    try:
        import graphillion  # noqa: F401
        have_graphillion = True
    except ImportError:
        have_graphillion = False
        print("graphillion is not installed (pip install graphillion): timing pathsat only\n")

    work = tempfile.mkdtemp(prefix="pathsat-frontier-")
    rows = []
    for case in cases(args.quick):
        if args.only and args.only not in case["name"]:
            continue
        path = os.path.join(work, case["name"].replace(" ", "-").replace("(", "").replace(")", "").replace(",", "-") + ".toml")
        with open(path, "w") as f:
            f.write(case["toml"])
        pathsat_argv = [pathsat, "count", path, "--method", "dp", "--format", "json"]
        times = {"pathsat": [], "graphillion": []}
        rss = {"pathsat": 0, "graphillion": 0}
        report = None
        g_count, g_status = None, None
        runs = args.runs
        for i in range(runs):
            seconds, peak, code, out, err = run(pathsat_argv)
            if code != 0:
                sys.exit(f"pathsat failed on {case['name']}: {err}")
            report = json.loads(out)
            times["pathsat"].append(seconds)
            rss["pathsat"] = max(rss["pathsat"], peak or 0)
            if i == 0 and seconds > 60:
                runs = 1  # a count of minutes: one run is the measurement
            if have_graphillion and case["graphillion"] and g_status in (None, "ok"):
                seconds, peak, code, out, err = run(
                    [sys.executable, "-c", GRAPHILLION],
                    stdin=json.dumps(case["edges"]),
                    memory_limit=int(args.graphillion_memory * 2**30),
                    timeout=args.graphillion_timeout,
                )
                if code == 0:
                    g_count = int(out.split()[0])
                    g_status = "ok"
                    times["graphillion"].append(seconds)
                    rss["graphillion"] = max(rss["graphillion"], peak or 0)
                elif code == "timeout":
                    g_status = f"timeout ({args.graphillion_timeout:.0f} s)"
                else:
                    g_status = f"out of memory ({args.graphillion_memory:g} GiB)" if "MemoryError" in err or "bad_alloc" in err or code < 0 else f"failed ({err.strip().splitlines()[-1] if err.strip() else code})"
            if len(times["pathsat"]) >= runs:
                break
        fillings = int(report["count"])
        n = case["n"]
        h = fillings // (2 * n) if case["closed"] else fillings // 2
        expected = case["expected_h"]
        check = "-" if expected is None else ("ok" if h == expected else f"WRONG (expected {expected})")
        if g_count is not None and g_count != h:
            check += f"; graphillion {g_count} DIFFERS"
        f = report.get("frontier") or {}
        p_med = statistics.median(times["pathsat"])
        g_med = statistics.median(times["graphillion"]) if times["graphillion"] else None
        rows.append({
            "case": case["name"],
            "fillings": fillings,
            "h": h,
            "check": check,
            "states": f.get("peak_states"),
            "table": f.get("peak_bytes"),
            "p_med": p_med,
            "p_rss": rss["pathsat"],
            "g": (f"{g_med:.3f}" if g_med is not None else (g_status or "-")) if case["graphillion"] else "-",
            "g_rss": rss["graphillion"] if g_med is not None else None,
            "ratio": f"{p_med / g_med:.2g}" if g_med else "-",
            "runs": len(times["pathsat"]),
        })
        print(f"done: {case['name']}", file=sys.stderr)

    print(f"whole processes, wall seconds (median of up to {args.runs} runs, A B A B), peak RSS\n")
    print("| board | fillings (pathsat) | Hamiltonian cycles/paths | check | peak states | state tables | pathsat s | pathsat RSS | Graphillion s | Graphillion RSS | pathsat / Graphillion |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['case']} | {r['fillings']:,} | {r['h']:,} | {r['check']} | "
              f"{'-' if r['states'] is None else format(r['states'], ',')} | {mib(r['table'])} | "
              f"{r['p_med']:.3f} ({r['runs']}) | {mib(r['p_rss'])} | {r['g']} | {mib(r['g_rss'])} | {r['ratio']} |")
    shutil.rmtree(work, ignore_errors=True)
    if any(r["check"].startswith("WRONG") or "DIFFERS" in r["check"] for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
