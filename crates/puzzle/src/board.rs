//! # Boards
//!
//! A rectangular grid of positions, some of which are holes. The other positions are the cells,
//! numbered 0..n in row-major order; the rest of pathsat refers to cells by that number and
//! reports positions as 0-based (row, column) pairs.

use serde::Serialize;
use std::fmt;

/// A position on the grid: 0-based row and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Pos {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub col: usize,
}

impl Pos {
    /// The position in row `row` and column `col`.
    pub fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }

    /// The position `(row + dr, col + dc)`, if it is not negative.
    pub fn offset(self, dr: i64, dc: i64) -> Option<Pos> {
        let row = i64::try_from(self.row).ok()?.checked_add(dr)?;
        let col = i64::try_from(self.col).ok()?.checked_add(dc)?;
        Some(Pos {
            row: usize::try_from(row).ok()?,
            col: usize::try_from(col).ok()?,
        })
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// A rectangular grid whose positions are either cells or holes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Row-major: the cell number at each position, `None` for a hole.
    cell_at: Vec<Option<usize>>,
    /// The position of each cell.
    positions: Vec<Pos>,
}

impl Board {
    /// A board of `rows` x `cols` positions where `is_cell` says which positions are cells.
    ///
    /// # Panics
    /// If `is_cell` does not hold exactly `rows * cols` entries.
    pub fn from_mask(rows: usize, cols: usize, is_cell: &[bool]) -> Board {
        assert_eq!(is_cell.len(), rows * cols, "mask size must be rows * cols");
        let mut cell_at = Vec::with_capacity(is_cell.len());
        let mut positions = Vec::new();
        for (i, &cell) in is_cell.iter().enumerate() {
            if cell {
                cell_at.push(Some(positions.len()));
                positions.push(Pos::new(i / cols, i % cols));
            } else {
                cell_at.push(None);
            }
        }
        Board {
            rows,
            cols,
            cell_at,
            positions,
        }
    }

    /// A full `rows` x `cols` board without holes.
    pub fn rectangle(rows: usize, cols: usize) -> Board {
        Board::from_mask(rows, cols, &vec![true; rows * cols])
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of cells (positions that are not holes).
    pub fn n_cells(&self) -> usize {
        self.positions.len()
    }

    /// The cell at `pos`, or `None` for a hole or a position off the grid.
    pub fn cell_at(&self, pos: Pos) -> Option<usize> {
        if pos.row < self.rows && pos.col < self.cols {
            self.cell_at[pos.row * self.cols + pos.col]
        } else {
            None
        }
    }

    /// The position of a cell.
    pub fn pos(&self, cell: usize) -> Pos {
        self.positions[cell]
    }

    /// The positions of all cells, in cell order.
    pub fn positions(&self) -> &[Pos] {
        &self.positions
    }

    /// The reflections and rotations of the board that map its cells onto cells, each as the
    /// image of every cell (the identity left out): the left-right and up-down reflections and
    /// the half turn, and on a square board the quarter turns and the reflections in the
    /// diagonals. (Whether they are symmetries of a puzzle's moves too is for its user to
    /// check: a knight's moves have all eight, one-way moves may have none.)
    pub fn symmetries(&self) -> Vec<Vec<usize>> {
        // (row, col, rows, cols) to the image's (row, col); the last four swap rows and
        // columns, so they fit square boards only.
        type Image = fn(usize, usize, usize, usize) -> (usize, usize);
        const IMAGES: [Image; 7] = [
            |r, c, _, w| (r, w - 1 - c),
            |r, c, h, _| (h - 1 - r, c),
            |r, c, h, w| (h - 1 - r, w - 1 - c),
            |r, c, _, _| (c, r),
            |r, c, h, w| (w - 1 - c, h - 1 - r),
            |r, c, h, _| (c, h - 1 - r),
            |r, c, _, w| (w - 1 - c, r),
        ];
        let kinds = if self.rows == self.cols { 7 } else { 3 };
        IMAGES[..kinds]
            .iter()
            .filter_map(|image| {
                self.positions
                    .iter()
                    .map(|p| {
                        let (r, c) = image(p.row, p.col, self.rows, self.cols);
                        self.cell_at(Pos::new(r, c))
                    })
                    .collect::<Option<Vec<usize>>>()
            })
            .filter(|map| map.iter().enumerate().any(|(cell, &image)| cell != image))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_map_cells_onto_cells() {
        // A 2x3 rectangle: the two reflections and the half turn.
        let rect = Board::rectangle(2, 3);
        let maps = rect.symmetries();
        assert_eq!(maps.len(), 3);
        assert!(maps.contains(&vec![2, 1, 0, 5, 4, 3]));
        assert!(maps.contains(&vec![5, 4, 3, 2, 1, 0]));
        // A square has the seven others of the dihedral group, each a permutation.
        let square = Board::rectangle(3, 3);
        let maps = square.symmetries();
        assert_eq!(maps.len(), 7);
        for map in &maps {
            let mut sorted = map.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..9).collect::<Vec<_>>());
        }
        // A hole in a corner leaves only the reflection in the diagonal through it.
        let notched = Board::from_mask(
            3,
            3,
            &[false, true, true, true, true, true, true, true, true],
        );
        assert_eq!(notched.symmetries().len(), 1);
    }

    #[test]
    fn cells_are_numbered_row_major_around_holes() {
        let board = Board::from_mask(2, 3, &[true, false, true, true, true, false]);
        assert_eq!(board.n_cells(), 4);
        assert_eq!(board.pos(1), Pos::new(0, 2));
        assert_eq!(board.cell_at(Pos::new(1, 0)), Some(2));
        assert_eq!(board.cell_at(Pos::new(0, 1)), None);
        assert_eq!(board.cell_at(Pos::new(5, 0)), None);
        assert_eq!(Pos::new(0, 0).offset(-1, 0), None);
        assert_eq!(Pos::new(1, 1).offset(-1, 2), Some(Pos::new(0, 3)));
    }
}
