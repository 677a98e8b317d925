#![warn(missing_docs)]
//! # pathsat-batch
//!
//! Batch counts: every puzzle file of a directory counted and checked against its `[expect]`,
//! in parallel, with a journal that survives a killed run. It is a crate of its own, above
//! `pathsat-api` (whose [`count`](pathsat_api::count::count) counts each file), because a batch
//! is a subsystem with its own files, formats and processes (the journal, resume, shards, the
//! worker protocol) that no other command needs: the api stays the facade of requests and
//! reports, and knows nothing of batches.
//!
//! [`run`] finds every puzzle file under a directory (`files`), counts each, `jobs` at a time,
//! on a thread or in a worker process of its own ([`Workers`]), and returns one [`Row`] per
//! file, sorted by path, with its status against the file's `[expect]`. A malformed file, an
//! unsolvable puzzle or a crash is a row like any other. A shard (`I/N`) counts a deterministic
//! slice of the files, and [`merge`] joins the JSON reports of the slices. The command line's
//! `pathsat batch` and Python's `pathsat.batch` are this function.
//!
//! With an output file, the run keeps its record there from its start (see [`output`]): while
//! the run goes, its journal, each row appended as soon as its file is done (see [`journal`]);
//! when it ends, the report in the asked format, which replaces the journal in one step.
//! Resuming continues a run that was killed: the journal's rows are taken as they are, whatever
//! their status, the other files are counted and appended, and the report is the whole run's.
//!
//! What happens along the way reaches the caller through an [`Observer`] (a progress display,
//! the notes to say on standard error), so that the library prints nothing.

mod error;
mod files;
pub mod journal;
mod merge;
pub mod output;
pub mod replace;
pub mod report;
pub mod worker;
mod workers;

pub use error::{BatchError, Unwritten};
pub use merge::merge;
pub use pathsat_isolate::WorkerCommand;
pub use report::{Format, Report, Row, Status, Summary};
pub use workers::Workers;

use pathsat_api::options::Shard;
use pathsat_api::options::{CountSpec, TablesSpec};
use pathsat_api::{Cancel, Words};
use pathsat_bigcount::BigCount;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Duration;
use std::time::Instant;

/// A batch run: the directory, how each file is counted, and where the report goes.
#[derive(Clone, Debug)]
pub struct BatchRequest {
    /// The directory searched (recursively) for puzzle files.
    pub dir: PathBuf,
    /// Each file's count options (its `jobs` is ignored: each file is counted on one thread).
    /// Its `memory` is each worker's; when it is `None`, the machine's default budget is
    /// shared among the jobs (or a resumed run keeps its journal's).
    pub spec: CountSpec,
    /// Files counted at the same time (default: the number of processors).
    pub jobs: Option<u32>,
    /// Count only this slice of the sorted file list.
    pub shard: Option<Shard>,
    /// Keep the run's record in this file: its journal while it runs, its report at the end.
    pub output: Option<PathBuf>,
    /// Continue the run whose journal is `output`, rather than start a new one.
    pub resume: bool,
    /// The format of the report written to `output`.
    pub format: Format,
    /// Whether the caller prints the report on this process's standard output: if that is a
    /// file under `dir`, it is pathsat's output and is skipped, not counted.
    pub report_on_stdout: bool,
    /// How the files are counted.
    pub workers: Workers,
    /// Stops the run from outside: no new file is started, running ones are stopped.
    pub cancel: Cancel,
    /// The front end's words for a file's error, which its row says (workers started as
    /// processes take theirs from the program they run).
    pub words: Words,
}

impl BatchRequest {
    /// A batch over `dir` with the default options, counted on threads of this process.
    pub fn new(dir: impl Into<PathBuf>) -> BatchRequest {
        BatchRequest {
            dir: dir.into(),
            spec: CountSpec::default(),
            jobs: None,
            shard: None,
            output: None,
            resume: false,
            format: Format::Json,
            report_on_stdout: false,
            workers: Workers::Threads,
            cancel: Cancel::new(),
            words: pathsat_api::plain,
        }
    }
}

/// How a batch run ended.
#[derive(Debug)]
pub enum BatchOutcome {
    /// The run's report (written to the output file, if one was given).
    Finished(Box<Report>),
    /// Resuming found the report of a finished run in the output file: nothing was done. Its
    /// summary line.
    AlreadyFinished(String),
}

/// What a batch says along the way, for the front end to show.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// Damage found in a journal being resumed, and how it was repaired.
    Journal(String),
    /// Rows of the journal whose files are no longer under the directory, left out.
    LeftOut {
        /// The journal.
        journal: String,
        /// The rows left out.
        rows: usize,
        /// The directory.
        dir: String,
    },
    /// How much of the run the journal holds already.
    Resuming {
        /// The journal.
        journal: String,
        /// Files done already.
        done: usize,
        /// Files in the run.
        total: usize,
    },
    /// A row could not be appended to the journal: the rest go only into the report at the end.
    AppendFailed {
        /// The journal.
        journal: String,
        /// Why.
        error: String,
    },
}

impl Note {
    /// Whether the note is worth saying even when the front end is asked to be quiet.
    pub fn matters(&self) -> bool {
        !matches!(self, Note::Resuming { .. })
    }
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Note::Journal(note) => f.write_str(note),
            Note::LeftOut { journal, rows, dir } => write!(
                f,
                "{journal}: {rows} row{} of files no longer under {dir} left out",
                if *rows == 1 { "" } else { "s" },
            ),
            Note::Resuming {
                journal,
                done,
                total,
            } => write!(
                f,
                "{journal}: {done} of {total} files done already, {} to count",
                total - done
            ),
            Note::AppendFailed { journal, error } => write!(
                f,
                "warning: {journal}: cannot append a row ({error}); the rows finished after \
                 this are written only when the run ends"
            ),
        }
    }
}

/// Hears a batch run as it goes. Every method has a default that ignores it.
pub trait Observer: Sync {
    /// A note to show (see [`Note::matters`]).
    fn note(&self, _note: &Note) {}
    /// The files listed, before any is counted: `files` are to be counted.
    fn counting(&self, _files: usize) {}
    /// A file's count started.
    fn started(&self, _file: &str) {}
    /// A file's count found more fillings.
    fn found(&self, _file: &str, _count: &BigCount) {}
    /// A file is done: its row.
    fn finished(&self, _row: &Row) {}
}

/// An observer that hears nothing.
pub struct Unobserved;

impl Observer for Unobserved {}

/// Runs a batch (see the module's documentation).
///
/// # Errors
/// [`BatchError::Options`] for count options that are refused (checked before any file is
/// counted), the other [`BatchError`]s for a run that cannot be made.
pub fn run(request: &BatchRequest, observer: &dyn Observer) -> Result<BatchOutcome, BatchError> {
    // Each file is counted on one thread, with these options; checked here (a solver that is
    // not built in, a bad value) before any file is counted.
    let spec = CountSpec {
        jobs: Some(1),
        ..request.spec.clone()
    };
    spec.request(Cancel::new())
        .map_err(|e| BatchError::Options(Box::new(e)))?;
    let started = Instant::now();
    let dir = &request.dir;
    let jobs = request
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u32));
    if !dir.exists() {
        return Err(files::no_such_dir(dir));
    }
    let output_path = request.output.as_deref();
    let resumed = match (output_path, request.resume) {
        (Some(path), true) => match output::examine(path)? {
            output::Found::Journal(contents) => Some(contents),
            output::Found::Report(summary) => return Ok(BatchOutcome::AlreadyFinished(summary)),
        },
        (Some(path), false) => {
            output::check_new(path)?;
            None
        }
        (None, _) => None,
    };
    let memory = worker_memory(request, resumed.as_ref(), jobs);
    let header = journal::Header::new(
        dir,
        request.shard.map(|s| s.to_string()),
        row_options(&spec, request.spec.tables.memory),
        memory,
    );
    if let (Some(path), Some(journaled)) = (
        output_path,
        resumed.as_ref().and_then(|c| c.header.as_ref()),
    ) {
        journaled
            .check(&header, &path.display().to_string())
            .map_err(BatchError::Input)?;
    }
    let files::PuzzleFiles { files, skipped } = files_of_run(request, output_path)?;
    // The rows of the journal for files of this run are taken as they are; the other files
    // are counted.
    let (done, files): (Vec<Row>, Vec<PathBuf>) = match (&resumed, output_path) {
        (Some(contents), Some(path)) => {
            take_journaled(contents, files, &path.display().to_string(), dir, observer)
        }
        _ => (Vec::new(), files),
    };
    let journal = match (output_path, &resumed) {
        (Some(path), Some(contents)) => Some(journal::Journal::resume(path, &header, contents)?),
        (Some(path), None) => Some(journal::Journal::create(path, &header)?),
        (None, _) => None,
    };
    let timeout = request.spec.timeout.map(Duration::from_secs_f64);
    let worker_spec = CountSpec {
        tables: TablesSpec {
            memory: Some(memory),
            ..spec.tables.clone()
        },
        ..spec
    };
    let setup = workers::Setup {
        workers: &request.workers,
        timeout,
        spec: &worker_spec,
        cancel: &request.cancel,
        words: request.words,
    };
    let resumed_rows = done.len();
    observer.counting(files.len());
    let mut rows = count_files(&files, jobs, &setup, journal.as_ref(), observer)?;
    if request.cancel.is_cancelled() {
        return Err(BatchError::Cancelled);
    }
    rows.extend(done);
    rows.sort_by(|a, b| a.file.cmp(&b.file));
    let report = report_of(request, jobs, started, &skipped, resumed_rows, rows);
    drop(journal);
    if let Some(path) = output_path {
        write_output(&report, request.format, path)?;
    }
    Ok(BatchOutcome::Finished(Box::new(report)))
}

/// Each worker's share of the memory, unless one was given; a resumed run keeps the memory of
/// its journal (`resumed`), whatever its jobs.
fn worker_memory(request: &BatchRequest, resumed: Option<&journal::Contents>, jobs: u32) -> u64 {
    match (
        request.spec.tables.memory,
        resumed.and_then(|c| c.header.as_ref()),
    ) {
        (Some(memory), _) => memory,
        (None, Some(header)) => header.memory,
        (None, None) => pathsat_frontier::default_memory_budget() / u64::from(jobs),
    }
}

/// The puzzle files under the request's directory that this run counts (only its shard's, with
/// a shard), and the files skipped as pathsat's own output; `output_path` is left out.
fn files_of_run(
    request: &BatchRequest,
    output_path: Option<&Path>,
) -> Result<files::PuzzleFiles, BatchError> {
    let files::PuzzleFiles {
        files: all,
        skipped,
    } = files::puzzle_files(&request.dir, output_path, request.report_on_stdout)?;
    let files: Vec<PathBuf> = match request.shard {
        Some(shard) => all
            .into_iter()
            .enumerate()
            .filter(|(k, _)| shard.takes(*k))
            .map(|(_, f)| f)
            .collect(),
        None => all,
    };
    Ok(files::PuzzleFiles { files, skipped })
}

/// The report of a run of `request` with `jobs` that started at `started`: its `rows`, sorted
/// (`resumed` of them taken from the journal), and the files it `skipped`.
fn report_of(
    request: &BatchRequest,
    jobs: u32,
    started: Instant,
    skipped: &[PathBuf],
    resumed: usize,
    rows: Vec<Row>,
) -> Report {
    Report {
        dir: Some(request.dir.display().to_string()),
        shard: request.shard.map(|s| s.to_string()),
        jobs: Some(jobs),
        limit: request.spec.limit,
        timeout: request.spec.timeout,
        seconds: started.elapsed().as_secs_f64(),
        merged_from: vec![],
        skipped: skipped.iter().map(|f| f.display().to_string()).collect(),
        resumed,
        summary: Summary::of(&rows),
        rows,
    }
}

/// Splits `files` into the rows `contents` (a journal being resumed, called `name`) already
/// has and the files still to count, telling `observer` what it found.
fn take_journaled(
    contents: &journal::Contents,
    files: Vec<PathBuf>,
    name: &str,
    dir: &Path,
    observer: &dyn Observer,
) -> (Vec<Row>, Vec<PathBuf>) {
    for note in &contents.notes {
        observer.note(&Note::Journal(note.clone()));
    }
    let mut journaled = contents.rows.clone();
    let mut todo = Vec::new();
    let mut done = Vec::new();
    for file in files {
        match journaled.remove(&file.display().to_string()) {
            Some(row) => done.push(row),
            None => todo.push(file),
        }
    }
    if !journaled.is_empty() {
        observer.note(&Note::LeftOut {
            journal: name.to_string(),
            rows: journaled.len(),
            dir: dir.display().to_string(),
        });
    }
    observer.note(&Note::Resuming {
        journal: name.to_string(),
        done: done.len(),
        total: done.len() + todo.len(),
    });
    (done, todo)
}

/// Counts `files`, `jobs` at a time, each row journaled as it is done (unless its worker was
/// interrupted: that file is counted again on resuming). Once the batch is cancelled, the
/// files not started yet are left out.
fn count_files(
    files: &[PathBuf],
    jobs: u32,
    setup: &workers::Setup<'_>,
    journal: Option<&journal::Journal>,
    observer: &dyn Observer,
) -> Result<Vec<Row>, BatchError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs as usize)
        .build()
        .map_err(|e| BatchError::Internal(format!("cannot start the worker threads: {e}")))?;
    Ok(pool.install(|| {
        files
            .par_iter()
            .filter_map(|file| {
                if setup.cancel.is_cancelled() {
                    return None;
                }
                let counted = workers::count_file(file, setup, observer);
                if let (Some(journal), false) = (journal, counted.interrupted) {
                    if let Err(note) = journal.append(&counted.row) {
                        observer.note(&note);
                    }
                }
                Some(counted.row)
            })
            .collect()
    }))
}

/// The report of a run with an output file: it replaces the journal there, in one step. If
/// that fails, the file keeps the journal, and the report comes back in the error.
fn write_output(report: &Report, format: Format, path: &Path) -> Result<(), BatchError> {
    let bytes = report::render(report, format);
    match crate::replace::replace(path, &bytes) {
        Ok(_) => Ok(()),
        Err(e) => Err(BatchError::Unwritten(Box::new(Unwritten {
            path: path.display().to_string(),
            error: e.to_string(),
            rendered: bytes,
        }))),
    }
}

/// The options given that shape the rows, as flags, for the journal's header: a run resumed
/// with other ones would not give the rows an uninterrupted run gives. (The jobs change no
/// row; the memory each worker gets is kept in the header apart, see `journal::Header`.)
fn row_options(spec: &CountSpec, memory_given: Option<u64>) -> Vec<String> {
    let shaping = CountSpec {
        jobs: None,
        tables: TablesSpec {
            memory: memory_given,
            ..spec.tables.clone()
        },
        ..spec.clone()
    };
    let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(shaping) else {
        return Vec::new();
    };
    let mut flags = Vec::new();
    for (name, value) in fields {
        match value {
            serde_json::Value::Null | serde_json::Value::Bool(false) => {}
            serde_json::Value::Bool(true) => flags.push(format!("--{name}")),
            serde_json::Value::String(text) => flags.extend([format!("--{name}"), text]),
            other => flags.extend([format!("--{name}"), other.to_string()]),
        }
    }
    flags
}
