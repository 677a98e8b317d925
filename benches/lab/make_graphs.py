#!/usr/bin/env python3
"""Writes the encoding lab's graphs as TSPLIB HCP files: grid graphs (rook boards), knight's
graphs, and random cubic graphs with a planted Hamiltonian cycle (a cycle plus a random perfect
matching of its vertices, seeded), from 50 to 5,000 vertices, plus a cubic graph and a grid of
10,000 vertices for the size measurements. Every graph is Hamiltonian.

usage: make_graphs.py OUT_DIR
"""

import os
import random
import sys

# The HCP writer and the board graphs the other benchmarks use.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from frontier_vs_graphillion import ROOK, board_edges  # noqa: E402
from graphs import write_hcp  # noqa: E402

KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1)]
SIZES = [50, 100, 200, 500, 1000, 2000, 5000]


def board(rows, cols, moves):
    """The edges of a board's move graph, cells numbered from 0 row by row."""
    return [(a - 1, b - 1) for a, b in board_edges(rows, cols, moves)]


def planted_cubic(n, seed):
    """A random cyclic order plus a random perfect matching, redrawn until no pair repeats an
    edge of the cycle. (Not `graphs.planted`, which repairs bad pairs instead: this is the
    generator the lab's published tables were made with, kept so that they can be remade.)"""
    rng = random.Random(seed)
    while True:
        cycle = list(range(n))
        rng.shuffle(cycle)
        edges = {(min(a, b), max(a, b)) for a, b in zip(cycle, cycle[1:] + cycle[:1])}
        rest = list(range(n))
        rng.shuffle(rest)
        matching = [(min(a, b), max(a, b)) for a, b in zip(rest[::2], rest[1::2])]
        if all(a != b and (a, b) not in edges for a, b in matching):
            return sorted(edges | set(matching))


def near_square(n):
    """Rows and columns of an even grid of about n cells (a grid with a tour has an even cell)."""
    rows = max(2, int(round(n ** 0.5)))
    cols = max(2, (n + rows - 1) // rows)
    if rows * cols % 2:
        cols += 1
    return rows, cols


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "lab-graphs"
    os.makedirs(out, exist_ok=True)
    for n in SIZES:
        rows, cols = near_square(n)
        write_hcp(f"{out}/grid-{rows * cols:05}.hcp", f"grid-{rows}x{cols}", rows * cols,
                  board(rows, cols, ROOK), f"grid graph {rows}x{cols}")
        # Knight's graphs of even boards of at least 6x6 have closed tours.
        side = max(6, int(round(n ** 0.5)))
        side += side % 2
        write_hcp(f"{out}/knight-{side * side:05}.hcp", f"knight-{side}x{side}", side * side,
                  board(side, side, KNIGHT), f"knight's graph {side}x{side}")
        write_hcp(f"{out}/cubic-{n:05}.hcp", f"cubic-{n}", n, planted_cubic(n, n),
                  f"random cubic graph with a planted Hamiltonian cycle, seed {n}")
    write_hcp(f"{out}/cubic-10000.hcp", "cubic-10000", 10000, planted_cubic(10000, 10000),
              "random cubic graph with a planted Hamiltonian cycle, seed 10000")
    write_hcp(f"{out}/grid-10000.hcp", "grid-100x100", 10000, board(100, 100, ROOK),
              "grid graph 100x100")


if __name__ == "__main__":
    main()
