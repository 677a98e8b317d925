//! # The version line
//!
//! What `pathsat --version` prints after the program's name, on one line: the crate's version,
//! the commit it was built from (found by `build.rs`; "commit unknown" for a build outside a
//! git checkout) and the SAT solvers built in, with theirs, e.g.
//! `0.1.0 (commit 3429e26, 2026-11-29; solvers: varisat 0.2.2, cadical 1.9.5)`. A bug report
//! that quotes it says which code ran and which solvers it could run.

use pathsat_solver::SolverChoice;
use std::sync::OnceLock;

/// The short hash of the commit built, empty when unknown.
const COMMIT: &str = env!("PATHSAT_COMMIT");
/// The date of that commit (YYYY-MM-DD), empty when unknown.
const COMMIT_DATE: &str = env!("PATHSAT_COMMIT_DATE");

/// The version line, without the program's name.
pub fn line() -> &'static str {
    static LINE: OnceLock<String> = OnceLock::new();
    LINE.get_or_init(|| {
        let commit = if COMMIT.is_empty() {
            "commit unknown".to_string()
        } else {
            format!("commit {COMMIT}, {COMMIT_DATE}")
        };
        let solvers: Vec<String> = SolverChoice::ALL
            .into_iter()
            .filter(|s| s.is_built_in())
            .map(SolverChoice::describe)
            .collect();
        format!(
            "{} ({commit}; solvers: {})",
            env!("CARGO_PKG_VERSION"),
            solvers.join(", ")
        )
    })
}

/// The date of the commit built, for the man page's title line; `None` when unknown.
pub fn commit_date() -> Option<&'static str> {
    (!COMMIT_DATE.is_empty()).then_some(COMMIT_DATE)
}
