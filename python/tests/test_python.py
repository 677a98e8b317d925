"""What makes the package behave in Python: lazy iterators that leave no thread behind, the
GIL released and Ctrl-C honoured, errors as exceptions, pictures, pickling, generation."""

import gc
import pickle
import threading
import time
import xml.etree.ElementTree as ET

import pathsat
import pytest

from conftest import assert_path, fixture, interrupted


def crowded_king_board():
    """An 8x8 king board with 20 in the middle: far too many paths to enumerate."""
    return pathsat.Puzzle.board(8, 8, moves="king", givens={(3, 4): 20})


def wait_for(condition, seconds=10.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def test_solutions_are_lazy_and_distinct():
    p = pathsat.Puzzle.board(3, 3, moves="rook")
    solutions = p.solutions()
    first = next(solutions)
    assert solutions.found == 1
    rest = list(solutions)
    assert len(rest) + 1 == 40  # OEIS A096969
    assert len({tuple(s.values) for s in rest + [first]}) == 40
    assert list(solutions) == []
    assert len(list(p.solutions(limit=7))) == 7


def test_a_seed_gives_another_solution_as_reproducibly():
    # The closed 6x6 knight's tours (9,862, OEIS A001230): seeds 1 to 3 each find another first
    # tour than the unseeded run, the same one every time, verified like any.
    board = pathsat.Puzzle.board(6, 6, moves="knight", closed=True)
    unseeded = board.solve()
    for seed in (1, 2, 3):
        tour = board.solve(seed=seed)
        assert tour == board.solve(seed=seed) and tour != unseeded
        assert sorted(tour.values) == list(range(1, 37))
    assert next(iter(board.solutions(limit=1, seed=2))) == board.solve(seed=2)


def test_an_iterator_stopped_early_leaves_no_thread_behind(threads):
    before = threads()
    solutions = crowded_king_board().solutions()
    for i, s in enumerate(solutions):
        assert_path(s.grid, "king", closed=False, givens={(3, 4): 20})
        if i == 2:
            break
    assert threads() == before + 1  # the solver's thread, idle
    del solutions, s
    gc.collect()
    assert wait_for(lambda: threads() == before)
    # close() and the with statement end it too.
    with crowded_king_board().solutions() as solutions:
        next(solutions)
    assert wait_for(lambda: threads() == before)


def petersen(n, k):
    """The generalized Petersen graph GP(n, k), closed: non-Hamiltonian for GP(17, 2)
    (n = 5 mod 6; Alspach 1983). The frontier program decides it at once; a certified run
    leaves the proof to varisat, which takes minutes."""
    edges = []
    for i in range(n):
        edges += [[i + 1, (i + 1) % n + 1], [i + 1, n + i + 1], [n + i + 1, n + (i + k) % n + 1]]
    return pathsat.Puzzle.from_dict(
        {"closed": True, "graph": {"vertices": 2 * n, "edges": edges}}
    )


def test_long_calls_release_the_gil_and_stop_on_ctrl_c(threads):
    before = threads()
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    thread = threading.Thread(target=ticker)
    thread.start()
    # The count alone would take hours.
    seconds = interrupted(lambda: crowded_king_board().count(method="enumerate"))
    stop.set()
    thread.join()
    # The other Python thread ran all along: the GIL was released.
    assert len(ticks) > 20
    assert seconds < 30, seconds  # a liveness bound, not a benchmark
    # The count's threads stop once cancelled.
    assert wait_for(lambda: threads() == before)


@pytest.mark.parametrize("call", ["solve", "is_unique", "solutions", "generate", "count-dp"])
def test_ctrl_c_stops_solves_iterators_and_generation(call):
    calls = {
        "solve": lambda: petersen(17, 2).solve(certify=True),
        "is_unique": lambda: petersen(17, 2).is_unique(certify=True),
        "solutions": lambda: [None for _ in crowded_king_board().solutions()],
        "generate": lambda: pathsat.generate(size=(20, 20), moves="rook", seed=3),
        "count-dp": lambda: pathsat.Puzzle.board(16, 16, moves="king").count(method="dp"),
    }
    assert interrupted(calls[call], after=0.3) < 30


def test_ctrl_c_saves_a_count_with_a_checkpoint(tmp_path):
    """With a checkpoint, a Ctrl-C inside the frontier program ends the layer under way and
    saves it before KeyboardInterrupt is raised; the same count then goes on from there to the
    published 165,575,218,320 open 7x7 knight's paths (A165134), and removes the file."""
    checkpoint = tmp_path / "knight.checkpoint"
    board = pathsat.Puzzle.board(7, 7, moves="knight")
    interrupted(lambda: board.count(method="dp", checkpoint=checkpoint), after=1.0)
    assert checkpoint.exists()
    result = board.count(method="dp", checkpoint=checkpoint)
    assert result.count == 165_575_218_320 and result.complete
    assert not checkpoint.exists()


def test_nothing_is_printed(capfd):
    p = pathsat.Puzzle.from_file(fixture("small/hidato-5x5.toml"))
    p.solve()
    p.count(method="sat")
    list(p.solutions(limit=3))
    pathsat.generate(size=(4, 4), seed=1)
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")


def test_timeouts_raise_timeout_error():
    p = pathsat.Puzzle.board(5, 5, moves="king", givens={(2, 2): 13})
    with pytest.raises(TimeoutError):
        p.is_unique(timeout=1e-9)
    # As on the command line, a timeout is a positive number of seconds.
    for refused in [0, -1]:
        with pytest.raises(pathsat.PuzzleError, match="timeout"):
            p.solve(timeout=refused)


def test_no_work_goes_on_after_a_timeout():
    """A solve whose first solver call outlasts its timeout (the 12x12 closed knight's tour in
    the position encoding) raises TimeoutError, and its solver stops with it: over the next
    second this process spends (almost) no CPU time, where a solver left running would spend
    the whole second."""
    p = pathsat.Puzzle.board(12, 12, moves="knight", closed=True)
    with pytest.raises(TimeoutError):
        p.solve(timeout=1.0, encoding="position")
    before = time.process_time()
    time.sleep(1.0)
    assert time.process_time() - before < 0.3


BAD_TOML = 'moves = "rook"\ngrid = """\n1 . .\n. x? .\n"""\n'


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: pathsat.Puzzle.from_toml(BAD_TOML), "<toml>:4:3"),
        (lambda: pathsat.Puzzle.from_toml('moves = "bishop"\ngrid = "1 ."\n'), "<toml>:1"),
        (lambda: pathsat.Puzzle.from_file("no/such/puzzle.toml"), "no/such/puzzle.toml: cannot read"),
        (lambda: pathsat.Puzzle.from_file(fixture("README.md")), "unsupported file type"),
        (lambda: pathsat.Puzzle.from_json("{"), "<json>:1"),
        (lambda: pathsat.Puzzle.from_dict({"moves": "rook", "grid": [[1, 1]]}), "<dict>"),
        (lambda: pathsat.Puzzle.from_dict({"grid": object()}), "<dict>"),
        (lambda: pathsat.Puzzle.board(2, 2, givens={(5, 0): 1}), "off the board"),
        (lambda: pathsat.Puzzle.board(2, 2, givens={(0, 0): 9}), "board 2x2"),
        (lambda: pathsat.Puzzle.board(2, 2, moves="bishop"), "board 2x2"),
        (lambda: pathsat.Puzzle.board(2, 2, givens={(0, 0): 1}, holes=[(0, 0)]), "twice"),
        (lambda: pathsat.Puzzle.board(3, 3).count(method="magic"), "method"),
        (lambda: pathsat.Puzzle.board(3, 3).to_cnf(encoding="magic"), "encoding"),
        (lambda: pathsat.Puzzle.board(3, 3).solve(solver="minisat"), "solver"),
        (lambda: pathsat.generate(), "size"),
        (lambda: pathsat.generate(size=(3, 3), difficulty="brutal"), "difficulty"),
        (lambda: pathsat.generate(size=(500, 500)), "too large"),
    ],
)
def test_bad_input_raises_puzzle_error(make, message):
    with pytest.raises(pathsat.PuzzleError, match=message) as error:
        make()
    assert "\n" not in str(error.value)
    assert isinstance(error.value, ValueError)


def test_boards_built_from_arguments():
    p = pathsat.Puzzle.board(
        3, 4, moves="rook", givens={(0, 0): 1}, holes=[(1, 1)], marks={(2, 3): "even"}
    )
    assert (p.rows, p.cols, p.cells, p.closed) == (3, 4, 11, False)
    assert p.givens == {(0, 0): 1} and p.holes == [(1, 1)] and p.marks == {(2, 3): "A"}
    for s in p.solutions():
        assert s.grid[1][1] is None and s.grid[2][3] % 2 == 0
        assert_path(s.grid, "rook", closed=False, givens={(0, 0): 1})
    # Custom moves: a wazir (one step straight) that may also leap two straight (an alfil's
    # leap is diagonal; this is the dabbaba).
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (-2, 0), (0, 2), (0, -2)]
    custom = pathsat.Puzzle.board(2, 3, moves=steps, givens={(0, 0): 1})
    grids = [s.grid for s in custom.solutions()]
    assert len(grids) == custom.count().count > 0
    for grid in grids:
        assert_path(grid, steps, closed=False, givens={(0, 0): 1})
    # The dictionary and TOML forms give the same puzzle.
    q = pathsat.Puzzle.from_dict(p.to_dict())
    assert q.to_toml() == p.to_toml()
    assert pathsat.Puzzle.from_toml(p.to_toml()).to_json() == p.to_json()


def test_narrow_graphs_are_decided_at_once():
    # GP(17, 2) is not Hamiltonian (Alspach 1983): the frontier program says so, no solver call.
    assert petersen(17, 2).solve() is None
    assert not petersen(17, 2).is_unique()
    assert petersen(18, 2).solve() is not None


def test_graphs_from_edges():
    # The Petersen graph: 120 Hamiltonian paths, each in two directions, and no cycle.
    outer = [(i, i % 5 + 1) for i in range(1, 6)]
    spokes = [(i, i + 5) for i in range(1, 6)]
    inner = [(6, 8), (7, 9), (8, 10), (9, 6), (10, 7)]
    edges = outer + spokes + inner
    assert pathsat.Puzzle.graph(edges).count().count == 240
    assert pathsat.Puzzle.graph(edges, closed=True).solve() is None
    path = pathsat.Puzzle.graph(edges, start=1).solve()
    assert path.order[0] == 1 and sorted(path.order) == list(range(1, 11))
    assert all(
        (a, b) in edges or (b, a) in edges for a, b in zip(path.order, path.order[1:])
    )
    with pytest.raises(pathsat.PuzzleError, match="graph of 3 vertices"):
        pathsat.Puzzle.graph([(1, 4)], vertices=3)


def test_pictures_and_text():
    p = pathsat.Puzzle.from_file(fixture("small/hidato-5x5.toml"))
    s = p.solve()
    for svg in (s.svg(), s._repr_svg_(), p._repr_svg_()):
        assert ET.fromstring(svg).tag.endswith("svg")
    assert str(s).splitlines()[0].split()[0] == "[1]"
    assert "Solution" in repr(s) and "hidato-5x5" in repr(p)


def test_pickling_keeps_the_puzzle():
    p = pathsat.Puzzle.from_file(fixture("small/hidato-5x5.toml"))
    q = pickle.loads(pickle.dumps(p))
    assert q.to_toml() == p.to_toml() and q.count().count == 69


def test_generated_puzzles_are_unique_and_reproducible():
    g = pathsat.generate(size=(5, 5), moves="king", seed=7)
    assert g.puzzle.is_unique()
    assert g.puzzle.count().count == 1
    assert g.puzzle.solve() == g.solution or g.puzzle.solve().values == g.solution.values
    assert_path(g.solution.grid, "king", closed=False, givens=g.puzzle.givens)
    assert g.minimal and g.givens == len(g.puzzle.givens)
    again = pathsat.generate(size=(5, 5), moves="king", seed=7)
    assert again.toml == g.toml
    assert pathsat.Puzzle.from_toml(g.toml).count().count == 1
    numbrix = pathsat.generate(
        pathsat.Puzzle.board(4, 4, moves="rook"), seed=2, givens=6, difficulty=None
    )
    assert numbrix.givens == 6 and numbrix.puzzle.is_unique()
    assert g.grade["level"] in ("easy", "medium", "hard")


def test_the_embedded_solver_is_chosen_by_name():
    """varisat always; CaDiCaL in a package built with it (the same 40 rook paths of the 3x3
    board, OEIS A096969), else a PuzzleError that says how to build it."""
    board = pathsat.Puzzle.board(3, 3, moves="rook")
    assert board.count(method="enumerate", solver="varisat").count == 40
    assert board.is_unique(solver="varisat") is False
    try:
        counted = board.count(method="enumerate", solver="cadical")
    except pathsat.PuzzleError as error:
        assert "built without" in str(error) and "--features cadical" in str(error)
    else:
        assert counted.count == 40 and counted.complete
        assert len(list(board.solutions(solver="cadical"))) == 40
        # Certified with CaDiCaL's DRAT proof too (the 40 paths blocked, then no other).
        assert board.count(method="enumerate", solver="cadical", certify=True).count == 40
