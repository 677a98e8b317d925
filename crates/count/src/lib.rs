//! # pathsat-count
//!
//! Counting the fillings of a path puzzle, by the best method that applies:
//!
//! - [`Method::Dp`]: the frontier dynamic program ([`pathsat_frontier`]) for symmetric moves,
//!   no marks and at most one given at an end of the path. It counts without enumerating, so
//!   its fillings are not verified one by one.
//! - [`Method::Sat`]: SAT enumeration split into cubes counted in parallel, one cube per
//!   symmetry class where the board has symmetries ([`plan`]); every filling counted, including
//!   the symmetric images standing for other cubes, passes the verifier.
//! - [`Method::Enumerate`]: one incremental solver with blocking clauses.
//! - [`Method::Auto`]: the dynamic program where it applies; otherwise enumeration if it ends
//!   within a short probe, otherwise the cubes.
//!
//! Trail puzzles are always counted by enumeration: the encoding already keeps one direction
//! of each trail, and the board's symmetries do not keep the labels.
//!
//! The cubes pin values in the middle of the path, so they always use the position encoding.
//! Where the options give the puzzle the successor encoding, enumeration (and `Auto` after the
//! dynamic program) runs one successor solver: it finds each Hamiltonian cycle (or path) once,
//! as a set of arcs, and counts its fillings, N per cycle when no start is given (one per
//! starting cell), each verified; [`Counted::cycles`] says how many arc sets that was.
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
//!     assert_eq!((counted.count, counted.complete), (552, true));
//! }
//! ```

mod cubes;
pub mod plan;
pub mod symmetry;

use pathsat_encode::{Encoding, EncodingChoice};
use pathsat_frontier::{count_fillings, FrontierError as NotApplicable, FrontierOptions};
use pathsat_puzzle::Puzzle;
use pathsat_solver::{Certificate, LoopStats, PuzzleSolver, SolveError, SolveOptions};
use std::time::{Duration, Instant};

/// How to count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    #[default]
    Auto,
    Dp,
    Sat,
    Enumerate,
}

impl Method {
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
#[derive(Clone, Copy, Debug)]
pub struct CountOptions {
    pub method: Method,
    /// Stop after this many fillings (the count is then incomplete).
    pub limit: Option<u64>,
    /// Stop at this instant (the count is then incomplete).
    pub deadline: Option<Instant>,
    /// Threads for the cubes.
    pub jobs: usize,
    pub solve: SolveOptions,
}

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions {
            method: Method::Auto,
            limit: None,
            deadline: None,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            solve: SolveOptions::default(),
        }
    }
}

/// Why a count stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    Limit,
    Deadline,
}

/// A count and how it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    pub count: u128,
    /// Whether `count` is all the fillings.
    pub complete: bool,
    pub stopped: Option<Stopped>,
    /// The method that produced the count (never `Auto`).
    pub method: Method,
    /// Whether every filling counted passed the verifier (false for the dynamic program).
    pub verified: bool,
    /// The cubes the SAT count was split into (1 for plain enumeration, 0 for the program).
    pub cubes: usize,
    /// The symmetry classes used, described, when there were any.
    pub symmetry: Option<String>,
    pub solver_calls: u64,
    /// Why the dynamic program was not used, when `Auto` tried it first.
    pub dp_not_used: Option<String>,
    /// With `solve.certify`: what varisat's proof checker accepted about the run.
    pub certificate: Option<Certificate>,
    /// The encoding the SAT count used (none for the dynamic program).
    pub encoding: Option<Encoding>,
    /// Successor encoding: the Hamiltonian cycles (arc sets) found, and the subtour rounds.
    pub cycles: Option<u64>,
    pub subtours: Option<LoopStats>,
}

impl Counted {
    /// A count of the dynamic program, before its figures are known.
    fn dp() -> Counted {
        Counted {
            count: 0,
            complete: false,
            stopped: None,
            method: Method::Dp,
            verified: false,
            cubes: 0,
            symmetry: None,
            solver_calls: 0,
            dp_not_used: None,
            certificate: None,
            encoding: None,
            cycles: None,
            subtours: None,
        }
    }
}

/// Why a count failed.
#[derive(Debug, thiserror::Error)]
pub enum CountError {
    #[error(transparent)]
    Solve(#[from] SolveError),
    #[error("the frontier dynamic program does not apply: {0}")]
    DpNotApplicable(String),
    #[error("a certified count runs one solver, so --method {0} cannot be certified")]
    NotCertifiable(&'static str),
    #[error(
        "the SAT cubes pin values in the middle of the path, which the successor encoding \
         cannot express"
    )]
    CubesNeedPositions,
    #[error("trail puzzles are counted by enumeration, not by cubes")]
    TrailsEnumerate,
}

/// How long `Auto` lets plain enumeration run before it splits the count into cubes.
const PROBE_TIME: Duration = Duration::from_millis(300);

/// How long [`Method::Auto`] lets the frontier program run before counting by SAT instead.
/// Every count of the fixtures that the program finishes takes well under a second; where the
/// frontier explodes (the 8x8 knight's board) it would otherwise spend about 20 s reaching its
/// state budget before giving up.
const DP_BUDGET: Duration = Duration::from_secs(2);

/// Counts the fillings of `puzzle`; `progress` hears the running count.
///
/// # Errors
/// [`CountError::Solve`] for a solver failure, a bug caught by the verifier, or a rejected
/// certificate; [`CountError::DpNotApplicable`] when [`Method::Dp`] was asked for where it does
/// not apply; [`CountError::NotCertifiable`] for a certified count by another method than one
/// solver.
pub fn count(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(u128) + Sync),
) -> Result<Counted, CountError> {
    if options.solve.certify {
        // One proof covers one solver's run: certified counts are plain enumerations.
        return match options.method {
            Method::Auto | Method::Enumerate => {
                Ok(enumerate(puzzle, options, options.deadline, progress)?.0)
            }
            Method::Dp => Err(CountError::NotCertifiable("dp")),
            Method::Sat => Err(CountError::NotCertifiable("sat")),
        };
    }
    if puzzle.trail().is_some() {
        // Trails: one solver, one canonical trail per solution (no symmetry, no cubes).
        return match options.method {
            Method::Auto | Method::Enumerate => {
                let mut counted = enumerate(puzzle, options, options.deadline, progress)?.0;
                if options.method == Method::Auto {
                    counted.dp_not_used = Some(NotApplicable::Trail.to_string());
                }
                Ok(counted)
            }
            Method::Dp => Err(CountError::DpNotApplicable(
                NotApplicable::Trail.to_string(),
            )),
            Method::Sat => Err(CountError::TrailsEnumerate),
        };
    }
    match options.method {
        Method::Dp => dp(puzzle, options, options.deadline, progress)
            .map_err(|e| CountError::DpNotApplicable(e.to_string())),
        Method::Sat if options.solve.encoding.choice == EncodingChoice::Successor => {
            Err(CountError::CubesNeedPositions)
        }
        Method::Sat => Ok(sat_cubes(puzzle, options, progress)?),
        Method::Enumerate => Ok(enumerate(puzzle, options, options.deadline, progress)?.0),
        Method::Auto => {
            let dp_not_used = if options.solve.encoding.choice == EncodingChoice::Successor {
                // An explicit encoding asks for a SAT count.
                "the successor encoding was asked for".to_string()
            } else {
                let budget_end = Instant::now() + DP_BUDGET;
                let dp_deadline = options.deadline.map_or(budget_end, |d| d.min(budget_end));
                match dp(puzzle, options, Some(dp_deadline), progress) {
                    Ok(counted) => return Ok(counted),
                    Err(NotApplicable::Timeout { .. })
                        if options.deadline.is_some_and(|d| Instant::now() >= d) =>
                    {
                        return Ok(Counted {
                            stopped: Some(Stopped::Deadline),
                            ..Counted::dp()
                        })
                    }
                    Err(NotApplicable::Timeout { .. }) => format!(
                        "the frontier program did not finish within {} s",
                        DP_BUDGET.as_secs()
                    ),
                    Err(why) => why.to_string(),
                }
            };
            if options.solve.encoding_for(puzzle) == Encoding::Successor {
                // One successor solver to the end: the cubes would need the position encoding.
                let mut counted = enumerate(puzzle, options, options.deadline, progress)?.0;
                counted.dp_not_used = Some(dp_not_used);
                return Ok(counted);
            }
            // A short probe: small counts finish here, in one solver.
            let probe_end = Instant::now() + PROBE_TIME;
            let probe_deadline = Some(options.deadline.map_or(probe_end, |d| d.min(probe_end)));
            let (counted, probe_expired) = enumerate(puzzle, options, probe_deadline, progress)?;
            let mut counted =
                if probe_expired && options.deadline.is_none_or(|d| Instant::now() < d) {
                    progress(0);
                    sat_cubes(puzzle, options, progress)?
                } else {
                    counted
                };
            counted.dp_not_used = Some(dp_not_used);
            Ok(counted)
        }
    }
}

fn dp(
    puzzle: &Puzzle,
    options: &CountOptions,
    deadline: Option<Instant>,
    progress: &(dyn Fn(u128) + Sync),
) -> Result<Counted, NotApplicable> {
    let frontier = FrontierOptions {
        deadline,
        ..FrontierOptions::default()
    };
    // Interim: counts beyond 128 bits are refused until the count travels as a big integer.
    let total = count_fillings(puzzle, &frontier)?
        .fillings
        .to_u128()
        .ok_or(NotApplicable::TooWide { width: 0, max: 0 })?;
    let (count, complete) = match options.limit {
        Some(l) if total > u128::from(l) => (u128::from(l), false),
        _ => (total, true),
    };
    progress(count);
    Ok(Counted {
        count,
        complete,
        stopped: (!complete).then_some(Stopped::Limit),
        ..Counted::dp()
    })
}

/// Plain enumeration until `deadline`; also says whether that deadline stopped it.
fn enumerate(
    puzzle: &Puzzle,
    options: &CountOptions,
    deadline: Option<Instant>,
    progress: &(dyn Fn(u128) + Sync),
) -> Result<(Counted, bool), SolveError> {
    let mut solver = PuzzleSolver::new(puzzle, &options.solve)?;
    let mut count: u64 = 0;
    let mut stopped = None;
    loop {
        if options.limit.is_some_and(|l| count >= l) {
            stopped = Some(Stopped::Limit);
            break;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            stopped = Some(Stopped::Deadline);
            break;
        }
        match solver.next_solution()? {
            Some(_) => {
                count += 1;
                progress(u128::from(count));
            }
            None => break,
        }
    }
    let expired = stopped == Some(Stopped::Deadline);
    let certificate = if options.solve.certify {
        Some(solver.certify()?)
    } else {
        None
    };
    let stats = solver.stats();
    let counted = Counted {
        count: u128::from(count),
        complete: stopped.is_none(),
        stopped,
        method: Method::Enumerate,
        verified: true,
        cubes: 1,
        symmetry: None,
        solver_calls: stats.solve_calls,
        dp_not_used: None,
        certificate,
        encoding: Some(stats.encoding),
        cycles: solver.cycles_found(),
        subtours: stats.subtours,
    };
    Ok((counted, expired))
}

/// Cubes per thread: enough to balance the threads, few enough that their encodings are cheap.
const CUBES_PER_JOB: usize = 96;

fn sat_cubes(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(u128) + Sync),
) -> Result<Counted, SolveError> {
    // Each cube pins values in the middle of the path: the position encoding.
    let solve = options.solve.with_choice(EncodingChoice::Position);
    let plan = plan::plan(puzzle);
    let cubes = cubes::refine(
        puzzle,
        &plan.classes,
        CUBES_PER_JOB * options.jobs.max(1),
        8,
    );
    let job = cubes::Job {
        puzzle,
        classes: &plan.classes,
        cubes: &cubes,
        options: &solve,
        limit: options.limit,
        deadline: options.deadline,
        jobs: options.jobs,
    };
    let result = job.run(progress)?;
    let stopped = if result.stopped_by_limit {
        Some(Stopped::Limit)
    } else if result.stopped_by_deadline {
        Some(Stopped::Deadline)
    } else {
        None
    };
    Ok(Counted {
        count: result.count,
        complete: stopped.is_none(),
        stopped,
        method: Method::Sat,
        verified: true,
        cubes: cubes.len(),
        symmetry: plan.symmetry,
        solver_calls: result.solver_calls,
        dp_not_used: None,
        certificate: None,
        encoding: Some(Encoding::Position),
        cycles: None,
        subtours: None,
    })
}
