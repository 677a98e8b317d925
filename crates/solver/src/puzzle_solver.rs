//! # Solving puzzles
//!
//! [`PuzzleSolver`] is the front door: it picks the encoding
//! ([`EncodingChoice::resolve`](pathsat_encode::EncodingChoice::resolve)) and drives the
//! [`EncodedSolver`] of it, a [`PositionSolver`] or a [`SuccessorSolver`], which both return
//! verified fillings one at a time, each different from those before;
//! [`PuzzleSolver::fillings`] makes that the iterator every enumeration reads (the method lives
//! beside that iterator, in [`crate::fillings`]).

use crate::certificate::RecordedRun;
use crate::{
    Certificate, EncodedSolver, PositionSolver, SolveError, SolveOptions, SolveStats,
    SuccessorSolver, Tuning, Unsupported,
};
use pathsat_budget::Budget;
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_encode::{Encoding, PositionEncoding};
use pathsat_puzzle::{Filling, Puzzle};

/// A number of fillings, and whether it is all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Fillings found.
    pub count: u64,
    /// True when the search proved there are no more fillings; false when a limit stopped it.
    pub complete: bool,
}

/// An incremental solver for one puzzle, in the encoding the options choose.
pub struct PuzzleSolver<'p> {
    inner: Box<dyn EncodedSolver + 'p>,
    exactly_one: ExactlyOneEncoding,
    /// A certified CaDiCaL run's directory, where its DRAT proof is written.
    scratch: Option<tempfile::TempDir>,
}

impl<'p> PuzzleSolver<'p> {
    /// Encodes the puzzle into a fresh instance of the solver the options choose.
    ///
    /// # Errors
    /// [`SolveError::Encode`] when the puzzle is too large for the position encoding or has
    /// givens the successor encoding cannot express; [`SolveError::Unsupported`] for a
    /// certified run in the successor encoding or with CaDiCaL, and for CaDiCaL in a build
    /// without it.
    pub fn new(puzzle: &'p Puzzle, options: &SolveOptions) -> Result<Self, SolveError> {
        Self::within(puzzle, options, Budget::unlimited())
    }

    /// As [`PuzzleSolver::new`], under `budget` from the start: the frontier program's check of
    /// a narrow graph stops at it, and so do the solver's calls later
    /// ([`PuzzleSolver::set_budget`]).
    ///
    /// # Errors
    /// As [`PuzzleSolver::new`].
    pub fn within(
        puzzle: &'p Puzzle,
        options: &SolveOptions,
        budget: &Budget,
    ) -> Result<Self, SolveError> {
        Self::tuned(puzzle, options, Tuning::default(), budget)
    }

    /// As [`PuzzleSolver::within`], with the heuristics `tuning` keeps (a portfolio's members
    /// differ in them).
    ///
    /// # Errors
    /// As [`PuzzleSolver::new`].
    pub fn tuned(
        puzzle: &'p Puzzle,
        options: &SolveOptions,
        tuning: Tuning,
        budget: &Budget,
    ) -> Result<Self, SolveError> {
        options.check_solver()?;
        let encoding = options.encoding_for(puzzle);
        let exactly_one = options.encoding.exactly_one(encoding);
        let scratch = if options.certifies_with_drat() {
            Some(tempfile::tempdir().map_err(|e| {
                SolveError::Certificate(format!("cannot make a directory for the proof: {e}"))
            })?)
        } else {
            None
        };
        let proof = scratch.as_ref().map(|d| d.path().join("proof.drat"));
        let inner: Box<dyn EncodedSolver + 'p> = match (encoding, &proof) {
            (Encoding::Position, Some(proof)) => {
                Box::new(PositionSolver::recording(puzzle, options, proof)?)
            }
            (Encoding::Position, None) => Box::new(PositionSolver::new(puzzle, options)?),
            (Encoding::Successor, Some(proof)) => Box::new(SuccessorSolver::recording(
                puzzle,
                exactly_one,
                options.encoding.subtours,
                proof,
            )?),
            (Encoding::Successor, None) if options.certify => {
                return Err(SolveError::Unsupported(Unsupported::CertifiedSuccessor))
            }
            (Encoding::Successor, None) => {
                let subtours = options.encoding.subtours;
                let mut s = SuccessorSolver::with_solver(
                    puzzle,
                    exactly_one,
                    subtours,
                    options.engine(),
                    options.seed,
                )?;
                s.rotate(tuning.rotation && !subtours.is_complete());
                Box::new(s)
            }
        };
        let mut solver = PuzzleSolver {
            inner,
            exactly_one,
            scratch,
        };
        // A narrow graph without a Hamiltonian cycle is the frontier program's (a certified run
        // is varisat's to prove; one the encoder refuted needs no second proof).
        if !options.certify
            && tuning.narrow_check
            && !(encoding == Encoding::Successor && options.encoding.subtours.is_complete())
            && solver.contradiction().is_none()
            && std::env::var_os("PATHSAT_NO_NARROW").is_none()
        {
            if let Some(reason) = crate::narrow::refutation(puzzle, budget) {
                solver.inner.refute(reason);
            }
        }
        solver.set_budget(budget.clone());
        Ok(solver)
    }

    /// The encoding in use.
    pub fn encoding(&self) -> Encoding {
        self.inner.kind()
    }

    /// The exactly-one encoding in use.
    pub fn exactly_one(&self) -> ExactlyOneEncoding {
        self.exactly_one
    }

    /// The position encoding, when it is the one in use.
    pub fn position_encoding(&self) -> Option<&PositionEncoding> {
        self.inner.position_encoding()
    }

    /// Why the puzzle has no solution, when the encoder proved it before solving.
    pub fn contradiction(&self) -> Option<&str> {
        self.inner.contradiction()
    }

    /// The next filling not returned before, or `None` when there is none left.
    ///
    /// # Errors
    /// A [`SolveError`] if the solver fails, or if a model does not decode to a verified
    /// solution (a bug, reported rather than printed).
    pub fn next_solution(&mut self) -> Result<Option<Filling>, SolveError> {
        self.inner.next_solution()
    }

    /// Enumerates fillings until there are no more or `limit` have been found in this call;
    /// `on_solution` sees each one. The count is complete when the solver proved there are no
    /// more (a run stopped at its limit is not, even if none was left).
    ///
    /// # Errors
    /// As [`PuzzleSolver::next_solution`].
    pub fn count(
        &mut self,
        limit: Option<u64>,
        mut on_solution: impl FnMut(&Filling),
    ) -> Result<Count, SolveError> {
        let mut run = self.fillings().limit(limit);
        for filling in &mut run {
            on_solution(&filling?);
        }
        let count = run.found();
        Ok(Count {
            count,
            complete: self.is_exhausted(),
        })
    }

    /// Whether the search has proved that no further filling exists.
    pub fn is_exhausted(&self) -> bool {
        self.inner.is_exhausted()
    }

    /// Closes the proof of the run and has varisat's checker replay it (see
    /// [`PositionSolver`]'s [`EncodedSolver::certify`]).
    ///
    /// # Errors
    /// [`SolveError::Certificate`] when no proof was recorded or the checker rejects it.
    pub fn certify(&mut self) -> Result<Certificate, SolveError> {
        self.inner.certify()
    }

    /// Position encoding: rules out `value` on `cell` for the calls to come, as an exclusion
    /// claim; false in the successor encoding, or when the encoding has no variable for the
    /// pair.
    pub fn exclude(&mut self, cell: usize, value: u32) -> bool {
        self.inner.exclude(cell, value)
    }

    /// Position encoding: pins `value` on `cell` for the calls to come, as an assumption claim;
    /// false in the successor encoding, or when the encoding has no variable for the pair.
    pub fn assume_value(&mut self, cell: usize, value: u32) -> bool {
        self.inner.assume_value(cell, value)
    }

    /// Whether the run records a DRAT certificate ([`crate::certificate`]).
    pub fn is_recording(&self) -> bool {
        self.scratch.is_some()
    }

    /// Closes the DRAT proof of a certified CaDiCaL run and hands over what a certificate is
    /// written from; `None` for another run (or a second time). No further solving after this.
    pub fn finish_recording(&mut self) -> Option<RecordedRun> {
        let scratch = self.scratch.take()?;
        Some(RecordedRun {
            recording: self.inner.finish_recording()?,
            meaning: self.inner.meaning(),
            subtours: self.inner.subtours(),
            encoding: self.encoding(),
            exhausted: self.is_exhausted(),
            prover: crate::certificate::Prover::Cadical,
            scratch,
        })
    }

    /// Successor encoding: the Hamiltonian cycles (or paths) found, as distinct arc sets.
    pub fn cycles_found(&self) -> Option<u64> {
        self.inner.cycles_found()
    }

    /// Makes later solver calls (and the successor encoding's rotation–extension) give up when
    /// `budget` says stop, inside a call too. [`Fillings::within`](crate::Fillings::within)
    /// sets it and bounds the enumeration by it in one step, recording why it stopped; an
    /// interrupted run is never complete.
    pub fn set_budget(&mut self, budget: crate::Budget) {
        self.inner.set_budget(budget);
    }

    /// The sizes and times of the run so far.
    pub fn stats(&self) -> SolveStats {
        self.inner.stats()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SolverChoice;
    use pathsat_encode::EncodingChoice;
    use pathsat_puzzle::{brute, Moves};

    fn board(rows: usize, cols: usize, moves: Moves, closed: bool) -> Puzzle {
        Puzzle::blank(rows, cols, moves, closed).unwrap()
    }

    fn options(choice: EncodingChoice) -> SolveOptions {
        SolveOptions::default().with_choice(choice)
    }

    #[test]
    fn both_encodings_count_rook_boards() {
        for choice in [EncodingChoice::Position, EncodingChoice::Successor] {
            for (n, expected) in [(1, 1), (2, 8), (3, 40), (4, 552)] {
                let p = board(n, n, Moves::Rook, false);
                let mut s = PuzzleSolver::new(&p, &options(choice)).unwrap();
                let c = s.count(None, |_| {}).unwrap();
                let want = Count {
                    count: expected,
                    complete: true,
                };
                assert_eq!(c, want, "{n}x{n} {choice:?}");
                assert_eq!(s.stats().solutions, expected);
            }
        }
    }

    #[test]
    fn limits_leave_the_count_incomplete() {
        for choice in [EncodingChoice::Position, EncodingChoice::Successor] {
            let p = board(3, 3, Moves::Rook, false);
            let mut s = PuzzleSolver::new(&p, &options(choice)).unwrap();
            let c = s.count(Some(40), |_| {}).unwrap();
            assert_eq!((c.count, c.complete), (40, false), "{choice:?}");
            // The next call proves there are no more.
            let c = s.count(Some(1), |_| {}).unwrap();
            assert_eq!((c.count, c.complete), (0, true), "{choice:?}");
        }
    }

    #[test]
    fn certified_counts() {
        let p = board(3, 3, Moves::Rook, false);
        let certify = SolveOptions {
            certify: true,
            ..SolveOptions::default()
        };
        let mut s = PuzzleSolver::new(&p, &certify).unwrap();
        assert_eq!(s.count(None, |_| {}).unwrap().count, 40);
        let c = s.certify().unwrap();
        assert_eq!((c.models, c.complete), (40, true));
        // Stopped early: the models are certified, completeness is not claimed.
        let mut s = PuzzleSolver::new(&p, &certify).unwrap();
        s.count(Some(5), |_| {}).unwrap();
        let c = s.certify().unwrap();
        assert_eq!((c.models, c.complete), (5, false));
        // An impossible puzzle: no model, unsatisfiable.
        let t = board(3, 3, Moves::Rook, true);
        let mut s = PuzzleSolver::new(&t, &certify).unwrap();
        assert_eq!(s.count(None, |_| {}).unwrap().count, 0);
        assert!(s.certify().unwrap().complete);
        // Without a proof there is nothing to certify.
        let mut s = PuzzleSolver::new(&p, &SolveOptions::default()).unwrap();
        assert!(matches!(s.certify(), Err(SolveError::Certificate(_))));
        // varisat certifies a large tour, which `Auto` would give the successor encoding, in the
        // position encoding; asking it for the successor encoding explicitly is refused.
        let large = board(10, 10, Moves::Rook, true);
        let s = PuzzleSolver::new(&large, &certify).unwrap();
        assert_eq!(s.encoding(), Encoding::Position);
        let explicit = certify.with_choice(EncodingChoice::Successor);
        assert!(matches!(
            PuzzleSolver::new(&large, &explicit),
            Err(SolveError::Unsupported(Unsupported::CertifiedSuccessor))
        ));
        assert_eq!(
            Unsupported::CertifiedSuccessor.to_string(),
            "certified runs of the successor encodings use CaDiCaL"
        );
    }

    #[test]
    fn impossible_puzzles_have_zero_fillings() {
        for choice in [EncodingChoice::Position, EncodingChoice::Successor] {
            let p = board(3, 3, Moves::Rook, true);
            let mut s = PuzzleSolver::new(&p, &options(choice)).unwrap();
            let c = s.count(None, |_| {}).unwrap();
            assert_eq!((c.count, c.complete), (0, true), "{choice:?}");
            assert!(s.contradiction().is_some(), "{choice:?}");
        }
    }

    /// The successor encoding is refused for givens in the middle of the path; `Auto` then
    /// takes the position encoding.
    #[test]
    fn givens_in_the_middle_need_the_position_encoding() {
        let p = board(10, 10, Moves::King, false)
            .with_givens(&[(0, 1), (11, 2), (99, 100)])
            .unwrap();
        assert!(matches!(
            PuzzleSolver::new(&p, &options(EncodingChoice::Successor)),
            Err(SolveError::Encode(_))
        ));
        let s = PuzzleSolver::new(&p, &SolveOptions::default()).unwrap();
        assert_eq!(s.encoding(), Encoding::Position);
    }

    /// Both encodings agree with brute force on small boards with a given start or end.
    #[test]
    fn both_encodings_agree_with_brute_force_on_pinned_ends() {
        for (moves, closed, givens) in [
            (Moves::King, false, vec![(0, 1)]),
            (Moves::King, false, vec![(4, 9)]),
            (Moves::Rook, false, vec![(0, 1), (8, 9)]),
            (Moves::Knight, false, vec![(4, 1)]),
            (Moves::Rook, true, vec![(3, 1)]),
        ] {
            let p = board(3, 3, moves, closed).with_givens(&givens).unwrap();
            let expected = brute::count(&p, None).count;
            for choice in [EncodingChoice::Position, EncodingChoice::Successor] {
                let mut s = PuzzleSolver::new(&p, &options(choice)).unwrap();
                let c = s.count(None, |_| {}).unwrap();
                assert_eq!(c.count, expected, "{} {givens:?} {choice:?}", p.name());
            }
        }
    }

    /// CaDiCaL's enumerations equal brute force in both encodings: open and closed boards,
    /// each kind of move, pinned ends.
    #[cfg(feature = "cadical")]
    #[test]
    fn cadical_enumerations_agree_with_brute_force() {
        let cases = [
            (board(3, 3, Moves::Rook, false), vec![]),
            (board(4, 4, Moves::Rook, true), vec![]),
            (board(3, 4, Moves::King, true), vec![]),
            (board(3, 4, Moves::Knight, false), vec![]),
            (board(2, 2, Moves::Rook, true), vec![]),
            (board(1, 1, Moves::Rook, false), vec![]),
            (board(3, 3, Moves::King, false), vec![(4, 9)]),
            (board(3, 3, Moves::Rook, false), vec![(0, 1), (8, 9)]),
            (board(3, 3, Moves::Rook, true), vec![(3, 1)]),
        ];
        for (blank, givens) in cases {
            let p = blank.with_givens(&givens).unwrap();
            let expected = brute::count(&p, None).count;
            for choice in [EncodingChoice::Position, EncodingChoice::Successor] {
                let options = SolveOptions {
                    solver: SolverChoice::Cadical,
                    ..options(choice)
                };
                let mut s = PuzzleSolver::new(&p, &options).unwrap();
                let c = s.count(None, |_| {}).unwrap();
                assert_eq!(c.count, expected, "{} {givens:?} {choice:?}", p.name());
                assert!(c.complete);
            }
        }
    }

    /// Without the feature, CaDiCaL is refused (the front ends say how to build it).
    #[cfg(not(feature = "cadical"))]
    #[test]
    fn cadical_needs_the_feature() {
        let p = board(3, 3, Moves::Rook, false);
        let options = SolveOptions {
            solver: SolverChoice::Cadical,
            ..SolveOptions::default()
        };
        let err = PuzzleSolver::new(&p, &options).err().unwrap();
        assert!(matches!(
            err,
            SolveError::Unsupported(Unsupported::CadicalNotBuiltIn)
        ));
        assert_eq!(err.to_string(), "this pathsat is built without CaDiCaL");
    }
}
