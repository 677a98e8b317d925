//! # Hamiltonicity over streams of graphs
//!
//! Graph theorists generate the graphs of a class with nauty's `geng`, `genreg` or `plantri`,
//! or take them from the House of Graphs, SageMath or networkx, one graph a line in graph6 or
//! sparse6, millions of lines, and filter them as nauty's tools do (`geng -c 10 | pickg ... |
//! countg`). `pathsat hamg` is that filter for Hamiltonicity: it reads graphs, decides for each
//! whether it has a Hamiltonian cycle, a Hamiltonian path, or is hypohamiltonian
//! ([`Property`]), and writes back, unchanged, the lines of those that have the property (or,
//! inverted, of those that lack it).
//!
//! - **Exact.** Graphs of up to 64 vertices go to [`pathsat_hamilton`] (necessary conditions, a
//!   pruned search, a bitset program); larger ones, and the rare small graph whose search
//!   reaches its step limit, to the SAT portfolio through a [`Fallback`] the caller gives
//!   (the api's, which also writes the certificates). Every cycle or path is checked by
//!   [`pathsat_puzzle::verify_walk`] against the line's own edge list before it counts.
//! - **Parallel, in order, flat in memory.** Lines are read in chunks; each chunk is decided on
//!   the pool's threads and written in input order before the next is read ([`filter`]).
//! - **Answers, not guesses.** A graph no method settles within its limits is *undecided*:
//!   neither written nor dropped in silence, but counted and named by its line in the
//!   [`Summary`].

mod decide;
mod options;
mod stream;
mod write;

pub use decide::{decide, DecideError, Decision, Evidence, Fallback, Settings, Verdict};
pub use options::{FilterOptions, Output};
pub use pathsat_graph6::Encoding;
pub use pathsat_hamilton::{Limits, Property};
pub use stream::{filter, StreamError, Summary};
pub use write::property_name;
