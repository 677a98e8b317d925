//! # Pósa's rotation–extension
//!
//! A Hamiltonian cycle of a large sparse graph is often easy to find and hard for CDCL to
//! reach: on a random cubic graph of 2,000 vertices even the first cycle cover of the successor
//! encoding can take varisat minutes. Before the first solver call, the lazy loop
//! ([`crate::successor`]) tries this heuristic, within a budget of steps:
//!
//! - **extension**: the path grows from its end to an unvisited neighbour, the one with the
//!   fewest unvisited neighbours of its own (Warnsdorff's rule), ties broken at random;
//! - **rotation**: when the end has no unvisited neighbour, an edge from the end `v_k` to a
//!   vertex `v_i` of the path turns `v_0 .. v_i v_{i+1} .. v_k` into `v_0 .. v_i v_k .. v_{i+1}`,
//!   a path through the same vertices with a new end `v_{i+1}`, which may have unvisited
//!   neighbours; a rotation is a reversal as long as the path, so the search looks before it
//!   rotates: a pivot whose new end has an unvisited neighbour if there is one, else a random
//!   one; the path is also turned around now and then, so that both ends rotate;
//! - **closing**: a path through every vertex whose ends are adjacent is a Hamiltonian cycle;
//!   until they are, rotations look for such ends, taking one that closes the path at once
//!   when there is one.
//!
//! Looking before rotating halved the reversal work on random 4-regular graphs of 50,000
//! vertices and cubic ones of 10,000 (three seeds each: 1.5–2.3 against 2.7–4.0 billion
//! vertices moved and one search out of its time; 0.30–0.98 against 0.36–0.65 billion).
//!
//! Between solver calls, when patching cannot join a model's subcycles, the search starts
//! again from the model's longest cycle opened into a path ([`extend_to_cycle`]): the solver's
//! work is kept, and rotations absorb the vertices of the other cycles.
//!
//! A cycle found is a genuine solution, verified and blocked like the solver's own; when the
//! budget runs out, the solver goes on alone. Nothing here decides that no cycle exists.
//!
//! ## References
//! - L. Pósa, *Hamiltonian circuits in random graphs*, Discrete Mathematics 14(4), 1976.
//! - B. Vandegriend, J. Culberson, *The G(n,m) phase transition is not hard for the Hamiltonian
//!   cycle problem*, JAIR 9, 1998 (rotation–extension with restarts, in practice).

use crate::Budget;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// A path being grown: its vertices in order, and each vertex's place on it.
struct Path {
    order: Vec<usize>,
    place: Vec<usize>,
}

const OFF: usize = usize::MAX;

impl Path {
    fn new(n: usize, start: usize) -> Path {
        let mut place = vec![OFF; n];
        place[start] = 0;
        Path {
            order: vec![start],
            place,
        }
    }

    fn end(&self) -> usize {
        *self.order.last().expect("never empty")
    }

    fn push(&mut self, v: usize) {
        self.place[v] = self.order.len();
        self.order.push(v);
    }

    /// Reverses the part of the path from position `from` to its end.
    fn reverse_from(&mut self, from: usize) {
        self.order[from..].reverse();
        for (i, &v) in self.order.iter().enumerate().skip(from) {
            self.place[v] = i;
        }
    }
}

/// A Hamiltonian cycle of the undirected graph `adjacent` (every edge listed at both ends), as
/// each vertex's successor, found by rotation–extension within `budget` steps (an extension or
/// a rotation each) and before `until` is raised; `None` when either runs out first. `seed`
/// makes the search reproducible (a deadline or flag can only cut it short).
pub(crate) fn hamiltonian_cycle(
    adjacent: &[Vec<usize>],
    seed: u64,
    budget: u64,
    until: &Budget,
) -> Option<Vec<usize>> {
    let n = adjacent.len();
    if n < 3 || adjacent.iter().any(|a| a.len() < 2) {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0u64;
    // Restarts from a new random vertex, each with a budget of its own.
    while steps < budget {
        let start = rng.random_range(0..n);
        let restart_budget = (budget - steps).min(50 * n as u64 + 10_000);
        let (cycle, used) = attempt(adjacent, &[start], &mut rng, restart_budget, until);
        steps += used.max(1);
        if cycle.is_some() || until.is_raised() {
            return cycle;
        }
    }
    None
}

/// A Hamiltonian cycle grown from `path` (a path of the graph, such as a solver's subcycle
/// opened at one of its arcs) by rotation–extension, before `until` is raised; as
/// [`hamiltonian_cycle`].
pub(crate) fn extend_to_cycle(
    adjacent: &[Vec<usize>],
    path: &[usize],
    seed: u64,
    until: &Budget,
) -> Option<Vec<usize>> {
    let n = adjacent.len();
    if n < 3 || path.is_empty() || adjacent.iter().any(|a| a.len() < 2) {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    attempt(adjacent, path, &mut rng, u64::MAX, until).0
}

/// One search from the path `start`; the cycle (if found) and the steps it took.
fn attempt(
    adjacent: &[Vec<usize>],
    start: &[usize],
    rng: &mut ChaCha8Rng,
    budget: u64,
    until: &Budget,
) -> (Option<Vec<usize>>, u64) {
    let n = adjacent.len();
    let mut path = Path::new(n, start[0]);
    for &v in &start[1..] {
        path.push(v);
    }
    // Unvisited neighbours of each vertex, kept up to date as the path grows.
    let mut free: Vec<usize> = adjacent.iter().map(Vec::len).collect();
    for &v in start {
        for &w in &adjacent[v] {
            free[w] -= 1;
        }
    }
    let mut steps = 0u64;
    while steps < budget {
        steps += 1;
        if steps % 256 == 0 && until.is_raised() {
            break;
        }
        let end = path.end();
        if let Some(next) = extension(adjacent, &path, &free, end, rng) {
            path.push(next);
            for &w in &adjacent[next] {
                free[w] -= 1;
            }
            continue;
        }
        if path.order.len() == n {
            if adjacent[end].contains(&path.order[0]) {
                return (Some(successors(&path.order)), steps);
            }
            // A rotation that closes the path at once, if one does (each rotation costs a
            // reversal as long as the path, so look before rotating).
            if let Some(i) = closing_pivot(adjacent, &path) {
                path.reverse_from(i + 1);
                continue;
            }
        }
        // Now and then rotate the other end instead.
        if rng.random_range(0..8) == 0 {
            path.reverse_from(0);
            continue;
        }
        // A rotation about a neighbour of the end that is not its predecessor.
        let k = path.order.len() - 1;
        let pivots: Vec<usize> = adjacent[end]
            .iter()
            .map(|&v| path.place[v])
            .filter(|&i| i != OFF && i + 1 < k)
            .collect();
        if pivots.is_empty() {
            // The end's only neighbour on the path is its predecessor (a dead end): turn round.
            path.reverse_from(0);
            continue;
        }
        // Look before rotating (each rotation reverses part of the path): a rotation whose new
        // end can grow the path if there is one, else a random one.
        let growing: Vec<usize> = pivots
            .iter()
            .copied()
            .filter(|&i| free[path.order[i + 1]] > 0)
            .collect();
        let i = if growing.is_empty() {
            pivots[rng.random_range(0..pivots.len())]
        } else {
            growing[rng.random_range(0..growing.len())]
        };
        path.reverse_from(i + 1);
    }
    (None, steps)
}

/// A pivot `i` for a rotation at the end of the full path `path` after which the path closes:
/// `v_i` is a neighbour of the end `v_k` and the new end `v_{i+1}` is a neighbour of `v_0`.
fn closing_pivot(adjacent: &[Vec<usize>], path: &Path) -> Option<usize> {
    let (first, k) = (path.order[0], path.order.len() - 1);
    adjacent[path.end()]
        .iter()
        .map(|&v| path.place[v])
        .find(|&i| i + 1 < k && adjacent[path.order[i + 1]].contains(&first))
}

/// The unvisited neighbour of `end` with the fewest unvisited neighbours, ties at random.
fn extension(
    adjacent: &[Vec<usize>],
    path: &Path,
    free: &[usize],
    end: usize,
    rng: &mut ChaCha8Rng,
) -> Option<usize> {
    let mut best: Option<(usize, u64, usize)> = None;
    for &w in &adjacent[end] {
        if path.place[w] != OFF {
            continue;
        }
        let key = (free[w], rng.random::<u64>());
        if best.is_none_or(|(f, r, _)| key < (f, r)) {
            best = Some((key.0, key.1, w));
        }
    }
    best.map(|(_, _, w)| w)
}

/// The successor of each vertex on the cycle through `order`.
fn successors(order: &[usize]) -> Vec<usize> {
    let mut succ = vec![0; order.len()];
    for (i, &v) in order.iter().enumerate() {
        succ[v] = order[(i + 1) % order.len()];
    }
    succ
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_hamiltonian_cycle(adjacent: &[Vec<usize>], succ: &[usize]) -> bool {
        let n = adjacent.len();
        let mut seen = vec![false; n];
        let mut v = 0;
        for _ in 0..n {
            if seen[v] || !adjacent[v].contains(&succ[v]) {
                return false;
            }
            seen[v] = true;
            v = succ[v];
        }
        v == 0 && seen.iter().all(|&s| s)
    }

    /// A random cubic graph with a planted Hamiltonian cycle (n even).
    fn planted_cubic(n: usize, seed: u64) -> Vec<Vec<usize>> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.random_range(0..i + 1));
        }
        let mut adjacent = vec![Vec::new(); n];
        let add = |a: usize, b: usize, adjacent: &mut Vec<Vec<usize>>| {
            adjacent[a].push(b);
            adjacent[b].push(a);
        };
        for i in 0..n {
            add(order[i], order[(i + 1) % n], &mut adjacent);
        }
        // A perfect matching avoiding the cycle's edges, by random swaps.
        let mut perm: Vec<usize> = (0..n).collect();
        loop {
            for i in (1..n).rev() {
                perm.swap(i, rng.random_range(0..i + 1));
            }
            let ok = perm.chunks(2).all(|p| !adjacent[p[0]].contains(&p[1]));
            if ok {
                break;
            }
        }
        for p in perm.chunks(2) {
            add(p[0], p[1], &mut adjacent);
        }
        adjacent
    }

    #[test]
    fn finds_cycles_of_planted_cubic_graphs() {
        for (n, seed) in [(10, 1), (100, 2), (2000, 3)] {
            let g = planted_cubic(n, seed);
            let succ =
                hamiltonian_cycle(&g, 7, 1_000_000_000, &Budget::default()).expect("a cycle");
            assert!(is_hamiltonian_cycle(&g, &succ), "{n}");
        }
    }

    #[test]
    fn grows_a_given_path_into_a_cycle() {
        let g = planted_cubic(500, 5);
        let succ = hamiltonian_cycle(&g, 1, u64::MAX, &Budget::default()).expect("a cycle");
        // Three fifths of that cycle, as a path to grow from.
        let mut path = vec![0];
        while path.len() < 300 {
            path.push(succ[*path.last().unwrap()]);
        }
        let grown = extend_to_cycle(&g, &path, 9, &Budget::default()).expect("a cycle");
        assert!(is_hamiltonian_cycle(&g, &grown));
    }

    #[test]
    fn gives_up_within_its_budget_where_there_is_no_cycle() {
        // The Petersen graph has no Hamiltonian cycle.
        let mut g = vec![Vec::new(); 10];
        for i in 0..5 {
            for (a, b) in [(i, (i + 1) % 5), (i, i + 5), (i + 5, 5 + (i + 2) % 5)] {
                g[a].push(b);
                g[b].push(a);
            }
        }
        assert_eq!(hamiltonian_cycle(&g, 1, 100_000, &Budget::default()), None);
    }
}
