"""Fixtures of the browser tests: a `pathsat serve` started for the session on a free port, the
static site (`just web-static`) served by a plain static file server, and headless Chromium
driven through chromedriver (Debian's `chromium` and `chromium-driver`).

The page's tests run on both engines (the `site` fixture): the server's API, and pathsat in
WebAssembly in the browser, where no request may reach an API.

PATHSAT_BIN names the binary (default: target/release/pathsat, under CARGO_TARGET_DIR when it
is set); PATHSAT_WEB_STATIC the static site's folder (default: target/web-static);
PATHSAT_SCREENSHOTS a directory for the screenshots (default: a new temporary one).
"""

import os
import re
import functools
import http.server
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def pathsat_binary() -> Path:
    if os.environ.get("PATHSAT_BIN"):
        return Path(os.environ["PATHSAT_BIN"])
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "pathsat"


@pytest.fixture(scope="session")
def server():
    """The page's URL, served by a `pathsat serve --port 0` that ends with the session."""
    binary = pathsat_binary()
    if not binary.exists():
        pytest.fail(f"{binary} does not exist: run `cargo build --release` first")
    process = subprocess.Popen(
        [str(binary), "serve", "--port", "0", "--time-limit", "60"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        line = process.stdout.readline()
        match = re.search(r"http://[^ ]+/", line)
        assert match, f"no URL in the server's first line: {line!r}"
        yield match.group(0)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def static_site() -> Path:
    if os.environ.get("PATHSAT_WEB_STATIC"):
        return Path(os.environ["PATHSAT_WEB_STATIC"])
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "web-static"


class QuietFiles(http.server.SimpleHTTPRequestHandler):
    """A static file server that says nothing, with WebAssembly's content type."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def static_server():
    """The static site's URL, served from its folder by Python's file server (no pathsat)."""
    folder = static_site()
    if not (folder / "pathsat_web_bg.wasm").exists():
        pytest.fail(f"{folder} has no static site: run `just web-static` first")
    handler = functools.partial(QuietFiles, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="session", params=["server", "static"])
def site(request):
    """The page's URL and its engine: served by `pathsat serve`, or the static site."""
    fixture = "server" if request.param == "server" else "static_server"
    return request.getfixturevalue(fixture), request.param


@pytest.fixture(scope="session")
def screenshots():
    directory = os.environ.get("PATHSAT_SCREENSHOTS") or tempfile.mkdtemp(prefix="pathsat-page-")
    Path(directory).mkdir(parents=True, exist_ok=True)
    print(f"screenshots in {directory}")
    return Path(directory)


@pytest.fixture(scope="session")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not chromium or not Path(driver_path).exists():
        pytest.fail("the browser tests need Debian's chromium and chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1300",
                "--disable-dev-shm-usage"]:
        options.add_argument(arg)
    # The performance log lists every request the page makes: the tests check that none leaves
    # the server (no CDN, no web fonts).
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture()
def page(site, browser):
    url, engine = site
    # The session's browser keeps one performance log: each test reads only its own requests
    # (a static page's test would otherwise see the API calls of the server's tests before it).
    browser.get_log("performance")
    browser.get(url)
    time.sleep(0.2)
    browser.engine = engine
    return browser
