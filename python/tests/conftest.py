"""Shared helpers: the repository's fixtures, and an independent check of a solution written
here in Python (no code shared with pathsat), so that no test trusts pathsat's own verifier."""

import _thread
import os
import pathlib
import signal
import threading
import time
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"

STEPS = {
    "rook": [(1, 0), (-1, 0), (0, 1), (0, -1)],
    "king": [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)],
    "knight": [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)],
}


def pytest_report_header(config):
    """Which pathsat the tests run against: the package pip installed, or the wheel's."""
    try:
        import pathsat
    except ImportError as e:
        return f"pathsat: not importable ({e})"
    return f"pathsat: {pathlib.Path(pathsat._pathsat.__file__).resolve()}"


def pytest_sessionstart(session):
    """Under python/build-and-test-wheel.sh (PATHSAT_WHEEL_TEST=1) the tests run against the wheel
    installed in a fresh environment, never the source tree's python/pathsat."""
    if os.environ.get("PATHSAT_WHEEL_TEST"):
        import pathsat

        where = pathlib.Path(pathsat.__file__).resolve()
        if ROOT in where.parents:
            pytest.exit(f"pathsat imports from the source tree ({where}), not the wheel", 1)


def fixture(relative):
    return FIXTURES / relative


def expected(relative):
    """The `[expect]` table of a fixture file, read with Python's own TOML parser."""
    with open(fixture(relative), "rb") as f:
        return tomllib.load(f).get("expect", {})


def parse_grid(text):
    """A published solution grid ("1 2 3\\n6 5 4") as rows of ints, None for '#' holes."""
    return [
        [None if token == "#" else int(token) for token in line.split()]
        for line in text.strip().splitlines()
    ]


def assert_path(grid, moves, closed, givens=None):
    """Checks, independently of pathsat, that `grid` holds 1..N once each along a path of
    `moves` steps (a name, or a list of (dr, dc)), closed into a tour when `closed`, and keeps
    the givens."""
    where = {}
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if value is not None:
                assert value not in where, f"{value} twice"
                where[value] = (r, c)
    n = len(where)
    assert sorted(where) == list(range(1, n + 1))
    steps = set(STEPS[moves] if isinstance(moves, str) else moves)
    pairs = [(k, k + 1) for k in range(1, n)] + ([(n, 1)] if closed else [])
    for a, b in pairs:
        (r1, c1), (r2, c2) = where[a], where[b]
        assert (r2 - r1, c2 - c1) in steps, f"{a} -> {b} is no {moves} move"
    for (r, c), value in (givens or {}).items():
        assert grid[r][c] == value


@pytest.fixture
def threads():
    """A function giving the number of OS threads of this process (Linux), to see that none
    are left behind. Called first, it waits until threads that earlier tests abandoned (a
    solver call past its timeout ends on its own) are gone, so that the counts compare."""
    tasks = pathlib.Path("/proc/self/task")
    if not tasks.exists():
        pytest.skip("needs /proc/self/task")

    def count():
        return len(list(tasks.iterdir()))

    end = time.monotonic() + 30
    last, steady_since = count(), time.monotonic()
    while time.monotonic() < end and time.monotonic() - steady_since < 0.5:
        time.sleep(0.05)
        now = count()
        if now != last:
            last, steady_since = now, time.monotonic()
    return count


def interrupted(call, after=0.5):
    """Seconds from the start of `call` to the KeyboardInterrupt that a Ctrl-C sent `after`
    seconds in (as a notebook's interrupt button sends it) raised out of it.

    Python's own handler is installed for the call: a process started in the background by a
    shell without job control inherits SIGINT ignored, and `interrupt_main` then does nothing,
    so that the call would run on to its end (hours) instead of testing the Ctrl-C."""
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(after, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    try:
        call()
    except KeyboardInterrupt:
        return time.monotonic() - started
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, handler)
    pytest.fail("the call returned before the interrupt: give it a harder problem")
