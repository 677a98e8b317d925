//! `pathsat.Puzzle`: a puzzle read from a file, TOML or JSON text, a dictionary, or built from a
//! board's size and options; and everything done to it (solve, enumerate, count, prove unique,
//! export to CNF and decode a model), each a call into [`pathsat_api`].
//!
//! The class's methods are one `#[pymethods]` block here (PyO3 takes one a class without its
//! `multiple-pymethods` feature), which hands the longer work to two files: `build.rs` makes
//! boards and graphs from Python values, `dicts.rs` turns the answers of `forced`, `hint` and
//! `explain` into dicts.

mod build;
mod dicts;

use crate::errors::{self, puzzle_error};
use crate::interrupt;
use crate::options;
use crate::results::{Cnf, CountResult, Solution, Solutions};
use pathsat_api::count::count;
use pathsat_api::decode::decode_literals;
use pathsat_api::export::export;
use pathsat_api::options::{
    parse_name, CountSpec, ExplainSpec, ForcedSpec, HintSpec, Method, SampleBy, SampleSpec,
    SolveSpec, TablesSpec,
};
use pathsat_api::progress::{Progress, Stage};
use pathsat_api::sample::sample;
use pathsat_api::solve::solve;
use pathsat_api::{Cancel, SolutionStream, Stopped, Wanted, WindDown};
use pathsat_puzzle::{parse_file, parse_str, write, CellRule, Format, Puzzle as Model};
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use serde_json::json;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A path puzzle: place 1..N on the cells of a board (or the vertices of a graph) so that
/// consecutive numbers are one move apart.
///
/// Make one with `Puzzle.from_file(path)`, `Puzzle.from_toml(text)`, `Puzzle.from_json(text)`,
/// `Puzzle.from_dict(d)` (the fields of a puzzle file) or `Puzzle.board(rows, cols, ...)`.
/// Every solution it returns has passed pathsat's independent verifier.
#[pyclass(module = "pathsat", frozen)]
pub struct Puzzle {
    pub(crate) puzzle: Arc<Model>,
    /// What errors call the puzzle: its file, or how it was made.
    pub(crate) file: String,
}

impl Puzzle {
    pub(crate) fn new(puzzle: Model, file: String) -> Puzzle {
        Puzzle {
            puzzle: Arc::new(puzzle),
            file,
        }
    }

    fn solution(&self, filling: pathsat_puzzle::Filling, note: &str) -> Solution {
        Solution::new(Arc::clone(&self.puzzle), filling, note)
    }

    /// Runs `solve` for `wanted` with the keyword options of `solve` and `is_unique`, with
    /// Ctrl-C honoured.
    fn run_solve(
        &self,
        py: Python<'_>,
        wanted: Wanted,
        timeout: Option<f64>,
        solver: pathsat_api::options::SolverSpec,
    ) -> PyResult<pathsat_api::SolveReport> {
        let cancel = Cancel::new();
        let spec = SolveSpec {
            unique: wanted == Wanted::Unique,
            timeout,
            solver,
            ..SolveSpec::default()
        };
        let request = spec.request(cancel.clone()).map_err(errors::raise)?;
        interrupt::run(py, &cancel, || {
            solve(&self.puzzle, &self.file, &request).map_err(errors::raise)
        })?
    }

    /// The `TimeoutError` of a run whose `timeout` passed before `what`.
    fn timed_out(&self, what: &str, timeout: Option<f64>) -> PyErr {
        PyTimeoutError::new_err(format!(
            "{}: {what} within the timeout of {} s",
            self.file,
            timeout.unwrap_or_default()
        ))
    }
}

#[pymethods]
impl Puzzle {
    /// Reads a puzzle file: TOML or JSON (`.toml`, `.json`), or a graph (`.hcp`, `.col`, `.g6`,
    /// `.s6`).
    ///
    /// Raises `PuzzleError` naming the file, line and column of the first mistake.
    #[staticmethod]
    fn from_file(path: PathBuf) -> PyResult<Puzzle> {
        let puzzle = parse_file(&path).map_err(|e| puzzle_error(e.to_string()))?;
        Ok(Puzzle::new(puzzle, path.display().to_string()))
    }

    /// Reads a puzzle from the text of a TOML puzzle file; errors call it `name` (`<toml>` by
    /// default) with the line and column.
    #[staticmethod]
    #[pyo3(signature = (text, name = None))]
    fn from_toml(text: &str, name: Option<String>) -> PyResult<Puzzle> {
        build::parsed(text, Format::Toml, name.unwrap_or_else(|| "<toml>".into()))
    }

    /// Reads a puzzle from the text of a JSON puzzle file (the same fields as the TOML file).
    #[staticmethod]
    #[pyo3(signature = (text, name = None))]
    fn from_json(text: &str, name: Option<String>) -> PyResult<Puzzle> {
        build::parsed(text, Format::Json, name.unwrap_or_else(|| "<json>".into()))
    }

    /// A puzzle from a dictionary with the fields of a puzzle file, e.g.
    /// `{"moves": "king", "grid": [[1, None, None], [None, None, 9]]}` (`None` is a cell to
    /// fill, `"#"` a hole).
    #[staticmethod]
    fn from_dict(d: &Bound<'_, PyAny>) -> PyResult<Puzzle> {
        let py = d.py();
        let text: String = py
            .import("json")?
            .call_method1("dumps", (d,))
            .map_err(|e| puzzle_error(format!("<dict>: not a puzzle's fields: {e}")))?
            .extract()?;
        // Positions in JSON made from the dictionary would mean nothing to its author.
        let puzzle = parse_str(&text, Format::Json)
            .map_err(|e| puzzle_error(format!("<dict>: {}", e.message())))?;
        Ok(Puzzle::new(puzzle, "<dict>".into()))
    }

    /// A board of `rows` x `cols` cells.
    ///
    /// - `moves`: `"rook"`, `"king"`, `"knight"` (or another name `pathsat` knows), or a list
    ///   of `(dr, dc)` steps;
    /// - `closed`: a tour (N is one move from 1) rather than a path;
    /// - `givens`: `{(row, col): value}`, rows and columns from 0;
    /// - `holes`: `[(row, col), ...]`, cells that are not part of the board;
    /// - `marks`: `{(row, col): cls}` where `cls` is `"primes"`, `"squares"`, `"even"`,
    ///   `"odd"` or a list of the values allowed there;
    /// - `name`: the puzzle's name.
    #[staticmethod]
    #[pyo3(signature = (rows, cols, moves = None, closed = false, givens = None, holes = None, marks = None, name = None))]
    #[allow(clippy::too_many_arguments)]
    fn board(
        rows: usize,
        cols: usize,
        moves: Option<&Bound<'_, PyAny>>,
        closed: bool,
        givens: Option<BTreeMap<(i64, i64), i64>>,
        holes: Option<Vec<(i64, i64)>>,
        marks: Option<BTreeMap<(i64, i64), Bound<'_, PyAny>>>,
        name: Option<String>,
    ) -> PyResult<Puzzle> {
        build::board(rows, cols, moves, closed, givens, holes, marks, name)
    }

    /// A Hamiltonian path (or, `closed`, cycle) problem on a graph: `edges` are pairs of
    /// vertices numbered from 1 (as in graph files), `vertices` their number (by default the
    /// largest in an edge). `directed` reads each edge one way only; `start` and `end` give the
    /// vertices holding 1 and N (an open path's ends).
    #[staticmethod]
    #[pyo3(signature = (edges, vertices = None, closed = false, directed = false, start = None, end = None, name = None))]
    #[allow(clippy::too_many_arguments)]
    fn graph(
        edges: Vec<(i64, i64)>,
        vertices: Option<u64>,
        closed: bool,
        directed: bool,
        start: Option<i64>,
        end: Option<i64>,
        name: Option<String>,
    ) -> PyResult<Puzzle> {
        build::graph(edges, vertices, closed, directed, start, end, name)
    }

    /// The puzzle's name.
    #[getter]
    fn name(&self) -> &str {
        self.puzzle.name()
    }

    /// The file it was read from, or how it was made (`<toml>`, `<dict>`, `board 8x8`).
    #[getter]
    fn file(&self) -> &str {
        &self.file
    }

    /// Rows of the board (1 for a graph).
    #[getter]
    fn rows(&self) -> usize {
        self.puzzle.board().rows()
    }

    /// Columns of the board (the vertices, for a graph).
    #[getter]
    fn cols(&self) -> usize {
        self.puzzle.board().cols()
    }

    /// Cells to fill (vertices of a graph): N.
    #[getter]
    fn cells(&self) -> usize {
        self.puzzle.n_cells()
    }

    /// Whether the path must close into a tour.
    #[getter]
    fn closed(&self) -> bool {
        self.puzzle.is_closed()
    }

    /// Whether the puzzle is a graph (a Hamiltonian path or cycle problem).
    #[getter]
    fn is_graph(&self) -> bool {
        self.puzzle.is_graph()
    }

    /// The move rule, as puzzle files name it.
    #[getter]
    fn moves(&self) -> String {
        self.puzzle.moves().to_string()
    }

    /// The given values: `{(row, col): value}` for a board, `{vertex: value}` for a graph
    /// (vertices numbered from 1, as in graph files).
    #[getter]
    fn givens<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let givens = PyDict::new(py);
        for (cell, value) in self.puzzle.givens() {
            if self.puzzle.is_graph() {
                givens.set_item(cell + 1, value)?;
            } else {
                let pos = self.puzzle.board().pos(cell);
                givens.set_item((pos.row, pos.col), value)?;
            }
        }
        Ok(givens)
    }

    /// The first solution, or `None` when the puzzle has none.
    ///
    /// `timeout` (seconds) raises `TimeoutError` when it passes before an answer; `encoding`
    /// is `"auto"`, `"position"`, `"successor"` or a complete `"successor-*"` encoding; `solver`
    /// is `"varisat"` or `"cadical"` (in
    /// a package built with it); `certify` has varisat's proof checker confirm the run; `seed`
    /// sends the search along another path, as reproducibly (`--seed`; 0, the default, is the
    /// unseeded run).
    #[pyo3(signature = (timeout = None, *, encoding = "auto", solver = "varisat", certify = false, seed = 0))]
    fn solve(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        encoding: &str,
        solver: &str,
        certify: bool,
        seed: u64,
    ) -> PyResult<Option<Solution>> {
        let solver = options::solver(encoding, solver, certify, seed)?;
        let report = self.run_solve(py, Wanted::First, timeout, solver)?;
        match report.fillings.into_iter().next() {
            Some(filling) => Ok(Some(
                self.solution(filling, "a solution, checked by the verifier"),
            )),
            None if report.stopped.is_some() => Err(self.timed_out("no answer", timeout)),
            None => Ok(None),
        }
    }

    /// The solutions, one at a time: a lazy iterator, whose solver finds the next solution
    /// only when asked (stop early, and it stops). `limit` caps how many it gives; `seed` as
    /// for `solve`.
    #[pyo3(signature = (limit = None, *, encoding = "auto", solver = "varisat", seed = 0))]
    fn solutions(
        &self,
        limit: Option<u64>,
        encoding: &str,
        solver: &str,
        seed: u64,
    ) -> PyResult<Solutions> {
        let spec = SolveSpec {
            limit,
            solver: options::solver(encoding, solver, false, seed)?,
            ..SolveSpec::default()
        };
        let request = spec.request(Cancel::new()).map_err(errors::raise)?;
        let stream = SolutionStream::start(Arc::clone(&self.puzzle), &self.file, request.options);
        Ok(Solutions::new(Arc::clone(&self.puzzle), stream, limit))
    }

    /// How many solutions (fillings) the puzzle has: a `CountResult` whose `count` is an exact
    /// int however large, with `complete`, `method` and why.
    ///
    /// `method`: `"auto"` (the frontier program where it applies, else SAT enumeration when it
    /// can finish), `"dp"`, `"sat"` (cubes) or `"enumerate"`. `timeout` (seconds) and `limit`
    /// stop it early: the count is then a lower bound and `complete` is false. `memory`
    /// (bytes) is what the frontier program's tables may take (half the machine's by
    /// default); tables that outgrow it go on in temporary files in the system's temporary
    /// directory, or in `spill_dir` from the first large table on (`--spill-dir`), or stop
    /// the count with `spill=False` (`--no-spill`).
    /// `checkpoint` (a file) saves the frontier program's table every `checkpoint_every`
    /// seconds (600) and goes on from it when the same count is run again (`--checkpoint`);
    /// a first Ctrl-C then ends the frontier program's layer under way and saves it before
    /// `KeyboardInterrupt` is raised, and a second stops the count at once.
    #[pyo3(signature = (method = "auto", timeout = None, limit = None, *, encoding = "auto", solver = "varisat", jobs = None, certify = false, seed = 0, memory = None, spill = true, spill_dir = None, checkpoint = None, checkpoint_every = None))]
    #[allow(clippy::too_many_arguments)]
    fn count(
        &self,
        py: Python<'_>,
        method: &str,
        timeout: Option<f64>,
        limit: Option<u64>,
        encoding: &str,
        solver: &str,
        jobs: Option<u32>,
        certify: bool,
        seed: u64,
        memory: Option<u64>,
        spill: bool,
        spill_dir: Option<std::path::PathBuf>,
        checkpoint: Option<std::path::PathBuf>,
        checkpoint_every: Option<f64>,
    ) -> PyResult<CountResult> {
        let cancel = Cancel::new();
        let spec = CountSpec {
            limit,
            timeout,
            method: parse_name::<Method>("method", method)
                .map_err(|e| puzzle_error(errors::refusal(&e)))?,
            jobs,
            solver: options::solver(encoding, solver, certify, seed)?,
            tables: TablesSpec {
                memory,
                no_spill: !spill,
                spill_dir,
            },
            checkpoint,
            checkpoint_every,
            ..CountSpec::default()
        };
        let mut request = spec.request(cancel.clone()).map_err(errors::raise)?;
        // With a checkpoint, a Ctrl-C inside the frontier program saves its table first.
        let saving = WindDown::new();
        let in_frontier = Arc::new(AtomicBool::new(false));
        if request.options.checkpoint.is_some() {
            request.options.budget.wind_down = Some(saving.clone());
        }
        let soft_stop = || {
            let soft =
                request.options.budget.wind_down.is_some() && in_frontier.load(Ordering::Relaxed);
            if soft {
                saving.request();
            }
            soft
        };
        let stage = Arc::clone(&in_frontier);
        let hear = Arc::new(move |p: Progress| {
            if let Progress::Stage(s) = p {
                stage.store(s == Stage::Frontier, Ordering::Relaxed);
            }
        });
        let report = interrupt::run_softly(py, &cancel, &soft_stop, || {
            count(&self.puzzle, &self.file, &request, hear).map_err(errors::raise)
        })??;
        Ok(CountResult::new(report))
    }

    /// `n` solutions drawn independently and exactly uniformly from all the puzzle's, each
    /// passed by the verifier: a list of `Solution`s (empty when the puzzle has none), whose
    /// notes name the count drawn from and the seed. The same `seed` gives the same samples on
    /// any machine and with any `jobs`; without one a seed is drawn from the clock.
    ///
    /// `method`: `"auto"` (the frontier program's tables where it applies, else every solution
    /// enumerated, up to `enumerate_limit`, a million by default), `"dp"` or `"enumerate"`.
    /// `timeout` (seconds) raises `TimeoutError` when it passes first; `memory`, `spill` and
    /// `spill_dir` are `count`'s (a sample keeps every table of the sweep).
    #[pyo3(signature = (n = 1, seed = None, *, method = "auto", timeout = None, jobs = None, memory = None, spill = true, spill_dir = None, enumerate_limit = None))]
    #[allow(clippy::too_many_arguments)]
    fn sample(
        &self,
        py: Python<'_>,
        n: usize,
        seed: Option<u64>,
        method: &str,
        timeout: Option<f64>,
        jobs: Option<u32>,
        memory: Option<u64>,
        spill: bool,
        spill_dir: Option<std::path::PathBuf>,
        enumerate_limit: Option<u64>,
    ) -> PyResult<Vec<Solution>> {
        let cancel = Cancel::new();
        let spec = SampleSpec {
            samples: n,
            seed,
            timeout,
            method: parse_name::<SampleBy>("method", method)
                .map_err(|e| puzzle_error(errors::refusal(&e)))?,
            enumerate_limit,
            tables: TablesSpec {
                memory,
                spill_dir,
                no_spill: !spill,
            },
            jobs,
            ..SampleSpec::default()
        };
        let request = spec.request(cancel.clone()).map_err(errors::raise)?;
        let report = interrupt::run(py, &cancel, || {
            sample(&self.puzzle, &self.file, &request, Arc::new(|_| {})).map_err(errors::raise)
        })??;
        if let Some(stopped) = report.stopped {
            return Err(match stopped {
                Stopped::Memory => pyo3::exceptions::PyMemoryError::new_err(format!(
                    "{}: {}",
                    self.file, report.why
                )),
                _ => self.timed_out("no sample drawn", timeout),
            });
        }
        let note = format!(
            "drawn uniformly from {} (seed {}), checked by the verifier",
            report.answer.count, report.seed
        );
        Ok(report
            .fillings
            .into_iter()
            .map(|f| self.solution(f, &note))
            .collect())
    }

    /// The cells whose value is the same in every solution (the backbone), found by SAT with
    /// assumptions, not by enumeration: a dict with `status` (`"sat"`, `"unsat"`, or
    /// `"unknown"` when stopped before a first solution), `complete`, `forced` (`{(row, col):
    /// value}`, or `{vertex: value}` for a graph, given cells included), `deduced` (how many of
    /// them are not given) and, for a puzzle without solution, `conflict` (the givens that have
    /// none together, none of them superfluous). `timeout` (seconds) stops the search with the
    /// cells settled so far (`complete` false).
    #[pyo3(signature = (timeout = None))]
    fn forced<'py>(&self, py: Python<'py>, timeout: Option<f64>) -> PyResult<Bound<'py, PyDict>> {
        let cancel = Cancel::new();
        let request = ForcedSpec { timeout }
            .request(cancel.clone())
            .map_err(errors::raise)?;
        let report = interrupt::run(py, &cancel, || {
            pathsat_api::forced::forced(&self.puzzle, &self.file, &request).map_err(errors::raise)
        })??;
        dicts::forced_dict(py, &report)
    }

    /// The next step of the puzzle solved by hand: a dict with `status` (`"hint"`, `"wrong"`,
    /// `"solved"`, `"no-solution"`, `"several"` or `"unknown"`), and for a hint `hint`:
    /// `{"cell": (row, col) or vertex, "value", "rule", "level", "reason", "cited": [(cell,
    /// value)]}` (rule `"solver"` when no deduction rule applies and the solver proves the
    /// cell forced); for a filling no solution extends, `wrong`: `{"cell", "value", "reason"}`,
    /// its first wrong cell in reading order. `filling` is what is filled so far: a list of
    /// rows (a graph: one list of its vertices' values), `None` or 0 on empty cells.
    /// `certify=True` proves the hint's "no other value fits" with a DRAT certificate, checked
    /// before the call returns (`certificate`: its summary, as the web API gives it); it needs
    /// a package built with CaDiCaL (`MATURIN_PEP517_ARGS="--features cadical"`).
    #[pyo3(signature = (filling = None, timeout = None, *, certify = false))]
    fn hint<'py>(
        &self,
        py: Python<'py>,
        filling: Option<Bound<'py, PyAny>>,
        timeout: Option<f64>,
        certify: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let filling = match filling {
            None => None,
            Some(f) => Some(match f.extract::<Vec<Vec<Option<u32>>>>() {
                Ok(rows) => json!(rows),
                Err(_) => json!(f.extract::<Vec<Option<u32>>>().map_err(|_| {
                    puzzle_error("filling: a list of rows of numbers (None or 0 on empty cells)")
                })?),
            }),
        };
        let cancel = Cancel::new();
        let request = HintSpec {
            filling,
            timeout,
            certify,
        }
        .request(&self.puzzle, cancel.clone())
        .map_err(errors::raise)?;
        let report = interrupt::run(py, &cancel, || {
            pathsat_api::hint::hint(&self.puzzle, &self.file, &request).map_err(errors::raise)
        })??;
        dicts::hint_dict(py, &report)
    }

    /// Why `cell` (`(row, col)` from 0, or a graph's vertex from 1) holds its value, in the
    /// clauses unit propagation used: a dict with `how` (`"propagation"`, `"refutation"`,
    /// `"search"`, `"not-forced"` or `"no-solution"`), `value`, and `steps`, each a dict of
    /// `sets` (the literal it set, `""` for the final clause of a refutation), `clause` and
    /// `family`. `pruning` (`"none"` or `"full"`) and `exactly_one` choose the encoding.
    #[pyo3(signature = (cell, *, pruning = "none", exactly_one = "pairwise"))]
    fn explain<'py>(
        &self,
        py: Python<'py>,
        cell: Bound<'py, PyAny>,
        pruning: &str,
        exactly_one: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let place = match cell.extract::<(usize, usize)>() {
            Ok((r, c)) => Some(pathsat_puzzle::Place::Cell(pathsat_puzzle::Pos::new(r, c))),
            Err(_) => cell
                .extract::<usize>()
                .ok()
                .map(pathsat_puzzle::Place::Vertex),
        };
        let index = place
            .and_then(|p| self.puzzle.cell_at_place(p))
            .ok_or_else(|| {
                puzzle_error("cell: (row, col) from 0 on the board, or a vertex from 1")
            })?;
        let spec = ExplainSpec {
            pruning: parse_name("pruning", pruning)
                .map_err(|e| puzzle_error(errors::refusal(&e)))?,
            exactly_one: parse_name("exactly-one", exactly_one)
                .map_err(|e| puzzle_error(errors::refusal(&e)))?,
        };
        let options = spec.options();
        let report = py.detach(|| {
            pathsat_api::explain::explain(&self.puzzle, &self.file, index, &options)
                .map_err(errors::raise)
        })?;
        dicts::explain_dict(py, &report)
    }

    /// Whether the puzzle has exactly one solution, proved by the solver (false when it has
    /// none). `timeout` (seconds) raises `TimeoutError` when it passes before the proof;
    /// `encoding`, `solver`, `certify` and `seed` as for `solve`.
    #[pyo3(signature = (timeout = None, *, encoding = "auto", solver = "varisat", certify = false, seed = 0))]
    fn is_unique(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        encoding: &str,
        solver: &str,
        certify: bool,
        seed: u64,
    ) -> PyResult<bool> {
        let solver = options::solver(encoding, solver, certify, seed)?;
        let report = self.run_solve(py, Wanted::Unique, timeout, solver)?;
        match report.unique {
            Some(unique) => Ok(unique),
            None if report.stopped == Some(Stopped::Timeout) => {
                Err(self.timed_out("uniqueness not decided", timeout))
            }
            None => Ok(false),
        }
    }

    /// The puzzle's CNF, as pathsat's solver receives it: `Cnf.clauses` (lists of DIMACS
    /// literals) and `Cnf.nv` for PySAT (`pysat.formula.CNF(from_clauses=cnf.clauses)`), and
    /// `Cnf.var_map`, what each primary variable means. A model of it comes back through
    /// `decode`. `encoding`: `"auto"` (the position encoding unless the puzzle is too large),
    /// `"position"`, `"successor"` (round 0 of the lazy loop: its models may be subtours), or a
    /// complete successor encoding, every model one tour (`"successor-crt"`,
    /// `"successor-binary"`, `"successor-unary"`, `"successor-closure"`,
    /// `"successor-elimination"`, `"successor-frontier"`: encodings/complete.md).
    #[pyo3(signature = (encoding = "auto"))]
    fn to_cnf(&self, py: Python<'_>, encoding: &str) -> PyResult<Cnf> {
        let options = options::encoding(encoding)?.options();
        let exported =
            py.detach(|| export(&self.puzzle, &self.file, &options).map_err(errors::raise))?;
        Ok(Cnf::new(Arc::clone(&self.puzzle), exported, encoding))
    }

    /// The solution a SAT solver's model of `to_cnf(encoding)` encodes, checked by the
    /// verifier; `None` for no model (`None`, as PySAT gives for an unsatisfiable formula).
    /// `model` is a list of literals (`v` true, `-v` false), as PySAT's `get_model()`.
    ///
    /// Raises `PuzzleError` when the model is not a solution of this puzzle's CNF.
    #[pyo3(signature = (model, encoding = "auto"))]
    fn decode(&self, model: Option<Vec<i64>>, encoding: &str) -> PyResult<Option<Solution>> {
        let Some(model) = model else {
            return Ok(None);
        };
        let options = options::encoding(encoding)?.options();
        let report = decode_literals(&self.puzzle, &self.file, &options, "model", &model)
            .map_err(errors::raise)?;
        Ok(report
            .fillings
            .into_iter()
            .next()
            .map(|f| self.solution(f, "decoded from a model, checked by the verifier")))
    }

    /// The puzzle as a TOML puzzle file.
    fn to_toml(&self) -> String {
        write::to_toml(&self.puzzle, &[])
    }

    /// The puzzle as a JSON puzzle file.
    fn to_json(&self) -> String {
        write::to_json(&self.puzzle)
    }

    /// The puzzle's fields as a dictionary (`Puzzle.from_dict` reads it back).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (self.to_json(),))
    }

    /// The blank puzzle as an SVG picture (holes, givens, marks).
    fn svg(&self) -> String {
        pathsat_picture::picture(&self.puzzle, None, &pathsat_picture::task(&self.puzzle))
    }

    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn __repr__(&self) -> String {
        let shape = if self.puzzle.is_graph() {
            format!(
                "graph of {} vertices, {}",
                self.puzzle.n_cells(),
                self.puzzle.moves()
            )
        } else {
            format!(
                "{}x{} board, {} cells, {} moves",
                self.puzzle.board().rows(),
                self.puzzle.board().cols(),
                self.puzzle.n_cells(),
                self.puzzle.moves()
            )
        };
        let givens = self.puzzle.givens().count();
        format!(
            "<pathsat.Puzzle {:?}: {shape}, {}, {givens} given{}>",
            self.puzzle.name(),
            if self.puzzle.is_closed() {
                "closed"
            } else {
                "open"
            },
            if givens == 1 { "" } else { "s" }
        )
    }

    fn __str__(&self) -> String {
        pathsat_puzzle::render::puzzle_grid(&self.puzzle)
    }

    /// Pickling: the puzzle's JSON file.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let from_json = py.get_type::<Puzzle>().getattr("from_json")?;
        let args = PyTuple::new(py, [this.to_json(), this.file.clone()])?;
        PyTuple::new(py, [from_json.into_any(), args.into_any()])
    }

    /// The holes: `[(row, col), ...]`.
    #[getter]
    fn holes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let board = self.puzzle.board();
        let holes = (0..board.rows()).flat_map(|r| (0..board.cols()).map(move |c| (r, c)));
        let holes: Vec<(usize, usize)> = holes
            .filter(|&(r, c)| board.cell_at(pathsat_puzzle::Pos::new(r, c)).is_none())
            .collect();
        PyList::new(py, holes)
    }

    /// The marked cells: `{(row, col): letter}`.
    #[getter]
    fn marks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let marks = PyDict::new(py);
        for cell in 0..self.puzzle.n_cells() {
            if let CellRule::Marked(mark) = self.puzzle.rule(cell) {
                let pos = self.puzzle.board().pos(cell);
                let letter = self.puzzle.marks()[*mark].letter.clone();
                marks.set_item((pos.row, pos.col), letter)?;
            }
        }
        Ok(marks)
    }
}
