"""The static site's budgets (issue 61), measured in headless Chromium on this machine: the
module's size after gzip, the page's load and its engine's readiness on loopback, and the first
answer on the seed puzzles in the browser against the native command line's whole-process time.

    just web-static && cargo build --release && python3 benches/web.py [--runs 5]

Each browser figure is the median over RUNS fresh page loads; the first answer is the first
request of a fresh page once its engine is ready (the module downloaded and compiled), timed
inside the page from the request to the reply, and also counted from the page's navigation
(page load, module download and compile included). Prints a Markdown table.
"""

import argparse
import functools
import gzip
import http.server
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import conftest  # noqa: E402  (the browser tests' static file server and paths)

SEEDS = ["rook-primes-tour", "hidato-188", "knight-8x8-closed"]

ANSWER = """
const [text, file, done] = arguments;
const started = performance.now();
send("/api/solve", { puzzle: text, file }).then((r) => {
  done({ ms: performance.now() - started, status: JSON.parse(r.text).status, ok: r.ok });
}, (e) => done({ error: String(e) }));
"""

READY = """
const done = arguments[0];
engineLimits().then(() => done(performance.now()), (e) => done(String(e)));
"""


def native_seconds(binary, file, runs):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([str(binary), "solve", str(file)], check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    folder = conftest.static_site()
    wasm = folder / "pathsat_web_bg.wasm"
    if not wasm.exists():
        sys.exit(f"{folder} has no static site: run `just web-static` first")
    binary = conftest.pathsat_binary()
    raw = wasm.read_bytes()
    print(f"module: {len(raw) / 1e6:.2f} MB, {len(gzip.compress(raw, 9)) / 1e6:.2f} MB gzipped")

    handler = functools.partial(conftest.QuietFiles, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                              options=options)
    driver.set_script_timeout(120)
    try:
        loads, readies = [], []
        warm = {seed: [] for seed in SEEDS}
        cold = {seed: [] for seed in SEEDS}
        for _ in range(args.runs):
            for seed in SEEDS:
                text = (ROOT / "fixtures" / "seeds" / f"{seed}.toml").read_text()
                driver.get("about:blank")
                driver.get(url)
                timing = driver.execute_script(
                    "const t = performance.getEntriesByType('navigation')[0];"
                    "return [t.domContentLoadedEventEnd, t.loadEventEnd];")
                loads.append(timing[1])
                readies.append(driver.execute_async_script(READY))
                first = driver.execute_async_script(ANSWER, text, f"{seed}.toml")
                assert "error" not in first and first["ok"], first
                assert first["status"] == "sat", first
                warm[seed].append(first["ms"])
                cold[seed].append(driver.execute_script("return performance.now();"))
        print(f"page loaded (load event): {statistics.median(loads):.0f} ms; "
              f"engine ready: {statistics.median(readies):.0f} ms after navigation")
        print()
        print("| seed | native whole-process | browser, first answer | ratio | browser, from navigation |")
        print("|---|---|---|---|---|")
        for seed in SEEDS:
            native = native_seconds(binary, ROOT / "fixtures" / "seeds" / f"{seed}.toml", args.runs)
            browser = statistics.median(warm[seed]) / 1000
            print(f"| {seed} | {native * 1000:.0f} ms | {browser * 1000:.0f} ms | "
                  f"{browser / native:.1f}x | {statistics.median(cold[seed]):.0f} ms |")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
