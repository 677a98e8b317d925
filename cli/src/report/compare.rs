//! `compare`: the embedded solvers beside the external ones on one CNF, one row a solver
//! ([`pathsat_api::compare::CompareReport`]), as a table for people.

use super::words::plural;
use pathsat_api::compare::CompareReport;
use pathsat_api::outcome::EncodingInfo;
use std::io::{self, BufWriter, Write};

/// The table: the CNF's sizes and encoding, then a line per solver.
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
    let header = ["solver", "version", "status", "seconds", "check"];
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
                    (Some(true), _) if row.proof_bytes.is_some() => format!(
                        "proof verified ({:.0} kB, checked in {:.3} s)",
                        row.proof_bytes.unwrap_or(0) as f64 / 1e3,
                        row.proof_check_seconds.unwrap_or(0.0)
                    ),
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
        Some(solver) if !e.solver_is_default() => {
            format!("{described}, {solver}")
        }
        _ => described,
    }
}
