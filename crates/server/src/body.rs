//! HTTP's side of a request and its reply: the body read within the size and time limits,
//! errors as `{"error": ...}` responses, and a route's [`Reply`] as a response.

use crate::AppState;
use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use pathsat_routes::Reply;
use std::fmt::Display;

/// A response with `{"error": MESSAGE}`, the message on one line as the CLI prints it.
pub fn error(status: StatusCode, message: impl Display) -> Response {
    response(Reply::error(status.as_u16(), message))
}

/// A route's reply as the response.
pub fn response(reply: Reply) -> Response {
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (status, reply.body).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(reply.content_type),
    );
    response
}

/// The body of `request` for `route`, unparsed: JSON by its `Content-Type`, at most
/// `max_body_bytes`, arriving within the read timeout.
pub async fn read_body(
    state: &AppState,
    request: Request<Body>,
    route: &str,
) -> Result<Bytes, Response> {
    let json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(';')
                .next()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
        });
    if !json {
        return Err(error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("{route}: send the request as JSON, with Content-Type: application/json"),
        ));
    }
    let max = state.config.max_body_bytes;
    let too_large = || {
        error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("{route}: the request body is larger than {max} bytes"),
        )
    };
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max as u64) {
        return Err(too_large());
    }
    let wait = state.config.request_read_timeout;
    let collected = tokio::time::timeout(wait, Limited::new(request.into_body(), max).collect());
    match collected.await {
        Err(_) => Err(error(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "{route}: the request body did not arrive within {} s",
                wait.as_secs_f64()
            ),
        )),
        Ok(Err(e)) if e.is::<LengthLimitError>() => Err(too_large()),
        Ok(Err(e)) => Err(error(
            StatusCode::BAD_REQUEST,
            format!("{route}: cannot read the request body: {e}"),
        )),
        Ok(Ok(collected)) => Ok(collected.to_bytes()),
    }
}
