//! The pruned search for a Hamiltonian cycle (and the count of them).
//!
//! The path grows from `start`, a vertex of least degree. Each cycle is walked in one
//! direction only: the vertex after `start` is smaller than the one before it, so the last
//! vertex must be one of start's neighbours above the first (`closers`). At each step, with
//! `v` the end of the path and `U` the vertices not yet on it:
//!
//! - every `u` in `U` must keep two usable neighbours (in `U`, `v`, or `start` when `u` may
//!   close the cycle);
//! - a `u` left with exactly two, one of them `v`, must come next, and at most one such `u`
//!   may exist (so for `start`);
//! - `U` must stay connected, since the rest of the path runs through all of it;
//! - the next vertex is tried in order of fewest usable neighbours first.

use crate::small::{bit, members, SmallGraph};

/// What a search came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A Hamiltonian cycle, as its vertices in order.
    Found(Vec<usize>),
    /// Every path was tried: there is none.
    Exhausted,
    /// The step limit came first.
    Limit,
}

/// Searches `g` (three or more vertices) for a Hamiltonian cycle within `limit` steps.
pub fn cycle(g: &SmallGraph, limit: u64) -> Outcome {
    let mut walk = Walk::new(g, limit, false);
    match walk.run() {
        Flow::Found => Outcome::Found(walk.path),
        Flow::Limit => Outcome::Limit,
        Flow::Go => Outcome::Exhausted,
    }
}

/// The number of Hamiltonian cycles of `g` (three or more vertices), each once whatever its
/// direction; `None` when the step limit came first.
pub fn count(g: &SmallGraph, limit: u64) -> Option<u64> {
    let mut walk = Walk::new(g, limit, true);
    match walk.run() {
        Flow::Limit => None,
        _ => Some(walk.found),
    }
}

/// How a branch of the search ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flow {
    /// Go on with the next branch (this one is done).
    Go,
    /// A cycle was found (when one is wanted): stop.
    Found,
    /// The step limit was reached: stop.
    Limit,
}

struct Walk<'a> {
    g: &'a SmallGraph,
    start: usize,
    /// The vertices that may be last on the path: start's neighbours above the first.
    closers: u64,
    path: Vec<usize>,
    steps: u64,
    limit: u64,
    /// Count every cycle instead of stopping at the first.
    counting: bool,
    found: u64,
}

impl<'a> Walk<'a> {
    fn new(g: &'a SmallGraph, limit: u64, counting: bool) -> Walk<'a> {
        let start = (0..g.n()).min_by_key(|&v| g.degree(v)).unwrap_or(0);
        Walk {
            g,
            start,
            closers: 0,
            path: Vec::with_capacity(g.n()),
            steps: 0,
            limit,
            counting,
            found: 0,
        }
    }

    fn run(&mut self) -> Flow {
        let s = self.start;
        let rest = self.g.all() & !bit(s);
        self.path.push(s);
        for first in members(self.g.neighbours(s)) {
            // Vertices above `first`: the last vertex is one of them.
            self.closers = self.g.neighbours(s) & !(bit(first) | (bit(first) - 1));
            if self.closers == 0 {
                break;
            }
            self.path.push(first);
            match self.extend(first, rest & !bit(first)) {
                Flow::Go => {}
                stop => return stop,
            }
            self.path.pop();
        }
        Flow::Go
    }

    /// Extends the path, which ends at `v`, through the vertices of `open`.
    fn extend(&mut self, v: usize, open: u64) -> Flow {
        if open == 0 {
            if self.closers & bit(v) == 0 {
                return Flow::Go;
            }
            self.found += 1;
            return if self.counting { Flow::Go } else { Flow::Found };
        }
        self.steps += 1;
        if self.steps > self.limit {
            return Flow::Limit;
        }
        let Some((next, usable)) = self.choices(v, open) else {
            return Flow::Go;
        };
        let mut order: [(u32, u8); 64] = [(0, 0); 64];
        let mut k = 0;
        for u in members(next) {
            order[k] = (usable[u], u as u8);
            k += 1;
        }
        order[..k].sort_unstable();
        for &(_, u) in &order[..k] {
            let u = usize::from(u);
            self.path.push(u);
            match self.extend(u, open & !bit(u)) {
                Flow::Go => {}
                stop => return stop,
            }
            self.path.pop();
        }
        Flow::Go
    }

    /// The vertices that may come after `v` and each vertex's number of usable neighbours, or
    /// `None` when no way through `open` is left.
    fn choices(&self, v: usize, open: u64) -> Option<(u64, [u32; 64])> {
        let g = self.g;
        if open & self.closers == 0 {
            return None;
        }
        let mut usable = [0u32; 64];
        let (mut after_v, mut before_start) = (0u64, 0u64);
        let ends = open | bit(v);
        for u in members(open) {
            let mut reach = g.neighbours(u) & ends;
            if self.closers & bit(u) != 0 {
                reach |= bit(self.start);
            }
            let d = reach.count_ones();
            if d < 2 {
                return None;
            }
            if d == 2 {
                if reach & bit(v) != 0 {
                    after_v |= bit(u);
                }
                if reach & bit(self.start) != 0 {
                    before_start |= bit(u);
                }
            }
            usable[u] = d;
        }
        if after_v.count_ones() > 1 || before_start.count_ones() > 1 {
            return None;
        }
        let first = open.trailing_zeros() as usize;
        if g.reach(first, open) != open {
            return None;
        }
        let mut next = g.neighbours(v) & open;
        if after_v != 0 {
            next &= after_v;
        }
        if open.count_ones() > 1 {
            next &= !before_start;
        }
        (next != 0).then_some((next, usable))
    }
}
