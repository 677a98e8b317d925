//! # Decoding a model from elsewhere
//!
//! A model produced by an external solver for an exported CNF is only an answer after the same
//! checks as the embedded solver's: a model of this CNF (its highest variable is the CNF's last:
//! solvers assign every variable of the file, so another count means the CNF of another puzzle
//! or other options), every primary variable assigned, one value per cell (or one successor per
//! vertex, forming one cycle), and the filling accepted by the independent verifier.

use pathsat_dimacs::Model;
use pathsat_encode::export::Encoded;
use pathsat_encode::successor::cycles;
use pathsat_encode::DecodeError;
use pathsat_puzzle::{verify, Filling, Puzzle, Violation};

/// Why a model is not a solution of the puzzle. [`ModelProblem::OtherFormula`] says the model
/// answers another question (a mistake in the input); the others, that it is a wrong answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelProblem {
    /// The model is not of this puzzle's CNF: it assigns another number of variables (a
    /// solver's model assigns every variable of the file it solved).
    #[error(
        "the model does not match this puzzle's encoding: the number of variables differs \
         (expected {expected}, the model has {found}); was it solved from another puzzle's CNF, or \
         one exported with other options?"
    )]
    OtherFormula {
        /// Variables of this puzzle's CNF.
        expected: usize,
        /// Variables the model assigns.
        found: usize,
    },
    /// The model does not give every cell one value.
    #[error("the model does not decode: {0}")]
    Decode(#[from] DecodeError),
    /// The model is not a successor function.
    #[error("the model does not give every vertex exactly one successor and one predecessor")]
    NoSuccessor,
    /// The model is this many disjoint cycles.
    #[error(
        "the model is {0} disjoint cycles, not one tour: the successor encoding's CNF is round 0, \
         without the subtour cuts pathsat adds as subcycles appear (`pathsat solve` runs the \
         whole loop)"
    )]
    Subtours(usize),
    /// The model's filling breaks a rule of the puzzle.
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
    if model.n_vars() != n_vars {
        return Err(ModelProblem::OtherFormula {
            expected: n_vars,
            found: model.n_vars(),
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
