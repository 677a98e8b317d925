//! # Random solutions
//!
//! A SAT solver returns the same solution of a blank board every time, and a structured one at
//! that; a puzzle needs a random one. Starting from the solver's solution, [`backbite`] walks
//! through Hamiltonian paths of the move graph with Mansfield's backbite move: pick an end of
//! the path and one of its neighbours on the board, join them, and reverse the part of the path
//! that the new edge cuts off. Every state is again a Hamiltonian path, the walk reaches every
//! one of them, and it costs no solver call. A closed tour is cut open, walked, and closed
//! again at the first state whose ends are a move apart.
//!
//! The move only makes sense when every move can be reversed and no cell's value is pinned (a
//! template with givens or marks is randomised by the solver instead: see the crate root).

use pathsat_puzzle::{Filling, Puzzle};
use rand::rngs::ChaCha8Rng;
use rand::RngExt;

/// Whether [`backbite`] applies: symmetric moves, and no given or marked cell.
pub fn applies(puzzle: &Puzzle) -> bool {
    puzzle.trail().is_none()
        && !puzzle.is_graph()
        && puzzle.moves().is_symmetric()
        && puzzle
            .rules()
            .iter()
            .all(|r| *r == pathsat_puzzle::CellRule::Free)
}

/// A random solution near-uniform over the puzzle's solutions, walked from `start` (one of
/// them). Returns `start` itself when the walk cannot close a tour again.
pub fn backbite(puzzle: &Puzzle, start: &Filling, rng: &mut ChaCha8Rng) -> Filling {
    let n = puzzle.n_cells();
    if n < 3 {
        return start.clone();
    }
    let mut path = Path::new(start.order());
    // A tour is cut open at a random place: its values are a rotation of the path.
    if puzzle.is_closed() {
        let cut = rng.random_range(0..n);
        path.cells.rotate_left(cut);
        path.reindex();
    }
    // About n² moves mix a path of n cells; bounded for the largest boards.
    let steps = (n * n / 2).clamp(1_000, 4_000_000);
    for _ in 0..steps {
        path.step(puzzle, rng);
    }
    if puzzle.is_closed() {
        let mut extra = 0;
        while !puzzle.step_allowed(path.cells[n - 1], path.cells[0]) {
            if extra == 200 * n {
                return start.clone();
            }
            path.step(puzzle, rng);
            extra += 1;
        }
    }
    path.filling()
}

/// A Hamiltonian path as a sequence of cells, with each cell's index in it.
struct Path {
    cells: Vec<usize>,
    index: Vec<usize>,
}

impl Path {
    fn new(cells: Vec<usize>) -> Path {
        let mut path = Path {
            index: vec![0; cells.len()],
            cells,
        };
        path.reindex();
        path
    }

    fn reindex(&mut self) {
        for (i, &cell) in self.cells.iter().enumerate() {
            self.index[cell] = i;
        }
    }

    /// One backbite move from a random end to a random neighbour of it.
    fn step(&mut self, puzzle: &Puzzle, rng: &mut ChaCha8Rng) {
        let n = self.cells.len();
        let at_tail = rng.random_bool(0.5);
        let end = if at_tail {
            self.cells[n - 1]
        } else {
            self.cells[0]
        };
        let neighbours = puzzle.successors(end);
        if neighbours.is_empty() {
            return;
        }
        let next = neighbours[rng.random_range(0..neighbours.len())];
        let i = self.index[next];
        if at_tail {
            // path[..=i] stays; the end joins next; path[i+1..] is reversed.
            if i + 1 >= n - 1 {
                return;
            }
            self.cells[i + 1..].reverse();
            for k in i + 1..n {
                self.index[self.cells[k]] = k;
            }
        } else {
            if i <= 1 {
                return;
            }
            self.cells[..i].reverse();
            for k in 0..i {
                self.index[self.cells[k]] = k;
            }
        }
    }

    fn filling(&self) -> Filling {
        let mut values = vec![0; self.cells.len()];
        for (i, &cell) in self.cells.iter().enumerate() {
            values[cell] = i as u32 + 1;
        }
        Filling::from_values(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{verify, Moves};
    use rand::SeedableRng;

    fn boustrophedon(rows: usize, cols: usize) -> Filling {
        let mut values = vec![0; rows * cols];
        let mut v = 1;
        for r in 0..rows {
            for k in 0..cols {
                let c = if r % 2 == 0 { k } else { cols - 1 - k };
                values[r * cols + c] = v;
                v += 1;
            }
        }
        Filling::from_values(values)
    }

    /// Every walk ends on a solution, and different seeds reach different ones.
    #[test]
    fn walks_stay_on_solutions_and_move() {
        for moves in [Moves::Rook, Moves::King] {
            let p = Puzzle::blank(6, 7, moves.clone(), false).unwrap();
            let start = boustrophedon(6, 7);
            verify(&p, &start).unwrap();
            let mut seen = std::collections::BTreeSet::new();
            for seed in 0..8 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let f = backbite(&p, &start, &mut rng);
                verify(&p, &f).unwrap();
                seen.insert(f);
            }
            assert_eq!(seen.len(), 8, "{moves}");
        }
    }

    /// A closed tour stays closed.
    #[test]
    fn tours_are_closed_again() {
        let p = Puzzle::blank(4, 4, Moves::Rook, true).unwrap();
        // A tour of the 4x4 board: down the first column, then back along the rows.
        let start = Filling::from_values(vec![
            1, 16, 15, 14, //
            2, 11, 12, 13, //
            3, 10, 9, 8, //
            4, 5, 6, 7,
        ]);
        verify(&p, &start).unwrap();
        for seed in 0..5 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            verify(&p, &backbite(&p, &start, &mut rng)).unwrap();
        }
    }

    /// The same seed gives the same walk.
    #[test]
    fn walks_are_reproducible() {
        let p = Puzzle::blank(5, 5, Moves::King, false).unwrap();
        let start = boustrophedon(5, 5);
        let walk = |seed| backbite(&p, &start, &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(walk(3), walk(3));
    }
}
