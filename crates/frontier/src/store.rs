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
//! step reads the table a part at a time. Batches are then smaller ([`DISK_BATCH_STATES`]), so
//! that the memory holds little more than one batch's successors.
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

mod resume;

use crate::classes::Classes;
use crate::counts::{widen, Count, Residue, Sum, Upper, Width, U256};
use crate::keys::Key;
use crate::par;
use crate::plan::Plan;
use crate::spill::{self, DiskUse, Segment, SpillFile};
use crate::{Cut, FrontierError, FrontierOptions, LayerProgress, Share, Split, SplitBy};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// States read by one task, at most.
const TASK_STATES: usize = 1 << 19;
/// States read by one task, at least (unless the table is smaller).
const MIN_TASK_STATES: usize = 1 << 14;
/// The most successors a task's buffer is made for.
const RAW_STATES: usize = 1 << 23;
/// How often a task looks at the clock and the cancel flag.
const POLL_STATES: usize = 1 << 14;
/// The size of an output part the step aims at.
const PART_STATES: u64 = 1 << 19;
/// A layer reads its input in about this many batches…
const BATCHES: u64 = 4;
/// … of at least this many states.
const BATCH_STATES: u64 = 1 << 22;
/// A step that writes its output to files reads its input in batches of a sixteenth of it…
const DISK_BATCHES: u64 = 16;
/// … and of at most this many states, whose successors (some tens of millions) are what its
/// memory holds.
const DISK_BATCH_STATES: u64 = 1 << 22;

/// Why a step stopped.
#[derive(Clone, Debug)]
enum Stop {
    Memory(u64),
    Timeout,
    Cancelled,
    /// A table file failed: what the system said.
    Disk(String),
}

/// The shared state of one count: the budget's accounting, the stop flag.
pub(crate) struct Ctx<'a> {
    options: &'a FrontierOptions<'a>,
    used: AtomicU64,
    peak: AtomicU64,
    halted: AtomicBool,
    reason: Mutex<Option<Stop>>,
    /// The bytes of the table files ([`crate::Spill`]).
    disk: Arc<DiskUse>,
    /// How the counts are kept.
    arithmetic: Arithmetic,
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

    /// The modulus [`Count::add`] takes (0 when there is none).
    fn modulus(self) -> u64 {
        match self {
            Arithmetic::Modulo(p) => p,
            _ => 0,
        }
    }
}

impl<'a> Ctx<'a> {
    fn new(options: &'a FrontierOptions<'a>, arithmetic: Arithmetic) -> Ctx<'a> {
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
    fn disk_failed(&self, error: std::io::Error) {
        self.halt(Stop::Disk(error.to_string()));
    }

    /// A new table file, or `None` (halted) if it cannot be made.
    fn new_file(&self) -> Option<Arc<SpillFile>> {
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
    fn reserve(&self, bytes: u64) -> bool {
        let now = self.used.fetch_add(bytes, Ordering::Relaxed) + bytes;
        if now > self.options.memory_budget {
            self.used.fetch_sub(bytes, Ordering::Relaxed);
            self.halt(Stop::Memory(now));
            return false;
        }
        self.peak.fetch_max(now, Ordering::Relaxed);
        true
    }

    fn release(&self, bytes: u64) {
        let before = self.used.fetch_sub(bytes, Ordering::Relaxed);
        debug_assert!(before >= bytes, "released more than was reserved");
    }

    fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// Whether to stop: already halted, past the deadline, or cancelled.
    fn should_stop(&self) -> bool {
        if self.halted.load(Ordering::Relaxed) {
            return true;
        }
        if self.options.deadline.is_some_and(|d| Instant::now() >= d) {
            self.halt(Stop::Timeout);
            return true;
        }
        if self
            .options
            .cancel
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            self.halt(Stop::Cancelled);
            return true;
        }
        false
    }

    fn error(&self, layer: usize, layers: usize, states: u64) -> FrontierError {
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
            Stop::Timeout => FrontierError::Timeout { layer, layers },
            Stop::Cancelled => FrontierError::Cancelled { layer, layers },
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

type Part<K, C> = Vec<(K, C)>;

/// A part of a table: in memory, or in a file.
enum Stored<K, C> {
    Mem(Part<K, C>),
    Disk(Segment),
}

impl<K, C> Stored<K, C> {
    fn states(&self) -> u64 {
        match self {
            Stored::Mem(part) => part.len() as u64,
            Stored::Disk(segment) => segment.states,
        }
    }
}

/// The entries of a part, read from its file if it is in one (and then charged to the
/// budget); `None` when that stopped the count.
fn load<K: Key, C: Count>(ctx: &Ctx, stored: Stored<K, C>, entry: u64) -> Option<Part<K, C>> {
    match stored {
        Stored::Mem(part) => Some(part),
        Stored::Disk(segment) => read_segment(ctx, &segment, entry),
    }
}

/// A segment's entries, read from its file and charged to the budget (its bytes too, while
/// they are read); `None` when that stopped the count.
fn read_segment<K: Key, C: Count>(ctx: &Ctx, segment: &Segment, entry: u64) -> Option<Part<K, C>> {
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
fn store<K: Key, C: Count>(
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
fn part_bytes(capacity: usize, entry: u64) -> u64 {
    capacity as u64 * entry
}

/// What one task made.
struct TaskOut<K, C> {
    pieces: Vec<Part<K, C>>,
    completed: C,
    /// Counting prefixes: the cycles of the first `i + k` vertices at `k - 1` ([`Plan::expand`]).
    prefixes: Vec<C>,
}

/// The runs of a step to disk: the run files (one for each group of parts) and each output
/// part's runs in them.
type Runs = (Vec<Arc<SpillFile>>, Vec<Vec<Segment>>);

/// What one step made.
struct StepOut<K, C> {
    parts: Vec<Stored<K, C>>,
    states: u64,
    sum: BigUint,
    completed: BigUint,
    /// Counting prefixes: as [`TaskOut::prefixes`], added up.
    prefixes: Vec<BigUint>,
}

/// One step: the table after vertex `index` of the sweep from the table before it, in memory
/// or (`to_disk`) in files. `None` when it stopped (the reason is in `ctx`).
///
/// Long because it is one parallel step of the program: sizing the output parts and the
/// tasks, running the transitions of every state in parallel, and merging the parts, with the
/// memory and the deadline checked between them.
fn step<K: Key, C: Count>(
    ctx: &Ctx,
    plan: &Plan,
    index: usize,
    input: Vec<Stored<K, C>>,
    in_states: u64,
    entry: u64,
    to_disk: bool,
) -> Option<StepOut<K, C>> {
    let step = &plan.steps[index];
    // Output parts of about PART_STATES states, guessing two successors a state, and enough
    // of them to keep every thread merging (a small table stays in one part).
    let guess = in_states.saturating_mul(2) / PART_STATES;
    let threads = rayon::current_num_threads() as u64;
    let floor = if in_states < 1 << 12 { 1 } else { 4 * threads };
    let part_bits = (guess.max(floor).next_power_of_two().trailing_zeros()).min(12);
    let n_parts = 1usize << part_bits;
    // Tasks of a 256th of the table, within bounds, and small enough that their buffers (for
    // the most successors a state can have) stay within RAW_STATES entries.
    let task_states = ((in_states / 256) as usize)
        .clamp(MIN_TASK_STATES, TASK_STATES)
        .min((RAW_STATES / step.max_branch).max(256));

    let header_bytes = 2 * (n_parts * std::mem::size_of::<Part<K, C>>()) as u64;
    let modulus = ctx.arithmetic.modulus();
    // Counting prefixes: a cycle closed at this step is of the first `index + k` vertices,
    // `k` from 1 to the frontier's size.
    let n_prefixes = if plan.prefixes { step.work } else { 0 };
    let generate = |chunk: &[(K, C)]| -> Option<TaskOut<K, C>> {
        if ctx.should_stop() {
            return None;
        }
        let capacity = chunk.len() * step.max_branch;
        let raw_bytes = part_bytes(capacity, entry);
        // With the headers of the task's pieces and of their places in the lists of the
        // parts, given back after the batch's merge.
        if !ctx.reserve(raw_bytes + header_bytes) {
            return None;
        }
        let mut raw: Vec<(K, C)> = Vec::with_capacity(capacity);
        let mut completed = C::default();
        let mut prefixes = vec![C::default(); n_prefixes];
        for (i, (key, count)) in chunk.iter().enumerate() {
            if i % POLL_STATES == POLL_STATES - 1 && ctx.should_stop() {
                ctx.release(raw_bytes + header_bytes);
                return None;
            }
            plan.expand(
                step,
                *key,
                &mut |k| raw.push((k, count.clone())),
                &mut |k| {
                    let sum = match k {
                        0 => &mut completed,
                        _ => &mut prefixes[k - 1],
                    };
                    assert!(sum.add(count, modulus), "a layer's sums fit its count type");
                },
            );
        }
        debug_assert!(raw.len() <= capacity);
        let pieces = if n_parts == 1 {
            raw.shrink_to_fit();
            ctx.release(raw_bytes - part_bytes(raw.capacity(), entry));
            vec![raw]
        } else {
            let mut sizes = vec![0usize; n_parts];
            for (k, _) in &raw {
                sizes[k.part(part_bits)] += 1;
            }
            if !ctx.reserve(part_bytes(raw.len(), entry)) {
                ctx.release(raw_bytes + header_bytes);
                return None;
            }
            let mut pieces: Vec<Part<K, C>> =
                sizes.iter().map(|&s| Vec::with_capacity(s)).collect();
            for (k, c) in raw {
                pieces[k.part(part_bits)].push((k, c));
            }
            ctx.release(raw_bytes);
            pieces
        };
        Some(TaskOut {
            pieces,
            completed,
            prefixes,
        })
    };

    // The input is read in batches of parts, each merged into the output before the next
    // is read: only one batch's successors wait for their merge at a time.
    let batch_states = if to_disk {
        (in_states / DISK_BATCHES).clamp(1, DISK_BATCH_STATES)
    } else {
        (in_states / BATCHES).max(BATCH_STATES)
    };
    let mut input = input.into_iter().peekable();
    let mut out: Vec<Part<K, C>> = (0..n_parts).map(|_| Vec::new()).collect();
    // A step to disk: the run files, and each output part's runs in them.
    let mut runs: Option<Runs> = None;
    if to_disk {
        runs = Some((
            new_files(ctx, n_parts)?,
            (0..n_parts).map(|_| Vec::new()).collect(),
        ));
    }
    let mut completed = Sum::default();
    let mut prefixes: Vec<Sum> = (0..n_prefixes).map(|_| Sum::default()).collect();
    loop {
        let mut batch = Vec::new();
        let mut taken = 0u64;
        while let Some(part) = input.next_if(|_| taken < batch_states) {
            taken += part.states();
            batch.push(part);
        }
        if batch.is_empty() {
            break;
        }
        let tasks: Vec<Option<TaskOut<K, C>>> = par::map(batch, |stored| {
            let Some(part) = load(ctx, stored, entry) else {
                return vec![None];
            };
            let outs = par::map(part.chunks(task_states).collect(), generate);
            ctx.release(part_bytes(part.capacity(), entry));
            drop(part);
            outs
        })
        .into_iter()
        .flatten()
        .collect();
        if ctx.should_stop() {
            return None;
        }
        let n_tasks = tasks.len() as u64;
        let mut by_part: Vec<Vec<Part<K, C>>> = (0..n_parts)
            .map(|_| Vec::with_capacity(tasks.len()))
            .collect();
        for task in tasks {
            let task = task.expect("a task that stopped halted the step");
            completed.add(&task.completed);
            for (sum, c) in prefixes.iter_mut().zip(&task.prefixes) {
                sum.add(c);
            }
            for (p, piece) in task.pieces.into_iter().enumerate() {
                if piece.is_empty() {
                    ctx.release(part_bytes(piece.capacity(), entry));
                } else {
                    by_part[p].push(piece);
                }
            }
        }
        if let Some((files, runs)) = &mut runs {
            // Each part's successors of this batch, sorted, as one run in its group's file.
            let written: Vec<Option<Option<Segment>>> =
                par::map(by_part.into_iter().enumerate().collect(), |(p, pieces)| {
                    let run = merge(ctx, Vec::new(), pieces, entry)?;
                    store(ctx, &files[file_of(p, n_parts)], run, entry)
                });
            if ctx.should_stop() {
                return None;
            }
            for (p, run) in written.into_iter().enumerate() {
                if let Some(run) = run.expect("a run that stopped halted the step") {
                    runs[p].push(run);
                }
            }
            ctx.release(n_tasks * header_bytes);
            continue;
        }
        let merged: Vec<Option<Part<K, C>>> = par::map(
            out.into_iter().zip(by_part).collect(),
            |(so_far, pieces)| merge(ctx, so_far, pieces, entry),
        );
        if ctx.should_stop() {
            return None;
        }
        out = merged
            .into_iter()
            .map(|m| m.expect("a merge that stopped halted the step"))
            .collect();
        ctx.release(n_tasks * header_bytes);
    }
    if let Some((files, runs)) = runs {
        // The runs alone hold their files now: each goes once its group's parts are merged.
        drop(files);
        let mut step = merge_runs(ctx, runs, entry)?;
        step.completed = completed.total();
        step.prefixes = prefixes.into_iter().map(Sum::total).collect();
        return Some(step);
    }
    let sums: Vec<BigUint> = par::map(out.iter().collect(), |part| {
        let mut sum = Sum::default();
        for (_, c) in part {
            sum.add(c);
        }
        sum.total()
    });
    let mut parts = Vec::with_capacity(out.len());
    let mut sum = BigUint::zero();
    let mut states = 0u64;
    for (part, part_sum) in out.into_iter().zip(sums) {
        if part.is_empty() {
            ctx.release(part_bytes(part.capacity(), entry));
            continue;
        }
        states += part.len() as u64;
        sum += part_sum;
        parts.push(Stored::Mem(part));
    }
    Some(StepOut {
        parts,
        states,
        sum,
        completed: completed.total(),
        prefixes: prefixes.into_iter().map(Sum::total).collect(),
    })
}

/// The files of a table (or of a step's runs) on disk: one for each group of parts, so that
/// each is deleted once its group has been read, while the others are still being read or
/// written; a table in one file would be deleted only once all of it had been read, and the
/// disk would hold the table read, the runs and the table written at once.
const FILES: usize = 16;

/// A new file for each group of parts of `n_parts`.
fn new_files(ctx: &Ctx, n_parts: usize) -> Option<Vec<Arc<SpillFile>>> {
    (0..n_parts.min(FILES)).map(|_| ctx.new_file()).collect()
}

/// The file of part `p` of `n_parts`: contiguous groups of parts share one.
fn file_of(p: usize, n_parts: usize) -> usize {
    p * n_parts.min(FILES) / n_parts
}

/// The table of a step to disk: each output part's runs read back and merged two by two, the
/// counts of equal keys added up, and written as one segment in its group's file (in parallel,
/// a part at a time on each thread). `completed` is left at zero.
fn merge_runs<K: Key, C: Count>(
    ctx: &Ctx,
    runs: Vec<Vec<Segment>>,
    entry: u64,
) -> Option<StepOut<K, C>> {
    let n_parts = runs.len();
    let tables = new_files(ctx, n_parts)?;
    let merged: Vec<Option<(Option<Segment>, BigUint)>> =
        par::map(runs.into_iter().enumerate().collect(), |(p, segments)| {
            if ctx.should_stop() {
                return None;
            }
            let states: u64 = segments.iter().map(|s| s.states).sum();
            if states == 0 {
                return Some((None, BigUint::zero()));
            }
            // Room for merging the runs two by two, besides the runs themselves.
            let room = part_bytes(states as usize, entry);
            if !ctx.reserve(room) {
                return None;
            }
            let mut sorted: std::collections::VecDeque<Part<K, C>> = Default::default();
            for segment in &segments {
                let run = read_segment(ctx, segment, entry);
                let read = run.is_some();
                sorted.extend(run);
                if !read || ctx.should_stop() {
                    let runs: u64 = sorted.iter().map(|r| part_bytes(r.capacity(), entry)).sum();
                    ctx.release(room + runs);
                    return None;
                }
            }
            drop(segments);
            // Merged in rounds, the two oldest runs at a time: each entry is moved about
            // log2(runs) times, where sorting them all would compare it some log2(states).
            while sorted.len() > 1 {
                let a = sorted.pop_front().expect("two runs");
                let b = sorted.pop_front().expect("two runs");
                sorted.push_back(merge_sorted(a, b, ctx.arithmetic.modulus()));
            }
            let part = sorted.pop_front().expect("a run");
            // `store` gives back the part's own bytes; the runs' and the room's go here.
            ctx.release(2 * room - part_bytes(part.capacity(), entry));
            let mut sum = Sum::default();
            for (_, c) in &part {
                sum.add(c);
            }
            Some((
                store(ctx, &tables[file_of(p, n_parts)], part, entry)?,
                sum.total(),
            ))
        });
    if ctx.should_stop() {
        return None;
    }
    let mut parts = Vec::new();
    let mut states = 0u64;
    let mut sum = BigUint::zero();
    for m in merged {
        let (segment, part_sum) = m.expect("a merge that stopped halted the step");
        if let Some(segment) = segment {
            states += segment.states;
            sum += part_sum;
            parts.push(Stored::Disk(segment));
        }
    }
    Some(StepOut {
        parts,
        states,
        sum,
        completed: BigUint::zero(),
        prefixes: Vec::new(),
    })
}

/// Adds up the counts of equal keys of a sorted vector, keeping one entry for each key.
fn dedup<K: Key, C: Count>(v: &mut Vec<(K, C)>, modulus: u64) {
    let mut w = 0;
    for r in 1..v.len() {
        if v[r].0 == v[w].0 {
            let c = std::mem::take(&mut v[r].1);
            assert!(v[w].1.add(&c, modulus), "a layer's sums fit its count type");
        } else {
            w += 1;
            v.swap(w, r);
        }
    }
    v.truncate(if v.is_empty() { 0 } else { w + 1 });
}

/// Two sorted vectors with no key twice as one, the counts of the keys they share added up.
fn merge_sorted<K: Key, C: Count>(a: Part<K, C>, b: Part<K, C>, modulus: u64) -> Part<K, C> {
    let mut merged = Vec::with_capacity(a.len() + b.len());
    let mut a = a.into_iter().peekable();
    let mut b = b.into_iter().peekable();
    loop {
        let take_a = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) => {
                if x.0 == y.0 {
                    let (k, mut c) = a.next().expect("peeked");
                    let (_, d) = b.next().expect("peeked");
                    assert!(c.add(&d, modulus), "a layer's sums fit its count type");
                    merged.push((k, c));
                    continue;
                }
                x.0 < y.0
            }
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        merged.push(if take_a { a.next() } else { b.next() }.expect("peeked"));
    }
    merged
}

/// Gathers one output part's new pieces, sorts them, adds up equal keys, and merges them
/// into what the part holds so far.
fn merge<K: Key, C: Count>(
    ctx: &Ctx,
    so_far: Part<K, C>,
    mut pieces: Vec<Part<K, C>>,
    entry: u64,
) -> Option<Part<K, C>> {
    let release_all = |pieces: &[Part<K, C>]| {
        for p in pieces {
            ctx.release(part_bytes(p.capacity(), entry));
        }
    };
    if ctx.should_stop() {
        release_all(&pieces);
        return None;
    }
    if pieces.is_empty() {
        return Some(so_far);
    }
    let mut v = if pieces.len() == 1 {
        pieces.pop().expect("one piece")
    } else {
        let total: usize = pieces.iter().map(Vec::len).sum();
        if !ctx.reserve(part_bytes(total, entry)) {
            release_all(&pieces);
            return None;
        }
        let mut v = Vec::with_capacity(total);
        for p in pieces {
            ctx.release(part_bytes(p.capacity(), entry));
            v.extend(p);
        }
        v
    };
    v.sort_unstable_by_key(|e| e.0);
    dedup(&mut v, ctx.arithmetic.modulus());
    let mut v = if so_far.is_empty() {
        ctx.release(part_bytes(so_far.capacity(), entry));
        v
    } else {
        // Both sorted: one pass, adding up the keys they share.
        if !ctx.reserve(part_bytes(so_far.len() + v.len(), entry)) {
            return None;
        }
        let (a_bytes, b_bytes) = (so_far.capacity(), v.capacity());
        let merged = merge_sorted(so_far, v, ctx.arithmetic.modulus());
        ctx.release(part_bytes(a_bytes + b_bytes, entry));
        merged
    };
    let before = v.capacity();
    v.shrink_to_fit();
    ctx.release(part_bytes(before - v.capacity(), entry));
    Some(v)
}

/// The parts with the states of `split`'s class alone ([`Split`]), and how many there are;
/// `None` when the budget stopped it.
fn keep_class<K: Key, C: Count>(
    ctx: &Ctx,
    parts: Vec<Stored<K, C>>,
    split: Split,
    entry: u64,
    width: usize,
) -> Option<(Vec<Stored<K, C>>, u64)> {
    // The cut reads the whole table (a count keeps it in memory until it is cut).
    let parts = parts
        .into_iter()
        .map(|p| load(ctx, p, entry))
        .collect::<Option<Vec<_>>>()?;
    let classes = Classes::new(&parts, width, split.of);
    let mut kept = 0u64;
    let mut out = Vec::with_capacity(parts.len());
    for mut part in parts {
        let before = part.capacity();
        part.retain(|(k, _)| classes.of(*k) == split.index);
        if !ctx.reserve(part_bytes(part.len(), entry)) {
            return None;
        }
        part.shrink_to_fit();
        ctx.release(part_bytes(before + part.len() - part.capacity(), entry));
        kept += part.len() as u64;
        if !part.is_empty() {
            out.push(Stored::Mem(part));
        }
    }
    Some((out, kept))
}

/// A table with the count type of the moment.
enum Table<K> {
    W64(Vec<Stored<K, u64>>),
    W128(Vec<Stored<K, u128>>),
    W256(Vec<Stored<K, U256>>),
    Big(Vec<Stored<K, BigUint>>),
    /// Residues modulo a prime ([`Arithmetic::Modulo`]).
    Residue(Vec<Stored<K, Residue>>),
    /// Upper bounds ([`Arithmetic::Upper`]).
    Upper(Vec<Stored<K, Upper>>),
}

fn entry_bytes<K, C: Count>(sum_bits: u64) -> u64 {
    std::mem::size_of::<(K, C)>() as u64 + C::heap_bytes(sum_bits)
}

/// Converts a table to a wider count type, part by part (a part in a file to a part in a new
/// file).
fn convert<K: Key, A: Count, B: Count>(
    ctx: &Ctx,
    parts: Vec<Stored<K, A>>,
    entry_a: u64,
    entry_b: u64,
) -> Option<Vec<Stored<K, B>>> {
    let mut out = Vec::with_capacity(parts.len());
    let mut file: Option<Arc<SpillFile>> = None;
    for stored in parts {
        let on_disk = matches!(stored, Stored::Disk(_));
        let part = load(ctx, stored, entry_a)?;
        if !ctx.reserve(part_bytes(part.len(), entry_b)) {
            return None;
        }
        let wide: Part<K, B> = part.iter().map(|(k, c)| (*k, widen::<A, B>(c))).collect();
        ctx.release(part_bytes(part.capacity(), entry_a));
        if on_disk {
            if file.is_none() {
                file = Some(ctx.new_file()?);
            }
            let file = file.as_ref().expect("made above");
            out.extend(store(ctx, file, wide, entry_b)?.map(Stored::Disk));
        } else {
            out.push(Stored::Mem(wide));
        }
    }
    Some(out)
}

impl<K: Key> Table<K> {
    /// The table (of a frontier of `width` slots) cut down to `split`'s class, and its number
    /// of states.
    fn keep_class(
        self,
        ctx: &Ctx,
        split: Split,
        bits: u64,
        width: usize,
    ) -> Option<(Table<K>, u64)> {
        macro_rules! keep {
            ($parts:expr, $c:ty, $variant:ident) => {{
                let entry = entry_bytes::<K, $c>(bits);
                let (parts, kept) = keep_class::<K, $c>(ctx, $parts, split, entry, width)?;
                (Table::$variant(parts), kept)
            }};
        }
        Some(match self {
            Table::W64(p) => keep!(p, u64, W64),
            Table::W128(p) => keep!(p, u128, W128),
            Table::W256(p) => keep!(p, U256, W256),
            Table::Big(p) => keep!(p, BigUint, Big),
            Table::Residue(p) => keep!(p, Residue, Residue),
            Table::Upper(p) => keep!(p, Upper, Upper),
        })
    }

    /// The number of parts.
    fn parts(&self) -> usize {
        match self {
            Table::W64(p) => p.len(),
            Table::W128(p) => p.len(),
            Table::W256(p) => p.len(),
            Table::Big(p) => p.len(),
            Table::Residue(p) => p.len(),
            Table::Upper(p) => p.len(),
        }
    }

    /// The width of an exact table; `None` for residues and bounds, which never widen.
    fn width(&self) -> Option<Width> {
        match self {
            Table::W64(_) => Some(Width::W64),
            Table::W128(_) => Some(Width::W128),
            Table::W256(_) => Some(Width::W256),
            Table::Big(_) => Some(Width::Big),
            Table::Residue(_) | Table::Upper(_) => None,
        }
    }

    /// The table before the first layer: the empty frontier, once.
    fn start(arithmetic: Arithmetic) -> Table<K> {
        let empty = K::default();
        match arithmetic {
            Arithmetic::Exact => Table::W64(vec![Stored::Mem(vec![(empty, 1u64)])]),
            Arithmetic::Modulo(_) => Table::Residue(vec![Stored::Mem(vec![(empty, Residue(1))])]),
            Arithmetic::Upper => Table::Upper(vec![Stored::Mem(vec![(empty, Upper(1.0))])]),
        }
    }

    /// The table with counts of at least `width` (and at most `bits` binary digits).
    fn widen(self, ctx: &Ctx, width: Width, old_bits: u64, bits: u64) -> Option<Table<K>> {
        let Some(own) = self.width().filter(|&own| own < width) else {
            return Some(self);
        };
        let ea = |w: Width| match w {
            Width::W64 => entry_bytes::<K, u64>(old_bits),
            Width::W128 => entry_bytes::<K, u128>(old_bits),
            Width::W256 => entry_bytes::<K, U256>(old_bits),
            Width::Big => entry_bytes::<K, BigUint>(old_bits),
        };
        let from = ea(own);
        let to = match width {
            Width::W64 => entry_bytes::<K, u64>(bits),
            Width::W128 => entry_bytes::<K, u128>(bits),
            Width::W256 => entry_bytes::<K, U256>(bits),
            Width::Big => entry_bytes::<K, BigUint>(bits),
        };
        macro_rules! to {
            ($parts:expr, $a:ty) => {
                match width {
                    Width::W64 => unreachable!("only wider"),
                    Width::W128 => Table::W128(convert::<K, $a, u128>(ctx, $parts, from, to)?),
                    Width::W256 => Table::W256(convert::<K, $a, U256>(ctx, $parts, from, to)?),
                    Width::Big => Table::Big(convert::<K, $a, BigUint>(ctx, $parts, from, to)?),
                }
            };
        }
        Some(match self {
            Table::W64(p) => to!(p, u64),
            Table::W128(p) => to!(p, u128),
            Table::W256(p) => to!(p, U256),
            Table::Big(_) | Table::Residue(_) | Table::Upper(_) => {
                unreachable!("nothing is wider, and residues and bounds do not widen")
            }
        })
    }
}

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
        // Files from the first large table on; a sharded count's only once it is cut.
        let to_disk = options.spill.is_some_and(|s| states >= s.from_states)
            && (options.split.is_none_or(|s| s.by == SplitBy::Residues) || cut.is_some());
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
