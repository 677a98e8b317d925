//! # Forced cells: the values every solution agrees on
//!
//! The *backbone* of a puzzle: the cells whose value is the same in every filling. It is found
//! by SAT with assumptions, never by enumerating: one filling F, then for each cell c still in
//! doubt one call "a filling with c ≠ F(c)?" ([`AssumingSolver::solve_without`]); a filling
//! found that way clears every cell on which it differs from F, and an unsatisfiable call
//! proves c forced. At most one call per cell after the first, in the position encoding, so a
//! puzzle with millions of solutions costs no more than one with two.
//!
//! A puzzle with no solution has no backbone; instead, when its givens are to blame, the report
//! names a small set of them that already has no solution: the failed assumptions of the
//! puzzle solved with its givens assumed rather than written, then shrunk one given at a time
//! while the rest stays unsolvable (so that no given of the set can be dropped).

use crate::{Assumed, AssumingSolver, Budget, SolveError};
use pathsat_encode::PositionOptions;
use pathsat_puzzle::{CellRule, Filling, Puzzle};

/// The cells every solution agrees on, or why there is no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Backbone {
    /// The puzzle has solutions; `forced` lists (cell, value) for every cell whose value is the
    /// same in all of them, the given ones included, by cell; `solution` is one of them.
    Solved {
        /// The forced cells and their values, by cell.
        forced: Vec<(usize, u32)>,
        /// One solution (verified).
        solution: Filling,
        /// False when the interrupt stopped the search: `forced` is then the cells proved so
        /// far, and the cells in `undecided` may be forced or not.
        complete: bool,
        /// The cells neither proved forced nor shown free when the search stopped.
        undecided: Vec<usize>,
    },
    /// No solution. `conflict` lists givens (cell, value) that have no solution together,
    /// none of which can be dropped; empty when the puzzle has none even without its givens.
    NoSolution {
        /// A minimal set of givens with no solution.
        conflict: Vec<(usize, u32)>,
    },
}

/// The backbone of `puzzle` in the position encoding with `options`, and the solver calls it
/// took.
///
/// # Errors
/// [`SolveError::Encode`] when the puzzle is too large for the position encoding,
/// [`SolveError::Interrupted`] when `interrupt` stops the search before a first solution (a
/// later stop returns the cells settled by then, marked incomplete).
pub fn backbone(
    puzzle: &Puzzle,
    options: &PositionOptions,
    interrupt: Budget,
) -> Result<(Backbone, u64), SolveError> {
    let mut solver = AssumingSolver::new(puzzle, options)?;
    solver.set_budget(interrupt.clone());
    let solution = match solver.solve_with(&[])? {
        Assumed::Filling(f) => f,
        Assumed::Unsat { .. } => {
            let (conflict, calls) = conflicting_givens(puzzle, options, interrupt)?;
            return Ok((Backbone::NoSolution { conflict }, solver.calls() + calls));
        }
    };
    // Given cells are forced by definition; every other cell is in doubt until a call settles
    // it: a filling that differs there (free), or a proof that none does (forced).
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum State {
        Doubt,
        Forced,
        Free,
    }
    let n = puzzle.n_cells();
    let mut state: Vec<State> = (0..n)
        .map(|c| match puzzle.rule(c) {
            CellRule::Given(_) => State::Forced,
            _ => State::Doubt,
        })
        .collect();
    for cell in 0..n {
        if state[cell] != State::Doubt {
            continue;
        }
        match solver.solve_without(cell, solution.value(cell)) {
            Ok(Some(other)) => {
                for (c, s) in state.iter_mut().enumerate() {
                    if *s == State::Doubt && other.value(c) != solution.value(c) {
                        *s = State::Free;
                    }
                }
            }
            Ok(None) => state[cell] = State::Forced,
            Err(SolveError::Interrupted) => break,
            Err(e) => return Err(e),
        }
    }
    let forced = (0..n)
        .filter(|&c| state[c] == State::Forced)
        .map(|c| (c, solution.value(c)))
        .collect();
    let undecided: Vec<usize> = (0..n).filter(|&c| state[c] == State::Doubt).collect();
    let found = Backbone::Solved {
        forced,
        solution,
        complete: undecided.is_empty(),
        undecided,
    };
    Ok((found, solver.calls()))
}

/// A minimal set of `puzzle`'s givens with no solution (empty when there is none even
/// without them), and the solver calls it took.
fn conflicting_givens(
    puzzle: &Puzzle,
    options: &PositionOptions,
    interrupt: Budget,
) -> Result<(Vec<(usize, u32)>, u64), SolveError> {
    let givens: Vec<(usize, u32)> = puzzle.givens().collect();
    let Some(open) = puzzle.without_givens() else {
        return Ok((Vec::new(), 0));
    };
    let mut solver = AssumingSolver::new(&open, options)?;
    solver.set_budget(interrupt);
    let mut core: Vec<(usize, u32)> = match solver.solve_with(&givens)? {
        // The givens are not to blame (a trail, or a puzzle whose givens were fine).
        Assumed::Filling(_) => return Ok((Vec::new(), solver.calls())),
        Assumed::Unsat { core } => core.into_iter().map(|i| givens[i]).collect(),
    };
    // Drop each given whose removal leaves the rest without a solution.
    let mut i = 0;
    while i < core.len() {
        let mut rest = core.clone();
        rest.remove(i);
        match solver.solve_with(&rest)? {
            Assumed::Unsat { .. } => core = rest,
            Assumed::Filling(_) => i += 1,
        }
    }
    core.sort_unstable();
    Ok((core, solver.calls()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{brute, parse_str, Format, Moves};

    /// The backbone by enumeration: the cells where every filling agrees.
    fn by_enumeration(p: &Puzzle) -> Option<Vec<(usize, u32)>> {
        let mut all: Vec<Filling> = Vec::new();
        let count = brute::enumerate(p, Some(200_000), |f| all.push(f.clone()));
        assert!(count.complete);
        let first = all.first()?;
        Some(
            (0..p.n_cells())
                .filter(|&c| all.iter().all(|f| f.value(c) == first.value(c)))
                .map(|c| (c, first.value(c)))
                .collect(),
        )
    }

    fn check(p: &Puzzle) {
        let (found, calls) = backbone(p, &PositionOptions::default(), Budget::default()).unwrap();
        match (found, by_enumeration(p)) {
            (
                Backbone::Solved {
                    forced,
                    solution,
                    complete,
                    undecided,
                },
                Some(expected),
            ) => {
                assert!(complete && undecided.is_empty());
                assert_eq!(forced, expected, "{p}");
                assert!(pathsat_puzzle::verify(p, &solution).is_ok());
                // One call for the first filling, at most one per cell in doubt after it.
                assert!(calls <= 1 + p.n_cells() as u64, "{p}: {calls} calls");
            }
            (Backbone::NoSolution { conflict }, None) => {
                // The givens named have no solution together, and each of them is needed.
                let fillings = |givens: &[(usize, u32)]| {
                    let q = p.relaxed().unwrap().with_givens(givens).unwrap();
                    brute::count(&q, Some(1)).count
                };
                if !conflict.is_empty() {
                    assert_eq!(fillings(&conflict), 0, "{p}: {conflict:?}");
                    for i in 0..conflict.len() {
                        let mut rest = conflict.clone();
                        rest.remove(i);
                        assert!(fillings(&rest) > 0, "{p}: {conflict:?} is not minimal");
                    }
                }
            }
            (other, expected) => panic!("{p}: {other:?} against {expected:?}"),
        }
    }

    #[test]
    fn agrees_with_enumeration_on_small_puzzles() {
        for text in [
            // Numbrix 3x3 with 1 in a corner: the corner is forced, the rest is not.
            "moves = \"rook\"\ngrid = \"1 . .\\n. . .\\n. . .\"\n",
            // Two givens that pin more cells.
            "moves = \"rook\"\ngrid = \"1 . .\\n. . .\\n. . 9\"\n",
            // Hidato with a hole.
            "moves = \"king\"\ngrid = \"1 . .\\n. # .\\n. . 7\"\n",
            "moves = \"king\"\ngrid = \". . . .\\n. 5 . .\\n. . . 12\"\n",
            // A closed tour: no cell is forced without givens.
            "moves = \"rook\"\nclosed = true\ngrid = \". . . .\\n. . . .\"\n",
        ] {
            check(&parse_str(text, Format::Toml).unwrap());
        }
        for (rows, cols, moves, closed) in [
            (3, 3, Moves::King, false),
            (2, 4, Moves::Rook, true),
            (3, 4, Moves::Knight, false),
        ] {
            check(&Puzzle::blank(rows, cols, moves, closed).unwrap());
        }
    }

    #[test]
    fn agrees_with_enumeration_on_random_givens() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(32);
        let mut unsolvable = 0;
        for round in 0..120 {
            let (rows, cols, moves) = [
                (3, 3, Moves::Rook),
                (3, 4, Moves::King),
                (4, 4, Moves::Rook),
                (3, 4, Moves::Knight),
            ][round % 4]
                .clone();
            let blank = Puzzle::blank(rows, cols, moves, round % 5 == 0).unwrap();
            let n = blank.n_cells();
            // Two or three givens: random cells and values, often without a solution.
            let k = rng.random_range(1..=3);
            let mut givens: Vec<(usize, u32)> = Vec::new();
            while givens.len() < k {
                let (c, v) = (rng.random_range(0..n), rng.random_range(1..=n as u32));
                if givens.iter().all(|&(c2, v2)| c2 != c && v2 != v) {
                    givens.push((c, v));
                }
            }
            let p = blank.with_givens(&givens).unwrap();
            unsolvable += usize::from(brute::count(&p, Some(1)).count == 0);
            check(&p);
        }
        // Both kinds were tried.
        assert!(
            (10..110).contains(&unsolvable),
            "{unsolvable} of 120 unsolvable"
        );
    }

    #[test]
    fn a_puzzle_without_solution_names_conflicting_givens() {
        // 1 and 3 in opposite corners of a 3x3 rook board: 3 is two steps from 1, the corners
        // four apart; each given alone has solutions, and so has the third (9).
        let p = parse_str(
            "moves = \"rook\"\ngrid = \"1 . 9\\n. . .\\n. . 3\"\n",
            Format::Toml,
        )
        .unwrap();
        let (found, _) = backbone(&p, &PositionOptions::default(), Budget::default()).unwrap();
        assert_eq!(
            found,
            Backbone::NoSolution {
                conflict: vec![(0, 1), (8, 3)]
            }
        );
        check(&p);
    }
}
