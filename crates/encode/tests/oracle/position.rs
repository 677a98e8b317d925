//! The position encoding and its domains against the brute force and the closed forms.

use crate::corpus::{self, Rng};
use crate::{reference, sat, used_sink};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::{ClauseSink, Cnf, CountingSink, Var};
use pathsat_encode::position::{self, DEFAULT_MAX_PRIMARY_VARS, MAX_CELLS};
use pathsat_encode::{DecodeError, Domains, EncodeError, PositionOptions, Pruning};
use pathsat_puzzle::{brute, verify, Board, CellRule, Expect, Filling, Moves, Puzzle};
use std::collections::BTreeSet;

/// The hand-picked path puzzles and 150 random ones.
fn puzzles() -> Vec<Puzzle> {
    let mut rng = Rng::new(27);
    let mut all = corpus::paths();
    all.extend((0..150).map(|_| corpus::random_path(&mut rng)));
    all
}

/// Every filling, when there are at most `limit`.
fn brute_fillings(puzzle: &Puzzle, limit: u64) -> Option<BTreeSet<Filling>> {
    let mut all = BTreeSet::new();
    let count = brute::enumerate(puzzle, Some(limit), |f| {
        all.insert(f.clone());
    });
    count.complete.then_some(all)
}

#[test]
fn pruned_domains_are_the_fixpoint_of_the_rules() {
    for p in puzzles() {
        let d = Domains::pruned(&p);
        let n = p.n_cells();
        assert_eq!((d.n_cells(), d.max_value()), (n, n), "{p}");
        match reference::pruned(&p) {
            None => {
                assert!(d.contradiction().is_some(), "{p}: no contradiction found");
                assert_eq!(d.n_pairs(), 0, "{p}");
                assert!((1..=n as u32).all(|k| d.cells(k).is_empty()), "{p}");
            }
            Some(expected) => {
                assert_eq!(d.contradiction(), None, "{p}");
                for (cell, values) in expected.iter().enumerate() {
                    let got: Vec<u32> = d.values(cell).to_vec();
                    let want: Vec<u32> = values.iter().copied().collect();
                    assert_eq!(got, want, "{p}: cell {cell}");
                }
                for k in 1..=n as u32 {
                    let want: Vec<usize> = (0..n).filter(|&c| expected[c].contains(&k)).collect();
                    assert_eq!(d.cells(k), want, "{p}: value {k}");
                    for (c, values) in expected.iter().enumerate() {
                        assert_eq!(d.contains(c, k), values.contains(&k), "{p}");
                    }
                }
                let pairs: usize = expected.iter().map(BTreeSet::len).sum();
                assert_eq!(d.n_pairs(), pairs, "{p}");
            }
        }
    }
}

/// Boards of up to 25 cells, where pruning goes on after its first sweep: supports lost later,
/// values left on one cell, contradictions found on a value before any cell.
#[test]
fn pruned_domains_of_larger_boards_are_the_fixpoint_of_the_rules() {
    let mut rng = Rng::new(2027);
    let mut contradictions = 0;
    for i in 0..3000 {
        let p = if i % 2 == 0 {
            corpus::random_large(&mut rng)
        } else {
            corpus::random_tour(&mut rng)
        };
        let d = Domains::pruned(&p);
        match reference::pruned(&p) {
            None => {
                contradictions += 1;
                assert!(d.contradiction().is_some(), "{p}: no contradiction found");
                assert_eq!(d.n_pairs(), 0, "{p}");
            }
            Some(expected) => {
                assert_eq!(d.contradiction(), None, "{p}");
                for (cell, values) in expected.iter().enumerate() {
                    let want: Vec<u32> = values.iter().copied().collect();
                    assert_eq!(d.values(cell), want, "{p}: cell {cell}");
                }
            }
        }
    }
    assert!(
        (300..2700).contains(&contradictions),
        "{contradictions} contradictions"
    );
}

/// Tours of directed graphs: a pair removed for value N (or 1) must have the pairs of value 1
/// after it (or N before it) checked again, round the wrap.
#[test]
fn pruned_domains_of_directed_tours_are_the_fixpoint_of_the_rules() {
    let check = |p: &Puzzle| {
        let d = Domains::pruned(p);
        match reference::pruned(p) {
            None => assert!(d.contradiction().is_some(), "{p}: no contradiction found"),
            Some(expected) => {
                assert_eq!(d.contradiction(), None, "{p}");
                for (cell, values) in expected.iter().enumerate() {
                    let want: Vec<u32> = values.iter().copied().collect();
                    assert_eq!(d.values(cell), want, "{p}: cell {cell}");
                }
            }
        }
    };
    // Two found by the random search below, kept as they are.
    let graph = |n: usize, arcs: &[(usize, usize)], givens: &[(usize, u32)]| {
        let mut rules = vec![CellRule::Free; n];
        for &(cell, v) in givens {
            rules[cell] = CellRule::Given(v);
        }
        Puzzle::graph("g", n, arcs, true, true, rules, Expect::default()).unwrap()
    };
    check(&graph(
        8,
        &[
            (0, 4),
            (0, 7),
            (1, 6),
            (2, 7),
            (3, 1),
            (3, 2),
            (3, 7),
            (4, 0),
            (4, 1),
            (4, 7),
            (5, 3),
            (5, 4),
            (6, 2),
            (6, 5),
            (7, 1),
            (7, 3),
            (7, 4),
        ],
        &[(1, 5), (6, 6)],
    ));
    check(&graph(
        7,
        &[
            (0, 3),
            (0, 5),
            (0, 6),
            (1, 2),
            (1, 3),
            (1, 5),
            (2, 0),
            (2, 3),
            (2, 5),
            (3, 0),
            (3, 1),
            (3, 4),
            (4, 1),
            (4, 6),
            (5, 1),
            (6, 1),
            (6, 2),
            (6, 3),
            (6, 5),
        ],
        &[(3, 4)],
    ));
    let mut rng = Rng::new(77);
    for _ in 0..4000 {
        check(&corpus::random_graph_tour(&mut rng));
    }
}

#[test]
fn unpruned_domains_hold_every_pair() {
    for p in corpus::paths() {
        let d = Domains::unpruned(&p);
        let n = p.n_cells();
        assert_eq!((d.n_cells(), d.max_value(), d.n_pairs()), (n, n, n * n));
        assert_eq!(d.contradiction(), None);
        for k in 1..=n as u32 {
            assert_eq!(d.cells(k), (0..n).collect::<Vec<_>>());
        }
        for c in 0..n {
            assert_eq!(d.values(c), (1..=n as u32).collect::<Vec<_>>());
        }
    }
}

/// The sizes `encodings/position.md` gives in closed form, from the candidate sets.
fn expected_families(
    p: &Puzzle,
    options: &PositionOptions,
    d: &[BTreeSet<u32>],
) -> Vec<(&'static str, usize)> {
    let n = p.n_cells();
    let eo = options.exactly_one;
    let e = |k: u32| d.iter().filter(|s| s.contains(&k)).count();
    let pairs: usize = d.iter().map(BTreeSet::len).sum();
    let cells: usize = d.iter().map(|s| eo.n_clauses(s.len())).sum();
    let values: usize = (1..=n as u32).map(|k| eo.n_clauses(e(k))).sum();
    let (first, last) = (e(1), e(n as u32));
    let wrap = if p.is_closed() { first + last } else { 0 };
    let units = if options.pruning == Pruning::None {
        let mut units = 0;
        for c in 0..n {
            units += match p.rule(c) {
                CellRule::Free => 0,
                CellRule::Given(_) => 1,
                CellRule::Marked(m) => (1..=n as u32)
                    .filter(|&k| !p.marks()[*m].class.contains(k))
                    .count(),
            };
        }
        for (m, mark) in p.marks().iter().enumerate() {
            let marked = (0..n)
                .filter(|&c| *p.rule(c) == CellRule::Marked(m))
                .count();
            let values = (1..=n as u32).filter(|&k| mark.class.contains(k)).count();
            if marked > 0 && marked == values {
                units += (n - marked) * values;
            }
        }
        units
    } else {
        0
    };
    vec![
        ("cell", cells),
        ("value", values),
        ("successor", pairs - last),
        ("predecessor", pairs - first),
        ("wrap", wrap),
        ("unit", units),
    ]
}

fn option_sets() -> Vec<PositionOptions> {
    [
        (ExactlyOneEncoding::Sequential, Pruning::Full),
        (ExactlyOneEncoding::Sequential, Pruning::None),
        (ExactlyOneEncoding::Pairwise, Pruning::Full),
        (ExactlyOneEncoding::Hybrid, Pruning::None),
    ]
    .into_iter()
    .map(|(exactly_one, pruning)| PositionOptions {
        exactly_one,
        pruning,
        ..PositionOptions::default()
    })
    .collect()
}

/// The models of every option set decode to exactly the brute force's fillings; the sizes are
/// the closed forms; the variables are numbered as documented, after what the sink held.
#[test]
fn position_models_are_the_brute_force_fillings() {
    let mut compared = 0;
    for p in puzzles() {
        let Some(expected) = brute_fillings(&p, 150) else {
            continue;
        };
        let n = p.n_cells();
        for (i, options) in option_sets().into_iter().enumerate() {
            let mut cnf = if i % 2 == 0 { used_sink() } else { Cnf::new() };
            let before = (cnf.n_vars(), cnf.n_clauses());
            let e = position::encode(&p, &options, &mut cnf).unwrap();
            let stats = &e.stats;
            assert_eq!(stats.cells, n);
            assert_eq!(
                (stats.variables, stats.clauses),
                (cnf.n_vars() - before.0, cnf.n_clauses() - before.1),
                "{p}"
            );
            let domains = match options.pruning {
                Pruning::Full => reference::pruned(&p),
                Pruning::None => Some(vec![(1..=n as u32).collect(); n]),
            };
            let Some(domains) = domains else {
                // Pruning proved it: the empty clause alone.
                assert!(expected.is_empty(), "{p}");
                assert!(e.contradiction.is_some(), "{p}");
                assert_eq!(
                    (stats.primary_vars, stats.variables, stats.clauses),
                    (0, 0, 1)
                );
                let families: Vec<_> = stats.families.iter().map(|f| (f.name, f.clauses)).collect();
                assert_eq!(families, [("contradiction", 1)]);
                assert!(cnf.clauses().last().unwrap().is_empty());
                assert_eq!(e.map.n_primary(), 0);
                assert_eq!(e.map.n_cells(), n);
                continue;
            };
            assert_eq!(e.contradiction, None, "{p}");
            // Primary variables first, cell by cell, values ascending, numbered after the sink's.
            let pairs: Vec<(usize, u32)> = domains
                .iter()
                .enumerate()
                .flat_map(|(c, s)| s.iter().map(move |&k| (c, k)))
                .collect();
            let primary: Vec<(Var, usize, u32)> = e.map.primary().collect();
            assert_eq!(primary.len(), pairs.len(), "{p}");
            assert_eq!(stats.primary_vars, pairs.len());
            assert_eq!(e.map.n_primary(), pairs.len());
            for (i, (&(var, cell, k), &pair)) in primary.iter().zip(&pairs).enumerate() {
                assert_eq!((cell, k), pair);
                assert_eq!(var.index(), before.0 + i);
                assert_eq!(e.map.meaning(var), Some(pair));
                assert_eq!(e.map.var(cell, k), Some(var));
            }
            if before.0 > 0 {
                assert_eq!(e.map.meaning(Var::from_index(before.0 - 1)), None);
            }
            assert_eq!(e.map.meaning(Var::from_index(before.0 + pairs.len())), None);
            for (c, values) in domains.iter().enumerate() {
                assert_eq!(e.map.pos(c), p.board().pos(c));
                assert_eq!(e.map.place(c), p.place(c));
                for k in 1..=n as u32 {
                    assert_eq!(e.map.var(c, k).is_some(), values.contains(&k));
                }
            }
            // Sizes, family by family.
            let families: Vec<_> = stats.families.iter().map(|f| (f.name, f.clauses)).collect();
            let want = expected_families(&p, &options, &domains);
            assert_eq!(families, want, "{p} {options:?}");
            assert_eq!(stats.clauses, want.iter().map(|f| f.1).sum::<usize>());
            let eo = options.exactly_one;
            let aux: usize = domains.iter().map(|s| eo.n_vars(s.len())).sum::<usize>()
                + (1..=n as u32)
                    .map(|k| eo.n_vars(domains.iter().filter(|s| s.contains(&k)).count()))
                    .sum::<usize>();
            assert_eq!(stats.variables, pairs.len() + aux, "{p}");
            // The models are the fillings.
            let project: Vec<Var> = primary.iter().map(|&(v, _, _)| v).collect();
            let models = sat::projected_models(&cnf, &project, 1000);
            let mut found = BTreeSet::new();
            for m in &models {
                let f = e.map.decode(|v| Some(m[v.index()])).unwrap();
                assert_eq!(verify(&p, &f), Ok(()), "{p}");
                assert!(found.insert(f), "{p}: a filling twice");
            }
            assert_eq!(found, expected, "{p} {options:?}");
            // A filling's blocking clause is false in its own model and true in every other.
            for m in &models {
                let f = e.map.decode(|v| Some(m[v.index()])).unwrap();
                let clause = e.map.blocking_clause(&f);
                let wanted: Vec<_> = (0..n)
                    .filter(|&c| domains[c].len() > 1)
                    .map(|c| e.map.var(c, f.value(c)).unwrap().negative())
                    .collect();
                assert_eq!(clause, wanted, "{p}");
                for other in &models {
                    let g = e.map.decode(|v| Some(other[v.index()])).unwrap();
                    let holds = clause.iter().any(|l| l.eval(other[l.var().index()]));
                    assert_eq!(holds, g != f, "{p}");
                }
            }
            compared += 1;
        }
    }
    assert!(compared > 400, "only {compared} encodings compared");
}

#[test]
fn decoding_reports_what_is_wrong_with_a_model() {
    // 1x2 rook board, no pruning: x(0,1) x(0,2) x(1,1) x(1,2) are variables 0..4.
    let p = corpus::toml("moves = \"rook\"\ngrid = \". .\"\n");
    let options = PositionOptions {
        pruning: Pruning::None,
        ..PositionOptions::default()
    };
    let e = position::encode(&p, &options, &mut Cnf::new()).unwrap();
    let model = |values: [Option<bool>; 4]| move |v: Var| values.get(v.index()).copied().flatten();
    assert_eq!(
        e.map
            .decode(model([Some(false), Some(true), Some(true), Some(false)])),
        Ok(Filling::from_values(vec![2, 1]))
    );
    let err = e
        .map
        .decode(model([Some(false), None, Some(true), Some(false)]))
        .unwrap_err();
    assert_eq!(err, DecodeError::Unassigned(2, p.place(0), 2));
    assert_eq!(
        err.to_string(),
        "variable 2 (cell (0, 0), value 2) is not assigned"
    );
    let err = e
        .map
        .decode(model([Some(false), Some(false), Some(true), Some(false)]))
        .unwrap_err();
    assert_eq!(err, DecodeError::NoValue(p.place(0)));
    let err = e
        .map
        .decode(model([Some(true), Some(false), Some(true), Some(true)]))
        .unwrap_err();
    assert_eq!(
        err,
        DecodeError::TwoValues {
            pos: p.place(1),
            first: 1,
            second: 2
        }
    );
}

fn strip(n: usize, moves: Moves, given_one: bool) -> Puzzle {
    let mut rules = vec![CellRule::Free; n];
    if given_one {
        rules[0] = CellRule::Given(1);
    }
    Puzzle::new(
        "strip",
        Board::rectangle(1, n),
        moves,
        false,
        rules,
        vec![],
        Expect::default(),
    )
    .unwrap()
}

/// The refusals happen exactly at their limits.
#[test]
fn size_limits_are_exact() {
    // A blank 3x3 king board without pruning has 81 pairs: refused below 81, taken at 81.
    let king = Puzzle::blank(3, 3, Moves::King, false).unwrap();
    let at = |max_primary_vars, pruning| PositionOptions {
        max_primary_vars,
        pruning,
        ..PositionOptions::default()
    };
    let e =
        position::encode(&king, &at(80, Pruning::None), &mut CountingSink::default()).unwrap_err();
    assert_eq!(
        e,
        EncodeError::TooLarge {
            cells: 9,
            pairs: 81,
            limit: 80,
            max_cells: MAX_CELLS
        }
    );
    assert!(position::encode(&king, &at(81, Pruning::None), &mut CountingSink::default()).is_ok());
    // Pruned, without a fixed value: estimated as half the pairs the rules allow, 81 / 2 = 40.
    let e =
        position::encode(&king, &at(39, Pruning::Full), &mut CountingSink::default()).unwrap_err();
    assert_eq!(
        e,
        EncodeError::TooLarge {
            cells: 9,
            pairs: 40,
            limit: 39,
            max_cells: MAX_CELLS
        }
    );
    // Within the estimate, the pruned pairs (81: king moves prune nothing) decide.
    let e =
        position::encode(&king, &at(80, Pruning::Full), &mut CountingSink::default()).unwrap_err();
    assert_eq!(
        e,
        EncodeError::TooLarge {
            cells: 9,
            pairs: 81,
            limit: 80,
            max_cells: MAX_CELLS
        }
    );
    assert!(position::encode(&king, &at(81, Pruning::Full), &mut CountingSink::default()).is_ok());
    // A mark on a cell: the rules allow its class's values only. Three even values of 1..6
    // on the marked cell, six on the other five: 33 pairs, estimated 16.
    let marked =
        corpus::toml("moves = \"king\"\ngrid = \"E . .\\n. . .\"\n[marks]\nE = \"even\"\n");
    let e = position::encode(
        &marked,
        &at(15, Pruning::Full),
        &mut CountingSink::default(),
    )
    .unwrap_err();
    assert_eq!(
        e,
        EncodeError::TooLarge {
            cells: 6,
            pairs: 16,
            limit: 15,
            max_cells: MAX_CELLS
        }
    );
    // With a fixed value nothing is estimated: the 1x5 rook strip with 1 given keeps 5 pairs.
    let given = strip(5, Moves::Rook, true);
    let e =
        position::encode(&given, &at(4, Pruning::Full), &mut CountingSink::default()).unwrap_err();
    assert_eq!(
        e,
        EncodeError::TooLarge {
            cells: 5,
            pairs: 5,
            limit: 4,
            max_cells: MAX_CELLS
        }
    );
    assert!(position::encode(&given, &at(5, Pruning::Full), &mut CountingSink::default()).is_ok());
    // A refused puzzle writes nothing.
    let mut sink = CountingSink::default();
    position::encode(&given, &at(4, Pruning::Full), &mut sink).unwrap_err();
    assert_eq!(sink, CountingSink::default());
}

/// Past MAX_CELLS a board is refused from the rules' pairs even with a fixed value; at
/// MAX_CELLS it is pruned (here: knight moves on one row connect nothing, a contradiction with
/// no pair left), with or without a fixed value, within any limit on the pairs that pruning
/// meets.
#[test]
fn the_cell_limit_is_exact() {
    let within = |max_primary_vars| PositionOptions {
        max_primary_vars,
        ..PositionOptions::default()
    };
    // With 1 given, nothing is estimated: pruned, no pair is left, within a limit of 1.
    let at_limit = strip(MAX_CELLS, Moves::Knight, true);
    let e = position::encode(&at_limit, &within(1), &mut CountingSink::default()).unwrap();
    assert!(e.contradiction.unwrap().contains("connected"));
    // Without, the estimate is N^2 / 2 pairs: within an unbounded limit, pruned too.
    let blank = strip(MAX_CELLS, Moves::Knight, false);
    let e = position::encode(&blank, &within(usize::MAX), &mut CountingSink::default()).unwrap();
    assert!(e.contradiction.unwrap().contains("connected"));
    let beyond = strip(MAX_CELLS + 1, Moves::Knight, true);
    let n = (MAX_CELLS + 1) as u128;
    let e =
        position::encode(&beyond, &within(usize::MAX), &mut CountingSink::default()).unwrap_err();
    assert_eq!(
        e,
        EncodeError::TooLarge {
            cells: MAX_CELLS + 1,
            pairs: (n - 1) * n + 1,
            limit: usize::MAX,
            max_cells: MAX_CELLS
        }
    );
    assert_eq!(DEFAULT_MAX_PRIMARY_VARS, 3_000_000);
}

/// `Reach` (rule 4, also used by solvers that assume values) against its documented rule, with
/// distances and colours computed here from `step_allowed`; and every filling the brute force
/// finds with v on g is allowed by it (it never rules out a solution).
#[test]
fn reach_is_the_documented_distance_rule_and_keeps_every_solution() {
    use pathsat_encode::colours::colour_classes;
    use pathsat_encode::domains::{move_distances, Reach};
    let mut rng = Rng::new(99);
    let mut all = corpus::paths();
    all.extend((0..60).map(|_| corpus::random_path(&mut rng)));
    for p in all {
        let n = p.n_cells();
        let n32 = n as u32;
        let (_, colour) = reference::colouring(&p);
        // The encoder's colouring, when the board passes its checks (else it has no solution).
        let Ok(colouring) = colour_classes(&p) else {
            continue;
        };
        assert_eq!(colouring.colour.is_some(), colour.is_some(), "{p}");
        let fillings = brute_fillings(&p, 200);
        for g in 0..n {
            let forward = reference::distances(&p, g, true);
            let backward = reference::distances(&p, g, false);
            assert_eq!(move_distances(&p, g, true), forward, "{p}");
            assert_eq!(move_distances(&p, g, false), backward, "{p}");
            for v in 1..=n32 {
                let reach = Reach::new(&p, colouring.colour.as_deref(), g, v);
                for c in (0..n).filter(|&c| c != g) {
                    for k in 1..=n32 {
                        let parity = |steps: u32| {
                            colour
                                .as_ref()
                                .is_none_or(|col| (steps % 2 == 1) == (col[c] != col[g]))
                        };
                        let within = |steps: u32, dist: u32| dist <= steps && parity(steps);
                        let want = if p.is_closed() {
                            within((k + n32 - v) % n32, forward[c])
                                && within((v + n32 - k) % n32, backward[c])
                        } else if k > v {
                            within(k - v, forward[c])
                        } else {
                            within(v - k, backward[c])
                        };
                        assert_eq!(reach.allows(c, k), want, "{p}: {v} on {g}, {k} on {c}");
                    }
                }
                for f in fillings.iter().flatten().filter(|f| f.value(g) == v) {
                    for c in (0..n).filter(|&c| c != g) {
                        assert!(reach.allows(c, f.value(c)), "{p}: a solution ruled out");
                    }
                }
            }
        }
    }
}

/// The reason pruning gives names what is empty first: here every cell is marked with a class
/// without 4, so no cell can hold 4 before any pair is removed.
#[test]
fn a_value_no_cell_can_hold_is_the_reason() {
    let p = corpus::toml(
        "moves = \"king\"\ngrid = \"A A\\nB B\"\n[marks]\nA = [1, 2, 3]\nB = [1, 2, 3]\n",
    );
    let d = Domains::pruned(&p);
    assert_eq!(d.contradiction(), Some("no cell can hold 4"));
    // And a cell that can hold nothing: the 1x3 strip's middle cell given 1, an odd value on the
    // smaller colour class.
    let q = corpus::toml("moves = \"rook\"\ngrid = \". 1 .\"\n");
    assert_eq!(
        Domains::pruned(&q).contradiction(),
        Some("cell (0, 1) can hold no value")
    );
}
