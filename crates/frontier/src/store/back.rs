//! The walk back of a sample: from cycles (or paths) given by their ranks to their edges,
//! through the tables a sweep kept, one scan of each table for every sample at once.
//!
//! A cycle's rank among all of them names the layer where it closed (the cycles of a layer
//! come after those of the layers before), a state of that layer's input table and a choice
//! of the transition, and the rank among the cycles through that state and choice. Walking
//! back, each sample stands on a state of table i + 1 with a rank below its count; that count
//! is the sum of the counts of its predecessors in table i, each with the choice that leads
//! from it. The predecessors are found by running the forward transition ([`Plan::expand`])
//! on every state of table i, not by inverting it: the code that made the counts is the one
//! that finds them again. The sample moves to the predecessor whose running sum of counts
//! covers its rank, and keeps the edges of the choice. A state with predecessors whose counts
//! do not add up to its own stops the walk: a table that is wrong never biases a draw.
//!
//! The predecessors of each target are sorted by key and choice, so that the walk depends on
//! the tables' contents only, never on how they were split into parts, held, or by how many
//! threads they were scanned. `encodings/sampling.md` tells the method.

use super::ctx::Ctx;
use super::parts::{entry_bytes, part_bytes, read_segment, Stored};
use super::table::Table;
use super::{Walk, WalkProgress};
use crate::counts::{Count, Residue, Upper, U256};
use crate::keys::Key;
use crate::plan::{Choice, Plan, Step};
use num_bigint::BigUint;
use num_traits::Zero;
use rayon::prelude::*;

/// The table that step `index` of the sweep read, kept, with its counts' bits and the
/// cycles (or paths) the step completed.
pub(crate) struct Kept<K> {
    pub(super) table: Table<K>,
    pub(super) bits: u64,
    pub(super) completed: BigUint,
}

/// A predecessor of a target: the state `pred` of the table before, the choice that leads
/// from it to the target (or closes the cycle, for `target` `None`), and its count.
struct Hit<K> {
    target: Option<K>,
    pred: K,
    choice: Choice,
    count: BigUint,
}

/// One sample on its way back.
struct Walker<K> {
    /// The layer whose step closed its cycle.
    closed_at: usize,
    /// The state it stands on (of the table after the layer being walked), once it started.
    at: Option<K>,
    /// Its rank among the partial solutions that reach `at`, and their number.
    rank: BigUint,
    count: BigUint,
    edges: Walk,
}

/// The edges of the cycle (or path) of each rank in `ranks` (each below the sum of the
/// layers' completed counts), walking back through `kept`, which the walk frees as it passes.
/// `None` when the budget stopped it.
///
/// # Panics
/// If the counts of a state's predecessors do not add up to its count (the tables are wrong).
pub(super) fn walk<K: Key>(
    ctx: &Ctx,
    plan: &Plan,
    mut kept: Vec<Kept<K>>,
    ranks: Vec<BigUint>,
    on_walk: Option<&(dyn Fn(WalkProgress) + Sync)>,
) -> Option<Vec<Walk>> {
    let mut walkers: Vec<Walker<K>> = ranks.into_iter().map(|r| start(&kept, r)).collect();
    let layers = kept.len();
    let tell = |walked| {
        if let Some(hear) = on_walk {
            hear(WalkProgress {
                walked,
                layers,
                bytes: ctx.used(),
                disk_bytes: ctx.disk.now(),
            });
        }
    };
    tell(0);
    while let Some(layer) = kept.pop() {
        let index = kept.len();
        let step = &plan.steps[index];
        let mut targets: Vec<K> = walkers.iter().filter_map(|w| w.at).collect();
        targets.sort_unstable();
        targets.dedup();
        let want_closed = walkers.iter().any(|w| w.closed_at == index);
        let mut hits = scan(ctx, plan, step, layer, &targets, want_closed)?;
        hits.sort_unstable_by(|a, b| {
            (a.target, a.pred, a.choice).cmp(&(b.target, b.pred, b.choice))
        });
        for walker in walkers
            .iter_mut()
            .filter(|w| w.at.is_some() || w.closed_at == index)
        {
            move_back(walker, step, &hits);
        }
        tell(layers - kept.len());
    }
    Some(
        walkers
            .into_iter()
            .map(|w| {
                assert!(
                    w.at == Some(K::default()) && w.count == BigUint::from(1u8),
                    "a walk back ends at the empty frontier, once"
                );
                w.edges
            })
            .collect(),
    )
}

/// A walker for the cycle of `rank`: the layer whose completed cycles its rank falls in, and
/// its rank among them.
fn start<K>(kept: &[Kept<K>], mut rank: BigUint) -> Walker<K> {
    for (layer, k) in kept.iter().enumerate() {
        if rank < k.completed {
            return Walker {
                closed_at: layer,
                at: None,
                rank,
                count: k.completed.clone(),
                edges: Vec::new(),
            };
        }
        rank -= &k.completed;
    }
    panic!("a rank beyond the count");
}

/// Moves `walker` back over `step` to the predecessor whose running sum of counts covers its
/// rank (`hits` sorted, so that each target's predecessors lie together), keeping its edges.
fn move_back<K: Key>(walker: &mut Walker<K>, step: &Step, hits: &[Hit<K>]) {
    let target = walker.at;
    let from = hits.partition_point(|h| h.target < target);
    let to = hits.partition_point(|h| h.target <= target);
    let preds = &hits[from..to];
    let total: BigUint = preds.iter().map(|h| &h.count).sum();
    assert_eq!(
        total, walker.count,
        "the predecessors of a state add up to its count"
    );
    let mut below = BigUint::zero();
    for hit in preds {
        let next = &below + &hit.count;
        if walker.rank < next {
            walker.rank -= &below;
            walker.count = hit.count.clone();
            walker.at = Some(hit.pred);
            if hit.choice.mirror > 0 {
                // The choice made the mirror image of the target: the edges after it complete
                // the target, and their image completes what the choice made.
                let back = &step.unmirror[usize::from(hit.choice.mirror) - 1];
                for (x, y) in &mut walker.edges {
                    (*x, *y) = (back[*x], back[*y]);
                }
            }
            let v = step.vertices[0];
            walker.edges.extend(
                hit.choice
                    .targets()
                    .iter()
                    .map(|&t| (v, step.vertices[usize::from(t)])),
            );
            return;
        }
        below = next;
    }
    unreachable!("the rank is below the count");
}

/// The predecessors in `layer`'s table (step `step`'s input) of the `targets` (sorted), and
/// its states that close a cycle when `want_closed`; the table is freed as it is read.
fn scan<K: Key>(
    ctx: &Ctx,
    plan: &Plan,
    step: &Step,
    layer: Kept<K>,
    targets: &[K],
    want_closed: bool,
) -> Option<Vec<Hit<K>>> {
    let bits = layer.bits;
    macro_rules! scan {
        ($parts:expr, $c:ty) => {
            scan_parts::<K, $c>(
                ctx,
                plan,
                step,
                $parts,
                entry_bytes::<K, $c>(bits),
                targets,
                want_closed,
            )
        };
    }
    match layer.table {
        Table::W64(p) => scan!(p, u64),
        Table::W128(p) => scan!(p, u128),
        Table::W256(p) => scan!(p, U256),
        Table::Big(p) => scan!(p, BigUint),
        Table::Residue(p) => scan!(p, Residue),
        Table::Upper(p) => scan!(p, Upper),
    }
}

/// [`scan`] of the parts of one count type, `entry` bytes an entry.
fn scan_parts<K: Key, C: Count>(
    ctx: &Ctx,
    plan: &Plan,
    step: &Step,
    parts: Vec<Stored<K, C>>,
    entry: u64,
    targets: &[K],
    want_closed: bool,
) -> Option<Vec<Hit<K>>> {
    let mut hits = Vec::new();
    for stored in parts {
        if ctx.should_stop() {
            return None;
        }
        let part = match stored {
            Stored::Mem(part) => part,
            Stored::Disk(segment) => read_segment(ctx, &segment, entry)?,
        };
        let found: Vec<Vec<Hit<K>>> = part
            .par_chunks(1 << 14)
            .map(|chunk| hits_in(plan, step, chunk, targets, want_closed))
            .collect();
        hits.extend(found.into_iter().flatten());
        ctx.release(part_bytes(part.capacity(), entry));
    }
    Some(hits)
}

/// The hits among the states of `chunk` ([`scan`]).
fn hits_in<K: Key, C: Count>(
    plan: &Plan,
    step: &Step,
    chunk: &[(K, C)],
    targets: &[K],
    want_closed: bool,
) -> Vec<Hit<K>> {
    let mut hits = Vec::new();
    let (mut found, mut closed): (Vec<(Option<K>, Choice)>, Vec<Choice>) = (vec![], vec![]);
    for (key, count) in chunk {
        plan.expand::<K, true>(
            step,
            *key,
            &mut |next, choice| {
                if targets.binary_search(&next).is_ok() {
                    found.push((Some(next), choice));
                }
            },
            &mut |k, choice| {
                if k == 0 && want_closed {
                    closed.push(choice);
                }
            },
        );
        let closing = closed.drain(..).map(|choice| (None, choice));
        hits.extend(found.drain(..).chain(closing).map(|(target, choice)| Hit {
            target,
            pred: *key,
            choice,
            count: count.to_big(),
        }));
    }
    hits
}

#[cfg(test)]
thread_local! {
    /// Tests: add one to the cycles the last kept layer completed, as a wrong table would.
    pub(crate) static SKEW: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Tests: the count off by one ([`SKEW`]), on this thread's sweeps.
#[cfg(test)]
pub(super) fn skew_for_test<K>(kept: &mut [Kept<K>], total: &mut BigUint) {
    if let (true, Some(last)) = (
        SKEW.get(),
        kept.iter_mut().rev().find(|k| !k.completed.is_zero()),
    ) {
        last.completed += 1u8;
        *total += 1u8;
    }
}
