//! `POST /api/export`: the CNF of a puzzle in DIMACS, with its sizes, and for small boards its
//! clauses in readable form (each literal named by what it means).

use crate::input::{self, api_error, error, Envelope};
use crate::limits::{MAX_EXPORT_CLAUSES, READABLE_CELLS};
use crate::running::{either, json, run};
use crate::{isolate, AppState};
use axum::body::Body;
use axum::extract::State;
use axum::http::{Request, StatusCode};
use axum::response::Response;
use pathsat_api::options::EncodingSpec;
use pathsat_api::outcome::EncodingInfo;
use pathsat_api::Cancel;
use serde::Serialize;
use std::sync::Arc;

/// The CNF of a puzzle, for teachers and other solvers.
#[derive(Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) struct ExportReply {
    file: String,
    name: String,
    encoding: EncodingInfo,
    cells: usize,
    variables: usize,
    primary_variables: usize,
    clauses: usize,
    /// Clauses per family, in the order written.
    families: Vec<Family>,
    /// The DIMACS file's comment lines (without `c `).
    comments: Vec<String>,
    /// The DIMACS file `pathsat export` writes.
    dimacs: String,
    /// Boards of at most [`READABLE_CELLS`] cells: every clause with its variables named.
    readable: Option<Vec<pathsat_api::export::ReadableClause>>,
}

#[derive(Debug, Serialize)]
pub(crate) struct Family {
    name: &'static str,
    clauses: usize,
}

pub(crate) async fn export(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    either(export_reply(&state, request).await)
}

pub(crate) async fn export_reply(
    state: &AppState,
    request: Request<Body>,
) -> Result<Response, Response> {
    const ROUTE: &str = "/api/export";
    let bytes = input::read_body(state, request, ROUTE).await?;
    let body: Envelope<EncodingSpec> = input::parse(&bytes, ROUTE)?;
    let puzzle = body.required_puzzle(state, ROUTE)?;
    let file = body.file_name();
    let options = body.options.options();
    if state.config.workers.is_some() {
        return isolate::forward(state, ROUTE, bytes).await;
    }
    let cancel = Cancel::new();
    let reply = run(state, &cancel, move || {
        let exported =
            pathsat_api::export::export(&puzzle, &file, &options).map_err(|e| api_error(&e))?;
        let stats = exported.export.encoded.stats().clone();
        if stats.clauses > MAX_EXPORT_CLAUSES {
            return Err(error(
                StatusCode::BAD_REQUEST,
                format!(
                    "{file}: {} clauses are more than this page sends (at most \
                     {MAX_EXPORT_CLAUSES}); `pathsat export` writes any size to a file",
                    stats.clauses
                ),
            ));
        }
        let readable = (puzzle.n_cells() <= READABLE_CELLS)
            .then(|| pathsat_api::export::readable_clauses(&puzzle, &exported, &stats.families));
        Ok(ExportReply {
            name: puzzle.name().to_string(),
            encoding: EncodingInfo::new(exported.encoding(), &options),
            cells: stats.cells,
            variables: stats.variables,
            primary_variables: stats.primary_vars,
            clauses: stats.clauses,
            families: stats
                .families
                .iter()
                .map(|f| Family {
                    name: f.name,
                    clauses: f.clauses,
                })
                .collect(),
            comments: exported.comments().to_vec(),
            dimacs: exported.dimacs(),
            readable,
            file,
        })
    })
    .await??;
    Ok(json(&reply))
}
