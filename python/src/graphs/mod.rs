//! Graphs from Python: `pathsat.Graph` (a graph on vertices 0..n-1, read from and written to
//! graph6 and sparse6, and to and from networkx with the node labels kept), the questions asked
//! of one graph (`hamiltonian_cycle`, `hamiltonian_path`, `is_hypohamiltonian`,
//! `count_hamiltonian_cycles`) and the lazy filter over many (`hamg`), each decided by
//! [`pathsat_api::graphs`]: the exact method for graphs of up to 64 vertices, the SAT portfolio
//! for the rest, every cycle and path checked by the verifier.
//!
//! `input.rs` reads what Python passes for a graph (a `Graph`, a networkx graph, a graph6 or
//! sparse6 line), `decide.rs` answers the questions and `filter.rs` is `hamg`.

mod decide;
mod filter;
mod input;

pub use decide::{
    count_hamiltonian_cycles, hamiltonian_cycle, hamiltonian_path, is_hypohamiltonian,
};
pub use filter::{hamg, GraphFilter};

use crate::errors::puzzle_error;
use pathsat_api::graphs::graph6::{encode_graph6, encode_sparse6, MAX_VERTICES};
use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use std::sync::Arc;

/// An undirected graph on the vertices 0..n-1: `n` and its `edges`, pairs of vertices (a loop
/// or an edge given twice is kept as given: the questions ignore loops and repeats).
///
/// `labels`, when given, names the vertices (vertex `i` is `labels[i]`): `from_networkx` keeps a
/// networkx graph's nodes there, in `G.nodes` order, so that `to_networkx()` gives them back and
/// a cycle is reported in them. Two graphs are equal when they have the same `n` and the same
/// set of edges on 0..n-1, whatever their labels.
#[pyclass(module = "pathsat", frozen)]
pub struct Graph {
    pub(crate) n: usize,
    pub(crate) edges: Arc<Vec<(usize, usize)>>,
    pub(crate) labels: Option<Py<PyTuple>>,
}

impl Graph {
    /// The edges as a set: each `(min, max)` once, sorted.
    fn edge_set(&self) -> Vec<(usize, usize)> {
        let mut set: Vec<(usize, usize)> = self
            .edges
            .iter()
            .map(|&(u, v)| (u.min(v), u.max(v)))
            .collect();
        set.sort_unstable();
        set.dedup();
        set
    }

    /// The label of vertex `v`: `labels[v]`, or `v` itself.
    pub(crate) fn label<'py>(
        labels: Option<&Bound<'py, PyTuple>>,
        py: Python<'py>,
        v: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        match labels {
            Some(labels) => labels.get_item(v),
            None => Ok(v.into_pyobject(py)?.into_any()),
        }
    }
}

/// The vertex count checked against what pathsat's graph readers take.
pub(crate) fn checked_n(n: usize, name: &str) -> PyResult<usize> {
    if n > MAX_VERTICES {
        return Err(puzzle_error(format!(
            "{name}: {n} vertices: pathsat reads graphs of at most {MAX_VERTICES} vertices"
        )));
    }
    Ok(n)
}

#[pymethods]
impl Graph {
    /// The graph on the vertices 0..n-1 with these `edges` (pairs of vertices, any iterable);
    /// `labels` (n distinct hashable values) names the vertices.
    #[new]
    #[pyo3(signature = (n, edges, labels = None))]
    fn new(
        n: usize,
        edges: &Bound<'_, PyAny>,
        labels: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Graph> {
        let n = checked_n(n, "Graph")?;
        let mut pairs = Vec::new();
        for edge in edges.try_iter()? {
            let edge = edge?;
            let (u, v): (i64, i64) = edge.extract().map_err(|_| {
                puzzle_error(format!(
                    "Graph: the edge {} is not a pair of vertices",
                    edge.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })?;
            let vertex = |x: i64| {
                usize::try_from(x).ok().filter(|&x| x < n).ok_or_else(|| {
                    puzzle_error(format!(
                        "Graph: the edge ({u}, {v}) names {x}, not one of the vertices 0..{}",
                        n.saturating_sub(1)
                    ))
                })
            };
            pairs.push((vertex(u)?, vertex(v)?));
        }
        let labels = labels
            .map(|labels| input::label_tuple(labels, n, "Graph"))
            .transpose()?;
        Ok(Graph {
            n,
            edges: Arc::new(pairs),
            labels,
        })
    }

    /// The graph of one graph6 or sparse6 line (`str` or `bytes`; a `>>graph6<<` or
    /// `>>sparse6<<` header and the end of line allowed), as nauty's programs, networkx and
    /// the House of Graphs write them. Raises `PuzzleError` naming the line's column of a
    /// mistake (`<graph6>:1:COLUMN: ...`).
    #[staticmethod]
    fn from_graph6(text: &Bound<'_, PyAny>) -> PyResult<Graph> {
        let read = input::text_graph(text, None)?.ok_or_else(|| {
            puzzle_error("<graph6>: no graph: the text is empty (or a header alone)")
        })?;
        Ok(Graph {
            n: read.n,
            edges: read.edges,
            labels: None,
        })
    }

    /// The graph of a networkx graph (or any object with `nodes` and `edges`): vertex `i` is
    /// the `i`-th node of `G.nodes`, whose label the graph keeps. Directed graphs are refused.
    #[staticmethod]
    fn from_networkx(g: &Bound<'_, PyAny>) -> PyResult<Graph> {
        let read = input::networkx_graph(g, "G")?;
        Ok(Graph {
            n: read.n,
            edges: read.edges,
            labels: read.labels,
        })
    }

    /// The number of vertices.
    #[getter]
    fn n(&self) -> usize {
        self.n
    }

    /// The edges as given: pairs of vertices from 0.
    #[getter]
    fn edges<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.edges.iter())
    }

    /// The vertices' labels: those the graph was given (a networkx graph's nodes), or
    /// `[0, 1, ..., n-1]`.
    #[getter]
    fn labels<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        match &self.labels {
            Some(labels) => PyList::new(py, labels.bind(py).iter()),
            None => PyList::new(py, 0..self.n),
        }
    }

    /// The graph as a graph6 line, without header or end of line (networkx's
    /// `to_graph6_bytes(G, header=False)` without its newline). An edge given twice is written
    /// once; graph6 has no loops, so a graph with one raises `PuzzleError` (use `to_sparse6`).
    fn to_graph6(&self) -> PyResult<String> {
        if let Some(&(v, _)) = self.edges.iter().find(|(u, v)| u == v) {
            return Err(puzzle_error(format!(
                "Graph.to_graph6: the loop ({v}, {v}): graph6 has no loops; to_sparse6() writes them"
            )));
        }
        Ok(encode_graph6(self.n, &self.edges))
    }

    /// The graph as a sparse6 line (starting with `:`), without header or end of line, as
    /// nauty writes it; loops and repeated edges are written as given.
    fn to_sparse6(&self) -> String {
        encode_sparse6(self.n, &self.edges)
    }

    /// The graph as a `networkx.Graph`, its nodes the graph's labels (those `from_networkx`
    /// kept, else 0..n-1) in vertex order.
    fn to_networkx<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let networkx = py.import("networkx").map_err(|e| {
            PyImportError::new_err(format!("Graph.to_networkx() needs networkx: {e}"))
        })?;
        let graph = networkx.call_method0("Graph")?;
        let labels = self.labels.as_ref().map(|l| l.bind(py));
        let nodes = (0..self.n)
            .map(|v| Graph::label(labels, py, v))
            .collect::<PyResult<Vec<_>>>()?;
        graph.call_method1("add_nodes_from", (PyList::new(py, &nodes)?,))?;
        let edges = self
            .edges
            .iter()
            .map(|&(u, v)| PyTuple::new(py, [&nodes[u], &nodes[v]]))
            .collect::<PyResult<Vec<_>>>()?;
        graph.call_method1("add_edges_from", (PyList::new(py, edges)?,))?;
        Ok(graph)
    }

    fn __len__(&self) -> usize {
        self.n
    }

    fn __eq__(&self, other: &Graph) -> bool {
        self.n == other.n && self.edge_set() == other.edge_set()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (self.n, self.edge_set()).hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        let labelled = if self.labels.is_some() {
            ", labelled"
        } else {
            ""
        };
        format!(
            "<pathsat.Graph: {} vertices, {} edges{labelled}>",
            self.n,
            self.edges.len()
        )
    }

    /// Pickling: `n`, the edges and the labels.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let class = py.get_type::<Graph>();
        let labels = match &this.labels {
            Some(labels) => labels.bind(py).clone().into_any(),
            None => py.None().into_bound(py),
        };
        let args = PyTuple::new(
            py,
            [
                this.n.into_pyobject(py)?.into_any(),
                PyList::new(py, this.edges.iter())?.into_any(),
                labels,
            ],
        )?;
        PyTuple::new(py, [class.into_any(), args.into_any()])
    }
}
