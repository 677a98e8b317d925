//! `pathsat count` keeps the frontier program's tables in files when they outgrow `--memory`:
//! in the system's temporary directory unless `--spill-dir` says where, after a check that
//! the disk has room for what the tables are estimated to take, and saying so in one line.
//!
//! The table files are anonymous temporary files (`tempfile::tempfile_in`): the system
//! deletes each when the last part in it has been read, and all of them when the process ends,
//! however it ends (the count's end, an error, Ctrl-C, a kill), so nothing is left to remove.

use crate::progress::CountDisplay;
use bytesize::ByteSize;
use pathsat_count::{CountOptions, OnSpill};
use pathsat_frontier::SpillStart;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where the tables go when `--spill-dir` does not say: the system's temporary directory
/// (`TMPDIR`, else `/tmp` on Unix).
pub fn default_dir() -> PathBuf {
    std::env::temp_dir()
}

/// Sets `options` to go on in files when the tables outgrow the memory (`auto`: in `dir`, the
/// temporary directory, only then), or from the first large table (`--spill-dir`), checking
/// the disk first and, for `auto`, telling `display` in one line.
pub fn arrange(options: &mut CountOptions, dir: PathBuf, auto: bool, display: Arc<CountDisplay>) {
    let budget = options.memory_budget;
    options.spill_dir = Some(dir);
    options.spill_over_budget = auto;
    options.on_spill = Some(OnSpill(Arc::new(move |start: &SpillStart| {
        let free = free_bytes(start.dir);
        let dir = start.dir.display();
        let need = ByteSize(start.disk_bytes).display().iec();
        if let Some(free) = free.filter(|&free| free < start.disk_bytes) {
            return Err(format!(
                "the frontier program's tables need about {need} of files from layer {} of {} \
                 on (an estimate), but {dir} has {} free: point --spill-dir at a larger disk, \
                 give it more --memory, or split the count (--shard I/N; --plan estimates each \
                 shard)",
                start.layer,
                start.layers,
                ByteSize(free).display().iec(),
            ));
        }
        if auto {
            let free = free.map_or_else(String::new, |f| {
                format!(", {} free", ByteSize(f).display().iec())
            });
            let over = if start.needed_bytes > 0 {
                format!(
                    " (about {} needed)",
                    ByteSize(start.needed_bytes).display().iec()
                )
            } else {
                String::new()
            };
            display.note(&format!(
                "the tables outgrow --memory {}{over} at layer {} of {}: going on with them in \
                 files in {dir} (about {need} of disk estimated{free}; --spill-dir DIR puts them \
                 elsewhere, --no-spill stops instead)",
                ByteSize(budget).display().iec(),
                start.layer,
                start.layers,
            ));
        }
        Ok(())
    })));
}

/// The bytes free for an unprivileged user on the file system of `dir` (`None` if it cannot
/// be read). `PATHSAT_DISK_FREE` (bytes) stands in for it, for the tests.
fn free_bytes(dir: &Path) -> Option<u64> {
    if let Some(free) = std::env::var("PATHSAT_DISK_FREE")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return Some(free);
    }
    #[cfg(unix)]
    {
        let stat = rustix::fs::statvfs(dir).ok()?;
        Some(stat.f_bavail.saturating_mul(stat.f_frsize))
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}
