//! nauty's graph6 and sparse6 files as puzzles (`fixtures/graphs/classic/petersen.g6` and
//! `dodecahedron.s6`): one graph a file, a Hamiltonian cycle problem; a file of several graphs
//! and a malformed line are bad input (exit status 2) at their line and column.

use crate::common::{fixture, json_of, pathsat, solve_refuses_file};
use std::collections::HashSet;

#[test]
fn the_petersen_graph_in_graph6_has_no_hamiltonian_cycle() {
    let file = fixture("graphs/classic/petersen.g6");
    let file = file.to_str().unwrap();
    let report = json_of(&["solve", file]);
    assert_eq!(report["status"], "unsat");
    assert_eq!(report["complete"], true);
    let out = pathsat().args(["solve", file]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.starts_with("petersen (10 vertices, 15 edges, closed)"),
        "{text}"
    );
    assert!(text.contains("0 Hamiltonian cycles"), "{text}");
}

/// The edges of `dodecahedron.col`, numbered from 1: the same graph as `dodecahedron.s6`.
fn dodecahedron_edges() -> HashSet<(u64, u64)> {
    let text = std::fs::read_to_string(fixture("graphs/dodecahedron.col")).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("e "))
        .map(|e| {
            let (u, v) = e.split_once(' ').unwrap();
            let (u, v): (u64, u64) = (u.parse().unwrap(), v.parse().unwrap());
            (u.min(v), u.max(v))
        })
        .collect()
}

#[test]
fn the_dodecahedron_in_sparse6_is_solved_on_its_own_edges() {
    let file = fixture("graphs/classic/dodecahedron.s6");
    let report = json_of(&["solve", file.to_str().unwrap()]);
    assert_eq!(report["status"], "sat");
    let order: Vec<u64> = report["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(order.len(), 20);
    assert_eq!(order.iter().collect::<HashSet<_>>().len(), 20);
    let edges = dodecahedron_edges();
    assert_eq!(edges.len(), 30);
    for (i, &a) in order.iter().enumerate() {
        let b = order[(i + 1) % order.len()];
        assert!(edges.contains(&(a.min(b), a.max(b))), "{a}-{b}");
    }
    // Counted: 30 cycles, each from 20 starts in 2 directions.
    let report = json_of(&["count", file.to_str().unwrap()]);
    assert_eq!(report["count"], 1200);
}

/// Bad input, each one line naming the file, line and column; exit status 2.
#[test]
fn malformed_graph6_files_are_one_line_at_their_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "short.g6",
            "IheA@GU\n",
            "short.g6:1:8: the line ends after 6 bytes of edges: a graph6 graph of 10 vertices \
             has 8",
        ),
        (
            "space.g6",
            ">>graph6<<IheA @GUAo\n",
            "space.g6:1:15: a space is not a graph6 character",
        ),
        (
            "several.g6",
            "IheA@GUAo\n\nIheA@GUAo\n",
            "several.g6:3:1: a second graph: the file holds several graphs, and a puzzle file \
             is one graph (`pathsat hamg` reads streams of graphs)",
        ),
        (
            "directed.s6",
            "&DI?AO?\n",
            "directed.s6:1:1: digraph6 (a line starting with '&' is a directed graph)",
        ),
        (
            "long.s6",
            ":I`ES@obGkqegW~~\n",
            "long.s6:1:15: the edges go past the last vertex",
        ),
    ];
    for (name, content, expected) in cases {
        solve_refuses_file(&dir.path().join(name), content, expected);
    }
}
