//! `pathsat.batch(dir, ...)`: every puzzle file of a directory counted and checked against its
//! `[expect]`, as `pathsat batch DIR` does, by the same library function
//! ([`pathsat_batch::run`]). The files are counted on threads of this process (there is no
//! `pathsat` executable to start workers from); the rows are the command line's.

use crate::errors::{self, puzzle_error, InternalError};
use crate::interrupt;
use pathsat_api::options::Shard;
use pathsat_api::options::{parse_name, CountSpec, Method, TablesSpec};
use pathsat_api::Cancel;
use pathsat_api::ErrorKind;
use pathsat_batch::{
    self as library, BatchError, BatchOutcome, BatchRequest, Format, Report, Unobserved,
};
use pyo3::prelude::*;
use std::path::PathBuf;

/// The report of a batch run: one row per puzzle file, sorted by path.
///
/// `rows` are dicts with the keys of `pathsat batch --format json`'s rows (`file`, `name`,
/// `cells`, `count` as an exact int, `complete`, `status`: `"ok"`, `"mismatch"`, `"limit"`,
/// `"timeout"`, `"out-of-reach"` or `"error"`, ...); `summary` the rows per status; `failed`
/// whether some row fails the batch (`pathsat batch` would exit with status 1).
#[pyclass(module = "pathsat", frozen)]
pub struct BatchReport {
    report: Report,
}

impl BatchReport {
    fn json_value<'py>(&self, py: Python<'py>, json: String) -> PyResult<Bound<'py, PyAny>> {
        let _ = self;
        py.import("json")?.call_method1("loads", (json,))
    }

    fn text(&self, format: Format) -> PyResult<String> {
        String::from_utf8(library::report::render(&self.report, format))
            .map_err(|e| InternalError::new_err(e.to_string()))
    }
}

#[pymethods]
impl BatchReport {
    /// The rows, as dicts (counts are exact ints).
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = serde_json::to_string(&self.report.rows)
            .map_err(|e| InternalError::new_err(e.to_string()))?;
        self.json_value(py, json)
    }

    /// How many rows have each status, and `files`.
    #[getter]
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = serde_json::to_string(&self.report.summary)
            .map_err(|e| InternalError::new_err(e.to_string()))?;
        self.json_value(py, json)
    }

    /// Files skipped as pathsat's own output (reports, solutions), not puzzles.
    #[getter]
    fn skipped(&self) -> Vec<String> {
        self.report.skipped.clone()
    }

    /// Whether some row fails the batch (mismatch, timeout, out-of-reach or error).
    #[getter]
    fn failed(&self) -> bool {
        self.report.fails()
    }

    /// Wall seconds of the run.
    #[getter]
    fn seconds(&self) -> f64 {
        self.report.seconds
    }

    /// The report as `pathsat batch --format json` prints it.
    fn json(&self) -> PyResult<String> {
        self.text(Format::Json)
    }

    /// The report as `pathsat batch` prints it: an aligned table and a summary line.
    fn table(&self) -> PyResult<String> {
        self.text(Format::Table)
    }

    /// The rows as CSV, as `pathsat batch --format csv` prints them.
    fn csv(&self) -> PyResult<String> {
        self.text(Format::Csv)
    }

    fn __repr__(&self) -> String {
        format!(
            "<pathsat.BatchReport {}>",
            library::report::summary_line(&self.report)
        )
    }
}

/// Counts every puzzle file under `dir` (`.toml`, `.json`, `.hcp`, `.col`, `.dimacs`, `.g6`,
/// `.s6`) and checks each against its `[expect]`, as `pathsat batch DIR` does: the same rows.
///
/// `jobs` files at a time (default: one per processor); each count with `method`, `limit`,
/// `timeout` (seconds a file), `memory` (bytes the frontier program may use in each, default
/// half of the machine's memory shared among the jobs; `spill=False` stops a count whose tables
/// outgrow it, instead of going on in temporary files), `patience` (seconds, see `count`),
/// `encoding`, `solver` and `seed`. `shard="I/N"` counts the I-th of N slices of the sorted files.
/// `output` keeps the run's record in a file (a journal of rows while it runs, the report in
/// `format`, `"json"`, `"table"` or `"csv"`, when it ends); `resume=True` continues the killed
/// run whose `output` that is. Ctrl-C stops the run (`KeyboardInterrupt`); the rows finished by
/// then stay in `output`'s journal.
#[pyfunction]
#[pyo3(signature = (dir, *, jobs = None, method = "auto", limit = None, timeout = None, memory = None, spill = true, patience = None, shard = None, output = None, resume = false, format = "json", encoding = "auto", solver = "auto", seed = 0))]
#[allow(clippy::too_many_arguments)]
pub fn batch(
    py: Python<'_>,
    dir: PathBuf,
    jobs: Option<u32>,
    method: &str,
    limit: Option<u64>,
    timeout: Option<f64>,
    memory: Option<u64>,
    spill: bool,
    patience: Option<f64>,
    shard: Option<&str>,
    output: Option<PathBuf>,
    resume: bool,
    format: &str,
    encoding: &str,
    solver: &str,
    seed: u64,
) -> PyResult<BatchReport> {
    if jobs == Some(0) {
        return Err(puzzle_error("jobs=0: must be at least 1"));
    }
    if resume && output.is_none() {
        return Err(puzzle_error(
            "resume=True continues the run in output=: give the file",
        ));
    }
    let shard = shard
        .map(|text| {
            text.parse::<Shard>()
                .map_err(|p| puzzle_error(format!("shard={text:?}: {p}")))
        })
        .transpose()?;
    let format = match format {
        "json" => Format::Json,
        "table" => Format::Table,
        "csv" => Format::Csv,
        other => {
            return Err(puzzle_error(format!(
                "format={other:?}: not one of \"json\", \"table\", \"csv\""
            )))
        }
    };
    let cancel = Cancel::new();
    let request = BatchRequest {
        dir,
        spec: CountSpec {
            limit,
            timeout,
            method: parse_name::<Method>("method", method)
                .map_err(|e| puzzle_error(errors::refusal(&e)))?,
            tables: TablesSpec {
                memory,
                no_spill: !spill,
                ..TablesSpec::default()
            },
            patience,
            solver: crate::options::solver(encoding, solver, false, seed)?,
            ..CountSpec::default()
        },
        jobs,
        shard,
        output,
        resume,
        format,
        cancel: cancel.clone(),
        words: errors::words,
        ..BatchRequest::new(".")
    };
    let outcome = interrupt::run(py, &cancel, || {
        library::run(&request, &Unobserved).map_err(raise)
    })??;
    match outcome {
        BatchOutcome::Finished(report) => Ok(BatchReport { report: *report }),
        BatchOutcome::AlreadyFinished(summary) => Err(puzzle_error(format!(
            "{}: the report of a finished run ({summary}); nothing to resume",
            request
                .output
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string())
        ))),
    }
}

/// The Python exception for a batch that could not be made: refused options as the library's
/// errors are raised, the rest by whose fault they are.
fn raise(error: BatchError) -> PyErr {
    match error {
        BatchError::Options(error) => errors::raise(*error),
        error => match error.kind() {
            ErrorKind::Input | ErrorKind::Rejected => puzzle_error(error.to_string()),
            ErrorKind::Internal => InternalError::new_err(error.to_string()),
        },
    }
}
