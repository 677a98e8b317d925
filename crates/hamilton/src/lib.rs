//! # Exact Hamiltonicity of small graphs
//!
//! Graph theorists ask whether a graph has a Hamiltonian cycle not of one graph but of millions
//! (`geng -c 10` writes 11,716,571 of them). A SAT call costs milliseconds; these graphs need
//! microseconds. This crate decides them exactly for graphs of up to [`MAX_VERTICES`] vertices,
//! held as one 64-bit neighbour set a vertex ([`SmallGraph`]):
//!
//! 1. **Cheap necessary conditions** ([`conditions`]): at least three vertices, no vertex of
//!    degree below 2, connected, no cut vertex, no vertex with three neighbours of degree 2.
//!    Most graphs without a cycle fail one of them.
//! 2. **A pruned search** ([`search`]): the path grows from a vertex of least degree; a vertex
//!    left with two usable neighbours must take both, the vertices left must stay connected,
//!    and each cycle is walked in one direction only. It finds the cycle of a Hamiltonian graph
//!    in a few steps and, within its step limit, proves the others have none.
//! 3. **A bitset dynamic program** ([`dp`]) over the sets of visited vertices, for graphs of up
//!    to [`DP_VERTICES`] vertices that the search's first, short limit did not settle.
//!
//! Every "yes" comes with its cycle (or path), which the caller checks against the graph's edge
//! list with a verifier that shares no code with these methods. What the search cannot settle
//! within its limit is [`Answer::Undecided`]: the caller hands it to the SAT portfolio.
//!
//! A Hamiltonian *path* of `G` is a Hamiltonian cycle of `G` plus one vertex joined to all
//! ([`traceable`]). Hypohamiltonian graphs (no Hamiltonian cycle, but one in every
//! vertex-deleted subgraph) are `pathsat-hamg`'s, one subgraph at a time.
//!
//! Conventions follow OEIS A003216 (Hamiltonian graphs, a(1) = 1): the graph of one vertex is
//! Hamiltonian, the graph of two vertices (one edge) is not; both are traceable.

pub mod conditions;
pub mod count;
pub mod dp;
pub mod search;
mod small;
#[cfg(test)]
mod tests;

pub use small::{SmallGraph, MAX_VERTICES};

/// The largest graph the dynamic program takes: `2^(n-1)` 16-bit sets of memory and
/// `n 2^(n-1)` steps (8 KiB and 53,248 steps at 13 vertices).
pub const DP_VERTICES: usize = 13;

/// Search steps allowed before the dynamic program takes over (graphs of up to
/// [`DP_VERTICES`] vertices): enough for the search to find the cycle of almost every
/// Hamiltonian graph, too few to make a proof of "no" cost more than the program.
const SHORT_SEARCH_STEPS: u64 = 48;

/// What was asked of a graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Property {
    /// A Hamiltonian cycle.
    Cycle,
    /// A Hamiltonian path (the graph is traceable).
    Path,
    /// No Hamiltonian cycle, but one in every vertex-deleted subgraph.
    Hypohamiltonian,
}

/// Why a graph has no Hamiltonian cycle (or path).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A necessary condition fails (see [`conditions::Failed`]).
    Condition(conditions::Failed),
    /// The search went through every path and found no cycle.
    Search,
    /// The dynamic program found no cycle.
    Program,
}

/// The answer for one graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The vertices in the order of a Hamiltonian cycle (or path), each once.
    Yes(Vec<usize>),
    /// None exists, and why that is known.
    No(Reason),
    /// The search reached its step limit first.
    Undecided,
}

/// Limits of one decision.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Search steps before the answer is [`Answer::Undecided`].
    pub steps: u64,
}

impl Default for Limits {
    /// One million steps: about 20 ms of search.
    fn default() -> Limits {
        Limits { steps: 1_000_000 }
    }
}

/// Whether `g` has a Hamiltonian cycle: the conditions, a short search, the dynamic program
/// (small graphs) or the long search (the others).
pub fn hamiltonian_cycle(g: &SmallGraph, limits: Limits) -> Answer {
    match g.n() {
        0 => return Answer::No(Reason::Condition(conditions::Failed::TooFewVertices)),
        1 => return Answer::Yes(vec![0]),
        _ => {}
    }
    if let Err(failed) = conditions::check_cycle(g) {
        return Answer::No(Reason::Condition(failed));
    }
    if g.n() <= DP_VERTICES {
        match search::cycle(g, SHORT_SEARCH_STEPS.min(limits.steps)) {
            search::Outcome::Found(order) => Answer::Yes(order),
            search::Outcome::Exhausted => Answer::No(Reason::Search),
            search::Outcome::Limit => match dp::cycle(g) {
                Some(order) => Answer::Yes(order),
                None => Answer::No(Reason::Program),
            },
        }
    } else {
        match search::cycle(g, limits.steps) {
            search::Outcome::Found(order) => Answer::Yes(order),
            search::Outcome::Exhausted => Answer::No(Reason::Search),
            search::Outcome::Limit => Answer::Undecided,
        }
    }
}

/// Whether `g` has a Hamiltonian path: a cycle of `g` with a vertex joined to all, which is
/// then left out. Graphs of [`MAX_VERTICES`] vertices, which leave no room for that vertex,
/// are [`Answer::Undecided`].
pub fn traceable(g: &SmallGraph, limits: Limits) -> Answer {
    match g.n() {
        0 => return Answer::No(Reason::Condition(conditions::Failed::TooFewVertices)),
        1 => return Answer::Yes(vec![0]),
        _ => {}
    }
    if let Err(failed) = conditions::check_path(g) {
        return Answer::No(Reason::Condition(failed));
    }
    let Some(joined) = g.with_universal_vertex() else {
        return Answer::Undecided;
    };
    let apex = g.n();
    match hamiltonian_cycle(&joined, limits) {
        Answer::Yes(cycle) => {
            let at = cycle.iter().position(|&v| v == apex).unwrap_or(0);
            Answer::Yes(
                cycle[at + 1..]
                    .iter()
                    .chain(&cycle[..at])
                    .copied()
                    .collect(),
            )
        }
        other => other,
    }
}
