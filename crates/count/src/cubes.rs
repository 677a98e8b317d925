//! # Counting cubes in parallel
//!
//! Each class's label is extended along the path (the cell of the next value, among the
//! moves from the cell of the last one) into smaller cubes, until there are enough to keep
//! every thread busy. A cube is the puzzle with its pairs given, so that pruning by distance
//! and support shrinks it before any clause is written; each is counted by its own incremental
//! solver. The cubes partition the fillings, so their counts add up. They are counted in a
//! fixed shuffled order, so that the cubes done after a second are a fair sample: how many of
//! them are done, and how long that took, is what the estimate of the time left rests on.

use crate::plan::Class;
use pathsat_bigcount::BigCount;
use pathsat_budget::{Budget, Cancel, Stopped};
use pathsat_encode::Domains;
use pathsat_puzzle::{verify, Puzzle};
use pathsat_solver::{PuzzleSolver, SolveError, SolveOptions};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use web_time::Instant;

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

/// Puts the cubes in an order that does not depend on where they came from, so that the first
/// cubes done are a fair sample of all of them (the basis of the estimate of the time left).
/// The order is fixed (a seeded shuffle), so runs repeat.
pub fn shuffle(cubes: &mut [Cube]) {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    cubes.shuffle(&mut rand::rngs::ChaCha8Rng::seed_from_u64(
        0x9E37_79B9_7F4A_7C15,
    ));
}

/// How far a count in cubes has come, as the watcher sees it.
#[derive(Clone, Debug)]
pub struct CubeProgress {
    /// Cubes counted to the end, of `total`.
    pub done: usize,
    pub total: usize,
    /// Fillings found so far, and those in the cubes done.
    pub found: BigCount,
    pub found_in_done: BigCount,
    pub elapsed: Duration,
}

/// Why a count in cubes stopped before every cube was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeStop {
    Limit,
    Deadline,
    /// The watcher asked for it.
    Watcher,
}

/// What counting the cubes gave.
#[derive(Debug)]
pub struct CubeCount {
    pub count: BigCount,
    pub stopped: Option<CubeStop>,
    pub solver_calls: u64,
}

/// A parallel count of cubes.
pub struct Job<'a> {
    pub puzzle: &'a Puzzle,
    pub classes: &'a [Class],
    pub cubes: &'a [Cube],
    pub options: &'a SolveOptions,
    pub limit: Option<u64>,
    pub budget: &'a Budget,
    pub jobs: usize,
}

/// How often the watcher looks at a running count.
const WATCH_EVERY: Duration = Duration::from_millis(200);

/// The state the threads share.
struct Shared {
    found: Mutex<BigCount>,
    found_in_done: Mutex<BigCount>,
    done: AtomicUsize,
    calls: AtomicU64,
    /// Raised to stop every thread; each cube's fillings are cancelled by it.
    stop: Cancel,
    stopped: Mutex<Option<CubeStop>>,
    failure: Mutex<Option<SolveError>>,
}

impl Shared {
    /// Nothing found, nothing done, nothing stopped.
    fn new() -> Self {
        Shared {
            found: Mutex::new(BigCount::zero()),
            found_in_done: Mutex::new(BigCount::zero()),
            done: AtomicUsize::new(0),
            calls: AtomicU64::new(0),
            stop: Cancel::new(),
            stopped: Mutex::new(None),
            failure: Mutex::new(None),
        }
    }

    fn stop_for(&self, why: CubeStop) {
        self.stopped
            .lock()
            .expect("not poisoned")
            .get_or_insert(why);
        self.stop.cancel();
    }

    fn progress(&self, total: usize, started: Instant) -> CubeProgress {
        CubeProgress {
            done: self.done.load(Ordering::Relaxed),
            total,
            found: self.found.lock().expect("not poisoned").clone(),
            found_in_done: self.found_in_done.lock().expect("not poisoned").clone(),
            elapsed: started.elapsed(),
        }
    }
}

impl Job<'_> {
    /// Counts the cubes on `jobs` threads. Each filling found is mapped by the images of its
    /// class, and every image is checked by the verifier against the original puzzle. `watch`
    /// sees the progress every 200 ms and once at the end; when it returns true the count stops
    /// (between two solutions of each thread).
    ///
    /// # Errors
    /// The first solver error, or an image that fails the verifier (a bug).
    pub fn run(
        &self,
        watch: &(dyn Fn(&CubeProgress) -> bool + Sync),
    ) -> Result<CubeCount, SolveError> {
        let started = Instant::now();
        let shared = Shared::new();
        let total = self.cubes.len();
        // The watcher's look: the deadline, and whatever `watch` decides.
        let look = || {
            if self.budget.is_past_deadline() {
                shared.stop_for(CubeStop::Deadline);
            }
            if watch(&shared.progress(total, started)) {
                shared.stop_for(CubeStop::Watcher);
            }
        };
        // WebAssembly has no watcher thread: the one thread looks itself, between two cubes and
        // after each filling, at most every WATCH_EVERY. Natively the watcher looks.
        #[cfg(target_family = "wasm")]
        let looked = Mutex::new(started);
        #[cfg(target_family = "wasm")]
        let tick = || {
            let mut looked = looked.lock().expect("not poisoned");
            if looked.elapsed() >= WATCH_EVERY {
                *looked = Instant::now();
                drop(looked);
                look();
            }
        };
        #[cfg(not(target_family = "wasm"))]
        let tick = || {};
        let work = || self.count_cubes(&shared, &tick);
        // WebAssembly has no threads: the cubes are counted on the current one, whatever `jobs`
        // asks (rayon's global pool falls back to it).
        #[cfg(target_family = "wasm")]
        {
            let _ = self.jobs;
            work();
        }
        #[cfg(not(target_family = "wasm"))]
        run_watched(self.jobs, work, &look);
        self.outcome(&shared, started, watch)
    }

    /// Counts every cube on the current thread pool, until the shared flag stops them. The
    /// fillings of the cubes done go to `found_in_done`; the first error is kept in `failure`.
    fn count_cubes(&self, shared: &Shared, tick: &(dyn Fn() + Sync)) {
        self.cubes.par_iter().for_each(|cube| {
            tick();
            // The caller's cancel stops the cubes not begun at once, without waiting for the
            // watcher's next look.
            if shared.stop.is_cancelled() || self.budget.is_cancelled() {
                return;
            }
            let class = &self.classes[cube.class];
            match count_cube(self, class, cube, shared, tick) {
                Ok(Some(found)) => {
                    *shared.found_in_done.lock().expect("not poisoned") += &found;
                    shared.done.fetch_add(1, Ordering::Relaxed);
                }
                Ok(None) => {}
                Err(e) => {
                    shared.stop.cancel();
                    shared
                        .failure
                        .lock()
                        .expect("not poisoned")
                        .get_or_insert(e);
                }
            }
        });
    }

    /// What the count gave once the threads are done: the first failure, or the count (held to
    /// the limit) and why it stopped; `watch` sees the final progress.
    fn outcome(
        &self,
        shared: &Shared,
        started: Instant,
        watch: &(dyn Fn(&CubeProgress) -> bool + Sync),
    ) -> Result<CubeCount, SolveError> {
        let total = self.cubes.len();
        if let Some(e) = shared.failure.lock().expect("not poisoned").take() {
            return Err(e);
        }
        let progress = shared.progress(total, started);
        watch(&progress);
        let mut count = progress.found.clone();
        if let Some(l) = self.limit {
            count = count.min_u64(l);
        }
        let stopped = *shared.stopped.lock().expect("not poisoned");
        Ok(CubeCount {
            count,
            stopped: stopped.filter(|_| progress.done < total),
            solver_calls: shared.calls.load(Ordering::Relaxed),
        })
    }
}

/// Runs `work` on a pool of `jobs` threads while a watcher thread calls `look` every
/// WATCH_EVERY, until the work is done.
#[cfg(not(target_family = "wasm"))]
fn run_watched(jobs: usize, work: impl FnOnce() + Send, look: &(dyn Fn() + Sync)) {
    let (finished, wake) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        // The watcher: progress, the deadline, and whatever `watch` decides.
        scope.spawn(move || {
            // Woken every 200 ms until the work is done (the sender dropped).
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                wake.recv_timeout(WATCH_EVERY)
            {
                look();
            }
        });
        match rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.max(1))
            .build()
        {
            Ok(pool) => pool.install(work),
            Err(_) => work(),
        }
        drop(finished);
    });
}

/// Enumerates one cube. Returns the fillings it stands for when it was counted to the end
/// (`None` when the count stopped inside it).
fn count_cube(
    job: &Job<'_>,
    class: &Class,
    cube: &Cube,
    shared: &Shared,
    tick: &(dyn Fn() + Sync),
) -> Result<Option<BigCount>, SolveError> {
    let Some(sub) = job.puzzle.with_givens(&cube.fixed) else {
        return Ok(Some(BigCount::zero()));
    };
    // The shared flag stops every thread (at the limit, the deadline, the watcher's word, or
    // another thread's failure), the caller's flags stop each at once; the limit is on all the
    // threads' fillings together.
    let budget = job.budget.and_cancel(&shared.stop);
    let mut solver = PuzzleSolver::within(&sub, job.options, &budget)?;
    let mut in_cube = BigCount::zero();
    let images = class.images.len() as u64;
    let mut run = solver.fillings().within(&budget);
    for filling in &mut run {
        let filling = filling?;
        for image in &class.images {
            verify(job.puzzle, &image.apply(&filling)).map_err(SolveError::Unverified)?;
        }
        in_cube += images;
        let reached = {
            let mut found = shared.found.lock().expect("not poisoned");
            *found += images;
            job.limit.is_some_and(|l| *found >= l)
        };
        if reached {
            shared.stop_for(CubeStop::Limit);
        }
        tick();
    }
    let stopped = run.stopped();
    if stopped == Some(Stopped::Timeout) {
        shared.stop_for(CubeStop::Deadline);
    }
    shared
        .calls
        .fetch_add(solver.stats().solve_calls, Ordering::Relaxed);
    Ok((stopped.is_none() && solver.is_exhausted()).then_some(in_cube))
}
