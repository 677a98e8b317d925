//! # Symmetries of a puzzle
//!
//! A symmetry is a permutation of the cells with a permutation of the values that maps every
//! filling to a filling. Board symmetries are the rotations and reflections of the grid that
//! map cells to cells, the move set to itself and every cell's rule (given, mark) to the same
//! rule. On puzzles without givens or marks the values have symmetries too: a path read
//! backwards (k → N + 1 − k, when the moves are symmetric), and a tour started elsewhere
//! (k → k + s mod N).

use pathsat_puzzle::{Filling, Pos, Puzzle};

/// A permutation of the cells with one of the values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// `cells[c]` is where cell c goes.
    pub cells: Vec<usize>,
    /// `values[k]` is what value k becomes (index 0 unused).
    pub values: Vec<u32>,
}

impl Symmetry {
    /// The symmetry that moves nothing, on `n` cells.
    pub fn identity(n: usize) -> Symmetry {
        Symmetry {
            cells: (0..n).collect(),
            values: (0..=n as u32).collect(),
        }
    }

    /// The filling `f` mapped by the symmetry.
    pub fn apply(&self, f: &Filling) -> Filling {
        let mut values = vec![0; f.values().len()];
        for (cell, &v) in f.values().iter().enumerate() {
            values[self.cells[cell]] = self.values[v as usize];
        }
        Filling::from_values(values)
    }

    /// First `self`, then `then`.
    pub fn then(&self, then: &Symmetry) -> Symmetry {
        Symmetry {
            cells: self.cells.iter().map(|&c| then.cells[c]).collect(),
            values: self
                .values
                .iter()
                .map(|&v| then.values[v as usize])
                .collect(),
        }
    }

    /// The image of a set of (cell, value) pairs, sorted.
    pub fn map_pairs(&self, pairs: &[(usize, u32)]) -> Vec<(usize, u32)> {
        let mut image: Vec<(usize, u32)> = pairs
            .iter()
            .map(|&(c, v)| (self.cells[c], self.values[v as usize]))
            .collect();
        image.sort_unstable();
        image
    }
}

/// A grid transform: how it maps a position (given the grid's rows and columns), and how it maps
/// a move offset.
type Transform = (fn(Pos, usize, usize) -> Pos, fn(i64, i64) -> (i64, i64));

/// The grid transforms of the dihedral group that apply to a `rows` x `cols` grid.
fn transforms(rows: usize, cols: usize) -> Vec<Transform> {
    let mut list: Vec<Transform> = vec![
        (|p, _, _| p, |dr, dc| (dr, dc)),
        (
            |p, r, c| Pos::new(r - 1 - p.row, c - 1 - p.col),
            |dr, dc| (-dr, -dc),
        ),
        (|p, r, _| Pos::new(r - 1 - p.row, p.col), |dr, dc| (-dr, dc)),
        (|p, _, c| Pos::new(p.row, c - 1 - p.col), |dr, dc| (dr, -dc)),
    ];
    if rows == cols {
        list.extend_from_slice(&[
            (|p, _, _| Pos::new(p.col, p.row), |dr, dc| (dc, dr)),
            (
                |p, r, c| Pos::new(c - 1 - p.col, r - 1 - p.row),
                |dr, dc| (-dc, -dr),
            ),
            (|p, r, _| Pos::new(p.col, r - 1 - p.row), |dr, dc| (dc, -dr)),
            (|p, _, c| Pos::new(c - 1 - p.col, p.row), |dr, dc| (-dc, dr)),
        ]);
    }
    list
}

/// The board symmetries of the puzzle as cell permutations, the identity first.
pub fn board_symmetries(puzzle: &Puzzle) -> Vec<Vec<usize>> {
    if puzzle.is_graph() {
        // A graph's vertices are laid out in a row, but its edges owe nothing to that row.
        return vec![(0..puzzle.n_cells()).collect()];
    }
    let board = puzzle.board();
    let (rows, cols) = (board.rows(), board.cols());
    let n = puzzle.n_cells();
    let mut offsets: Vec<(i64, i64)> = puzzle.moves().offsets().to_vec();
    offsets.sort_unstable();
    let mut found = Vec::new();
    'transform: for (map_pos, map_offset) in transforms(rows, cols) {
        let mut mapped: Vec<(i64, i64)> =
            offsets.iter().map(|&(dr, dc)| map_offset(dr, dc)).collect();
        mapped.sort_unstable();
        if mapped != offsets {
            continue;
        }
        let mut perm = Vec::with_capacity(n);
        for cell in 0..n {
            let Some(image) = board.cell_at(map_pos(board.pos(cell), rows, cols)) else {
                continue 'transform;
            };
            if puzzle.rule(image) != puzzle.rule(cell) {
                continue 'transform;
            }
            perm.push(image);
        }
        if !found.contains(&perm) {
            found.push(perm);
        }
    }
    found
}

/// Reading the values backwards: k → N + 1 − k for a path; for a tour, the reversal that keeps
/// 1 in place: k → N + 2 − k for k ≥ 2.
pub fn value_reversal(n: usize, closed: bool) -> Vec<u32> {
    let n = n as u32;
    (0..=n)
        .map(|k| match (k, closed) {
            (0, _) => 0,
            (1, true) => 1,
            (k, true) => n + 2 - k,
            (k, false) => n + 1 - k,
        })
        .collect()
}

/// A tour's values turned round by `s`: k → k + s (mod N, within 1..N).
pub fn value_rotation(n: usize, s: usize) -> Vec<u32> {
    (0..=n)
        .map(|k| {
            if k == 0 {
                0
            } else {
                ((k - 1 + s) % n + 1) as u32
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{parse_str, Format, Moves};

    #[test]
    fn square_boards_have_eight_symmetries_rectangles_four() {
        assert_eq!(
            board_symmetries(&Puzzle::blank(5, 5, Moves::Rook, false).unwrap()).len(),
            8
        );
        assert_eq!(
            board_symmetries(&Puzzle::blank(3, 5, Moves::Knight, false).unwrap()).len(),
            4
        );
        // One-way moves right and down: only the transpose keeps them.
        let down_right = Moves::custom(vec![(0, 1), (1, 0)]).unwrap();
        assert_eq!(
            board_symmetries(&Puzzle::blank(3, 3, down_right, false).unwrap()).len(),
            2
        );
        // A given in a corner keeps only the diagonal reflection through it.
        let p = parse_str(
            "moves = \"king\"\ngrid = \"1 . .\\n. . .\\n. . .\"\n",
            Format::Toml,
        )
        .unwrap();
        assert_eq!(board_symmetries(&p).len(), 2);
        // A graph has no board symmetry, whatever its vertices' layout.
        let g = Puzzle::graph(
            "c4",
            4,
            &[(0, 1), (1, 2), (2, 3), (3, 0)],
            false,
            true,
            vec![pathsat_puzzle::CellRule::Free; 4],
            Default::default(),
        )
        .unwrap();
        assert_eq!(board_symmetries(&g).len(), 1);
        // Holes must go to holes.
        let p = parse_str(
            "moves = \"rook\"\ngrid = \"# . .\\n. . .\\n. . .\"\n",
            Format::Toml,
        )
        .unwrap();
        assert_eq!(board_symmetries(&p).len(), 2);
    }

    #[test]
    fn value_maps() {
        assert_eq!(value_reversal(4, false), vec![0, 4, 3, 2, 1]);
        assert_eq!(value_reversal(4, true), vec![0, 1, 4, 3, 2]);
        assert_eq!(value_rotation(4, 1), vec![0, 2, 3, 4, 1]);
        let s = Symmetry {
            cells: vec![1, 0],
            values: vec![0, 2, 1],
        };
        assert_eq!(s.apply(&Filling::from_values(vec![1, 2])).values(), &[1, 2]);
        assert_eq!(s.then(&s), Symmetry::identity(2));
    }
}
