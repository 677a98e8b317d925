//! # Solving with the position encoding
//!
//! [`PositionSolver`] encodes a puzzle into the embedded solver once (varisat for a small
//! formula when the choice is by size, see [`SolveOptions::solver_for_clauses`]) and then
//! solves incrementally. Each
//! solution is decoded through the [`VarMap`], checked by the independent verifier, and blocked
//! by a clause over its primary literals only, so that the next call finds a different filling
//! (blocking auxiliary variables as well could count one filling several times).

use crate::certificate::{Meaning, Recording};
use crate::claims::Claim;
use crate::encoded::EncodedSolver;
use crate::Budget;
use crate::{
    Certificate, ProofError, SatSolver, SolveError, SolveOptions, SolveStats, SolverChoice,
};
use pathsat_cnf::{ClauseSink, Cnf, Lit};
use pathsat_encode::Encoding;
use pathsat_encode::{position, PositionEncoding, VarMap};
use pathsat_puzzle::{canonical_trail, verify, Filling, Puzzle};
use std::time::Duration;
use web_time::Instant;

/// An incremental solver for one puzzle, in the position encoding.
pub struct PositionSolver<'p> {
    puzzle: &'p Puzzle,
    sat: SatSolver,
    encoding: PositionEncoding,
    /// When certifying: the fillings returned and the blocking clauses added, in order.
    record: Option<(Vec<Filling>, Vec<Vec<Lit>>)>,
    found: u64,
    exhausted: bool,
    encode_time: Duration,
    solve_time: Duration,
    solve_calls: u64,
}

impl<'p> PositionSolver<'p> {
    /// Encodes the puzzle into a fresh instance of the solver the options choose.
    ///
    /// # Errors
    /// [`SolveError::Encode`] when the puzzle is too large for the encoding;
    /// [`SolveError::Unsupported`] when the solver chosen is not built in or cannot certify.
    pub fn new(puzzle: &'p Puzzle, options: &SolveOptions) -> Result<Self, SolveError> {
        Self::create(puzzle, options, None)
    }

    /// As [`PositionSolver::new`], for a certified run with CaDiCaL: it writes a DRAT proof of
    /// the whole run into `proof`, and each blocking clause is recorded with its claim
    /// ([`crate::certificate`]).
    ///
    /// # Errors
    /// As [`PositionSolver::new`]; [`SolveError::Certificate`] when the proof file cannot be
    /// written.
    pub fn recording(
        puzzle: &'p Puzzle,
        options: &SolveOptions,
        proof: &std::path::Path,
    ) -> Result<Self, SolveError> {
        Self::create(puzzle, options, Some(proof))
    }

    fn create(
        puzzle: &'p Puzzle,
        options: &SolveOptions,
        proof: Option<&std::path::Path>,
    ) -> Result<Self, SolveError> {
        let start = Instant::now();
        options.check_solver()?;
        let (sat, encoding) = if let Some(proof) = proof {
            let mut sat = SatSolver::recording(proof)?;
            let encoding = position::encode(puzzle, &options.encoding.position, &mut sat)?;
            sat.end_encoding();
            for (var, _, _) in encoding.map.primary() {
                sat.keep(var);
            }
            (sat, encoding)
        } else if options.certify {
            let mut sat = SatSolver::with_proof()
                .map_err(|e| SolveError::Certificate(format!("cannot record the proof: {e}")))?;
            let encoding = position::encode(puzzle, &options.encoding.position, &mut sat)?;
            (sat, encoding)
        } else if options.by_size() && options.engine() != SolverChoice::Varisat {
            // The formula first, to choose the solver by its size; then the solver gets it.
            let mut cnf = Cnf::new();
            let encoding = position::encode(puzzle, &options.encoding.position, &mut cnf)?;
            let choice = options.solver_for_clauses(cnf.n_clauses());
            let mut sat =
                SatSolver::seeded(choice, options.seed).map_err(SolveError::Unsupported)?;
            for _ in 0..cnf.n_vars() {
                sat.new_var();
            }
            for clause in cnf.clauses() {
                sat.add_clause(clause);
            }
            (sat, encoding)
        } else {
            let mut sat = SatSolver::seeded(options.engine(), options.seed)
                .map_err(SolveError::Unsupported)?;
            let encoding = position::encode(puzzle, &options.encoding.position, &mut sat)?;
            (sat, encoding)
        };
        Ok(PositionSolver {
            puzzle,
            sat,
            encoding,
            record: (options.certify && proof.is_none()).then(|| (Vec::new(), Vec::new())),
            found: 0,
            exhausted: false,
            encode_time: start.elapsed(),
            solve_time: Duration::ZERO,
            solve_calls: 0,
        })
    }

    /// The encoding written into the solver.
    pub fn encoding(&self) -> &PositionEncoding {
        &self.encoding
    }

    /// Adds `claim`: the unit clause of the variable of (`cell`, `value`), `positive` or not.
    fn claim_value(&mut self, claim: Claim, cell: usize, value: u32, positive: bool) -> bool {
        let Some(var) = self.encoding.map.var(cell, value) else {
            return false;
        };
        self.sat.add_claim(|| claim, &[vec![var.lit(positive)]]);
        true
    }

    /// The variable map of the encoding.
    pub fn map(&self) -> &VarMap {
        &self.encoding.map
    }
}

impl EncodedSolver for PositionSolver<'_> {
    fn kind(&self) -> Encoding {
        Encoding::Position
    }

    fn contradiction(&self) -> Option<&str> {
        self.encoding.contradiction.as_deref()
    }

    fn position_encoding(&self) -> Option<&PositionEncoding> {
        Some(&self.encoding)
    }

    /// Ends the search without a solver call: `reason` proved there is no solution.
    fn refute(&mut self, reason: String) {
        self.encoding.contradiction.get_or_insert(reason);
        self.exhausted = true;
    }

    /// Rules out `value` on `cell` for the calls to come, as an exclusion claim: a certified
    /// run that then finds no solution proves that every solution puts `value` there. False
    /// (and nothing added) when the encoding has no variable for the pair.
    fn exclude(&mut self, cell: usize, value: u32) -> bool {
        self.claim_value(Claim::Exclude(cell, value), cell, value, false)
    }

    /// Pins `value` on `cell` for the calls to come, as an assumption claim: one cube of a
    /// count split on the cell's values. False (and nothing added) when the encoding has no
    /// variable for the pair.
    fn assume_value(&mut self, cell: usize, value: u32) -> bool {
        self.claim_value(Claim::Assume(cell, value), cell, value, true)
    }

    /// What the primary variables mean, for a certificate's claims.
    fn meaning(&self) -> Meaning {
        Meaning::of_values(&self.encoding.map)
    }

    /// Closes the proof of a certified CaDiCaL run ([`PositionSolver::recording`]) and hands
    /// over its record.
    fn finish_recording(&mut self) -> Option<Recording> {
        self.sat.finish_recording()
    }

    /// The next filling not returned before, or `None` when there is none left.
    ///
    /// # Errors
    /// A [`SolveError`] if the solver fails, or if a model does not decode to a verified
    /// solution (a bug, reported rather than printed).
    fn next_solution(&mut self) -> Result<Option<Filling>, SolveError> {
        if self.exhausted {
            return Ok(None);
        }
        let start = Instant::now();
        let sat = self.sat.solve().map_err(SolveError::from);
        self.solve_time += start.elapsed();
        self.solve_calls += 1;
        if !sat? {
            self.exhausted = true;
            return Ok(None);
        }
        let model = self.sat.model().expect("a satisfiable call has a model");
        let filling = self
            .encoding
            .map
            .decode(|var| model.get(var.index()).copied().flatten())?;
        verify(self.puzzle, &filling).map_err(SolveError::Unverified)?;
        if self.puzzle.trail().is_some()
            && canonical_trail(&filling, self.puzzle.is_closed()) != filling
        {
            // The encoding keeps one direction per trail; another would be counted twice.
            return Err(SolveError::TrailOrientation);
        }
        let block = self.encoding.map.blocking_clause(&filling);
        let map = &self.encoding.map;
        let claim = || Claim::Block(block.iter().filter_map(|l| map.meaning(l.var())).collect());
        self.sat.add_claim(claim, std::slice::from_ref(&block));
        if let Some((fillings, blocks)) = &mut self.record {
            fillings.push(filling.clone());
            let mut sorted = block;
            sorted.sort_unstable();
            blocks.push(sorted);
        }
        self.found += 1;
        if self.found == 1 {
            // The calls after a first solution are an enumeration (or a uniqueness proof).
            self.sat.tune_for_many_calls();
        }
        Ok(Some(filling))
    }

    /// Closes the proof of the run and has varisat's checker replay it. The certificate holds
    /// only if the checker accepts every step, the models it verified are exactly the fillings
    /// returned (in order), the clauses added between calls exactly the blocking clauses, and
    /// unsatisfiability is proved exactly when the search was exhausted. No further solving
    /// after this.
    ///
    /// # Errors
    /// [`SolveError::Certificate`] when the solver records no proof, the checker rejects it,
    /// or it does not match the run; [`SolveError::Interrupted`] when the run's interrupt
    /// stops the check.
    fn certify(&mut self) -> Result<Certificate, SolveError> {
        let fail = |why: String| SolveError::Certificate(why);
        let (fillings, blocks) = self
            .record
            .take()
            .ok_or_else(|| fail("the run recorded no proof".into()))?;
        let run = self
            .sat
            .check_proof(self.encoding.map.n_primary())
            .ok_or_else(|| fail("the run recorded no proof".into()))?
            .map_err(|e| match e {
                // The run's deadline or cancel: no verdict, not a rejection.
                ProofError::Stopped => SolveError::Interrupted,
                e => fail(e.to_string()),
            })?;
        if run.models.len() != fillings.len() {
            return Err(fail(format!(
                "the proof has {} models, the run returned {} fillings",
                run.models.len(),
                fillings.len()
            )));
        }
        for (i, (model, filling)) in run.models.iter().zip(&fillings).enumerate() {
            let mut expected: Vec<_> = (0..filling.values().len())
                .filter_map(|cell| self.encoding.map.var(cell, filling.value(cell)))
                .collect();
            expected.sort_unstable();
            if *model != expected {
                return Err(fail(format!(
                    "model {} of the proof is not filling {} of the run",
                    i + 1,
                    i + 1
                )));
            }
        }
        if run.added != blocks {
            return Err(fail(
                "the clauses added during the run are not the blocking clauses".into(),
            ));
        }
        if run.unsat != self.exhausted {
            return Err(fail(format!(
                "the proof {} unsatisfiability, but the search {} exhausted",
                if run.unsat {
                    "derives"
                } else {
                    "does not derive"
                },
                if self.exhausted { "was" } else { "was not" }
            )));
        }
        Ok(Certificate {
            models: run.models.len(),
            complete: run.unsat,
            proof_bytes: run.proof_bytes,
            check_time: run.check_time,
        })
    }

    /// Whether the search has proved that no further filling exists.
    fn is_exhausted(&self) -> bool {
        self.exhausted
    }

    /// Makes later solver calls give up, inside their search too, when `budget` says stop.
    fn set_budget(&mut self, budget: Budget) {
        self.sat.set_budget(budget);
    }

    /// The sizes and times of the run so far.
    fn stats(&self) -> SolveStats {
        SolveStats {
            encoding: pathsat_encode::Encoding::Position,
            solver: self.sat.kind(),
            encode: self.encoding.stats.clone(),
            encode_time: self.encode_time,
            solve_time: self.solve_time,
            solve_calls: self.solve_calls,
            solutions: self.found,
            subtours: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::Moves;

    /// A run whose record disagrees with its proof is refused.
    #[test]
    fn a_certificate_must_match_the_run() {
        let p = Puzzle::blank(2, 3, Moves::Rook, false).unwrap();
        let options = SolveOptions {
            certify: true,
            ..SolveOptions::default()
        };
        let mut s = PositionSolver::new(&p, &options).unwrap();
        while s.next_solution().unwrap().is_some() {}
        // Pretend the run returned another filling first.
        if let Some((fillings, _)) = &mut s.record {
            fillings.swap(0, 1);
        }
        let e = s.certify().unwrap_err();
        assert!(
            e.to_string()
                .contains("model 1 of the proof is not filling 1"),
            "{e}"
        );
    }
}
