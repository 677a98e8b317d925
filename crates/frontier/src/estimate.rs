//! What a sweep will take, estimated before it runs (`pathsat count --plan`).
//!
//! The first layers are swept exactly, in memory, until a table holds `sample_states` states
//! and the share of the bound (below) has turned, or until a table holds [`SAMPLE_REACH`]
//! times `sample_states` (or the sweep ends, or the deadline or the memory budget stops it). The
//! later tables are extrapolated from a bound and the share of it the sample reached
//! ([`crate::growth`]):
//!
//! - the *bound* of a layer is the most states its frontier could hold given which of its
//!   vertices have had edges decided: a vertex none of whose neighbours has been taken is
//!   untouched; one with one taken neighbour is untouched or the end of a segment; one with two
//!   or more may also be done; the segment ends pair up (a path's up to two ends anchored;
//!   without crossing on a rook's board swept by rows or columns, whose segments lie in the
//!   plane on one side of the frontier), and states folded with their mirror images count once;
//! - the *share* of the bound that the states reach falls in the first layers, to a minimum
//!   about where the frontier first reaches its full width, and rises again (on the 7x7 open
//!   knight's paths from e^-5.3 at layer 14 to e^-3.1 at the widest layer 19 and e^-0.2 to
//!   e^-0.9 in the last layers). The sample goes on until its minimum is three layers behind
//!   (*turned*), and so is the frontier's first widest layer; from there the share rises by
//!   e^0.5 a layer (the pace measured on the knight's boards) to a ceiling of about a half of
//!   the bound, and holds it to the end. A sample stopped before the share turned continues the
//!   line fitted to its last layers' share, never falling (a share still falling at the end of
//!   the sample is held at its geometric mean over the layers fitted), to the same ceiling.
//!
//! The bound follows the frontier's width and how many of its vertices have decided edges, so
//! the estimate sees a table grow at a constant width; the share's rise and where it levels off
//! are what a sample cannot measure. Measured (`encodings/counting.md`, *Know the bill before
//! you run*; `benches/plan_accuracy.py`): the default plans put the widest table of the 7x7
//! open knight's paths at 1.9 times the measured one, the 8x8 tours' at 1.3, and the 8x8 open
//! paths' layers 22 and 23 at about half the measured (their widest is not known, and may be
//! two or three times the estimate); from samples of a thousandth to a tenth of the widest
//! table, the knight's and king's boards mostly within a factor of two and at worst a fourth
//! (samples that reached [`SAMPLE_REACH`] times their states before the share turned), the
//! rook's within 0.6 to 1.1, and the rook's records (16x16 open to 22x22 closed) at 0.9 to
//! 1.35 of their widest tables (with any pairing of the ends, 16 to 1,355 times over).

use crate::dp::MAX_FRONTIER;
use crate::growth::{ceiling, extrapolate, turned};
use crate::keys::{Compact64, Key128, MAX_FRONTIER_COMPACT};
use crate::plan::Plan;
use crate::{Cut, FrontierError, FrontierOptions, LayerProgress, Shortcut, SplitBy};
use pathsat_budget::{Budget, Cancel, Stopped};
use pathsat_puzzle::Puzzle;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use web_time::Instant;

/// One layer of an estimated sweep.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LayerEstimate {
    /// The layer (1-based: the table after the layer's vertex is taken).
    pub layer: usize,
    /// Vertices on the frontier after it.
    pub width: usize,
    /// States in its table: measured, or estimated (a shard's, at most the whole count's).
    pub states: u64,
    /// Whether `states` was measured (swept) rather than estimated.
    pub measured: bool,
}

/// What a sweep is estimated to take ([`estimate_fillings`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SweepEstimate {
    /// Every layer of the sweep, the measured ones first (empty when no sweep is needed).
    pub layers: Vec<LayerEstimate>,
    /// How the sweep order was chosen (`rows`, `columns`, `path decomposition`).
    pub order: &'static str,
    /// The widest frontier.
    pub width: usize,
    /// Bytes of a state in memory (its key and a count as wide as the sample's last table
    /// needed; counts that widen later take more).
    pub entry_bytes: u64,
    /// The most bytes the sample's tables and buffers took at once, over the bytes of the two
    /// tables of the step at which it was largest: what a step in memory costs beyond its two
    /// tables (at least 1).
    pub step_factor: f64,
    /// The seconds the sample took.
    pub sample_seconds: f64,
    /// Why the sample ended before the sweep did (`None`: it swept everything, so every
    /// figure is measured).
    pub sample_end: Option<SampleEnd>,
    /// A sharded sweep: where the sample cut it (when it got that far).
    pub cut: Option<Cut>,
    /// No sweep is needed: the count is made without one.
    pub shortcut: Option<Shortcut>,
    /// A shard's estimate: the whole count's, which every shard sweeps up to the cut (the
    /// shard's layers are at most the whole's).
    pub whole: Option<Box<SweepEstimate>>,
}

/// Why a sample ended before its sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleEnd {
    /// A table reached the sample's states, and the share of the bound had turned (its
    /// minimum some layers behind).
    States,
    /// A table reached [`SAMPLE_REACH`] times the sample's states before the share turned.
    Reach,
    /// The deadline.
    Timeout,
    /// The memory budget.
    Memory,
}

/// The most a sample goes past its states while it waits for the share of the bound to turn:
/// until a table holds this many times them.
pub const SAMPLE_REACH: u64 = 32;

/// The memory a step with tables of `input` and `output` states holds with its tables in
/// files: one batch of successors and a part or two ([`crate::Spill`]).
const DISK_BATCH_STATES: u64 = 1 << 22;

impl SweepEstimate {
    /// Layers measured by the sample.
    pub fn measured(&self) -> usize {
        self.layers.iter().filter(|l| l.measured).count()
    }

    /// The states before layer `index` (0-based) and after it.
    fn tables(&self, index: usize) -> (u64, u64) {
        let before = if index == 0 {
            1
        } else {
            self.layers[index - 1].states
        };
        (before, self.layers[index].states)
    }

    /// The bytes of the tables the layer at `index` (0-based) reads and writes, held in memory
    /// (as accounted to `--memory`).
    pub fn memory_bytes(&self, index: usize) -> u64 {
        let (before, after) = self.tables(index);
        let tables = (before + after) as f64 * self.entry_bytes as f64;
        (tables * self.step_factor) as u64
    }

    /// The bytes a step in files holds in memory: a batch of a sixteenth of its input (at
    /// most 4,194,304 states), its successors, and their merge.
    pub fn memory_bytes_in_files(&self, index: usize) -> u64 {
        let (before, _) = self.tables(index);
        if before < crate::Spill::DEFAULT_FROM_STATES {
            // (Smaller tables stay in memory.)
            return self.memory_bytes(index);
        }
        let batch = (before / 16).clamp(1, DISK_BATCH_STATES);
        let batch = ((3 * batch) as f64 * self.entry_bytes as f64 * self.step_factor) as u64;
        batch.min(self.memory_bytes(index))
    }

    /// The bytes of files a step in files holds at most: about one and a half times the
    /// memory of the larger of its two tables (the compact entries take about half their
    /// bytes in memory; the table read, the runs and the table written overlap).
    pub fn disk_bytes(&self, index: usize) -> u64 {
        let (before, after) = self.tables(index);
        before.max(after) * self.entry_bytes * 3 / 2
    }

    /// The bytes of every layer's table together, as a sample keeps them for its walk back
    /// ([`crate::sample_fillings`]) in memory; in files, about half as many.
    pub fn kept_bytes(&self) -> u64 {
        let states = self
            .layers
            .iter()
            .fold(1u64, |a, l| a.saturating_add(l.states));
        states.saturating_mul(self.entry_bytes)
    }

    /// The index of the widest layer.
    pub fn widest(&self) -> Option<usize> {
        (0..self.layers.len()).max_by_key(|&i| self.layers[i].states)
    }
}

/// Estimates what counting `puzzle`'s fillings takes: the first layers are swept exactly
/// (within `options`' memory budget and deadline; its progress hook hears them) until a table
/// holds `sample_states` states, and the later tables are extrapolated (module docs). With a
/// shard in `options`, the sample sweeps that shard.
///
/// # Errors
/// A [`FrontierError`] when the program does not apply, or the frontier is too wide.
pub fn estimate_fillings(
    puzzle: &Puzzle,
    options: &FrontierOptions,
    sample_states: u64,
) -> Result<SweepEstimate, FrontierError> {
    let Some(split) = options
        .split
        .filter(|s| s.by == SplitBy::States && s.of > 1)
    else {
        return estimate(puzzle, options, sample_states, None);
    };
    // The whole count first: where it is cut, and what no shard exceeds.
    let whole = estimate(
        puzzle,
        &FrontierOptions {
            split: None,
            ..*options
        },
        sample_states,
        None,
    )?;
    let cut = whole
        .layers
        .iter()
        .position(|l| l.measured && l.states >= split.cut_states);
    let mut shard = estimate(puzzle, options, sample_states, cut.map(|c| c + 1))?;
    for (layer, whole) in shard.layers.iter_mut().zip(&whole.layers) {
        if !layer.measured {
            layer.states = layer.states.min(whole.states);
        }
    }
    shard.cut = cut.map(|c| Cut {
        layer: c + 1,
        states: whole.layers[c].states,
        kept: shard.layers[c].states,
    });
    shard.whole = Some(Box::new(whole));
    Ok(shard)
}

/// [`estimate_fillings`] of one sweep, its share of the bound fitted on the layers from
/// `fit_from` (0-based) on.
fn estimate(
    puzzle: &Puzzle,
    options: &FrontierOptions,
    sample_states: u64,
    fit_from: Option<usize>,
) -> Result<SweepEstimate, FrontierError> {
    let Some(sweep) = crate::fillings::prepare(puzzle)? else {
        return Ok(no_sweep(puzzle));
    };
    let ends = (!puzzle.is_closed()).then_some(sweep.ends.as_slice());
    let plan = Plan::new(&sweep.graph, &sweep.order, ends, false).map_err(|width| {
        FrontierError::TooWide {
            width,
            max: MAX_FRONTIER,
        }
    })?;
    let widths: Vec<usize> = plan.steps.iter().map(|s| s.work - 1).collect();
    let sample = take_sample(&plan, &widths, options, sample_states)?;
    let heard = &sample.heard;
    let measured: Vec<u64> = heard
        .iter()
        .take_while(|p| p.layer <= widths.len())
        .map(|p| p.states)
        .collect();
    let states = extrapolate(
        &measured,
        &plan.bounds,
        fit_from.unwrap_or(0),
        ceiling(plan.planar),
    );
    let entry_bytes = match heard.last() {
        Some(p) if p.states > 0 => (p.bytes / p.states).max(1),
        _ => entry_size(plan.width),
    };
    Ok(SweepEstimate {
        layers: (0..widths.len())
            .map(|i| LayerEstimate {
                layer: i + 1,
                width: widths[i],
                states: states[i],
                measured: i < measured.len(),
            })
            .collect(),
        order: sweep.order_name,
        width: plan.width,
        entry_bytes,
        step_factor: step_factor(&sample, &measured, entry_bytes),
        sample_seconds: sample.seconds,
        sample_end: sample.end,
        cut: sample.cut,
        shortcut: None,
        whole: None,
    })
}

/// The estimate of a count made without a sweep ([`Shortcut`]).
fn no_sweep(puzzle: &Puzzle) -> SweepEstimate {
    SweepEstimate {
        layers: Vec::new(),
        order: "",
        width: 0,
        entry_bytes: 0,
        step_factor: 1.0,
        sample_seconds: 0.0,
        sample_end: None,
        cut: None,
        shortcut: Some(crate::fillings::shortcut(puzzle)),
        whole: None,
    }
}

/// What the sample swept: the progress of each layer, why it ended (`None`: it swept them
/// all), the most bytes it held (0 when it was stopped), where it cut a sharded sweep, and the
/// seconds it took.
struct Sample {
    heard: Vec<LayerProgress>,
    end: Option<SampleEnd>,
    peak_bytes: u64,
    cut: Option<Cut>,
    seconds: f64,
}

/// Sweeps the first layers of `plan` (of frontiers of `widths`) exactly, in memory, until the
/// sample has enough (module docs) or `options`' deadline or memory budget stops it; the
/// progress hook of `options` hears every layer.
fn take_sample(
    plan: &Plan,
    widths: &[usize],
    options: &FrontierOptions,
    sample_states: u64,
) -> Result<Sample, FrontierError> {
    let heard: Mutex<Vec<LayerProgress>> = Mutex::new(Vec::new());
    let enough = Cancel::new();
    let reach = AtomicBool::new(false);
    let hear = |p: &LayerProgress| {
        if let Some(progress) = options.progress {
            progress(p);
        }
        let mut heard = heard.lock().unwrap_or_else(|e| e.into_inner());
        heard.push(*p);
        // Enough: a table has held the sample's states and the share of the bound has turned,
        // or a table holds SAMPLE_REACH times the sample's states.
        if p.states >= sample_states.saturating_mul(SAMPLE_REACH) {
            reach.store(true, Ordering::Relaxed);
            enough.cancel();
        } else if heard.iter().any(|h| h.states >= sample_states) {
            let states: Vec<u64> = heard
                .iter()
                .take_while(|h| h.layer <= widths.len())
                .map(|h| h.states)
                .collect();
            if turned(&states, &plan.bounds, widths) {
                enough.cancel();
            }
        }
    };
    // Stopped by the caller's deadline and cancel, and by `enough`; a wind-down waits for the
    // count itself.
    let budget = Budget {
        wind_down: None,
        ..options.budget.and_cancel(&enough)
    };
    let sample_options = FrontierOptions {
        budget: &budget,
        progress: Some(&hear),
        spill: None,
        checkpoint: None,
        ..*options
    };
    let started = Instant::now();
    let swept = if plan.width <= MAX_FRONTIER_COMPACT {
        crate::store::sweep::<Compact64>(plan, &sample_options)
    } else {
        crate::store::sweep::<Key128>(plan, &sample_options)
    };
    let seconds = started.elapsed().as_secs_f64();
    let (end, peak_bytes, cut) = match swept {
        Ok(swept) => (None, swept.peak_bytes, swept.cut),
        Err(e @ FrontierError::Stopped { .. }) if options.budget.is_cancelled() => return Err(e),
        Err(FrontierError::Stopped {
            why: Stopped::Cancelled,
            ..
        }) if reach.load(Ordering::Relaxed) => (Some(SampleEnd::Reach), 0, None),
        Err(FrontierError::Stopped {
            why: Stopped::Cancelled,
            ..
        }) => (Some(SampleEnd::States), 0, None),
        Err(FrontierError::Stopped {
            why: Stopped::Timeout,
            ..
        }) => (Some(SampleEnd::Timeout), 0, None),
        Err(FrontierError::OverMemory { .. }) => (Some(SampleEnd::Memory), 0, None),
        Err(e) => return Err(e),
    };
    Ok(Sample {
        heard: heard.into_inner().unwrap_or_else(|e| e.into_inner()),
        end,
        peak_bytes,
        cut,
        seconds,
    })
}

/// What a step held beyond its two tables, at the sample's largest step (`measured` the
/// states of its layers, of `entry_bytes` each).
fn step_factor(sample: &Sample, measured: &[u64], entry_bytes: u64) -> f64 {
    let heard = &sample.heard;
    let peak_bytes = sample
        .peak_bytes
        .max(heard.iter().map(|p| p.bytes).max().unwrap_or(0));
    let largest_step = (0..measured.len())
        .map(|i| (if i == 0 { 1 } else { measured[i - 1] }) + measured[i])
        .max()
        .unwrap_or(1);
    match sample.end {
        // A stopped sample reports no peak: the step's tables, as the progress saw them.
        Some(_) => 1.5,
        None => (peak_bytes as f64 / (largest_step * entry_bytes) as f64).max(1.0),
    }
}

/// Bytes of a state with a 64-bit count and the key of a frontier of `width`.
fn entry_size(width: usize) -> u64 {
    if width <= MAX_FRONTIER_COMPACT {
        std::mem::size_of::<(Compact64, u64)>() as u64
    } else {
        std::mem::size_of::<(Key128, u64)>() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::Moves;

    /// A rook's board's plan pairs its frontier's segment ends without crossing: from a sample
    /// of a hundred states its widest table is within half and one and a half times the widest
    /// the sweep measures (a sample past every table). With any pairing it was 2.7 times over.
    #[test]
    fn a_rook_boards_plan_comes_close_to_its_widest_table() {
        let options = FrontierOptions::default();
        for (size, closed) in [(10, true), (12, false)] {
            let puzzle = Puzzle::blank(size, size, Moves::Rook, closed).expect("a board");
            let truth = estimate_fillings(&puzzle, &options, u64::MAX).unwrap();
            assert_eq!(truth.measured(), truth.layers.len());
            let estimate = estimate_fillings(&puzzle, &options, 100).unwrap();
            assert!(estimate.measured() < estimate.layers.len());
            let widest = |e: &SweepEstimate| e.layers[e.widest().unwrap()].states as f64;
            let ratio = widest(&estimate) / widest(&truth);
            assert!((0.5..=1.5).contains(&ratio), "{size}x{size}: {ratio}");
        }
    }
}
