#![warn(missing_docs)]
//! # pathsat-reason
//!
//! Reasoning about a puzzle cell by cell, for a person rather than for a count: what is
//! decided, why, and what comes next.
//!
//! - [`forced`](forced::forced): the cells whose value is the same in every solution (the
//!   backbone), for a puzzle author placing givens, or givens that conflict;
//! - [`explain`](explain::explain): why a cell holds its value, told in the clauses of the CNF
//!   the solver receives, for a teacher showing what an encoding does;
//! - [`hint`](hint::hint): the next step of a puzzle solved by hand, with the deduction rule
//!   and its reason in words, or the first wrong cell of what was filled so far.
//!
//! Each answer is checked by the solver before it is given. The three share the cells they
//! speak of ([`CellValue`]) and their refusals ([`ReasonError`]), and none of them knows about
//! files, requests or front ends: `pathsat-api` turns a request into a call here and the
//! answer into its report (the file, the time taken, a certificate).
//!
//! Why a crate of its own: these are subsystems, not a facade, and they belong neither to the
//! generator (which only uses the human-style deduction rules to grade a puzzle; the rules stay
//! there, in `pathsat_generate::deduce`, and [`hint`] uses them) nor to the solver (which knows
//! nothing of people). It sits on `pathsat-puzzle`, `pathsat-cnf` (unit propagation with
//! reasons), `pathsat-encode`, `pathsat-solver` and `pathsat-generate`.
//!
//! ```
//! use pathsat_puzzle::{parse_str, Format};
//! use pathsat_reason::forced::forced;
//! use pathsat_solver::Budget;
//!
//! // 1 and 9 in opposite corners of a 3x3 board of rook moves: the centre is 5.
//! let puzzle = parse_str("moves = \"rook\"\ngrid = \"1 . .\\n. . .\\n. . 9\"\n", Format::Toml)?;
//! let found = forced(&puzzle, &Budget::default())?;
//! assert_eq!(found.solvable(), Some(true));
//! assert_eq!(found.deduced, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cell;
pub mod explain;
pub mod forced;
pub mod hint;

pub use cell::CellValue;

use pathsat_puzzle::Place;
use pathsat_solver::SolveError;

/// Why a question about a puzzle's cells cannot be answered. The messages say what cannot be
/// done, never which option to change: each front end words that its own way.
#[derive(Debug, thiserror::Error)]
pub enum ReasonError {
    /// A trail puzzle: its solutions cover different cells, and its cells hold steps.
    #[error("the puzzle is a trail: its solutions cover only some cells")]
    Trail,
    /// The board is too large for the position encoding, whose clauses `explain` cites.
    #[error("the board is too large for the position encoding")]
    TooLargeForPosition,
    /// A cell that is not on the board.
    #[error("the puzzle has no cell {0}")]
    NoCell(Place),
    /// A filling of another size than the puzzle.
    #[error("the filling has {filling} cells, the puzzle {puzzle}")]
    FillingSize {
        /// The filling's cells.
        filling: usize,
        /// The puzzle's cells.
        puzzle: usize,
    },
    /// The solver failed (or its answer did not check out).
    #[error(transparent)]
    Solve(#[from] SolveError),
}
