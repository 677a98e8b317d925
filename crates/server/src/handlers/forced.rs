//! `POST /api/forced`: the cells every solution agrees on, or the givens that conflict
//! (`pathsat forced`); the page asks it after each edit, with a short time limit, to colour
//! the cells the givens already decide.

use crate::input::{self, api_error, Envelope};
use crate::running::{capped, either, json, run, CancelOnDrop};
use crate::{isolate, AppState};
use axum::body::Body;
use axum::extract::State;
use axum::http::Request;
use axum::response::Response;
use pathsat_api::options::ForcedSpec;
use pathsat_api::Cancel;
use std::sync::Arc;

pub(crate) async fn forced(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    either(forced_reply(&state, request).await)
}

pub(crate) async fn forced_reply(
    state: &AppState,
    request: Request<Body>,
) -> Result<Response, Response> {
    const ROUTE: &str = "/api/forced";
    let bytes = input::read_body(state, request, ROUTE).await?;
    let body: Envelope<ForcedSpec> = input::parse(&bytes, ROUTE)?;
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
    let report = run(state, &cancel, move || {
        pathsat_api::forced::forced(&puzzle, &file, &request)
    })
    .await?
    .map_err(|e| api_error(&e))?;
    Ok(json(&report))
}
