//! Running the library for a request: on a blocking thread under one of the run permits, with
//! the run's time capped by the server's and its [`Cancel`] flag raised when the client goes
//! away; replies as JSON, or as a stream of JSON lines ([`Lines`]) for the progress of a count.
//! Shared by the handlers ([`crate::handlers`]) and the worker processes' relay
//! ([`crate::isolate`]).

use crate::body::{error, response};
use crate::AppState;
use axum::body::Bytes;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::Response;
use pathsat_api::{Cancel, GRACE};
use pathsat_routes::Reply;
use serde::Serialize;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

/// The report as `pathsat ... --format json` prints it: pretty JSON and a newline.
pub(crate) fn json(report: &impl Serialize) -> Response {
    response(Reply::json(report))
}

/// The reply when every run permit is taken: 503, try again in a second.
pub(crate) fn busy(state: &AppState) -> Response {
    let mut response = error(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "the server is busy: {} runs are going, as many as it runs at once; try again in a \
             moment",
            state.config.max_concurrent
        ),
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// Starts `work` on a blocking thread under a run permit (or replies 503 when none is free);
/// the permit is released when the work ends.
pub(crate) fn start<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<tokio::task::JoinHandle<T>, Response> {
    let permit = Arc::clone(&state.runs)
        .try_acquire_owned()
        .map_err(|_| busy(state))?;
    Ok(tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    }))
}

/// How long past the time limit a run may take before the server gives up waiting for it.
pub(crate) fn backstop(state: &AppState) -> Duration {
    state.config.time_limit + GRACE + Duration::from_secs(5)
}

/// Runs `work` as [`start`] does and waits for it, at most the time limit and a margin (the
/// library returns at its deadline; the margin covers what it cannot interrupt).
pub(crate) async fn run<T: Send + 'static>(
    state: &AppState,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Response> {
    let task = start(state, work)?;
    match tokio::time::timeout(backstop(state), task).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(error(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the run failed: {e}"),
        )),
        Err(_) => {
            cancel.cancel();
            Err(error(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the run did not finish within the server's time limit of {} s",
                    state.config.time_limit.as_secs_f64()
                ),
            ))
        }
    }
}

pub(crate) fn line_bytes(mut line: Vec<u8>) -> Bytes {
    line.push(b'\n');
    Bytes::from(line)
}

/// A streamed response: the lines a task sends. Dropped when the client goes away, and with it
/// its guard, which stops the work (raises the count's flag, kills its worker).
pub(crate) struct Lines {
    receiver: tokio::sync::mpsc::Receiver<Bytes>,
    _guard: Box<dyn Send>,
}

impl Lines {
    pub(crate) fn new(receiver: tokio::sync::mpsc::Receiver<Bytes>, guard: Box<dyn Send>) -> Lines {
        Lines {
            receiver,
            _guard: guard,
        }
    }
}

impl http_body::Body for Lines {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Infallible>>> {
        self.receiver
            .poll_recv(cx)
            .map(|line| line.map(|bytes| Ok(http_body::Frame::data(bytes))))
    }
}
