//! # When a run must stop
//!
//! Every long run of pathsat (a solve, a count, the frontier program, a generation, a hint) can
//! be stopped from outside in exactly two ways, and by the clock:
//!
//! - [`Cancel`]: *stop now*. Ctrl-C in Python, a web client that went away, a caller that stopped
//!   waiting. A solver call in progress stops inside its search; the run returns what it found
//!   by then, marked [`Stopped::Cancelled`].
//! - [`WindDown`]: *finish the step under way, save, then stop*. A SIGTERM on a cluster: the
//!   frontier program finishes its layer, saves its checkpoint and stops, marked
//!   [`Stopped::Interrupted`], so that the count goes on from there when run again. Methods with
//!   no step worth finishing treat it as a cancel.
//! - the deadline: stop now once it has passed, marked [`Stopped::Timeout`].
//!
//! A [`Budget`] holds all three and is passed by reference down every layer, so that the
//! solver, the frontier program, the count, the generator and the api look at the same thing.
//! [`Stopped`] is the one list of reasons a run stopped early; reports in text, JSON, Python and
//! the web name them by [`Stopped::name`].
//!
//! This crate sits below all the others (it knows nothing of puzzles) so that each of them can
//! share it.
//!
//! ```
//! use pathsat_budget::{Budget, Cancel, Stopped};
//! use std::time::Duration;
//!
//! let cancel = Cancel::new();
//! let budget = Budget::default()
//!     .and_within(Duration::from_secs(60))
//!     .and_cancel(&cancel);
//! assert_eq!(budget.must_stop(), None);
//! cancel.cancel();
//! assert_eq!(budget.must_stop(), Some(Stopped::Cancelled));
//! ```

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// A flag that stops a run *now* from outside. Clones share the flag.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not raised yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: every run holding a clone stops.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for code that raises an `AtomicBool` (a signal handler).
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }

    /// The handle of an existing flag: raising either raises both.
    pub fn from_flag(flag: Arc<AtomicBool>) -> Cancel {
        Cancel(flag)
    }
}

/// Raises its [`Cancel`] when dropped: a run started for a caller stops when the caller stops
/// waiting for it, however it stopped (returned, failed, went away).
#[derive(Debug)]
pub struct CancelOnDrop(pub Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// A request to *finish the step under way, save a checkpoint, then stop*: how a count on a
/// cluster answers the SIGTERM of a preemption or a time limit without losing its work. Clones
/// share the request.
#[derive(Clone, Debug, Default)]
pub struct WindDown(Arc<AtomicBool>);

impl WindDown {
    /// A request not made yet.
    pub fn new() -> WindDown {
        WindDown::default()
    }

    /// Makes the request.
    pub fn request(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the request was made.
    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for a signal handler to raise.
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }

    /// The request of an existing flag (a signal handler's): raising it makes the request.
    pub fn from_flag(flag: Arc<AtomicBool>) -> WindDown {
        WindDown(flag)
    }
}

/// When a run must stop: a deadline, cancel flags and a wind-down request, each optional.
/// Cloning shares the flags. The default stops never.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Stop now once this instant has passed ([`Stopped::Timeout`]).
    pub deadline: Option<Instant>,
    /// Stop now once any of these is raised ([`Stopped::Cancelled`]): the caller's, and those a
    /// layer adds for its own threads (a race stops its losers so).
    pub cancel: Vec<Cancel>,
    /// Finish the step under way, save, then stop ([`Stopped::Interrupted`]).
    pub wind_down: Option<WindDown>,
}

impl Budget {
    /// The budget that never stops, for options that borrow one.
    pub fn unlimited() -> &'static Budget {
        static UNLIMITED: Budget = Budget {
            deadline: None,
            cancel: Vec::new(),
            wind_down: None,
        };
        &UNLIMITED
    }

    /// A budget that stops at `deadline` (none: never) and on nothing else.
    pub fn until(deadline: Option<Instant>) -> Budget {
        Budget {
            deadline,
            ..Budget::default()
        }
    }

    /// This budget, stopping at `deadline` too if that comes first (the earlier one wins).
    #[must_use]
    pub fn and_until(&self, deadline: Option<Instant>) -> Budget {
        let deadline = match (self.deadline, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Budget {
            deadline,
            ..self.clone()
        }
    }

    /// This budget, stopping within `time` from now too.
    #[must_use]
    pub fn and_within(&self, time: Duration) -> Budget {
        self.and_until(Instant::now().checked_add(time))
    }

    /// This budget, stopped by `cancel` too.
    #[must_use]
    pub fn and_cancel(&self, cancel: &Cancel) -> Budget {
        let mut budget = self.clone();
        budget.cancel.push(cancel.clone());
        budget
    }

    /// Whether a cancel flag was raised.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.iter().any(Cancel::is_cancelled)
    }

    /// Whether the deadline has passed.
    pub fn is_past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the wind-down was requested.
    pub fn wind_down_requested(&self) -> bool {
        self.wind_down.as_ref().is_some_and(WindDown::is_requested)
    }

    /// Why the run must stop now, if it must: a raised cancel flag before a passed deadline (a
    /// cancelled run is never reported as timed out). The wind-down is not a reason to stop now
    /// ([`Budget::wind_down_requested`]).
    pub fn must_stop(&self) -> Option<Stopped> {
        if self.is_cancelled() {
            Some(Stopped::Cancelled)
        } else if self.is_past_deadline() {
            Some(Stopped::Timeout)
        } else {
            None
        }
    }

    /// Whether the run must stop now ([`Budget::must_stop`]): what a SAT engine polls.
    pub fn is_raised(&self) -> bool {
        self.is_cancelled() || self.is_past_deadline()
    }

    /// The time left before the deadline (`None`: no deadline; zero once it has passed).
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }
}

/// Why a run stopped before it was complete: the one list, for every method. Reports name each
/// as [`Stopped::name`] says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stopped {
    /// The limit's number of solutions was found.
    Limit,
    /// The deadline passed (`deadline` is read as this too: the batch protocol's old word).
    #[serde(alias = "deadline")]
    Timeout,
    /// The method needs more memory than its budget, or a frontier wider than it can hold.
    Memory,
    /// The method was estimated to take longer than the patience allows.
    OutOfReach,
    /// A [`Cancel`] flag was raised.
    Cancelled,
    /// The [`WindDown`] was requested: the run finished its step, saved its checkpoint if it had
    /// one, and stopped.
    Interrupted,
}

impl Stopped {
    /// The name in reports: `limit`, `timeout`, `memory`, `out-of-reach`, `cancelled`,
    /// `interrupted`.
    pub fn name(self) -> &'static str {
        match self {
            Stopped::Limit => "limit",
            Stopped::Timeout => "timeout",
            Stopped::Memory => "memory",
            Stopped::OutOfReach => "out-of-reach",
            Stopped::Cancelled => "cancelled",
            Stopped::Interrupted => "interrupted",
        }
    }
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_run_is_not_reported_as_timed_out() {
        let cancel = Cancel::new();
        let budget = Budget::until(Some(Instant::now())).and_cancel(&cancel);
        assert_eq!(budget.must_stop(), Some(Stopped::Timeout));
        cancel.cancel();
        assert_eq!(budget.must_stop(), Some(Stopped::Cancelled));
    }

    #[test]
    fn clones_share_the_flags_and_the_earlier_deadline_wins() {
        let cancel = Cancel::new();
        let far = Instant::now() + Duration::from_secs(3600);
        let budget = Budget::until(Some(far)).and_cancel(&cancel);
        let tighter = budget.and_within(Duration::from_secs(1));
        assert!(tighter.deadline.unwrap() < far);
        assert_eq!(budget.and_until(None).deadline, Some(far));
        assert!(!tighter.is_raised());
        cancel.cancel();
        assert!(tighter.is_raised() && budget.is_raised());
        assert!(!Budget::default().is_raised());
    }

    #[test]
    fn a_wind_down_is_not_a_reason_to_stop_now() {
        let wind_down = WindDown::new();
        let budget = Budget {
            wind_down: Some(wind_down.clone()),
            ..Budget::default()
        };
        wind_down.request();
        assert!(budget.wind_down_requested());
        assert_eq!(budget.must_stop(), None);
    }

    #[test]
    fn reasons_keep_their_names_in_json() {
        for why in [
            Stopped::Limit,
            Stopped::Timeout,
            Stopped::Memory,
            Stopped::OutOfReach,
            Stopped::Cancelled,
            Stopped::Interrupted,
        ] {
            let json = serde_json::to_value(why).unwrap();
            assert_eq!(json, why.name());
            assert_eq!(serde_json::from_value::<Stopped>(json).unwrap(), why);
        }
        let old: Stopped = serde_json::from_value("deadline".into()).unwrap();
        assert_eq!(old, Stopped::Timeout);
    }
}
