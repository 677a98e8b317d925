//! Hamiltonicity of graphs one at a time and over graph6/sparse6 streams (`pathsat hamg`,
//! Python's `hamiltonian_cycle` and `hamg`): [`pathsat_hamg`] decides, and this module gives it
//! the SAT portfolio ([`SatFallback`]) for what its exact method leaves: graphs of more than 64
//! vertices, small graphs whose search reaches its limit, counts beyond its reach, and the
//! certificates of "no" (CaDiCaL's DRAT proof, checked by the outside checker).

use crate::{CountRequest, Error, SolveRequest, Status};
use pathsat_bigcount::BigCount;
use pathsat_budget::Cancel;
use pathsat_count::CountOptions;
use pathsat_puzzle::{CellRule, Expect, Puzzle};
use pathsat_solver::{SolveOptions, SolverChoice};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// graph6 and sparse6, read and written.
pub use pathsat_graph6 as graph6;
pub use pathsat_hamg::property_name;
pub use pathsat_hamg::{
    decide, filter, DecideError, Decision, Encoding, Evidence, Fallback, FilterOptions, Limits,
    Output, Property, Settings, StreamError, Summary, Verdict,
};

/// The SAT portfolio as [`pathsat_hamg`]'s fallback: each graph a graph puzzle, solved,
/// counted or certified on one thread (the stream runs graphs in parallel), within `timeout`.
#[derive(Clone, Debug)]
pub struct SatFallback {
    /// The most time one graph's run may take.
    pub timeout: Option<Duration>,
    /// Raised to stop every run.
    pub cancel: Cancel,
}

impl SatFallback {
    /// The fallback with a time limit per graph.
    pub fn new(timeout: Option<Duration>, cancel: Cancel) -> SatFallback {
        SatFallback { timeout, cancel }
    }

    fn run(
        &self,
        n: usize,
        edges: &[(usize, usize)],
        closed: bool,
        certificate: Option<&Path>,
    ) -> Result<crate::SolveReport, String> {
        let puzzle = Arc::new(graph_puzzle(n, edges, closed).map_err(|e| e.to_string())?);
        let certify = certificate.is_some();
        let request = SolveRequest {
            options: SolveOptions {
                certify,
                solver: SolverChoice::Auto,
                ..SolveOptions::default()
            },
            timeout: self.timeout,
            jobs: Some(1),
            cancel: self.cancel.clone(),
            certificate: certificate.map(Path::to_path_buf),
            ..SolveRequest::default()
        };
        crate::solve::solve(&puzzle, "graph", &request).map_err(|e| e.to_string())
    }
}

/// Why a run said nothing.
fn unsettled(report: &crate::SolveReport) -> String {
    match report.stopped {
        Some(stopped) => format!("the SAT run stopped ({})", stopped.name()),
        None => "the SAT run came back without an answer".to_string(),
    }
}

impl Fallback for SatFallback {
    fn hamiltonian(
        &self,
        n: usize,
        edges: &[(usize, usize)],
        closed: bool,
    ) -> Result<Option<Vec<usize>>, String> {
        let report = self.run(n, edges, closed, None)?;
        match report.answer.status {
            Status::Sat => Ok(report.fillings.first().map(|f| f.order())),
            Status::Unsat => Ok(None),
            Status::Unknown => Err(unsettled(&report)),
        }
    }

    fn count_cycles(&self, n: usize, edges: &[(usize, usize)]) -> Result<String, String> {
        let puzzle = Arc::new(graph_puzzle(n, edges, true).map_err(|e| e.to_string())?);
        let request = CountRequest {
            options: CountOptions {
                jobs: 1,
                ..CountOptions::default()
            },
            timeout: self.timeout,
            cancel: self.cancel.clone(),
            certificate: None,
        };
        let report = crate::count::count(&puzzle, "graph", &request, Arc::new(|_| {}))
            .map_err(|e| e.to_string())?;
        if !report.answer.complete {
            return Err("the count did not finish".to_string());
        }
        cycles_of_fillings(n, &report.answer.count)
    }

    fn certify(
        &self,
        n: usize,
        edges: &[(usize, usize)],
        closed: bool,
        dir: &Path,
    ) -> Result<(), String> {
        if !SolverChoice::Cadical.is_built_in() {
            return Err("certificates need CaDiCaL, which this build leaves out".to_string());
        }
        let report = self.run(n, edges, closed, Some(dir))?;
        match (report.answer.status, &report.certificate) {
            (Status::Unsat, Some(crate::outcome::CertificateReport::Checked(_))) => Ok(()),
            (Status::Sat, _) => Err("the SAT run found a cycle where the exact method found none: a bug, please report it".to_string()),
            _ => Err(unsettled(&report)),
        }
    }
}

/// The Hamiltonian cycles of a graph from the fillings of its tour puzzle: each cycle of three
/// or more vertices is `2n` fillings (a start and a direction).
fn cycles_of_fillings(n: usize, fillings: &BigCount) -> Result<String, String> {
    use num_traits::Zero;
    let per_cycle = num_bigint::BigUint::from(2 * n.max(1));
    let fillings = fillings.as_biguint();
    if n < 3 {
        return Ok(fillings.to_string());
    }
    if !(fillings % &per_cycle).is_zero() {
        return Err(format!(
            "{fillings} fillings are not a whole number of cycles"
        ));
    }
    Ok((fillings / per_cycle).to_string())
}

/// The graph puzzle of a Hamiltonian cycle (`closed`) or path through `edges` (from 0; loops
/// and repeats dropped).
pub fn graph_puzzle(n: usize, edges: &[(usize, usize)], closed: bool) -> Result<Puzzle, Error> {
    let mut simple: Vec<(usize, usize)> = edges
        .iter()
        .filter(|(u, v)| u != v)
        .map(|&(u, v)| (u.min(v), u.max(v)))
        .collect();
    simple.sort_unstable();
    simple.dedup();
    Puzzle::graph(
        "graph",
        n,
        &simple,
        false,
        closed,
        vec![CellRule::Free; n],
        Expect::default(),
    )
    .map_err(|e| Error::Invalid {
        what: "graph".to_string(),
        problem: e.to_string(),
    })
}

/// Decides one graph (Python's `hamiltonian_cycle`, `traceable`, ...): the exact method, then
/// the SAT portfolio within `timeout`; with `certify`, the certificate of a "no" in that
/// directory.
///
/// # Errors
/// [`Error::Invalid`] when the decision cannot stand (a witness failing the verifier, a
/// certificate that cannot be written).
pub fn decide_graph(
    n: usize,
    edges: &[(usize, usize)],
    settings: &Settings,
    fallback: &SatFallback,
) -> Result<Decision, Error> {
    decide(n, edges, settings, fallback).map_err(|e| Error::Invalid {
        what: "graph".to_string(),
        problem: e.to_string(),
    })
}

/// The undirected graph of a puzzle's moves (vertices from 0, edges once each as (smaller,
/// larger)), for writing it as graph6 or sparse6 (`export --to graph6`): a graph puzzle, or a
/// board's cells and moves. Refused when the puzzle says more than its graph, which the formats
/// cannot hold: givens, marks, a trail's labels, one-way moves.
///
/// # Errors
/// [`Error::Invalid`] naming `file` and what the graph formats would lose.
pub fn graph_of(puzzle: &Puzzle, file: &str) -> Result<(usize, Vec<(usize, usize)>), Error> {
    let refuse = |what: &str| {
        Err(Error::Invalid {
            what: file.to_string(),
            problem: format!(
                "{what}, which graph6 and sparse6 cannot hold: they write a graph alone"
            ),
        })
    };
    if puzzle.trail().is_some() {
        return refuse("a trail puzzle has labels and a length");
    }
    if puzzle.rules().iter().any(|r| *r != CellRule::Free) {
        return refuse("the puzzle has givens or marked cells");
    }
    let n = puzzle.n_cells();
    let mut edges = Vec::new();
    for u in 0..n {
        for &v in puzzle.successors(u) {
            if !puzzle.successors(v).contains(&u) {
                return refuse(&format!("its moves are one-way ({} to {})", u + 1, v + 1));
            }
            if u < v {
                edges.push((u, v));
            }
        }
    }
    Ok((n, edges))
}
