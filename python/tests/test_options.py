"""The Python half of the option table ``tests/options-table.json``: every row's value is
accepted or refused by the package as by the CLI (``tests/integration/options.rs`` runs the same
rows), with the same words for the problem and the keyword argument named."""

import json
import pathlib

import pathsat
import pytest

from conftest import fixture

TABLE = json.loads(
    (pathlib.Path(__file__).resolve().parents[2] / "tests" / "options-table.json").read_text()
)


def run(row):
    keywords = {row["option"].replace("-", "_"): row["value"]}
    if row["command"] == "generate":
        return pathsat.generate(size=(4, 4), seed=1, **keywords)
    puzzle = pathsat.Puzzle.from_file(fixture(TABLE["puzzle"]))
    if row["command"] == "solve":
        return puzzle.solve(**keywords)
    return puzzle.count(**keywords)


@pytest.mark.parametrize(
    "row", TABLE["rows"], ids=lambda r: f"{r['command']}-{r['option']}={r['value']}"
)
def test_the_package_accepts_and_refuses_the_option_table(row):
    if row["accepted"]:
        run(row)
        return
    with pytest.raises(pathsat.PuzzleError) as error:
        run(row)
    message = str(error.value)
    keyword = row["option"].replace("-", "_")
    assert message.startswith((keyword + "=", keyword + ":")), message
    if "problem" in row:
        assert row["problem"] in message
    for name in row.get("names", []):
        assert f'"{name}"' in message


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: pathsat.generate(size=(3, 3), givens=20), "givens=20: more than the 9 cells"),
        (
            lambda: pathsat.Puzzle.board(3, 3).count(method="dp", certify=True),
            'leave method= out or use method="enumerate"',
        ),
        (
            lambda: pathsat.Puzzle.board(3, 3).count(method="dp", encoding="position"),
            "leave encoding= out",
        ),
    ],
)
def test_errors_name_keyword_arguments_not_flags(make, words):
    """The library's errors are typed; the package words them with its keyword arguments where
    the CLI names its flags."""
    with pytest.raises(pathsat.PuzzleError) as error:
        make()
    message = str(error.value)
    assert words in message
    assert " --" not in message and not message.startswith("--"), message


def test_a_certified_cadical_run_is_refused_only_where_cadical_is_not_built_in():
    """Without CaDiCaL the error names the keyword argument; with it, the run is certified
    (a first solution: nothing to prove, and the solution verified)."""
    try:
        solution = pathsat.Puzzle.board(3, 3).solve(solver="cadical", certify=True)
    except pathsat.PuzzleError as error:
        assert 'solver="cadical"' in str(error) and "built without" in str(error)
    else:
        assert solution is not None and len(solution.order) == 9
