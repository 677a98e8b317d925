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
//! - [`check`](check::check): whether a solution file solves the puzzle.
//!
//! Results are one type per command ([`SolveReport`], [`CountReport`], [`DecodeReport`],
//! [`CheckReport`]) built from the pieces in [`outcome`]; statuses, methods and stop reasons are
//! enums, so a front end matches on values, and a renamed method is a compile error. Errors are
//! an [`Error`] whose [`ErrorKind`] says whose fault it is; each displays as one line naming the
//! file.
//!
//! Runs with a timeout run on a thread of their own and are waited for until the deadline (and
//! [`GRACE`]): varisat cannot be interrupted inside one solver call, so at the deadline the
//! call returns what was found by then and the solver thread finishes its call on its own.
//!
//! ```
//! use pathsat_api::{solve::{solve, SolveRequest, Wanted}, Status};
//! use pathsat_puzzle::{parse_str, Format};
//! use std::sync::Arc;
//!
//! let puzzle = Arc::new(parse_str("moves = \"rook\"\ngrid = \"1 .\\n4 .\"\n", Format::Toml)?);
//! let request = SolveRequest { wanted: Wanted::Unique, ..SolveRequest::default() };
//! let report = solve(&puzzle, "tiny.toml", &request)?;
//! assert_eq!(report.status, Status::Sat);
//! assert_eq!(report.unique, Some(true));
//! assert_eq!(serde_json::to_value(&report)?["status"], "sat");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod check;
pub mod count;
pub mod decode;
mod error;
pub mod outcome;
pub mod solve;

pub use check::CheckReport;
pub use count::{CountReport, CountRequest};
pub use decode::DecodeReport;
pub use error::{Error, ErrorKind, Refusal};
pub use outcome::{Counts, Differences, Solutions, Status};
pub use pathsat_count::{Method, Stopped};
pub use solve::{SolveReport, SolveRequest, Wanted};

use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long past its deadline a run may take to come back before the call returns without it.
pub const GRACE: Duration = Duration::from_millis(250);

/// The next message from `events`, waiting until `until` at the most; `None` when it passed or
/// the sender is gone.
fn until_deadline<T>(events: &mpsc::Receiver<T>, until: Option<Instant>) -> Option<T> {
    match until {
        Some(until) => events
            .recv_timeout(until.saturating_duration_since(Instant::now()))
            .ok(),
        None => events.recv().ok(),
    }
}
