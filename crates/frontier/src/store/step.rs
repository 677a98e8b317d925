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
use crate::plan::Plan;
use crate::spill::{Segment, SpillFile};
use num_bigint::BigUint;
use num_traits::Zero;
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

/// One step: the table after vertex `index` of the sweep from the table before it, in memory
/// or (`to_disk`) in files. `None` when it stopped (the reason is in `ctx`).
///
/// Long because it is one parallel step of the program: sizing the output parts and the
/// tasks, running the transitions of every state in parallel, and merging the parts, with the
/// memory and the deadline checked between them.
pub(super) fn step<K: Key, C: Count>(
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
