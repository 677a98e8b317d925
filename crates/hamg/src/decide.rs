//! Deciding one graph: the exact method for small graphs, the fallback for the others, every
//! witness verified, every "no" certified when asked.

use pathsat_hamilton::{self as hamilton, Answer, Limits, Property, SmallGraph};
use pathsat_puzzle::verify_walk;
use std::path::{Path, PathBuf};

/// Whether a graph has the property asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// It has it.
    Has,
    /// It lacks it.
    Lacks,
    /// No method settled it within its limits.
    Undecided,
}

/// What backs a verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Evidence {
    /// A Hamiltonian cycle or path (vertices from 0), verified.
    Walk(Vec<usize>),
    /// Hypohamiltonian: a verified Hamiltonian cycle of each `g - v`, `cycles[v]`, numbered as
    /// in `g`.
    Deleted(Vec<Vec<usize>>),
    /// A necessary condition the graph fails (for the property, or for a cycle through `g - v`).
    Condition(String),
    /// An exhaustive search (the pruned search, the bitset program or SAT) found none.
    Exhausted(&'static str),
    /// Nothing: the graph is undecided, for this reason.
    Unsettled(String),
}

/// One graph's decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The answer.
    pub verdict: Verdict,
    /// Why.
    pub evidence: Evidence,
    /// The number of Hamiltonian cycles, in decimal (when counts were asked for and found).
    pub count: Option<String>,
    /// Where the certificates of this graph's "no" answers were written.
    pub certificates: Vec<PathBuf>,
}

/// The SAT portfolio, for what the exact method does not settle: graphs of more than 64
/// vertices, and small graphs whose search reached its limit. The api gives one (solves with
/// a time limit, counts, and certificates checked by an outside DRAT checker).
pub trait Fallback: Sync {
    /// A Hamiltonian cycle (`closed`) or path of the graph: `Ok(Some(order))`, `Ok(None)` when
    /// there is none, `Err(why)` when the run could not tell.
    ///
    /// # Errors
    /// Why the run could not tell (a timeout, a cancel).
    fn hamiltonian(
        &self,
        n: usize,
        edges: &[(usize, usize)],
        closed: bool,
    ) -> Result<Option<Vec<usize>>, String>;

    /// The number of Hamiltonian cycles, in decimal.
    ///
    /// # Errors
    /// Why the count could not be made.
    fn count_cycles(&self, n: usize, edges: &[(usize, usize)]) -> Result<String, String>;

    /// Proves that the graph has no Hamiltonian cycle (`closed`) or path, and keeps the checked
    /// certificate in `dir`.
    ///
    /// # Errors
    /// Why no certificate was written.
    fn certify(
        &self,
        n: usize,
        edges: &[(usize, usize)],
        closed: bool,
        dir: &Path,
    ) -> Result<(), String>;
}

/// What to decide and how.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The property asked about.
    pub property: Property,
    /// Also count each graph's Hamiltonian cycles.
    pub count: bool,
    /// The exact method's limits.
    pub limits: Limits,
    /// Certify every "no" into this directory (made if missing).
    pub certify: Option<PathBuf>,
}

/// A decision that cannot stand: a witness that does not verify (a bug), or a certificate that
/// could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecideError {
    /// A cycle or path that fails the verifier: a bug in the method that found it.
    #[error("the {what} found does not verify ({why}): a bug, please report it")]
    Unverified {
        /// A cycle or a path.
        what: &'static str,
        /// The verifier's words.
        why: String,
    },
    /// A "no" was asked to be certified and could not be.
    #[error("cannot certify the answer in {dir}: {why}")]
    Certificate {
        /// The certificate's directory.
        dir: PathBuf,
        /// Why.
        why: String,
    },
}

/// The answer for one walk property (a cycle or a path), with its evidence.
enum Walked {
    Yes(Vec<usize>),
    No(Evidence),
    Unsettled(String),
}

/// Decides the graph on `n` vertices with these `edges` (from 0; loops and repeats allowed).
///
/// # Errors
/// [`DecideError`] when a witness fails the verifier or a certificate cannot be written.
pub fn decide(
    n: usize,
    edges: &[(usize, usize)],
    settings: &Settings,
    fallback: &dyn Fallback,
) -> Result<Decision, DecideError> {
    let mut certificates = Vec::new();
    let certify = settings.certify.as_deref();
    let (verdict, evidence) = match settings.property {
        Property::Cycle | Property::Path => {
            let closed = settings.property == Property::Cycle;
            match walk(n, edges, closed, settings.limits, fallback)? {
                Walked::Yes(order) => (Verdict::Has, Evidence::Walk(order)),
                Walked::No(evidence) => {
                    if let Some(dir) = certify {
                        certificates.push(certified(n, edges, closed, dir, fallback)?);
                    }
                    (Verdict::Lacks, evidence)
                }
                Walked::Unsettled(why) => (Verdict::Undecided, Evidence::Unsettled(why)),
            }
        }
        Property::Hypohamiltonian => {
            hypohamiltonian(n, edges, settings, fallback, &mut certificates)?
        }
    };
    let count = if settings.count {
        count_cycles(n, edges, settings.limits, fallback)
    } else {
        None
    };
    Ok(Decision {
        verdict,
        evidence,
        count,
        certificates,
    })
}

/// A Hamiltonian cycle (`closed`) or path of the graph, verified; by the exact method up to 64
/// vertices, else (or when its search reaches the limit) by the fallback.
fn walk(
    n: usize,
    edges: &[(usize, usize)],
    closed: bool,
    limits: Limits,
    fallback: &dyn Fallback,
) -> Result<Walked, DecideError> {
    let exact = SmallGraph::from_edges(n, edges).map(|g| {
        if closed {
            hamilton::hamiltonian_cycle(&g, limits)
        } else {
            hamilton::traceable(&g, limits)
        }
    });
    let walked = match exact {
        Some(Answer::Yes(order)) => Walked::Yes(order),
        Some(Answer::No(reason)) => Walked::No(match reason {
            hamilton::Reason::Condition(failed) => Evidence::Condition(failed.to_string()),
            hamilton::Reason::Search => Evidence::Exhausted("search"),
            hamilton::Reason::Program => Evidence::Exhausted("program"),
        }),
        Some(Answer::Undecided) | None => match fallback.hamiltonian(n, edges, closed) {
            Ok(Some(order)) => Walked::Yes(order),
            Ok(None) => Walked::No(Evidence::Exhausted("sat")),
            Err(why) => Walked::Unsettled(why),
        },
    };
    if let Walked::Yes(order) = &walked {
        verify_walk(n, edges, order, closed).map_err(|v| DecideError::Unverified {
            what: if closed { "cycle" } else { "path" },
            why: v.to_string(),
        })?;
    }
    Ok(walked)
}

fn certified(
    n: usize,
    edges: &[(usize, usize)],
    closed: bool,
    dir: &Path,
    fallback: &dyn Fallback,
) -> Result<PathBuf, DecideError> {
    fallback
        .certify(n, edges, closed, dir)
        .map_err(|why| DecideError::Certificate {
            dir: dir.to_path_buf(),
            why,
        })?;
    Ok(dir.to_path_buf())
}

/// Not Hamiltonian, but every vertex-deleted subgraph is: one cycle question at a time through
/// [`walk`] (the exact method, else the fallback), each "no" certified when asked.
fn hypohamiltonian(
    n: usize,
    edges: &[(usize, usize)],
    settings: &Settings,
    fallback: &dyn Fallback,
    certificates: &mut Vec<PathBuf>,
) -> Result<(Verdict, Evidence), DecideError> {
    let certify = settings.certify.as_deref();
    match walk(n, edges, true, settings.limits, fallback)? {
        Walked::Yes(cycle) => return Ok((Verdict::Lacks, Evidence::Walk(cycle))),
        Walked::Unsettled(why) => return Ok((Verdict::Undecided, Evidence::Unsettled(why))),
        Walked::No(_) if n < 3 => {
            return Ok((
                Verdict::Lacks,
                Evidence::Condition("fewer than three vertices".into()),
            ))
        }
        Walked::No(_) => {
            if let Some(dir) = certify {
                certificates.push(certified(n, edges, true, dir, fallback)?);
            }
        }
    }
    let mut cycles = Vec::with_capacity(n);
    for v in 0..n {
        let (m, rest) = without(n, edges, v);
        match walk(m, &rest, true, settings.limits, fallback)? {
            Walked::Yes(cycle) => cycles.push(
                cycle
                    .into_iter()
                    .map(|u| if u >= v { u + 1 } else { u })
                    .collect(),
            ),
            Walked::No(_) => {
                if let Some(dir) = certify {
                    let dir = dir.join(format!("without-{}", v + 1));
                    certificates.push(certified(m, &rest, true, &dir, fallback)?);
                }
                let why = format!("deleting vertex {} leaves no Hamiltonian cycle", v + 1);
                return Ok((Verdict::Lacks, Evidence::Condition(why)));
            }
            Walked::Unsettled(why) => return Ok((Verdict::Undecided, Evidence::Unsettled(why))),
        }
    }
    Ok((Verdict::Has, Evidence::Deleted(cycles)))
}

/// The graph without vertex `v`: the vertices after it move down by one.
fn without(n: usize, edges: &[(usize, usize)], v: usize) -> (usize, Vec<(usize, usize)>) {
    let rename = |u: usize| if u > v { u - 1 } else { u };
    let rest = edges
        .iter()
        .filter(|&&(a, b)| a != v && b != v)
        .map(|&(a, b)| (rename(a), rename(b)))
        .collect();
    (n - 1, rest)
}

/// The number of Hamiltonian cycles: exactly up to 64 vertices within the limits, else the
/// fallback's; `None` when neither could count.
fn count_cycles(
    n: usize,
    edges: &[(usize, usize)],
    limits: Limits,
    fallback: &dyn Fallback,
) -> Option<String> {
    let exact = SmallGraph::from_edges(n, edges).and_then(|g| hamilton::count::cycles(&g, limits));
    match exact {
        Some(count) => Some(count.to_string()),
        None => fallback.count_cycles(n, edges).ok(),
    }
}
