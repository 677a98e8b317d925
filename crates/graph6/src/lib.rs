#![warn(missing_docs)]
//! # pathsat-graph6
//!
//! nauty's two text formats for undirected graphs, read and written: **graph6** (`.g6`, the
//! upper triangle of the adjacency matrix) and **sparse6** (`.s6`, a stream of edges), one
//! graph a line, as Brendan McKay's `formats.txt` defines them and nauty's programs (`geng`,
//! `copyg`, `listg`, ...) write them. The collections of graphs that Hamiltonicity is tested
//! on (every graph of n vertices from `geng`, the snarks, the cubic graphs) come in these
//! formats.
//!
//! Why a crate of its own: no well-kept crate reads and writes both formats with the line and
//! column of a mistake (`g6` and `graph6-rs` on crates.io do not write sparse6 and say nothing
//! of where a line is wrong), and pathsat reads streams of millions of lines, where a decoder
//! that allocates per line or per edge is the cost of the whole run. This one has no
//! dependencies, decodes into a vector the caller reuses ([`decode_into`]), reads lines into a
//! buffer the caller reuses ([`Lines::next_line`]), and writes sparse6 byte for byte as nauty
//! does (the tests compare it with nauty's own programs where they are installed).
//!
//! ## graph6
//!
//! A line is `N(n) R(x)`: the number of vertices `n`, then the bits of the upper triangle
//! column by column, `x(0,1), x(0,2), x(1,2), x(0,3), x(1,3), x(2,3), ...`, in groups of six
//! (the last padded with zeros), each group plus 63 a byte. `N(n)` is one byte `n + 63` for
//! `n <= 62`, `~` and three such bytes (18 bits) for `n <= 258047`, and `~~` and six (36 bits)
//! up to 2^36 - 1. Every byte is one of `?` (63) to `~` (126). The Petersen graph is
//! `IheA@GUAo`.
//!
//! ## sparse6
//!
//! A line is `:` `N(n)` and a bit stream of pairs `(b, x)`: one bit `b` and `k` bits `x`, `k`
//! the number of bits of `n - 1`. A current vertex `v` starts at 0; each pair first adds `b`
//! to `v`, then either moves `v` to `x` (when `x > v`) or is the edge `{x, v}`. The stream is
//! padded with 1-bits to a multiple of six, which reads as a move past the last vertex; but
//! when `n` is 2, 4, 8 or 16 (`n == 2^k`, `k < 6`), the last edge's larger end is `n - 2` and a
//! whole pair fits in the padding, 1-bits would read as the loop `{n-1, n-1}`, so the padding
//! starts with one 0-bit. A pair cut short at the end is discarded. Loops (`u == v`) and
//! repeated edges can be written.
//!
//! ## What is read
//!
//! - [`decode_into`]: one line, graph6 or sparse6 as its first byte says (after a header, if
//!   it has one), into edges `(u, v)` numbered from 0, smaller end first, in the order of the
//!   line. Refused, each at its 1-based column (in bytes): an empty line; a byte outside
//!   `?`..`~`; an `N(n)` cut short; more than [`MAX_VERTICES`] vertices (checked before
//!   anything is read or allocated); a graph6 line too short or too long for its `n`; a sparse6
//!   stream that goes past the last vertex, or ends in a pair cut short, before its last byte
//!   (nauty never writes one: the line has bytes too many or too few); digraph6 (`&`, or its header `>>digraph6<<`) and
//!   incremental sparse6 (`;`), named as what they are; an unknown header. As nauty, the
//!   padding bits are not checked.
//! - [`Lines`]: the lines of a file or stream, without their end of line (`\n` or `\r\n`),
//!   blank lines skipped, the optional `>>graph6<<` or `>>sparse6<<` header taken off, at the
//!   start of the file or before any line (nauty writes it directly before the first graph, on
//!   its line).
//!
//! ## What is written
//!
//! [`encode_graph6`] and [`encode_sparse6`], without the end of line; sparse6 exactly as nauty
//! writes it (edges sorted by their larger end, then their smaller one).
//!
//! ```
//! use pathsat_graph6::{decode_into, encode_graph6, encode_sparse6, Encoding};
//!
//! let mut edges = Vec::new();
//! let graph = decode_into(b"IheA@GUAo", &mut edges)?;
//! assert_eq!((graph.n, graph.encoding, edges.len()), (10, Encoding::Graph6, 15));
//! assert_eq!(encode_graph6(graph.n, &edges), "IheA@GUAo");
//! let sparse = encode_sparse6(graph.n, &edges);
//! assert_eq!(decode_into(sparse.as_bytes(), &mut edges)?.encoding, Encoding::Sparse6);
//! assert_eq!(edges.len(), 15);
//! # Ok::<(), pathsat_graph6::LineError>(())
//! ```

mod decode;
mod encode;
mod lines;
mod size;
#[cfg(test)]
mod tests;

pub use decode::decode_into;
pub use encode::{encode_graph6, encode_sparse6};
pub use lines::Lines;

use std::fmt;

/// The most vertices a line may have: as many as pathsat's other graph formats read. A line
/// with more is refused before anything is allocated for it.
pub const MAX_VERTICES: usize = 1_000_000;

/// The format of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// graph6: the upper triangle of the adjacency matrix.
    Graph6,
    /// sparse6 (a line starting with `:`): a stream of edges.
    Sparse6,
}

impl Encoding {
    /// The header a file may start with: `>>graph6<<` or `>>sparse6<<`.
    pub fn header(self) -> &'static str {
        match self {
            Encoding::Graph6 => ">>graph6<<",
            Encoding::Sparse6 => ">>sparse6<<",
        }
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Encoding::Graph6 => "graph6",
            Encoding::Sparse6 => "sparse6",
        })
    }
}

/// One decoded graph: `n` vertices, and the format it was in. Its edges are in the vector
/// [`decode_into`] fills: numbered from 0 as read, each `(min, max)`; sparse6 may have loops
/// (`u == v`) and repeated edges, graph6 never.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The number of vertices.
    pub n: usize,
    /// graph6 or sparse6.
    pub encoding: Encoding,
}

/// A line that is not a graph: the 1-based column (in bytes) of the mistake, and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The 1-based column, in bytes; one past the end of the line for a line cut short.
    pub column: usize,
    /// What is wrong, one line.
    pub message: String,
}

impl LineError {
    pub(crate) fn new(column: usize, message: impl Into<String>) -> LineError {
        LineError {
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for LineError {}
