//! The board as deduced so far ([`State`]): the values placed, each cell's own rule, and once
//! the medium rules start, the candidate values of each empty cell; with the questions every
//! rule asks of it (is this value placed, may it go on that cell as far as the numbers next to
//! the cell tell) and the placing of a value.

use super::bits::{get, set};
use super::{Contradiction, Step, NONE};
use pathsat_puzzle::{CellRule, Puzzle};

/// What a cell's own rule allows.
pub(super) enum Allow {
    Any,
    Only(u32),
    /// The values of the mark with this index (a bitset in `State::classes`).
    Class(usize),
}

/// The board as deduced so far, with the medium rules' candidate sets once they start.
pub(super) struct State<'p> {
    pub(super) puzzle: &'p Puzzle,
    pub(super) n: usize,
    pub(super) closed: bool,
    pub(super) allow: Vec<Allow>,
    /// Words per bitset of values (bit v for value v, bits 0 and n+1 always clear).
    pub(super) words: usize,
    pub(super) classes: Vec<Vec<u64>>,
    /// The cell of each value (index 0 unused), `NONE` while unplaced.
    pub(super) cell_of: Vec<usize>,
    /// The value of each cell, 0 while empty.
    pub(super) values: Vec<u32>,
    pub(super) placed: usize,
    /// Placed values whose neighbouring values the forced-neighbour rule should look at.
    pub(super) queue: Vec<u32>,
    pub(super) queued: Vec<bool>,
    /// The candidate values of each empty cell (`words` words per cell), for the medium rules.
    pub(super) domains: Vec<u64>,
}

impl<'p> State<'p> {
    pub(super) fn new(puzzle: &'p Puzzle) -> State<'p> {
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
    pub(super) fn next(&self, v: u32) -> Option<u32> {
        if (v as usize) < self.n {
            Some(v + 1)
        } else {
            self.closed.then_some(1)
        }
    }

    /// The value before `v` on the path (N before 1 on a tour).
    pub(super) fn prev(&self, v: u32) -> Option<u32> {
        if v > 1 {
            Some(v - 1)
        } else {
            self.closed.then_some(self.n as u32)
        }
    }

    pub(super) fn cell(&self, v: u32) -> Option<usize> {
        Some(self.cell_of[v as usize]).filter(|&c| c != NONE)
    }

    pub(super) fn is_placed(&self, v: u32) -> bool {
        self.cell_of[v as usize] != NONE
    }

    pub(super) fn is_empty(&self, cell: usize) -> bool {
        self.values[cell] == 0
    }

    pub(super) fn complete(&self) -> bool {
        self.placed == self.n
    }

    fn allows(&self, cell: usize, v: u32) -> bool {
        match self.allow[cell] {
            Allow::Any => true,
            Allow::Only(w) => v == w,
            Allow::Class(i) => get(&self.classes[i], v as usize),
        }
    }

    pub(super) fn is_move(&self, from: usize, to: usize) -> bool {
        self.puzzle.successors(from).binary_search(&to).is_ok()
    }

    pub(super) fn has_empty_pred(&self, y: usize) -> bool {
        self.puzzle
            .predecessors(y)
            .iter()
            .any(|&z| z != y && self.is_empty(z))
    }

    pub(super) fn has_empty_succ(&self, y: usize) -> bool {
        self.puzzle
            .successors(y)
            .iter()
            .any(|&z| z != y && self.is_empty(z))
    }

    /// Whether unplaced `v` may go on empty `y` as far as the numbers next to `y` tell: its
    /// neighbouring values are a move away when placed, and have an empty cell to go to when
    /// not.
    pub(super) fn local(&self, y: usize, v: u32) -> bool {
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
    pub(super) fn floating(&self, v: u32) -> bool {
        !self.is_placed(v)
            && self.prev(v).is_none_or(|u| !self.is_placed(u))
            && self.next(v).is_none_or(|w| !self.is_placed(w))
    }

    /// Places `v` on `cell`; a contradiction when either is taken or the cell's rule forbids it.
    pub(super) fn place(&mut self, cell: usize, v: u32) -> Step<()> {
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
}
