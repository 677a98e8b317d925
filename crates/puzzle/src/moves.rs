//! # Move rules
//!
//! A move is an offset (dr, dc): from the cell of value k, the cell of value k+1 lies at
//! (row + dr, col + dc). The named rules are symmetric; a custom list need not be, in which case
//! the puzzle's graph is directed.

use itertools::Itertools;
use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;

const ROOK: [(i64, i64); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];
const KING: [(i64, i64); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
const KNIGHT: [(i64, i64); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// The rule that says which cell may follow which.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moves {
    /// The four orthogonal steps (Numbrix, the rook's tour).
    Rook,
    /// The eight neighbours (Hidato).
    King,
    /// The eight L-shaped jumps.
    Knight,
    /// A list of offsets, sorted and without duplicates; never contains (0, 0).
    Custom(Vec<(i64, i64)>),
    /// The arcs of a graph puzzle: its cells are the vertices, and a cell may follow another
    /// when an arc joins them.
    Graph(Arc<Arcs>),
}

/// The arcs of a graph: from vertex u, vertex v may follow when (u, v) is an arc. An undirected
/// edge is the two arcs (u, v) and (v, u).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arcs {
    n: usize,
    directed: bool,
    arcs: HashSet<(u32, u32)>,
}

impl Arcs {
    /// The arcs of `n` vertices joined by `edges` (0-based; loops are dropped).
    ///
    /// # Panics
    /// If a vertex is out of range.
    pub fn new(n: usize, edges: &[(usize, usize)], directed: bool) -> Arcs {
        let mut arcs = HashSet::with_capacity(edges.len() * 2);
        for &(u, v) in edges {
            assert!(u < n && v < n, "vertex out of range");
            if u != v {
                arcs.insert((u as u32, v as u32));
                if !directed {
                    arcs.insert((v as u32, u as u32));
                }
            }
        }
        Arcs { n, directed, arcs }
    }

    /// Vertices of the graph.
    pub fn n_vertices(&self) -> usize {
        self.n
    }

    /// Whether the edges are one-way arcs.
    pub fn is_directed(&self) -> bool {
        self.directed
    }

    /// Whether `to` may follow `from`.
    pub fn contains(&self, from: usize, to: usize) -> bool {
        self.arcs.contains(&(from as u32, to as u32))
    }

    /// Every arc, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.arcs.iter().map(|&(u, v)| (u as usize, v as usize))
    }

    /// The number of edges (arcs, for a directed graph).
    pub fn n_edges(&self) -> usize {
        if self.directed {
            self.arcs.len()
        } else {
            self.arcs.len() / 2
        }
    }
}

impl Moves {
    /// The rule with this name: `rook`, `king` or `knight`.
    pub fn from_name(name: &str) -> Option<Moves> {
        match name {
            "rook" => Some(Moves::Rook),
            "king" => Some(Moves::King),
            "knight" => Some(Moves::Knight),
            _ => None,
        }
    }

    /// A custom rule; duplicates are dropped. `None` when the list is empty or holds (0, 0).
    pub fn custom(mut offsets: Vec<(i64, i64)>) -> Option<Moves> {
        offsets.sort_unstable();
        offsets.dedup();
        if offsets.is_empty() || offsets.contains(&(0, 0)) {
            None
        } else {
            Some(Moves::Custom(offsets))
        }
    }

    /// The offsets of this rule (none for a graph).
    pub fn offsets(&self) -> &[(i64, i64)] {
        match self {
            Moves::Rook => &ROOK,
            Moves::King => &KING,
            Moves::Knight => &KNIGHT,
            Moves::Custom(offsets) => offsets,
            Moves::Graph(_) => &[],
        }
    }

    /// The arcs, for a graph puzzle.
    pub fn arcs(&self) -> Option<&Arcs> {
        match self {
            Moves::Graph(arcs) => Some(arcs),
            _ => None,
        }
    }

    /// Whether (dr, dc) is one move of this rule.
    pub fn allows(&self, dr: i64, dc: i64) -> bool {
        self.offsets().contains(&(dr, dc))
    }

    /// Whether every move can be reversed, so that the puzzle graph is undirected.
    pub fn is_symmetric(&self) -> bool {
        match self {
            Moves::Graph(arcs) => !arcs.directed,
            _ => self.offsets().iter().all(|&(dr, dc)| self.allows(-dr, -dc)),
        }
    }
}

impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Moves::Rook => f.write_str("rook"),
            Moves::King => f.write_str("king"),
            Moves::Knight => f.write_str("knight"),
            Moves::Custom(offsets) => {
                let list = offsets.iter().map(|(dr, dc)| format!("[{dr}, {dc}]"));
                write!(f, "[{}]", list.format(", "))
            }
            Moves::Graph(arcs) => {
                let noun = if arcs.directed { "arc" } else { "edge" };
                let n = arcs.n_edges();
                write!(f, "{n} {noun}{}", if n == 1 { "" } else { "s" })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_rules_are_symmetric_and_custom_ones_may_not_be() {
        for m in [Moves::Rook, Moves::King, Moves::Knight] {
            assert!(m.is_symmetric(), "{m}");
        }
        let down_right = Moves::custom(vec![(0, 1), (1, 0), (0, 1)]).unwrap();
        assert_eq!(down_right.offsets(), &[(0, 1), (1, 0)]);
        assert!(!down_right.is_symmetric());
        assert_eq!(down_right.to_string(), "[[0, 1], [1, 0]]");
        assert_eq!(Moves::custom(vec![]), None);
        assert_eq!(Moves::custom(vec![(0, 0), (1, 0)]), None);
    }
}
