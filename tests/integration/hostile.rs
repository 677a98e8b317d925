//! Hostile input: every malformed file of `tests/hostile/` is refused with one clear line, exit
//! status 2 and no panic; every impossible puzzle of `tests/impossible/` is an answer (unsat,
//! count 0, exit 0), certified as such.

use crate::common::{pathsat, tests_dir};
use predicates::prelude::*;

fn expectations() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(tests_dir().join("hostile/expected.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (file, expected) = l.split_once('\t').expect("file<TAB>expected");
            (file.to_string(), expected.to_string())
        })
        .collect()
}

#[test]
fn every_malformed_file_is_one_clear_line() {
    let cases = expectations();
    assert!(cases.len() >= 30, "{} cases", cases.len());
    let dir = tests_dir().join("hostile");
    // Every file in the directory is in the list, and the other way round.
    let mut listed: Vec<&str> = cases.iter().map(|(f, _)| f.as_str()).collect();
    listed.sort_unstable();
    let mut present: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "expected.txt" && n != "README.md")
        .collect();
    present.sort();
    assert_eq!(listed, present);
    for (file, expected) in &cases {
        for command in ["solve", "count"] {
            let out = pathsat()
                .current_dir(&dir)
                .args([command, file])
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{command} {file}: {stderr}");
            assert!(
                out.stdout.is_empty(),
                "{command} {file}: nothing printed as an answer"
            );
            assert_eq!(stderr.lines().count(), 1, "{command} {file}: {stderr}");
            assert!(
                stderr.starts_with(&format!("pathsat: error: {file}")),
                "{command} {file}: {stderr}"
            );
            assert!(
                stderr.contains(expected.as_str()),
                "{command} {file}: expected {expected:?} in {stderr}"
            );
            assert!(!stderr.contains("panicked"));
        }
    }
}

/// More than a million positions: refused while reading, before any large structure exists.
#[test]
fn enormous_grids_are_refused_while_reading() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("enormous.toml");
    let row = vec!["."; 1001].join(" ");
    let grid = vec![row.as_str(); 1000].join("\n");
    std::fs::write(
        &file,
        format!("moves = \"rook\"\ngrid = \"\"\"\n{grid}\n\"\"\"\n"),
    )
    .unwrap();
    pathsat()
        .args(["count", file.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "enormous.toml:1002:1: the grid has more than 1000000 entries",
        ));
}

#[test]
fn impossible_puzzles_are_answers_not_errors() {
    let dir = tests_dir().join("impossible");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 9);
    for file in files {
        let path = file.to_str().unwrap();
        pathsat().args(["solve", path]).assert().success().stdout(
            predicate::str::is_match("unsat: no (filling|trail) solves the puzzle").unwrap(),
        );
        for extra in [&[][..], &["--certify"][..]] {
            let out = pathsat()
                .args(["count", path, "--format", "json"])
                .args(extra)
                .assert()
                .success();
            let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
            assert_eq!(
                (
                    v["status"].as_str(),
                    v["count"].as_u64(),
                    v["complete"].as_bool()
                ),
                (Some("unsat"), Some(0), Some(true)),
                "{path} {extra:?}"
            );
            if !extra.is_empty() {
                assert_eq!(v["certified"], true, "{path}");
                assert_eq!(v["certificate"]["answer"], "no solution", "{path}");
            }
        }
    }
}
