//! The easy rules, on the numbers placed (the grade [`crate::Level::Easy`]): E1 forced
//! neighbour, E2 a cell that one missing number fits, E3 a missing number that fits one cell;
//! run to a fixpoint.

use super::state::State;
use super::{Contradiction, Step};

/// At most two candidates: enough to tell none, one (which) and several apart.
#[derive(Default)]
pub(super) struct Few {
    pub(super) count: usize,
    pub(super) first: usize,
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

impl State<'_> {
    /// The easy rules to a fixpoint: forced neighbours as placements come, then a sweep of
    /// one-candidate cells and one-place numbers whenever those stall.
    pub(super) fn easy(&mut self) -> Step<()> {
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
    pub(super) fn cell_candidates(&self, y: usize, floating: &[u32]) -> Few {
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
}
