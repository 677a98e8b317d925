//! # Reports
//!
//! What the commands print: one JSON object for programs (`--format json`), or aligned grids
//! and a statistics line for people.

use pathsat_bigcount::{group_digits, BigCount};
use pathsat_count::{Estimate, Method, Stopped};
use pathsat_encode::{Encoding, EncodingOptions};
use pathsat_puzzle::{render, Filling, Puzzle};
use pathsat_solver::{Count, LoopStats, SolveStats};
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::time::Duration;

type Grid = Vec<Vec<Option<u32>>>;

/// The result of `solve` or `count`.
#[derive(Debug, Serialize)]
pub struct RunReport {
    pub file: String,
    pub name: String,
    /// "sat", "unsat", or "unknown" (stopped before finding a solution or proving none).
    pub status: &'static str,
    /// Fillings found (all of them when `complete`, else a lower bound); for a trail puzzle,
    /// trails. An exact JSON number of any length.
    pub count: BigCount,
    /// What `count` counts: "fillings", or "trails" (a path and its reverse once).
    pub counts: &'static str,
    /// Whether the search proved there are no other fillings.
    pub complete: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// `solve --unique` only: whether the solution is proved unique.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// The fillings found (none for `count`): for a board each a grid of rows, holes as null;
    /// for a trail each a grid of step numbers, null for holes and for cells off the trail; for
    /// a graph each a vertex order (vertices numbered from 1, as in the input).
    pub solutions: Solutions,
    /// A graph's first solution as a vertex order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<usize>>,
    /// Why the puzzle has no solution, when the encoder proved it before solving.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// `decode` only: the solver output the answer was read from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_file: Option<String>,
    /// `count` only: how the count was made (`frontier-dp`, `sat-cubes`, `enumeration`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<&'static str>,
    /// `count` only: why that method (what applied, and why the others did not).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// `count` by the frontier program: what it cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frontier: Option<FrontierReport>,
    /// `count` stopped as out of reach: how long enumeration was estimated to take.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<Estimate>,
    /// `count` only: whether every filling counted passed the verifier (false for the
    /// dynamic program, which counts without enumerating).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verified: Option<bool>,
    /// What stopped an incomplete run: `limit`, `timeout`, `memory` (the frontier program's
    /// budget) or `out-of-reach` (enumeration estimated to take too long).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<&'static str>,
    /// `count` only: the cubes the SAT count was split into.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cubes: Option<usize>,
    /// `count` only: the symmetry classes used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<String>,
    /// `count` in the successor encoding: the Hamiltonian cycles (or paths) found, as arc sets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycles: Option<u64>,
    /// With `--certify`: true when varisat's proof checker accepted the proof of the run (a
    /// rejected proof is an error, never `false`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certified: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<CertificateReport>,
    pub encoding: EncodingReport,
    pub stats: StatsReport,
}

/// What the frontier program's count cost.
#[derive(Debug, Serialize)]
pub struct FrontierReport {
    /// How the sweep order was chosen: `rows`, `columns` or `path decomposition`.
    pub order: &'static str,
    pub layers: usize,
    /// The most vertices on the frontier at once.
    pub width: usize,
    pub peak_states: u64,
    pub peak_bytes: u64,
}

impl From<&pathsat_frontier::FrontierStats> for FrontierReport {
    fn from(s: &pathsat_frontier::FrontierStats) -> Self {
        FrontierReport {
            order: s.order,
            layers: s.layers,
            width: s.width,
            peak_states: s.peak_states,
            peak_bytes: s.peak_bytes,
        }
    }
}

/// What the proof checker accepted.
#[derive(Debug, Serialize)]
pub struct CertificateReport {
    /// Models verified: exactly the fillings returned, in order.
    pub models: usize,
    /// Whether the final unsatisfiability was verified (no other filling exists).
    pub complete: bool,
    pub proof_bytes: u64,
    pub check_seconds: f64,
}

impl RunReport {
    /// Marks the report as certified by `certificate`.
    pub fn certify(&mut self, certificate: &pathsat_solver::Certificate) {
        self.certified = Some(true);
        self.certificate = Some(CertificateReport {
            models: certificate.models,
            complete: certificate.complete,
            proof_bytes: certificate.proof_bytes,
            check_seconds: certificate.check_time.as_secs_f64(),
        });
    }
}

/// The line that says what a certificate covers.
fn certificate_line(c: &CertificateReport) -> String {
    let models = plural(c.models as u64, "model");
    let rest = if c.complete {
        "then unsatisfiability: no other filling exists"
    } else {
        "not completeness (the search stopped early)"
    };
    format!(
        "certified: varisat's proof checker accepted the proof of the run: {models}, each a filling \
         returned, {rest} (proof {:.1} MB, checked in {})",
        c.proof_bytes as f64 / 1e6,
        duration(c.check_seconds)
    )
}

/// Solutions as grids (boards) or vertex orders (graphs).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Solutions {
    Grids(Vec<Grid>),
    Orders(Vec<Vec<usize>>),
}

impl Solutions {
    fn of(puzzle: &Puzzle, fillings: &[Filling]) -> Solutions {
        if puzzle.is_graph() {
            Solutions::Orders(fillings.iter().map(vertex_order).collect())
        } else {
            let off_trail_as_null = |mut grid: Grid| {
                if puzzle.trail().is_some() {
                    for entry in grid.iter_mut().flatten() {
                        if *entry == Some(0) {
                            *entry = None;
                        }
                    }
                }
                grid
            };
            Solutions::Grids(
                fillings
                    .iter()
                    .map(|f| off_trail_as_null(f.to_rows(puzzle.board())))
                    .collect(),
            )
        }
    }
}

/// The vertices of a graph filling in order, numbered from 1.
fn vertex_order(filling: &Filling) -> Vec<usize> {
    filling.order().into_iter().map(|v| v + 1).collect()
}

#[derive(Debug, Serialize)]
pub struct EncodingReport {
    pub name: &'static str,
    pub exactly_one: &'static str,
    /// Position encoding only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pruning: Option<&'static str>,
}

impl EncodingReport {
    pub fn new(encoding: Encoding, options: &EncodingOptions) -> EncodingReport {
        EncodingReport {
            name: encoding.name(),
            exactly_one: options.exactly_one(encoding).name(),
            pruning: (encoding == Encoding::Position).then(|| options.position.pruning.name()),
        }
    }

    /// How the text output names it.
    fn describe(&self) -> String {
        match self.pruning {
            Some(pruning) => format!(
                "{} encoding, exactly-one {}, pruning {pruning}",
                self.name, self.exactly_one
            ),
            None => format!("{} encoding, exactly-one {}", self.name, self.exactly_one),
        }
    }
}

/// The successor encoding's rounds of subtour cuts.
#[derive(Debug, Serialize)]
pub struct SubtoursReport {
    /// Solver calls whose model had subcycles.
    pub rounds: u64,
    /// Cut clauses added (two per subcycle: an arc out of it, an arc into it).
    pub cuts: u64,
    /// The most subcycles one model had.
    pub max_cycles: usize,
    /// Tours made by joining a model's subcycles rather than by another solver call.
    pub patched: u64,
}

impl From<&LoopStats> for SubtoursReport {
    fn from(s: &LoopStats) -> Self {
        SubtoursReport {
            rounds: s.rounds,
            cuts: s.cuts,
            max_cycles: s.max_cycles,
            patched: s.patched,
        }
    }
}

#[derive(Debug, Serialize)]
pub struct StatsReport {
    /// Cells of a board, vertices of a graph.
    pub cells: usize,
    /// Whether the cells are a graph's vertices (text output names them so).
    #[serde(skip)]
    pub graph: bool,
    pub primary_variables: usize,
    pub variables: usize,
    pub clauses: usize,
    pub solver_calls: u64,
    pub encode_seconds: f64,
    pub solve_seconds: f64,
    /// Parsing, encoding, solving and verifying: the whole run.
    pub total_seconds: f64,
    /// The successor encoding's subtour cuts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtours: Option<SubtoursReport>,
}

impl RunReport {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        file: &Path,
        puzzle: &Puzzle,
        encoding: EncodingReport,
        stats: &SolveStats,
        count: Count,
        limit: Option<u64>,
        unique: Option<bool>,
        solutions: &[Filling],
        elapsed: Duration,
    ) -> RunReport {
        RunReport {
            file: file.display().to_string(),
            name: puzzle.name().to_string(),
            status: if count.count > 0 {
                "sat"
            } else if count.complete {
                "unsat"
            } else {
                "unknown"
            },
            count: BigCount::from(count.count),
            counts: if puzzle.trail().is_some() {
                "trails"
            } else {
                "fillings"
            },
            complete: count.complete,
            limit,
            unique,
            solutions: Solutions::of(puzzle, solutions),
            order: solutions
                .first()
                .filter(|_| puzzle.is_graph())
                .map(vertex_order),
            reason: None,
            model_file: None,
            method: None,
            why: None,
            frontier: None,
            estimate: None,
            verified: None,
            stopped: None,
            cubes: None,
            symmetry: None,
            cycles: None,
            certified: None,
            certificate: None,
            encoding,
            stats: StatsReport {
                cells: stats.encode.cells,
                graph: puzzle.is_graph(),
                primary_variables: stats.encode.primary_vars,
                variables: stats.encode.variables,
                clauses: stats.encode.clauses,
                solver_calls: stats.solve_calls,
                encode_seconds: stats.encode_time.as_secs_f64(),
                solve_seconds: stats.solve_time.as_secs_f64(),
                total_seconds: elapsed.as_secs_f64(),
                subtours: stats.subtours.as_ref().map(SubtoursReport::from),
            },
        }
    }
}

/// The result of `check`.
#[derive(Debug, Serialize)]
pub struct CheckReport {
    pub file: String,
    pub solution_file: String,
    pub name: String,
    /// How many fillings the solution file held.
    pub fillings: usize,
    pub valid: bool,
    /// The index of the first invalid filling.
    pub invalid_index: Option<usize>,
    /// The first rule it breaks.
    pub violation: Option<String>,
}

/// The result of `compare`.
#[derive(Debug, Serialize)]
pub struct CompareReport {
    pub file: String,
    pub name: String,
    pub variables: usize,
    pub clauses: usize,
    pub encoding: EncodingReport,
    pub solvers: Vec<SolverRow>,
}

/// One solver's line in `compare`.
#[derive(Debug, Serialize)]
pub struct SolverRow {
    pub solver: String,
    pub path: Option<String>,
    pub version: Option<String>,
    /// sat, unsat, unknown, timeout, absent or error.
    pub status: &'static str,
    pub seconds: Option<f64>,
    /// Whether the model decodes to a valid filling (sat answers only).
    pub valid: Option<bool>,
    /// What went wrong: the model's problem, or the error.
    pub error: Option<String>,
}

pub fn print_compare_text(r: &CompareReport) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(
        out,
        "{}: {}, {} ({})",
        r.name,
        plural(r.variables as u64, "variable"),
        plural(r.clauses as u64, "clause"),
        r.encoding.describe()
    )?;
    let header = ["solver", "version", "status", "seconds", "model"];
    let rows: Vec<[String; 5]> = r
        .solvers
        .iter()
        .map(|row| {
            [
                row.solver.clone(),
                row.version.clone().unwrap_or_else(|| "-".into()),
                row.status.to_string(),
                row.seconds.map_or("-".into(), |s| format!("{s:.3}")),
                match (row.valid, &row.error) {
                    (Some(true), _) => "valid".into(),
                    (_, Some(e)) => e.clone(),
                    _ => "-".into(),
                },
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: [&str; 5]| {
        format!(
            "{:<w0$}  {:<w1$}  {:<w2$}  {:>w3$}  {}",
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            cells[4],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3]
        )
    };
    writeln!(out, "{}", line(header).trim_end())?;
    for row in &rows {
        let cells = [&*row[0], &*row[1], &*row[2], &*row[3], &*row[4]];
        writeln!(out, "{}", line(cells).trim_end())?;
    }
    out.flush()
}

pub fn print_json(report: &impl Serialize) -> io::Result<()> {
    write_json(&mut io::stdout().lock(), report)
}

/// The report as pretty JSON, then a newline.
pub fn write_json(out: &mut dyn Write, report: &impl Serialize) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    serde_json::to_writer_pretty(&mut out, report).map_err(|e| match e.io_error_kind() {
        // Keep the kind, so that a closed pipe stays a closed pipe.
        Some(kind) => io::Error::from(kind),
        None => io::Error::other(e),
    })?;
    writeln!(out)?;
    out.flush()
}

pub fn print_solve_text(
    report: &RunReport,
    puzzle: &Puzzle,
    solutions: &[Filling],
) -> io::Result<()> {
    write_solve_text(&mut io::stdout().lock(), report, puzzle, solutions)
}

/// The solutions as grids (or vertex orders), then the status and statistics lines.
pub fn write_solve_text(
    out: &mut dyn Write,
    report: &RunReport,
    puzzle: &Puzzle,
    solutions: &[Filling],
) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    writeln!(out, "{puzzle}")?;
    let shown = shown(report, solutions);
    for (i, filling) in shown.iter().enumerate() {
        if shown.len() > 1 {
            writeln!(out, "\nsolution {}", i + 1)?;
        } else {
            writeln!(out)?;
        }
        if puzzle.is_graph() {
            let order: Vec<String> = vertex_order(filling)
                .iter()
                .map(ToString::to_string)
                .collect();
            writeln!(out, "{}", order.join(" "))?;
        } else {
            out.write_all(render::filling_grid(puzzle, filling).as_bytes())?;
        }
        if let Some(labels) = render::trail_labels(puzzle, filling) {
            writeln!(out, "{labels}")?;
        }
    }
    if let (Some(legend), false) = (render::legend(puzzle), shown.is_empty()) {
        writeln!(out, "{legend}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", solve_status(report))?;
    if let Some(c) = &report.certificate {
        writeln!(out, "{}", certificate_line(c))?;
    }
    writeln!(out, "{}", stats_line(report))?;
    out.flush()
}

/// The solutions to show: `--unique` found a second filling only to prove the first is not
/// unique, so it shows one.
pub fn shown<'s>(report: &RunReport, solutions: &'s [Filling]) -> &'s [Filling] {
    if report.unique.is_some() {
        &solutions[..solutions.len().min(1)]
    } else {
        solutions
    }
}

/// One line saying what the run found: sat or unsat, unique or not, all solutions or some.
pub fn solve_status(r: &RunReport) -> String {
    if let Some(model) = &r.model_file {
        return if r.count.is_zero() {
            format!("unsat: the solver found no filling ({model})")
        } else {
            format!("sat: the model in {model} decodes to this filling, which the verifier accepts")
        };
    }
    let noun = r.counts.trim_end_matches('s');
    let timed_out = r.stopped == Some(Stopped::Timeout.name());
    if r.count.is_zero() {
        if !r.complete {
            return format!(
                "unknown: no {noun} found before the timeout, and none ruled out (the puzzle may \
                 or may not have one)"
            );
        }
        return match &r.reason {
            Some(why) => format!("unsat: no {noun} solves the puzzle ({why})"),
            None => format!("unsat: no {noun} solves the puzzle"),
        };
    }
    match (r.unique, r.limit) {
        (Some(true), _) => format!("sat: the solution is unique (no other {noun} exists)"),
        (Some(false), _) => format!(
            "sat: the solution is not unique (another {noun} exists; `pathsat count` counts them)"
        ),
        _ if timed_out => format!(
            "sat: {} found before the timeout (there may be more)",
            plural_big(&r.count, "solution")
        ),
        (None, _) if r.complete => {
            format!("sat: {} — all of them", plural_big(&r.count, "solution"))
        }
        (None, Some(limit)) => format!(
            "sat: {} shown (stopped at the limit of {}; there may be more)",
            plural_big(&r.count, "solution"),
            thousands(limit)
        ),
        (None, None) => {
            "sat: first solution (`--all` lists every one, `--unique` proves uniqueness)"
                .to_string()
        }
    }
}

pub fn print_count_text(r: &RunReport) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    let noun = r.counts.trim_end_matches('s');
    let fillings = plural_big(&r.count, noun);
    let stopped = r.stopped.and_then(stopped_from_name);
    let what = match stopped {
        None => format!("{fillings} (complete)"),
        // The frontier program counts all at once: stopped, it knows no fillings.
        Some(s) if r.count.is_zero() && r.method == Some(Method::Dp.name()) => {
            format!("count unknown ({})", stopped_words(s))
        }
        Some(s) => format!(
            "at least {fillings} ({}; the count is incomplete)",
            stopped_words(s)
        ),
    };
    writeln!(out, "{}: {what}", r.name)?;
    if let (true, Some(why)) = (r.count.is_zero() && r.complete, &r.reason) {
        writeln!(out, "unsat: {why}")?;
    }
    if let Some(estimate) = &r.estimate {
        // A certified count is one solver's run: the cubes cannot be certified.
        let anyway = if r.certified.is_some() {
            "--method enumerate"
        } else {
            "--method sat"
        };
        writeln!(
            out,
            "stopped: {estimate}; count every one anyway with {anyway} (or allow more with \
             --patience SECONDS), or a part with --limit N or --timeout SECONDS"
        )?;
    }
    if stopped == Some(Stopped::Memory) {
        writeln!(
            out,
            "stopped: the frontier program could not finish within its memory; give it more \
             with --memory SIZE, or count a part by SAT with --method sat --limit N"
        )?;
    }
    match r.method {
        Some(m) if m == Method::Dp.name() => writeln!(
            out,
            "method: the frontier dynamic program, which counts without enumerating \
             (--method sat enumerates and verifies every filling)"
        )?,
        Some(m) if m == Method::Sat.name() => {
            let cubes = plural(r.cubes.unwrap_or(0) as u64, "cube");
            match &r.symmetry {
                Some(symmetry) => writeln!(
                    out,
                    "method: SAT in {cubes}, {symmetry}; every filling verified"
                )?,
                None => writeln!(out, "method: SAT in {cubes}; every filling verified")?,
            }
        }
        Some(_) if r.cycles.is_some() => {
            let cycles = plural(r.cycles.unwrap_or(0), "Hamiltonian cycle");
            writeln!(
                out,
                "method: SAT enumeration in the successor encoding: {cycles} found as arc sets, \
                 each standing for its fillings (one per starting cell for a tour without a \
                 given start); every filling verified"
            )?
        }
        Some(_) if r.counts == "trails" => writeln!(
            out,
            "method: SAT enumeration of trails, each once (a path and its reverse are one trail; \
             a closed trail also has one start); every trail verified"
        )?,
        Some(_) => writeln!(out, "method: SAT enumeration; every filling verified")?,
        None => {}
    }
    if let Some(why) = &r.why {
        writeln!(out, "why: {why}")?;
    }
    if let Some(c) = &r.certificate {
        writeln!(out, "{}", certificate_line(c))?;
    }
    match (&r.frontier, r.method) {
        (Some(f), _) => writeln!(out, "{}", frontier_line(r, Some(f)))?,
        (None, Some(m)) if m == Method::Dp.name() => writeln!(out, "{}", frontier_line(r, None))?,
        _ => writeln!(out, "{}", stats_line(r))?,
    }
    out.flush()
}

/// The statistics line of a count by the frontier program (`None`: it stopped without them).
fn frontier_line(r: &RunReport, f: Option<&FrontierReport>) -> String {
    let size = match (r.stats.graph, r.stats.cells) {
        (true, 1) => "1 vertex".to_string(),
        (true, n) => format!("{} vertices", thousands(n as u64)),
        (false, n) => plural(n as u64, "cell"),
    };
    let total = duration(r.stats.total_seconds);
    match f {
        // Decided without a sweep: by brute force on tiny boards, or by colours or connectivity.
        Some(f) if f.layers == 0 => format!("frontier program · {size} · no sweep · total {total}"),
        Some(f) => format!(
            "frontier program · {size} · {} ({} order) · frontier {} wide · peak {} · {} · \
             total {total}",
            plural(f.layers as u64, "layer"),
            f.order,
            thousands(f.width as u64),
            plural(f.peak_states, "state"),
            pathsat_frontier::bytes(f.peak_bytes),
        ),
        None => format!("frontier program · {size} · total {total}"),
    }
}

/// The stop reason named in reports, back to its type.
fn stopped_from_name(name: &str) -> Option<Stopped> {
    [
        Stopped::Limit,
        Stopped::Timeout,
        Stopped::Memory,
        Stopped::OutOfReach,
    ]
    .into_iter()
    .find(|s| s.name() == name)
}

/// Why a count stopped, in a few words.
fn stopped_words(stopped: Stopped) -> &'static str {
    match stopped {
        Stopped::Limit => "stopped at the limit",
        Stopped::Timeout => "stopped at the timeout",
        Stopped::Memory => "stopped: out of memory for the frontier program",
        Stopped::OutOfReach => "stopped: enumerating them all is out of reach",
    }
}

/// Like [`plural`], for counts of any size.
fn plural_big(n: &BigCount, noun: &str) -> String {
    format!("{} {noun}{}", n.grouped(), if *n == 1 { "" } else { "s" })
}

pub fn print_check_text(r: &CheckReport) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    match (&r.violation, r.invalid_index) {
        (None, _) if r.fillings == 1 => writeln!(out, "valid: the filling solves {}", r.name)?,
        (None, _) => writeln!(
            out,
            "valid: all {} fillings solve {}",
            thousands(r.fillings as u64),
            r.name
        )?,
        (Some(v), Some(i)) if r.fillings > 1 => writeln!(out, "invalid: filling #{i}: {v}")?,
        (Some(v), _) => writeln!(out, "invalid: {v}")?,
    }
    out.flush()
}

fn stats_line(r: &RunReport) -> String {
    let s = &r.stats;
    let sizes = format!(
        "{} · {} ({} primary) · {}",
        match (s.graph, s.cells) {
            (true, 1) => "1 vertex".to_string(),
            (true, n) => format!("{} vertices", thousands(n as u64)),
            (false, n) => plural(n as u64, "cell"),
        },
        plural(s.variables as u64, "variable"),
        thousands(s.primary_variables as u64),
        plural(s.clauses as u64, "clause"),
    );
    if r.model_file.is_some() {
        // Decoded from a model file: nothing was solved here.
        return format!("{sizes} · total {}", duration(s.total_seconds));
    }
    let subtours = match &s.subtours {
        Some(t) if t.rounds > 0 => format!(
            " · {} of subtour cuts ({}, at most {} per model, {} patched)",
            plural(t.rounds, "round"),
            plural(t.cuts, "cut"),
            plural(t.max_cycles as u64, "subcycle"),
            plural(t.patched, "tour"),
        ),
        Some(_) => " · no subtours".to_string(),
        None => String::new(),
    };
    format!(
        "{} encoding · {sizes} · encode {} · solve {} ({}){subtours} · total {}",
        r.encoding.name,
        duration(s.encode_seconds),
        duration(s.solve_seconds),
        plural(s.solver_calls, "solver call"),
        duration(s.total_seconds),
    )
}

fn plural(n: u64, noun: &str) -> String {
    format!("{} {noun}{}", thousands(n), if n == 1 { "" } else { "s" })
}

/// 1234567 as "1,234,567": the one format of whole numbers for people.
fn thousands(n: u64) -> String {
    group_digits(&n.to_string())
}

fn duration(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1000.0)
    } else {
        format!("{seconds:.2} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(plural(1, "filling"), "1 filling");
        assert_eq!(plural(8648, "filling"), "8,648 fillings");
        assert_eq!(duration(0.0123), "12.3 ms");
        assert_eq!(duration(2.5), "2.50 s");
    }
}
