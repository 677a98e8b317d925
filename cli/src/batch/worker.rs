//! # The batch worker
//!
//! `pathsat worker FILE` counts one puzzle for `batch` and streams what happens as JSON lines
//! on standard output: `start` (sizes and the expected answer), one `found` per verified
//! filling, then `done` or `error`. It checks its deadline between solutions; the parent kills
//! it if one solve runs past the deadline, and then still knows how many fillings were found.

use crate::args::WorkerArgs;
use crate::Failure;
use pathsat_puzzle::parse_file;
use pathsat_solver::{PuzzleSolver, SolveOptions};
use serde::{Deserialize, Serialize};
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// One line of the worker's output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum Event {
    Start {
        name: String,
        cells: usize,
        variables: usize,
        clauses: usize,
        expected: Option<u64>,
        expected_sat: Option<bool>,
    },
    Found {
        count: u64,
    },
    Done {
        count: u64,
        complete: bool,
        /// "limit" or "deadline" when the count stopped early.
        stopped: Option<String>,
    },
    Error {
        /// The puzzle's name, when the file was read.
        name: Option<String>,
        message: String,
    },
}

fn emit(out: &mut impl Write, event: &Event) -> io::Result<()> {
    serde_json::to_writer(&mut *out, event).map_err(io::Error::other)?;
    out.write_all(b"\n")?;
    out.flush()
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
    let mut out = io::stdout().lock();
    match count(args, &mut out) {
        Ok(()) => {}
        Err(Stop::Io(e)) => return Err(e.into()),
        Err(Stop::Failed { name, message }) => emit(&mut out, &Event::Error { name, message })?,
    }
    Ok(ExitCode::SUCCESS)
}

fn count(args: &WorkerArgs, out: &mut impl Write) -> Result<(), Stop> {
    let started = Instant::now();
    let deadline = args
        .timeout
        .map(|s| started + Duration::from_secs_f64(s.max(0.0)));
    let puzzle = parse_file(&args.file).map_err(|e| Stop::Failed {
        name: None,
        message: e.to_string(),
    })?;
    let failed = |e: pathsat_solver::SolveError| Stop::Failed {
        name: Some(puzzle.name().to_string()),
        message: format!("{}: {e}", args.file.display()),
    };
    let options = SolveOptions {
        encoding: args.encoding.options(),
    };
    let mut solver = PuzzleSolver::new(&puzzle, &options).map_err(failed)?;
    let expect = puzzle.expect();
    // A file that only says whether a solution exists is solved, not counted.
    let sat_only = expect.count.is_none() && expect.sat.is_some();
    let limit = match (args.limit, sat_only) {
        (Some(l), true) => Some(l.min(1)),
        (None, true) => Some(1),
        (l, false) => l,
    };
    let stats = &solver.encoding().stats;
    emit(
        out,
        &Event::Start {
            name: puzzle.name().to_string(),
            cells: stats.cells,
            variables: stats.variables,
            clauses: stats.clauses,
            expected: expect.count,
            expected_sat: expect.sat,
        },
    )?;
    let mut count = 0;
    let stopped = loop {
        if limit.is_some_and(|l| count >= l) {
            break Some("limit");
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break Some("deadline");
        }
        match solver.next_solution().map_err(failed)? {
            Some(_) => {
                count += 1;
                emit(out, &Event::Found { count })?;
            }
            None => break None,
        }
    };
    emit(
        out,
        &Event::Done {
            count,
            complete: stopped.is_none(),
            stopped: stopped.map(str::to_string),
        },
    )?;
    Ok(())
}
