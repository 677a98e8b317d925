#!/usr/bin/env python3
"""A bounded load test of `pathsat serve` on loopback, with the standard library only.

1. 200 small solves sent at once to a server whose cap allows them (--max-concurrent 256):
   every one must be answered 200 with a solution; latencies reported.
2. The same 200 against the default cap: every one answered, 200 or 503 (busy, try again),
   none hanging or dropped; counts and latencies reported.
3. A flood of hostile requests while a normal solve is sent every 0.25 s: bodies declared or
   streamed far beyond the 1 MiB limit, bad JSON, unknown routes, slowloris clients sending
   their headers a byte at a time, and idle connections. Every normal solve must be answered
   200 within 2 s, and every hostile request must get its 4xx (or be cut off) within bounds.

Usage: python3 tests/browser/load_test.py [--bin target/release/pathsat]
Exit status 0 when every expectation holds. It runs about half a minute.
"""

import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SMALL = 'moves = "rook"\ngrid = """\n1 . . .\n. . . .\n. . . 16\n. . . .\n"""\n'


def default_binary():
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return os.environ.get("PATHSAT_BIN") or str(target / "release" / "pathsat")


def start(binary, *flags):
    process = subprocess.Popen([binary, "serve", "--port", "0", *flags],
                               stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", line).group(1))
    return process, port


def http(port, method, path, body=b"", headers=None, timeout=30):
    """One request on a fresh connection; (status, body text), status 0 when the connection
    failed or was closed without a reply."""
    head = f"{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
    for k, v in (headers or {}).items():
        head += f"{k}: {v}\r\n"
    if body or method == "POST":
        head += f"Content-Length: {len(body)}\r\n"
    data = head.encode() + b"\r\n" + body
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.sendall(data)
            chunks = []
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
    except OSError:
        return 0, ""
    reply = b"".join(chunks).decode(errors="replace")
    match = re.match(r"HTTP/1\.1 (\d{3})", reply)
    return (int(match.group(1)) if match else 0), reply.partition("\r\n\r\n")[2]


def solve(port):
    body = json.dumps({"puzzle": SMALL}).encode()
    started = time.monotonic()
    status, text = http(port, "POST", "/api/solve", body, {"Content-Type": "application/json"})
    elapsed = time.monotonic() - started
    if status == 200:
        report = json.loads(text)
        assert report["status"] == "sat" and report["solutions"], text
    return status, elapsed


def burst(port, n=200):
    barrier = threading.Barrier(n)

    def one(_):
        barrier.wait()
        return solve(port)

    with ThreadPoolExecutor(max_workers=n) as pool:
        results = list(pool.map(one, range(n)))
    statuses = Counter(s for s, _ in results)
    latencies = sorted(t for _, t in results)
    return statuses, latencies


def describe(latencies):
    q = statistics.quantiles(latencies, n=100)
    return (f"latency min {latencies[0] * 1000:.0f} ms, median {statistics.median(latencies) * 1000:.0f} ms, "
            f"p95 {q[94] * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms")


# ---------------------------------------------------------------------------------------------
# Hostile clients.

def huge_declared(port):
    """Declares 100 MB and starts sending: refused with 413 before the body is read."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 100000000\r\nConnection: close\r\n\r\n" + b"{" * 1000)
            reply = s.recv(4096).decode(errors="replace")
    except OSError:
        return 0
    match = re.match(r"HTTP/1\.1 (\d{3})", reply)
    return int(match.group(1)) if match else 0


def huge_streamed(port):
    """A chunked body with no length that goes past 1 MiB: 413 once the limit is passed."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                      b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
            chunk = b"x" * 65536
            sent = 0
            try:
                while sent < 4 << 20:
                    s.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                    sent += len(chunk)
            except OSError:
                pass  # the server stopped reading: fine
            reply = s.recv(4096).decode(errors="replace")
    except OSError:
        return 0
    match = re.match(r"HTTP/1\.1 (\d{3})", reply)
    return int(match.group(1)) if match else 0


def bad_json(port):
    status, _ = http(port, "POST", "/api/count", b'{"puzzle": [1, 2', {"Content-Type": "application/json"})
    return status


def unknown_route(port):
    status, _ = http(port, "GET", "/etc/passwd")
    return status


def slowloris(port, stop, results):
    """Sends a header line a byte at a time; records how long the server let it hang on."""
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
            s.sendall(b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\n")
            for byte in b"X-Slow: " + b"a" * 200:
                if stop.is_set():
                    break
                s.sendall(bytes([byte]))
                time.sleep(0.5)
    except OSError:
        pass
    results.append(time.monotonic() - started)


def idle(port, stop, results):
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
            s.settimeout(30)
            while not stop.is_set():
                if s.recv(1) == b"":
                    break
    except OSError:
        pass
    results.append(time.monotonic() - started)


def flood(port, seconds=15):
    stop = threading.Event()
    slow_times, idle_times = [], []
    threads = [threading.Thread(target=slowloris, args=(port, stop, slow_times)) for _ in range(150)]
    threads += [threading.Thread(target=idle, args=(port, stop, idle_times)) for _ in range(100)]
    for t in threads:
        t.start()
    hostile = Counter()
    normal = []

    def attackers():
        with ThreadPoolExecutor(max_workers=40) as pool:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                futures = [pool.submit(f, port) for f in
                           [huge_declared] * 5 + [huge_streamed] * 3 + [bad_json] * 20 + [unknown_route] * 10]
                for f, kind in zip(futures, ["declared"] * 5 + ["streamed"] * 3 + ["json"] * 20 + ["route"] * 10):
                    hostile[(kind, f.result())] += 1

    attack = threading.Thread(target=attackers)
    attack.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        normal.append(solve(port))
        time.sleep(0.25)
    attack.join()
    stop.set()
    for t in threads:
        t.join()
    return hostile, normal, slow_times, idle_times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=default_binary())
    args = parser.parse_args()
    failures = []

    process, port = start(args.bin, "--max-concurrent", "256")
    try:
        statuses, latencies = burst(port)
        print(f"200 solves at once, cap 256: {dict(statuses)}; {describe(latencies)}")
        if statuses != Counter({200: 200}):
            failures.append("not every solve under a high enough cap was answered 200")
    finally:
        process.terminate()
        process.wait()

    process, port = start(args.bin)
    try:
        statuses, latencies = burst(port)
        print(f"200 solves at once, default cap: {dict(statuses)}; {describe(latencies)}")
        if set(statuses) - {200, 503} or sum(statuses.values()) != 200:
            failures.append("some solve under the default cap got neither 200 nor 503")
        if latencies[-1] > 10:
            failures.append("a solve under the default cap took more than 10 s")

        hostile, normal, slow_times, idle_times = flood(port)
        kinds = {}
        for (kind, status), n in sorted(hostile.items()):
            kinds.setdefault(kind, {})[status] = n
        print(f"hostile requests by kind and status: {kinds}")
        expected = {"declared": {413}, "streamed": {413, 0}, "json": {400}, "route": {404}}
        for kind, statuses in kinds.items():
            if set(statuses) - expected[kind]:
                failures.append(f"{kind}: unexpected statuses {statuses}")
        normal_statuses = Counter(s for s, _ in normal)
        normal_latencies = sorted(t for _, t in normal)
        print(f"normal solves during the flood: {dict(normal_statuses)}; {describe(normal_latencies)}")
        if normal_statuses != Counter({200: len(normal)}) or normal_latencies[-1] > 2:
            failures.append("a normal solve during the flood was not answered 200 within 2 s")
        print(f"slowloris clients (150) cut off after {min(slow_times):.1f} to {max(slow_times):.1f} s; "
              f"idle connections (100) closed after {min(idle_times):.1f} to {max(idle_times):.1f} s")
        if max(slow_times) > 15:
            failures.append("a slowloris client was kept for more than 15 s")
        status, _ = solve(port)
        if status != 200:
            failures.append("the server did not answer after the flood")
    finally:
        process.terminate()
        process.wait()

    for failure in failures:
        print(f"FAIL: {failure}")
    print("load test: ok" if not failures else "load test: failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
