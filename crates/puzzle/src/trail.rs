//! # Trails
//!
//! A trail puzzle ("100 and 13") asks for a path of exactly `length` cells along the moves,
//! usually not covering the board, whose cells' labels add up to `sum` and, with `distinct`,
//! are all different. A closed trail is a cycle: its last cell is one move from its first.
//!
//! A trail is written as a [`Filling`] of step numbers: 1..=length on the trail's cells, 0 on
//! every other cell.
//!
//! **What counts as one trail.** A trail is a sequence of cells up to reversal, and a closed
//! trail also up to rotation: a path and its reverse are the same trail, and so are the L
//! starting points and two directions of a cycle. [`canonical`] picks one representative per
//! trail: an open trail starts on the lower-numbered of its two end cells (cells are numbered
//! row by row); a closed trail starts on its lowest-numbered cell and goes first towards the
//! lower-numbered of that cell's two neighbours on the trail. The encoder imposes exactly this
//! orientation, so that counting by enumeration counts every trail once.

use crate::Filling;

/// The rules of a trail puzzle: the labels of the cells and what the trail must collect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trail {
    labels: Vec<u32>,
    length: usize,
    sum: Option<u64>,
    distinct: bool,
}

/// Why a trail table does not make a trail puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrailError {
    /// A trail of length 0.
    #[error("the trail length must be at least 1")]
    ZeroLength,
    /// A closed trail shorter than 3 cells.
    #[error("a closed trail needs at least 3 cells (it has length {0})")]
    ShortCycle(usize),
    /// Another number of labels than cells.
    #[error("{labels} labels for a board of {cells} cells")]
    WrongLabelCount {
        /// Labels given.
        labels: usize,
        /// Cells of the board.
        cells: usize,
    },
}

impl Trail {
    /// A trail of `length` cells over cells labelled `labels` (in cell order); `sum`, when
    /// given, is the total of the labels on the trail; `distinct` asks for different labels.
    ///
    /// # Errors
    /// [`TrailError::ZeroLength`] for a length of 0.
    pub fn new(
        labels: Vec<u32>,
        length: usize,
        sum: Option<u64>,
        distinct: bool,
    ) -> Result<Trail, TrailError> {
        if length == 0 {
            return Err(TrailError::ZeroLength);
        }
        Ok(Trail {
            labels,
            length,
            sum,
            distinct,
        })
    }

    /// The label of each cell, in cell order.
    pub fn labels(&self) -> &[u32] {
        &self.labels
    }

    /// The label on `cell`.
    pub fn label(&self, cell: usize) -> u32 {
        self.labels[cell]
    }

    /// The number of cells on the trail.
    pub fn length(&self) -> usize {
        self.length
    }

    /// The required total of the labels on the trail, if any.
    pub fn sum(&self) -> Option<u64> {
        self.sum
    }

    /// Whether the labels on the trail must all differ.
    pub fn distinct(&self) -> bool {
        self.distinct
    }

    /// The cells of a trail filling in step order (cells holding 0 are off the trail). Steps
    /// out of range or repeated are left to the verifier; this only sorts.
    pub fn cells_in_order(filling: &Filling) -> Vec<usize> {
        let mut cells: Vec<usize> = (0..filling.values().len())
            .filter(|&c| filling.value(c) != 0)
            .collect();
        cells.sort_by_key(|&c| filling.value(c));
        cells
    }

    /// The labels along a trail filling, in step order.
    pub fn labels_along(&self, filling: &Filling) -> Vec<u32> {
        Trail::cells_in_order(filling)
            .into_iter()
            .map(|c| self.labels[c])
            .collect()
    }
}

/// The representative of a trail (see the module documentation): the same cells, renumbered
/// in the canonical direction and, when `closed`, from the canonical start. `filling` must
/// hold steps 1..=L once each and zeros.
pub fn canonical(filling: &Filling, closed: bool) -> Filling {
    let order = Trail::cells_in_order(filling);
    let l = order.len();
    let canonical_order: Vec<usize> = if l <= 1 {
        order
    } else if !closed {
        if order[0] < order[l - 1] {
            order
        } else {
            order.into_iter().rev().collect()
        }
    } else {
        let start = (0..l).min_by_key(|&i| order[i]).expect("l >= 2");
        let next = order[(start + 1) % l];
        let prev = order[(start + l - 1) % l];
        if next < prev {
            (0..l).map(|i| order[(start + i) % l]).collect()
        } else {
            (0..l).map(|i| order[(start + l - i) % l]).collect()
        }
    };
    let mut values = vec![0u32; filling.values().len()];
    for (i, &cell) in canonical_order.iter().enumerate() {
        values[cell] = i as u32 + 1;
    }
    Filling::from_values(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fill(v: &[u32]) -> Filling {
        Filling::from_values(v.to_vec())
    }

    #[test]
    fn open_trails_start_on_their_lower_end() {
        // cells 0..5; trail 4 -> 1 -> 2 (steps on cells 4, 1, 2)
        let f = fill(&[0, 2, 3, 0, 1]);
        assert_eq!(canonical(&f, false), fill(&[0, 2, 1, 0, 3]));
        let g = canonical(&f, false);
        assert_eq!(canonical(&g, false), g);
    }

    #[test]
    fn closed_trails_start_on_their_lowest_cell_towards_the_lower_neighbour() {
        // cycle 3 -> 1 -> 4 -> 2 -> back to 3
        let f = fill(&[0, 2, 4, 1, 3]);
        // lowest cell 1; its neighbours on the cycle are 3 and 4: go to 3 first: 1 3 2 4
        assert_eq!(canonical(&f, true), fill(&[0, 1, 3, 2, 4]));
        // every rotation and reflection gives the same representative
        for rotation in 0..4u32 {
            for reverse in [false, true] {
                let values: Vec<u32> = f
                    .values()
                    .iter()
                    .map(|&v| {
                        if v == 0 {
                            return 0;
                        }
                        let r = (v - 1 + rotation) % 4;
                        if reverse {
                            4 - r
                        } else {
                            r + 1
                        }
                    })
                    .collect();
                assert_eq!(canonical(&fill(&values), true), fill(&[0, 1, 3, 2, 4]));
            }
        }
    }

    #[test]
    fn labels_are_read_along_the_trail() {
        let t = Trail::new(vec![5, 6, 7, 8], 2, Some(13), true).unwrap();
        assert_eq!(t.labels_along(&fill(&[0, 2, 1, 0])), vec![7, 6]);
        assert_eq!(
            Trail::new(vec![], 0, None, false),
            Err(TrailError::ZeroLength)
        );
    }
}
