//! # Interrupting a run
//!
//! [`Interrupt`] says when a solver call should give up: a deadline, and flags raised from
//! outside. The SAT engines ([`crate::sat`]), the proof checker ([`crate::proof`]) and
//! rotation–extension all look at it, so it has a module of its own below them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use web_time::Instant;

/// When a solver call should give up: a deadline, and flags raised from outside (Ctrl-C, a
/// web client that went away, a run that stopped waiting). Both engines look at it while they
/// search (see the module docs for how varisat is made to).
#[derive(Clone, Debug, Default)]
pub struct Interrupt {
    /// Give up once this instant has passed.
    pub deadline: Option<Instant>,
    /// Give up once any of these is raised.
    pub flags: Vec<Arc<AtomicBool>>,
}

impl Interrupt {
    /// Whether the deadline has passed or a flag is raised.
    pub fn is_raised(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.flags.iter().any(|f| f.load(Ordering::Relaxed))
    }
}
