//! Work handed to a thread of its own, so that the caller can wait with a deadline and a cancel
//! flag whatever the work is doing. WebAssembly in a browser has no threads (the page runs the
//! library in a Web Worker, which it stops by terminating): there the work runs at once, on the
//! caller's thread, and its results are waiting when the caller looks. [`tracked`] is the
//! thread of a count or a sample: its progress folded as it goes, and waited for.

use crate::progress::{CountProgress, Progress};
use crate::{Cancel, Stopped};
use std::sync::{mpsc, Arc, Mutex};
use web_time::Instant;

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

/// What a tracked run ([`tracked`]) did not come back with: why the caller stopped waiting
/// (its deadline and grace, or the cancel flag), and the progress it had heard by then.
pub(crate) struct NotBack {
    pub(crate) stopped: Stopped,
    pub(crate) seen: Box<CountProgress>,
}

/// Runs `work` detached ([`detach`]), the progress it reports folded into a [`CountProgress`]
/// and passed on to `progress`, and waits for its result until `until` (a deadline and its
/// grace) or `cancel`: a count's and a sample's thread.
pub(crate) fn tracked<T: Send + 'static>(
    cancel: &Cancel,
    until: Option<Instant>,
    progress: Arc<dyn Fn(Progress) + Send + Sync>,
    work: impl FnOnce(&(dyn Fn(Progress) + Sync)) -> T + Send + 'static,
) -> Result<T, NotBack> {
    let seen = Arc::new(Mutex::new(CountProgress::default()));
    let (send, result) = mpsc::channel();
    {
        let seen = Arc::clone(&seen);
        detach(cancel, move || {
            let hear = |p: Progress| {
                seen.lock().expect("not poisoned").hear(p.clone());
                progress(p);
            };
            let _ = send.send(work(&hear));
        });
    }
    crate::wait_for(&result, until, cancel).ok_or_else(|| NotBack {
        stopped: if cancel.is_cancelled() {
            Stopped::Cancelled
        } else {
            Stopped::Timeout
        },
        seen: Box::new(seen.lock().expect("not poisoned").clone()),
    })
}
