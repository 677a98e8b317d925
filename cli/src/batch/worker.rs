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
use pathsat_api::progress::CountProgress;
use pathsat_api::Cancel;
use pathsat_bigcount::BigCount;
use pathsat_count::{CountOptions, Method, Stopped};
use pathsat_puzzle::parse_file;
use serde::{Deserialize, Serialize};
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

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
    let out = Mutex::new(io::stdout());
    match count(args, &out) {
        Ok(()) => {}
        Err(Stop::Io(e)) => return Err(e.into()),
        Err(Stop::Failed { name, message }) => emit(&out, &Event::Error { name, message })?,
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

fn emit(out: &Mutex<io::Stdout>, event: &Event) -> io::Result<()> {
    let mut line = serde_json::to_vec(event).map_err(io::Error::other)?;
    line.push(b'\n');
    let stdout = out
        .lock()
        .map_err(|_| io::Error::other("stdout lock poisoned"))?;
    let mut stdout = stdout.lock();
    stdout.write_all(&line)?;
    stdout.flush()
}

fn count(args: &WorkerArgs, out: &Mutex<io::Stdout>) -> Result<(), Stop> {
    let started = Instant::now();
    let puzzle = parse_file(&args.file).map_err(|e| Stop::Failed {
        name: None,
        message: e.to_string(),
    })?;
    let failed = |message: String| Stop::Failed {
        name: Some(puzzle.name().to_string()),
        message: format!("{}: {message}", args.file.display()),
    };
    let request = args
        .spec
        .request(Cancel::new())
        .map_err(|e| failed(e.to_string()))?;
    let expect = puzzle.expect();
    // A file that only says whether a solution exists is solved, not counted.
    let sat_only = expect.count.is_none() && expect.sat.is_some();
    let limit = match (request.options.limit, sat_only) {
        (Some(l), true) => Some(l.min(1)),
        (None, true) => Some(1),
        (l, false) => l,
    };
    emit(
        out,
        &Event::Start {
            name: puzzle.name().to_string(),
            cells: puzzle.n_cells(),
            expected: expect.count.clone(),
            expected_sat: expect.sat,
        },
    )?;
    let options = CountOptions {
        // Sat-only files want one solution: the program would count them all.
        method: if sat_only {
            Method::Enumerate
        } else {
            request.options.method
        },
        limit,
        deadline: request.timeout.map(|t| started + t),
        ..request.options
    };
    let write_failure: Mutex<Option<io::Error>> = Mutex::new(None);
    // Each rise of the most fillings found is an event (a probe's and a later stage's
    // counts start from zero each).
    let state = Mutex::new(CountProgress::default());
    let counted = pathsat_count::count(&puzzle, &options, &|progress| {
        let mut state = state.lock().expect("not poisoned");
        let before = state.most_found.clone();
        state.hear(progress);
        if state.most_found <= before {
            return;
        }
        let count = state.most_found.clone();
        if let Err(e) = emit(out, &Event::Found { count }) {
            write_failure.lock().expect("not poisoned").get_or_insert(e);
        }
    })
    .map_err(|e| failed(pathsat_api::wording::count(&e)))?;
    if let Some(e) = write_failure.into_inner().expect("not poisoned") {
        return Err(Stop::Io(e));
    }
    let sizes = counted.encoded.as_ref().map(|(stats, _)| stats);
    emit(
        out,
        &Event::Done {
            stopped: counted.stopped,
            method: counted.method,
            verified: counted.verified,
            variables: sizes.map(|s| s.variables),
            clauses: sizes.map(|s| s.clauses),
            count: counted.count,
            complete: counted.complete,
        },
    )?;
    Ok(())
}
