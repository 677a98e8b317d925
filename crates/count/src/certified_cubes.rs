//! `--method sat --certify`: a count split on one cell's values, each cube a certified run.
//!
//! The plain SAT method's cubes fix values in the middle of the path and count one cube per
//! symmetry class; neither the classes nor the cube tree is a clause a DRAT proof can hold. The
//! certified variant splits on the single cell with the most candidate values: one cube per
//! value, each a certified CaDiCaL enumeration of the position encoding with that value pinned by
//! an `assume` claim, run in parallel. The caller writes a certificate per cube and checks that
//! the cubes' values are every candidate of the cell (the encoding puts exactly one value on it,
//! so the cubes split the fillings without overlap): the count is their sum.

use crate::{Counted, CubeRuns, Method, Progress, Stage, Stopped};
use pathsat_bigcount::BigCount;
use pathsat_cnf::CountingSink;
use pathsat_encode::{position, EncodingChoice};
use pathsat_puzzle::Puzzle;
use pathsat_solver::certificate::RecordedSlot;
use pathsat_solver::{PuzzleSolver, SolveError, Stop};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Counts `puzzle` in certified cubes on one cell (`options.solve` certifies with CaDiCaL).
pub(crate) fn certified_cubes(
    puzzle: &Puzzle,
    options: &crate::CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Counted, SolveError> {
    let solve = options.solve.with_choice(EncodingChoice::Position);
    let encoding = position::encode(
        puzzle,
        &solve.encoding.position,
        &mut CountingSink::default(),
    )?;
    let map = &encoding.map;
    // The cell with the most candidates; none with two or more: one cube, the whole puzzle.
    let cell = (0..map.n_cells())
        .max_by_key(|&c| (map.cell_vars(c).len(), std::cmp::Reverse(c)))
        .filter(|&c| map.cell_vars(c).len() >= 2);
    let values: Vec<Option<u32>> = match cell {
        Some(c) => map.cell_vars(c).iter().map(|&(v, _)| Some(v)).collect(),
        None => vec![None],
    };
    progress(Progress::Stage(Stage::Cubes));
    let found = AtomicU64::new(0);
    let done = AtomicUsize::new(0);
    let total = values.len();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
        .map_err(|e| SolveError::Solver(format!("cannot start the cube threads: {e}")))?;
    let runs: Vec<Result<_, SolveError>> = pool.install(|| {
        values
            .par_iter()
            .map(|&value| {
                let mut solver = PuzzleSolver::new(puzzle, &solve)?;
                solver.interrupt_when(options.deadline, options.cancel.clone());
                if let (Some(c), Some(v)) = (cell, value) {
                    if !solver.assume_value(c, v) {
                        return Err(SolveError::Certificate(format!(
                            "no variable for {} = {v}",
                            puzzle.place(c)
                        )));
                    }
                }
                let mut run = solver.fillings().until(options.deadline);
                if let Some(flag) = &options.cancel {
                    run = run.cancelled_by(flag.clone());
                }
                let mut count = 0u64;
                for filling in &mut run {
                    filling?;
                    count += 1;
                    let all = found.fetch_add(1, Ordering::Relaxed) + 1;
                    progress(Progress::Found(all));
                }
                let stopped = run.stopped();
                let exhausted = solver.is_exhausted() && stopped.is_none();
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress(Progress::Cubes {
                    done: d,
                    total,
                    found: BigCount::from(found.load(Ordering::Relaxed)),
                });
                Ok((value, count, exhausted, stopped, solver.finish_recording()))
            })
            .collect()
    });
    let mut counted = Counted::new(
        Method::Sat,
        match cell {
            Some(c) => format!(
                "a certified count in cubes: one certified run for each value of {}",
                puzzle.place(c)
            ),
            None => "a certified count: every cell has one candidate, one run".into(),
        },
    );
    let mut total_count = BigCount::from(0u64);
    let mut complete = true;
    let mut stopped = None;
    let mut recorded = Vec::new();
    for run in runs {
        let (value, count, exhausted, stop, run) = run?;
        total_count += count;
        complete &= exhausted;
        if let Some(s) = stop {
            stopped.get_or_insert(match s {
                Stop::Deadline => Stopped::Timeout,
                Stop::Cancelled => Stopped::Cancelled,
                Stop::Limit => Stopped::Limit,
            });
        }
        if let Some(run) = run {
            recorded.push((value, RecordedSlot::new(run)));
        }
    }
    counted.count = total_count;
    counted.complete = complete && stopped.is_none();
    counted.stopped = if counted.complete {
        None
    } else {
        stopped.or(Some(Stopped::Timeout))
    };
    counted.cubes = values.len();
    counted.encoding = Some(pathsat_encode::Encoding::Position);
    counted.solver = Some(solve.solver);
    match (cell, recorded.len()) {
        (Some(cell), n) if n == values.len() => {
            counted.cube_runs = Some(CubeRuns {
                cell,
                runs: recorded
                    .into_iter()
                    .map(|(v, slot)| (v.expect("a value per cube"), slot))
                    .collect(),
            });
        }
        (None, 1) => counted.recorded = recorded.pop().map(|(_, slot)| slot),
        _ => {}
    }
    Ok(counted)
}
