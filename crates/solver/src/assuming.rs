//! # Solving under assumed values
//!
//! [`AssumingSolver`] keeps one puzzle's position encoding in a varisat instance and answers
//! "is there a filling with these values on these cells?" as one solver call under
//! assumptions, without re-encoding. A puzzle generator asks it hundreds of times: with its
//! chosen solution excluded ([`AssumingSolver::exclude`]), "no filling agrees with the
//! solution on these cells" is the proof that those givens make the solution unique, and
//! varisat's failed core says which of them the proof used.
//!
//! Every filling returned has passed the independent verifier, like every other filling of
//! this crate.

use crate::{SatSolver, SolveError};
use pathsat_cnf::{ClauseSink, Lit};
use pathsat_encode::colours::{colour_classes, Colouring};
use pathsat_encode::domains::Reach;
use pathsat_encode::{position, PositionOptions, VarMap};
use pathsat_puzzle::{verify, Filling, Puzzle};
use std::time::Duration;
use web_time::Instant;

/// The answer to one call under assumptions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Assumed {
    /// A filling with the assumed values (verified).
    Filling(Filling),
    /// No filling has them all; `core` lists the indices (into the assumed pairs) of a subset
    /// that already has none. Empty when the puzzle has no filling left at all.
    /// No filling has the assumed values.
    Unsat {
        /// Indices into the assumed pairs of a subset that already has no filling.
        core: Vec<usize>,
    },
}

/// An incremental solver for one puzzle that solves under assumed (cell, value) pairs.
pub struct AssumingSolver<'p> {
    puzzle: &'p Puzzle,
    sat: SatSolver,
    map: VarMap,
    calls: u64,
    solve_time: Duration,
    /// The pairs whose distance clauses were added.
    distanced: Vec<(usize, u32)>,
}

impl<'p> AssumingSolver<'p> {
    /// Encodes the puzzle (position encoding) into a fresh varisat instance.
    ///
    /// # Errors
    /// [`SolveError::Encode`] when the puzzle is too large for the encoding.
    pub fn new(puzzle: &'p Puzzle, options: &PositionOptions) -> Result<Self, SolveError> {
        let mut sat = SatSolver::new();
        let encoding = position::encode(puzzle, options, &mut sat)?;
        if let (
            None,
            Ok(Colouring {
                colour: Some(colour),
                ..
            }),
        ) = (puzzle.trail(), colour_classes(puzzle))
        {
            add_parity_clauses(&colour, &encoding.map, &mut sat);
        }
        Ok(AssumingSolver {
            puzzle,
            sat,
            map: encoding.map,
            calls: 0,
            solve_time: Duration::ZERO,
            distanced: Vec::new(),
        })
    }

    /// Adds the clauses "if `value` is on `cell`, no value w is on a cell x that a path of
    /// |w - value| moves cannot reach": binary clauses true of every filling, which give an
    /// assumed value the reach that pruning gives a given one. Without them an assumed value
    /// only propagates to its neighbours, and the solver must learn distances by conflicts.
    /// Worth it for the pairs that will be assumed often; a pair's second call adds nothing.
    pub fn add_distance_clauses(&mut self, cell: usize, value: u32) {
        if self.distanced.contains(&(cell, value)) || self.puzzle.trail().is_some() {
            return;
        }
        self.distanced.push((cell, value));
        let Some(var) = self.map.var(cell, value) else {
            return;
        };
        // Distances only: the parity variable already carries the colours, in one clause per
        // pair rather than one per pair and assumed value.
        let reach = Reach::new(self.puzzle, None, cell, value);
        for other in (0..self.map.n_cells()).filter(|&c| c != cell) {
            for &(w, x) in self.map.cell_vars(other) {
                if !reach.allows(other, w) {
                    self.sat.add_clause(&[var.negative(), x.negative()]);
                }
            }
        }
    }

    /// Makes later calls give up, inside their search too, when `interrupt` is raised: they
    /// come back [`SolveError::Interrupted`] (and every call after one stopped inside).
    pub fn set_budget(&mut self, budget: crate::Budget) {
        self.sat.set_budget(budget);
    }

    /// A filling that puts each assumed value on its cell, or the proof that none does.
    ///
    /// # Errors
    /// A [`SolveError`] if the solver fails or a model is not a verified filling (a bug).
    pub fn solve_with(&mut self, assumed: &[(usize, u32)]) -> Result<Assumed, SolveError> {
        let mut lits: Vec<Lit> = Vec::with_capacity(assumed.len());
        let mut index_of = Vec::with_capacity(assumed.len());
        for (i, &(cell, value)) in assumed.iter().enumerate() {
            match self.map.var(cell, value) {
                Some(var) => {
                    lits.push(var.positive());
                    index_of.push((var.positive(), i));
                }
                // Pruned from the cell's domain: no filling has it, on its own.
                None => return Ok(Assumed::Unsat { core: vec![i] }),
            }
        }
        if !self.solve_assuming(&lits)? {
            index_of.sort_unstable();
            let mut core: Vec<usize> = self
                .sat
                .failed_core()
                .unwrap_or_default()
                .iter()
                .filter_map(|lit| {
                    index_of
                        .binary_search_by_key(lit, |&(l, _)| l)
                        .ok()
                        .map(|k| index_of[k].1)
                })
                .collect();
            core.sort_unstable();
            core.dedup();
            return Ok(Assumed::Unsat { core });
        }
        Ok(Assumed::Filling(self.model_filling()?))
    }

    /// A filling that does *not* put `value` on `cell`, or `None` when every filling does
    /// (one call, assuming the pair's variable false).
    ///
    /// # Errors
    /// As [`AssumingSolver::solve_with`].
    pub fn solve_without(
        &mut self,
        cell: usize,
        value: u32,
    ) -> Result<Option<Filling>, SolveError> {
        let assumed: Vec<Lit> = self
            .map
            .var(cell, value)
            .map(|v| v.negative())
            .into_iter()
            .collect();
        if !self.solve_assuming(&assumed)? {
            return Ok(None);
        }
        self.model_filling().map(Some)
    }

    /// One solver call under `lits`, counted and timed: whether it is satisfiable.
    fn solve_assuming(&mut self, lits: &[Lit]) -> Result<bool, SolveError> {
        self.sat.assume(lits);
        let start = Instant::now();
        let sat = self.sat.solve().map_err(SolveError::from);
        self.solve_time += start.elapsed();
        self.calls += 1;
        sat
    }

    /// The filling of the last satisfiable call's model, checked by the verifier.
    fn model_filling(&mut self) -> Result<Filling, SolveError> {
        let model = self.sat.model().expect("a satisfiable call has a model");
        let filling = self
            .map
            .decode(|var| model.get(var.index()).copied().flatten())?;
        verify(self.puzzle, &filling).map_err(SolveError::Unverified)?;
        Ok(filling)
    }

    /// Excludes `filling` from every later answer (a blocking clause over its values).
    pub fn exclude(&mut self, filling: &Filling) {
        let block = self.map.blocking_clause(filling);
        self.sat.add_clause(&block);
    }

    /// The puzzle solved.
    pub fn puzzle(&self) -> &'p Puzzle {
        self.puzzle
    }

    /// Solver calls so far.
    pub fn calls(&self) -> u64 {
        self.calls
    }

    /// Time spent inside the solver.
    pub fn solve_time(&self) -> Duration {
        self.solve_time
    }
}

/// On a bipartite move graph (rook and knight moves) the path alternates colours, so one
/// colour holds the odd values and the other the even ones. Which way round is one new
/// variable, and each candidate pair implies it: once one value is assumed, unit propagation
/// rules out half of all pairs, as pruning does for a given value.
fn add_parity_clauses(colour: &[u8], map: &VarMap, sat: &mut SatSolver) {
    // True: the cells of colour 0 hold the odd values.
    let zero_odd = sat.new_var();
    for (var, cell, value) in map.primary() {
        let says_zero_odd = (colour[cell] == 0) == (value % 2 == 1);
        sat.add_clause(&[var.negative(), zero_odd.lit(says_zero_odd)]);
    }
}

/// The solver's effort to prove that `solution` is the puzzle's only filling: the clauses a
/// fresh solver learns (about one per conflict) refuting every other filling, the same on every
/// machine. `None` when another filling exists.
///
/// # Errors
/// A [`SolveError`] if the puzzle cannot be encoded or the solver fails.
pub fn uniqueness_effort(
    puzzle: &Puzzle,
    solution: &Filling,
    options: &PositionOptions,
) -> Result<Option<u64>, SolveError> {
    let mut sat = SatSolver::counting_learned();
    let encoding = position::encode(puzzle, options, &mut sat)?;
    sat.add_clause(&encoding.map.blocking_clause(solution));
    let other = sat.solve().map_err(SolveError::from)?;
    Ok((!other).then(|| sat.learned().unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{brute, Moves};

    /// On the 3x3 rook board, "is there another filling with these values?" agrees with brute
    /// force for every single assumed pair, and the core is one of the assumptions.
    #[test]
    fn assumptions_agree_with_brute_force() {
        let p = Puzzle::blank(3, 3, Moves::Rook, false).unwrap();
        let mut all = Vec::new();
        brute::enumerate(&p, None, |f| all.push(f.clone()));
        assert_eq!(all.len(), 40);
        let chosen = all[7].clone();
        let mut s = AssumingSolver::new(&p, &PositionOptions::default()).unwrap();
        s.exclude(&chosen);
        for cell in 0..9 {
            for other in 0..9 {
                let pairs = [(cell, chosen.value(cell)), (other, chosen.value(other))];
                let expected = all
                    .iter()
                    .any(|f| *f != chosen && pairs.iter().all(|&(c, v)| f.value(c) == v));
                match s.solve_with(&pairs).unwrap() {
                    Assumed::Filling(f) => {
                        assert!(expected);
                        assert_ne!(f, chosen);
                        assert!(pairs.iter().all(|&(c, v)| f.value(c) == v));
                    }
                    Assumed::Unsat { core } => {
                        assert!(!expected, "{pairs:?}");
                        assert!(core.iter().all(|&i| i < 2));
                        let kept: Vec<_> = core.iter().map(|&i| pairs[i]).collect();
                        assert!(!all
                            .iter()
                            .any(|f| *f != chosen && kept.iter().all(|&(c, v)| f.value(c) == v)));
                    }
                }
            }
        }
        assert_eq!(s.calls(), 81);
    }

    /// The effort is measured only when the solution is the only one.
    #[test]
    fn effort_of_uniqueness() {
        let p = Puzzle::blank(3, 3, Moves::Rook, false).unwrap();
        let mut all = Vec::new();
        brute::enumerate(&p, None, |f| all.push(f.clone()));
        let options = PositionOptions::default();
        assert_eq!(uniqueness_effort(&p, &all[0], &options).unwrap(), None);
        let pinned = p
            .with_givens(&(0..9).map(|c| (c, all[0].value(c))).collect::<Vec<_>>())
            .unwrap();
        assert!(uniqueness_effort(&pinned, &all[0], &options)
            .unwrap()
            .is_some());
    }
}
