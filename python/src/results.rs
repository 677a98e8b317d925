//! What the puzzle's methods return: a verified `Solution`, the lazy `Solutions` iterator, a
//! `CountResult` with its exact count, and a `Cnf` for other solvers.

use crate::errors;
use crate::interrupt;
use pathsat_api::export::{Exported, Meaning};
use pathsat_api::outcome::{vertex_order, Solutions as Shown};
use pathsat_api::solve::Next;
use pathsat_api::{CountReport, SolutionStream};
use pathsat_puzzle::{render, Filling, Puzzle as Model};
use pyo3::exceptions::{PyStopIteration, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyTuple};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, TryLockError};

/// A solution of a puzzle, checked by pathsat's independent verifier.
///
/// `grid` gives the value of each cell by rows (`None` for holes, and for cells off a trail);
/// `order` the path itself; `svg()` a picture, which notebooks show by themselves.
#[pyclass(module = "pathsat", frozen, eq)]
pub struct Solution {
    puzzle: Arc<Model>,
    filling: Filling,
    note: String,
}

impl PartialEq for Solution {
    fn eq(&self, other: &Solution) -> bool {
        Arc::ptr_eq(&self.puzzle, &other.puzzle) && self.filling == other.filling
    }
}

impl Solution {
    pub fn new(puzzle: Arc<Model>, filling: Filling, note: &str) -> Solution {
        Solution {
            puzzle,
            filling,
            note: note.to_string(),
        }
    }
}

#[pymethods]
impl Solution {
    /// The values by rows: `grid[row][col]`, `None` for holes and cells off a trail; `None`
    /// for a graph (see `order`).
    #[getter]
    fn grid(&self) -> Option<Vec<Vec<Option<u32>>>> {
        match Shown::of(&self.puzzle, std::slice::from_ref(&self.filling)) {
            Shown::Grids(mut grids) => grids.pop(),
            Shown::Orders(_) => None,
        }
    }

    /// The path in order: for a graph, its vertices (numbered from 1, as in graph files); for
    /// a board, the `(row, col)` of 1, 2, ... (a trail's cells only).
    #[getter]
    fn order<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if self.puzzle.is_graph() {
            return PyList::new(py, vertex_order(&self.filling));
        }
        let board = self.puzzle.board();
        let cells = self
            .filling
            .order()
            .into_iter()
            .filter(|&c| self.filling.value(c) > 0)
            .map(|c| {
                let pos = board.pos(c);
                (pos.row, pos.col)
            });
        PyList::new(py, cells)
    }

    /// The value of each cell (vertex), in cell order: the board's cells by rows, holes
    /// skipped.
    #[getter]
    fn values(&self) -> Vec<u32> {
        self.filling.values().to_vec()
    }

    /// What the solution is: how it was found and checked (for a sample: the count it was
    /// drawn from, and the seed). The caption of `svg()`.
    #[getter]
    fn note(&self) -> &str {
        &self.note
    }

    /// The solution drawn as SVG.
    fn svg(&self) -> String {
        pathsat_picture::picture(&self.puzzle, Some(&self.filling), &self.note)
    }

    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn __str__(&self) -> String {
        let mut text = render::filling_grid(&self.puzzle, &self.filling);
        if let Some(labels) = render::trail_labels(&self.puzzle, &self.filling) {
            text.push_str(&labels);
            text.push('\n');
        }
        text
    }

    fn __repr__(&self) -> String {
        format!(
            "<pathsat.Solution of {:?}: {} cells, {}>",
            self.puzzle.name(),
            self.puzzle.n_cells(),
            self.note
        )
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.filling.values().hash(&mut hasher);
        hasher.finish()
    }
}

/// The solutions of a puzzle, found one at a time as the loop asks for them (from
/// `Puzzle.solutions()`): stop early, and the solver stops too; its thread ends when the
/// iterator is closed or collected. Ctrl-C interrupts a wait for the next solution.
#[pyclass(module = "pathsat")]
pub struct Solutions {
    puzzle: Arc<Model>,
    /// Held while a thread waits for the next solution (with the GIL released): another
    /// thread finds it taken and gets an error rather than wait for it holding the GIL.
    stream: Mutex<Option<SolutionStream>>,
    found: AtomicU64,
    limit: Option<u64>,
}

impl Solutions {
    pub fn new(puzzle: Arc<Model>, stream: SolutionStream, limit: Option<u64>) -> Solutions {
        Solutions {
            puzzle,
            stream: Mutex::new(Some(stream)),
            found: AtomicU64::new(0),
            limit,
        }
    }

    /// The stream, unless another thread is waiting on it (as Python's generators refuse).
    fn stream(&self) -> PyResult<std::sync::MutexGuard<'_, Option<SolutionStream>>> {
        match self.stream.try_lock() {
            Ok(guard) => Ok(guard),
            Err(TryLockError::Poisoned(e)) => Ok(e.into_inner()),
            Err(TryLockError::WouldBlock) => Err(PyValueError::new_err(
                "the solutions iterator is already executing in another thread",
            )),
        }
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Solution> {
        let mut guard = self.stream()?;
        let Some(stream) = guard.as_mut() else {
            return Err(PyStopIteration::new_err(()));
        };
        if self.limit.is_some_and(|l| stream.found() >= l) {
            *guard = None;
            return Err(PyStopIteration::new_err(()));
        }
        let next = interrupt::wait(py, |wait| match stream.next_within(wait) {
            Ok(Next::Pending) => None,
            other => Some(other),
        })?;
        match next.map_err(errors::raise) {
            Ok(Next::Solution(filling)) => {
                self.found.store(stream.found(), Ordering::Relaxed);
                Ok(Solution::new(
                    Arc::clone(&self.puzzle),
                    filling,
                    "a solution, checked by the verifier",
                ))
            }
            Ok(_) => {
                *guard = None;
                Err(PyStopIteration::new_err(()))
            }
            Err(e) => {
                *guard = None;
                Err(e)
            }
        }
    }

    /// Stops the search and ends the solver's thread (as leaving the loop and dropping the
    /// iterator does).
    fn close(&self) -> PyResult<()> {
        self.stream()?.take();
        Ok(())
    }

    /// Solutions given so far.
    #[getter]
    fn found(&self) -> u64 {
        self.found.load(Ordering::Relaxed)
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &self,
        _kind: Option<&Bound<'_, PyAny>>,
        _value: Option<&Bound<'_, PyAny>>,
        _traceback: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        self.close()
    }
}

/// How many solutions a puzzle has (from `Puzzle.count()`).
///
/// `count` is an exact int however large; when `complete` is false it is a lower bound (the
/// count stopped early: `stopped` says why). `method` says how it was counted and `why` why
/// that method; `json()` is what `pathsat count --format json` prints for the same run.
#[pyclass(module = "pathsat", frozen)]
pub struct CountResult {
    report: CountReport,
}

impl CountResult {
    pub fn new(report: CountReport) -> CountResult {
        CountResult { report }
    }
}

#[pymethods]
impl CountResult {
    /// The count: an exact Python int.
    #[getter]
    fn count<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        exact_int(py, &self.report.answer.count)
    }

    /// Whether every solution was counted.
    #[getter]
    fn complete(&self) -> bool {
        self.report.answer.complete
    }

    /// How it was counted: `"frontier-dp"`, `"sat-cubes"` or `"enumeration"`.
    #[getter]
    fn method(&self) -> &'static str {
        self.report.method.name()
    }

    /// Why that method.
    #[getter]
    fn why(&self) -> &str {
        &self.report.why
    }

    /// What stopped an incomplete count: `"limit"`, `"timeout"`, `"memory"`,
    /// `"out-of-reach"`, or `None`.
    #[getter]
    fn stopped(&self) -> Option<&'static str> {
        self.report.stopped.map(|s| s.name())
    }

    /// Whether each solution counted passed the verifier (false for the frontier program,
    /// which counts without enumerating).
    #[getter]
    fn verified(&self) -> bool {
        self.report.verified
    }

    /// What is counted: `"fillings"` (or `"trails"`, for a trail puzzle).
    #[getter]
    fn counts(&self) -> &'static str {
        match self.report.answer.counts {
            pathsat_api::Counts::Fillings => "fillings",
            pathsat_api::Counts::Trails => "trails",
        }
    }

    /// The file's `[expect] count` (an exact int), or `None` when it has none.
    #[getter]
    fn expected<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.report
            .expected
            .as_ref()
            .map(|e| exact_int(py, &e.count))
            .transpose()
    }

    /// Whether the count agrees with `expected`: `None` when there is none, or when a count
    /// that stopped early at or below it cannot tell.
    #[getter]
    fn agrees(&self) -> Option<bool> {
        self.report.expected.as_ref().and_then(|e| e.agrees)
    }

    /// Seconds the count took.
    #[getter]
    fn seconds(&self) -> f64 {
        self.report.stats.total_seconds
    }

    /// The report as `pathsat count --format json` prints it.
    fn json(&self) -> PyResult<String> {
        serde_json::to_string_pretty(&self.report)
            .map_err(|e| errors::InternalError::new_err(e.to_string()))
    }

    /// The report as a dictionary (the JSON, with the count an exact int).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let dict = py.import("json")?.call_method1("loads", (self.json()?,))?;
        dict.set_item("count", self.count(py)?)?;
        if let Some(expected) = self.expected(py)? {
            dict.get_item("expected")?.set_item("count", expected)?;
        }
        Ok(dict)
    }

    fn __int__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.count(py)
    }

    fn __repr__(&self) -> String {
        let count = &self.report.answer.count;
        let bound = if self.report.answer.complete {
            ""
        } else {
            "at least "
        };
        let stopped = self
            .report
            .stopped
            .map_or(String::new(), |s| format!(", stopped: {}", s.name()));
        format!(
            "<pathsat.CountResult {bound}{count} by {}{stopped}>",
            self.report.method.name()
        )
    }
}

/// An exact count as a Python int.
pub fn exact_int<'py>(
    py: Python<'py>,
    count: &pathsat_bigcount::BigCount,
) -> PyResult<Bound<'py, PyAny>> {
    py.get_type::<PyInt>().call1((count.to_string(),))
}

/// A puzzle's CNF (from `Puzzle.to_cnf()`), as pathsat's embedded solver receives it.
///
/// PySAT reads it directly: `pysat.formula.CNF(from_clauses=cnf.clauses)`, or
/// `Solver(bootstrap_with=cnf.clauses)`. `var_map` says what each primary variable means, so
/// that constraints of your own can be added; `Puzzle.decode(model)` reads a model back into
/// a verified solution.
#[pyclass(module = "pathsat", frozen)]
pub struct Cnf {
    puzzle: Arc<Model>,
    exported: Mutex<Exported>,
    encoding_asked: String,
}

impl Cnf {
    pub fn new(puzzle: Arc<Model>, exported: Exported, encoding_asked: &str) -> Cnf {
        Cnf {
            puzzle,
            exported: Mutex::new(exported),
            encoding_asked: encoding_asked.to_string(),
        }
    }

    fn with<T>(&self, f: impl FnOnce(&Exported) -> T) -> T {
        f(&self.exported.lock().expect("not poisoned"))
    }
}

#[pymethods]
impl Cnf {
    /// The clauses: lists of non-zero DIMACS literals.
    #[getter]
    fn clauses(&self) -> Vec<Vec<i64>> {
        self.with(Exported::clauses)
    }

    /// The number of variables (auxiliary ones included), as PySAT's `CNF.nv`.
    #[getter]
    fn nv(&self) -> usize {
        self.with(Exported::variables)
    }

    /// The encoding: `"position"`, `"successor"` (round 0 of the lazy loop) or a complete
    /// successor encoding (`"successor-crt"`, …).
    #[getter]
    fn encoding(&self) -> String {
        self.with(Exported::encoding_name)
    }

    /// What each primary variable means. The position encoding: `(row, col, value) -> var`
    /// for a board, `(vertex, value) -> var` for a graph (vertices from 1), the value being a
    /// trail's step for a trail puzzle. The successor encoding: `(from, to) -> var` over cells
    /// `(row, col)` or vertices; an open path's virtual vertex is `None`.
    #[getter]
    fn var_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        let meanings = self.with(Exported::meanings);
        let board = self.puzzle.board();
        let graph = self.puzzle.is_graph();
        let n = self.puzzle.n_cells();
        let place = |cell: usize| -> PyResult<Bound<'py, PyAny>> {
            if cell >= n {
                Ok(py.None().into_bound(py))
            } else if graph {
                Ok((cell + 1).into_pyobject(py)?.into_any())
            } else {
                let pos = board.pos(cell);
                Ok((pos.row, pos.col).into_pyobject(py)?.into_any())
            }
        };
        for (var, meaning) in meanings {
            let key = match meaning {
                Meaning::Place { cell, value } if graph => {
                    PyTuple::new(py, [cell + 1, value as usize])?.into_any()
                }
                Meaning::Place { cell, value } => {
                    let pos = board.pos(cell);
                    PyTuple::new(py, [pos.row, pos.col, value as usize])?.into_any()
                }
                Meaning::Arc { from, to } => {
                    PyTuple::new(py, [place(from)?, place(to)?])?.into_any()
                }
            };
            map.set_item(key, var)?;
        }
        Ok(map)
    }

    /// The projection: the variables whose values decide the solution (`c p show`), for
    /// projected model counters; the arcs of a complete successor encoding; `None` for the
    /// successor encoding's round 0.
    #[getter]
    fn projection(&self) -> Option<Vec<u64>> {
        self.with(Exported::projection)
    }

    /// The comment lines of the DIMACS file (without `c `): what the CNF is.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.with(|e| e.comments().to_vec())
    }

    /// The DIMACS file `pathsat export` writes.
    fn to_dimacs(&self) -> String {
        self.with(Exported::dimacs)
    }

    fn __len__(&self) -> usize {
        self.with(|e| e.export.cnf.clauses().len())
    }

    fn __repr__(&self) -> String {
        let (encoding, variables, clauses) = self.with(|e| {
            (
                e.encoding().name(),
                e.variables(),
                e.export.cnf.clauses().len(),
            )
        });
        format!(
            "<pathsat.Cnf of {:?}: {encoding} encoding (asked: {}), {variables} variables, \
             {clauses} clauses>",
            self.puzzle.name(),
            self.encoding_asked
        )
    }
}
