#!/usr/bin/env python3
"""The web server under long runs: latency of small requests while two long counts run, and the
server's memory before, during and after them.

Starts `pathsat serve` (release build) on a free port, in worker mode (the default: each run in
a worker process of its own) and, for comparison, with `--in-process`. For each:
  1. idle: the server's resident memory; 100 small solves (a 5x5 Numbrix), ten a second,
     their latency (median, 99th percentile);
  2. two long counts started together (the 7x7 knight's open tours by the frontier program,
     about 450 MiB; the crowded 8x8 king's board by SAT cubes for 20 s), and small solves sent
     ten a second while they run: their latency, and the server's memory (and its workers') at
     its peak;
  3. after the counts answered: the server's memory, and whether any worker is left.

usage: python3 benches/server_load.py [--binary target/release/pathsat] [--small 100]
"""
import argparse
import json
import os
import statistics
import subprocess
import threading
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

NUMBRIX = """moves = "rook"
grid = \"\"\"
 .  .  .  .  .
 .  1  .  9  .
 .  .  .  .  .
 .  .  .  .  .
25  .  .  .  .
\"\"\"
"""

KNIGHT_7X7 = 'moves = "knight"\ngrid = """\n' + "\n".join([" ".join(["."] * 7)] * 7) + '\n"""\n'


def rss(pid):
    """Resident bytes of a process, 0 when it is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def children(pid):
    """The pids of the direct children of `pid`."""
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def post(port, route, body, timeout=120):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{route}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            status, text = reply.status, reply.read()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read()
    return status, text, time.perf_counter() - started


def small_solves(port, n, stop=None, every=0.1):
    """Latencies of small solves, one every `every` seconds (or right after the last one, if it
    took longer), `n` of them or until `stop` is set."""
    latencies = []
    while (stop is None and len(latencies) < n) or (stop is not None and not stop.is_set()):
        status, _, seconds = post(port, "/api/solve", {"puzzle": NUMBRIX})
        assert status == 200, status
        latencies.append(seconds)
        time.sleep(max(0.0, every - seconds))
    return latencies


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def mib(n):
    return f"{n / 2**20:.1f} MiB"


def run(binary, mode_args, small):
    server = subprocess.Popen(
        [binary, "serve", "--port", "0", "--time-limit", "60", *mode_args],
        stdout=subprocess.PIPE,
        text=True,
    )
    line = server.stdout.readline()
    port = int(line.split("http://")[1].split("/")[0].split(":")[1])
    try:
        post(port, "/api/solve", {"puzzle": NUMBRIX})  # warm up
        idle = rss(server.pid)
        quiet = small_solves(port, small)
        results = {}
        peak = [0, 0]

        def long_count(name, body):
            status, text, seconds = post(port, "/api/count", body)
            report = json.loads(text)
            results[name] = (status, report.get("count"), report.get("stopped"), seconds)

        counts = [
            threading.Thread(target=long_count, args=("knight-7x7 (frontier)", {
                "puzzle": KNIGHT_7X7, "method": "dp"})),
            threading.Thread(target=long_count, args=("king-8x8-crowded (cubes, 20 s)", {
                "puzzle": open(os.path.join(ROOT, "fixtures/large/king-8x8-crowded.toml")).read(),
                "method": "sat", "timeout": 20})),
        ]
        stop = threading.Event()

        def watch():
            while not stop.is_set():
                peak[0] = max(peak[0], rss(server.pid))
                peak[1] = max(peak[1], rss(server.pid) + sum(rss(c) for c in children(server.pid)))
                time.sleep(0.05)

        watcher = threading.Thread(target=watch)
        watcher.start()
        for c in counts:
            c.start()
        time.sleep(0.5)
        busy = []
        sender = threading.Thread(target=lambda: busy.extend(small_solves(port, 0, stop)))
        sender.start()
        for c in counts:
            c.join()
        stop.set()
        sender.join()
        watcher.join()
        time.sleep(1.0)
        after = rss(server.pid)
        left = children(server.pid)
        return {
            "idle": idle, "quiet": quiet, "busy": busy, "peak_server": peak[0],
            "peak_all": peak[1], "after": after, "left": left, "counts": results,
        }
    finally:
        server.terminate()
        server.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, "target/release/pathsat"))
    parser.add_argument("--small", type=int, default=100)
    args = parser.parse_args()
    for name, mode_args in [("workers", []), ("in-process", ["--in-process"])]:
        r = run(args.binary, mode_args, args.small)
        print(f"## {name}")
        for count, (status, n, stopped, seconds) in r["counts"].items():
            print(f"  {count}: HTTP {status}, count {n}, stopped {stopped}, {seconds:.1f} s")
        print(f"  small solves, idle:       {len(r['quiet'])} sent, p50 {ms(statistics.median(r['quiet']))}, "
              f"p99 {ms(percentile(r['quiet'], 99))}")
        print(f"  small solves, 2 counts:   {len(r['busy'])} sent, p50 {ms(statistics.median(r['busy']))}, "
              f"p99 {ms(percentile(r['busy'], 99))}")
        print(f"  server memory: idle {mib(r['idle'])}, peak {mib(r['peak_server'])} "
              f"(with its workers {mib(r['peak_all'])}), 1 s after the counts {mib(r['after'])}; "
              f"worker processes then: {len(r['left'])} (in worker mode, the spare waiting for the "
              f"next run)")


if __name__ == "__main__":
    main()
