//! # Options of a run
//!
//! How to encode and solve ([`SolveOptions`]), and the heuristics a solver runs beside its SAT
//! calls ([`Tuning`]): what the position and successor solvers are built from, and what
//! [`PuzzleSolver`](crate::PuzzleSolver) chooses between them by.

use crate::{SolveError, SolverChoice, Unsupported};
use pathsat_encode::{Encoding, EncodingChoice, EncodingOptions};
use pathsat_puzzle::Puzzle;

/// How to encode and solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// The encoding; with `certify`, `Auto` takes the position encoding.
    pub encoding: EncodingOptions,
    /// Record a proof of the whole run, for
    /// [`PuzzleSolver::certify`](crate::PuzzleSolver::certify) (position encoding and varisat
    /// only).
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
