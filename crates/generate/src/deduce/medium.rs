//! The medium rules, on candidate sets (pencil marks) per empty cell (the grade
//! [`crate::Level::Medium`]): M1 distances, M2 support, M3 singles; with the bounded
//! breadth-first search that measures the distances.

use super::bits::{clear, first_bit, get, set, set_values, shift_down_or, shift_up_or};
use super::state::{Allow, State};
use super::{Contradiction, Step, NONE};

impl State<'_> {
    /// Candidate sets for the empty cells: the unplaced values their rules allow.
    pub(super) fn start_domains(&mut self) {
        let w = self.words;
        let mut unplaced = vec![0u64; w];
        for v in 1..=self.n {
            if self.cell_of[v] == NONE {
                set(&mut unplaced, v);
            }
        }
        self.domains = vec![0; self.n * w];
        for y in 0..self.n {
            if !self.is_empty(y) {
                continue;
            }
            let d = &mut self.domains[y * w..(y + 1) * w];
            match self.allow[y] {
                Allow::Any => d.copy_from_slice(&unplaced),
                Allow::Only(v) => {
                    if get(&unplaced, v as usize) {
                        set(d, v as usize);
                    }
                }
                Allow::Class(i) => {
                    for (x, (u, c)) in d.iter_mut().zip(unplaced.iter().zip(&self.classes[i])) {
                        *x = u & c;
                    }
                }
            }
        }
    }

    /// The runs of unplaced values between consecutive placed values, in unwrapped values (a
    /// tour's last run goes past N): the placed value before and after, where there is one.
    /// Placed values next to each other make an empty run.
    fn gaps(&self) -> Vec<(Option<usize>, Option<usize>)> {
        let n = self.n;
        let placed: Vec<usize> = (1..=n).filter(|&v| self.cell_of[v] != NONE).collect();
        let (Some(&lowest), Some(&highest)) = (placed.first(), placed.last()) else {
            return Vec::new();
        };
        let mut gaps: Vec<(Option<usize>, Option<usize>)> = placed
            .windows(2)
            .map(|pair| (Some(pair[0]), Some(pair[1])))
            .collect();
        if self.closed {
            gaps.push((Some(highest), Some(lowest + n)));
        } else {
            gaps.push((None, Some(lowest)));
            gaps.push((Some(highest), None));
        }
        gaps
    }

    /// M1: a value between placed a and b (the nearest placed values below and above it) lies
    /// within v - a moves of a and b - v moves of b, along empty cells.
    pub(super) fn distances(&mut self) -> Step<()> {
        let n = self.n;
        let w = self.words;
        let gaps = self.gaps();
        if gaps.is_empty() {
            return Ok(());
        }
        let mut mask = vec![0u64; n * w];
        let mut forward = Bfs::new(n);
        let mut backward = Bfs::new(n);
        let cell = |t: usize| self.cell_of[(t - 1) % n + 1];
        for (a, b) in gaps {
            let lo = a.map_or(1, |a| a + 1);
            let hi = b.map_or(n, |b| b - 1);
            if lo > hi {
                if let (Some(a), Some(b)) = (a, b) {
                    if b == a + 1 && !self.is_move(cell(a), cell(b)) {
                        return Err(Contradiction);
                    }
                }
                continue;
            }
            if let Some(a) = a {
                forward.run(self, cell(a), hi - a, true);
            }
            if let Some(b) = b {
                backward.run(self, cell(b), b - lo, false);
            }
            let reached = if a.is_some() {
                &forward.visited
            } else {
                &backward.visited
            };
            for &y in reached {
                let from = match a {
                    Some(a) => match forward.dist(y) {
                        Some(d) => a + d,
                        None => continue,
                    },
                    None => lo,
                };
                let to = match b {
                    Some(b) => match backward.dist(y) {
                        Some(d) => b - d,
                        None => continue,
                    },
                    None => hi,
                };
                let (from, to) = (from.max(lo), to.min(hi));
                if from > to {
                    continue;
                }
                set_values(&mut mask[y * w..(y + 1) * w], from, to, n);
            }
        }
        for (d, m) in self.domains.iter_mut().zip(&mask) {
            *d &= m;
        }
        Ok(())
    }

    /// The values that neighbour `z` lets empty `y` hold on one side: with `before`, `z` is a
    /// predecessor of `y` and the values are those whose predecessor `z` holds or may hold;
    /// else `z` is a successor and they are those whose successor it holds or may hold.
    fn side(&self, z: usize, before: bool, out: &mut [u64]) {
        let (n, w) = (self.n, self.words);
        out.fill(0);
        if !self.is_empty(z) {
            let u = self.values[z];
            if let Some(v) = if before { self.next(u) } else { self.prev(u) } {
                set(out, v as usize);
            }
            return;
        }
        let d = &self.domains[z * w..(z + 1) * w];
        // Shifting moves N past the end, or 1 to 0: around a tour they wrap.
        let (out_bit, wrap) = if before {
            shift_up_or(out, d);
            (n + 1, 1)
        } else {
            shift_down_or(out, d);
            (0, n)
        };
        if get(out, out_bit) {
            clear(out, out_bit);
            if self.closed {
                set(out, wrap);
            }
        }
    }

    /// Whether neighbour `z` holds or may hold the value before `v` (with `before`; else the
    /// value after).
    fn supports(&self, z: usize, v: u32, before: bool) -> bool {
        let u = if before { self.prev(v) } else { self.next(v) };
        u.is_some_and(|u| {
            if self.is_empty(z) {
                get(
                    &self.domains[z * self.words..(z + 1) * self.words],
                    u as usize,
                )
            } else {
                self.values[z] == u
            }
        })
    }

    /// M2: a candidate v of y needs v - 1 placed on, or a candidate of, a predecessor of y
    /// (unless v starts an open path), and v + 1 likewise on a successor, the two on different
    /// cells; to a fixpoint.
    pub(super) fn support(&mut self) -> Step<()> {
        let (n, w) = (self.n, self.words);
        let puzzle = self.puzzle;
        let mut queue: Vec<usize> = (0..n).filter(|&y| self.is_empty(y)).collect();
        let mut queued = vec![false; n];
        for &y in &queue {
            queued[y] = true;
        }
        // The values with one supporting neighbour or more, and with two or more, on each side.
        let mut once = [vec![0u64; w], vec![0u64; w]];
        let mut twice = [vec![0u64; w], vec![0u64; w]];
        let mut bits = vec![0u64; w];
        let mut lone = vec![0u64; w];
        while let Some(y) = queue.pop() {
            queued[y] = false;
            if !self.is_empty(y) {
                continue;
            }
            for (side, before) in [(0, true), (1, false)] {
                once[side].fill(0);
                twice[side].fill(0);
                if !self.closed {
                    // An end of an open path needs nothing on that side.
                    let end = if before { 1 } else { n };
                    set(&mut once[side], end);
                    set(&mut twice[side], end);
                }
                let around = if before {
                    puzzle.predecessors(y)
                } else {
                    puzzle.successors(y)
                };
                for &z in around {
                    self.side(z, before, &mut bits);
                    for ((o, t), b) in once[side].iter_mut().zip(&mut twice[side]).zip(&bits) {
                        *t |= *o & b;
                        *o |= b;
                    }
                }
            }
            let d = &mut self.domains[y * w..(y + 1) * w];
            let mut changed = false;
            for (i, (x, l)) in d.iter_mut().zip(lone.iter_mut()).enumerate() {
                let new = *x & once[0][i] & once[1][i];
                changed |= new != *x;
                *x = new;
                // Supported by one cell on each side: it must not be the same cell (unless
                // the values before and after are the same, on a tour of 2).
                *l = if n > 2 {
                    new & !twice[0][i] & !twice[1][i]
                } else {
                    0
                };
            }
            for (i, &l) in lone.iter().enumerate() {
                let mut x = l;
                while x != 0 {
                    let v = i * 64 + x.trailing_zeros() as usize;
                    x &= x - 1;
                    let supporter = |before: bool| {
                        let around = if before {
                            puzzle.predecessors(y)
                        } else {
                            puzzle.successors(y)
                        };
                        around.iter().find(|&&z| self.supports(z, v as u32, before))
                    };
                    if supporter(true) == supporter(false) {
                        clear(&mut self.domains[y * w..(y + 1) * w], v);
                        changed = true;
                    }
                }
            }
            if self.domains[y * w..(y + 1) * w].iter().all(|&x| x == 0) {
                return Err(Contradiction);
            }
            if changed {
                for &z in puzzle.predecessors(y).iter().chain(puzzle.successors(y)) {
                    if self.is_empty(z) && !queued[z] {
                        queued[z] = true;
                        queue.push(z);
                    }
                }
            }
        }
        Ok(())
    }

    /// M3: a cell with one candidate, a value with one cell. True when something was placed.
    pub(super) fn singles(&mut self) -> Step<bool> {
        let (n, w) = (self.n, self.words);
        let mut once = vec![0u64; w];
        let mut twice = vec![0u64; w];
        let mut found: Vec<(usize, u32)> = Vec::new();
        for y in (0..n).filter(|&y| self.is_empty(y)) {
            let d = &self.domains[y * w..(y + 1) * w];
            match d.iter().map(|x| x.count_ones()).sum::<u32>() {
                0 => return Err(Contradiction),
                1 => found.push((y, first_bit(d) as u32)),
                _ => {}
            }
            for ((o, t), x) in once.iter_mut().zip(twice.iter_mut()).zip(d) {
                *t |= *o & x;
                *o |= x;
            }
        }
        for v in 1..=n {
            if self.cell_of[v] != NONE {
                continue;
            }
            if !get(&once, v) {
                return Err(Contradiction);
            }
            if !get(&twice, v) {
                if let Some(y) = (0..n).find(|&y| get(&self.domains[y * w..(y + 1) * w], v)) {
                    found.push((y, v as u32));
                }
            }
        }
        let mut progress = false;
        for (y, v) in found {
            if self.values[y] != v {
                self.place(y, v)?;
                progress = true;
            }
        }
        Ok(progress)
    }
}

/// A breadth-first search over empty cells, bounded in depth, reusable without clearing.
struct Bfs {
    dist: Vec<usize>,
    stamp: Vec<u32>,
    epoch: u32,
    visited: Vec<usize>,
}

impl Bfs {
    fn new(n: usize) -> Bfs {
        Bfs {
            dist: vec![0; n],
            stamp: vec![0; n],
            epoch: 0,
            visited: Vec::new(),
        }
    }

    /// The empty cells within `limit` moves of `from` (forwards along successors, or
    /// backwards along predecessors), through empty cells.
    fn run(&mut self, state: &State, from: usize, limit: usize, forwards: bool) {
        self.epoch += 1;
        self.visited.clear();
        self.stamp[from] = self.epoch;
        self.dist[from] = 0;
        let mut frontier = vec![from];
        let mut depth = 0;
        while !frontier.is_empty() && depth < limit {
            depth += 1;
            let mut next = Vec::new();
            for u in frontier {
                let around = if forwards {
                    state.puzzle.successors(u)
                } else {
                    state.puzzle.predecessors(u)
                };
                for &z in around {
                    if state.is_empty(z) && self.stamp[z] != self.epoch {
                        self.stamp[z] = self.epoch;
                        self.dist[z] = depth;
                        self.visited.push(z);
                        next.push(z);
                    }
                }
            }
            frontier = next;
        }
    }

    /// The distance to an empty cell the last search reached.
    fn dist(&self, y: usize) -> Option<usize> {
        (self.stamp[y] == self.epoch && self.epoch != 0).then_some(self.dist[y])
    }
}
