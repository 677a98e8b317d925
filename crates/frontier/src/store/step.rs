//! One step of the sweep: the table after a vertex from the table before it. Parallel tasks
//! expand a batch of input parts at a time into pieces of the output parts, which are merged
//! into what the parts hold so far, in memory; or, for a step to disk, written as sorted runs
//! to files and merged into the table's files once the whole input is read ([`merge_runs`]).

use super::ctx::Ctx;
use super::merge::{merge, merge_sorted};
use super::parts::{file_of, load, new_files, part_bytes, read_segment, store, Part, Stored};
use crate::counts::{Count, Sum};
use crate::keys::Key;
use crate::par;
use crate::plan::{Plan, Step};
use crate::spill::{Segment, SpillFile};
use num_bigint::BigUint;
use num_traits::Zero;
use std::iter::Peekable;
use std::sync::Arc;

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
pub(super) struct StepOut<K, C> {
    pub(super) parts: Vec<Stored<K, C>>,
    pub(super) states: u64,
    pub(super) sum: BigUint,
    pub(super) completed: BigUint,
    /// Counting prefixes: as [`TaskOut::prefixes`], added up.
    pub(super) prefixes: Vec<BigUint>,
}

/// How one step is laid out: its output parts, the states of its tasks, and what their buffers
/// cost.
#[derive(Clone, Copy)]
struct Layout {
    /// The output parts: `1 << part_bits` of them, a key's part fixed by its hash.
    part_bits: u32,
    n_parts: usize,
    /// States read by one task.
    task_states: usize,
    /// The headers of a task's pieces and of their places in the lists of the parts, given
    /// back after the batch's merge.
    header_bytes: u64,
    /// Bytes of an entry of the tables.
    entry: u64,
    /// Counting prefixes: the sums of prefix cycles a task keeps ([`TaskOut::prefixes`]; none
    /// for other sweeps).
    n_prefixes: usize,
    /// The modulus the counts are added with ([`super::ctx::Arithmetic::modulus`]).
    modulus: u64,
}

impl Layout {
    /// The layout of step `index` of `plan`, which reads `in_states` states of `entry` bytes.
    fn new<K: Key, C: Count>(
        ctx: &Ctx,
        plan: &Plan,
        index: usize,
        in_states: u64,
        entry: u64,
    ) -> Layout {
        let step = &plan.steps[index];
        // Output parts of about PART_STATES states, guessing two successors a state, and enough
        // of them to keep every thread merging (a small table stays in one part).
        let guess = in_states.saturating_mul(2) / PART_STATES;
        let threads = rayon::current_num_threads() as u64;
        let floor = if in_states < 1 << 12 { 1 } else { 4 * threads };
        let part_bits = (guess.max(floor).next_power_of_two().trailing_zeros()).min(12);
        let n_parts = 1usize << part_bits;
        // Tasks of a 256th of the table, within bounds, and small enough that their buffers
        // (for the most successors a state can have) stay within RAW_STATES entries.
        let task_states = ((in_states / 256) as usize)
            .clamp(MIN_TASK_STATES, TASK_STATES)
            .min((RAW_STATES / step.max_branch).max(256));
        Layout {
            part_bits,
            n_parts,
            task_states,
            header_bytes: 2 * (n_parts * std::mem::size_of::<Part<K, C>>()) as u64,
            entry,
            // Counting prefixes: a cycle closed at this step is of the first `index + k`
            // vertices, `k` from 1 to the frontier's size.
            n_prefixes: if plan.prefixes { step.work } else { 0 },
            modulus: ctx.arithmetic.modulus(),
        }
    }
}

/// One step: the table after vertex `index` of the sweep from the table before it, in memory
/// or (`to_disk`) in files. `None` when it stopped (the reason is in `ctx`).
///
/// It sizes the output parts and the tasks ([`Layout`]), then reads the input in batches of
/// parts, each turned into successors by parallel tasks ([`expand_task`]) and merged into the
/// output (or written as runs) before the next is read, with the memory and the deadline
/// checked between them.
pub(super) fn step<K: Key, C: Count>(
    ctx: &Ctx,
    plan: &Plan,
    index: usize,
    input: Vec<Stored<K, C>>,
    in_states: u64,
    entry: u64,
    to_disk: bool,
) -> Option<StepOut<K, C>> {
    let layout = Layout::new::<K, C>(ctx, plan, index, in_states, entry);
    let n_parts = layout.n_parts;
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
    let mut prefixes: Vec<Sum> = (0..layout.n_prefixes).map(|_| Sum::default()).collect();
    loop {
        let batch = next_batch(&mut input, batch_states);
        if batch.is_empty() {
            break;
        }
        let tasks = read_batch(ctx, plan, index, &layout, batch);
        if ctx.should_stop() {
            return None;
        }
        let n_tasks = tasks.len() as u64;
        let by_part = gather(ctx, &layout, tasks, &mut completed, &mut prefixes);
        if let Some((files, runs)) = &mut runs {
            write_runs(ctx, &layout, files, runs, by_part)?;
        } else {
            out = merge_batch(ctx, entry, out, by_part)?;
        }
        ctx.release(n_tasks * layout.header_bytes);
    }
    if let Some((files, runs)) = runs {
        // The runs alone hold their files now: each goes once its group's parts are merged.
        drop(files);
        let mut step = merge_runs(ctx, runs, entry)?;
        step.completed = completed.total();
        step.prefixes = prefixes.into_iter().map(Sum::total).collect();
        return Some(step);
    }
    let (parts, states, sum) = in_memory(ctx, out, entry);
    Some(StepOut {
        parts,
        states,
        sum,
        completed: completed.total(),
        prefixes: prefixes.into_iter().map(Sum::total).collect(),
    })
}

/// The next batch of input parts: parts until they hold `batch_states` states (and at least
/// one, while any is left).
fn next_batch<K: Key, C: Count>(
    input: &mut Peekable<std::vec::IntoIter<Stored<K, C>>>,
    batch_states: u64,
) -> Vec<Stored<K, C>> {
    let mut batch = Vec::new();
    let mut taken = 0u64;
    while let Some(part) = input.next_if(|_| taken < batch_states) {
        taken += part.states();
        batch.push(part);
    }
    batch
}

/// The tasks of a batch of input parts, in parallel: each part is loaded, read by tasks of
/// [`Layout::task_states`] states ([`expand_task`]) and freed as soon as they are done. A task
/// that stopped is `None`.
fn read_batch<K: Key, C: Count>(
    ctx: &Ctx,
    plan: &Plan,
    index: usize,
    layout: &Layout,
    batch: Vec<Stored<K, C>>,
) -> Vec<Option<TaskOut<K, C>>> {
    let step = &plan.steps[index];
    let entry = layout.entry;
    let generate = |chunk: &[(K, C)]| expand_task(ctx, plan, step, layout, chunk);
    par::map(batch, |stored| {
        let Some(part) = load(ctx, stored, entry) else {
            return vec![None];
        };
        let outs = par::map(part.chunks(layout.task_states).collect(), generate);
        ctx.release(part_bytes(part.capacity(), entry));
        drop(part);
        outs
    })
    .into_iter()
    .flatten()
    .collect()
}

/// One task: the successors of the states of `chunk` by `step`, each with its parent's count,
/// in a piece for each output part, and the cycles or paths the states complete. `None` when
/// the count stops (the task then holds no bytes).
fn expand_task<K: Key, C: Count>(
    ctx: &Ctx,
    plan: &Plan,
    step: &Step,
    layout: &Layout,
    chunk: &[(K, C)],
) -> Option<TaskOut<K, C>> {
    if ctx.should_stop() {
        return None;
    }
    let capacity = chunk.len() * step.max_branch;
    let raw_bytes = part_bytes(capacity, layout.entry);
    let header_bytes = layout.header_bytes;
    // With the headers of the task's pieces and of their places in the lists of the parts,
    // given back after the batch's merge.
    if !ctx.reserve(raw_bytes + header_bytes) {
        return None;
    }
    let modulus = layout.modulus;
    let mut raw: Vec<(K, C)> = Vec::with_capacity(capacity);
    let mut completed = C::default();
    let mut prefixes = vec![C::default(); layout.n_prefixes];
    for (i, (key, count)) in chunk.iter().enumerate() {
        if i % POLL_STATES == POLL_STATES - 1 && ctx.should_stop() {
            ctx.release(raw_bytes + header_bytes);
            return None;
        }
        plan.expand::<K, false>(
            step,
            *key,
            &mut |k, _| raw.push((k, count.clone())),
            &mut |k, _| {
                let sum = match k {
                    0 => &mut completed,
                    _ => &mut prefixes[k - 1],
                };
                assert!(sum.add(count, modulus), "a layer's sums fit its count type");
            },
        );
    }
    debug_assert!(raw.len() <= capacity);
    let pieces = into_pieces(ctx, layout, raw, raw_bytes)?;
    Some(TaskOut {
        pieces,
        completed,
        prefixes,
    })
}

/// A task's successors `raw` (`raw_bytes` reserved for them) split into a piece for each
/// output part. `None` when the budget stops it (the task's bytes are then given back).
fn into_pieces<K: Key, C: Count>(
    ctx: &Ctx,
    layout: &Layout,
    mut raw: Part<K, C>,
    raw_bytes: u64,
) -> Option<Vec<Part<K, C>>> {
    let (part_bits, entry) = (layout.part_bits, layout.entry);
    if layout.n_parts == 1 {
        raw.shrink_to_fit();
        ctx.release(raw_bytes - part_bytes(raw.capacity(), entry));
        return Some(vec![raw]);
    }
    let mut sizes = vec![0usize; layout.n_parts];
    for (k, _) in &raw {
        sizes[k.part(part_bits)] += 1;
    }
    if !ctx.reserve(part_bytes(raw.len(), entry)) {
        ctx.release(raw_bytes + layout.header_bytes);
        return None;
    }
    let mut pieces: Vec<Part<K, C>> = sizes.iter().map(|&s| Vec::with_capacity(s)).collect();
    for (k, c) in raw {
        pieces[k.part(part_bits)].push((k, c));
    }
    ctx.release(raw_bytes);
    Some(pieces)
}

/// The pieces of a batch's `tasks`, gathered by output part (empty ones freed), their
/// completed cycles or paths added to `completed` and their prefixes' cycles to `prefixes`.
fn gather<K: Key, C: Count>(
    ctx: &Ctx,
    layout: &Layout,
    tasks: Vec<Option<TaskOut<K, C>>>,
    completed: &mut Sum,
    prefixes: &mut [Sum],
) -> Vec<Vec<Part<K, C>>> {
    let mut by_part: Vec<Vec<Part<K, C>>> = (0..layout.n_parts)
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
                ctx.release(part_bytes(piece.capacity(), layout.entry));
            } else {
                by_part[p].push(piece);
            }
        }
    }
    by_part
}

/// A step to disk: each part's successors of this batch (`by_part`), sorted, as one run in its
/// group's file of `files`, added to the part's `runs`. `None` when the count stopped.
fn write_runs<K: Key, C: Count>(
    ctx: &Ctx,
    layout: &Layout,
    files: &[Arc<SpillFile>],
    runs: &mut [Vec<Segment>],
    by_part: Vec<Vec<Part<K, C>>>,
) -> Option<()> {
    let (n_parts, entry) = (layout.n_parts, layout.entry);
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
    Some(())
}

/// A step in memory: each output part's successors of this batch (`by_part`) merged into what
/// it holds so far (`out`). `None` when the count stopped.
fn merge_batch<K: Key, C: Count>(
    ctx: &Ctx,
    entry: u64,
    out: Vec<Part<K, C>>,
    by_part: Vec<Vec<Part<K, C>>>,
) -> Option<Vec<Part<K, C>>> {
    let merged: Vec<Option<Part<K, C>>> = par::map(
        out.into_iter().zip(by_part).collect(),
        |(so_far, pieces)| merge(ctx, so_far, pieces, entry),
    );
    if ctx.should_stop() {
        return None;
    }
    Some(
        merged
            .into_iter()
            .map(|m| m.expect("a merge that stopped halted the step"))
            .collect(),
    )
}

/// The table of a step in memory: its output parts that are not empty (the empty ones freed),
/// with their states and the sum of their counts.
fn in_memory<K: Key, C: Count>(
    ctx: &Ctx,
    out: Vec<Part<K, C>>,
    entry: u64,
) -> (Vec<Stored<K, C>>, u64, BigUint) {
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
    (parts, states, sum)
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
