#!/usr/bin/env python3
"""pathsat's sampler against Graphillion's random draws, side by side in one run.

Four board families, each for growing n until both tools fail the limits:

- grid cycles: the n x n closed rook board (n even), the Hamiltonian cycles of the grid graph;
  Graphillion `GraphSet.cycles(is_hamilton=True)`; fillings = 2N x cycles;
- grid paths, all ends: the blank n x n open rook board, every Hamiltonian path of the grid;
  Graphillion `GraphSet.paths(None, None, is_hamilton=True)` (with no terminals it builds the
  spanning subgraphs with two vertices of degree 1, the rest of degree 2, connected: the same
  paths); fillings = 2 x paths;
- grid paths, corner to corner: the n x n open rook board (n odd: on an even board two opposite
  corners have the same colour and no Hamiltonian path joins them) with 1 and N given on two
  opposite corners; Graphillion `GraphSet.paths(1, N, is_hamilton=True)`; fillings = paths;
- king's tours: the n x n closed king board, the Hamiltonian cycles of the king's graph;
  Graphillion `GraphSet.cycles(is_hamilton=True)`; fillings = 2N x cycles.

For each board and tool, whole processes run in turn (pathsat, Graphillion, pathsat, ...):

- first sample: one process that reads the board and draws one sample. pathsat: `pathsat sample
  FILE -n 1 --format json`. Graphillion: a Python process that imports it, sets the universe,
  builds the GraphSet and draws once (`next(gs.rand_iter())`);
- per sample: pathsat `-n SAMPLES` in one process, its time less the first sample's, over
  SAMPLES - 1; Graphillion in one process, SAMPLES draws from one `rand_iter()` (restarted when a
  small set runs out), timed inside the process from the second draw on, and as many independent
  draws (a fresh `rand_iter()` for each, the same distribution as pathsat's independent draws);
- peak memory: the largest resident set of the tool's processes (GNU time's %M).

Graphillion's `choice()` is not a random draw: it returns the first graph of the ZDD, the same
every time (each Graphillion process checks this: `choice()` 20 times, distinct graphs counted).
Its uniform draw is `rand_iter()`, which walks the ZDD with the counts of the two branches of
each node as floating-point numbers, and removes each graph it yields from its copy of the set.

Both tools run with --threads threads, one by default (pathsat `--jobs 1`, Graphillion
`OMP_NUM_THREADS=1`): Graphillion's OpenMP threads wait for each other by spinning, so that with
two threads on a two-core machine where anything else runs, its 4x4 grid's cycles take 1.5 s
instead of 1 ms. `--threads 2` gives both tools both cores of a quiet machine.

Each process runs under a time limit and a memory limit (resident set polled every 20 ms);
a tool that exceeds one on a board is stopped there, with the reason, for the rest of the
family. Medians of --runs runs, one run when a process takes more than --long seconds. Where
both finish, the counts are checked against each other: Graphillion's number of cycles or paths
times the factor above must be pathsat's count of fillings (a difference fails the run).

Needs Graphillion (`pip install graphillion`; `just sampling-peers` installs it into a venv in
target/ when the Python on PATH lacks it). Not part of the tests.

usage: python3 benches/sampling_peers.py [--runs 3] [--samples 1000] [--timeout 120]
           [--memory 16] [--families cycles,paths,corners,king] [--max-n 30] [--quick]
           [--threads 1] [--pathsat PATH]
"""
import argparse
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOK = [(0, 1), (1, 0)]
KING = ROOK + [(1, 1), (1, -1)]
TIME = "/usr/bin/time"  # GNU time (Debian: apt-get install time), for the peak resident set

# name: title, moves, closed, first n, step of n
FAMILIES = {
    "cycles": ("grid cycles (closed rook)", "rook", True, 4, 2),
    "paths": ("grid paths, all ends (open rook)", "rook", False, 3, 1),
    "corners": ("grid paths, corner to corner (open rook, 1 and N given)", "rook", False, 3, 2),
    "king": ("king's tours (closed king)", "king", True, 3, 1),
}

GRAPHILLION = r"""
import json, sys, time
from graphillion import GraphSet
spec = json.loads(sys.stdin.read())
edges = [tuple(e) for e in spec["edges"]]
samples = spec["samples"]
GraphSet.set_universe(edges)
if spec["kind"] == "cycles":
    gs = GraphSet.cycles(is_hamilton=True)
else:
    gs = GraphSet.paths(spec["s"], spec["t"], is_hamilton=True)
stream = gs.rand_iter()
first = next(stream)
report = {"count": str(gs.len()), "first_edges": len(first)}
if samples > 1:
    start = time.perf_counter()
    for _ in range(samples - 1):
        try:
            next(stream)
        except StopIteration:
            stream = gs.rand_iter()
            next(stream)
    report["stream"] = (time.perf_counter() - start) / (samples - 1)
    start = time.perf_counter()
    for _ in range(samples - 1):
        next(gs.rand_iter())
    report["independent"] = (time.perf_counter() - start) / (samples - 1)
    report["choice_distinct"] = len({tuple(sorted(gs.choice())) for _ in range(20)})
print(json.dumps(report))
"""


def board(family, n):
    """The puzzle file's text, Graphillion's question and the fillings per cycle or path."""
    _, moves, closed, _, _ = FAMILIES[family]
    offsets = KING if moves == "king" else ROOK
    edges = []
    for r in range(n):
        for c in range(n):
            for dr, dc in offsets:
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < n and 0 <= c2 < n:
                    edges.append((r * n + c + 1, r2 * n + c2 + 1))
    cells = [["."] * n for _ in range(n)]
    question = {"edges": edges, "kind": "cycles" if closed else "paths", "s": None, "t": None}
    factor = 2 * n * n if closed else 2
    if family == "corners":
        cells[0][0], cells[n - 1][n - 1] = "1", str(n * n)
        question["s"], question["t"] = 1, n * n
        factor = 1
    width = len(str(n * n))
    grid = "\n".join(" ".join(x.rjust(width) for x in row) for row in cells)
    toml = (f'name = "{family} {n}x{n}"\nmoves = "{moves}"\nclosed = {str(closed).lower()}\n'
            f'grid = """\n{grid}\n"""\n')
    return toml, question, factor


def rss_of(pid):
    """The resident set of a running process and its children, in bytes (0 once gone)."""
    total = 0
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            total += sum(rss_of(int(child)) for child in f.read().split())
    except OSError:
        pass
    return total


def run(argv, stdin, timeout, memory, env=None):
    """One process under the limits: (wall seconds, CPU seconds, peak RSS bytes, failure or
    None, stdout, stderr). A watcher kills it past `timeout` seconds or `memory` bytes of
    resident memory; the wall time comes from a blocking wait, so the watcher's polling does not
    add to it. The peak is GNU time's (%M): wait4's own would count the memory of this Python
    process, which the child shares until it runs the tool."""
    with tempfile.TemporaryFile("w+") as inp, tempfile.TemporaryFile("w+") as out, \
            tempfile.TemporaryFile("w+") as err, tempfile.NamedTemporaryFile("r") as peak:
        inp.write(stdin or "")
        inp.seek(0)
        start = time.perf_counter()
        p = subprocess.Popen([TIME, "-f", "%M", "-o", peak.name, *argv], env=env,
                             stdin=inp, stdout=out, stderr=err, start_new_session=True)
        failure = []
        done = threading.Event()

        def watch():
            while not done.wait(0.02):
                if time.perf_counter() - start > timeout:
                    failure.append(f"timeout ({timeout:g} s)")
                elif rss_of(p.pid) > memory:
                    failure.append(f"memory ({memory / 2**30:g} GiB)")
                else:
                    continue
                os.killpg(p.pid, signal.SIGKILL)
                return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        try:
            _, status, usage = os.wait4(p.pid, 0)
        except BaseException:
            os.killpg(p.pid, signal.SIGKILL)  # interrupted: no tool left running
            raise
        wall = time.perf_counter() - start
        done.set()
        watcher.join()
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
        if not failure and p.returncode != 0:
            last = (stderr.strip().splitlines()[-1:] or [f"exit {p.returncode}"])[0]
            last = last.split(": error: ", 1)[-1].replace(argv[2] + ": ", "", 1)
            kind = "memory" if "MemoryError" in stderr or "bad_alloc" in stderr else "failed"
            failure.append(f"{kind} ({last[:200]})")
        lines = peak.read().split()
        rss = int(lines[-1]) * 1024 if lines and lines[-1].isdigit() else None
        return (wall, usage.ru_utime + usage.ru_stime, rss,
                failure[0] if failure else None, stdout, stderr)


class Tool:
    """One tool on one family: its processes for a sample and for many, and whether it has
    failed the limits (then it is not run again on the family)."""

    def __init__(self, name, args):
        self.name = name
        self.args = args
        self.failed = None  # (n, reason)

    def argv_stdin(self, path, question, samples):
        if self.name == "pathsat":
            return ([self.args.pathsat, "sample", path, "-n", str(samples), "--seed",
                     str(self.args.seed), "--jobs", str(self.args.threads), "--format", "json",
                     "--progress", "none"], None)
        spec = dict(question, samples=samples)
        return [sys.executable, "-c", GRAPHILLION], json.dumps(spec)

    def once(self, path, question, samples, n):
        """One process; None (and the tool marked failed) when it fails the limits."""
        argv, stdin = self.argv_stdin(path, question, samples)
        env = dict(os.environ, OMP_NUM_THREADS=str(self.args.threads))
        wall, cpu, peak, failure, out, _ = run(
            argv, stdin, self.args.timeout, int(self.args.memory * 2**30), env)
        if failure:
            self.failed = (n, f"{failure}, drawing {samples}")
            return None
        report = json.loads(out)
        return {"wall": wall, "cpu": cpu, "rss": peak, "report": report}


def measure(tools, path, question, n, args):
    """Every tool still in the family on one board, in turn; the figures of each that finished."""
    figures = {t.name: {"one": [], "many": []} for t in tools}
    live = [t for t in tools if not t.failed]
    for i in range(args.runs):
        for kind, samples in (("one", 1), ("many", args.samples)):
            for tool in live:
                if tool.failed or (i > 0 and figures[tool.name]["single_run"]):
                    continue
                got = tool.once(path, question, samples, n)
                if got is None:
                    continue
                figures[tool.name][kind].append(got)
                if kind == "one" and i == 0:
                    figures[tool.name]["single_run"] = got["wall"] > args.long
        if all(t.failed or figures[t.name].get("single_run") for t in live):
            break
    # A tool that drew its first sample but failed the limits with many still has its first.
    return {t.name: figures[t.name] for t in live if figures[t.name]["one"]}


def median(xs):
    return statistics.median(xs) if xs else None


def summary(name, f, samples):
    """Medians of a tool's runs on a board: first sample, per sample, peak RSS, count."""
    one = median([r["wall"] for r in f["one"]])
    many = median([r["wall"] for r in f["many"]])
    s = {"first": one, "runs": len(f["one"]),
         "rss": max((r["rss"] or 0) for r in f["one"] + f["many"]) or None}
    last = (f["many"] or f["one"])[-1]["report"]
    s["count"] = int(last["count"])
    s["many"] = many
    if not f["many"]:
        s["per"] = s["independent"] = s["choice_distinct"] = None
    elif name == "pathsat":
        s["per"] = max(many - one, 0.0) / (samples - 1)
    else:
        s["per"] = median([r["report"]["stream"] for r in f["many"]])
        s["independent"] = median([r["report"]["independent"] for r in f["many"]])
        s["choice_distinct"] = max(r["report"]["choice_distinct"] for r in f["many"])
    return s


def seconds(x):
    if x is None:
        return "-"
    if x <= 0:
        return "~0"
    if x < 1e-3:
        return f"{x * 1e6:.1f} µs"
    if x < 1:
        return f"{x * 1e3:.1f} ms"
    return f"{x:.2f} s"


def mib(x):
    return "-" if x is None else f"{x / 2**20:,.0f} MiB"


def ratio(a, b):
    return f"{a / b:.2g}" if a and b else "-"


def row(n, family, p, g, factor):
    """A table row and whether the counts disagree."""
    h = p["count"] // factor if p else None
    check = "-"
    bad = False
    if p and g:
        agree = g["count"] * factor == p["count"]
        check = "agree" if agree else f"DIFFER (Graphillion {g['count']:,})"
        bad = not agree
    cells = [
        f"{n}x{n}",
        f"{h:,}" if h is not None else (f"{g['count']:,}" if g else "-"),
        check,
        seconds(p and p["first"]), seconds(g and g["first"]),
        ratio(p and p["first"], g and g["first"]),
        seconds(p and p["many"]),
        seconds(p and p["per"]), seconds(g and g["per"]), seconds(g and g["independent"]),
        ratio(p and p["per"], g and g["per"]),
        mib(p and p["rss"]), mib(g and g["rss"]), ratio(p and p["rss"], g and g["rss"]),
        f"{p['runs'] if p else '-'}/{g['runs'] if g else '-'}",
    ]
    return "| " + " | ".join(cells) + " |", bad


def family_run(family, tools, args, work):
    title, _, _, first_n, step = FAMILIES[family]
    for t in tools:
        t.failed = None
    print(f"\n### {title}\n")
    print(f"| board | cycles or paths | counts | first: pathsat | first: Graphillion | ratio | "
          f"pathsat -n {args.samples} | per sample: pathsat | per sample: Graphillion rand_iter | "
          "independent draws | ratio | peak RSS: pathsat | peak RSS: Graphillion | ratio | runs |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    largest = {t.name: None for t in tools}
    bad = False
    choice = set()
    n = first_n if not (family == "corners" and first_n % 2 == 0) else first_n + 1
    while n <= args.max_n and not all(t.failed for t in tools):
        toml, question, factor = board(family, n)
        path = os.path.join(work, f"{family}-{n}.toml")
        with open(path, "w") as f:
            f.write(toml)
        figures = measure(tools, path, question, n, args)
        s = {name: summary(name, f, args.samples) for name, f in figures.items()}
        for name in s:
            largest[name] = n
        if s.get("graphillion", {}).get("choice_distinct"):
            choice.add(s["graphillion"]["choice_distinct"])
        if s:
            line, wrong = row(n, family, s.get("pathsat"), s.get("graphillion"), factor)
            bad |= wrong
            print(line, flush=True)
        n += step
    print()
    for t in tools:
        reached = f"{largest[t.name]}x{largest[t.name]}" if largest[t.name] else "none"
        why = (f"; {t.failed[0]}x{t.failed[0]}: {t.failed[1]}" if t.failed
               else f"; not tried past {args.max_n}x{args.max_n}")
        print(f"- largest board with a first sample, {t.name}: {reached}{why}")
    if choice:
        print(f"- Graphillion's choice(), 20 calls a board: {max(choice)} distinct graph(s) at most")
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--timeout", type=float, default=120, help="seconds a process")
    ap.add_argument("--memory", type=float, default=16, help="GiB of resident memory a process")
    ap.add_argument("--long", type=float, default=20,
                    help="a process longer than this (seconds) is run once")
    ap.add_argument("--families", default="cycles,paths,corners,king")
    ap.add_argument("--max-n", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1,
                    help="pathsat's --jobs and Graphillion's OMP_NUM_THREADS")
    ap.add_argument("--quick", action="store_true", help="boards up to 6x6, one run")
    ap.add_argument("--pathsat", help="the binary (default: CARGO_TARGET_DIR or target/, release)")
    args = ap.parse_args()
    if args.quick:
        args.max_n, args.runs = min(args.max_n, 6), 1
    if not args.pathsat:
        target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
        args.pathsat = os.path.join(target, "release", "pathsat")
    if not os.path.exists(TIME):
        sys.exit(f"error: no {TIME}: GNU time measures the peak memory (apt-get install time)")
    if not os.path.exists(args.pathsat):
        sys.exit(f"error: no {args.pathsat}: build it first (cargo build --release -p pathsat)")
    try:
        import graphillion  # noqa: F401
        from importlib.metadata import version
        graphillion_version = version("graphillion")
    except ImportError:
        sys.exit("error: graphillion is not installed (pip install graphillion, or run "
                 "`just sampling-peers`, which installs it into a venv)")
    pathsat_version = subprocess.run([args.pathsat, "--version"], capture_output=True,
                                     text=True).stdout.strip().splitlines()[0]
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    print(f"{os.cpu_count()} cores, {memory:.0f} GiB; {pathsat_version}; Graphillion "
          f"{graphillion_version}; load average {os.getloadavg()[0]:.2f} at the start")
    print(f"limits: {args.timeout:g} s and {args.memory:g} GiB a process; medians of up to "
          f"{args.runs} runs (one past {args.long:g} s); {args.samples} samples for the per-sample "
          f"figures; whole processes, wall time; {args.threads} thread(s) each (pathsat --jobs, "
          "Graphillion OMP_NUM_THREADS)")
    tools = [Tool("pathsat", args), Tool("graphillion", args)]
    bad = False
    with tempfile.TemporaryDirectory(prefix="pathsat-sampling-") as work:
        for family in args.families.split(","):
            if family not in FAMILIES:
                sys.exit(f"error: no family {family}; the families: {', '.join(FAMILIES)}")
            bad |= family_run(family, tools, args, work)
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")
    if bad:
        sys.exit("error: the two tools disagree on a count")


def stop(signum, _frame):
    raise SystemExit(f"stopped by signal {signum}")


if __name__ == "__main__":
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    signal.signal(signal.SIGTERM, stop)
    main()
