//! # Puzzles
//!
//! A [`Puzzle`] is a board, a move rule, an open/closed flag and a rule per cell (free, given a
//! value, or marked with a letter whose [`ValueClass`] says which values it may hold). Building
//! one checks everything that makes a puzzle malformed rather than merely unsolvable.

use crate::moves::Arcs;
use crate::trail::{Trail, TrailError};
use crate::{Board, Filling, Moves, Pos, ValueClass};
use pathsat_bigcount::BigCount;
use std::fmt;
use std::sync::Arc;

/// Where a cell is, for messages: a board position, or a graph vertex (numbered from 1, as in
/// graph files).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A board cell.
    Cell(Pos),
    /// A graph vertex, numbered from 1 (as [`Puzzle::place`] gives it).
    Vertex(usize),
}

/// `(1, 2)` or `vertex 7`; the alternate form `{:#}` names a cell too: `cell (1, 2)`.
impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Cell(pos) if f.alternate() => write!(f, "cell {pos}"),
            Place::Cell(pos) => write!(f, "{pos}"),
            Place::Vertex(v) => write!(f, "vertex {v}"),
        }
    }
}

/// What a puzzle says about one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellRule {
    /// Any value.
    Free,
    /// This value and no other.
    Given(u32),
    /// A value of the class of the mark with this index in [`Puzzle::marks`].
    Marked(usize),
}

/// A mark letter and the values the cells so marked may hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The letter that marks cells in the grid.
    pub letter: String,
    /// The values those cells may hold.
    pub class: ValueClass,
}

/// The known answer of a puzzle, from its `[expect]` table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expect {
    /// The number of fillings (of trails, for a trail puzzle), exact at any size.
    pub count: Option<BigCount>,
    /// Whether the puzzle has a solution at all.
    pub sat: Option<bool>,
    /// Published fillings that must be among the solutions.
    pub solutions: Vec<Filling>,
}

/// Why a set of parts does not make a puzzle. Each variant names the cell that is at fault, so
/// that the parser can point at the token in the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// The board has no cells.
    #[error("the board has no cells")]
    EmptyBoard,
    /// More cells than values can number.
    #[error("the board has {0} cells, more than pathsat can number")]
    TooManyCells(usize),
    /// A given outside 1..N.
    #[error("given {value} at {pos} is out of range: values run from 1 to {n}")]
    GivenOutOfRange {
        /// The cell at fault (its index).
        cell: usize,
        /// Where it is.
        pos: Place,
        /// The value.
        value: u32,
        /// The number of cells.
        n: usize,
    },
    /// One value given on two cells.
    #[error("given {value} at {pos} appears twice (first at {first})")]
    DuplicateGiven {
        /// The cell at fault (its index).
        cell: usize,
        /// Where it is.
        pos: Place,
        /// Where the first one is.
        first: Place,
        /// The value.
        value: u32,
    },
    /// A mark on more cells than its class has values in 1..N.
    #[error(
        "mark {letter:?} is on {cells} cells (one too many at {pos}), but only {values} of the values \
         1..{n} are {class}"
    )]
    TooManyMarked {
        /// The cell at fault (its index).
        cell: usize,
        /// Where it is.
        pos: Place,
        /// The mark's letter.
        letter: String,
        /// The mark's class.
        class: ValueClass,
        /// Cells it is on.
        cells: usize,
        /// Values of the class in 1..N.
        values: usize,
        /// The number of cells.
        n: usize,
    },
    /// A cell rule naming a mark that is not defined.
    #[error("cell rule refers to mark #{0}, which does not exist")]
    NoSuchMark(usize),
    /// Another number of cell rules than cells.
    #[error("{found} cell rules for a board of {expected} cells")]
    WrongRuleCount {
        /// How many there should be.
        expected: usize,
        /// How many there are.
        found: usize,
    },
    /// An edge (its index) naming a vertex the graph does not have (its number of vertices).
    #[error("edge {0} joins vertex {1}, but the graph has {2} vertices")]
    NoSuchVertex(usize, usize, usize),
    /// The trail rules are wrong.
    #[error(transparent)]
    Trail(#[from] TrailError),
    /// A trail on a graph.
    #[error("trail puzzles are played on boards, not graphs")]
    TrailOnGraph,
    /// A trail's move listed without its reverse.
    #[error(
        "a path and its reverse are one trail, so a trail puzzle needs moves that can be \
         reversed: the move {0:?} is listed without {1:?}"
    )]
    TrailMovesNotReversible((i64, i64), (i64, i64)),
    /// A trail puzzle with givens or marks.
    #[error("a trail puzzle's grid holds labels: it has no givens or marks")]
    TrailWithRules,
}

impl ModelError {
    /// The cell the error is about, when there is one.
    pub fn cell(&self) -> Option<usize> {
        match self {
            ModelError::GivenOutOfRange { cell, .. }
            | ModelError::DuplicateGiven { cell, .. }
            | ModelError::TooManyMarked { cell, .. } => Some(*cell),
            _ => None,
        }
    }
}

/// Checks the cell rules of a board of `rules.len()` cells (a graph's vertices when `graph`):
/// givens in range and on one cell each, marks that exist and fit their class. Each error names
/// the first cell at fault, in cell order.
fn check_rules(
    board: &Board,
    graph: bool,
    rules: &[CellRule],
    marks: &[Mark],
) -> Result<(), ModelError> {
    let n = rules.len();
    let place = |cell: usize| {
        if graph {
            Place::Vertex(cell + 1)
        } else {
            Place::Cell(board.pos(cell))
        }
    };
    let mut given_at: Vec<Option<usize>> = vec![None; n + 1];
    let mut marked = vec![0usize; marks.len()];
    for (cell, rule) in rules.iter().enumerate() {
        match *rule {
            CellRule::Free => {}
            CellRule::Given(value) => {
                let pos = place(cell);
                if value == 0 || value as usize > n {
                    return Err(ModelError::GivenOutOfRange {
                        cell,
                        pos,
                        value,
                        n,
                    });
                }
                if let Some(first) = given_at[value as usize] {
                    return Err(ModelError::DuplicateGiven {
                        cell,
                        pos,
                        first: place(first),
                        value,
                    });
                }
                given_at[value as usize] = Some(cell);
            }
            CellRule::Marked(index) => {
                let mark = marks.get(index).ok_or(ModelError::NoSuchMark(index))?;
                marked[index] += 1;
                let values = mark.class.count_up_to(n as u32);
                if marked[index] > values {
                    let cells = rules
                        .iter()
                        .filter(|r| **r == CellRule::Marked(index))
                        .count();
                    return Err(ModelError::TooManyMarked {
                        cell,
                        pos: place(cell),
                        letter: mark.letter.clone(),
                        class: mark.class.clone(),
                        cells,
                        values,
                        n,
                    });
                }
            }
        }
    }
    Ok(())
}

/// The move graph of `board`: each cell's successors (by the graph's arcs, or by the move
/// offsets that stay on the board) and predecessors, both sorted.
fn move_graph(board: &Board, moves: &Moves) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let n = board.n_cells();
    let mut successors = vec![Vec::new(); n];
    let mut predecessors = vec![Vec::new(); n];
    if let Some(arcs) = moves.arcs() {
        for (from, to) in arcs.iter() {
            if from < n && to < n {
                successors[from].push(to);
            }
        }
        successors.iter_mut().for_each(|s| s.sort_unstable());
    } else {
        for (cell, succ) in successors.iter_mut().enumerate() {
            let pos = board.pos(cell);
            for &(dr, dc) in moves.offsets() {
                if let Some(next) = pos.offset(dr, dc).and_then(|p| board.cell_at(p)) {
                    succ.push(next);
                }
            }
            succ.sort_unstable();
        }
    }
    for (cell, succ) in successors.iter().enumerate() {
        for &next in succ {
            predecessors[next].push(cell);
        }
    }
    (successors, predecessors)
}

/// A path puzzle: place 1..N on the N cells so that consecutive values are a move apart.
#[derive(Clone, Debug)]
pub struct Puzzle {
    name: String,
    board: Board,
    moves: Moves,
    closed: bool,
    rules: Vec<CellRule>,
    marks: Vec<Mark>,
    expect: Expect,
    successors: Vec<Vec<usize>>,
    predecessors: Vec<Vec<usize>>,
    /// The trail rules, for a trail puzzle; `None` for a puzzle that covers every cell.
    trail: Option<Trail>,
}

impl Puzzle {
    /// Checks the parts and builds the move graph.
    ///
    /// # Errors
    /// A [`ModelError`] when the board is empty, a given is out of range or repeated, a rule
    /// names a missing mark, or a mark is on more cells than its class has values.
    pub fn new(
        name: impl Into<String>,
        board: Board,
        moves: Moves,
        closed: bool,
        rules: Vec<CellRule>,
        marks: Vec<Mark>,
        expect: Expect,
    ) -> Result<Puzzle, ModelError> {
        let n = board.n_cells();
        if n == 0 {
            return Err(ModelError::EmptyBoard);
        }
        if u32::try_from(n).is_err() {
            return Err(ModelError::TooManyCells(n));
        }
        if rules.len() != n {
            return Err(ModelError::WrongRuleCount {
                expected: n,
                found: rules.len(),
            });
        }
        check_rules(&board, moves.arcs().is_some(), &rules, &marks)?;
        let (successors, predecessors) = move_graph(&board, &moves);
        Ok(Puzzle {
            name: name.into(),
            board,
            moves,
            closed,
            rules,
            marks,
            expect,
            successors,
            predecessors,
            trail: None,
        })
    }

    /// This board as a trail puzzle: a path of `trail.length()` cells instead of all of them.
    ///
    /// # Errors
    /// A [`ModelError`] when the puzzle is a graph, has givens or marks, its moves cannot be
    /// reversed, the labels do not match the cells, or a closed trail is shorter than 3.
    pub fn with_trail(mut self, trail: Trail) -> Result<Puzzle, ModelError> {
        if self.is_graph() {
            return Err(ModelError::TrailOnGraph);
        }
        if self.rules.iter().any(|r| *r != CellRule::Free) {
            return Err(ModelError::TrailWithRules);
        }
        if let Some(&(dr, dc)) = self
            .moves
            .offsets()
            .iter()
            .find(|&&(dr, dc)| !self.moves.allows(-dr, -dc))
        {
            return Err(ModelError::TrailMovesNotReversible((dr, dc), (-dr, -dc)));
        }
        if trail.labels().len() != self.n_cells() {
            return Err(TrailError::WrongLabelCount {
                labels: trail.labels().len(),
                cells: self.n_cells(),
            }
            .into());
        }
        if self.closed && trail.length() < 3 {
            return Err(TrailError::ShortCycle(trail.length()).into());
        }
        self.trail = Some(trail);
        Ok(self)
    }

    /// The trail rules, when this is a trail puzzle.
    pub fn trail(&self) -> Option<&Trail> {
        self.trail.as_ref()
    }

    /// The number of values a solution places: N, or the trail's length.
    pub fn n_values(&self) -> usize {
        self.trail.as_ref().map_or(self.n_cells(), Trail::length)
    }

    /// An empty `rows` x `cols` board: no holes, givens or marks.
    ///
    /// # Errors
    /// [`ModelError::EmptyBoard`] when `rows` or `cols` is 0.
    pub fn blank(
        rows: usize,
        cols: usize,
        moves: Moves,
        closed: bool,
    ) -> Result<Puzzle, ModelError> {
        let name = format!(
            "{rows}x{cols}-{moves}{}",
            if closed { "-closed" } else { "" }
        );
        let n = rows * cols;
        let board = Board::rectangle(rows, cols);
        Puzzle::new(
            name,
            board,
            moves,
            closed,
            vec![CellRule::Free; n],
            vec![],
            Expect::default(),
        )
    }

    /// A graph puzzle: its cells are the vertices 0..n, `edges` (0-based) join them, `rules`
    /// gives each vertex's rule (givens pin an end of the path, for instance).
    ///
    /// # Errors
    /// A [`ModelError`] when there is no vertex, an edge names a vertex out of range, or the
    /// rules are malformed (see [`Puzzle::new`]).
    pub fn graph(
        name: impl Into<String>,
        n: usize,
        edges: &[(usize, usize)],
        directed: bool,
        closed: bool,
        rules: Vec<CellRule>,
        expect: Expect,
    ) -> Result<Puzzle, ModelError> {
        if let Some((i, &(u, v))) = edges
            .iter()
            .enumerate()
            .find(|(_, &(u, v))| u >= n || v >= n)
        {
            return Err(ModelError::NoSuchVertex(i + 1, u.max(v) + 1, n));
        }
        let arcs = Arcs::new(n, edges, directed);
        Puzzle::new(
            name,
            Board::rectangle(usize::from(n > 0), n),
            Moves::Graph(Arc::new(arcs)),
            closed,
            rules,
            vec![],
            expect,
        )
    }

    /// Whether the puzzle is a graph rather than a board.
    pub fn is_graph(&self) -> bool {
        self.moves.arcs().is_some()
    }

    /// Where a cell is, for messages.
    pub fn place(&self, cell: usize) -> Place {
        if self.is_graph() {
            Place::Vertex(cell + 1)
        } else {
            Place::Cell(self.board.pos(cell))
        }
    }

    /// The cell at `place`, the inverse of [`Puzzle::place`]: `None` for a position off the
    /// board or on a hole, a vertex out of range, or a place of the other kind (a vertex of a
    /// board, a position of a graph).
    pub fn cell_at_place(&self, place: Place) -> Option<usize> {
        match (place, self.is_graph()) {
            (Place::Cell(pos), false) => self.board.cell_at(pos),
            (Place::Vertex(v), true) => (1..=self.n_cells()).contains(&v).then(|| v - 1),
            _ => None,
        }
    }

    /// Whether `to` may follow `from`, decided from the move offsets and the positions (or the
    /// graph's arcs), independently of the successor lists that the encoders use.
    pub fn step_allowed(&self, from: usize, to: usize) -> bool {
        match &self.moves {
            Moves::Graph(arcs) => arcs.contains(from, to),
            moves => {
                let (a, b) = (self.board.pos(from), self.board.pos(to));
                moves.allows(b.row as i64 - a.row as i64, b.col as i64 - a.col as i64)
            }
        }
    }

    /// The puzzle's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The board (for a graph, one row of vertices).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The move rule (for a graph, its arcs).
    pub fn moves(&self) -> &Moves {
        &self.moves
    }

    /// Whether the puzzle is a tour: value N must be one move from value 1.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// N, the number of cells and of values.
    pub fn n_cells(&self) -> usize {
        self.board.n_cells()
    }

    /// Every cell's rule, in cell order.
    pub fn rules(&self) -> &[CellRule] {
        &self.rules
    }

    /// The rule of `cell`.
    pub fn rule(&self, cell: usize) -> &CellRule {
        &self.rules[cell]
    }

    /// The marks, by index.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// What the puzzle file says the answer is, when it says.
    pub fn expect(&self) -> &Expect {
        &self.expect
    }

    /// The cells one move away from `cell`, ascending.
    pub fn successors(&self, cell: usize) -> &[usize] {
        &self.successors[cell]
    }

    /// The cells from which `cell` is one move away, ascending.
    pub fn predecessors(&self, cell: usize) -> &[usize] {
        &self.predecessors[cell]
    }

    /// The given cells and their values, in cell order.
    pub fn givens(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.rules
            .iter()
            .enumerate()
            .filter_map(|(cell, rule)| match rule {
                CellRule::Given(v) => Some((cell, *v)),
                _ => None,
            })
    }

    /// Whether the cell's own rule lets it hold `value` (other cells are not considered).
    pub fn allows(&self, cell: usize, value: u32) -> bool {
        match &self.rules[cell] {
            CellRule::Free => true,
            CellRule::Given(v) => *v == value,
            CellRule::Marked(index) => self.marks[*index].class.contains(value),
        }
    }

    /// Whether some cell is marked (marks with no cell do not count).
    pub fn has_marks(&self) -> bool {
        self.rules.iter().any(|r| matches!(r, CellRule::Marked(_)))
    }

    /// The same puzzle with more values given: the fillings of the result are exactly the
    /// fillings of `self` that put each `value` on its `cell`. `None` when that is impossible
    /// on its face: a cell given or marked otherwise, or a value given twice.
    /// Trail puzzles take no givens: `None`.
    pub fn with_givens(&self, extra: &[(usize, u32)]) -> Option<Puzzle> {
        if self.trail.is_some() {
            return None;
        }
        let mut rules = self.rules.clone();
        for &(cell, value) in extra {
            if !self.allows(cell, value) {
                return None;
            }
            rules[cell] = CellRule::Given(value);
        }
        // A marked cell that becomes given keeps its constraint: the value is in its class.
        Puzzle::new(
            self.name.clone(),
            self.board.clone(),
            self.moves.clone(),
            self.closed,
            rules,
            self.marks.clone(),
            Expect::default(),
        )
        .ok()
    }

    /// The same puzzle with its givens taken away (its marks kept), no expected answer: its
    /// fillings include every filling of `self`. `None` for a trail puzzle.
    pub fn without_givens(&self) -> Option<Puzzle> {
        if self.trail.is_some() {
            return None;
        }
        let rules = self
            .rules
            .iter()
            .map(|r| match r {
                CellRule::Given(_) => CellRule::Free,
                other => other.clone(),
            })
            .collect();
        Puzzle::new(
            self.name.clone(),
            self.board.clone(),
            self.moves.clone(),
            self.closed,
            rules,
            self.marks.clone(),
            Expect::default(),
        )
        .ok()
    }

    /// The same board and moves with every cell free: no givens, no marks, no expected answer.
    /// Its fillings include every filling of `self`, so its count bounds `self`'s. `None` for a
    /// trail puzzle, whose labels are not cell rules.
    pub fn relaxed(&self) -> Option<Puzzle> {
        if self.trail.is_some() {
            return None;
        }
        Puzzle::new(
            self.name.clone(),
            self.board.clone(),
            self.moves.clone(),
            self.closed,
            vec![CellRule::Free; self.n_cells()],
            vec![],
            Expect::default(),
        )
        .ok()
    }

    /// Replaces the expected answer (used by tools that generate puzzles).
    pub fn with_expect(mut self, expect: Expect) -> Puzzle {
        self.expect = expect;
        self
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_graph() {
            return write!(
                f,
                "{} ({} vertices, {}, {})",
                self.name,
                self.n_cells(),
                self.moves,
                if self.closed { "closed" } else { "open" }
            );
        }
        write!(
            f,
            "{} ({}x{}, {} cells, {} moves, {}",
            self.name,
            self.board.rows(),
            self.board.cols(),
            self.n_cells(),
            self.moves,
            if self.closed { "closed" } else { "open" }
        )?;
        if let Some(trail) = &self.trail {
            write!(f, ", trail of {} cells", trail.length())?;
            if let Some(sum) = trail.sum() {
                write!(f, " summing to {sum}")?;
            }
            if trail.distinct() {
                write!(f, ", distinct labels")?;
            }
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(n: usize) -> Vec<CellRule> {
        vec![CellRule::Free; n]
    }

    #[test]
    fn places_and_cells_are_inverse() {
        let board = Board::from_mask(2, 3, &[true, true, true, true, false, true]);
        let p = Puzzle::new(
            "t",
            board,
            Moves::Rook,
            false,
            rules(5),
            Vec::new(),
            Expect::default(),
        )
        .unwrap();
        for cell in 0..p.n_cells() {
            assert_eq!(p.cell_at_place(p.place(cell)), Some(cell));
        }
        // The hole, off the board, and a vertex of a board.
        assert_eq!(p.cell_at_place(Place::Cell(Pos::new(1, 1))), None);
        assert_eq!(p.cell_at_place(Place::Cell(Pos::new(2, 0))), None);
        assert_eq!(p.cell_at_place(Place::Vertex(1)), None);
        let g = Puzzle::graph(
            "g",
            3,
            &[(0, 1), (1, 2)],
            false,
            false,
            rules(3),
            Expect::default(),
        )
        .unwrap();
        assert_eq!(g.cell_at_place(g.place(2)), Some(2));
        assert_eq!(g.cell_at_place(Place::Vertex(0)), None);
        assert_eq!(g.cell_at_place(Place::Vertex(4)), None);
        assert_eq!(g.cell_at_place(Place::Cell(Pos::new(0, 0))), None);
    }

    #[test]
    fn rook_graph_of_a_board_with_a_hole() {
        // . . .
        // . # .
        let board = Board::from_mask(2, 3, &[true, true, true, true, false, true]);
        let p = Puzzle::new(
            "t",
            board,
            Moves::Rook,
            false,
            rules(5),
            vec![],
            Expect::default(),
        )
        .unwrap();
        assert_eq!(p.successors(0), &[1, 3]);
        assert_eq!(p.successors(3), &[0]);
        assert_eq!(p.predecessors(4), &[2]);
    }

    #[test]
    fn extra_givens() {
        let p = Puzzle::blank(1, 3, Moves::Rook, false).unwrap();
        let q = p.with_givens(&[(0, 1)]).unwrap();
        assert_eq!(q.givens().collect::<Vec<_>>(), vec![(0, 1)]);
        assert!(q.with_givens(&[(0, 2)]).is_none(), "cell 0 already holds 1");
        assert!(q.with_givens(&[(2, 1)]).is_none(), "1 is given twice");
        assert!(p.with_givens(&[(1, 4)]).is_none(), "4 is out of range");
    }

    #[test]
    fn blank_boards() {
        let p = Puzzle::blank(2, 3, Moves::Knight, true).unwrap();
        assert_eq!(
            (p.name(), p.n_cells(), p.is_closed()),
            ("2x3-knight-closed", 6, true)
        );
        assert_eq!(
            Puzzle::blank(0, 3, Moves::Rook, false).unwrap_err(),
            ModelError::EmptyBoard
        );
    }

    #[test]
    fn directed_moves_give_directed_graphs() {
        let moves = Moves::custom(vec![(0, 1)]).unwrap();
        let p = Puzzle::new(
            "t",
            Board::rectangle(1, 3),
            moves,
            false,
            rules(3),
            vec![],
            Expect::default(),
        )
        .unwrap();
        assert_eq!(p.successors(0), &[1]);
        assert_eq!(p.predecessors(0), &[] as &[usize]);
    }

    #[test]
    fn malformed_parts_are_refused() {
        let b = || Board::rectangle(1, 3);
        let new = |rules: Vec<CellRule>, marks: Vec<Mark>| {
            Puzzle::new(
                "t",
                b(),
                Moves::Rook,
                false,
                rules,
                marks,
                Expect::default(),
            )
        };
        let given = |v| vec![CellRule::Given(v), CellRule::Free, CellRule::Free];
        assert!(matches!(
            new(given(0), vec![]),
            Err(ModelError::GivenOutOfRange { value: 0, .. })
        ));
        assert!(matches!(
            new(given(4), vec![]),
            Err(ModelError::GivenOutOfRange { value: 4, .. })
        ));
        let twice = vec![CellRule::Given(2), CellRule::Free, CellRule::Given(2)];
        assert!(matches!(
            new(twice, vec![]),
            Err(ModelError::DuplicateGiven { cell: 2, .. })
        ));
        let even = Mark {
            letter: "E".into(),
            class: ValueClass::Even,
        };
        let two_even = vec![CellRule::Marked(0), CellRule::Marked(0), CellRule::Free];
        assert!(matches!(
            new(two_even, vec![even]),
            Err(ModelError::TooManyMarked {
                cells: 2,
                values: 1,
                ..
            })
        ));
        assert_eq!(
            Puzzle::new(
                "t",
                Board::from_mask(1, 1, &[false]),
                Moves::Rook,
                false,
                vec![],
                vec![],
                Expect::default()
            )
            .unwrap_err(),
            ModelError::EmptyBoard
        );
    }
}
