//! Any bytes as the JSON body of a request to `pathsat serve`, sent through the server's own
//! router (`pathsat_server::router`, as `crates/server/tests/api.rs` does, without a socket):
//! the body reader, the envelope and option structs, the puzzle in any format, and a draw
//! request's solutions. The first byte picks the route among those that read without solving
//! (`/api/puzzle`, `/api/draw`, `/api/export`); the rest is the body. A reply is a success or
//! the user's mistake (4xx) with `{"error": ONE LINE}`, never a 5xx; `/api/puzzle`'s JSON
//! puzzle file reads back and writes again to the same text.
#![no_main]

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use libfuzzer_sys::fuzz_target;
use pathsat_fuzz::assert_one_line;
use pathsat_puzzle::{parse_named, write, Format};
use pathsat_server::{router, ServerConfig};
use std::sync::OnceLock;
use std::time::Duration;
use tower::ServiceExt;

const ROUTES: [&str; 3] = ["/api/puzzle", "/api/draw", "/api/export"];

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime")
    })
}

fn app() -> &'static Router {
    static APP: OnceLock<Router> = OnceLock::new();
    APP.get_or_init(|| {
        router(&ServerConfig {
            // Small puzzles only: an export of the largest the server takes is slow, not wrong.
            max_cells: 64,
            time_limit: Duration::from_secs(5),
            ..ServerConfig::default()
        })
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&choice, body)) = data.split_first() else {
        return;
    };
    let route = ROUTES[usize::from(choice) % ROUTES.len()];
    let request = Request::post(route)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a request");
    let (status, text) = runtime().block_on(async {
        let response = app().clone().oneshot(request).await.expect("infallible");
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("a body");
        (status, bytes)
    });
    assert!(
        !status.is_server_error(),
        "{route}: {status} for a request of the user's: {}",
        String::from_utf8_lossy(&text)
    );
    if status != StatusCode::OK {
        let reply: serde_json::Value = serde_json::from_slice(&text).expect("an error is JSON");
        let message = reply["error"].as_str().expect("an error has a message");
        assert_one_line(message, route);
        return;
    }
    if route == "/api/puzzle" {
        let json = std::str::from_utf8(&text).expect("a JSON puzzle file is UTF-8");
        let puzzle = parse_named(json, Format::Json, "reply.json")
            .unwrap_or_else(|e| panic!("/api/puzzle's reply does not parse: {e}\n{json}"));
        assert_eq!(
            write::to_json(&puzzle),
            json,
            "/api/puzzle's reply written again"
        );
    }
});
