//! Cheap necessary conditions for a Hamiltonian cycle or path, checked before any search.
//!
//! Each costs a few word operations a vertex; together they settle most graphs without a
//! cycle: in the connected graphs on 10 vertices, most of those without one have a vertex of
//! degree 1 or a cut vertex.

use crate::small::{bit, members, SmallGraph};
use std::fmt;

/// The condition a graph fails (vertices numbered from 0 here, from 1 when shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failed {
    /// No vertices, or (for a cycle) two: a simple graph has no cycle through two vertices.
    TooFewVertices,
    /// The graph is not connected.
    Disconnected,
    /// A vertex of degree below 2 (a cycle passes each vertex on two edges).
    LowDegree(usize),
    /// Removing this vertex disconnects the graph.
    CutVertex(usize),
    /// This vertex has three or more neighbours of degree 2, each of which needs its edge to
    /// it, and a cycle passes it on two edges.
    DegreeTwoNeighbours(usize),
    /// Bipartite with parts of these sizes: a cycle alternates between equal parts (a path
    /// between parts that differ by at most one).
    Unbalanced(usize, usize),
    /// More than two vertices of degree 1, and a path has two ends.
    DegreeOneVertices(usize),
}

impl fmt::Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Failed::TooFewVertices => write!(f, "too few vertices"),
            Failed::Disconnected => write!(f, "not connected"),
            Failed::LowDegree(v) => write!(f, "vertex {} has degree below 2", v + 1),
            Failed::CutVertex(v) => write!(f, "vertex {} is a cut vertex", v + 1),
            Failed::DegreeTwoNeighbours(v) => {
                write!(f, "vertex {} has three neighbours of degree 2", v + 1)
            }
            Failed::Unbalanced(a, b) => write!(f, "bipartite with parts of {a} and {b}"),
            Failed::DegreeOneVertices(k) => write!(f, "{k} vertices of degree 1"),
        }
    }
}

/// The conditions every Hamiltonian graph of three or more vertices meets.
///
/// # Errors
/// The first condition `g` fails.
pub fn check_cycle(g: &SmallGraph) -> Result<(), Failed> {
    let n = g.n();
    if n < 3 {
        return if n == 1 {
            Ok(())
        } else {
            Err(Failed::TooFewVertices)
        };
    }
    let mut degree_two = 0u64;
    for v in 0..n {
        match g.degree(v) {
            0 | 1 => return Err(Failed::LowDegree(v)),
            2 => degree_two |= bit(v),
            _ => {}
        }
    }
    if g.reach(0, g.all()) != g.all() {
        return Err(Failed::Disconnected);
    }
    for v in 0..n {
        if (g.neighbours(v) & degree_two).count_ones() > 2 {
            return Err(Failed::DegreeTwoNeighbours(v));
        }
    }
    if let Some(v) = cut_vertex(g) {
        return Err(Failed::CutVertex(v));
    }
    match parts(g) {
        Some((a, b)) if a != b => Err(Failed::Unbalanced(a, b)),
        _ => Ok(()),
    }
}

/// The conditions every traceable graph meets.
///
/// # Errors
/// The first condition `g` fails.
pub fn check_path(g: &SmallGraph) -> Result<(), Failed> {
    let n = g.n();
    if n == 0 {
        return Err(Failed::TooFewVertices);
    }
    if g.reach(0, g.all()) != g.all() {
        return Err(Failed::Disconnected);
    }
    let ends = (0..n).filter(|&v| g.degree(v) == 1).count();
    if ends > 2 {
        return Err(Failed::DegreeOneVertices(ends));
    }
    match parts(g) {
        Some((a, b)) if a.abs_diff(b) > 1 => Err(Failed::Unbalanced(a, b)),
        _ => Ok(()),
    }
}

/// A vertex whose removal disconnects the (connected) graph, if any.
fn cut_vertex(g: &SmallGraph) -> Option<usize> {
    let all = g.all();
    (0..g.n()).find(|&v| {
        let rest = all & !bit(v);
        let from = rest.trailing_zeros() as usize;
        g.reach(from, rest) != rest
    })
}

/// The sizes of the two parts of a connected bipartite graph; `None` when it is not bipartite.
fn parts(g: &SmallGraph) -> Option<(usize, usize)> {
    let all = g.all();
    let mut side = [0u64; 2];
    side[0] = bit(0);
    let mut frontier = bit(0);
    let mut current = 0;
    while frontier != 0 {
        let mut next = 0;
        for u in members(frontier) {
            next |= g.neighbours(u);
        }
        if next & side[current] != 0 {
            return None;
        }
        current ^= 1;
        frontier = next & all & !side[current];
        side[current] |= next & all;
    }
    Some((side[0].count_ones() as usize, side[1].count_ones() as usize))
}
