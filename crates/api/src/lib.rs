#![warn(missing_docs)]
//! # pathsat-api
//!
//! The library API under every front end: the CLI, the Python package and the web server call
//! these functions, get these typed results, and serialise them the same way (serde, field and
//! value names in kebab-case), so that `pathsat solve --format json` and the web API print the
//! same JSON for the same run.
//!
//! - [`solve`](solve::solve): the first solution, a few, all, or a proof of uniqueness (with
//!   the second solution and where it differs, when the puzzle is not unique);
//! - [`count`](count::count): how many solutions, by the method that can finish;
//! - [`decode`](decode::decode): a solver's model read back into a verified solution;
//! - [`export`](export::export): the CNF, for other solvers;
//! - [`check`](check::check): whether a solution file solves the puzzle;
//! - [`compare`](compare::compare): the embedded and external solvers side by side on one CNF,
//!   and [`lab`] the same over many files and encodings (`pathsat_lab` runs them);
//! - [`booklet`](booklet::booklet): puzzles and their solutions as a printable PDF;
//! - [`forced`](forced::forced): the cells every solution agrees on, or givens that conflict;
//! - [`explain`](explain::explain): why a cell holds its value, in the clauses that propagation
//!   used;
//! - [`hint`](hint::hint): the next step of a puzzle solved by hand, with its reason, or the
//!   first wrong cell of what was filled (these three are `pathsat_reason`'s, reported here);
//! - [`generate`](generate::generate): a new puzzle from a template, its uniqueness proved;
//! - [`sample`](sample::sample): solutions drawn exactly uniformly from all of them.
//!
//! Batch counts of a directory (a journal, resume, shards, worker processes) are a crate of
//! their own above this one, `pathsat-batch`, which counts each file with [`count`](count::count).
//!
//! The options of each command, as the CLI's flags, the web API's JSON fields and Python's
//! keyword arguments name them, are read into the structs of [`options`], which build the
//! requests: one mapping for every front end, whose refusals are typed
//! ([`options::OptionError`]). The library's errors name no flag: they say what cannot be done
//! and carry the data (which option, which value); each front end words them its own way (the
//! CLI and the web API with their flags, in the `pathsat-words` crate; Python with its keyword
//! arguments). A running count's events
//! fold into one state every front end renders ([`progress::CountProgress`]).
//!
//! Results are one type per command ([`SolveReport`], [`CountReport`], [`DecodeReport`],
//! [`CheckReport`]) built from the pieces in [`outcome`]: each begins with the [`Answer`]
//! (file, name, status, count, what is counted, complete), flattened into its JSON; statuses, methods and stop reasons are
//! enums, so a front end matches on values, and a renamed method is a compile error. Errors are
//! an [`Error`] whose [`ErrorKind`] says whose fault it is; each displays as one line naming the
//! file.
//!
//! Runs with a timeout run on a thread of their own and are waited for until the deadline (and
//! [`GRACE`]). The run stops at its deadline, solver calls included (varisat's and CaDiCaL's
//! stop inside their search), and its thread ends; the grace covers what does not look at the
//! clock (encoding a huge puzzle), after which the call returns what was found by then and the
//! thread ends on its own. A [`Cancel`] flag in each request stops a run from outside the same
//! way, within [`CANCEL_POLL`] of being raised: Ctrl-C in Python, a web client that went away.
//!
//! ```
//! use pathsat_api::{solve::solve, SolveRequest, Status, Wanted};
//! use pathsat_puzzle::{parse_str, Format};
//! use std::sync::Arc;
//!
//! let puzzle = Arc::new(parse_str("moves = \"rook\"\ngrid = \"1 .\\n4 .\"\n", Format::Toml)?);
//! let request = SolveRequest { wanted: Wanted::Unique, ..SolveRequest::default() };
//! let report = solve(&puzzle, "tiny.toml", &request)?;
//! assert_eq!(report.answer.status, Status::Sat);
//! assert_eq!(report.unique, Some(true));
//! assert_eq!(serde_json::to_value(&report)?["status"], "sat");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod booklet;
pub mod certificate;
pub mod check;
pub mod compare;
pub mod count;
pub mod decode;
mod detach;
mod error;
pub mod explain;
pub mod export;
pub mod forced;
pub mod generate;
pub mod graphs;
pub mod hint;
pub mod json;
pub mod lab;
mod option_error;
pub mod options;
pub mod outcome;
pub mod progress;
pub mod sample;
pub mod shard;
pub mod solve;
mod stream;

pub use check::CheckReport;
pub use count::CountReport;
pub use decode::DecodeReport;
pub use error::{plain, Error, ErrorKind, Refusal, Words};
pub use forced::ForcedReport;
pub use generate::GenerateReport;
pub use hint::HintReport;
pub use options::{
    CountRequest, ForcedRequest, GenerateRequest, HintRequest, SolveRequest, Wanted,
};
pub use outcome::{Answer, Counts, Differences, Solutions, Status};
pub use pathsat_budget::{Budget, Cancel, CancelOnDrop, Stopped, WindDown};
pub use pathsat_count::{Method, Stage};
pub use sample::SampleReport;
pub use solve::{SolutionStream, SolveReport};

use std::sync::mpsc;
use std::time::Duration;
use web_time::Instant;

/// How long past its deadline a run may take to come back before the call returns without it.
pub const GRACE: Duration = Duration::from_millis(250);

/// How often a waiting call looks at its [`Cancel`] flag.
pub const CANCEL_POLL: Duration = Duration::from_millis(50);

/// The next message from `events`, waiting until `until` at the most; `None` when it passed,
/// `cancel` was raised, or the sender is gone.
fn wait_for<T>(events: &mpsc::Receiver<T>, until: Option<Instant>, cancel: &Cancel) -> Option<T> {
    // WebAssembly: the work ran at once ([`detach`](crate::detach)), so its messages are all
    // there; std's timed wait reads a clock the browser does not give it. A raised flag wins,
    // as natively.
    #[cfg(target_family = "wasm")]
    {
        let _ = until;
        if cancel.is_cancelled() {
            return None;
        }
        return events.try_recv().ok();
    }
    #[cfg(not(target_family = "wasm"))]
    loop {
        if cancel.is_cancelled() {
            return None;
        }
        let wait = until.map_or(CANCEL_POLL, |u| {
            u.saturating_duration_since(Instant::now()).min(CANCEL_POLL)
        });
        match events.recv_timeout(wait) {
            Ok(message) => return Some(message),
            Err(mpsc::RecvTimeoutError::Disconnected) => return None,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if until.is_some_and(|u| Instant::now() >= u) {
                    return None;
                }
            }
        }
    }
}
