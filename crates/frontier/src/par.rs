//! Parallel maps through one rayon loop that is compiled once.
//!
//! The sweep is generic over its key and count types, a dozen pairs, and a rayon pipeline
//! written inside it (`par_iter().map().collect()`) is compiled again for each pair and each
//! closure: rayon's plumbing was over a third of the crate's machine code and of its build
//! time. Every parallel map of the crate goes through [`map`] instead, whose rayon loop
//! ([`for_each_index`]) takes a `dyn` closure and so exists once; the generic part only moves
//! the items in and out of their slots. The tasks are coarse (a part of a table, or a chunk
//! of thousands of states), so a lock per slot and a dynamic call per task cost nothing
//! measurable, and rayon splits the range of indices as it split the items before.

use rayon::prelude::*;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Calls `f` on every index of `0..n`, in parallel on the caller's rayon pool.
fn for_each_index(n: usize, f: &(dyn Fn(usize) + Sync)) {
    (0..n).into_par_iter().for_each(f);
}

/// `f` of every item, in parallel, in the items' order.
///
/// A panic in `f` reaches the caller, as from rayon.
pub(crate) fn map<T: Send, U: Send>(items: Vec<T>, f: impl Fn(T) -> U + Sync) -> Vec<U> {
    let inputs: Vec<Mutex<Option<T>>> = items.into_iter().map(|t| Mutex::new(Some(t))).collect();
    let outputs: Vec<Mutex<Option<U>>> = inputs.iter().map(|_| Mutex::new(None)).collect();
    for_each_index(inputs.len(), &|i| {
        let item = lock(&inputs[i]).take().expect("each item is taken once");
        let out = f(item);
        *lock(&outputs[i]) = Some(out);
    });
    outputs
        .into_iter()
        .map(|out| {
            out.into_inner()
                .unwrap_or_else(PoisonError::into_inner)
                .expect("every item was mapped")
        })
        .collect()
}

/// A slot's lock. No closure runs while a slot is locked, so none can poison it; the
/// poisoned case is taken all the same rather than unwrapped.
fn lock<V>(slot: &Mutex<V>) -> MutexGuard<'_, V> {
    slot.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_every_item_in_order() {
        let squares = map((0..10_000u64).collect(), |x| x * x);
        assert_eq!(squares, (0..10_000u64).map(|x| x * x).collect::<Vec<_>>());
        assert!(map(Vec::<u8>::new(), |x| x).is_empty());
    }

    #[test]
    fn maps_run_inside_maps() {
        let rows: Vec<Vec<u32>> = (0..50).map(|r| (0..r).collect()).collect();
        let sums = map(rows, |row| map(row, |x| x + 1).into_iter().sum::<u32>());
        assert_eq!(
            sums,
            (0..50u32).map(|r| r * (r + 1) / 2).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_panic_reaches_the_caller() {
        let result = std::panic::catch_unwind(|| map(vec![1, 2, 3], |x| assert_ne!(x, 2)));
        assert!(result.is_err());
    }
}
