//! A second, deliberately naive implementation of the candidate pruning rules as
//! `encodings/position.md` and `crates/encode/src/domains.rs` state them: every rule applied
//! to every pair, over and over, until nothing changes. The rules only ever remove pairs and
//! each is monotone, so the pairs left are the rules' greatest fixpoint whatever the order:
//! `Domains::pruned` (a queue-driven implementation) must leave exactly these pairs. It reads the
//! moves through `Puzzle::step_allowed` (positions and offsets), not the successor lists.

use pathsat_puzzle::{CellRule, Puzzle};
use std::collections::{BTreeSet, VecDeque};

/// The candidate values of each cell, or `None` when the rules prove there is no filling.
pub type Reference = Option<Vec<BTreeSet<u32>>>;

/// Breadth-first move distances from `g` (`forward`) or to `g`; `u32::MAX` when unreachable.
pub fn distances(puzzle: &Puzzle, g: usize, forward: bool) -> Vec<u32> {
    let n = puzzle.n_cells();
    let mut dist = vec![u32::MAX; n];
    dist[g] = 0;
    let mut queue = VecDeque::from([g]);
    while let Some(c) = queue.pop_front() {
        for d in 0..n {
            let step = if forward {
                puzzle.step_allowed(c, d)
            } else {
                puzzle.step_allowed(d, c)
            };
            if step && dist[d] == u32::MAX {
                dist[d] = dist[c] + 1;
                queue.push_back(d);
            }
        }
    }
    dist
}

/// Connected (moves taken both ways)? And the 2-colouring from cell 0 when bipartite.
pub fn colouring(puzzle: &Puzzle) -> (bool, Option<Vec<u8>>) {
    let n = puzzle.n_cells();
    let mut colour = vec![u8::MAX; n];
    colour[0] = 0;
    let mut queue = VecDeque::from([0]);
    let mut bipartite = true;
    while let Some(c) = queue.pop_front() {
        for d in 0..n {
            if !(puzzle.step_allowed(c, d) || puzzle.step_allowed(d, c)) {
                continue;
            }
            if colour[d] == u8::MAX {
                colour[d] = 1 - colour[c];
                queue.push_back(d);
            } else if colour[d] == colour[c] {
                bipartite = false;
            }
        }
    }
    let connected = colour.iter().all(|&c| c != u8::MAX);
    (connected, bipartite.then_some(colour))
}

/// The pruned candidates of a path puzzle (not a trail).
pub fn pruned(puzzle: &Puzzle) -> Reference {
    let n = puzzle.n_cells();
    let n32 = n as u32;
    let closed = puzzle.is_closed();
    // Rule 1: the cell's own rule.
    let mut dom: Vec<BTreeSet<u32>> = (0..n)
        .map(|c| (1..=n32).filter(|&k| puzzle.allows(c, k)).collect())
        .collect();
    // Rule 2: a mark on as many cells as its class has values takes them all.
    for (index, mark) in puzzle.marks().iter().enumerate() {
        let on: Vec<usize> = (0..n)
            .filter(|&c| *puzzle.rule(c) == CellRule::Marked(index))
            .collect();
        let values: Vec<u32> = (1..=n32).filter(|&k| mark.class.contains(k)).collect();
        if !on.is_empty() && on.len() == values.len() {
            for (c, d) in dom.iter_mut().enumerate() {
                if !on.contains(&c) {
                    values.iter().for_each(|k| {
                        d.remove(k);
                    });
                }
            }
        }
    }
    // Rule 3: connectivity and colours.
    let (connected, colour) = colouring(puzzle);
    if !connected {
        return None;
    }
    if let Some(colour) = &colour {
        let a = colour.iter().filter(|&&c| c == 0).count();
        let b = n - a;
        if (closed && a != b) || a.abs_diff(b) > 1 {
            return None;
        }
        if a != b {
            let larger = u8::from(b > a);
            for (c, d) in dom.iter_mut().enumerate() {
                d.retain(|&k| (k % 2 == 1) == (colour[c] == larger));
            }
        }
    }
    let forward: Vec<Vec<u32>> = (0..n).map(|g| distances(puzzle, g, true)).collect();
    let backward: Vec<Vec<u32>> = (0..n).map(|g| distances(puzzle, g, false)).collect();
    // Rule 4 for the fixed pair (g, v): may value k be on cell c?
    let reach = |g: usize, v: u32, c: usize, k: u32| -> bool {
        let parity_ok = |steps: u32| {
            colour
                .as_ref()
                .is_none_or(|col| (steps % 2 == 1) == (col[c] != col[g]))
        };
        let within = |steps: u32, dist: u32| dist <= steps && parity_ok(steps);
        if closed {
            let ahead = (k + n32 - v) % n32;
            let behind = (v + n32 - k) % n32;
            within(ahead, forward[g][c]) && within(behind, backward[g][c])
        } else if k > v {
            within(k - v, forward[g][c])
        } else {
            within(v - k, backward[g][c])
        }
    };
    loop {
        if dom.iter().any(BTreeSet::is_empty)
            || (1..=n32).any(|k| dom.iter().all(|d| !d.contains(&k)))
        {
            return None;
        }
        let before = dom.clone();
        // Rule 6: singles, and rules 2 and 4 from them.
        let mut fixed: Vec<(usize, u32)> = Vec::new();
        for (c, values) in dom.iter().enumerate() {
            if values.len() == 1 {
                fixed.push((c, *values.iter().next().unwrap()));
            }
        }
        for k in 1..=n32 {
            let cells: Vec<usize> = (0..n).filter(|&c| dom[c].contains(&k)).collect();
            if cells.len() == 1 {
                fixed.push((cells[0], k));
            }
        }
        for (g, v) in fixed {
            if !dom[g].contains(&v) {
                continue;
            }
            dom[g].retain(|&k| k == v);
            for c in (0..n).filter(|&c| c != g) {
                dom[c].retain(|&k| k != v && reach(g, v, c, k));
            }
        }
        // Rule 5: support.
        let snapshot = dom.clone();
        for (c, d) in dom.iter_mut().enumerate() {
            d.retain(|&k| {
                let next = if k < n32 {
                    Some(k + 1)
                } else {
                    closed.then_some(1)
                };
                let prev = if k > 1 {
                    Some(k - 1)
                } else {
                    closed.then_some(n32)
                };
                let ahead = next.is_none_or(|m| {
                    (0..n).any(|s| puzzle.step_allowed(c, s) && snapshot[s].contains(&m))
                });
                let behind = prev.is_none_or(|m| {
                    (0..n).any(|p| puzzle.step_allowed(p, c) && snapshot[p].contains(&m))
                });
                ahead && behind
            });
        }
        if dom == before {
            return Some(dom);
        }
    }
}

/// The candidate steps of a trail puzzle, pruned or not (see `Domains::trail`).
pub fn trail(puzzle: &Puzzle, prune: bool) -> Reference {
    let trail = puzzle.trail().expect("a trail puzzle");
    let n = puzzle.n_cells();
    let l = trail.length();
    let usable: Vec<bool> = (0..n)
        .map(|c| {
            let moves_out = (0..n).any(|d| puzzle.step_allowed(c, d));
            let moves_in = (0..n).any(|d| puzzle.step_allowed(d, c));
            !prune
                || (trail.sum().is_none_or(|s| u64::from(trail.label(c)) <= s)
                    && (l == 1 || (moves_out && moves_in)))
        })
        .collect();
    if usable.iter().filter(|&&u| u).count() < l {
        return None;
    }
    Some(
        usable
            .iter()
            .map(|&u| {
                if u {
                    (1..=l as u32).collect()
                } else {
                    BTreeSet::new()
                }
            })
            .collect(),
    )
}
