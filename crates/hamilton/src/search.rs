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
            match self.extend(first, None, rest & !bit(first), 0) {
                Flow::Go => {}
                stop => return stop,
            }
            self.path.pop();
        }
        Flow::Go
    }

    /// Extends the path, which ends at `v` (after `previous`, `None` for the first step),
    /// through the vertices of `open`. `closing` holds the vertices of `open` known to have
    /// just two usable neighbours, one of them `start`: the last vertex must be one of them.
    fn extend(&mut self, v: usize, previous: Option<usize>, open: u64, closing: u64) -> Flow {
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
        let Some((mut next, closing)) = self.prune(v, previous, open, closing) else {
            return Flow::Go;
        };
        while next != 0 {
            let u = self.fewest_usable(next, v, open);
            next &= !bit(u);
            self.path.push(u);
            match self.extend(u, Some(v), open & !bit(u), closing) {
                Flow::Go => {}
                stop => return stop,
            }
            self.path.pop();
        }
        Flow::Go
    }

    /// The usable neighbours of `u` in `open` when the path ends at `v`: those in `open`,
    /// `v`, and `start` when `u` may close the cycle.
    #[inline]
    fn usable(&self, u: usize, v: usize, open: u64) -> u32 {
        (self.g.neighbours(u) & (open | bit(v))).count_ones() + ((self.closers >> u) & 1) as u32
    }

    /// The vertex of `candidates` with the fewest usable neighbours (the lowest on a tie).
    #[inline]
    fn fewest_usable(&self, candidates: u64, v: usize, open: u64) -> usize {
        let mut best = (u32::MAX, 0);
        for u in members(candidates) {
            let d = self.usable(u, v, open);
            if d < best.0 {
                best = (d, u);
            }
        }
        best.1
    }

    /// The vertices that may come after `v`, and the closing set updated; `None` when no way
    /// through `open` is left. Only the neighbours of `previous` lost a usable neighbour since
    /// the last step (it left the path's end), so only they are checked again (all of `open`
    /// at the first step).
    fn prune(
        &self,
        v: usize,
        previous: Option<usize>,
        open: u64,
        closing: u64,
    ) -> Option<(u64, u64)> {
        let g = self.g;
        if open & self.closers == 0 {
            return None;
        }
        let mut closing = closing & open;
        let changed = previous.map_or(open, |p| g.neighbours(p) & open);
        for w in members(changed) {
            match self.usable(w, v, open) {
                0 | 1 => return None,
                2 if self.closers & bit(w) != 0 => closing |= bit(w),
                _ => {}
            }
        }
        if closing.count_ones() > 1 {
            return None;
        }
        let mut after_v = 0u64;
        for u in members(g.neighbours(v) & open) {
            if self.usable(u, v, open) == 2 {
                after_v |= bit(u);
            }
        }
        if after_v.count_ones() > 1 {
            return None;
        }
        // `v` left `open` at this step: that split `open` only if `v` had two or more
        // neighbours in it.
        if (g.neighbours(v) & open).count_ones() >= 2 {
            let first = open.trailing_zeros() as usize;
            if g.reach(first, open) != open {
                return None;
            }
        }
        let mut next = g.neighbours(v) & open;
        if after_v != 0 {
            next &= after_v;
        }
        if open.count_ones() > 1 {
            next &= !closing;
        }
        (next != 0).then_some((next, closing))
    }
}
