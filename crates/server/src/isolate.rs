//! # Runs in worker processes
//!
//! A server left running for others must outlive its requests: a run that needs more memory
//! than its share, one that would overrun its time, a bug that aborts, must neither take the
//! server down nor leave work behind. With [`ServerConfig::workers`](crate::ServerConfig) set,
//! as `pathsat serve` sets it, the routes that run solvers (solve, count, sample, generate,
//! export, forced, hint, explain, booklet) run each request in a worker process of its own:
//!
//! 1. the server reads the request's body within its limits and checks it as it would to run
//!    it itself (bad JSON, a bad puzzle or option gets its 400 here, taking no permit), then
//!    takes a run permit (or replies 503 at once, as in process);
//! 2. it hands a worker (started ahead: a `Spare` waits for each run) a `Job` line (the
//!    route, the server's limits, the body's length) and the body, on standard input, which
//!    stays open until the answer is in: a worker whose server is gone ends at once;
//! 3. the worker ([`run_worker`]) is this same router, without workers, called once: it
//!    writes a `Head` line (status and content type) and then the response body as it comes
//!    (a count's or a sample's progress lines one by one), on standard output;
//! 4. the server relays the answer, and watches the worker meanwhile: past
//!    [`ServerConfig::memory_per_run`](crate::ServerConfig) of resident memory (read every
//!    50 ms) it kills it and replies 507, past the time limit and a margin 503, and when the
//!    client goes away it kills it; a worker that ends without an answer is a 500.
//!
//! A worker that has run for a second is a long run: its threads are lowered to nice 10, so
//! that short requests keep their latency beside long counts. Whatever happens, a request's
//! work ends with its worker, and its memory goes back to the system with it: the server's own
//! stays at its idle level. Starting a worker costs a few milliseconds. Memory and threads are
//! read from `/proc`, so the memory limit and the lower priority hold on Linux only; elsewhere
//! the frontier program's own budget (three quarters of the share) is the only bound.
//!
//! Starting a worker, watching it (its memory, its time, a long run's priority), the rule that
//! it ends when its standard input closes, and how it ended are [`pathsat_isolate`]'s, which
//! the batch's worker processes use too; this module is what only the server has: the `Job`
//! and `Head` lines, the spare, the answer relayed as it comes, and the HTTP status of each
//! ending.

use crate::body::error;
use crate::{AppState, ServerConfig};
use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use pathsat_isolate::{Ending, Kill, Watch, WATCH_EVERY};
use serde::{Deserialize, Serialize};
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdout, Command};
use tokio::sync::{mpsc, oneshot, OwnedSemaphorePermit};
use tokio::task::JoinHandle;

/// The command that starts a worker: `pathsat serve-worker` for `pathsat serve`.
pub use pathsat_isolate::WorkerCommand;

/// The most a head line may hold.
const MAX_HEAD: u64 = 4096;

/// What a worker is asked: the route, the limits of the server that asks, and the length of
/// the body that follows.
#[derive(Debug, Serialize, Deserialize)]
struct Job {
    route: String,
    time_limit_seconds: f64,
    max_cells: usize,
    jobs: usize,
    memory_per_run: u64,
    body_bytes: usize,
}

/// A worker started ahead of need, so that a run does not wait for a process to start: the
/// server keeps one, waiting on its standard input, and starts the next as it hands one a run.
#[derive(Default)]
pub(crate) struct Spare(std::sync::Mutex<Option<Child>>);

impl Spare {
    /// The spare worker if it is still alive, else a new one.
    fn take(&self, command: &WorkerCommand) -> io::Result<Child> {
        let spare = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        match spare.and_then(alive) {
            Some(child) => Ok(child),
            None => start_worker(command),
        }
    }

    /// Starts the next spare, unless there is one (or it cannot be started: the next run
    /// starts its own then).
    fn refill(&self, command: &WorkerCommand) {
        let mut spare = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if spare.is_none() {
            *spare = start_worker(command).ok();
        }
    }
}

/// `child`, if it has not ended.
fn alive(mut child: Child) -> Option<Child> {
    matches!(child.try_wait(), Ok(None)).then_some(child)
}

/// A worker process, its pipes open, killed if its handle is dropped.
fn start_worker(command: &WorkerCommand) -> io::Result<Child> {
    Command::from(command.command()).kill_on_drop(true).spawn()
}

/// The first line of a worker's answer: the response's status and content type.
#[derive(Debug, Serialize, Deserialize)]
struct Head {
    status: u16,
    content_type: Option<String>,
}

/// Runs the request for `route` whose (checked) body is `body` in a worker process, under a
/// run permit, and relays its answer (see the module docs).
///
/// # Errors
/// The response when every permit is taken (503), or when the worker could not be started or
/// did not end well.
pub(crate) async fn forward(
    state: &AppState,
    route: &str,
    body: Bytes,
) -> Result<Response, Response> {
    let command = state
        .config
        .workers
        .as_ref()
        .expect("a server with workers");
    let permit = Arc::clone(&state.runs)
        .try_acquire_owned()
        .map_err(|_| crate::running::busy(state))?;
    let job = Job {
        route: route.to_string(),
        time_limit_seconds: state.config.time_limit.as_secs_f64(),
        max_cells: state.config.max_cells,
        jobs: state.config.jobs,
        memory_per_run: state.config.memory_per_run,
        body_bytes: body.len(),
    };
    let child = state.spare.take(command).map_err(|e| {
        error(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the run failed: cannot start a worker process: {e}"),
        )
    })?;
    let refill = || state.spare.refill(command);
    relay(&state.config, child, &job, body, permit, refill).await
}

/// Gives the worker `child` the run `job` (then has `refill` start the next spare), and turns
/// what it answers, or how it ended, into the response: a progress stream relayed line by line,
/// any other answer whole once the worker has ended well.
async fn relay(
    config: &ServerConfig,
    child: Child,
    job: &Job,
    body: Bytes,
    permit: OwnedSemaphorePermit,
    refill: impl FnOnce(),
) -> Result<Response, Response> {
    let mut line = serde_json::to_vec(job).map_err(|e| failed(e.to_string()))?;
    line.push(b'\n');
    let Running {
        mut stdout,
        last_words,
        ending,
        guard,
    } = hand_over(config, child, line, body, permit, refill);
    let mut head = String::new();
    let read = (&mut stdout).take(MAX_HEAD).read_line(&mut head).await;
    let head: Option<Head> = read
        .ok()
        .and_then(|_| serde_json::from_str(head.trim_end()).ok());
    let (memory, time_limit) = (config.memory_per_run, config.time_limit);
    let verdict = move |ending: Result<Ending, oneshot::error::RecvError>, words: String| {
        ending_response(memory, time_limit, ending.ok(), &words)
    };
    let Some(head) = head else {
        let ending = ending.await;
        let words = last_words.await.unwrap_or_default();
        return Err(verdict(ending, words).unwrap_or_else(|| {
            failed("the worker process answered nothing readable".to_string())
        }));
    };
    let status = StatusCode::from_u16(head.status)
        .map_err(|_| failed(format!("the worker answered status {}", head.status)))?;
    let content_type = head.content_type.unwrap_or_default();
    if content_type == "application/x-ndjson" {
        let receiver = relay_lines(stdout, last_words, ending, verdict);
        let body = Body::new(crate::running::Lines::new(receiver, Box::new(guard)));
        return Ok(with_type((status, body).into_response(), &content_type));
    }
    let mut answer = Vec::new();
    let read = stdout.read_to_end(&mut answer).await;
    let ending = ending.await;
    let words = last_words.await.unwrap_or_default();
    if let Some(response) = verdict(ending, words) {
        return Err(response);
    }
    read.map_err(|e| failed(format!("cannot read the worker's answer: {e}")))?;
    drop(guard);
    Ok(with_type((status, answer).into_response(), &content_type))
}

/// The 500 of a run that failed for the reason `what`.
fn failed(what: String) -> Response {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        format!("the run failed: {what}"),
    )
}

/// A worker that has its run: its answer to read, its last words and its ending to wait for,
/// and what keeps it alive.
struct Running {
    stdout: BufReader<ChildStdout>,
    /// The last line it wrote on standard error, for a 500.
    last_words: JoinHandle<String>,
    ending: oneshot::Receiver<Ending>,
    guard: Supervision,
}

/// Writes the job's `line` and `body` to the worker `child`, has `refill` start the next spare,
/// and sets the worker's supervisor to watch it under `config`'s limits.
fn hand_over(
    config: &ServerConfig,
    mut child: Child,
    line: Vec<u8>,
    body: Bytes,
    permit: OwnedSemaphorePermit,
    refill: impl FnOnce(),
) -> Running {
    let mut stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    // The job and body go in; standard input then stays open until the run is over (the worker
    // ends when it closes: when this server is gone, however it went). Its last words are kept
    // for a 500.
    let (done, closed) = oneshot::channel::<()>();
    tokio::spawn(async move {
        let _ = stdin.write_all(&line).await;
        let _ = stdin.write_all(&body).await;
        let _ = stdin.flush().await;
        let _ = closed.await;
    });
    // The next run's worker starts while this one works.
    refill();
    let last_words = tokio::spawn(async move {
        let mut text = String::new();
        let _ = (&mut stderr).take(64 << 10).read_to_string(&mut text).await;
        pathsat_isolate::last_words(&text).to_string()
    });
    let (stop, stopped) = oneshot::channel::<()>();
    let (tell, ending) = oneshot::channel();
    let watch = Watch::new()
        .within(config.time_limit + pathsat_api::GRACE + Duration::from_secs(5))
        .at_most(config.memory_per_run)
        .lowering_long_runs();
    tokio::spawn(async move {
        let _ = tell.send(supervise(child, watch, stopped).await);
    });
    Running {
        stdout: BufReader::new(stdout),
        last_words,
        ending,
        guard: Supervision {
            _stop: stop,
            _permit: permit,
            _stdin: done,
        },
    }
}

/// A progress stream's lines as the worker writes them, and how the worker ended, if it did not
/// end well (as judged by `verdict`), as the last.
fn relay_lines(
    mut stdout: BufReader<ChildStdout>,
    last_words: JoinHandle<String>,
    ending: oneshot::Receiver<Ending>,
    verdict: impl FnOnce(Result<Ending, oneshot::error::RecvError>, String) -> Option<Response>
        + Send
        + 'static,
) -> mpsc::Receiver<Bytes> {
    let (lines, receiver) = mpsc::channel::<Bytes>(4);
    tokio::spawn(async move {
        let mut buffer = vec![0u8; 16 << 10];
        loop {
            match stdout.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if lines
                        .send(Bytes::copy_from_slice(&buffer[..n]))
                        .await
                        .is_err()
                    {
                        return;
                    }
                }
            }
        }
        let words = last_words.await.unwrap_or_default();
        if let Some(response) = verdict(ending.await, words) {
            let message = response_message(response).await;
            let line = serde_json::json!({ "error": message }).to_string() + "\n";
            let _ = lines.send(Bytes::from(line)).await;
        }
    });
    receiver
}

/// The response for a worker that did not end well (`None` when it did), under a server that
/// gives a run `memory` bytes and `time_limit`.
fn ending_response(
    memory: u64,
    time_limit: Duration,
    ending: Option<Ending>,
    words: &str,
) -> Option<Response> {
    let said = if words.is_empty() {
        String::new()
    } else {
        format!(": {words}")
    };
    match ending {
        Some(Ending::Exited(status)) if status.success() => None,
        Some(Ending::Killed(Kill::OverMemory(peak))) => Some(error(
            StatusCode::INSUFFICIENT_STORAGE,
            format!(
                "the run needed more than the {} of memory this server gives one run ({} when \
                 it was stopped); try a smaller puzzle, or the command line",
                pathsat_frontier::bytes(memory),
                pathsat_frontier::bytes(peak)
            ),
        )),
        Some(Ending::Killed(Kill::OverTime)) => Some(error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the run did not finish within the server's time limit of {} s and was stopped",
                time_limit.as_secs_f64()
            ),
        )),
        Some(Ending::Exited(status)) => Some(error(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the run failed: its worker process ended without an answer ({status}){said}"),
        )),
        Some(Ending::Lost(e)) => Some(error(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the run failed: its worker process was lost ({e})"),
        )),
        Some(Ending::Killed(Kill::Cancelled)) => Some(error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the run failed: its worker process was lost (nobody waits for the answer)",
        )),
        None => Some(error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the run failed: its worker process was lost",
        )),
    }
}

/// The `error` of an error response, for a progress stream's last line.
async fn response_message(response: Response) -> String {
    let bytes = axum::body::to_bytes(response.into_body(), 64 << 10)
        .await
        .unwrap_or_default();
    serde_json::from_slice::<serde_json::Value>(&bytes)
        .ok()
        .and_then(|v| v["error"].as_str().map(str::to_string))
        .unwrap_or_else(|| "the run failed".to_string())
}

fn with_type(mut response: Response, content_type: &str) -> Response {
    if let Ok(value) = HeaderValue::from_str(content_type) {
        response.headers_mut().insert(header::CONTENT_TYPE, value);
    }
    response
}

/// What keeps a worker alive: dropped (the reply sent, the client gone), the worker is killed if
/// it still runs, and the run permit is free again.
struct Supervision {
    _stop: oneshot::Sender<()>,
    _permit: OwnedSemaphorePermit,
    /// Dropped, closes the worker's standard input.
    _stdin: oneshot::Sender<()>,
}

/// Waits for the worker to end, killing it when its `watch` says so (past its memory or its
/// time), or when `stop` is dropped (nobody wants its answer any more).
async fn supervise(mut child: Child, mut watch: Watch, mut stop: oneshot::Receiver<()>) -> Ending {
    let pid = child.id();
    let mut tick = tokio::time::interval(WATCH_EVERY);
    loop {
        tokio::select! {
            status = child.wait() => return Ending::of(&watch, status),
            _ = tick.tick(), if watch.killed().is_none() => {
                if watch.check(pid).is_some() {
                    let _ = child.start_kill();
                }
            }
            _ = &mut stop, if watch.killed().is_none() => {
                watch.stop();
                let _ = child.start_kill();
            }
        }
    }
}

/// A worker's life (`pathsat serve-worker`): reads a `Job` line and a request body on
/// standard input, answers it with the router in this process, and writes a `Head` line and
/// the response body, as it comes, on standard output. It ends when standard input closes
/// (the server is gone), whatever it is doing.
///
/// # Errors
/// When standard input is not a job, or the runtime cannot start; writing to a server that went
/// away ends the worker quietly.
pub fn run_worker() -> io::Result<ExitCode> {
    let mut input = io::BufReader::new(io::stdin());
    let mut line = String::new();
    if io::BufRead::read_line(&mut input, &mut line)? == 0 {
        // The server went away before it had a run for this spare.
        return Ok(ExitCode::SUCCESS);
    }
    let job: Job = serde_json::from_str(line.trim_end())
        .map_err(|e| io::Error::other(format!("not a worker's job: {e}")))?;
    let mut body = vec![0; job.body_bytes];
    input.read_exact(&mut body)?;
    let body = Bytes::from(body);
    // The server keeps standard input open while it waits for the answer: its end means the
    // server is gone, and the run with it.
    pathsat_isolate::exit_when_closed(input);
    let config = ServerConfig {
        time_limit: Duration::from_secs_f64(job.time_limit_seconds),
        max_cells: job.max_cells,
        jobs: job.jobs,
        memory_per_run: job.memory_per_run,
        max_concurrent: 1,
        workers: None,
        ..ServerConfig::default()
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let request = Request::post(&job.route)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body))
            .map_err(io::Error::other)?;
        let response = tower::ServiceExt::oneshot(crate::router(&config), request)
            .await
            .unwrap_or_else(|never| match never {});
        let head = Head {
            status: response.status().as_u16(),
            content_type: response
                .headers()
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string),
        };
        let mut out = io::stdout().lock();
        let mut line = serde_json::to_vec(&head).map_err(io::Error::other)?;
        line.push(b'\n');
        out.write_all(&line)?;
        out.flush()?;
        let mut body = response.into_body();
        while let Some(frame) = http_body_util::BodyExt::frame(&mut body).await {
            let Ok(frame) = frame else { break };
            if let Ok(data) = frame.into_data() {
                out.write_all(&data)?;
                out.flush()?;
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}
