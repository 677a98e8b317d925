//! The classic graphs of Hamiltonicity testing (`fixtures/graphs/classic/`, written by
//! `benches/graphs.py`): the non-Hamiltonian ones proved so by `solve` through the frontier
//! program — GP(n, 2) for n = 5 mod 6 (Alspach 1983), the flower snarks (Isaacs 1975), the Tutte
//! graph (Tutte 1946) — and the Hamiltonian GP(n, 2) still solved, each cycle checked here
//! against the file's own edges.

use crate::common::{fixture, json_of, json_of_command, pathsat, pathsat_without_sweep};
use std::collections::HashSet;
use std::path::PathBuf;

fn classic(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../fixtures/graphs/classic/{name}.hcp"))
}

/// The edges of an HCP edge list, read here without pathsat.
fn edges(name: &str) -> HashSet<(u64, u64)> {
    let text = std::fs::read_to_string(classic(name)).unwrap();
    let section = text.split("EDGE_DATA_SECTION").nth(1).unwrap();
    let numbers: Vec<i64> = section
        .split_whitespace()
        .map_while(|t| t.parse().ok())
        .take_while(|&v| v != -1)
        .collect();
    numbers
        .chunks(2)
        .map(|p| (p[0].min(p[1]) as u64, p[0].max(p[1]) as u64))
        .collect()
}

#[test]
fn non_hamiltonian_graphs_are_proved_so_without_a_solver_call() {
    let mut names: Vec<String> = [11, 17, 23, 29, 47, 95]
        .iter()
        .map(|n| format!("gp-{n}-2"))
        .collect();
    names.extend((5..=21).step_by(2).map(|n| format!("flower-snark-j{n}")));
    names.push("tutte".into());
    for name in &names {
        let file = classic(name);
        let report = json_of(&["solve", file.to_str().unwrap()]);
        assert_eq!(report["status"], "unsat", "{name}");
        assert_eq!(report["complete"], true, "{name}");
        assert_eq!(report["stats"]["solver_calls"], 0, "{name}");
        let reason = report["reason"].as_str().unwrap();
        assert!(
            reason.contains("frontier program counts 0 Hamiltonian cycles"),
            "{name}: {reason}"
        );
    }
}

#[test]
fn hamiltonian_petersen_graphs_are_still_solved() {
    for n in [18, 48, 96] {
        let name = format!("gp-{n}-2");
        let report = json_of(&["solve", classic(&name).to_str().unwrap()]);
        assert_eq!(report["status"], "sat", "{name}");
        let order: Vec<u64> = report["order"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let graph = edges(&name);
        assert_eq!(order.len(), 2 * n);
        assert_eq!(order.iter().collect::<HashSet<_>>().len(), 2 * n);
        for (i, &a) in order.iter().enumerate() {
            let b = order[(i + 1) % order.len()];
            assert!(graph.contains(&(a.min(b), a.max(b))), "{name}: {a}-{b}");
        }
    }
}

#[test]
fn a_certified_run_proves_it_by_the_sweep_or_the_cut_loop() {
    // The frontier program's count is no clausal proof: --certify has the frontier sweep write
    // its refutation as DRAT lemmas (no solver call), or, without it, the cut loop prove it
    // with cuts; both are checked. (The Petersen graph, the smallest snark.)
    let petersen = fixture("graphs/petersen.hcp");
    for (sweep, rule, calls) in [(true, Some("frontier"), 0), (false, None, 1)] {
        let command = if sweep {
            pathsat()
        } else {
            pathsat_without_sweep()
        };
        let report = json_of_command(command, &["solve", petersen.to_str().unwrap(), "--certify"]);
        assert_eq!(report["status"], "unsat");
        assert_eq!(report["certified"], true);
        assert_eq!(report["certificate"]["answer"], "no Hamiltonian cycle");
        assert_eq!(report["encoding"]["subtours"].as_str(), rule);
        let solver_calls = report["stats"]["solver_calls"].as_u64().unwrap();
        assert_eq!(solver_calls.min(1), calls, "sweep: {sweep}");
    }
}
