//! Each rule broken once, on a small graph: the square 1-2-3-4 with the diagonal 1-3, every
//! edge an arc both ways. Its Hamiltonian cycles are 1 2 3 4 and 1 4 3 2.

use super::*;

/// The variables: 1: 1→2, 2: 2→1, 3: 2→3, 4: 3→2, 5: 3→4, 6: 4→3, 7: 4→1, 8: 1→4, 9: 1→3,
/// 10: 3→1.
const MEANING: &str = "vertices 4
arc 1 1 2
arc 2 2 1
arc 3 2 3
arc 4 3 2
arc 5 3 4
arc 6 4 3
arc 7 4 1
arc 8 1 4
arc 9 1 3
arc 10 3 1
";

/// One clause for the encoding (its content does not matter here), then `added`.
fn formula(added: &[&[i64]]) -> Vec<Vec<i64>> {
    let mut clauses = vec![vec![1, 2, 3]];
    clauses.extend(added.iter().map(|c| c.to_vec()));
    clauses
}

fn claims(solutions: usize, lines: &[&str]) -> String {
    format!(
        "c a test\np claims 1 {}\n{MEANING}solutions {solutions}\n{}\n",
        lines.len(),
        lines.join("\n")
    )
}

/// The whole argument for the square: both cycles found, nothing else possible.
const GOOD: [&str; 7] = [
    "force 1 2 by 2",
    "force 2 3 by 2",
    "force 3 4 by 4",
    "force 1 4 by 4",
    "remove 1 3 by 1",
    "tour 1 2 3 4",
    "tour 1 4 3 2",
];

const GOOD_CLAUSES: [&[i64]; 8] = [
    &[1, 2],
    &[3, 4],
    &[5, 6],
    &[7, 8],
    &[-9],
    &[-10],
    &[-1, -3, -5, -7],
    &[-8, -6, -4, -2],
];

fn rejected(formula: &[Vec<i64>], claims: &str) -> String {
    match check(formula, claims) {
        Ok(a) => panic!("accepted: {a:?}"),
        Err(r) => r.0,
    }
}

#[test]
fn a_sound_certificate_is_accepted() {
    let a = check(&formula(&GOOD_CLAUSES), &claims(2, &GOOD)).unwrap();
    assert_eq!((a.clauses, a.encoding_clauses, a.claims), (9, 1, 7));
    assert_eq!(
        a.solutions,
        [
            Solution::Tour(vec![0, 1, 2, 3]),
            Solution::Tour(vec![0, 3, 2, 1])
        ]
    );
    // Literals and a claim's clauses may come in any order.
    let shuffled: [&[i64]; 8] = [
        &[2, 1],
        &[3, 4],
        &[5, 6],
        &[8, 7],
        &[-10],
        &[-9],
        &[-7, -5, -3, -1],
        &[-8, -6, -4, -2],
    ];
    assert!(check(&formula(&shuffled), &claims(2, &GOOD)).is_ok());
}

#[test]
fn a_forced_edge_needs_a_vertex_with_two_edges_left() {
    // Vertex 1 has three edges.
    let r = rejected(&formula(&[&[1, 2]]), &claims(0, &["force 1 2 by 1"]));
    assert_eq!(
        r,
        "claims.txt:15: vertex 1 does not have exactly two edges left, 1 2 among them"
    );
    // Vertex 3 is not an end of the edge.
    let r = rejected(&formula(&[&[1, 2]]), &claims(0, &["force 1 2 by 3"]));
    assert!(
        r.contains("vertex 3 does not have exactly two edges left"),
        "{r}"
    );
}

#[test]
fn a_removed_edge_needs_two_forced_edges_at_its_vertex() {
    let r = rejected(
        &formula(&[&[1, 2], &[-9], &[-10]]),
        &claims(0, &["force 1 2 by 2", "remove 1 3 by 1"]),
    );
    assert!(
        r.starts_with("claims.txt:16: vertex 1 does not have two forced edges"),
        "{r}"
    );
}

#[test]
fn a_path_rule_needs_the_ends_of_a_short_forced_path() {
    // 1-2-3 is forced: 1 3 would close a triangle, 3 vertices of 4.
    let good = check(
        &formula(&[&[1, 2], &[3, 4], &[-9], &[-10]]),
        &claims(
            0,
            &["force 1 2 by 2", "force 2 3 by 2", "remove 1 3 by path"],
        ),
    );
    assert!(good.is_ok(), "{good:?}");
    // Only 1-2 is forced: 1 and 3 do not end one path.
    let r = rejected(
        &formula(&[&[1, 2], &[-9], &[-10]]),
        &claims(0, &["force 1 2 by 2", "remove 1 3 by path"]),
    );
    assert!(r.contains("do not end one path of forced edges"), "{r}");
}

#[test]
fn a_cut_must_name_its_set() {
    // The arcs out of {1, 2}: 2→3, 1→4, 1→3.
    assert!(check(&formula(&[&[3, 8, 9]]), &claims(0, &["leave 1 2"])).is_ok());
    assert!(check(&formula(&[&[4, 10, 7]]), &claims(0, &["enter 1 2"])).is_ok());
    // A wrong vertex set gives another clause.
    let r = rejected(&formula(&[&[3, 8, 9]]), &claims(0, &["leave 1 3"]));
    assert_eq!(
        r,
        "claims.txt:15: clause 2 of formula.cnf is not the one this `leave` claim gives"
    );
    // Every vertex is no cut (nothing leaves it): it would claim the empty clause.
    let r = rejected(&formula(&[&[]]), &claims(0, &["leave 1 2 3 4"]));
    assert!(r.contains("neither empty nor all of them"), "{r}");
}

#[test]
fn a_dropped_claim_or_clause_is_caught() {
    // The cut's claim dropped, its clause kept.
    let mut clauses = GOOD_CLAUSES.to_vec();
    clauses.insert(4, &[3, 8, 9]);
    let r = rejected(&formula(&clauses), &claims(2, &GOOD));
    assert!(
        r.contains("is not the one this `remove` claim gives"),
        "{r}"
    );
    // A claim whose clause is missing at the end.
    let r = rejected(&formula(&GOOD_CLAUSES[..7]), &claims(2, &GOOD));
    assert!(r.contains("the claim's clause is missing"), "{r}");
    // A clause after the last claim.
    let mut clauses = GOOD_CLAUSES.to_vec();
    clauses.push(&[-1]);
    let r = rejected(&formula(&clauses), &claims(2, &GOOD));
    assert_eq!(
        r,
        "clause 10 of formula.cnf has no claim: every clause after the encoding must have one"
    );
}

#[test]
fn a_tour_must_be_a_hamiltonian_cycle_found_once() {
    // 1 3 2 4 uses 2→4, not an arc.
    let r = rejected(&formula(&[&[-9, -4]]), &claims(1, &["tour 1 3 2 4"]));
    assert!(r.contains("the tour uses 2 4, which is not an arc"), "{r}");
    let r = rejected(&formula(&[&[-1]]), &claims(1, &["tour 1 2 3"]));
    assert!(r.contains("must visit each of the 4 vertices once"), "{r}");
    // The same cycle from another start is the same arcs.
    let r = rejected(
        &formula(&[&[-1, -3, -5, -7], &[-1, -3, -5, -7]]),
        &claims(2, &["tour 1 2 3 4", "tour 3 4 1 2"]),
    );
    assert!(r.contains("this solution was excluded before"), "{r}");
}

#[test]
fn the_solutions_line_must_count_the_solutions() {
    let r = rejected(&formula(&GOOD_CLAUSES), &claims(1, &GOOD));
    assert_eq!(
        r,
        "claims.txt says 1 solutions; its tour and block claims exclude 2"
    );
}

#[test]
fn blocks_name_cells_and_values_with_variables() {
    let meaning = "cells 2\nvalue 1 1 1\nvalue 2 1 2\nvalue 3 2 1\nvalue 4 2 2\n";
    let text = |lines: &str| format!("p claims 1 1\n{meaning}solutions 1\n{lines}\n");
    let f = vec![vec![1], vec![-1, -4]];
    let a = check(&f, &text("block 1=1 2=2")).unwrap();
    assert_eq!(a.solutions, [Solution::Filling(vec![(0, 1), (1, 2)])]);
    assert!(rejected(&f, &text("block 1=1 2=3")).contains("cell 2 has no variable for 3"));
    assert!(rejected(&f, &text("block")).contains("names no cell"));
    assert!(rejected(&f, &text("leave 1")).contains("not a claim about cells"));
    // An exclusion: the hypothesis a hint refutes; not a solution.
    let excluding = |lines: &str| format!("p claims 1 1\n{meaning}solutions 0\n{lines}\n");
    let f = vec![vec![1], vec![-2]];
    let a = check(&f, &excluding("exclude 1=2")).unwrap();
    assert_eq!(
        (a.solutions.len(), a.excluded.as_slice()),
        (0, &[(0, 2)][..])
    );
    assert!(rejected(&f, &excluding("exclude 1=1")).contains("is not the one this `exclude`"));
    assert!(rejected(&f, &excluding("exclude 1=2 2=1")).contains("expected `exclude CELL=VALUE`"));
    // An assumption: the cube a count's certificate is about; its clause is the variable.
    let f = vec![vec![1], vec![2]];
    let a = check(&f, &excluding("assume 1=2")).unwrap();
    assert_eq!(a.assumed, [(0, 2)]);
    assert!(rejected(&f, &excluding("assume 1=1")).contains("is not the one this `assume`"));
}

#[test]
fn files_are_read_strictly() {
    assert_eq!(
        parse_cnf("p cnf 2 2\n1 -2 0\n2 0\n").unwrap(),
        [vec![1, -2], vec![2]]
    );
    assert!(parse_cnf("p cnf 2 3\n1 -2 0\n2 0\n").is_err());
    assert!(parse_cnf("p cnf 2 1\n1 x 0\n").is_err());
    assert!(parse_cnf("p cnf 2 1\n1 2\n").is_err());
    let r = rejected(
        &formula(&[]),
        "p claims 1 0\nvertices 2\narc 1 1 2\narc 2 1 2\n",
    );
    assert!(r.contains("listed twice"), "{r}");
    let r = rejected(
        &formula(&[]),
        "p claims 1 0\nvertices 2\narc 1 1 2\narc 1 2 1\n",
    );
    assert!(r.contains("given two meanings"), "{r}");
    let r = rejected(&formula(&[]), "p claims 5 0\nvertices 2\nsolutions 0\n");
    assert!(r.contains("formula.cnf has 1"), "{r}");
}
