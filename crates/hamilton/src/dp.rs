//! The bitset dynamic program over visited sets (Bellman; Held and Karp), for graphs of up to
//! [`DP_VERTICES`] vertices.
//!
//! `ends[S]` is the set of vertices `v` in `S` such that a path from vertex 0 through exactly
//! `S ∪ {0}` ends at `v`; the graph is Hamiltonian when some end of the full set is a
//! neighbour of 0. The sets are walked in increasing order, each once: `n 2^(n-1)` steps.

use crate::small::{bit, members, SmallGraph};
use crate::DP_VERTICES;

/// A Hamiltonian cycle of `g` (three to [`DP_VERTICES`] vertices) from vertex 0, or `None`.
///
/// # Panics
/// If `g` has fewer than three or more than [`DP_VERTICES`] vertices.
pub fn cycle(g: &SmallGraph) -> Option<Vec<usize>> {
    let n = g.n();
    assert!(
        (3..=DP_VERTICES).contains(&n),
        "the program takes 3 to {DP_VERTICES} vertices"
    );
    // Set S of vertices 1..n is the index whose bit i stands for vertex i + 1.
    let sets = 1usize << (n - 1);
    let full = sets - 1;
    let mut ends = vec![0u16; sets];
    for u in members(g.neighbours(0)) {
        ends[1 << (u - 1)] |= 1 << u;
    }
    for set in 1..sets {
        let reached = u64::from(ends[set]);
        if reached == 0 {
            continue;
        }
        for i in members((full & !set) as u64) {
            let u = i + 1;
            if g.neighbours(u) & reached != 0 {
                ends[set | (1 << i)] |= 1 << u;
            }
        }
    }
    let last = members(u64::from(ends[full]) & g.neighbours(0)).next()?;
    // Walk back: each step takes a vertex that ends a path through the set without `v`.
    let mut order = vec![last];
    let (mut set, mut v) = (full, last);
    loop {
        set &= !(1 << (v - 1));
        if set == 0 {
            break;
        }
        v = members(u64::from(ends[set]) & g.neighbours(v)).next()?;
        order.push(v);
    }
    order.push(0);
    order.reverse();
    debug_assert!(order.len() == n && bit(0) & g.neighbours(last) != 0);
    Some(order)
}
