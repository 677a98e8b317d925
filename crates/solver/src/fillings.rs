//! # Enumerating fillings
//!
//! [`PuzzleSolver::fillings`] is the one enumeration of the library: an iterator of verified
//! fillings, each different from those before it (the solver blocks each one over its primary
//! variables), ending when the solver proves there are no more. Solving, counting with a limit,
//! counting cubes in parallel and the front ends' solution lists all read it.
//!
//! Bounds are adaptors, because a caller needs to know not only how many fillings came but why
//! they stopped coming: the fillings ran out (the count is complete), a limit was reached, a
//! deadline passed, or a cancel flag was raised (Ctrl-C, a closed web request, a Python
//! `KeyboardInterrupt`). [`Bounded`] holds a limit and the run's [`Budget`] and records which
//! one stopped it ([`Bounded::stopped`]); `None` after the end means the iterator itself ran
//! out. A plain `.take(n)` works as on any iterator, but cannot tell a limit from the end.
//!
//! ```
//! use pathsat_puzzle::{Moves, Puzzle};
//! use pathsat_solver::{Budget, PuzzleSolver, SolveOptions, Stopped};
//! use std::time::{Duration, Instant};
//!
//! // The 3x3 rook board has 40 fillings (OEIS A096969).
//! let puzzle = Puzzle::blank(3, 3, Moves::Rook, false).unwrap();
//! let mut solver = PuzzleSolver::new(&puzzle, &SolveOptions::default())?;
//! let budget = Budget::until(Some(Instant::now() + Duration::from_secs(60)));
//! let mut run = solver.fillings().within(&budget).limit(Some(25));
//! for filling in &mut run {
//!     let _verified = filling?;
//! }
//! assert_eq!((run.found(), run.stopped()), (25, Some(Stopped::Limit)));
//! // The same solver goes on where it stopped: the other 15, then the end.
//! let mut rest = solver.fillings().limit(Some(100));
//! assert_eq!(rest.by_ref().count(), 15);
//! assert_eq!(rest.stopped(), None);
//! assert!(solver.is_exhausted());
//! # Ok::<(), pathsat_solver::SolveError>(())
//! ```
//!
//! The bounds are checked before each filling is asked for, that is between two solver calls;
//! [`Fillings::within`] gives the solver the same budget, so that a call in progress stops at it
//! too (varisat's as CaDiCaL's), the run ending as stopped by it.

use crate::{PuzzleSolver, SolveError};
use pathsat_budget::{Budget, Stopped};
use pathsat_puzzle::Filling;
use std::iter::FusedIterator;

impl<'p> PuzzleSolver<'p> {
    /// The fillings not returned before, verified, one solver call (or round of subtour cuts)
    /// at a time: the enumeration every count and list is made of. Bound it with
    /// [`Fillings::within`] and [`Fillings::limit`], which record why it stopped.
    pub fn fillings(&mut self) -> Fillings<'_, 'p> {
        Fillings::new(self)
    }
}

/// The fillings of a [`PuzzleSolver`], verified, in the order found: see the module docs.
///
/// After an error or the last filling the iterator returns `None` for good; the solver keeps
/// its state, so a new [`PuzzleSolver::fillings`] goes on where this one stopped.
pub struct Fillings<'s, 'p> {
    solver: &'s mut PuzzleSolver<'p>,
    ended: bool,
}

impl<'s, 'p> Fillings<'s, 'p> {
    pub(crate) fn new(solver: &'s mut PuzzleSolver<'p>) -> Self {
        Fillings {
            solver,
            ended: false,
        }
    }

    /// The solver (for its statistics while enumerating).
    pub fn solver(&self) -> &PuzzleSolver<'p> {
        self.solver
    }

    /// Whether the solver has proved that no further filling exists.
    pub fn is_exhausted(&self) -> bool {
        self.solver.is_exhausted()
    }

    /// These fillings, at most `limit` of them (none: no limit).
    pub fn limit(self, limit: Option<u64>) -> Bounded<Self> {
        Bounded::new(self).limit(limit)
    }

    /// These fillings, until `budget` says stop: the solver's calls stop at it too, inside a
    /// search (the one way to bound a run of fillings in time), and go on doing so until
    /// another budget is given. Bound the result by a limit with [`Bounded::limit`].
    pub fn within(self, budget: &Budget) -> Bounded<Self> {
        self.solver.set_budget(budget.clone());
        Bounded::new(self).within(budget)
    }
}

impl Iterator for Fillings<'_, '_> {
    type Item = Result<Filling, SolveError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.ended {
            return None;
        }
        match self.solver.next_solution() {
            Ok(Some(filling)) => Some(Ok(filling)),
            Ok(None) => {
                self.ended = true;
                None
            }
            // The run's budget (its deadline or a cancel flag, set by `Fillings::within`)
            // stopped a solver call: the end of this run, which
            // the bounds around it record as theirs.
            Err(SolveError::Interrupted) => {
                self.ended = true;
                None
            }
            Err(e) => {
                self.ended = true;
                Some(Err(e))
            }
        }
    }
}

impl FusedIterator for Fillings<'_, '_> {}

/// An iterator under a limit and a [`Budget`] (each optional), which records the one that
/// stopped it ([`Stopped::Limit`], [`Stopped::Cancelled`], [`Stopped::Timeout`]). They are
/// checked in that order before each item is asked for; once stopped, it stays stopped. Setting
/// a bound again keeps the tighter one (the smaller limit, the earlier deadline, every flag).
#[derive(Debug)]
pub struct Bounded<I> {
    inner: I,
    limit: Option<u64>,
    budget: Budget,
    found: u64,
    stopped: Option<Stopped>,
}

impl<I: Iterator> Bounded<I> {
    /// `inner` without bounds (yet).
    pub fn new(inner: I) -> Self {
        Bounded {
            inner,
            limit: None,
            budget: Budget::default(),
            found: 0,
            stopped: None,
        }
    }

    /// At most `limit` items in all (none: no limit).
    pub fn limit(mut self, limit: Option<u64>) -> Self {
        self.limit = match (self.limit, limit) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self
    }

    /// No item asked for once `budget` says stop. Within the crate only: a solver's fillings
    /// are bounded by [`Fillings::within`], which gives the solver the budget too.
    pub(crate) fn within(mut self, budget: &Budget) -> Self {
        self.budget = self.budget.and_until(budget.deadline);
        self.budget.cancel.extend(budget.cancel.iter().cloned());
        self
    }

    /// The items returned so far.
    pub fn found(&self) -> u64 {
        self.found
    }

    /// Which bound stopped the iteration; `None` while it runs, and after the inner iterator
    /// ran out (for [`Fillings`]: every filling was found, or an error ended them).
    pub fn stopped(&self) -> Option<Stopped> {
        self.stopped
    }

    /// The inner iterator.
    pub fn get_ref(&self) -> &I {
        &self.inner
    }

    /// The inner iterator, by value.
    pub fn into_inner(self) -> I {
        self.inner
    }

    /// The bound that holds now, if any.
    fn bound_reached(&self) -> Option<Stopped> {
        if self.limit.is_some_and(|l| self.found >= l) {
            Some(Stopped::Limit)
        } else {
            self.budget.must_stop()
        }
    }
}

impl<I: Iterator> Iterator for Bounded<I> {
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        if self.stopped.is_some() {
            return None;
        }
        if let Some(stop) = self.bound_reached() {
            self.stopped = Some(stop);
            return None;
        }
        let Some(item) = self.inner.next() else {
            // An inner iterator that ends once a bound holds was stopped by it (a solver call
            // interrupted at the deadline), or ended as it came: either way not complete.
            self.stopped = self.bound_reached();
            return None;
        };
        // Items come one at a time: a u64 cannot overflow in any run that ends.
        self.found = self
            .found
            .checked_add(1)
            .expect("fewer than 2^64 items, found one at a time");
        Some(item)
    }
}

impl<I: FusedIterator> FusedIterator for Bounded<I> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SolveOptions;
    use pathsat_budget::Cancel;
    use pathsat_encode::EncodingChoice;
    use pathsat_puzzle::{brute, verify, Moves, Puzzle};
    use std::collections::BTreeSet;
    use std::time::Duration;
    use web_time::Instant;

    /// Small puzzles of every kind the two encodings take, and brute force can count.
    fn puzzles() -> Vec<Puzzle> {
        let blank = |r, c, moves, closed| Puzzle::blank(r, c, moves, closed).unwrap();
        vec![
            blank(3, 3, Moves::Rook, false),
            blank(3, 4, Moves::King, true),
            blank(3, 4, Moves::Knight, false),
            blank(3, 3, Moves::Rook, true), // no filling at all
            blank(3, 3, Moves::King, false)
                .with_givens(&[(0, 1)])
                .unwrap(),
        ]
    }

    fn options(choice: EncodingChoice) -> SolveOptions {
        SolveOptions::default().with_choice(choice)
    }

    const CHOICES: [EncodingChoice; 2] = [EncodingChoice::Position, EncodingChoice::Successor];

    fn brute_fillings(p: &Puzzle) -> BTreeSet<Filling> {
        let mut all = BTreeSet::new();
        brute::enumerate(p, None, |f| {
            all.insert(f.clone());
        });
        all
    }

    /// Unbounded, the iterator gives exactly brute force's fillings, each once, each valid.
    #[test]
    fn exhausted_fillings_are_exactly_brute_forces() {
        for p in puzzles() {
            let expected = brute_fillings(&p);
            for choice in CHOICES {
                let mut solver = PuzzleSolver::new(&p, &options(choice)).unwrap();
                let mut run = Bounded::new(solver.fillings());
                let mut seen = BTreeSet::new();
                for filling in &mut run {
                    let filling = filling.unwrap();
                    assert_eq!(verify(&p, &filling), Ok(()));
                    assert!(seen.insert(filling), "{} {choice:?}: twice", p.name());
                }
                assert_eq!(run.stopped(), None);
                assert_eq!(run.found(), expected.len() as u64);
                assert!(run.get_ref().is_exhausted());
                assert_eq!(seen, expected, "{} {choice:?}", p.name());
                // Fused: nothing more, also from a new iterator on the same solver.
                assert!(run.next().is_none());
                assert!(solver.fillings().next().is_none());
            }
        }
    }

    /// A limit stops at exactly that many (not exhausted, even when none is left), and the
    /// solver goes on from there: the runs together are brute force's fillings.
    #[test]
    fn limits_stop_at_the_limit_and_the_rest_follows() {
        for p in puzzles() {
            let expected = brute_fillings(&p);
            let total = expected.len() as u64;
            for choice in CHOICES {
                for limit in [0, 1, 7, total] {
                    let mut solver = PuzzleSolver::new(&p, &options(choice)).unwrap();
                    let mut run = solver.fillings().limit(Some(limit));
                    let first: Vec<Filling> = run.by_ref().map(Result::unwrap).collect();
                    let want = limit.min(total);
                    assert_eq!(run.found(), want, "{} {choice:?} {limit}", p.name());
                    let stop = (limit <= total).then_some(Stopped::Limit);
                    assert_eq!(run.stopped(), stop, "{} {choice:?} {limit}", p.name());
                    assert_eq!(solver.is_exhausted(), limit > total);
                    let mut all: BTreeSet<Filling> = first.into_iter().collect();
                    let mut rest = solver.fillings().limit(None);
                    all.extend(rest.by_ref().map(Result::unwrap));
                    assert_eq!(rest.stopped(), None);
                    assert_eq!(all, expected, "{} {choice:?} {limit}", p.name());
                }
            }
        }
    }

    /// A deadline already passed gives nothing and says so; a far one changes nothing.
    #[test]
    fn deadlines_stop_the_fillings() {
        let p = Puzzle::blank(3, 3, Moves::Rook, false).unwrap();
        let total = brute::count(&p, None).count;
        for choice in CHOICES {
            let mut solver = PuzzleSolver::new(&p, &options(choice)).unwrap();
            let mut run = solver
                .fillings()
                .within(&Budget::until(Some(Instant::now())));
            assert!(run.next().is_none());
            assert_eq!((run.found(), run.stopped()), (0, Some(Stopped::Timeout)));
            // Stopped stays stopped.
            assert!(run.next().is_none());
            let far = Instant::now() + Duration::from_secs(3600);
            let mut run = solver
                .fillings()
                .within(&Budget::until(Some(far)))
                .limit(Some(5));
            assert_eq!(run.by_ref().count(), 5);
            assert_eq!(run.stopped(), Some(Stopped::Limit));
            let mut run = solver.fillings().within(&Budget::until(Some(far)));
            assert_eq!(run.by_ref().count() as u64, total - 5);
            assert_eq!(run.stopped(), None);
        }
    }

    /// A deadline passing in the middle of a run stops it there, between two items.
    #[test]
    fn a_deadline_passing_mid_run_stops_between_items() {
        let slow = std::iter::repeat_with(|| std::thread::sleep(Duration::from_millis(5)));
        let mut run = Bounded::new(slow).within(&Budget::until(Some(
            Instant::now() + Duration::from_millis(60),
        )));
        let n = run.by_ref().count();
        assert!((1..=12).contains(&n), "{n}");
        assert_eq!(run.stopped(), Some(Stopped::Timeout));
    }

    /// The cancel flag stops the fillings before the next one is asked for, and the solver
    /// goes on from there when asked again.
    /// An inner run that ends because its solver call was interrupted at the deadline (or by
    /// the flag) is recorded as stopped by that bound, never as run out.
    #[test]
    fn an_inner_end_under_a_reached_bound_is_that_bound() {
        let deadline = Instant::now() + Duration::from_millis(30);
        let interrupted = std::iter::from_fn(|| {
            std::thread::sleep(Duration::from_millis(60));
            None::<()>
        });
        let mut run = Bounded::new(interrupted).within(&Budget::until(Some(deadline)));
        assert_eq!((run.next(), run.stopped()), (None, Some(Stopped::Timeout)));
        let flag = Cancel::new();
        let raised = flag.clone();
        let cancelled = std::iter::from_fn(move || {
            raised.cancel();
            None::<()>
        });
        let mut run = Bounded::new(cancelled).within(&Budget::default().and_cancel(&flag));
        assert_eq!(
            (run.next(), run.stopped()),
            (None, Some(Stopped::Cancelled))
        );
        // Without a bound reached, the end is the inner iterator's own.
        let mut run = Bounded::new(std::iter::empty::<()>())
            .within(&Budget::until(Some(deadline + Duration::from_secs(60))));
        assert_eq!((run.next(), run.stopped()), (None, None));
    }

    #[test]
    fn a_raised_flag_cancels() {
        for p in puzzles()
            .into_iter()
            .filter(|p| brute::count(p, None).count > 3)
        {
            let expected = brute_fillings(&p);
            for choice in CHOICES {
                let mut solver = PuzzleSolver::new(&p, &options(choice)).unwrap();
                let flag = Cancel::new();
                let mut run = solver
                    .fillings()
                    .within(&Budget::default().and_cancel(&flag));
                let mut all = BTreeSet::new();
                for filling in &mut run {
                    all.insert(filling.unwrap());
                    if all.len() == 3 {
                        flag.cancel();
                    }
                }
                assert_eq!((run.found(), run.stopped()), (3, Some(Stopped::Cancelled)));
                // The cancelled budget stays the solver's until another is given.
                all.extend(
                    solver
                        .fillings()
                        .within(&Budget::default())
                        .map(Result::unwrap),
                );
                assert_eq!(all, expected, "{} {choice:?}", p.name());
            }
        }
    }

    /// The bounds are checked in order (limit, cancel flag, deadline: a cancelled run is not
    /// reported as timed out), and setting one twice keeps the tighter.
    #[test]
    fn bounds_combine() {
        let flag = Cancel::new();
        flag.cancel();
        let past = Budget::until(Some(Instant::now()));
        let mut run = Bounded::new(0..10)
            .within(&past)
            .within(&Budget::default().and_cancel(&flag))
            .limit(Some(0));
        assert_eq!((run.next(), run.stopped()), (None, Some(Stopped::Limit)));
        let mut run = Bounded::new(0..10)
            .within(&past)
            .within(&Budget::default().and_cancel(&flag));
        assert_eq!(
            (run.next(), run.stopped()),
            (None, Some(Stopped::Cancelled))
        );
        let run = Bounded::new(0..10)
            .limit(Some(3))
            .limit(Some(5))
            .limit(None);
        assert_eq!(run.collect::<Vec<_>>(), [0, 1, 2]);
        let far = Budget::until(Some(Instant::now() + Duration::from_secs(3600)));
        let mut run = Bounded::new(0..10).within(&far).within(&past);
        assert_eq!((run.next(), run.stopped()), (None, Some(Stopped::Timeout)));
        let mut run = Bounded::new(0..3).limit(Some(3));
        assert_eq!(run.by_ref().count(), 3);
        assert_eq!(
            run.stopped(),
            Some(Stopped::Limit),
            "a limit reached is a limit"
        );
        let mut run = Bounded::new(0..3).limit(Some(4));
        assert_eq!(run.by_ref().count(), 3);
        assert_eq!(run.stopped(), None, "the end came first");
    }
}
