//! # The batch worker
//!
//! One puzzle counted for a batch, by the methods of `pathsat-count` through [`pathsat_api::count`],
//! as a stream of [`Event`]s: `start` (the puzzle's size and the expected answer), `found` with
//! the running count, then `done` (with the sizes of the encoding the count built, if it built
//! one) or `error`. [`count_events`] makes the stream; a batch's workers hear it either in this
//! process (a thread a file) or from a worker process, where [`serve`] writes each event as a
//! JSON line on standard output (`pathsat worker FILE --spec JSON`). A worker process checks
//! its deadline between solutions and inside solver calls; its batch kills it if it runs past
//! the deadline all the same, and then still knows how many fillings were found. With
//! `parent_stdin` (as a batch starts it) it also stops when its standard input closes: when the
//! batch is gone, killed or not.

use pathsat_api::options::CountSpec;
use pathsat_api::progress::{CountProgress, Progress};
use pathsat_api::{Cancel, Method, Stopped, Words};
use pathsat_bigcount::BigCount;
use pathsat_puzzle::parse_file;
use serde::{Deserialize, Serialize};
use std::io::{self, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// One line of the worker's output, e.g. `{"found":{"count":10}}`. (Externally tagged: an
/// internally tagged enum would buffer its fields and lose the exact digits of big counts.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Event {
    /// The file was read.
    Start {
        /// The puzzle's name.
        name: String,
        /// Its cells (vertices).
        cells: usize,
        /// `[expect] count`.
        expected: Option<BigCount>,
        /// `[expect] sat`.
        expected_sat: Option<bool>,
    },
    /// The most fillings found so far (it only grows).
    Found {
        /// The fillings found.
        count: BigCount,
    },
    /// The count's answer.
    Done {
        /// The fillings counted.
        count: BigCount,
        /// Whether they are all of them.
        complete: bool,
        /// Why the count stopped early.
        stopped: Option<Stopped>,
        /// The counting method.
        method: Method,
        /// Whether every filling counted was verified.
        verified: bool,
        /// The sizes of the encoding the count built (none for the frontier program).
        variables: Option<usize>,
        /// See `variables`.
        clauses: Option<usize>,
    },
    /// The file could not be read or counted.
    Error {
        /// The puzzle's name, when the file was read.
        name: Option<String>,
        /// The one-line message.
        message: String,
    },
}

/// Where a worker's events go: standard output, or the batch's row in this process.
pub type Emit = Arc<dyn Fn(Event) -> io::Result<()> + Send + Sync>;

/// Counts the puzzle in `file` as a worker process: each event a JSON line on standard
/// output. With `parent_stdin`, the process ends as soon as its standard input reaches its end
/// (its batch went away). An error goes out as an `error` event; only failing to write the
/// events is an error here. `words` words the error (the program's own words).
pub fn serve(file: &Path, spec: &CountSpec, parent_stdin: bool, words: Words) -> io::Result<()> {
    if parent_stdin {
        // The batch holds the other end of the pipe until it is done with this worker: its end
        // means the batch is gone, however it went (a SIGKILL too).
        pathsat_isolate::exit_when_closed(io::stdin());
    }
    let emit = Arc::new(write_line) as Emit;
    count_events(file, spec, &Cancel::new(), &emit, words)
}

/// Writes one event as a line of JSON on standard output (whose lock keeps lines whole).
fn write_line(event: Event) -> io::Result<()> {
    let mut line = serde_json::to_vec(&event).map_err(io::Error::other)?;
    line.push(b'\n');
    let mut stdout = io::stdout().lock();
    stdout.write_all(&line)?;
    stdout.flush()
}

/// Counts the puzzle in `file` with the options `spec` (as `pathsat count` does), its progress
/// and its answer told to `emit` as events, ending with `done` or `error` (worded by `words`).
/// `cancel` stops the count from outside. Only `emit`'s failure is an error.
pub fn count_events(
    file: &Path,
    spec: &CountSpec,
    cancel: &Cancel,
    emit: &Emit,
    words: Words,
) -> io::Result<()> {
    match count(file, spec, cancel, emit, words) {
        Ok(()) => Ok(()),
        Err(Stop::Io(e)) => Err(e),
        Err(Stop::Failed { name, message }) => emit(Event::Error { name, message }),
    }
}

/// Why counting stopped before its `done` event.
enum Stop {
    /// Writing the events failed (the parent went away).
    Io(io::Error),
    /// The puzzle could not be counted: the message goes out as an `error` event.
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

/// The count behind [`count_events`].
fn count(
    path: &Path,
    spec: &CountSpec,
    cancel: &Cancel,
    emit: &Emit,
    words: Words,
) -> Result<(), Stop> {
    let puzzle = parse_file(path).map_err(|e| Stop::Failed {
        name: None,
        message: e.to_string(),
    })?;
    let file = path.display().to_string();
    let failed = |message: String| Stop::Failed {
        name: Some(puzzle.name().to_string()),
        message,
    };
    let mut request = spec
        .request(cancel.clone())
        .map_err(|e| failed(format!("{file}: {}", words(&e))))?;
    let expect = puzzle.expect();
    // A file that only says whether a solution exists is solved, not counted: one solution,
    // by enumeration (the program would count them all).
    if expect.count.is_none() && expect.sat.is_some() {
        request.options.limit = Some(request.options.limit.map_or(1, |l| l.min(1)));
        request.options.method = Method::Enumerate;
    }
    emit(Event::Start {
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
        let (write_failure, emit) = (Arc::clone(&write_failure), Arc::clone(emit));
        Arc::new(move |progress: Progress| {
            let mut state = state.lock().expect("not poisoned");
            let before = state.most_found.clone();
            state.hear(progress);
            if state.most_found <= before {
                return;
            }
            let count = state.most_found.clone();
            if let Err(e) = emit(Event::Found { count }) {
                write_failure.lock().expect("not poisoned").get_or_insert(e);
            }
        })
    };
    let puzzle = Arc::new(puzzle);
    let report = pathsat_api::count::count(&puzzle, &file, &request, hear);
    let report = report.map_err(|e| Stop::Failed {
        name: Some(puzzle.name().to_string()),
        message: words(&e),
    })?;
    if let Some(e) = write_failure.lock().expect("not poisoned").take() {
        return Err(Stop::Io(e));
    }
    let sizes = report.stats.encoded.as_ref();
    emit(Event::Done {
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
