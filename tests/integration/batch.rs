//! `pathsat batch`: the report's rows and order, a malformed file among good ones, timeouts
//! (also inside one long solve), limits, `--jobs 1` against `--jobs 2`, shards and merge, CSV.

use crate::common::{all_puzzle_files, fixture, fixtures_dir, pathsat};
use serde_json::Value;
use std::path::Path;

fn batch_json(args: &[&str], code: i32) -> Value {
    let out = pathsat()
        .arg("batch")
        .args(args)
        .arg("--format")
        .arg("json")
        .assert()
        .code(code);
    let output = out.get_output();
    assert!(
        output.stderr.is_empty(),
        "no progress bar when stderr is not a terminal"
    );
    serde_json::from_slice(&output.stdout).expect("one JSON report")
}

fn rows(report: &Value) -> &Vec<Value> {
    report["rows"].as_array().unwrap()
}

/// The rows without their times, which differ from run to run.
fn timeless(report: &Value) -> Vec<Value> {
    rows(report)
        .iter()
        .map(|r| {
            let mut r = r.clone();
            r.as_object_mut().unwrap().remove("seconds");
            r
        })
        .collect()
}

fn copy(from: &str, to: &Path) {
    std::fs::copy(fixture(from), to.join(Path::new(from).file_name().unwrap())).unwrap();
}

#[test]
fn the_small_fixtures_are_all_ok_in_path_order_and_jobs_do_not_matter() {
    let dir = fixtures_dir().join("small");
    let dir = dir.to_str().unwrap();
    let one = batch_json(&[dir, "--jobs", "1"], 0);
    let two = batch_json(&[dir, "--jobs", "2"], 0);
    assert_eq!(
        timeless(&one),
        timeless(&two),
        "--jobs 1 and --jobs 2 give the same report"
    );
    let files: Vec<&str> = rows(&one)
        .iter()
        .map(|r| r["file"].as_str().unwrap())
        .collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted, "rows are sorted by path");
    assert_eq!(
        files.len(),
        all_puzzle_files()
            .iter()
            .filter(|p| p.to_str().unwrap().contains("/small/"))
            .count()
    );
    for row in rows(&one) {
        assert_eq!(row["status"], "ok", "{row}");
        assert_eq!(row["complete"], true, "{row}");
        assert_eq!(row["count"], row["expected"], "{row}");
        for key in [
            "file",
            "name",
            "count",
            "complete",
            "expected",
            "status",
            "seconds",
            "cells",
            "variables",
            "clauses",
        ] {
            assert!(row.get(key).is_some(), "{key} in {row}");
        }
    }
    assert_eq!(one["summary"]["ok"], files.len());
}

#[test]
fn the_corpus_has_at_least_25_puzzles_across_the_families() {
    let files = all_puzzle_files();
    assert!(files.len() >= 25, "{} fixtures", files.len());
    let text: String = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    for needle in [
        "\"rook\"",
        "\"king\"",
        "\"knight\"",
        "moves = [[",
        "#",
        "[marks]",
        "closed = true",
        "\"moves\": \"king\"",
    ] {
        assert!(text.contains(needle), "a fixture uses {needle}");
    }
}

#[test]
fn a_malformed_file_and_a_wrong_expectation_are_rows_and_fail_the_batch() {
    let dir = tempfile::tempdir().unwrap();
    copy("small/rook-3x3.toml", dir.path());
    copy("small/contradictory-givens.toml", dir.path());
    std::fs::write(
        dir.path().join("broken.toml"),
        "moves = \"rook\"\ngrid = \". x\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("wrong.toml"),
        "moves = \"rook\"\ngrid = \". .\"\n[expect]\ncount = 3\n",
    )
    .unwrap();
    let report = batch_json(&[dir.path().to_str().unwrap()], 1);
    let status: Vec<&str> = rows(&report)
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    // broken, contradictory-givens (unsat is an answer), rook-3x3, wrong.
    assert_eq!(status, ["error", "ok", "ok", "mismatch"]);
    let broken = &rows(&report)[0];
    assert!(
        broken["error"]
            .as_str()
            .unwrap()
            .contains("broken.toml:2:11: mark \"x\""),
        "{broken}"
    );
    assert_eq!(rows(&report)[1]["count"], 0);
    assert_eq!(rows(&report)[3]["count"], 2);
    assert_eq!(report["summary"]["error"], 1);
    assert_eq!(report["summary"]["mismatch"], 1);
}

#[test]
fn limits_stop_each_count() {
    let dir = tempfile::tempdir().unwrap();
    copy("small/rook-4x4.toml", dir.path());
    copy("small/numbrix-5x5.toml", dir.path());
    let report = batch_json(&[dir.path().to_str().unwrap(), "--limit", "10"], 0);
    let r = &rows(&report)[1];
    assert_eq!(
        (
            r["status"].as_str(),
            r["count"].as_u64(),
            r["complete"].as_bool()
        ),
        (Some("limit"), Some(10), Some(false))
    );
    assert_eq!(
        rows(&report)[0]["status"],
        "ok",
        "2 fillings: under the limit, complete"
    );
}

/// The timeout bounds each puzzle: between solutions (the worker stops itself) and inside one
/// long solve (a 16x16 knight's tour, far longer than the bound: the worker is killed).
#[test]
fn timeouts_bound_each_puzzle_and_keep_the_count_so_far() {
    let dir = tempfile::tempdir().unwrap();
    copy("small/rook-5x5.toml", dir.path());
    let grid = vec![vec!["."; 16].join(" "); 16].join("\n");
    std::fs::write(
        dir.path().join("knight-16.toml"),
        format!("moves = \"knight\"\nclosed = true\ngrid = \"\"\"\n{grid}\n\"\"\"\n[expect]\nsat = true\n"),
    )
    .unwrap();
    // Enumerated, so that the count takes long (the program would count it at once).
    let report = batch_json(
        &[
            dir.path().to_str().unwrap(),
            "--timeout",
            "0.5",
            "--method",
            "enumerate",
            // The successor encoding finds this tour at once; the position encoding does not.
            "--encoding",
            "position",
        ],
        1,
    );
    for row in rows(&report) {
        assert_eq!(row["status"], "timeout", "{row}");
        assert_eq!(row["complete"], false, "{row}");
        // Bounded: the knight's first tour alone takes many times longer than this.
        assert!(row["seconds"].as_f64().unwrap() < 10.0, "{row}");
    }
    let rook = &rows(&report)[1];
    assert!(
        rook["count"].as_u64().unwrap() > 0,
        "fillings found before the timeout are kept: {rook}"
    );
    assert!(rook["count"].as_u64().unwrap() < 8648);
}

#[test]
fn shards_partition_the_files_and_merge_back() {
    let dir = fixtures_dir().join("small");
    let dir = dir.to_str().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let mut parts = Vec::new();
    let mut shard_files = 0;
    for i in 1..=3 {
        let report = batch_json(&[dir, "--shard", &format!("{i}/3")], 0);
        shard_files += rows(&report).len();
        let path = tmp.path().join(format!("part-{i}.json"));
        std::fs::write(&path, serde_json::to_vec(&report).unwrap()).unwrap();
        parts.push(path.to_str().unwrap().to_string());
    }
    let whole = batch_json(&[dir], 0);
    assert_eq!(shard_files, rows(&whole).len());
    let out = pathsat()
        .args(["batch", "merge"])
        .args(&parts)
        .args(["--format", "json"])
        .assert()
        .success();
    let merged: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(
        timeless(&merged),
        timeless(&whole),
        "merged shards = one run"
    );
    assert_eq!(merged["merged_from"].as_array().unwrap().len(), 3);
    // A file in two reports is refused.
    pathsat()
        .args(["batch", "merge", &parts[0], &parts[0]])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("is also in"));
}

#[test]
fn csv_and_table_formats() {
    let dir = tempfile::tempdir().unwrap();
    copy("small/rook-3x3.toml", dir.path());
    std::fs::write(dir.path().join("bad.json"), "{\"moves\": 3}").unwrap();
    let out = pathsat()
        .args(["batch", dir.path().to_str().unwrap(), "--format", "csv"])
        .assert()
        .code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("file,name,cells,variables,clauses,count,complete,seconds,expected,expected_sat,status,error,method")
    );
    assert_eq!(text.lines().count(), 3);
    assert!(
        text.contains(",40,true,") && text.contains(",error,"),
        "{text}"
    );
    let out = pathsat()
        .args(["batch", dir.path().to_str().unwrap(), "--quiet"])
        .assert()
        .code(1);
    let table = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(table.starts_with("file "), "{table}");
    assert!(table.contains("2 files · 1 ok · 1 error"), "{table}");
}

#[test]
fn bad_arguments_are_usage_errors() {
    pathsat()
        .args(["batch", "/no/such/dir"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no such file or directory"));
    let empty = tempfile::tempdir().unwrap();
    pathsat()
        .args(["batch", empty.path().to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no puzzle files"));
    let dir = fixtures_dir().join("small");
    for shard in ["0/3", "4/3", "x"] {
        pathsat()
            .args(["batch", dir.to_str().unwrap(), "--shard", shard])
            .assert()
            .code(2);
    }
    pathsat()
        .args(["batch", dir.to_str().unwrap(), "--timeout", "-1"])
        .assert()
        .code(2);
    pathsat()
        .args(["batch", dir.to_str().unwrap(), "--jobs", "0"])
        .assert()
        .code(2);
    pathsat().args(["batch", "merge"]).assert().code(2);
}

/// pathsat's own JSON output in the directory (a batch report, `solve`, `count` and `check`
/// output) is skipped and listed as such, recognised by its content: a puzzle named like a
/// report is counted, a broken JSON file is still an error row.
#[test]
fn pathsat_output_files_are_skipped_not_counted() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    copy("small/rook-3x3.toml", d);
    copy("small/json-hidato.json", d);
    let output = |args: &[&str]| pathsat().args(args).output().unwrap().stdout;
    let hidato = d.join("json-hidato.json");
    let hidato = hidato.to_str().unwrap();
    std::fs::write(
        d.join("solutions.json"),
        output(&["solve", hidato, "--all", "--format", "json"]),
    )
    .unwrap();
    std::fs::write(
        d.join("count.json"),
        output(&["count", hidato, "--format", "json"]),
    )
    .unwrap();
    std::fs::write(
        d.join("checked.json"),
        output(&[
            "check",
            hidato,
            d.join("solutions.json").to_str().unwrap(),
            "--format",
            "json",
        ]),
    )
    .unwrap();
    let first = batch_json(&[d.to_str().unwrap()], 0);
    std::fs::write(d.join("batch-report.json"), first.to_string()).unwrap();
    // A puzzle named like a report is a puzzle.
    std::fs::copy(fixture("small/king-3x3.toml"), d.join("report.toml")).unwrap();
    let report = batch_json(&[d.to_str().unwrap()], 0);
    let files: Vec<String> = rows(&report)
        .iter()
        .map(|r| {
            let f = r["file"].as_str().unwrap();
            Path::new(f)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(files, ["json-hidato.json", "report.toml", "rook-3x3.toml"]);
    let skipped: Vec<String> = report["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let f = f.as_str().unwrap();
            Path::new(f)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(
        skipped,
        [
            "batch-report.json",
            "checked.json",
            "count.json",
            "solutions.json"
        ]
    );
    assert_eq!(report["summary"]["ok"], 3);
    // The table says so.
    let out = pathsat()
        .args(["batch", d.to_str().unwrap(), "--quiet"])
        .assert()
        .success();
    let table = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(table.contains("3 files · 3 ok · 4 skipped"), "{table}");
    assert!(
        table.contains("skipped: ") && table.contains("count.json: pathsat's own output"),
        "{table}"
    );
    // JSON that is neither a puzzle nor pathsat's output is an error row, as before.
    std::fs::write(d.join("broken.json"), "{\"rows\": [").unwrap();
    let report = batch_json(&[d.to_str().unwrap()], 1);
    assert_eq!(report["summary"]["error"], 1);
    assert_eq!(report["skipped"].as_array().unwrap().len(), 4);
}

/// `pathsat batch DIR --format json > DIR/report.json`: the report being written (still empty
/// when the files are listed) is not read as a puzzle.
#[cfg(unix)]
#[test]
fn the_report_being_written_into_the_directory_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    copy("small/rook-3x3.toml", dir.path());
    let target = dir.path().join("report.json");
    let status = std::process::Command::new(assert_cmd::cargo::cargo_bin!("pathsat"))
        .args(["batch", dir.path().to_str().unwrap(), "--format", "json"])
        .stdout(std::fs::File::create(&target).unwrap())
        .status()
        .unwrap();
    assert!(status.success());
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(rows(&report).len(), 1);
    assert_eq!(report["summary"]["ok"], 1);
    assert_eq!(
        report["skipped"][0].as_str().unwrap(),
        target.to_str().unwrap()
    );
}
