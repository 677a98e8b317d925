//! # Reports
//!
//! What the commands print: the library's typed results ([`pathsat_api`]) as one JSON object
//! for programs (`--format json`, serialised by serde exactly as the library defines them), or
//! aligned grids and a statistics line for people. The text printers match on the results'
//! enums, never on strings.

use pathsat_api::booklet::BookletReport;
use pathsat_api::explain::{ExplainReport, How};
use pathsat_api::forced::{CellValue, ForcedReport};
use pathsat_api::hint::{HintReport, HintStatus};
use pathsat_api::outcome::{vertex_order, CertificateInfo, EncodingInfo, PhaseInfo, RunStats};
use pathsat_api::{
    CheckReport, CountReport, Counts, DecodeReport, Method, SolveReport, Stage, Status, Stopped,
    Wanted,
};
use pathsat_bigcount::{group_digits, BigCount};
use pathsat_generate::Level;
use pathsat_puzzle::{render, Filling, Puzzle};
use pathsat_solver::SolverChoice;
use serde::Serialize;
use std::io::{self, BufWriter, Write};

/// The line of a certified run that its timeout (or a cancel) stopped before its proof was
/// checked: inside a solver call, or during the check.
const UNFINISHED_PROOF: &str = "not certified: the run was stopped before its proof was checked \
                                (the fillings shown each passed the verifier)";

/// The line that says what a certificate covers.
fn certificate_line(c: &CertificateInfo) -> String {
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

/// How the text output names an encoding.
fn describe_encoding(e: &EncodingInfo) -> String {
    let described = match e.pruning {
        Some(pruning) => format!(
            "{} encoding, exactly-one {}, pruning {}",
            e.full_name(),
            e.exactly_one.name(),
            pruning.name()
        ),
        None => format!(
            "{} encoding, exactly-one {}",
            e.full_name(),
            e.exactly_one.name()
        ),
    };
    // The default solver goes without saying.
    match e.solver {
        Some(solver) if solver != SolverChoice::preferred(false) => {
            format!("{described}, {solver}")
        }
        _ => described,
    }
}

/// The result of `compare`.
#[derive(Debug, Serialize)]
pub struct CompareReport {
    pub file: String,
    pub name: String,
    pub variables: usize,
    pub clauses: usize,
    pub encoding: EncodingInfo,
    pub solvers: Vec<SolverRow>,
}

/// What one solver said in `compare`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SolverStatus {
    Sat,
    Unsat,
    Unknown,
    Timeout,
    /// The solver is not installed.
    Absent,
    Error,
    /// Not run: the CNF is not one the solver can answer alone (the lazy successor encoding's
    /// round 0, for an external solver in `lab`).
    Skipped,
}

impl SolverStatus {
    pub fn name(self) -> &'static str {
        match self {
            SolverStatus::Sat => "sat",
            SolverStatus::Unsat => "unsat",
            SolverStatus::Unknown => "unknown",
            SolverStatus::Timeout => "timeout",
            SolverStatus::Absent => "absent",
            SolverStatus::Error => "error",
            SolverStatus::Skipped => "n/a",
        }
    }

    /// Whether the solver decided the formula.
    pub fn decided(self) -> bool {
        matches!(self, SolverStatus::Sat | SolverStatus::Unsat)
    }
}

/// One solver's line in `compare`.
#[derive(Debug, Serialize)]
pub struct SolverRow {
    pub solver: String,
    pub path: Option<String>,
    pub version: Option<String>,
    pub status: SolverStatus,
    pub seconds: Option<f64>,
    /// Whether the model decodes to a valid filling (sat answers only).
    pub valid: Option<bool>,
    /// What went wrong: the model's problem, or the error.
    pub error: Option<String>,
}

pub fn write_compare_text(out: &mut dyn Write, r: &CompareReport) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    writeln!(
        out,
        "{}: {}, {} ({})",
        r.name,
        plural(r.variables as u64, "variable"),
        plural(r.clauses as u64, "clause"),
        describe_encoding(&r.encoding)
    )?;
    let header = ["solver", "version", "status", "seconds", "model"];
    let rows: Vec<[String; 5]> = r
        .solvers
        .iter()
        .map(|row| {
            [
                row.solver.clone(),
                row.version.clone().unwrap_or_else(|| "-".into()),
                row.status.name().to_string(),
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

/// One solution as text: a grid (with `starred` cells marked), or a graph's vertex order.
fn write_filling(
    out: &mut dyn Write,
    puzzle: &Puzzle,
    filling: &Filling,
    starred: &[usize],
) -> io::Result<()> {
    if puzzle.is_graph() {
        let order: Vec<String> = vertex_order(filling)
            .iter()
            .map(ToString::to_string)
            .collect();
        writeln!(out, "{}", order.join(" "))?;
    } else {
        out.write_all(render::filling_grid_starred(puzzle, filling, starred).as_bytes())?;
    }
    if let Some(labels) = render::trail_labels(puzzle, filling) {
        writeln!(out, "{labels}")?;
    }
    Ok(())
}

/// The solutions as grids (or vertex orders), then the status and statistics lines. With
/// `--unique` on a puzzle that is not unique, the second solution follows, its differing cells
/// starred.
pub fn write_solve_text(out: &mut dyn Write, r: &SolveReport, puzzle: &Puzzle) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    writeln!(out, "{puzzle}")?;
    let shown = r.shown();
    for (i, filling) in shown.iter().enumerate() {
        if shown.len() > 1 || r.second().is_some() {
            writeln!(out, "\nsolution {}", i + 1)?;
        } else {
            writeln!(out)?;
        }
        write_filling(&mut out, puzzle, filling, &[])?;
    }
    if let (Some(first), Some(second)) = (shown.first(), r.second()) {
        let differing = first.differing_cells(second);
        let places = if puzzle.is_graph() {
            let vertices: Vec<String> = differing.iter().map(|v| (v + 1).to_string()).collect();
            let noun = if differing.len() == 1 {
                "vertex"
            } else {
                "vertices"
            };
            format!("{} {noun} ({})", differing.len(), vertices.join(" "))
        } else {
            format!("{}, starred", plural(differing.len() as u64, "cell"))
        };
        writeln!(out, "\nsolution 2, another one: it differs in {places}")?;
        write_filling(&mut out, puzzle, second, &differing)?;
    }
    let star = (r.second().is_some() && !puzzle.is_graph()).then_some("n* differs from solution 1");
    let legend = [render::legend(puzzle).as_deref(), star]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ");
    if !legend.is_empty() && !shown.is_empty() {
        writeln!(out, "{legend}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", solve_status(r))?;
    if let Some(c) = &r.certificate {
        writeln!(out, "{}", certificate_line(c))?;
    }
    if r.certified == Some(false) {
        writeln!(out, "{UNFINISHED_PROOF}")?;
    }
    writeln!(out, "{}", stats_line(&r.encoding, &r.stats, false))?;
    out.flush()
}

/// `decode`'s text: the decoded solution (if any), the status and the sizes.
pub fn write_decode_text(out: &mut dyn Write, r: &DecodeReport, puzzle: &Puzzle) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    writeln!(out, "{puzzle}")?;
    for filling in &r.fillings {
        writeln!(out)?;
        write_filling(&mut out, puzzle, filling, &[])?;
    }
    if let (Some(legend), false) = (render::legend(puzzle), r.fillings.is_empty()) {
        writeln!(out, "{legend}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", decode_status(r))?;
    writeln!(out, "{}", stats_line(&r.encoding, &r.stats, true))?;
    out.flush()
}

/// One line saying what a decoded model is.
pub fn decode_status(r: &DecodeReport) -> String {
    let model = &r.model_file;
    match r.answer.status {
        Status::Sat => {
            format!("sat: the model in {model} decodes to this filling, which the verifier accepts")
        }
        _ => format!("unsat: the solver found no filling ({model})"),
    }
}

/// One line saying what the run found: sat or unsat, unique or not, all solutions or some.
pub fn solve_status(r: &SolveReport) -> String {
    let noun = r.answer.counts.noun();
    match r.answer.status {
        Status::Unknown => {
            return format!(
                "unknown: no {noun} found before the timeout, and none ruled out (the puzzle may \
                 or may not have one)"
            )
        }
        Status::Unsat => {
            return match &r.reason {
                Some(why) => format!("unsat: no {noun} solves the puzzle ({why})"),
                None => format!("unsat: no {noun} solves the puzzle"),
            }
        }
        Status::Sat => {}
    }
    match (r.unique, r.wanted) {
        (Some(true), _) => format!("sat: the solution is unique (no other {noun} exists)"),
        (Some(false), _) => format!(
            "sat: the solution is not unique (another {noun} exists, shown as solution 2; \
             `pathsat count` counts them)"
        ),
        _ if r.timed_out() => format!(
            "sat: {} found before the timeout (there may be more)",
            plural_big(&r.answer.count, "solution")
        ),
        (None, Wanted::All | Wanted::Upto(_)) if r.answer.complete => {
            format!(
                "sat: {} — all of them",
                plural_big(&r.answer.count, "solution")
            )
        }
        (None, Wanted::Upto(limit)) => format!(
            "sat: {} shown (stopped at the limit of {}; there may be more)",
            plural_big(&r.answer.count, "solution"),
            thousands(limit)
        ),
        _ => "sat: first solution (`--all` lists every one, `--unique` proves uniqueness)"
            .to_string(),
    }
}

pub fn write_count_text(out: &mut dyn Write, r: &CountReport) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    let noun = r.answer.counts.noun();
    let found = plural_big(&r.answer.count, noun);
    let what = match r.stopped {
        None => format!("{found} (complete)"),
        // The frontier program counts all at once: stopped, it knows no fillings.
        Some(s) if r.answer.count.is_zero() && r.method == Method::Dp => {
            format!("count unknown ({})", stopped_words(s))
        }
        Some(s) => format!(
            "at least {found} ({}; the count is incomplete)",
            stopped_words(s)
        ),
    };
    writeln!(out, "{}: {what}", r.answer.name)?;
    if let Some(expected) = &r.expected {
        let verdict = match expected.agrees {
            Some(true) => "agrees".to_string(),
            Some(false) if r.answer.complete => format!("DISAGREES: counted {found}"),
            Some(false) => format!("DISAGREES: already found {found}"),
            None => "not decided by an incomplete count".to_string(),
        };
        writeln!(
            out,
            "expected: {} (the file's [expect] count): {verdict}",
            plural_big(&expected.count, noun)
        )?;
    }
    if let (Status::Unsat, Some(why)) = (r.answer.status, &r.reason) {
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
    if r.stopped == Some(Stopped::Interrupted) {
        writeln!(
            out,
            "stopped: interrupted; run the same command again to go on from its checkpoint"
        )?;
    }
    if r.stopped == Some(Stopped::Memory) {
        writeln!(
            out,
            "stopped: the frontier program could not finish within its memory; give it more \
             with --memory SIZE, or count a part by SAT with --method sat --limit N"
        )?;
    }
    match r.method {
        Method::Dp => writeln!(
            out,
            "method: the frontier dynamic program, which counts without enumerating \
             (--method sat enumerates and verifies every filling)"
        )?,
        Method::Sat => {
            let cubes = plural(r.cubes.unwrap_or(0) as u64, "cube");
            match &r.symmetry {
                Some(symmetry) => writeln!(
                    out,
                    "method: SAT in {cubes}, {symmetry}; every filling verified"
                )?,
                None => writeln!(out, "method: SAT in {cubes}; every filling verified")?,
            }
        }
        Method::Enumerate | Method::Auto => match (r.cycles, r.answer.counts) {
            (Some(cycles), _) => writeln!(
                out,
                "method: SAT enumeration in the successor encoding: {} found as arc sets, each \
                 standing for its fillings (one per starting cell for a tour without a given \
                 start); every filling verified",
                plural(cycles, "Hamiltonian cycle")
            )?,
            (None, Counts::Trails) => writeln!(
                out,
                "method: SAT enumeration of trails, each once (a path and its reverse are one \
                 trail; a closed trail also has one start); every trail verified"
            )?,
            (None, Counts::Fillings) => {
                writeln!(out, "method: SAT enumeration; every filling verified")?
            }
        },
    }
    writeln!(out, "why: {}", r.why)?;
    if let Some(c) = &r.certificate {
        writeln!(out, "{}", certificate_line(c))?;
    }
    if r.certified == Some(false) {
        writeln!(out, "{UNFINISHED_PROOF}")?;
    }
    match (&r.frontier, &r.encoding) {
        (Some(_), _) | (None, None) => writeln!(out, "{}", frontier_line(r))?,
        (None, Some(encoding)) => writeln!(out, "{}", stats_line(encoding, &r.stats, false))?,
    }
    out.flush()
}

/// The statistics line of a count by the frontier program (or of a count that stopped before
/// any encoding was built).
fn frontier_line(r: &CountReport) -> String {
    let size = size_words(&r.stats);
    let total = duration(r.stats.total_seconds);
    let label = if r.method == Method::Dp {
        "frontier program"
    } else {
        "no encoding built"
    };
    // The phases, unless the program was all there was.
    let phases = match r.stats.phases.as_slice() {
        []
        | [PhaseInfo {
            phase: Stage::Frontier,
            ..
        }] => String::new(),
        phases => format!(" · {}", phases_words(phases)),
    };
    match &r.frontier {
        // Decided without a sweep: by brute force on tiny boards, or by colours or connectivity.
        Some(f) if f.layers == 0 => {
            format!("frontier program · {size} · no sweep{phases} · total {total}")
        }
        Some(f) => format!(
            "frontier program · {size} · {} ({} order){} · frontier {} wide{} · peak {} · {}\
             {phases} · total {total}",
            plural(f.layers as u64, "layer"),
            f.order.unwrap_or("no"),
            match (f.resumed_layer, f.earlier_seconds) {
                (Some(layer), Some(earlier)) => format!(
                    ", resumed from its checkpoint after layer {layer} (saved {} into the count)",
                    duration(earlier)
                ),
                (Some(layer), None) => format!(", resumed from its checkpoint after layer {layer}"),
                (None, _) => String::new(),
            },
            thousands(f.width as u64),
            match f.folded_layers {
                0 => String::new(),
                n => format!(" · mirror images folded at {}", plural(n as u64, "layer")),
            },
            plural(f.peak_states, "state"),
            table_bytes(f.peak_bytes, f.peak_disk_bytes),
        ),
        None => format!("{label} · {size}{phases} · total {total}"),
    }
}

/// The bytes of the frontier program's tables: `1.2 GiB`, or with tables in files
/// (`--spill-dir`) `12.0 MiB in memory, 3.1 GiB in files`.
pub(crate) fn table_bytes(memory: u64, files: u64) -> String {
    let memory = pathsat_frontier::bytes(memory);
    match files {
        0 => memory,
        files => format!(
            "{memory} in memory, {} in files",
            pathsat_frontier::bytes(files)
        ),
    }
}

/// A count's phases and their times: `probe 300.2 ms · cubes 4.10 s`.
fn phases_words(phases: &[PhaseInfo]) -> String {
    phases
        .iter()
        .map(|p| format!("{} {}", p.phase.name(), duration(p.seconds)))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Why a count stopped, in a few words.
fn stopped_words(stopped: Stopped) -> &'static str {
    match stopped {
        Stopped::Limit => "stopped at the limit",
        Stopped::Timeout => "stopped at the timeout",
        Stopped::Memory => "stopped: out of memory for the frontier program",
        Stopped::OutOfReach => "stopped: enumerating them all is out of reach",
        Stopped::Cancelled => "cancelled",
        Stopped::Interrupted => "interrupted",
    }
}

/// Like [`plural`], for counts of any size.
fn plural_big(n: &BigCount, noun: &str) -> String {
    format!("{} {noun}{}", n.grouped(), if *n == 1 { "" } else { "s" })
}

pub fn write_check_text(out: &mut dyn Write, r: &CheckReport) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    match (&r.violation, r.invalid_index) {
        (None, _) if r.fillings == 1 => writeln!(out, "valid: the filling solves {}", r.name)?,
        (None, _) => writeln!(
            out,
            "valid: all {} fillings solve {}",
            thousands(r.fillings as u64),
            r.name
        )?,
        // Numbered from 1, as `solve` heads its solutions (`invalid_index` in JSON is from 0).
        (Some(v), Some(i)) if r.fillings > 1 => writeln!(out, "invalid: solution {}: {v}", i + 1)?,
        (Some(v), _) => writeln!(out, "invalid: {v}")?,
    }
    out.flush()
}

/// `25 cells`, or for a graph `1 vertex`, `10 vertices`.
fn cells_words(puzzle: &Puzzle, n: usize) -> String {
    count_words(puzzle.is_graph(), n)
}

/// `n cells`, or `n vertices` (`1 vertex`) when `graph`.
fn count_words(graph: bool, n: usize) -> String {
    match (graph, n) {
        (true, 1) => "1 vertex".to_string(),
        (true, n) => format!("{} vertices", thousands(n as u64)),
        (false, n) => plural(n as u64, "cell"),
    }
}

/// `(2, 3) = 7`, or `vertex 5 = 7` for a graph.
fn cell_value(c: &CellValue) -> String {
    match (c.row, c.col, c.vertex) {
        (Some(row), Some(col), _) => format!("({row}, {col}) = {}", c.value),
        (_, _, Some(v)) => format!("vertex {v} = {}", c.value),
        _ => format!("= {}", c.value),
    }
}

/// `forced`'s text: the puzzle's title, the forced values on the board (`.` elsewhere) or, for
/// a graph, each forced vertex; then one line saying how many, or which givens conflict.
pub fn write_forced_text(out: &mut dyn Write, r: &ForcedReport, puzzle: &Puzzle) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    writeln!(out, "{puzzle}\n")?;
    if let Some(conflict) = &r.conflict {
        if conflict.is_empty() {
            writeln!(out, "unsat: no solution, even without the givens")?;
        } else {
            let list: Vec<String> = conflict.iter().map(cell_value).collect();
            writeln!(
                out,
                "unsat: no solution; these givens have none together: {}",
                list.join(", ")
            )?;
        }
    } else if let Some(partial) = &r.partial {
        if puzzle.is_graph() {
            for c in &r.forced {
                writeln!(
                    out,
                    "{}{}",
                    cell_value(c),
                    if c.given { " (given)" } else { "" }
                )?;
            }
        } else {
            write!(
                out,
                "{}",
                pathsat_puzzle::render::partial_grid(puzzle, partial)
            )?;
            if let Some(legend) = pathsat_puzzle::render::legend(puzzle) {
                writeln!(out, "{legend}")?;
            }
        }
        writeln!(out)?;
        let given = r.forced.len() - r.deduced;
        let cells = cells_words(puzzle, r.cells);
        let words = format!(
            "{} of {cells} forced, {} beyond the {} given",
            thousands(r.forced.len() as u64),
            thousands(r.deduced as u64),
            thousands(given as u64)
        );
        if r.complete {
            writeln!(out, "forced: {words}")?;
        } else {
            writeln!(
                out,
                "forced (stopped at the time limit): {words} so far, {} undecided",
                thousands(r.undecided as u64)
            )?;
        }
    } else {
        writeln!(
            out,
            "unknown: stopped before a first solution; nothing is settled"
        )?;
    }
    writeln!(
        out,
        "{} · {}",
        plural(r.solver_calls, "solver call"),
        duration(r.seconds)
    )?;
    out.flush()
}

/// `hint`'s answer: the step and its reason (wrapped), the board with the hinted (or wrong)
/// cell starred, and the solver's part.
pub fn write_hint_text(out: &mut dyn Write, r: &HintReport, puzzle: &Puzzle) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    writeln!(out, "{puzzle}\n")?;
    // The board first, then the status line: the output reads back as a filling (the
    // status line ends it), so that `pathsat hint p.toml a.txt > b.txt` steps on.
    let starred: Vec<usize> = r
        .hint
        .as_ref()
        .map(|h| h.index)
        .or(r.wrong.as_ref().map(|w| w.index))
        .into_iter()
        .collect();
    if !puzzle.is_graph() {
        let grid = render::partial_grid_starred(puzzle, &r.board, &starred);
        writeln!(out, "{grid}")?;
    }
    match (r.status, &r.hint, &r.wrong) {
        (HintStatus::Hint, Some(h), _) => {
            writeln!(
                out,
                "hint: {}  ({}, {})",
                cell_value(&h.cell),
                h.rule.words(),
                h.level
            )?;
            for line in wrap(&h.reason, 88) {
                writeln!(out, "  {line}")?;
            }
        }
        (HintStatus::Wrong, _, Some(w)) => {
            writeln!(out, "wrong: {}", cell_value(&w.cell))?;
            for line in wrap(&w.reason, 88) {
                writeln!(out, "  {line}")?;
            }
        }
        (HintStatus::Solved, ..) => writeln!(
            out,
            "solved: every cell is filled, and the filling is a solution"
        )?,
        (HintStatus::NoSolution, ..) => writeln!(
            out,
            "unsat: the puzzle has no solution (`pathsat forced` names givens that conflict)"
        )?,
        (HintStatus::Several, ..) => writeln!(
            out,
            "several: no empty cell is forced; more than one solution extends the filling"
        )?,
        _ => writeln!(
            out,
            "unknown: stopped at the time limit before a step was found"
        )?,
    }
    writeln!(out)?;
    writeln!(
        out,
        "{} of {} filled · {} · {}",
        thousands(r.filled as u64),
        cells_words(puzzle, r.cells),
        plural(r.solver_calls, "solver call"),
        duration(r.seconds)
    )?;
    out.flush()
}

/// `explain`'s answer: how the value follows, then the chain of clauses, one a line.
pub fn write_explain_text(
    out: &mut dyn Write,
    r: &ExplainReport,
    puzzle: &Puzzle,
    limit: usize,
) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    writeln!(out, "{puzzle}\n")?;
    let cell = format!("{} = {}", r.cell, r.value);
    let given = if r.given { " (given)" } else { "" };
    let head = match r.how {
        How::Propagation => format!(
            "{cell}{given}: unit propagation from the clauses alone sets it; the chain ({}):",
            plural(r.steps.len() as u64, "clause")
        ),
        How::Refutation => format!(
            "{cell}: assuming {} ≠ {} leads by unit propagation to a clause with every literal \
             false ({} in all):",
            r.cell,
            r.value,
            plural(r.steps.len() as u64, "clause")
        ),
        How::Search => format!(
            "{cell}: forced (no solution has another value there), but not by unit propagation, \
             neither from the clauses alone nor from assuming another value: the solver needs \
             search to see it. `pathsat hint` gives the steps a person takes."
        ),
        How::NotForced => format!(
            "{}: not forced; solutions put {} or {} there",
            r.cell,
            r.value,
            r.other_value.unwrap_or(0)
        ),
        How::NoSolution => "unsat: the puzzle has no solution".to_string(),
    };
    for line in wrap(&head, 88) {
        writeln!(out, "{line}")?;
    }
    let width = r
        .steps
        .iter()
        .map(|s| s.sets.chars().count())
        .max()
        .unwrap_or(0);
    // The last clauses of a long chain: those nearest the cell.
    let skip = r.steps.len().saturating_sub(limit);
    if skip > 0 {
        writeln!(
            out,
            "      … {} earlier (--limit, or --format json for all)",
            plural(skip as u64, "clause")
        )?;
    }
    for (k, s) in r.steps.iter().enumerate().skip(skip) {
        let sets = if s.sets.is_empty() { "⊥" } else { &s.sets };
        writeln!(
            out,
            "{:>4}. {sets:<width$}  from  {}  [{}]",
            k + 1,
            shortened_clause(&s.clause, &s.sets),
            s.family,
            width = width.max(1)
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "position encoding, pruning {}, exactly-one {}: {} variables, {} clauses; propagation \
         alone sets {} of {} · {}",
        r.pruning,
        r.exactly_one,
        thousands(r.variables as u64),
        thousands(r.clauses as u64),
        thousands(r.propagated_cells as u64),
        cells_words(puzzle, puzzle.n_cells()),
        duration(r.seconds)
    )?;
    out.flush()
}

/// `booklet`'s summary: the file written, its pages, and the puzzles by grade.
pub fn write_booklet_text(
    out: &mut dyn Write,
    r: &BookletReport,
    path: &std::path::Path,
) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    for (k, p) in r.puzzles.iter().enumerate() {
        writeln!(
            out,
            "{:>3}. {}  {}, {} of {} cells given  ({})",
            k + 1,
            p.name,
            p.grade,
            p.givens,
            p.cells,
            p.file
        )?;
    }
    let grades: Vec<String> = [Level::Easy, Level::Medium, Level::Hard]
        .into_iter()
        .filter_map(|level| {
            let n = r.puzzles.iter().filter(|p| p.grade == level).count();
            (n > 0).then(|| format!("{n} {level}"))
        })
        .collect();
    writeln!(
        out,
        "wrote {}: {} ({}), {}, {} · {}",
        path.display(),
        plural(r.puzzles.len() as u64, "puzzle"),
        grades.join(", "),
        plural(r.pages as u64, "page"),
        bytesize::ByteSize(r.bytes as u64),
        duration(r.seconds)
    )?;
    out.flush()
}

/// A clause of more than eight literals as its first three, the literal it sets, its last, and
/// how many are left out (JSON has them all).
fn shortened_clause(clause: &str, sets: &str) -> String {
    let literals: Vec<&str> = clause.split(" ∨ ").collect();
    if literals.len() <= 8 {
        return clause.to_string();
    }
    let mut kept: Vec<&str> = literals[..3].to_vec();
    let last = literals[literals.len() - 1];
    let shown_sets = !sets.is_empty() && !kept.contains(&sets) && sets != last;
    let left_out = literals.len() - 4 - usize::from(shown_sets);
    let gap = format!("… {left_out} more");
    kept.push(&gap);
    if shown_sets {
        kept.push(sets);
    }
    kept.push(last);
    kept.join(" ∨ ")
}

/// `text` in lines of at most `width` characters, broken at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// `12 cells`, `1 vertex`, `1,000 vertices`.
fn size_words(s: &RunStats) -> String {
    count_words(s.graph, s.cells)
}

/// The statistics line of a run that encoded the puzzle: sizes, then (unless `decoded` from a
/// model file, where nothing was solved) times and solver calls.
fn stats_line(info: &EncodingInfo, s: &RunStats, decoded: bool) -> String {
    let encoding = info.full_name();
    // The default solver goes without saying.
    let with = match info.solver {
        Some(solver) if solver != SolverChoice::preferred(false) => format!(" with {solver}"),
        _ => String::new(),
    };
    let mut sizes = size_words(s);
    if let Some(e) = &s.encoded {
        sizes = format!(
            "{sizes} · {} ({} primary) · {}",
            plural(e.variables as u64, "variable"),
            thousands(e.primary_variables as u64),
            plural(e.clauses as u64, "clause"),
        );
    }
    if decoded {
        return format!("{sizes} · total {}", duration(s.total_seconds));
    }
    let mut subtours = match &s.subtours {
        Some(t) if t.rounds > 0 => format!(
            " · {} of subtour cuts ({}, at most {} per model, {} patched{})",
            plural(t.rounds, "round"),
            plural(t.cuts, "cut"),
            plural(t.max_cycles as u64, "subcycle"),
            plural(t.patched, "tour"),
            if t.three_opt > 0 {
                format!(", {} by 3-opt", thousands(t.three_opt))
            } else {
                String::new()
            },
        ),
        // A complete encoding has none to cut: nothing to say.
        Some(_) if info.subtours.is_none() => " · no subtours".to_string(),
        _ => String::new(),
    };
    if let Some(t) = &s.subtours {
        if t.rotated > 0 || t.rotation_seconds >= 0.001 {
            subtours += &format!(
                " · rotation {} ({} found)",
                duration(t.rotation_seconds),
                plural(t.rotated, "tour")
            );
        }
        match (t.winner, t.racers) {
            (Some(winner), Some(racers)) => {
                subtours += &format!(" · first of {racers} racing: {winner}");
            }
            (None, Some(racers)) => subtours += &format!(" · {racers} racing, none answered"),
            _ => {}
        }
        if let Some(r) = &t.reduced {
            if r.forced_edges + r.removed_edges > 0 {
                subtours += &format!(
                    " · reduced {} ({} forced in {}, {} removed)",
                    duration(r.seconds),
                    plural(r.forced_edges as u64, "edge"),
                    plural(r.forced_paths as u64, "chain"),
                    thousands(r.removed_edges as u64),
                );
            }
        }
    }
    let encode = s
        .encoded
        .as_ref()
        .map(|e| format!(" · encode {}", duration(e.encode_seconds)))
        .unwrap_or_default();
    // A count says what it spent its time on; a solve, that it solved.
    let work = if s.phases.is_empty() {
        format!("solve {}", duration(s.solve_seconds))
    } else {
        phases_words(&s.phases)
    };
    format!(
        "{encoding} encoding · {sizes}{encode} · {work}{with} ({}){subtours} · total {}",
        plural(s.solver_calls, "solver call"),
        duration(s.total_seconds),
    )
}

pub fn plural(n: u64, noun: &str) -> String {
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
