//! The routes: the page's assets, and the API's handlers. Each handler reads its body
//! ([`crate::input`]), turns the options into the library's request with
//! [`pathsat_api::options`] (the CLI's mapping), caps the request's time by the server's, runs
//! the library on a blocking thread under one of the run permits (or, for the routes that run
//! solvers in a server with workers, hands the checked body to a worker process:
//! [`crate::isolate`]), and replies with the library's report as `--format json` prints it. A handler dropped before it finished (the
//! client went away) raises the run's [`Cancel`] flag, which stops the run within
//! [`pathsat_api::CANCEL_POLL`] and frees its permit.

mod booklet;
mod count;
mod draw;
mod explain;
mod export;
mod forced;
mod generate;
mod hint;
mod puzzle;
mod solve;

use crate::input::error;
use crate::limits::Limits;
use crate::running::json;
use crate::{assets, AppState};
use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderValue, Method, Request, StatusCode};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use booklet::booklet;
use count::count;
use draw::draw;
use explain::explain;
use export::export;
use forced::forced;
use generate::generate;
use hint::hint;
use puzzle::puzzle_file;
use solve::solve;
use std::sync::Arc;

pub fn routes(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(|| async { assets::page() }))
        .route("/index.html", get(|| async { assets::page() }))
        .route("/app.js", get(|| async { assets::script() }))
        .route("/style.css", get(|| async { assets::style() }))
        .route("/favicon.svg", get(|| async { assets::icon() }))
        .route("/favicon.ico", get(|| async { assets::icon() }))
        .route("/api/limits", get(limits))
        .route("/api/solve", post(solve))
        .route("/api/count", post(count))
        .route("/api/generate", post(generate))
        .route("/api/export", post(export))
        .route("/api/draw", post(draw))
        .route("/api/forced", post(forced))
        .route("/api/hint", post(hint))
        .route("/api/explain", post(explain))
        .route("/api/booklet", post(booklet))
        .route("/api/puzzle", post(puzzle_file))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            loopback_hosts_only,
        ))
        .with_state(state)
        .layer(axum::middleware::map_response(secure_headers))
}

/// A server bound to a loopback address answers only requests addressed to this computer
/// (`Host: localhost`, `127.0.0.1`, `[::1]`): a web page elsewhere cannot reach it through a
/// DNS name it points at 127.0.0.1 (DNS rebinding). Cross-site form posts are refused anyway
/// for want of `Content-Type: application/json`.
async fn loopback_hosts_only(
    State(state): State<Arc<AppState>>,
    request: Request<Body>,
    next: axum::middleware::Next,
) -> Response {
    if state.config.bind.is_loopback() {
        if let Some(host) = request.headers().get(header::HOST) {
            let host = host.to_str().unwrap_or("");
            let name = match host.strip_prefix('[') {
                Some(v6) => v6.split(']').next().unwrap_or(""),
                None => host.split(':').next().unwrap_or(""),
            };
            let local = name.eq_ignore_ascii_case("localhost")
                || name
                    .parse::<std::net::IpAddr>()
                    .is_ok_and(|ip| ip.is_loopback());
            if !local {
                return error(
                    StatusCode::FORBIDDEN,
                    format!(
                        "Host {host:?}: this server answers requests for localhost only \
                         (`pathsat serve --bind` another address to serve others)"
                    ),
                );
            }
        }
    }
    next.run(request).await
}

/// Headers on every response: no sniffing, no framing, no referrer, and a Content Security
/// Policy that lets the page run its own script and style and reach only this server.
async fn secure_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: \
             data:; connect-src 'self'; form-action 'none'; base-uri 'none'; \
             frame-ancestors 'none'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

async fn not_found(request: Request<Body>) -> Response {
    error(
        StatusCode::NOT_FOUND,
        format!("{}: no such page or API route", request.uri().path()),
    )
}

async fn method_not_allowed(method: Method, request: Request<Body>) -> Response {
    let path = request.uri().path();
    let allowed = if path.starts_with("/api/") && path != "/api/limits" {
        "POST"
    } else {
        "GET"
    };
    let mut response = error(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{path}: {method} is not allowed here; use {allowed}"),
    );
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allowed));
    response
}

async fn limits(State(state): State<Arc<AppState>>) -> Response {
    json(&Limits::of(&state.config))
}
