//! The routes: the page's assets, and the API's handlers. Each handler reads its body
//! ([`crate::input`]), turns the options into the library's request with
//! [`pathsat_api::options`] (the CLI's mapping), caps the request's time by the server's, runs
//! the library on a blocking thread under one of the run permits (or, for the routes that run
//! solvers in a server with workers, hands the checked body to a worker process:
//! [`crate::isolate`]), and replies with the library's report as `--format json` prints it. A handler dropped before it finished (the
//! client went away) raises the run's [`Cancel`] flag, which stops the run within
//! [`pathsat_api::CANCEL_POLL`] and frees its permit.

use crate::input::{self, api_error, error, Envelope};
use crate::limits::{Limits, MAX_EXPORT_CLAUSES, MAX_SOLUTIONS, READABLE_CELLS};
use crate::{assets, isolate, AppState};
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderValue, Method, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use pathsat_api::export::Meaning;
use pathsat_api::generate::{blank_template, drawn_seed};
use pathsat_api::options::{
    parse_moves, parse_size, CountSpec, EncodingSpec, GenerateSpec, SolveSpec,
};
use pathsat_api::outcome::EncodingInfo;
use pathsat_api::progress::{CountProgress, Progress};
use pathsat_api::{Cancel, Wanted, GRACE};
use pathsat_puzzle::{parse_fillings, parse_orders, verify, Filling, Moves, Puzzle};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

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

/// The report as `pathsat ... --format json` prints it: pretty JSON and a newline.
fn json(report: &impl Serialize) -> Response {
    match serde_json::to_vec_pretty(report) {
        Ok(mut body) => {
            body.push(b'\n');
            let mut response = (StatusCode::OK, body).into_response();
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            response
        }
        Err(e) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot write the report: {e}"),
        ),
    }
}

/// Raises a run's flag when dropped: when the handler's future is dropped because the client
/// went away, or when a streamed response's body is.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// The reply when every run permit is taken: 503, try again in a second.
pub(crate) fn busy(state: &AppState) -> Response {
    let mut response = error(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "the server is busy: {} runs are going, as many as it runs at once; try again in a \
             moment",
            state.config.max_concurrent
        ),
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// A request's own time limit, capped by the server's.
fn capped(timeout: Option<Duration>, limit: Duration) -> Option<Duration> {
    Some(timeout.map_or(limit, |t| t.min(limit)))
}

/// Starts `work` on a blocking thread under a run permit (or replies 503 when none is free);
/// the permit is released when the work ends.
fn start<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<tokio::task::JoinHandle<T>, Response> {
    let permit = Arc::clone(&state.runs)
        .try_acquire_owned()
        .map_err(|_| busy(state))?;
    Ok(tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    }))
}

/// How long past the time limit a run may take before the server gives up waiting for it.
fn backstop(state: &AppState) -> Duration {
    state.config.time_limit + GRACE + Duration::from_secs(5)
}

/// Runs `work` as [`start`] does and waits for it, at most the time limit and a margin (the
/// library returns at its deadline; the margin covers what it cannot interrupt).
async fn run<T: Send + 'static>(
    state: &AppState,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Response> {
    let task = start(state, work)?;
    match tokio::time::timeout(backstop(state), task).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(error(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the run failed: {e}"),
        )),
        Err(_) => {
            cancel.cancel();
            Err(error(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the run did not finish within the server's time limit of {} s",
                    state.config.time_limit.as_secs_f64()
                ),
            ))
        }
    }
}

/// Either reply of a handler.
fn either(result: Result<Response, Response>) -> Response {
    match result {
        Ok(response) | Err(response) => response,
    }
}

async fn solve(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    either(solve_reply(&state, request).await)
}

async fn solve_reply(state: &AppState, request: Request<Body>) -> Result<Response, Response> {
    const ROUTE: &str = "/api/solve";
    let bytes = input::read_body(state, request, ROUTE).await?;
    let body: Envelope<SolveSpec> = input::parse(&bytes, ROUTE)?;
    let puzzle = body.required_puzzle(state, ROUTE)?;
    let file = body.file_name();
    let cancel = Cancel::new();
    let _guard = CancelOnDrop(cancel.clone());
    let mut request = body
        .options
        .request(cancel.clone())
        .map_err(|e| api_error(&e))?;
    if state.config.workers.is_some() {
        return isolate::forward(state, ROUTE, bytes).await;
    }
    request.timeout = capped(request.timeout, state.config.time_limit);
    // One reply holds at most this many solutions: `all` and larger limits stop there, and the
    // report says so (`limit`, `complete` false) as `--limit` would.
    let most = MAX_SOLUTIONS;
    let asked = request.wanted;
    request.wanted = match asked {
        Wanted::All => Wanted::Upto(most),
        Wanted::Upto(n) => Wanted::Upto(n.min(most)),
        other => other,
    };
    let mut report = run(state, &cancel, move || {
        pathsat_api::solve::solve(&puzzle, &file, &request)
    })
    .await?
    .map_err(|e| api_error(&e))?;
    if report.answer.complete && report.wanted != asked {
        // The search ended below the cap: it is the run that was asked for, reported as such.
        report.wanted = asked;
        report.limit = match asked {
            Wanted::Upto(n) => Some(n),
            _ => None,
        };
    }
    Ok(json(&report))
}

/// `/api/count`'s options: the CLI's, and whether to stream progress.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
struct CountBody {
    /// Reply with NDJSON: progress lines (`{"progress": {...}}`) about twice a second, then
    /// the report (or `{"error": ...}`) as the last line.
    progress: bool,
    #[serde(flatten)]
    spec: CountSpec,
}

async fn count(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    either(count_reply(state, request).await)
}

async fn count_reply(state: Arc<AppState>, request: Request<Body>) -> Result<Response, Response> {
    const ROUTE: &str = "/api/count";
    let bytes = input::read_body(&state, request, ROUTE).await?;
    let body: Envelope<CountBody> = input::parse(&bytes, ROUTE)?;
    let puzzle = body.required_puzzle(&state, ROUTE)?;
    let file = body.file_name();
    let cancel = Cancel::new();
    let guard = CancelOnDrop(cancel.clone());
    let mut request = body
        .options
        .spec
        .request(cancel.clone())
        .map_err(|e| api_error(&e))?;
    if state.config.workers.is_some() {
        return isolate::forward(&state, ROUTE, bytes).await;
    }
    request.timeout = capped(request.timeout, state.config.time_limit);
    request.options.jobs = request.options.jobs.clamp(1, state.config.jobs.max(1));
    // The frontier program's tables get three quarters of a run's memory, the rest is for
    // everything else the run holds.
    let share = state.config.memory_per_run / 4 * 3;
    request.options.memory_budget = request.options.memory_budget.min(share.max(1));
    let seen: Arc<Mutex<Option<CountProgress>>> = Arc::default();
    let hear = {
        let seen = Arc::clone(&seen);
        Arc::new(move |p: Progress| {
            let mut line = seen.lock().expect("not poisoned");
            line.get_or_insert_with(CountProgress::default).hear(p);
        })
    };
    let work = move || pathsat_api::count::count(&puzzle, &file, &request, hear);
    if !body.options.progress {
        let report = run(&state, &cancel, work)
            .await?
            .map_err(|e| api_error(&e))?;
        return Ok(json(&report));
    }
    let task = start(&state, work)?;
    let (lines, receiver) = tokio::sync::mpsc::channel::<Bytes>(4);
    let started = Instant::now();
    let backstop = backstop(&state);
    tokio::spawn(async move {
        tokio::pin!(task);
        loop {
            match tokio::time::timeout(Duration::from_millis(500), &mut task).await {
                Ok(done) => {
                    let last = match done {
                        Ok(Ok(report)) => serde_json::to_vec(&report)
                            .unwrap_or_else(|e| error_line(&format!("cannot write it: {e}"))),
                        Ok(Err(e)) => error_line(&e.to_string()),
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
                    let snapshot = seen.lock().expect("not poisoned").clone();
                    let progress = serde_json::json!({
                        "progress": snapshot.unwrap_or_default(),
                        "seconds": (started.elapsed().as_secs_f64() * 10.0).round() / 10.0,
                    });
                    let line = line_bytes(serde_json::to_vec(&progress).unwrap_or_default());
                    if lines.send(line).await.is_err() {
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

fn error_line(message: &str) -> Vec<u8> {
    serde_json::to_vec(&serde_json::json!({ "error": message })).unwrap_or_default()
}

fn line_bytes(mut line: Vec<u8>) -> Bytes {
    line.push(b'\n');
    Bytes::from(line)
}

/// A streamed response: the lines a task sends. Dropped when the client goes away, and with it
/// its guard, which stops the work (raises the count's flag, kills its worker).
pub(crate) struct Lines {
    receiver: tokio::sync::mpsc::Receiver<Bytes>,
    _guard: Box<dyn Send>,
}

impl Lines {
    pub(crate) fn new(receiver: tokio::sync::mpsc::Receiver<Bytes>, guard: Box<dyn Send>) -> Lines {
        Lines {
            receiver,
            _guard: guard,
        }
    }
}

impl http_body::Body for Lines {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Infallible>>> {
        self.receiver
            .poll_recv(cx)
            .map(|line| line.map(|bytes| Ok(http_body::Frame::data(bytes))))
    }
}

/// `/api/generate`'s options: the template (a puzzle, or an empty board by size, moves,
/// closed, trail) and the CLI's generation options.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
struct GenerateBody {
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

async fn generate(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    either(generate_reply(&state, request).await)
}

async fn generate_reply(state: &AppState, request: Request<Body>) -> Result<Response, Response> {
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

/// The CNF of a puzzle, for teachers and other solvers.
#[derive(Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
struct ExportReply {
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
    readable: Option<Vec<ReadableClause>>,
}

#[derive(Debug, Serialize)]
struct Family {
    name: &'static str,
    clauses: usize,
}

#[derive(Debug, Serialize)]
struct ReadableClause {
    family: &'static str,
    clause: String,
}

async fn export(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    either(export_reply(&state, request).await)
}

async fn export_reply(state: &AppState, request: Request<Body>) -> Result<Response, Response> {
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
            .then(|| readable_clauses(&puzzle, &exported, &stats.families));
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

/// Every clause in words: `¬x[1,2]=3 ∨ x[1,3]=4`, rows and columns counted from 1 (vertices
/// as numbered in the input), auxiliary variables `aN`, labelled with its family.
fn readable_clauses(
    puzzle: &Puzzle,
    exported: &pathsat_api::export::Exported,
    families: &[pathsat_encode::FamilyCount],
) -> Vec<ReadableClause> {
    let names: std::collections::HashMap<u64, String> = exported
        .meanings()
        .into_iter()
        .map(|(var, meaning)| (var, meaning_name(puzzle, meaning)))
        .collect();
    let name = |literal: i64| {
        let var = literal.unsigned_abs();
        let base = names
            .get(&var)
            .cloned()
            .unwrap_or_else(|| format!("a{var}"));
        if literal < 0 {
            format!("¬{base}")
        } else {
            base
        }
    };
    let mut family_of = families
        .iter()
        .flat_map(|f| std::iter::repeat_n(f.name, f.clauses));
    exported
        .clauses()
        .into_iter()
        .map(|clause| ReadableClause {
            family: family_of.next().unwrap_or("other"),
            clause: if clause.is_empty() {
                "⊥ (the empty clause)".to_string()
            } else {
                clause.into_iter().map(name).collect::<Vec<_>>().join(" ∨ ")
            },
        })
        .collect()
}

fn meaning_name(puzzle: &Puzzle, meaning: Meaning) -> String {
    let place = |cell: usize| {
        if puzzle.is_graph() {
            format!("{}", cell + 1)
        } else if cell < puzzle.n_cells() {
            let pos = puzzle.board().pos(cell);
            format!("{},{}", pos.row + 1, pos.col + 1)
        } else {
            // An open path's virtual vertex, which closes it into a cycle.
            "end".to_string()
        }
    };
    match meaning {
        Meaning::Place { cell, value } => format!("x[{}]={value}", place(cell)),
        Meaning::Arc { from, to } => format!("[{}]→[{}]", place(from), place(to)),
    }
}

/// `/api/draw`'s options: the solutions to draw (as `/api/solve` reports them: grids, or
/// vertex orders for graphs), each checked by the verifier first.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
struct DrawBody {
    solutions: Option<serde_json::Value>,
    /// Two solutions: draw them side by side with the cells where they differ outlined.
    compare: bool,
    /// The caption's second line.
    note: Option<String>,
}

/// The most solutions one picture shows.
const MAX_DRAWN: usize = 100;

async fn draw(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    either(draw_reply(&state, request).await)
}

async fn draw_reply(state: &AppState, request: Request<Body>) -> Result<Response, Response> {
    const ROUTE: &str = "/api/draw";
    let body: Envelope<DrawBody> = input::read(state, request, ROUTE).await?;
    let puzzle = body.required_puzzle(state, ROUTE)?;
    let file = body.file_name();
    let options = body.options;
    let cancel = Cancel::new();
    let svg = run(state, &cancel, move || {
        let fillings = match &options.solutions {
            None | Some(serde_json::Value::Null) => Vec::new(),
            Some(serde_json::Value::Array(list)) if list.is_empty() => Vec::new(),
            Some(value) => read_fillings(&puzzle, &file, value)?,
        };
        if fillings.len() > MAX_DRAWN {
            return Err(error(
                StatusCode::BAD_REQUEST,
                format!("{ROUTE}: at most {MAX_DRAWN} solutions in one picture"),
            ));
        }
        let note = options.note.clone().unwrap_or_default();
        Ok(match &fillings[..] {
            [] => pathsat_picture::picture(
                &puzzle,
                None,
                options
                    .note
                    .as_deref()
                    .unwrap_or(&pathsat_picture::task(&puzzle)),
            ),
            [only] => pathsat_picture::picture(&puzzle, Some(only), &note),
            [first, second] if options.compare => {
                pathsat_picture::two_solutions(&puzzle, first, second, &note)
            }
            several => pathsat_picture::sheet(&puzzle, several, &note),
        })
    })
    .await??;
    let mut response = (StatusCode::OK, svg).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("image/svg+xml"),
    );
    Ok(response)
}

/// The solutions of a draw request, each accepted by the verifier.
fn read_fillings(
    puzzle: &Puzzle,
    file: &str,
    value: &serde_json::Value,
) -> Result<Vec<Filling>, Response> {
    let text = value.to_string();
    let fillings = if puzzle.is_graph() {
        parse_orders(puzzle.n_cells(), &text, true)
    } else {
        parse_fillings(puzzle.board(), &text, true, puzzle.trail().is_some())
    }
    .map_err(|e| error(StatusCode::BAD_REQUEST, format!("solutions: {e}")))?;
    for (i, filling) in fillings.iter().enumerate() {
        if let Err(violation) = verify(puzzle, filling) {
            return Err(error(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("{file}: solution {} does not solve it: {violation}", i + 1),
            ));
        }
    }
    Ok(fillings)
}

/// A request with no options beyond the puzzle.
#[derive(Debug, Default, Deserialize, Serialize)]
struct NoOptions {}

async fn puzzle_file(State(state): State<Arc<AppState>>, request: Request<Body>) -> Response {
    either(puzzle_reply(&state, request).await)
}

/// The puzzle as a JSON puzzle file (`pathsat generate --format json` writes the same): how
/// the page reads a file of any format into its editor, with pathsat's parser alone.
async fn puzzle_reply(state: &AppState, request: Request<Body>) -> Result<Response, Response> {
    const ROUTE: &str = "/api/puzzle";
    let body: Envelope<NoOptions> = input::read(state, request, ROUTE).await?;
    let puzzle = body.required_puzzle(state, ROUTE)?;
    let mut response = (StatusCode::OK, pathsat_puzzle::write::to_json(&puzzle)).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    Ok(response)
}
