#![warn(missing_docs)]
//! # pathsat-encode
//!
//! Path puzzles to CNF, in two encodings: [`position`] (a variable per cell and value; every
//! puzzle) and [`successor`] (a variable per move; tours and paths, with subtour cuts added
//! lazily by the solver). [`choice`] decides between them. The encoders write into any
//! [`pathsat_cnf::ClauseSink`], so the same code feeds the embedded solver, an in-memory
//! [`pathsat_cnf::Cnf`] for DIMACS, or a counter.
//!
//! What the encoders share sits beside them, not inside one of them: [`EncodeStats`] (the
//! sizes each reports, family by family) and [`EncodeError`] (why a puzzle was not encoded).
//!
//! ```
//! use pathsat_cnf::{ClauseSink, Cnf};
//! use pathsat_encode::{position, PositionOptions};
//! use pathsat_puzzle::{parse_str, Format};
//!
//! let puzzle = parse_str("moves = \"rook\"\ngrid = \"1 . .\\n. . .\"\n", Format::Toml)?;
//! let mut cnf = Cnf::new();
//! let encoding = position::encode(&puzzle, &PositionOptions::default(), &mut cnf)?;
//! assert_eq!(encoding.stats.variables, cnf.n_vars());
//! assert!(encoding.map.var(0, 1).is_some()); // cell 0 may hold its given 1 ...
//! assert!(encoding.map.var(0, 2).is_none()); // ... and nothing else.
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod choice;
pub mod colours;
pub mod domains;
mod error;
pub mod export;
pub mod position;
pub use position::trail;
mod stats;
pub mod subtours;
pub mod successor;
mod varmap;

pub use choice::{Encoding, EncodingChoice, EncodingName, EncodingOptions};
pub use domains::Domains;
pub use error::{EncodeError, SuccessorError};
pub use export::{export, Export};
pub use position::{PositionEncoding, PositionOptions, Pruning};
pub use stats::{EncodeStats, FamilyCount};
pub use varmap::{DecodeError, VarMap};
