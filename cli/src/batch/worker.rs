//! # The batch worker
//!
//! `pathsat worker FILE` counts one puzzle for `batch` (by the methods of `pathsat-count`) and
//! streams what happens as JSON lines on standard output: `start` (the puzzle's size and the
//! expected answer), `found` with the running count, then `done` (with the sizes of the encoding
//! the count built, if it built one) or `error`. It checks its deadline between solutions; the parent kills
//! it if one solve runs past the deadline, and then still knows how many fillings were found.
//! With `--parent-stdin` (as `batch` starts it) it also stops when its standard input closes:
//! when the batch is gone, killed or not.

use crate::args::WorkerArgs;
use crate::Failure;
use pathsat_api::progress::{CountProgress, Progress};
use pathsat_api::Cancel;
use pathsat_api::{Method, Stopped};
use pathsat_bigcount::BigCount;
use pathsat_puzzle::parse_file;
use serde::{Deserialize, Serialize};
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

/// One line of the worker's output, e.g. `{"found":{"count":10}}`. (Externally tagged: an
/// internally tagged enum would buffer its fields and lose the exact digits of big counts.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Event {
    Start {
        name: String,
        cells: usize,
        expected: Option<BigCount>,
        expected_sat: Option<bool>,
    },
    /// The most fillings found so far (it only grows).
    Found { count: BigCount },
    Done {
        count: BigCount,
        complete: bool,
        /// Why the count stopped early.
        stopped: Option<Stopped>,
        /// The counting method, and whether every filling counted was verified.
        method: Method,
        verified: bool,
        /// The sizes of the encoding the count built (none for the frontier program).
        variables: Option<usize>,
        clauses: Option<usize>,
    },
    Error {
        /// The puzzle's name, when the file was read.
        name: Option<String>,
        message: String,
    },
}

/// Why counting stopped before its `done` event.
enum Stop {
    /// Writing the events failed (the parent went away).
    Io(io::Error),
    /// The puzzle could not be counted: the message goes to the parent as an `error` event.
    Failed {
        name: Option<String>,
        message: String,
    },
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        Stop::Io(e)
    }
}

pub fn run(args: &WorkerArgs) -> Result<ExitCode, Failure> {
    if args.parent_stdin {
        exit_with_parent();
    }
    match count(args) {
        Ok(()) => {}
        Err(Stop::Io(e)) => return Err(e.into()),
        Err(Stop::Failed { name, message }) => emit(&Event::Error { name, message })?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Ends this process as soon as standard input reaches its end. The batch holds the other end
/// of the pipe until it is done with this worker, so the end comes when the batch process is gone,
/// however it went (a SIGKILL too): the worker then stops at once, even inside a long solve,
/// rather than count on for nobody.
fn exit_with_parent() {
    std::thread::spawn(|| {
        let mut stdin = io::stdin().lock();
        let mut buffer = [0u8; 64];
        loop {
            match stdin.read(&mut buffer) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Ok(0) | Err(_) => std::process::exit(3),
                Ok(_) => {}
            }
        }
    });
}

/// Writes one event as a line of JSON on standard output (whose lock keeps lines whole).
fn emit(event: &Event) -> io::Result<()> {
    let mut line = serde_json::to_vec(event).map_err(io::Error::other)?;
    line.push(b'\n');
    let mut stdout = io::stdout().lock();
    stdout.write_all(&line)?;
    stdout.flush()
}

/// Counts the file through the api (as `pathsat count` does), its progress and its answer
/// sent to the batch as events.
fn count(args: &WorkerArgs) -> Result<(), Stop> {
    let puzzle = parse_file(&args.file).map_err(|e| Stop::Failed {
        name: None,
        message: e.to_string(),
    })?;
    let file = args.file.display().to_string();
    let failed = |message: String| Stop::Failed {
        name: Some(puzzle.name().to_string()),
        message,
    };
    let mut request = args
        .spec
        .request(Cancel::new())
        .map_err(|e| failed(format!("{file}: {e}")))?;
    let expect = puzzle.expect();
    // A file that only says whether a solution exists is solved, not counted: one solution,
    // by enumeration (the program would count them all).
    if expect.count.is_none() && expect.sat.is_some() {
        request.options.limit = Some(request.options.limit.map_or(1, |l| l.min(1)));
        request.options.method = Method::Enumerate;
    }
    emit(&Event::Start {
        name: puzzle.name().to_string(),
        cells: puzzle.n_cells(),
        expected: expect.count.clone(),
        expected_sat: expect.sat,
    })?;
    let write_failure: Arc<Mutex<Option<io::Error>>> = Arc::default();
    // Each rise of the most fillings found is an event (a probe's and a later stage's
    // counts start from zero each).
    let state = Mutex::new(CountProgress::default());
    let hear = {
        let write_failure = Arc::clone(&write_failure);
        Arc::new(move |progress: Progress| {
            let mut state = state.lock().expect("not poisoned");
            let before = state.most_found.clone();
            state.hear(progress);
            if state.most_found <= before {
                return;
            }
            let count = state.most_found.clone();
            if let Err(e) = emit(&Event::Found { count }) {
                write_failure.lock().expect("not poisoned").get_or_insert(e);
            }
        })
    };
    let puzzle = Arc::new(puzzle);
    let report =
        pathsat_api::count::count(&puzzle, &file, &request, hear).map_err(|e| Stop::Failed {
            name: Some(puzzle.name().to_string()),
            message: e.to_string(),
        })?;
    if let Some(e) = write_failure.lock().expect("not poisoned").take() {
        return Err(Stop::Io(e));
    }
    let sizes = report.stats.encoded.as_ref();
    emit(&Event::Done {
        stopped: report.stopped,
        method: report.method,
        verified: report.verified,
        variables: sizes.map(|s| s.variables),
        clauses: sizes.map(|s| s.clauses),
        count: report.answer.count,
        complete: report.answer.complete,
    })?;
    Ok(())
}
