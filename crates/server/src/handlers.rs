//! The routes: the page's assets, and the API. Every API route is [`pathsat_routes`]' (the
//! same code the static page runs in the browser): a handler reads the body (within the size
//! and time limits), has the route check it, and runs it on a blocking thread under one of the
//! run permits, or, for the routes that search in a server with workers, hands the checked body
//! to a worker process ([`crate::isolate`]). A handler dropped before it finished (the client
//! went away) raises the run's [`Cancel`](pathsat_api::Cancel) flag, which stops the run within
//! [`pathsat_api::CANCEL_POLL`] and frees its permit.

use crate::body::{error, read_body, response};
use crate::limits::Limits;
use crate::running::{backstop, json, line_bytes, run, start, Lines};
// Raises a run's flag when dropped: when the handler's future is dropped because the client
// went away, or when a streamed response's body is.
use crate::{assets, isolate, AppState};
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderValue, Method, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use pathsat_api::CancelOnDrop;
use pathsat_routes::{error_line, Prepared, ProgressLine};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub fn routes(state: Arc<AppState>) -> Router {
    let mut router = Router::new();
    for route in pathsat_routes::ROUTES {
        router = router.route(route, post(api));
    }
    router
        .route("/", get(|| async { assets::page() }))
        .route("/index.html", get(|| async { assets::page() }))
        .route("/app.js", get(|| async { assets::script() }))
        .route("/style.css", get(|| async { assets::style() }))
        .route("/favicon.svg", get(|| async { assets::icon() }))
        .route("/favicon.ico", get(|| async { assets::icon() }))
        .route("/api/limits", get(limits))
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

/// Any API route: checked, then run here or in a worker, its reply sent as one response (or
/// as JSON lines when a count or a sample asked for progress).
async fn api(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    let route = request.uri().path().to_string();
    match api_reply(state, &route, request).await {
        Ok(response) | Err(response) => response,
    }
}

async fn api_reply(
    state: Arc<AppState>,
    route: &str,
    request: Request<Body>,
) -> Result<Response, Response> {
    let bytes = read_body(&state, request, route).await?;
    let prepared = pathsat_routes::prepare(route, &bytes, &state.limits).map_err(response)?;
    if state.config.workers.is_some() && prepared.runs_solver() {
        return isolate::forward(&state, prepared.route(), bytes).await;
    }
    let cancel = prepared.cancel();
    let guard = CancelOnDrop(cancel.clone());
    if prepared.wants_progress() {
        return stream(&state, prepared, guard);
    }
    let reply = run(&state, &cancel, move || prepared.run(None)).await?;
    drop(guard);
    Ok(response(reply))
}

/// A count or a sample with progress, as NDJSON: a progress line (`{"progress": {...},
/// "seconds": S}`) every half second, then the report on one line (or `{"error": ...}`).
fn stream(state: &AppState, prepared: Prepared, guard: CancelOnDrop) -> Result<Response, Response> {
    let cancel = prepared.cancel();
    let progress = ProgressLine::default();
    let hear = progress.hear();
    let task = start(state, move || prepared.run(Some(hear)))?;
    let (lines, receiver) = tokio::sync::mpsc::channel::<Bytes>(4);
    let started = Instant::now();
    let backstop = backstop(state);
    tokio::spawn(async move {
        tokio::pin!(task);
        loop {
            match tokio::time::timeout(Duration::from_millis(500), &mut task).await {
                Ok(done) => {
                    let last = match done {
                        Ok(reply) => reply.body.trim_ascii_end().to_vec(),
                        Err(e) => error_line(&format!("the run failed: {e}")),
                    };
                    let _ = lines.send(line_bytes(last)).await;
                    return;
                }
                Err(_) if started.elapsed() > backstop => {
                    cancel.cancel();
                    let message = "the run did not finish within the server's time limit";
                    let _ = lines.send(line_bytes(error_line(message))).await;
                    return;
                }
                Err(_) => {
                    if lines.send(line_bytes(progress.line())).await.is_err() {
                        // The client went away: stop the count; its thread frees the permit.
                        cancel.cancel();
                        return;
                    }
                }
            }
        }
    });
    let body = Body::new(Lines::new(receiver, Box::new(guard)));
    let mut response = (StatusCode::OK, body).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    Ok(response)
}
