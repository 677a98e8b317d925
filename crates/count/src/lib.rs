//! # pathsat-count
//!
//! Counting the fillings of a path puzzle, exactly, by the best method that can finish:
//!
//! - [`Method::Dp`]: the frontier dynamic program ([`pathsat_frontier`]) for symmetric moves,
//!   no marks and givens only at the ends of the path. It counts without enumerating, so its
//!   fillings are not verified one by one; it is bounded by a memory budget, not by a clock.
//! - [`Method::Sat`]: SAT enumeration split into cubes counted in parallel, one cube per
//!   symmetry class where the board has symmetries ([`plan`]); every filling counted, including
//!   the symmetric images standing for other cubes, passes the verifier.
//! - [`Method::Enumerate`]: one incremental solver with blocking clauses.
//! - [`Method::Auto`]: the cheapest method that can finish, first. The dynamic program where
//!   it applies directly and fits in memory; otherwise one solver probes for 0.3 s, which
//!   finishes most puzzles with givens (a Hidato in milliseconds). A count the probe does not
//!   finish is split into cubes taken in a shuffled order, and from the cubes done the time
//!   the whole enumeration needs is estimated. When that exceeds [`CountOptions::patience`],
//!   the count stops with [`Stopped::OutOfReach`] and an [`Estimate`] rather than run for
//!   hours — unless an upper bound shows that it ends in time at the rate seen: the program's
//!   count of the puzzle without its givens and marks, computed only then (when it can change
//!   the decision) and within a budget sized to the board ([`bound_time`]). `--limit` and
//!   `--timeout` (a count the user bounded) and an explicit method are never refused.
//!
//! Every [`Counted`] lists the phases it ran with their times ([`Counted::phases`]).
//!
//! Both SAT methods read [`PuzzleSolver::fillings`], the solver's one enumeration iterator,
//! bounded by the limit and deadline (and, in cubes, by a stop flag the threads share).
//!
//! Every [`Counted`] says which method counted and why it was chosen ([`Counted::why`]).
//! Counts are [`BigCount`]s: exact at any size.
//!
//! Trail puzzles are always counted by enumeration: the encoding already keeps one direction
//! of each trail, and the board's symmetries do not keep the labels.
//!
//! With `solve.certify` the count is a plain enumeration whose whole run is proved and checked
//! by varisat's proof checker (see `encodings/certificates.md`).
//!
//! ```
//! use pathsat_count::{count, CountOptions, Method};
//! use pathsat_puzzle::{Moves, Puzzle};
//!
//! let board = Puzzle::blank(4, 4, Moves::Rook, false).unwrap();
//! for method in [Method::Dp, Method::Sat, Method::Enumerate] {
//!     let options = CountOptions { method, ..CountOptions::default() };
//!     let counted = count(&board, &options, &|_| {}).unwrap();
//!     assert_eq!((counted.count.to_u64(), counted.complete), (Some(552), true));
//! }
//! ```

mod cubes;
pub mod plan;
pub mod symmetry;

pub use pathsat_bigcount::BigCount;
pub use pathsat_frontier::{FrontierError, FrontierStats, LayerProgress};

use cubes::{CubeProgress, CubeStop};
use pathsat_encode::{EncodeError, EncodeStats, Encoding, EncodingChoice};
use pathsat_frontier::{count_fillings, FrontierOptions};
use pathsat_puzzle::Puzzle;
use pathsat_solver::{Certificate, LoopStats, PuzzleSolver, SolveError, SolveOptions, Stop};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How to count. Reports name each method as [`Method::name`] says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Method {
    #[default]
    #[serde(rename = "auto")]
    Auto,
    #[serde(rename = "frontier-dp")]
    Dp,
    #[serde(rename = "sat-cubes")]
    Sat,
    #[serde(rename = "enumeration")]
    Enumerate,
}

impl Method {
    /// The method's value of the `--method` option: `auto`, `dp`, `sat`, `enumerate`.
    pub fn option(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Dp => "dp",
            Method::Sat => "sat",
            Method::Enumerate => "enumerate",
        }
    }

    /// The method's name in reports: `auto`, `frontier-dp`, `sat-cubes`, `enumeration`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Dp => "frontier-dp",
            Method::Sat => "sat-cubes",
            Method::Enumerate => "enumeration",
        }
    }
}

/// Options of a count.
#[derive(Clone, Debug)]
pub struct CountOptions {
    pub method: Method,
    /// Stop after this many fillings (the count is then incomplete).
    pub limit: Option<u64>,
    /// Stop at this instant (the count is then incomplete).
    pub deadline: Option<Instant>,
    /// Stop when this flag is raised (Ctrl-C in Python, a web client that went away): the
    /// count is then incomplete, [`Stopped::Cancelled`].
    pub cancel: Option<Arc<AtomicBool>>,
    /// Threads for the cubes and the frontier program.
    pub jobs: usize,
    /// The most memory the frontier program's tables may take.
    pub memory_budget: u64,
    /// The longest enumeration [`Method::Auto`] starts without a limit or deadline from the
    /// user: a count estimated to need more stops with [`Stopped::OutOfReach`].
    pub patience: Duration,
    pub solve: SolveOptions,
}

/// The default [`CountOptions::patience`]: ten minutes.
pub const DEFAULT_PATIENCE: Duration = Duration::from_secs(600);

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions {
            method: Method::Auto,
            limit: None,
            deadline: None,
            cancel: None,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            memory_budget: pathsat_frontier::default_memory_budget(),
            patience: DEFAULT_PATIENCE,
            solve: SolveOptions::default(),
        }
    }
}

/// Why a count stopped before it was complete. Reports name each as [`Stopped::name`] says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stopped {
    /// `limit` fillings were found.
    Limit,
    /// The deadline passed (`deadline` is read as this too: the batch protocol's old word).
    #[serde(alias = "deadline")]
    Timeout,
    /// The frontier program (asked for by name) needs more memory than its budget, or a
    /// frontier wider than it can hold.
    Memory,
    /// Enumeration was estimated to take longer than the patience allows (see [`Estimate`]).
    OutOfReach,
    /// The cancel flag was raised ([`CountOptions::cancel`]).
    Cancelled,
}

impl Stopped {
    /// The name in reports: `limit`, `timeout`, `memory`, `out-of-reach`.
    pub fn name(self) -> &'static str {
        match self {
            Stopped::Limit => "limit",
            Stopped::Timeout => "timeout",
            Stopped::Memory => "memory",
            Stopped::OutOfReach => "out-of-reach",
            Stopped::Cancelled => "cancelled",
        }
    }
}

impl From<Stop> for Stopped {
    /// Why a bounded enumeration stopped, as a count reports it: the only flag an enumeration
    /// is cancelled by is [`CountOptions::cancel`].
    fn from(stop: Stop) -> Stopped {
        match stop {
            Stop::Limit => Stopped::Limit,
            Stop::Deadline => Stopped::Timeout,
            Stop::Cancelled => Stopped::Cancelled,
        }
    }
}

impl CountOptions {
    /// Whether [`CountOptions::cancel`] was raised.
    fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

/// How long enumerating every filling was estimated to take, when [`Method::Auto`] stopped
/// rather than start it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// Seconds the whole enumeration would take: an estimate from the cubes done, or (when
    /// `at_least`) a lower bound because none was done yet.
    pub seconds: f64,
    pub at_least: bool,
    /// Fillings estimated from the cubes done (none when no cube was done).
    pub fillings: Option<BigCount>,
    /// An upper bound on the fillings: the frontier program's count of the puzzle without its
    /// givens and marks, when it could make it.
    pub bound: Option<BigCount>,
    /// Fillings found (and verified) before stopping, and in how long.
    pub found: BigCount,
    pub elapsed: f64,
    pub cubes_done: usize,
    pub cubes: usize,
    /// The patience the estimate was held against, in seconds.
    pub patience: f64,
}

/// What a count is doing, for progress displays. Each stage's figures only grow.
#[derive(Clone, Debug)]
pub enum Progress {
    /// A stage begins.
    Stage(Stage),
    /// The frontier program finished a layer.
    Layer(LayerProgress),
    /// One solver has found this many fillings.
    Found(u64),
    /// Cubes done of all the cubes, and the fillings found in them so far.
    Cubes {
        done: usize,
        total: usize,
        found: BigCount,
    },
}

/// The stages of a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
}

impl Stage {
    /// The stage's name in reports: `frontier`, `bound`, `probe`, `cubes`, `enumeration`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Frontier => "frontier",
            Stage::Bound => "bound",
            Stage::Probe => "probe",
            Stage::Cubes => "cubes",
            Stage::Enumeration => "enumeration",
        }
    }
}

/// A stage a count ran, and how long it took (the bound runs beside the cubes, while they go
/// on).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Phase {
    pub stage: Stage,
    pub time: Duration,
}

/// Runs `work` as the phase `stage` of a count: its time goes into `phases`.
fn phase<T>(phases: &mut Vec<Phase>, stage: Stage, work: impl FnOnce() -> T) -> T {
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
    /// The encoding the SAT count used (none for the dynamic program).
    pub encoding: Option<Encoding>,
    /// The sizes of the puzzle's encoding and how long it took, when one solver encoded the
    /// whole puzzle (the cubes each encode a part).
    pub encoded: Option<(EncodeStats, Duration)>,
    /// Why the puzzle has no solution, when the encoder proved it before solving.
    pub contradiction: Option<String>,
    /// Successor encoding: the Hamiltonian cycles (arc sets) found, and the subtour rounds.
    pub cycles: Option<u64>,
    pub subtours: Option<LoopStats>,
    /// The stages the count ran, in the order they began, each with its time.
    pub phases: Vec<Phase>,
}

impl Counted {
    fn new(method: Method, why: String) -> Counted {
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
            encoding: None,
            encoded: None,
            contradiction: None,
            cycles: None,
            subtours: None,
            phases: Vec::new(),
        }
    }

    /// This count, after the phases `before` it.
    fn after(mut self, mut before: Vec<Phase>) -> Counted {
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
        let mut counted = Counted::new(
            method,
            format!("{what} {inside}: the count is what was found before it"),
        );
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
        s if s < YEAR => format!("{:.0} days", s / DAY),
        s if s < 1e4 * YEAR => format!("{:.0} years", s / YEAR),
        s => format!("{:.1e} years", s / YEAR),
    }
}

/// Why a count failed.
#[derive(Debug, thiserror::Error)]
pub enum CountError {
    #[error(transparent)]
    Solve(#[from] SolveError),
    #[error("the frontier dynamic program does not apply: {0}")]
    DpNotApplicable(FrontierError),
    /// A certified count asked of a method other than one solver's enumeration.
    #[error(
        "a certified count runs one solver, so --method {} cannot be certified",
        .0.option()
    )]
    NotCertifiable(Method),
    #[error(
        "the SAT cubes pin values in the middle of the path, which the successor encoding \
         cannot express"
    )]
    CubesNeedPositions,
    #[error("trail puzzles are counted by enumeration, not by cubes")]
    TrailsEnumerate,
}

/// How long `Auto` lets one solver enumerate before it splits the count into cubes.
const PROBE_TIME: Duration = Duration::from_millis(300);

/// How long the cubes run before their progress is trusted for an estimate.
const ESTIMATE_AFTER: Duration = Duration::from_secs(1);

/// Counts the fillings of `puzzle`; `progress` hears what the count is doing.
///
/// # Errors
/// [`CountError::Solve`] for a solver failure, a bug caught by the verifier, or a rejected
/// certificate; [`CountError::DpNotApplicable`] when [`Method::Dp`] was asked for where it does
/// not apply; [`CountError::NotCertifiable`] for a certified count by another method than one
/// solver. A count that stopped early (limit, deadline, memory, estimate) is not an error: it
/// is an incomplete [`Counted`].
pub fn count(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Counted, CountError> {
    if options.solve.certify {
        // One proof covers one solver's run: certified counts are plain enumerations.
        return match options.method {
            Method::Auto if options.limit.is_none() && options.deadline.is_none() => {
                certified_auto(puzzle, options, progress)
            }
            Method::Auto | Method::Enumerate => {
                let why = "a certified count is one solver's run, enumerated to the end";
                Ok(enumerate_all(puzzle, options, progress, why)?)
            }
            method @ (Method::Dp | Method::Sat) => Err(CountError::NotCertifiable(method)),
        };
    }
    if puzzle.trail().is_some() {
        // Trails: one solver, one canonical trail per solution (no symmetry, no cubes).
        return match options.method {
            Method::Auto | Method::Enumerate => {
                let why = format!("{}: one solver enumerates them", FrontierError::Trail);
                let mut counted = enumerate_all(puzzle, options, progress, &why)?;
                counted.frontier_not_used = Some(FrontierError::Trail.to_string());
                Ok(counted)
            }
            Method::Dp => Err(CountError::DpNotApplicable(FrontierError::Trail)),
            Method::Sat => Err(CountError::TrailsEnumerate),
        };
    }
    match options.method {
        Method::Dp => {
            if let Err(e) = pathsat_frontier::applies(puzzle) {
                return Err(CountError::DpNotApplicable(e));
            }
            Ok(
                frontier(puzzle, options, progress, "asked for with --method dp")
                    .unwrap_or_else(|e| stopped_frontier(e, "asked for with --method dp")),
            )
        }
        Method::Sat if options.solve.encoding.choice == EncodingChoice::Successor => {
            Err(CountError::CubesNeedPositions)
        }
        Method::Sat => Ok(sat_cubes(
            puzzle,
            options,
            progress,
            None,
            "asked for with --method sat".into(),
        )?),
        Method::Enumerate => {
            let why = "asked for with --method enumerate";
            Ok(enumerate_all(puzzle, options, progress, why)?)
        }
        Method::Auto => auto(puzzle, options, progress),
    }
}

/// A certified count under [`Method::Auto`] without a limit or deadline: one solver to the end,
/// unless, after its first second, the frontier program knows the count (computed then, within
/// [`bound_time`]) and, at the rate seen, the enumeration would outlast the patience.
fn certified_auto(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Counted, CountError> {
    let why = "a certified count is one solver's run, enumerated to the end";
    let exact = LazyBound::new(
        pathsat_frontier::applies(puzzle)
            .is_ok()
            .then(|| puzzle.clone()),
        options,
    );
    progress(Progress::Stage(Stage::Enumeration));
    let started = Instant::now();
    let patience = options.patience.as_secs_f64();
    let out_of_reach = |found: u64| {
        let elapsed = started.elapsed().as_secs_f64();
        if started.elapsed() < ESTIMATE_AFTER || found == 0 {
            return None;
        }
        let exact = exact.get()?;
        let total = exact.to_u64().map_or(f64::INFINITY, |n| n as f64);
        let seconds = total * elapsed / found as f64;
        (seconds > patience).then(|| Estimate {
            seconds,
            at_least: false,
            fillings: Some(exact.clone()),
            bound: None,
            found: BigCount::from(found),
            elapsed,
            cubes_done: 0,
            cubes: 0,
            patience,
        })
    };
    let (mut counted, _) = enumerate_guarded(
        puzzle,
        options,
        options.deadline,
        progress,
        why,
        &out_of_reach,
    )?;
    counted.phases = vec![Phase {
        stage: Stage::Enumeration,
        time: started.elapsed(),
    }];
    counted.phases.extend(exact.phase());
    if let Some(estimate) = &mut counted.estimate {
        estimate.found = counted.count.clone();
        counted.why = format!(
            "{why}; the frontier program counts {} fillings",
            estimate
                .fillings
                .as_ref()
                .map_or_else(String::new, |f| f.grouped())
        );
    }
    Ok(counted)
}

/// [`Method::Auto`] on a puzzle that is neither certified nor a trail: the frontier program
/// where it applies, else a probe, else cubes (or one successor solver) held to the patience.
fn auto(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Counted, CountError> {
    let mut phases = Vec::new();
    // The frontier program, where it applies, runs to its answer within its memory budget.
    let (dp_not_used, relaxable) = if options.solve.encoding.choice == EncodingChoice::Successor {
        // An explicit encoding asks for a SAT count.
        ("the successor encoding was asked for".to_string(), false)
    } else {
        match pathsat_frontier::applies(puzzle) {
            Ok(ends) => {
                let why = format!(
                    "the frontier program applies ({})",
                    applies_because(puzzle, &ends)
                );
                let started = Instant::now();
                let result = frontier(puzzle, options, progress, &why);
                let spent = Phase {
                    stage: Stage::Frontier,
                    time: started.elapsed(),
                };
                match result {
                    Ok(counted) => return Ok(counted),
                    Err(e @ (FrontierError::Timeout { .. } | FrontierError::Cancelled { .. })) => {
                        return Ok(stopped_frontier(e, &why).after(vec![spent]))
                    }
                    // Too wide, or over the memory budget: the puzzle itself is the bound.
                    Err(e) => {
                        phases.push(spent);
                        (e.to_string(), false)
                    }
                }
            }
            Err(e) => {
                let relaxable = matches!(e, FrontierError::Givens | FrontierError::Marks);
                (
                    format!("the frontier program does not apply: {e}"),
                    relaxable,
                )
            }
        }
    };
    let user_bounded = options.limit.is_some() || options.deadline.is_some();
    let encoding = options.solve.encoding_for(puzzle);

    // A short probe: small counts finish here, in one solver.
    let probe_end = Instant::now() + PROBE_TIME;
    let probe_deadline = Some(options.deadline.map_or(probe_end, |d| d.min(probe_end)));
    progress(Progress::Stage(Stage::Probe));
    let probe_why = format!("{dp_not_used}; one solver enumerated every filling within 0.3 s");
    let (counted, probe_expired) = phase(&mut phases, Stage::Probe, || {
        enumerate(puzzle, options, probe_deadline, progress, &probe_why)
    })?;
    let out_of_time = options.deadline.is_some_and(|d| Instant::now() >= d);
    if !probe_expired || out_of_time || options.cancelled() {
        let mut counted = counted.after(phases);
        counted.frontier_not_used = Some(dp_not_used);
        return Ok(counted);
    }
    let probe_found = counted.count.clone();
    let cubes_why = format!(
        "{dp_not_used}; one solver did not finish within 0.3 s, so the count was split into \
         cubes"
    );
    // Where the program can count the puzzle without its givens and marks, that count bounds
    // this one: made only if the estimate would stop the count, to see whether it need not.
    let bound = LazyBound::new(relaxable.then(|| puzzle.relaxed()).flatten(), options);
    let guard = (!user_bounded).then(|| Guard {
        patience: options.patience,
        bound: &bound,
        jobs: options.jobs.max(1),
    });
    let counted = if encoding == Encoding::Successor
        && options.solve.encoding.choice == EncodingChoice::Successor
    {
        // The cubes need the position encoding, which was not asked for.
        enumerate_or_refuse(puzzle, options, progress, &guard, &dp_not_used, probe_found)?
    } else {
        match sat_cubes(puzzle, options, progress, guard.as_ref(), cubes_why) {
            Ok(counted) => counted,
            // A board too large for the position encoding's cubes: one successor solver.
            Err(SolveError::Encode(EncodeError::TooLarge { .. })) => {
                enumerate_or_refuse(puzzle, options, progress, &guard, &dp_not_used, probe_found)?
            }
            Err(e) => return Err(e.into()),
        }
    };
    let mut counted = counted.after(phases);
    counted.phases.extend(bound.phase());
    counted.frontier_not_used = Some(dp_not_used);
    if let Some(estimate) = &mut counted.estimate {
        estimate.bound = bound.get();
    }
    Ok(counted)
}

/// What the givens of a puzzle the frontier program applies to pin.
fn applies_because(puzzle: &Puzzle, ends: &[usize]) -> String {
    let rules = if puzzle.is_graph() {
        "an undirected graph"
    } else {
        "symmetric moves, no marks"
    };
    let givens = match (ends.len(), puzzle.is_closed()) {
        (0, _) => "no givens",
        (_, true) => "one value of the tour given",
        (1, false) => "one end of the path given",
        _ => "both ends of the path given",
    };
    format!("{rules}, {givens}")
}

/// Where the cubes cannot go (the successor encoding asked for, or a board too large for the
/// position encoding): one solver to the end when the user bounded the count, else a stop,
/// since nothing can estimate how long it would take.
fn enumerate_or_refuse(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
    guard: &Option<Guard<'_>>,
    dp_not_used: &str,
    probe_found: BigCount,
) -> Result<Counted, CountError> {
    if guard.is_none() {
        let why = format!("{dp_not_used}; one solver enumerates in the successor encoding");
        return Ok(enumerate_all(puzzle, options, progress, &why)?);
    }
    let mut counted = Counted::new(
        Method::Enumerate,
        format!(
            "{dp_not_used}; one solver did not finish within 0.3 s, and the board is too large \
             to split into cubes, which the estimate of the time left needs"
        ),
    );
    counted.count = probe_found.clone();
    counted.stopped = Some(Stopped::OutOfReach);
    counted.estimate = Some(Estimate {
        seconds: PROBE_TIME.as_secs_f64(),
        at_least: true,
        fillings: None,
        bound: None,
        found: probe_found,
        elapsed: PROBE_TIME.as_secs_f64(),
        cubes_done: 0,
        cubes: 0,
        patience: options.patience.as_secs_f64(),
    });
    Ok(counted)
}

/// The frontier program's count of `puzzle`.
fn frontier(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
    why: &str,
) -> Result<Counted, FrontierError> {
    progress(Progress::Stage(Stage::Frontier));
    let layer = |p: &LayerProgress| progress(Progress::Layer(*p));
    let frontier_options = FrontierOptions {
        memory_budget: options.memory_budget,
        deadline: options.deadline,
        cancel: options.cancel.as_deref(),
        progress: Some(&layer),
    };
    let started = Instant::now();
    let counted = with_threads(options.jobs, || count_fillings(puzzle, &frontier_options))?;
    let mut report = Counted::new(Method::Dp, why.to_string());
    report.phases.push(Phase {
        stage: Stage::Frontier,
        time: started.elapsed(),
    });
    report.complete = options.limit.is_none_or(|l| counted.fillings <= l);
    report.count = match options.limit {
        Some(l) => counted.fillings.min_u64(l),
        None => counted.fillings,
    };
    report.stopped = (!report.complete).then_some(Stopped::Limit);
    report.contradiction = counted
        .stats
        .shortcut
        .filter(|s| *s != pathsat_frontier::Shortcut::Tiny)
        .map(|s| s.to_string());
    report.frontier = Some(counted.stats);
    Ok(report)
}

/// A frontier count that stopped before its answer: no fillings are known.
fn stopped_frontier(error: FrontierError, why: &str) -> Counted {
    let mut counted = Counted::new(Method::Dp, format!("{why}; {error}"));
    counted.stopped = Some(match error {
        FrontierError::Timeout { .. } => Stopped::Timeout,
        FrontierError::Cancelled { .. } => Stopped::Cancelled,
        _ => Stopped::Memory,
    });
    counted
}

/// Runs `work` on a pool of `jobs` threads (or on the current one if none can be made).
fn with_threads<T: Send>(jobs: usize, work: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
    {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

/// The frontier program's count of a puzzle (the puzzle without its givens and marks: an upper
/// bound; or the puzzle itself), made at most once, when first asked for, within
/// [`bound_time`] of the board, a quarter of the memory and one thread (the cubes it is asked
/// for beside keep theirs). `None` when there is no such puzzle or the program does not finish.
struct LazyBound<'a> {
    puzzle: Option<Puzzle>,
    options: &'a CountOptions,
    made: std::sync::OnceLock<(Option<BigCount>, Duration)>,
}

impl<'a> LazyBound<'a> {
    fn new(puzzle: Option<Puzzle>, options: &'a CountOptions) -> LazyBound<'a> {
        LazyBound {
            puzzle,
            options,
            made: std::sync::OnceLock::new(),
        }
    }

    /// The count, made now if it was not yet.
    fn get(&self) -> Option<BigCount> {
        self.made.get_or_init(|| self.make()).0.clone()
    }

    fn make(&self) -> (Option<BigCount>, Duration) {
        let Some(puzzle) = &self.puzzle else {
            return (None, Duration::ZERO);
        };
        let started = Instant::now();
        let end = started + bound_time(puzzle.n_cells());
        let frontier_options = FrontierOptions {
            memory_budget: self.options.memory_budget / 4,
            deadline: Some(self.options.deadline.map_or(end, |d| d.min(end))),
            cancel: self.options.cancel.as_deref(),
            progress: None,
        };
        let count = with_threads(1, || count_fillings(puzzle, &frontier_options))
            .ok()
            .map(|c| c.fillings);
        (count, started.elapsed())
    }

    /// The bound's phase, when the program ran.
    fn phase(&self) -> Option<Phase> {
        self.puzzle.as_ref()?;
        self.made.get().map(|(_, time)| Phase {
            stage: Stage::Bound,
            time: *time,
        })
    }
}

/// One solver to the end (or to the limit or deadline of the options).
fn enumerate_all(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
    why: &str,
) -> Result<Counted, SolveError> {
    progress(Progress::Stage(Stage::Enumeration));
    let mut phases = Vec::new();
    let (counted, _) = phase(&mut phases, Stage::Enumeration, || {
        enumerate(puzzle, options, options.deadline, progress, why)
    })?;
    Ok(counted.after(phases))
}

/// Plain enumeration until `deadline`; also says whether that deadline stopped it.
fn enumerate(
    puzzle: &Puzzle,
    options: &CountOptions,
    deadline: Option<Instant>,
    progress: &(dyn Fn(Progress) + Sync),
    why: &str,
) -> Result<(Counted, bool), SolveError> {
    enumerate_guarded(puzzle, options, deadline, progress, why, &|_| None)
}

/// [`enumerate`], stopping as out of reach when `out_of_reach` (which hears the fillings found
/// so far) gives an estimate.
fn enumerate_guarded(
    puzzle: &Puzzle,
    options: &CountOptions,
    deadline: Option<Instant>,
    progress: &(dyn Fn(Progress) + Sync),
    why: &str,
    out_of_reach: &dyn Fn(u64) -> Option<Estimate>,
) -> Result<(Counted, bool), SolveError> {
    let mut solver = PuzzleSolver::new(puzzle, &options.solve)?;
    solver.interrupt_when(deadline, options.cancel.clone());
    let mut run = solver.fillings().limit(options.limit).until(deadline);
    if let Some(cancel) = &options.cancel {
        run = run.cancelled_by(Arc::clone(cancel));
    }
    let mut estimate = None;
    // `out_of_reach` is asked before the bounds: it is only given (by `certified_auto`) to
    // counts without a limit or deadline.
    let stopped = loop {
        if let Some(e) = out_of_reach(run.found()) {
            estimate = Some(e);
            break Some(Stopped::OutOfReach);
        }
        match run.next() {
            Some(filling) => {
                filling?;
                progress(Progress::Found(run.found()));
            }
            None => break run.stopped().map(Stopped::from),
        }
    };
    let count = run.found();
    let expired = stopped == Some(Stopped::Timeout);
    // The deadline or cancel flag stops the proof's check too (or stopped a solver call, and
    // the proof with it): then there is no verdict.
    let (certificate, proof_unfinished) = if options.solve.certify {
        match solver.certify() {
            Ok(certificate) => (Some(certificate), false),
            Err(SolveError::Interrupted) => (None, true),
            Err(e) => return Err(e),
        }
    } else {
        (None, false)
    };
    let stats = solver.stats();
    let mut counted = Counted::new(Method::Enumerate, why.to_string());
    counted.count = BigCount::from(count);
    counted.complete = stopped.is_none() && solver.is_exhausted();
    counted.stopped = stopped;
    counted.cubes = 1;
    counted.solver_calls = stats.solve_calls;
    counted.certificate = certificate;
    counted.proof_unfinished = proof_unfinished;
    counted.encoding = Some(stats.encoding);
    counted.encoded = Some((stats.encode.clone(), stats.encode_time));
    counted.contradiction = solver.contradiction().map(str::to_string);
    counted.cycles = solver.cycles_found();
    counted.subtours = stats.subtours;
    counted.estimate = estimate;
    Ok((counted, expired))
}

/// What `Auto` holds a count in cubes to: it must be estimated to finish within `patience`.
struct Guard<'a> {
    patience: Duration,
    /// An upper bound on the fillings, made when the estimate first exceeds the patience.
    bound: &'a LazyBound<'a>,
    jobs: usize,
}

impl Guard<'_> {
    /// The estimate of the whole enumeration from the progress so far, when it is known to
    /// exceed the patience (and the upper bound, made now if it was not yet, does not show it
    /// will finish in time).
    fn out_of_reach(&self, p: &CubeProgress) -> Option<Estimate> {
        let elapsed = p.elapsed.as_secs_f64();
        if p.elapsed < ESTIMATE_AFTER || p.done == p.total {
            return None;
        }
        let (seconds, at_least) = if p.done > 0 {
            (elapsed * p.total as f64 / p.done as f64, false)
        } else {
            // No cube done yet: each running one has taken `elapsed` already.
            (elapsed * p.total as f64 / self.jobs as f64, true)
        };
        let patience = self.patience.as_secs_f64();
        if seconds <= patience {
            return None;
        }
        // The bound can show that the count ends in time at the rate seen so far; it is worth
        // making only when fillings are coming.
        let found = p.found.to_u64().filter(|&f| f > 0);
        let bound = found.and_then(|_| self.bound.get());
        if let (Some(bound), Some(found)) = (&bound, found) {
            let rate = found as f64 / elapsed;
            let bound = bound.to_u64().map_or(f64::INFINITY, |b| b as f64);
            if bound / rate <= patience {
                return None;
            }
        }
        let fillings = (p.done > 0).then(|| {
            let total = p.total as u64;
            let done = p.done as u64;
            // found_in_done * total / done, rounded: whole cubes only.
            let scaled = p.found_in_done.clone() * total;
            BigCount::from(scaled.into_biguint() / done)
        });
        Some(Estimate {
            seconds,
            at_least,
            fillings,
            bound,
            found: p.found.clone(),
            elapsed,
            cubes_done: p.done,
            cubes: p.total,
            patience,
        })
    }
}

/// Cubes per thread: enough to balance the threads, few enough that their encodings are cheap.
const CUBES_PER_JOB: usize = 96;

fn sat_cubes(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
    guard: Option<&Guard<'_>>,
    why: String,
) -> Result<Counted, SolveError> {
    let started = Instant::now();
    // Each cube pins values in the middle of the path: the position encoding.
    let solve = options.solve.with_choice(EncodingChoice::Position);
    let plan = plan::plan(puzzle);
    let mut cubes = cubes::refine(
        puzzle,
        &plan.classes,
        CUBES_PER_JOB * options.jobs.max(1),
        8,
    );
    cubes::shuffle(&mut cubes);
    progress(Progress::Stage(Stage::Cubes));
    let job = cubes::Job {
        puzzle,
        classes: &plan.classes,
        cubes: &cubes,
        options: &solve,
        limit: options.limit,
        deadline: options.deadline,
        jobs: options.jobs,
    };
    let estimate = std::sync::Mutex::new(None);
    let result = job.run(&|p| {
        progress(Progress::Cubes {
            done: p.done,
            total: p.total,
            found: p.found.clone(),
        });
        if options.cancelled() {
            return true;
        }
        let out = guard.and_then(|g| g.out_of_reach(p));
        let stop = out.is_some();
        if let Some(e) = out {
            estimate.lock().expect("not poisoned").get_or_insert(e);
        }
        stop
    })?;
    let stopped = result.stopped.map(|s| match s {
        CubeStop::Limit => Stopped::Limit,
        CubeStop::Deadline => Stopped::Timeout,
        CubeStop::Watcher if options.cancelled() => Stopped::Cancelled,
        CubeStop::Watcher => Stopped::OutOfReach,
    });
    let mut counted = Counted::new(Method::Sat, why);
    counted.count = result.count;
    counted.complete = stopped.is_none();
    counted.stopped = stopped;
    counted.cubes = cubes.len();
    counted.symmetry = plan.symmetry;
    counted.solver_calls = result.solver_calls;
    counted.encoding = Some(Encoding::Position);
    counted.phases.push(Phase {
        stage: Stage::Cubes,
        time: started.elapsed(),
    });
    counted.estimate = estimate
        .into_inner()
        .expect("not poisoned")
        .filter(|_| stopped == Some(Stopped::OutOfReach))
        .map(|e| Estimate {
            // The threads found a few more before they saw the stop.
            found: counted.count.clone(),
            ..e
        });
    Ok(counted)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn progress(done: usize, total: usize, found: u64, seconds: f64) -> CubeProgress {
        CubeProgress {
            done,
            total,
            found: BigCount::from(found),
            found_in_done: BigCount::from(found / 2),
            elapsed: Duration::from_secs_f64(seconds),
        }
    }

    /// A guard whose upper bound is `bound`, known in advance.
    fn guard(bound: Option<u64>) -> Guard<'static> {
        let options: &'static CountOptions = Box::leak(Box::default());
        let known = LazyBound::new(None, options);
        known
            .made
            .set((bound.map(BigCount::from), Duration::ZERO))
            .expect("new");
        Guard {
            patience: Duration::from_secs(600),
            bound: Box::leak(Box::new(known)),
            jobs: 2,
        }
    }

    #[test]
    fn the_guard_waits_a_second_then_extrapolates_from_the_cubes_done() {
        let g = guard(None);
        // Too early to tell.
        assert_eq!(g.out_of_reach(&progress(0, 400, 10, 0.5)), None);
        // 4 of 400 cubes in 2 s: about 200 s in all, within 10 minutes.
        assert_eq!(g.out_of_reach(&progress(4, 400, 10, 2.0)), None);
        // 1 of 400 in 2 s: about 800 s.
        let e = g.out_of_reach(&progress(1, 400, 10, 2.0)).unwrap();
        assert!((e.seconds - 800.0).abs() < 1e-9 && !e.at_least);
        // found_in_done (5) scaled to 400 cubes.
        assert_eq!(e.fillings, Some(BigCount::from(2000u64)));
        // None done in 4 s on 2 threads: at least 4 * 400 / 2 = 800 s.
        let e = g.out_of_reach(&progress(0, 400, 10, 4.0)).unwrap();
        assert!(e.at_least && (e.seconds - 800.0).abs() < 1e-9);
        // All done: nothing to stop.
        assert_eq!(g.out_of_reach(&progress(400, 400, 10, 4000.0)), None);
    }

    #[test]
    fn an_upper_bound_can_show_the_count_ends_in_time() {
        // No cube done in 4 s: more than 800 s by the cubes. But 1,000 found in 4 s is 250 a
        // second, and at most 100,000 fillings is 400 s.
        assert!(guard(None)
            .out_of_reach(&progress(0, 400, 1000, 4.0))
            .is_some());
        assert_eq!(
            guard(Some(100_000)).out_of_reach(&progress(0, 400, 1000, 4.0)),
            None
        );
        // At most 10 million is 40,000 s: the bound does not help.
        let e = guard(Some(10_000_000))
            .out_of_reach(&progress(0, 400, 1000, 4.0))
            .unwrap();
        assert_eq!(e.bound, Some(BigCount::from(10_000_000u64)));
    }

    #[test]
    fn certified_counts_refuse_other_methods_by_their_option_name() {
        let board = Puzzle::blank(3, 3, pathsat_puzzle::Moves::Rook, false).unwrap();
        for (method, option) in [(Method::Dp, "dp"), (Method::Sat, "sat")] {
            let options = CountOptions {
                method,
                solve: SolveOptions {
                    certify: true,
                    ..SolveOptions::default()
                },
                ..CountOptions::default()
            };
            let e = count(&board, &options, &|_| {}).unwrap_err();
            assert!(matches!(e, CountError::NotCertifiable(m) if m == method));
            assert_eq!(
                e.to_string(),
                format!(
                    "a certified count runs one solver, so --method {option} cannot be certified"
                )
            );
        }
    }

    #[test]
    fn estimates_read_as_one_line() {
        let e = guard(Some(458_696))
            .out_of_reach(&progress(1, 400, 10, 30.0))
            .unwrap();
        assert_eq!(
            e.to_string(),
            "enumerating every filling would take about 3 h 20 min, over the 10 min an \
             automatic count allows (10 found in 30 s, 1 of 400 cubes done; about 2,000 \
             fillings in all; at most 458,696 by the frontier program on the puzzle without \
             its givens and marks)"
        );
        assert_eq!(duration_words(0.25), "0.2 s");
        assert_eq!(duration_words(42.0), "42 s");
        assert_eq!(duration_words(600.0), "10 min");
        assert_eq!(duration_words(610.4), "10 min 10 s");
        assert_eq!(duration_words(12_000.0), "3 h 20 min");
        assert_eq!(duration_words(5.0 * 86_400.0), "5 days");
        assert_eq!(duration_words(3.0e20), "9.5e12 years");
        assert_eq!(duration_words(f64::INFINITY), "forever");
    }
}
