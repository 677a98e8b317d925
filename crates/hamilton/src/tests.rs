//! Every method against brute force on every labelled graph of up to 6 vertices, and against
//! each other on random graphs of up to 11.

use crate::small::members;
use crate::{count, dp, hamiltonian_cycle, search, traceable, Answer};
use crate::{Limits, SmallGraph};

/// The Hamiltonian cycles of `g` by trying every order of the vertices after 0 (each cycle
/// twice, once a direction).
fn brute_cycles(g: &SmallGraph) -> u64 {
    let n = g.n();
    if n < 3 {
        return u64::from(n == 1);
    }
    let mut rest: Vec<usize> = (1..n).collect();
    let mut found = 0;
    permutations(&mut rest, 0, &mut |order| {
        let mut previous = 0;
        let closes = order.iter().all(|&v| {
            let ok = g.has_edge(previous, v);
            previous = v;
            ok
        }) && g.has_edge(previous, 0);
        found += u64::from(closes);
    });
    found / 2
}

/// Whether `g` has a Hamiltonian path, by trying every order of its vertices.
fn brute_traceable(g: &SmallGraph) -> bool {
    let mut all: Vec<usize> = (0..g.n()).collect();
    let mut any = false;
    permutations(&mut all, 0, &mut |order| {
        any |= order.windows(2).all(|w| g.has_edge(w[0], w[1]));
    });
    any && g.n() > 0
}

fn permutations(items: &mut [usize], k: usize, visit: &mut impl FnMut(&[usize])) {
    if k == items.len() {
        visit(items);
        return;
    }
    for i in k..items.len() {
        items.swap(k, i);
        permutations(items, k + 1, visit);
        items.swap(k, i);
    }
}

/// The graph whose edges are the bits of `code` (pairs in a fixed order).
fn labelled(n: usize, code: u64) -> SmallGraph {
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|v| (0..v).map(move |u| (u, v))).collect();
    let edges: Vec<(usize, usize)> = members(code).map(|i| pairs[i]).collect();
    SmallGraph::from_edges(n, &edges).unwrap()
}

/// Checks that `order` is a Hamiltonian cycle (or path) of `g`.
fn is_walk(g: &SmallGraph, order: &[usize], closed: bool) -> bool {
    let mut seen = vec![false; g.n()];
    for &v in order {
        if v >= g.n() || std::mem::replace(&mut seen[v], true) {
            return false;
        }
    }
    let steps = order.windows(2).all(|w| g.has_edge(w[0], w[1]));
    let wraps = !closed || order.len() < 3 || g.has_edge(order[0], order[order.len() - 1]);
    order.len() == g.n() && steps && wraps
}

fn check_against_brute_force(g: &SmallGraph) {
    let limits = Limits::default();
    let cycles = brute_cycles(g);
    match hamiltonian_cycle(g, limits) {
        Answer::Yes(order) => assert!(cycles > 0 && is_walk(g, &order, true), "{g:?}"),
        Answer::No(why) => assert_eq!(cycles, 0, "{g:?}: {why:?}"),
        Answer::Undecided => panic!("undecided: {g:?}"),
    }
    if g.n() >= 3 {
        match search::cycle(g, u64::MAX) {
            search::Outcome::Found(order) => assert!(is_walk(g, &order, true)),
            other => assert_eq!((cycles, other), (0, search::Outcome::Exhausted), "{g:?}"),
        }
        match dp::cycle(g) {
            Some(order) => assert!(is_walk(g, &order, true)),
            None => assert_eq!(cycles, 0, "{g:?}"),
        }
        assert_eq!(search::count(g, u64::MAX), Some(cycles), "{g:?}");
    }
    assert_eq!(count::cycles(g, limits), Some(cycles), "{g:?}");
    let path = brute_traceable(g);
    match traceable(g, limits) {
        Answer::Yes(order) => assert!(path && is_walk(g, &order, false), "{g:?}: {order:?}"),
        Answer::No(why) => assert!(!path, "{g:?}: {why:?}"),
        Answer::Undecided => panic!("undecided: {g:?}"),
    }
}

#[test]
fn every_labelled_graph_up_to_six_vertices_agrees_with_brute_force() {
    for n in 0..=6 {
        for code in 0..1u64 << (n * (n.max(1) - 1) / 2) {
            check_against_brute_force(&labelled(n, code));
        }
    }
}

#[test]
fn random_graphs_up_to_eleven_vertices_agree_with_the_program_and_the_count() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..600 {
        let n = 7 + (next() % 5) as usize;
        let density = 20 + next() % 60;
        let mut g = SmallGraph::new(n).unwrap();
        for v in 0..n {
            for u in 0..v {
                if next() % 100 < density {
                    g.add_edge(u, v);
                }
            }
        }
        let program = dp::cycle(&g);
        let counted = count::cycles(&g, Limits::default()).unwrap();
        assert_eq!(search::count(&g, u64::MAX), Some(counted), "{g:?}");
        match hamiltonian_cycle(&g, Limits::default()) {
            Answer::Yes(order) => assert!(is_walk(&g, &order, true) && program.is_some()),
            Answer::No(_) => assert!(program.is_none() && counted == 0, "{g:?}"),
            Answer::Undecided => panic!("undecided: {g:?}"),
        }
    }
}

#[test]
fn closed_forms_complete_graphs_cycles_and_the_petersen_graph() {
    // K_n has (n-1)!/2 Hamiltonian cycles.
    let mut factorial = 1u64;
    for n in 3..=20 {
        factorial *= (n - 1) as u64;
        let edges: Vec<_> = (0..n).flat_map(|v| (0..v).map(move |u| (u, v))).collect();
        let k = SmallGraph::from_edges(n, &edges).unwrap();
        if n <= crate::count::COUNT_DP_VERTICES {
            assert_eq!(
                count::cycles(&k, Limits::default()),
                Some(factorial / 2),
                "K{n}"
            );
        } else {
            assert_eq!(
                count::cycles(&k, Limits::default()),
                None,
                "K{n} within the limit"
            );
        }
        assert!(matches!(
            hamiltonian_cycle(&k, Limits::default()),
            Answer::Yes(_)
        ));
    }
    let petersen = SmallGraph::from_edges(
        10,
        &[
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 0),
            (0, 5),
            (1, 6),
            (2, 7),
            (3, 8),
            (4, 9),
            (5, 7),
            (7, 9),
            (9, 6),
            (6, 8),
            (8, 5),
        ],
    )
    .unwrap();
    assert!(matches!(
        hamiltonian_cycle(&petersen, Limits::default()),
        Answer::No(_)
    ));
    assert!(matches!(
        traceable(&petersen, Limits::default()),
        Answer::Yes(_)
    ));
    // Hypohamiltonian: each vertex-deleted subgraph has a cycle through its 9 vertices.
    for v in 0..10 {
        let rest: Vec<(usize, usize)> = petersen
            .edges()
            .into_iter()
            .filter(|&(a, b)| a != v && b != v)
            .map(|(a, b)| (a - usize::from(a > v), b - usize::from(b > v)))
            .collect();
        match hamiltonian_cycle(
            &SmallGraph::from_edges(9, &rest).unwrap(),
            Limits::default(),
        ) {
            Answer::Yes(cycle) => assert_eq!(cycle.len(), 9),
            other => panic!("{v}: {other:?}"),
        }
    }
    // The cycle C_n: one Hamiltonian cycle; the path P_n: none, but traceable.
    for n in 3..=64 {
        let ring: Vec<_> = (0..n).map(|v| (v, (v + 1) % n)).collect();
        let c = SmallGraph::from_edges(n, &ring).unwrap();
        assert_eq!(count::cycles(&c, Limits::default()), Some(1), "C{n}");
        let p = SmallGraph::from_edges(n, &ring[..n - 1]).unwrap();
        assert!(matches!(
            hamiltonian_cycle(&p, Limits::default()),
            Answer::No(_)
        ));
        let path = traceable(&p, Limits::default());
        if n < 64 {
            assert!(matches!(path, Answer::Yes(_)), "P{n}");
        } else {
            // No room for the vertex joined to all: the SAT portfolio's.
            assert_eq!(path, Answer::Undecided);
        }
    }
}
