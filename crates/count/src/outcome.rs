//! What a count gives back: the [`Counted`] answer with its phases and statistics, why it
//! stopped ([`Stopped`]), its progress while it runs ([`Progress`], [`Stage`]), the time an
//! enumeration out of reach would take ([`Estimate`]), and the errors ([`CountError`]).

use crate::options::Method;
use pathsat_bigcount::BigCount;
pub use pathsat_budget::Stopped;
use pathsat_encode::{EncodeStats, Encoding};
use pathsat_frontier::{FrontierError, FrontierStats, LayerProgress};
use pathsat_solver::{Certificate, LoopStats, SolveError, SolverChoice};
use std::time::Duration;
use web_time::Instant;

/// How long enumerating every filling was estimated to take, when [`Method::Auto`] stopped
/// rather than start it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// Seconds the whole enumeration would take: an estimate from the cubes done, or (when
    /// `at_least`) a lower bound because none was done yet.
    pub seconds: f64,
    /// Whether `seconds` is a lower bound rather than an estimate.
    pub at_least: bool,
    /// Fillings estimated from the cubes done (none when no cube was done).
    pub fillings: Option<BigCount>,
    /// An upper bound on the fillings: the frontier program's count of the puzzle without its
    /// givens and marks, when it could make it.
    pub bound: Option<BigCount>,
    /// Fillings found (and verified) before stopping, and in how long.
    pub found: BigCount,
    /// Seconds spent before stopping.
    pub elapsed: f64,
    /// Cubes counted to the end, of `cubes`.
    pub cubes_done: usize,
    /// The cubes the enumeration was split into.
    pub cubes: usize,
    /// The patience the estimate was held against, in seconds.
    pub patience: f64,
}

impl std::fmt::Display for Estimate {
    /// One line: how long enumerating would take, against how long was allowed, and what the
    /// estimate rests on.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let time = duration_words(self.seconds);
        let how_long = if self.at_least {
            format!("more than {time}")
        } else {
            format!("about {time}")
        };
        write!(
            f,
            "enumerating every filling would take {how_long}, over the {} an automatic count \
             allows",
            duration_words(self.patience)
        )?;
        let mut basis = Vec::new();
        if self.cubes > 0 {
            basis.push(format!(
                "{} found in {}, {} of {} cubes done",
                self.found.grouped(),
                duration_words(self.elapsed),
                pathsat_bigcount::grouped(self.cubes_done as u64),
                pathsat_bigcount::grouped(self.cubes as u64)
            ));
        } else {
            basis.push(format!(
                "{} found by one solver in {}",
                self.found.grouped(),
                duration_words(self.elapsed)
            ));
        }
        if let Some(fillings) = &self.fillings {
            basis.push(format!("about {} fillings in all", fillings.approx()));
        }
        if let Some(bound) = &self.bound {
            basis.push(format!(
                "at most {} by the frontier program on the puzzle without its givens and marks",
                bound.approx()
            ));
        }
        write!(f, " ({})", basis.join("; "))
    }
}

/// What a count is doing, for progress displays. Each stage's figures only grow.
#[derive(Clone, Debug)]
pub enum Progress {
    /// A stage begins.
    Stage(Stage),
    /// The frontier program finished a layer.
    Layer(LayerProgress),
    /// A sample's walk back passed a layer ([`crate::sample`]).
    Walk(pathsat_frontier::SampleWalk),
    /// One solver has found this many fillings.
    Found(u64),
    /// The frontier program's tables go on in files from a layer on.
    Spill(SpillNotice),
    /// Cubes done of all the cubes, and the fillings found in them so far.
    Cubes {
        /// Cubes counted to the end, of `total`.
        done: usize,
        /// The cubes in all.
        total: usize,
        /// Fillings found so far, over all cubes.
        found: BigCount,
    },
}

/// Where and from when the frontier program keeps its tables in files
/// ([`CountOptions::spill_dir`](crate::CountOptions::spill_dir)): heard once, before the first
/// file is written, after the disk was found to have room for them.
#[derive(Clone, Debug, PartialEq)]
pub struct SpillNotice {
    /// The directory of the files.
    pub dir: std::path::PathBuf,
    /// The layer whose table is the first in files (1-based), of `layers`.
    pub layer: usize,
    /// Layers in all.
    pub layers: usize,
    /// Whether the tables go to files because they outgrew the memory budget
    /// ([`CountOptions::spill_over_budget`](crate::CountOptions::spill_over_budget)), rather
    /// than from the first large table.
    pub over_budget: bool,
    /// The memory budget.
    pub memory_budget: u64,
    /// With `over_budget`: the bytes the step was estimated to need in memory.
    pub needed_bytes: u64,
    /// The most bytes of files the rest of the sweep is estimated to hold at once.
    pub disk_bytes: u64,
    /// The bytes free on the directory's disk, when they can be read.
    pub free_bytes: Option<u64>,
}

/// The stages of a count; serialised by their names ([`Stage::name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// The frontier program counts the puzzle.
    Frontier,
    /// The frontier program counts the puzzle without givens and marks: an upper bound.
    Bound,
    /// One solver enumerates for a moment, to see whether the count is small.
    Probe,
    /// Enumeration split into cubes.
    Cubes,
    /// One solver enumerates to the end.
    Enumeration,
    /// A sample walks back through the frontier program's tables ([`crate::sample`]).
    WalkBack,
}

impl Stage {
    /// The stage's name in reports: `frontier`, `bound`, `probe`, `cubes`, `enumeration`,
    /// `walk-back`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Frontier => "frontier",
            Stage::Bound => "bound",
            Stage::Probe => "probe",
            Stage::Cubes => "cubes",
            Stage::Enumeration => "enumeration",
            Stage::WalkBack => "walk-back",
        }
    }
}

/// A stage a count ran, and how long it took (the bound runs beside the cubes, while they go
/// on).
/// Reports give it as `{"phase": "probe", "seconds": 0.0043}`.
#[serde_with::serde_as]
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Phase {
    /// The stage.
    #[serde(rename = "phase")]
    pub stage: Stage,
    /// How long it ran.
    #[serde(rename = "seconds")]
    #[serde_as(as = "serde_with::DurationSecondsWithFrac<f64>")]
    pub time: Duration,
}

/// Runs `work` as the phase `stage` of a count: its time goes into `phases`.
pub(crate) fn phase<T>(phases: &mut Vec<Phase>, stage: Stage, work: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let result = work();
    phases.push(Phase {
        stage,
        time: started.elapsed(),
    });
    result
}

/// A count and how it was made.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    /// The fillings counted: all of them when `complete`, else a lower bound (every one found).
    pub count: BigCount,
    /// Whether `count` is all the fillings.
    pub complete: bool,
    /// Why the count stopped before the end, when it did.
    pub stopped: Option<Stopped>,
    /// The method that produced the count (never `Auto`).
    pub method: Method,
    /// Why that method: what applied, what did not and why, for reports.
    pub why: String,
    /// Whether every filling counted passed the verifier (false for the dynamic program).
    pub verified: bool,
    /// The cubes the SAT count was split into (1 for plain enumeration, 0 for the program).
    pub cubes: usize,
    /// The symmetry classes used, described, when there were any.
    pub symmetry: Option<String>,
    /// Solver calls made, over all cubes.
    pub solver_calls: u64,
    /// The frontier program's costs, when it counted.
    pub frontier: Option<FrontierStats>,
    /// Why the frontier program did not count, when it was not the method.
    pub frontier_not_used: Option<String>,
    /// Why `Auto` stopped short of enumerating ([`Stopped::OutOfReach`]).
    pub estimate: Option<Estimate>,
    /// With `solve.certify`: what varisat's proof checker accepted about the run.
    pub certificate: Option<Certificate>,
    /// With `solve.certify`: the deadline or cancel flag stopped the run before its proof was
    /// checked (inside a solver call, or during the check).
    pub proof_unfinished: bool,
    /// A certified CaDiCaL run: what its certificate is written from (by the caller, which
    /// knows the puzzle's file).
    pub recorded: Option<pathsat_solver::certificate::RecordedSlot>,
    /// A certified count in cubes (`--method sat --certify`): one recorded run per value of a
    /// cell, each the caller's to write and check.
    pub cube_runs: Option<CubeRuns>,
    /// The encoding the SAT count used (none for the dynamic program).
    pub encoding: Option<Encoding>,
    /// The embedded solver the SAT count ran (none for the dynamic program).
    pub solver: Option<SolverChoice>,
    /// The sizes of the puzzle's encoding and how long it took, when one solver encoded the
    /// whole puzzle (the cubes each encode a part).
    pub encoded: Option<(EncodeStats, Duration)>,
    /// Why the puzzle has no solution, when the encoder proved it before solving.
    pub contradiction: Option<String>,
    /// Successor encoding: the Hamiltonian cycles (arc sets) found, and the subtour rounds.
    pub cycles: Option<u64>,
    /// Successor encoding: the rounds of subtour cuts.
    pub subtours: Option<LoopStats>,
    /// The stages the count ran, in the order they began, each with its time.
    pub phases: Vec<Phase>,
}

impl Counted {
    pub(crate) fn new(method: Method, why: String) -> Counted {
        Counted {
            count: BigCount::zero(),
            complete: false,
            stopped: None,
            method,
            why,
            verified: method != Method::Dp,
            cubes: 0,
            symmetry: None,
            solver_calls: 0,
            frontier: None,
            frontier_not_used: None,
            estimate: None,
            certificate: None,
            proof_unfinished: false,
            recorded: None,
            cube_runs: None,
            encoding: None,
            solver: None,
            encoded: None,
            contradiction: None,
            cycles: None,
            subtours: None,
            phases: Vec::new(),
        }
    }

    /// This count, after the phases `before` it.
    pub(crate) fn after(mut self, mut before: Vec<Phase>) -> Counted {
        before.append(&mut self.phases);
        self.phases = before;
        self
    }
}

impl Counted {
    /// What is known of a count whose thread did not come back within a grace period after it
    /// was stopped, by its deadline or its cancel flag (the solvers and the frontier program
    /// stop within milliseconds; encoding a huge puzzle does not look at the clock): `found`
    /// fillings, found and verified during `stage`.
    pub fn stopped_in(stage: Stage, found: BigCount, stopped: Stopped) -> Counted {
        let (method, inside) = match stage {
            Stage::Frontier => (Method::Dp, "inside a layer of the frontier program"),
            Stage::WalkBack => (Method::Dp, "while a sample walked back"),
            Stage::Bound => (
                Method::Enumerate,
                "while the frontier program bounded the count",
            ),
            Stage::Cubes => (Method::Sat, "inside a solver call"),
            Stage::Probe | Stage::Enumeration => (Method::Enumerate, "inside a solver call"),
        };
        let what = match stopped {
            Stopped::Cancelled => "the count was cancelled",
            _ => "the deadline passed",
        };
        // The frontier program finds no filling before its last layer: it has no partial count.
        let so_far = match stage {
            Stage::Frontier | Stage::WalkBack => {
                "no count, since the program counts only at its last layer"
            }
            _ => "the count is what was found before it",
        };
        let mut counted = Counted::new(method, format!("{what} {inside}: {so_far}"));
        counted.count = found;
        counted.stopped = Some(stopped);
        counted
    }
}

/// How long the upper bound of a puzzle may take, sized to the board: 1 ms a cell, from 50 ms
/// to 1 s. It only informs the estimate (and is only computed when it can change the decision
/// to stop), so it is not worth more.
pub fn bound_time(cells: usize) -> Duration {
    Duration::from_millis(cells as u64).clamp(Duration::from_millis(50), Duration::from_secs(1))
}

/// A duration for people, rounded to what matters: `0.3 s`, `12 s`, `4 min`, `3 h 20 min`,
/// `5 days`, `2.1e9 years`.
pub fn duration_words(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    match seconds {
        s if !s.is_finite() => "forever".to_string(),
        s if s < 10.0 => format!("{s:.1} s"),
        s if s < MINUTE => format!("{s:.0} s"),
        s if s < HOUR => {
            let seconds = s.round() as u64;
            match seconds % 60 {
                0 => format!("{} min", seconds / 60),
                rest => format!("{} min {rest} s", seconds / 60),
            }
        }
        s if s < DAY => {
            let minutes = (s / MINUTE).round() as u64;
            format!("{} h {} min", minutes / 60, minutes % 60)
        }
        s if s < 1.5 * DAY => "1 day".to_string(),
        s if s < YEAR => format!("{:.0} days", s / DAY),
        s if s < 1.5 * YEAR => "1 year".to_string(),
        s if s < 1e4 * YEAR => format!("{:.0} years", s / YEAR),
        s => format!("{:.1e} years", s / YEAR),
    }
}

/// Why a count failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// The solver failed, or a filling failed the verifier (a bug).
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The dynamic program was asked for where it does not apply.
    #[error("the frontier dynamic program does not apply: {0}")]
    DpNotApplicable(FrontierError),
    /// A certified count asked of a method other than one solver's enumeration.
    #[error(
        "a certified count runs one solver, so the {} method cannot be certified",
        .0.option()
    )]
    NotCertifiable(Method),
    /// Cubes were asked for in the successor encoding, which cannot pin values.
    #[error(
        "the SAT cubes pin values in the middle of the path, which the successor encoding \
         cannot express"
    )]
    CubesNeedPositions,
    /// Cubes were asked for on a trail puzzle.
    #[error("trail puzzles are counted by enumeration, not by cubes")]
    TrailsEnumerate,
    /// A sharded count asked of a method other than the frontier program.
    #[error(
        "a count is split into shards by the frontier program, so the {} method cannot be \
         sharded",
        .0.option()
    )]
    ShardsNeedDp(Method),
    /// A sharded count with a limit or a certificate, which hold for whole counts only.
    #[error("a shard is a part of a whole count: it takes no {0}")]
    ShardTakesNo(&'static str),
    /// The frontier program's table files (`--spill-dir`) could not be written or read.
    #[error("{0}")]
    TableFiles(FrontierError),
    /// The frontier program's checkpoint (`--checkpoint`) could not be written, or is not one
    /// of this count.
    #[error("{0}")]
    Checkpoint(FrontierError),
}

/// The certified cubes of a count: the cell split on, and each value's recorded run.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeRuns {
    /// The cell (from 0).
    pub cell: usize,
    /// Each candidate value of the cell, with its cube's run.
    pub runs: Vec<(u32, pathsat_solver::certificate::RecordedSlot)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A count stopped from outside says what it has: the fillings an enumeration found, or
    /// (the frontier program) none.
    #[test]
    fn a_stopped_count_says_what_it_has() {
        let frontier = Counted::stopped_in(Stage::Frontier, BigCount::zero(), Stopped::Timeout);
        assert_eq!(frontier.method, Method::Dp);
        assert!(frontier
            .why
            .ends_with("no count, since the program counts only at its last layer"));
        let found = BigCount::from(7u64);
        let sat = Counted::stopped_in(Stage::Cubes, found.clone(), Stopped::Cancelled);
        assert_eq!(sat.count, found);
        assert!(sat
            .why
            .starts_with("the count was cancelled inside a solver call"));
        assert!(sat.why.ends_with("the count is what was found before it"));
    }

    #[test]
    fn reports_name_methods_and_stops_as_serde_does() {
        for m in [Method::Auto, Method::Dp, Method::Sat, Method::Enumerate] {
            assert_eq!(serde_json::to_value(m).unwrap(), m.name());
            assert_eq!(
                serde_json::from_value::<Method>(m.name().into()).unwrap(),
                m
            );
        }
        for s in [
            Stopped::Limit,
            Stopped::Timeout,
            Stopped::Memory,
            Stopped::OutOfReach,
        ] {
            assert_eq!(serde_json::to_value(s).unwrap(), s.name());
            assert_eq!(
                serde_json::from_value::<Stopped>(s.name().into()).unwrap(),
                s
            );
        }
        let old: Stopped = serde_json::from_value("deadline".into()).unwrap();
        assert_eq!(old, Stopped::Timeout);
    }
}
