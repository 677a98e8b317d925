//! The shared state of one count: the accounting of its memory budget, whether and why it
//! stopped (the deadline, the cancel flag, a table file that failed), the files it keeps its
//! tables in, and how it keeps its counts ([`Arithmetic`]). Every step, merge and save of the
//! sweep reserves its buffers here before it allocates them.

use crate::spill::{DiskUse, SpillFile};
use crate::{FrontierError, FrontierOptions, Share};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Why a step stopped.
#[derive(Clone, Debug)]
enum Stop {
    Memory(u64),
    /// The budget's deadline or a cancel flag.
    Budget(pathsat_budget::Stopped),
    /// A table file failed: what the system said.
    Disk(String),
}

/// The shared state of one count: the budget's accounting, the stop flag.
pub(crate) struct Ctx<'a> {
    pub(super) options: &'a FrontierOptions<'a>,
    used: AtomicU64,
    pub(super) peak: AtomicU64,
    halted: AtomicBool,
    reason: Mutex<Option<Stop>>,
    /// The bytes of the table files ([`crate::Spill`]).
    pub(super) disk: Arc<DiskUse>,
    /// How the counts are kept.
    pub(super) arithmetic: Arithmetic,
}

/// How a sweep keeps its counts: exactly (of the width the sums need), modulo a prime below
/// 2^63, or as upper bounds ([`crate::SplitBy::Residues`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arithmetic {
    Exact,
    Modulo(u64),
    Upper,
}

impl Arithmetic {
    /// How `options`' shard keeps its counts.
    pub(crate) fn of(options: &FrontierOptions) -> Arithmetic {
        match options.split.map(|s| s.share()) {
            None | Some(Share::Part) => Arithmetic::Exact,
            Some(Share::Bound) => Arithmetic::Upper,
            Some(Share::Residue(p)) => Arithmetic::Modulo(p),
        }
    }

    /// The modulus [`Count::add`](crate::counts::Count::add) takes (0 when there is none).
    pub(super) fn modulus(self) -> u64 {
        match self {
            Arithmetic::Modulo(p) => p,
            _ => 0,
        }
    }
}

impl<'a> Ctx<'a> {
    pub(super) fn new(options: &'a FrontierOptions<'a>, arithmetic: Arithmetic) -> Ctx<'a> {
        Ctx {
            arithmetic,
            options,
            used: AtomicU64::new(0),
            peak: AtomicU64::new(0),
            halted: AtomicBool::new(false),
            reason: Mutex::new(None),
            disk: Arc::default(),
        }
    }

    /// Stops the count for a table file that failed.
    pub(super) fn disk_failed(&self, error: std::io::Error) {
        self.halt(Stop::Disk(error.to_string()));
    }

    /// A new table file, or `None` (halted) if it cannot be made.
    pub(super) fn new_file(&self) -> Option<Arc<SpillFile>> {
        let dir = self
            .options
            .spill
            .expect("only a count that spills makes files")
            .dir;
        match SpillFile::create(dir, &self.disk) {
            Ok(file) => Some(Arc::new(file)),
            Err(e) => {
                self.disk_failed(e);
                None
            }
        }
    }

    fn halt(&self, why: Stop) {
        let mut reason = self.reason.lock().unwrap_or_else(|e| e.into_inner());
        reason.get_or_insert(why);
        self.halted.store(true, Ordering::Relaxed);
    }

    /// Accounts `bytes` more, or records that they would go over the budget and stops.
    pub(super) fn reserve(&self, bytes: u64) -> bool {
        let now = self.used.fetch_add(bytes, Ordering::Relaxed) + bytes;
        if now > self.options.memory_budget {
            self.used.fetch_sub(bytes, Ordering::Relaxed);
            self.halt(Stop::Memory(now));
            return false;
        }
        self.peak.fetch_max(now, Ordering::Relaxed);
        true
    }

    pub(super) fn release(&self, bytes: u64) {
        let before = self.used.fetch_sub(bytes, Ordering::Relaxed);
        debug_assert!(before >= bytes, "released more than was reserved");
    }

    pub(super) fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// Whether to stop: already halted, past the deadline, or cancelled.
    pub(super) fn should_stop(&self) -> bool {
        if self.halted.load(Ordering::Relaxed) {
            return true;
        }
        match self.options.budget.must_stop() {
            Some(why) => {
                self.halt(Stop::Budget(why));
                true
            }
            None => false,
        }
    }

    pub(super) fn error(&self, layer: usize, layers: usize, states: u64) -> FrontierError {
        let reason = self
            .reason
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        match reason.expect("a stopped step records why") {
            Stop::Memory(needed) => FrontierError::OverMemory {
                needed,
                budget: self.options.memory_budget,
                layer: layer + 1,
                layers,
                states,
            },
            Stop::Budget(why) => FrontierError::Stopped {
                why,
                layer,
                layers,
                saved: false,
            },
            Stop::Disk(message) => FrontierError::Disk {
                dir: self
                    .options
                    .spill
                    .map_or_else(String::new, |s| s.dir.display().to_string()),
                message,
                layer: layer + 1,
                layers,
            },
        }
    }
}
