//! # Batch reports
//!
//! One row per puzzle file, sorted by path, with a status: `ok`, `mismatch`, `limit`,
//! `timeout`, `out-of-reach` or `error`. Counts are exact at any size: plain digits in JSON and
//! CSV, grouped in threes in the table. Written as an aligned table, one JSON object (`rows`
//! plus a summary), or CSV ([`write()`]); JSON reports of several runs (shards) can be merged
//! ([`super::merge`]). The rows are also what a journal holds, one a line (see
//! [`super::journal`]), and the report replaces the journal in the output file when the run
//! ends (see [`super::output`]).

use pathsat_bigcount::{group_digits, BigCount};
use pathsat_count::{Method, Stopped};
use serde::{Deserialize, Serialize};
use std::io::{self, BufWriter, Write};

/// The formats a report is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// An aligned table, counts grouped in threes, with a summary line.
    Table,
    /// One JSON object: the run's options, `summary` and `rows`.
    Json,
    /// The rows as CSV, one record each after a header.
    Csv,
}

/// What became of one puzzle file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Counted completely (or solved, for a sat-only expectation), and matching `[expect]`
    /// when there is one.
    Ok,
    /// The answer differs from `[expect]`.
    Mismatch,
    /// Stopped at `--limit`.
    Limit,
    /// Stopped at `--timeout`.
    Timeout,
    /// Not counted to the end because it could not be: the frontier program needs more than
    /// its memory, or enumeration was estimated to take too long (see `pathsat count`).
    OutOfReach,
    /// The file could not be read or counted.
    Error,
}

impl Status {
    /// The status as the reports write it: `ok`, `out-of-reach`, ...
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Mismatch => "mismatch",
            Status::Limit => "limit",
            Status::Timeout => "timeout",
            Status::OutOfReach => "out-of-reach",
            Status::Error => "error",
        }
    }

    /// Whether the row makes the batch fail (exit status 1).
    pub fn fails(self) -> bool {
        matches!(
            self,
            Status::Mismatch | Status::Timeout | Status::OutOfReach | Status::Error
        )
    }
}

/// One row of the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The puzzle file, as found under DIR.
    pub file: String,
    /// The puzzle's name (the file's stem until the file is read).
    pub name: String,
    /// The puzzle's cells (vertices, for a graph).
    pub cells: Option<usize>,
    /// The sizes of the encoding the count built (none for the frontier program).
    pub variables: Option<usize>,
    /// See `variables`.
    pub clauses: Option<usize>,
    /// Fillings found (and verified, unless `verified` is false): an exact JSON number.
    pub count: BigCount,
    /// Whether `count` is all of them.
    pub complete: bool,
    /// Wall seconds the file took.
    pub seconds: f64,
    /// The expected number of fillings, from `[expect] count`.
    pub expected: Option<BigCount>,
    /// Whether a solution is expected, from `[expect] sat`.
    pub expected_sat: Option<bool>,
    /// What became of the file.
    pub status: Status,
    /// The message, for rows with status `error` (and the reason of other failures).
    pub error: Option<String>,
    /// How the count was made (`frontier-dp`, `sat-cubes`, `enumeration`).
    #[serde(default)]
    pub method: Option<Method>,
    /// Whether every filling counted passed the verifier.
    #[serde(default)]
    pub verified: Option<bool>,
}

impl Row {
    /// The count and whether it is complete; none for an error row, which counted nothing
    /// (its count is not zero but absent).
    pub fn counted(&self) -> Option<(&BigCount, bool)> {
        (self.status != Status::Error).then_some((&self.count, self.complete))
    }

    /// The status the other fields call for (all but `status` and `error` filled in).
    pub fn classify(&self, stopped: Option<Stopped>) -> (Status, Option<String>) {
        let found_sat = !self.count.is_zero();
        match stopped {
            // Batch workers raise no cancel or interrupt flag: such a count ran out of time.
            Some(Stopped::Timeout | Stopped::Cancelled | Stopped::Interrupted) => {
                return (Status::Timeout, None)
            }
            Some(Stopped::Memory | Stopped::OutOfReach) => return (Status::OutOfReach, None),
            Some(Stopped::Limit) | None => {}
        }
        if let (None, Some(sat)) = (&self.expected, self.expected_sat) {
            // Sat-only: solved, not counted.
            if found_sat == sat {
                return (Status::Ok, None);
            }
            return (
                Status::Mismatch,
                Some(format!(
                    "expected {}",
                    if sat { "a solution" } else { "no solution" }
                )),
            );
        }
        if !self.complete {
            return (Status::Limit, None);
        }
        if let Some(expected) = &self.expected {
            if *expected != self.count {
                return (
                    Status::Mismatch,
                    Some(format!(
                        "expected {} fillings, found {}",
                        expected.grouped(),
                        self.count.grouped()
                    )),
                );
            }
        }
        if let Some(sat) = self.expected_sat {
            if sat != found_sat {
                return (
                    Status::Mismatch,
                    Some(format!(
                        "expected {}",
                        if sat { "a solution" } else { "no solution" }
                    )),
                );
            }
        }
        (Status::Ok, None)
    }
}

/// Counts of rows per status.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct Summary {
    pub files: usize,
    pub ok: usize,
    pub mismatch: usize,
    pub limit: usize,
    pub timeout: usize,
    #[serde(default)]
    pub out_of_reach: usize,
    pub error: usize,
}

impl Summary {
    /// The summary of `rows`.
    pub fn of(rows: &[Row]) -> Summary {
        Summary::of_statuses(rows.iter().map(|row| row.status))
    }

    /// The summary of rows with these statuses.
    pub fn of_statuses(statuses: impl IntoIterator<Item = Status>) -> Summary {
        let mut s = Summary::default();
        for status in statuses {
            s.files += 1;
            *match status {
                Status::Ok => &mut s.ok,
                Status::Mismatch => &mut s.mismatch,
                Status::Limit => &mut s.limit,
                Status::Timeout => &mut s.timeout,
                Status::OutOfReach => &mut s.out_of_reach,
                Status::Error => &mut s.error,
            } += 1;
        }
        s
    }

    /// The files, then the rows of each status there are: `8 files`, `5 ok`, `2 timeout`, ...
    pub fn parts(&self) -> Vec<String> {
        let mut parts = vec![format!("{} files", grouped(self.files))];
        for (n, word) in [
            (self.ok, "ok"),
            (self.mismatch, "mismatch"),
            (self.limit, "limit"),
            (self.timeout, "timeout"),
            (self.out_of_reach, "out of reach"),
            (self.error, "error"),
        ] {
            if n > 0 {
                parts.push(format!("{} {word}", grouped(n)));
            }
        }
        parts
    }
}

/// The whole report of a batch run (or of a merge).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The directory searched (`null` for a merge of several directories).
    pub dir: Option<String>,
    /// `--shard I/N`, if the run counted a slice.
    pub shard: Option<String>,
    /// Puzzles counted at the same time.
    pub jobs: Option<u32>,
    /// Fillings each count stopped at.
    pub limit: Option<u64>,
    /// Seconds each puzzle was given.
    pub timeout: Option<f64>,
    /// Wall seconds of the run (for a merge: the sum over the merged reports).
    pub seconds: f64,
    /// For a merge: the reports joined.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<String>,
    /// Files with a puzzle's extension left out as pathsat's own output (reports, solutions).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<String>,
    /// How many of the rows were taken from the journal of an earlier run (`--resume`) rather
    /// than counted again.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub resumed: usize,
    /// Rows per status.
    pub summary: Summary,
    /// One row per file, sorted by path.
    pub rows: Vec<Row>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Report {
    /// Whether some row makes the batch fail.
    pub fn fails(&self) -> bool {
        self.rows.iter().any(|r| r.status.fails())
    }
}

/// The columns of the CSV report, its first record.
pub const CSV_HEADER: [&str; 13] = [
    "file",
    "name",
    "cells",
    "variables",
    "clauses",
    "count",
    "complete",
    "seconds",
    "expected",
    "expected_sat",
    "status",
    "error",
    "method",
];

/// The columns of the table, its first line.
pub const TABLE_HEADER: [&str; 10] = [
    "file",
    "name",
    "cells",
    "variables",
    "clauses",
    "count",
    "complete",
    "expected",
    "status",
    "seconds",
];

/// Writes `report` in `format`.
pub fn write(out: &mut dyn Write, report: &Report, format: Format) -> io::Result<()> {
    match format {
        Format::Table => write_table(out, report),
        Format::Json => pathsat_api::json::write_json(out, report),
        Format::Csv => write_csv(out, report),
    }
}

/// The report in `format`, as bytes.
pub fn render(report: &Report, format: Format) -> Vec<u8> {
    let mut bytes = Vec::new();
    write(&mut bytes, report, format).expect("writing to memory does not fail");
    bytes
}

/// The CSV holds the rows only: the files left out as pathsat's own output are for the front
/// end to say elsewhere ([`skipped_note`]).
pub fn write_csv(out: &mut dyn Write, report: &Report) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(BufWriter::new(out));
    let fail = |e: csv::Error| match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("{other:?}")),
    };
    writer.write_record(CSV_HEADER).map_err(fail)?;
    let opt = |v: Option<String>| v.unwrap_or_default();
    for r in &report.rows {
        writer
            .write_record([
                r.file.clone(),
                r.name.clone(),
                opt(r.cells.map(|v| v.to_string())),
                opt(r.variables.map(|v| v.to_string())),
                opt(r.clauses.map(|v| v.to_string())),
                opt(r.counted().map(|(count, _)| count.to_string())),
                opt(r.counted().map(|(_, complete)| complete.to_string())),
                format!("{:.3}", r.seconds),
                opt(r.expected.as_ref().map(|v| v.to_string())),
                opt(r.expected_sat.map(|v| v.to_string())),
                r.status.name().to_string(),
                opt(r.error.clone()),
                opt(r.method.map(|m| m.name().to_string())),
            ])
            .map_err(fail)?;
    }
    writer.flush()
}

/// A size for the table, grouped in threes.
fn grouped(n: usize) -> String {
    group_digits(&n.to_string())
}

/// For a CSV report: the files left out as pathsat's own output, which its rows cannot say, in
/// a sentence for standard error (none when no file was).
pub fn skipped_note(report: &Report) -> Option<String> {
    (!report.skipped.is_empty()).then(|| {
        format!(
            "skipped {} file{} of pathsat's own output: {}",
            report.skipped.len(),
            if report.skipped.len() == 1 { "" } else { "s" },
            report.skipped.join(", ")
        )
    })
}

/// The report as an aligned table: text to the left, numbers to the right, then the error
/// messages, the files skipped and the summary line.
pub fn write_table(out: &mut dyn Write, report: &Report) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    let header = TABLE_HEADER;
    let dash = || "-".to_string();
    let rows: Vec<[String; 10]> = report
        .rows
        .iter()
        .map(|r| {
            [
                r.file.clone(),
                r.name.clone(),
                r.cells.map_or_else(dash, grouped),
                r.variables.map_or_else(dash, grouped),
                r.clauses.map_or_else(dash, grouped),
                r.counted()
                    .map(|(count, _)| count.grouped())
                    .unwrap_or_default(),
                r.counted()
                    .map(|(_, complete)| if complete { "yes" } else { "no" }.to_string())
                    .unwrap_or_default(),
                match (&r.expected, r.expected_sat) {
                    (Some(c), _) => c.grouped(),
                    (None, Some(true)) => "sat".to_string(),
                    (None, Some(false)) => "unsat".to_string(),
                    (None, None) => dash(),
                },
                r.status.name().to_string(),
                format!("{:.3}", r.seconds),
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    // Text columns to the left, numbers to the right.
    let left = [
        true, true, false, false, false, false, true, false, true, false,
    ];
    let line = |cells: Vec<&str>| {
        let parts: Vec<String> = cells
            .iter()
            .zip(widths.iter().zip(left))
            .map(|(c, (&w, l))| {
                if l {
                    format!("{c:<w$}")
                } else {
                    format!("{c:>w$}")
                }
            })
            .collect();
        parts.join("  ").trim_end().to_string()
    };
    writeln!(out, "{}", line(header.to_vec()))?;
    for row in &rows {
        writeln!(out, "{}", line(row.iter().map(String::as_str).collect()))?;
    }
    for r in report.rows.iter().filter(|r| r.error.is_some()) {
        let message = r.error.as_deref().unwrap_or_default();
        if message.starts_with(&r.file) {
            writeln!(out, "{}: {message}", r.status.name())?;
        } else {
            writeln!(out, "{}: {}: {message}", r.status.name(), r.file)?;
        }
    }
    for file in &report.skipped {
        writeln!(out, "skipped: {file}: pathsat's own output, not a puzzle")?;
    }
    writeln!(out, "{}", summary_line(report))?;
    out.flush()
}

/// The table's last line: the files, the rows of each status, the files skipped and resumed,
/// the jobs and the time, e.g. `8 files · 5 ok · 2 timeout · 1 error · 2 jobs · 3.10 s`.
pub fn summary_line(report: &Report) -> String {
    let mut parts = report.summary.parts();
    if !report.skipped.is_empty() {
        parts.push(format!("{} skipped", grouped(report.skipped.len())));
    }
    if report.resumed > 0 {
        parts.push(format!("{} resumed", grouped(report.resumed)));
    }
    if let Some(jobs) = report.jobs {
        parts.push(format!("{jobs} job{}", if jobs == 1 { "" } else { "s" }));
    }
    parts.push(format!("{:.2} s", report.seconds));
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(count: u64, complete: bool, expected: Option<u64>, expected_sat: Option<bool>) -> Row {
        Row {
            file: "f".into(),
            name: "n".into(),
            cells: None,
            variables: None,
            clauses: None,
            count: BigCount::from(count),
            complete,
            seconds: 0.0,
            expected: expected.map(BigCount::from),
            expected_sat,
            status: Status::Ok,
            error: None,
            method: None,
            verified: None,
        }
    }

    #[test]
    fn classification() {
        assert_eq!(row(4, true, Some(4), None).classify(None).0, Status::Ok);
        assert_eq!(
            row(3, true, Some(4), None).classify(None).0,
            Status::Mismatch
        );
        assert_eq!(
            row(3, false, Some(4), None)
                .classify(Some(Stopped::Limit))
                .0,
            Status::Limit
        );
        assert_eq!(
            row(3, false, Some(4), None)
                .classify(Some(Stopped::Timeout))
                .0,
            Status::Timeout
        );
        // Reports of earlier versions named the timeout "deadline".
        let old: Stopped = serde_json::from_str("\"deadline\"").unwrap();
        assert_eq!(
            row(3, false, Some(4), None).classify(Some(old)).0,
            Status::Timeout
        );
        for stop in [Stopped::Memory, Stopped::OutOfReach] {
            assert_eq!(
                row(3, false, None, None).classify(Some(stop)).0,
                Status::OutOfReach
            );
        }
        assert!(Status::OutOfReach.fails());
        assert_eq!(row(7, true, None, None).classify(None).0, Status::Ok);
        // Sat-only expectations: one solution settles it.
        assert_eq!(
            row(1, false, None, Some(true))
                .classify(Some(Stopped::Limit))
                .0,
            Status::Ok
        );
        assert_eq!(
            row(0, true, None, Some(true)).classify(None).0,
            Status::Mismatch
        );
        assert_eq!(row(0, true, None, Some(false)).classify(None).0, Status::Ok);
        assert_eq!(
            row(1, false, None, Some(false))
                .classify(Some(Stopped::Limit))
                .0,
            Status::Mismatch
        );
        assert_eq!(
            row(0, true, Some(0), Some(false)).classify(None).0,
            Status::Ok
        );
        assert!(Status::Timeout.fails() && !Status::Limit.fails() && !Status::Ok.fails());
    }
}
