//! Graph puzzles and the successor encoding: random small graphs against the brute-force
//! count, and the scale the successor encoding exists for — Hamiltonian cycles of 1000-vertex
//! graphs with a planted cycle, and knight's tours of a 30x30 board with random holes.

use pathsat_encode::{Encoding, EncodingChoice};
use pathsat_puzzle::{brute, parse_str, verify, CellRule, Expect, Format, Puzzle};
use pathsat_solver::{PuzzleSolver, SolveOptions};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashSet};

/// The project's seeded random source (rand's ChaCha8): the large cases are the same on every
/// run.
struct Seeded(rand::rngs::ChaCha8Rng);

impl Seeded {
    fn new(seed: u64) -> Seeded {
        Seeded(rand::SeedableRng::seed_from_u64(seed))
    }

    fn below(&mut self, n: usize) -> usize {
        rand::RngExt::random_range(&mut self.0, 0..n)
    }
}

/// A graph of `n` vertices and `n * degree / 2` edges: a Hamiltonian cycle through a random
/// permutation of the vertices, and random chords.
fn planted_graph(n: usize, degree: usize, seed: u64) -> Vec<(usize, usize)> {
    let mut rng = Seeded::new(seed);
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let edge = |a: usize, b: usize| (a.min(b), a.max(b));
    let mut edges: BTreeSet<(usize, usize)> =
        (0..n).map(|i| edge(order[i], order[(i + 1) % n])).collect();
    while edges.len() < n * degree / 2 {
        let (a, b) = (rng.below(n), rng.below(n));
        if a != b {
            edges.insert(edge(a, b));
        }
    }
    edges.into_iter().collect()
}

fn solve_first(puzzle: &Puzzle) -> (Encoding, Option<pathsat_puzzle::Filling>) {
    let mut solver = PuzzleSolver::new(puzzle, &SolveOptions::default()).unwrap();
    let first = solver.next_solution().unwrap();
    (solver.encoding(), first)
}

#[test]
fn planted_hamiltonian_cycles_in_1000_vertex_graphs() {
    for (degree, seed) in [(3, 1), (3, 7), (4, 2), (4, 8)] {
        let n = 1000;
        let edges = planted_graph(n, degree, seed);
        let puzzle = Puzzle::graph(
            format!("planted-{n}-{degree}-{seed}"),
            n,
            &edges,
            false,
            true,
            vec![CellRule::Free; n],
            Expect::default(),
        )
        .unwrap();
        let (encoding, tour) = solve_first(&puzzle);
        assert_eq!(
            encoding,
            Encoding::Successor,
            "auto takes the successor encoding"
        );
        let tour = tour.unwrap_or_else(|| panic!("{}: no tour found", puzzle.name()));
        assert_eq!(verify(&puzzle, &tour), Ok(()), "{}", puzzle.name());
    }
}

/// The 50x50 fixture: far beyond the position encoding, solved in the successor encoding.
#[test]
fn the_50x50_knight_fixture_has_a_tour() {
    let puzzle = crate::common::load("large/knight-50x50-closed.toml");
    assert_eq!(puzzle.expect().sat, Some(true));
    let (encoding, tour) = solve_first(&puzzle);
    assert_eq!(encoding, Encoding::Successor);
    assert_eq!(verify(&puzzle, &tour.expect("a tour")), Ok(()));
}

/// A closed knight's tour of the 30x30 board with 30 random holes, half on each colour (a
/// tour alternates colours) and none that leaves a cell with fewer than two moves.
#[test]
fn knight_tours_around_random_holes() {
    let n = 30;
    let knight = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    for seed in [3, 4] {
        let mut rng = Seeded::new(seed);
        let mut holes = HashSet::new();
        let degree = |holes: &HashSet<(i64, i64)>, r: i64, c: i64| {
            knight
                .iter()
                .map(|(dr, dc)| (r + dr, c + dc))
                .filter(|&(s, d)| (0..n).contains(&s) && (0..n).contains(&d))
                .filter(|p| !holes.contains(p))
                .count()
        };
        for colour in [0, 1] {
            let mut placed = 0;
            while placed < 15 {
                let (r, c) = (rng.below(n as usize) as i64, rng.below(n as usize) as i64);
                if (r + c) % 2 != colour || holes.contains(&(r, c)) {
                    continue;
                }
                holes.insert((r, c));
                let starved = knight.iter().any(|(dr, dc)| {
                    let (s, d) = (r + dr, c + dc);
                    (0..n).contains(&s)
                        && (0..n).contains(&d)
                        && !holes.contains(&(s, d))
                        && degree(&holes, s, d) < 2
                });
                if starved {
                    holes.remove(&(r, c));
                } else {
                    placed += 1;
                }
            }
        }
        let grid: Vec<String> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| if holes.contains(&(r, c)) { "#" } else { "." })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let text = format!(
            "name = \"knight-30-holes-{seed}\"\nmoves = \"knight\"\nclosed = true\ngrid = \"\"\"\n{}\n\"\"\"\n",
            grid.join("\n")
        );
        let puzzle = parse_str(&text, Format::Toml).unwrap();
        assert_eq!(puzzle.n_cells(), 870);
        let (encoding, tour) = solve_first(&puzzle);
        assert_eq!(encoding, Encoding::Successor);
        let tour = tour.unwrap_or_else(|| panic!("no tour found\n{text}"));
        assert_eq!(verify(&puzzle, &tour), Ok(()));
    }
}

#[derive(Clone, Debug)]
struct GraphSpec {
    n: usize,
    edges: Vec<(usize, usize)>,
    directed: bool,
    closed: bool,
    start: Option<usize>,
    end: Option<usize>,
}

fn graph_spec() -> impl Strategy<Value = GraphSpec> {
    (1usize..=7, any::<bool>(), any::<bool>(), 0u8..4).prop_flat_map(
        |(n, directed, closed, ends)| {
            let pairs = proptest::collection::vec((0..n, 0..n), n..=n * n);
            (pairs, 0..n, 0..n).prop_map(move |(pairs, s, e)| GraphSpec {
                n,
                // As a graph file may list them: no self-loops, no edge twice.
                edges: {
                    let mut seen = HashSet::new();
                    pairs
                        .into_iter()
                        .filter(|&(a, b)| {
                            let key = if directed {
                                (a, b)
                            } else {
                                (a.min(b), a.max(b))
                            };
                            a != b && seen.insert(key)
                        })
                        .collect()
                },
                directed,
                closed,
                // Start and end only where they apply: an end belongs to an open path.
                start: (ends & 1 == 1).then_some(s),
                end: (ends & 2 == 2 && !closed && e != s).then_some(e),
            })
        },
    )
}

impl GraphSpec {
    fn to_toml(&self) -> String {
        let edges: Vec<String> = self
            .edges
            .iter()
            .map(|(a, b)| format!("[{}, {}]", a + 1, b + 1))
            .collect();
        let mut text = format!(
            "closed = {}\n[graph]\nvertices = {}\nedges = [{}]\ndirected = {}\n",
            self.closed,
            self.n,
            edges.join(", "),
            self.directed
        );
        if let Some(s) = self.start {
            text += &format!("start = {}\n", s + 1);
        }
        if let Some(e) = self.end {
            text += &format!("end = {}\n", e + 1);
        }
        text
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Random graphs (directed or not, tours and paths, with or without a fixed start and
    /// end), read from TOML: both encodings find exactly the brute-force fillings, each
    /// verified and none twice.
    #[test]
    fn both_encodings_equal_brute_force_on_random_graphs(spec in graph_spec()) {
        let text = spec.to_toml();
        let puzzle = parse_str(&text, Format::Toml)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let mut reference = HashSet::new();
        let bf = brute::enumerate(&puzzle, None, |f| {
            reference.insert(f.clone());
        });
        for choice in [EncodingChoice::Position, EncodingChoice::Successor] {
            let (count, found) = crate::common::all_fillings(&puzzle, choice);
            prop_assert!(count.complete);
            prop_assert_eq!(count.count, bf.count, "{:?}\n{}", choice, text);
            prop_assert!(found == reference, "{:?}: other fillings\n{}", choice, text);
        }
    }
}
