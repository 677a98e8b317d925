//! # Solving puzzles
//!
//! [`PuzzleSolver`] encodes a puzzle into varisat once and then solves incrementally. Each
//! solution is decoded through the [`VarMap`], checked by the independent verifier, and blocked
//! by a clause over its primary literals only, so that the next call finds a different filling
//! (blocking auxiliary variables as well could count one filling several times).

use crate::SatSolver;
use pathsat_cnf::{ClauseSink, Lit};
use pathsat_encode::{
    position, DecodeError, EncodeError, EncodeStats, PositionEncoding, PositionOptions, VarMap,
};
use pathsat_puzzle::{verify, Filling, Puzzle, Violation};
use std::time::{Duration, Instant};

/// How to encode and solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    pub encoding: PositionOptions,
    /// Record a proof of the whole run, for [`PuzzleSolver::certify`].
    pub certify: bool,
}

/// Why solving stopped without an answer.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error(transparent)]
    Encode(#[from] EncodeError),
    #[error("the SAT solver failed: {0}")]
    Solver(String),
    /// A bug in pathsat: the model does not decode to a filling.
    #[error("internal error, please report: the solver's model does not decode: {0}")]
    Decode(#[from] DecodeError),
    /// A bug in pathsat: a decoded filling is not a solution.
    #[error("internal error, please report: a solution failed the independent verifier: {0}")]
    Unverified(Violation),
    /// The proof of the run was not accepted, or does not match what was counted.
    #[error("the certificate was rejected: {0}")]
    Certificate(String),
}

/// What the proof checker accepted about a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// Models the checker verified: exactly the fillings returned, in order.
    pub models: usize,
    /// Whether the checker verified the final unsatisfiability: no other filling exists.
    pub complete: bool,
    pub proof_bytes: u64,
    pub check_time: Duration,
}

/// A number of fillings, and whether it is all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    pub count: u64,
    /// True when the search proved there are no more fillings; false when a limit stopped it.
    pub complete: bool,
}

/// Sizes and times of a run.
#[derive(Clone, Debug)]
pub struct SolveStats {
    pub encode: EncodeStats,
    pub encode_time: Duration,
    pub solve_time: Duration,
    /// Calls to the SAT solver (one per solution, plus the last unsatisfiable one).
    pub solve_calls: u64,
    pub solutions: u64,
}

/// An incremental solver for one puzzle.
pub struct PuzzleSolver<'p> {
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

impl<'p> PuzzleSolver<'p> {
    /// Encodes the puzzle into a fresh varisat instance.
    ///
    /// # Errors
    /// [`SolveError::Encode`] when the puzzle is too large for the encoding.
    pub fn new(puzzle: &'p Puzzle, options: &SolveOptions) -> Result<Self, SolveError> {
        let start = Instant::now();
        let mut sat = if options.certify {
            SatSolver::with_proof()
                .map_err(|e| SolveError::Certificate(format!("cannot record the proof: {e}")))?
        } else {
            SatSolver::new()
        };
        let encoding = position::encode(puzzle, &options.encoding, &mut sat)?;
        Ok(PuzzleSolver {
            puzzle,
            sat,
            encoding,
            record: options.certify.then(|| (Vec::new(), Vec::new())),
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

    /// The variable map of the encoding.
    pub fn map(&self) -> &VarMap {
        &self.encoding.map
    }

    /// The next filling not returned before, or `None` when there is none left.
    ///
    /// # Errors
    /// A [`SolveError`] if the solver fails, or if a model does not decode to a verified
    /// solution (a bug, reported rather than printed).
    pub fn next_solution(&mut self) -> Result<Option<Filling>, SolveError> {
        if self.exhausted {
            return Ok(None);
        }
        let start = Instant::now();
        let sat = self.sat.solve().map_err(SolveError::Solver);
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
        let block = self.encoding.map.blocking_clause(&filling);
        self.sat.add_clause(&block);
        if let Some((fillings, blocks)) = &mut self.record {
            fillings.push(filling.clone());
            let mut sorted = block;
            sorted.sort_unstable();
            blocks.push(sorted);
        }
        self.found += 1;
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
    /// or it does not match the run.
    pub fn certify(&mut self) -> Result<Certificate, SolveError> {
        let fail = |why: String| SolveError::Certificate(why);
        let (fillings, blocks) = self
            .record
            .take()
            .ok_or_else(|| fail("the run recorded no proof".into()))?;
        let run = self
            .sat
            .check_proof(self.encoding.map.n_primary())
            .ok_or_else(|| fail("the run recorded no proof".into()))?
            .map_err(|e| fail(e.to_string()))?;
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

    /// Enumerates fillings until there are no more or `limit` have been found in this call;
    /// `on_solution` sees each one.
    ///
    /// # Errors
    /// As [`PuzzleSolver::next_solution`].
    pub fn count(
        &mut self,
        limit: Option<u64>,
        mut on_solution: impl FnMut(&Filling),
    ) -> Result<Count, SolveError> {
        let mut count = 0;
        while limit.is_none_or(|l| count < l) {
            match self.next_solution()? {
                Some(filling) => {
                    count += 1;
                    on_solution(&filling);
                }
                None => break,
            }
        }
        // Stopping at the limit proves nothing about the rest: complete only if exhausted.
        Ok(Count {
            count,
            complete: self.exhausted,
        })
    }

    /// Whether the search has proved that no further filling exists.
    pub fn is_exhausted(&self) -> bool {
        self.exhausted
    }

    pub fn stats(&self) -> SolveStats {
        SolveStats {
            encode: self.encoding.stats.clone(),
            encode_time: self.encode_time,
            solve_time: self.solve_time,
            solve_calls: self.solve_calls,
            solutions: self.found,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::Moves;

    fn board(rows: usize, cols: usize, moves: &str, closed: bool) -> Puzzle {
        let moves = Moves::from_name(moves).expect("a named move rule");
        Puzzle::blank(rows, cols, moves, closed).unwrap()
    }

    #[test]
    fn counts_rook_boards() {
        for (n, expected) in [(1, 1), (2, 8), (3, 40), (4, 552)] {
            let p = board(n, n, "rook", false);
            let mut s = PuzzleSolver::new(&p, &SolveOptions::default()).unwrap();
            let c = s.count(None, |_| {}).unwrap();
            assert_eq!(
                c,
                Count {
                    count: expected,
                    complete: true
                },
                "{n}x{n}"
            );
        }
    }

    #[test]
    fn limits_leave_the_count_incomplete() {
        let p = board(3, 3, "rook", false);
        let mut s = PuzzleSolver::new(&p, &SolveOptions::default()).unwrap();
        assert_eq!(
            s.count(Some(40), |_| {}).unwrap(),
            Count {
                count: 40,
                complete: false
            }
        );
        // The next call proves there are no more.
        assert_eq!(
            s.count(Some(1), |_| {}).unwrap(),
            Count {
                count: 0,
                complete: true
            }
        );
    }

    #[test]
    fn certified_counts() {
        let p = board(3, 3, "rook", false);
        let options = SolveOptions {
            certify: true,
            ..SolveOptions::default()
        };
        let mut s = PuzzleSolver::new(&p, &options).unwrap();
        assert_eq!(s.count(None, |_| {}).unwrap().count, 40);
        let c = s.certify().unwrap();
        assert_eq!((c.models, c.complete), (40, true));
        // Stopped early: the models are certified, completeness is not claimed.
        let mut s = PuzzleSolver::new(&p, &options).unwrap();
        s.count(Some(5), |_| {}).unwrap();
        let c = s.certify().unwrap();
        assert_eq!((c.models, c.complete), (5, false));
        // An impossible puzzle: no model, unsatisfiable.
        let t = board(3, 3, "rook", true);
        let mut s = PuzzleSolver::new(&t, &options).unwrap();
        assert_eq!(s.count(None, |_| {}).unwrap().count, 0);
        assert!(s.certify().unwrap().complete);
        // Without a proof there is nothing to certify.
        let mut s = PuzzleSolver::new(&p, &SolveOptions::default()).unwrap();
        assert!(matches!(s.certify(), Err(SolveError::Certificate(_))));
    }

    /// A run whose record disagrees with its proof is refused.
    #[test]
    fn a_certificate_must_match_the_run() {
        let p = board(2, 3, "rook", false);
        let options = SolveOptions {
            certify: true,
            ..SolveOptions::default()
        };
        let mut s = PuzzleSolver::new(&p, &options).unwrap();
        s.count(None, |_| {}).unwrap();
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

    #[test]
    fn impossible_puzzles_have_zero_fillings() {
        let p = board(3, 3, "rook", true);
        let mut s = PuzzleSolver::new(&p, &SolveOptions::default()).unwrap();
        assert_eq!(
            s.count(None, |_| {}).unwrap(),
            Count {
                count: 0,
                complete: true
            }
        );
        assert!(s.encoding().contradiction.is_some());
    }
}
