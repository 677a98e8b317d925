//! # The frontier dynamic program
//!
//! The vertices are taken one at a time in a sweep order. Taking vertex `v` decides all of its
//! edges to later vertices at once (so that `v` ends with degree 2, or 1 at an end of a path)
//! and drops it from the *frontier*: the later vertices that have an earlier neighbour. A
//! partial solution is summarised by the state of the frontier vertices (untouched, done, or
//! the end of a segment, with the segment's other end: see [`crate::plan`]). Partial solutions
//! with the same state have the same completions, so only the number of them with each state
//! is kept, in sorted vectors of packed keys ([`crate::store`]). Joining the two ends of one
//! segment closes a cycle, which counts only if it covers every vertex.
//!
//! Hamiltonian paths are counted directly: a segment whose other end is an end of the path is
//! marked *anchored*, and at most two path ends are made (the given ones among them).
//!
//! ## References
//! - D. E. Knuth, *The Art of Computer Programming* 4A, 7.1.4 (SIMPATH and frontier-based
//!   search over edge orders).
//! - H. Iwashita, J. Kawahara, S. Minato, *ZDD-based computation of the number of paths in a
//!   graph*, 2012.
//! - K. Pönitz, P. Tittmann / R. Jensen-style transfer matrices for Hamiltonian cycles of grid
//!   graphs (the vertex-at-a-time sweep with renumbered segment labels).

use crate::graph::Graph;
use crate::keys::{Compact64, Key128, MAX_FRONTIER_COMPACT};
use crate::plan::Plan;
use crate::store::{sweep, Swept};
use crate::{BigCount, FrontierError, FrontierOptions, FrontierStats};

pub use crate::plan::MAX_FRONTIER;

fn check_order(n: usize, order: &[usize]) {
    assert_eq!(order.len(), n, "the order lists every vertex once");
    let mut seen = vec![false; n];
    for &v in order {
        assert!(v < n && !seen[v], "the order lists every vertex once");
        seen[v] = true;
    }
}

/// The number of Hamiltonian cycles of `graph` (each undirected cycle once; 0 for fewer than
/// 3 vertices) and what counting them cost. `order` lists the vertices in the order the
/// program sweeps them; a narrow sweep keeps the frontier small ([`crate::vertex_order`]).
///
/// # Errors
/// [`FrontierError::TooWide`], [`FrontierError::OverMemory`] or [`FrontierError::Stopped`] (the
/// budget's deadline, cancel or wind-down) when the count could not be finished within the
/// options.
///
/// # Panics
/// If `order` is not a permutation of the vertices.
pub fn hamiltonian_cycles(
    graph: &Graph,
    order: &[usize],
    options: &FrontierOptions,
) -> Result<(BigCount, FrontierStats), FrontierError> {
    check_order(graph.n_vertices(), order);
    if graph.n_vertices() < 3 {
        return Ok((BigCount::zero(), FrontierStats::default()));
    }
    count(graph, order, None, options)
}

/// The number of Hamiltonian paths of `graph` (each undirected path once) that have every
/// vertex of `ends` (none, one or two) as one of their two ends, and what counting them cost.
///
/// # Errors
/// As [`hamiltonian_cycles`].
///
/// # Panics
/// If `order` is not a permutation of the vertices, or `ends` lists more than two vertices or
/// one that is not a vertex.
pub fn hamiltonian_paths(
    graph: &Graph,
    ends: &[usize],
    order: &[usize],
    options: &FrontierOptions,
) -> Result<(BigCount, FrontierStats), FrontierError> {
    assert!(ends.len() <= 2, "a path has two ends");
    assert!(
        ends.iter().all(|&e| e < graph.n_vertices()),
        "the ends are vertices of the graph"
    );
    check_order(graph.n_vertices(), order);
    let n = graph.n_vertices();
    let trivial = |count: u64| {
        let count = crate::share_of_whole(BigCount::from(count), options);
        Ok((count, FrontierStats::default()))
    };
    if ends.len() == 2 && ends[0] == ends[1] {
        // One vertex as both ends: only the path of one vertex.
        return trivial(u64::from(n == 1));
    }
    match n {
        0 => return trivial(0),
        1 => return trivial(1),
        _ => {}
    }
    count(graph, order, Some(ends), options)
}

/// The Hamiltonian cycles of a prefix of the sweep: of the subgraph that the first `layer`
/// vertices of the order induce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrefixCycles {
    /// How many vertices of the order the prefix holds.
    pub layer: usize,
    /// Its Hamiltonian cycles, each undirected cycle once.
    pub cycles: BigCount,
}

/// [`hamiltonian_cycles`], and besides, from the same sweep, the Hamiltonian cycles of its
/// prefixes: for a board swept a column at a time, the boards of its first columns (one
/// sweep of the 7 x 24 knight's board counts the tours of 7 x 6, 7 x 8, …, 7 x 22 on its
/// way). A prefix's cycle closes when its last edge is chosen, which may be before the
/// prefix's last vertices are processed (they are then on the frontier with both their
/// edges), and counts if no edge leaves the prefix. A prefix is listed, zero or not, at each layer where the sweep counts it
/// soundly: the vertices after it must balance the colour classes of a bipartite graph (else
/// the colour test prunes the prefix's cycles), and each symmetry whose mirror images were
/// folded before must map the prefix onto itself ([`Graph::add_symmetry`]); the whole graph is
/// the returned count. The sweep keeps the states whose untouched vertices cannot reach
/// degree 2, which a count of the whole graph prunes (a prefix's cycle leaves them untouched):
/// its last tables are somewhat wider.
///
/// # Errors
/// As [`hamiltonian_cycles`].
///
/// # Panics
/// If `order` is not a permutation of the vertices, or `options` split the count into shards
/// (a shard's prefixes would not be parts of theirs). A checkpoint holds the prefixes' cycles
/// closed so far with the table, so a count of prefixes resumes as any other.
pub fn hamiltonian_cycles_of_prefixes(
    graph: &Graph,
    order: &[usize],
    options: &FrontierOptions,
) -> Result<(BigCount, Vec<PrefixCycles>, FrontierStats), FrontierError> {
    check_order(graph.n_vertices(), order);
    assert!(options.split.is_none(), "prefixes of a whole count");
    if graph.n_vertices() < 3 {
        return Ok((BigCount::zero(), Vec::new(), FrontierStats::default()));
    }
    let (count, prefixes, stats) = sweep_plan(graph, order, None, true, options)?;
    Ok((count, prefixes, stats))
}

fn count(
    graph: &Graph,
    order: &[usize],
    ends: Option<&[usize]>,
    options: &FrontierOptions,
) -> Result<(BigCount, FrontierStats), FrontierError> {
    let (count, _, stats) = sweep_plan(graph, order, ends, false, options)?;
    Ok((count, stats))
}

/// Plans the sweep and runs it: the count, the prefixes' cycles when `prefixes`, the cost.
fn sweep_plan(
    graph: &Graph,
    order: &[usize],
    ends: Option<&[usize]>,
    prefixes: bool,
    options: &FrontierOptions,
) -> Result<(BigCount, Vec<PrefixCycles>, FrontierStats), FrontierError> {
    let plan = Plan::new(graph, order, ends, prefixes).map_err(|width| FrontierError::TooWide {
        width,
        max: MAX_FRONTIER,
    })?;
    // Two key types only: each is a copy of the whole sweep for every count width, which the
    // build pays for.
    let swept = if plan.width <= MAX_FRONTIER_COMPACT {
        sweep::<Compact64>(&plan, options)?
    } else {
        sweep::<Key128>(&plan, options)?
    };
    let stats = stats_of(graph, &plan, &swept);
    let prefix_cycles = swept
        .prefix_cycles
        .into_iter()
        .map(|(layer, cycles)| PrefixCycles {
            layer,
            cycles: BigCount::from(cycles),
        })
        .collect();
    Ok((BigCount::from(swept.count), prefix_cycles, stats))
}

/// What the sweep of `plan` over `graph` cost, as [`FrontierStats`] tell it.
pub(crate) fn stats_of(graph: &Graph, plan: &Plan, swept: &Swept) -> FrontierStats {
    FrontierStats {
        vertices: graph.n_vertices(),
        edges: graph.edges().len(),
        layers: graph.n_vertices(),
        width: plan.width,
        peak_states: swept.peak_states,
        peak_bytes: swept.peak_bytes,
        peak_disk_bytes: swept.peak_disk_bytes,
        order: "",
        shortcut: None,
        cut: swept.cut,
        folded_layers: plan.steps.iter().filter(|s| !s.mirrors.is_empty()).count(),
        resumed_layer: swept.resumed_layer,
        earlier: swept.earlier,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::sync::atomic::Ordering;

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

    /// The 8x8 grid swept by rows, with its left-right reflection declared: the same
    /// 4,638,576 Hamiltonian cycles (OEIS A003763), from smaller tables.
    #[test]
    fn folding_shrinks_the_tables_of_a_grid() {
        let mut grid = Graph::new(64);
        for v in 0..64 {
            if v % 8 < 7 {
                grid.add_edge(v, v + 1);
            }
            if v < 56 {
                grid.add_edge(v, v + 8);
            }
        }
        let options = FrontierOptions::default();
        let (plain, plain_stats) = hamiltonian_cycles(&grid, &identity(64), &options).unwrap();
        grid.add_symmetry((0..64).map(|v| v / 8 * 8 + 7 - v % 8).collect());
        let (folded, folded_stats) = hamiltonian_cycles(&grid, &identity(64), &options).unwrap();
        assert_eq!(plain, 4_638_576u64);
        assert_eq!(folded, 4_638_576u64);
        assert!(
            folded_stats.peak_states < plain_stats.peak_states,
            "{} states folded, {} plain",
            folded_stats.peak_states,
            plain_stats.peak_states
        );
    }

    /// Brute force over permutations: undirected Hamiltonian cycles, and undirected
    /// Hamiltonian paths with every vertex of `ends` at an end.
    fn brute(g: &Graph, ends: &[usize]) -> (u128, u128) {
        let n = g.n_vertices();
        let adj = |a: usize, b: usize| g.edges().contains(&(a.min(b), a.max(b)));
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
                if ends.iter().all(|&e| p[0] == e || p[n - 1] == e) {
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

    /// `g` with the images of its edges under `map` added until there are no new ones: a graph
    /// that `map` maps onto itself.
    fn closed_under(mut g: Graph, map: &[usize]) -> Graph {
        loop {
            let before = g.edges().len();
            let images: Vec<(usize, usize)> =
                g.edges().iter().map(|&(u, v)| (map[u], map[v])).collect();
            g.add_edges(images);
            if g.edges().len() == before {
                return g;
            }
        }
    }

    /// The graph on `n` vertices with edge {u, v} (u < v, in order) where `bits` says so.
    fn graph_from_bits(n: usize, bits: &[bool]) -> Graph {
        let mut g = Graph::new(n);
        let pairs = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v)));
        for ((u, v), &on) in pairs.zip(bits) {
            if on {
                g.add_edge(u, v);
            }
        }
        g
    }

    fn paths_with(g: &Graph, ends: &[usize], order: &[usize]) -> Option<u128> {
        let (count, _) = hamiltonian_paths(g, ends, order, &FrontierOptions::default()).ok()?;
        count.to_u128()
    }

    /// The count of `plan`'s graph kept by `arithmetic`.
    fn count_by(
        g: &Graph,
        ends: Option<&[usize]>,
        order: &[usize],
        arithmetic: crate::store::Arithmetic,
    ) -> u128 {
        let plan = Plan::new(g, order, ends, false).unwrap();
        let options = FrontierOptions::default();
        let swept = crate::store::sweep_with::<Key128>(&plan, &options, arithmetic).unwrap();
        num_traits::ToPrimitive::to_u128(&swept.count).unwrap()
    }

    /// The cycles of `g` and its paths with an end in `ends`, counted as `split`'s shard: with
    /// tables in files from `spill_from` states on, and stopped after layer `stop_after` (if the
    /// sweep is that long) and then run again, resuming from its checkpoint, which is removed
    /// at the end.
    fn shard_counts(
        g: &Graph,
        ends: &[usize],
        order: &[usize],
        split: crate::Split,
        spill_from: Option<u64>,
        stop_after: Option<usize>,
    ) -> (u128, u128) {
        let dir = std::env::temp_dir();
        let checkpoints = tempfile::tempdir().unwrap();
        let file = checkpoints.path().join("count.checkpoint");
        let stop = pathsat_budget::Cancel::new();
        let raise = |p: &crate::LayerProgress| {
            if Some(p.layer) == stop_after {
                stop.cancel();
            }
        };
        let budget = pathsat_budget::Budget::default().and_cancel(&stop);
        let options = FrontierOptions {
            split: Some(split),
            spill: spill_from.map(|from_states| crate::Spill {
                dir: &dir,
                from_states,
                over_budget_only: false,
            }),
            budget: &budget,
            progress: Some(&raise),
            checkpoint: stop_after.map(|_| crate::Checkpoint {
                file: &file,
                every: std::time::Duration::ZERO,
            }),
            ..FrontierOptions::default()
        };
        let finish = |count: &dyn Fn() -> Result<BigCount, FrontierError>| {
            stop.flag().store(false, Ordering::Relaxed);
            match count() {
                Err(FrontierError::Stopped { .. }) => {
                    assert!(file.exists());
                    stop.flag().store(false, Ordering::Relaxed);
                    count().unwrap()
                }
                other => other.unwrap(),
            }
        };
        let c = finish(&|| hamiltonian_cycles(g, order, &options).map(|r| r.0));
        let p = finish(&|| hamiltonian_paths(g, ends, order, &options).map(|r| r.0));
        assert!(!file.exists());
        (c.to_u128().unwrap(), p.to_u128().unwrap())
    }

    /// A count of prefixes stopped after any layer and resumed from its checkpoint lists the
    /// same prefixes with the same cycles as one run through: the cycles of a prefix that
    /// closed before the checkpoint, and the prefixes listed before it, are saved with the
    /// table. The 4 x 5 grid swept row by row, its prefixes the grids of its first rows, with
    /// tables in files from 8 states on for half of the stops.
    #[test]
    fn a_resumed_count_of_prefixes_lists_the_same_prefixes() {
        let (rows, cols) = (4, 5);
        let mut g = Graph::new(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                if c + 1 < cols {
                    g.add_edge(r * cols + c, r * cols + c + 1);
                }
                if r + 1 < rows {
                    g.add_edge(r * cols + c, (r + 1) * cols + c);
                }
            }
        }
        let order: Vec<usize> = (0..rows * cols).collect();
        let whole = hamiltonian_cycles_of_prefixes(&g, &order, &FrontierOptions::default());
        let (count, prefixes, _) = whole.unwrap();
        // The 2 x 5 ladder has one cycle (and is listed: the two rows after it balance the
        // colours), the 4 x 5 grid 14 (A006864).
        assert!(prefixes.contains(&PrefixCycles {
            layer: 2 * cols,
            cycles: BigCount::from(1u32),
        }));
        assert_eq!(count.to_u128(), Some(14));
        let dir = std::env::temp_dir();
        let checkpoints = tempfile::tempdir().unwrap();
        let file = checkpoints.path().join("prefixes.checkpoint");
        for stop_after in 1..rows * cols {
            let stop = pathsat_budget::Cancel::new();
            let raise = |p: &crate::LayerProgress| {
                if p.layer == stop_after {
                    stop.cancel();
                }
            };
            let options = FrontierOptions {
                spill: (stop_after % 2 == 0).then(|| crate::Spill {
                    dir: &dir,
                    from_states: 8,
                    over_budget_only: false,
                }),
                budget: &pathsat_budget::Budget::default().and_cancel(&stop),
                progress: Some(&raise),
                checkpoint: Some(crate::Checkpoint {
                    file: &file,
                    every: std::time::Duration::ZERO,
                }),
                ..FrontierOptions::default()
            };
            let first = hamiltonian_cycles_of_prefixes(&g, &order, &options);
            if !matches!(first, Err(FrontierError::Stopped { .. })) {
                // The last layer: nothing after it to stop.
                assert_eq!(stop_after, rows * cols - 1, "{first:?}");
                continue;
            }
            assert!(file.exists(), "stopped after layer {stop_after}");
            stop.flag().store(false, Ordering::Relaxed);
            let (resumed_count, resumed_prefixes, stats) =
                hamiltonian_cycles_of_prefixes(&g, &order, &options).unwrap();
            assert!(
                stats.resumed_layer.is_some(),
                "stopped after layer {stop_after}"
            );
            assert_eq!(resumed_count, count, "stopped after layer {stop_after}");
            assert_eq!(
                resumed_prefixes, prefixes,
                "stopped after layer {stop_after}"
            );
            assert!(!file.exists());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
        /// Random graphs of up to 8 vertices: counts kept modulo small primes (so that the sums
        /// wrap) are the brute-force counts modulo them, and counts kept as upper bounds are
        /// the counts themselves (exact below 2^53). The shards of a split by residues agree:
        /// the bound, and the count modulo 63-bit primes (the count itself, this small), with
        /// or without tables in files, and stopped after any layer and resumed from their
        /// checkpoint, or not.
        #[test]
        fn residues_and_bounds_agree_with_brute_force(
            n in 3usize..=8,
            edge_bits in prop::collection::vec(any::<bool>(), 28),
            end in any::<usize>(),
            spill_from in prop::option::of(0u64..=12),
            stop_after in prop::option::of(1usize..=8),
        ) {
            use crate::store::Arithmetic;
            let g = graph_from_bits(n, &edge_bits);
            let ends = [end % n];
            let (cycles, paths) = brute(&g, &ends);
            let order = crate::vertex_order(&g);
            for p in [2u64, 3, 5, 7, 11] {
                let modulo = Arithmetic::Modulo(p);
                prop_assert_eq!(count_by(&g, None, &order, modulo), cycles % u128::from(p));
                prop_assert_eq!(count_by(&g, Some(&ends), &order, modulo), paths % u128::from(p));
            }
            prop_assert_eq!(count_by(&g, None, &order, Arithmetic::Upper), cycles);
            prop_assert_eq!(count_by(&g, Some(&ends), &order, Arithmetic::Upper), paths);
            for index in 0..3 {
                let split = crate::Split {
                    index,
                    of: 3,
                    cut_states: 1,
                    by: crate::SplitBy::Residues,
                };
                let counts = shard_counts(&g, &ends, &order, split, spill_from, stop_after);
                prop_assert_eq!(counts, (cycles, paths));
            }
        }

        /// Random graphs of up to 8 vertices, random sweep orders and the order of
        /// `vertex_order`, with no, one or two given ends: the program agrees with brute force
        /// over all permutations.
        #[test]
        fn agrees_with_brute_force(
            n in 1usize..=8,
            edge_bits in prop::collection::vec(any::<bool>(), 28),
            order_seed in any::<u64>(),
            end_seeds in (any::<usize>(), any::<usize>()),
            n_ends in 0usize..=2,
        ) {
            let g = graph_from_bits(n, &edge_bits);
            let mut order: Vec<usize> = (0..n).collect();
            rand::seq::SliceRandom::shuffle(
                &mut order[..],
                &mut <rand::rngs::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(order_seed),
            );
            let mut ends = vec![end_seeds.0 % n, end_seeds.1 % n];
            ends.truncate(n_ends);
            if ends.len() == 2 && ends[0] == ends[1] {
                ends.pop();
            }
            let (cycles, paths) = brute(&g, &ends);
            let heuristic = crate::vertex_order(&g);
            for order in [&order, &heuristic] {
                prop_assert_eq!(cycles_of(&g, order), Some(cycles));
                prop_assert_eq!(paths_with(&g, &ends, order), Some(paths));
            }
        }

        /// Graphs of up to 8 vertices made symmetric under a random permutation, declared as a
        /// symmetry with a random other permutation (not an automorphism, as a rule), swept
        /// orbit by orbit so that the processed vertices are mapped onto themselves after each
        /// orbit: folding mirror-image states keeps the brute-force counts, and a declared map
        /// that is no automorphism (or moves a given end off the ends) is left out.
        #[test]
        fn folding_mirror_images_keeps_the_counts(
            n in 2usize..=8,
            edge_bits in prop::collection::vec(any::<bool>(), 28),
            seed in any::<u64>(),
            end in any::<usize>(),
            n_ends in 0usize..=1,
        ) {
            use rand::seq::SliceRandom;
            let mut rng = <rand::rngs::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
            let mut map: Vec<usize> = (0..n).collect();
            map.shuffle(&mut rng);
            let mut bogus: Vec<usize> = (0..n).collect();
            bogus.shuffle(&mut rng);
            let g = closed_under(graph_from_bits(n, &edge_bits), &map);
            // The orbits of the map, in a random order, each in a random order.
            let mut seen = vec![false; n];
            let mut orbits: Vec<Vec<usize>> = Vec::new();
            for start in 0..n {
                let mut orbit = Vec::new();
                let mut v = start;
                while !seen[v] {
                    seen[v] = true;
                    orbit.push(v);
                    v = map[v];
                }
                if !orbit.is_empty() {
                    orbit.shuffle(&mut rng);
                    orbits.push(orbit);
                }
            }
            orbits.shuffle(&mut rng);
            let order: Vec<usize> = orbits.concat();
            let ends: Vec<usize> = std::iter::repeat_n(end % n, n_ends).collect();
            let (cycles, paths) = brute(&g, &ends);
            let mut folded = g.clone();
            folded.add_symmetry(map);
            folded.add_symmetry(bogus);
            prop_assert_eq!(cycles_of(&folded, &order), Some(cycles));
            prop_assert_eq!(paths_with(&folded, &ends, &order), Some(paths));
        }

        /// The shards of a count, cut at any layer, add up to the brute-force count, and a
        /// shard run twice gives the same part; with or without tables in files from any
        /// layer on, and stopped after any layer and resumed from its checkpoint, or not.
        #[test]
        fn shards_add_up(
            n in 3usize..=8,
            edge_bits in prop::collection::vec(any::<bool>(), 28),
            of in 1u32..=5,
            cut_states in 1u64..=12,
            end in any::<usize>(),
            spill_from in prop::option::of(0u64..=12),
            stop_after in prop::option::of(1usize..=8),
        ) {
            let g = graph_from_bits(n, &edge_bits);
            let ends = [end % n];
            let (cycles, paths) = brute(&g, &ends);
            let order = crate::vertex_order(&g);
            let part = |index: u32| {
                let split = crate::Split { index, of, cut_states, by: crate::SplitBy::States };
                shard_counts(&g, &ends, &order, split, spill_from, stop_after)
            };
            let parts: Vec<(u128, u128)> = (0..of).map(part).collect();
            prop_assert_eq!(parts.iter().map(|p| p.0).sum::<u128>(), cycles);
            prop_assert_eq!(parts.iter().map(|p| p.1).sum::<u128>(), paths);
            prop_assert_eq!(part(of - 1), parts[of as usize - 1]);
        }

        /// Graphs of up to 8 vertices, symmetric under a random permutation declared as a
        /// symmetry (so that mirror images fold after some layers), swept orbit by orbit or in
        /// a random order: each prefix the sweep lists has the brute-force count of the
        /// subgraph its vertices induce, the whole count is the brute-force one, and every
        /// layer but those the sweep cannot count soundly is listed.
        #[test]
        fn prefix_cycles_agree_with_brute_force(
            n in 3usize..=8,
            edge_bits in prop::collection::vec(any::<bool>(), 28),
            seed in any::<u64>(),
            by_orbits in any::<bool>(),
        ) {
            use rand::seq::SliceRandom;
            let mut rng = <rand::rngs::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
            let mut map: Vec<usize> = (0..n).collect();
            map.shuffle(&mut rng);
            let g = closed_under(graph_from_bits(n, &edge_bits), &map);
            let mut order: Vec<usize> = Vec::new();
            if by_orbits {
                let mut seen = vec![false; n];
                for start in 0..n {
                    let mut v = start;
                    while !seen[v] {
                        seen[v] = true;
                        order.push(v);
                        v = map[v];
                    }
                }
            } else {
                order = (0..n).collect();
                order.shuffle(&mut rng);
            }
            let mut folded = g.clone();
            folded.add_symmetry(map);
            let bipartite = crate::plan::two_colouring(n, &g.adjacency()).is_some();
            for (graph, symmetric) in [(&g, false), (&folded, true)] {
                let (whole, prefixes, _) =
                    hamiltonian_cycles_of_prefixes(graph, &order, &FrontierOptions::default())
                        .unwrap();
                prop_assert_eq!(whole.to_u128(), Some(brute(&g, &[]).0));
                for PrefixCycles { layer, cycles } in &prefixes {
                    // The subgraph of the first `layer` vertices, renumbered.
                    let mut index = vec![usize::MAX; n];
                    for (i, &v) in order[..*layer].iter().enumerate() {
                        index[v] = i;
                    }
                    let mut prefix = Graph::new(*layer);
                    for &(u, v) in g.edges() {
                        if index[u] < *layer && index[v] < *layer {
                            prefix.add_edge(index[u], index[v]);
                        }
                    }
                    let expected = brute(&prefix, &[]).0;
                    prop_assert_eq!(cycles.to_u128(), Some(expected), "layer {}", layer);
                }
                if !symmetric && !bipartite {
                    // With no colour test and nothing folded, every prefix is listed but the
                    // whole graph.
                    let layers: Vec<usize> = prefixes.iter().map(|p| p.layer).collect();
                    prop_assert_eq!(layers, (1..n).collect::<Vec<usize>>());
                }
            }
        }
    }
}
