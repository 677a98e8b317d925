//! # Candidate domains
//!
//! Which (cell, value) pairs can occur in some filling at all. The position encoding creates a
//! variable only for these pairs, so everything ruled out here costs nothing in the CNF. Every
//! rule below only removes pairs that no solution uses; the solution set is unchanged (the tests
//! compare pruned and unpruned encodings, and both with a brute-force count).
//!
//! 1. **Cell rules.** A given cell holds its value; a marked cell a value of its class.
//! 2. **Values used elsewhere.** A given value is on no other cell; when a mark has as many cells
//!    as its class has values in 1..N, those values are on no unmarked cell.
//! 3. **Connectivity and colour classes.** Consecutive values sit on cells joined by a move, so
//!    a board whose cells are not all connected by moves has no solution. When the move graph
//!    is bipartite (rook and knight moves always are), values alternate colours: an open path
//!    on classes of sizes a = b + 1 puts the odd values on the larger class, a tour needs a = b.
//! 4. **Board distance.** When value v is fixed on cell g, value k can only be on a cell c that
//!    a path of |k − v| moves joins with g in the right direction (cyclically for tours), and on
//!    a bipartite graph only at a distance of the same parity.
//! 5. **Support.** (c, k) needs a successor of c that may hold k + 1 and a predecessor that may
//!    hold k − 1 (wrapping around for tours): what unit propagation of the successor and
//!    predecessor clauses would do, done before any variable exists.
//! 6. **Singles.** A cell left with one value, or a value left with one cell, is fixed: rule 2
//!    and rule 4 then apply to it too. The rules repeat until nothing changes.

use crate::colours::colour_classes;
use fixedbitset::FixedBitSet;
use pathsat_puzzle::{CellRule, Puzzle};
use std::collections::VecDeque;

/// The candidate values of every cell, and the candidate cells of every value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domains {
    by_cell: Vec<Vec<u32>>,
    /// Indexed by value; entry 0 is unused.
    by_value: Vec<Vec<usize>>,
    contradiction: Option<String>,
}

impl Domains {
    /// Every value for every cell: no pruning at all.
    pub fn unpruned(puzzle: &Puzzle) -> Domains {
        if puzzle.trail().is_some() {
            return Domains::trail(puzzle, false);
        }
        let n = puzzle.n_cells();
        let mut by_value = vec![(0..n).collect::<Vec<_>>(); n + 1];
        by_value[0].clear();
        Domains {
            by_cell: vec![(1..=n as u32).collect(); n],
            by_value,
            contradiction: None,
        }
    }

    /// The pairs that survive the rules of the module documentation.
    pub fn pruned(puzzle: &Puzzle) -> Domains {
        if puzzle.trail().is_some() {
            return Domains::trail(puzzle, true);
        }
        Pruner::new(puzzle).run()
    }

    /// The (cell, step) pairs of a trail puzzle: steps 1..=L on every cell that can be on the
    /// trail. With `prune`, a cell is left out when its label alone exceeds the sum or, for a
    /// trail of more than one cell, when no move leaves or enters it.
    ///
    /// # Panics
    /// If the puzzle is not a trail puzzle.
    pub fn trail(puzzle: &Puzzle, prune: bool) -> Domains {
        let trail = puzzle.trail().expect("a trail puzzle");
        let (n, l) = (puzzle.n_cells(), trail.length());
        let usable = |cell: usize| {
            !prune
                || (trail
                    .sum()
                    .is_none_or(|s| u64::from(trail.label(cell)) <= s)
                    && (l == 1
                        || (!puzzle.successors(cell).is_empty()
                            && !puzzle.predecessors(cell).is_empty())))
        };
        let cells: Vec<usize> = (0..n).filter(|&c| usable(c)).collect();
        let mut by_cell = vec![Vec::new(); n];
        let mut by_value = vec![Vec::new(); l + 1];
        let contradiction = if cells.len() < l {
            Some(format!(
                "the trail has {l} cells, but only {} cells of the board can be on it",
                cells.len()
            ))
        } else {
            for &c in &cells {
                by_cell[c] = (1..=l as u32).collect();
            }
            for cells_of in by_value.iter_mut().skip(1) {
                cells_of.clone_from(&cells);
            }
            None
        };
        Domains {
            by_cell,
            by_value,
            contradiction,
        }
    }

    /// These domains emptied, with the reason there is no solution.
    pub fn contradicted(mut self, why: String) -> Domains {
        self.by_cell.iter_mut().for_each(Vec::clear);
        self.by_value.iter_mut().for_each(Vec::clear);
        self.contradiction = Some(why);
        self
    }

    /// The largest value with candidates: N, or a trail's length.
    pub fn max_value(&self) -> usize {
        self.by_value.len() - 1
    }

    /// The number of cells.
    pub fn n_cells(&self) -> usize {
        self.by_cell.len()
    }

    /// The candidate values of a cell, ascending.
    pub fn values(&self, cell: usize) -> &[u32] {
        &self.by_cell[cell]
    }

    /// The candidate cells of a value (1..=N), ascending.
    pub fn cells(&self, value: u32) -> &[usize] {
        &self.by_value[value as usize]
    }

    /// Whether `value` is a candidate of `cell`.
    pub fn contains(&self, cell: usize, value: u32) -> bool {
        self.by_cell[cell].binary_search(&value).is_ok()
    }

    /// The number of candidate pairs (the primary variables of the position encoding).
    pub fn n_pairs(&self) -> usize {
        self.by_cell.iter().map(Vec::len).sum()
    }

    /// Why the puzzle has no solution, when pruning alone proved it; every domain is then empty.
    pub fn contradiction(&self) -> Option<&str> {
        self.contradiction.as_deref()
    }
}

struct Pruner<'p> {
    puzzle: &'p Puzzle,
    n: usize,
    /// dom[c] has bit k set when value k is a candidate of cell c.
    dom: Vec<FixedBitSet>,
    /// cells_of[k] has bit c set when cell c is a candidate of value k.
    cells_of: Vec<FixedBitSet>,
    dom_size: Vec<usize>,
    value_size: Vec<usize>,
    fixed_cell: Vec<bool>,
    fixed_value: Vec<bool>,
    /// Pairs whose support must be checked again, each queued at most once at a time.
    support_queue: VecDeque<(u32, u32)>,
    /// Bit `cell * (n + 1) + k` is set while (cell, k) is in `support_queue`.
    queued: FixedBitSet,
    /// Pairs that became the only option of their cell or value.
    fix_queue: VecDeque<(usize, u32)>,
    /// The 2-colouring of a connected bipartite move graph.
    colour: Option<Vec<u8>>,
    contradiction: Option<String>,
}

impl<'p> Pruner<'p> {
    fn new(puzzle: &'p Puzzle) -> Pruner<'p> {
        let n = puzzle.n_cells();
        let mut dom = vec![FixedBitSet::with_capacity(n + 1); n];
        let mut cells_of = vec![FixedBitSet::with_capacity(n); n + 1];
        for (cell, d) in dom.iter_mut().enumerate() {
            for k in 1..=n as u32 {
                if puzzle.allows(cell, k) {
                    d.insert(k as usize);
                    cells_of[k as usize].insert(cell);
                }
            }
        }
        let dom_size = dom.iter().map(|d| d.count_ones(..)).collect();
        let value_size = cells_of.iter().map(|c| c.count_ones(..)).collect();
        Pruner {
            puzzle,
            n,
            dom,
            cells_of,
            dom_size,
            value_size,
            fixed_cell: vec![false; n],
            fixed_value: vec![false; n + 1],
            support_queue: VecDeque::new(),
            queued: FixedBitSet::with_capacity(n * (n + 1)),
            fix_queue: VecDeque::new(),
            colour: None,
            contradiction: None,
        }
    }

    fn run(mut self) -> Domains {
        self.check_sizes();
        for (cell, value) in self.puzzle.givens() {
            self.fix_queue.push_back((cell, value));
        }
        self.exclude_values_of_full_marks();
        self.colour_classes();
        // Fixed pairs first: their distance pruning shrinks what the support sweep visits.
        self.propagate();
        // One sweep over every remaining pair; after that, only the neighbours of removed
        // pairs are queued again, so the queue stays proportional to the removals.
        for cell in 0..self.n {
            let values: Vec<usize> = self.dom[cell].ones().collect();
            for k in values {
                if self.contradiction.is_some() {
                    break;
                }
                if !self.supported(cell, k as u32) {
                    self.remove(cell, k as u32);
                }
            }
        }
        self.propagate();
        self.finish()
    }

    fn contradict(&mut self, why: String) {
        if self.contradiction.is_none() {
            self.contradiction = Some(why);
        }
    }

    /// Records a contradiction for any empty domain, and queues the singles.
    fn check_sizes(&mut self) {
        for cell in 0..self.n {
            self.after_cell_change(cell);
        }
        for k in 1..=self.n as u32 {
            self.after_value_change(k);
        }
    }

    fn after_cell_change(&mut self, cell: usize) {
        match self.dom_size[cell] {
            0 => {
                let pos = self.puzzle.board().pos(cell);
                self.contradict(format!("cell {pos} can hold no value"));
            }
            1 if !self.fixed_cell[cell] => {
                let k = self.dom[cell].ones().next().expect("one value") as u32;
                self.fix_queue.push_back((cell, k));
            }
            _ => {}
        }
    }

    fn after_value_change(&mut self, k: u32) {
        match self.value_size[k as usize] {
            0 => self.contradict(format!("no cell can hold {k}")),
            1 if !self.fixed_value[k as usize] => {
                let cell = self.cells_of[k as usize].ones().next().expect("one cell");
                self.fix_queue.push_back((cell, k));
            }
            _ => {}
        }
    }

    /// Removes a pair and schedules what may follow from it.
    fn remove(&mut self, cell: usize, k: u32) {
        if !self.dom[cell].contains(k as usize) {
            return;
        }
        self.dom[cell].set(k as usize, false);
        self.cells_of[k as usize].set(cell, false);
        self.dom_size[cell] -= 1;
        self.value_size[k as usize] -= 1;
        self.after_cell_change(cell);
        self.after_value_change(k);
        let n = self.n as u32;
        let closed = self.puzzle.is_closed();
        // The pairs that may have used (cell, k) as their successor or predecessor support.
        if k < n || closed {
            let next = if k < n { k + 1 } else { 1 };
            for &s in self.puzzle.successors(cell) {
                self.queue_support_check(s, next);
            }
        }
        if k > 1 || closed {
            let prev = if k > 1 { k - 1 } else { n };
            for &p in self.puzzle.predecessors(cell) {
                self.queue_support_check(p, prev);
            }
        }
    }

    fn queue_support_check(&mut self, cell: usize, k: u32) {
        if self.dom[cell].contains(k as usize) {
            let bit = cell * (self.n + 1) + k as usize;
            if !self.queued.put(bit) {
                self.support_queue.push_back((cell as u32, k));
            }
        }
    }

    fn exclude_values_of_full_marks(&mut self) {
        let n = self.n as u32;
        for (index, mark) in self.puzzle.marks().iter().enumerate() {
            let rule = CellRule::Marked(index);
            let marked = self.puzzle.rules().iter().filter(|r| **r == rule).count();
            if marked > 0 && marked == mark.class.count_up_to(n) {
                for k in (1..=n).filter(|&k| mark.class.contains(k)) {
                    for cell in 0..self.n {
                        if self.puzzle.rule(cell) != &rule {
                            self.remove(cell, k);
                        }
                    }
                }
            }
        }
    }

    /// Rule 3: connectivity, and the colour classes of a bipartite move graph.
    fn colour_classes(&mut self) {
        let colouring = match colour_classes(self.puzzle) {
            Ok(colouring) => colouring,
            Err(why) => return self.contradict(why),
        };
        if let (Some(colour), Some(odd_colour)) = (&colouring.colour, colouring.odd_colour) {
            // The larger class holds the odd values 1, 3, ..., N.
            for (cell, &c) in colour.iter().enumerate() {
                let odd_here = c == odd_colour;
                for k in 1..=self.n as u32 {
                    if (k % 2 == 1) != odd_here {
                        self.remove(cell, k);
                    }
                }
            }
        }
        self.colour = colouring.colour;
    }

    fn propagate(&mut self) {
        while self.contradiction.is_none() {
            if let Some((cell, k)) = self.fix_queue.pop_front() {
                self.fix(cell, k);
            } else if let Some((cell, k)) = self.support_queue.pop_front() {
                let cell = cell as usize;
                self.queued.set(cell * (self.n + 1) + k as usize, false);
                if !self.supported(cell, k) {
                    self.remove(cell, k);
                }
            } else {
                break;
            }
        }
    }

    /// Rules 2, 4 and 6 for a pair that is the only option of its cell or of its value.
    fn fix(&mut self, cell: usize, k: u32) {
        if !self.dom[cell].contains(k as usize)
            || (self.fixed_cell[cell] && self.fixed_value[k as usize])
        {
            return;
        }
        self.fixed_cell[cell] = true;
        self.fixed_value[k as usize] = true;
        let others: Vec<usize> = self.dom[cell].ones().filter(|&v| v != k as usize).collect();
        for v in others {
            self.remove(cell, v as u32);
        }
        let others: Vec<usize> = self.cells_of[k as usize]
            .ones()
            .filter(|&c| c != cell)
            .collect();
        for c in others {
            self.remove(c, k);
        }
        self.prune_by_distance(cell, k);
    }

    /// Rule 4 from the fixed pair (g, v).
    fn prune_by_distance(&mut self, g: usize, v: u32) {
        let reach = Reach::new(self.puzzle, self.colour.as_deref(), g, v);
        for c in 0..self.n {
            if c == g {
                continue;
            }
            let values: Vec<usize> = self.dom[c].ones().collect();
            for k in values {
                if !reach.allows(c, k as u32) {
                    self.remove(c, k as u32);
                }
            }
        }
    }

    /// Rule 5: whether (cell, k) has a successor and a predecessor that can continue the path.
    fn supported(&self, cell: usize, k: u32) -> bool {
        if !self.dom[cell].contains(k as usize) {
            return true;
        }
        let n = self.n as u32;
        let closed = self.puzzle.is_closed();
        let next = if k < n {
            Some(k + 1)
        } else {
            closed.then_some(1)
        };
        let prev = if k > 1 {
            Some(k - 1)
        } else {
            closed.then_some(n)
        };
        let has = |cells: &[usize], value: Option<u32>| {
            value.is_none_or(|v| cells.iter().any(|&d| self.dom[d].contains(v as usize)))
        };
        has(self.puzzle.successors(cell), next) && has(self.puzzle.predecessors(cell), prev)
    }

    fn finish(self) -> Domains {
        if self.contradiction.is_some() {
            // No pair is part of a solution.
            return Domains {
                by_cell: vec![Vec::new(); self.n],
                by_value: vec![Vec::new(); self.n + 1],
                contradiction: self.contradiction,
            };
        }
        let by_cell = self
            .dom
            .iter()
            .map(|d| d.ones().map(|k| k as u32).collect())
            .collect();
        let by_value = self.cells_of.iter().map(|c| c.ones().collect()).collect();
        Domains {
            by_cell,
            by_value,
            contradiction: self.contradiction,
        }
    }
}

/// Which values other cells may hold when value `v` is on cell `g` (pruning rule 4): value k
/// on cell c needs a walk of |k - v| moves between them (both ways round a tour), of the
/// right parity on a bipartite move graph. Shared by the pruning of givens and by solvers that
/// assume values instead of giving them.
pub struct Reach {
    forward: Vec<u32>,
    backward: Vec<u32>,
    /// Per cell: whether its colour differs from g's, on a bipartite move graph.
    parity: Option<Vec<bool>>,
    value: u32,
    n: u32,
    closed: bool,
}

impl Reach {
    /// `colour` is the 2-colouring of a bipartite move graph, when there is one.
    pub fn new(puzzle: &Puzzle, colour: Option<&[u8]>, g: usize, v: u32) -> Reach {
        Reach {
            forward: move_distances(puzzle, g, true),
            backward: move_distances(puzzle, g, false),
            parity: colour.map(|col| col.iter().map(|&c| c != col[g]).collect()),
            value: v,
            n: puzzle.n_cells() as u32,
            closed: puzzle.is_closed(),
        }
    }

    /// Whether value `k` on cell `c` (not g) is compatible with `v` on g.
    pub fn allows(&self, c: usize, k: u32) -> bool {
        let (n, v) = (self.n, self.value);
        let odd = self.parity.as_ref().map(|p| p[c]);
        let reachable =
            |steps: u32, dist: u32| dist <= steps && odd.is_none_or(|o| (steps % 2 == 1) == o);
        if self.closed {
            // Steps from g forward to c, and from c forward to g, around the tour.
            let ahead = (k + n - v) % n;
            let behind = (v + n - k) % n;
            reachable(ahead, self.forward[c]) && reachable(behind, self.backward[c])
        } else if k > v {
            reachable(k - v, self.forward[c])
        } else {
            reachable(v - k, self.backward[c])
        }
    }
}

/// Breadth-first move distances from `from` (forward) or to `from` (backward); `u32::MAX`
/// where there is no path.
pub fn move_distances(puzzle: &Puzzle, from: usize, forward: bool) -> Vec<u32> {
    let mut dist = vec![u32::MAX; puzzle.n_cells()];
    dist[from] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        let next = if forward {
            puzzle.successors(c)
        } else {
            puzzle.predecessors(c)
        };
        for &d in next {
            if dist[d] == u32::MAX {
                dist[d] = dist[c] + 1;
                queue.push_back(d);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{parse_str, Format};

    fn puzzle(moves: &str, closed: bool, grid: &str, marks: &str) -> Puzzle {
        let text = format!(
            "moves = {moves}\nclosed = {closed}\ngrid = \"\"\"\n{grid}\n\"\"\"\n[marks]\n{marks}\n"
        );
        parse_str(&text, Format::Toml).unwrap()
    }

    #[test]
    fn colour_classes_put_odd_values_on_the_larger_class() {
        // 3x3 rook board: 5 cells of the corner colour, 4 of the other.
        let d = Domains::pruned(&puzzle("\"rook\"", false, ". . .\n. . .\n. . .", ""));
        assert_eq!(d.contradiction(), None);
        assert_eq!(d.values(0), &[1, 3, 5, 7, 9]);
        assert_eq!(d.values(1), &[2, 4, 6, 8]);
        // Value 2 is on the four edge cells, the colour of the even values.
        assert_eq!(d.cells(2), &[1, 3, 5, 7]);
    }

    #[test]
    fn tours_on_unbalanced_bipartite_boards_are_contradictions() {
        let d = Domains::pruned(&puzzle("\"rook\"", true, ". . .\n. . .\n. . .", ""));
        assert!(d.contradiction().unwrap().contains("5 cells of one and 4"));
        let d = Domains::pruned(&puzzle("\"rook\"", false, ". # .", ""));
        assert!(d.contradiction().unwrap().contains("connected"));
    }

    #[test]
    fn distance_from_givens() {
        // 1 . . . .   on a 1x5 rook strip: value k must be at distance k-1 from the 1.
        let d = Domains::pruned(&puzzle("\"rook\"", false, "1 . . . .", ""));
        for cell in 0..5 {
            assert_eq!(d.values(cell), &[cell as u32 + 1]);
        }
        // King moves, 2x3 board with 1 in a corner and 6 fixed in the opposite corner.
        let d = Domains::pruned(&puzzle("\"king\"", false, "1 . .\n. . 6", ""));
        assert!(
            !d.contains(2, 2),
            "the far corner is 2 king moves from the 1"
        );
        assert!(d.contains(1, 2));
    }

    #[test]
    fn full_marks_exclude_their_values_elsewhere() {
        // Two cells marked even on a 4-cell strip: 2 and 4 are on them, so not elsewhere.
        let d = Domains::pruned(&puzzle("\"king\"", false, "E . E .", "E = \"even\""));
        assert_eq!(d.values(1), &[1, 3]);
        assert_eq!(d.values(3), &[1, 3]);
        assert_eq!(d.values(0), &[2, 4]);
    }

    #[test]
    fn support_follows_directed_moves() {
        // Moves only to the right: the path is forced left to right.
        let d = Domains::pruned(&puzzle("[[0, 1]]", false, ". . .", ""));
        assert_eq!(
            (d.values(0), d.values(1), d.values(2)),
            (&[1][..], &[2][..], &[3][..])
        );
        // Closed with the same moves: impossible, 3 cannot move back to 1.
        let d = Domains::pruned(&puzzle("[[0, 1]]", true, ". . .", ""));
        assert!(d.contradiction().is_some());
    }

    #[test]
    fn unpruned_has_every_pair() {
        let p = puzzle("\"rook\"", false, "1 .\n. .", "");
        let d = Domains::unpruned(&p);
        assert_eq!(d.n_pairs(), 16);
        assert_eq!(d.cells(4), &[0, 1, 2, 3]);
        assert_eq!(Domains::pruned(&p).n_pairs(), 6);
    }
}
