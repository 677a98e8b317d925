//! # Fillings
//!
//! A filling is an answer candidate: one value per cell. It may be wrong; [`crate::verify`]
//! says whether it is a solution. Fillings are grids of rows, holes as `None`, and graph
//! fillings vertex orders; solution files are read in `solution_file.rs`.

use crate::{Board, Pos};

/// One value per cell, in cell order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Filling {
    values: Vec<u32>,
}

impl Filling {
    /// The filling with `values[c]` on cell `c`.
    pub fn from_values(values: Vec<u32>) -> Filling {
        Filling { values }
    }

    /// The values, in cell order.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The value on `cell`.
    pub fn value(&self, cell: usize) -> u32 {
        self.values[cell]
    }

    /// The cells whose values differ from `other`'s, in cell order (where a second solution
    /// differs from the first).
    pub fn differing_cells(&self, other: &Filling) -> Vec<usize> {
        self.values()
            .iter()
            .zip(other.values())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(cell, _)| cell)
            .collect()
    }

    /// The filling that visits `order`'s cells in turn (1 on the first): the inverse of
    /// [`Filling::order`]. `order` holds each cell once.
    pub fn from_order(order: &[usize]) -> Filling {
        let mut values = vec![0u32; order.len()];
        for (i, &cell) in order.iter().enumerate() {
            values[cell] = u32::try_from(i + 1).expect("a board has fewer than 2^32 cells");
        }
        Filling::from_values(values)
    }

    /// The cells in the order of their values: for a graph puzzle, the vertices visited (as
    /// cell indices; add 1 for the numbering of graph files).
    pub fn order(&self) -> Vec<usize> {
        let mut cells: Vec<usize> = (0..self.values.len()).collect();
        cells.sort_by_key(|&c| self.values[c]);
        cells
    }

    /// The grid of rows of the board, holes as `None`.
    pub fn to_rows(&self, board: &Board) -> Vec<Vec<Option<u32>>> {
        let mut rows = vec![vec![None; board.cols()]; board.rows()];
        for (cell, &value) in self.values.iter().enumerate() {
            let pos = board.pos(cell);
            rows[pos.row][pos.col] = Some(value);
        }
        rows
    }

    /// Reads a grid of rows whose holes must be exactly the board's holes.
    ///
    /// # Errors
    /// A message saying where the grid's shape differs from the board.
    pub fn from_rows(board: &Board, rows: &[Vec<Option<u32>>]) -> Result<Filling, String> {
        if rows.len() != board.rows() {
            return Err(format!(
                "the solution has {} rows, the board {}",
                rows.len(),
                board.rows()
            ));
        }
        let mut values = Vec::with_capacity(board.n_cells());
        for (r, row) in rows.iter().enumerate() {
            if row.len() != board.cols() {
                return Err(format!(
                    "row {r} of the solution has {} entries, the board {} columns",
                    row.len(),
                    board.cols()
                ));
            }
            for (c, entry) in row.iter().enumerate() {
                check_hole(board, Pos::new(r, c), entry.is_none())?;
                if let Some(v) = entry {
                    values.push(*v);
                }
            }
        }
        Ok(Filling { values })
    }
}

pub(crate) fn check_hole(board: &Board, pos: Pos, is_hole: bool) -> Result<(), String> {
    match (board.cell_at(pos).is_some(), is_hole) {
        (true, true) => Err(format!(
            "the solution has a hole at {pos}, where the board has a cell"
        )),
        (false, false) => Err(format!(
            "the solution has a value at {pos}, where the board has a hole"
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::Filling;

    #[test]
    fn an_order_and_its_filling_are_inverse() {
        let order = [2, 0, 3, 1];
        let filling = Filling::from_order(&order);
        assert_eq!(filling.values(), [2, 4, 1, 3]);
        assert_eq!(filling.order(), order);
    }
}
