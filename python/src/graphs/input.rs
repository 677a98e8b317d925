//! What Python passes for a graph, read: a `pathsat.Graph`, a networkx graph (anything with
//! `nodes` and `edges`), or a graph6 or sparse6 line (`str` or `bytes`).

use super::{checked_n, Graph};
use crate::errors::{puzzle_error, InternalError};
use pathsat_api::graphs::graph6::{decode_into, Lines};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyTuple};
use std::borrow::Cow;
use std::sync::Arc;

/// A graph read from Python: vertices 0..n-1, its edges, and the labels of its vertices when
/// it came with some.
pub struct Read {
    pub n: usize,
    pub edges: Arc<Vec<(usize, usize)>>,
    pub labels: Option<Py<PyTuple>>,
}

/// Reads `value`, called `name` in errors (`G`, `graphs[3]`); `None` for a blank line (a file's
/// empty line, or a header alone), which is no graph.
pub fn graph(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<Read>> {
    if let Ok(graph) = value.cast::<Graph>() {
        let graph = graph.get();
        return Ok(Some(Read {
            n: graph.n,
            edges: Arc::clone(&graph.edges),
            labels: graph.labels.as_ref().map(|l| l.clone_ref(value.py())),
        }));
    }
    if value.is_instance_of::<PyString>() || value.is_instance_of::<PyBytes>() {
        return text_graph(value, Some(name));
    }
    if value.hasattr("nodes")? && value.hasattr("edges")? {
        return networkx_graph(value, name).map(Some);
    }
    Err(PyTypeError::new_err(format!(
        "{name}: expected a pathsat.Graph, a networkx graph or a graph6/sparse6 line, not {}",
        value.get_type().name()?
    )))
}

/// The graph of one graph6 or sparse6 line (`str` or `bytes`, with or without a header and an
/// end of line), without labels; `None` when the text holds no graph. Errors name `name` (by default
/// `<graph6>` or `<sparse6>`, as the line starts), the line and the column.
pub fn text_graph(text: &Bound<'_, PyAny>, name: Option<&str>) -> PyResult<Option<Read>> {
    let bytes: Cow<'_, [u8]> = if let Ok(s) = text.cast::<PyString>() {
        match s.to_cow()? {
            Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
            Cow::Owned(s) => Cow::Owned(s.into_bytes()),
        }
    } else if let Ok(b) = text.cast::<PyBytes>() {
        Cow::Borrowed(b.as_bytes())
    } else {
        return Err(PyTypeError::new_err(format!(
            "a graph6 or sparse6 line is str or bytes, not {}",
            text.get_type().name()?
        )));
    };
    let mut lines = Lines::new(&bytes[..]);
    let mut line = Vec::new();
    let internal = |e: std::io::Error| InternalError::new_err(e.to_string());
    let Some(number) = lines.next_line(&mut line).map_err(internal)? else {
        return Ok(None);
    };
    let name = match name {
        Some(name) => name.to_string(),
        None if line.first() == Some(&b':') => "<sparse6>".to_string(),
        None => "<graph6>".to_string(),
    };
    let mut edges = Vec::new();
    let decoded = decode_into(&line, &mut edges).map_err(|e| {
        puzzle_error(format!(
            "{name}:{number}:{}: {}",
            e.column + lines.offset(),
            e.message
        ))
    })?;
    if let Some(next) = lines.next_line(&mut line).map_err(internal)? {
        return Err(puzzle_error(format!(
            "{name}:{next}: a second graph: one graph a string (pathsat.hamg reads many, e.g. \
             the lines of a file)"
        )));
    }
    Ok(Some(Read {
        n: decoded.n,
        edges: Arc::new(edges),
        labels: None,
    }))
}

/// A networkx graph (or anything with `nodes` and `edges`, each iterable): vertex `i` is the
/// `i`-th of `nodes`, whose labels are kept. Directed graphs (`is_directed()`) are refused.
pub fn networkx_graph(g: &Bound<'_, PyAny>, name: &str) -> PyResult<Read> {
    let py = g.py();
    if let Ok(is_directed) = g.getattr("is_directed") {
        if is_directed.is_callable() && is_directed.call0()?.is_truthy()? {
            return Err(puzzle_error(format!(
                "{name}: a directed graph: pathsat decides undirected graphs (pass \
                 G.to_undirected())"
            )));
        }
    }
    let index = PyDict::new(py);
    let mut labels = Vec::new();
    for node in g.getattr("nodes")?.try_iter()? {
        let node = node?;
        if index.contains(&node)? {
            return Err(puzzle_error(format!(
                "{name}: the node {} is listed twice",
                node.repr()?
            )));
        }
        index.set_item(&node, labels.len())?;
        labels.push(node);
    }
    let n = checked_n(labels.len(), name)?;
    let vertex = |node: &Bound<'_, PyAny>, edge: &Bound<'_, PyAny>| -> PyResult<usize> {
        match index.get_item(node)? {
            Some(i) => i.extract(),
            None => Err(puzzle_error(format!(
                "{name}: the edge {} names {}, which is not one of its nodes",
                edge.repr()?,
                node.repr()?
            ))),
        }
    };
    let mut edges = Vec::new();
    for edge in g.getattr("edges")?.try_iter()? {
        let edge = edge?;
        let (u, v) = (edge.get_item(0)?, edge.get_item(1)?);
        edges.push((vertex(&u, &edge)?, vertex(&v, &edge)?));
    }
    Ok(Read {
        n,
        edges: Arc::new(edges),
        labels: Some(PyTuple::new(py, labels)?.unbind()),
    })
}

/// `labels` as a tuple of `n` distinct values.
pub fn label_tuple(labels: &Bound<'_, PyAny>, n: usize, name: &str) -> PyResult<Py<PyTuple>> {
    let py = labels.py();
    let seen = PyDict::new(py);
    let mut all = Vec::new();
    for label in labels.try_iter()? {
        let label = label?;
        if seen.contains(&label)? {
            return Err(puzzle_error(format!(
                "{name}: the label {} is given twice",
                label.repr()?
            )));
        }
        seen.set_item(&label, py.None())?;
        all.push(label);
    }
    if all.len() != n {
        return Err(puzzle_error(format!(
            "{name}: {} labels for {n} vertices",
            all.len()
        )));
    }
    Ok(PyTuple::new(py, all)?.unbind())
}
