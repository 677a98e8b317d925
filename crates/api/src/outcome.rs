//! The pieces every command's result is made of: what was found ([`Status`]), what is counted
//! ([`Counts`]), the solutions as JSON shows them ([`Solutions`]), the encoding and the costs.
//!
//! Each is a type, so that a front end matches on values rather than strings, and each
//! serialises to the JSON field names and values that `pathsat --format json` prints.

use pathsat_bigcount::BigCount;
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_count::Phase;
use pathsat_encode::subtours::Subtours;
use pathsat_encode::{EncodeStats, Encoding, EncodingOptions, Pruning};
use pathsat_puzzle::{Filling, Puzzle};
use pathsat_solver::{Certificate, LoopStats, SolverChoice};
use serde::{Deserialize, Serialize, Serializer};
use std::time::Duration;

/// What a run found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// At least one solution was found.
    Sat,
    /// No solution exists: proved.
    Unsat,
    /// Stopped before finding a solution or proving there is none.
    Unknown,
}

impl Status {
    /// The status's name, as JSON spells it: `sat`, `unsat`, `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Sat => "sat",
            Status::Unsat => "unsat",
            Status::Unknown => "unknown",
        }
    }

    /// The status of `count` solutions found, `complete` when the search was exhausted.
    pub fn of(count: &BigCount, complete: bool) -> Status {
        if !count.is_zero() {
            Status::Sat
        } else if complete {
            Status::Unsat
        } else {
            Status::Unknown
        }
    }
}

/// What a run found: the part every command's result shares (flattened into its JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Answer {
    /// The puzzle file, as named to the command.
    pub file: String,
    /// The puzzle's name.
    pub name: String,
    /// What the run found: `sat`, `unsat` or `unknown`.
    pub status: Status,
    /// Solutions found: all of them when `complete`, else a lower bound (every one found). An
    /// exact JSON number of any length.
    pub count: BigCount,
    /// What the solutions are: `fillings`, or `trails`.
    pub counts: Counts,
    /// Whether the search proved there are no other solutions.
    pub complete: bool,
}

impl Answer {
    /// The answer for `puzzle` (from `file`) with `count` fillings, complete or not.
    pub fn new(puzzle: &Puzzle, file: &str, count: BigCount, complete: bool) -> Answer {
        Answer {
            file: file.to_string(),
            name: puzzle.name().to_string(),
            status: Status::of(&count, complete),
            count,
            counts: Counts::of(puzzle),
            complete,
        }
    }
}

/// What a puzzle's solutions are, and so what a count counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Counts {
    /// Placements of 1..N on every cell (boards and graphs).
    Fillings,
    /// Trails of a trail puzzle, a path and its reverse once.
    Trails,
}

impl Counts {
    /// What the solutions of `puzzle` are: trails for a trail puzzle, fillings otherwise.
    pub fn of(puzzle: &Puzzle) -> Counts {
        if puzzle.trail().is_some() {
            Counts::Trails
        } else {
            Counts::Fillings
        }
    }

    /// One of them: `filling` or `trail`.
    pub fn noun(self) -> &'static str {
        match self {
            Counts::Fillings => "filling",
            Counts::Trails => "trail",
        }
    }
}

/// A board's solution as rows of values, `None` for holes (and, for a trail, for cells off it).
pub type Grid = Vec<Vec<Option<u32>>>;

/// Solutions as JSON shows them: grids for boards, vertex orders (numbered from 1, as in the
/// input) for graphs.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Solutions {
    /// One grid per solution, rows of values (`null` for holes).
    Grids(Vec<Grid>),
    /// One vertex order per solution.
    Orders(Vec<Vec<usize>>),
}

impl Solutions {
    /// The solutions of `puzzle` given by `fillings`, as JSON shows them.
    pub fn of(puzzle: &Puzzle, fillings: &[Filling]) -> Solutions {
        if puzzle.is_graph() {
            return Solutions::Orders(fillings.iter().map(vertex_order).collect());
        }
        let trail = puzzle.trail().is_some();
        Solutions::Grids(
            fillings
                .iter()
                .map(|f| {
                    let mut grid = f.to_rows(puzzle.board());
                    if trail {
                        // Step 0 is "not on the trail".
                        for entry in grid.iter_mut().flatten() {
                            if *entry == Some(0) {
                                *entry = None;
                            }
                        }
                    }
                    grid
                })
                .collect(),
        )
    }
}

/// The vertices of a graph filling in path order, numbered from 1.
pub fn vertex_order(filling: &Filling) -> Vec<usize> {
    filling.order().into_iter().map(|v| v + 1).collect()
}

/// Where a second solution differs from the first: board cells as `[row, column]` (from 0, as
/// indexes into the grids), or graph vertices (numbered from 1) that hold another value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Differences {
    /// Board cells, as `[row, column]`.
    Cells(Vec<[usize; 2]>),
    /// Graph vertices, numbered from 1.
    Vertices(Vec<usize>),
}

impl Differences {
    /// The cells (or vertices) whose values differ between `first` and `second`.
    pub fn between(puzzle: &Puzzle, first: &Filling, second: &Filling) -> Differences {
        let differing = first.differing_cells(second);
        if puzzle.is_graph() {
            Differences::Vertices(differing.into_iter().map(|v| v + 1).collect())
        } else {
            let board = puzzle.board();
            Differences::Cells(
                differing
                    .into_iter()
                    .map(|cell| {
                        let pos = board.pos(cell);
                        [pos.row, pos.col]
                    })
                    .collect(),
            )
        }
    }

    /// How many cells or vertices differ.
    pub fn len(&self) -> usize {
        match self {
            Differences::Cells(c) => c.len(),
            Differences::Vertices(v) => v.len(),
        }
    }

    /// Whether none differs.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The encoding a run used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct EncodingInfo {
    /// The encoding.
    #[serde(serialize_with = "by_name")]
    pub name: Encoding,
    /// The exactly-one encoding it used.
    #[serde(serialize_with = "by_name")]
    pub exactly_one: ExactlyOneEncoding,
    /// Position encoding only.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "option_by_name"
    )]
    pub pruning: Option<Pruning>,
    /// The embedded SAT solver that solved it, when one did (`solve`, `count`; not `export`).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "option_by_name"
    )]
    pub solver: Option<SolverChoice>,
    /// The successor encoding's rule against subtours, when it is a complete one (`crt`,
    /// `elimination`, …); absent for the lazy cuts.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "option_by_name"
    )]
    pub subtours: Option<Subtours>,
    /// Whether `--solver auto` took varisat for this formula because it is small (see
    /// [`pathsat_solver::SMALL_FORMULA_CLAUSES`]): the text reports then leave the solver
    /// unsaid, as they do the default one. Not part of the JSON, whose `solver` says which ran.
    #[serde(skip)]
    pub solver_by_size: bool,
    /// The run's `--seed`, when it was given one (not 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

impl EncodingInfo {
    /// What a run in `encoding` with `options` used.
    pub fn new(encoding: Encoding, options: &EncodingOptions) -> EncodingInfo {
        EncodingInfo {
            name: encoding,
            exactly_one: options.exactly_one(encoding),
            pruning: (encoding == Encoding::Position).then_some(options.position.pruning),
            solver: None,
            solver_by_size: false,
            seed: None,
            subtours: (encoding == Encoding::Successor && options.subtours.is_complete())
                .then_some(options.subtours),
        }
    }

    /// The encoding's name as `--encoding` spells it: `position`, `successor`,
    /// `successor-crt`, …
    pub fn full_name(&self) -> String {
        match self.subtours {
            Some(rule) => format!("{}-{}", self.name.name(), rule.name()),
            None => self.name.name().to_string(),
        }
    }

    /// This encoding, solved by `solver`.
    pub fn solved_by(self, solver: SolverChoice) -> EncodingInfo {
        EncodingInfo {
            solver: Some(solver),
            ..self
        }
    }

    /// This encoding, its solver seeded by `seed` (0: unseeded, left unsaid).
    pub fn seeded(self, seed: u64) -> EncodingInfo {
        EncodingInfo {
            seed: (seed != 0).then_some(seed),
            ..self
        }
    }

    /// This encoding, its solver chosen for the formula's size (`by_size`) or not.
    pub fn chosen_by_size(self, by_size: bool) -> EncodingInfo {
        EncodingInfo {
            solver_by_size: by_size,
            ..self
        }
    }

    /// Whether the solver goes without saying in text: the default one, or the one the
    /// automatic choice took for a small formula.
    pub fn solver_is_default(&self) -> bool {
        match self.solver {
            Some(solver) => self.solver_by_size || solver == SolverChoice::preferred(false),
            None => true,
        }
    }
}

/// Types that reports name by a fixed word.
pub trait Named: Copy {
    /// The word reports use.
    fn report_name(self) -> &'static str;
}

impl Named for Encoding {
    fn report_name(self) -> &'static str {
        self.name()
    }
}

impl Named for ExactlyOneEncoding {
    fn report_name(self) -> &'static str {
        self.name()
    }
}

impl Named for SolverChoice {
    fn report_name(self) -> &'static str {
        self.name()
    }
}

impl Named for Subtours {
    fn report_name(self) -> &'static str {
        self.name()
    }
}

impl Named for Pruning {
    fn report_name(self) -> &'static str {
        self.name()
    }
}

fn by_name<T: Named, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(value.report_name())
}

fn option_by_name<T: Named, S: Serializer>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(v) => s.serialize_str(v.report_name()),
        None => s.serialize_none(),
    }
}

/// The sizes of an encoding that was built, and how long it took.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EncodedSizes {
    /// Primary variables (cell-value pairs or moves).
    pub primary_variables: usize,
    /// All variables, auxiliary ones included.
    pub variables: usize,
    /// Clauses.
    pub clauses: usize,
    /// Seconds spent encoding.
    pub encode_seconds: f64,
}

impl EncodedSizes {
    /// The sizes of `stats`, encoded in `time`.
    pub fn new(stats: &EncodeStats, time: Duration) -> EncodedSizes {
        EncodedSizes {
            primary_variables: stats.primary_vars,
            variables: stats.variables,
            clauses: stats.clauses,
            encode_seconds: time.as_secs_f64(),
        }
    }
}

/// Sizes and times of a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunStats {
    /// Cells of a board, vertices of a graph.
    pub cells: usize,
    /// Whether the cells are a graph's vertices.
    #[serde(skip)]
    pub graph: bool,
    /// The encoding's sizes, when the run built one (a count by the frontier program does not).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub encoded: Option<EncodedSizes>,
    /// Calls to the SAT solver.
    pub solver_calls: u64,
    /// Seconds spent in the SAT solver.
    pub solve_seconds: f64,
    /// Parsing, encoding, solving and verifying: the whole run.
    pub total_seconds: f64,
    /// The successor encoding's subtour cuts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtours: Option<LoopStats>,
    /// A count's phases (frontier, probe, bound, cubes, enumeration), in the order they began,
    /// each with its time.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub phases: Vec<Phase>,
}

/// What a certified run's check accepted.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum CertificateReport {
    /// A certificate (CaDiCaL's DRAT proof, the claims) checked by tools that are not the
    /// solver.
    Checked(crate::certificate::CertificateSummary),
    /// varisat's proof of the run, replayed by varisat's checker.
    Varisat(Certificate),
}
