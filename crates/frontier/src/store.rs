//! The state tables and one step of the sweep over them, in parallel, within a memory budget.
//!
//! A table is a list of *parts*: vectors of `(key, count)` pairs, each sorted by key with no
//! key twice, a key's part being fixed by a hash of the key. No hash maps: keys and counts lie
//! in flat vectors, 16 bytes a state for 64-bit keys and counts.
//!
//! A step reads the input table in a few batches of parts. The parts of a batch are read by
//! rayon tasks (up to 512K states each, on the caller's pool), which write each successor with
//! its parent's count into a *piece* of the successor's output part; an input part is freed as
//! soon as it is read. Then each output part, in parallel, gathers its pieces, sorts them
//! (`sort_unstable`), adds up the counts of equal keys, and merges the result into what it holds
//! from the batches before. So only one batch's successors wait for their merge at a time.
//!
//! Every buffer is accounted before it is allocated ([`Ctx::reserve`]); a step that would go
//! over the budget stops with the bytes it would have needed. Tasks look at the deadline and
//! the cancel flag every 16K states, merges before they start.
//!
//! A count that may keep its tables in files ([`crate::Spill`]) does so from the first step
//! whose input is large enough: that step writes each batch's merged output parts as runs to
//! files, then merges each part's runs into the table's files ([`crate::spill`]), and the next
//! step reads the table a part at a time. Batches are then smaller (`DISK_BATCH_STATES` in
//! [`step`](mod@step)), so that the memory holds little more than one batch's successors.
//!
//! A sharded count ([`crate::Split`]) cuts the table once, after the first layer that holds
//! enough states, down to the states of its class ([`crate::classes`]), and sweeps on from
//! there.
//!
//! A shard of a count split by residues ([`crate::SplitBy::Residues`]) is not cut: it sweeps
//! the whole count with its counts modulo a prime, or as upper bounds ([`Arithmetic`]), in
//! tables of their own count type that never widen.
//!
//! A count with a checkpoint ([`crate::Checkpoint`]) saves where it stands after some layers,
//! and starts from a saved position when there is one ([`resume`]); an interrupted count
//! ([`crate::FrontierOptions::interrupt`]) saves after the layer under way, and stops.
//!
//! The code: [`ctx`] holds the shared state of a count (the budget's accounting, why it
//! stopped, how it keeps its counts); [`parts`] a table's parts, in memory or in files;
//! [`step`](mod@step) one step of the sweep; [`merge`] the sorting and merging of a part's
//! entries; [`table`] a table with the count type of the moment, widened and cut; [`resume`]
//! the checkpoints. This file runs the whole sweep, layer by layer.

mod ctx;
mod merge;
mod parts;
mod resume;
mod step;
mod table;

pub(crate) use ctx::Arithmetic;
use ctx::Ctx;
use parts::{entry_bytes, Stored};
use step::step;
use table::Table;

use crate::counts::{Residue, Upper, Width, U256};
use crate::keys::Key;
use crate::plan::Plan;
use crate::{Cut, FrontierError, FrontierOptions, LayerProgress, Share, Split, SplitBy};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::sync::atomic::Ordering;
use std::time::Duration;
use web_time::Instant;

/// What a whole sweep found and cost.
pub(crate) struct Swept {
    pub count: BigUint,
    /// A plan with prefixes: the cycles of the processed vertices after each layer that counts
    /// them ([`crate::plan::Step::prefix`]; a resumed sweep lists those of its checkpoint too).
    pub prefix_cycles: Vec<(usize, BigUint)>,
    pub peak_states: u64,
    pub peak_bytes: u64,
    pub peak_disk_bytes: u64,
    /// Where a sharded sweep was cut.
    pub cut: Option<Cut>,
    /// The layer it went on from, when it was resumed from a checkpoint.
    pub resumed_layer: Option<usize>,
    /// Resumed: the time its earlier runs took up to that checkpoint, when the checkpoint says.
    pub earlier: Option<Duration>,
}

/// Runs the sweep of `plan` with keys `K`, keeping the counts as `options`' shard says.
pub(crate) fn sweep<K: Key>(
    plan: &Plan,
    options: &FrontierOptions,
) -> Result<Swept, FrontierError> {
    sweep_with::<K>(plan, options, Arithmetic::of(options))
}

/// Runs the sweep of `plan` with keys `K` and counts kept by `arithmetic` (of any modulus, for
/// tests).
pub(crate) fn sweep_with<K: Key>(
    plan: &Plan,
    options: &FrontierOptions,
    arithmetic: Arithmetic,
) -> Result<Swept, FrontierError> {
    let ctx = Ctx::new(options, arithmetic);
    let layers = plan.n;
    let mut saver = options
        .checkpoint
        .map(|checkpoint| resume::Saver::new::<K>(checkpoint, plan, &ctx));
    let widths: Vec<usize> = plan.steps.iter().map(|s| s.work - 1).collect();
    let resumed = match &mut saver {
        Some(saver) => saver.restore::<K>(&ctx)?,
        None => None,
    };
    let resumed_layer = resumed.as_ref().map(|at| at.layer);
    let mut eta = match &resumed {
        Some(at) => crate::eta::Eta::resumed(widths[at.layer..].to_vec(), at.states),
        None => crate::eta::Eta::new(widths),
    };
    let at = match resumed {
        Some(at) => at,
        None => {
            // The table before the first layer: the empty frontier, once.
            if !ctx.reserve(entry_bytes::<K, u64>(1)) {
                return Err(ctx.error(0, layers, 0));
            }
            resume::Position {
                layer: 0,
                table: Table::start(arithmetic),
                states: 1,
                sum: <BigUint as One>::one(),
                bits: 1,
                total: BigUint::zero(),
                cut: None,
                peak_states: 1,
                pending: vec![BigUint::zero(); if plan.prefixes { layers + 1 } else { 0 }],
                listed: Vec::new(),
            }
        }
    };
    let resume::Position {
        layer: start,
        mut table,
        mut states,
        mut sum,
        mut bits,
        mut total,
        mut cut,
        mut peak_states,
        mut pending,
        listed: mut prefix_cycles,
    } = at;
    // The states after each layer (0 for those before a checkpoint it went on from), whether
    // the tables went to files over the budget, and whether that was told.
    let mut history: Vec<u64> = vec![0; start];
    if let Some(last) = history.last_mut() {
        *last = states;
    }
    let (mut spilling, mut told) = (false, false);
    for index in start..layers {
        if ctx.should_stop() {
            return Err(ctx.error(index, layers, states));
        }
        let (layer_started, read) = (Instant::now(), states);
        // Every count of the next table is at most the sum of this one.
        let new_bits = sum.bits();
        let width = Width::for_bits(new_bits);
        let was_big = table.width() == Some(Width::Big);
        table = match table.widen(&ctx, width, bits, new_bits) {
            Some(t) => t,
            None => return Err(ctx.error(index, layers, states)),
        };
        if let (true, Table::Big(parts)) = (was_big, &table) {
            // Big counts are charged for their digits, which the bound of this layer sets.
            let (old, new) = (
                entry_bytes::<K, BigUint>(bits),
                entry_bytes::<K, BigUint>(new_bits),
            );
            // (Parts in files hold their digits on disk.)
            let capacity: u64 = parts
                .iter()
                .map(|p| match p {
                    Stored::Mem(p) => p.capacity() as u64,
                    Stored::Disk(_) => 0,
                })
                .sum();
            if new > old && !ctx.reserve(capacity * (new - old)) {
                return Err(ctx.error(index, layers, states));
            }
            ctx.release(capacity * old.saturating_sub(new));
        }
        bits = new_bits;
        // Files from the first large table on (or, only over the budget, from the first that
        // would not fit the memory); a sharded count's only once it is cut.
        let may_spill = options.split.is_none_or(|s| s.by == SplitBy::Residues) || cut.is_some();
        let large = options.spill.is_some_and(|s| states >= s.from_states) && may_spill;
        let mut needed = 0;
        let to_disk = match options.spill {
            Some(s) if s.over_budget_only => {
                if large && !spilling {
                    needed = memory_needed(ctx.used(), states, &history);
                    spilling = needed > options.memory_budget;
                }
                spilling && may_spill
            }
            _ => large,
        };
        if let (true, false, Some(spill)) = (to_disk, told, options.spill) {
            told = true;
            let start = crate::SpillStart {
                dir: spill.dir,
                layer: index + 1,
                layers,
                states,
                needed_bytes: needed,
                disk_bytes: disk_needed(plan, &history, states, ctx.used()),
                free_bytes: crate::spill::free_bytes(spill.dir),
            };
            let heard = match start.free_bytes {
                // Before the first file is written: a disk too small is known now.
                Some(free) if free < start.disk_bytes => Err(start.no_room(free)),
                _ => options.on_spill.map_or(Ok(()), |hear| hear(&start)),
            };
            if let Err(message) = heard {
                return Err(FrontierError::NoRoom {
                    dir: spill.dir.display().to_string(),
                    message,
                });
            }
        }
        macro_rules! run {
            ($parts:expr, $c:ty, $variant:ident) => {{
                let entry = entry_bytes::<K, $c>(bits);
                match step::<K, $c>(&ctx, plan, index, $parts, states, entry, to_disk) {
                    Some(out) => (
                        Table::$variant(out.parts),
                        out.states,
                        out.sum,
                        (out.completed, out.prefixes),
                    ),
                    None => return Err(ctx.error(index, layers, states)),
                }
            }};
        }
        let (next, next_states, next_sum, (completed, prefixes)) = match table {
            Table::W64(p) => run!(p, u64, W64),
            Table::W128(p) => run!(p, u128, W128),
            Table::W256(p) => run!(p, U256, W256),
            Table::Big(p) => run!(p, BigUint, Big),
            Table::Residue(p) => run!(p, Residue, Residue),
            Table::Upper(p) => run!(p, Upper, Upper),
        };
        table = next;
        states = next_states;
        sum = next_sum;
        total += completed;
        // Cycles of the prefix of `index + k` vertices, listed once its last step is done.
        for (k, cycles) in (1..).zip(prefixes) {
            match pending.get_mut(index + k) {
                Some(p) => *p += cycles,
                None => debug_assert!(cycles.is_zero(), "no prefix past the whole graph"),
            }
        }
        if plan.steps[index].prefix {
            prefix_cycles.push((index + 1, std::mem::take(&mut pending[index + 1])));
        }
        peak_states = peak_states.max(states);
        history.push(states);
        if let (
            Some(
                split @ Split {
                    by: SplitBy::States,
                    ..
                },
            ),
            None,
        ) = (options.split, cut)
        {
            if states >= split.cut_states && states > 0 {
                // The cut: what was completed so far counts in shard 0 alone, and the table
                // keeps this shard's class of states. (`sum` stays a bound of its counts.)
                let width = plan.steps[index].work - 1;
                let (kept_table, kept) = match table.keep_class(&ctx, split, bits, width) {
                    Some(kept) => kept,
                    None => return Err(ctx.error(index + 1, layers, states)),
                };
                if split.index != 0 {
                    total = BigUint::zero();
                }
                cut = Some(Cut {
                    layer: index + 1,
                    states,
                    kept,
                });
                table = kept_table;
                states = kept;
            }
        }
        if let Some(progress) = options.progress {
            progress(&LayerProgress {
                layer: index + 1,
                layers,
                states,
                bytes: ctx.used(),
                disk_bytes: ctx.disk.now(),
                left_ms: eta.layer_done(states),
            });
        }
        if states == 0 {
            // Nothing left to extend: the later layers are empty, and a progress bar should
            // still reach its end. The later prefixes have the cycles that closed already: a
            // prefix's cycles pass through states that no step prunes.
            prefix_cycles.extend(
                (index + 1..layers)
                    .filter(|&later| plan.steps[later].prefix)
                    .map(|later| (later + 1, std::mem::take(&mut pending[later + 1]))),
            );
            if index + 1 < layers {
                if let Some(progress) = options.progress {
                    progress(&LayerProgress {
                        layer: layers,
                        layers,
                        states: 0,
                        bytes: ctx.used(),
                        disk_bytes: ctx.disk.now(),
                        left_ms: Some(0),
                    });
                }
            }
            break;
        }
        let took = layer_started.elapsed();
        // Interrupted: save (whenever the last save was) and stop, unless this was the last layer.
        let interrupted = index + 1 < layers
            && options
                .interrupt
                .is_some_and(|flag| flag.load(Ordering::Relaxed));
        if let Some(saver) = saver.as_mut().filter(|s| {
            index + 1 < layers && (interrupted || s.due(options.deadline, took, read, states))
        }) {
            let at = resume::Position {
                layer: index + 1,
                table,
                states,
                sum,
                bits,
                total,
                cut,
                peak_states,
                pending,
                listed: prefix_cycles,
            };
            saver.save(&ctx, &at)?;
            (table, sum, total) = (at.table, at.sum, at.total);
            (pending, prefix_cycles) = (at.pending, at.listed);
        }
        if interrupted {
            return Err(FrontierError::Interrupted {
                layer: index + 1,
                layers,
                saved: saver.is_some(),
            });
        }
    }
    if let Some(saver) = &saver {
        saver.remove();
    }
    if options
        .split
        .is_some_and(|s| s.share() == Share::Part && s.index != 0)
        && cut.is_none()
    {
        // Never cut: shard 0 holds the whole count.
        total = BigUint::zero();
    }
    if let Arithmetic::Modulo(p) = arithmetic {
        // The sum of the residues of the cycles or paths completed at each layer.
        total %= p;
        for (_, cycles) in &mut prefix_cycles {
            *cycles %= p;
        }
    }
    Ok(Swept {
        count: total,
        prefix_cycles,
        peak_states,
        peak_bytes: ctx.peak.load(Ordering::Relaxed),
        peak_disk_bytes: ctx.disk.peak(),
        cut,
        resumed_layer,
        earlier: saver
            .as_ref()
            .and_then(|s| s.earlier())
            .filter(|_| resumed_layer.is_some()),
    })
}

/// The bytes a step in memory is estimated to hold: the `used` bytes of its input table of
/// `states` states, and its output at the larger growth of the two layers before (tables
/// often grow by turns, every second layer), with the buffers of the step (a third more, as
/// measured on the knight's boards). `history` holds the states after each layer before.
fn memory_needed(used: u64, states: u64, history: &[u64]) -> u64 {
    let growth = |from: u64, to: u64| to as f64 / from.max(1) as f64;
    let growth = match *history {
        [.., a, b] => growth(b, states).max(growth(a, b)),
        [b] => growth(b, states),
        [] => 2.0,
    }
    .max(1.0);
    let bytes = used as f64 * (1.0 + growth) * 4.0 / 3.0;
    bytes.min(u64::MAX as f64 / 2.0) as u64
}

/// The most bytes of files the rest of a sweep is estimated to hold: one and a half times the
/// memory of its widest table, the tables to come estimated from the `history` of the layers
/// done (`states` after the last) and the plan's bounds ([`crate::growth`]).
fn disk_needed(plan: &Plan, history: &[u64], states: u64, used: u64) -> u64 {
    let entry = used.checked_div(states).map_or(16, |e| e.max(1));
    let ceiling = crate::growth::ceiling(plan.planar);
    let widest = crate::growth::extrapolate(history, &plan.bounds, 0, ceiling)
        .into_iter()
        .skip(history.len().saturating_sub(1))
        .max()
        .unwrap_or(states)
        .max(states);
    widest.saturating_mul(entry).saturating_mul(3) / 2
}
