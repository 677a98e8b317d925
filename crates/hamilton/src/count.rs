//! The number of Hamiltonian cycles of a small graph, each counted once whatever its start and
//! direction.
//!
//! Up to [`COUNT_DP_VERTICES`] vertices a dynamic program counts the paths from vertex 0
//! through each visited set (`n 2^(n-1)` counters, 17.8 MB at 18 vertices); above, the search
//! walks every cycle, within its step limit. Sums are checked: a count that would not fit is
//! `None`, never a wrapped number.

use crate::small::{members, SmallGraph};
use crate::{conditions, search, Limits};

/// The largest graph the counting program takes.
pub const COUNT_DP_VERTICES: usize = 18;

/// The number of Hamiltonian cycles of `g`; `None` when the search reached its step limit
/// first. The graph of one vertex has one (as it is Hamiltonian), of two vertices none.
pub fn cycles(g: &SmallGraph, limits: Limits) -> Option<u64> {
    match g.n() {
        0 | 2 => return Some(0),
        1 => return Some(1),
        _ => {}
    }
    if conditions::check_cycle(g).is_err() {
        return Some(0);
    }
    if g.n() <= COUNT_DP_VERTICES {
        program(g)
    } else {
        search::count(g, limits.steps)
    }
}

/// The counting program: `paths[S][v]` paths from 0 through exactly `S ∪ {0}` ending at `v`.
fn program(g: &SmallGraph) -> Option<u64> {
    let n = g.n();
    let width = n - 1;
    let sets = 1usize << width;
    let full = sets - 1;
    let mut paths = vec![0u64; sets * width];
    for u in members(g.neighbours(0)) {
        paths[(1 << (u - 1)) * width + (u - 1)] = 1;
    }
    for set in 1..sets {
        for i in members(set as u64) {
            let ways = paths[set * width + i];
            if ways == 0 {
                continue;
            }
            for u in members(g.neighbours(i + 1) & !((set as u64) << 1) & !1) {
                let cell = &mut paths[(set | 1 << (u - 1)) * width + (u - 1)];
                *cell = cell.checked_add(ways)?;
            }
        }
    }
    let mut closed = 0u64;
    for u in members(g.neighbours(0)) {
        closed = closed.checked_add(paths[full * width + (u - 1)])?;
    }
    // Each cycle was walked in both directions.
    Some(closed / 2)
}
