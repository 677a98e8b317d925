//! # Counting cubes in parallel
//!
//! Each class's label is extended along the path (the cell of the next value, among the
//! moves from the cell of the last one) into smaller cubes, until there are enough to keep
//! every thread busy. A cube is the puzzle with its pairs given, so that pruning by distance
//! and support shrinks it before any clause is written; each is counted by its own incremental
//! solver. The cubes partition the fillings, so their counts add up.

use crate::plan::Class;
use pathsat_encode::Domains;
use pathsat_puzzle::{verify, Puzzle};
use pathsat_solver::{PuzzleSolver, SolveError, SolveOptions};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// A cube: a class and the pairs fixed in it (the class label and a path prefix).
#[derive(Clone, Debug)]
pub struct Cube {
    pub class: usize,
    pub fixed: Vec<(usize, u32)>,
}

/// Extends the class labels into at least `target` cubes (or as many as `max_rounds` rounds of
/// extension give), dropping those that pruning shows to be empty.
pub fn refine(puzzle: &Puzzle, classes: &[Class], target: usize, max_rounds: usize) -> Vec<Cube> {
    let mut cubes: Vec<Cube> = classes
        .iter()
        .enumerate()
        .map(|(class, c)| Cube {
            class,
            fixed: c.fixed.clone(),
        })
        .collect();
    for _ in 0..max_rounds {
        if cubes.len() >= target {
            break;
        }
        let before = cubes.len();
        let mut next = Vec::with_capacity(cubes.len() * 3);
        for cube in cubes {
            match split(puzzle, &cube) {
                Some(children) => next.extend(children),
                None => next.push(cube),
            }
        }
        cubes = next;
        if cubes.len() == before {
            break;
        }
    }
    cubes
}

/// The children of a cube by the cell of the next value along the path; `None` when the cube
/// cannot be split (every value placed, or nothing known to extend).
fn split(puzzle: &Puzzle, cube: &Cube) -> Option<Vec<Cube>> {
    let n = puzzle.n_cells() as u32;
    let sub = puzzle.with_givens(&cube.fixed)?;
    let domains = Domains::pruned(&sub);
    if domains.contradiction().is_some() {
        return Some(vec![]);
    }
    let cell_of = |k: u32| {
        let cells = domains.cells(k);
        (cells.len() == 1).then(|| cells[0])
    };
    // The first value, from 1 up, whose cell is not decided.
    let k = (1..=n).find(|&k| cell_of(k).is_none())?;
    let candidates: Vec<usize> = match k {
        1 => domains.cells(1).to_vec(),
        _ => {
            let previous = cell_of(k - 1).expect("k - 1 is decided");
            puzzle
                .successors(previous)
                .iter()
                .copied()
                .filter(|&c| domains.contains(c, k))
                .collect()
        }
    };
    Some(
        candidates
            .into_iter()
            .map(|c| {
                let mut fixed = cube.fixed.clone();
                fixed.push((c, k));
                Cube {
                    class: cube.class,
                    fixed,
                }
            })
            .collect(),
    )
}

/// What counting the cubes gave.
#[derive(Debug, Default)]
pub struct CubeCount {
    pub count: u128,
    /// Stopped by the limit or the deadline before every cube was done.
    pub stopped_by_limit: bool,
    pub stopped_by_deadline: bool,
    pub solver_calls: u64,
}

/// A parallel count of cubes.
pub struct Job<'a> {
    pub puzzle: &'a Puzzle,
    pub classes: &'a [Class],
    pub cubes: &'a [Cube],
    pub options: &'a SolveOptions,
    pub limit: Option<u64>,
    pub deadline: Option<Instant>,
    pub jobs: usize,
}

impl Job<'_> {
    /// Counts the cubes on `jobs` threads. Each filling found is mapped by the images of its
    /// class, and every image is checked by the verifier against the original puzzle.
    ///
    /// # Errors
    /// The first solver error, or an image that fails the verifier (a bug).
    pub fn run(&self, progress: &(dyn Fn(u128) + Sync)) -> Result<CubeCount, SolveError> {
        let total = AtomicU64::new(0);
        let calls = AtomicU64::new(0);
        let stop = AtomicBool::new(false);
        let by_limit = AtomicBool::new(false);
        let by_deadline = AtomicBool::new(false);
        let failure: Mutex<Option<SolveError>> = Mutex::new(None);
        let found = |n: u64| {
            let now = total.fetch_add(n, Ordering::Relaxed) + n;
            progress(u128::from(now));
            if self.limit.is_some_and(|l| now >= l) {
                by_limit.store(true, Ordering::Relaxed);
                stop.store(true, Ordering::Relaxed);
            }
        };
        let work = || {
            self.cubes.par_iter().for_each(|cube| {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                if self.deadline.is_some_and(|d| Instant::now() >= d) {
                    by_deadline.store(true, Ordering::Relaxed);
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                let class = &self.classes[cube.class];
                match count_cube(self, class, cube, &stop, &by_deadline, &found) {
                    Ok(n) => {
                        calls.fetch_add(n, Ordering::Relaxed);
                    }
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        failure.lock().expect("not poisoned").get_or_insert(e);
                    }
                }
            });
        };
        match rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs.max(1))
            .build()
        {
            Ok(pool) => pool.install(work),
            Err(_) => work(),
        }
        if let Some(e) = failure.into_inner().expect("not poisoned") {
            return Err(e);
        }
        let by_limit = by_limit.load(Ordering::Relaxed);
        let mut count = u128::from(total.load(Ordering::Relaxed));
        if let Some(l) = self.limit {
            count = count.min(u128::from(l));
        }
        Ok(CubeCount {
            count,
            stopped_by_limit: by_limit,
            stopped_by_deadline: by_deadline.load(Ordering::Relaxed) && !by_limit,
            solver_calls: calls.load(Ordering::Relaxed),
        })
    }
}

/// Enumerates one cube; `found` hears how many fillings each solution stands for. Returns the
/// number of solver calls.
fn count_cube(
    job: &Job<'_>,
    class: &Class,
    cube: &Cube,
    stop: &AtomicBool,
    by_deadline: &AtomicBool,
    found: &dyn Fn(u64),
) -> Result<u64, SolveError> {
    let Some(sub) = job.puzzle.with_givens(&cube.fixed) else {
        return Ok(0);
    };
    let mut solver = PuzzleSolver::new(&sub, job.options)?;
    while !stop.load(Ordering::Relaxed) {
        if job.deadline.is_some_and(|d| Instant::now() >= d) {
            by_deadline.store(true, Ordering::Relaxed);
            stop.store(true, Ordering::Relaxed);
            break;
        }
        let Some(filling) = solver.next_solution()? else {
            break;
        };
        for image in &class.images {
            verify(job.puzzle, &image.apply(&filling)).map_err(SolveError::Unverified)?;
        }
        found(class.images.len() as u64);
    }
    Ok(solver.stats().solve_calls)
}
