//! # Reductions of a Hamiltonian-cycle problem before search
//!
//! Every Hamiltonian cycle of an undirected graph uses exactly two edges at each vertex. A few
//! consequences are cheap to draw and, on the structured graphs of benchmarks such as the FHCP
//! Challenge Set (long chains of degree-2 vertices, gadgets joined by single vertices), fix a
//! large part of the answer before the solver starts:
//!
//! 1. a vertex with two edges left forces both;
//! 2. a vertex with two forced edges loses its other edges;
//! 3. the forced edges form disjoint paths; an edge joining the two ends of one of them would
//!    close a cycle that misses the other vertices, so it is removed (the path is then in
//!    effect contracted: its inner vertices have no choice left, and its ends behave as one);
//! 4. a vertex with fewer than two edges left, a vertex with three forced edges, or forced
//!    edges closing a short cycle prove that there is no Hamiltonian cycle;
//!
//! repeated to a fixpoint, then
//!
//! 5. a graph that is disconnected, or has a cut vertex (a bridge has one at each end), has no
//!    Hamiltonian cycle either (removing one vertex from a cycle leaves a path, connected).
//!
//! Each rule keeps every Hamiltonian cycle, so the result is a set of facts (edges forced,
//! edges removed) that the successor loop adds as clauses, or a refutation in words. Nothing
//! here can make a solvable problem unsolvable; `tests` check it against brute force on every
//! small graph.

use std::collections::HashMap;

/// What the reductions found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reduction {
    /// Edges every Hamiltonian cycle uses, as (u, v) with u < v.
    pub forced: Vec<(usize, usize)>,
    /// Edges no Hamiltonian cycle uses, as (u, v) with u < v.
    pub removed: Vec<(usize, usize)>,
    /// Maximal paths of two or more forced edges (each behaves as one edge between its ends).
    pub forced_paths: usize,
    /// Why there is no Hamiltonian cycle, when a rule proved it (vertices numbered from 1).
    pub refutation: Option<String>,
    /// Each edge forced or removed, in the order the rules found them, with its reason: what
    /// a certificate writes as claims (`crate::claims`).
    pub steps: Vec<Step>,
}

/// One edge forced or removed, and the rule that did it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The edge, as (u, v) with u < v.
    pub edge: (usize, usize),
    /// Forced (true) or removed.
    pub forced: bool,
    /// The vertex whose rule it is (rule 1 for a forced edge: it has two edges left; rule 2
    /// for a removed one: it has two forced edges); `None` for rule 3 (the edge would close a
    /// forced path into a short cycle).
    pub by: Option<usize>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Free,
    Forced,
    Removed,
}

struct Reducer {
    ends: Vec<(usize, usize)>,
    state: Vec<State>,
    /// Edge ids at each vertex.
    incident: Vec<Vec<usize>>,
    /// Edges not removed, and forced edges, at each vertex.
    alive: Vec<usize>,
    forced: Vec<usize>,
    /// For an end of a forced path, its other end.
    partner: Vec<usize>,
    forced_total: usize,
    /// Edge ids by (u, v), u < v.
    by_ends: HashMap<(usize, usize), usize>,
    queue: Vec<usize>,
    queued: Vec<bool>,
    steps: Vec<Step>,
}

/// Runs the reductions on the undirected graph with `n` vertices and `edges` (pairs of distinct
/// vertices; a pair listed twice counts once). Graphs of fewer than 3 vertices are left as they
/// are (nothing found).
pub fn reduce(n: usize, edges: &[(usize, usize)]) -> Reduction {
    let mut by_ends = HashMap::new();
    let mut ends = Vec::new();
    for &(u, v) in edges {
        if u == v {
            continue;
        }
        let key = (u.min(v), u.max(v));
        by_ends.entry(key).or_insert_with(|| {
            ends.push(key);
            ends.len() - 1
        });
    }
    let mut incident = vec![Vec::new(); n];
    for (e, &(u, v)) in ends.iter().enumerate() {
        incident[u].push(e);
        incident[v].push(e);
    }
    let alive = incident.iter().map(Vec::len).collect();
    let mut r = Reducer {
        state: vec![State::Free; ends.len()],
        ends,
        incident,
        alive,
        forced: vec![0; n],
        partner: (0..n).collect(),
        forced_total: 0,
        by_ends,
        queue: (0..n).collect(),
        queued: vec![true; n],
        steps: Vec::new(),
    };
    // Whether one or two vertices make a tour is the puzzle's convention, not a graph's.
    let refutation = if n < 3 {
        return Reduction::default();
    } else {
        r.fixpoint().err().or_else(|| r.connectivity(n))
    };
    let listed = |wanted: State| -> Vec<(usize, usize)> {
        r.ends
            .iter()
            .zip(&r.state)
            .filter(|&(_, &s)| s == wanted)
            .map(|(&e, _)| e)
            .collect()
    };
    Reduction {
        forced: listed(State::Forced),
        removed: listed(State::Removed),
        forced_paths: r.forced_paths(n),
        refutation,
        steps: r.steps,
    }
}

impl Reducer {
    fn other(&self, e: usize, v: usize) -> usize {
        let (a, b) = self.ends[e];
        if a == v {
            b
        } else {
            a
        }
    }

    fn touch(&mut self, v: usize) {
        if !self.queued[v] {
            self.queued[v] = true;
            self.queue.push(v);
        }
    }

    fn remove(&mut self, e: usize, by: Option<usize>) {
        debug_assert!(self.state[e] == State::Free);
        self.state[e] = State::Removed;
        self.steps.push(Step {
            edge: self.ends[e],
            forced: false,
            by,
        });
        let (u, v) = self.ends[e];
        for w in [u, v] {
            self.alive[w] -= 1;
            self.touch(w);
        }
    }

    fn force(&mut self, e: usize, n: usize, by: usize) -> Result<(), String> {
        debug_assert!(self.state[e] == State::Free);
        let (u, v) = self.ends[e];
        if self.forced[u] == 2 || self.forced[v] == 2 {
            let w = if self.forced[u] == 2 { u } else { v };
            return Err(format!(
                "vertex {} would be on three edges of the cycle: two are forced there, and a \
                 neighbour with no other choice forces a third",
                w + 1
            ));
        }
        let (pu, pv) = (self.partner[u], self.partner[v]);
        self.state[e] = State::Forced;
        self.steps.push(Step {
            edge: (u, v),
            forced: true,
            by: Some(by),
        });
        self.forced[u] += 1;
        self.forced[v] += 1;
        self.forced_total += 1;
        self.touch(u);
        self.touch(v);
        if pu == v {
            // The edge closes the forced path from u to v into a cycle.
            if self.forced_total < n {
                return Err(format!(
                    "the edges every Hamiltonian cycle must use close a cycle of {} vertices \
                     through {} and {}, which misses the other {}",
                    self.forced_total,
                    u + 1,
                    v + 1,
                    n - self.forced_total
                ));
            }
            return Ok(());
        }
        // Joined, the two paths run from pu to pv; an edge between those ends would close a
        // short cycle (unless the path already covers every vertex).
        self.partner[pu] = pv;
        self.partner[pv] = pu;
        if self.forced_total + 1 < n {
            if let Some(&closing) = self.by_ends.get(&(pu.min(pv), pu.max(pv))) {
                if self.state[closing] == State::Free {
                    self.remove(closing, None);
                }
            }
        }
        Ok(())
    }

    fn fixpoint(&mut self) -> Result<(), String> {
        let n = self.incident.len();
        while let Some(v) = self.queue.pop() {
            self.queued[v] = false;
            if self.alive[v] < 2 {
                return Err(if self.incident[v].len() < 2 {
                    format!(
                        "vertex {} has {} neighbour{}, and a cycle through it needs two",
                        v + 1,
                        self.incident[v].len(),
                        if self.incident[v].len() == 1 { "" } else { "s" }
                    )
                } else {
                    format!(
                        "vertex {} is left with fewer than two usable edges once the forced \
                         edges are placed",
                        v + 1
                    )
                });
            }
            let incident = self.incident[v].clone();
            if self.forced[v] == 2 && self.alive[v] > 2 {
                for &e in &incident {
                    if self.state[e] == State::Free {
                        self.remove(e, Some(v));
                    }
                }
            } else if self.alive[v] == 2 && self.forced[v] < 2 {
                for &e in &incident {
                    if self.state[e] == State::Free {
                        self.force(e, n, v)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Why the remaining graph has no Hamiltonian cycle, if it is disconnected or has a cut
    /// vertex (Tarjan's low points, by an iterative depth-first search).
    fn connectivity(&self, n: usize) -> Option<String> {
        const UNSEEN: usize = usize::MAX;
        let mut order = vec![UNSEEN; n];
        let mut low = vec![0; n];
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        order[0] = 0;
        let mut next = 1;
        let mut root_children = 0;
        while let Some(&mut (v, ref mut i)) = stack.last_mut() {
            if let Some(&e) = self.incident[v].get(*i) {
                *i += 1;
                if self.state[e] == State::Removed {
                    continue;
                }
                let w = self.other(e, v);
                if order[w] == UNSEEN {
                    order[w] = next;
                    low[w] = next;
                    next += 1;
                    if v == 0 {
                        root_children += 1;
                    }
                    stack.push((w, 0));
                } else {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            stack.pop();
            if let Some(&(parent, _)) = stack.last() {
                low[parent] = low[parent].min(low[v]);
                if parent != 0 && low[v] >= order[parent] {
                    return Some(format!(
                        "vertex {} is a cut vertex: without it the graph falls apart, and a \
                         cycle through every vertex cannot pass it twice",
                        parent + 1
                    ));
                }
            }
        }
        if next < n {
            let missing = order.iter().position(|&o| o == UNSEEN).expect("unseen");
            return Some(format!(
                "the graph is not connected: vertex {} cannot be reached from vertex 1",
                missing + 1
            ));
        }
        (root_children > 1).then(|| {
            "vertex 1 is a cut vertex: without it the graph falls apart, and a cycle through \
             every vertex cannot pass it twice"
                .to_string()
        })
    }

    /// Maximal forced paths of two edges or more.
    fn forced_paths(&self, n: usize) -> usize {
        (0..n)
            .filter(|&v| self.forced[v] == 1 && self.partner[v] > v)
            .filter(|&v| {
                let e = self.incident[v]
                    .iter()
                    .find(|&&e| self.state[e] == State::Forced)
                    .expect("an end has a forced edge");
                self.other(*e, v) != self.partner[v]
            })
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every Hamiltonian cycle of a small graph, as its sorted edge set.
    fn cycles(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
        let mut adjacent = vec![vec![false; n]; n];
        for &(u, v) in edges {
            adjacent[u][v] = true;
            adjacent[v][u] = true;
        }
        let mut found = Vec::new();
        let mut path = vec![0];
        let mut used = vec![false; n];
        used[0] = true;
        fn go(
            n: usize,
            adjacent: &[Vec<bool>],
            path: &mut Vec<usize>,
            used: &mut [bool],
            found: &mut Vec<Vec<(usize, usize)>>,
        ) {
            let last = *path.last().unwrap();
            if path.len() == n {
                // Each cycle once: closed, and its second vertex below its last.
                if adjacent[last][0] && path[1] < last {
                    let mut cycle: Vec<(usize, usize)> = path
                        .windows(2)
                        .map(|w| (w[0].min(w[1]), w[0].max(w[1])))
                        .chain([(0, last)])
                        .collect();
                    cycle.sort_unstable();
                    found.push(cycle);
                }
                return;
            }
            for w in 0..n {
                if adjacent[last][w] && !used[w] {
                    used[w] = true;
                    path.push(w);
                    go(n, adjacent, path, used, found);
                    path.pop();
                    used[w] = false;
                }
            }
        }
        if n >= 3 {
            go(n, &adjacent, &mut path, &mut used, &mut found);
        }
        found
    }

    /// Checks the reduction of a graph against its cycles: sound (every cycle uses each forced
    /// edge and no removed one), and a refutation only where there is no cycle.
    fn check(n: usize, edges: &[(usize, usize)]) -> Reduction {
        let r = reduce(n, edges);
        let all = cycles(n, edges);
        if r.refutation.is_some() {
            assert!(
                all.is_empty(),
                "{edges:?}: refuted with cycles {all:?}: {r:?}"
            );
        }
        for cycle in &all {
            for e in &r.forced {
                assert!(
                    cycle.contains(e),
                    "{edges:?}: forced {e:?} not in {cycle:?}"
                );
            }
            for e in &r.removed {
                assert!(!cycle.contains(e), "{edges:?}: removed {e:?} in {cycle:?}");
            }
        }
        r
    }

    #[test]
    fn sound_on_every_graph_of_up_to_six_vertices() {
        let mut refuted = 0;
        let mut total = 0;
        for n in 3..=6usize {
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
                .collect();
            for mask in 0u32..(1 << pairs.len()) {
                let edges: Vec<(usize, usize)> = pairs
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| mask >> i & 1 == 1)
                    .map(|(_, &e)| e)
                    .collect();
                let r = check(n, &edges);
                total += 1;
                refuted += usize::from(r.refutation.is_some());
            }
        }
        // The rules decide most small graphs without a cycle (sanity: they do something).
        assert_eq!(total, 8 + 64 + 1024 + 32768);
        assert!(refuted > total / 2, "{refuted} of {total}");
    }

    #[test]
    fn sound_on_random_sparse_graphs_of_seven_to_ten_vertices() {
        use rand::rngs::ChaCha8Rng;
        use rand::{RngExt, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..3000 {
            let n = rng.random_range(7..=10);
            let mut edges = Vec::new();
            // A cycle sometimes planted, then a few chords.
            if rng.random_bool(0.5) {
                edges.extend((0..n).map(|i| (i, (i + 1) % n)));
            }
            for _ in 0..rng.random_range(0..2 * n) {
                let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
                if u != v {
                    edges.push((u, v));
                }
            }
            check(n, &edges);
        }
    }

    #[test]
    fn chains_are_forced_and_their_closing_edges_removed() {
        // A 6-cycle 0..5 with chords 0-2 and 0-3: 1 has degree 2, so 0-1 and 1-2 are forced
        // and the chord 0-2 (closing the triangle) is removed.
        let edges = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 5),
            (5, 0),
            (0, 2),
            (0, 3),
        ];
        let r = check(6, &edges);
        assert!(r.removed.contains(&(0, 2)), "{r:?}");
        assert!(r.forced.contains(&(0, 1)) && r.forced.contains(&(1, 2)));
        assert_eq!(r.refutation, None);
    }

    #[test]
    fn refutations_name_their_reason() {
        // Two triangles sharing vertex 0 (a bow tie): the degree-2 vertices force four edges
        // at vertex 0, refuted before the cut vertex is looked for.
        let bow = [(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0)];
        assert!(check(5, &bow).refutation.is_some());
        // Two K4s sharing vertex 0 (and one sharing vertex 3 besides): cut vertices.
        let k4 = |a: usize, b: usize, c: usize, d: usize| {
            [(a, b), (a, c), (a, d), (b, c), (b, d), (c, d)]
        };
        let two: Vec<_> = k4(0, 1, 2, 3).into_iter().chain(k4(0, 4, 5, 6)).collect();
        assert!(check(7, &two)
            .refutation
            .unwrap()
            .starts_with("vertex 1 is a cut vertex"));
        let two: Vec<_> = k4(0, 1, 2, 3).into_iter().chain(k4(3, 4, 5, 6)).collect();
        assert!(check(7, &two)
            .refutation
            .unwrap()
            .starts_with("vertex 4 is a cut vertex"));
        // A pendant vertex.
        let r = check(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        assert_eq!(
            r.refutation.as_deref(),
            Some("vertex 4 has 1 neighbour, and a cycle through it needs two")
        );
        // Two disjoint squares.
        let squares = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 0),
            (4, 5),
            (5, 6),
            (6, 7),
            (7, 4),
        ];
        assert!(reduce(8, &squares).refutation.is_some());
        // K_{2,3}: the three degree-2 vertices force six edges at two vertices.
        let k23 = [(0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4)];
        assert!(check(5, &k23).refutation.is_some());
    }

    #[test]
    fn a_cycle_graph_is_forced_whole() {
        let ring: Vec<(usize, usize)> = (0..7).map(|i| (i, (i + 1) % 7)).collect();
        let r = check(7, &ring);
        assert_eq!(
            (r.forced.len(), r.removed.len(), r.refutation),
            (7, 0, None)
        );
    }
}
