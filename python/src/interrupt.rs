//! Long runs from Python: the GIL released while pathsat works, and Ctrl-C honoured.
//!
//! A run goes on a thread of its own while the calling thread waits with the GIL released, waking
//! every [`POLL`] to let Python look for signals. On Ctrl-C (or any signal handler that raises)
//! the run's [`Cancel`] flag is raised; the library stops within its own poll and returns what it
//! had, and the exception (`KeyboardInterrupt`) is raised in place of the answer. A solver call
//! in progress stops inside its search, so no work goes on after the answer.
//!
//! A run may answer a first Ctrl-C more softly ([`run_softly`]): a count with a checkpoint ends
//! the frontier program's layer under way and saves it before it stops, and only a second Ctrl-C
//! cancels it at once.

use crate::errors::InternalError;
use pathsat_api::Cancel;
use pyo3::prelude::*;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// How often a waiting call lets Python look for Ctrl-C.
pub const POLL: Duration = Duration::from_millis(100);

/// Runs `work` with the GIL released, raising `cancel` and then the signal's exception when a
/// signal handler raises one (Ctrl-C) before `work` is done.
pub fn run<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    run_softly(py, cancel, &|| false, work)
}

/// Runs `work` as [`run`] does, but a first signal calls `soft_stop` instead of raising
/// `cancel`, unless it returns false (it had no softer way to stop `work`); a second signal
/// raises `cancel`. The signal's exception is raised once `work` is done.
pub fn run_softly<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    soft_stop: &dyn Fn() -> bool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel();
        let worker = scope.spawn(move || {
            let _ = done.send(work());
        });
        let mut finished = Some(finished);
        let mut interrupted = None;
        loop {
            // The receiver is not `Sync`: it moves into the GIL-free closure and back.
            let receiver = finished.take().expect("kept between waits");
            let (receiver, answer) = py.detach(move || {
                let answer = receiver.recv_timeout(POLL);
                (receiver, answer)
            });
            finished = Some(receiver);
            match answer {
                Ok(value) => {
                    return match interrupted {
                        Some(signal) => Err(signal),
                        None => Ok(value),
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // The work panicked before sending: a bug.
                    let message = match worker.join() {
                        Err(payload) => panic_message(&payload),
                        Ok(()) => "the run ended without an answer".to_string(),
                    };
                    return Err(InternalError::new_err(format!(
                        "internal error, please report: {message}"
                    )));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if !cancel.is_cancelled() {
                        if let Err(signal) = py.check_signals() {
                            if interrupted.is_some() || !soft_stop() {
                                cancel.cancel();
                            }
                            interrupted.get_or_insert(signal);
                        }
                    }
                }
            }
        }
    })
}

/// Waits for `poll` to give an answer, calling it with the GIL released for up to [`POLL`] at a
/// time and letting Python look for signals in between; `None` from `poll` means not yet.
pub fn wait<T: Send>(
    py: Python<'_>,
    mut poll: impl FnMut(Duration) -> Option<T> + Send,
) -> PyResult<T> {
    loop {
        if let Some(answer) = py.detach(|| poll(POLL)) {
            return Ok(answer);
        }
        py.check_signals()?;
    }
}

fn panic_message(payload: &Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a run panicked".to_string())
}
