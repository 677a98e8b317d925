//! `pathsat hamg`, the filter over graph6/sparse6 streams, end to end: standard input to
//! standard output as nauty's filters, the header, -v, --count, --json, malformed lines, the
//! SAT portfolio for graphs of more than 64 vertices, and certificates of "no".

use crate::common::{fixture, pathsat};
use pathsat_api::graphs::graph6::{encode_graph6, encode_sparse6};
use std::path::Path;

/// The Petersen graph (not Hamiltonian, traceable, hypohamiltonian), K4 (three Hamiltonian
/// cycles), the path on 4 vertices (traceable only) and the 5-cycle.
const PETERSEN: &str = "IheA@GUAo";
const K4: &str = "C~";
const P4: &str = "Ch";
const C5: &str = "Dhc";

/// Runs `pathsat hamg ARGS` on `input`: (status, stdout, stderr).
fn hamg(args: &[&str], input: &str) -> (i32, String, String) {
    let out = pathsat()
        .arg("hamg")
        .args(args)
        .write_stdin(input)
        .output()
        .expect("pathsat runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn keeps_the_hamiltonian_graphs_unchanged_and_in_order() {
    let input = format!("{PETERSEN}\n{K4}\n{P4}\n{C5}\n");
    let (status, out, err) = hamg(&[], &input);
    assert_eq!(status, 0, "{err}");
    assert_eq!(out, format!("{K4}\n{C5}\n"));
    assert!(
        err.starts_with(">Z 4 graphs read from stdin; 2 hamiltonian, 2 not; 2 written to stdout;"),
        "{err}"
    );
    let (_, out, _) = hamg(&["-v"], &input);
    assert_eq!(out, format!("{PETERSEN}\n{P4}\n"));
    let (_, out, _) = hamg(&["-p"], &input);
    assert_eq!(out, input, "all four are traceable");
    let (_, out, _) = hamg(&["--hypo", "-q"], &input);
    assert_eq!(out, format!("{PETERSEN}\n"));
    let (_, out, err) = hamg(&["-u", "-q"], &input);
    assert_eq!((out.as_str(), err.as_str()), ("", ""));
}

#[test]
fn a_header_is_repeated_and_sparse6_is_read() {
    let k4 = encode_sparse6(4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
    let input = format!(">>graph6<<{PETERSEN}\n{K4}\n");
    let (_, out, _) = hamg(&["-q"], &input);
    assert_eq!(out, format!(">>graph6<<{K4}\n"));
    let (_, out, _) = hamg(&["-q"], &format!("{k4}\n{PETERSEN}\n"));
    assert_eq!(out, format!("{k4}\n"));
}

#[test]
fn counts_and_json() {
    let (_, out, _) = hamg(&["-c", "-q"], &format!("{K4}\n{C5}\n{PETERSEN}\n"));
    assert_eq!(out, format!("{K4} 3\n{C5} 1\n"));
    let (_, out, _) = hamg(&["--json", "-c", "-v", "-q"], &format!("{K4}\n{P4}\n"));
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["line"], 2);
    assert_eq!(record["graph"], P4);
    assert_eq!(record["verdict"], "lacks");
    assert_eq!(record["count"], "0");
    assert_eq!(record["reason"], "vertex 1 has degree below 2");
    let (_, out, _) = hamg(&["--json", "-q"], &format!("{K4}\n"));
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let mut cycle: Vec<u64> = record["cycle"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    cycle.sort_unstable();
    assert_eq!(cycle, [1, 2, 3, 4]);
}

#[test]
fn a_malformed_line_is_an_error_at_its_line_unless_skipped() {
    let input = format!("{K4}\n{C5}\nC~~\n{PETERSEN}\n");
    let (status, out, err) = hamg(&[], &input);
    assert_eq!(status, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("pathsat: error: stdin:3:"), "{err}");
    // What came before the bad line was written.
    assert_eq!(out, format!("{K4}\n{C5}\n"));
    let (status, out, err) = hamg(&["--skip-malformed"], &input);
    assert_eq!(status, 0);
    assert_eq!(out, format!("{K4}\n{C5}\n"));
    assert!(err.contains("; 1 malformed lines skipped;"), "{err}");
    let (status, _, err) = pathsat()
        .args(["hamg", "no/such/file.g6"])
        .output()
        .map(|o| {
            (
                o.status.code(),
                (),
                String::from_utf8(o.stdout).unwrap() + &String::from_utf8(o.stderr).unwrap(),
            )
        })
        .unwrap();
    assert_eq!(status, Some(2));
    assert!(
        err.contains("no/such/file.g6: cannot read the file"),
        "{err}"
    );
}

/// The graph6 line of a graph file of the fixtures.
fn graph6_of(path: &Path) -> String {
    let puzzle = pathsat_puzzle::parse_file(path).unwrap();
    let arcs = puzzle.moves().arcs().unwrap();
    let edges: Vec<(usize, usize)> = (0..puzzle.n_cells())
        .flat_map(|u| puzzle.successors(u).iter().map(move |&v| (u, v)))
        .filter(|&(u, v)| u < v)
        .collect();
    assert_eq!(edges.len(), arcs.n_edges());
    encode_graph6(puzzle.n_cells(), &edges)
}

#[test]
fn graphs_of_more_than_64_vertices_go_to_the_sat_portfolio() {
    // GP(48, 2) has a Hamiltonian cycle; the flower snark J17 (68 vertices) has none.
    let hamiltonian = graph6_of(&fixture("graphs/classic/gp-48-2.hcp"));
    let snark = graph6_of(&fixture("graphs/classic/flower-snark-j17.hcp"));
    let (status, out, err) = hamg(&["--json", "-v"], &format!("{hamiltonian}\n{snark}\n"));
    assert_eq!(status, 0, "{err}");
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (record["line"].as_u64(), record["proved_by"].as_str()),
        (Some(2), Some("sat"))
    );
    assert!(
        err.contains("2 graphs read from stdin; 1 hamiltonian, 1 not"),
        "{err}"
    );
}

#[test]
fn every_no_leaves_a_certificate_the_checker_accepts() {
    let dir = tempfile_dir("hamg-certify");
    let input = format!("{K4}\n{PETERSEN}\n");
    let (status, out, err) = hamg(&["-v", "--certify", dir.to_str().unwrap()], &input);
    assert_eq!(status, 0, "{err}");
    assert_eq!(out, format!("{PETERSEN}\n"));
    let certificate = dir.join("line-2");
    assert!(
        certificate.join("proof.drat").is_file(),
        "{}",
        certificate.display()
    );
    assert!(!dir.join("line-1").exists());
    pathsat()
        .args(["check-certificate", certificate.to_str().unwrap()])
        .assert()
        .success();
    std::fs::remove_dir_all(&dir).unwrap();
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pathsat-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn export_writes_a_puzzles_graph_as_one_graph6_or_sparse6_line() {
    // The dodecahedron has 30 Hamiltonian cycles; GP(11, 2) none.
    let out = pathsat()
        .args([
            "export",
            fixture("graphs/dodecahedron.col").to_str().unwrap(),
            "--to",
            "graph6",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let line = String::from_utf8(out.stdout).unwrap();
    let (_, counted, _) = hamg(&["-c", "-q"], &line);
    assert_eq!(counted, format!("{} 30\n", line.trim()));
    let out = pathsat()
        .args([
            "export",
            fixture("graphs/classic/gp-11-2.hcp").to_str().unwrap(),
            "--to",
            "sparse6",
        ])
        .output()
        .unwrap();
    let line = String::from_utf8(out.stdout).unwrap();
    assert!(line.starts_with(':'), "{line}");
    let (_, out, err) = hamg(&["-v"], &line);
    assert_eq!(out, line);
    assert!(
        err.contains("1 graphs read from stdin; 0 hamiltonian, 1 not"),
        "{err}"
    );
    // A puzzle with givens says more than its graph: refused in one line.
    let out = pathsat()
        .args([
            "export",
            fixture("seeds/hidato-188.toml").to_str().unwrap(),
            "--to",
            "graph6",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1);
    assert!(
        err.contains("hidato-188.toml: the puzzle has givens or marked cells"),
        "{err}"
    );
}
