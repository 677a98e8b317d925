//! The frontier rule's own refutation (`SuccessorEncoding::frontier_refutation`): on every
//! graph of up to 6 vertices and on named non-Hamiltonian graphs, it says "refuted" exactly
//! when the brute force finds no Hamiltonian cycle, and its lemmas, written as text DRAT, are
//! accepted by the certificates' DRAT checker (dratify) against the whole successor CNF.
//! A proof with lemmas missing is rejected.

use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::{Cnf, Lit};
use pathsat_encode::subtours::{Refutation, Subtours, SweepLimits};

const LIMITS: SweepLimits = SweepLimits {
    transitions: 1_000_000,
    interface: 128,
    literals: 100_000_000,
};
use pathsat_encode::successor;
use pathsat_puzzle::families::{flower_snark, generalized_petersen};
use pathsat_puzzle::{brute, CellRule, Expect, Puzzle};

fn tour(n: usize, edges: &[(usize, usize)]) -> Puzzle {
    Puzzle::graph(
        "g",
        n,
        edges,
        false,
        true,
        vec![CellRule::Free; n],
        Expect::default(),
    )
    .unwrap()
}

/// The CNF, the refutation and its proof as DRAT text.
fn refute(p: &Puzzle) -> (Vec<Vec<i64>>, Refutation, String) {
    let mut cnf = Cnf::new();
    let e = successor::encode_complete(p, ExactlyOneEncoding::Hybrid, Subtours::Frontier, &mut cnf)
        .unwrap();
    let mut proof = String::new();
    let outcome = e.frontier_refutation(LIMITS, |lemma: &[Lit]| {
        for l in lemma {
            proof.push_str(&l.to_dimacs().to_string());
            proof.push(' ');
        }
        proof.push_str("0\n");
    });
    let formula = cnf
        .clauses()
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect();
    (formula, outcome, proof)
}

/// Checks `p` against the brute force; true when it was refuted.
fn check(p: &Puzzle) -> bool {
    let (formula, outcome, proof) = refute(p);
    let cycles = brute::count(p, Some(100_000));
    assert!(cycles.complete);
    match outcome {
        Refutation::Refuted { lemmas } => {
            assert_eq!(
                cycles.count, 0,
                "{p}: refuted, but it has a Hamiltonian cycle"
            );
            assert_eq!(lemmas as usize, proof.lines().count());
            pathsat_claims::check_proof(&formula, proof.as_bytes())
                .unwrap_or_else(|r| panic!("{p}: {r:?}"));
            true
        }
        Refutation::Cycle => {
            assert!(cycles.count > 0, "{p}: a cycle said, none found");
            false
        }
        Refutation::OutOfReach => false,
    }
}

#[test]
fn small_graphs_are_refuted_exactly_when_they_have_no_hamiltonian_cycle() {
    let mut refuted = 0;
    for n in 3..=6 {
        for edges in crate::complete::graphs_up_to_isomorphism(n) {
            let p = tour(n, &edges);
            let degree_ok = (0..n).all(|v| {
                let d = edges.iter().filter(|&&(a, b)| a == v || b == v).count();
                (2..=6).contains(&d)
            });
            let (formula, outcome, _) = refute(&p);
            // The encoder's own checks (a cut vertex, a vertex of degree 1) leave the empty
            // clause alone, with nothing for the sweep to refute.
            let empty = formula.iter().any(Vec::is_empty);
            assert_eq!(
                outcome == Refutation::OutOfReach,
                !degree_ok || empty,
                "{p}: out of reach only for a degree outside 2..=6 or an empty clause"
            );
            refuted += usize::from(check(&p));
        }
    }
    // Graphs of 3..=6 vertices, degrees 2..=6, no cut vertex, without a Hamiltonian cycle
    // (each checked against the brute force above): a floor, so that the test compares some.
    assert!(refuted > 10, "only {refuted} refuted");
}

#[test]
fn the_classic_non_hamiltonian_graphs_are_refuted() {
    for (n, k) in [(5, 2), (11, 2)] {
        let (v, edges) = generalized_petersen(n, k);
        assert!(check(&tour(v, &edges)), "GP({n}, {k})");
    }
    for j in [3, 5] {
        let (v, edges) = flower_snark(j);
        assert!(check(&tour(v, &edges)), "J{j}");
    }
    // And a Hamiltonian one is not: GP(6, 2).
    let (v, edges) = generalized_petersen(6, 2);
    assert!(!check(&tour(v, &edges)));
}

#[test]
fn a_proof_without_its_deeper_lemmas_is_rejected() {
    let (v, edges) = generalized_petersen(11, 2);
    let (formula, _, proof) = refute(&tour(v, &edges));
    // The lemmas are written from the last edge back: without the first half, the states of
    // the earlier edges no longer follow.
    let lines: Vec<&str> = proof.lines().collect();
    let broken: String = lines[lines.len() / 2..]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(pathsat_claims::check_proof(&formula, broken.as_bytes()).is_err());
}
