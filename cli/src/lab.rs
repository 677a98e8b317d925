//! # The encoding lab
//!
//! `pathsat lab FILES… --encodings … --solvers … --timeout T`: every file in every encoding,
//! its size and export time, then every solver on it in turn (never two at once, so that the
//! times are comparable on a small machine): the embedded solvers on the puzzle in that
//! encoding, external ones on the exported DIMACS file with their models decoded and checked
//! by the verifier (the code of `compare`). The table streams to standard output as rows
//! finish (text) or comes at the end (JSON); `--csv` and `--svg` write it as CSV and as a chart
//! (`pathsat_picture::chart`). What the rows say about the encodings is in
//! `encodings/complete.md`.

use crate::args::{Format, LabArgs};
use crate::interop::{embedded_row, export_file, external_row};
use crate::report::{SolverRow, SolverStatus};
use crate::Failure;
use anyhow::Context;
use pathsat_api::options::{EncodingName, EncodingSpec};
use pathsat_picture::chart::{log_log_chart, Panel, Point, Series};
use pathsat_puzzle::{parse_file, Puzzle};
use pathsat_solver::SolverChoice;
use serde::Serialize;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// One file in one encoding: its sizes and what each solver said.
#[derive(Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
struct LabRow {
    file: String,
    name: String,
    vertices: usize,
    edges: usize,
    encoding: String,
    exactly_one: String,
    variables: Option<usize>,
    clauses: Option<usize>,
    export_seconds: Option<f64>,
    /// Why the encoding was not written for this file (too large, givens it cannot express).
    refused: Option<String>,
    solvers: Vec<SolverRow>,
}

/// The edges of the move graph (a pair joined both ways counts once).
fn edges(puzzle: &Puzzle) -> usize {
    let mut pairs = std::collections::HashSet::new();
    for u in 0..puzzle.n_cells() {
        for &v in puzzle.successors(u) {
            pairs.insert((u.min(v), u.max(v)));
        }
    }
    pairs.len()
}

/// The embedded solver a lab solver name stands for, if it is one.
fn embedded(name: &str) -> Option<SolverChoice> {
    match name {
        "varisat" => Some(SolverChoice::Varisat),
        "cadical-embedded" => Some(SolverChoice::Cadical),
        _ => None,
    }
}

pub fn run(args: &LabArgs) -> Result<ExitCode, Failure> {
    for name in &args.solvers {
        if let Some(choice) = embedded(name).filter(|c| !c.is_built_in()) {
            return Err(Failure::Input(format!(
                "--solvers: {choice} is not built into this pathsat (build with the feature \
                 `cadical`)"
            )));
        }
    }
    let dir = tempfile::tempdir().context("cannot make a temporary directory")?;
    let text = args.output.format == Format::Text;
    let mut out = io::stdout().lock();
    if text {
        writeln!(out, "{}", header(args))?;
    }
    let mut rows = Vec::new();
    for file in &args.files {
        let puzzle = parse_file(file)?;
        for &encoding in &args.encodings {
            let row = measure(&puzzle, file, encoding, args, &dir.path().join("lab.cnf"))?;
            if text {
                writeln!(out, "{}", text_row(&row))?;
                out.flush()?;
            }
            rows.push(row);
        }
    }
    let problems = problems(&rows);
    if text {
        for p in &problems {
            writeln!(out, "{p}")?;
        }
    } else {
        serde_json::to_writer_pretty(&mut out, &rows).context("cannot write the JSON")?;
        writeln!(out)?;
    }
    if let Some(path) = &args.csv {
        write_csv(path, &rows)?;
    }
    if let Some(path) = &args.svg {
        let svg = chart(args, &rows);
        std::fs::write(path, svg).map_err(|e| {
            Failure::Input(format!("{}: cannot write the file: {e}", path.display()))
        })?;
    }
    Ok(if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Exports `puzzle` in `encoding` and runs every solver on it.
fn measure(
    puzzle: &Puzzle,
    file: &Path,
    encoding: EncodingName,
    args: &LabArgs,
    cnf_path: &Path,
) -> Result<LabRow, Failure> {
    let spec = EncodingSpec {
        encoding,
        exactly_one: args.exactly_one,
        ..EncodingSpec::default()
    };
    let mut row = LabRow {
        file: file.display().to_string(),
        name: puzzle.name().to_string(),
        vertices: puzzle.n_cells(),
        edges: edges(puzzle),
        encoding: encoding.to_string(),
        exactly_one: String::new(),
        variables: None,
        clauses: None,
        export_seconds: None,
        refused: None,
        solvers: Vec::new(),
    };
    let started = Instant::now();
    let exported = match export_file(puzzle, file, &spec) {
        Ok(exported) => exported,
        Err(Failure::Input(why)) => {
            // The file name leads the message; the row already names the file.
            let why = why.split_once(": ").map_or(why.as_str(), |(_, w)| w);
            row.refused = Some(why.to_string());
            return Ok(row);
        }
        Err(other) => return Err(other),
    };
    row.export_seconds = Some(started.elapsed().as_secs_f64());
    let export = &exported.export;
    let stats = export.encoded.stats();
    row.variables = Some(stats.variables);
    row.clauses = Some(stats.clauses);
    let mut options = spec.options();
    options.choice = export.encoded.kind().into();
    row.exactly_one = options
        .exactly_one(export.encoded.kind())
        .name()
        .to_string();
    let external = args.solvers.iter().any(|s| embedded(s).is_none());
    if external && export.encoded.is_complete() {
        let mut cnf = std::fs::File::create(cnf_path).context("cannot write the temporary CNF")?;
        exported
            .write_dimacs(&mut io::BufWriter::new(&mut cnf))
            .context("cannot write the temporary CNF")?;
    }
    for name in &args.solvers {
        let result = match embedded(name) {
            Some(choice) => embedded_row(puzzle, file, options, choice, args.timeout)?,
            None if export.encoded.is_complete() => {
                external_row(puzzle, export, name, cnf_path, args.timeout)
            }
            None => SolverRow {
                solver: name.clone(),
                path: None,
                version: None,
                status: SolverStatus::Skipped,
                seconds: None,
                valid: None,
                error: Some("round 0 of the lazy loop is not a complete CNF".to_string()),
            },
        };
        row.solvers.push(result);
    }
    Ok(row)
}

fn header(args: &LabArgs) -> String {
    let mut line = format!(
        "{:<24} {:>8} {:>8}  {:<22} {:>11} {:>11} {:>8}",
        "file", "vertices", "edges", "encoding", "variables", "clauses", "export s"
    );
    for solver in &args.solvers {
        line += &format!("  {solver:<16}");
    }
    line.trim_end().to_string()
}

fn text_row(row: &LabRow) -> String {
    let file = Path::new(&row.file)
        .file_name()
        .map_or(row.file.clone(), |f| f.to_string_lossy().into_owned());
    let mut line = format!(
        "{file:<24} {:>8} {:>8}  {:<22}",
        row.vertices, row.edges, row.encoding
    );
    if let Some(why) = &row.refused {
        return format!("{line} refused: {why}");
    }
    let number = |n: Option<usize>| n.map_or("-".to_string(), |n| n.to_string());
    line += &format!(
        " {:>11} {:>11} {:>8.3}",
        number(row.variables),
        number(row.clauses),
        row.export_seconds.unwrap_or(0.0)
    );
    for s in &row.solvers {
        line += &format!("  {:<16}", cell(s));
    }
    line.trim_end().to_string()
}

/// A solver's cell in the text table: `sat 0.012`, `timeout`, `INVALID`, `n/a`.
fn cell(s: &SolverRow) -> String {
    match (s.status, s.valid, s.seconds) {
        (_, Some(false), _) => "INVALID".to_string(),
        (SolverStatus::Sat | SolverStatus::Unsat, _, Some(t)) => {
            format!("{} {t:.3}", s.status.name())
        }
        (status, _, _) => status.name().to_string(),
    }
}

/// Invalid models, and files whose solvers disagree on whether there is a solution.
fn problems(rows: &[LabRow]) -> Vec<String> {
    let mut problems = Vec::new();
    for row in rows {
        for s in row.solvers.iter().filter(|s| s.valid == Some(false)) {
            problems.push(format!(
                "{}: {} in the {} encoding gave an invalid model: {}",
                row.file,
                s.solver,
                row.encoding,
                s.error.as_deref().unwrap_or("")
            ));
        }
    }
    let mut files: Vec<&str> = rows.iter().map(|r| r.file.as_str()).collect();
    files.dedup();
    for file in files {
        let decided: Vec<SolverStatus> = rows
            .iter()
            .filter(|r| r.file == file)
            .flat_map(|r| &r.solvers)
            .map(|s| s.status)
            .filter(|s| s.decided())
            .collect();
        if decided.windows(2).any(|w| w[0] != w[1]) {
            problems.push(format!(
                "{file}: the solvers disagree on whether it has a solution"
            ));
        }
    }
    problems
}

fn write_csv(path: &Path, rows: &[LabRow]) -> Result<(), Failure> {
    let cannot = |e: &dyn std::fmt::Display| {
        Failure::Input(format!("{}: cannot write the file: {e}", path.display()))
    };
    let mut w = csv::Writer::from_path(path).map_err(|e| cannot(&e))?;
    w.write_record([
        "file",
        "vertices",
        "edges",
        "encoding",
        "exactly_one",
        "variables",
        "clauses",
        "export_seconds",
        "solver",
        "status",
        "seconds",
        "valid",
        "note",
    ])
    .map_err(|e| cannot(&e))?;
    let text = |v: Option<String>| v.unwrap_or_default();
    for row in rows {
        let sizes = [
            row.file.clone(),
            row.vertices.to_string(),
            row.edges.to_string(),
            row.encoding.clone(),
            row.exactly_one.clone(),
            text(row.variables.map(|v| v.to_string())),
            text(row.clauses.map(|v| v.to_string())),
            text(row.export_seconds.map(|v| format!("{v:.4}"))),
        ];
        if let Some(why) = &row.refused {
            let mut record = sizes.to_vec();
            record.extend([
                "".into(),
                "refused".into(),
                "".into(),
                "".into(),
                why.clone(),
            ]);
            w.write_record(&record).map_err(|e| cannot(&e))?;
        }
        for s in &row.solvers {
            let mut record = sizes.to_vec();
            record.extend([
                s.solver.clone(),
                s.status.name().to_string(),
                text(s.seconds.map(|v| format!("{v:.4}"))),
                text(s.valid.map(|v| v.to_string())),
                text(s.error.clone()),
            ]);
            w.write_record(&record).map_err(|e| cannot(&e))?;
        }
    }
    w.flush().map_err(|e| cannot(&e))
}

/// Seconds against vertices: a panel per solver, a series per encoding.
fn chart(args: &LabArgs, rows: &[LabRow]) -> String {
    let timeout = args.timeout.as_secs_f64();
    let panels: Vec<Panel> = args
        .solvers
        .iter()
        .enumerate()
        .map(|(k, solver)| Panel {
            title: solver.clone(),
            series: args
                .encodings
                .iter()
                .map(|encoding| Series {
                    name: encoding.to_string(),
                    points: rows
                        .iter()
                        .filter(|r| r.encoding == encoding.name())
                        .filter_map(|r| {
                            let s = r.solvers.get(k)?;
                            let x = r.vertices as f64;
                            match (s.status, s.seconds) {
                                (SolverStatus::Timeout, _) => Some(Point {
                                    x,
                                    y: timeout,
                                    timed_out: true,
                                }),
                                (SolverStatus::Sat | SolverStatus::Unsat, Some(t)) => Some(Point {
                                    x,
                                    y: t.max(1e-4),
                                    timed_out: false,
                                }),
                                _ => None,
                            }
                        })
                        .collect(),
                })
                .collect(),
        })
        .collect();
    log_log_chart(
        &format!("Time to the first Hamiltonian cycle by encoding (limit {timeout} s)"),
        "vertices",
        "seconds",
        &panels,
    )
}
