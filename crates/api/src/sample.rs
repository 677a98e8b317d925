//! `sample`: solutions drawn independently and exactly uniformly from all of a puzzle's, by
//! [`pathsat_count::sample`] (the frontier program's tables where it applies, else
//! enumeration), each passed by the verifier.
//!
//! The sample runs on a thread of its own, as a count does: at the deadline or a cancel,
//! [`sample`] returns a report without samples that says why.

use crate::count::ExpectedCount;
use crate::detach::NotBack;
use crate::options::SampleRequest;
use crate::outcome::{Answer, Solutions};
use crate::{Error, GRACE};
use pathsat_bigcount::BigCount;
use pathsat_count::{Progress, SampleError, SampleMethod, Stage, Stopped};
use pathsat_frontier::FrontierStats;
use pathsat_puzzle::{Filling, Puzzle};
use serde::Serialize;
use std::sync::Arc;
use web_time::Instant;

/// The result of `sample`, as `pathsat sample --format json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct SampleReport {
    /// The number of solutions the samples were drawn from (`count`), and whether it is
    /// complete (false only when the run stopped, without samples).
    #[serde(flatten)]
    pub answer: Answer,
    /// The seed of the draws: the same seed draws the same samples.
    pub seed: u64,
    /// How the solutions to draw from were found: `frontier-dp` or `enumeration`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<SampleMethod>,
    /// Why that method, or why the run stopped.
    pub why: String,
    /// The samples, in the order drawn: grids for boards, vertex orders for graphs.
    pub samples: Solutions,
    /// Whether every sample passed the verifier (always, for samples given).
    pub verified: bool,
    /// What stopped a run without samples: `timeout`, `memory`, `cancelled`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stopped>,
    /// The frontier program's costs, when it ran (its sweep keeps every table).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frontier: Option<FrontierStats>,
    /// The file's `[expect] count`, and whether the count drawn from agrees with it (absent
    /// when the file has none, or no sample was drawn).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<ExpectedCount>,
    /// Seconds the whole sample took.
    pub total_seconds: f64,
    /// The samples as fillings, for pictures and text.
    #[serde(skip)]
    pub fillings: Vec<Filling>,
}

/// Draws the samples `request` asks of `puzzle` (read from `file`); `progress` hears the sweep
/// and the walk back (from the sampling thread).
///
/// # Errors
/// [`Error::Sample`] for a method that does not apply, a puzzle with too many solutions to
/// enumerate where the frontier program does not apply, a failure of the solver or of the
/// table files, or a sample that does not verify (a bug). A run stopped by the timeout, the
/// memory budget or a cancel is a report without samples.
pub fn sample(
    puzzle: &Arc<Puzzle>,
    file: &str,
    request: &SampleRequest,
    progress: Arc<dyn Fn(Progress) + Send + Sync>,
) -> Result<SampleReport, Error> {
    let started = Instant::now();
    let mut options = request.options.clone();
    options.count.budget = options
        .count
        .budget
        .and_until(request.timeout.map(|t| started + t))
        .and_cancel(&request.cancel);
    let until = options.count.budget.deadline.map(|d| d + GRACE);
    let stopped = |stopped: Stopped, why: String| SampleReport {
        answer: Answer::new(puzzle, file, BigCount::zero(), false),
        seed: options.seed,
        method: None,
        why,
        samples: Solutions::of(puzzle, &[]),
        verified: true,
        stopped: Some(stopped),
        frontier: None,
        expected: None,
        total_seconds: started.elapsed().as_secs_f64(),
        fillings: Vec::new(),
    };
    let run = {
        let (puzzle, options) = (Arc::clone(puzzle), options.clone());
        move |hear: &(dyn Fn(Progress) + Sync)| pathsat_count::sample(&puzzle, &options, hear)
    };
    let sampled = match crate::detach::tracked(&request.cancel, until, progress, run) {
        Ok(Ok(sampled)) => sampled,
        Ok(Err(SampleError::Stopped { stopped: s, why })) => return Ok(stopped(s, why)),
        Ok(Err(error)) => return Err(Error::sample(file, error)),
        Err(NotBack { stopped: s, seen }) => {
            let inside = match seen.stage {
                Some(Stage::WalkBack) => "while the sample walked back",
                Some(Stage::Enumeration) => "inside a solver call",
                _ => "inside a layer of the frontier program",
            };
            return Ok(stopped(s, format!("stopped ({}) {inside}", s.name())));
        }
    };
    let why = match (&sampled.frontier_not_used, sampled.method) {
        (Some(not), _) => format!(
            "the frontier program does not apply ({not}): every solution enumerated, and the \
             samples drawn from them"
        ),
        (None, SampleMethod::Frontier) => {
            "the frontier program's tables, walked back from the draws".to_string()
        }
        (None, SampleMethod::Enumeration) => {
            "every solution enumerated, and the samples drawn from them".to_string()
        }
    };
    let expected = puzzle
        .expect()
        .count
        .as_ref()
        .map(|e| ExpectedCount::check(e, &sampled.fillings, true));
    Ok(SampleReport {
        expected,
        answer: Answer::new(puzzle, file, sampled.fillings, true),
        seed: options.seed,
        method: Some(sampled.method),
        why,
        samples: Solutions::of(puzzle, &sampled.samples),
        verified: true,
        stopped: None,
        frontier: sampled.frontier,
        total_seconds: started.elapsed().as_secs_f64(),
        fillings: sampled.samples,
    })
}
