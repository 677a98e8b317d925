"""pathsat.batch: the fixtures directory counted as `pathsat batch` counts it, the same rows."""

import json
import os
import pathlib
import subprocess

import pathsat
import pytest

from conftest import FIXTURES, expected

ROOT = FIXTURES.parent


def cli():
    """The command line built by `cargo build --release` (CI builds it before these tests), or
    the one named by PATHSAT_BIN."""
    path = pathlib.Path(os.environ.get("PATHSAT_BIN", ROOT / "target" / "release" / "pathsat"))
    if not path.exists():
        if os.environ.get("PATHSAT_REQUIRE_SOLVERS"):
            pytest.fail(f"{path}: no pathsat command to compare with (cargo build --release)")
        pytest.skip(f"{path}: no pathsat command (cargo build --release)")
    return str(path)


def settled(rows):
    """The rows without what differs from run to run: the time, and the fillings an incomplete
    count (out of reach, stopped by its estimate) happened to find first."""
    kept = []
    for row in rows:
        row = dict(row)
        del row["seconds"]
        if not row["complete"]:
            del row["count"]
        kept.append(row)
    return kept


def test_the_fixtures_give_the_rows_of_the_command_line(monkeypatch):
    # From the repository root, as the command below, so that the rows name the same files
    # (fixtures/...) wherever pytest runs (python/build-and-test-wheel.sh runs it elsewhere).
    monkeypatch.chdir(ROOT)
    report = pathsat.batch("fixtures", jobs=2)
    run = subprocess.run(
        [cli(), "batch", "fixtures", "--jobs", "2", "--format", "json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    theirs = json.loads(run.stdout)
    assert settled(report.rows) == settled(theirs["rows"])
    assert report.summary == theirs["summary"]
    assert report.failed == (run.returncode == 1)
    # Every count agrees with the file's own [expect], read here with Python's TOML parser.
    for row in report.rows:
        if row["file"].endswith(".toml") and row["status"] == "ok":
            want = expected(pathlib.Path(row["file"]).relative_to("fixtures"))
            if "count" in want:
                assert row["count"] == int(want["count"]), row


def test_a_directory_of_small_boards_with_a_journal_and_a_shard(tmp_path):
    out = tmp_path / "report.csv"
    report = pathsat.batch(FIXTURES / "small", jobs=1, shard="1/2", output=out, format="csv")
    assert not report.failed
    assert [r["status"] for r in report.rows] == ["ok"] * len(report.rows)
    assert out.read_text() == report.csv()
    assert report.csv().splitlines()[0].startswith("file,name,cells")
    assert report.table().splitlines()[-1].startswith(f"{len(report.rows)} files · ")
    other = pathsat.batch(FIXTURES / "small", shard="2/2")
    files = {r["file"] for r in report.rows} | {r["file"] for r in other.rows}
    assert len(files) == len(report.rows) + len(other.rows) == len(pathsat.batch(FIXTURES / "small").rows)


def test_bad_arguments_raise_puzzle_errors(tmp_path):
    with pytest.raises(pathsat.PuzzleError, match="no such file or directory"):
        pathsat.batch(tmp_path / "missing")
    with pytest.raises(pathsat.PuzzleError, match="jobs=0"):
        pathsat.batch(FIXTURES / "small", jobs=0)
    with pytest.raises(pathsat.PuzzleError, match="shard="):
        pathsat.batch(FIXTURES / "small", shard="3/2")
    with pytest.raises(pathsat.PuzzleError, match="no puzzle files"):
        pathsat.batch(tmp_path)
