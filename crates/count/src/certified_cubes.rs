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
use pathsat_solver::certificate::{RecordedRun, RecordedSlot};
use pathsat_solver::{PuzzleSolver, SolveError, SolveOptions};
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
    let cubes = Cubes {
        puzzle,
        options,
        solve: &solve,
        cell,
        total: values.len(),
        found: AtomicU64::new(0),
        done: AtomicUsize::new(0),
        progress,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
        .map_err(|e| SolveError::Solver(format!("cannot start the cube threads: {e}")))?;
    let runs: Vec<Result<CubeRun, SolveError>> =
        pool.install(|| values.par_iter().map(|&value| cubes.run(value)).collect());
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
    add_up(&mut counted, runs, cell)?;
    counted.encoding = Some(pathsat_encode::Encoding::Position);
    counted.solver = Some(solve.solver);
    Ok(counted)
}

/// The cubes of one count, and the counters their threads share for the progress reports.
struct Cubes<'a> {
    puzzle: &'a Puzzle,
    options: &'a crate::CountOptions,
    /// The options of each cube's solver: the position encoding, certified.
    solve: &'a SolveOptions,
    /// The cell split on (`None`: one cube, the whole puzzle).
    cell: Option<usize>,
    total: usize,
    /// Fillings found in every cube so far, and cubes done.
    found: AtomicU64,
    done: AtomicUsize,
    progress: &'a (dyn Fn(Progress) + Sync),
}

/// What one cube's certified run gave.
struct CubeRun {
    /// The value pinned on the cell (`None` for the whole puzzle).
    value: Option<u32>,
    count: u64,
    /// Enumerated to the end.
    exhausted: bool,
    stopped: Option<Stopped>,
    /// What its certificate is written from.
    recorded: Option<RecordedRun>,
}

impl Cubes<'_> {
    /// Enumerates the cube with `value` pinned on the cell by a certified solver, reporting
    /// each filling found and the cube when it is done.
    fn run(&self, value: Option<u32>) -> Result<CubeRun, SolveError> {
        let (puzzle, options) = (self.puzzle, self.options);
        let mut solver = PuzzleSolver::within(puzzle, self.solve, &options.budget)?;
        if let (Some(c), Some(v)) = (self.cell, value) {
            if !solver.assume_value(c, v) {
                return Err(SolveError::Certificate(format!(
                    "no variable for {} = {v}",
                    puzzle.place(c)
                )));
            }
        }
        let mut run = solver.fillings().within(&options.budget);
        let mut count = 0u64;
        for filling in &mut run {
            filling?;
            count += 1;
            let all = self.found.fetch_add(1, Ordering::Relaxed) + 1;
            (self.progress)(Progress::Found(all));
        }
        let stopped = run.stopped();
        let exhausted = solver.is_exhausted() && stopped.is_none();
        let d = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        (self.progress)(Progress::Cubes {
            done: d,
            total: self.total,
            found: BigCount::from(self.found.load(Ordering::Relaxed)),
        });
        Ok(CubeRun {
            value,
            count,
            exhausted,
            stopped,
            recorded: solver.finish_recording(),
        })
    }
}

/// Adds the cubes' `runs` up into `counted`: the count, whether it is complete and why not,
/// and the recorded runs a certificate is written from (one per value of `cell`, or the one
/// run of the whole puzzle).
///
/// # Errors
/// The first run's error, in the order of the cubes.
fn add_up(
    counted: &mut Counted,
    runs: Vec<Result<CubeRun, SolveError>>,
    cell: Option<usize>,
) -> Result<(), SolveError> {
    let cubes = runs.len();
    let mut total_count = BigCount::from(0u64);
    let mut complete = true;
    let mut stopped = None;
    let mut recorded = Vec::new();
    for run in runs {
        let run = run?;
        total_count += run.count;
        complete &= run.exhausted;
        if let Some(s) = run.stopped {
            stopped.get_or_insert(s);
        }
        if let Some(slot) = run.recorded {
            recorded.push((run.value, RecordedSlot::new(slot)));
        }
    }
    counted.count = total_count;
    counted.complete = complete && stopped.is_none();
    counted.stopped = if counted.complete {
        None
    } else {
        stopped.or(Some(Stopped::Timeout))
    };
    counted.cubes = cubes;
    match (cell, recorded.len()) {
        (Some(cell), n) if n == cubes => {
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
    Ok(())
}
