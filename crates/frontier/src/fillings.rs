//! # Fillings from Hamiltonian counts
//!
//! A filling of a path puzzle without givens is a directed Hamiltonian path (or, for a tour, a
//! directed Hamiltonian cycle with a starting cell), so with H the undirected count:
//!
//! | puzzle | fillings |
//! |---|---|
//! | open, no given | 2 · H(paths) |
//! | open, 1 or N given on cell c | H(paths with an end at c) |
//! | closed, no given | 2N · H(cycles) |
//! | closed, one given (any value) on cell c | 2 · H(cycles) |
//!
//! The last row holds because turning a tour's values round (k → k + s mod N) maps the fillings
//! with value v on c one to one onto those with 1 on c. Boards of up to 3 cells are counted by
//! brute force.

use crate::dp::{hamiltonian_cycles_until, hamiltonian_paths_until};
use crate::Graph;
use pathsat_puzzle::{brute, Puzzle};
use std::fmt;
use std::time::Instant;

/// Why the dynamic program gave no count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotApplicable {
    /// One-way moves: the move graph is directed.
    DirectedMoves,
    /// Marked cells restrict values, which the program does not track.
    Marks,
    /// Givens other than one end of a path (or one value of a tour).
    Givens,
    /// The frontier grew beyond the state budget.
    TooWide,
    /// The deadline passed.
    Deadline,
    /// A trail covers some cells only, with sums of labels the program does not track.
    Trail,
}

impl fmt::Display for NotApplicable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotApplicable::DirectedMoves => "the moves are one-way",
            NotApplicable::Marks => "the puzzle has marked cells",
            NotApplicable::Givens => "the puzzle has givens other than one end of the path",
            NotApplicable::TooWide => "the board is too wide for the dynamic program",
            NotApplicable::Deadline => "the deadline passed",
            NotApplicable::Trail => "trail puzzles are counted by enumeration",
        })
    }
}

/// The number of fillings of `puzzle`, by the dynamic program, giving up at `deadline`.
///
/// # Errors
/// [`NotApplicable`] when the puzzle is a trail, has one-way moves, marks, or givens beyond the table of
/// the module documentation, when the frontier outgrows the state budget, or at the deadline.
pub fn count_fillings(puzzle: &Puzzle, deadline: Option<Instant>) -> Result<u128, NotApplicable> {
    if puzzle.trail().is_some() {
        return Err(NotApplicable::Trail);
    }
    if !puzzle.moves().is_symmetric() {
        return Err(NotApplicable::DirectedMoves);
    }
    if puzzle.has_marks() {
        return Err(NotApplicable::Marks);
    }
    let n = puzzle.n_cells();
    let givens: Vec<(usize, u32)> = puzzle.givens().collect();
    let end = match (givens.as_slice(), puzzle.is_closed()) {
        ([], _) => None,
        ([(cell, _)], true) => Some(*cell),
        ([(cell, v)], false) if *v == 1 || *v as usize == n => Some(*cell),
        _ => return Err(NotApplicable::Givens),
    };
    if n <= 3 {
        return Ok(u128::from(brute::count(puzzle, None).count));
    }
    let mut graph = Graph::new(n);
    for cell in 0..n {
        for &next in puzzle.successors(cell) {
            graph.add_edge(cell, next);
        }
    }
    if colours_rule_out(&graph, puzzle.is_closed()) {
        return Ok(0);
    }
    let order = sweep_order(puzzle);
    let n128 = n as u128;
    let stop = || deadline.is_some_and(|d| Instant::now() >= d);
    let failed = || {
        if stop() {
            NotApplicable::Deadline
        } else {
            NotApplicable::TooWide
        }
    };
    let count = if puzzle.is_closed() {
        let cycles = hamiltonian_cycles_until(&graph, &order, &stop).ok_or_else(failed)?;
        if end.is_some() {
            2 * cycles
        } else {
            2 * n128 * cycles
        }
    } else {
        let paths = hamiltonian_paths_until(&graph, end, &order, &stop).ok_or_else(failed)?;
        if end.is_some() {
            paths
        } else {
            2 * paths
        }
    };
    Ok(count)
}

/// Whether the graph is disconnected, or bipartite with colour classes that no Hamiltonian
/// path (sizes differing by more than one) or cycle (sizes differing at all) can alternate.
/// The encoder's `pathsat_encode::colours` makes the same check; this engine keeps its own so
/// that its counts stay an independent cross-check of the SAT counts.
fn colours_rule_out(graph: &Graph, closed: bool) -> bool {
    let n = graph.n_vertices();
    let mut adjacent = vec![Vec::new(); n];
    for &(u, v) in graph.edges() {
        adjacent[u].push(v);
        adjacent[v].push(u);
    }
    let mut colour = vec![u8::MAX; n];
    colour[0] = 0;
    let mut stack = vec![0];
    let mut bipartite = true;
    let mut reached = 1;
    while let Some(u) = stack.pop() {
        for &v in &adjacent[u] {
            if colour[v] == u8::MAX {
                colour[v] = 1 - colour[u];
                reached += 1;
                stack.push(v);
            } else if colour[v] == colour[u] {
                bipartite = false;
            }
        }
    }
    if reached < n {
        return true;
    }
    let a = colour.iter().filter(|&&c| c == 0).count();
    let b = n - a;
    bipartite && if closed { a != b } else { a.abs_diff(b) > 1 }
}

/// Row by row, or column by column when the board is wider than tall: the frontier then spans
/// the shorter side.
fn sweep_order(puzzle: &Puzzle) -> Vec<usize> {
    let board = puzzle.board();
    let mut cells: Vec<usize> = (0..puzzle.n_cells()).collect();
    if board.cols() > board.rows() {
        cells.sort_by_key(|&c| {
            let p = board.pos(c);
            (p.col, p.row)
        });
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{parse_str, Format, Moves};

    fn blank(rows: usize, cols: usize, moves: Moves, closed: bool) -> Puzzle {
        Puzzle::blank(rows, cols, moves, closed).unwrap()
    }

    #[test]
    fn known_counts() {
        // OEIS A096969: fillings of the n x n board by rook paths.
        for (n, expected) in [
            (1, 1),
            (2, 8),
            (3, 40),
            (4, 552),
            (5, 8648),
            (6, 458_696),
            (7, 27_070_560),
        ] {
            assert_eq!(
                count_fillings(&blank(n, n, Moves::Rook, false), None),
                Ok(expected),
                "{n}x{n}"
            );
        }
        // 9862 undirected closed knight's tours of the 6x6 board.
        assert_eq!(
            count_fillings(&blank(6, 6, Moves::Knight, true), None),
            Ok(2 * 36 * 9862)
        );
        // 6 Hamiltonian cycles of the 4x4 grid (OEIS A003763).
        assert_eq!(
            count_fillings(&blank(4, 4, Moves::Rook, true), None),
            Ok(2 * 16 * 6)
        );
        // Colour classes of 25 and 24 cells: no tour.
        assert_eq!(
            count_fillings(&blank(7, 7, Moves::Knight, true), None),
            Ok(0)
        );
        // Two cells out of reach of every knight's move: no path at all.
        assert_eq!(
            count_fillings(&blank(3, 3, Moves::Knight, false), None),
            Ok(0)
        );
    }

    #[test]
    fn one_given_pins_an_end() {
        let p = parse_str("moves = \"knight\"\nclosed = true\ngrid = \"\"\"\n1 . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n\"\"\"\n", Format::Toml).unwrap();
        assert_eq!(count_fillings(&p, None), Ok(19_724));
        // The same count with the given 17 instead (tours turn their values round).
        let p17 = parse_str("moves = \"knight\"\nclosed = true\ngrid = \"\"\"\n17 . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n\"\"\"\n", Format::Toml).unwrap();
        assert_eq!(count_fillings(&p17, None), Ok(19_724));
    }

    #[test]
    fn what_does_not_apply() {
        let marks =
            parse_str("moves = \"rook\"\ngrid = \"P . .\\n. . .\"\n", Format::Toml).unwrap();
        assert_eq!(count_fillings(&marks, None), Err(NotApplicable::Marks));
        let middle =
            parse_str("moves = \"rook\"\ngrid = \". 3 .\\n. . .\"\n", Format::Toml).unwrap();
        assert_eq!(count_fillings(&middle, None), Err(NotApplicable::Givens));
        let directed = blank(2, 2, Moves::custom(vec![(0, 1), (1, 0)]).unwrap(), false);
        assert_eq!(
            count_fillings(&directed, None),
            Err(NotApplicable::DirectedMoves)
        );
    }
}
