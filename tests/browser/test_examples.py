"""Every example of the page, pressed in headless Chromium: the Example selector's puzzles come
from crates/server/assets/examples.json (the server appends it to app.js), and this file reads
the same list, so a new example is tested without a line here.

For each example: the selector loads it; the editor's board and the server's picture have the
example's cells; the puzzle text the page sends is the example's puzzle; Solve shows a filling
that a checker of this file (no code shared with pathsat) accepts, and the picture's path is
that filling (or "No solution", when the command line says unsat); Unique? agrees with the
count; Count shows the number `pathsat count` prints for the page's own text, which a
brute-force count of this file establishes too. Besides, every example is a puzzle the server
and the command line accept (the page once offered a Hidato whose given 13 was out of range).
Screenshots: example-ID-loaded.png, -solved.png, -counted.png in PATHSAT_SCREENSHOTS.
"""

import base64
import json
import re
import subprocess
import tomllib
import urllib.request
import xml.etree.ElementTree as ET
from collections import deque

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import ROOT, pathsat_binary

EXAMPLES = json.loads((ROOT / "crates/server/assets/examples.json").read_text())
IDS = [example["id"] for example in EXAMPLES]
SVG = "{http://www.w3.org/2000/svg}"

# ---------------------------------------------------------------------------------------------
# An independent model of a board puzzle: its cells, the checker of a filling, a brute force.

OFFSETS = {
    "rook": [(0, 1), (1, 0), (0, -1), (-1, 0)],
    "king": [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)],
    "knight": [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)],
}


def in_class(name, value):
    if name == "primes":
        return value > 1 and all(value % d for d in range(2, int(value ** 0.5) + 1))
    if name == "squares":
        return int(value ** 0.5) ** 2 == value
    if name == "even":
        return value % 2 == 0
    if name == "odd":
        return value % 2 == 1
    raise ValueError(f"unknown class of values {name!r}")


class Board:
    """A puzzle file's board: tokens by cell (`#` holes left out), moves, closed, marks."""

    def __init__(self, puzzle):
        self.name = puzzle["name"]
        self.closed = bool(puzzle.get("closed", False))
        self.marks = {"P": "primes", **puzzle.get("marks", {})}
        moves = puzzle.get("moves", "king")
        self.offsets = OFFSETS[moves] if isinstance(moves, str) else [tuple(m) for m in moves]
        grid = puzzle["grid"]
        lines = grid.strip("\n").split("\n") if isinstance(grid, str) else grid
        self.tokens = [line.split() for line in lines]
        self.rows = len(self.tokens)
        self.cols = max(len(row) for row in self.tokens)
        self.cells = {(r, c): t for r, row in enumerate(self.tokens)
                      for c, t in enumerate(row) if t != "#"}
        self.holes = {(r, c) for r in range(self.rows) for c in range(self.cols)} - set(self.cells)
        self.givens = {p: int(t) for p, t in self.cells.items() if t.isdigit()}
        self.marked = {p: t for p, t in self.cells.items() if t.isalpha()}
        self.n = len(self.cells)

    def adjacent(self, a, b):
        return (b[0] - a[0], b[1] - a[1]) in self.offsets

    def neighbours(self, p):
        return [(p[0] + a, p[1] + b) for a, b in self.offsets if (p[0] + a, p[1] + b) in self.cells]

    def allowed(self, p, value):
        if p in self.givens:
            return self.givens[p] == value
        if p in self.marked:
            return in_class(self.marks[self.marked[p]], value)
        return True

    def check(self, grid):
        """A filling is 1..N once each on the cells (none on a hole), consecutive values one
        move apart (N next to 1 when closed), every given kept, every marked cell in its class."""
        assert len(grid) == self.rows and all(len(row) == self.cols for row in grid), grid
        where = {}
        for r, row in enumerate(grid):
            for c, value in enumerate(row):
                assert (value is None) == ((r, c) in self.holes), f"cell {(r, c)} holds {value}"
                if value is not None:
                    assert value not in where, f"{value} appears twice"
                    assert self.allowed((r, c), value), f"{value} may not stand at {(r, c)}"
                    where[value] = (r, c)
        assert sorted(where) == list(range(1, self.n + 1)), sorted(where)
        steps = list(range(1, self.n)) + ([self.n] if self.closed else [])
        for k in steps:
            a, b = where[k], where[k % self.n + 1]
            assert self.adjacent(a, b), f"{k} at {a}, {k % self.n + 1} at {b}"
        return [where[k] for k in range(1, self.n + 1)]

    def count(self):
        """Every filling, by a depth-first search from each cell 1 may take, pruned by the
        distance to the next given and by the cells left with one way in or none."""
        distance = {}
        for source in self.cells:
            d, queue = {source: 0}, deque([source])
            while queue:
                u = queue.popleft()
                for v in self.neighbours(u):
                    if v not in d:
                        d[v] = d[u] + 1
                        queue.append(v)
            distance[source] = d
        at = {v: p for p, v in self.givens.items()}
        upcoming = sorted(at)
        used = set()

        def fits(p, k):
            if not self.allowed(p, k) or (k in at and at[k] != p):
                return False
            following = next((v for v in upcoming if v > k), None)
            return following is None or distance[p].get(at[following], self.n) <= following - k

        def open_ends(p):
            # A cell not yet used needs two ways in from the unused cells and p, but for the
            # path's last cell: at most one may have a single way in, none may have none.
            single = 0
            for u in self.cells:
                if u not in used:
                    ways = sum(1 for w in self.neighbours(u) if w not in used or w == p)
                    if ways == 0:
                        return False
                    single += ways == 1
            return single <= 1

        def search(p, k, start):
            if k == self.n:
                return int(not self.closed or self.adjacent(p, start))
            total = 0
            for q in self.neighbours(p):
                if q not in used and fits(q, k + 1):
                    used.add(q)
                    if k + 1 == self.n or open_ends(q):
                        total += search(q, k + 1, start)
                    used.discard(q)
            return total

        total = 0
        for p in self.cells:
            if fits(p, 1):
                used.add(p)
                total += search(p, 1, p)
                used.discard(p)
        return total


# ---------------------------------------------------------------------------------------------
# The command line, the server and the page.

def cli_json(*args):
    done = subprocess.run([str(pathsat_binary()), *map(str, args), "--format", "json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"pathsat {' '.join(map(str, args))}: {done.stderr}"
    return json.loads(done.stdout)


def post(server, route, body):
    request = urllib.request.Request(server + route.lstrip("/"), json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def wait(driver, condition, seconds=60):
    return WebDriverWait(driver, seconds).until(condition)


def status(driver):
    return driver.find_element(By.ID, "status").text


def settled(driver, pattern):
    """Waits for the status to match `pattern` (a regular expression), failing at once on an
    error the page shows."""
    def check(d):
        element = d.find_element(By.ID, "status")
        assert element.get_attribute("class") != "error", f"the page says: {element.text}"
        return re.match(pattern, element.text) is not None
    wait(driver, check)
    return status(driver)


def read_answer(driver, k=1):
    grid = []
    for row in driver.find_elements(By.CSS_SELECTOR, f"#answer-{k} tr"):
        grid.append([int(td.text) if td.text.strip() else None
                     for td in row.find_elements(By.TAG_NAME, "td")])
    return grid


def forget_requests(driver):
    driver.get_log("performance")



def shown_picture(driver):
    """The picture the page shows, as the browser loaded it: the server's SVG (POST /api/draw),
    which the page shows as an <img> of a blob URL; its bytes read back through Chrome's
    performance log and DevTools."""
    src = wait(driver, lambda d: d.execute_script(
        "const i = document.getElementById('picture-img'); "
        "return i !== null && i.complete && i.naturalWidth > 0 && i.src;"))

    def loaded(d):
        for entry in d.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if (message.get("method") == "Network.requestWillBeSent"
                    and message["params"]["request"]["url"] == src):
                return message["params"]["requestId"]
        return False

    request = wait(driver, loaded, 10)
    reply = driver.execute_cdp_cmd("Network.getResponseBody", {"requestId": request})
    body = reply["body"]
    return ET.fromstring(base64.b64decode(body) if reply["base64Encoded"] else body.encode())


def picture_cells(svg):
    """The cells of the picture's board, from their squares, and the path drawn through their
    centres (cells in the path's order; [] when no path is drawn)."""
    squares = {}
    size = None
    for rect in svg.iter(f"{SVG}rect"):
        if "cell" in rect.get("class", "").split():
            size = float(rect.get("width"))
            cell = (round(float(rect.get("y")) / size), round(float(rect.get("x")) / size))
            squares[cell] = rect.get("class").split()
    path = []
    for group in svg.iter(f"{SVG}g"):
        if group.get("class") == "path":
            for line in list(group):
                for point in line.get("points").split():
                    x, y = map(float, point.split(","))
                    path.append((int(y // size), int(x // size)))
    return squares, path


def editor_cells(driver):
    cells = {}
    for box in driver.find_elements(By.CSS_SELECTOR, "#board .cell"):
        cell = (int(box.get_attribute("data-row")), int(box.get_attribute("data-col")))
        classes = box.get_attribute("class").split()
        cells[cell] = ("#" if "hole" in classes else box.get_attribute("value") or ".", classes)
    return cells


# ---------------------------------------------------------------------------------------------
# The tests.

def test_the_selector_offers_every_example_of_examples_json(page):
    options = [(o.get_attribute("value"), o.text)
               for o in Select(page.find_element(By.ID, "example")).options]
    assert options[0][0] == "", options
    assert options[1:] == [(e["id"], e["label"]) for e in EXAMPLES], (
        "the page's examples are not assets/examples.json: rebuild target/release/pathsat")
    assert len(set(IDS)) == len(IDS), IDS


@pytest.mark.parametrize("example", EXAMPLES, ids=IDS)
def test_every_example_is_a_puzzle_the_server_and_the_command_line_accept(
        server, example, tmp_path):
    puzzle = example["puzzle"]
    for body in ({"puzzle": puzzle, "file": f"{example['id']}.json"},
                 {"puzzle": json.dumps(puzzle), "format": "json"}):
        code, text = post(server, "/api/puzzle", body)
        assert code == 200, f"example {example['id']}: {text}"
        code, text = post(server, "/api/solve", body)
        assert code == 200, f"example {example['id']}: {text}"
        assert json.loads(text)["status"] in ("sat", "unsat"), text
    file = tmp_path / f"{example['id']}.json"
    file.write_text(json.dumps(puzzle))
    assert cli_json("solve", file)["status"] in ("sat", "unsat")


@pytest.mark.parametrize("example", EXAMPLES, ids=IDS)
def test_each_example_loads_draws_solves_and_counts(page, example, screenshots, tmp_path):
    ident = example["id"]
    board = Board(example["puzzle"])
    forget_requests(page)
    Select(page.find_element(By.ID, "example")).select_by_value(ident)
    settled(page, r"Example: ")

    # Drawn: the editor's board has the example's cells, holes, givens and marks.
    cells = editor_cells(page)
    assert set(cells) == {(r, c) for r in range(board.rows) for c in range(board.cols)}
    for cell, (token, classes) in cells.items():
        expected = "#" if cell in board.holes else board.cells[cell]
        assert token == expected, f"{cell}: the board shows {token!r}, the example {expected!r}"
        assert ("given" in classes) == (cell in board.givens), cell
        assert ("marked" in classes) == (cell in board.marked), cell
    # The page's text is the example's puzzle, and what it sends.
    text = page.find_element(By.ID, "puzzle-text").get_attribute("value")
    sent = Board(tomllib.loads(text))
    assert (sent.name, sent.tokens, sent.closed, sent.offsets, sent.marks) == (
        board.name, board.tokens, board.closed, board.offsets, board.marks), text
    file = tmp_path / f"{ident}.toml"
    file.write_text(text)
    # The blank picture: one square on each of the example's cells, givens and marks coloured,
    # no path yet.
    squares, path = picture_cells(shown_picture(page))
    assert set(squares) == set(board.cells), f"the picture's cells: {sorted(squares)}"
    assert {c for c, k in squares.items() if "given" in k} == set(board.givens)
    assert {c for c, k in squares.items() if "marked" in k} == set(board.marked)
    assert path == []
    page.save_screenshot(str(screenshots / f"example-{ident}-loaded.png"))

    # The command line on the very text the page sends, and the brute force of this file.
    expected_count = cli_json("count", file)
    assert expected_count["complete"] is True, expected_count
    count = int(expected_count["count"])
    assert board.count() == count, "the brute force and `pathsat count` disagree"
    solvable = cli_json("solve", file)["status"]
    assert solvable == ("sat" if count else "unsat")

    # Solve: a filling that checks, drawn as the picture's path.
    page.find_element(By.ID, "solve").click()
    said = settled(page, r"(Solved|No solution|No answer)")
    if solvable == "sat":
        assert said == "Solved.", said
        order = board.check(read_answer(page))
        squares, path = picture_cells(shown_picture(page))
        assert set(squares) == set(board.cells)
        assert path == order, f"the picture's path {path} is not the answer's {order}"
    else:
        assert said.startswith("No solution"), said
        assert not page.find_elements(By.CSS_SELECTOR, "#answer-1")
    page.save_screenshot(str(screenshots / f"example-{ident}-solved.png"))

    # Unique?: as the count says.
    page.find_element(By.ID, "unique").click()
    said = settled(page, r"(Solved: |Not unique|No solution|No answer)")
    if count == 1:
        assert said.startswith("Solved: the solution is unique"), said
        board.check(read_answer(page))
    elif count > 1:
        assert said.startswith("Not unique"), said
        first, second = read_answer(page, 1), read_answer(page, 2)
        board.check(first)
        board.check(second)
        assert first != second
    else:
        assert said.startswith("No solution"), said

    # Count: the number the command line prints for the page's text.
    page.find_element(By.ID, "count").click()
    said = settled(page, r"([0-9,]+ |At least )")
    match = re.match(r"([0-9,]+) (solutions \(fillings\)|trails), counted by ", said)
    assert match, said
    assert int(match.group(1).replace(",", "")) == count, f"the page: {said}; pathsat: {count}"
    page.save_screenshot(str(screenshots / f"example-{ident}-{page.engine}-counted.png"))
    if page.engine == "static":
        # Every answer above came from the module in the browser: not one API call.
        loaded = page.execute_script(
            "return performance.getEntriesByType('resource').map((e) => e.name);")
        assert any(u.endswith("/worker.js") for u in loaded), loaded
        calls = [u for u in loaded if "/api/" in u]
        assert not calls, f"the static page called an API: {calls}"
