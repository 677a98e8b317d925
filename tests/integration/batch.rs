//! `pathsat batch`: the report's rows and order, a malformed file among good ones, timeouts
//! (also inside one long solve), limits, `--jobs 1` against `--jobs 2`, shards and merge, CSV,
//! and the journal: a run killed with SIGKILL loses no finished row, `--resume` completes it.

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

/// A 16x16 closed knight's tour without `[expect]`, to be enumerated in the position encoding:
/// its first tour takes far longer than the timeouts here, so its worker is stopped at the
/// timeout from inside one solve, and the row is a `timeout` every time.
fn slow_puzzle(path: &Path) {
    let grid = vec![vec!["."; 16].join(" "); 16].join("\n");
    std::fs::write(
        path,
        format!("moves = \"knight\"\nclosed = true\ngrid = \"\"\"\n{grid}\n\"\"\"\n"),
    )
    .unwrap();
}

/// The complete lines of a journal (each ended by its newline) and what follows the last one.
fn journal_lines(path: &Path) -> (Vec<String>, String) {
    let text = String::from_utf8(std::fs::read(path).unwrap()).unwrap();
    let mut lines: Vec<String> = text.split_inclusive('\n').map(String::from).collect();
    let rest = match lines.last() {
        Some(last) if !last.ends_with('\n') => lines.pop().unwrap(),
        _ => String::new(),
    };
    (
        lines
            .into_iter()
            .map(|l| l.trim_end_matches('\n').to_string())
            .collect(),
        rest,
    )
}

/// A row as the same options give it in any run: without its time and, for a timeout, what
/// depends on how far the count got (the fillings found; the encoding's sizes, method and
/// verification, which a worker that stops itself at the deadline reports and one killed
/// inside a solve does not).
fn comparable(row: &Value) -> Value {
    let mut row = row.clone();
    let object = row.as_object_mut().unwrap();
    object.remove("seconds");
    if object["status"] == "timeout" {
        for key in ["count", "variables", "clauses", "method", "verified"] {
            object.remove(key);
        }
    }
    row
}

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// `pathsat batch --journal` killed with SIGKILL in the middle of a run keeps every finished
/// row on disk, whole; `--resume` then counts the rest, and its report is an uninterrupted
/// run's: every file once, sorted, the same rows and counts. A last line cut off by the kill
/// is dropped and repaired. No time is measured: the journal is polled for its first row.
#[cfg(unix)]
#[test]
fn a_killed_batch_loses_no_finished_row_and_resume_completes_it() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("puzzles");
    std::fs::create_dir(&puzzles).unwrap();
    for quick in [
        "small/hidato-holes.toml",
        "small/knight-3x4-open.toml",
        "small/numbrix-5x5.toml",
        "small/rook-3x3-closed.toml",
        "small/rook-3x3.toml",
    ] {
        copy(quick, &puzzles);
    }
    // Two slow files: whichever row comes first, one of them is still running after it.
    slow_puzzle(&puzzles.join("knight-16-a.toml"));
    slow_puzzle(&puzzles.join("knight-16-b.toml"));
    std::fs::write(
        puzzles.join("broken.toml"),
        "moves = \"rook\"\ngrid = \". x\"\n",
    )
    .unwrap();
    let files = 8;
    let puzzles = puzzles.to_str().unwrap();
    let options = [
        puzzles,
        "--jobs",
        "1",
        "--timeout",
        "1",
        "--method",
        "enumerate",
        "--encoding",
        "position",
        "--quiet",
    ];

    let whole = batch_json(&options, 1);
    assert_eq!(rows(&whole).len(), files);
    assert_eq!(
        (
            &whole["summary"]["ok"],
            &whole["summary"]["timeout"],
            &whole["summary"]["error"]
        ),
        (&Value::from(5), &Value::from(2), &Value::from(1))
    );
    let expected: std::collections::BTreeMap<String, Value> = rows(&whole)
        .iter()
        .map(|r| (r["file"].as_str().unwrap().to_string(), comparable(r)))
        .collect();

    // The run to kill, in the table format: the journal is written whatever the format.
    let journal = dir.path().join("run.jsonl");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("pathsat"))
        .arg("batch")
        .args(options)
        .arg("--journal")
        .arg(&journal)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    loop {
        if journal.exists() && journal_lines(&journal).0.len() >= 2 {
            break;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the batch ended ({status}) before a row was seen in its journal");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();

    // Every finished row survived, whole: a header, then rows that are the uninterrupted
    // run's, each file once.
    let (lines, rest) = journal_lines(&journal);
    assert_eq!(rest, "", "each row is written with its newline");
    let header: Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(header["pathsat_batch_journal"], 1, "{header}");
    assert_eq!(header["dir"], puzzles);
    let survived: Vec<Value> = lines[1..]
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert!(!survived.is_empty());
    assert!(
        survived.len() < files,
        "killed before the end: {} rows",
        survived.len()
    );
    let mut seen = std::collections::BTreeSet::new();
    for row in &survived {
        let file = row["file"].as_str().unwrap();
        assert!(seen.insert(file.to_string()), "{file} twice");
        assert_eq!(comparable(row), expected[file], "{file} intact");
    }

    // A row cut off in the middle, as a kill while writing it would leave it.
    let missing = rows(&whole)
        .iter()
        .find(|r| !seen.contains(r["file"].as_str().unwrap()))
        .unwrap();
    let torn = missing.to_string();
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&journal)
        .unwrap();
    std::io::Write::write_all(&mut file, &torn.as_bytes()[..torn.len() / 2]).unwrap();
    drop(file);

    let output = pathsat()
        .arg("batch")
        .args(options)
        .arg("--resume")
        .arg(&journal)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    assert!(
        stderr_of(&output).contains("an incomplete last line"),
        "{}",
        stderr_of(&output)
    );
    let resumed: Value = serde_json::from_slice(&output.stdout).unwrap();
    let files_resumed: Vec<&str> = rows(&resumed)
        .iter()
        .map(|r| r["file"].as_str().unwrap())
        .collect();
    let files_whole: Vec<&str> = rows(&whole)
        .iter()
        .map(|r| r["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files_resumed, files_whole,
        "every file once, sorted by path"
    );
    assert_eq!(resumed["summary"], whole["summary"], "the same counts");
    assert_eq!(
        rows(&resumed).iter().map(comparable).collect::<Vec<_>>(),
        expected.values().cloned().collect::<Vec<_>>(),
        "the same rows"
    );
    assert_eq!(resumed["resumed"], survived.len());
    assert_eq!(resumed["journal"], journal.to_str().unwrap());
    // The rows taken from the journal are those rows exactly, times and all.
    for row in &survived {
        assert!(rows(&resumed).contains(row), "{row}");
    }

    // The journal is whole again: the cut-off line is gone, every file is in it once.
    let (lines, rest) = journal_lines(&journal);
    assert_eq!(rest, "");
    assert_eq!(lines.len(), 1 + files);
    let mut journaled: Vec<String> = lines[1..]
        .iter()
        .map(|l| {
            let row: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            row["file"].as_str().unwrap().to_string()
        })
        .collect();
    journaled.sort();
    assert_eq!(journaled, files_whole);

    // Resumed once more, there is nothing left to count: the same report again.
    let again = batch_json(
        &[&options[..], &["--resume", journal.to_str().unwrap()]].concat(),
        1,
    );
    assert_eq!(again["resumed"], files);
    assert_eq!(timeless(&again), timeless(&resumed));
    assert_eq!(again["summary"], whole["summary"]);
}

/// A worker started by `batch` stops as soon as its batch is gone (its standard input closes),
/// even inside a solve that would go on for ages: a killed batch leaves no worker counting.
#[test]
fn a_worker_stops_when_its_batch_is_gone() {
    let dir = tempfile::tempdir().unwrap();
    let slow = dir.path().join("knight-16.toml");
    slow_puzzle(&slow);
    let mut worker = std::process::Command::new(assert_cmd::cargo::cargo_bin!("pathsat"))
        .arg("worker")
        .arg(&slow)
        .args([
            "--parent-stdin",
            "--method",
            "enumerate",
            "--encoding",
            "position",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Its first event says it is counting.
    let mut stdout = std::io::BufReader::new(worker.stdout.take().unwrap());
    let mut line = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut line).unwrap();
    assert!(line.starts_with("{\"start\""), "{line}");
    drop(worker.stdin.take());
    let status = worker.wait().unwrap();
    assert!(!status.success(), "{status}");
}

/// `--journal` over a file that holds something, `--resume` of a missing file, of a file that
/// is not a journal, or of another run's journal (another DIR, shard or options) are refused
/// with one line naming the file, exit status 2, the file untouched. A shard's journal resumes
/// with that shard, `--jobs` changed.
#[test]
fn journals_of_other_runs_are_refused_and_shards_resume() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("puzzles");
    std::fs::create_dir(&puzzles).unwrap();
    for file in [
        "small/hidato-holes.toml",
        "small/numbrix-5x5.toml",
        "small/rook-3x3.toml",
        "small/json-hidato.json",
    ] {
        copy(file, &puzzles);
    }
    let puzzles = puzzles.to_str().unwrap();
    let journal = dir.path().join("run.jsonl");
    let journal = journal.to_str().unwrap();
    let first = batch_json(&[puzzles, "--quiet", "--journal", journal], 0);
    assert_eq!(first["journal"], journal);
    assert!(first.get("resumed").is_none(), "{first}");
    let written = std::fs::read(journal).unwrap();
    assert_eq!(journal_lines(Path::new(journal)).0.len(), 1 + 4);

    let refused = |args: &[&str], needle: &str| {
        let output = pathsat().arg("batch").args(args).output().unwrap();
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("pathsat: error: "), "{stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    };
    refused(
        &[puzzles, "--journal", journal],
        &format!("{journal}: already exists; --resume {journal} continues its run"),
    );
    refused(
        &[puzzles, "--resume", journal, "--limit", "5"],
        &format!("{journal}: the journal of another run: --limit not given there, 5 here"),
    );
    refused(
        &[puzzles, "--resume", journal, "--method", "enumerate"],
        "--method auto there, enumerate here",
    );
    refused(
        &[puzzles, "--resume", journal, "--shard", "1/2"],
        "it counts the whole directory, this run shard 1/2",
    );
    let elsewhere = tempfile::tempdir().unwrap();
    copy("small/rook-3x3.toml", elsewhere.path());
    refused(
        &[elsewhere.path().to_str().unwrap(), "--resume", journal],
        &format!("{journal}: the journal of another run: its DIR is"),
    );
    let missing = dir.path().join("missing.jsonl");
    refused(
        &[puzzles, "--resume", missing.to_str().unwrap()],
        "missing.jsonl: no such journal",
    );
    // The report of a killed run, printed only at the end, is empty.
    let empty = dir.path().join("report.txt");
    std::fs::write(&empty, "").unwrap();
    refused(
        &[puzzles, "--resume", empty.to_str().unwrap()],
        "report.txt: empty, no journal to resume",
    );
    assert_eq!(std::fs::read(&empty).unwrap(), b"", "left untouched");
    let csv = dir.path().join("report.csv");
    let out = pathsat()
        .args(["batch", puzzles, "--format", "csv"])
        .output()
        .unwrap();
    std::fs::write(&csv, &out.stdout).unwrap();
    refused(
        &[puzzles, "--resume", csv.to_str().unwrap()],
        "report.csv: not a pathsat batch journal",
    );
    assert_eq!(std::fs::read(&csv).unwrap(), out.stdout, "left untouched");
    assert_eq!(std::fs::read(journal).unwrap(), written, "left untouched");
    pathsat()
        .args([
            "batch",
            puzzles,
            "--journal",
            "a.jsonl",
            "--resume",
            journal,
        ])
        .assert()
        .code(2);

    // A shard's journal, its last row lost: resumed with the same shard, it is that shard's
    // run again.
    let shard_journal = dir.path().join("shard.jsonl");
    let shard_journal = shard_journal.to_str().unwrap();
    let shard = batch_json(
        &[
            puzzles,
            "--shard",
            "2/2",
            "--jobs",
            "2",
            "--journal",
            shard_journal,
        ],
        0,
    );
    assert_eq!(rows(&shard).len(), 2);
    let (lines, _) = journal_lines(Path::new(shard_journal));
    std::fs::write(shard_journal, format!("{}\n{}\n", lines[0], lines[1])).unwrap();
    refused(
        &[puzzles, "--resume", shard_journal],
        "it counts shard 2/2, this run the whole directory",
    );
    let resumed = batch_json(
        &[
            puzzles,
            "--shard",
            "2/2",
            "--jobs",
            "1",
            "--quiet",
            "--resume",
            shard_journal,
        ],
        0,
    );
    assert_eq!(resumed["resumed"], 1);
    assert_eq!(timeless(&resumed), timeless(&shard));
    assert_eq!(resumed["summary"], shard["summary"]);
    assert_eq!(journal_lines(Path::new(shard_journal)).0.len(), 1 + 2);
}
