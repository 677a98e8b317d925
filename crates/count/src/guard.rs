//! The patience guard of `--method auto`: an enumeration estimated to take longer than the
//! patience stops with an estimate, unless an upper bound on the fillings (the frontier
//! program's count of the puzzle without its givens and marks, made only when it can change
//! the decision) shows that it ends in time at the rate seen.

use crate::cubes::CubeProgress;
use crate::options::CountOptions;
use crate::outcome::{bound_time, Estimate, Phase, Stage};
use crate::program::with_threads;
use pathsat_bigcount::BigCount;
use pathsat_budget::Budget;
use pathsat_frontier::{count_fillings, FrontierOptions};
use pathsat_puzzle::Puzzle;
use std::time::Duration;
use web_time::Instant;

/// How long the cubes run before their progress is trusted for an estimate.
pub(crate) const ESTIMATE_AFTER: Duration = Duration::from_secs(1);

/// The frontier program's count of a puzzle (the puzzle without its givens and marks: an upper
/// bound; or the puzzle itself), made at most once, when first asked for, within
/// [`bound_time`] of the board, a quarter of the memory and one thread (the cubes it is asked
/// for beside keep theirs). `None` when there is no such puzzle or the program does not finish.
pub(crate) struct LazyBound<'a> {
    pub(crate) puzzle: Option<Puzzle>,
    pub(crate) options: &'a CountOptions,
    pub(crate) made: std::sync::OnceLock<(Option<BigCount>, Duration)>,
}

impl<'a> LazyBound<'a> {
    pub(crate) fn new(puzzle: Option<Puzzle>, options: &'a CountOptions) -> LazyBound<'a> {
        LazyBound {
            puzzle,
            options,
            made: std::sync::OnceLock::new(),
        }
    }

    /// The count, made now if it was not yet.
    pub(crate) fn get(&self) -> Option<BigCount> {
        self.made.get_or_init(|| self.make()).0.clone()
    }

    pub(crate) fn make(&self) -> (Option<BigCount>, Duration) {
        let Some(puzzle) = &self.puzzle else {
            return (None, Duration::ZERO);
        };
        let started = Instant::now();
        let end = started + bound_time(puzzle.n_cells());
        let frontier_options = FrontierOptions {
            memory_budget: self.options.memory_budget / 4,
            budget: &Budget {
                wind_down: None,
                ..self.options.budget.and_until(Some(end))
            },
            progress: None,
            split: None,
            spill: None,
            checkpoint: None,
            on_spill: None,
        };
        let count = with_threads(1, || count_fillings(puzzle, &frontier_options))
            .ok()
            .map(|c| c.fillings);
        (count, started.elapsed())
    }

    /// The bound's phase, when the program ran.
    pub(crate) fn phase(&self) -> Option<Phase> {
        self.puzzle.as_ref()?;
        self.made.get().map(|(_, time)| Phase {
            stage: Stage::Bound,
            time: *time,
        })
    }
}

/// What `Auto` holds a count in cubes to: it must be estimated to finish within `patience`.
pub(crate) struct Guard<'a> {
    pub(crate) patience: Duration,
    /// An upper bound on the fillings, made when the estimate first exceeds the patience.
    pub(crate) bound: &'a LazyBound<'a>,
    pub(crate) jobs: usize,
}

impl Guard<'_> {
    /// The estimate of the whole enumeration from the progress so far, when it is known to
    /// exceed the patience (and the upper bound, made now if it was not yet, does not show it
    /// will finish in time).
    pub(crate) fn out_of_reach(&self, p: &CubeProgress) -> Option<Estimate> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::duration_words;

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
        assert_eq!(duration_words(1.4 * 86_400.0), "1 day");
        assert_eq!(duration_words(1.6 * 86_400.0), "2 days");
        assert_eq!(duration_words(400.0 * 86_400.0), "1 year");
        assert_eq!(duration_words(5.0 * 86_400.0), "5 days");
        assert_eq!(duration_words(3.0e20), "9.5e12 years");
        assert_eq!(duration_words(f64::INFINITY), "forever");
    }
}
