//! `pathsat.generate(...)`: a new puzzle whose solution the solver proved unique, with the
//! options of `pathsat generate`.

use crate::errors::{self, puzzle_error};
use crate::interrupt;
use crate::options;
use crate::puzzle::Puzzle;
use crate::results::Solution;
use pathsat_api::generate::{blank_template, drawn_seed, generate as run_generate, GenerateReport};
use pathsat_api::options::GenerateSpec;
use pathsat_api::Cancel;
use pathsat_puzzle::{parse_file, Moves};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// A generated puzzle (from `pathsat.generate`): `puzzle` (givens chosen so that exactly one
/// solution exists, proved by the solver) and its `solution`, with the seed that makes it
/// again, the grade, and `toml`, the puzzle file `pathsat generate` writes.
#[pyclass(module = "pathsat", frozen)]
pub struct Generated {
    report: GenerateReport,
    puzzle: Py<Puzzle>,
    solution: Py<Solution>,
}

#[pymethods]
impl Generated {
    /// The puzzle, its answer in its `expect` table.
    #[getter]
    fn puzzle(&self, py: Python<'_>) -> Py<Puzzle> {
        self.puzzle.clone_ref(py)
    }

    /// Its only solution.
    #[getter]
    fn solution(&self, py: Python<'_>) -> Py<Solution> {
        self.solution.clone_ref(py)
    }

    /// The seed: the same seed, template and options give the same puzzle.
    #[getter]
    fn seed(&self) -> u64 {
        self.report.seed
    }

    /// Cells given (0 for a trail puzzle, whose clues are its labels).
    #[getter]
    fn givens(&self) -> usize {
        self.report.givens
    }

    /// Cells marked (with `mark=`).
    #[getter]
    fn marked(&self) -> usize {
        self.report.marked
    }

    /// Whether every given is needed: removing any one admits a second solution.
    #[getter]
    fn minimal(&self) -> bool {
        self.report.minimal
    }

    /// The grade: `level` (`"easy"`, `"medium"`, `"hard"`, or `None` for a trail), what
    /// deduction places alone, and the clauses the solver learned proving it unique.
    #[getter]
    fn grade<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = serde_json::to_string(&self.report.grade)
            .map_err(|e| errors::InternalError::new_err(e.to_string()))?;
        py.import("json")?.call_method1("loads", (json,))
    }

    /// Solutions tried before one gave the puzzle asked for.
    #[getter]
    fn attempts(&self) -> u32 {
        self.report.attempts
    }

    /// Seconds it took.
    #[getter]
    fn seconds(&self) -> f64 {
        self.report.seconds
    }

    /// The puzzle file (TOML), as `pathsat generate` writes it.
    #[getter]
    fn toml(&self) -> &str {
        &self.report.puzzle
    }

    /// The report as `pathsat generate --format json` would give it.
    fn json(&self) -> PyResult<String> {
        serde_json::to_string_pretty(&self.report)
            .map_err(|e| errors::InternalError::new_err(e.to_string()))
    }

    /// The blank puzzle as an SVG picture.
    fn svg(&self) -> String {
        let g = &self.report.generated;
        pathsat_picture::picture(&g.puzzle, None, &pathsat_picture::task(&g.puzzle))
    }

    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn __repr__(&self) -> String {
        format!(
            "<pathsat.Generated {:?} (seed {}): {}; {}>",
            self.report.name,
            self.report.seed,
            pathsat_api::generate::clues(&self.report),
            pathsat_api::generate::grade_line(&self.report.grade)
        )
    }
}

/// Generates a puzzle whose solution the solver proves unique, as `pathsat generate` does.
///
/// The board: a `template` (a `Puzzle`, or the path of a puzzle file, whose givens, holes and
/// marks are kept), or `size=(rows, cols)` with `moves` (default `"king"`) and `closed`.
/// `trail=LENGTH` makes a trail puzzle instead (labels up to `labels`, all different with
/// `distinct`). `givens`: `"minimal"` (each one needed) or a number; `keep_ends` gives 1 and N;
/// `uniform` starts from a solution drawn exactly uniformly (not a random walk's);
/// `difficulty`: `"easy"`, `"medium"` or `"hard"`; `mark`: mark every cell whose value is in
/// `"primes"`, `"squares"`, `"even"` or `"odd"`; `certify` has varisat's checker confirm the
/// proof of uniqueness; `seed` makes it reproducible (default: drawn from the clock, and
/// reported); `timeout` in seconds.
#[pyfunction]
#[pyo3(signature = (template = None, *, size = None, moves = None, closed = false, trail = None, distinct = false, labels = None, seed = None, givens = None, keep_ends = false, uniform = false, difficulty = None, mark = None, certify = false, timeout = None))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    template: Option<&Bound<'_, PyAny>>,
    size: Option<(usize, usize)>,
    moves: Option<&str>,
    closed: bool,
    trail: Option<u64>,
    distinct: bool,
    labels: Option<u32>,
    seed: Option<u64>,
    givens: Option<&Bound<'_, PyAny>>,
    keep_ends: bool,
    uniform: bool,
    difficulty: Option<&str>,
    mark: Option<&str>,
    certify: bool,
    timeout: Option<f64>,
) -> PyResult<Generated> {
    let (template, file) = match (template.filter(|t| !t.is_none()), size) {
        (Some(_), Some(_)) => {
            return Err(puzzle_error(
                "generate: give a template or a size=(rows, cols), not both",
            ))
        }
        (Some(t), None) => {
            if let Ok(puzzle) = t.cast::<Puzzle>() {
                let p = puzzle.get();
                ((*p.puzzle).clone(), p.file.clone())
            } else {
                let path: PathBuf = t.extract().map_err(|_| {
                    puzzle_error("generate: template is a Puzzle or the path of a puzzle file")
                })?;
                let puzzle = parse_file(&path).map_err(|e| puzzle_error(e.to_string()))?;
                (puzzle, path.display().to_string())
            }
        }
        (None, Some((rows, cols))) => {
            let moves = match moves {
                None => Moves::King,
                Some(text) => options::moves(text)?,
            };
            blank_template(
                rows,
                cols,
                moves,
                closed,
                trail.map(|t| (t, distinct)),
                format!("size=({rows}, {cols})"),
            )
            .map_err(errors::raise)?
        }
        (None, None) => {
            return Err(puzzle_error(
                "generate: give a template (a Puzzle or a file) or size=(rows, cols)",
            ))
        }
    };
    let cancel = Cancel::new();
    let spec = GenerateSpec {
        seed,
        givens: options::givens(givens)?,
        keep_ends,
        uniform,
        mark: options::value_class(mark)?,
        difficulty: options::difficulty(difficulty)?,
        labels,
        certify,
        timeout,
    };
    let request = spec
        .request(drawn_seed(), 0, cancel.clone())
        .map_err(errors::raise)?;
    let report = interrupt::run(py, &cancel, || {
        run_generate(&template, &file, &request).map_err(errors::raise)
    })??;
    let name = report.name.clone();
    let puzzle = Puzzle::new(report.generated.puzzle.clone(), name);
    let solution = Solution::new(
        Arc::clone(&puzzle.puzzle),
        report.generated.solution.clone(),
        "the only solution",
    );
    Ok(Generated {
        puzzle: Py::new(py, puzzle)?,
        solution: Py::new(py, solution)?,
        report,
    })
}
