#![warn(missing_docs)]
//! # pathsat-routes
//!
//! pathsat's JSON API without HTTP: a route's request body goes in, its reply (a status, a
//! content type and the bytes) comes out. Two engines run these same routes, so that the page
//! and every other client see one shape of request and reply:
//! - `pathsat serve` ([`pathsat-server`]) reads the body off a socket, runs the route on a
//!   thread (or in a worker process), and sends the reply;
//! - the static page's WebAssembly module (`crates/web`) runs it in the browser's Web Worker.
//!
//! | route | reply |
//! |---|---|
//! | `/api/solve` | a [`SolveReport`](pathsat_api::SolveReport) |
//! | `/api/count` | a [`CountReport`](pathsat_api::CountReport); `"progress": true` asks for progress lines too ([`Prepared::wants_progress`]) |
//! | `/api/sample` | a [`SampleReport`](pathsat_api::SampleReport): solutions drawn exactly uniformly (`samples`, `seed`); `"progress": true` as for a count |
//! | `/api/generate` | a [`GenerateReport`](pathsat_api::GenerateReport) |
//! | `/api/export` | the CNF: sizes per family, DIMACS text, readable clauses of a toy board |
//! | `/api/draw` | an SVG picture of the puzzle and verified solutions |
//! | `/api/forced` | a [`ForcedReport`](pathsat_api::ForcedReport) |
//! | `/api/explain` | an [`ExplainReport`](pathsat_api::explain::ExplainReport) |
//! | `/api/booklet` | `application/pdf`: the puzzle and its solution, to print |
//! | `/api/hint` | a [`HintReport`](pathsat_api::HintReport) |
//! | `/api/puzzle` | the puzzle as a JSON puzzle file: how the page loads files of any format |
//! | `/api/check` | a [`CheckReport`](pathsat_api::CheckReport): whether the solutions sent solve the puzzle, by the verifier |
//!
//! A request body is JSON: `{"puzzle": TEXT}` (a TOML puzzle file's text; a JSON puzzle object,
//! or `"format": "json" | "hcp" | "col" | "g6" | "s6"` for other files) plus the command's
//! options, named as the CLI's flags without their dashes, read by the structs of
//! [`pathsat_api::options`] that the CLI fills too. A bad request gets a 400 whose `error` is
//! the CLI's one-line message.
//!
//! Running a route is two steps: [`prepare`] reads and checks the body (cheap, and everything
//! that can be wrong with a request is found here), then [`Prepared::run`] does the work. The
//! server needs the step between: it checks a request before it hands it to a worker process.
//!
//! ```rust
//! use pathsat_routes::{prepare, Limits};
//!
//! // A TOML puzzle file's text: a 3x3 board, orthogonal steps, 1 and 9 given.
//! let puzzle = "moves = \"rook\"\ngrid = \"\"\"\n1 . .\n. . .\n. . 9\n\"\"\"\n";
//! let body = serde_json::json!({ "puzzle": puzzle }).to_string();
//! let prepared = prepare("/api/solve", body.as_bytes(), &Limits::default()).unwrap();
//! let reply = prepared.run(None);
//! assert_eq!(reply.status, 200);
//! let report: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
//! assert_eq!(report["status"], "sat");
//! ```

mod input;
mod make;

use pathsat_api::progress::Progress;
use pathsat_api::Cancel;
use serde::Serialize;
use std::fmt::Display;
use std::sync::Arc;
use std::time::Duration;

/// The most solutions one `/api/solve` reply holds (`all` stops there), and the most samples
/// one `/api/sample` reply holds (more are refused).
pub const MAX_SOLUTIONS: u64 = 10_000;

/// Boards up to this many cells get their clauses in readable form from `/api/export`.
pub const READABLE_CELLS: usize = 16;

/// `/api/export` refuses encodings with more clauses than this: the DIMACS text would be tens
/// of megabytes (`pathsat export` writes any size to a file).
pub const MAX_EXPORT_CLAUSES: usize = 2_000_000;

/// The most solutions one `/api/draw` picture shows.
pub const MAX_DRAWN: usize = 100;

/// What an engine holds every request to.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The longest a run may take: a request's own `timeout` is capped by it, and a run without
    /// one stops at it with what it found (a count marked incomplete).
    pub time_limit: Duration,
    /// The largest puzzle (cells or vertices) taken.
    pub max_cells: usize,
    /// Threads one count may use.
    pub jobs: usize,
    /// The most memory one run may take: a count's frontier program gets three quarters of it.
    pub memory_per_run: u64,
    /// Whether a run may be certified (`"certify": true`): a certificate's proof is written to
    /// files, which a browser has none of.
    pub certify: bool,
    /// The engine, as an error names it: "this server", "this page".
    pub engine: &'static str,
    /// What to tell a user whose puzzle is larger than [`Limits::max_cells`]: how to get a
    /// larger one taken.
    pub larger: &'static str,
}

impl Default for Limits {
    /// A minute a run, 2,500 cells, every core, and half the machine's memory shared by four
    /// runs.
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Limits {
            time_limit: Duration::from_secs(60),
            max_cells: 2_500,
            jobs: cores,
            memory_per_run: pathsat_frontier::default_memory_budget() / 4,
            certify: true,
            engine: "this server",
            larger: "`pathsat serve --max-cells N` takes more, or use the command line",
        }
    }
}

/// A route's reply: what an HTTP response would carry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status: 200, or the error's (400 bad input, 422 a model refused, 500 ours).
    pub status: u16,
    /// `application/json`, `image/svg+xml` or `application/pdf`.
    pub content_type: &'static str,
    /// The reply: pretty JSON and a newline (as `--format json` prints it), an SVG, a PDF.
    pub body: Vec<u8>,
}

impl Reply {
    /// `{"error": MESSAGE}`, the message on one line as the CLI prints it.
    pub fn error(status: u16, message: impl Display) -> Reply {
        let mut body = serde_json::json!({ "error": one_line(message) }).to_string();
        body.push('\n');
        Reply {
            status,
            content_type: "application/json",
            body: body.into_bytes(),
        }
    }

    /// The report as `pathsat ... --format json` prints it: pretty JSON and a newline.
    pub fn json(report: &impl Serialize) -> Reply {
        let mut body = Vec::new();
        match pathsat_api::json::write_json(&mut body, report) {
            Ok(()) => Reply {
                status: 200,
                content_type: "application/json",
                body,
            },
            Err(e) => Reply::error(500, format!("cannot write the report: {e}")),
        }
    }

    /// The reply to a library error: the user's input gets a 400 (a rejected model a 422), a
    /// failure of ours a 500; the message is the CLI's (`pathsat_words`: the API's fields are
    /// its flags' names).
    pub fn api_error(e: &pathsat_api::Error) -> Reply {
        let status = match e.kind() {
            pathsat_api::ErrorKind::Input => 400,
            pathsat_api::ErrorKind::Rejected => 422,
            pathsat_api::ErrorKind::Internal => 500,
        };
        Reply::error(status, pathsat_words::error(e))
    }

    fn bytes(content_type: &'static str, body: Vec<u8>) -> Reply {
        Reply {
            status: 200,
            content_type,
            body,
        }
    }
}

/// `message` on one line: its whitespace runs each made one space.
pub fn one_line(message: impl Display) -> String {
    message
        .to_string()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a count reports while it runs (its stages, layers, fillings found), as the route's
/// progress lines carry it.
pub type Hear = Arc<dyn Fn(Progress) + Send + Sync>;

/// A checked request, ready to run.
pub struct Prepared {
    route: &'static str,
    cancel: Cancel,
    runs_solver: bool,
    wants_progress: bool,
    job: Box<dyn FnOnce(Option<Hear>) -> Reply + Send>,
}

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared")
            .field("route", &self.route)
            .field("runs_solver", &self.runs_solver)
            .field("wants_progress", &self.wants_progress)
            .finish_non_exhaustive()
    }
}

impl Prepared {
    /// The route, as `/api/solve`.
    pub fn route(&self) -> &'static str {
        self.route
    }

    /// The run's flag: raising it stops the run within [`pathsat_api::CANCEL_POLL`], with what
    /// it found so far (the server raises it when the client goes away).
    pub fn cancel(&self) -> Cancel {
        self.cancel.clone()
    }

    /// Whether the run searches (a solver, the frontier program, the generator) rather than
    /// only reading or drawing the puzzle: the server runs these in a worker process.
    pub fn runs_solver(&self) -> bool {
        self.runs_solver
    }

    /// Whether the request asked for progress as it runs (`/api/count` or `/api/sample` with
    /// `"progress": true`): the engine then reports what [`Prepared::run`]'s `hear` hears (see
    /// [`ProgressLine`]) before the reply.
    pub fn wants_progress(&self) -> bool {
        self.wants_progress
    }

    /// Runs the request and replies; `hear` hears a count's (or a sample's) progress.
    pub fn run(self, hear: Option<Hear>) -> Reply {
        (self.job)(hear)
    }
}

/// Reads and checks the body of a request for `route` (`/api/solve`, ...): the reply to send
/// at once when the request is wrong, or the run to do.
///
/// # Errors
/// The reply: 404 for an unknown route, 400 for a body that is not the route's JSON, an unknown
/// option, a puzzle that does not parse (the CLI's one-line message) or is too large.
pub fn prepare(route: &str, body: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    make::prepare(route, body, limits)
}

/// The routes [`prepare`] knows.
pub const ROUTES: [&str; 12] = [
    "/api/solve",
    "/api/count",
    "/api/sample",
    "/api/generate",
    "/api/export",
    "/api/draw",
    "/api/forced",
    "/api/hint",
    "/api/explain",
    "/api/booklet",
    "/api/puzzle",
    "/api/check",
];

/// A count's progress as one line of the route's stream, `{"progress": {...}, "seconds": S}`:
/// hears the count's events (give [`ProgressLine::hear`] to [`Prepared::run`]) and writes the
/// state so far when asked.
#[derive(Clone)]
pub struct ProgressLine {
    seen: Arc<std::sync::Mutex<pathsat_api::progress::CountProgress>>,
    started: web_time::Instant,
}

impl Default for ProgressLine {
    fn default() -> ProgressLine {
        ProgressLine {
            seen: Arc::default(),
            started: web_time::Instant::now(),
        }
    }
}

impl ProgressLine {
    /// What to give [`Prepared::run`]: every event folded into the state.
    pub fn hear(&self) -> Hear {
        let seen = Arc::clone(&self.seen);
        Arc::new(move |p: Progress| {
            seen.lock().unwrap_or_else(|e| e.into_inner()).hear(p);
        })
    }

    /// The line (without its newline): the state after the events heard, and the seconds since
    /// the line began, to a tenth.
    pub fn line(&self) -> Vec<u8> {
        let snapshot = self.seen.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let progress = serde_json::json!({
            "progress": snapshot,
            "seconds": (self.started.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        });
        serde_json::to_vec(&progress).unwrap_or_default()
    }
}

/// A line `{"error": MESSAGE}` (without its newline), the way a progress stream ends when its
/// run failed.
pub fn error_line(message: &str) -> Vec<u8> {
    serde_json::to_vec(&serde_json::json!({ "error": one_line(message) })).unwrap_or_default()
}
