//! `POST /api/booklet`: the puzzle and its solution as a printable PDF (`pathsat booklet` for
//! one puzzle), for the page's Print button. A puzzle without exactly one solution is refused.

use crate::input::{self, api_error, Envelope};
use crate::running::{either, run};
use crate::{isolate, AppState};
use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use pathsat_api::options::BookletSpec;
use pathsat_api::Cancel;
use std::sync::Arc;

pub(crate) async fn booklet(
    State(state): State<Arc<AppState>>,
    request: Request<Body>,
) -> Response {
    either(booklet_reply(&state, request).await)
}

pub(crate) async fn booklet_reply(
    state: &AppState,
    request: Request<Body>,
) -> Result<Response, Response> {
    const ROUTE: &str = "/api/booklet";
    let bytes = input::read_body(state, request, ROUTE).await?;
    let body: Envelope<BookletSpec> = input::parse(&bytes, ROUTE)?;
    let puzzle = body.required_puzzle(state, ROUTE)?;
    let file = body.file_name();
    let mut request = body.options.request().map_err(|e| api_error(&e))?;
    if state.config.workers.is_some() {
        return isolate::forward(state, ROUTE, bytes).await;
    }
    request.timeout = crate::running::capped(request.timeout, state.config.time_limit);
    let cancel = Cancel::new();
    let report = run(state, &cancel, move || {
        pathsat_api::booklet::booklet(&[((*puzzle).clone(), file)], &request)
    })
    .await?
    .map_err(|e| api_error(&e))?;
    let mut response = (StatusCode::OK, report.pdf).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/pdf"),
    );
    Ok(response)
}
