//! # What a worker is watched for
//!
//! A [`Watch`] holds a worker's limits (a deadline, a cancel flag, a memory limit) and whether
//! a long run is lowered in priority; its parent looks at it while it waits for the worker
//! ([`Watch::check`], every [`WATCH_EVERY`] or sooner), kills the worker when it says so, and
//! then judges the ending by it ([`crate::Ending::of`]).

use pathsat_budget::Cancel;
use std::time::{Duration, Instant};

/// How often a parent looks at its worker (its memory, the deadline, the cancel flag).
pub const WATCH_EVERY: Duration = Duration::from_millis(50);

/// A run that has taken this long is a long one: with [`Watch::lowering_long_runs`], its
/// worker's threads are lowered to [`LONG_RUN_NICE`], so that short runs keep their latency
/// beside it.
pub const LONG_RUN: Duration = Duration::from_secs(1);

/// The niceness of a long run's threads (0 is the default, 19 the lowest priority).
pub const LONG_RUN_NICE: i32 = 10;

/// Why a parent killed its worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kill {
    /// Its deadline passed.
    OverTime,
    /// Its resident memory passed its limit, having reached this many bytes.
    OverMemory(u64),
    /// Its cancel flag was raised, or its parent stopped waiting for it ([`Watch::stop`]).
    Cancelled,
}

/// What a worker is watched for (see the module's documentation). Made when the worker starts.
#[derive(Debug)]
pub struct Watch {
    started: Instant,
    deadline: Option<Instant>,
    memory: Option<u64>,
    cancel: Option<Cancel>,
    lower_long_runs: bool,
    killed: Option<Kill>,
}

impl Default for Watch {
    fn default() -> Watch {
        Watch::new()
    }
}

impl Watch {
    /// A watch from now, with no limit yet.
    pub fn new() -> Watch {
        Watch {
            started: Instant::now(),
            deadline: None,
            memory: None,
            cancel: None,
            lower_long_runs: false,
            killed: None,
        }
    }

    /// The worker is killed once `time` has passed since the watch began.
    pub fn within(mut self, time: Duration) -> Watch {
        self.deadline = Some(self.started + time);
        self
    }

    /// The worker is killed once its resident memory passes `bytes` (read from `/proc`: on
    /// Linux only).
    pub fn at_most(mut self, bytes: u64) -> Watch {
        self.memory = Some(bytes);
        self
    }

    /// The worker is killed once `cancel` is raised.
    pub fn cancelled_by(mut self, cancel: &Cancel) -> Watch {
        self.cancel = Some(cancel.clone());
        self
    }

    /// Past [`LONG_RUN`], the worker's threads are lowered to [`LONG_RUN_NICE`] (Linux).
    pub fn lowering_long_runs(mut self) -> Watch {
        self.lower_long_runs = true;
        self
    }

    /// Looks at the worker (process `pid`, when it has one) once: the reason to kill it now,
    /// if there is one (a cancel before the deadline, so that a cancelled run is never said to
    /// have run out of time). Once it has said so, it says nothing more.
    pub fn check(&mut self, pid: Option<u32>) -> Option<Kill> {
        if self.killed.is_some() {
            return None;
        }
        let kill = if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            Some(Kill::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Kill::OverTime)
        } else {
            let resident = self.memory.and(pid).and_then(resident_bytes);
            resident
                .filter(|&r| self.memory.is_some_and(|m| r > m))
                .map(Kill::OverMemory)
        };
        if kill.is_none() && self.lower_long_runs && self.started.elapsed() >= LONG_RUN {
            if let Some(pid) = pid {
                lower_priority(pid);
            }
        }
        self.killed = kill;
        kill
    }

    /// The parent stopped waiting for the worker (nobody wants its answer any more): the
    /// reason to kill it, unless it was killed already.
    pub fn stop(&mut self) -> Option<Kill> {
        if self.killed.is_some() {
            return None;
        }
        self.killed = Some(Kill::Cancelled);
        self.killed
    }

    /// Why the worker was killed, if it was.
    pub fn killed(&self) -> Option<Kill> {
        self.killed
    }

    /// How long the parent may wait before the next [`check`](Watch::check):
    /// [`WATCH_EVERY`], or less when the deadline comes sooner.
    pub fn next_check(&self) -> Duration {
        self.deadline.map_or(WATCH_EVERY, |d| {
            d.saturating_duration_since(Instant::now()).min(WATCH_EVERY)
        })
    }
}

/// Lowers every thread of process `pid` to [`LONG_RUN_NICE`] (Linux gives each thread its own
/// niceness, and a thread starts with its creator's): the threads it has now, and at the next
/// call those it made since.
fn lower_priority(pid: u32) {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return;
    };
    for task in tasks.flatten() {
        let tid = task
            .file_name()
            .to_str()
            .and_then(|t| t.parse::<i32>().ok());
        if let Some(tid) = tid.and_then(rustix::process::Pid::from_raw) {
            let _ = rustix::process::setpriority_process(Some(tid), LONG_RUN_NICE);
        }
    }
}

/// The resident memory of process `pid`, from `/proc` (Linux).
fn resident_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancel_comes_before_the_deadline() {
        let cancel = Cancel::new();
        let mut watch = Watch::new().within(Duration::ZERO).cancelled_by(&cancel);
        cancel.cancel();
        assert_eq!(watch.check(None), Some(Kill::Cancelled));
        assert_eq!(watch.check(None), None);
        assert_eq!(watch.stop(), None);
        assert_eq!(watch.killed(), Some(Kill::Cancelled));
    }

    #[test]
    fn the_deadline_kills_and_bounds_the_wait() {
        let mut watch = Watch::new().within(Duration::from_secs(3600));
        assert_eq!(watch.next_check(), WATCH_EVERY);
        assert_eq!(watch.check(None), None);
        let mut watch = Watch::new().within(Duration::ZERO);
        assert_eq!(watch.next_check(), Duration::ZERO);
        assert_eq!(watch.check(None), Some(Kill::OverTime));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_process_over_its_memory_is_killed() {
        let me = std::process::id();
        assert!(resident_bytes(me).is_some_and(|b| b > 0));
        let mut watch = Watch::new().at_most(1);
        assert!(matches!(watch.check(Some(me)), Some(Kill::OverMemory(_))));
        assert_eq!(Watch::new().at_most(u64::MAX).check(Some(me)), None);
    }
}
