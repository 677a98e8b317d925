//! # Batch counting
//!
//! `pathsat batch DIR` finds every puzzle file under DIR, counts each in a worker process (see
//! [`worker`]) from a rayon pool of `--jobs` threads, and prints one row per file, sorted by
//! path. Worker processes make `--timeout` a real bound: varisat cannot be interrupted inside a
//! solve, so the worker checks its deadline between solutions and the parent kills it if one
//! solve runs past the deadline. A malformed file, an unsolvable puzzle or a crash is a row like
//! any other. `--shard I/N` counts a deterministic slice of the files, and
//! `pathsat batch merge` joins the JSON reports of the slices.
//!
//! The report is printed when every file is done: it is sorted, and in JSON one object. With
//! `-o OUT` it goes to OUT instead, and OUT is the run's record from its start (see [`output`]):
//! while the run goes, its journal, each row appended as soon as its file is done (see
//! [`journal`]); when it ends, the report, which replaces the journal in one step. `--resume
//! OUT` continues a run that was killed: the journal's rows are taken as they are, whatever
//! their status, the other files are counted and appended, and the report is the whole run's.
//! A worker started by `batch` holds a pipe from it as its standard input and stops when that
//! pipe closes, so no worker counts on for a batch that was killed.
//!
//! pathsat's own output files are not puzzles and are skipped (and listed as skipped): a JSON
//! object with the keys of a batch report (`rows` and `summary`), of `solve`, `count` or
//! `decode` (`status` with `solutions` or `count`), of `check` (`valid` and `fillings`) or of
//! `compare` (`solvers`), and no puzzle's `grid` or `graph`; and the file the report itself is
//! being written to (`pathsat batch DIR --format json > DIR/report.json`), still empty when the
//! files are listed. OUT, if it is in DIR, is left out altogether.

mod journal;
mod output;
mod report;
pub mod worker;

use crate::args::{BatchArgs, BatchCommand, BatchFormat, MergeArgs};
use crate::Failure;
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use pathsat_api::options::CountSpec;
use pathsat_api::Cancel;
use pathsat_bigcount::BigCount;
use pathsat_puzzle::Format;
use rayon::prelude::*;
use report::{Report, Row, Status, Summary};
use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use worker::Event;

/// How long past its deadline a worker may run before it is killed.
const GRACE: Duration = Duration::from_millis(250);

/// Runs `pathsat batch DIR` (or `batch merge`): counts every puzzle file under DIR in worker
/// processes and writes the report.
///
/// Long because it is the batch's life in order (options checked, files listed, journal
/// opened, files counted, report written), each step a call or a few lines.
pub fn run(args: &BatchArgs) -> Result<ExitCode, Failure> {
    if let Some(BatchCommand::Merge(merge_args)) = &args.command {
        return merge(merge_args);
    }
    let dir = args
        .dir
        .as_ref()
        .expect("clap requires DIR without a subcommand");
    // Each worker counts one file with these options; checked here (a solver that is not
    // built in, a bad value) before any worker starts. `batch` runs one worker per thread.
    let spec = CountSpec {
        limit: args.limit,
        timeout: args.timeout.map(|t| t.as_secs_f64()),
        method: args.method,
        memory: args.memory,
        patience: args.patience.map(|t| t.as_secs_f64()),
        jobs: Some(1),
        shard: None,
        cut: None,
        split_by: None,
        spill_dir: None,
        checkpoint: None,
        checkpoint_every: None,
        solver: crate::commands::solver_spec(&args.encoding, &args.solver, false),
    };
    spec.request(Cancel::new())?;
    let started = Instant::now();
    let timeout = args.timeout;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u32));
    if !dir.exists() {
        return Err(no_such_dir(dir));
    }
    let Some((output_path, resumed)) = output_and_journal(args)? else {
        return Ok(ExitCode::SUCCESS);
    };
    if let (Some(path), None) = (output_path, &resumed) {
        output::check_new(path)?;
    }
    // Each worker's share of the memory, unless one was given; a resumed run keeps the
    // journal's, whatever its --jobs.
    let memory = match (
        args.memory,
        resumed.as_ref().and_then(|c| c.header.as_ref()),
    ) {
        (Some(memory), _) => memory,
        (None, Some(header)) => header.memory,
        (None, None) => pathsat_frontier::default_memory_budget() / u64::from(jobs),
    };
    let header = journal::Header::new(
        dir,
        args.shard.map(|s| s.to_string()),
        row_options(&spec, args.memory),
        memory,
    );
    if let (Some(path), Some(journaled)) = (
        output_path,
        resumed.as_ref().and_then(|c| c.header.as_ref()),
    ) {
        journaled
            .check(&header, &path.display().to_string())
            .map_err(Failure::Input)?;
    }
    let PuzzleFiles {
        files: all,
        skipped,
    } = puzzle_files(dir, output_path)?;
    let files: Vec<PathBuf> = match args.shard {
        Some(shard) => all
            .into_iter()
            .enumerate()
            .filter(|(k, _)| shard.takes(*k))
            .map(|(_, f)| f)
            .collect(),
        None => all,
    };
    // The rows of the journal for files of this run are taken as they are; the other files
    // are counted.
    let (done, files): (Vec<Row>, Vec<PathBuf>) = match &resumed {
        Some(contents) => {
            let name = output_path.expect("resumed from a journal").display();
            take_journaled(contents, files, &name.to_string(), dir, args.quiet)
        }
        None => (Vec::new(), files),
    };
    let journal = match (output_path, &resumed) {
        (Some(path), Some(contents)) => Some(journal::Journal::resume(path, &header, contents)?),
        (Some(path), None) => Some(journal::Journal::create(path, &header)?),
        (None, _) => None,
    };
    let worker_args = WorkerSetup {
        exe: std::env::current_exe().map_err(|e| {
            Failure::Internal(anyhow::Error::new(e).context("cannot find the pathsat executable"))
        })?,
        timeout,
        spec: serde_json::to_string(&CountSpec {
            memory: Some(memory),
            ..spec
        })
        .map_err(|e| Failure::Internal(e.into()))?,
    };
    let resumed_rows = done.len();
    let progress = Progress::new(files.len(), args.quiet);
    let mut rows = count_files(&files, jobs, &worker_args, journal.as_ref(), &progress)?;
    progress.clear();
    rows.extend(done);
    rows.sort_by(|a, b| a.file.cmp(&b.file));
    let report = Report {
        dir: Some(dir.display().to_string()),
        shard: args.shard.map(|s| s.to_string()),
        jobs: Some(jobs),
        limit: args.limit,
        timeout: timeout.map(|t| t.as_secs_f64()),
        seconds: started.elapsed().as_secs_f64(),
        merged_from: vec![],
        skipped: skipped.iter().map(|f| f.display().to_string()).collect(),
        resumed: resumed_rows,
        summary: Summary::of(&rows),
        rows,
    };
    drop(journal);
    match output_path {
        Some(path) => write_output(&report, args.format, path, args.quiet),
        None => print(&report, args.format),
    }
}

/// Where a batch's report goes, and the journal it continues.
type Target<'a> = (Option<&'a Path>, Option<journal::Contents>);

/// Where the report goes (`-o OUT`, or `--resume OUT`, which writes to OUT too) and the
/// journal to continue, read and checked before anything else; `None` when `--resume` names
/// the report of a finished run (said on standard error: there is nothing to do).
fn output_and_journal(args: &BatchArgs) -> Result<Option<Target<'_>>, Failure> {
    let output_path: Option<&Path> = match (&args.output, &args.resume) {
        (Some(output), Some(resume)) if !same_path(output, resume) => {
            return Err(Failure::Input(format!(
                "-o {} and --resume {} name two files; --resume OUT continues the run in OUT \
                 and writes its report there",
                output.display(),
                resume.display()
            )));
        }
        (output, resume) => resume.as_deref().or(output.as_deref()),
    };
    let resumed = match &args.resume {
        Some(path) => match output::examine(path)? {
            output::Found::Journal(contents) => Some(contents),
            output::Found::Report(summary) => {
                eprintln!(
                    "pathsat: {}: the report of a finished run ({summary}); nothing to resume \
                     (remove it to count again)",
                    path.display()
                );
                return Ok(None);
            }
        },
        None => None,
    };
    Ok(Some((output_path, resumed)))
}

/// Splits `files` into the rows `contents` (a journal being resumed, called `name`) already
/// has and the files still to count, saying what it found on standard error.
fn take_journaled(
    contents: &journal::Contents,
    files: Vec<PathBuf>,
    name: &str,
    dir: &Path,
    quiet: bool,
) -> (Vec<Row>, Vec<PathBuf>) {
    for note in &contents.notes {
        eprintln!("pathsat: {note}");
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
        eprintln!(
            "pathsat: {name}: {} row{} of files no longer under {} left out",
            journaled.len(),
            if journaled.len() == 1 { "" } else { "s" },
            dir.display()
        );
    }
    if !quiet {
        eprintln!(
            "pathsat: {name}: {} of {} files done already, {} to count",
            done.len(),
            done.len() + todo.len(),
            todo.len()
        );
    }
    (done, todo)
}

/// Counts `files` in worker processes, `jobs` at a time, each row journaled as it is done
/// (unless its worker was interrupted: that file is counted again on `--resume`).
fn count_files(
    files: &[PathBuf],
    jobs: u32,
    setup: &WorkerSetup,
    journal: Option<&journal::Journal>,
    progress: &Progress,
) -> Result<Vec<Row>, Failure> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs as usize)
        .build()
        .map_err(|e| {
            Failure::Internal(anyhow::Error::new(e).context("cannot start the worker threads"))
        })?;
    Ok(pool.install(|| {
        files
            .par_iter()
            .map(|file| {
                let counted = count_in_worker(file, setup, progress);
                if let Some(journal) = journal {
                    if !counted.interrupted {
                        journal.append(&counted.row);
                    }
                }
                progress.finished(&counted.row);
                counted.row
            })
            .collect()
    }))
}

/// Whether two paths name one file: the same text, or the same file once resolved.
fn same_path(a: &Path, b: &Path) -> bool {
    a == b
        || std::fs::canonicalize(a)
            .ok()
            .zip(std::fs::canonicalize(b).ok())
            .is_some_and(|(a, b)| a == b)
}

/// The report in `format`, as it is printed.
fn render(report: &Report, format: BatchFormat) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    match format {
        BatchFormat::Table => report::write_table(&mut bytes, report)?,
        BatchFormat::Json => report::write_json(&mut bytes, report)?,
        BatchFormat::Csv => report::write_csv(&mut bytes, report)?,
    }
    Ok(bytes)
}

fn exit_code(report: &Report) -> ExitCode {
    if report.fails() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The report of a run with `-o OUT`: it replaces the journal in OUT, in one step, and its
/// summary line is said on standard error (unless `--quiet`); nothing goes to standard output.
/// If OUT cannot be written, the report goes to standard output instead, so that it is not
/// lost, and OUT keeps the journal.
fn write_output(
    report: &Report,
    format: BatchFormat,
    path: &Path,
    quiet: bool,
) -> Result<ExitCode, Failure> {
    let bytes = render(report, format)?;
    if format == BatchFormat::Csv {
        report::note_skipped(report);
    }
    match crate::replace::replace(path, &bytes) {
        Ok(_) => {
            if !quiet {
                eprintln!(
                    "pathsat: {}: {}",
                    path.display(),
                    report::summary_line(report)
                );
            }
            Ok(exit_code(report))
        }
        Err(e) => {
            let mut stdout = io::stdout().lock();
            stdout.write_all(&bytes)?;
            stdout.flush()?;
            Err(Failure::Internal(anyhow::anyhow!(
                "{}: cannot write the report ({e}); it is printed on standard output instead, \
                 and the file still holds the run's journal",
                path.display()
            )))
        }
    }
}

/// The options given that shape the rows, as flags, for the journal's header: a run resumed
/// with other ones would not give the rows an uninterrupted run gives. (`--jobs` changes no
/// row; the memory each worker gets is kept in the header apart, see `journal::Header`.)
fn row_options(spec: &CountSpec, memory_given: Option<u64>) -> Vec<String> {
    let shaping = CountSpec {
        jobs: None,
        memory: memory_given,
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

fn print(report: &Report, format: BatchFormat) -> Result<ExitCode, Failure> {
    let mut stdout = io::stdout().lock();
    match format {
        BatchFormat::Table => report::write_table(&mut stdout, report)?,
        BatchFormat::Json => report::write_json(&mut stdout, report)?,
        BatchFormat::Csv => {
            report::note_skipped(report);
            report::write_csv(&mut stdout, report)?;
        }
    }
    Ok(exit_code(report))
}

/// The files `batch` counts, and those it leaves out.
struct PuzzleFiles {
    files: Vec<PathBuf>,
    /// pathsat's own output files, which have a puzzle's extension but are not puzzles.
    skipped: Vec<PathBuf>,
}

/// Every puzzle file under `dir` (or `dir` itself, if it is a file), sorted: `.toml`, `.json`
/// and the graph formats `.hcp`, `.col`, `.dimacs`; pathsat's own output files are set apart.
/// OUT (`-o`, `--resume`: a journal, or the report of an earlier run), if it is there, is left
/// out altogether, so that it is not listed as skipped by a resumed run and not by the run that
/// started it.
fn puzzle_files(dir: &Path, output: Option<&Path>) -> Result<PuzzleFiles, Failure> {
    if !dir.exists() {
        return Err(no_such_dir(dir));
    }
    let our_output = stdout_file();
    let output = output.and_then(|o| std::fs::metadata(o).ok());
    let mut files = Vec::new();
    let mut skipped = Vec::new();
    for entry in walkdir::WalkDir::new(dir).follow_links(true) {
        let entry = entry.map_err(|e| Failure::Input(format!("{}: {e}", dir.display())))?;
        let path = entry.path();
        let format = Format::from_path(path);
        if !entry.file_type().is_file()
            || format.is_none()
            || output.as_ref().is_some_and(|o| same_file(o, path))
        {
            continue;
        }
        let is_ours = our_output
            .as_ref()
            .is_some_and(|ours| same_file(ours, path))
            || (format == Some(Format::Json) && is_pathsat_output(path));
        if is_ours {
            skipped.push(path.to_path_buf());
        } else {
            files.push(path.to_path_buf());
        }
    }
    if files.is_empty() {
        let besides = if skipped.is_empty() {
            String::new()
        } else {
            format!(" ({} skipped as pathsat's own output)", skipped.len())
        };
        return Err(Failure::Input(format!(
            "{}: no puzzle files (.toml, .json, .hcp, .col or .dimacs) found{besides}",
            dir.display()
        )));
    }
    files.sort();
    skipped.sort();
    Ok(PuzzleFiles { files, skipped })
}

fn no_such_dir(dir: &Path) -> Failure {
    Failure::Input(format!("{}: no such file or directory", dir.display()))
}

/// Whether a `.json` file is something pathsat wrote rather than a puzzle: an object with the
/// keys of one of its reports and without a puzzle's `grid` or `graph`. A file that cannot be
/// read or parsed is left to be reported as a puzzle that is wrong.
fn is_pathsat_output(path: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    // Only the keys are looked at; the values are skipped unread.
    let Ok(object) = serde_json::from_str::<BTreeMap<String, serde::de::IgnoredAny>>(&text) else {
        return false;
    };
    let has = |key: &str| object.contains_key(key);
    if has("grid") || has("graph") {
        return false;
    }
    (has("rows") && has("summary"))
        || (has("status") && (has("solutions") || has("count")))
        || (has("valid") && has("fillings"))
        || has("solvers")
}

/// The file standard output goes to, if it is a regular file: the report being written.
#[cfg(unix)]
fn stdout_file() -> Option<std::fs::Metadata> {
    use std::os::fd::AsFd;
    let fd = io::stdout().as_fd().try_clone_to_owned().ok()?;
    let metadata = std::fs::File::from(fd).metadata().ok()?;
    metadata.is_file().then_some(metadata)
}

#[cfg(not(unix))]
fn stdout_file() -> Option<std::fs::Metadata> {
    None
}

/// Whether `path` is the file of `metadata`.
#[cfg(unix)]
fn same_file(metadata: &std::fs::Metadata, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).is_ok_and(|m| m.dev() == metadata.dev() && m.ino() == metadata.ino())
}

#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &Path) -> bool {
    false
}

struct WorkerSetup {
    exe: PathBuf,
    /// When to stop waiting for a worker (with [`GRACE`]).
    timeout: Option<Duration>,
    /// The worker's options: a `CountSpec` in JSON.
    spec: String,
}

/// A file's row, and whether its worker was stopped from outside (SIGINT, SIGTERM, SIGHUP):
/// then the row is no answer about the file, and is not journaled.
struct Counted {
    row: Row,
    interrupted: bool,
}

/// Counts one file in a worker process and turns its events into a row.
///
/// Long because it is one worker's life: started, heard line by line, killed at its deadline
/// or ended, then settled into its row ([`settle`]).
fn count_in_worker(file: &Path, setup: &WorkerSetup, progress: &Progress) -> Counted {
    let started = Instant::now();
    let mut row = Row {
        file: file.display().to_string(),
        name: file
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
        cells: None,
        variables: None,
        clauses: None,
        count: BigCount::zero(),
        complete: false,
        seconds: 0.0,
        expected: None,
        expected_sat: None,
        status: Status::Error,
        error: None,
        method: None,
        verified: None,
    };
    let mut command = Command::new(&setup.exe);
    command
        .arg("worker")
        .arg(file)
        .arg("--parent-stdin")
        .arg("--spec")
        .arg(&setup.spec);
    let mut child = match command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) => {
            row.error = Some(format!("cannot start a worker: {e}"));
            return Counted {
                row,
                interrupted: false,
            };
        }
    };
    // Held, never written to, until the worker has ended: when this process is gone, the
    // worker reads the end of its input and stops (`worker --parent-stdin`).
    let parent_alive = child.stdin.take();
    let stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let (sender, events) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let event = serde_json::from_str::<Event>(&line).map_err(|_| line);
            if sender.send(event).is_err() {
                break;
            }
        }
    });
    let stderr_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let spinner = progress.start(&row.file);
    let kill_at = setup.timeout.map(|t| started + t + GRACE);
    let mut finished: Option<Event> = None;
    let mut killed = false;
    loop {
        let wait = kill_at.map_or(Duration::from_millis(200), |k| {
            k.saturating_duration_since(Instant::now())
                .min(Duration::from_millis(200))
        });
        match events.recv_timeout(wait) {
            Ok(Ok(event)) => match event {
                Event::Start {
                    name,
                    cells,
                    expected,
                    expected_sat,
                } => {
                    row.name = name;
                    row.cells = Some(cells);
                    row.expected = expected;
                    row.expected_sat = expected_sat;
                }
                Event::Found { count } => {
                    progress.found(&spinner, &row.file, &count);
                    row.count = count;
                }
                done @ (Event::Done { .. } | Event::Error { .. }) => finished = Some(done),
            },
            Ok(Err(line)) => {
                row.error = Some(format!("unexpected worker output: {line}"));
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if finished.is_none() && kill_at.is_some_and(|k| Instant::now() >= k) {
            // One solve ran past the deadline: stop it; the fillings found so far stand.
            let _ = child.kill();
            killed = true;
            break;
        }
    }
    let status = child.wait();
    drop(parent_alive);
    let interrupted = !killed && finished.is_none() && status.as_ref().is_ok_and(interrupted);
    let _ = reader.join();
    let stderr_text = stderr_reader.join().unwrap_or_default();
    progress.done(spinner);
    row.seconds = started.elapsed().as_secs_f64();
    settle(&mut row, finished, killed, status, &stderr_text);
    Counted { row, interrupted }
}

/// Fills in `row` from how its worker ended: its last event (`finished`), or its kill at the
/// deadline, or its exit `status` and the last line it wrote on standard error.
fn settle(
    row: &mut Row,
    finished: Option<Event>,
    killed: bool,
    status: io::Result<std::process::ExitStatus>,
    stderr_text: &str,
) {
    match finished {
        Some(Event::Done {
            count,
            complete,
            stopped,
            method,
            verified,
            variables,
            clauses,
        }) => {
            row.count = count;
            row.complete = complete;
            row.method = Some(method);
            row.verified = Some(verified);
            row.variables = variables;
            row.clauses = clauses;
            let (status, note) = row.classify(stopped);
            row.status = status;
            row.error = note;
        }
        Some(Event::Error { name, message }) => {
            if let Some(name) = name {
                row.name = name;
            }
            row.status = Status::Error;
            row.error = Some(message);
        }
        _ if killed => {
            row.status = Status::Timeout;
            row.error = None;
        }
        _ => {
            row.status = Status::Error;
            let how = match status {
                Ok(s) => s.to_string(),
                Err(e) => e.to_string(),
            };
            let last = stderr_text.lines().last().unwrap_or_default();
            row.error = Some(
                format!("the worker stopped unexpectedly ({how}) {last}")
                    .trim()
                    .to_string(),
            );
        }
    }
}

/// Whether a worker was stopped by a signal that interrupts a run (Ctrl-C's SIGINT, SIGTERM,
/// SIGHUP), not one of its own making (a crash) or the memory killer's SIGKILL.
#[cfg(unix)]
fn interrupted(status: &std::process::ExitStatus) -> bool {
    use std::os::unix::process::ExitStatusExt;
    // SIGHUP, SIGINT, SIGTERM: the same numbers on every Unix.
    matches!(status.signal(), Some(1 | 2 | 15))
}

#[cfg(not(unix))]
fn interrupted(_: &std::process::ExitStatus) -> bool {
    false
}

/// The progress display on standard error: a bar over the files and a line per worker.
struct Progress {
    multi: MultiProgress,
    bar: ProgressBar,
}

impl Progress {
    fn new(files: usize, quiet: bool) -> Progress {
        let target = if quiet {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr()
        };
        let multi = MultiProgress::with_draw_target(target);
        let bar = multi.add(ProgressBar::new(files as u64));
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} files · {elapsed} · {msg}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        Progress { multi, bar }
    }

    fn start(&self, file: &str) -> ProgressBar {
        let spinner = self.multi.add(ProgressBar::new_spinner());
        spinner.set_style(
            ProgressStyle::with_template("  {spinner} {msg}").expect("a valid template"),
        );
        spinner.set_message(format!("{file}: starting"));
        spinner.enable_steady_tick(Duration::from_millis(120));
        spinner
    }

    fn found(&self, spinner: &ProgressBar, file: &str, count: &BigCount) {
        spinner.set_message(format!("{file}: {} found", count.grouped()));
    }

    fn done(&self, spinner: ProgressBar) {
        spinner.finish_and_clear();
        self.multi.remove(&spinner);
    }

    fn finished(&self, row: &Row) {
        self.bar.inc(1);
        if row.status.fails() {
            self.bar
                .set_message(format!("last {}: {}", row.status.name(), row.file));
        }
    }

    fn clear(&self) {
        self.bar.finish_and_clear();
    }
}

/// `pathsat batch merge`: the rows of several JSON reports, as one report.
fn merge(args: &MergeArgs) -> Result<ExitCode, Failure> {
    let mut rows: BTreeMap<String, (Row, String)> = BTreeMap::new();
    let mut skipped = std::collections::BTreeSet::new();
    let mut dirs = Vec::new();
    let mut seconds = 0.0;
    for path in &args.reports {
        let name = path.display().to_string();
        let text = pathsat_puzzle::read_text(path)?;
        let report: Report = serde_json::from_str(&text).map_err(|e| {
            Failure::Input(format!(
                "{name}:{}:{}: not a batch report: {}",
                e.line(),
                e.column(),
                strip_position(&e.to_string())
            ))
        })?;
        seconds += report.seconds;
        dirs.push(report.dir.clone());
        skipped.extend(report.skipped);
        for row in report.rows {
            if let Some((_, other)) = rows.get(&row.file) {
                return Err(Failure::Input(format!(
                    "{name}: {} is also in {other}",
                    row.file
                )));
            }
            rows.insert(row.file.clone(), (row, name.clone()));
        }
    }
    dirs.dedup();
    let rows: Vec<Row> = rows.into_values().map(|(row, _)| row).collect();
    let report = Report {
        dir: if dirs.len() == 1 {
            dirs[0].clone()
        } else {
            None
        },
        shard: None,
        jobs: None,
        limit: None,
        timeout: None,
        seconds,
        merged_from: args
            .reports
            .iter()
            .map(|p| p.display().to_string())
            .collect(),
        skipped: skipped.into_iter().collect(),
        resumed: 0,
        summary: Summary::of(&rows),
        rows,
    };
    print(&report, args.format)
}

/// serde_json's message without its trailing " at line L column C".
fn strip_position(message: &str) -> &str {
    message
        .rfind(" at line ")
        .map_or(message, |i| &message[..i])
}
