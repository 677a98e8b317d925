//! # pathsat-frontier
//!
//! Counting Hamiltonian cycles and paths of an undirected graph by a dynamic program over its
//! edges, and from them the fillings of a path puzzle. No SAT and no enumeration: the count of
//! the 8x8 rook board's paths, or of a 6x6 knight's tours, comes out of a table of partial
//! solutions that share their future.
//!
//! ```
//! use pathsat_frontier::{hamiltonian_cycles, Graph};
//!
//! // The 4-cycle has one Hamiltonian cycle; K4 has three.
//! let mut square = Graph::new(4);
//! for (u, v) in [(0, 1), (1, 2), (2, 3), (3, 0)] {
//!     square.add_edge(u, v);
//! }
//! assert_eq!(hamiltonian_cycles(&square, &[0, 1, 2, 3]), Some(1));
//! let mut k4 = Graph::new(4);
//! for u in 0..4 {
//!     for v in u + 1..4 {
//!         k4.add_edge(u, v);
//!     }
//! }
//! assert_eq!(hamiltonian_cycles(&k4, &[0, 1, 2, 3]), Some(3));
//! ```

mod dp;
mod fillings;

pub use dp::{
    hamiltonian_cycles, hamiltonian_cycles_until, hamiltonian_paths, hamiltonian_paths_until,
    Graph, MAX_FRONTIER, MAX_STATES,
};
pub use fillings::{count_fillings, NotApplicable};
