"""Counts: exact Python ints beyond 2^64, checked against published sequences."""

import json

import pathsat
import pytest

from conftest import fixture

# OEIS A096969: directed Hamiltonian paths of the n x n grid (rook steps).
A096969 = [1, 8, 40, 552, 8648, 458696, 27070560, 6046626568, 1490832682992,
           1460089659025264, 1573342970540617696, 6905329711608694708440]


def test_a_count_above_2_to_the_64_is_an_exact_int():
    result = pathsat.Puzzle.board(12, 12, moves="rook").count()
    assert isinstance(result.count, int)
    assert result.count == A096969[11] > 2**64
    assert result.complete and result.method == "frontier-dp"
    assert int(result) == result.count
    assert result.to_dict()["count"] == A096969[11]
    # The JSON is the CLI's, its count exact too.
    assert json.loads(result.json())["count"] == A096969[11]


@pytest.mark.parametrize("n", range(1, 7))
def test_every_method_agrees_with_oeis(n):
    board = pathsat.Puzzle.board(n, n, moves="rook")
    for method in ["auto", "dp", "sat", "enumerate"] if n <= 4 else ["auto", "dp"]:
        result = board.count(method=method)
        assert result.count == A096969[n - 1], method
        assert result.complete


def test_fixture_counts():
    p = pathsat.Puzzle.from_file(fixture("small/hidato-5x5.toml"))
    assert p.count().count == 69
    assert p.count(method="enumerate").verified


def test_a_count_is_held_against_the_files_expected_count(tmp_path):
    published = fixture("large/knight-6x6-closed.toml").read_text()
    assert "count = 710064" in published
    right = pathsat.Puzzle.from_file(fixture("large/knight-6x6-closed.toml")).count()
    assert (right.count, right.expected, right.agrees) == (710064, 710064, True)
    assert right.to_dict()["expected"] == {"count": 710064, "agrees": True}
    wrong_file = tmp_path / "wrong.toml"
    wrong_file.write_text(published.replace("710064", "710065"))
    wrong = pathsat.Puzzle.from_file(str(wrong_file))
    assert (wrong.count().expected, wrong.count().agrees) == (710065, False)
    limited = wrong.count(method="sat", limit=5)
    assert not limited.complete and limited.agrees is None
    blank = pathsat.Puzzle.board(4, 4, moves="rook").count()
    assert blank.expected is None and blank.agrees is None


def test_a_limit_or_timeout_gives_a_lower_bound():
    board = pathsat.Puzzle.board(5, 5, moves="king")
    limited = board.count(method="enumerate", limit=10)
    assert limited.count == 10 and not limited.complete and limited.stopped == "limit"
    timed = board.count(method="enumerate", timeout=0.2)
    assert not timed.complete and timed.stopped == "timeout"
    assert "at least" in repr(timed)


def test_unsolvable_is_an_answer():
    p = pathsat.Puzzle.from_file(fixture("small/rook-3x3-closed.toml"))
    assert p.solve() is None
    assert p.count().count == 0
    assert not p.is_unique()
    assert list(p.solutions()) == []


def test_tables_in_files_give_the_same_count(tmp_path):
    """`spill_dir` (the CLI's --spill-dir): the same count, the directory left empty; a
    directory that is not there is refused, naming the keyword."""
    result = pathsat.Puzzle.board(12, 12, moves="rook").count(method="dp", spill_dir=tmp_path)
    assert result.count == A096969[11] and result.complete
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(pathsat.PuzzleError) as error:
        pathsat.Puzzle.board(3, 3).count(spill_dir=tmp_path / "missing")
    message = str(error.value)
    assert message.startswith("spill_dir") and "missing" in message, message


def test_a_checkpoint_is_refused_unless_it_is_this_counts(tmp_path):
    """`checkpoint` (the CLI's --checkpoint): a finished count gives the published count and
    removes its checkpoint; a file that is not a checkpoint of this count is refused, naming the
    keyword, and left as it was."""
    checkpoint = tmp_path / "rook.checkpoint"
    board = pathsat.Puzzle.board(12, 12, moves="rook")
    result = board.count(method="dp", checkpoint=checkpoint, checkpoint_every=0.001)
    assert result.count == A096969[11] and result.complete
    assert list(tmp_path.iterdir()) == []
    checkpoint.write_text("a note")
    with pytest.raises(pathsat.PuzzleError) as error:
        board.count(method="dp", checkpoint=checkpoint)
    message = str(error.value)
    assert f"checkpoint: {checkpoint} is not a pathsat checkpoint" in message, message
    assert checkpoint.read_text() == "a note"


def test_a_count_over_its_memory_goes_on_in_files_unless_told_not_to(tmp_path, monkeypatch):
    # The closed 6x8 knight's tours: 96 x 55,488,142 (OEIS A175881), with tables of up to
    # 26 MiB, counted within 16 MiB in temporary files that are gone at the end.
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    board = pathsat.Puzzle.board(6, 8, moves="knight", closed=True)
    result = board.count(method="dp", memory=16 << 20)
    assert result.complete and result.count == 96 * 55_488_142
    assert list(tmp_path.iterdir()) == []
    stopped = board.count(method="dp", memory=16 << 20, spill=False)
    assert not stopped.complete and stopped.stopped == "memory"
    # A batch's counts likewise.
    puzzles = tmp_path / "puzzles"
    puzzles.mkdir()
    (puzzles / "k68.toml").write_text(board.to_toml() + '\n[expect]\ncount = "5326861632"\n')
    for spill, status in [(True, "ok"), (False, "out-of-reach")]:
        report = pathsat.batch(puzzles, method="dp", memory=16 << 20, spill=spill)
        assert report.rows[0]["status"] == status


def test_a_seed_is_reported_and_changes_no_count():
    p = pathsat.Puzzle.from_file(fixture("small/hidato-5x5.toml"))
    result = p.count(method="enumerate", seed=7)
    assert result.count == 69 and result.complete
    assert json.loads(result.json())["encoding"]["seed"] == 7
