//! # The frontier dynamic program
//!
//! Edges are taken one at a time in a fixed order, each either used or not. A vertex is on the
//! *frontier* from its first edge to its last. A partial solution is summarised by the state of
//! the frontier vertices: untouched (degree 0), done (degree 2), or the end of a path segment
//! (degree 1) together with the frontier position of the segment's other end ("mate"). Partial
//! solutions with the same state have the same completions, so only the number of them with
//! each state is kept. A vertex leaving the frontier must be done; joining the two ends of one
//! segment closes a cycle, which counts only if it covers every vertex.
//!
//! Hamiltonian paths are the Hamiltonian cycles through one extra vertex joined to every
//! vertex (or, for paths with a fixed end, joined to that end by an edge that must be used).
//!
//! ## References
//! - D. E. Knuth, *The Art of Computer Programming* 4A, 7.1.4 (SIMPATH and frontier-based
//!   search over edge orders).
//! - H. Iwashita, J. Kawahara, S. Minato, *ZDD-based computation of the number of paths in a
//!   graph*, 2012.

use crate::{BigCount, FrontierError, FrontierOptions, FrontierStats, LayerProgress};
use num_bigint::BigUint;
use num_traits::{CheckedAdd, One, Zero};
use rustc_hash::FxHashMap;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// A state packs the frontier slots into a `u128`, 5 bits each: a mate's slot, or a code.
type State = u128;
const BITS: usize = 5;
const UNTOUCHED: u32 = 31;
const DONE: u32 = 30;
/// 25 slots of 5 bits fill 125 of the 128 bits; mates' slots stay below the codes.
pub const MAX_FRONTIER: usize = 25;
/// Bytes a state takes in the hash tables, counted generously (key, count, table overhead).
const BYTES_PER_STATE: u64 = 64;

fn get(s: State, k: usize) -> u32 {
    ((s >> (BITS * k)) & 31) as u32
}

fn set(s: State, k: usize, value: u32) -> State {
    (s & !(31u128 << (BITS * k))) | (u128::from(value) << (BITS * k))
}

/// An undirected simple graph on vertices 0..n.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    n: usize,
    edges: Vec<(usize, usize)>,
}

impl Graph {
    pub fn new(n: usize) -> Graph {
        Graph {
            n,
            edges: Vec::new(),
        }
    }

    /// Adds the edge {u, v}; loops and repeated edges are ignored.
    pub fn add_edge(&mut self, u: usize, v: usize) {
        let (a, b) = (u.min(v), u.max(v));
        if a != b && !self.edges.contains(&(a, b)) {
            self.edges.push((a, b));
        }
    }

    pub fn n_vertices(&self) -> usize {
        self.n
    }

    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }
}

/// The number of Hamiltonian cycles of `graph` (each undirected cycle once; 0 for fewer than
/// 3 vertices) and what counting them cost. `order` lists the vertices in the order the
/// program sweeps them; a narrow sweep keeps the frontier small.
///
/// # Errors
/// [`FrontierError::TooWide`], [`FrontierError::OverMemory`], [`FrontierError::Timeout`] or
/// [`FrontierError::Cancelled`] when the count could not be finished within the options.
///
/// # Panics
/// If `order` is not a permutation of the vertices.
pub fn hamiltonian_cycles(
    graph: &Graph,
    order: &[usize],
    options: &FrontierOptions,
) -> Result<(BigCount, FrontierStats), FrontierError> {
    if graph.n < 3 {
        return Ok((BigCount::zero(), FrontierStats::default()));
    }
    let edges: Vec<(usize, usize, bool)> =
        graph.edges.iter().map(|&(u, v)| (u, v, false)).collect();
    count_exactly(graph.n, &edges, order, options)
}

/// The number of Hamiltonian paths of `graph` (each undirected path once) that have every
/// vertex of `ends` (none, one or two) as one of their two ends, and what counting them cost.
///
/// # Errors
/// As [`hamiltonian_cycles`].
///
/// # Panics
/// If `order` is not a permutation of the vertices, or `ends` lists more than two vertices.
pub fn hamiltonian_paths(
    graph: &Graph,
    ends: &[usize],
    order: &[usize],
    options: &FrontierOptions,
) -> Result<(BigCount, FrontierStats), FrontierError> {
    assert!(ends.len() <= 2, "a path has two ends");
    let n = graph.n;
    let trivial = |count: u64| Ok((BigCount::from(count), FrontierStats::default()));
    match n {
        0 => return trivial(0),
        1 => return trivial(1),
        2 => {
            let same_end_twice = ends.len() == 2 && ends[0] == ends[1];
            let joined = !graph.edges.is_empty() && !same_end_twice;
            return trivial(u64::from(joined));
        }
        _ => {}
    }
    if ends.len() == 2 && ends[0] == ends[1] {
        return trivial(0);
    }
    // One extra vertex, joined to every vertex; a path is a cycle through it.
    let extra = n;
    let mut edges: Vec<(usize, usize, bool)> =
        graph.edges.iter().map(|&(u, v)| (u, v, false)).collect();
    for v in 0..n {
        edges.push((v, extra, ends.contains(&v)));
    }
    let mut order = order.to_vec();
    order.push(extra);
    count_exactly(n + 1, &edges, &order, options)
}

/// The program in 128-bit counts, checked; where some count outgrows them, again in big
/// integers.
fn count_exactly(
    n: usize,
    edges: &[(usize, usize, bool)],
    order: &[usize],
    options: &FrontierOptions,
) -> Result<(BigCount, FrontierStats), FrontierError> {
    match count_cycles::<u128>(n, edges, order, options)? {
        Some((count, stats)) => Ok((BigCount::from(count), stats)),
        None => {
            let (count, stats) = count_cycles::<BigUint>(n, edges, order, options)?
                .expect("big integers do not overflow");
            Ok((BigCount::from(count), stats))
        }
    }
}

/// The dynamic program. `forced` edges must be used. `Ok(None)` when a count outgrew `C`.
fn count_cycles<C: Clone + Zero + One + CheckedAdd>(
    n: usize,
    edges: &[(usize, usize, bool)],
    order: &[usize],
    options: &FrontierOptions,
) -> Result<Option<(C, FrontierStats)>, FrontierError> {
    assert_eq!(order.len(), n, "the order lists every vertex once");
    let mut position = vec![usize::MAX; n];
    for (i, &v) in order.iter().enumerate() {
        assert_eq!(position[v], usize::MAX, "the order lists every vertex once");
        position[v] = i;
    }
    // Edges sorted by the sweep positions of their ends.
    let mut edges: Vec<(usize, usize, bool)> = edges
        .iter()
        .map(|&(u, v, f)| {
            if position[u] <= position[v] {
                (u, v, f)
            } else {
                (v, u, f)
            }
        })
        .collect();
    edges.sort_by_key(|&(u, v, _)| (position[u], position[v]));
    let layers = edges.len();
    let mut stats = FrontierStats {
        vertices: n,
        edges: edges.len(),
        layers,
        ..FrontierStats::default()
    };
    let mut first = vec![usize::MAX; n];
    let mut last = vec![0; n];
    for (i, &(u, v, _)) in edges.iter().enumerate() {
        for w in [u, v] {
            first[w] = first[w].min(i);
            last[w] = i;
        }
    }
    if first.contains(&usize::MAX) {
        return Ok(Some((C::zero(), stats))); // an isolated vertex
    }
    // A vertex is on the frontier from its first edge to its last: a sweep too wide for the
    // packed states is refused here, before any work, rather than after the states explode.
    let mut change = vec![0i64; edges.len() + 1];
    for w in 0..n {
        change[first[w]] += 1;
        change[last[w] + 1] -= 1;
    }
    let widest = change
        .iter()
        .scan(0i64, |width, d| {
            *width += d;
            Some(*width)
        })
        .max()
        .unwrap_or(0);
    stats.width = usize::try_from(widest).unwrap_or(0);
    if stats.width > MAX_FRONTIER {
        return Err(FrontierError::TooWide {
            width: stats.width,
            max: MAX_FRONTIER,
        });
    }
    let last_forced = edges.iter().rposition(|e| e.2);
    // Edges of each vertex not yet taken or skipped.
    let mut remaining = vec![0usize; n];
    for &(u, v, _) in &edges {
        remaining[u] += 1;
        remaining[v] += 1;
    }

    let mut frontier: Vec<usize> = Vec::new();
    let mut states: FxHashMap<State, C> = FxHashMap::default();
    states.insert(0, C::one());
    stats.peak_states = 1;
    let mut entered = 0;
    let mut total = C::zero();
    for (i, &(u, v, forced)) in edges.iter().enumerate() {
        if options.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(FrontierError::Timeout { layer: i, layers });
        }
        if options.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(FrontierError::Cancelled { layer: i, layers });
        }
        // At most two states follow each state.
        let needed = (states.len() as u64 * 3).saturating_mul(BYTES_PER_STATE);
        if needed > options.memory_budget {
            return Err(FrontierError::OverMemory {
                needed,
                budget: options.memory_budget,
                layer: i + 1,
                layers,
                states: states.len() as u64,
            });
        }
        for w in [u, v] {
            if first[w] == i {
                debug_assert!(frontier.len() < MAX_FRONTIER, "the width was checked");
                let slot = frontier.len();
                frontier.push(w);
                entered += 1;
                states = states
                    .into_iter()
                    .map(|(s, c)| (set(s, slot, UNTOUCHED), c))
                    .collect();
            }
        }
        remaining[u] -= 1;
        remaining[v] -= 1;
        let pu = frontier
            .iter()
            .position(|&w| w == u)
            .expect("u is on the frontier");
        let pv = frontier
            .iter()
            .position(|&w| w == v)
            .expect("v is on the frontier");
        let may_close = entered == n && last_forced.is_none_or(|f| f <= i);
        // A vertex needs 2 - degree more edges, from those it has left.
        let viable = |s: State| {
            [(pu, remaining[u]), (pv, remaining[v])]
                .iter()
                .all(|&(k, left)| match get(s, k) {
                    UNTOUCHED => left >= 2,
                    DONE => true,
                    _ => left >= 1,
                })
        };
        let len = frontier.len();
        let mut next: FxHashMap<State, C> = FxHashMap::default();
        let add = |table: &mut FxHashMap<State, C>, s: State, count: &C| -> Option<()> {
            let entry = table.entry(s).or_insert_with(C::zero);
            *entry = entry.checked_add(count)?;
            Some(())
        };
        for (state, count) in states {
            let (su, sv) = (get(state, pu), get(state, pv));
            if su != DONE && sv != DONE {
                if su != UNTOUCHED && su as usize == pv {
                    // u and v are the two ends of one segment: using the edge closes a cycle.
                    let rest_done = (0..len).all(|k| k == pu || k == pv || get(state, k) == DONE);
                    if may_close && rest_done {
                        let Some(sum) = total.checked_add(&count) else {
                            return Ok(None);
                        };
                        total = sum;
                    }
                } else {
                    let s = match (su == UNTOUCHED, sv == UNTOUCHED) {
                        (true, true) => set(set(state, pu, pv as u32), pv, pu as u32),
                        (true, false) => {
                            set(set(set(state, pu, sv), sv as usize, pu as u32), pv, DONE)
                        }
                        (false, true) => {
                            set(set(set(state, pv, su), su as usize, pv as u32), pu, DONE)
                        }
                        (false, false) => {
                            let s = set(set(state, su as usize, sv), sv as usize, su);
                            set(set(s, pu, DONE), pv, DONE)
                        }
                    };
                    if viable(s) && add(&mut next, s, &count).is_none() {
                        return Ok(None);
                    }
                }
            }
            if !forced && viable(state) && add(&mut next, state, &count).is_none() {
                return Ok(None);
            }
        }
        // Vertices whose last edge this was leave the frontier; `viable` made them done.
        let leaving: Vec<usize> = (0..len).filter(|&k| last[frontier[k]] == i).collect();
        if !leaving.is_empty() {
            let keep: Vec<usize> = (0..len).filter(|k| !leaving.contains(k)).collect();
            let mut new_slot = vec![0u32; len];
            for (j, &k) in keep.iter().enumerate() {
                new_slot[k] = j as u32;
            }
            let mut reduced: FxHashMap<State, C> = FxHashMap::default();
            for (state, count) in next {
                debug_assert!(leaving.iter().all(|&k| get(state, k) == DONE));
                let mut s: State = 0;
                for (j, &k) in keep.iter().enumerate() {
                    let value = match get(state, k) {
                        code @ (UNTOUCHED | DONE) => code,
                        mate => new_slot[mate as usize],
                    };
                    s = set(s, j, value);
                }
                if add(&mut reduced, s, &count).is_none() {
                    return Ok(None);
                }
            }
            frontier = keep.iter().map(|&k| frontier[k]).collect();
            next = reduced;
        }
        states = next;
        let held = states.len() as u64;
        stats.peak_states = stats.peak_states.max(held);
        stats.peak_bytes = stats.peak_bytes.max(held * BYTES_PER_STATE);
        if let Some(progress) = options.progress {
            progress(&LayerProgress {
                layer: i + 1,
                layers,
                states: held,
                bytes: held * BYTES_PER_STATE,
            });
        }
        if states.is_empty() {
            break;
        }
    }
    Ok(Some((total, stats)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn identity(n: usize) -> Vec<usize> {
        (0..n).collect()
    }

    fn cycles_of(g: &Graph, order: &[usize]) -> Option<u128> {
        let (count, _) = hamiltonian_cycles(g, order, &FrontierOptions::default()).ok()?;
        count.to_u128()
    }

    fn paths_of(g: &Graph, end: Option<usize>, order: &[usize]) -> Option<u128> {
        let ends: Vec<usize> = end.into_iter().collect();
        let (count, _) = hamiltonian_paths(g, &ends, order, &FrontierOptions::default()).ok()?;
        count.to_u128()
    }

    fn complete(n: usize) -> Graph {
        let mut g = Graph::new(n);
        for u in 0..n {
            for v in u + 1..n {
                g.add_edge(u, v);
            }
        }
        g
    }

    #[test]
    fn complete_graphs() {
        // K_n has (n-1)!/2 Hamiltonian cycles and n!/2 Hamiltonian paths.
        for (n, cycles, paths) in [
            (3, 1, 3),
            (4, 3, 12),
            (5, 12, 60),
            (6, 60, 360),
            (7, 360, 2520),
        ] {
            let g = complete(n);
            assert_eq!(cycles_of(&g, &identity(n)), Some(cycles), "K{n}");
            assert_eq!(paths_of(&g, None, &identity(n)), Some(paths), "K{n}");
            // Paths with a given end: (n-1)! of them.
            let fact: u128 = (1..n as u128).product();
            assert_eq!(paths_of(&g, Some(0), &identity(n)), Some(fact), "K{n}");
        }
    }

    #[test]
    fn small_cases() {
        let mut edge = Graph::new(2);
        edge.add_edge(0, 1);
        assert_eq!(paths_of(&edge, None, &[0, 1]), Some(1));
        assert_eq!(cycles_of(&edge, &[0, 1]), Some(0));
        assert_eq!(paths_of(&Graph::new(1), None, &[0]), Some(1));
        assert_eq!(paths_of(&Graph::new(2), None, &[0, 1]), Some(0));
        // A path graph 0-1-2 has one Hamiltonian path and no cycle.
        let mut p3 = Graph::new(3);
        p3.add_edge(0, 1);
        p3.add_edge(1, 2);
        assert_eq!(paths_of(&p3, None, &[0, 1, 2]), Some(1));
        assert_eq!(paths_of(&p3, Some(1), &[0, 1, 2]), Some(0));
        assert_eq!(cycles_of(&p3, &[0, 1, 2]), Some(0));
    }

    /// Brute force over permutations: undirected Hamiltonian cycles and paths.
    fn brute(g: &Graph, end: Option<usize>) -> (u128, u128) {
        let n = g.n;
        let adj = |a: usize, b: usize| g.edges.contains(&(a.min(b), a.max(b)));
        let mut cycles = 0u128;
        let mut paths = 0u128;
        let mut perm: Vec<usize> = (0..n).collect();
        fn permute(k: usize, perm: &mut Vec<usize>, visit: &mut dyn FnMut(&[usize])) {
            if k == perm.len() {
                visit(perm);
                return;
            }
            for i in k..perm.len() {
                perm.swap(k, i);
                permute(k + 1, perm, visit);
                perm.swap(k, i);
            }
        }
        permute(0, &mut perm, &mut |p| {
            if p.windows(2).all(|w| adj(w[0], w[1])) {
                if end.is_none_or(|e| p[0] == e || p[n - 1] == e) {
                    paths += 1;
                }
                if n >= 3 && adj(p[n - 1], p[0]) {
                    cycles += 1;
                }
            }
        });
        // Each undirected path is 2 permutations (1 if n == 1); each cycle 2n.
        let paths = if n == 1 { paths } else { paths / 2 };
        let cycles = if n >= 3 { cycles / (2 * n as u128) } else { 0 };
        (cycles, paths)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
        /// Random graphs of up to 8 vertices, random sweep orders: the program agrees with
        /// brute force over all permutations.
        #[test]
        fn agrees_with_brute_force(
            n in 1usize..=8,
            edge_bits in prop::collection::vec(any::<bool>(), 28),
            order_seed in any::<u64>(),
            end_seed in any::<usize>(),
            with_end in any::<bool>(),
        ) {
            let mut g = Graph::new(n);
            let mut k = 0;
            for u in 0..n {
                for v in u + 1..n {
                    if edge_bits[k] {
                        g.add_edge(u, v);
                    }
                    k += 1;
                }
            }
            let mut order: Vec<usize> = (0..n).collect();
            let mut seed = order_seed;
            for i in (1..n).rev() {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                order.swap(i, (seed >> 33) as usize % (i + 1));
            }
            let end = with_end.then_some(end_seed % n);
            let (cycles, paths) = brute(&g, end);
            prop_assert_eq!(cycles_of(&g, &order), Some(cycles));
            prop_assert_eq!(paths_of(&g, end, &order), Some(paths));
        }
    }
}
