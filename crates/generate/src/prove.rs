//! The proof that a finished puzzle's solution is unique: a fresh solver on the puzzle finds
//! the generator's solution and, with it blocked, nothing else; a second solver confirms it and
//! measures the effort. With `certify`, the run is certified: CaDiCaL's DRAT proof, recorded for
//! the caller's certificate where CaDiCaL is built in, else varisat's proof, checked here.

use crate::GenerateError;
use pathsat_encode::{EncodingChoice, EncodingOptions, PositionOptions};
use pathsat_puzzle::{Filling, Puzzle};
use pathsat_solver::{uniqueness_effort, Certificate, PuzzleSolver, SolveOptions, SolverChoice};

/// What the proof of a finished puzzle established.
pub(crate) struct Proof {
    pub learned: u64,
    pub certificate: Option<Certificate>,
    pub recorded: Option<pathsat_solver::certificate::RecordedSlot>,
}

/// Proves, with a fresh solver on the finished puzzle, that `solution` is its only filling:
/// the first filling found is it, and with it blocked there is no other.
pub(crate) fn prove(
    puzzle: &Puzzle,
    solution: &Filling,
    certify: bool,
) -> Result<Proof, GenerateError> {
    let options = SolveOptions {
        encoding: EncodingOptions {
            choice: EncodingChoice::Position,
            ..EncodingOptions::default()
        },
        certify,
        // A certified proof is CaDiCaL's DRAT proof where CaDiCaL is built in.
        solver: SolverChoice::preferred(certify),
        ..SolveOptions::default()
    };
    let mut solver = PuzzleSolver::new(puzzle, &options)?;
    let found: Vec<Filling> = solver.fillings().limit(Some(2)).collect::<Result<_, _>>()?;
    if found.as_slice() != std::slice::from_ref(solution) || !solver.is_exhausted() {
        return Err(GenerateError::Internal(format!(
            "the proof of uniqueness found {} solution(s) where the generator expected exactly \
             its own",
            found.len()
        )));
    }
    // A second, independent confirmation, which also measures the solver's effort.
    let learned = uniqueness_effort(puzzle, solution, &PositionOptions::default())?
        .ok_or_else(|| GenerateError::Internal("a second solver found another solution".into()))?;
    let recorded = solver
        .finish_recording()
        .map(pathsat_solver::certificate::RecordedSlot::new);
    let certificate = if certify && recorded.is_none() {
        let certificate = solver.certify()?;
        if !(certificate.complete && certificate.models == 1) {
            return Err(GenerateError::Internal(
                "the checker did not confirm exactly one solution".into(),
            ));
        }
        Some(certificate)
    } else {
        None
    };
    Ok(Proof {
        learned,
        certificate,
        recorded,
    })
}
