//! The complete successor encodings from the command line (`--encoding successor-crt` and the
//! others: counts equal to the fixtures' published or brute-force `[expect]`, exports that
//! kissat and CaDiCaL answer with a model `decode` accepts) and `pathsat lab` (its table,
//! CSV, chart, refusals and exit status).

use crate::common::{fixture, json_of, pathsat};

/// A fixture's path as a string, for argument lists.
fn at(path: &str) -> String {
    fixture(path).display().to_string()
}

const COMPLETE: [&str; 6] = [
    "successor-unary",
    "successor-binary",
    "successor-crt",
    "successor-closure",
    "successor-elimination",
    "successor-frontier",
];

#[test]
fn every_complete_encoding_counts_the_fixtures() {
    for (file, count) in [
        ("small/king-3x4-closed.toml", 2880),
        ("graphs/petersen-path.toml", 240),
        ("graphs/cube-from-a-corner.toml", 18),
        ("graphs/k34-path.toml", 144),
    ] {
        for encoding in COMPLETE {
            let v = json_of(&[
                "count",
                &at(file),
                "--encoding",
                encoding,
                "--method",
                "enumerate",
            ]);
            assert_eq!(v["count"], count, "{file} {encoding}");
            assert_eq!(v["complete"], true);
            assert_eq!(v["verified"], true);
            assert_eq!(v["encoding"]["name"], "successor");
            assert_eq!(v["encoding"]["subtours"], &encoding["successor-".len()..]);
        }
    }
}

#[test]
fn a_complete_export_says_so_and_projects_on_the_arcs() {
    let out = pathsat()
        .args([
            "export",
            &at("graphs/dodecahedron.col"),
            "--encoding",
            "successor-crt",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let comments: Vec<&str> = text.lines().filter(|l| l.starts_with("c ")).collect();
    assert_eq!(comments[0], "c t pmc");
    assert!(comments[1].contains("complete: subtours ruled out by the crt rule"));
    assert!(comments.contains(&"c options encoding=successor-crt exactly-one=hybrid"));
    // 30 edges, 60 arcs: the projection is the arc variables 1..60.
    let show: Vec<&str> = comments
        .iter()
        .find(|c| c.starts_with("c p show"))
        .unwrap()
        .split_whitespace()
        .skip(3)
        .collect();
    let expected: Vec<String> = (1..=60)
        .map(|v| v.to_string())
        .chain(["0".into()])
        .collect();
    assert_eq!(show, expected);
}

#[test]
fn lab_table_csv_and_chart() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("lab.csv");
    let svg = dir.path().join("lab.svg");
    let out = pathsat()
        .args([
            "lab",
            &at("graphs/petersen.hcp"),
            &at("graphs/dodecahedron.col"),
            "--encodings",
            "successor,successor-crt,successor-elimination,successor-unary",
            "--solvers",
            "varisat",
            "--timeout",
            "20",
            "--format",
            "json",
            "--csv",
            csv.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2 * 4);
    for row in rows {
        let file = row["file"].as_str().unwrap();
        assert!(row["refused"].is_null(), "{row}");
        let status = &row["solvers"][0]["status"];
        if file.ends_with("petersen.hcp") {
            assert_eq!(status, "unsat", "{row}");
        } else {
            assert_eq!(status, "sat", "{row}");
            assert_eq!(row["solvers"][0]["valid"], true);
        }
        assert!(row["variables"].as_u64().unwrap() > 0);
    }
    // One CSV row per file, encoding and solver.
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count(), 1 + 8);
    let chart = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&chart).unwrap();
    let points = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("point"))
        .count();
    assert_eq!(points, 8);
}

#[test]
fn lab_reports_an_encoding_too_large_as_refused() {
    // 2,500 cells, 19,600 arcs: the unary positions would take about 98 million clauses.
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("lab.csv");
    let v = json_of(&[
        "lab",
        &at("large/knight-50x50-closed.toml"),
        "--encodings",
        "successor-unary",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    let refused = v[0]["refused"].as_str().unwrap();
    assert!(
        refused.starts_with("the unary rule against subtours would write at least"),
        "{refused}"
    );
    assert_eq!(v[0]["solvers"].as_array().unwrap().len(), 0);
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.lines().nth(1).unwrap().contains(",successor-unary,"));
    assert!(text.lines().nth(1).unwrap().contains(",refused,"));
}

#[test]
fn lab_runs_external_solvers_only_on_complete_files() {
    // A solver that is not installed is reported absent; the lazy encoding is not given to it.
    let out = pathsat()
        .args([
            "lab",
            &at("graphs/petersen.hcp"),
            "--encodings",
            "successor,successor-binary",
            "--solvers",
            "varisat,no-such-solver-here",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let table = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("file"), "{table}");
    assert!(
        lines[1].contains(" successor ") && lines[1].ends_with("n/a"),
        "{table}"
    );
    assert!(
        lines[2].contains("successor-binary") && lines[2].ends_with("absent"),
        "{table}"
    );
    assert!(lines[2].contains("unsat "), "{table}");
}

#[test]
fn lab_refuses_a_bad_encoding_name() {
    let out = pathsat()
        .args([
            "lab",
            &at("graphs/petersen.hcp"),
            "--encodings",
            "succesor-crt",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("successor-crt"));
}
