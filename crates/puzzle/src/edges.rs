//! # Listings of edges, and how large a puzzle may be
//!
//! Every mistake is reported at its line and column. The edges are checked as they are listed
//! (in graph files and in a puzzle file's `[graph]` table, by [`check_edges`]):
//!
//! - a **self-loop** (`u u`) is an error: no path or cycle through distinct vertices uses one,
//!   so it can only be a slip;
//! - an edge **listed twice** is an error at its second listing, naming the first, with one
//!   exception: an undirected graph whose every edge is listed exactly twice, once in each
//!   direction, is read as those edges. That is how adjacency lists (TSPLIB `ADJ_LIST`, where
//!   each vertex's line may name all its neighbours) and some DIMACS graph files (the
//!   `queen*.col` instances, for example) are written. A listing that repeats some edges and
//!   not others, or repeats one in the same direction, is refused rather than silently merged:
//!   a Hamiltonicity answer about a graph other than the one meant would look like any other.
//!
//! nauty's sparse6 is the exception: its loops and repeated edges are written on purpose, not
//! as slips, and a graph6 or sparse6 file drops the loops and merges the repeats
//! (`graph_formats/graph6.rs`).

/// The largest grid read, in positions (cells and holes), and the most vertices of a graph: a
/// million, a few hundred megabytes of puzzle at most.
pub const MAX_POSITIONS: usize = 1_000_000;

/// Why a listing of edges is refused: the index of the offending edge, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EdgeProblem {
    /// The edge at fault, in listing order.
    pub index: usize,
    /// The message, with `first` describing where an earlier listing of the edge is.
    pub message: String,
}

/// Checks a listing of edges (0-based vertices, in listing order) for self-loops and edges
/// listed twice (see the module documentation): the first problem in listing order, if any.
/// `name` writes the edge of an index as the file does; `place` says where it is, when the
/// format knows.
pub(crate) fn check_edges(
    edges: &[(usize, usize)],
    directed: bool,
    name: impl Fn(usize) -> String,
    place: impl Fn(usize) -> Option<String>,
) -> Result<(), EdgeProblem> {
    use std::collections::HashMap;
    // Each listed (u, v) with where it was first listed.
    let mut first: HashMap<(usize, usize), usize> = HashMap::with_capacity(edges.len());
    let mut loop_at = None;
    let mut repeated = None;
    let mut reversed = None;
    for (i, &(u, v)) in edges.iter().enumerate() {
        if u == v {
            loop_at = loop_at.or(Some(i));
            continue;
        }
        if let Some(&j) = first.get(&(u, v)) {
            repeated = repeated.or(Some((i, j)));
            continue;
        }
        if !directed {
            if let Some(&j) = first.get(&(v, u)) {
                reversed = reversed.or(Some((i, j)));
            }
        }
        first.insert((u, v), i);
    }
    // Every edge listed once in each direction: the convention of adjacency lists.
    let symmetric = || first.keys().all(|&(u, v)| first.contains_key(&(v, u)));
    let earlier = |j: usize| match place(j) {
        Some(place) => format!("at {place}"),
        None => format!("as {}", name(j)),
    };
    let mut problems = Vec::new();
    if let Some(i) = loop_at {
        problems.push(EdgeProblem {
            index: i,
            message: format!(
                "edge {} is a self-loop: a path never visits a vertex twice, so no path or cycle \
                 can use it",
                name(i)
            ),
        });
    }
    if let Some((i, j)) = repeated {
        problems.push(EdgeProblem {
            index: i,
            message: format!("edge {} is listed twice, first {}", name(i), earlier(j)),
        });
    }
    if let Some((i, j)) = reversed.filter(|_| !symmetric()) {
        let first_as = match place(j) {
            Some(place) => format!("as {} at {place}", name(j)),
            None => format!("as {}", name(j)),
        };
        problems.push(EdgeProblem {
            index: i,
            message: format!(
                "edge {} is listed twice, first {first_as}: list each edge once, or every edge \
                 in both directions",
                name(i)
            ),
        });
    }
    match problems.into_iter().min_by_key(|p| p.index) {
        Some(problem) => Err(problem),
        None => Ok(()),
    }
}
