#!/usr/bin/env python3
"""The FHCP Challenge Set: `pathsat solve` on each graph within LIMIT seconds, cycles checked.

PAR-2 and the count solved, beside the published SAT-based CEGAR method's best single
configuration on the same graphs, and the best of its 21 configurations graph by graph.

The graphs: the training half of the FHCP Challenge Set (Haythorpe 2018; 501 Hamiltonian
graphs graph1, graph3, ..., graph1001 of 66 to 9528 vertices, TSPLIB HCP edge lists), from
../shared/fhcp/train.tar.xz, or SOURCE: another .tar.xz or a directory of .hcp files. A
tarball is unpacked once into target/fhcp/NAME/; every file found in INDEX.tsv
(../shared/fhcp/INDEX.tsv, or --index) must have the sha256 the index gives.

Each graph, one after another in size order, is one process
`pathsat solve GRAPH --timeout LIMIT --format json [EXTRA]`, timed here (wall clock) and killed
if it overruns LIMIT + 5 s (a timeout, noted). The answer is checked against the file's edges,
read here: the vertex order (`order`) must visit every vertex once, each consecutive pair and
the last and first joined by an edge. A failing cycle is WRONG, and so is "no cycle" (`unsat`):
every FHCP graph is Hamiltonian. Statuses: solved, timeout (`unknown` stopped by the timeout,
or killed), unknown (stopped for another reason), error (a failed run), WRONG.

The results go to a TSV (default target/fhcp/results-LIMIT.tsv), a row flushed per graph:
graph, n, m, status, seconds (wall clock), published_single_cpu_s (the published best single
configuration's CPU seconds, TO past 1800 s), pathsat_s (pathsat's own total_seconds) and a
note. The summary (also on Ctrl-C, for the graphs run): solved, PAR-2 (seconds for a solved
graph, 2 x LIMIT otherwise, averaged), the published configuration's count within LIMIT (and
10/30/60/1800 s) on the same graphs and the graphs each solved that the other did not, and the
same counts for the best of the 21 configurations. The published
figures are CPU seconds on other hardware: a guide, not a race on equal terms.

usage: python3 benches/fhcp.py LIMIT [SOURCE] [--every K] [--graphs graph1,graph3]
       [--pathsat target/release/pathsat] [--out FILE.tsv] [--extra='--solver cadical']
       [--resume] [--against EARLIER.tsv] [--index INDEX.tsv]
e.g.   python3 benches/fhcp.py 10 --every 10      # graph1, graph21, ..., graph1001: 51 graphs
Exit status: 0; 1 when any answer is WRONG; 3 when a run failed (error) and none is WRONG;
130 on Ctrl-C.
"""
import argparse
import hashlib
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared", "fhcp"))
CACHE = os.path.join(ROOT, "target", "fhcp")
COLUMNS = ["graph", "n", "m", "status", "seconds", "published_single_cpu_s", "pathsat_s", "note"]
GRACE = 5.0  # seconds past LIMIT before the process is killed


def read_index(path):
    """INDEX.tsv as {graph: row}, or {} when there is none."""
    if not path or not os.path.exists(path):
        return {}
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        return {row[0]: dict(zip(header, row))
                for row in (line.rstrip("\n").split("\t") for line in f) if row and row[0]}


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def unpack(tarball):
    """The directory a tarball is unpacked to in target/fhcp/, unpacked the first time only."""
    name = os.path.basename(tarball)
    for suffix in (".tar.xz", ".txz", ".tar.gz", ".tgz", ".tar"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    dest = os.path.join(CACHE, name)
    done = os.path.join(dest, ".unpacked")
    if os.path.exists(done):
        return dest
    print(f"unpacking {tarball} into {show(dest)}", file=sys.stderr)
    os.makedirs(CACHE, exist_ok=True)
    partial = dest + ".partial"
    shutil.rmtree(partial, ignore_errors=True)
    with tarfile.open(tarball) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(partial, filter="data")
        else:
            tar.extractall(partial)
    shutil.rmtree(dest, ignore_errors=True)
    os.rename(partial, dest)
    with open(done, "w") as f:
        f.write(f"{os.path.abspath(tarball)}\n")
    return dest


def find_graphs(directory):
    """{name: path} of the .hcp files under a directory, the name the file's stem."""
    found = {}
    for here, _, files in os.walk(directory):
        for file in files:
            if file.endswith(".hcp"):
                found[file[: -len(".hcp")]] = os.path.join(here, file)
    return found


def read_hcp(path):
    """Vertices and undirected edges (frozensets, 1-based) of a TSPLIB HCP file, read here
    (EDGE_LIST, or ADJ_LIST), CRLF line ends allowed."""
    n, fmt, section, numbers, adjacency = 0, "EDGE_LIST", False, [], []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            if not section:
                key, _, value = line.partition(":")
                key, value = key.strip().upper(), value.strip()
                if key == "DIMENSION":
                    n = int(value)
                elif key == "EDGE_DATA_FORMAT":
                    fmt = value.upper()
                elif key == "EDGE_DATA_SECTION":
                    section = True
                continue
            if line.upper() == "EOF":
                break
            if fmt == "ADJ_LIST":
                tokens = [int(t) for t in line.split()]
                if tokens == [-1]:
                    break
                adjacency.append(tokens[:-1] if tokens[-1] == -1 else tokens)
            else:
                tokens = [int(t) for t in line.split()]
                if tokens and tokens[0] == -1:
                    break
                numbers.extend(tokens)
    edges = set()
    if fmt == "ADJ_LIST":
        for u, *vs in adjacency:
            edges.update(frozenset((u, v)) for v in vs)
    else:
        edges.update(frozenset(numbers[i: i + 2]) for i in range(0, len(numbers) - 1, 2))
    return n, edges


def check_cycle(n, edges, order):
    """None when `order` is a Hamiltonian cycle of the graph, else what is wrong with it."""
    if not isinstance(order, list) or not all(isinstance(v, int) for v in order):
        return "no vertex order in the answer"
    if len(order) != n:
        return f"the order has {len(order)} vertices, the graph {n}"
    if sorted(order) != list(range(1, n + 1)):
        return "the order does not visit every vertex exactly once"
    for i in range(n):
        a, b = order[i], order[(i + 1) % n]
        if frozenset((a, b)) not in edges:
            return f"{a}-{b} (positions {i + 1} and {(i + 1) % n + 1}) is not an edge"
    return None


class Runner:
    """One pathsat process at a time, killable from the Ctrl-C handler."""

    def __init__(self):
        self.process = None

    def kill(self):
        if self.process is not None and self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait()

    def run(self, argv, limit):
        """(seconds, exit code or None when killed, stdout, stderr)."""
        started = time.perf_counter()
        # Its own process group: Ctrl-C reaches this script alone, which then kills it.
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, start_new_session=True)
        try:
            out, err = self.process.communicate(timeout=limit + GRACE)
            code = self.process.returncode
        except subprocess.TimeoutExpired:
            self.kill()
            out, err = self.process.communicate()
            code = None
        finally:
            self.kill()
        seconds = time.perf_counter() - started
        self.process = None
        return seconds, code, out, err


def solve(runner, binary, path, limit, extra):
    """(status, seconds, pathsat's seconds or "", note) of one graph."""
    n, edges = read_hcp(path)
    argv = [binary, "solve", path, "--timeout", f"{limit:g}", "--format", "json", *extra]
    seconds, code, out, err = runner.run(argv, limit)
    if code is None:
        return "timeout", seconds, "", f"killed after {seconds:.1f} s (LIMIT + {GRACE:g} s)"
    last = (err.strip().splitlines() or [""])[-1][:200]
    if code != 0:
        return "error", seconds, "", f"exit {code}: {last}"
    try:
        report = json.loads(out)
    except json.JSONDecodeError:
        return "error", seconds, "", f"no JSON on stdout: {out.strip()[:100]!r} {last}"
    own = report.get("stats", {}).get("total_seconds", "")
    own = f"{own:.3f}" if isinstance(own, (int, float)) else ""
    status = report.get("status")
    if status == "sat":
        wrong = check_cycle(n, edges, report.get("order"))
        if wrong:
            return "WRONG", seconds, own, wrong
        note = f"{seconds - limit:.2f} s past LIMIT" if seconds > limit else ""
        return "solved", seconds, own, note
    if status == "unsat":
        return "WRONG", seconds, own, "reported non-Hamiltonian"
    if status == "unknown":
        stopped = report.get("stopped", "")
        if stopped == "timeout":
            return "timeout", seconds, own, ""
        return "unknown", seconds, own, f"stopped: {stopped}"
    return "error", seconds, own, f"status {status!r}"


def published_seconds(value):
    """The published CPU seconds as a float, None for TO or a graph not in the index."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def summary(rows, limit, out, index):
    """Print the summary of the rows run (dicts with the TSV's columns), beside the published
    best single configuration and the best of its 21 configurations graph by graph (INDEX.tsv's
    cegar_best_any_cpu_s)."""
    total = len(rows)
    print(f"\n{total} graphs, limit {limit:g} s; results in {show(out)}")
    if not total:
        return
    by_status = {}
    for r in rows:
        by_status[r["status"]] = by_status.get(r["status"], 0) + 1
    print("  " + ", ".join(f"{k} {v}" for k, v in sorted(by_status.items())))
    ours = {r["graph"] for r in rows if r["status"] == "solved"}
    par2 = sum(float(r["seconds"]) if r["graph"] in ours else 2 * limit for r in rows) / total
    known = [r for r in rows if r["published_single_cpu_s"] != "-"]
    pub_time = {r["graph"]: published_seconds(r["published_single_cpu_s"]) for r in known}

    def published_within(t):
        return {g for g, s in pub_time.items() if s is not None and s <= t}

    any_time = {g: published_seconds(index[g].get("cegar_best_any_cpu_s"))
                for g in pub_time if g in index}

    def any_within(t):
        return {g for g, s in any_time.items() if s is not None and s <= t}

    def par2_of(times, solved):
        return sum(times[g] if g in solved else 2 * limit for g in times) / len(times)

    theirs = published_within(limit)
    pub_par2 = par2_of(pub_time, theirs) if known else None
    any_par2 = par2_of(any_time, any_within(limit)) if any_time else None
    print(f"{'':34} {'pathsat':>9} {'published':>10} {'any of 21':>10}")
    print(f"{f'solved within {limit:g} s':34} {len(ours):>5}/{total:<3} "
          f"{len(theirs):>6}/{len(known):<3} {len(any_within(limit)):>6}/{len(any_time):<3}")
    print(f"{'PAR-2 (s)':34} {par2:>9.2f} "
          + (f"{pub_par2:>10.2f}" if pub_par2 is not None else f"{'-':>10}")
          + (f" {any_par2:>10.2f}" if any_par2 is not None else f" {'-':>10}"))
    if not known:
        print("(no published figures for these graphs: no INDEX.tsv, or graphs not in it)")
        return
    both = [r["graph"] for r in known]
    only_ours = sorted((g for g in ours if g in pub_time and g not in theirs), key=graph_key)
    only_theirs = sorted((g for g in theirs if g not in ours), key=graph_key)
    print(f"{'solved by pathsat alone':34} {len(only_ours):>9}"
          + (f"  ({', '.join(only_ours[:12])}{', ...' if len(only_ours) > 12 else ''})"
             if only_ours else ""))
    print(f"{'solved by the published alone':34} {'':>9} {len(only_theirs):>10}"
          + (f"  ({', '.join(only_theirs[:12])}{', ...' if len(only_theirs) > 12 else ''})"
             if only_theirs else ""))
    wall = {r["graph"]: float(r["seconds"]) for r in rows if r["graph"] in ours}
    others = [t for t in (10, 30, 60, 1800) if t != limit]
    if others:
        print("at other limits (pathsat from this run's wall clock, up to LIMIT only):")
        for t in others:
            within = sum(1 for g in both if wall.get(g, float("inf")) <= t)
            mine = f"{within:>5}/{len(both):<3}" if t < limit else f"{'-':>9}"
            label = f"  solved within {t:g} s"
            print(f"{label:34} {mine} {len(published_within(t)):>6}/{len(both):<3}"
                  f" {len(any_within(t)):>6}/{len(any_time):<3}")
    print("(published: best single CEGAR configuration on CaDiCaL; any of 21: the best of its 21\n"
          " configurations graph by graph; CPU seconds, other hardware)")


def against(rows, limit, reference):
    """Print the graphs of `rows` that `reference` (an earlier run's TSV) solved within `limit`
    seconds of wall clock and this run did not, and the other way round."""
    with open(reference) as f:
        theirs = {r["graph"]: r for r in (dict(zip(COLUMNS, line.rstrip("\n").split("\t")))
                                          for line in list(f)[1:]) if r.get("graph")}

    def solved(r):
        return r is not None and r["status"] == "solved" and float(r["seconds"]) <= limit

    graphs = [r["graph"] for r in rows if r["graph"] in theirs]
    now = {r["graph"]: r for r in rows}
    lost = [g for g in graphs if solved(theirs[g]) and not solved(now[g])]
    gained = [g for g in graphs if solved(now[g]) and not solved(theirs[g])]
    print(f"against {show(reference)} ({len(graphs)} graphs in both, within {limit:g} s): "
          f"{len(lost)} lost, {len(gained)} gained")
    for label, names in (("lost", lost), ("gained", gained)):
        if names:
            print(f"  {label}: " + ", ".join(
                f"{g} ({theirs[g]['seconds']} s before, {now[g]['status']} "
                f"{now[g]['seconds']} s now)" for g in names))


def show(path):
    """A path relative to the current directory when under it, else absolute."""
    rel = os.path.relpath(path)
    return os.path.abspath(path) if rel.startswith("..") else rel


def graph_key(name):
    digits = "".join(c for c in name if c.isdigit())
    return (int(digits) if digits else 0, name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("limit", type=float, metavar="LIMIT", help="seconds per graph")
    ap.add_argument("source", nargs="?", metavar="SOURCE",
                    help="a .tar.xz or a directory of .hcp files (default "
                         "../shared/fhcp/train.tar.xz)")
    ap.add_argument("--every", type=int, default=1, metavar="K",
                    help="every K-th graph in size order, from the first (default 1: all)")
    ap.add_argument("--graphs", metavar="NAMES", help="a comma list, e.g. graph1,graph3")
    ap.add_argument("--pathsat", default=os.path.join(ROOT, "target", "release", "pathsat"),
                    metavar="PATH", help="the binary (default target/release/pathsat)")
    ap.add_argument("--out", metavar="FILE.tsv", help="default target/fhcp/results-LIMIT.tsv")
    ap.add_argument("--extra", default="", metavar="ARGS",
                    help="options passed on to pathsat solve, one string: "
                         "--extra='--solver cadical'")
    ap.add_argument("--resume", action="store_true",
                    help="keep the rows already in --out and run only the graphs missing there")
    ap.add_argument("--against", metavar="REFERENCE.tsv",
                    help="an earlier run's TSV (e.g. benches/fhcp-results/...): name the graphs "
                         "it solved within LIMIT that this run did not, and the other way")
    ap.add_argument("--index", default=os.path.join(SHARED, "INDEX.tsv"), metavar="PATH",
                    help="sha256 and published times (default ../shared/fhcp/INDEX.tsv)")
    args = ap.parse_args()
    # Ctrl-C (even when started in the background, SIGINT ignored) and SIGTERM stop the run,
    # kill the pathsat process and print the summary of the graphs done.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    if args.limit <= 0 or args.every < 1:
        ap.error("LIMIT must be positive and --every at least 1")
    limit = args.limit
    extra = shlex.split(args.extra)
    out = args.out or os.path.join(CACHE, f"results-{limit:g}.tsv")
    if not os.access(args.pathsat, os.X_OK):
        sys.exit(f"no pathsat at {args.pathsat}: `cargo build --release`, or --pathsat PATH")

    source = args.source or os.path.join(SHARED, "train.tar.xz")
    if os.path.isdir(source):
        directory = source
    elif os.path.isfile(source):
        directory = unpack(source)
    else:
        sys.exit(f"no graphs at {source}: give a .tar.xz or a directory of .hcp files")
    paths = find_graphs(directory)
    if not paths:
        sys.exit(f"no .hcp files in {directory}")
    index = read_index(args.index)

    names = sorted(paths, key=lambda g: (int(index[g]["n"]) if g in index else 0, graph_key(g)))
    if args.graphs:
        wanted = [g.strip() for g in args.graphs.split(",") if g.strip()]
        missing = [g for g in wanted if g not in paths]
        if missing:
            sys.exit(f"not in {directory}: {', '.join(missing)}")
        names = [g for g in names if g in set(wanted)]
    names = names[:: args.every]

    for g in names:
        if g in index and sha256(paths[g]) != index[g]["sha256"]:
            sys.exit(f"{paths[g]}: sha256 differs from {args.index}"
                     + (f"; delete {show(directory)} to unpack it again"
                        if directory != source else ""))

    done = {}
    if args.resume and os.path.exists(out):
        with open(out) as f:
            header = f.readline().rstrip("\n").split("\t")
            if header != COLUMNS:
                sys.exit(f"{out} has other columns: cannot --resume it")
            for line in f:
                row = dict(zip(COLUMNS, line.rstrip("\n").split("\t")))
                if row.get("graph"):
                    done[row["graph"]] = row
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    table = open(out, "a" if done else "w")
    if not done:
        table.write("\t".join(COLUMNS) + "\n")
        table.flush()

    command = " ".join(shlex.quote(a) for a in
                       [show(args.pathsat), "solve", "GRAPH", "--timeout", f"{limit:g}",
                        "--format", "json", *extra])
    todo = [g for g in names if g not in done]
    print(f"{len(names)} graphs ({len(names) - len(todo)} already in {show(out)}); "
          f"{command}", file=sys.stderr)
    rows = [done[g] for g in names if g in done]
    runner = Runner()
    interrupted = False
    try:
        for i, g in enumerate(todo, 1):
            path = paths[g]
            if g in index:
                n, m = index[g]["n"], index[g]["m"]
            else:
                n_, edges = read_hcp(path)
                n, m = str(n_), str(len(edges))
            published = index[g]["cegar_best_single_cpu_s"] if g in index else "-"
            status, seconds, own, note = solve(runner, args.pathsat, path, limit, extra)
            row = {"graph": g, "n": n, "m": m, "status": status, "seconds": f"{seconds:.3f}",
                   "published_single_cpu_s": published, "pathsat_s": own,
                   "note": note.replace("\t", " ").replace("\n", " ")}
            table.write("\t".join(row[c] for c in COLUMNS) + "\n")
            table.flush()
            rows.append(row)
            print(f"[{i}/{len(todo)}] {g:10} n={n:>5} {status:8} {seconds:7.2f} s"
                  + (f"  {note}" if note else ""), file=sys.stderr)
    except KeyboardInterrupt:
        runner.kill()
        interrupted = True
        print("\ninterrupted: the summary of the graphs run", file=sys.stderr)
    finally:
        table.close()
    rows.sort(key=lambda r: names.index(r["graph"]))
    summary(rows, limit, out, index)
    if args.against:
        against(rows, limit, args.against)
    wrong = [r["graph"] for r in rows if r["status"] == "WRONG"]
    errors = [r["graph"] for r in rows if r["status"] == "error"]
    if wrong:
        print(f"WRONG answers: {', '.join(wrong)}", file=sys.stderr)
    if errors:
        print(f"failed runs: {', '.join(errors)}", file=sys.stderr)
    if interrupted:
        return 130
    return 1 if wrong else 3 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
