//! # pathsat-solver
//!
//! Solving, enumerating and counting path puzzles with the embedded varisat solver.
//!
//! ```
//! use pathsat_puzzle::{parse_str, Format};
//! use pathsat_solver::{PuzzleSolver, SolveOptions};
//!
//! // The 3x3 rook board: 40 fillings (OEIS A096969).
//! let puzzle = parse_str("moves = \"rook\"\ngrid = \". . .\\n. . .\\n. . .\"\n", Format::Toml)?;
//! let mut solver = PuzzleSolver::new(&puzzle, &SolveOptions::default())?;
//! let count = solver.count(None, |_| {})?;
//! assert_eq!((count.count, count.complete), (40, true));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod decode;
mod patch;
mod position_solver;
mod proof;
mod puzzle_solver;
mod sat;
pub mod successor;

pub use decode::{decode_model, ModelProblem};
pub use position_solver::PositionSolver;
pub use proof::{CheckedRun, ProofError};
pub use puzzle_solver::{
    Certificate, Count, PuzzleSolver, SolveError, SolveOptions, SolveStats, Unsupported,
};
pub use sat::SatSolver;
pub use successor::{LoopStats, SuccessorSolver};

/// The version of the embedded varisat (checked against Cargo.lock by a test).
pub const VARISAT_VERSION: &str = "0.2.2";

#[cfg(test)]
mod tests {
    /// The reported version is the one Cargo.lock pins.
    #[test]
    fn varisat_version_matches_the_lock_file() {
        let lock =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock"))
                .expect("the workspace lock file");
        let entry = format!(
            "name = \"varisat\"\nversion = \"{}\"",
            super::VARISAT_VERSION
        );
        assert!(
            lock.contains(&entry),
            "Cargo.lock pins another varisat than {}",
            super::VARISAT_VERSION
        );
    }
}
