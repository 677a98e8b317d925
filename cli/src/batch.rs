//! # `pathsat batch` and `pathsat worker`
//!
//! The arguments into a [`pathsat_batch::BatchRequest`], the run's progress on standard error
//! (a bar over the files and a line per worker), and its report printed. The batch itself
//! (files, workers, journal, resume, shards, merge) is the library's: [`pathsat_batch`].
//! Each file is counted in a worker process, this same executable started as `pathsat worker
//! FILE`, so that `--timeout` bounds even a single long solve and a crash is a row like any
//! other.

use crate::args::{BatchArgs, BatchCommand, BatchFormat, MergeArgs, WorkerArgs};
use crate::Failure;
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use pathsat_api::options::{CountSpec, TablesSpec};
use pathsat_api::Cancel;
use pathsat_batch::{
    self as batch, report, BatchError, BatchOutcome, BatchRequest, Format, Note, Observer, Report,
    Row, WorkerCommand, Workers,
};
use pathsat_bigcount::BigCount;
use std::collections::HashMap;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// Runs `pathsat batch DIR` (or `batch merge`): counts every puzzle file under DIR in worker
/// processes and writes the report.
pub fn run(args: &BatchArgs) -> Result<ExitCode, Failure> {
    if let Some(BatchCommand::Merge(merge_args)) = &args.command {
        return merge(merge_args);
    }
    let dir = args
        .dir
        .as_ref()
        .expect("clap requires DIR without a subcommand");
    let output = match (&args.output, &args.resume) {
        (Some(output), Some(resume)) if !same_path(output, resume) => {
            return Err(Failure::Input(format!(
                "-o {} and --resume {} name two files; --resume OUT continues the run in OUT \
                 and writes its report there",
                output.display(),
                resume.display()
            )));
        }
        (output, resume) => resume.clone().or_else(|| output.clone()),
    };
    let exe = std::env::current_exe().map_err(|e| {
        Failure::Internal(anyhow::Error::new(e).context("cannot find the pathsat executable"))
    })?;
    let request = BatchRequest {
        dir: dir.clone(),
        spec: CountSpec {
            limit: args.limit,
            timeout: args.timeout.map(|t| t.as_secs_f64()),
            method: args.method,
            tables: TablesSpec {
                memory: args.memory,
                no_spill: args.no_spill,
                ..TablesSpec::default()
            },
            patience: args.patience.map(|t| t.as_secs_f64()),
            solver: args.solver,
            // Each file on one thread, whatever this says (the library sees to it).
            ..CountSpec::default()
        },
        jobs: args.jobs,
        shard: args.shard,
        report_on_stdout: output.is_none(),
        resume: args.resume.is_some(),
        output,
        format: format(args.format),
        workers: Workers::Processes(WorkerCommand {
            program: exe,
            args: vec!["worker".into()],
        }),
        cancel: Cancel::new(),
        words: pathsat_words::error,
    };
    let progress = Progress::new(args.quiet);
    let outcome = batch::run(&request, &progress);
    progress.clear();
    let report = match outcome {
        Ok(BatchOutcome::Finished(report)) => report,
        Ok(BatchOutcome::AlreadyFinished(summary)) => {
            let path = request.output.as_ref().expect("resumed from a file");
            eprintln!(
                "pathsat: {}: the report of a finished run ({summary}); nothing to resume \
                 (remove it to count again)",
                path.display()
            );
            return Ok(ExitCode::SUCCESS);
        }
        Err(BatchError::Unwritten(unwritten)) => {
            // Not lost: the report goes to standard output, and the error says so.
            let mut stdout = io::stdout().lock();
            stdout.write_all(&unwritten.rendered)?;
            stdout.flush()?;
            return Err(BatchError::Unwritten(unwritten).into());
        }
        Err(e) => return Err(e.into()),
    };
    if args.format == BatchFormat::Csv {
        note_skipped(&report);
    }
    match &request.output {
        Some(path) => {
            if !args.quiet {
                eprintln!(
                    "pathsat: {}: {}",
                    path.display(),
                    report::summary_line(&report)
                );
            }
        }
        None => report::write(&mut io::stdout().lock(), &report, request.format)?,
    }
    Ok(exit_code(&report))
}

/// `pathsat worker FILE`: counts one file for a batch, its events as JSON lines.
pub fn worker(args: &WorkerArgs) -> Result<ExitCode, Failure> {
    batch::worker::serve(
        &args.file,
        &args.spec,
        args.parent_stdin,
        pathsat_words::error,
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `pathsat batch merge`: the rows of several JSON reports, as one report.
fn merge(args: &MergeArgs) -> Result<ExitCode, Failure> {
    let report = batch::merge(&args.reports)?;
    if args.format == BatchFormat::Csv {
        note_skipped(&report);
    }
    report::write(&mut io::stdout().lock(), &report, format(args.format))?;
    Ok(exit_code(&report))
}

impl From<BatchError> for Failure {
    fn from(e: BatchError) -> Failure {
        match e {
            BatchError::Options(e) => (*e).into(),
            // The library names no flag; these say which one resumes.
            BatchError::Unfinished(path) => Failure::Input(format!(
                "{path}: the journal of a batch run that did not finish; --resume {path} \
                 continues it (or remove it to start over)"
            )),
            e @ BatchError::NothingToResume { .. } => {
                Failure::Input(format!("{e} (--resume takes the file a run's -o wrote)"))
            }
            e => match e.kind() {
                pathsat_api::ErrorKind::Input => Failure::Input(e.to_string()),
                pathsat_api::ErrorKind::Rejected => Failure::Rejected(e.to_string()),
                pathsat_api::ErrorKind::Internal => Failure::Internal(anyhow::Error::new(e)),
            },
        }
    }
}

fn format(format: BatchFormat) -> Format {
    match format {
        BatchFormat::Table => Format::Table,
        BatchFormat::Json => Format::Json,
        BatchFormat::Csv => Format::Csv,
    }
}

fn exit_code(report: &Report) -> ExitCode {
    if report.fails() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// A CSV report cannot list the files skipped as pathsat's own output: they are said on
/// standard error.
fn note_skipped(report: &Report) {
    if let Some(note) = report::skipped_note(report) {
        eprintln!("pathsat: {note}");
    }
}

/// Whether two paths name one file: the same text, or the same file once resolved.
fn same_path(a: &Path, b: &Path) -> bool {
    a == b
        || std::fs::canonicalize(a)
            .ok()
            .zip(std::fs::canonicalize(b).ok())
            .is_some_and(|(a, b)| a == b)
}

/// The progress display on standard error: a bar over the files and a line per worker; and the
/// batch's notes.
struct Progress {
    quiet: bool,
    multi: MultiProgress,
    bar: OnceLock<ProgressBar>,
    spinners: Mutex<HashMap<String, ProgressBar>>,
}

impl Progress {
    fn new(quiet: bool) -> Progress {
        let target = if quiet {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr()
        };
        Progress {
            quiet,
            multi: MultiProgress::with_draw_target(target),
            bar: OnceLock::new(),
            spinners: Mutex::default(),
        }
    }

    fn clear(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}

impl Observer for Progress {
    fn note(&self, note: &Note) {
        if !self.quiet || note.matters() {
            self.multi.suspend(|| eprintln!("pathsat: {note}"));
        }
    }

    fn counting(&self, files: usize) {
        let bar = self.multi.add(ProgressBar::new(files as u64));
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} files · {elapsed} · {msg}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        let _ = self.bar.set(bar);
    }

    fn started(&self, file: &str) {
        let spinner = self.multi.add(ProgressBar::new_spinner());
        spinner.set_style(
            ProgressStyle::with_template("  {spinner} {msg}").expect("a valid template"),
        );
        spinner.set_message(format!("{file}: starting"));
        spinner.enable_steady_tick(Duration::from_millis(120));
        self.spinners
            .lock()
            .expect("not poisoned")
            .insert(file.to_string(), spinner);
    }

    fn found(&self, file: &str, count: &BigCount) {
        if let Some(spinner) = self.spinners.lock().expect("not poisoned").get(file) {
            spinner.set_message(format!("{file}: {} found", count.grouped()));
        }
    }

    fn finished(&self, row: &Row) {
        if let Some(spinner) = self
            .spinners
            .lock()
            .expect("not poisoned")
            .remove(&row.file)
        {
            spinner.finish_and_clear();
            self.multi.remove(&spinner);
        }
        if let Some(bar) = self.bar.get() {
            bar.inc(1);
            if row.status.fails() {
                bar.set_message(format!("last {}: {}", row.status.name(), row.file));
            }
        }
    }
}
