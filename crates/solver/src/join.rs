//! # Joining the cycles of a 2-factor into one tour: 2-opt and 3-opt exchanges
//!
//! A model of the edge loop ([`crate::edge_loop`]), and of the successor loop on a closed tour
//! of two-way moves, is a set of disjoint cycles covering every vertex. Before the solver is
//! called again with subtour cuts, [`Joiner::join`] tries to turn those cycles into one tour by
//! exchanging edges of the cycles for edges of the graph:
//! - **2-opt**: an edge a–a′ of one cycle and b–b′ of another give way to a–b and a′–b′;
//! - **3-opt**, where no 2-opt exchange is left: an edge a–a′ of one cycle X and two edges
//!   b–b′ and c–c′ of another cycle Y (b′ after b and c′ after c in one direction round Y)
//!   give way to a–b′, a′–c′ and b–c. Y falls into the paths b′…c and c′…b, and the three
//!   paths (X opened at a–a′ among them) close into one cycle whichever way round they are
//!   read, since each new edge joins two different paths and none is a removed edge.
//!
//! Each exchange leaves one cycle fewer. This is a heuristic: a tour found so is a genuine
//! solution (verified like the solver's own), and when it fails the loop goes on with its cuts.
//! The 3-opt search is bounded ([`THREE_OPT_CHECKS`]) so that a hub of high degree cannot hold
//! up the exact search.
//!
//! ## References
//! - S. Lin, *Computer solutions of the traveling salesman problem*, Bell System Technical
//!   Journal 44(10), 1965 (r-opt exchanges).

/// Adjacency tests the 3-opt search may spend on one model, beyond a few per vertex.
pub(crate) const THREE_OPT_CHECKS: usize = 2_000_000;

/// An undirected graph to join cycles over: each vertex's neighbours, sorted.
pub(crate) struct Joiner {
    neighbours: Vec<Vec<usize>>,
}

/// The two neighbours of each vertex in a 2-factor.
pub(crate) type TwoFactor = Vec<[usize; 2]>;

/// What joined the cycles of one model.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Joined {
    pub two_opt: usize,
    pub three_opt: usize,
}

impl Joiner {
    /// The graph with the edges `edges` (either order, repeats allowed) on `n` vertices.
    pub(crate) fn new(n: usize, edges: impl IntoIterator<Item = (usize, usize)>) -> Self {
        let mut neighbours = vec![Vec::new(); n];
        for (u, v) in edges {
            if u != v {
                neighbours[u].push(v);
                neighbours[v].push(u);
            }
        }
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        Joiner { neighbours }
    }

    fn adjacent(&self, u: usize, v: usize) -> bool {
        self.neighbours[u].binary_search(&v).is_ok()
    }

    /// The cycles of `factor` joined into one tour, in order, with the exchanges that did it;
    /// `None` when neither kind of exchange is left before one cycle remains. Every edge of
    /// `factor` must be an edge of the graph.
    pub(crate) fn join(&self, factor: &[[usize; 2]]) -> Option<(Vec<usize>, Joined)> {
        let n = factor.len();
        let mut factor = factor.to_vec();
        let mut joined = Joined::default();
        let mut budget = THREE_OPT_CHECKS + 8 * n;
        loop {
            let cycles = cycles_of(&factor);
            if cycles.len() <= 1 {
                return cycles.into_iter().next().map(|tour| (tour, joined));
            }
            let mut label = vec![0usize; n];
            let mut position = vec![0usize; n];
            for (i, cycle) in cycles.iter().enumerate() {
                for (p, &v) in cycle.iter().enumerate() {
                    label[v] = i;
                    position[v] = p;
                }
            }
            if let Some(exchange) = self.two_opt(&factor, &label) {
                apply(&mut factor, &exchange);
                joined.two_opt += 1;
                continue;
            }
            let rounds = Rounds {
                cycles: &cycles,
                label: &label,
                position: &position,
            };
            match self.three_opt(&rounds, &mut budget) {
                Some(exchange) => {
                    apply(&mut factor, &exchange);
                    joined.three_opt += 1;
                }
                None => return None,
            }
        }
    }

    /// A 2-opt exchange between two cycles: (removed edges, added edges).
    fn two_opt(&self, factor: &[[usize; 2]], label: &[usize]) -> Option<Exchange> {
        for a in 0..factor.len() {
            for &b in &self.neighbours[a] {
                if label[b] == label[a] {
                    continue;
                }
                for &a2 in &factor[a] {
                    for &b2 in &factor[b] {
                        if self.adjacent(a2, b2) {
                            return Some(Exchange {
                                removed: vec![(a, a2), (b, b2)],
                                added: vec![(a, b), (a2, b2)],
                            });
                        }
                    }
                }
            }
        }
        None
    }

    /// A 3-opt exchange between two cycles (see the module docs), spending at most `budget`
    /// adjacency tests.
    fn three_opt(&self, rounds: &Rounds<'_>, budget: &mut usize) -> Option<Exchange> {
        let Rounds {
            cycles,
            label,
            position,
        } = *rounds;
        let n = label.len();
        // The vertex after v round its cycle, in the stored order or against it.
        let beside = |v: usize, forward: bool| {
            let cycle = &cycles[label[v]];
            let p = position[v];
            if forward {
                cycle[(p + 1) % cycle.len()]
            } else {
                cycle[(p + cycle.len() - 1) % cycle.len()]
            }
        };
        for a in 0..n {
            for a2 in [beside(a, true), beside(a, false)] {
                for &y in &self.neighbours[a] {
                    let y_cycle = label[y];
                    if y_cycle == label[a] {
                        continue;
                    }
                    // y plays b′: b is the vertex before it in the direction of travel.
                    for forward in [true, false] {
                        let b = beside(y, !forward);
                        for &c in &self.neighbours[b] {
                            if label[c] != y_cycle || c == y {
                                continue;
                            }
                            let c2 = beside(c, forward);
                            if c2 == b {
                                continue; // b–c is then a cycle edge: a 2-opt, tried already
                            }
                            if *budget == 0 {
                                return None;
                            }
                            *budget -= 1;
                            if self.adjacent(a2, c2) {
                                return Some(Exchange {
                                    removed: vec![(a, a2), (b, y), (c, c2)],
                                    added: vec![(a, y), (a2, c2), (b, c)],
                                });
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

/// The cycles of a 2-factor, each numbered in order round it.
struct Rounds<'a> {
    cycles: &'a [Vec<usize>],
    label: &'a [usize],
    position: &'a [usize],
}

/// Edges out of the factor and edges into it.
struct Exchange {
    removed: Vec<(usize, usize)>,
    added: Vec<(usize, usize)>,
}

fn apply(factor: &mut [[usize; 2]], exchange: &Exchange) {
    let replace = |factor: &mut [[usize; 2]], v: usize, from: usize, to: usize| {
        let slot = factor[v]
            .iter()
            .position(|&x| x == from)
            .expect("a factor edge");
        factor[v][slot] = to;
    };
    // Free the slots first, then fill them: a vertex may lose one edge and gain another.
    const FREE: usize = usize::MAX;
    for &(u, v) in &exchange.removed {
        replace(factor, u, v, FREE);
        replace(factor, v, u, FREE);
    }
    for &(u, v) in &exchange.added {
        replace(factor, u, FREE, v);
        replace(factor, v, FREE, u);
    }
}

/// The cycles of a 2-factor (`factor[v]`: v's two neighbours), each in order.
pub(crate) fn cycles_of(factor: &[[usize; 2]]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; factor.len()];
    let mut found = Vec::new();
    for start in 0..factor.len() {
        if seen[start] {
            continue;
        }
        let mut cycle = vec![start];
        seen[start] = true;
        let (mut previous, mut current) = (start, factor[start][0]);
        while current != start {
            seen[current] = true;
            cycle.push(current);
            let next = if factor[current][0] == previous {
                factor[current][1]
            } else {
                factor[current][0]
            };
            previous = current;
            current = next;
        }
        found.push(cycle);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 2-factor of cycles given in order.
    fn factor_of(n: usize, cycles: &[&[usize]]) -> TwoFactor {
        let mut factor = vec![[usize::MAX; 2]; n];
        for cycle in cycles {
            for (i, &v) in cycle.iter().enumerate() {
                factor[v] = [
                    cycle[(i + cycle.len() - 1) % cycle.len()],
                    cycle[(i + 1) % cycle.len()],
                ];
            }
        }
        factor
    }

    fn cycle_edges(cycle: &[usize]) -> Vec<(usize, usize)> {
        (0..cycle.len())
            .map(|i| (cycle[i], cycle[(i + 1) % cycle.len()]))
            .collect()
    }

    fn assert_tour(joiner: &Joiner, tour: &[usize], n: usize) {
        let mut seen = vec![false; n];
        for &v in tour {
            assert!(!seen[v], "{v} twice");
            seen[v] = true;
        }
        assert_eq!(tour.len(), n);
        for (u, v) in cycle_edges(tour) {
            assert!(joiner.adjacent(u, v), "{u}–{v} is not an edge");
        }
    }

    #[test]
    fn two_opt_joins_two_squares() {
        // Squares 0-1-2-3 and 4-5-6-7 with the rungs 1–4 and 2–7.
        let cycles: [&[usize]; 2] = [&[0, 1, 2, 3], &[4, 5, 6, 7]];
        let mut edges: Vec<_> = cycles.iter().flat_map(|c| cycle_edges(c)).collect();
        edges.extend([(1, 4), (2, 7)]);
        let joiner = Joiner::new(8, edges);
        let (tour, joined) = joiner.join(&factor_of(8, &cycles)).expect("joins");
        assert_tour(&joiner, &tour, 8);
        assert_eq!(
            joined,
            Joined {
                two_opt: 1,
                three_opt: 0
            }
        );
    }

    #[test]
    fn three_opt_joins_where_two_opt_cannot() {
        // X = triangle 0-1-2; Y = hexagon 3-4-5-6-7-8. Extra edges: a=0 – b′=4, a′=1 – c′=7,
        // and the chord b=3 – c=6 inside Y. No 2-opt exchange exists: an X–Y edge a–y needs
        // an edge between a cycle neighbour of a and one of y.
        let cycles: [&[usize]; 2] = [&[0, 1, 2], &[3, 4, 5, 6, 7, 8]];
        let mut edges: Vec<_> = cycles.iter().flat_map(|c| cycle_edges(c)).collect();
        edges.extend([(0, 4), (1, 7), (3, 6)]);
        let joiner = Joiner::new(9, edges);
        let factor = factor_of(9, &cycles);
        let label = [0, 0, 0, 1, 1, 1, 1, 1, 1];
        assert!(joiner.two_opt(&factor, &label).is_none());
        let (tour, joined) = joiner.join(&factor).expect("joins");
        assert_tour(&joiner, &tour, 9);
        assert_eq!(
            joined,
            Joined {
                two_opt: 0,
                three_opt: 1
            }
        );
    }

    #[test]
    fn gives_up_when_no_exchange_is_left() {
        // Two triangles joined by one edge: no tour exists, nor any exchange.
        let cycles: [&[usize]; 2] = [&[0, 1, 2], &[3, 4, 5]];
        let mut edges: Vec<_> = cycles.iter().flat_map(|c| cycle_edges(c)).collect();
        edges.push((0, 3));
        let joiner = Joiner::new(6, edges);
        assert!(joiner.join(&factor_of(6, &cycles)).is_none());
    }

    /// Random 2-factors of random graphs on 6 to 10 vertices join only into Hamiltonian cycles
    /// of the graph, one exchange per cycle joined.
    #[test]
    fn joined_tours_are_hamiltonian_cycles_of_the_graph() {
        use rand::rngs::ChaCha8Rng;
        use rand::{RngExt, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(28);
        let mut joins = Joined::default();
        for _ in 0..3000 {
            let n = rng.random_range(6..=10);
            // A random split of the vertices into cycles of 3 or more, in random order.
            let mut order: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                order.swap(i, rng.random_range(0..=i));
            }
            let mut cycles: Vec<Vec<usize>> = Vec::new();
            let mut rest = &order[..];
            while !rest.is_empty() {
                let take = if rest.len() < 6 {
                    rest.len()
                } else {
                    rng.random_range(3..=rest.len() - 3)
                };
                cycles.push(rest[..take].to_vec());
                rest = &rest[take..];
            }
            let mut edges: Vec<_> = cycles.iter().flat_map(|c| cycle_edges(c)).collect();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.random_bool(0.25) {
                        edges.push((u, v));
                    }
                }
            }
            let joiner = Joiner::new(n, edges);
            let refs: Vec<&[usize]> = cycles.iter().map(Vec::as_slice).collect();
            if let Some((tour, joined)) = joiner.join(&factor_of(n, &refs)) {
                assert_tour(&joiner, &tour, n);
                assert_eq!(joined.two_opt + joined.three_opt, cycles.len() - 1);
                joins.two_opt += joined.two_opt;
                joins.three_opt += joined.three_opt;
            }
        }
        // Both kinds were exercised.
        assert!(joins.two_opt > 100 && joins.three_opt > 10, "{joins:?}");
    }
}
