"""The seeds' published answers, reproduced through the Python package."""

import pathsat
import pytest

from conftest import assert_path, expected, fixture, parse_grid


@pytest.mark.parametrize(
    "name", ["rook-primes-tour", "rook-primes-path", "hidato-188"]
)
def test_published_solutions_and_counts(name):
    p = pathsat.Puzzle.from_file(fixture(f"seeds/{name}.toml"))
    expect = expected(f"seeds/{name}.toml")
    published = [parse_grid(text) for text in expect["solutions"]]
    found = [s.grid for s in p.solutions()]
    assert len(found) == expect["count"]
    assert sorted(found) == sorted(published)
    for grid in found:
        assert_path(grid, p.moves, p.closed, p.givens)
    result = p.count()
    assert result.count == expect["count"] and result.complete
    assert p.is_unique() == (expect["count"] == 1)


def test_primes_sit_on_the_marked_cells():
    # Seed 000: the rook's tour puts the 18 primes below 64 on the P cells.
    p = pathsat.Puzzle.from_file(fixture("seeds/rook-primes-tour.toml"))
    grid = p.solve().grid
    primes = {v for v in range(2, 65) if all(v % d for d in range(2, int(v**0.5) + 1))}
    marked = {grid[r][c] for (r, c) in p.marks}
    assert marked == primes and len(marked) == 18


@pytest.mark.parametrize("size", [8, 10])
def test_closed_knights_tours(size):
    # Seeds 002 and 003: a closed knight's tour exists on 8x8 and 10x10.
    p = pathsat.Puzzle.from_file(fixture(f"seeds/knight-{size}x{size}-closed.toml"))
    assert expected(f"seeds/knight-{size}x{size}-closed.toml")["sat"] is True
    tour = p.solve()
    assert tour is not None
    assert_path(tour.grid, "knight", closed=True)
    # The same tour, built from the arguments instead of the file.
    q = pathsat.Puzzle.board(size, size, moves="knight", closed=True)
    assert_path(q.solve().grid, "knight", closed=True)


def test_the_trail_of_seed_004():
    # Seed 004, "100 and 13": 13 orthogonal steps whose different labels add up to 100; the
    # seed's CPLEX model printed this one trail, which is the only one.
    p = pathsat.Puzzle.from_file(fixture("trails/100-and-13.toml"))
    expect = expected("trails/100-and-13.toml")
    result = p.count()
    assert (result.count, result.counts) == (expect["count"], "trails")
    trail = p.solve()
    published = [
        [None if token == "." else int(token) for token in line.split()]
        for line in expect["solutions"][0].strip().splitlines()
    ]
    assert trail.grid == published  # None off the trail
    labels = [[2, 5, 11, 4, 6], [10, 14, 9, 15, 6], [7, 15, 9, 8, 1], [8, 11, 1, 3, 10],
              [3, 14, 13, 5, 2]]
    picked = [labels[r][c] for r, c in trail.order]
    assert len(trail.order) == 13 and sum(picked) == 100 and len(set(picked)) == 13
    for (r1, c1), (r2, c2) in zip(trail.order, trail.order[1:]):
        assert abs(r1 - r2) + abs(c1 - c2) == 1
