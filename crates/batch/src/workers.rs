//! # Counting one file, on a thread or in a worker process
//!
//! A batch counts each file with the events of [`super::worker`], heard in one of two ways
//! ([`Workers`]):
//!
//! - **Worker processes** (the command line): each file in a process of its own, started as
//!   `PROGRAM ARGS... FILE --parent-stdin --spec JSON`, its events read line by line from its
//!   standard output. A solve that runs past the deadline is killed (with [`GRACE`]), and the
//!   fillings found by then stand; a crash is a row like any other. The worker holds a pipe
//!   from the batch as its standard input and stops when that pipe closes, so no worker counts
//!   on for a batch that was killed. Starting, watching and judging the process are
//!   [`pathsat_isolate`]'s, as for the server's workers; the events are this crate's.
//! - **Threads** of this process (the Python package, which has no program to start): the
//!   count's own deadline and the batch's cancel flag stop it, solver calls included.
//!
//! Either way the events settle into the file's [`Row`], the same row for the same file.

use super::report::{Row, Status};
use super::worker::{count_events, Emit, Event};
use super::Observer;
use pathsat_api::options::CountSpec;
use pathsat_api::{Cancel, Words, GRACE};
use pathsat_bigcount::BigCount;
use pathsat_isolate::{Ending, Kill, Watch, WorkerCommand};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::Child;
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;
use std::time::Instant;

/// How a batch counts its files.
#[derive(Clone, Debug)]
pub enum Workers {
    /// Each file in a worker process: the command, then `FILE --parent-stdin --spec JSON`
    /// (the command line gives its own executable and `worker`).
    Processes(WorkerCommand),
    /// Each file on a thread of this process.
    Threads,
}

/// What a file's worker needs: how to start it, its deadline, its options.
pub(super) struct Setup<'a> {
    pub workers: &'a Workers,
    /// When to stop waiting for a worker process (with [`GRACE`]).
    pub timeout: Option<Duration>,
    /// The worker's options.
    pub spec: &'a CountSpec,
    /// The batch's cancel flag.
    pub cancel: &'a Cancel,
    /// The words of a file's error.
    pub words: Words,
}

/// A file's row, and whether its worker was stopped from outside (SIGINT, SIGTERM, SIGHUP, the
/// batch's cancel flag): then the row is no answer about the file, and is not journaled.
pub(super) struct Counted {
    pub row: Row,
    pub interrupted: bool,
}

/// A row before its worker has said anything: the file's stem as its name, an error until a
/// better status settles it.
fn blank_row(file: &Path) -> Row {
    Row {
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
    }
}

/// Counts one file as `setup` says, telling `observer` what happens.
pub(super) fn count_file(file: &Path, setup: &Setup<'_>, observer: &dyn Observer) -> Counted {
    let started = Instant::now();
    let mut row = blank_row(file);
    observer.started(&row.file);
    let mut counted = match setup.workers {
        Workers::Processes(command) => in_process(file, command, setup, observer, row),
        Workers::Threads => {
            let (finished, interrupted) = on_thread(file, setup, observer, &mut row);
            settle(&mut row, finished, None, "");
            Counted { row, interrupted }
        }
    };
    counted.row.seconds = started.elapsed().as_secs_f64();
    observer.finished(&counted.row);
    counted
}

/// Takes `event` into `row`; returns it back when it ends the count (`done`, `error`).
fn hear(row: &mut Row, event: Event, observer: &dyn Observer) -> Option<Event> {
    match event {
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
            None
        }
        Event::Found { count } => {
            observer.found(&row.file, &count);
            row.count = count;
            None
        }
        done @ (Event::Done { .. } | Event::Error { .. }) => Some(done),
    }
}

/// Counts `file` on this thread; its last event, and whether the batch was cancelled.
fn on_thread(
    file: &Path,
    setup: &Setup<'_>,
    observer: &dyn Observer,
    row: &mut Row,
) -> (Option<Event>, bool) {
    let events: Arc<Mutex<Vec<Event>>> = Arc::default();
    let emit: Emit = {
        let events = Arc::clone(&events);
        Arc::new(move |event| {
            events.lock().expect("not poisoned").push(event);
            Ok(())
        })
    };
    // The count runs on a thread of its own so that its `found` events reach the observer
    // while it goes.
    let (done_send, done) = mpsc::channel();
    std::thread::scope(|scope| {
        let spec = setup.spec;
        let (cancel, words) = (setup.cancel, setup.words);
        scope.spawn(move || {
            // A panic is a row of its own, as a worker process's crash would be.
            let run =
                std::panic::AssertUnwindSafe(|| count_events(file, spec, cancel, &emit, words));
            if let Err(panic) = std::panic::catch_unwind(run) {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                let _ = emit(Event::Error {
                    name: None,
                    message: format!("internal error, please report: {message}"),
                });
            }
            let _ = done_send.send(());
        });
        let mut finished = None;
        loop {
            let ended = !matches!(
                done.recv_timeout(Duration::from_millis(100)),
                Err(mpsc::RecvTimeoutError::Timeout)
            );
            let heard: Vec<Event> = std::mem::take(&mut *events.lock().expect("not poisoned"));
            for event in heard {
                if let Some(last) = hear(row, event, observer) {
                    finished = Some(last);
                }
            }
            if ended {
                return (finished, setup.cancel.is_cancelled());
            }
        }
    })
}

/// Counts `file` in a worker process and turns its events into a row: the worker is started,
/// heard line by line, killed at its deadline or when the batch is cancelled, or ended, then
/// settled into its row ([`settle`]).
fn in_process(
    file: &Path,
    command: &WorkerCommand,
    setup: &Setup<'_>,
    observer: &dyn Observer,
    mut row: Row,
) -> Counted {
    let mut watch = Watch::new().cancelled_by(setup.cancel);
    if let Some(timeout) = setup.timeout {
        watch = watch.within(timeout + GRACE);
    }
    let mut child = match start_worker(file, command, setup.spec) {
        Ok(child) => child,
        Err(error) => {
            row.error = Some(error);
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
    let finished = hear_worker(&mut child, &events, &mut watch, &mut row, observer);
    let ending = Ending::of(&watch, child.wait());
    drop(parent_alive);
    let interrupted =
        watch.killed() == Some(Kill::Cancelled) || (finished.is_none() && ending.interrupted());
    let _ = reader.join();
    let stderr_text = stderr_reader.join().unwrap_or_default();
    settle(&mut row, finished, Some(ending), &stderr_text);
    Counted { row, interrupted }
}

/// Starts the worker process that counts `file` with `spec`, its standard streams piped; the
/// row's error when it cannot be started.
fn start_worker(file: &Path, command: &WorkerCommand, spec: &CountSpec) -> Result<Child, String> {
    let spec = serde_json::to_string(spec)
        .map_err(|e| format!("cannot hand the options to a worker: {e}"))?;
    command
        .command()
        .arg(file)
        .arg("--parent-stdin")
        .arg("--spec")
        .arg(spec)
        .spawn()
        .map_err(|e| format!("cannot start a worker: {e}"))
}

/// Hears the worker's `events` into `row` until its output ends, or kills `child` when its
/// `watch` says so (the batch cancelled, the deadline passed) before its last event; its last
/// event (`done`, `error`), if it said one.
fn hear_worker(
    child: &mut Child,
    events: &mpsc::Receiver<Result<Event, String>>,
    watch: &mut Watch,
    row: &mut Row,
    observer: &dyn Observer,
) -> Option<Event> {
    let mut finished: Option<Event> = None;
    loop {
        match events.recv_timeout(watch.next_check()) {
            Ok(Ok(event)) => {
                if let Some(last) = hear(row, event, observer) {
                    finished = Some(last);
                }
            }
            Ok(Err(line)) => {
                row.error = Some(format!("unexpected worker output: {line}"));
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        // Past the deadline, a solve ran too long: it is stopped, and the fillings found so
        // far stand.
        if finished.is_none() && watch.check(Some(child.id())).is_some() {
            let _ = child.kill();
            break;
        }
    }
    finished
}

/// Fills in `row` from how its worker ended: its last event (`finished`), or its `ending` in
/// a worker process (killed at the deadline, or its exit status and the last line it wrote on
/// standard error, `stderr_text`).
fn settle(row: &mut Row, finished: Option<Event>, ending: Option<Ending>, stderr_text: &str) {
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
        _ if matches!(ending, Some(Ending::Killed(Kill::OverTime))) => {
            row.status = Status::Timeout;
            row.error = None;
        }
        _ => {
            row.status = Status::Error;
            let how = match ending {
                Some(Ending::Exited(s)) => s.to_string(),
                Some(Ending::Lost(e)) => e.to_string(),
                Some(Ending::Killed(_)) => "killed".to_string(),
                None => "without an answer".to_string(),
            };
            let last = pathsat_isolate::last_words(stderr_text);
            row.error = Some(
                format!("the worker stopped unexpectedly ({how}) {last}")
                    .trim()
                    .to_string(),
            );
        }
    }
}
