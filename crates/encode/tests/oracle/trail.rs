//! The trail encoding: its models, projected onto the primary variables, are exactly the brute
//! force's trails (one per trail, in the canonical direction); its domains follow the rules of
//! `Domains::trail`; its refusals happen at their limits.

use crate::corpus::{self, Rng};
use crate::{reference, sat, used_sink};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::pb::SumEncoding;
use pathsat_cnf::{ClauseSink, Cnf, CountingSink, Var};
use pathsat_encode::position::{self, MAX_CELLS};
use pathsat_encode::{Domains, EncodeError, PositionOptions, Pruning};
use pathsat_puzzle::{brute, canonical_trail, verify, Filling, Puzzle};
use std::collections::BTreeSet;

fn puzzles() -> Vec<Puzzle> {
    let mut rng = Rng::new(4);
    let mut all = corpus::trails();
    all.extend((0..120).map(|_| corpus::random_trail(&mut rng)));
    all
}

#[test]
fn trail_domains_follow_their_rules() {
    for p in puzzles() {
        let l = p.trail().unwrap().length();
        let n = p.n_cells();
        for prune in [true, false] {
            let d = Domains::trail(&p, prune);
            let same = if prune {
                Domains::pruned(&p)
            } else {
                Domains::unpruned(&p)
            };
            assert_eq!(d, same);
            assert_eq!((d.n_cells(), d.max_value()), (n, l));
            match reference::trail(&p, prune) {
                None => {
                    assert_eq!(d.n_pairs(), 0, "{p}");
                    let usable = (0..n).filter(|&c| !d.values(c).is_empty()).count();
                    assert_eq!(usable, 0);
                    let why = d.contradiction().unwrap();
                    assert!(
                        why.starts_with(&format!("the trail has {l} cells, but only ")),
                        "{why}"
                    );
                }
                Some(expected) => {
                    assert_eq!(d.contradiction(), None);
                    for (c, s) in expected.iter().enumerate() {
                        assert_eq!(d.values(c), s.iter().copied().collect::<Vec<_>>(), "{p}");
                    }
                    let cells: Vec<usize> = (0..n).filter(|&c| !expected[c].is_empty()).collect();
                    for k in 1..=l as u32 {
                        assert_eq!(d.cells(k), cells, "{p}");
                    }
                    assert_eq!(d.n_pairs(), cells.len() * l);
                }
            }
        }
    }
}

#[test]
fn trail_models_are_the_brute_force_trails() {
    let mut compared = 0;
    for p in puzzles() {
        let mut expected = BTreeSet::new();
        let count = brute::enumerate(&p, Some(300), |f| {
            expected.insert(f.clone());
        });
        if !count.complete {
            continue;
        }
        let trail = p.trail().unwrap();
        let (n, l) = (p.n_cells(), trail.length());
        let runs = [
            (
                ExactlyOneEncoding::Sequential,
                Pruning::Full,
                SumEncoding::Bdd,
            ),
            (
                ExactlyOneEncoding::Pairwise,
                Pruning::None,
                SumEncoding::SequentialWeight,
            ),
            (
                ExactlyOneEncoding::Hybrid,
                Pruning::Full,
                SumEncoding::SequentialWeight,
            ),
        ];
        for (i, (exactly_one, pruning, sum)) in runs.into_iter().enumerate() {
            let options = PositionOptions {
                exactly_one,
                pruning,
                sum,
                ..PositionOptions::default()
            };
            let mut cnf = if i == 0 { used_sink() } else { Cnf::new() };
            let before = (cnf.n_vars(), cnf.n_clauses());
            let e = position::encode(&p, &options, &mut cnf).unwrap();
            assert_eq!(
                (e.stats.variables, e.stats.clauses, e.stats.cells),
                (cnf.n_vars() - before.0, cnf.n_clauses() - before.1, n),
                "{p}"
            );
            let domains = reference::trail(&p, pruning == Pruning::Full);
            let usable_total: u64 = domains.as_ref().map_or(0, |d| {
                (0..n)
                    .filter(|&c| !d[c].is_empty())
                    .map(|c| u64::from(trail.label(c)))
                    .sum()
            });
            let out_of_reach = trail.sum().is_some_and(|s| s > usable_total);
            if domains.is_none() || out_of_reach {
                assert!(expected.is_empty(), "{p}");
                let why = e.contradiction.as_deref().expect("a contradiction");
                if domains.is_some() {
                    assert_eq!(
                        why,
                        format!(
                            "the trail's sum is {}, but all the labels together add up to {usable_total}",
                            trail.sum().unwrap()
                        )
                    );
                }
                assert_eq!(
                    (e.stats.primary_vars, e.stats.variables, e.stats.clauses),
                    (0, 0, 1)
                );
                assert_eq!(e.map.n_primary(), 0);
                continue;
            }
            let domains = domains.unwrap();
            assert_eq!(e.contradiction, None, "{p}");
            let pairs: usize = domains.iter().map(BTreeSet::len).sum();
            assert_eq!(e.stats.primary_vars, pairs);
            let names: Vec<&str> = e.stats.families.iter().map(|f| f.name).collect();
            assert_eq!(
                names,
                [
                    "step",
                    "cell",
                    "successor",
                    "predecessor",
                    "wrap",
                    "orientation",
                    "sum",
                    "distinct"
                ]
            );
            let family = |name: &str| {
                e.stats
                    .families
                    .iter()
                    .find(|f| f.name == name)
                    .unwrap()
                    .clauses
            };
            let on_cells = domains.iter().filter(|s| !s.is_empty()).count();
            let step_size = |k: u32| domains.iter().filter(|s| s.contains(&k)).count();
            let steps: usize = (1..=l as u32)
                .map(|k| exactly_one.n_clauses(step_size(k)))
                .sum();
            assert_eq!(family("step"), steps, "{p}");
            assert_eq!(
                family("cell"),
                on_cells * exactly_one.n_clauses(l + 1),
                "{p}"
            );
            assert_eq!(family("successor"), pairs - step_size(l as u32), "{p}");
            assert_eq!(family("predecessor"), pairs - step_size(1), "{p}");
            let wrap = if p.is_closed() {
                step_size(1) + step_size(l as u32)
            } else {
                0
            };
            assert_eq!(family("wrap"), wrap, "{p}");
            if trail.sum().is_none() {
                assert_eq!(family("sum"), 0);
            }
            if !trail.distinct() {
                assert_eq!(family("distinct"), 0);
            }
            assert_eq!(
                e.stats.clauses,
                e.stats.families.iter().map(|f| f.clauses).sum::<usize>()
            );
            let primary: Vec<Var> = e.map.primary().map(|(v, _, _)| v).collect();
            for (i, v) in primary.iter().enumerate() {
                assert_eq!(v.index(), before.0 + i);
            }
            let models = sat::projected_models(&cnf, &primary, 600);
            let mut found = BTreeSet::new();
            for m in &models {
                let f = e.map.decode(|v| Some(m[v.index()])).unwrap();
                assert_eq!(verify(&p, &f), Ok(()), "{p}");
                assert_eq!(canonical_trail(&f, p.is_closed()), f, "{p}: not canonical");
                assert!(found.insert(f), "{p}: a trail twice");
            }
            assert_eq!(found, expected, "{p} {options:?}");
            // Blocking: the negated step literals of the trail, cells off it left out.
            for m in &models {
                let f = e.map.decode(|v| Some(m[v.index()])).unwrap();
                let clause = e.map.blocking_clause(&f);
                let want: Vec<_> = (0..n)
                    .filter(|&c| f.value(c) != 0)
                    .map(|c| e.map.var(c, f.value(c)).unwrap().negative())
                    .collect();
                assert_eq!(clause, want);
                for other in &models {
                    let g = e.map.decode(|v| Some(other[v.index()])).unwrap();
                    assert_eq!(
                        clause.iter().any(|l| l.eval(other[l.var().index()])),
                        g != f
                    );
                }
            }
            compared += 1;
        }
    }
    assert!(compared > 200, "only {compared} encodings compared");
}

#[test]
fn a_cell_off_the_trail_decodes_to_0() {
    let p = corpus::toml("moves = \"rook\"\ngrid = \"1 2 3\"\n[trail]\nlength = 1\n");
    let e = position::encode(&p, &PositionOptions::default(), &mut Cnf::new()).unwrap();
    // x(0, 1), x(1, 1), x(2, 1) are variables 0, 1, 2.
    let f = e.map.decode(|v| Some(v.index() == 1)).unwrap();
    assert_eq!(f, Filling::from_values(vec![0, 1, 0]));
    // A one-cell trail blocks on its single cell, though that cell has one candidate step.
    assert_eq!(e.map.blocking_clause(&f), [Var::from_index(1).negative()]);
}

#[test]
fn trail_size_limits_are_exact() {
    // 6 cells, a trail of 3: 18 pairs (every cell can hold every step before pruning).
    let p =
        corpus::toml("moves = \"rook\"\ngrid = \"1 2 3\\n4 5 6\"\n[trail]\nlength = 3\nsum = 9\n");
    let at = |max_primary_vars, sum| PositionOptions {
        max_primary_vars,
        sum,
        ..PositionOptions::default()
    };
    let e =
        position::encode(&p, &at(17, SumEncoding::Bdd), &mut CountingSink::default()).unwrap_err();
    assert_eq!(
        e,
        EncodeError::TooLarge {
            cells: 6,
            pairs: 18,
            limit: 17,
            max_cells: MAX_CELLS
        }
    );
    let no_sum = corpus::toml("moves = \"rook\"\ngrid = \"1 2 3\\n4 5 6\"\n[trail]\nlength = 3\n");
    assert!(position::encode(
        &no_sum,
        &at(18, SumEncoding::Bdd),
        &mut CountingSink::default()
    )
    .is_ok());
    let e = position::encode(
        &no_sum,
        &at(17, SumEncoding::Bdd),
        &mut CountingSink::default(),
    )
    .unwrap_err();
    assert_eq!(
        e,
        EncodeError::TooLarge {
            cells: 6,
            pairs: 18,
            limit: 17,
            max_cells: MAX_CELLS
        }
    );
    // The decision diagram's bound: 6 usable labels times (9 + 1) = 60.
    let e =
        position::encode(&p, &at(59, SumEncoding::Bdd), &mut CountingSink::default()).unwrap_err();
    assert_eq!(
        e,
        EncodeError::SumTooLarge {
            sum: 9,
            size: 60,
            encoding: "bdd",
            limit: 59
        }
    );
    assert!(position::encode(&p, &at(60, SumEncoding::Bdd), &mut CountingSink::default()).is_ok());
    // A trail longer than the board: the pairs are the cells times the cells, 6 x 6.
    let long = corpus::toml("moves = \"rook\"\ngrid = \"1 2 3\\n4 5 6\"\n[trail]\nlength = 9\n");
    let e = position::encode(
        &long,
        &at(35, SumEncoding::Bdd),
        &mut CountingSink::default(),
    )
    .unwrap_err();
    assert_eq!(
        e,
        EncodeError::TooLarge {
            cells: 6,
            pairs: 36,
            limit: 35,
            max_cells: MAX_CELLS
        }
    );
    // Labels too large for a sum encoding are refused before anything is written.
    let big = corpus::toml(
        "moves = \"rook\"\ngrid = \"1000000 1000000\"\n[trail]\nlength = 2\nsum = 2000000\n",
    );
    let mut sink = CountingSink::default();
    let e = position::encode(&big, &PositionOptions::default(), &mut sink).unwrap_err();
    assert!(
        matches!(e, EncodeError::SumTooLarge { sum: 2_000_000, .. }),
        "{e}"
    );
    assert_eq!(sink, CountingSink::default());
    // A sum out of reach is a contradiction, however large: nothing to refuse.
    let far =
        corpus::toml("moves = \"rook\"\ngrid = \"1 2\"\n[trail]\nlength = 2\nsum = 99999999999\n");
    let e = position::encode(&far, &PositionOptions::default(), &mut used_sink()).unwrap();
    assert_eq!(
        e.contradiction.as_deref(),
        Some("the trail's sum is 99999999999, but all the labels together add up to 3")
    );
}
