//! `POST /api/count`: the count as one JSON reply, or with `"progress": true` as JSON lines
//! (one progress line every half second, then the report).

use crate::input::{self, api_error, Envelope};
use crate::running::{
    backstop, capped, either, error_line, json, line_bytes, run, start, CancelOnDrop, Lines,
};
use crate::{isolate, AppState};
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use pathsat_api::options::{CountSpec, SplitByName};
use pathsat_api::progress::{CountProgress, Progress};
use pathsat_api::Cancel;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// `/api/count`'s options: the CLI's, and whether to stream progress.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub(crate) struct CountBody {
    /// Reply with NDJSON: progress lines (`{"progress": {...}}`) about twice a second, then
    /// the report (or `{"error": ...}`) as the last line.
    progress: bool,
    #[serde(flatten)]
    spec: CountSpec,
}

pub(crate) async fn count(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    either(count_reply(state, request).await)
}

pub(crate) async fn count_reply(
    state: Arc<AppState>,
    request: Request<Body>,
) -> Result<Response, Response> {
    const ROUTE: &str = "/api/count";
    let bytes = input::read_body(&state, request, ROUTE).await?;
    let body: Envelope<CountBody> = input::parse(&bytes, ROUTE)?;
    let puzzle = body.required_puzzle(&state, ROUTE)?;
    // The server writes no files where a request says.
    let spec = &body.options.spec;
    let field = if spec.spill_dir.is_some() {
        Some("spill-dir")
    } else if spec.checkpoint.is_some() || spec.checkpoint_every.is_some() {
        Some("checkpoint")
    } else {
        None
    };
    if spec.split_by == Some(SplitByName::Residues) {
        // A residue is no count to show; `pathsat merge` recombines the parts.
        return Err(input::error(
            StatusCode::BAD_REQUEST,
            format!(
                "{ROUTE}: \"split-by\": \"residues\" is for `pathsat count`, whose parts \
                 `pathsat merge` recombines"
            ),
        ));
    }
    if let Some(field) = field {
        return Err(input::error(
            StatusCode::BAD_REQUEST,
            format!(
                "{ROUTE}: \"{field}\" is for `pathsat count`; the server keeps its tables in memory"
            ),
        ));
    }
    let file = body.file_name();
    let cancel = Cancel::new();
    let guard = CancelOnDrop(cancel.clone());
    let mut request = body
        .options
        .spec
        .request(cancel.clone())
        .map_err(|e| api_error(&e))?;
    if state.config.workers.is_some() {
        return isolate::forward(&state, ROUTE, bytes).await;
    }
    request.timeout = capped(request.timeout, state.config.time_limit);
    request.options.jobs = request.options.jobs.clamp(1, state.config.jobs.max(1));
    // The frontier program's tables get three quarters of a run's memory, the rest is for
    // everything else the run holds.
    let share = state.config.memory_per_run / 4 * 3;
    request.options.memory_budget = request.options.memory_budget.min(share.max(1));
    let seen: Arc<Mutex<Option<CountProgress>>> = Arc::default();
    let hear = {
        let seen = Arc::clone(&seen);
        Arc::new(move |p: Progress| {
            let mut line = seen.lock().expect("not poisoned");
            line.get_or_insert_with(CountProgress::default).hear(p);
        })
    };
    let work = move || pathsat_api::count::count(&puzzle, &file, &request, hear);
    if !body.options.progress {
        let report = run(&state, &cancel, work)
            .await?
            .map_err(|e| api_error(&e))?;
        return Ok(json(&report));
    }
    let task = start(&state, work)?;
    let (lines, receiver) = tokio::sync::mpsc::channel::<Bytes>(4);
    let started = Instant::now();
    let backstop = backstop(&state);
    tokio::spawn(async move {
        tokio::pin!(task);
        loop {
            match tokio::time::timeout(Duration::from_millis(500), &mut task).await {
                Ok(done) => {
                    let last = match done {
                        Ok(Ok(report)) => serde_json::to_vec(&report)
                            .unwrap_or_else(|e| error_line(&format!("cannot write it: {e}"))),
                        Ok(Err(e)) => error_line(&e.to_string()),
                        Err(e) => error_line(&format!("the run failed: {e}")),
                    };
                    let _ = lines.send(line_bytes(last)).await;
                    return;
                }
                Err(_) if started.elapsed() > backstop => {
                    cancel.cancel();
                    let message = "the run did not finish within the server's time limit";
                    let _ = lines.send(line_bytes(error_line(message))).await;
                    return;
                }
                Err(_) => {
                    let snapshot = seen.lock().expect("not poisoned").clone();
                    let progress = serde_json::json!({
                        "progress": snapshot.unwrap_or_default(),
                        "seconds": (started.elapsed().as_secs_f64() * 10.0).round() / 10.0,
                    });
                    let line = line_bytes(serde_json::to_vec(&progress).unwrap_or_default());
                    if lines.send(line).await.is_err() {
                        // The client went away: stop the count; its thread frees the permit.
                        cancel.cancel();
                        return;
                    }
                }
            }
        }
    });
    let body = Body::new(Lines::new(receiver, Box::new(guard)));
    let mut response = (StatusCode::OK, body).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    Ok(response)
}
