//! # Choosing the givens
//!
//! The solution S is fixed; a set of givens G (cells of S, with S's values) makes a puzzle whose
//! solution is unique exactly when no filling other than S agrees with S on G. With S excluded
//! from an [`AssumingSolver`], that is one solver call with G as assumptions: unsatisfiable
//! means unique (and the failed core is a subset of G that already proves it), satisfiable
//! gives another filling, which differs from S on some cell outside G.
//!
//! 1. **Adding.** From the required givens, while another filling exists, give one of the cells
//!    where it differs from S: the one whose value is farthest from the values given so far,
//!    which splits the longest stretch of the path that no given pins down. Each call rules out
//!    at least the filling it found. When the call is unsatisfiable, keep only the core.
//! 2. **Removing.** In random order, drop each given whose removal still leaves S unique (and
//!    everything outside the core of that proof with it). A given that stays is needed: another
//!    filling agrees with the others, and removing more givens later only admits more fillings.
//!    So the result is locally minimal: removing any one given admits a second solution.
//!
//! `minimal_for` does the same with any test of "still good" (the deduction solver, for
//! easy and medium puzzles), without cores.

use crate::GenerateError;
use pathsat_puzzle::{CellRule, Filling, Puzzle};
use pathsat_solver::Budget;
use pathsat_solver::{Assumed, AssumingSolver, SolveError};
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::RngExt;

/// The spacing of the first givens along the path.
const SPACING: usize = 3;

/// The cells chosen, and the solver calls it took.
pub struct Chosen {
    /// The cells to give, sorted (the required ones included).
    pub cells: Vec<usize>,
    /// The solver calls spent choosing them.
    pub calls: u64,
    /// False when the deadline stopped the removing phase: the givens make the solution
    /// unique, but some of them may not be needed.
    pub minimal: bool,
}

/// Givens that make `solution` unique, starting from `required` (kept whatever happens):
/// locally minimal when `minimise`, else as the adding phase left them.
///
/// # Errors
/// [`GenerateError::Solve`] if the solver fails, [`GenerateError::Stopped`] when the deadline
/// comes before the solution is unique (after that, the removing stops and says so).
pub(crate) fn unique_givens(
    oracle: &mut AssumingSolver<'_>,
    solution: &Filling,
    required: &[usize],
    minimise: bool,
    rng: &mut ChaCha8Rng,
    until: &Budget,
) -> Result<Chosen, GenerateError> {
    let start_calls = oracle.calls();
    let pairs = |cells: &[usize]| -> Vec<(usize, u32)> {
        cells.iter().map(|&c| (c, solution.value(c))).collect()
    };
    let keep_core = |cells: &[usize], core: &[usize]| -> Vec<usize> {
        let mut kept: Vec<usize> = required.to_vec();
        kept.extend(core.iter().map(|&i| cells[i]));
        kept.sort_unstable();
        kept.dedup();
        kept
    };
    // Start from every `SPACING`-th value of the path: with few givens the solver faces an
    // almost blank board, where finding another filling is slow; with stretches this short it
    // is fast, and the removal phase takes out what is not needed.
    let order = solution.order();
    let offset = rng.random_range(0..SPACING);
    let mut chosen: Vec<usize> = required.to_vec();
    chosen.extend(
        order
            .iter()
            .skip(offset)
            .step_by(SPACING)
            .filter(|c| !required.contains(c)),
    );
    for &cell in &chosen {
        // Each given's clauses take a moment on a large board: the deadline is looked at
        // between them.
        check(until)?;
        oracle.add_distance_clauses(cell, solution.value(cell));
    }
    loop {
        check(until)?;
        match oracle.solve_with(&pairs(&chosen))? {
            Assumed::Unsat { core } => {
                chosen = keep_core(&chosen, &core);
                break;
            }
            Assumed::Filling(other) => {
                let cell = farthest_from_given(solution, &other, &chosen)
                    .expect("another filling agreeing on the givens differs elsewhere");
                oracle.add_distance_clauses(cell, solution.value(cell));
                chosen.push(cell);
            }
        }
    }
    let mut minimal = minimise;
    if minimise {
        let order = removal_order(&chosen, required, rng);
        for cell in order {
            if !chosen.contains(&cell) {
                continue;
            }
            if check(until).is_err() {
                minimal = false;
                break;
            }
            let trial: Vec<usize> = chosen.iter().copied().filter(|&c| c != cell).collect();
            if rerouted(oracle.puzzle(), solution, &trial, cell).is_some() {
                continue;
            }
            match oracle.solve_with(&pairs(&trial)) {
                Ok(Assumed::Unsat { core }) => chosen = keep_core(&trial, &core),
                Ok(Assumed::Filling(_)) => {}
                // The deadline or flag stopped the call: the givens so far are unique.
                Err(SolveError::Interrupted) => {
                    minimal = false;
                    break;
                }
                Err(e) => return Err(e.into()),
            }
        }
    }
    chosen.sort_unstable();
    Ok(Chosen {
        cells: chosen,
        calls: oracle.calls() - start_calls,
        minimal,
    })
}

/// Another filling that agrees with `solution` on `given` (and the puzzle's own givens), found
/// without the solver: the stretch of the path between the givens on either side of `cell`'s
/// value, re-routed through the same cells. Often there is one, and finding it by a small
/// depth-first search (a bounded number of steps) saves a solver call; `None` says nothing.
pub fn rerouted(
    puzzle: &Puzzle,
    solution: &Filling,
    given: &[usize],
    cell: usize,
) -> Option<Filling> {
    let n = puzzle.n_cells();
    let value = solution.value(cell);
    let pinned = |c: usize| given.contains(&c) || matches!(puzzle.rule(c), CellRule::Given(_));
    let order = solution.order();
    // The given values on either side (0-based positions in `order`).
    let at = value as usize - 1;
    let before = (0..at).rev().find(|&i| pinned(order[i]));
    let after = (at + 1..n).find(|&i| pinned(order[i]));
    if puzzle.is_closed() && (before.is_none() || after.is_none()) {
        return None;
    }
    let first = before.map_or(0, |i| i + 1);
    let last = after.map_or(n - 1, |i| i - 1);
    let stretch: Vec<usize> = order[first..=last].to_vec();
    if stretch.len() < 2 {
        return None;
    }
    let mut free = vec![false; n];
    for &c in &stretch {
        free[c] = true;
    }
    let mut search = Reroute {
        puzzle,
        free,
        path: Vec::with_capacity(stretch.len()),
        want: stretch.len(),
        values: first as u32 + 1,
        end: after.map(|i| order[i]),
        original: &stretch,
        budget: REROUTE_BUDGET,
    };
    let starts: Vec<usize> = match before {
        Some(i) => puzzle.successors(order[i]).to_vec(),
        None => stretch.clone(),
    };
    for start in starts {
        if search.free[start] && search.extend(start) {
            let mut values = solution.values().to_vec();
            for (k, &c) in search.path.iter().enumerate() {
                values[c] = first as u32 + 1 + k as u32;
            }
            let other = Filling::from_values(values);
            return pathsat_puzzle::verify(puzzle, &other)
                .is_ok()
                .then_some(other);
        }
        if search.budget == 0 {
            break;
        }
    }
    None
}

/// Steps a re-routing search may take.
const REROUTE_BUDGET: u32 = 20_000;

struct Reroute<'a> {
    puzzle: &'a Puzzle,
    free: Vec<bool>,
    path: Vec<usize>,
    want: usize,
    /// The value of the stretch's first cell.
    values: u32,
    end: Option<usize>,
    original: &'a [usize],
    budget: u32,
}

impl Reroute<'_> {
    /// Whether the path can go on from `cell` to a route that differs from the original.
    fn extend(&mut self, cell: usize) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let value = self.values + self.path.len() as u32;
        if !self.puzzle.allows(cell, value) {
            return false;
        }
        self.free[cell] = false;
        self.path.push(cell);
        if self.path.len() == self.want {
            if self.end.is_none_or(|e| self.puzzle.step_allowed(cell, e))
                && self.path != self.original
            {
                return true;
            }
        } else {
            for &next in self.puzzle.successors(cell) {
                if self.free[next] && self.extend(next) {
                    return true;
                }
            }
        }
        self.path.pop();
        self.free[cell] = true;
        false
    }
}

/// Drops givens from `chosen` (in random order, never `required` ones) while `still_good`
/// holds. The result is locally minimal for `still_good` when it is monotone (true for a set
/// stays true for its supersets) and the deadline did not stop it: the flag says which.
pub(crate) fn minimal_for(
    mut chosen: Vec<usize>,
    required: &[usize],
    rng: &mut ChaCha8Rng,
    until: &Budget,
    mut still_good: impl FnMut(&[usize]) -> bool,
) -> (Vec<usize>, bool) {
    let order = removal_order(&chosen, required, rng);
    let mut minimal = true;
    for cell in order {
        if check(until).is_err() {
            minimal = false;
            break;
        }
        let trial: Vec<usize> = chosen.iter().copied().filter(|&c| c != cell).collect();
        if still_good(&trial) {
            chosen = trial;
        }
    }
    chosen.sort_unstable();
    (chosen, minimal)
}

/// The cell where `other` differs from `solution` whose value in `solution` is farthest from
/// every value already given (ties: the lowest cell).
fn farthest_from_given(solution: &Filling, other: &Filling, given: &[usize]) -> Option<usize> {
    let mut given_values: Vec<u32> = given.iter().map(|&c| solution.value(c)).collect();
    given_values.sort_unstable();
    solution
        .differing_cells(other)
        .into_iter()
        .max_by_key(|&cell| {
            let v = solution.value(cell);
            let gap = match given_values.binary_search(&v) {
                Ok(_) => 0,
                Err(i) => {
                    let below = i.checked_sub(1).map(|j| v - given_values[j]);
                    let above = given_values.get(i).map(|&w| w - v);
                    match (below, above) {
                        (Some(b), Some(a)) => b.min(a),
                        (Some(d), None) | (None, Some(d)) => d,
                        (None, None) => u32::MAX,
                    }
                }
            };
            (gap, std::cmp::Reverse(cell))
        })
}

/// The givens that may go, in the random order they are tried.
fn removal_order(chosen: &[usize], required: &[usize], rng: &mut ChaCha8Rng) -> Vec<usize> {
    let mut order: Vec<usize> = chosen
        .iter()
        .copied()
        .filter(|c| !required.contains(c))
        .collect();
    order.shuffle(rng);
    order
}

/// Stops at the deadline, or when a cancel flag is raised.
pub(crate) fn check(until: &Budget) -> Result<(), GenerateError> {
    match until.must_stop() {
        Some(_) => Err(crate::stopped(until)),
        None => Ok(()),
    }
}
