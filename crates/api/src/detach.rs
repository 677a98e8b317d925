//! Work handed to a thread of its own, so that the caller can wait with a deadline and a cancel
//! flag whatever the work is doing. WebAssembly in a browser has no threads (the page runs the
//! library in a Web Worker, which it stops by terminating): there the work runs at once, on the
//! caller's thread, and its results are waiting when the caller looks.

use crate::Cancel;

/// Runs `work` on a thread of its own (natively), or at once (WebAssembly). A run whose
/// `cancel` was raised before it started is not waited for ([`wait_for`](crate::wait_for)):
/// in WebAssembly it is not run at all, as it would run to its end before the caller looks.
pub(crate) fn detach(cancel: &Cancel, work: impl FnOnce() + Send + 'static) {
    #[cfg(not(target_family = "wasm"))]
    {
        let _ = cancel;
        std::thread::spawn(work);
    }
    #[cfg(target_family = "wasm")]
    if !cancel.is_cancelled() {
        work();
    }
}
