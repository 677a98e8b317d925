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

mod puzzle_solver;
mod sat;

pub use puzzle_solver::{Count, PuzzleSolver, SolveError, SolveOptions, SolveStats};
pub use sat::SatSolver;
