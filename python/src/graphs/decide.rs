//! The questions asked of one graph: a Hamiltonian cycle, a Hamiltonian path, whether it is
//! hypohamiltonian, and how many Hamiltonian cycles it has; each decided by
//! [`pathsat_api::graphs`] with the GIL released and Ctrl-C honoured.

use super::input::{self, Read};
use super::Graph;
use crate::errors::{puzzle_error, refusal, InternalError};
use crate::interrupt;
use pathsat_api::graphs::{
    decide, DecideError, Decision, Evidence, Limits, Property, SatFallback, Settings, Verdict,
};
use pathsat_api::options::{OptionError, Problem, SolverChoice};
use pathsat_api::Cancel;
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// `timeout=`: a positive, finite number of seconds, as every other timeout.
pub fn seconds(timeout: Option<f64>) -> PyResult<Option<Duration>> {
    let Some(s) = timeout else { return Ok(None) };
    let refused = |problem| puzzle_error(refusal(&OptionError::new("timeout", problem)));
    if !(s > 0.0 && s.is_finite()) {
        return Err(refused(Problem::NotPositiveSeconds(s)));
    }
    Duration::try_from_secs_f64(s)
        .map(Some)
        .map_err(|_| refused(Problem::TooManySeconds(s)))
}

/// `certify=`: a directory, in a package built with CaDiCaL, whose DRAT proofs are the
/// certificates of a "no".
pub(super) fn certify_dir(certify: Option<PathBuf>) -> PyResult<Option<PathBuf>> {
    if certify.is_some() && !SolverChoice::Cadical.is_built_in() {
        return Err(puzzle_error(
            "certify=: the certificate of a \"no\" is CaDiCaL's DRAT proof, and this pathsat \
             package is built without CaDiCaL; build it with MATURIN_PEP517_ARGS=\"--features \
             cadical\" pip install ./python",
        ));
    }
    Ok(certify)
}

/// The Python exception of a decision that cannot stand.
pub fn decide_error(name: &str, error: DecideError) -> PyErr {
    match error {
        DecideError::Unverified { .. } => {
            InternalError::new_err(format!("{name}: internal error, please report: {error}"))
        }
        DecideError::Certificate { .. } => puzzle_error(format!("{name}: {error}")),
    }
}

/// The exception of a graph no method settled: `TimeoutError` when a timeout was given (the
/// SAT fallback's runs stop there), else an internal error with the reason.
pub fn undecided(name: &str, why: &str, timeout: Option<f64>) -> PyErr {
    match timeout {
        Some(t) => PyTimeoutError::new_err(format!(
            "{name}: undecided within the timeout of {t} s ({why})"
        )),
        None => InternalError::new_err(format!(
            "{name}: undecided without a timeout ({why}): a bug, please report it"
        )),
    }
}

/// Decides `graph` with the GIL released; Ctrl-C stops the run and raises `KeyboardInterrupt`.
fn run(
    py: Python<'_>,
    graph: &Read,
    settings: Settings,
    timeout: Option<f64>,
) -> PyResult<Decision> {
    let cancel = Cancel::new();
    let fallback = SatFallback::new(seconds(timeout)?, cancel.clone());
    let (n, edges) = (graph.n, Arc::clone(&graph.edges));
    interrupt::run(py, &cancel, move || decide(n, &edges, &settings, &fallback))?
        .map_err(|e| decide_error("G", e))
}

fn settings(property: Property, count: bool, certify: Option<PathBuf>) -> Settings {
    Settings {
        property,
        count,
        limits: Limits::default(),
        certify,
    }
}

/// Reads `G` (a `pathsat.Graph`, a networkx graph or a graph6/sparse6 line).
fn read(g: &Bound<'_, PyAny>) -> PyResult<Read> {
    input::graph(g, "G")?.ok_or_else(|| puzzle_error("G: no graph: the text is empty"))
}

/// A cycle or path of vertices as the graph's labels.
fn walk<'py>(py: Python<'py>, graph: &Read, order: &[usize]) -> PyResult<Bound<'py, PyList>> {
    let labels = graph.labels.as_ref().map(|l| l.bind(py));
    let walk = order
        .iter()
        .map(|&v| Graph::label(labels, py, v))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, walk)
}

/// The cycle or path of a walk question, or `None`.
fn walk_answer<'py>(
    py: Python<'py>,
    g: &Bound<'py, PyAny>,
    property: Property,
    certify: Option<PathBuf>,
    timeout: Option<f64>,
) -> PyResult<Option<Bound<'py, PyList>>> {
    let certify = certify_dir(certify)?;
    let graph = read(g)?;
    let decision = run(py, &graph, settings(property, false, certify), timeout)?;
    match (decision.verdict, decision.evidence) {
        (Verdict::Has, Evidence::Walk(order)) => walk(py, &graph, &order).map(Some),
        (Verdict::Lacks, _) => Ok(None),
        (Verdict::Undecided, Evidence::Unsettled(why)) => Err(undecided("G", &why, timeout)),
        (verdict, evidence) => Err(InternalError::new_err(format!(
            "G: the answer {verdict:?} came with {evidence:?}: a bug, please report it"
        ))),
    }
}

/// A Hamiltonian cycle of `G`: its vertices in cycle order, each once (the last joined to the
/// first), as `G`'s node labels; `None` when it has none.
///
/// `G` is a `pathsat.Graph`, a networkx graph (anything with `nodes` and `edges`) or a graph6 or
/// sparse6 line. Graphs of up to 64 vertices are decided exactly without SAT; larger ones (and
/// the rare small graph whose search reaches its limit) by the SAT solver, for at most `timeout`
/// seconds a run: `TimeoutError` when that passes first. The cycle has passed pathsat's
/// verifier. `certify=DIR` (a package built with CaDiCaL) keeps the checked DRAT certificate of
/// a "no" in `DIR` (`proof.drat`, the CNF it refutes and a README on checking them); a "yes"
/// needs none, its cycle is the proof. Following OEIS A003216, the graph of one vertex is Hamiltonian (`[v]`), those of
/// none and of two vertices are not.
#[pyfunction]
#[pyo3(signature = (g, *, certify = None, timeout = None))]
pub fn hamiltonian_cycle<'py>(
    py: Python<'py>,
    g: &Bound<'py, PyAny>,
    certify: Option<PathBuf>,
    timeout: Option<f64>,
) -> PyResult<Option<Bound<'py, PyList>>> {
    walk_answer(py, g, Property::Cycle, certify, timeout)
}

/// A Hamiltonian path of `G` (each vertex once, consecutive ones joined), as `G`'s node labels;
/// `None` when it has none. `certify` and `timeout` as for `hamiltonian_cycle`.
#[pyfunction]
#[pyo3(signature = (g, *, certify = None, timeout = None))]
pub fn hamiltonian_path<'py>(
    py: Python<'py>,
    g: &Bound<'py, PyAny>,
    certify: Option<PathBuf>,
    timeout: Option<f64>,
) -> PyResult<Option<Bound<'py, PyList>>> {
    walk_answer(py, g, Property::Path, certify, timeout)
}

/// Whether `G` is hypohamiltonian: it has no Hamiltonian cycle, but deleting any one vertex
/// leaves a graph that has one (the Petersen graph is the smallest). Each cycle found has passed
/// the verifier; `timeout` as for `hamiltonian_cycle`.
#[pyfunction]
#[pyo3(signature = (g, *, timeout = None))]
pub fn is_hypohamiltonian(
    py: Python<'_>,
    g: &Bound<'_, PyAny>,
    timeout: Option<f64>,
) -> PyResult<bool> {
    let graph = read(g)?;
    let decision = run(
        py,
        &graph,
        settings(Property::Hypohamiltonian, false, None),
        timeout,
    )?;
    match (decision.verdict, decision.evidence) {
        (Verdict::Has, _) => Ok(true),
        (Verdict::Lacks, _) => Ok(false),
        (Verdict::Undecided, Evidence::Unsettled(why)) => Err(undecided("G", &why, timeout)),
        (Verdict::Undecided, evidence) => Err(undecided("G", &format!("{evidence:?}"), timeout)),
    }
}

/// The number of Hamiltonian cycles of `G`, exact (an int however large): each cycle once,
/// whatever its start and direction (`K_n` has `(n-1)!/2`). The graph of one vertex has one,
/// those of none and of two vertices none. Graphs of up to 64 vertices are counted without SAT
/// (a bitset program up to 18, a search beyond); larger ones by pathsat's counter, for at most
/// `timeout` seconds: `TimeoutError` when it passes first.
#[pyfunction]
#[pyo3(signature = (g, *, timeout = None))]
pub fn count_hamiltonian_cycles<'py>(
    py: Python<'py>,
    g: &Bound<'py, PyAny>,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyAny>> {
    let graph = read(g)?;
    let decision = run(py, &graph, settings(Property::Cycle, true, None), timeout)?;
    match decision.count {
        Some(count) => py.get_type::<PyInt>().call1((count,)),
        None => Err(match timeout {
            Some(t) => PyTimeoutError::new_err(format!(
                "G: no count of its Hamiltonian cycles within the timeout of {t} s"
            )),
            None => puzzle_error(format!(
                "G: its Hamiltonian cycles are out of the counters' reach ({} vertices)",
                graph.n
            )),
        }),
    }
}
