//! # Decoding a model from elsewhere
//!
//! A model produced by an external solver for an exported CNF is only an answer after the same
//! checks as the embedded solver's: every primary variable assigned, one value per cell (or one
//! successor per vertex, forming one cycle), and the filling accepted by the independent
//! verifier.

use pathsat_dimacs::Model;
use pathsat_encode::export::Encoded;
use pathsat_encode::successor::cycles;
use pathsat_encode::DecodeError;
use pathsat_puzzle::{verify, Filling, Puzzle, Violation};

/// Why a model is not a solution of the puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelProblem {
    #[error("the model sets variable {var}, but the puzzle's CNF has {n_vars} variables (exported with other options?)")]
    BeyondFormula { var: usize, n_vars: usize },
    #[error("the model does not decode: {0}")]
    Decode(#[from] DecodeError),
    #[error("the model does not give every vertex exactly one successor and one predecessor")]
    NoSuccessor,
    #[error(
        "the model is {0} disjoint cycles, not one tour: the successor encoding's CNF is round 0, \
         without the subtour cuts pathsat adds as subcycles appear (`pathsat solve` runs the \
         whole loop)"
    )]
    Subtours(usize),
    #[error("the model's filling is not a solution: {0}")]
    Invalid(Violation),
}

/// The filling `model` encodes, checked by the verifier.
///
/// # Errors
/// A [`ModelProblem`] saying why the model is not a solution.
pub fn decode_model(
    puzzle: &Puzzle,
    encoded: &Encoded,
    model: &Model,
) -> Result<Filling, ModelProblem> {
    let n_vars = encoded.stats().variables;
    if model.n_vars() > n_vars {
        return Err(ModelProblem::BeyondFormula {
            var: model.n_vars(),
            n_vars,
        });
    }
    let filling = match encoded {
        Encoded::Position(e) => e.map.decode(|var| model.value(var))?,
        Encoded::Successor(e) => {
            let successors = e
                .successors(|var| model.value(var))
                .ok_or(ModelProblem::NoSuccessor)?;
            let mut entered = vec![false; successors.len()];
            for &v in &successors {
                if std::mem::replace(&mut entered[v], true) {
                    return Err(ModelProblem::NoSuccessor);
                }
            }
            match cycles(&successors).len() {
                1 => e.filling(&successors),
                k => return Err(ModelProblem::Subtours(k)),
            }
        }
    };
    verify(puzzle, &filling).map_err(ModelProblem::Invalid)?;
    Ok(filling)
}
