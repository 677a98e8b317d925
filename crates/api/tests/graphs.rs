//! The SAT portfolio against the exact small-graph method, graph by graph: every labelled
//! graph up to 5 vertices, and (with nauty's `geng`) every graph of 6 and 7 vertices (of 8 in
//! `just test-long`). The two share no code: the SAT side encodes a graph puzzle and solves it
//! with the embedded solver.

use pathsat_api::graphs::{decide, Fallback, Limits, Property, SatFallback, Settings, Verdict};
use pathsat_api::Cancel;
use pathsat_hamilton::{hamiltonian_cycle, traceable, Answer, SmallGraph};

/// Checks one graph: the fallback's cycle and path answers agree with the exact method's, and
/// the fallback's count of cycles with the exact count.
fn agree(n: usize, edges: &[(usize, usize)], sat: &SatFallback) {
    let g = SmallGraph::from_edges(n, edges).unwrap();
    let exact_cycle = matches!(hamiltonian_cycle(&g, Limits::default()), Answer::Yes(_));
    let exact_path = matches!(traceable(&g, Limits::default()), Answer::Yes(_));
    let sat_cycle = sat.hamiltonian(n, edges, true).unwrap();
    let sat_path = sat.hamiltonian(n, edges, false).unwrap();
    // The graphs of one and two vertices are the exact method's alone (OEIS A003216 counts
    // the one vertex as Hamiltonian; a tour puzzle's closing move needs an edge).
    if n >= 3 {
        assert_eq!(sat_cycle.is_some(), exact_cycle, "cycle: {n} {edges:?}");
    }
    assert_eq!(sat_path.is_some(), exact_path, "path: {n} {edges:?}");
    if n >= 3 {
        let settings = Settings {
            property: Property::Cycle,
            count: true,
            limits: Limits::default(),
            certify: None,
        };
        let exact = decide(n, edges, &settings, sat).unwrap();
        assert_eq!(exact.verdict == Verdict::Has, exact_cycle);
        assert_eq!(
            Some(sat.count_cycles(n, edges).unwrap()),
            exact.count,
            "{edges:?}"
        );
    }
}

#[test]
fn sat_agrees_with_the_exact_method_on_every_labelled_graph_up_to_five_vertices() {
    let sat = SatFallback::new(None, Cancel::new());
    for n in 1..=5usize {
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|v| (0..v).map(move |u| (u, v))).collect();
        for code in 0..1u32 << pairs.len() {
            let edges: Vec<_> = (0..pairs.len())
                .filter(|i| code >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            agree(n, &edges, &sat);
        }
    }
}

#[test]
fn sat_agrees_with_the_exact_method_on_every_graph_of_six_and_seven_vertices() {
    every_graph_of(&["6", "7"]);
}

/// The 12,346 graphs of 8 vertices: about a minute in a release build (`just test-long`).
#[test]
#[ignore = "a minute in a release build: just test-long"]
fn sat_agrees_with_the_exact_method_on_every_graph_of_eight_vertices() {
    every_graph_of(&["8"]);
}

/// Every graph `geng` writes of these numbers of vertices, through [`agree`].
fn every_graph_of(sizes: &[&str]) {
    let sat = SatFallback::new(None, Cancel::new());
    for &n in sizes {
        let out = match std::process::Command::new("nauty-geng")
            .args(["-q", n])
            .output()
        {
            Ok(out) => out.stdout,
            Err(e) => {
                assert!(
                    std::env::var_os("PATHSAT_REQUIRE_NAUTY").is_none(),
                    "nauty-geng: {e}"
                );
                eprintln!("skipped: nauty-geng is not installed ({e})");
                return;
            }
        };
        let mut edges = Vec::new();
        for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let decoded = pathsat_api::graphs::graph6::decode_into(line, &mut edges).unwrap();
            agree(decoded.n, &edges, &sat);
        }
    }
}
