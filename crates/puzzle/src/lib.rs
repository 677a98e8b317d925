#![warn(missing_docs)]
//! # pathsat-puzzle
//!
//! The puzzle model of pathsat: boards with holes, move rules, givens and marked cells, parsed
//! from TOML or JSON files (and written back by [`mod@write`]), plus an independent verifier and
//! a brute-force reference counter. Nothing here knows about CNF or SAT, so that the verifier and
//! the reference counter can judge the SAT layer from the outside.
//!
//! A path puzzle places the values 1..N on the N cells of a board (holes excluded) so that the
//! cell of value k+1 is one move away from the cell of value k; a closed puzzle (a tour) also
//! asks the cell of value 1 to be one move away from the cell of value N. A trail puzzle
//! ([`Trail`]) asks instead for a path of a given length over labelled cells, with a given sum
//! of labels.
//!
//! ```
//! use pathsat_puzzle::{parse_str, verify, Filling, Format};
//!
//! let puzzle = parse_str("name = \"tiny\"\nmoves = \"rook\"\ngrid = \"1 .\\n4 .\"\n", Format::Toml)?;
//! assert_eq!(puzzle.n_cells(), 4);
//! // 1 2 / 4 3 is a rook path that keeps the givens 1 and 4.
//! let filling = Filling::from_values(vec![1, 2, 4, 3]);
//! assert!(verify(&puzzle, &filling).is_ok());
//! # Ok::<(), pathsat_puzzle::PuzzleError>(())
//! ```

mod board;
pub mod brute;
mod edges;
mod error;
pub mod families;
mod filling;
mod graph_formats;
mod moves;
mod parse;
mod puzzle;
pub mod render;
mod solution_file;
mod text;
mod trail;
mod value_class;
mod verify;
pub mod write;

pub use board::{Board, Pos};
pub use error::{ErrorKind, Location, PuzzleError};
pub use filling::Filling;
pub use moves::{Arcs, Moves};
pub use parse::read_text;
pub use parse::{parse_file, parse_named, parse_str, Format, UNSUPPORTED_FILE_TYPE};
pub use puzzle::{CellRule, Expect, Mark, ModelError, Place, Puzzle};
pub use solution_file::{
    parse_filling_text, parse_filling_texts, parse_fillings, parse_order, parse_orders,
};
pub use trail::{canonical as canonical_trail, Trail, TrailError};
pub use value_class::{is_prime, ValueClass};
pub use verify::{verify, verify_walk, Violation, WalkViolation};
