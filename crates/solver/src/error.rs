//! # Errors
//!
//! Why a solver call ([`SatError`]) or a run ([`SolveError`]) stopped without an answer, and
//! the runs an encoding or solver cannot do ([`Unsupported`]). They have a module of their own
//! below the solvers, so that the SAT wrapper and the puzzle solvers name the same errors
//! without naming each other.

use pathsat_encode::{DecodeError, EncodeError};
use pathsat_puzzle::Violation;

/// Why a solver call came back without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatError {
    /// The [`Budget`](crate::Budget) was raised before or during the call, or an earlier
    /// call of this varisat engine was stopped by it.
    Interrupted,
    /// The solver's own error message.
    Failed(String),
}

impl std::fmt::Display for SatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SatError::Interrupted => f.write_str("interrupted inside a solver call"),
            SatError::Failed(message) => f.write_str(message),
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
    /// The run's [`Budget`](crate::Budget) stopped a solver call: the enumeration ends
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
    /// A certified run in the successor encoding with varisat, whose proofs are of the position
    /// encoding's runs (the successor encodings are certified with CaDiCaL).
    #[error("certified runs of the successor encodings use CaDiCaL")]
    CertifiedSuccessor,
    /// CaDiCaL asked for in a build without it.
    #[error("this pathsat is built without CaDiCaL")]
    CadicalNotBuiltIn,
}
