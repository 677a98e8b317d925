//! Work handed to a thread of its own, so that the caller can wait with a deadline and a cancel
//! flag whatever the work is doing. WebAssembly in a browser has no threads (the page runs the
//! library in a Web Worker, which it stops by terminating): there the work runs at once, on the
//! caller's thread, and its results are waiting when the caller looks.

/// Runs `work` on a thread of its own (natively), or at once (WebAssembly).
pub(crate) fn detach(work: impl FnOnce() + Send + 'static) {
    #[cfg(not(target_family = "wasm"))]
    std::thread::spawn(work);
    #[cfg(target_family = "wasm")]
    work();
}
