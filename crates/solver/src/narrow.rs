//! # Narrow graphs, decided by the frontier program
//!
//! CDCL refutes a non-Hamiltonian graph slowly: every cycle cover must be cut, and the classic
//! test graphs — generalized Petersen graphs GP(n, 2) with n = 5 mod 6 (Alspach 1983), the
//! flower snarks (Isaacs 1975), the Tutte graph — are built to have many. They are also narrow:
//! their vertices sweep with a frontier of a few vertices, over which the frontier dynamic
//! program ([`pathsat_frontier`]) counts the Hamiltonian cycles in milliseconds. So before a
//! graph puzzle is solved, [`refutation`] asks the program when the graph's shape says it is
//! narrow (a breadth-first layering with no layer wider than [`SCREEN_WIDTH`], a test linear in
//! the graph), within [`DECIDE_TIME`] and [`DECIDE_MEMORY`]; a count of 0 is the answer, and
//! the solver makes no call at all. Any other outcome (a count above 0, a frontier too wide, the
//! time or memory spent) leaves the puzzle to the SAT solver, which finds the cycles of the
//! Hamiltonian ones quickly. Certified runs skip it: their proof is varisat's.

use pathsat_budget::Budget;
use pathsat_frontier::{applies, count_fillings, FrontierOptions};
use pathsat_puzzle::Puzzle;
use std::collections::VecDeque;
use std::time::Duration;

/// The widest breadth-first layer a graph may have for the frontier program to be tried: the
/// program holds frontiers up to [`pathsat_frontier::MAX_FRONTIER`] vertices, and a sweep in a
/// good order is rarely wider than twice a layer.
pub const SCREEN_WIDTH: usize = 2 * pathsat_frontier::MAX_FRONTIER;

/// The longest the program may take before the puzzle goes to the SAT solver.
pub const DECIDE_TIME: Duration = Duration::from_secs(1);

/// The most memory its tables may take.
pub const DECIDE_MEMORY: u64 = 512 << 20;

/// Why the graph puzzle `puzzle` has no solution, when the frontier program proves it quickly:
/// `None` for a board, a graph it does not apply to or that is too wide, and a graph that has
/// a Hamiltonian cycle (or path).
pub fn refutation(puzzle: &Puzzle, budget: &Budget) -> Option<String> {
    refutation_within(puzzle, DECIDE_TIME, budget)
}

/// As [`refutation`], with the program given `time` rather than [`DECIDE_TIME`] (a race of
/// solvers waits for it: [`crate::portfolio`]). Either stops early at `budget`.
pub fn refutation_within(puzzle: &Puzzle, time: Duration, budget: &Budget) -> Option<String> {
    if !puzzle.is_graph() || applies(puzzle).is_err() || widest_layer(puzzle) > SCREEN_WIDTH {
        return None;
    }
    let options = FrontierOptions {
        memory_budget: DECIDE_MEMORY,
        budget: &budget.and_within(time),
        ..FrontierOptions::default()
    };
    let counted = count_fillings(puzzle, &options).ok()?;
    if !counted.fillings.is_zero() {
        return None;
    }
    let what = if puzzle.is_closed() { "cycle" } else { "path" };
    Some(match counted.stats.shortcut {
        Some(shortcut) => shortcut.to_string(),
        None => format!(
            "the frontier program counts 0 Hamiltonian {what}s (a sweep {} vertices wide)",
            counted.stats.width
        ),
    })
}

/// The most vertices in one layer of a breadth-first search from a vertex farthest from the
/// first (two sweeps): small for long, thin graphs, large for expanders.
fn widest_layer(puzzle: &Puzzle) -> usize {
    let n = puzzle.n_cells();
    if n == 0 {
        return 0;
    }
    let (far, _) = layers(puzzle, 0);
    layers(puzzle, far).1
}

/// The last vertex reached from `from` and the widest layer on the way (moves read both ways).
fn layers(puzzle: &Puzzle, from: usize) -> (usize, usize) {
    let n = puzzle.n_cells();
    let mut depth = vec![usize::MAX; n];
    let mut width = vec![0usize; n];
    depth[from] = 0;
    let mut queue = VecDeque::from([from]);
    let mut last = from;
    while let Some(u) = queue.pop_front() {
        last = u;
        width[depth[u]] += 1;
        for &w in puzzle.successors(u).iter().chain(puzzle.predecessors(u)) {
            if depth[w] == usize::MAX {
                depth[w] = depth[u] + 1;
                queue.push_back(w);
            }
        }
    }
    (last, width.into_iter().max().unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)], closed: bool) -> Puzzle {
        let edges: Vec<[usize; 2]> = edges.iter().map(|&(a, b)| [a + 1, b + 1]).collect();
        let text = format!(
            "closed = {closed}\n[graph]\nvertices = {n}\nedges = {}\n",
            serde_json::to_string(&edges).unwrap()
        );
        pathsat_puzzle::parse_str(&text, pathsat_puzzle::Format::Toml).unwrap()
    }

    /// GP(n, k): an outer n-cycle, spokes, and inner vertices joined k apart.
    fn petersen(n: usize, k: usize) -> Puzzle {
        let mut edges = Vec::new();
        for i in 0..n {
            edges.extend([(i, (i + 1) % n), (i, n + i), (n + i, n + (i + k) % n)]);
        }
        graph(2 * n, &edges, true)
    }

    #[test]
    fn non_hamiltonian_petersen_graphs_are_refuted_and_hamiltonian_ones_are_not() {
        // Alspach 1983: GP(n, 2) is Hamiltonian exactly when n is not 5 mod 6.
        for n in 5..=40 {
            let refuted = refutation(&petersen(n, 2), &Budget::default());
            assert_eq!(refuted.is_some(), n % 6 == 5, "GP({n}, 2): {refuted:?}");
        }
        let why = refutation(&petersen(17, 2), &Budget::default()).unwrap();
        assert!(
            why.starts_with("the frontier program counts 0 Hamiltonian cycles"),
            "{why}"
        );
    }

    #[test]
    fn boards_and_wide_graphs_are_left_to_the_solver() {
        let board = Puzzle::blank(3, 3, pathsat_puzzle::Moves::Rook, true).unwrap();
        assert_eq!(refutation(&board, &Budget::default()), None);
        // K_60 is Hamiltonian, and its one layer is 59 vertices wide: not even tried.
        let mut edges = Vec::new();
        for a in 0..60 {
            for b in a + 1..60 {
                edges.push((a, b));
            }
        }
        let k60 = graph(60, &edges, true);
        assert!(widest_layer(&k60) > SCREEN_WIDTH);
        assert_eq!(refutation(&k60, &Budget::default()), None);
    }
}
