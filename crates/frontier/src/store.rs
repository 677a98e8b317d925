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

mod back;
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
use crate::eta::Eta;
use crate::keys::Key;
use crate::plan::Plan;
use crate::{Cut, FrontierError, FrontierOptions, LayerProgress, Share, Spill, Split, SplitBy};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::sync::atomic::Ordering;
use std::time::Duration;
use web_time::Instant;

/// Tests: sweeps of this thread with a count off by one ([`back::SKEW`]).
#[cfg(test)]
pub(crate) fn back_skew(on: bool) {
    back::SKEW.set(on);
}

/// How far a sample's estimate of the disk its kept tables take may exceed what they take
/// ([`Sweep::tell_spill`]).
const KEPT_ESTIMATE_SLACK: u64 = 4;

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
    let mut sweep = Sweep::<K>::resume(plan, options, arithmetic)?;
    sweep.run()?;
    Ok(sweep.finish())
}

/// Runs the exact sweep of `plan` with keys `K`, keeping every layer's table, then walks back
/// from the cycles (or paths) of the ranks that `ranks` gives for their number (each below
/// it), and gives the edges of each ([`back`]). Neither split nor resumed.
pub(crate) fn sample<K: Key>(
    plan: &Plan,
    options: &FrontierOptions,
    ranks: &mut dyn FnMut(&BigUint) -> Vec<BigUint>,
    on_walk: Option<&(dyn Fn(WalkProgress) + Sync)>,
) -> Result<(Swept, Vec<Walk>), FrontierError> {
    assert!(
        options.split.is_none() && options.checkpoint.is_none(),
        "a sample sweeps the whole count, once"
    );
    let mut sweep = Sweep::<K>::resume(plan, options, Arithmetic::Exact)?;
    sweep.kept = Some(Vec::new());
    sweep.run()?;
    #[allow(unused_mut)]
    let mut kept = sweep.kept.take().expect("kept above");
    #[cfg(test)]
    back::skew_for_test(&mut kept, &mut sweep.at.total);
    let ranks = ranks(&sweep.at.total);
    let edges = back::walk(&sweep.ctx, plan, kept, ranks, on_walk)
        .ok_or_else(|| sweep.ctx.error(0, plan.n, 0))?;
    Ok((sweep.finish(), edges))
}

/// The edges of one sample's cycle or path, as the walk back found them.
pub(crate) type Walk = Vec<(usize, usize)>;

/// How far a walk back has come ([`sample`]): sent after each layer it passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkProgress {
    /// Layers walked back over.
    pub walked: usize,
    /// Layers to walk back over in all.
    pub layers: usize,
    /// Bytes the kept tables still hold in memory.
    pub bytes: u64,
    /// Bytes the kept tables still hold in files.
    pub disk_bytes: u64,
}

/// A sweep under way: where it stands after the layers done, and what it keeps from one layer
/// to the next. Its methods are the phases of a layer, in the order [`Sweep::layer`] runs them.
struct Sweep<'a, K> {
    plan: &'a Plan,
    options: &'a FrontierOptions<'a>,
    ctx: Ctx<'a>,
    saver: Option<resume::Saver<'a>>,
    eta: Eta,
    /// Where it stands: the layers done, the table after them and what was counted so far.
    at: resume::Position<K>,
    /// The layer it went on from, when it was resumed from a checkpoint.
    resumed_layer: Option<usize>,
    /// The states after each layer (0 for those before a checkpoint it went on from).
    history: Vec<u64>,
    /// Whether the tables went to files over the budget, and whether that was told.
    spilling: bool,
    told: bool,
    /// A sweep for a sample: each layer's table, kept for the walk back ([`back`]).
    kept: Option<Vec<back::Kept<K>>>,
}

/// The position before the first layer: the empty frontier, once.
fn start<K: Key>(plan: &Plan, ctx: &Ctx) -> Result<resume::Position<K>, FrontierError> {
    if !ctx.reserve(entry_bytes::<K, u64>(1)) {
        return Err(ctx.error(0, plan.n, 0));
    }
    Ok(resume::Position {
        layer: 0,
        table: Table::start(ctx.arithmetic),
        states: 1,
        sum: <BigUint as One>::one(),
        bits: 1,
        total: BigUint::zero(),
        cut: None,
        peak_states: 1,
        pending: vec![BigUint::zero(); if plan.prefixes { plan.n + 1 } else { 0 }],
        listed: Vec::new(),
    })
}

impl<'a, K: Key> Sweep<'a, K> {
    /// The sweep of `plan` before its first layer to do: from the checkpoint when `options`
    /// have one to go on from, else from the empty frontier.
    fn resume(
        plan: &'a Plan,
        options: &'a FrontierOptions<'a>,
        arithmetic: Arithmetic,
    ) -> Result<Self, FrontierError> {
        let ctx = Ctx::new(options, arithmetic);
        let mut saver = options
            .checkpoint
            .map(|checkpoint| resume::Saver::new::<K>(checkpoint, plan, &ctx));
        let widths: Vec<usize> = plan.steps.iter().map(|s| s.work - 1).collect();
        let resumed = match &mut saver {
            Some(saver) => saver.restore::<K>(&ctx)?,
            None => None,
        };
        let resumed_layer = resumed.as_ref().map(|at| at.layer);
        let eta = match &resumed {
            Some(at) => Eta::resumed(widths[at.layer..].to_vec(), at.states),
            None => Eta::new(widths),
        };
        let at = match resumed {
            Some(at) => at,
            None => start(plan, &ctx)?,
        };
        let mut history: Vec<u64> = vec![0; at.layer];
        if let Some(last) = history.last_mut() {
            *last = at.states;
        }
        Ok(Sweep {
            plan,
            options,
            ctx,
            saver,
            eta,
            at,
            resumed_layer,
            history,
            spilling: false,
            told: false,
            kept: None,
        })
    }

    /// Sweeps every layer still to do, or up to the first that leaves nothing to extend.
    fn run(&mut self) -> Result<(), FrontierError> {
        for index in self.at.layer..self.plan.n {
            if !self.layer(index)? {
                break;
            }
        }
        Ok(())
    }

    /// Sweeps layer `index` (0-based): widens the counts, turns the table into the next, cuts
    /// a sharded count, reports, and saves or stops when that is due. `false` when nothing is
    /// left to extend (the later layers are empty).
    fn layer(&mut self, index: usize) -> Result<bool, FrontierError> {
        if self.ctx.should_stop() {
            return Err(self.stopped(index));
        }
        let (layer_started, read) = (Instant::now(), self.at.states);
        self.widen(index)?;
        let to_disk = self.goes_to_disk(index)?;
        self.step(index, to_disk)?;
        self.cut(index)?;
        self.report(index);
        if self.at.states == 0 {
            self.end_early(index);
            return Ok(false);
        }
        self.save_or_stop(index, layer_started.elapsed(), read)?;
        Ok(true)
    }

    /// The error of a sweep stopped at layer `index` (the reason is in the context).
    fn stopped(&self, index: usize) -> FrontierError {
        self.ctx.error(index, self.plan.n, self.at.states)
    }

    /// The table, taken out to be turned into another (an empty one stands in its place).
    fn take_table(&mut self) -> Table<K> {
        std::mem::replace(&mut self.at.table, Table::W64(Vec::new()))
    }

    /// Widens the counts to what layer `index` needs: every count of the next table is at most
    /// the sum of this one.
    fn widen(&mut self, index: usize) -> Result<(), FrontierError> {
        let new_bits = self.at.sum.bits();
        let width = Width::for_bits(new_bits);
        let was_big = self.at.table.width() == Some(Width::Big);
        let table = self.take_table();
        self.at.table = match table.widen(&self.ctx, width, self.at.bits, new_bits) {
            Some(t) => t,
            None => return Err(self.stopped(index)),
        };
        if let (true, Table::Big(parts)) = (was_big, &self.at.table) {
            // Big counts are charged for their digits, which the bound of this layer sets.
            let (old, new) = (
                entry_bytes::<K, BigUint>(self.at.bits),
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
            if new > old && !self.ctx.reserve(capacity * (new - old)) {
                return Err(self.stopped(index));
            }
            self.ctx.release(capacity * old.saturating_sub(new));
        }
        self.at.bits = new_bits;
        Ok(())
    }

    /// Whether layer `index` writes its table to files: from the first large table on (or,
    /// only over the budget, from the first that would not fit the memory); a sharded count's
    /// only once it is cut. The first such layer is told ([`Sweep::tell_spill`]).
    fn goes_to_disk(&mut self, index: usize) -> Result<bool, FrontierError> {
        let (options, states) = (self.options, self.at.states);
        let may_spill =
            options.split.is_none_or(|s| s.by == SplitBy::Residues) || self.at.cut.is_some();
        let large = options.spill.is_some_and(|s| states >= s.from_states) && may_spill;
        let mut needed = 0;
        let to_disk = match options.spill {
            Some(s) if s.over_budget_only => {
                if large && !self.spilling {
                    needed = memory_needed(self.ctx.used(), states, &self.history);
                    self.spilling = needed > options.memory_budget;
                }
                self.spilling && may_spill
            }
            _ => large,
        };
        if let (true, false, Some(spill)) = (to_disk, self.told, options.spill) {
            self.told = true;
            self.tell_spill(index, spill, needed)?;
        }
        Ok(to_disk)
    }

    /// Tells the spill hook that layer `index` is the first to keep its table in files
    /// (`needed` the bytes it was estimated to need in memory, or 0), or refuses a disk known
    /// to be too small before the first file is written.
    fn tell_spill(&self, index: usize, spill: Spill, needed: u64) -> Result<(), FrontierError> {
        let states = self.at.states;
        let start = crate::SpillStart {
            dir: spill.dir,
            layer: index + 1,
            layers: self.plan.n,
            states,
            needed_bytes: needed,
            disk_bytes: disk_needed(
                self.plan,
                &self.history,
                states,
                self.ctx.used(),
                self.kept.is_some(),
            ),
            free_bytes: crate::spill::free_bytes(spill.dir),
        };
        // A sample keeps every table to come: their sum is extrapolated from the layers done,
        // a bound good to a factor of a few, so only a disk with less than a quarter of it is
        // refused now; one that fills later stops the sweep with the disk's own error.
        let must_have = match self.kept {
            Some(_) => start.disk_bytes / KEPT_ESTIMATE_SLACK,
            None => start.disk_bytes,
        };
        let heard = match start.free_bytes {
            // Before the first file is written: a disk too small is known now.
            Some(free) if free < must_have => Err(start.no_room(free)),
            _ => self.options.on_spill.map_or(Ok(()), |hear| hear(&start)),
        };
        heard.map_err(|message| FrontierError::NoRoom {
            dir: spill.dir.display().to_string(),
            message,
        })
    }

    /// Turns the table into the next by step `index` of the plan (in files when `to_disk`), and
    /// adds up what the step completed.
    fn step(&mut self, index: usize, to_disk: bool) -> Result<(), FrontierError> {
        let copy = match self.kept {
            Some(_) => match self.at.table.share(&self.ctx, self.at.bits) {
                Some(copy) => Some(copy),
                None => return Err(self.stopped(index)),
            },
            None => None,
        };
        let table = self.take_table();
        let (ctx, plan, states, bits) = (&self.ctx, self.plan, self.at.states, self.at.bits);
        macro_rules! run {
            ($parts:expr, $c:ty, $variant:ident) => {{
                let entry = entry_bytes::<K, $c>(bits);
                match step::<K, $c>(ctx, plan, index, $parts, states, entry, to_disk) {
                    Some(out) => (
                        Table::$variant(out.parts),
                        out.states,
                        out.sum,
                        (out.completed, out.prefixes),
                    ),
                    None => return Err(ctx.error(index, plan.n, states)),
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
        if let (Some(kept), Some(table)) = (&mut self.kept, copy) {
            kept.push(back::Kept {
                table,
                bits,
                completed: completed.clone(),
            });
        }
        self.at.layer = index + 1;
        self.at.table = next;
        self.at.states = next_states;
        self.at.sum = next_sum;
        self.at.total += completed;
        self.add_prefixes(index, prefixes);
        self.at.peak_states = self.at.peak_states.max(next_states);
        self.history.push(next_states);
        Ok(())
    }

    /// Adds the cycles of prefixes that step `index` closed (those of `index + k` vertices at
    /// `k - 1`) to the pending ones, and lists the prefix whose last step this was.
    fn add_prefixes(&mut self, index: usize, prefixes: Vec<BigUint>) {
        let pending = &mut self.at.pending;
        for (k, cycles) in (1..).zip(prefixes) {
            match pending.get_mut(index + k) {
                Some(p) => *p += cycles,
                None => debug_assert!(cycles.is_zero(), "no prefix past the whole graph"),
            }
        }
        if self.plan.steps[index].prefix {
            let cycles = std::mem::take(&mut pending[index + 1]);
            self.at.listed.push((index + 1, cycles));
        }
    }

    /// Cuts a sharded count after layer `index` when it is the first whose table holds enough
    /// states: what was completed so far counts in shard 0 alone, and the table keeps this
    /// shard's class of states. (`sum` stays a bound of its counts.)
    fn cut(&mut self, index: usize) -> Result<(), FrontierError> {
        let (
            Some(
                split @ Split {
                    by: SplitBy::States,
                    ..
                },
            ),
            None,
        ) = (self.options.split, self.at.cut)
        else {
            return Ok(());
        };
        let states = self.at.states;
        if states >= split.cut_states && states > 0 {
            let width = self.plan.steps[index].work - 1;
            let table = self.take_table();
            let bits = self.at.bits;
            let (kept_table, kept) = match table.keep_class(&self.ctx, split, bits, width) {
                Some(kept) => kept,
                None => return Err(self.stopped(index + 1)),
            };
            if split.index != 0 {
                self.at.total = BigUint::zero();
            }
            self.at.cut = Some(Cut {
                layer: index + 1,
                states,
                kept,
            });
            self.at.table = kept_table;
            self.at.states = kept;
        }
        Ok(())
    }

    /// Tells the progress hook that layer `index` is done.
    fn report(&mut self, index: usize) {
        if let Some(progress) = self.options.progress {
            progress(&LayerProgress {
                layer: index + 1,
                layers: self.plan.n,
                states: self.at.states,
                bytes: self.ctx.used(),
                disk_bytes: self.ctx.disk.now(),
                left_ms: self.eta.layer_done(self.at.states),
            });
        }
    }

    /// Ends a sweep with nothing left to extend after layer `index`: the later layers are
    /// empty, and a progress bar should still reach its end. The later prefixes have the
    /// cycles that closed already: a prefix's cycles pass through states that no step prunes.
    fn end_early(&mut self, index: usize) {
        let (plan, layers) = (self.plan, self.plan.n);
        let pending = &mut self.at.pending;
        self.at.listed.extend(
            (index + 1..layers)
                .filter(|&later| plan.steps[later].prefix)
                .map(|later| (later + 1, std::mem::take(&mut pending[later + 1]))),
        );
        if index + 1 < layers {
            if let Some(progress) = self.options.progress {
                progress(&LayerProgress {
                    layer: layers,
                    layers,
                    states: 0,
                    bytes: self.ctx.used(),
                    disk_bytes: self.ctx.disk.now(),
                    left_ms: Some(0),
                });
            }
        }
    }

    /// Saves the checkpoint after layer `index` when it is due (the layer took `took` to turn
    /// `read` states into the table); an interrupted count saves (whenever the last save was)
    /// and stops, unless this was the last layer.
    fn save_or_stop(
        &mut self,
        index: usize,
        took: Duration,
        read: u64,
    ) -> Result<(), FrontierError> {
        let (options, layers, states) = (self.options, self.plan.n, self.at.states);
        let interrupted = index + 1 < layers && options.budget.wind_down_requested();
        if let Some(saver) = self.saver.as_mut().filter(|s| {
            index + 1 < layers
                && (interrupted || s.due(options.budget.deadline, took, read, states))
        }) {
            saver.save(&self.ctx, &self.at)?;
        }
        if interrupted {
            return Err(FrontierError::Stopped {
                why: pathsat_budget::Stopped::Interrupted,
                layer: index + 1,
                layers,
                saved: self.saver.is_some(),
            });
        }
        Ok(())
    }

    /// What the whole sweep found and cost, its checkpoint removed. A shard of a count never
    /// cut counts nothing (shard 0 holds the whole count); counts modulo a prime are reduced.
    fn finish(mut self) -> Swept {
        if let Some(saver) = &self.saver {
            saver.remove();
        }
        if self
            .options
            .split
            .is_some_and(|s| s.share() == Share::Part && s.index != 0)
            && self.at.cut.is_none()
        {
            // Never cut: shard 0 holds the whole count.
            self.at.total = BigUint::zero();
        }
        if let Arithmetic::Modulo(p) = self.ctx.arithmetic {
            // The sum of the residues of the cycles or paths completed at each layer.
            self.at.total %= p;
            for (_, cycles) in &mut self.at.listed {
                *cycles %= p;
            }
        }
        Swept {
            count: self.at.total,
            prefix_cycles: self.at.listed,
            peak_states: self.at.peak_states,
            peak_bytes: self.ctx.peak.load(Ordering::Relaxed),
            peak_disk_bytes: self.ctx.disk.peak(),
            cut: self.at.cut,
            resumed_layer: self.resumed_layer,
            earlier: self
                .saver
                .as_ref()
                .and_then(|s| s.earlier())
                .filter(|_| self.resumed_layer.is_some()),
        }
    }
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
/// done (`states` after the last) and the plan's bounds ([`crate::growth`]). A sweep that
/// keeps every table for a walk back (`keep_all`) holds them all at its end, in their compact
/// form on disk (about half their bytes in memory), besides a step's runs.
fn disk_needed(plan: &Plan, history: &[u64], states: u64, used: u64, keep_all: bool) -> u64 {
    let entry = used.checked_div(states).map_or(16, |e| e.max(1));
    let ceiling = crate::growth::ceiling(plan.planar);
    let layers = crate::growth::extrapolate(history, &plan.bounds, 0, ceiling);
    let widest = layers
        .iter()
        .skip(history.len().saturating_sub(1))
        .copied()
        .max()
        .unwrap_or(states)
        .max(states);
    let step = widest.saturating_mul(entry).saturating_mul(3) / 2;
    if !keep_all {
        return step;
    }
    let later = layers
        .iter()
        .skip(history.len())
        .fold(0u64, |a, &b| a.saturating_add(b));
    step.saturating_add(later.saturating_mul(entry) / 2)
}
