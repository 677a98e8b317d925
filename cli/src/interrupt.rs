//! Ctrl-C and SIGTERM during a count that saves a checkpoint (`pathsat count --checkpoint`).
//!
//! The first of either raises a flag on which the frontier program stops after the layer under
//! way, saving its table there: a count stopped by hand, preempted on a cluster or sent SIGTERM
//! at its job's time limit (Slurm's `--signal`) loses none of the layers since its last save.
//! A second one stops the process at once, as the signal would have without the handler (status
//! 130 for SIGINT, 143 for SIGTERM), keeping the checkpoint saved before.

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::flag;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Handles SIGINT and SIGTERM from now on: the first raises the returned flag, a second exits.
pub fn on_signals() -> io::Result<Arc<AtomicBool>> {
    let raised = Arc::new(AtomicBool::new(false));
    for (signal, status) in [(SIGINT, 130), (SIGTERM, 143)] {
        // Registered first, so that it looks at the flag before the first signal raises it.
        flag::register_conditional_shutdown(signal, status, Arc::clone(&raised))?;
        flag::register(signal, Arc::clone(&raised))?;
    }
    Ok(raised)
}

/// Calls `tell` once, on a thread of its own, when `raised` goes up (a signal handler may not
/// write).
pub fn when_raised(raised: Arc<AtomicBool>, tell: impl FnOnce() + Send + 'static) {
    std::thread::spawn(move || {
        while !raised.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(100));
        }
        tell();
    });
}
