//! `POST /api/draw`: an SVG picture of a puzzle, and of fillings the client sends (checked by
//! the verifier first).

use crate::input::{self, error, Envelope};
use crate::running::{either, run};
use crate::AppState;
use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use pathsat_api::Cancel;
use pathsat_puzzle::{Filling, Puzzle};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// `/api/draw`'s options: the solutions to draw (as `/api/solve` reports them: grids, or
/// vertex orders for graphs), each checked by the verifier first.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub(crate) struct DrawBody {
    solutions: Option<serde_json::Value>,
    /// Two solutions: draw them side by side with the cells where they differ outlined.
    compare: bool,
    /// The caption's second line.
    note: Option<String>,
}

/// The most solutions one picture shows.
pub(crate) const MAX_DRAWN: usize = 100;

pub(crate) async fn draw(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    either(draw_reply(&state, request).await)
}

pub(crate) async fn draw_reply(
    state: &AppState,
    request: Request<Body>,
) -> Result<Response, Response> {
    const ROUTE: &str = "/api/draw";
    let body: Envelope<DrawBody> = input::read(state, request, ROUTE).await?;
    let puzzle = body.required_puzzle(state, ROUTE)?;
    let file = body.file_name();
    let options = body.options;
    let cancel = Cancel::new();
    let svg = run(state, &cancel, move || {
        let fillings = match &options.solutions {
            None | Some(serde_json::Value::Null) => Vec::new(),
            Some(serde_json::Value::Array(list)) if list.is_empty() => Vec::new(),
            Some(value) => read_fillings(&puzzle, &file, value)?,
        };
        if fillings.len() > MAX_DRAWN {
            return Err(error(
                StatusCode::BAD_REQUEST,
                format!("{ROUTE}: at most {MAX_DRAWN} solutions in one picture"),
            ));
        }
        let note = options.note.clone().unwrap_or_default();
        Ok(match &fillings[..] {
            [] => pathsat_picture::picture(
                &puzzle,
                None,
                options
                    .note
                    .as_deref()
                    .unwrap_or(&pathsat_picture::task(&puzzle)),
            ),
            [only] => pathsat_picture::picture(&puzzle, Some(only), &note),
            [first, second] if options.compare => {
                pathsat_picture::two_solutions(&puzzle, first, second, &note)
            }
            several => pathsat_picture::sheet(&puzzle, several, &note),
        })
    })
    .await??;
    let mut response = (StatusCode::OK, svg).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("image/svg+xml"),
    );
    Ok(response)
}

/// The fillings the client sent, each checked by the verifier (the api's reading, as
/// `pathsat check`'s).
pub(crate) fn read_fillings(
    puzzle: &Puzzle,
    file: &str,
    value: &serde_json::Value,
) -> Result<Vec<Filling>, Response> {
    let fillings = pathsat_api::check::read_fillings(puzzle, &value.to_string(), true)
        .map_err(|e| error(StatusCode::BAD_REQUEST, format!("solutions: {e}")))?;
    if let Some((i, violation)) = pathsat_api::check::first_violation(puzzle, &fillings) {
        return Err(error(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("{file}: solution {} does not solve it: {violation}", i + 1),
        ));
    }
    Ok(fillings)
}
