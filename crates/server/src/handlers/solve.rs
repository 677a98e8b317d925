//! `POST /api/solve`: the first solution, several, all of them, or a proof of uniqueness.

use crate::input::{self, api_error, Envelope};
use crate::limits::MAX_SOLUTIONS;
use crate::running::{capped, either, json, run, CancelOnDrop};
use crate::{isolate, AppState};
use axum::body::Body;
use axum::extract::State;
use axum::http::Request;
use axum::response::Response;
use pathsat_api::options::SolveSpec;
use pathsat_api::{Cancel, Wanted};
use std::sync::Arc;

pub(crate) async fn solve(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    either(solve_reply(&state, request).await)
}

pub(crate) async fn solve_reply(
    state: &AppState,
    request: Request<Body>,
) -> Result<Response, Response> {
    const ROUTE: &str = "/api/solve";
    let bytes = input::read_body(state, request, ROUTE).await?;
    let body: Envelope<SolveSpec> = input::parse(&bytes, ROUTE)?;
    let puzzle = body.required_puzzle(state, ROUTE)?;
    let file = body.file_name();
    let cancel = Cancel::new();
    let _guard = CancelOnDrop(cancel.clone());
    let mut request = body
        .options
        .request(cancel.clone())
        .map_err(|e| api_error(&e))?;
    if state.config.workers.is_some() {
        return isolate::forward(state, ROUTE, bytes).await;
    }
    request.timeout = capped(request.timeout, state.config.time_limit);
    // One reply holds at most this many solutions: `all` and larger limits stop there, and the
    // report says so (`limit`, `complete` false) as `--limit` would.
    let most = MAX_SOLUTIONS;
    let asked = request.wanted;
    request.wanted = match asked {
        Wanted::All => Wanted::Upto(most),
        Wanted::Upto(n) => Wanted::Upto(n.min(most)),
        other => other,
    };
    let mut report = run(state, &cancel, move || {
        pathsat_api::solve::solve(&puzzle, &file, &request)
    })
    .await?
    .map_err(|e| api_error(&e))?;
    if report.answer.complete && report.wanted != asked {
        // The search ended below the cap: it is the run that was asked for, reported as such.
        report.wanted = asked;
        report.limit = match asked {
            Wanted::Upto(n) => Some(n),
            _ => None,
        };
    }
    Ok(json(&report))
}
