#![warn(missing_docs)]
//! # pathsat-cnf
//!
//! The formula layer of pathsat: variables and literals, the [`ClauseSink`] that encoders write
//! into without knowing whether a solver or a file is on the other side, and the exactly-one
//! encodings of [`card`], and the pseudo-Boolean sums of [`pb`].
//!
//! ```
//! use pathsat_cnf::{card::{ExactlyOne, SequentialCounter}, ClauseSink, Cnf};
//!
//! let mut cnf = Cnf::new();
//! let lits: Vec<_> = (0..4).map(|_| cnf.new_lit()).collect();
//! SequentialCounter.encode(&lits, &mut cnf);
//! assert_eq!(cnf.n_vars(), 4 + SequentialCounter::n_vars(4));
//! assert_eq!(cnf.n_clauses(), SequentialCounter::n_clauses(4));
//! ```

pub mod card;
mod lit;
pub mod pb;
pub mod propagate;
mod sink;

pub use lit::{Lit, Var};
pub use sink::{ClauseSink, Cnf, CountingSink};
