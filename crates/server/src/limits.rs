//! The limits a server holds requests to, as `GET /api/limits` reports them: the page reads
//! them to say what it can ask for (how large a board, how long a run) before asking.

use crate::ServerConfig;
use pathsat_routes::{MAX_EXPORT_CLAUSES, MAX_SOLUTIONS, READABLE_CELLS};
use serde::Serialize;

/// This server's limits.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Limits {
    /// The largest request body, in bytes ([`ServerConfig::max_body_bytes`]).
    pub max_body_bytes: usize,
    /// Solves, counts, generations and exports at once ([`ServerConfig::max_concurrent`]).
    pub max_concurrent: usize,
    /// Open connections at once ([`ServerConfig::max_connections`]).
    pub max_connections: usize,
    /// Seconds.
    pub time_limit: f64,
    /// The largest puzzle, in cells or vertices ([`ServerConfig::max_cells`]).
    pub max_cells: usize,
    /// The largest board whose clauses `/api/export` writes out in readable form.
    pub readable_cells: usize,
    /// The most clauses `/api/export` sends.
    pub max_export_clauses: usize,
    /// The most solutions one `/api/solve` reply holds (`all` stops there), and the most
    /// samples one `/api/sample` reply holds.
    pub max_solutions: u64,
    /// The most memory one run may take, in bytes.
    pub memory_per_run: u64,
    /// Whether each run goes to a worker process of its own, stopped past its memory.
    pub workers: bool,
    /// This server's version (`CARGO_PKG_VERSION` of pathsat-server).
    pub version: &'static str,
}

impl Limits {
    /// The limits of a server run with `config`.
    pub fn of(config: &ServerConfig) -> Limits {
        Limits {
            max_body_bytes: config.max_body_bytes,
            max_concurrent: config.max_concurrent,
            max_connections: config.max_connections,
            time_limit: config.time_limit.as_secs_f64(),
            max_cells: config.max_cells,
            readable_cells: READABLE_CELLS,
            max_export_clauses: MAX_EXPORT_CLAUSES,
            max_solutions: MAX_SOLUTIONS,
            memory_per_run: config.memory_per_run,
            workers: config.workers.is_some(),
            version: env!("CARGO_PKG_VERSION"),
        }
    }
}
