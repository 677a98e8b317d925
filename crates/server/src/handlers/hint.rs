//! `POST /api/hint`: the next step of a puzzle solved by hand, with its reason, or the first
//! wrong cell of what is filled (`pathsat hint`); the page asks it when its Hint button is
//! pressed, with what the solver on the page has filled so far.

use crate::input::{self, api_error, Envelope};
use crate::running::{capped, either, json, run, CancelOnDrop};
use crate::{isolate, AppState};
use axum::body::Body;
use axum::extract::State;
use axum::http::Request;
use axum::response::Response;
use pathsat_api::options::HintSpec;
use pathsat_api::Cancel;
use std::sync::Arc;

pub(crate) async fn hint(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    either(hint_reply(&state, request).await)
}

pub(crate) async fn hint_reply(
    state: &AppState,
    request: Request<Body>,
) -> Result<Response, Response> {
    const ROUTE: &str = "/api/hint";
    let bytes = input::read_body(state, request, ROUTE).await?;
    let body: Envelope<HintSpec> = input::parse(&bytes, ROUTE)?;
    let puzzle = body.required_puzzle(state, ROUTE)?;
    let file = body.file_name();
    let cancel = Cancel::new();
    let _guard = CancelOnDrop(cancel.clone());
    let mut request = body
        .options
        .request(&puzzle, cancel.clone())
        .map_err(|e| api_error(&e))?;
    if state.config.workers.is_some() {
        return isolate::forward(state, ROUTE, bytes).await;
    }
    request.timeout = capped(request.timeout, state.config.time_limit);
    let report = run(state, &cancel, move || {
        pathsat_api::hint::hint(&puzzle, &file, &request)
    })
    .await?
    .map_err(|e| api_error(&e))?;
    Ok(json(&report))
}
