//! # The encoding lab
//!
//! `pathsat lab FILES… --encodings … --solvers … --timeout T`: the rows of
//! [`pathsat_api::lab`] (every file in every encoding, its size, every solver on it in turn),
//! streamed to standard output as a table as they finish (text) or given at the end (JSON);
//! `--csv` and `--svg` write them as CSV and as a chart (`pathsat_picture::chart`).

use crate::args::{Format, LabArgs};
use crate::Failure;
use anyhow::Context;
use pathsat_api::compare::{SolverRow, SolverStatus};
use pathsat_api::lab::{measure, problems, LabRow, LabSetup};
use pathsat_picture::chart::{log_log_chart, Panel, Point, Series};
use pathsat_puzzle::parse_file;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

pub fn run(args: &LabArgs) -> Result<ExitCode, Failure> {
    let setup = LabSetup {
        exactly_one: args.exactly_one,
        solvers: args.solvers.clone(),
        timeout: args.timeout,
        proofs: args.proofs,
        words: pathsat_words::error,
    };
    setup.check()?;
    let dir = tempfile::tempdir().context("cannot make a temporary directory")?;
    let text = args.output.format == Format::Text;
    let mut out = io::stdout().lock();
    if text {
        writeln!(out, "{}", header(args))?;
    }
    let mut rows = Vec::new();
    for file in &args.files {
        let puzzle = parse_file(file)?;
        let name = file.display().to_string();
        for &encoding in &args.encodings {
            let row = measure(
                &puzzle,
                &name,
                encoding,
                &setup,
                &dir.path().join("lab.cnf"),
            )?;
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

/// A solver's cell in the text table: `sat 0.012`, `timeout`, `INVALID`, `n/a`; with a proof
/// checked, its size and checking time: `unsat 0.012 [38 kB, 0.004 s]`.
fn cell(s: &SolverRow) -> String {
    match (s.status, s.valid, s.seconds) {
        (_, Some(false), _) => "INVALID".to_string(),
        (SolverStatus::Unsat, _, Some(t)) if s.proof_bytes.is_some() => format!(
            "unsat {t:.3} [{:.0} kB, {:.3} s]",
            s.proof_bytes.unwrap_or(0) as f64 / 1e3,
            s.proof_check_seconds.unwrap_or(0.0)
        ),
        (SolverStatus::Sat | SolverStatus::Unsat, _, Some(t)) => {
            format!("{} {t:.3}", s.status.name())
        }
        (status, _, _) => status.name().to_string(),
    }
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
        "proof_bytes",
        "proof_check_seconds",
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
                "".into(),
                "".into(),
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
                text(s.proof_bytes.map(|v| v.to_string())),
                text(s.proof_check_seconds.map(|v| format!("{v:.4}"))),
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
