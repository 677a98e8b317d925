//! # One puzzle in one encoding
//!
//! [`EncodedSolver`] is what [`PuzzleSolver`](crate::PuzzleSolver) drives: a puzzle encoded
//! once into an incremental SAT solver, giving verified fillings one at a time, each different
//! from those before. The position encoding ([`PositionSolver`](crate::PositionSolver)) and the
//! successor encoding's loop of subtour cuts ([`SuccessorSolver`](crate::SuccessorSolver))
//! implement it; a new encoding is a new implementation and one arm where `PuzzleSolver`
//! chooses. What only the position encoding can do (varisat's proof check, claims on a cell's
//! value) has a default that says no.

use crate::certificate::{Meaning, Recording};
use crate::{Budget, Certificate, SolveError, SolveStats};
use pathsat_encode::subtours::Subtours;
use pathsat_encode::{Encoding, PositionEncoding};
use pathsat_puzzle::Filling;

/// A puzzle encoded into an incremental solver: see the module docs.
pub trait EncodedSolver {
    /// The encoding in use.
    fn kind(&self) -> Encoding;

    /// Why the puzzle has no solution, when the encoder (or [`EncodedSolver::refute`]) proved
    /// it before solving.
    fn contradiction(&self) -> Option<&str>;

    /// Ends the search without a solver call: `reason` proved there is no solution.
    fn refute(&mut self, reason: String);

    /// The next filling not returned before, verified, or `None` when there is none left.
    ///
    /// # Errors
    /// A [`SolveError`] if the solver fails, or if a model does not decode to a verified
    /// solution (a bug, reported rather than printed).
    fn next_solution(&mut self) -> Result<Option<Filling>, SolveError>;

    /// Whether the search has proved that no further filling exists.
    fn is_exhausted(&self) -> bool;

    /// Makes later solver calls give up, inside their search too, when `budget` says stop.
    fn set_budget(&mut self, budget: Budget);

    /// The sizes and times of the run so far, in the shape every encoding shares.
    fn stats(&self) -> SolveStats;

    /// What the primary variables mean, for a certificate's claims.
    fn meaning(&self) -> Meaning;

    /// Closes the proof of a certified CaDiCaL run and hands over its record.
    fn finish_recording(&mut self) -> Option<Recording>;

    /// The rule against subtours the formula holds (the position encoding needs none: lazy).
    fn subtours(&self) -> Subtours {
        Subtours::Lazy
    }

    /// The position encoding, when it is the one in use.
    fn position_encoding(&self) -> Option<&PositionEncoding> {
        None
    }

    /// The Hamiltonian cycles (or paths) found, as distinct arc sets, where the encoding
    /// knows them.
    fn cycles_found(&self) -> Option<u64> {
        None
    }

    /// Closes the proof of the run and has varisat's checker replay it.
    ///
    /// # Errors
    /// [`SolveError::Certificate`] when no proof was recorded, the checker rejects it, or the
    /// encoding's runs are not certified this way.
    fn certify(&mut self) -> Result<Certificate, SolveError> {
        Err(SolveError::Certificate(format!(
            "the {} encoding's runs are not certified",
            self.kind().name()
        )))
    }

    /// Rules out `value` on `cell` for the calls to come, as an exclusion claim; false when
    /// the encoding has no variable for the pair.
    fn exclude(&mut self, cell: usize, value: u32) -> bool {
        let _ = (cell, value);
        false
    }

    /// Pins `value` on `cell` for the calls to come, as an assumption claim; false when the
    /// encoding has no variable for the pair.
    fn assume_value(&mut self, cell: usize, value: u32) -> bool {
        let _ = (cell, value);
        false
    }
}
