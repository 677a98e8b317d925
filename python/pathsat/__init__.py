"""pathsat: path puzzles solved, counted, generated and exported to CNF with SAT.

Path puzzles place 1..N on the cells of a board (or the vertices of a graph) so that
consecutive numbers are one move apart: Hidato (king moves), Numbrix (rook steps), knight's
and rook's tours, Hamiltonian paths and cycles, and trail puzzles. Every solution returned has
passed pathsat's independent verifier, and counts are exact ints however large.

>>> import pathsat
>>> p = pathsat.Puzzle.board(3, 3, moves="rook", givens={(0, 0): 1})
>>> p.count().count
8
>>> print(p.solve())  # doctest: +SKIP
[1] 2 3
  8 7 4
  9 6 5

Long solves and counts release the GIL and stop on Ctrl-C (KeyboardInterrupt).
"""

from . import _pathsat
from ._pathsat import *  # noqa: F403 (the names are in _pathsat.__all__)

__all__ = _pathsat.__all__
