//! # Brute-force reference counter
//!
//! A depth-first search that places 1, 2, 3, … along the moves, with no SAT and no shared code
//! with the encoder beyond the puzzle itself (it even recomputes the neighbours, from the move
//! offsets and positions, or the graph's arcs). The tests use it to establish answers independently; it is exponential, so keep it
//! to small boards.
//!
//! Trail puzzles are searched the same way, over every simple path of the trail's length from
//! every cell; [`directed_trails`] counts them in both directions (and from every start, when
//! closed), so that the tests can check the count of trails up to reversal by division.

use crate::{canonical_trail, Filling, Puzzle, Trail};

/// The result of a count: the number of fillings found and whether that is all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BruteCount {
    /// Fillings found.
    pub count: u64,
    /// Whether that is all of them (false when a limit stopped the search).
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
    if let Some(trail) = puzzle.trail() {
        // One filling per trail: the canonical direction of each.
        let mut found = 0;
        let limit = limit.unwrap_or(u64::MAX);
        let complete = trail_search(puzzle, trail, &mut |f| {
            if canonical_trail(f, puzzle.is_closed()) == *f {
                found += 1;
                visit(f);
            }
            found < limit
        });
        return BruteCount {
            count: found,
            complete,
        };
    }
    let n = puzzle.n_cells();
    let neighbours = neighbours(puzzle);
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

/// Each cell's neighbours, from the puzzle's own move check (positions and offsets, or the
/// graph's arcs), not from the encoders' successor lists.
fn neighbours(puzzle: &Puzzle) -> Vec<Vec<usize>> {
    let n = puzzle.n_cells();
    (0..n)
        .map(|cell| {
            (0..n)
                .filter(|&next| puzzle.step_allowed(cell, next))
                .collect()
        })
        .collect()
}

/// The trails of a trail puzzle counted as sequences of cells: each open trail twice (once per
/// direction, for length > 1), each closed trail 2L times.
///
/// # Panics
/// If the puzzle is not a trail puzzle.
pub fn directed_trails(puzzle: &Puzzle) -> u64 {
    let trail = puzzle.trail().expect("a trail puzzle");
    let mut found = 0;
    trail_search(puzzle, trail, &mut |_| {
        found += 1;
        true
    });
    found
}

/// Every sequence of `length` distinct cells, each one move from the one before (the last one
/// move from the first when closed), with the labels the trail asks for; `visit` returns false
/// to stop, and then so does this.
fn trail_search(puzzle: &Puzzle, trail: &Trail, visit: &mut dyn FnMut(&Filling) -> bool) -> bool {
    let n = puzzle.n_cells();
    let neighbours = neighbours(puzzle);
    let mut path: Vec<usize> = Vec::with_capacity(trail.length());
    let mut values = vec![0u32; n];
    fn extend(
        puzzle: &Puzzle,
        trail: &Trail,
        neighbours: &[Vec<usize>],
        path: &mut Vec<usize>,
        values: &mut Vec<u32>,
        visit: &mut dyn FnMut(&Filling) -> bool,
    ) -> bool {
        let last = *path.last().expect("a started path");
        if path.len() == trail.length() {
            if puzzle.is_closed() && !neighbours[last].contains(&path[0]) {
                return true;
            }
            let labels: Vec<u32> = path.iter().map(|&c| trail.label(c)).collect();
            let sum: u64 = labels.iter().map(|&l| u64::from(l)).sum();
            if trail.sum().is_some_and(|s| s != sum) {
                return true;
            }
            let mut sorted = labels.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if trail.distinct() && sorted.len() != labels.len() {
                return true;
            }
            return visit(&Filling::from_values(values.clone()));
        }
        for &next in &neighbours[last] {
            if values[next] == 0 {
                path.push(next);
                values[next] = path.len() as u32;
                let more = extend(puzzle, trail, neighbours, path, values, visit);
                values[next] = 0;
                path.pop();
                if !more {
                    return false;
                }
            }
        }
        true
    }
    for start in 0..n {
        path.push(start);
        values[start] = 1;
        let more = extend(puzzle, trail, &neighbours, &mut path, &mut values, visit);
        values[start] = 0;
        path.pop();
        if !more {
            return false;
        }
    }
    true
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
