//! # pathsat-web
//!
//! The static page's engine: [`pathsat_routes`], the JSON API `pathsat serve` answers, compiled
//! to WebAssembly and called by the page's Web Worker (`crates/server/assets/worker.js`). The
//! page sends the same request body to [`call`] that it would POST to the server, and gets the
//! same reply; nothing leaves the browser. Built by `just web-static` (see the README).
//!
//! One thread: the module runs in a Web Worker, which the page ends (Stop) by terminating it.
//! A count's (or a sample's) progress reaches the page through the `progress` callback, about
//! twice a second.

use pathsat_api::progress::Progress;
use pathsat_routes::{Limits, ProgressLine};
use std::cell::RefCell;
use std::sync::Arc;
use std::time::Duration;
use wasm_bindgen::prelude::*;
use web_time::Instant;

/// The longest run the page asks for: Stop ends any run sooner.
const TIME_LIMIT: Duration = Duration::from_secs(600);

/// The memory a run may take. A WebAssembly module's memory ends at 4 GiB, and browsers give a
/// tab less: the frontier program gets three quarters of this and stops, saying so, when its
/// tables outgrow it.
const MEMORY_PER_RUN: u64 = 1 << 30;

/// How often progress is sent to the page.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Called once when the module is loaded: a panic is written to the console before the run
/// traps (the worker reports the trap to the page in one line).
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| console_error(&format!("pathsat: {info}"))));
}

fn limits() -> Limits {
    Limits {
        time_limit: TIME_LIMIT,
        max_cells: 2_500,
        jobs: 1,
        memory_per_run: MEMORY_PER_RUN,
        certify: false,
        engine: "this page",
        larger: "the command line takes any size",
    }
}

/// The engine's limits, as `GET /api/limits` reports a server's (the fields the page reads).
#[wasm_bindgen]
pub fn limits_json() -> String {
    let limits = limits();
    serde_json::json!({
        "engine": "browser",
        "version": env!("CARGO_PKG_VERSION"),
        "max-cells": limits.max_cells,
        "time-limit": limits.time_limit.as_secs_f64(),
        "max-solutions": pathsat_routes::MAX_SOLUTIONS,
        "readable-cells": pathsat_routes::READABLE_CELLS,
        "memory-per-run": limits.memory_per_run,
    })
    .to_string()
}

/// A route's reply, as a server's response would carry it.
#[wasm_bindgen]
pub struct Reply {
    status: u16,
    content_type: String,
    body: Vec<u8>,
}

#[wasm_bindgen]
impl Reply {
    /// The HTTP status the server would send.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    /// `application/json`, `image/svg+xml` or `application/pdf`.
    #[wasm_bindgen(getter)]
    pub fn content_type(&self) -> String {
        self.content_type.clone()
    }

    /// The reply's bytes.
    #[wasm_bindgen(getter)]
    pub fn body(&self) -> Vec<u8> {
        self.body.clone()
    }
}

thread_local! {
    /// The page's progress callback of the run going on, and when it was last called.
    static LISTENER: RefCell<Option<(js_sys::Function, Instant)>> = const { RefCell::new(None) };
}

/// Runs the request `body` (the JSON a server's `route` takes) and replies as the server would.
/// When the request asks for progress (`/api/count` or `/api/sample` with `"progress": true`),
/// `progress` is called with each progress line's text (`{"progress": {...}, "seconds": S}`)
/// about twice a second, and the reply is the report on one line.
#[wasm_bindgen]
pub fn call(route: &str, body: &str, progress: &js_sys::Function) -> Reply {
    let reply = match pathsat_routes::prepare(route, body.as_bytes(), &limits()) {
        Err(reply) => reply,
        Ok(prepared) if prepared.wants_progress() => {
            let line = ProgressLine::default();
            LISTENER.with(|l| *l.borrow_mut() = Some((progress.clone(), Instant::now())));
            let fold = line.hear();
            let hear = Arc::new(move |event: Progress| {
                fold(event);
                tell(&line);
            });
            let reply = prepared.run(Some(hear));
            LISTENER.with(|l| *l.borrow_mut() = None);
            reply
        }
        Ok(prepared) => prepared.run(None),
    };
    Reply {
        status: reply.status,
        content_type: reply.content_type.to_string(),
        body: reply.body,
    }
}

/// Sends the progress line to the page when the last was sent long enough ago.
fn tell(line: &ProgressLine) {
    LISTENER.with(|listener| {
        let mut listener = listener.borrow_mut();
        let Some((callback, last)) = listener.as_mut() else {
            return;
        };
        if last.elapsed() < PROGRESS_EVERY {
            return;
        }
        *last = Instant::now();
        let text = String::from_utf8_lossy(&line.line()).into_owned();
        let _ = callback.call1(&JsValue::NULL, &JsValue::from_str(&text));
    });
}
