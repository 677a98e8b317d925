//! # Solving puzzles
//!
//! [`PuzzleSolver`] is the front door: it picks the encoding ([`EncodingChoice::resolve`]) and
//! drives either a [`PositionSolver`] or a [`SuccessorSolver`], which both return verified
//! fillings one at a time, each different from those before; [`PuzzleSolver::fillings`] makes
//! that the iterator every enumeration reads ([`crate::fillings`]).

use crate::{Fillings, LoopStats, PositionSolver, SolverChoice, SuccessorSolver};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_encode::{
    DecodeError, EncodeError, EncodeStats, Encoding, EncodingChoice, EncodingOptions,
    PositionEncoding,
};
use pathsat_puzzle::{Filling, Puzzle, Violation};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How to encode and solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// The encoding; with `certify`, `Auto` takes the position encoding.
    pub encoding: EncodingOptions,
    /// Record a proof of the whole run, for [`PuzzleSolver::certify`] (position encoding and
    /// varisat only).
    pub certify: bool,
    /// The embedded SAT solver: varisat unless CaDiCaL is asked for (and built in).
    pub solver: SolverChoice,
}

impl SolveOptions {
    /// The encoding these options give `puzzle`.
    pub fn encoding_for(&self, puzzle: &Puzzle) -> Encoding {
        match self.encoding.choice {
            // Only the position encoding's runs are certified.
            EncodingChoice::Auto if self.certify => Encoding::Position,
            _ => self.encoding.resolve(puzzle),
        }
    }

    /// Whether the solver chosen is built in and can do the run asked.
    ///
    /// # Errors
    /// [`Unsupported::CadicalNotBuiltIn`] or [`Unsupported::CertifiedCadical`].
    pub fn check_solver(&self) -> Result<(), SolveError> {
        if !self.solver.is_built_in() {
            return Err(SolveError::Unsupported(Unsupported::CadicalNotBuiltIn));
        }
        if self.certify && self.solver != SolverChoice::Varisat {
            return Err(SolveError::Unsupported(Unsupported::CertifiedCadical));
        }
        Ok(())
    }

    /// These options with the encoding `choice`.
    pub fn with_choice(self, choice: EncodingChoice) -> SolveOptions {
        SolveOptions {
            encoding: EncodingOptions {
                choice,
                ..self.encoding
            },
            ..self
        }
    }
}

/// Why solving stopped without an answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The puzzle could not be encoded.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// The SAT solver failed, with its message.
    #[error("the SAT solver failed: {0}")]
    Solver(String),
    /// The run's [`Interrupt`](crate::Interrupt) stopped a solver call: the enumeration ends
    /// there, as stopped by its deadline or cancel flag, never as complete.
    #[error("interrupted inside a solver call")]
    Interrupted,
    /// A bug in pathsat: the model does not decode to a filling.
    #[error("internal error, please report: the solver's model does not decode: {0}")]
    Decode(#[from] DecodeError),
    /// A bug in pathsat: a decoded filling is not a solution.
    #[error("internal error, please report: a solution failed the independent verifier: {0}")]
    Unverified(Violation),
    /// A bug in pathsat: a trail came back in a direction other than its canonical one.
    #[error("internal error, please report: a trail was found in another direction than its canonical one")]
    TrailOrientation,
    /// The chosen encoding cannot do the run asked of it.
    #[error(transparent)]
    Unsupported(Unsupported),
    /// The proof of the run was not accepted, or does not match what was counted.
    #[error("the certificate was rejected: {0}")]
    Certificate(String),
}

impl From<crate::SatError> for SolveError {
    fn from(e: crate::SatError) -> Self {
        match e {
            crate::SatError::Interrupted => SolveError::Interrupted,
            crate::SatError::Failed(message) => SolveError::Solver(message),
        }
    }
}

/// A run the chosen encoding or solver cannot do (the puzzles it cannot express are
/// [`EncodeError`]s). The messages say what cannot be done; each front end says what to do
/// instead in its own words (flags, keyword arguments).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unsupported {
    /// A certified run in the successor encoding: only the position encoding's runs are proved.
    #[error("certified runs use the position encoding")]
    CertifiedSuccessor,
    /// CaDiCaL asked for in a build without it.
    #[error("this pathsat is built without CaDiCaL")]
    CadicalNotBuiltIn,
    /// A certified run with CaDiCaL: only varisat's proofs are checked.
    #[error("certified runs use varisat's proof checker")]
    CertifiedCadical,
}

/// What the proof checker accepted about a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// Models the checker verified: exactly the fillings returned, in order.
    pub models: usize,
    /// Whether the checker verified the final unsatisfiability: no other filling exists.
    pub complete: bool,
    /// The size of the proof, in bytes.
    pub proof_bytes: u64,
    /// How long the checker took.
    pub check_time: Duration,
}

/// A number of fillings, and whether it is all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Fillings found.
    pub count: u64,
    /// True when the search proved there are no more fillings; false when a limit stopped it.
    pub complete: bool,
}

/// Sizes and times of a run.
#[derive(Clone, Debug)]
pub struct SolveStats {
    /// The encoding used.
    pub encoding: Encoding,
    /// The encoding's sizes.
    pub encode: EncodeStats,
    /// Time spent encoding.
    pub encode_time: Duration,
    /// Time spent in the SAT solver.
    pub solve_time: Duration,
    /// Calls to the SAT solver (one per solution, plus the last unsatisfiable one, plus one
    /// per round of subtour cuts).
    pub solve_calls: u64,
    /// Fillings returned.
    pub solutions: u64,
    /// The successor encoding's rounds of subtour cuts.
    pub subtours: Option<LoopStats>,
}

/// Heuristics a solver runs beside its SAT calls; all on by default. A portfolio
/// ([`crate::portfolio`]) runs members with different ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Ask the frontier program first whether a narrow graph has no Hamiltonian cycle
    /// ([`crate::narrow`], up to a second).
    pub narrow_check: bool,
    /// Rotation–extension before the successor loop's first call and on its models' longest
    /// subcycles ([`crate::successor`]).
    pub rotation: bool,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            narrow_check: true,
            rotation: true,
        }
    }
}

/// An incremental solver for one puzzle, in the encoding the options choose.
pub struct PuzzleSolver<'p> {
    inner: Inner<'p>,
    exactly_one: ExactlyOneEncoding,
}

enum Inner<'p> {
    Position(PositionSolver<'p>),
    Successor(SuccessorSolver<'p>),
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
        Self::tuned(puzzle, options, Tuning::default())
    }

    /// As [`PuzzleSolver::new`], with the heuristics `tuning` keeps (a portfolio's members
    /// differ in them).
    ///
    /// # Errors
    /// As [`PuzzleSolver::new`].
    pub fn tuned(
        puzzle: &'p Puzzle,
        options: &SolveOptions,
        tuning: Tuning,
    ) -> Result<Self, SolveError> {
        options.check_solver()?;
        let encoding = options.encoding_for(puzzle);
        let exactly_one = options.encoding.exactly_one(encoding);
        let inner = match encoding {
            Encoding::Position => Inner::Position(PositionSolver::new(puzzle, options)?),
            Encoding::Successor if options.certify => {
                return Err(SolveError::Unsupported(Unsupported::CertifiedSuccessor))
            }
            Encoding::Successor => {
                let subtours = options.encoding.subtours;
                let mut s =
                    SuccessorSolver::with_solver(puzzle, exactly_one, subtours, options.solver)?;
                s.rotate(tuning.rotation && !subtours.is_complete());
                Inner::Successor(s)
            }
        };
        let mut solver = PuzzleSolver { inner, exactly_one };
        // A narrow graph without a Hamiltonian cycle is the frontier program's (a certified run
        // is varisat's to prove; one the encoder refuted needs no second proof).
        if !options.certify
            && tuning.narrow_check
            && !(encoding == Encoding::Successor && options.encoding.subtours.is_complete())
            && solver.contradiction().is_none()
            && std::env::var_os("PATHSAT_NO_NARROW").is_none()
        {
            if let Some(reason) = crate::narrow::refutation(puzzle) {
                match &mut solver.inner {
                    Inner::Position(s) => s.refute(reason),
                    Inner::Successor(s) => s.refute(reason),
                }
            }
        }
        Ok(solver)
    }

    /// The encoding in use.
    pub fn encoding(&self) -> Encoding {
        match self.inner {
            Inner::Position(_) => Encoding::Position,
            Inner::Successor(_) => Encoding::Successor,
        }
    }

    /// The exactly-one encoding in use.
    pub fn exactly_one(&self) -> ExactlyOneEncoding {
        self.exactly_one
    }

    /// The position encoding, when it is the one in use.
    pub fn position_encoding(&self) -> Option<&PositionEncoding> {
        match &self.inner {
            Inner::Position(s) => Some(s.encoding()),
            Inner::Successor(_) => None,
        }
    }

    /// Why the puzzle has no solution, when the encoder proved it before solving.
    pub fn contradiction(&self) -> Option<&str> {
        match &self.inner {
            Inner::Position(s) => s.encoding().contradiction.as_deref(),
            Inner::Successor(s) => s.encoding().contradiction.as_deref(),
        }
    }

    /// The next filling not returned before, or `None` when there is none left.
    ///
    /// # Errors
    /// A [`SolveError`] if the solver fails, or if a model does not decode to a verified
    /// solution (a bug, reported rather than printed).
    pub fn next_solution(&mut self) -> Result<Option<Filling>, SolveError> {
        match &mut self.inner {
            Inner::Position(s) => s.next_solution(),
            Inner::Successor(s) => s.next_solution(),
        }
    }

    /// The fillings not returned before, verified, one solver call (or round of subtour cuts)
    /// at a time: the enumeration every count and list is made of. Bound it with
    /// [`Fillings::limit`], [`Fillings::until`] and [`Fillings::cancelled_by`], which record
    /// why it stopped.
    pub fn fillings(&mut self) -> Fillings<'_, 'p> {
        Fillings::new(self)
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
        match &self.inner {
            Inner::Position(s) => s.is_exhausted(),
            Inner::Successor(s) => s.is_exhausted(),
        }
    }

    /// Closes the proof of the run and has varisat's checker replay it (see
    /// [`PositionSolver::certify`]).
    ///
    /// # Errors
    /// [`SolveError::Certificate`] when no proof was recorded or the checker rejects it.
    pub fn certify(&mut self) -> Result<Certificate, SolveError> {
        match &mut self.inner {
            Inner::Position(s) => s.certify(),
            Inner::Successor(_) => Err(SolveError::Certificate(
                "the successor encoding's runs are not certified".into(),
            )),
        }
    }

    /// Successor encoding: the Hamiltonian cycles (or paths) found, as distinct arc sets.
    pub fn cycles_found(&self) -> Option<u64> {
        match &self.inner {
            Inner::Position(_) => None,
            Inner::Successor(s) => Some(s.cycles_found()),
        }
    }

    /// Makes later solver calls (and the successor encoding's rotation–extension) give up at
    /// `deadline` or when `flag` is raised, inside a call too. Give the enumeration the same
    /// bounds ([`Bounded::until`](crate::Bounded::until),
    /// [`Bounded::cancelled_by`](crate::Bounded::cancelled_by)), which record the stop; an
    /// interrupted run is never complete.
    pub fn interrupt_when(&mut self, deadline: Option<Instant>, flag: Option<Arc<AtomicBool>>) {
        self.interrupt_on(crate::Interrupt {
            deadline,
            flags: flag.into_iter().collect(),
        });
    }

    /// As [`PuzzleSolver::interrupt_when`], for a deadline and any number of flags.
    pub fn interrupt_on(&mut self, interrupt: crate::Interrupt) {
        match &mut self.inner {
            Inner::Position(s) => s.interrupt_when(interrupt),
            Inner::Successor(s) => s.interrupt_when(interrupt),
        }
    }

    /// The sizes and times of the run so far.
    pub fn stats(&self) -> SolveStats {
        match &self.inner {
            Inner::Position(s) => s.stats(),
            Inner::Successor(s) => s.solve_stats(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        // A large tour that `Auto` would give the successor encoding is certified in the
        // position encoding; asking for the successor encoding explicitly is refused.
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
            "certified runs use the position encoding"
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

    /// Certified runs are varisat's: CaDiCaL's are refused, not run uncertified.
    #[cfg(feature = "cadical")]
    #[test]
    fn cadical_does_not_certify() {
        let p = board(3, 3, Moves::Rook, false);
        let options = SolveOptions {
            certify: true,
            solver: SolverChoice::Cadical,
            ..SolveOptions::default()
        };
        assert!(matches!(
            PuzzleSolver::new(&p, &options),
            Err(SolveError::Unsupported(Unsupported::CertifiedCadical))
        ));
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
