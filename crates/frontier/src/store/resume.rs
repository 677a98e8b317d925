//! Saving a sweep's table to its checkpoint and going on from it ([`crate::Checkpoint`]; the
//! file's layout is in [`crate::checkpoint`]).

use super::ctx::Ctx;
use super::parts::{entry_bytes, part_bytes, Part, Stored};
use super::table::Table;
use crate::checkpoint::{self, Header, Reader, Writer, DAMAGED};
use crate::counts::{Count, Residue, Upper, U256};
use crate::keys::Key;
use crate::plan::Plan;
use crate::spill::{self, SpillFile};
use crate::{Checkpoint, Cut, FrontierError};
use num_bigint::BigUint;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// Where a sweep stands after a layer: what a checkpoint holds.
pub(super) struct Position<K> {
    /// Layers done.
    pub layer: usize,
    pub table: Table<K>,
    pub states: u64,
    /// A bound on the table's counts, and its binary digits.
    pub sum: BigUint,
    pub bits: u64,
    /// Cycles or paths completed so far.
    pub total: BigUint,
    pub cut: Option<Cut>,
    pub peak_states: u64,
    /// Counting prefixes: the cycles closed so far of each layer's prefix, not yet listed
    /// (empty for other sweeps).
    pub pending: Vec<BigUint>,
    /// Counting prefixes: the prefixes listed so far, as [`super::Swept::prefix_cycles`].
    pub listed: Vec<(usize, BigUint)>,
}

/// The checkpoint of one sweep: its file, its fingerprint, and when it was last saved.
pub(super) struct Saver<'a> {
    checkpoint: Checkpoint<'a>,
    fingerprint: u64,
    /// Layers of the sweep.
    layers: usize,
    /// Whether the sweep counts prefixes.
    prefixes: bool,
    last: Instant,
    /// When this run of the sweep started.
    started: Instant,
    /// The time the runs before this one took, up to the checkpoint this one went on from
    /// (zero for a sweep from its start; `None` when its checkpoint did not say).
    earlier: Option<Duration>,
}

impl<'a> Saver<'a> {
    pub(super) fn new<K: Key>(checkpoint: Checkpoint<'a>, plan: &Plan, ctx: &Ctx) -> Saver<'a> {
        Saver {
            checkpoint,
            fingerprint: checkpoint::fingerprint(
                &format!("{plan:?}"),
                std::any::type_name::<K>(),
                ctx.options.split,
            ),
            layers: plan.n,
            prefixes: plan.prefixes,
            last: Instant::now(),
            started: Instant::now(),
            earlier: Some(Duration::ZERO),
        }
    }

    /// The time the runs before this one took, when it went on from a checkpoint that says.
    pub(super) fn earlier(&self) -> Option<Duration> {
        self.earlier
    }

    fn error(&self, message: impl Into<String>) -> FrontierError {
        FrontierError::Checkpoint {
            file: self.checkpoint.file.display().to_string(),
            message: message.into(),
        }
    }

    /// Whether it is time to save again, after a layer that took `took` to turn `read` states
    /// into `made`: every [`Checkpoint::every`], and before a layer that may not end before the
    /// count's `deadline` (unless the last save is more recent than a layer), so that a count
    /// stopped at its deadline loses only the layer it was in.
    pub(super) fn due(
        &self,
        deadline: Option<Instant>,
        took: Duration,
        read: u64,
        made: u64,
    ) -> bool {
        let since = self.last.elapsed();
        since >= self.checkpoint.every
            || (since > took
                && deadline.is_some_and(|d| next_may_pass(Instant::now(), d, took, read, made)))
    }

    /// Saves `at` as the checkpoint.
    pub(super) fn save<K: Key>(
        &mut self,
        ctx: &Ctx,
        at: &Position<K>,
    ) -> Result<(), FrontierError> {
        let header = Header {
            fingerprint: self.fingerprint,
            layer: at.layer as u64,
            width: match &at.table {
                Table::W64(_) => 0,
                Table::W128(_) => 1,
                Table::W256(_) => 2,
                Table::Big(_) => 3,
                Table::Residue(_) => 4,
                Table::Upper(_) => 5,
            },
            bits: at.bits,
            states: at.states,
            peak_states: at.peak_states,
            peak_bytes: ctx.peak.load(Ordering::Relaxed),
            elapsed_us: self.earlier.map(|e| {
                u64::try_from((e + self.started.elapsed()).as_micros()).unwrap_or(u64::MAX - 1)
            }),
            cut: at.cut,
            plain_entries: false,
            sum: at.sum.clone(),
            total: at.total.clone(),
            pending: at.pending.clone(),
            listed: at
                .listed
                .iter()
                .map(|(layer, cycles)| (*layer as u64, cycles.clone()))
                .collect(),
            parts: at.table.parts() as u64,
        };
        let cannot = |e: std::io::Error| self.error(format!("cannot be written: {e}"));
        let mut writer = Writer::create(self.checkpoint.file, &header).map_err(cannot)?;
        let written = match &at.table {
            Table::W64(p) => write_parts(ctx, &mut writer, p, at.bits),
            Table::W128(p) => write_parts(ctx, &mut writer, p, at.bits),
            Table::W256(p) => write_parts(ctx, &mut writer, p, at.bits),
            Table::Big(p) => write_parts(ctx, &mut writer, p, at.bits),
            Table::Residue(p) => write_parts(ctx, &mut writer, p, at.bits),
            Table::Upper(p) => write_parts(ctx, &mut writer, p, at.bits),
        };
        let saved = match written {
            Some(Ok(())) => writer.finish().map_err(cannot),
            Some(Err(e)) => Err(cannot(e)),
            None => Err(ctx.error(at.layer, self.layers, at.states)),
        };
        if saved.is_err() {
            // A checkpoint half written is of no use; the one before it stays.
            let _ = std::fs::remove_file(checkpoint::partial_path(self.checkpoint.file));
        }
        self.last = Instant::now();
        saved
    }

    /// The position saved in the checkpoint, if there is one, with its table in memory or (as
    /// the count's [`crate::Spill`] says for a table of its size) in files. An error for a
    /// checkpoint of another sweep or a damaged one; the memory budget and the table files
    /// stop it as they stop a step.
    pub(super) fn restore<K: Key>(
        &mut self,
        ctx: &Ctx,
    ) -> Result<Option<Position<K>>, FrontierError> {
        let layers = self.layers;
        // A checkpoint is renamed into place: over a device or a pipe (`/dev/null`), that
        // would put an ordinary file where it was.
        if std::fs::metadata(self.checkpoint.file).is_ok_and(|m| !m.is_file()) {
            return Err(self.error(
                "is not a regular file; a checkpoint is a file that pathsat writes and reads back",
            ));
        }
        let opened = Reader::open(self.checkpoint.file)
            .map_err(|e| self.error(format!("cannot be read: {e}")))?;
        let Some(mut reader) = opened else {
            // No checkpoint yet: that one can be written is known now, not at the first save.
            let partial = checkpoint::partial_path(self.checkpoint.file);
            std::fs::File::create(&partial)
                .and_then(|_| std::fs::remove_file(&partial))
                .map_err(|e| self.error(format!("cannot be written: {e}")))?;
            return Ok(None);
        };
        let header = reader.header().map_err(|e| self.error(e))?;
        if header.fingerprint != self.fingerprint {
            return Err(self.error(
                "is the checkpoint of another count (another puzzle, sweep, shard or version of \
                 pathsat); remove it to start this count afresh",
            ));
        }
        let layer = usize::try_from(header.layer)
            .ok()
            .filter(|l| (1..layers).contains(l))
            .ok_or_else(|| self.error(DAMAGED))?;
        let to_disk = ctx
            .options
            .spill
            .is_some_and(|s| !s.over_budget_only && header.states >= s.from_states);
        let mut read = Reading {
            ctx,
            saver: self,
            reader: &mut reader,
            parts: header.parts,
            bits: header.bits,
            plain: header.plain_entries,
            to_disk,
            layer,
            layers,
            states: 0,
        };
        let table = match header.width {
            0 => Table::W64(read.parts::<K, u64>()?),
            1 => Table::W128(read.parts::<K, u128>()?),
            2 => Table::W256(read.parts::<K, U256>()?),
            3 => Table::Big(read.parts::<K, BigUint>()?),
            4 => Table::Residue(read.parts::<K, Residue>()?),
            _ => Table::Upper(read.parts::<K, Upper>()?),
        };
        let states = read.states;
        reader.finish().map_err(|e| self.error(e))?;
        if states != header.states {
            return Err(self.error(DAMAGED));
        }
        // A sweep that counts prefixes has a sum for each layer (its fingerprint says whether
        // it counts them), and lists only layers of the sweep.
        let pending_layers = if self.prefixes { layers + 1 } else { 0 };
        let listed = header
            .listed
            .into_iter()
            .map(|(l, cycles)| Some((usize::try_from(l).ok().filter(|l| *l <= layers)?, cycles)))
            .collect::<Option<Vec<_>>>()
            .filter(|_| header.pending.len() == pending_layers)
            .ok_or_else(|| self.error(DAMAGED))?;
        ctx.peak.fetch_max(header.peak_bytes, Ordering::Relaxed);
        self.earlier = header.elapsed_us.map(Duration::from_micros);
        Ok(Some(Position {
            layer,
            table,
            states,
            sum: header.sum,
            bits: header.bits,
            total: header.total,
            cut: header.cut,
            peak_states: header.peak_states.max(states),
            pending: header.pending,
            listed,
        }))
    }

    /// Removes the checkpoint of a count that is done (and a half-written one).
    pub(super) fn remove(&self) {
        let _ = std::fs::remove_file(checkpoint::partial_path(self.checkpoint.file));
        let _ = std::fs::remove_file(self.checkpoint.file);
    }
}

/// Whether the next layer may not end before `deadline`, at `now`: it is guessed to take as long
/// as the layer that took `took` to turn `read` states into `made`, times the table's growth (at
/// least 1), and twice that to be safe.
fn next_may_pass(now: Instant, deadline: Instant, took: Duration, read: u64, made: u64) -> bool {
    let growth = (made as f64 / read.max(1) as f64).max(1.0);
    now + took.mul_f64(2.0 * growth) >= deadline
}

/// Writes the parts of a table, each as the table files hold it; `None` if the memory budget
/// stopped it.
fn write_parts<K: Key, C: Count>(
    ctx: &Ctx,
    writer: &mut Writer,
    parts: &[Stored<K, C>],
    bits: u64,
) -> Option<std::io::Result<()>> {
    let entry = entry_bytes::<K, C>(bits);
    for stored in parts {
        let buffer = part_bytes(stored.states() as usize, entry);
        if !ctx.reserve(buffer) {
            return None;
        }
        let written = match stored {
            Stored::Mem(part) => writer.part(part.len() as u64, &spill::encode(part)),
            Stored::Disk(segment) => segment
                .read_bytes()
                .and_then(|bytes| writer.part(segment.states, &bytes)),
        };
        ctx.release(buffer);
        if written.is_err() {
            return Some(written);
        }
    }
    Some(Ok(()))
}

/// The reading of a checkpoint's table.
struct Reading<'r, 'c, 'a> {
    ctx: &'r Ctx<'c>,
    saver: &'r Saver<'a>,
    reader: &'r mut Reader,
    parts: u64,
    bits: u64,
    /// Whether the parts hold plain entries (a version 1 or 2 checkpoint).
    plain: bool,
    to_disk: bool,
    layer: usize,
    layers: usize,
    /// States read so far.
    states: u64,
}

impl Reading<'_, '_, '_> {
    /// The table's parts, each checked (sorted keys, no key twice, as many as it says).
    fn parts<K: Key, C: Count>(&mut self) -> Result<Vec<Stored<K, C>>, FrontierError> {
        let entry = entry_bytes::<K, C>(self.bits);
        let stopped = |ctx: &Ctx, states| ctx.error(self.layer, self.layers, states);
        let mut file: Option<Arc<SpillFile>> = None;
        let mut out = Vec::new();
        for _ in 0..self.parts {
            let (states, len) = self.reader.part_len().map_err(|e| self.saver.error(e))?;
            // Every entry takes a byte at least: a count past the file's length is damage,
            // refused before any memory is taken for it.
            if states > len {
                return Err(self.saver.error(DAMAGED));
            }
            let (states, len) = (states as usize, len as usize);
            if !self.ctx.reserve(part_bytes(states, entry) + len as u64) {
                return Err(stopped(self.ctx, 0));
            }
            let mut bytes = vec![0; len];
            self.reader
                .read(&mut bytes)
                .map_err(|e| self.saver.error(e))?;
            let mut part: Part<K, C> = Vec::with_capacity(states);
            let decoded = if self.plain {
                spill::decode_plain(&bytes, &mut part)
            } else {
                spill::decode(&bytes, &mut part)
            };
            let sound =
                decoded.is_ok() && part.len() == states && part.windows(2).all(|w| w[0].0 < w[1].0);
            if !sound {
                return Err(self.saver.error(DAMAGED));
            }
            self.states += states as u64;
            if states == 0 {
                self.ctx.release(len as u64);
            } else if self.to_disk {
                // The table files hold compact entries: plain ones are encoded again.
                let (bytes, len) = if self.plain {
                    let compact = spill::encode(&part);
                    let compact_len = compact.len() as u64;
                    if !self.ctx.reserve(compact_len) {
                        return Err(stopped(self.ctx, 0));
                    }
                    drop(bytes);
                    self.ctx.release(len as u64);
                    (compact, compact_len as usize)
                } else {
                    (bytes, len)
                };
                drop(part);
                self.ctx.release(part_bytes(states, entry));
                if file.is_none() {
                    file = Some(self.ctx.new_file().ok_or_else(|| stopped(self.ctx, 0))?);
                }
                let file = file.as_ref().expect("made above");
                let written = spill::write(file, &bytes, states as u64);
                self.ctx.release(len as u64);
                match written {
                    Ok(segment) => out.push(Stored::Disk(segment)),
                    Err(e) => {
                        self.ctx.disk_failed(e);
                        return Err(stopped(self.ctx, 0));
                    }
                }
            } else {
                drop(bytes);
                self.ctx.release(len as u64);
                out.push(Stored::Mem(part));
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkpoint::Reader;
    use crate::{count_fillings, Checkpoint, FrontierOptions, LayerProgress, Spill};
    use pathsat_puzzle::{Moves, Puzzle};

    /// Rewrites the version 3 checkpoint at `place` as version 2 would have written it: plain
    /// entries of 8-byte keys and 64-bit counts, the version 2 magic.
    fn as_version_2(place: &std::path::Path) {
        let mut reader = Reader::open(place).unwrap().unwrap();
        let header = reader.header().unwrap();
        assert_eq!(header.width, 0, "64-bit counts");
        let mut parts = Vec::new();
        for _ in 0..header.parts {
            let (states, len) = reader.part_len().unwrap();
            let mut bytes = vec![0; len as usize];
            reader.read(&mut bytes).unwrap();
            let mut entries: Vec<(u64, u64)> = Vec::new();
            spill::decode(&bytes, &mut entries).unwrap();
            let plain: Vec<u8> = entries
                .iter()
                .flat_map(|(k, c)| [k.to_le_bytes(), c.to_le_bytes()].concat())
                .collect();
            parts.push((states, plain));
        }
        reader.finish().unwrap();
        let mut writer = Writer::create(place, &header).unwrap();
        for (states, plain) in &parts {
            writer.part(*states, plain).unwrap();
        }
        writer.finish().unwrap();
        let mut bytes = std::fs::read(place).unwrap();
        bytes[..8].copy_from_slice(b"PSATCKP2");
        // Without version 4's prefix counts: two zero lengths after the two big integers that
        // follow the magic, the fingerprint, 7 numbers and the cut (1 + 3 × 8 bytes).
        let at = 8 + 8 + 7 * 8 + 1 + 3 * 8 + 4 + header.sum.to_bytes_le().len();
        let at = at + 4 + header.total.to_bytes_le().len();
        assert_eq!(bytes[at..at + 16], [0; 16]);
        bytes.drain(at..at + 16);
        let body = bytes.len() - 4;
        let crc = crc32fast::hash(&bytes[..body]);
        bytes[body..].copy_from_slice(&crc.to_le_bytes());
        std::fs::write(place, bytes).unwrap();
    }

    /// A count saved by an older pathsat (a version 2 checkpoint, plain entries) goes on from
    /// it to the published count, its tables in memory or in files (where the entries are
    /// written compact again): 72 x 9,862 closed knight's tours of 6x6 (OEIS A001230).
    #[test]
    fn a_version_2_checkpoint_goes_on() {
        let puzzle = Puzzle::blank(6, 6, Moves::Knight, true).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("knight.checkpoint");
        for spill in [None, Some(dir.path())] {
            let stop = pathsat_budget::Cancel::new();
            let raise = |p: &LayerProgress| {
                if p.layer == 20 {
                    stop.cancel();
                }
            };
            let stopping = pathsat_budget::Budget::default().and_cancel(&stop);
            let quiet = pathsat_budget::Budget::default();
            let options = |budget, progress| FrontierOptions {
                budget,
                progress: Some(progress),
                checkpoint: Some(Checkpoint {
                    file: &file,
                    every: Duration::ZERO,
                }),
                spill: spill.map(|dir| Spill {
                    dir,
                    from_states: 1,
                    over_budget_only: false,
                }),
                ..FrontierOptions::default()
            };
            assert!(count_fillings(&puzzle, &options(&stopping, &raise)).is_err());
            as_version_2(&file);
            let counted = count_fillings(&puzzle, &options(&quiet, &|_| {})).unwrap();
            assert_eq!(counted.stats.resumed_layer, Some(20));
            assert_eq!(
                counted.fillings.into_biguint(),
                num_bigint::BigUint::from(72u32 * 9_862)
            );
        }
    }

    /// A layer that may run past the deadline is saved before; one that ends well before is not.
    #[test]
    fn a_layer_that_may_pass_the_deadline_is_saved_before() {
        let now = Instant::now();
        let second = Duration::from_secs(1);
        // The last layer took 1 s and kept the table's size: the next may take 2 s.
        assert!(!next_may_pass(now, now + 3 * second, second, 100, 100));
        assert!(next_may_pass(now, now + 2 * second, second, 100, 100));
        // The table grew fourfold: the next may take 8 s.
        assert!(next_may_pass(now, now + 5 * second, second, 100, 400));
        assert!(!next_may_pass(now, now + 9 * second, second, 100, 400));
        // A shrinking table is not counted on.
        assert!(next_may_pass(now, now + second, second, 400, 100));
        // An empty input reads as one state.
        assert!(!next_may_pass(now, now + 3 * second, second, 0, 1));
    }
}
