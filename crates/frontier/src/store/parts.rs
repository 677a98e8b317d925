//! The parts of a table: sorted vectors of `(key, count)` entries, each in memory or, in a
//! count that keeps its tables in files, as a segment of a file; their reading and writing
//! within the budget, and the grouping of a table's parts into files.

use super::ctx::Ctx;
use crate::counts::Count;
use crate::keys::Key;
use crate::spill::{self, Segment, SpillFile};
use std::sync::Arc;

pub(super) type Part<K, C> = Vec<(K, C)>;

/// A part of a table: in memory, or in a file.
pub(super) enum Stored<K, C> {
    Mem(Part<K, C>),
    Disk(Segment),
}

impl<K, C> Stored<K, C> {
    pub(super) fn states(&self) -> u64 {
        match self {
            Stored::Mem(part) => part.len() as u64,
            Stored::Disk(segment) => segment.states,
        }
    }
}

/// The entries of a part, read from its file if it is in one (and then charged to the
/// budget); `None` when that stopped the count.
pub(super) fn load<K: Key, C: Count>(
    ctx: &Ctx,
    stored: Stored<K, C>,
    entry: u64,
) -> Option<Part<K, C>> {
    match stored {
        Stored::Mem(part) => Some(part),
        Stored::Disk(segment) => read_segment(ctx, &segment, entry),
    }
}

/// A segment's entries, read from its file and charged to the budget (its bytes too, while
/// they are read); `None` when that stopped the count.
pub(super) fn read_segment<K: Key, C: Count>(
    ctx: &Ctx,
    segment: &Segment,
    entry: u64,
) -> Option<Part<K, C>> {
    let states = segment.states as usize;
    // The entries, and the file's bytes while they are read.
    if !ctx.reserve(part_bytes(states, entry) + segment.bytes()) {
        return None;
    }
    let mut part = Vec::with_capacity(states);
    let read = segment.read_into(&mut part);
    ctx.release(segment.bytes());
    match read {
        Ok(()) => Some(part),
        Err(e) => {
            ctx.release(part_bytes(part.capacity(), entry));
            ctx.disk_failed(e);
            None
        }
    }
}

/// Writes `part` at the end of `file` and frees it: its segment (`None` if it was empty), or
/// `None` when that stopped the count.
pub(super) fn store<K: Key, C: Count>(
    ctx: &Ctx,
    file: &Arc<SpillFile>,
    part: Part<K, C>,
    entry: u64,
) -> Option<Option<Segment>> {
    let held = part_bytes(part.capacity(), entry);
    if part.is_empty() {
        ctx.release(held);
        return Some(None);
    }
    // The bytes written take at most about as many as the entries (compact: most often half).
    let buffer = part_bytes(part.len(), entry);
    if !ctx.reserve(buffer) {
        ctx.release(held);
        return None;
    }
    let written = spill::write(file, &spill::encode(&part), part.len() as u64);
    drop(part);
    ctx.release(held + buffer);
    match written {
        Ok(segment) => Some(Some(segment)),
        Err(e) => {
            ctx.disk_failed(e);
            None
        }
    }
}

/// Bytes of a buffer of `capacity` entries of `entry` bytes each (an entry's size, with the
/// heap digits of a big-integer count).
pub(super) fn part_bytes(capacity: usize, entry: u64) -> u64 {
    capacity as u64 * entry
}

pub(super) fn entry_bytes<K, C: Count>(sum_bits: u64) -> u64 {
    std::mem::size_of::<(K, C)>() as u64 + C::heap_bytes(sum_bits)
}

/// The files of a table (or of a step's runs) on disk: one for each group of parts, so that
/// each is deleted once its group has been read, while the others are still being read or
/// written; a table in one file would be deleted only once all of it had been read, and the
/// disk would hold the table read, the runs and the table written at once.
const FILES: usize = 16;

/// A new file for each group of parts of `n_parts`.
pub(super) fn new_files(ctx: &Ctx, n_parts: usize) -> Option<Vec<Arc<SpillFile>>> {
    (0..n_parts.min(FILES)).map(|_| ctx.new_file()).collect()
}

/// The file of part `p` of `n_parts`: contiguous groups of parts share one.
pub(super) fn file_of(p: usize, n_parts: usize) -> usize {
    p * n_parts.min(FILES) / n_parts
}
