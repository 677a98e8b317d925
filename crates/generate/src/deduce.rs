//! # Human-style deduction
//!
//! Grades a puzzle by how far a person with a pencil gets by deduction alone, without guessing.
//!
//! - [`Level::Easy`]: every number follows from the numbers already written next to it: a
//!   number whose successor has only one free cell next to it, a free cell that only one
//!   missing number can take, a missing number that fits only one free cell.
//! - [`Level::Medium`]: the easy steps stall, but counting distances between the numbers
//!   written (a run of k missing numbers must fit in a path of k cells between them) and
//!   eliminating candidates over several cells at once (pencil marks) finishes the board.
//! - [`Level::Hard`]: deduction of this kind stalls; what is left needs trial and error (or
//!   the puzzle has no solution).
//!
//! The rules (all sound: whatever they place is in every solution):
//!
//! - easy, on the numbers placed: E1 forced neighbour (v is placed and v + 1, or v - 1, fits
//!   one empty cell around it), E2 a cell that one missing number fits, E3 a missing number
//!   that fits one cell; "fits" looks only at the numbers next to it (placed: a move away;
//!   missing: an empty cell to go to). Run to a fixpoint.
//! - medium, on candidate sets (pencil marks) per empty cell, interleaved with the easy rules:
//!   M1 distances (v lies within v - a moves of the placed a below it and b - v moves of the
//!   placed b above it, through empty cells), M2 support (v needs v - 1 as a candidate of, or
//!   placed on, a neighbour before it and v + 1 on another neighbour after it), M3 singles (a
//!   cell with one candidate, a number with one cell).
//!
//! A contradiction (the puzzle has no solution) ends the deduction with what was placed so
//! far, graded Hard.

use pathsat_puzzle::{CellRule, Filling, Puzzle};

pub mod hint;

/// The three grades, easiest first.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Every number follows from the numbers already written next to it.
    Easy,
    /// Needs counting distances and eliminating candidates (pencil marks).
    Medium,
    /// Deduction stalls: trial and error.
    Hard,
}

/// `easy`, `medium` or `hard`, as on the command line.
impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        })
    }
}

/// How far deduction gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// Easy: the easy rules alone place every value; Medium: easy and medium rules do; Hard:
    /// they stall (or meet a contradiction).
    pub level: Level,
    /// The values not given at the start.
    pub to_place: usize,
    /// The values placed by the easy rules alone, run to a fixpoint from the givens.
    pub placed_easy: usize,
    /// The values placed by the easy and medium rules together (to a fixpoint).
    pub placed: usize,
    /// The passes of the medium rules that placed something (0 for Easy): a measure of depth.
    pub rounds: usize,
    /// The full filling, when deduction completed it (and it is a solution).
    pub filling: Option<Filling>,
}

/// Deduces as far as the easy and medium rules go. `None` for a trail puzzle.
pub fn deduce(puzzle: &Puzzle) -> Option<Deduction> {
    run(puzzle, Level::Hard).map(|outcome| outcome.deduction)
}

/// Whether deduction with the rules up to `max` completes the puzzle, i.e. whether
/// `deduce(puzzle)` grades it `max` or easier; stops early (an `Easy` check never starts the
/// medium rules). Every puzzle but a trail puzzle is within `Hard`.
pub fn solves_within(puzzle: &Puzzle, max: Level) -> bool {
    if max == Level::Hard {
        return puzzle.trail().is_none();
    }
    run(puzzle, max).is_some_and(|outcome| outcome.deduction.level <= max)
}

/// A deduction and the values placed (0 on a cell left empty).
struct Outcome {
    deduction: Deduction,
    #[cfg_attr(not(test), allow(dead_code))]
    values: Vec<u32>,
}

/// The puzzle has no solution with the values placed so far.
struct Contradiction;

type Step<T> = Result<T, Contradiction>;

/// Deduces with the rules up to `max` (`Easy` skips the medium rules).
fn run(puzzle: &Puzzle, max: Level) -> Option<Outcome> {
    if puzzle.trail().is_some() {
        return None;
    }
    let mut state = State::new(puzzle);
    let givens = puzzle.givens().count();
    let to_place = state.n - givens;
    let mut rounds = 0;
    let mut placed_easy = 0;
    let level = (|| -> Step<Level> {
        for (cell, value) in puzzle.givens() {
            state.place(cell, value)?;
        }
        let easy = state.easy();
        placed_easy = state.placed.saturating_sub(givens);
        easy?;
        if state.complete() {
            return Ok(Level::Easy);
        }
        if max == Level::Easy {
            return Ok(Level::Hard);
        }
        state.start_domains();
        loop {
            state.distances()?;
            state.support()?;
            if !state.singles()? {
                return Ok(Level::Hard);
            }
            rounds += 1;
            state.easy()?;
            if state.complete() {
                return Ok(Level::Medium);
            }
        }
    })()
    .unwrap_or(Level::Hard);
    // Givens that contradict each other can still fill every cell: only a solution counts.
    let filling = Filling::from_values(state.values.clone());
    let solved = state.complete() && pathsat_puzzle::verify(puzzle, &filling).is_ok();
    let level = if solved { level } else { Level::Hard };
    Some(Outcome {
        deduction: Deduction {
            level,
            to_place,
            placed_easy,
            placed: state.placed.saturating_sub(givens),
            rounds: if level == Level::Easy { 0 } else { rounds },
            filling: solved.then_some(filling),
        },
        values: state.values,
    })
}

/// What a cell's own rule allows.
enum Allow {
    Any,
    Only(u32),
    /// The values of the mark with this index (a bitset in `State::classes`).
    Class(usize),
}

/// At most two candidates: enough to tell none, one (which) and several apart.
#[derive(Default)]
struct Few {
    count: usize,
    first: usize,
}

impl Few {
    /// Adds a candidate (a repeat of the first is not counted); true when there are several.
    fn push(&mut self, x: usize) -> bool {
        if self.count == 0 {
            self.first = x;
            self.count = 1;
        } else if x != self.first {
            self.count = 2;
        }
        self.count >= 2
    }
}

const NONE: usize = usize::MAX;

/// The board as deduced so far, with the medium rules' candidate sets once they start.
struct State<'p> {
    puzzle: &'p Puzzle,
    n: usize,
    closed: bool,
    allow: Vec<Allow>,
    /// Words per bitset of values (bit v for value v, bits 0 and n+1 always clear).
    words: usize,
    classes: Vec<Vec<u64>>,
    /// The cell of each value (index 0 unused), `NONE` while unplaced.
    cell_of: Vec<usize>,
    /// The value of each cell, 0 while empty.
    values: Vec<u32>,
    placed: usize,
    /// Placed values whose neighbouring values the forced-neighbour rule should look at.
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// The candidate values of each empty cell (`words` words per cell), for the medium rules.
    domains: Vec<u64>,
}

impl<'p> State<'p> {
    fn new(puzzle: &'p Puzzle) -> State<'p> {
        let n = puzzle.n_cells();
        let words = (n + 2).div_ceil(64);
        let classes = puzzle
            .marks()
            .iter()
            .map(|mark| {
                let mut bits = vec![0; words];
                for v in 1..=n as u32 {
                    if mark.class.contains(v) {
                        set(&mut bits, v as usize);
                    }
                }
                bits
            })
            .collect();
        let allow = (0..n)
            .map(|cell| match *puzzle.rule(cell) {
                CellRule::Free => Allow::Any,
                CellRule::Given(v) => Allow::Only(v),
                CellRule::Marked(i) => Allow::Class(i),
            })
            .collect();
        State {
            puzzle,
            n,
            closed: puzzle.is_closed(),
            allow,
            words,
            classes,
            cell_of: vec![NONE; n + 1],
            values: vec![0; n],
            placed: 0,
            queue: Vec::new(),
            queued: vec![false; n + 1],
            domains: Vec::new(),
        }
    }

    /// The value after `v` on the path (1 after N on a tour).
    fn next(&self, v: u32) -> Option<u32> {
        if (v as usize) < self.n {
            Some(v + 1)
        } else {
            self.closed.then_some(1)
        }
    }

    /// The value before `v` on the path (N before 1 on a tour).
    fn prev(&self, v: u32) -> Option<u32> {
        if v > 1 {
            Some(v - 1)
        } else {
            self.closed.then_some(self.n as u32)
        }
    }

    fn cell(&self, v: u32) -> Option<usize> {
        Some(self.cell_of[v as usize]).filter(|&c| c != NONE)
    }

    fn is_placed(&self, v: u32) -> bool {
        self.cell_of[v as usize] != NONE
    }

    fn is_empty(&self, cell: usize) -> bool {
        self.values[cell] == 0
    }

    fn complete(&self) -> bool {
        self.placed == self.n
    }

    fn allows(&self, cell: usize, v: u32) -> bool {
        match self.allow[cell] {
            Allow::Any => true,
            Allow::Only(w) => v == w,
            Allow::Class(i) => get(&self.classes[i], v as usize),
        }
    }

    fn is_move(&self, from: usize, to: usize) -> bool {
        self.puzzle.successors(from).binary_search(&to).is_ok()
    }

    fn has_empty_pred(&self, y: usize) -> bool {
        self.puzzle
            .predecessors(y)
            .iter()
            .any(|&z| z != y && self.is_empty(z))
    }

    fn has_empty_succ(&self, y: usize) -> bool {
        self.puzzle
            .successors(y)
            .iter()
            .any(|&z| z != y && self.is_empty(z))
    }

    /// Whether unplaced `v` may go on empty `y` as far as the numbers next to `y` tell: its
    /// neighbouring values are a move away when placed, and have an empty cell to go to when
    /// not.
    fn local(&self, y: usize, v: u32) -> bool {
        if !self.allows(y, v) {
            return false;
        }
        let before = match self.prev(v) {
            None => true,
            Some(u) => match self.cell(u) {
                Some(p) => self.is_move(p, y),
                None => self.has_empty_pred(y),
            },
        };
        before
            && match self.next(v) {
                None => true,
                Some(w) => match self.cell(w) {
                    Some(q) => self.is_move(y, q),
                    None => self.has_empty_succ(y),
                },
            }
    }

    /// Neither neighbouring value of `v` is placed.
    fn floating(&self, v: u32) -> bool {
        !self.is_placed(v)
            && self.prev(v).is_none_or(|u| !self.is_placed(u))
            && self.next(v).is_none_or(|w| !self.is_placed(w))
    }

    /// Places `v` on `cell`; a contradiction when either is taken or the cell's rule forbids it.
    fn place(&mut self, cell: usize, v: u32) -> Step<()> {
        if !self.is_empty(cell) || self.is_placed(v) || !self.allows(cell, v) {
            return Err(Contradiction);
        }
        self.values[cell] = v;
        self.cell_of[v as usize] = cell;
        self.placed += 1;
        // The forced-neighbour checks this may change: v itself, the values two away (their
        // neighbour's neighbour is now known) and the values next to the cell (one candidate
        // fewer).
        self.enqueue(v);
        for w in [
            self.prev(v).and_then(|u| self.prev(u)),
            self.next(v).and_then(|u| self.next(u)),
        ]
        .into_iter()
        .flatten()
        {
            self.enqueue(w);
        }
        let puzzle = self.puzzle;
        for &z in puzzle
            .predecessors(cell)
            .iter()
            .chain(puzzle.successors(cell))
        {
            self.enqueue(self.values[z]);
        }
        if !self.domains.is_empty() {
            let w = self.words;
            self.domains[cell * w..(cell + 1) * w].fill(0);
            let (word, bit) = (v as usize / 64, 1u64 << (v % 64));
            for y in 0..self.n {
                self.domains[y * w + word] &= !bit;
            }
        }
        Ok(())
    }

    fn enqueue(&mut self, v: u32) {
        if v != 0 && self.is_placed(v) && !self.queued[v as usize] {
            self.queued[v as usize] = true;
            self.queue.push(v);
        }
    }

    // ---- Easy rules ----

    /// The easy rules to a fixpoint: forced neighbours as placements come, then a sweep of
    /// one-candidate cells and one-place numbers whenever those stall.
    fn easy(&mut self) -> Step<()> {
        loop {
            self.forced_neighbours()?;
            if self.complete() || !self.sweep()? {
                return Ok(());
            }
        }
    }

    /// The cells where unplaced `v` may go when a neighbouring value is placed (they are among
    /// that value's neighbours); `None` when neither is.
    fn anchored_candidates(&self, v: u32) -> Option<Few> {
        let around = if let Some(p) = self.prev(v).and_then(|u| self.cell(u)) {
            self.puzzle.successors(p)
        } else {
            self.puzzle
                .predecessors(self.next(v).and_then(|w| self.cell(w))?)
        };
        let mut few = Few::default();
        for &y in around {
            if self.is_empty(y) && self.local(y, v) && few.push(y) {
                break;
            }
        }
        Some(few)
    }

    /// E1: a placed value whose successor (or predecessor) has one candidate cell around it.
    fn forced_neighbours(&mut self) -> Step<()> {
        while let Some(u) = self.queue.pop() {
            self.queued[u as usize] = false;
            for t in [self.next(u), self.prev(u)].into_iter().flatten() {
                if self.is_placed(t) {
                    continue;
                }
                if let Some(few) = self.anchored_candidates(t) {
                    match few.count {
                        0 => return Err(Contradiction),
                        1 => self.place(few.first, t)?,
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }

    /// E3 (a number with one place) over every unplaced value, then E2 (a cell with one
    /// candidate) over every empty cell. True when something was placed.
    fn sweep(&mut self) -> Step<bool> {
        let empty: Vec<usize> = (0..self.n).filter(|&c| self.is_empty(c)).collect();
        let floating: Vec<u32> = (1..=self.n as u32).filter(|&v| self.floating(v)).collect();
        let mut progress = false;
        for v in 1..=self.n as u32 {
            if self.is_placed(v) {
                continue;
            }
            let few = self.anchored_candidates(v).unwrap_or_else(|| {
                let mut few = Few::default();
                for &y in &empty {
                    if self.is_empty(y) && self.local(y, v) && few.push(y) {
                        break;
                    }
                }
                few
            });
            match few.count {
                0 => return Err(Contradiction),
                1 => {
                    self.place(few.first, v)?;
                    progress = true;
                }
                _ => {}
            }
        }
        for &y in &empty {
            if !self.is_empty(y) {
                continue;
            }
            let few = self.cell_candidates(y, &floating);
            match few.count {
                0 => return Err(Contradiction),
                1 => {
                    self.place(y, few.first as u32)?;
                    progress = true;
                }
                _ => {}
            }
        }
        Ok(progress)
    }

    /// The values that empty `y` may hold, from the numbers around it and the floating ones
    /// (`floating` may list values no longer floating; they are skipped).
    fn cell_candidates(&self, y: usize, floating: &[u32]) -> Few {
        let mut few = Few::default();
        let puzzle = self.puzzle;
        let after = puzzle
            .predecessors(y)
            .iter()
            .filter_map(|&p| self.next(self.values[p]).filter(|_| !self.is_empty(p)));
        let before = puzzle
            .successors(y)
            .iter()
            .filter_map(|&q| self.prev(self.values[q]).filter(|_| !self.is_empty(q)));
        for v in after.chain(before) {
            if !self.is_placed(v) && self.local(y, v) && few.push(v as usize) {
                return few;
            }
        }
        // A floating value with a neighbouring value needs an empty cell on that side: with
        // both sides empty any of them may fit, else only an end of an open path.
        let both = self.has_empty_pred(y) && self.has_empty_succ(y);
        let ends = [1, self.n as u32];
        let list: &[u32] = if both {
            floating
        } else if self.closed {
            &[]
        } else {
            &ends
        };
        for &v in list {
            if self.floating(v) && self.local(y, v) && few.push(v as usize) {
                break;
            }
        }
        few
    }

    // ---- Medium rules ----

    /// Candidate sets for the empty cells: the unplaced values their rules allow.
    fn start_domains(&mut self) {
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
    fn distances(&mut self) -> Step<()> {
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
    fn support(&mut self) -> Step<()> {
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
    fn singles(&mut self) -> Step<bool> {
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

fn get(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

fn clear(bits: &mut [u64], i: usize) {
    bits[i / 64] &= !(1 << (i % 64));
}

/// Sets bits `lo..=hi`.
fn set_range(bits: &mut [u64], lo: usize, hi: usize) {
    for (word, x) in bits.iter_mut().enumerate().take(hi / 64 + 1).skip(lo / 64) {
        let start = (word * 64).max(lo) - word * 64;
        let end = (word * 64 + 63).min(hi) - word * 64;
        *x |= (u64::MAX >> (63 - end)) & (u64::MAX << start);
    }
}

/// Sets the bits of the unwrapped values `from..=to` (at most N of them), wrapping past N.
fn set_values(bits: &mut [u64], from: usize, to: usize, n: usize) {
    if to <= n {
        set_range(bits, from, to);
    } else if from > n {
        set_range(bits, from - n, to - n);
    } else {
        set_range(bits, from, n);
        set_range(bits, 1, to - n);
    }
}

fn first_bit(bits: &[u64]) -> usize {
    bits.iter()
        .enumerate()
        .find(|(_, &x)| x != 0)
        .map_or(NONE, |(i, x)| i * 64 + x.trailing_zeros() as usize)
}

/// `acc |= src << 1` (bit v of `src` becomes bit v + 1).
fn shift_up_or(acc: &mut [u64], src: &[u64]) {
    let mut carry = 0;
    for (a, &s) in acc.iter_mut().zip(src) {
        *a |= s << 1 | carry;
        carry = s >> 63;
    }
}

/// `acc |= src >> 1` (bit v of `src` becomes bit v - 1).
fn shift_down_or(acc: &mut [u64], src: &[u64]) {
    let mut carry = 0;
    for (a, &s) in acc.iter_mut().zip(src).rev() {
        *a |= s >> 1 | carry;
        carry = s << 63;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{brute, parse_file, parse_str, Format, Moves, Pos};
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};
    use std::path::{Path, PathBuf};
    use std::time::Instant;

    fn fixtures() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
    }

    pub(super) fn fixture(name: &str) -> Puzzle {
        parse_file(&fixtures().join(name)).unwrap()
    }

    /// Every filling of `puzzle` (a small one).
    fn all_fillings(puzzle: &Puzzle) -> Vec<Filling> {
        let mut found = Vec::new();
        let count = brute::enumerate(puzzle, Some(500_000), |f| found.push(f.clone()));
        assert!(count.complete, "{} has too many fillings", puzzle.name());
        found
    }

    /// Deduces and checks soundness against `solutions`, every filling of the puzzle: each
    /// value placed is in all of them, and a completed board is the only one.
    fn check(puzzle: &Puzzle, solutions: &[Filling]) -> Deduction {
        let Outcome { deduction, values } = run(puzzle, Level::Hard).unwrap();
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                for s in solutions {
                    assert_eq!(
                        s.value(cell),
                        v,
                        "{}: placed {v} on cell {cell}, a solution has {}",
                        puzzle.name(),
                        s.value(cell)
                    );
                }
            }
        }
        let d = &deduction;
        assert!(d.placed_easy <= d.placed && d.placed <= d.to_place, "{d:?}");
        match d.level {
            Level::Easy => assert!(d.placed_easy == d.to_place && d.rounds == 0),
            Level::Medium => assert!(d.placed == d.to_place && d.placed_easy < d.to_place),
            Level::Hard => assert!(d.filling.is_none()),
        }
        if let Some(filling) = &d.filling {
            assert_eq!(
                solutions,
                std::slice::from_ref(filling),
                "{}",
                puzzle.name()
            );
        }
        for max in [Level::Easy, Level::Medium, Level::Hard] {
            assert_eq!(solves_within(puzzle, max), d.level <= max, "{d:?}");
        }
        deduction
    }

    /// The crate's seeded random source (as the generator's own), for reproducible tests.
    pub(super) fn seeded(seed: u64) -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(seed)
    }

    #[test]
    fn hidato_188_is_deduced_soundly() {
        let puzzle = fixture("seeds/hidato-188.toml");
        let solution = puzzle.expect().solutions[0].clone();
        let start = Instant::now();
        let d = deduce(&puzzle).unwrap();
        let elapsed = start.elapsed();
        let d2 = check(&puzzle, std::slice::from_ref(&solution));
        assert_eq!(d, d2);
        println!("hidato-188: {d:?} in {elapsed:?}");
        assert_eq!(d.to_place, 144 - 64);
        assert_eq!(d.filling, Some(solution));
        // The easy rules stall; distances and candidates over several cells finish it.
        assert_eq!((d.level, d.placed_easy, d.placed), (Level::Medium, 20, 80));
    }

    #[test]
    fn puzzles_with_a_listed_unique_solution() {
        for name in ["seeds/rook-primes-tour.toml", "seeds/hidato-188.toml"] {
            let puzzle = fixture(name);
            assert_eq!(
                puzzle.expect().count.as_ref().map(|c| c.to_string()),
                Some("1".into())
            );
            let d = check(&puzzle, &puzzle.expect().solutions);
            println!("{name}: {d:?}");
        }
    }

    #[test]
    fn small_fixtures_against_all_their_fillings() {
        let mut checked = 0;
        for dir in ["small", "graphs"] {
            let mut paths: Vec<PathBuf> = std::fs::read_dir(fixtures().join(dir))
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            paths.sort();
            for path in paths {
                let Ok(puzzle) = parse_file(&path) else {
                    continue;
                };
                let solutions = all_fillings(&puzzle);
                let d = check(&puzzle, &solutions);
                println!("{}: {} fillings, {d:?}", puzzle.name(), solutions.len());
                checked += 1;
            }
        }
        assert!(checked >= 25, "{checked}");
    }

    /// The bases of the random puzzles: small boards of every kind, with their fillings.
    pub(super) fn bases() -> Vec<(Puzzle, Vec<Filling>)> {
        let blank = |rows, cols, moves: &str, closed| {
            Puzzle::blank(rows, cols, Moves::from_name(moves).unwrap(), closed).unwrap()
        };
        let puzzles = vec![
            blank(3, 4, "rook", false),
            blank(3, 4, "king", false),
            blank(3, 4, "king", true),
            blank(3, 4, "knight", false),
            blank(4, 4, "rook", true),
            blank(1, 5, "rook", false),
            fixture("small/odd-even-marks.toml"),
            fixture("small/custom-directed.toml"),
            fixture("small/rook-holes-closed.toml"),
            fixture("small/wazir-alfil-4x4.toml"),
            fixture("small/camel-4x4-list-mark.toml"),
            fixture("graphs/directed-tour.toml"),
            fixture("graphs/petersen-path.toml"),
        ];
        puzzles
            .into_iter()
            .map(|p| {
                let f = all_fillings(&p);
                (p, f)
            })
            .collect()
    }

    /// `base` with 10% to 70% of the cells of one of its `fillings` given, at random, and the
    /// fillings with those givens.
    pub(super) fn random_givens(
        rng: &mut ChaCha8Rng,
        base: &Puzzle,
        fillings: &[Filling],
    ) -> (Puzzle, Vec<Filling>) {
        let solution = &fillings[rng.random_range(0..fillings.len())];
        let percent = 10 + rng.random_range(0..60);
        let extra: Vec<(usize, u32)> = (0..base.n_cells())
            .filter(|_| rng.random_range(0..100) < percent)
            .map(|cell| (cell, solution.value(cell)))
            .collect();
        let puzzle = base.with_givens(&extra).unwrap();
        let consistent: Vec<Filling> = fillings
            .iter()
            .filter(|f| extra.iter().all(|&(c, v)| f.value(c) == v))
            .cloned()
            .collect();
        (puzzle, consistent)
    }

    /// Puzzles made by giving random cells of a filling: every placement is right, and a
    /// completed board is the unique filling with those givens.
    #[test]
    fn random_givens_of_a_filling_are_deduced_soundly() {
        let mut rng = seeded(188);
        let mut levels = [0usize; 3];
        for (base, fillings) in bases() {
            for _ in 0..150 {
                let (puzzle, consistent) = random_givens(&mut rng, &base, &fillings);
                let d = check(&puzzle, &consistent);
                levels[d.level as usize] += 1;
            }
        }
        println!("easy, medium, hard: {levels:?}");
        // The rules are not idle: many of these puzzles are solved, at each level.
        assert!(levels.iter().all(|&l| l > 50), "{levels:?}");
    }

    /// Random givens, mostly contradictory: no panic, nothing wrong placed.
    #[test]
    fn random_givens_of_no_filling_are_harmless() {
        let mut rng = seeded(7);
        for (base, fillings) in bases() {
            let n = base.n_cells();
            for _ in 0..150 {
                let mut extra: Vec<(usize, u32)> = Vec::new();
                for _ in 0..1 + rng.random_range(0..n) {
                    let (cell, v) = (rng.random_range(0..n), 1 + rng.random_range(0..n) as u32);
                    if extra.iter().all(|&(c, w)| c != cell && w != v)
                        && base.givens().all(|(c, w)| c != cell && w != v)
                    {
                        extra.push((cell, v));
                    }
                }
                let Some(puzzle) = base.with_givens(&extra) else {
                    continue;
                };
                let consistent: Vec<Filling> = fillings
                    .iter()
                    .filter(|f| extra.iter().all(|&(c, v)| f.value(c) == v))
                    .cloned()
                    .collect();
                check(&puzzle, &consistent);
            }
        }
    }

    #[test]
    fn one_cell_missing_is_easy() {
        let mut rng = seeded(3);
        for (base, fillings) in bases() {
            let solution = &fillings[rng.random_range(0..fillings.len())];
            let missing = rng.random_range(0..base.n_cells());
            let extra: Vec<(usize, u32)> = (0..base.n_cells())
                .filter(|&c| c != missing && base.givens().all(|(g, _)| g != c))
                .map(|c| (c, solution.value(c)))
                .collect();
            let puzzle = base.with_givens(&extra).unwrap();
            let d = check(&puzzle, std::slice::from_ref(solution));
            assert_eq!(d.level, Level::Easy, "{}: {d:?}", puzzle.name());
            assert_eq!((d.to_place, d.placed_easy, d.placed), (1, 1, 1));
        }
        let puzzle = fixture("seeds/hidato-188.toml");
        let solution = puzzle.expect().solutions[0].clone();
        let extra: Vec<(usize, u32)> = (1..144).map(|c| (c, solution.value(c))).collect();
        let d = deduce(&puzzle.with_givens(&extra).unwrap()).unwrap();
        assert_eq!(
            (d.level, d.to_place, d.filling),
            (Level::Easy, 1, Some(solution))
        );
    }

    #[test]
    fn no_givens_on_an_open_board_is_hard() {
        for moves in ["king", "rook"] {
            let puzzle = Puzzle::blank(3, 3, Moves::from_name(moves).unwrap(), false).unwrap();
            let d = check(&puzzle, &all_fillings(&puzzle));
            assert_eq!((d.level, d.to_place, d.placed), (Level::Hard, 9, 0));
            assert!(!solves_within(&puzzle, Level::Medium));
        }
        let puzzle = Puzzle::blank(12, 12, Moves::King, false).unwrap();
        let d = deduce(&puzzle).unwrap();
        assert_eq!((d.level, d.placed), (Level::Hard, 0));
        // One cell: nothing to deduce but that.
        let puzzle = Puzzle::blank(1, 1, Moves::King, false).unwrap();
        assert_eq!(deduce(&puzzle).unwrap().level, Level::Easy);
    }

    #[test]
    fn contradictions_are_hard() {
        for name in [
            "small/contradictory-givens.toml",
            "small/rook-3x3-closed.toml",
        ] {
            let d = deduce(&fixture(name)).unwrap();
            assert_eq!((d.level, &d.filling), (Level::Hard, &None), "{name}");
        }
        // Every cell given, but 1 and 2 are not a move apart.
        let puzzle = Puzzle::blank(1, 3, Moves::Rook, false).unwrap();
        let bad = puzzle.with_givens(&[(0, 1), (1, 3), (2, 2)]).unwrap();
        let d = deduce(&bad).unwrap();
        assert_eq!((d.level, d.to_place, d.filling), (Level::Hard, 0, None));
    }

    /// The candidates of each empty cell after the medium rules' first pass (M1, M2).
    fn candidates(puzzle: &Puzzle) -> Vec<Vec<usize>> {
        let mut state = State::new(puzzle);
        for (cell, value) in puzzle.givens() {
            assert!(state.place(cell, value).is_ok());
        }
        state.start_domains();
        assert!(state.distances().is_ok() && state.support().is_ok());
        let w = state.words;
        (0..state.n)
            .map(|y| {
                let d = &state.domains[y * w..(y + 1) * w];
                (1..=state.n).filter(|&v| get(d, v)).collect()
            })
            .collect()
    }

    #[test]
    fn a_dead_end_holds_an_end_of_the_path() {
        // Cell 7 has one neighbour: the value before and the value after it would both need
        // that cell, so it holds 1 or N.
        let text = "moves = \"rook\"\ngrid = \"\"\"\n. . .\n. . .\n# . #\n\"\"\"\n";
        let puzzle = parse_str(text, Format::Toml).unwrap();
        assert_eq!(candidates(&puzzle)[6], vec![1, 7]);
        // With 4 next to the dead end, the dead end holds 3 or 5, and its only neighbour would
        // hold both 2 and 4 (or 4 and 6): no solution, and deduction finds that out.
        let stuck = puzzle.with_givens(&[(4, 4)]).unwrap();
        assert!(all_fillings(&stuck).is_empty());
        assert_eq!(check(&stuck, &[]).level, Level::Hard);
        // On a line with 2 second, the first cell holds 1: 3 there would need 4 next to it.
        let line = Puzzle::blank(1, 4, Moves::Rook, false).unwrap();
        assert_eq!(
            candidates(&line.with_givens(&[(1, 2)]).unwrap())[0],
            vec![1]
        );
        // Givens from a solution: deduction agrees with it.
        let solution = &all_fillings(&puzzle)[0];
        let given = puzzle.with_givens(&[(1, solution.value(1))]).unwrap();
        check(&given, &all_fillings(&given));
    }

    #[test]
    fn distances_bound_the_values_between_givens() {
        // Rook 1x7 with 1 and 7 given at the ends: M1 alone puts each value in its cell.
        let puzzle = Puzzle::blank(1, 7, Moves::Rook, false).unwrap();
        let puzzle = puzzle.with_givens(&[(0, 1), (6, 7)]).unwrap();
        let d = candidates(&puzzle);
        assert_eq!(d[3], vec![4]);
        assert_eq!(d[1], vec![2]);
        // On a 3x3 king board with 1 and 9 given in opposite corners, another corner is two
        // moves from each: 3 to 7.
        let puzzle = Puzzle::blank(3, 3, Moves::King, false).unwrap();
        let puzzle = puzzle.with_givens(&[(0, 1), (8, 9)]).unwrap();
        assert_eq!(candidates(&puzzle)[2], vec![3, 4, 5, 6, 7]);
    }

    #[test]
    fn trail_puzzles_are_refused() {
        let puzzle = fixture("trails/loop-5x5.toml");
        assert!(deduce(&puzzle).is_none());
        assert!(!solves_within(&puzzle, Level::Hard));
    }

    /// A boustrophedon path on a rows x cols board (values along the rows, alternately left to
    /// right and right to left), then `shuffles` random backbite moves: an end of the path
    /// steps to a neighbour and the part of the path beyond that neighbour is reversed.
    fn path(
        rows: usize,
        cols: usize,
        moves: Moves,
        shuffles: usize,
        rng: &mut ChaCha8Rng,
    ) -> Filling {
        let puzzle = Puzzle::blank(rows, cols, moves, false).unwrap();
        let mut order: Vec<usize> = (0..rows)
            .flat_map(|r| {
                (0..cols).map(move |c| Pos::new(r, if r % 2 == 0 { c } else { cols - 1 - c }))
            })
            .map(|pos| puzzle.board().cell_at(pos).unwrap())
            .collect();
        let n = order.len();
        for _ in 0..shuffles {
            if rng.random_range(0..2) == 0 {
                order.reverse();
            }
            let around = puzzle.successors(order[n - 1]);
            let next = around[rng.random_range(0..around.len())];
            let i = order.iter().position(|&c| c == next).unwrap();
            order[i + 1..].reverse();
        }
        let mut values = vec![0; n];
        for (i, &cell) in order.iter().enumerate() {
            values[cell] = i as u32 + 1;
        }
        let filling = Filling::from_values(values);
        assert!(pathsat_puzzle::verify(&puzzle, &filling).is_ok());
        filling
    }

    /// The puzzle on the blank board whose givens are the values v of `solution` with
    /// v % `every` == 1, and N.
    fn every(rows: usize, cols: usize, moves: Moves, solution: &Filling, every: u32) -> Puzzle {
        let puzzle = Puzzle::blank(rows, cols, moves, false).unwrap();
        let n = puzzle.n_cells() as u32;
        let extra: Vec<(usize, u32)> = (0..puzzle.n_cells())
            .map(|c| (c, solution.value(c)))
            .filter(|&(_, v)| v % every == 1 % every || v == n)
            .collect();
        puzzle.with_givens(&extra).unwrap()
    }

    /// Large boards: deduction is fast and sound (placements agree with the path the givens
    /// come from). Run with `--release --nocapture` for the timings.
    #[test]
    fn big_boards_are_deduced_quickly() {
        let mut rng = seeded(2024);
        for (size, moves, shuffles, stride) in [
            (20, Moves::King, 0, 3),
            (20, Moves::King, 8000, 3),
            (20, Moves::King, 8000, 2),
            (20, Moves::Rook, 0, 3),
            (20, Moves::Rook, 8000, 3),
            (30, Moves::King, 0, 3),
            (30, Moves::King, 20000, 3),
            (30, Moves::King, 20000, 2),
        ] {
            let solution = path(size, size, moves.clone(), shuffles, &mut rng);
            let puzzle = every(size, size, moves.clone(), &solution, stride);
            let start = Instant::now();
            let d = deduce(&puzzle).unwrap();
            let elapsed = start.elapsed();
            let start = Instant::now();
            let easy = solves_within(&puzzle, Level::Easy);
            let easy_elapsed = start.elapsed();
            println!(
                "{size}x{size} {moves}, {} path, values 1 mod {stride} given: {:?}, {} of {} \
                 placed ({} easy), {} rounds; {elapsed:?} (easy check {easy_elapsed:?})",
                if shuffles == 0 {
                    "boustrophedon"
                } else {
                    "random"
                },
                d.level,
                d.placed,
                d.to_place,
                d.placed_easy,
                d.rounds,
            );
            assert_eq!(easy, d.level == Level::Easy);
            let Outcome { values, .. } = run(&puzzle, Level::Hard).unwrap();
            for (cell, &v) in values.iter().enumerate() {
                assert!(v == 0 || v == solution.value(cell));
            }
            if let Some(filling) = d.filling {
                assert_eq!(filling, solution);
            }
            // Generous bounds, for loaded machines and debug builds.
            assert!(elapsed.as_millis() < 2000, "{elapsed:?}");
        }
        // The boustrophedon with every third value given has other solutions on king moves
        // (2 and 39 swap places, for one): nothing can be placed.
        let solution = path(20, 20, Moves::King, 0, &mut rng);
        let d = deduce(&every(20, 20, Moves::King, &solution, 3)).unwrap();
        assert_eq!((d.level, d.placed), (Level::Hard, 0));
    }
}
