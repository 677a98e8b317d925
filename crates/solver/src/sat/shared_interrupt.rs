//! # The run's interrupt, as the backends see it
//!
//! The one place where a solver's [`Budget`] is held and asked. [`SatSolver`] sets it between
//! calls and asks it before each call; the backends get a clone when they are made and ask it
//! from inside their search (varisat's terminate closure, CaDiCaL's terminate callback), through
//! [`SharedInterrupt::is_raised`] only, so that they do not depend on what an interrupt is made
//! of.
//!
//! [`SatSolver`]: super::SatSolver

use crate::Budget;
use std::sync::{Arc, Mutex, PoisonError};

/// The interrupt of a solver's calls, shared (a clone is the same interrupt) with the backend's
/// terminate callback, which looks at it during a call. It can be replaced between calls.
#[derive(Clone, Debug, Default)]
pub(super) struct SharedInterrupt(Arc<Mutex<Budget>>);

impl SharedInterrupt {
    /// Whether the current interrupt is raised: a call in progress should give up.
    pub(super) fn is_raised(&self) -> bool {
        self.lock().is_raised()
    }

    pub(super) fn set(&self, interrupt: Budget) {
        *self.lock() = interrupt;
    }

    pub(super) fn get(&self) -> Budget {
        self.lock().clone()
    }

    /// Runs `work` with no interrupt (a backend's callback sees none raised), then restores it.
    pub(super) fn suspended<T>(&self, work: impl FnOnce() -> T) -> T {
        let interrupt = self.get();
        self.set(Budget::default());
        let done = work();
        self.set(interrupt);
        done
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Budget> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
