//! `count`: how many solutions a puzzle has, by the method [`pathsat_count`] chooses or the one
//! asked for, with why, what it cost, and (when it stopped early) why it stopped.
//!
//! The count runs on a thread of its own, so that a timeout holds even inside one solver call
//! or one layer of the frontier program: at the deadline [`count`] returns what was found by
//! then.

use crate::detach::NotBack;
use crate::options::{CountRequest, Shard};
use crate::outcome::{Answer, CertificateReport, EncodedSizes, EncodingInfo, RunStats};
use crate::{Error, Refusal, GRACE};
use pathsat_bigcount::BigCount;
use pathsat_count::{CountOptions, Counted, Estimate, Method, Progress, Stage, Stopped};
use pathsat_encode::EncodingChoice;
use pathsat_frontier::FrontierStats;
use pathsat_puzzle::Puzzle;
use serde::Serialize;
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// The result of `count`, as `pathsat count --format json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct CountReport {
    /// The count, and whether it is complete.
    #[serde(flatten)]
    pub answer: Answer,
    /// The limit the count was held to, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// A shard's count (`--shard I/N`): which part of the whole count this is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// Why the puzzle has no solution, when the encoder proved it before solving.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// How the count was made: `frontier-dp`, `sat-cubes` or `enumeration`.
    pub method: Method,
    /// Why that method: what applied, and why the others did not.
    pub why: String,
    /// The frontier program's costs, when it counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frontier: Option<FrontierStats>,
    /// Stopped as out of reach: how long enumerating was estimated to take.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<Estimate>,
    /// Whether every solution counted passed the verifier (false for the frontier program,
    /// which counts without enumerating).
    pub verified: bool,
    /// What stopped an incomplete count: `limit`, `timeout`, `memory`, `out-of-reach`,
    /// `cancelled` or `interrupted`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stopped>,
    /// `sat-cubes`: the cubes the count was split into.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cubes: Option<usize>,
    /// `sat-cubes`: the symmetry classes used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<String>,
    /// In the successor encoding: the Hamiltonian cycles (or paths) found, as arc sets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycles: Option<u64>,
    /// With `certify`: true when varisat's proof checker accepted the run's proof; false when
    /// the timeout or a cancel stopped the run before its proof was checked (inside a solver
    /// call, which leaves the proof unfinished, or during the check).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certified: Option<bool>,
    /// With `--certify`: what varisat's proof checker accepted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<CertificateReport>,
    /// Whether the count was to be certified (an incomplete count has nothing to prove).
    #[serde(skip)]
    pub certify: bool,
    /// The SAT encoding the count used (none for the frontier program).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<EncodingInfo>,
    /// Sizes and times.
    pub stats: RunStats,
    /// The file's `[expect] count`, and whether this count agrees with it (absent when the
    /// file has none, and for a shard, whose part is checked by `merge --expect`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<ExpectedCount>,
}

/// A count held against the one its file expects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExpectedCount {
    /// The file's `[expect] count`.
    pub count: BigCount,
    /// `true` for a complete count equal to it; `false` for a count that is not: complete and
    /// different, or stopped early having already found more; `None` for a count that stopped
    /// early at or below it, which cannot tell.
    pub agrees: Option<bool>,
}

impl ExpectedCount {
    /// `expected` held against `count`, complete or a lower bound.
    pub fn check(expected: &BigCount, count: &BigCount, complete: bool) -> ExpectedCount {
        let agrees = if complete {
            Some(count == expected)
        } else if count > expected {
            Some(false)
        } else {
            None
        };
        ExpectedCount {
            count: expected.clone(),
            agrees,
        }
    }
}

/// Counts the solutions of `puzzle` (read from `file`) as `request` asks; `progress` hears
/// what the count is doing (from the counting threads).
///
/// # Errors
/// [`Error::Refused`] and [`Error::Count`] for a method that does not apply or options that
/// contradict each other; [`Error::Count`] for a solver failure or a model that does not
/// verify (a bug). A count that stopped early is an answer (`complete` false, `stopped` why).
pub fn count(
    puzzle: &Arc<Puzzle>,
    file: &str,
    request: &CountRequest,
    progress: Arc<dyn Fn(Progress) + Send + Sync>,
) -> Result<CountReport, Error> {
    let started = Instant::now();
    let mut options = request.options.clone();
    if options.method == Method::Dp && options.solve.encoding.choice != EncodingChoice::Auto {
        return Err(Error::refused(file, Refusal::DpTakesNoEncoding));
    }
    // The request's timeout and cancel on top of the options' own budget (a wind-down on
    // SIGTERM, from the command line).
    options.budget = options
        .budget
        .and_until(request.timeout.map(|t| started + t))
        .and_cancel(&request.cancel);
    let until = options.budget.deadline.map(|d| d + GRACE);
    let run = {
        let (puzzle, options) = (Arc::clone(puzzle), options.clone());
        move |hear: &(dyn Fn(Progress) + Sync)| pathsat_count::count(&puzzle, &options, hear)
    };
    let counted = match crate::detach::tracked(&request.cancel, until, progress, run) {
        Ok(result) => result.map_err(|e| Error::count(file, e))?,
        Err(NotBack { stopped, seen }) => {
            let stage = seen.stage.unwrap_or(Stage::Enumeration);
            Counted::stopped_in(stage, seen.most_found, stopped)
        }
    };
    // A certified CaDiCaL count that is complete: its certificate, written and checked.
    let checked = match counted.recorded.as_ref().and_then(|slot| slot.take()) {
        Some(run) if counted.complete => Some(crate::certificate::write_and_check(
            run,
            puzzle,
            crate::certificate::PuzzleSource::File(file),
            &options.solve.encoding,
            request.certificate.as_deref(),
        )?),
        _ => None,
    };
    // A certified count in cubes: each cube's certificate, and their cover of the cell.
    let checked = match counted.cube_runs.clone() {
        Some(cubes) if counted.complete => Some(crate::certificate::write_and_check_cubes(
            cubes,
            puzzle,
            crate::certificate::PuzzleSource::File(file),
            &options.solve.encoding,
            request.certificate.as_deref(),
        )?),
        _ => checked,
    };
    Ok(report(
        puzzle,
        file,
        &options,
        counted,
        checked,
        started.elapsed(),
    ))
}

fn report(
    puzzle: &Puzzle,
    file: &str,
    options: &CountOptions,
    counted: Counted,
    checked: Option<crate::certificate::CertificateSummary>,
    elapsed: Duration,
) -> CountReport {
    let encoded = counted
        .encoded
        .as_ref()
        .map(|(stats, time)| EncodedSizes::new(stats, *time));
    let reason = counted.contradiction.filter(|_| counted.complete);
    let expected = match (&puzzle.expect().count, options.split) {
        (Some(expected), None) => Some(ExpectedCount::check(
            expected,
            &counted.count,
            counted.complete,
        )),
        _ => None,
    };
    CountReport {
        expected,
        answer: Answer::new(puzzle, file, counted.count, counted.complete),
        limit: options.limit,
        shard: options.split.as_ref().and_then(Shard::of_split),
        reason,
        method: counted.method,
        why: counted.why,
        frontier: counted.frontier.clone(),
        estimate: counted.estimate,
        verified: counted.verified,
        stopped: counted.stopped,
        cubes: (counted.method == Method::Sat).then_some(counted.cubes),
        symmetry: counted.symmetry,
        cycles: counted.cycles,
        certified: if counted.proof_unfinished {
            Some(false)
        } else if checked.is_some() {
            Some(true)
        } else {
            counted.certificate.as_ref().map(|_| true)
        },
        certify: options.solve.certify,
        certificate: match checked {
            Some(summary) => Some(CertificateReport::Checked(summary)),
            None => counted
                .certificate
                .as_ref()
                .map(|c| CertificateReport::Varisat(c.clone())),
        },
        encoding: counted.encoding.map(|e| {
            let solver = counted.solver.unwrap_or(options.solve.engine());
            EncodingInfo::new(e, &options.solve.encoding)
                .solved_by(solver)
                .seeded(options.solve.seed)
                .chosen_by_size(options.solve.by_size() && solver != options.solve.engine())
        }),
        stats: RunStats {
            cells: puzzle.n_cells(),
            graph: puzzle.is_graph(),
            encoded,
            solver_calls: counted.solver_calls,
            solve_seconds: elapsed.as_secs_f64()
                - counted
                    .encoded
                    .as_ref()
                    .map_or(0.0, |(_, t)| t.as_secs_f64()),
            total_seconds: elapsed.as_secs_f64(),
            subtours: counted.subtours.clone(),
            phases: counted.phases.clone(),
        },
    }
}
