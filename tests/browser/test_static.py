"""The static site (`just web-static`) in a real browser, beyond what both engines share (the
page's tests and the examples' run on both): Stop ends a run of the module within a second and
the next run answers, a puzzle travels in a link's fragment, the page, served by a plain file
server, makes no API call, and it also works opened from disk (file://, no server at all).

Run: just web-static && python3 -m pytest -q tests/browser/test_static.py
"""

import time

import pytest
from selenium.webdriver.common.by import By

from test_page import NUMBRIX_GIVENS, check_path, draw_numbrix, new_board, read_answer, rook
from test_page import status, type_givens, wait

from conftest import static_site


@pytest.fixture()
def static_page(static_server, browser):
    browser.get(static_server)
    # The engine is ready: the footer shows the module's limits.
    wait(browser, lambda d: d.find_element(By.ID, "limits").text != "", 30)
    browser.engine = "static"
    return browser


def api_calls(driver):
    urls = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name);")
    return [u for u in urls if "/api/" in u]


def test_the_footer_says_the_page_runs_in_the_browser(static_page):
    footer = static_page.find_element(By.TAG_NAME, "footer").text
    assert "running in this browser (WebAssembly)" in footer, footer
    assert "boards up to 2500 cells" in footer, footer


def test_stop_ends_a_long_count_within_a_second_and_the_next_run_answers(static_page):
    page = static_page
    # 7x7 king moves with a given in the middle: far too many paths to enumerate in the time.
    new_board(page, 7, 7, "king")
    type_givens(page, {(3, 3): 20})
    page.find_element(By.ID, "count").click()
    wait(page, lambda d: "found" in d.find_element(By.ID, "progress-text").text, 30)
    stop = page.find_element(By.ID, "cancel")
    assert stop.text == "Stop" and stop.is_displayed()
    started = time.monotonic()
    stop.click()
    wait(page, lambda d: status(d) == "Count cancelled.", 5)
    stopped = time.monotonic() - started
    assert stopped < 1.0, f"Stop took {stopped:.2f} s"
    # A new worker answers the next request.
    draw_numbrix(page)
    page.find_element(By.ID, "solve").click()
    wait(page, lambda d: status(d).startswith("Solved"), 30)
    check_path(read_answer(page), NUMBRIX_GIVENS, rook)
    assert not api_calls(page)


def test_a_puzzle_travels_in_the_links_fragment(static_page, static_server):
    page = static_page
    draw_numbrix(page)
    page.find_element(By.ID, "share").click()
    url = page.find_element(By.ID, "share-url").get_attribute("value")
    assert url.startswith(static_server) and "#puzzle=" in url, url
    # A fresh page opened from the link has the puzzle, and solves it.
    page.get("about:blank")
    page.get(url)
    wait(page, lambda d: status(d).startswith("Loaded"), 30)
    text = page.find_element(By.ID, "puzzle-text").get_attribute("value")
    assert 'moves = "rook"' in text and "25" in text, text
    page.find_element(By.ID, "solve").click()
    wait(page, lambda d: status(d).startswith("Solved"), 30)
    check_path(read_answer(page), NUMBRIX_GIVENS, rook)
    assert not api_calls(page)


def test_the_page_opened_from_disk_solves_and_counts(browser):
    page = browser
    page.get((static_site() / "index.html").resolve().as_uri())
    wait(page, lambda d: d.find_element(By.ID, "limits").text != "", 30)
    draw_numbrix(page)
    page.find_element(By.ID, "solve").click()
    wait(page, lambda d: status(d).startswith("Solved"), 30)
    check_path(read_answer(page), NUMBRIX_GIVENS, rook)
    page.find_element(By.ID, "count").click()
    # fixtures/small/numbrix-5x5.toml: 2 fillings, counted by brute force in the Rust tests.
    wait(page, lambda d: d.find_element(By.ID, "status").get_attribute("class") == "ok", 30)
    assert status(page).startswith("2 solutions"), status(page)
    urls = page.execute_script("return performance.getEntriesByType('resource').map((e) => e.name);")
    assert all(u.startswith(("file:", "blob:", "data:")) for u in urls), urls
