//! `pathsat.hamg(graphs)`: the filter over an iterable of graphs, as `pathsat hamg` filters a
//! stream of graph6 lines. Graphs are taken from the iterable in batches (a few at first, so
//! that the first answers come at once, then up to [`MAX_BATCH`]: memory stays flat however long
//! a generator runs), each batch decided on the pool's threads with the GIL released, and the
//! graphs that pass are yielded as they came in, in input order.

use super::decide::{certify_dir, decide_error, seconds, undecided};
use super::input;
use crate::errors::{puzzle_error, InternalError};
use crate::interrupt;
use pathsat_api::graphs::{decide, Limits, Property, SatFallback, Settings, Verdict};
use pathsat_api::Cancel;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyIterator, PyString};
use rayon::prelude::*;
use std::collections::VecDeque;
use std::time::Duration;

/// The first batch: small, so that the first graphs come back at once.
const FIRST_BATCH: usize = 16;

/// The largest batch: enough to keep the threads busy on graphs of microseconds each, few
/// enough that the graphs read ahead of the loop stay few.
const MAX_BATCH: usize = 1024;

/// The iterator `hamg` returns: the graphs that have the property (or, inverted, lack it), each
/// the object that came in, in input order.
#[pyclass(module = "pathsat")]
pub struct GraphFilter {
    /// The input; `None` once it is exhausted, failed or closed.
    source: Option<Py<PyIterator>>,
    /// Graphs decided and kept, not yet yielded.
    ready: VecDeque<Py<PyAny>>,
    /// The error to raise once `ready` is yielded: a malformed graph, an undecided one, or the
    /// input's own exception.
    failed: Option<PyErr>,
    settings: Settings,
    invert: bool,
    timeout: Option<f64>,
    limit: Option<Duration>,
    /// Items taken from the input so far.
    read: usize,
    /// Graphs decided, kept and yielded so far.
    decided: usize,
    kept: usize,
    batch: usize,
}

impl GraphFilter {
    /// Ends the iterator: nothing more is read or yielded.
    fn end(&mut self) {
        self.source = None;
        self.ready.clear();
    }

    /// Reads and decides the next batch, into `ready` (and `failed`).
    fn next_batch(&mut self, py: Python<'_>, mut source: Bound<'_, PyIterator>) -> PyResult<()> {
        let mut items = Vec::with_capacity(self.batch);
        let mut graphs = Vec::with_capacity(self.batch);
        while graphs.len() < self.batch {
            let Some(item) = source.next() else {
                self.source = None;
                break;
            };
            let index = self.read;
            self.read += 1;
            let read = item.and_then(|item| {
                let graph = input::graph(&item, &format!("graphs[{index}]"))?;
                Ok((item, graph))
            });
            match read {
                Ok((_, None)) => {}
                Ok((item, Some(graph))) => {
                    items.push((index, item.unbind()));
                    graphs.push((index, (graph.n, graph.edges)));
                }
                Err(e) => {
                    self.failed = Some(e);
                    self.source = None;
                    break;
                }
            }
        }
        self.batch = (self.batch * 2).min(MAX_BATCH);
        if graphs.is_empty() {
            return Ok(());
        }
        let cancel = Cancel::new();
        let fallback = SatFallback::new(self.limit, cancel.clone());
        let settings = self.settings.clone();
        let stop = cancel.clone();
        let decisions = interrupt::run(py, &cancel, move || {
            graphs
                .par_iter()
                .map(|(index, (n, edges))| {
                    (!stop.is_cancelled()).then(|| {
                        // Each graph's certificates of "no" in a directory of its own.
                        let mut settings = settings.clone();
                        settings.certify = settings
                            .certify
                            .map(|dir| dir.join(format!("graph-{index}")));
                        decide(*n, edges, &settings, &fallback)
                    })
                })
                .collect::<Vec<_>>()
        });
        let decisions = match decisions {
            Ok(decisions) => decisions,
            Err(interrupted) => {
                self.end();
                return Err(interrupted);
            }
        };
        for ((index, item), decision) in items.into_iter().zip(decisions) {
            let name = format!("graphs[{index}]");
            let failure = match decision {
                Some(Ok(decision)) => match decision.verdict {
                    Verdict::Has | Verdict::Lacks => {
                        self.decided += 1;
                        if (decision.verdict == Verdict::Has) != self.invert {
                            self.kept += 1;
                            self.ready.push_back(item);
                        }
                        continue;
                    }
                    Verdict::Undecided => {
                        let why = match decision.evidence {
                            pathsat_api::graphs::Evidence::Unsettled(why) => why,
                            other => format!("{other:?}"),
                        };
                        undecided(&name, &why, self.timeout)
                    }
                },
                Some(Err(e)) => decide_error(&name, e),
                None => InternalError::new_err(format!("{name}: the run was stopped")),
            };
            // The graphs before this one are yielded first; then its error ends the filter.
            self.failed = Some(failure);
            self.source = None;
            break;
        }
        Ok(())
    }
}

#[pymethods]
impl GraphFilter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Ok(Some(item));
            }
            if let Some(error) = self.failed.take() {
                return Err(error);
            }
            let Some(source) = self.source.as_ref().map(|s| s.bind(py).clone()) else {
                return Ok(None);
            };
            self.next_batch(py, source)?;
        }
    }

    /// Stops the filter: nothing more is read from the input or yielded.
    fn close(&mut self) {
        self.end();
        self.failed = None;
    }

    /// Items taken from the input so far (the graphs decided, and those read ahead of the
    /// loop in the batch under way).
    #[getter]
    fn read(&self) -> usize {
        self.read
    }

    /// Graphs decided so far.
    #[getter]
    fn decided(&self) -> usize {
        self.decided
    }

    /// Graphs kept so far (yielded, or about to be).
    #[getter]
    fn kept(&self) -> usize {
        self.kept
    }

    fn __repr__(&self) -> String {
        format!(
            "<pathsat.GraphFilter: {} read, {} decided, {} kept>",
            self.read, self.decided, self.kept
        )
    }
}

/// The graphs of `graphs` that have a Hamiltonian cycle (`path=True`: a Hamiltonian path;
/// `hypo=True`: that are hypohamiltonian), or with `invert=True` those that lack it: a lazy
/// iterator that yields each graph as it came in, in input order.
///
/// `graphs` is any iterable (a list, a generator, an open graph6 or sparse6 file) of
/// `pathsat.Graph`s, networkx graphs and graph6/sparse6 lines (`str` or `bytes`, end of line
/// and header allowed; blank lines are skipped). Graphs are taken in batches and decided in
/// parallel with the GIL released; Ctrl-C stops the filter (`KeyboardInterrupt`). A malformed
/// line raises `PuzzleError` naming `graphs[i]` and the column, and a graph undecided within
/// `timeout` (seconds a SAT run, for graphs beyond the exact method's 64 vertices) raises
/// `TimeoutError`, each once the graphs before it are yielded; the iterator then ends.
/// `certify=DIR` keeps the checked DRAT certificate of every "no" in `DIR/graph-i` (`i` the
/// graph's index in `graphs`), as `pathsat hamg --certify DIR` keeps `DIR/line-N`.
#[pyfunction]
#[pyo3(signature = (graphs, *, path = false, hypo = false, invert = false, timeout = None, certify = None))]
pub fn hamg(
    graphs: &Bound<'_, PyAny>,
    path: bool,
    hypo: bool,
    invert: bool,
    timeout: Option<f64>,
    certify: Option<std::path::PathBuf>,
) -> PyResult<GraphFilter> {
    if graphs.is_instance_of::<PyString>() || graphs.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "graphs: an iterable of graphs, not one string (pass [line], or text.splitlines(), \
             or an open file)",
        ));
    }
    if path && hypo {
        return Err(puzzle_error(
            "path: cannot be used with hypo= (a Hamiltonian path, or hypohamiltonian: one question)",
        ));
    }
    let property = match (path, hypo) {
        (true, _) => Property::Path,
        (_, true) => Property::Hypohamiltonian,
        _ => Property::Cycle,
    };
    Ok(GraphFilter {
        source: Some(graphs.try_iter()?.unbind()),
        ready: VecDeque::new(),
        failed: None,
        settings: Settings {
            property,
            count: false,
            limits: Limits::default(),
            certify: certify_dir(certify)?,
        },
        invert,
        timeout,
        limit: seconds(timeout)?,
        read: 0,
        decided: 0,
        kept: 0,
        batch: FIRST_BATCH,
    })
}
