//! # Brute-force reference counter
//!
//! A depth-first search that places 1, 2, 3, … along the moves, with no SAT and no shared code
//! with the encoder beyond the puzzle itself (it even recomputes the neighbours, from the move
//! offsets and positions, or the graph's arcs). The tests use it to establish answers independently; it is exponential, so keep it
//! to small boards.

use crate::{Filling, Puzzle};

/// The result of a count: the number of fillings found and whether that is all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BruteCount {
    pub count: u64,
    pub complete: bool,
}

/// Counts the fillings, stopping at `limit` when one is given.
pub fn count(puzzle: &Puzzle, limit: Option<u64>) -> BruteCount {
    enumerate(puzzle, limit, |_| {})
}

/// Calls `visit` on every filling (at most `limit` of them), in no particular order.
pub fn enumerate(
    puzzle: &Puzzle,
    limit: Option<u64>,
    mut visit: impl FnMut(&Filling),
) -> BruteCount {
    let n = puzzle.n_cells();
    // Neighbours from the puzzle's own move check, not from the encoders' successor lists.
    let neighbours: Vec<Vec<usize>> = (0..n)
        .map(|cell| {
            (0..n)
                .filter(|&next| puzzle.step_allowed(cell, next))
                .collect()
        })
        .collect();
    let mut given_at = vec![None; n + 1];
    for (cell, value) in puzzle.givens() {
        given_at[value as usize] = Some(cell);
    }
    let mut search = Search {
        puzzle,
        neighbours,
        given_at,
        values: vec![0; n],
        first: 0,
        found: 0,
        limit: limit.unwrap_or(u64::MAX),
        visit: &mut visit,
    };
    let complete = (0..n).all(|cell| {
        if search.fits(cell, 1) {
            search.first = cell;
            search.values[cell] = 1;
            let more = search.extend(cell, 1);
            search.values[cell] = 0;
            more
        } else {
            true
        }
    });
    BruteCount {
        count: search.found,
        complete,
    }
}

struct Search<'a, F: FnMut(&Filling)> {
    puzzle: &'a Puzzle,
    neighbours: Vec<Vec<usize>>,
    given_at: Vec<Option<usize>>,
    values: Vec<u32>,
    first: usize,
    found: u64,
    limit: u64,
    visit: &'a mut F,
}

impl<F: FnMut(&Filling)> Search<'_, F> {
    /// Whether `value` may go on the empty `cell`.
    fn fits(&self, cell: usize, value: u32) -> bool {
        self.values[cell] == 0
            && self.puzzle.allows(cell, value)
            && self.given_at[value as usize].is_none_or(|g| g == cell)
    }

    /// Continues the path whose last value `k` sits on `cell`; false once the limit is hit.
    fn extend(&mut self, cell: usize, k: u32) -> bool {
        let n = self.values.len() as u32;
        if k == n {
            if self.puzzle.is_closed() && !self.neighbours[cell].contains(&self.first) {
                return true;
            }
            self.found += 1;
            (self.visit)(&Filling::from_values(self.values.clone()));
            return self.found < self.limit;
        }
        for i in 0..self.neighbours[cell].len() {
            let next = self.neighbours[cell][i];
            if self.fits(next, k + 1) {
                self.values[next] = k + 1;
                let more = self.extend(next, k + 1);
                self.values[next] = 0;
                if !more {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{verify, Moves};

    fn board(rows: usize, cols: usize, moves: &str, closed: bool) -> Puzzle {
        let moves = Moves::from_name(moves).expect("a named move rule");
        Puzzle::blank(rows, cols, moves, closed).unwrap()
    }

    #[test]
    fn counts_of_rook_paths_match_oeis_a096969() {
        // Fillings of an n x n grid with 1..n^2, consecutive values orthogonally adjacent.
        assert_eq!(count(&board(1, 1, "rook", false), None).count, 1);
        assert_eq!(count(&board(2, 2, "rook", false), None).count, 8);
        assert_eq!(count(&board(3, 3, "rook", false), None).count, 40);
        assert_eq!(count(&board(4, 4, "rook", false), None).count, 552);
    }

    #[test]
    fn closed_tours_count_every_start_and_direction() {
        // The 2x3 rook board has one undirected Hamiltonian cycle: 6 starts x 2 directions.
        assert_eq!(count(&board(2, 3, "rook", true), None).count, 12);
        // 3x4 knight's graph: no closed tour exists on 3xN boards for N < 10.
        assert_eq!(count(&board(3, 4, "knight", true), None).count, 0);
    }

    #[test]
    fn limits_stop_early_and_every_filling_verifies() {
        let p = board(3, 3, "king", false);
        let c = count(&p, Some(10));
        assert_eq!(
            c,
            BruteCount {
                count: 10,
                complete: false
            }
        );
        let mut seen = std::collections::HashSet::new();
        let all = enumerate(&p, None, |f| {
            assert_eq!(verify(&p, f), Ok(()));
            assert!(seen.insert(f.clone()));
        });
        assert!(all.complete);
        assert_eq!(all.count as usize, seen.len());
    }
}
