//! The complete successor encodings (`pathsat_encode::subtours`): every model of the CNF alone,
//! projected on the arcs, is one Hamiltonian cycle (through the virtual vertex of a path) that
//! decodes to a filling the verifier accepts, and there are as many as the brute force finds,
//! on every graph of up to 6 vertices up to isomorphism (7 with `--ignored`), named graphs, and
//! the corpus of small puzzles. The rules whose auxiliary variables the arcs fix have no more
//! models unprojected. Each encoding's reported size is the one its formula predicted.

use crate::corpus::{self, Rng};
use crate::{sat, used_sink};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::{ClauseSink, Cnf, Var};
use pathsat_encode::subtours::{Size, Subtours};
use pathsat_encode::successor::{self, cycles};
use pathsat_encode::SuccessorError;
use pathsat_puzzle::families::generalized_petersen;
use pathsat_puzzle::{brute, verify, CellRule, Expect, Filling, Moves, Puzzle};
use std::collections::BTreeSet;

const RULES: [Subtours; 6] = [
    Subtours::OrderUnary,
    Subtours::OrderBinary,
    Subtours::Crt,
    Subtours::Closure,
    Subtours::Elimination,
    Subtours::Frontier,
];

/// Checks every rule on `p` against the brute force; returns the encodings compared.
fn check(p: &Puzzle) -> usize {
    let mut fillings = BTreeSet::new();
    let count = brute::enumerate(p, Some(20_000), |f| {
        fillings.insert(f.clone());
    });
    assert!(count.complete, "{p}: too many fillings for the test");
    let mut compared = 0;
    for (i, rule) in RULES.into_iter().enumerate() {
        // Every exactly-one encoding in turn, and a sink that already holds clauses.
        let eo = ExactlyOneEncoding::ALL[i % ExactlyOneEncoding::ALL.len()];
        let mut cnf = if i % 2 == 1 { used_sink() } else { Cnf::new() };
        let before = (cnf.n_vars(), cnf.n_clauses());
        let predicted = successor::size(p, eo, rule).unwrap();
        let e = successor::encode_complete(p, eo, rule, &mut cnf).unwrap();
        let written = Size {
            variables: (cnf.n_vars() - before.0) as u64,
            clauses: (cnf.n_clauses() - before.1) as u64,
        };
        assert_eq!(predicted, written, "{p} {rule:?}");
        assert_eq!(
            (e.stats.variables as u64, e.stats.clauses as u64),
            (written.variables, written.clauses)
        );
        assert_eq!(e.subtours, rule);
        if e.contradiction.is_some() {
            assert!(fillings.is_empty(), "{p}");
            continue;
        }
        let total = e.n_vertices();
        let arcs: Vec<Var> = (0..e.arcs.len())
            .map(|k| Var::from_index(e.first + k))
            .collect();
        let models = sat::projected_models(&cnf, &arcs, 20_000);
        let mut found = BTreeSet::new();
        for model in &models {
            let succ = e
                .successors(|v| Some(model[v.index()]))
                .expect("one arc out of every vertex");
            assert_eq!(
                cycles(&succ).len(),
                1,
                "{p} {rule:?}: a model with a subtour"
            );
            let f: Filling = e.filling(&succ);
            assert_eq!(verify(p, &f), Ok(()), "{p} {rule:?}");
            assert!(found.insert(f.clone()), "{p} {rule:?}: a cycle twice");
            assert!(fillings.contains(&f), "{p} {rule:?}");
        }
        assert_eq!(
            models.len() as u64 * u64::from(e.fillings_per_cycle()),
            count.count,
            "{p} {rule:?}: {total} vertices"
        );
        if rule.aux_determined() {
            // No second model with the same arcs: the auxiliary variables are fixed by them.
            let every: Vec<Var> = (before.0..cnf.n_vars()).map(Var::from_index).collect();
            let all = sat::projected_models(&cnf, &every, 20_000);
            assert_eq!(all.len(), models.len(), "{p} {rule:?}");
        }
        compared += 1;
    }
    compared
}

/// The graph puzzle on `n` vertices with `edges`, closed (cycles) or open (paths).
fn graph(n: usize, edges: &[(usize, usize)], closed: bool) -> Puzzle {
    Puzzle::graph(
        "g",
        n,
        edges,
        false,
        closed,
        vec![CellRule::Free; n],
        Expect::default(),
    )
    .unwrap()
}

/// Every graph on `n` vertices up to isomorphism: the edge sets (as bit masks over the pairs)
/// that are the least of their orbit under the permutations of the vertices.
pub(crate) fn graphs_up_to_isomorphism(n: usize) -> Vec<Vec<(usize, usize)>> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    let index = |u: usize, v: usize| pairs.iter().position(|&p| p == (u.min(v), u.max(v)));
    let mut perms: Vec<Vec<usize>> = vec![Vec::new()];
    for k in 0..n {
        perms = perms
            .into_iter()
            .flat_map(|p| {
                (0..=k).map(move |at| {
                    let mut q = p.clone();
                    q.insert(at, k);
                    q
                })
            })
            .collect();
    }
    // For each permutation, where each pair goes.
    let images: Vec<Vec<usize>> = perms
        .iter()
        .map(|p| {
            pairs
                .iter()
                .map(|&(u, v)| index(p[u], p[v]).unwrap())
                .collect()
        })
        .collect();
    (0u32..1 << pairs.len())
        .filter(|&mask| {
            images.iter().all(|image| {
                let mapped = image
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| mask >> i & 1 == 1)
                    .fold(0u32, |m, (_, &j)| m | 1 << j);
                mapped >= mask
            })
        })
        .map(|mask| {
            pairs
                .iter()
                .enumerate()
                .filter(|&(i, _)| mask >> i & 1 == 1)
                .map(|(_, &p)| p)
                .collect()
        })
        .collect()
}

fn check_all_graphs(n: usize) -> usize {
    let graphs = graphs_up_to_isomorphism(n);
    let mut compared = 0;
    for edges in &graphs {
        for closed in [true, false] {
            compared += check(&graph(n, edges, closed));
        }
    }
    compared
}

#[test]
fn graphs_up_to_isomorphism_are_the_known_numbers() {
    // OEIS A000088: 1, 2, 4, 11, 34, 156 graphs on 1..6 vertices.
    let counts: Vec<usize> = (1..=6).map(|n| graphs_up_to_isomorphism(n).len()).collect();
    assert_eq!(counts, [1, 2, 4, 11, 34, 156]);
}

#[test]
fn every_graph_of_up_to_6_vertices() {
    let compared: usize = (1..=6).map(check_all_graphs).sum();
    // 208 graphs, cycles and paths, 5 rules, less the contradictions found before solving
    // (a path on an unbalanced bipartite graph, a disconnected graph).
    assert!(compared > 1200, "only {compared} encodings compared");
}

/// The 1,044 graphs on 7 vertices (`just test-long`).
#[test]
#[ignore]
fn every_graph_of_7_vertices() {
    assert_eq!(graphs_up_to_isomorphism(7).len(), 1044);
    assert!(check_all_graphs(7) > 8000);
}

#[test]
fn boards_and_the_petersen_family() {
    let mut puzzles = Vec::new();
    for (rows, cols, moves) in [
        (3, 4, Moves::Rook),
        (4, 4, Moves::Rook),
        (3, 4, Moves::Knight),
        (3, 3, Moves::King),
    ] {
        for closed in [true, false] {
            puzzles.push(Puzzle::blank(rows, cols, moves.clone(), closed).unwrap());
        }
    }
    // GP(5, 2) is the Petersen graph: no Hamiltonian cycle, but Hamiltonian paths.
    for (n, k) in [(5, 2), (5, 1), (6, 2), (7, 2)] {
        let (vertices, edges) = generalized_petersen(n, k);
        for closed in [true, false] {
            puzzles.push(graph(vertices, &edges, closed));
        }
    }
    let compared: usize = puzzles.iter().map(check).sum();
    assert_eq!(compared, puzzles.len() * RULES.len());
}

#[test]
fn the_corpus_of_small_puzzles() {
    let mut rng = Rng::new(31);
    let mut puzzles = corpus::paths();
    puzzles.extend((0..40).map(|_| corpus::random_path(&mut rng)));
    let compared: usize = puzzles
        .iter()
        .filter(|p| successor::applies(p))
        .filter(|p| brute::count(p, Some(20_000)).complete)
        .map(check)
        .sum();
    assert!(compared > 100, "only {compared} encodings compared");
}

#[test]
fn a_rule_too_large_is_refused_before_writing() {
    // 6,400 cells, 25,280 arcs of which 4 touch the root (cell 0): the closure rule would write
    // a clause per other arc and non-root vertex.
    let p = Puzzle::blank(80, 80, Moves::Rook, true).unwrap();
    let mut cnf = Cnf::new();
    let encoded =
        successor::encode_complete(&p, ExactlyOneEncoding::Hybrid, Subtours::Closure, &mut cnf);
    let Err(refused) = encoded else {
        panic!("the closure rule on 6,400 cells was not refused");
    };
    let SuccessorError::TooLarge {
        rule,
        clauses,
        limit,
        ref fitting,
    } = refused
    else {
        panic!("refused for another reason: {refused}");
    };
    assert_eq!(
        (rule, clauses, limit),
        ("closure", (25_280 - 4) * 6_399, successor::MAX_RULE_CLAUSES)
    );
    // The rules that fit are named with the sizes they report, smallest first.
    let named: Vec<&str> = fitting.iter().map(|&(name, _)| name).collect();
    assert_eq!(named, ["binary", "crt"], "{fitting:?}");
    for &(name, clauses) in fitting {
        let rule = Subtours::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .unwrap();
        let size = successor::size(&p, ExactlyOneEncoding::Hybrid, rule).unwrap();
        let core = successor::size(&p, ExactlyOneEncoding::Hybrid, Subtours::Lazy).unwrap();
        assert_eq!(size.clauses - core.clauses, clauses, "{name}");
    }
    assert_eq!((cnf.n_vars(), cnf.n_clauses()), (0, 0));
    let words = refused.to_string();
    assert_eq!(
        words,
        "the closure rule against subtours would write at least 161,741,124 clauses for this \
         puzzle (the limit is 20,000,000); of the complete rules, binary would write 1,474,993 \
         and crt 1,708,223, and the lazy cuts (successor) none"
    );
}
