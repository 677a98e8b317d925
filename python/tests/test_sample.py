"""Uniform samples: `Puzzle.sample(n, seed=)`, reproducible, verified, and as often each as
any other (a chi-square test against every solution, enumerated)."""

import collections

import pathsat
import pytest


def key(solution):
    return tuple(map(tuple, solution.grid))


def test_samples_are_solutions_and_a_seed_repeats_them():
    board = pathsat.Puzzle.board(4, 4, moves="rook")
    drawn = board.sample(5, seed=1)
    assert len(drawn) == 5
    everything = {key(s) for s in board.solutions()}
    assert all(key(s) in everything for s in drawn)
    assert [key(s) for s in board.sample(5, seed=1)] == [key(s) for s in drawn]
    assert [key(s) for s in board.sample(5, seed=2)] != [key(s) for s in drawn]
    assert "552" in drawn[0].note and "seed 1" in drawn[0].note


def test_draws_cover_the_552_rook_paths_evenly():
    board = pathsat.Puzzle.board(4, 4, moves="rook")
    everything = {key(s) for s in board.solutions()}
    draws = board.sample(552 * 60, seed=2026)
    seen = collections.Counter(key(s) for s in draws)
    assert set(seen) <= everything
    expected = len(draws) / len(everything)
    chi2 = sum((seen[k] - expected) ** 2 / expected for k in everything)
    # 551 degrees of freedom: exceeded with probability 0.001 above about 655.
    assert chi2 < 655, chi2


def test_a_puzzle_the_frontier_program_cannot_take_is_sampled_by_enumeration():
    board = pathsat.Puzzle.board(4, 4, moves="rook", givens={(1, 1): 8})
    everything = {key(s) for s in board.solutions()}
    drawn = board.sample(20, seed=3, method="auto")
    assert {key(s) for s in drawn} <= everything
    with pytest.raises(pathsat.PuzzleError, match="too many to enumerate"):
        pathsat.Puzzle.board(6, 6, moves="king", givens={(2, 2): 9}).sample(
            1, enumerate_limit=10
        )


def test_no_solution_no_sample():
    assert pathsat.Puzzle.board(3, 3, moves="rook", closed=True).sample(3) == []
