//! The successor encoding: its round-0 models are cycle covers, the lazy loop of subtour cuts
//! over them finds exactly the brute force's Hamiltonian paths and cycles, and its sizes are
//! the closed forms of `encodings/successor.md`.

use crate::corpus::{self, Rng};
use crate::{sat, used_sink};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::{ClauseSink, Cnf, Var};
use pathsat_encode::successor::{self, cycles};
use pathsat_encode::{EncodeError, SuccessorError};
use pathsat_puzzle::{brute, verify, Filling, Moves, Puzzle};
use std::collections::{BTreeSet, VecDeque};

/// The successor function of a filling: vertex of k → vertex of k + 1, N → 1 round a tour;
/// on a path the virtual vertex n leads to 1 and N leads back to it.
fn successor_function(p: &Puzzle, f: &Filling) -> Vec<usize> {
    let n = p.n_cells();
    let mut cell_of = vec![0; n + 1];
    for c in 0..n {
        cell_of[f.value(c) as usize] = c;
    }
    let mut succ = vec![0; n + usize::from(!p.is_closed())];
    for k in 1..n {
        succ[cell_of[k]] = cell_of[k + 1];
    }
    if p.is_closed() {
        succ[cell_of[n]] = cell_of[1];
    } else {
        succ[cell_of[n]] = n;
        succ[n] = cell_of[1];
    }
    succ
}

/// Which cells may hold 1 or N, by the colours (the larger class of an unbalanced bipartite
/// move graph holds the odd values, both ends included), computed here from `step_allowed`.
fn may_end(p: &Puzzle) -> Vec<bool> {
    let n = p.n_cells();
    let mut colour = vec![u8::MAX; n];
    colour[0] = 0;
    let mut queue = VecDeque::from([0]);
    let mut bipartite = true;
    while let Some(c) = queue.pop_front() {
        for d in (0..n).filter(|&d| p.step_allowed(c, d) || p.step_allowed(d, c)) {
            if colour[d] == u8::MAX {
                colour[d] = 1 - colour[c];
                queue.push_back(d);
            } else if colour[d] == colour[c] {
                bipartite = false;
            }
        }
    }
    let a = colour.iter().filter(|&&c| c == 0).count();
    if !bipartite || a * 2 == n {
        return vec![true; n];
    }
    let larger = u8::from(n - a > a);
    colour.iter().map(|&c| c == larger).collect()
}

fn givens(p: &Puzzle) -> (Option<usize>, Option<usize>) {
    let n = p.n_cells() as u32;
    let start = p.givens().find(|&(_, v)| v == 1).map(|(c, _)| c);
    let end = p.givens().find(|&(_, v)| v == n && v > 1).map(|(c, _)| c);
    (start, end)
}

/// The arcs documented: one per move, and for a path the virtual vertex to every vertex that
/// may hold 1 and from every vertex that may hold N (only the start and end when given).
fn expected_arcs(p: &Puzzle) -> BTreeSet<(usize, usize)> {
    let n = p.n_cells();
    let mut arcs: BTreeSet<(usize, usize)> = (0..n)
        .flat_map(|u| {
            (0..n)
                .filter(move |&v| p.step_allowed(u, v))
                .map(move |v| (u, v))
        })
        .collect();
    if !p.is_closed() {
        let ends = may_end(p);
        let (start, end) = givens(p);
        for v in (0..n).filter(|&v| ends[v]) {
            let one = start.map_or(end != Some(v) || n == 1, |s| s == v);
            let last = end.map_or(start != Some(v) || n == 1, |e| e == v);
            if one {
                arcs.insert((n, v));
            }
            if last {
                arcs.insert((v, n));
            }
        }
    }
    arcs
}

fn puzzles() -> Vec<Puzzle> {
    let mut rng = Rng::new(11);
    let mut all = corpus::paths();
    all.extend((0..200).map(|_| corpus::random_path(&mut rng)));
    all.into_iter().filter(successor::applies).collect()
}

#[test]
fn the_cut_loop_finds_exactly_the_brute_force_solutions() {
    let mut compared = 0;
    for p in puzzles() {
        let mut expected = BTreeSet::new();
        let mut fillings = BTreeSet::new();
        let count = brute::enumerate(&p, Some(400), |f| {
            expected.insert(successor_function(&p, f));
            fillings.insert(f.clone());
        });
        if !count.complete {
            continue;
        }
        let n = p.n_cells();
        for (i, eo) in ExactlyOneEncoding::ALL.into_iter().enumerate() {
            let mut cnf = if i == 1 { used_sink() } else { Cnf::new() };
            let before = (cnf.n_vars(), cnf.n_clauses());
            let e = successor::encode(&p, eo, &mut cnf).unwrap();
            let total = n + usize::from(!p.is_closed());
            assert_eq!(e.n, n);
            assert_eq!(e.virtual_vertex, (!p.is_closed()).then_some(n));
            assert_eq!(e.n_vertices(), total);
            assert_eq!(e.start, givens(&p).0);
            assert_eq!((e.stats.cells, e.first), (n, before.0));
            assert_eq!(
                (e.stats.variables, e.stats.clauses),
                (cnf.n_vars() - before.0, cnf.n_clauses() - before.1),
                "{p}"
            );
            if e.contradiction.is_some() {
                assert!(expected.is_empty(), "{p}: {:?}", e.contradiction);
                assert_eq!(
                    (e.stats.primary_vars, e.stats.variables, e.stats.clauses),
                    (0, 0, 1)
                );
                let families: Vec<_> = e
                    .stats
                    .families
                    .iter()
                    .map(|f| (f.name, f.clauses))
                    .collect();
                assert_eq!(families, [("contradiction", 1)]);
                assert!(cnf.clauses().last().unwrap().is_empty());
                continue;
            }
            // The arcs, their variables (numbered after the sink's) and the sizes.
            let arcs: BTreeSet<(usize, usize)> = e.arcs.iter().copied().collect();
            assert_eq!(arcs, expected_arcs(&p), "{p}");
            assert_eq!(arcs.len(), e.arcs.len(), "an arc twice");
            assert_eq!(e.stats.primary_vars, arcs.len());
            for (i, &(u, v)) in e.arcs.iter().enumerate() {
                let var = Var::from_index(before.0 + i);
                assert_eq!(e.arc(var), Some((u, v)));
                assert!(e.out_arcs[u].contains(&(v, var)));
                assert!(e.in_arcs[v].contains(&(u, var)));
            }
            assert_eq!(e.arc(Var::from_index(before.0 + e.arcs.len())), None);
            if before.0 > 0 {
                assert_eq!(e.arc(Var::from_index(before.0 - 1)), None);
            }
            let out_degree = |u: usize| arcs.iter().filter(|a| a.0 == u).count();
            let in_degree = |v: usize| arcs.iter().filter(|a| a.1 == v).count();
            let both_ways = arcs
                .iter()
                .filter(|&&(u, v)| u < v && arcs.contains(&(v, u)))
                .count();
            let families: Vec<_> = e
                .stats
                .families
                .iter()
                .map(|f| (f.name, f.clauses))
                .collect();
            let out: usize = (0..total).map(|u| eo.n_clauses(out_degree(u))).sum();
            let into: usize = (0..total).map(|v| eo.n_clauses(in_degree(v))).sum();
            let two = if total >= 3 { both_ways } else { 0 };
            assert_eq!(
                families,
                [("out", out), ("in", into), ("two-cycle", two)],
                "{p}"
            );
            assert_eq!(e.stats.clauses, out + into + two);
            let aux: usize = (0..total)
                .map(|u| eo.n_vars(out_degree(u)) + eo.n_vars(in_degree(u)))
                .sum();
            assert_eq!(e.stats.variables, arcs.len() + aux);
            // The lazy loop: cut every cycle of a model that is not one cycle.
            let mut solver = sat::solver(&cnf);
            let mut found = BTreeSet::new();
            let mut rounds = 0;
            while let Some(model) = sat::solve(&mut solver, cnf.n_vars()) {
                rounds += 1;
                assert!(rounds < 5000, "{p}: the loop does not end");
                let succ = e
                    .successors(|v| Some(model[v.index()]))
                    .expect("one arc out of every vertex");
                let mut seen = vec![false; total];
                for &v in &succ {
                    assert!(
                        !std::mem::replace(&mut seen[v], true),
                        "{p}: not a permutation"
                    );
                }
                if total >= 3 {
                    assert!((0..total).all(|u| succ[succ[u]] != u), "{p}: a two-cycle");
                }
                let cycles = cycles(&succ);
                assert_eq!(cycles.iter().map(Vec::len).sum::<usize>(), total);
                if cycles.len() == 1 {
                    let f = e.filling(&succ);
                    assert_eq!(verify(&p, &f), Ok(()), "{p}");
                    assert!(fillings.contains(&f));
                    let first = match (e.virtual_vertex, e.start) {
                        (Some(z), _) => succ[z],
                        (None, Some(s)) => s,
                        (None, None) => 0,
                    };
                    assert_eq!(f.value(first), 1);
                    let block = e.blocking_clause(&succ);
                    assert_eq!(block.len(), total);
                    assert!(block.iter().all(|l| !l.eval(model[l.var().index()])));
                    assert!(found.insert(succ));
                    sat::add(&mut solver, &block);
                } else {
                    for cycle in &cycles {
                        let mut in_set = vec![false; total];
                        cycle.iter().for_each(|&v| in_set[v] = true);
                        let (out, into) = e.cut_clauses(cycle, &in_set);
                        // Exactly the arcs leaving and entering the cycle's vertex set.
                        let leaving: BTreeSet<_> = e
                            .arcs
                            .iter()
                            .enumerate()
                            .filter(|(_, &(u, v))| in_set[u] && !in_set[v])
                            .map(|(i, _)| Var::from_index(before.0 + i).positive())
                            .collect();
                        let entering: BTreeSet<_> = e
                            .arcs
                            .iter()
                            .enumerate()
                            .filter(|(_, &(u, v))| !in_set[u] && in_set[v])
                            .map(|(i, _)| Var::from_index(before.0 + i).positive())
                            .collect();
                        assert_eq!(out.iter().copied().collect::<BTreeSet<_>>(), leaving);
                        assert_eq!(into.iter().copied().collect::<BTreeSet<_>>(), entering);
                        assert_eq!((out.len(), into.len()), (leaving.len(), entering.len()));
                        sat::add(&mut solver, &out);
                        sat::add(&mut solver, &into);
                    }
                }
            }
            assert_eq!(found, expected, "{p} {eo:?}");
            assert_eq!(
                found.len() as u64 * u64::from(e.fillings_per_cycle()),
                count.count,
                "{p}"
            );
            compared += 1;
        }
    }
    assert!(compared > 150, "only {compared} encodings compared");
}

#[test]
fn cut_clauses_list_literals_by_tail_then_variable() {
    // The 2x2 rook tour: arcs in order 0→1, 0→2, 1→0, 1→3, 2→0, 2→3, 3→1, 3→2.
    let p = Puzzle::blank(2, 2, Moves::Rook, true).unwrap();
    let e = successor::encode(&p, ExactlyOneEncoding::Pairwise, &mut Cnf::new()).unwrap();
    let lit = |u: usize, v: usize| {
        let i = e.arcs.iter().position(|&a| a == (u, v)).unwrap();
        Var::from_index(i).positive()
    };
    let in_set = [false, true, false, true];
    let (out, into) = e.cut_clauses(&[3, 1], &in_set);
    assert_eq!(out, [lit(1, 0), lit(3, 2)]);
    assert_eq!(into, [lit(0, 1), lit(2, 3)]);
}

#[test]
fn cycles_of_permutations() {
    assert_eq!(cycles(&[]), Vec::<Vec<usize>>::new());
    assert_eq!(cycles(&[0]), vec![vec![0]]);
    assert_eq!(cycles(&[2, 0, 1, 3]), vec![vec![0, 2, 1], vec![3]]);
}

#[test]
fn what_the_successor_encoding_refuses() {
    let p = corpus::toml("moves = \"rook\"\ngrid = \". 2 .\\n. . .\"\n");
    assert!(!successor::applies(&p));
    let e = successor::encode(&p, ExactlyOneEncoding::Sequential, &mut Cnf::new()).unwrap_err();
    assert_eq!(e, SuccessorError::Unsupported);
    let closed_end = corpus::toml("moves = \"rook\"\nclosed = true\ngrid = \". . 6\\n. . .\"\n");
    assert!(!successor::applies(&closed_end));
    assert_eq!(
        successor::encode(&closed_end, ExactlyOneEncoding::Sequential, &mut Cnf::new())
            .unwrap_err(),
        SuccessorError::Unsupported
    );
    let open_end = corpus::toml("moves = \"rook\"\ngrid = \"1 . 6\\n. . .\"\n");
    assert!(successor::applies(&open_end));
    let marked =
        corpus::toml("moves = \"rook\"\ngrid = \"E . .\\n. . .\"\n[marks]\nE = \"even\"\n");
    assert!(!successor::applies(&marked));
    assert_eq!(
        successor::encode(&marked, ExactlyOneEncoding::Sequential, &mut Cnf::new()).unwrap_err(),
        SuccessorError::Unsupported
    );
    let trail = corpus::toml("moves = \"rook\"\ngrid = \"1 2\"\n[trail]\nlength = 2\n");
    assert!(!successor::applies(&trail));
    assert_eq!(
        successor::encode(&trail, ExactlyOneEncoding::Sequential, &mut Cnf::new()).unwrap_err(),
        SuccessorError::Trail
    );
    assert_eq!(
        EncodeError::from(SuccessorError::Trail),
        EncodeError::Successor(SuccessorError::Trail)
    );
}

#[test]
fn a_path_must_start_on_the_larger_colour_class() {
    // 1x3 rook strip: the ends (cells 0 and 2) are the larger class; 1 given in the middle.
    let p = corpus::toml("moves = \"rook\"\ngrid = \". 1 .\"\n");
    let e = successor::encode(&p, ExactlyOneEncoding::Sequential, &mut Cnf::new()).unwrap();
    assert_eq!(
        e.contradiction.as_deref(),
        Some(
            "a path alternates the two colours, so it starts and ends on the larger colour \
             class, and cell (0, 1) is not on it"
        )
    );
    let q = corpus::toml("moves = \"rook\"\ngrid = \". 3 .\"\n");
    let e = successor::encode(&q, ExactlyOneEncoding::Sequential, &mut Cnf::new()).unwrap();
    assert!(e
        .contradiction
        .unwrap()
        .ends_with("cell (0, 1) is not on it"));
}
