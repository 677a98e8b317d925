"""The CNF handed to PySAT, and models read back into verified solutions."""

import random
import re

import pathsat
import pytest
from pysat.formula import CNF
from pysat.solvers import Cadical153

from conftest import assert_path, fixture


def test_to_cnf_cadical_decode_round_trip():
    p = pathsat.Puzzle.board(6, 6, moves="knight", closed=True)
    cnf = p.to_cnf()
    assert cnf.encoding == "position"
    formula = CNF(from_clauses=cnf.clauses)
    assert formula.nv <= cnf.nv and len(formula.clauses) == len(cnf)
    with Cadical153(bootstrap_with=formula.clauses) as solver:
        assert solver.solve()
        solution = p.decode(solver.get_model())
    assert_path(solution.grid, "knight", closed=True)


def test_pysat_enumeration_matches_the_count():
    # All fillings of a Hidato by PySAT alone (blocking clauses over the var map), against
    # pathsat's count and its own enumeration.
    p = pathsat.Puzzle.from_file(fixture("small/hidato-5x5.toml"))
    cnf = p.to_cnf()
    primary = list(cnf.var_map.values())
    grids = set()
    with Cadical153(bootstrap_with=cnf.clauses) as solver:
        while solver.solve():
            model = solver.get_model()
            grid = p.decode(model).grid
            grids.add(tuple(map(tuple, grid)))
            true = set(model)
            solver.add_clause([-v for v in primary if v in true])
    assert len(grids) == p.count().count == 69
    assert grids == {tuple(map(tuple, s.grid)) for s in p.solutions()}


def test_the_var_map_names_cells_and_values():
    p = pathsat.Puzzle.board(2, 2, moves="rook", givens={(0, 0): 1})
    cnf = p.to_cnf(encoding="position")
    with Cadical153(bootstrap_with=cnf.clauses) as solver:
        solver.solve()
        true = set(solver.get_model())
    grid = [[None, None], [None, None]]
    for (r, c, value), var in cnf.var_map.items():
        if var in true:
            grid[r][c] = value
    assert grid == p.decode(sorted(true, key=abs)).grid
    assert grid[0][0] == 1
    assert cnf.projection == sorted(cnf.var_map.values())
    assert cnf.to_dimacs().splitlines()[0].startswith("c ")
    assert any(line.startswith("p cnf") for line in cnf.to_dimacs().splitlines())


def test_successor_encoding_and_graphs():
    g = pathsat.Puzzle.from_file(fixture("graphs/dodecahedron.col"))
    cnf = g.to_cnf(encoding="successor")
    assert cnf.encoding == "successor" and cnf.projection is None
    assert all(len(key) == 2 for key in cnf.var_map)
    tour = g.solve()
    assert sorted(tour.order) == list(range(1, 21)) and tour.grid is None


def test_complete_successor_encodings_through_pysat():
    # Every model of a complete encoding is one tour: PySAT enumerates the dodecahedron's
    # directed Hamiltonian cycles over the projection (the arcs), each decoded and verified, as
    # many as pathsat counts (30 cycles, each 20 fillings a direction).
    g = pathsat.Puzzle.from_file(fixture("graphs/dodecahedron.col"))
    for encoding in ["successor-crt", "successor-binary", "successor-elimination"]:
        cnf = g.to_cnf(encoding=encoding)
        assert cnf.encoding == encoding
        assert cnf.projection == sorted(cnf.var_map.values())
        orders = set()
        with Cadical153(bootstrap_with=cnf.clauses) as solver:
            while solver.solve():
                model = solver.get_model()
                solution = g.decode(model, encoding=encoding)
                orders.add(tuple(solution.order))
                true = set(model)
                solver.add_clause([-v for v in cnf.projection if v in true])
        assert len(orders) * 20 == g.count().count == 1200


def test_a_rule_too_large_is_refused_naming_the_encodings_that_fit():
    # A ring of 2,000 vertices with a chord from each to a random other: the frontier rule's
    # sweep is hundreds of vertices wide (hundreds of millions of clauses), refused at once in
    # the package's words, which name the keyword values that fit.
    rng = random.Random(1)
    order = list(range(2000))
    rng.shuffle(order)
    edges = [[v + 1, (v + 1) % 2000 + 1] for v in range(2000)]
    for u, v in zip(order[::2], order[1::2]):
        if abs(u - v) not in (1, 1999):
            edges.append([u + 1, v + 1])
    g = pathsat.Puzzle.from_dict({"closed": True, "graph": {"vertices": 2000, "edges": edges}})
    for call in [
        lambda: g.to_cnf(encoding="successor-frontier"),
        lambda: g.solve(encoding="successor-frontier"),
    ]:
        with pytest.raises(pathsat.PuzzleError) as refused:
            call()
        message = str(refused.value)
        assert "the frontier rule against subtours would write at least" in message, message
        assert 'use encoding="successor-binary" or encoding="successor-crt"' in message, message


def test_a_model_that_is_no_solution_raises():
    p = pathsat.Puzzle.board(3, 3, moves="rook")
    cnf = p.to_cnf()
    with pytest.raises(pathsat.PuzzleError, match="model"):
        p.decode([1, -1])
    with pytest.raises(pathsat.PuzzleError):
        p.decode([-v for v in range(1, cnf.nv + 1)])
    with pytest.raises(pathsat.PuzzleError, match="variables"):
        p.decode([1, 2, 3])
    assert p.decode(None) is None


def test_forced_cells_against_enumeration():
    # The cells every solution agrees on, against PySAT-free enumeration by pathsat itself.
    p = pathsat.Puzzle.from_file(fixture("small/hidato-5x5.toml"))
    result = p.forced()
    assert result["status"] == "sat" and result["complete"]
    grids = [s.grid for s in p.solutions()]
    agreed = {
        (r, c): grids[0][r][c]
        for r in range(5)
        for c in range(5)
        if all(g[r][c] == grids[0][r][c] for g in grids)
    }
    assert result["forced"] == agreed and len(grids) == 69
    assert result["deduced"] == 1 and result["conflict"] is None
    bad = pathsat.Puzzle.from_file(fixture("small/contradictory-givens.toml"))
    assert bad.forced()["conflict"] == [((2, 2), 2)]
    with pytest.raises(pathsat.PuzzleError, match="timeout"):
        p.forced(timeout=-1)


def test_a_hint_is_certified_or_refused_without_cadical():
    # certify=True proves "no other value fits" with a checked DRAT certificate (CaDiCaL's),
    # or, in a package built without CaDiCaL, says so: never a hint called certified unproved.
    p = pathsat.Puzzle.from_file(fixture("seeds/hidato-188.toml"))
    try:
        result = p.hint(certify=True)
    except pathsat.PuzzleError as error:
        assert "built without" in str(error) and "--features cadical" in str(error)
        assert "certificate" not in p.hint()
        return
    assert result["status"] == "hint"
    certificate = result["certificate"]
    (r, c), value = result["hint"]["cell"], result["hint"]["value"]
    assert certificate["checker"].startswith("dratify ")
    assert certificate["proof_bytes"] > 0
    assert p.solve().grid[r][c] == value


def test_hints_solve_a_puzzle_and_agree_with_its_solution():
    # Hints from nothing to the end: each agrees with the unique solution found by solve().
    p = pathsat.Puzzle.from_file(fixture("seeds/hidato-188.toml"))
    solution = p.solve().grid
    filling = [[None] * 12 for _ in range(12)]
    steps = 0
    while True:
        result = p.hint(filling)
        if result["status"] == "solved":
            break
        assert result["status"] == "hint", result
        hint = result["hint"]
        (r, c), value = hint["cell"], hint["value"]
        assert solution[r][c] == value and hint["rule"] != "solver" and hint["reason"]
        filling[r][c] = value
        steps += 1
    assert steps == 80
    # A wrong value: its cell, not a hint.
    wrong = [[None] * 12 for _ in range(12)]
    wrong[0][5] = 8
    result = p.hint(wrong)
    assert result["status"] == "wrong" and result["wrong"]["cell"] == (0, 5)
    assert result["hint"] is None
    with pytest.raises(pathsat.PuzzleError, match="filling"):
        p.hint([[1, 2]])


def test_explain_ends_its_chain_at_the_cell():
    p = pathsat.Puzzle.from_file(fixture("small/numbrix-5x5.toml"))
    result = p.explain((4, 3))
    assert result["how"] == "propagation" and result["value"] == 20
    assert result["steps"][-1]["sets"] == "(4,3)=20"
    # Every literal of the textbook encoding names a cell: no auxiliary variables.
    assert not any(re.search(r"(^|[ ¬])a[0-9]", s["clause"]) for s in result["steps"])
    assert p.explain((4, 0))["how"] == "not-forced"
    with pytest.raises(pathsat.PuzzleError, match="pruning"):
        p.explain((0, 0), pruning="some")
    with pytest.raises(pathsat.PuzzleError, match="cell"):
        p.explain((5, 5))
