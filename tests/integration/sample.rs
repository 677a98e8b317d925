//! `pathsat sample` end to end: samples that `check` accepts, a seed that repeats them with any
//! `--jobs`, the count it drew from, enumeration where the frontier program does not apply, and
//! one-line errors with exit status 2.

use crate::common::{fixture, json_of, pathsat};
use predicates::prelude::*;

#[test]
fn samples_are_solutions_that_check_accepts_and_a_seed_repeats_them() {
    let file = fixture("small/rook-5x5.toml");
    let file = file.to_str().unwrap();
    let report = json_of(&["sample", file, "-n", "4", "--seed", "11"]);
    assert_eq!(report["status"], "sat");
    assert_eq!(report["count"], 8648, "OEIS A096969(5)");
    assert_eq!(report["seed"], 11);
    assert_eq!(report["method"], "frontier-dp");
    assert_eq!(report["verified"], true);
    let samples = report["samples"].as_array().unwrap();
    assert_eq!(samples.len(), 4);
    // Each sample passes the independent checker.
    let dir = tempfile::tempdir().unwrap();
    let answers = dir.path().join("samples.json");
    std::fs::write(&answers, serde_json::to_string(samples).unwrap()).unwrap();
    pathsat()
        .args(["check", file])
        .arg(&answers)
        .assert()
        .success();
    // The same seed with one thread: the same samples.
    let again = json_of(&["sample", file, "-n", "4", "--seed", "11", "--jobs", "1"]);
    assert_eq!(again["samples"], report["samples"]);
    let other = json_of(&["sample", file, "-n", "4", "--seed", "12"]);
    assert_ne!(other["samples"], report["samples"]);
}

#[test]
fn text_svg_and_a_drawn_seed() {
    let file = fixture("small/king-3x4-closed.toml");
    pathsat()
        .args(["sample", "-n", "2"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("sample 2"))
        .stdout(predicate::str::contains("2 samples drawn uniformly from"))
        .stdout(predicate::str::contains("(seed "));
    pathsat()
        .args(["sample", "-n", "3", "--seed", "1", "--format", "svg"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("<svg"));
}

#[test]
fn a_given_in_the_middle_is_sampled_by_enumeration_and_said_so() {
    let file = fixture("small/hidato-5x5.toml");
    let report = json_of(&["sample", file.to_str().unwrap(), "-n", "3", "--seed", "2"]);
    assert_eq!(report["method"], "enumeration");
    assert_eq!(report["count"], 69);
    assert!(report["why"]
        .as_str()
        .unwrap()
        .starts_with("the frontier program does not apply"));
    pathsat()
        .args(["sample", "--enumerate-limit", "10"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("too many to enumerate"));
    pathsat()
        .args(["sample", "--method", "dp"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("does not apply"));
}

#[test]
fn no_solution_is_an_answer_and_bad_options_are_errors() {
    let report = json_of(&[
        "sample",
        fixture("small/rook-3x3-closed.toml").to_str().unwrap(),
        "-n",
        "2",
    ]);
    assert_eq!(report["status"], "unsat");
    assert_eq!(report["samples"].as_array().unwrap().len(), 0);
    let file = fixture("small/rook-4x4.toml");
    for (args, message) in [
        (vec!["-n", "0"], "at least 1"),
        (vec!["--method", "sat"], "invalid value"),
        (vec!["--seed", "x"], "invalid value"),
    ] {
        pathsat()
            .arg("sample")
            .arg(&file)
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn the_plan_tells_the_memory_and_disk_of_the_kept_tables() {
    let file = fixture("large/rook-8x8-closed.toml");
    pathsat()
        .args(["sample", "--plan"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("kept for the walk back"));
    let plan = json_of(&["sample", "--plan", file.to_str().unwrap()]);
    let kept = &plan["plan"]["kept"];
    // 64 layers of the 8x8 grid cycles, each measured: every table's states, and the first.
    let layers: u64 = plan["plan"]["sweep"]["layers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["states"].as_u64().unwrap())
        .sum();
    assert_eq!(kept["states"].as_u64(), Some(layers + 1));
    assert_eq!(kept["in_memory"], true);
}
