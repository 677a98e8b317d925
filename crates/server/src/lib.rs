#![warn(missing_docs)]
//! # pathsat-server
//!
//! The local web page of pathsat (`pathsat serve`): a board editor in the browser and the JSON
//! API it calls. The API's routes are [`pathsat_routes`]: a request body in, the library's
//! typed report out (serialised exactly as `pathsat ... --format json` prints it), the same
//! code that the static page's WebAssembly module runs in the browser. The server owns only
//! the web's conventions: HTTP, limits on bodies, connections and runs, streaming progress,
//! and worker processes.
//!
//! | route | what |
//! |---|---|
//! | `GET /` (`/app.js`, `/style.css`, `/favicon.svg`) | the page, embedded in the binary: no CDN, no network |
//! | `GET /api/limits` | this server's limits, for the page |
//! | `POST /api/solve` | a [`SolveReport`](pathsat_api::SolveReport) |
//! | `POST /api/count` | a [`CountReport`](pathsat_api::CountReport); with `"progress": true`, NDJSON progress lines first |
//! | `POST /api/sample` | a [`SampleReport`](pathsat_api::SampleReport): `samples` solutions drawn exactly uniformly (`seed` reported; at most [`MAX_SOLUTIONS`]); with `"progress": true`, NDJSON progress lines first |
//! | `POST /api/generate` | a [`GenerateReport`](pathsat_api::GenerateReport) |
//! | `POST /api/export` | the CNF: sizes per family, DIMACS text, readable clauses of a toy board |
//! | `POST /api/draw` | an SVG picture of the puzzle and verified solutions |
//! | `POST /api/forced` | a [`ForcedReport`](pathsat_api::ForcedReport): the cells every solution agrees on (`timeout` in seconds) |
//! | `POST /api/explain` | an [`ExplainReport`](pathsat_api::explain::ExplainReport): the clauses that set a cell (`cell`: `[row, col]`) |
//! | `POST /api/booklet` | `application/pdf`: the puzzle and its solution, to print (refused unless the solution is unique) |
//! | `POST /api/hint` | a [`HintReport`](pathsat_api::HintReport): the next step and its reason, or the first wrong cell (`filling`: rows, `null` on empty cells) |
//! | `POST /api/puzzle` | the puzzle as a JSON puzzle file: how the page loads files of any format |
//! | `POST /api/check` | a [`CheckReport`](pathsat_api::CheckReport): whether the solutions sent solve the puzzle (`solutions` as the solve report gives them), by the verifier |
//!
//! A request body is JSON: `{"puzzle": TEXT}` (a TOML puzzle file's text; a JSON puzzle
//! object, or `"format": "json" | "hcp" | "col" | "g6" | "s6"` for other files) plus the
//! command's options, named as the CLI's flags without their dashes (`"unique": true`,
//! `"exactly-one": "pairwise"`), read by the structs of [`pathsat_api::options`] that the CLI
//! fills too.
//!
//! The server is meant to be left running on a laptop: it binds 127.0.0.1 by default, caps
//! every request's body size, the time to send it and its headers, its run time and its
//! puzzle's size, runs at most [`ServerConfig::max_concurrent`] solves at once (more get a 503
//! with `Retry-After` at once, never a queue) and [`ServerConfig::max_connections`]
//! connections. A client that goes away cancels its run (the request's
//! [`Cancel`](pathsat_api::Cancel) is raised when the handler or its response stream is
//! dropped). Bad JSON and bad puzzles get a 400 whose `error` is the CLI's one-line message.
//!
//! With [`ServerConfig::workers`] (as `pathsat serve` runs), every run of a solver goes to a
//! worker process of its own, killed past [`ServerConfig::memory_per_run`], past the time limit,
//! or when its client goes away ([`isolate`]): no request can take the server down or leave
//! work or memory behind.
//!
//! [`router`] is the whole server without a socket: a request goes in, a response comes out
//! ([`serve`], [`serve_on`] and [`serve_forever`] put it on a port).
//!
//! ```rust
//! use axum::body::Body;
//! use axum::http::{Request, StatusCode};
//! use pathsat_server::{router, ServerConfig};
//! use tower::ServiceExt;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! let config = ServerConfig { max_cells: 100, ..ServerConfig::default() };
//! let app = router(&config);
//! // A TOML puzzle file's text: a 3x3 board, orthogonal steps, 1 and 9 given.
//! let puzzle = "moves = \"rook\"\ngrid = \"\"\"\n1 . .\n. . .\n. . 9\n\"\"\"\n";
//! let body = serde_json::json!({ "puzzle": puzzle }).to_string();
//! let request = Request::post("/api/solve")
//!     .header("content-type", "application/json")
//!     .body(Body::from(body))
//!     .unwrap();
//! let response = app.oneshot(request).await.unwrap();
//! assert_eq!(response.status(), StatusCode::OK);
//! let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
//! let report: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
//! assert_eq!(report["status"], "sat");
//! # }
//! ```

// A handler's error is the HTTP response it sends, once per request: boxing it would only add an
// allocation (and the library's `Error` is returned the same way).
#![allow(clippy::result_large_err)]

mod assets;
mod body;
mod handlers;
pub mod isolate;
mod limits;
mod running;

use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::Semaphore;

pub use isolate::{run_worker, WorkerCommand};
pub use limits::Limits;
pub use pathsat_routes::MAX_SOLUTIONS;

/// What the server listens on and the limits it holds every request to.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to bind: 127.0.0.1 unless the page should be reachable from elsewhere.
    pub bind: IpAddr,
    /// The port; 0 takes a free one (printed on start).
    pub port: u16,
    /// The largest request body, in bytes; larger ones get a 413.
    pub max_body_bytes: usize,
    /// Solves, counts, generations and exports running at once; a request beyond gets a 503.
    pub max_concurrent: usize,
    /// Open connections at once; a connection beyond gets a 503 and is closed.
    pub max_connections: usize,
    /// The longest a run may take: a request's own `timeout` is capped by it, and a run without
    /// one stops at it with what it found (a count marked incomplete).
    pub time_limit: Duration,
    /// The largest puzzle (cells or vertices) the server takes.
    pub max_cells: usize,
    /// Threads one count may use.
    pub jobs: usize,
    /// How long a client may take to send a request's headers, and then its body.
    pub request_read_timeout: Duration,
    /// The most memory one run may take: a count's frontier program gets three quarters of it,
    /// and a worker process (with `workers`) is killed past it.
    pub memory_per_run: u64,
    /// Run every solver in a worker process started by this command ([`isolate`]); `None`
    /// runs them on threads of the server's own process.
    pub workers: Option<WorkerCommand>,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        ServerConfig {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            max_body_bytes: 1 << 20,
            max_concurrent: (2 * cores).max(4),
            max_connections: 512,
            time_limit: Duration::from_secs(60),
            max_cells: 2_500,
            jobs: cores,
            request_read_timeout: Duration::from_secs(10),
            // Half the machine's memory, shared by the runs at once.
            memory_per_run: pathsat_frontier::default_memory_budget() / (2 * cores).max(4) as u64,
            workers: None,
        }
    }
}

impl ServerConfig {
    /// The limits the routes hold a request to.
    pub fn limits(&self) -> pathsat_routes::Limits {
        pathsat_routes::Limits {
            time_limit: self.time_limit,
            max_cells: self.max_cells,
            jobs: self.jobs,
            memory_per_run: self.memory_per_run,
            certify: true,
            engine: "this server",
            larger: "`pathsat serve --max-cells N` takes more, or use the command line",
        }
    }
}

/// What the handlers share: the configuration and the permits of the runs.
pub(crate) struct AppState {
    pub config: ServerConfig,
    /// The configuration's limits, as the routes hold requests to them.
    pub limits: pathsat_routes::Limits,
    pub runs: Arc<Semaphore>,
    /// A worker process started ahead, waiting for the next run (with `workers`).
    pub spare: isolate::Spare,
}

/// The page and the API as an axum router, for [`serve`] or for tests that call it without a
/// socket (`tower::ServiceExt::oneshot`).
pub fn router(config: &ServerConfig) -> Router {
    let state = Arc::new(AppState {
        config: config.clone(),
        limits: config.limits(),
        runs: Arc::new(Semaphore::new(config.max_concurrent.max(1))),
        spare: isolate::Spare::default(),
    });
    handlers::routes(state)
}

/// Binds the configured address and port, with room for 1024 connections waiting to be
/// accepted.
///
/// # Errors
/// When the address cannot be bound (in use, not permitted).
pub async fn bind(config: &ServerConfig) -> io::Result<TcpListener> {
    let address = SocketAddr::new(config.bind, config.port);
    let socket = if address.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    // A burst of clients connecting at once waits in the kernel's queue rather than having its
    // connection attempts dropped (and retried a second later).
    socket.listen(1024)
}

/// Binds and serves until `shutdown` completes.
///
/// # Errors
/// When the address cannot be bound.
pub async fn serve(config: ServerConfig, shutdown: impl Future<Output = ()>) -> io::Result<()> {
    let listener = bind(&config).await?;
    serve_on(listener, config, shutdown).await
}

/// Serves on `listener` until `shutdown` completes: HTTP/1.1, one task per connection, at most
/// [`ServerConfig::max_connections`] at once, each given
/// [`ServerConfig::request_read_timeout`] to send its headers.
///
/// # Errors
/// None at present: a failed `accept` (out of file descriptors) is waited out, not returned.
pub async fn serve_on(
    listener: TcpListener,
    config: ServerConfig,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let app = router(&config);
    let connections = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let service = TowerToHyperService::new(app);
    // A connection lives at most this long: a run's time limit, the time to send the request,
    // and time to read the answer.
    let lifetime = config.time_limit + 2 * config.request_read_timeout + Duration::from_secs(30);
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => return Ok(()),
        };
        let stream = match accepted {
            Ok((stream, _peer)) => stream,
            Err(_) => {
                // Out of file descriptors or a connection reset before accept: wait a moment
                // rather than spin.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let Ok(permit) = Arc::clone(&connections).try_acquire_owned() else {
            tokio::spawn(refuse_connection(stream));
            continue;
        };
        let service = service.clone();
        let read_timeout = config.request_read_timeout;
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(read_timeout)
                .serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(lifetime, connection).await;
            drop(permit);
        });
    }
}

/// Tells a connection beyond the cap that the server is busy, and closes it.
async fn refuse_connection(stream: tokio::net::TcpStream) {
    let body = "{\"error\": \"too many connections; try again in a moment\"}\n";
    let reply = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         retry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    // One small write into a fresh socket's buffer: no waiting on a client that reads nothing.
    if let Ok(Ok(())) = tokio::time::timeout(Duration::from_secs(1), stream.writable()).await {
        let _ = stream.try_write(reply.as_bytes());
    }
}

/// Binds, calls `on_bound` with the address (the port chosen when it was 0), and serves until
/// the process ends, on a tokio runtime of its own: what `pathsat serve` does.
///
/// # Errors
/// When the runtime cannot start or the address cannot be bound.
pub fn serve_forever(config: ServerConfig, on_bound: impl FnOnce(SocketAddr)) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = bind(&config).await?;
        on_bound(listener.local_addr()?);
        serve_on(listener, config, std::future::pending()).await
    })
}
