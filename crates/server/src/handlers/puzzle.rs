//! `POST /api/puzzle`: a puzzle file (TOML, JSON, HCP, DIMACS graph) read into the puzzle
//! JSON the page edits.

use crate::input::{self, Envelope};
use crate::running::either;
use crate::AppState;
use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A request with no options beyond the puzzle.
#[derive(Debug, Default, Deserialize, Serialize)]
pub(crate) struct NoOptions {}

pub(crate) async fn puzzle_file(
    State(state): State<Arc<AppState>>,
    request: Request<Body>,
) -> Response {
    either(puzzle_reply(&state, request).await)
}

/// The puzzle as a JSON puzzle file (`pathsat generate --format json` writes the same): how
/// the page reads a file of any format into its editor, with pathsat's parser alone.
pub(crate) async fn puzzle_reply(
    state: &AppState,
    request: Request<Body>,
) -> Result<Response, Response> {
    const ROUTE: &str = "/api/puzzle";
    let body: Envelope<NoOptions> = input::read(state, request, ROUTE).await?;
    let puzzle = body.required_puzzle(state, ROUTE)?;
    let mut response = (StatusCode::OK, pathsat_puzzle::write::to_json(&puzzle)).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    Ok(response)
}
