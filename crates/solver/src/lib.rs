#![warn(missing_docs)]
//! # pathsat-solver
//!
//! Solving, enumerating and counting path puzzles with the embedded varisat solver, in-process
//! and incrementally:
//!
//! - [`PuzzleSolver`] picks the encoding and drives a [`PositionSolver`] (one call per filling,
//!   each blocked over its primary variables) or a [`SuccessorSolver`] (the lazy subtour loop of
//!   [`successor`], with Karp patching of subcycles into tours);
//! - [`PuzzleSolver::fillings`] is the one enumeration: an iterator of verified fillings, with a
//!   limit, a deadline and a cancel flag as adaptors that say why it stopped ([`fillings`]);
//! - [`PuzzleSolver::certify`] has varisat's proof checker replay a recorded run;
//! - [`AssumingSolver`] solves under assumed values without re-encoding (what a puzzle
//!   generator asks, hundreds of times per puzzle);
//! - [`decode_model`] checks a model from elsewhere (an external solver's, for an exported CNF)
//!   like the embedded solver's own.
//! - the solving strategies that run several solvers at once live side by side:
//!   [`portfolio`] races configurations for a first solution, [`certified_race`] races two
//!   certified runs (the lazy cut loop against a complete encoding) for a certificate.
//!
//! Every filling returned has passed `pathsat_puzzle::verify`. Running external solvers is
//! `pathsat-external`'s job; writing DIMACS, `pathsat-dimacs`'s.
//!
//! ```
//! use pathsat_puzzle::{parse_str, Format};
//! use pathsat_solver::{PuzzleSolver, SolveOptions};
//!
//! // The 3x3 rook board: 40 fillings (OEIS A096969).
//! let puzzle = parse_str("moves = \"rook\"\ngrid = \". . .\\n. . .\\n. . .\"\n", Format::Toml)?;
//! let mut solver = PuzzleSolver::new(&puzzle, &SolveOptions::default())?;
//! let mut run = solver.fillings().limit(Some(100));
//! for filling in &mut run {
//!     let _verified = filling?;
//! }
//! assert_eq!((run.found(), run.stopped()), (40, None)); // None: the fillings ran out
//! assert!(solver.is_exhausted());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod assuming;
mod backbone;
pub mod certificate;
pub mod certified_race;
pub mod claims;
pub mod clusters;
mod decode;
pub mod edge_loop;
mod encoded;
mod error;
pub mod fillings;
mod join;
pub mod narrow;
mod options;
mod patch;
pub mod portfolio;
mod position_solver;
mod proof;
mod puzzle_solver;
pub mod reduce;
mod rotation;
mod sat;
mod stats;
pub mod stream;
pub mod successor;
pub mod sweep_proof;
pub mod two_cuts;

pub use assuming::{uniqueness_effort, Assumed, AssumingSolver};
pub use backbone::{backbone, Backbone};
pub use decode::{decode_model, ModelProblem};
pub use encoded::EncodedSolver;
pub use error::{SatError, SolveError, Unsupported};
pub use fillings::{Bounded, Fillings};
pub use options::{SolveOptions, Tuning, SMALL_FORMULA_CLAUSES};
pub use pathsat_budget::{Budget, Cancel, Stopped, WindDown};
pub use portfolio::{first_solution, Member, Raced};
pub use position_solver::PositionSolver;
pub use proof::{Certificate, CheckedRun, ProofError};
pub use puzzle_solver::{Count, PuzzleSolver};
pub use sat::{SatSolver, SolverChoice};
pub use stats::{LoopStats, SolveStats};
pub use successor::SuccessorSolver;

/// The version of the embedded varisat (checked against Cargo.lock by a test).
pub const VARISAT_VERSION: &str = "0.2.2";

/// The version of CaDiCaL that the `cadical` crate bundles (its crate version is 0.1.16),
/// embedded with the cargo feature `cadical`.
pub const CADICAL_VERSION: &str = "1.9.5";

#[cfg(test)]
mod tests {
    use pathsat_puzzle::{parse_str, CellRule, Expect, Format, Puzzle};

    /// The closed tour of the undirected graph on `n` vertices with `edges`, no givens.
    pub(crate) fn graph(n: usize, edges: &[(usize, usize)]) -> Puzzle {
        Puzzle::graph(
            "g",
            n,
            edges,
            false,
            true,
            vec![CellRule::Free; n],
            Expect::default(),
        )
        .expect("edges between the graph's vertices")
    }

    /// The Petersen graph (no Hamiltonian cycle, a 2-factor of two 5-cycles), from HCP text.
    pub(crate) fn petersen() -> Puzzle {
        let mut text = String::from("NAME : petersen\nTYPE : HCP\nDIMENSION : 10\n");
        text += "EDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n";
        for i in 0..5 {
            text += &format!("{} {}\n", i + 1, (i + 1) % 5 + 1);
            text += &format!("{} {}\n", i + 1, i + 6);
            text += &format!("{} {}\n", i + 6, (i + 2) % 5 + 6);
        }
        text += "-1\nEOF\n";
        parse_str(&text, Format::Hcp).expect("the Petersen graph")
    }

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
