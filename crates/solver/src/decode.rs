//! # Decoding a model from elsewhere
//!
//! A model produced by an external solver for an exported CNF is only an answer after the same
//! checks as the embedded solver's: every primary variable assigned, one value per cell, and the
//! filling accepted by the independent verifier.

use pathsat_dimacs::Model;
use pathsat_encode::{DecodeError, PositionEncoding};
use pathsat_puzzle::{verify, Filling, Puzzle, Violation};

/// Why a model is not a solution of the puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelProblem {
    #[error("the model sets variable {var}, but the puzzle's CNF has {n_vars} variables (exported with other options?)")]
    BeyondFormula { var: usize, n_vars: usize },
    #[error("the model does not decode: {0}")]
    Decode(#[from] DecodeError),
    #[error("the model's filling is not a solution: {0}")]
    Invalid(Violation),
}

/// The filling `model` encodes, checked by the verifier.
///
/// # Errors
/// A [`ModelProblem`] saying why the model is not a solution.
pub fn decode_model(
    puzzle: &Puzzle,
    encoding: &PositionEncoding,
    model: &Model,
) -> Result<Filling, ModelProblem> {
    let n_vars = encoding.stats.variables;
    if model.n_vars() > n_vars {
        return Err(ModelProblem::BeyondFormula {
            var: model.n_vars(),
            n_vars,
        });
    }
    let filling = encoding.map.decode(|var| model.value(var))?;
    verify(puzzle, &filling).map_err(ModelProblem::Invalid)?;
    Ok(filling)
}
