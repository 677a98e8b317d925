//! `--method enumerate` and `--method sat`: SAT enumeration, by one incremental solver with
//! blocking clauses or split into cubes counted in parallel, every filling verified.

use crate::cubes::{self, CubeStop};
use crate::guard::Guard;
use crate::options::{CountOptions, Method};
use crate::outcome::{phase, Counted, Estimate, Phase, Progress, Stage, Stopped};
use crate::plan;
use pathsat_bigcount::BigCount;
use pathsat_budget::Budget;
use pathsat_encode::{Encoding, EncodingChoice};
use pathsat_puzzle::Puzzle;
use pathsat_solver::{PuzzleSolver, SolveError};
use web_time::Instant;

/// One solver to the end (or to the limit or deadline of the options).
pub(crate) fn enumerate_all(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
    why: &str,
) -> Result<Counted, SolveError> {
    progress(Progress::Stage(Stage::Enumeration));
    let mut phases = Vec::new();
    let (counted, _) = phase(&mut phases, Stage::Enumeration, || {
        enumerate(puzzle, options, &options.budget, progress, why)
    })?;
    Ok(counted.after(phases))
}

/// Plain enumeration within `budget`; also says whether its deadline stopped it.
pub(crate) fn enumerate(
    puzzle: &Puzzle,
    options: &CountOptions,
    budget: &Budget,
    progress: &(dyn Fn(Progress) + Sync),
    why: &str,
) -> Result<(Counted, bool), SolveError> {
    enumerate_guarded(puzzle, options, budget, progress, why, &|_| None)
}

/// [`enumerate`], stopping as out of reach when `out_of_reach` (which hears the fillings found
/// so far) gives an estimate.
pub(crate) fn enumerate_guarded(
    puzzle: &Puzzle,
    options: &CountOptions,
    budget: &Budget,
    progress: &(dyn Fn(Progress) + Sync),
    why: &str,
    out_of_reach: &dyn Fn(u64) -> Option<Estimate>,
) -> Result<(Counted, bool), SolveError> {
    let mut solver = PuzzleSolver::within(puzzle, &options.solve, budget)?;
    let mut run = solver.fillings().within(budget).limit(options.limit);
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
            None => break run.stopped(),
        }
    };
    let count = run.found();
    let expired = stopped == Some(Stopped::Timeout);
    // The deadline or cancel flag stops the proof's check too (or stopped a solver call, and
    // the proof with it): then there is no verdict.
    let recorded = solver.finish_recording();
    let (certificate, proof_unfinished) = if options.solve.certify && recorded.is_none() {
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
    counted.recorded = recorded.map(pathsat_solver::certificate::RecordedSlot::new);
    counted.encoding = Some(stats.encoding);
    counted.solver = Some(stats.solver);
    counted.encoded = Some((stats.encode.clone(), stats.encode_time));
    counted.contradiction = solver.contradiction().map(str::to_string);
    counted.cycles = solver.cycles_found();
    counted.subtours = stats.subtours;
    counted.estimate = estimate;
    Ok((counted, expired))
}

/// Cubes per thread: enough to balance the threads, few enough that their encodings are cheap.
pub(crate) const CUBES_PER_JOB: usize = 96;

pub(crate) fn sat_cubes(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
    guard: Option<&Guard<'_>>,
    why: String,
) -> Result<Counted, SolveError> {
    let started = Instant::now();
    // Each cube pins values in the middle of the path: the position encoding, and one solver
    // for every cube, chosen by the whole puzzle's formula (a cube's is no larger).
    let solve = options
        .solve
        .with_choice(EncodingChoice::Position)
        .settled_for_position(puzzle);
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
        budget: &options.budget,
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
    counted.solver = Some(solve.solver);
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
