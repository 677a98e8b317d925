//! Every complete successor encoding on a graph far too wide for some of them: a random cubic
//! graph of 10,000 vertices. Each encoding either writes its file (binary, crt: about two
//! million clauses) or is refused before anything is written, on one line that names the size
//! it would write and the encodings that fit, with exit status 2, wherever an encoding is
//! chosen: `export`, `solve`, `compare` and `lab` (the web API's routes are tested in
//! crates/routes/tests). The frontier rule's size comes from its sweep alone: built, it would
//! be some 150 billion clauses (a run once grew to 2.3 GB in 5 minutes without writing one).

use crate::common::{json_of, pathsat, random_cubic_hcp};
use std::path::Path;

/// What each complete encoding does with the graph: write it, or refuse it (by the size
/// formulas of `crates/encode/src/subtours`: unary 699,720,030 clauses, closure 299,910,006,
/// the elimination past 20 million when its trial run stops, the frontier's sweep billions).
const EXPECTED: [(&str, bool); 6] = [
    ("successor-unary", false),
    ("successor-binary", true),
    ("successor-crt", true),
    ("successor-closure", false),
    ("successor-elimination", false),
    ("successor-frontier", false),
];

/// The refusal's one line, as every command words it.
fn assert_refused(stderr: &[u8], encoding: &str) {
    let text = String::from_utf8_lossy(stderr);
    let rule = encoding.trim_start_matches("successor-");
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains(&format!(
            "cubic.hcp: the {rule} rule against subtours would write at least"
        )),
        "{text}"
    );
    assert!(
        text.trim_end()
            .ends_with("use --encoding successor-binary, successor-crt or successor"),
        "{text}"
    );
}

fn write_graph(dir: &Path) -> String {
    let path = dir.join("cubic.hcp");
    std::fs::write(&path, random_cubic_hcp(10_000, 1)).unwrap();
    path.display().to_string()
}

#[test]
fn every_complete_encoding_exports_a_wide_graph_or_refuses_it_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let graph = write_graph(dir.path());
    for (encoding, writes) in EXPECTED {
        let cnf = dir.path().join(format!("{encoding}.cnf"));
        let out = pathsat()
            .args(["export", &graph, "--encoding", encoding, "-o"])
            .arg(&cnf)
            .output()
            .unwrap();
        if writes {
            assert!(out.status.success(), "{encoding}: {out:?}");
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(text.contains(&format!("{encoding} encoding")), "{text}");
            std::fs::remove_file(&cnf).unwrap();
        } else {
            assert_eq!(out.status.code(), Some(2), "{encoding}: {out:?}");
            assert_refused(&out.stderr, encoding);
            assert!(!cnf.exists(), "{encoding} wrote a file it refused");
        }
    }
}

#[test]
fn solve_and_compare_refuse_the_frontier_rule_and_lab_reports_it() {
    let dir = tempfile::tempdir().unwrap();
    let graph = write_graph(dir.path());
    // `solve` races the edge loop beside the encoding asked for on such a graph: the refusal
    // comes before the race, so no other member answers in the frontier rule's name.
    for command in ["solve", "compare"] {
        let out = pathsat()
            .args([command, &graph, "--encoding", "successor-frontier"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}: {out:?}");
        assert_refused(&out.stderr, "successor-frontier");
    }
    let rows = json_of(&["lab", &graph, "--encodings", "successor-frontier"]);
    let refused = rows[0]["refused"].as_str().unwrap();
    assert!(
        refused.starts_with("the frontier rule against subtours would write at least"),
        "{refused}"
    );
}
