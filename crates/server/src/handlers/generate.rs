//! `POST /api/generate`: a new puzzle from a template or an empty board, proved unique.

use crate::input::{self, api_error, error, Envelope};
use crate::running::{capped, either, json, run, CancelOnDrop};
use crate::{isolate, AppState};
use axum::body::Body;
use axum::extract::State;
use axum::http::{Request, StatusCode};
use axum::response::Response;
use pathsat_api::generate::{blank_template, drawn_seed};
use pathsat_api::options::{parse_moves, parse_size, GenerateSpec};
use pathsat_api::Cancel;
use pathsat_puzzle::{Moves, Puzzle};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// `/api/generate`'s options: the template (a puzzle, or an empty board by size, moves,
/// closed, trail) and the CLI's generation options.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub(crate) struct GenerateBody {
    /// `RxC`, e.g. `9x9`, when there is no template puzzle.
    size: Option<String>,
    /// `rook`, `king` (the default), `knight`, or a list of offsets.
    moves: Option<serde_json::Value>,
    closed: bool,
    /// A trail puzzle of this many cells.
    trail: Option<u64>,
    distinct: bool,
    #[serde(flatten)]
    spec: GenerateSpec,
}

pub(crate) async fn generate(
    State(state): State<Arc<AppState>>,
    request: Request<Body>,
) -> Response {
    either(generate_reply(&state, request).await)
}

pub(crate) async fn generate_reply(
    state: &AppState,
    request: Request<Body>,
) -> Result<Response, Response> {
    const ROUTE: &str = "/api/generate";
    let bytes = input::read_body(state, request, ROUTE).await?;
    let body: Envelope<GenerateBody> = input::parse(&bytes, ROUTE)?;
    let bad = |message: String| error(StatusCode::BAD_REQUEST, message);
    let options = &body.options;
    let (template, file): (Puzzle, String) = match body.puzzle(state, ROUTE)? {
        Some(puzzle) => ((*puzzle).clone(), body.file_name()),
        None => {
            let Some(size) = &options.size else {
                return Err(bad(format!(
                    "{ROUTE}: give a \"size\" such as \"9x9\", or a template \"puzzle\""
                )));
            };
            let (rows, cols) = parse_size(size).map_err(|e| bad(format!("--size: {e}")))?;
            input::check_size(state, &format!("--size {size}"), rows.saturating_mul(cols))?;
            let moves = match &options.moves {
                None => Ok(Moves::King),
                Some(serde_json::Value::String(name)) => parse_moves(name),
                Some(list) => parse_moves(&list.to_string()),
            }
            .map_err(|e| bad(format!("--moves: {e}")))?;
            let trail = options.trail.map(|length| (length, options.distinct));
            blank_template(
                rows,
                cols,
                moves,
                options.closed,
                trail,
                format!("--size {rows}x{cols}"),
            )
            .map_err(|e| api_error(&e))?
        }
    };
    let cancel = Cancel::new();
    let _guard = CancelOnDrop(cancel.clone());
    let mut request = options
        .spec
        .request(drawn_seed(), 0, cancel.clone())
        .map_err(|e| api_error(&e))?;
    if state.config.workers.is_some() {
        return isolate::forward(state, ROUTE, bytes).await;
    }
    request.timeout = capped(request.timeout, state.config.time_limit);
    let report = run(state, &cancel, move || {
        pathsat_api::generate::generate(&template, &file, &request)
    })
    .await?
    .map_err(|e| api_error(&e))?;
    Ok(json(&report))
}
