//! `--method auto`: the cheapest method that can finish, first (see the crate docs): the
//! program where it applies and fits, else a short probe by one solver, else cubes whose rate
//! estimates the whole enumeration, refused past the patience unless an upper bound shows it
//! ends in time.

use crate::enumeration::{enumerate, enumerate_all, enumerate_guarded, sat_cubes};
use crate::guard::{Guard, LazyBound, ESTIMATE_AFTER};
use crate::options::{CountOptions, Method};
use crate::outcome::{phase, CountError, Counted, Estimate, Phase, Progress, Stage, Stopped};
use crate::program::{frontier, stopped_frontier};
use pathsat_bigcount::BigCount;
use pathsat_encode::{EncodeError, Encoding, EncodingChoice};
use pathsat_frontier::FrontierError;
use pathsat_puzzle::Puzzle;
use pathsat_solver::SolveError;
use std::time::Duration;
use web_time::Instant;

/// How long `Auto` lets one solver enumerate before it splits the count into cubes.
pub(crate) const PROBE_TIME: Duration = Duration::from_millis(300);

/// A certified count under [`Method::Auto`] without a limit or deadline: one solver to the end,
/// unless, after its first second, the frontier program knows the count (computed then, within
/// [`bound_time`]) and, at the rate seen, the enumeration would outlast the patience.
pub(crate) fn certified_auto(
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
        &options.budget,
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
pub(crate) fn auto(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Counted, CountError> {
    let mut phases = Vec::new();
    let (dp_not_used, relaxable) = match frontier_first(puzzle, options, progress, &mut phases) {
        FrontierFirst::Answered(result) => return *result,
        FrontierFirst::NotUsed { why, relaxable } => (why, relaxable),
    };
    let user_bounded = options.limit.is_some() || options.budget.deadline.is_some();
    let encoding = options.solve.encoding_for(puzzle);

    // A short probe: small counts finish here, in one solver.
    let probe_budget = options.budget.and_within(PROBE_TIME);
    progress(Progress::Stage(Stage::Probe));
    let probe_why = format!("{dp_not_used}; one solver enumerated every filling within 0.3 s");
    let (counted, probe_expired) = phase(&mut phases, Stage::Probe, || {
        enumerate(puzzle, options, &probe_budget, progress, &probe_why)
    })?;
    let out_of_time = options.budget.is_past_deadline();
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

/// What the frontier program, tried first, made of a count.
enum FrontierFirst {
    /// It answered: the count, or how it stopped (a timeout, a cancel, its files). Boxed, as
    /// a count is large beside the other variant.
    Answered(Box<Result<Counted, CountError>>),
    /// It did not count: why not, and whether it could count the puzzle without its givens and
    /// marks (the bound of the estimate).
    NotUsed { why: String, relaxable: bool },
}

/// The frontier program, where it applies, run to its answer within its memory budget; its time
/// goes to `phases` when it gives up (too wide, or over the budget) and SAT goes on.
fn frontier_first(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
    phases: &mut Vec<Phase>,
) -> FrontierFirst {
    if options.solve.encoding.choice == EncodingChoice::Successor {
        // An explicit encoding asks for a SAT count.
        return FrontierFirst::NotUsed {
            why: "the successor encoding was asked for".to_string(),
            relaxable: false,
        };
    }
    let ends = match pathsat_frontier::applies(puzzle) {
        Ok(ends) => ends,
        Err(e) => {
            return FrontierFirst::NotUsed {
                why: format!("the frontier program does not apply: {e}"),
                relaxable: matches!(e, FrontierError::Givens | FrontierError::Marks),
            }
        }
    };
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
        Ok(counted) => FrontierFirst::Answered(Box::new(Ok(counted))),
        Err(
            e @ (FrontierError::Stopped { .. }
            | FrontierError::Disk { .. }
            | FrontierError::NoRoom { .. }
            | FrontierError::Checkpoint { .. }),
        ) => FrontierFirst::Answered(Box::new(
            stopped_frontier(e, &why).map(|c| c.after(vec![spent])),
        )),
        // Too wide, or over the memory budget: the puzzle itself is the bound.
        Err(e) => {
            phases.push(spent);
            FrontierFirst::NotUsed {
                why: e.to_string(),
                relaxable: false,
            }
        }
    }
}

/// What the givens of a puzzle the frontier program applies to pin.
pub(crate) fn applies_because(puzzle: &Puzzle, ends: &[usize]) -> String {
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
pub(crate) fn enumerate_or_refuse(
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
