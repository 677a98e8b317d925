//! Each route's request, checked and made ready to run: the options turned into the library's
//! request with [`pathsat_api::options`] (the CLI's mapping), the time capped by the engine's
//! limit, and the work to do as a closure that replies with the library's report.

use crate::input::{self, Envelope};
use crate::{Hear, Limits, Prepared, Reply, MAX_DRAWN, MAX_EXPORT_CLAUSES, MAX_SOLUTIONS};
use crate::{READABLE_CELLS, ROUTES};
use pathsat_api::generate::{blank_template, drawn_seed};
use pathsat_api::options::{
    parse_moves, parse_size, BookletSpec, CountSpec, EncodingSpec, ExplainSpec, ForcedSpec,
    GenerateSpec, HintSpec, SampleSpec, SolveSpec, SplitBy,
};
use pathsat_api::outcome::EncodingInfo;
use pathsat_api::{Cancel, Wanted};
use pathsat_puzzle::{Filling, Moves, Place, Pos, Puzzle};
use serde::{Deserialize, Serialize};
use std::time::Duration;

pub fn prepare(route: &str, body: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    let Some(&route) = ROUTES.iter().find(|r| **r == route) else {
        return Err(Reply::error(
            404,
            format!("{route}: no such page or API route"),
        ));
    };
    if !limits.certify && asks_to_certify(body) {
        return Err(Reply::error(
            400,
            format!(
                "{route}: {} cannot certify a run (its proof is written to files): `pathsat \
                 serve` or the command line can",
                limits.engine
            ),
        ));
    }
    match route {
        "/api/solve" => solve(body, limits),
        "/api/count" => count(body, limits),
        "/api/sample" => sample(body, limits),
        "/api/generate" => generate(body, limits),
        "/api/export" => export(body, limits),
        "/api/draw" => draw(body, limits),
        "/api/forced" => forced(body, limits),
        "/api/hint" => hint(body, limits),
        "/api/explain" => explain(body, limits),
        "/api/booklet" => booklet(body, limits),
        "/api/check" => check(body, limits),
        _ => puzzle_file(body, limits),
    }
}

/// Whether the body is a JSON object with `"certify": true`.
fn asks_to_certify(body: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(body)
        .is_ok_and(|v| v.get("certify") == Some(&serde_json::Value::Bool(true)))
}

/// A request's own time limit, capped by the engine's.
fn capped(timeout: Option<Duration>, limit: Duration) -> Option<Duration> {
    Some(timeout.map_or(limit, |t| t.min(limit)))
}

/// A run of a solver (or the frontier program, or the generator).
fn searching(
    route: &'static str,
    cancel: Cancel,
    job: impl FnOnce(Option<Hear>) -> Reply + Send + 'static,
) -> Prepared {
    Prepared {
        route,
        cancel,
        runs_solver: true,
        wants_progress: false,
        job: Box::new(job),
    }
}

/// The library's report, or its error, as the reply.
fn report<T: Serialize>(result: Result<T, pathsat_api::Error>) -> Reply {
    match result {
        Ok(report) => Reply::json(&report),
        Err(e) => Reply::api_error(&e),
    }
}

fn api(e: pathsat_api::Error) -> Reply {
    Reply::api_error(&e)
}

/// `/api/solve`: the first solution, several, all of them, or a proof of uniqueness.
fn solve(bytes: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    const ROUTE: &str = "/api/solve";
    let body: Envelope<SolveSpec> = input::parse(bytes, ROUTE)?;
    let puzzle = body.required_puzzle(limits, ROUTE)?;
    let file = body.file_name();
    let cancel = Cancel::new();
    let mut request = body.options.request(cancel.clone()).map_err(api)?;
    request.timeout = capped(request.timeout, limits.time_limit);
    // One reply holds at most this many solutions: `all` and larger limits stop there, and the
    // report says so (`limit`, `complete` false) as `--limit` would.
    let asked = request.wanted;
    request.wanted = match asked {
        Wanted::All => Wanted::Upto(MAX_SOLUTIONS),
        Wanted::Upto(n) => Wanted::Upto(n.min(MAX_SOLUTIONS)),
        other => other,
    };
    Ok(searching(ROUTE, cancel, move |_| {
        let mut report = match pathsat_api::solve::solve(&puzzle, &file, &request) {
            Ok(report) => report,
            Err(e) => return Reply::api_error(&e),
        };
        if report.answer.complete && report.wanted != asked {
            // The search ended below the cap: it is the run that was asked for, reported as
            // such.
            report.wanted = asked;
            report.limit = match asked {
                Wanted::Upto(n) => Some(n),
                _ => None,
            };
        }
        Reply::json(&report)
    }))
}

/// `/api/count`'s options: the CLI's, and whether to report progress.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
struct CountBody {
    /// Progress as it runs: the server replies with NDJSON, progress lines (`{"progress":
    /// {...}}`) about twice a second, then the report (or `{"error": ...}`) as the last line.
    progress: bool,
    #[serde(flatten)]
    spec: CountSpec,
}

/// `/api/count`: the count, by the method the CLI would choose.
fn count(bytes: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    const ROUTE: &str = "/api/count";
    let body: Envelope<CountBody> = input::parse(bytes, ROUTE)?;
    let puzzle = body.required_puzzle(limits, ROUTE)?;
    // No engine writes files where a request says.
    let spec = &body.options.spec;
    let field = if spec.tables.spill_dir.is_some() {
        Some("spill-dir")
    } else if spec.checkpoint.is_some() || spec.checkpoint_every.is_some() {
        Some("checkpoint")
    } else {
        None
    };
    if spec.split_by == Some(SplitBy::Residues) {
        // A residue is no count to show; `pathsat merge` recombines the parts.
        return Err(Reply::error(
            400,
            format!(
                "{ROUTE}: \"split-by\": \"residues\" is for `pathsat count`, whose parts \
                 `pathsat merge` recombines"
            ),
        ));
    }
    if let Some(field) = field {
        return Err(Reply::error(
            400,
            format!(
                "{ROUTE}: \"{field}\" is for `pathsat count`; {} keeps its tables in memory",
                limits.engine
            ),
        ));
    }
    let file = body.file_name();
    let cancel = Cancel::new();
    let mut request = body.options.spec.request(cancel.clone()).map_err(api)?;
    request.timeout = capped(request.timeout, limits.time_limit);
    request.options.jobs = request.options.jobs.clamp(1, limits.jobs.max(1));
    // The frontier program's tables get three quarters of a run's memory, the rest is for
    // everything else the run holds.
    let share = limits.memory_per_run / 4 * 3;
    request.options.memory_budget = request.options.memory_budget.min(share.max(1));
    // A run's memory is its limit: no tables in files, which `pathsat count` would go on with
    // in the temporary directory.
    request.options.spill_dir = None;
    request.options.spill_over_budget = false;
    let one_line = body.options.progress;
    let mut prepared = searching(ROUTE, cancel, move |hear| {
        let hear = hear.unwrap_or_else(|| std::sync::Arc::new(|_| {}));
        one_line_or_pretty(
            pathsat_api::count::count(&puzzle, &file, &request, hear),
            one_line,
        )
    });
    prepared.wants_progress = one_line;
    Ok(prepared)
}

/// `/api/sample`'s options: the CLI's, and whether to report progress (as `/api/count`).
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
struct SampleBody {
    /// Progress as it runs, as `/api/count` streams it: the sweep's layers, then the walk back.
    progress: bool,
    #[serde(flatten)]
    spec: SampleSpec,
}

/// `/api/sample`: solutions drawn independently and exactly uniformly (`pathsat sample`), with
/// the engine's limits on time, threads and memory: the frontier program's kept tables get a
/// count's share of the run's memory and no files, and an enumeration keeps at most the
/// fillings that fit in that share.
fn sample(bytes: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    const ROUTE: &str = "/api/sample";
    let body: Envelope<SampleBody> = input::parse(bytes, ROUTE)?;
    let puzzle = body.required_puzzle(limits, ROUTE)?;
    let spec = &body.options.spec;
    if spec.samples as u64 > MAX_SOLUTIONS {
        return Err(Reply::error(
            400,
            format!(
                "{ROUTE}: at most {MAX_SOLUTIONS} samples in one reply (`pathsat sample -n N` \
                 draws any number)"
            ),
        ));
    }
    let file = body.file_name();
    let cancel = Cancel::new();
    let mut request = spec.request(cancel.clone()).map_err(api)?;
    request.timeout = capped(request.timeout, limits.time_limit);
    let count = &mut request.options.count;
    count.jobs = count.jobs.clamp(1, limits.jobs.max(1));
    let share = (limits.memory_per_run / 4 * 3).max(1);
    count.memory_budget = count.memory_budget.min(share);
    count.spill_dir = None;
    count.spill_over_budget = false;
    // An enumeration holds every filling (and the solver a clause against each): about 16
    // bytes a cell.
    let per_filling = 16 * puzzle.n_cells() as u64 + 64;
    let fit = (share / per_filling).max(1);
    request.options.enumeration_limit = request.options.enumeration_limit.min(fit);
    let one_line = body.options.progress;
    let mut prepared = searching(ROUTE, cancel, move |hear| {
        let hear = hear.unwrap_or_else(|| std::sync::Arc::new(|_| {}));
        one_line_or_pretty(
            pathsat_api::sample::sample(&puzzle, &file, &request, hear),
            one_line,
        )
    });
    prepared.wants_progress = one_line;
    Ok(prepared)
}

/// The library's report as the reply: on one line when it ends a progress stream, else as
/// `--format json` prints it.
fn one_line_or_pretty<T: Serialize>(
    result: Result<T, pathsat_api::Error>,
    one_line: bool,
) -> Reply {
    match result {
        Ok(report) if one_line => match serde_json::to_vec(&report) {
            Ok(line) => Reply::bytes("application/json", line),
            Err(e) => Reply::error(500, format!("cannot write the report: {e}")),
        },
        result => report(result),
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

/// `/api/generate`: a new puzzle from a template or an empty board, proved unique.
fn generate(bytes: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    const ROUTE: &str = "/api/generate";
    let body: Envelope<GenerateBody> = input::parse(bytes, ROUTE)?;
    let bad = |message: String| Reply::error(400, message);
    let options = &body.options;
    let (template, file): (Puzzle, String) = match body.puzzle(limits, ROUTE)? {
        Some(puzzle) => ((*puzzle).clone(), body.file_name()),
        None => {
            let Some(size) = &options.size else {
                return Err(bad(format!(
                    "{ROUTE}: give a \"size\" such as \"9x9\", or a template \"puzzle\""
                )));
            };
            let (rows, cols) = parse_size(size).map_err(|e| bad(format!("--size: {e}")))?;
            input::check_size(limits, &format!("--size {size}"), rows.saturating_mul(cols))?;
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
            .map_err(api)?
        }
    };
    let cancel = Cancel::new();
    let mut request = options
        .spec
        .request(drawn_seed(), 0, cancel.clone())
        .map_err(api)?;
    request.timeout = capped(request.timeout, limits.time_limit);
    Ok(searching(ROUTE, cancel, move |_| {
        report(pathsat_api::generate::generate(&template, &file, &request))
    }))
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
    readable: Option<Vec<pathsat_api::export::ReadableClause>>,
}

#[derive(Debug, Serialize)]
struct Family {
    name: &'static str,
    clauses: usize,
}

/// `/api/export`: the CNF of a puzzle in DIMACS, with its sizes, and for small boards its
/// clauses in readable form (each literal named by what it means).
fn export(bytes: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    const ROUTE: &str = "/api/export";
    let body: Envelope<EncodingSpec> = input::parse(bytes, ROUTE)?;
    let puzzle = body.required_puzzle(limits, ROUTE)?;
    let file = body.file_name();
    let options = body.options.options();
    Ok(searching(ROUTE, Cancel::new(), move |_| {
        let exported = match pathsat_api::export::export(&puzzle, &file, &options) {
            Ok(exported) => exported,
            Err(e) => return Reply::api_error(&e),
        };
        let stats = exported.export.encoded.stats().clone();
        if stats.clauses > MAX_EXPORT_CLAUSES {
            return Reply::error(
                400,
                format!(
                    "{file}: {} clauses are more than this page sends (at most \
                     {MAX_EXPORT_CLAUSES}); `pathsat export` writes any size to a file",
                    stats.clauses
                ),
            );
        }
        let readable = (puzzle.n_cells() <= READABLE_CELLS)
            .then(|| pathsat_api::export::readable_clauses(&puzzle, &exported, &stats.families));
        Reply::json(&ExportReply {
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
    }))
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

/// `/api/draw`: an SVG picture of a puzzle, and of fillings the client sends (checked by the
/// verifier first).
fn draw(bytes: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    const ROUTE: &str = "/api/draw";
    let body: Envelope<DrawBody> = input::parse(bytes, ROUTE)?;
    let puzzle = body.required_puzzle(limits, ROUTE)?;
    let file = body.file_name();
    let options = body.options;
    let fillings = match &options.solutions {
        None | Some(serde_json::Value::Null) => Vec::new(),
        Some(serde_json::Value::Array(list)) if list.is_empty() => Vec::new(),
        Some(value) => read_fillings(&puzzle, &file, value)?,
    };
    if fillings.len() > MAX_DRAWN {
        return Err(Reply::error(
            400,
            format!("{ROUTE}: at most {MAX_DRAWN} solutions in one picture"),
        ));
    }
    let mut prepared = searching(ROUTE, Cancel::new(), move |_| {
        let note = options.note.clone().unwrap_or_default();
        let svg = match &fillings[..] {
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
        };
        Reply::bytes("image/svg+xml", svg.into_bytes())
    });
    prepared.runs_solver = false;
    Ok(prepared)
}

/// The fillings the client sent, each checked by the verifier (the api's reading, as
/// `pathsat check`'s).
fn read_fillings(
    puzzle: &Puzzle,
    file: &str,
    value: &serde_json::Value,
) -> Result<Vec<Filling>, Reply> {
    let fillings = pathsat_api::check::read_fillings(puzzle, &value.to_string(), true)
        .map_err(|e| Reply::error(400, format!("solutions: {e}")))?;
    if let Some((i, violation)) = pathsat_api::check::first_violation(puzzle, &fillings) {
        return Err(Reply::error(
            422,
            format!("{file}: solution {} does not solve it: {violation}", i + 1),
        ));
    }
    Ok(fillings)
}

/// `/api/forced`: the cells every solution agrees on, or the givens that conflict (`pathsat
/// forced`); the page asks it after each edit, with a short time limit.
fn forced(bytes: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    const ROUTE: &str = "/api/forced";
    let body: Envelope<ForcedSpec> = input::parse(bytes, ROUTE)?;
    let puzzle = body.required_puzzle(limits, ROUTE)?;
    let file = body.file_name();
    let cancel = Cancel::new();
    let mut request = body.options.request(cancel.clone()).map_err(api)?;
    request.timeout = capped(request.timeout, limits.time_limit);
    Ok(searching(ROUTE, cancel, move |_| {
        report(pathsat_api::forced::forced(&puzzle, &file, &request))
    }))
}

/// `/api/hint`: the next step of a puzzle solved by hand, with its reason, or the first wrong
/// cell of what is filled (`pathsat hint`).
fn hint(bytes: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    const ROUTE: &str = "/api/hint";
    let body: Envelope<HintSpec> = input::parse(bytes, ROUTE)?;
    let puzzle = body.required_puzzle(limits, ROUTE)?;
    let file = body.file_name();
    let cancel = Cancel::new();
    let mut request = body.options.request(&puzzle, cancel.clone()).map_err(api)?;
    request.timeout = capped(request.timeout, limits.time_limit);
    Ok(searching(ROUTE, cancel, move |_| {
        report(pathsat_api::hint::hint(&puzzle, &file, &request))
    }))
}

/// `/api/explain`'s options: the cell (`[row, col]` from 0, or a graph's vertex from 1) and
/// the encoding's.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
struct ExplainBody {
    cell: Option<serde_json::Value>,
    #[serde(flatten)]
    spec: ExplainSpec,
}

/// `/api/explain`: why a cell holds its value, in the clauses unit propagation used (`pathsat
/// explain`).
fn explain(bytes: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    const ROUTE: &str = "/api/explain";
    let body: Envelope<ExplainBody> = input::parse(bytes, ROUTE)?;
    let puzzle = body.required_puzzle(limits, ROUTE)?;
    let file = body.file_name();
    let cell = cell_of(&puzzle, body.options.cell.as_ref()).ok_or_else(|| {
        Reply::error(
            400,
            format!(
                "{ROUTE}: \"cell\" must be a cell of the puzzle: [row, col] from 0 on a board, \
                 a vertex number from 1 on a graph"
            ),
        )
    })?;
    let options = body.options.spec.options();
    Ok(searching(ROUTE, Cancel::new(), move |_| {
        report(pathsat_api::explain::explain(
            &puzzle, &file, cell, &options,
        ))
    }))
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

/// `/api/booklet`: the puzzle and its solution as a printable PDF (`pathsat booklet` for one
/// puzzle). A puzzle without exactly one solution is refused.
fn booklet(bytes: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    const ROUTE: &str = "/api/booklet";
    let body: Envelope<BookletSpec> = input::parse(bytes, ROUTE)?;
    let puzzle = body.required_puzzle(limits, ROUTE)?;
    let file = body.file_name();
    let mut request = body.options.request().map_err(api)?;
    request.timeout = capped(request.timeout, limits.time_limit);
    Ok(searching(
        ROUTE,
        Cancel::new(),
        move |_| match pathsat_api::booklet::booklet(&[((*puzzle).clone(), file)], &request) {
            Ok(report) => Reply::bytes("application/pdf", report.pdf),
            Err(e) => Reply::api_error(&e),
        },
    ))
}

/// The options of `/api/check`.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct CheckBody {
    /// The fillings to check, as the solve report gives them (a list, or one).
    solutions: serde_json::Value,
}

/// `/api/check`: whether the fillings sent solve the puzzle, by the independent verifier
/// (`pathsat check`): a [`CheckReport`](pathsat_api::CheckReport), the first filling that does
/// not and the first rule it breaks; solutions that cannot be read are a 400.
fn check(bytes: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    const ROUTE: &str = "/api/check";
    let body: Envelope<CheckBody> = input::parse(bytes, ROUTE)?;
    let puzzle = body.required_puzzle(limits, ROUTE)?;
    let file = body.file_name();
    let text = body.options.solutions.to_string();
    let mut prepared = searching(ROUTE, Cancel::new(), move |_| {
        report(pathsat_api::check::check(
            &puzzle,
            &file,
            "solutions",
            &text,
            true,
        ))
    });
    prepared.runs_solver = false;
    Ok(prepared)
}

/// A request with no options beyond the puzzle.
#[derive(Debug, Default, Deserialize, Serialize)]
struct NoOptions {}

/// `/api/puzzle`: the puzzle as a JSON puzzle file (`pathsat generate --format json` writes the
/// same): how the page reads a file of any format into its editor, with pathsat's parser alone.
fn puzzle_file(bytes: &[u8], limits: &Limits) -> Result<Prepared, Reply> {
    const ROUTE: &str = "/api/puzzle";
    let body: Envelope<NoOptions> = input::parse(bytes, ROUTE)?;
    let puzzle = body.required_puzzle(limits, ROUTE)?;
    let mut prepared = searching(ROUTE, Cancel::new(), move |_| {
        Reply::bytes(
            "application/json",
            pathsat_puzzle::write::to_json(&puzzle).into_bytes(),
        )
    });
    prepared.runs_solver = false;
    Ok(prepared)
}
