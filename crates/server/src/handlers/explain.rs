//! `POST /api/explain`: why a cell holds its value, in the clauses unit propagation used
//! (`pathsat explain`), for the page's panel on the encoding.

use crate::input::{self, api_error, error, Envelope};
use crate::running::{either, json, run, CancelOnDrop};
use crate::{isolate, AppState};
use axum::body::Body;
use axum::extract::State;
use axum::http::{Request, StatusCode};
use axum::response::Response;
use pathsat_api::options::ExplainSpec;
use pathsat_api::Cancel;
use pathsat_puzzle::{Place, Pos, Puzzle};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// `/api/explain`'s options: the cell (`[row, col]` from 0, or a graph's vertex from 1) and
/// the encoding's.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub(crate) struct ExplainBody {
    cell: Option<serde_json::Value>,
    #[serde(flatten)]
    spec: ExplainSpec,
}

pub(crate) async fn explain(
    State(state): State<Arc<AppState>>,
    request: Request<Body>,
) -> Response {
    either(explain_reply(&state, request).await)
}

pub(crate) async fn explain_reply(
    state: &AppState,
    request: Request<Body>,
) -> Result<Response, Response> {
    const ROUTE: &str = "/api/explain";
    let bytes = input::read_body(state, request, ROUTE).await?;
    let body: Envelope<ExplainBody> = input::parse(&bytes, ROUTE)?;
    let puzzle = body.required_puzzle(state, ROUTE)?;
    let file = body.file_name();
    let cell = cell_of(&puzzle, body.options.cell.as_ref()).ok_or_else(|| {
        error(
            StatusCode::BAD_REQUEST,
            format!(
                "{ROUTE}: \"cell\" must be a cell of the puzzle: [row, col] from 0 on a board, \
                 a vertex number from 1 on a graph"
            ),
        )
    })?;
    if state.config.workers.is_some() {
        return isolate::forward(state, ROUTE, bytes).await;
    }
    let options = body.options.spec.options();
    let cancel = Cancel::new();
    let _guard = CancelOnDrop(cancel.clone());
    let report = run(state, &cancel, move || {
        pathsat_api::explain::explain(&puzzle, &file, cell, &options)
    })
    .await?
    .map_err(|e| api_error(&e))?;
    Ok(json(&report))
}

/// The cell `value` names in `puzzle` (`[row, col]` on a board, a vertex on a graph), if it
/// is one.
fn cell_of(puzzle: &Puzzle, value: Option<&serde_json::Value>) -> Option<usize> {
    let value = value?;
    let place = match value.as_array().map(Vec::as_slice) {
        Some([r, c]) => Place::Cell(Pos::new(r.as_u64()? as usize, c.as_u64()? as usize)),
        _ => Place::Vertex(value.as_u64()? as usize),
    };
    puzzle.cell_at_place(place)
}
