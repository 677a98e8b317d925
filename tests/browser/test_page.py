"""The page in a real browser: headless Chromium draws a 5x5 Numbrix by clicking and typing,
solves it, reads the answer back from the page and checks it with a checker of its own (no
code shared with pathsat); asks Unique?, draws random solutions, counts, cancels a long count,
generates, and shows a toy board's clauses. Each state is saved as a screenshot
(PATHSAT_SCREENSHOTS).

Run: cargo build --release && python3 -m pytest -q tests/browser
"""

import re
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import Select, WebDriverWait

NUMBRIX_GIVENS = {(0, 0): 1, (0, 4): 25, (2, 2): 13, (4, 4): 21}


def check_path(grid, givens, adjacent):
    """Independent check of a filling: 1..N once each, consecutive values adjacent, givens kept."""
    where = {}
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if value is None:
                continue
            assert value not in where, f"{value} appears twice"
            where[value] = (r, c)
    n = len(where)
    assert sorted(where) == list(range(1, n + 1)), f"values are not 1..{n}: {sorted(where)}"
    for k in range(1, n):
        assert adjacent(where[k], where[k + 1]), f"{k} at {where[k]}, {k + 1} at {where[k + 1]}"
    for cell, value in givens.items():
        assert grid[cell[0]][cell[1]] == value, f"given {value} at {cell} not kept"


def rook(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def wait(driver, condition, seconds=30):
    return WebDriverWait(driver, seconds).until(condition)


def status(driver):
    return driver.find_element(By.ID, "status").text


def new_board(driver, rows, cols, moves):
    for field, value in (("rows", rows), ("cols", cols)):
        box = driver.find_element(By.ID, field)
        box.clear()
        box.send_keys(str(value))
    driver.find_element(By.ID, "resize").click()
    Select(driver.find_element(By.ID, "moves")).select_by_value(moves)


def cell(driver, r, c):
    return driver.find_element(By.CSS_SELECTOR, f'#board .cell[data-row="{r}"][data-col="{c}"]')


def type_givens(driver, givens):
    driver.find_element(By.CSS_SELECTOR, 'input[name="tool"][value="given"]').click()
    for (r, c), value in givens.items():
        box = cell(driver, r, c)
        box.click()
        box.send_keys(str(value))


def read_answer(driver, k=1):
    rows = driver.find_elements(By.CSS_SELECTOR, f"#answer-{k} tr")
    grid = []
    for row in rows:
        grid.append([int(td.text) if td.text.strip() else None
                     for td in row.find_elements(By.TAG_NAME, "td")])
    return grid


def requested_urls(driver):
    """Every URL the browser requested since the log was last read (Chrome's performance log)."""
    import json

    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def draw_numbrix(driver):
    new_board(driver, 5, 5, "rook")
    type_givens(driver, NUMBRIX_GIVENS)
    text = driver.find_element(By.ID, "puzzle-text").get_attribute("value")
    assert 'moves = "rook"' in text and "25" in text, text


def test_draw_solve_and_read_the_answer_back(page, site, screenshots):
    draw_numbrix(page)
    page.find_element(By.ID, "solve").click()
    wait(page, lambda d: status(d).startswith("Solved"))
    grid = read_answer(page)
    assert len(grid) == 5 and all(len(row) == 5 for row in grid), grid
    check_path(grid, NUMBRIX_GIVENS, rook)
    wait(page, ec.presence_of_element_located((By.ID, "picture-img")))
    # The picture is the server's SVG of the same solution, loaded as an image.
    wait(page, lambda d: d.execute_script(
        "const i = document.getElementById('picture-img'); return i.complete && i.naturalWidth > 0;"))
    page.save_screenshot(str(screenshots / "1-solved.png"))
    requested = requested_urls(page)
    url, engine = site
    if engine == "server":
        assert any(u.endswith("/api/solve") for u in requested), requested
    else:
        # The answer came from the module in the browser: no API call at all.
        assert not [u for u in requested if "/api/" in u], requested
    foreign = [u for u in requested if not u.startswith((url, "blob:", "data:"))]
    assert not foreign, f"the page reached beyond its server: {foreign}"


def test_unique_shows_two_solutions_and_where_they_differ(page, screenshots):
    draw_numbrix(page)
    page.find_element(By.ID, "unique").click()
    wait(page, lambda d: status(d).startswith("Not unique"))
    first, second = read_answer(page, 1), read_answer(page, 2)
    check_path(first, NUMBRIX_GIVENS, rook)
    check_path(second, NUMBRIX_GIVENS, rook)
    differing = {(r, c) for r in range(5) for c in range(5) if first[r][c] != second[r][c]}
    assert differing
    marked = {(int(td.get_attribute("data-row")), int(td.get_attribute("data-col")))
              for td in page.find_elements(By.CSS_SELECTOR, "#answer-1 td.differs")}
    assert marked == differing
    wait(page, ec.presence_of_element_located((By.ID, "picture-img")))
    time.sleep(0.3)
    page.save_screenshot(str(screenshots / "2-not-unique.png"))


def test_count(page, screenshots):
    draw_numbrix(page)
    page.find_element(By.ID, "count").click()
    # fixtures/small/numbrix-5x5.toml: 2 fillings, counted by brute force in the Rust tests.
    wait(page, lambda d: d.find_element(By.ID, "status").get_attribute("class") == "ok")
    assert status(page).startswith("2 solutions"), status(page)
    page.save_screenshot(str(screenshots / "3-counted.png"))


def test_random_solution_draws_a_solution_with_a_fresh_seed_each_click(page, screenshots):
    # An empty 4x4 rook board: 552 fillings (276 paths, each both ways), drawn by the frontier
    # program's tables.
    new_board(page, 4, 4, "rook")
    lines = []
    for _ in range(2):
        page.find_element(By.ID, "random").click()
        wait(page, lambda d: "drawn uniformly" in status(d) and status(d) not in lines)
        line = status(page)
        assert re.fullmatch(r"A random solution, drawn uniformly from 552 \(seed \d+\)\.", line), line
        assert page.find_element(By.ID, "status").get_attribute("class") == "ok"
        grid = read_answer(page)
        assert len(grid) == 4 and all(len(row) == 4 for row in grid), grid
        check_path(grid, {}, rook)
        caption = page.find_element(By.CSS_SELECTOR, "#answers figcaption").text
        assert caption == "a random solution", caption
        lines.append(line)
    # Each click drew with a seed of its own (the same twice: one chance in 2^32).
    assert lines[0] != lines[1], lines
    wait(page, ec.presence_of_element_located((By.ID, "picture-img")))
    time.sleep(0.3)
    page.save_screenshot(str(screenshots / "3-random-solution.png"))


def test_a_long_count_shows_progress_and_cancels(page, screenshots):
    # 7x7 king moves with a given in the middle: far too many paths to enumerate in the time.
    new_board(page, 7, 7, "king")
    type_givens(page, {(3, 3): 20})
    page.find_element(By.ID, "count").click()
    wait(page, lambda d: "found" in d.find_element(By.ID, "progress-text").text, 30)
    cancel = page.find_element(By.ID, "cancel")
    assert cancel.is_displayed()
    page.save_screenshot(str(screenshots / "4-count-progress.png"))
    cancel.click()
    wait(page, lambda d: status(d) == "Count cancelled.", 10)
    # The server let go of the count: the next run answers at once.
    draw_numbrix(page)
    started = time.monotonic()
    page.find_element(By.ID, "solve").click()
    wait(page, lambda d: status(d).startswith("Solved"), 10)
    assert time.monotonic() - started < 10


def test_generate_then_solve(page, screenshots):
    new_board(page, 6, 6, "rook")
    Select(page.find_element(By.ID, "difficulty")).select_by_value("easy")
    page.find_element(By.ID, "seed").send_keys("7")
    page.find_element(By.ID, "generate").click()
    wait(page, lambda d: status(d).startswith("Generated"), 60)
    givens = {}
    for box in page.find_elements(By.CSS_SELECTOR, "#board .cell.given"):
        givens[(int(box.get_attribute("data-row")), int(box.get_attribute("data-col")))] = int(
            box.get_attribute("value"))
    assert givens, "a generated puzzle has givens"
    assert len(page.find_elements(By.CSS_SELECTOR, "#board .cell")) == 36
    wait(page, ec.presence_of_element_located((By.ID, "picture-img")))
    time.sleep(0.3)
    page.save_screenshot(str(screenshots / "5-generated.png"))
    page.find_element(By.ID, "unique").click()
    wait(page, lambda d: status(d).startswith("Solved: the solution is unique"))
    check_path(read_answer(page), givens, rook)


def test_encoding_for_teachers(page, screenshots):
    new_board(page, 2, 3, "rook")
    type_givens(page, {(0, 0): 1})
    Select(page.find_element(By.ID, "encoding")).select_by_value("position")
    page.find_element(By.ID, "export").click()
    wait(page, ec.presence_of_element_located((By.CSS_SELECTOR, "ol.clauses li")))
    families = [td.text for td in page.find_elements(By.CSS_SELECTOR, "table.families td:first-child")]
    assert "successor" in families, families
    clauses = [li.text for li in page.find_elements(By.CSS_SELECTOR, "ol.clauses li")]
    assert any("¬x[" in c and " ∨ " in c for c in clauses), clauses[:5]
    assert not page.find_element(By.ID, "download-cnf").get_attribute("disabled")
    page.save_screenshot(str(screenshots / "6-encoding.png"))


def test_bad_puzzle_text_says_what_the_command_line_says(page):
    details = page.find_element(By.ID, "text-box")
    details.click()
    area = page.find_element(By.ID, "puzzle-text")
    area.clear()
    area.send_keys('moves = "rok"\ngrid = "1 ."\n')
    page.find_element(By.ID, "use-text").click()
    wait(page, lambda d: "unknown move rule" in status(d))
    assert status(page).startswith("puzzle.toml:1:9:"), status(page)


def test_a_count_is_held_against_the_texts_expected_count(page):
    """A graph file, sent as its text (an edited grid's text drops its [expect]): the 4-cycle
    has 8 fillings as a tour (4 starts, 2 directions)."""
    square = ('name = "square"\nclosed = true\n[graph]\nvertices = 4\n'
              "edges = [[1, 2], [2, 3], [3, 4], [4, 1]]\n")
    page.find_element(By.ID, "text-box").click()
    area = page.find_element(By.ID, "puzzle-text")
    for expected, verdict, kind in [(8, "It agrees with the file's expected count.", "ok"),
                                    (9, "DISAGREES with the file's expected count, 9.", "error")]:
        area.clear()
        area.send_keys(square + f"[expect]\ncount = {expected}\n")
        page.find_element(By.ID, "use-text").click()
        page.find_element(By.ID, "count").click()
        wait(page, lambda d: d.find_element(By.ID, "status").get_attribute("class") == kind
             and status(d).startswith("8 "))
        assert status(page).endswith(verdict), status(page)


def test_a_graph_file_loads_and_its_cycle_is_shown(page, screenshots):
    from pathlib import Path

    col = Path(__file__).resolve().parents[2] / "fixtures" / "graphs" / "dodecahedron.col"
    edges = set()
    for line in col.read_text().splitlines():
        parts = line.split()
        if parts and parts[0] == "e":
            u, v = int(parts[1]), int(parts[2])
            edges |= {(u, v), (v, u)}
    upload = page.find_element(By.ID, "load")
    page.execute_script("arguments[0].style.display = 'block';", upload)
    upload.send_keys(str(col))
    wait(page, lambda d: status(d) == "Loaded dodecahedron.col.")
    assert page.find_element(By.ID, "graph-note").is_displayed()
    page.find_element(By.ID, "solve").click()
    wait(page, lambda d: status(d).startswith("Solved"))
    text = page.find_element(By.CSS_SELECTOR, "#answers p.order").text
    order = [int(v) for v in text.removeprefix("vertex order:").split("→")]
    assert sorted(order) == list(range(1, 21)), order
    # A Hamiltonian cycle: each step an edge, and back from the last vertex to the first.
    for a, b in zip(order, order[1:] + order[:1]):
        assert (a, b) in edges, (a, b)
    page.save_screenshot(str(screenshots / "7-graph.png"))


def test_forced_cells_show_while_editing(page, screenshots):
    # 1 and 9 in opposite corners of a 3x3 rook board: both paths between them put 5 in the
    # centre, so the page shows it forced; a given 3 beside the 1 has no solution.
    new_board(page, 3, 3, "rook")
    page.find_element(By.ID, "show-forced").click()
    type_givens(page, {(0, 0): 1, (2, 2): 9})
    wait(page, lambda d: "forced" in cell(d, 1, 1).get_attribute("class"))
    assert cell(page, 1, 1).get_attribute("placeholder") == "5"
    assert "forced" not in cell(page, 0, 1).get_attribute("class")
    wait(page, lambda d: "3 of 9 cells forced, 1 beyond" in d.find_element(By.ID, "forced-status").text)
    page.save_screenshot(str(screenshots / "9-forced.png"))
    type_givens(page, {(0, 1): 3})
    wait(page, lambda d: "conflict" in cell(d, 0, 1).get_attribute("class"))
    assert "no solution" in page.find_element(By.ID, "forced-status").text
    page.save_screenshot(str(screenshots / "10-forced-conflict.png"))


def test_hints_fill_the_board_step_by_step(page, screenshots):
    # 1 2 . / . . . / . . 9 on a 3x3 rook board (one step across): each hint fills a cell in
    # blue and says why; after six the board is full, and the page's values make a path.
    new_board(page, 3, 3, "rook")
    type_givens(page, {(0, 0): 1, (0, 1): 2, (2, 2): 9})
    page.find_element(By.ID, "hint").click()
    wait(page, lambda d: "hinted" in cell(d, 0, 2).get_attribute("class"))
    assert cell(page, 0, 2).get_attribute("placeholder") == "3"
    assert "(0, 2) = 3 (pencil marks, medium)" in page.find_element(By.ID, "hint-status").text
    page.save_screenshot(str(screenshots / "11-hint.png"))
    for k in range(5):
        page.find_element(By.ID, "hint").click()
        wait(page, lambda d: f"Hint {k + 2}." == status(d))
    page.find_element(By.ID, "hint").click()
    wait(page, lambda d: "Solved" in d.find_element(By.ID, "hint-status").text)
    grid = [[int(cell(page, r, c).get_attribute("value") or cell(page, r, c).get_attribute("placeholder"))
             for c in range(3)] for r in range(3)]
    check_path(grid, {(0, 0): 1, (0, 1): 2, (2, 2): 9}, rook)
    page.save_screenshot(str(screenshots / "12-hints-solved.png"))


def test_explain_and_print(page, screenshots):
    # The same 3x3 board: (1, 2) = 4 is refuted by propagation; Print saves a PDF.
    new_board(page, 3, 3, "rook")
    type_givens(page, {(0, 0): 1, (0, 1): 2, (2, 2): 9})
    box = page.find_element(By.ID, "explain-cell")
    box.clear()
    box.send_keys("1,2")
    page.find_element(By.ID, "explain").click()
    wait(page, lambda d: "(1, 2) = 4" in d.find_element(By.ID, "explain-view").text)
    view = page.find_element(By.ID, "explain-view").text
    assert "every literal false" in view
    items = page.find_elements(By.CSS_SELECTOR, "#explain-view li")
    assert items and items[-1].text.startswith("⊥")
    page.save_screenshot(str(screenshots / "13-explain.png"))
    page.find_element(By.ID, "print").click()
    wait(page, lambda d: status(d).startswith("Saved my-puzzle.pdf"))
