//! `pathsat batch`: the report's rows and order, a malformed file among good ones, timeouts
//! (also inside one long solve), limits, `--jobs 1` against `--jobs 2`, shards and merge, CSV,
//! and `-o OUT`: the report in OUT in each format, a run killed with SIGKILL loses no finished
//! row from OUT, `--resume OUT` completes it.

use crate::common::{all_puzzle_files, fixture, fixtures_dir, pathsat};
use serde_json::Value;
use std::collections::BTreeMap;
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

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The records of a CSV report, each as its columns' values by name.
fn csv_rows(text: &str) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let columns = reader.headers().unwrap().clone();
    assert_eq!(columns.len(), 13, "{text}");
    reader
        .records()
        .map(|record| {
            let record = record.unwrap_or_else(|e| panic!("{e}: {text}"));
            columns
                .iter()
                .zip(record.iter())
                .map(|(c, v)| (c.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// A row of a CSV report as the same options give it in any run: without its time and, for a
/// timeout, what depends on how far the count got (the fillings found; the encoding's sizes
/// and method, which a worker that stops itself at the deadline reports and one killed inside
/// a solve does not).
fn comparable_csv(row: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut row = row.clone();
    row.remove("seconds");
    if row["status"] == "timeout" {
        for key in ["count", "variables", "clauses", "method"] {
            row.remove(key);
        }
    }
    row
}

/// How many CSV records have each status.
fn statuses(rows: &[BTreeMap<String, String>]) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for row in rows {
        *counts.entry(row["status"].clone()).or_default() += 1;
    }
    counts
}

/// A JSON value as the CSV report writes it.
fn csv_cell(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Starts `pathsat batch ARGS`, waits until OUT holds at least `lines` complete lines of a
/// journal (its header, then rows), and kills the batch with SIGKILL. No time is measured:
/// the file is polled.
#[cfg(unix)]
fn kill_when(args: &[&str], out: &Path, lines: usize) {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("pathsat"))
        .arg("batch")
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    loop {
        if out.exists() && journal_lines(out).0.len() >= lines {
            break;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the batch ended ({status}) before {lines} lines were seen in its journal");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let (lines, _) = journal_lines(out);
    assert!(
        lines[0].starts_with("{\"pathsat_batch_journal\":1,"),
        "killed while {} was still its journal: {}",
        out.display(),
        lines[0]
    );
}

/// `pathsat batch -o OUT` killed with SIGKILL in the middle of a run leaves every finished row
/// in OUT, whole (OUT is the run's journal until it ends); `--resume OUT` then counts the rest
/// and replaces OUT with the report, which is an uninterrupted run's OUT: the same format,
/// every file once, sorted, the same rows and counts. A last line cut off by the kill is
/// dropped and repaired. Resumed once more, the finished report is left as it is.
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
        "--format",
        "csv",
        "--quiet",
    ];

    // An uninterrupted run, into a file of its own.
    let whole_path = dir.path().join("whole.csv");
    let output = pathsat()
        .arg("batch")
        .args(options)
        .arg("-o")
        .arg(&whole_path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    assert!(
        output.stdout.is_empty(),
        "with -o, nothing on standard output"
    );
    assert!(output.stderr.is_empty(), "{}", stderr_of(&output));
    let whole = csv_rows(&std::fs::read_to_string(&whole_path).unwrap());
    assert_eq!(whole.len(), files);
    assert_eq!(
        statuses(&whole),
        BTreeMap::from([
            ("error".to_string(), 1),
            ("ok".to_string(), 5),
            ("timeout".to_string(), 2)
        ])
    );
    let by_file: BTreeMap<&str, &BTreeMap<String, String>> =
        whole.iter().map(|r| (r["file"].as_str(), r)).collect();

    // The run to kill, after its first row is on disk.
    let out = dir.path().join("report.csv");
    kill_when(
        &[&options[..], &["-o", out.to_str().unwrap()]].concat(),
        &out,
        2,
    );

    // Every finished row survived, whole: a header, then rows that are the uninterrupted
    // run's, each file once.
    let (lines, rest) = journal_lines(&out);
    assert_eq!(rest, "", "each row is written with its newline");
    let header: Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(header["dir"], puzzles, "{header}");
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
        let expected = by_file[file];
        let status = row["status"].as_str().unwrap();
        let mut keys = vec!["name", "cells", "expected", "status", "error"];
        if status != "timeout" {
            keys.extend(["variables", "clauses"]);
            if status != "error" {
                keys.extend(["count", "complete"]);
            }
        }
        for key in keys {
            assert_eq!(csv_cell(&row[key]), expected[key], "{file}: {key} intact");
        }
    }

    // A row cut off in the middle, as a kill while writing it would leave it.
    let missing = whole
        .iter()
        .map(|r| r["file"].as_str())
        .find(|f| !seen.contains(*f))
        .unwrap();
    let mut file = std::fs::OpenOptions::new().append(true).open(&out).unwrap();
    std::io::Write::write_all(
        &mut file,
        format!("{{\"file\":\"{missing}\",\"name\":\"").as_bytes(),
    )
    .unwrap();
    drop(file);

    let output = pathsat()
        .arg("batch")
        .args(options)
        .arg("--resume")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    assert!(output.stdout.is_empty(), "the report is in OUT");
    assert!(
        stderr_of(&output).contains("an incomplete last line"),
        "{}",
        stderr_of(&output)
    );
    // OUT is the report now, the uninterrupted run's: every file once, sorted by path, the
    // same rows and counts.
    let text = std::fs::read_to_string(&out).unwrap();
    let resumed = csv_rows(&text);
    assert_eq!(
        resumed.iter().map(|r| &r["file"]).collect::<Vec<_>>(),
        whole.iter().map(|r| &r["file"]).collect::<Vec<_>>(),
        "every file once, sorted by path"
    );
    assert_eq!(statuses(&resumed), statuses(&whole), "the same counts");
    assert_eq!(
        resumed.iter().map(comparable_csv).collect::<Vec<_>>(),
        whole.iter().map(comparable_csv).collect::<Vec<_>>(),
        "the same rows"
    );
    // The rows taken from the journal are those rows, times and all.
    for row in &survived {
        let file = row["file"].as_str().unwrap();
        let report = resumed.iter().find(|r| r["file"] == file).unwrap();
        assert_eq!(
            report["seconds"],
            format!("{:.3}", row["seconds"].as_f64().unwrap()),
            "{file}"
        );
        assert_eq!(report["status"], csv_cell(&row["status"]), "{file}");
    }
    // Replaced in one step: nothing left beside it.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["puzzles", "report.csv", "whole.csv"]);

    // Resumed once more: a finished report, said in one line and left as it is.
    let output = pathsat()
        .arg("batch")
        .args(options)
        .arg("--resume")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert!(output.stdout.is_empty());
    assert_eq!(
        stderr_of(&output),
        format!(
            "pathsat: {}: the report of a finished run (8 files · 5 ok · 2 timeout · 1 error); \
             nothing to resume (remove it to count again)\n",
            out.display()
        )
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        text,
        "left as it is"
    );
}

/// Every line of a table without its times: a row's last column, the summary's last part.
fn table_without_times(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let (summary, rest) = lines.split_last().unwrap();
    let mut out: Vec<String> = rest
        .iter()
        .map(|line| {
            let mut words: Vec<&str> = line.split_whitespace().collect();
            words.pop();
            words.join(" ")
        })
        .collect();
    out.push(summary.rsplit_once(" · ").unwrap().0.to_string());
    out
}

/// `-o OUT` in each format: nothing on standard output, the summary line on standard error,
/// and OUT holds what standard output would have shown (times aside), which reads back (the
/// JSON one is accepted by `batch merge`). OUT may be in DIR: it is neither counted nor listed
/// as skipped. A finished report is replaced by a new run, and left as it is by `--resume`.
#[test]
fn the_output_file_is_replaced_by_the_report_in_each_format() {
    let dir = tempfile::tempdir().unwrap();
    copy("small/rook-3x3.toml", dir.path());
    copy("small/hidato-holes.toml", dir.path());
    std::fs::write(
        dir.path().join("broken.toml"),
        "moves = \"rook\"\ngrid = \". x\"\n",
    )
    .unwrap();
    let d = dir.path().to_str().unwrap();
    for (format, name) in [
        ("table", "report.txt"),
        ("csv", "report.csv"),
        ("json", "report.json"),
    ] {
        let out = dir.path().join(name);
        let o = out.to_str().unwrap();
        let printed = pathsat()
            .args(["batch", d, "--format", format, "--quiet"])
            .output()
            .unwrap();
        assert_eq!(printed.status.code(), Some(1), "{}", stderr_of(&printed));
        let printed = String::from_utf8(printed.stdout).unwrap();

        let output = pathsat()
            .args(["batch", d, "--format", format, "-o", o])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
        assert!(
            output.stdout.is_empty(),
            "{format}: nothing on standard output"
        );
        let stderr = stderr_of(&output);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with(&format!("pathsat: {o}: 3 files · 2 ok · 1 error · ")),
            "{stderr}"
        );
        let text = std::fs::read_to_string(&out).unwrap();
        match format {
            "table" => {
                assert!(text.starts_with("file "), "{text}");
                assert!(text.contains("\n3 files · 2 ok · 1 error · "), "{text}");
                assert_eq!(table_without_times(&text), table_without_times(&printed));
            }
            "csv" => {
                let rows = csv_rows(&text);
                assert_eq!(rows.len(), 3);
                assert_eq!(
                    rows.iter().map(comparable_csv).collect::<Vec<_>>(),
                    csv_rows(&printed)
                        .iter()
                        .map(comparable_csv)
                        .collect::<Vec<_>>()
                );
            }
            _ => {
                let report: Value = serde_json::from_str(&text).unwrap();
                let expected: Value = serde_json::from_str(&printed).unwrap();
                assert_eq!(timeless(&report), timeless(&expected));
                assert_eq!(report["summary"], expected["summary"]);
                assert!(report.get("skipped").is_none(), "{report}");
                let merged = pathsat()
                    .args(["batch", "merge", o, "--format", "json"])
                    .assert()
                    .code(1);
                let merged: Value = serde_json::from_slice(&merged.get_output().stdout).unwrap();
                assert_eq!(timeless(&merged), timeless(&report));
            }
        }

        // A new run replaces a finished report (here, for JSON, one in DIR itself).
        pathsat()
            .args(["batch", d, "--format", format, "--quiet", "-o", o])
            .assert()
            .code(1)
            .stdout("")
            .stderr("");
        let again = std::fs::read_to_string(&out).unwrap();
        assert!(again.contains("rook-3x3"), "{again}");
        if format == "json" {
            let report: Value = serde_json::from_str(&again).unwrap();
            assert_eq!(rows(&report).len(), 3, "OUT is not counted: {report}");
            assert!(report.get("skipped").is_none(), "nor skipped: {report}");
        }

        // --resume of a finished report: said in one line, exit status 0, left as it is.
        let output = pathsat()
            .args(["batch", d, "--format", format, "--resume", o])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
        assert!(output.stdout.is_empty());
        let stderr = stderr_of(&output);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with(&format!(
                "pathsat: {o}: the report of a finished run (3 files · 2 ok · 1 error"
            )),
            "{stderr}"
        );
        assert!(stderr.contains("nothing to resume"), "{stderr}");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), again);
    }
}

/// `-o` over a killed run's journal, `--resume` of a missing file, of a file that is neither
/// a journal nor a finished report, or of another run's journal (another DIR, shard or
/// options) are refused with one line naming the file, exit status 2, the file untouched.
/// A journal resumes with `-o` repeated beside `--resume`; a shard's journal resumes with
/// that shard, `--jobs` changed.
#[cfg(unix)]
#[test]
fn journals_of_other_runs_and_foreign_files_are_refused_and_shards_resume() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("puzzles");
    std::fs::create_dir(&puzzles).unwrap();
    const COUNTING: [&str; 4] = ["--method", "enumerate", "--encoding", "position"];
    // Journals of runs killed as they start: while DIR holds only slow files, whose counts
    // go on until their batch is gone.
    slow_puzzle(&puzzles.join("slow-a.toml"));
    slow_puzzle(&puzzles.join("slow-b.toml"));
    let p = puzzles.to_str().unwrap();
    let journal = dir.path().join("run.csv");
    let journal = journal.to_str().unwrap();
    let shard_journal = dir.path().join("shard.json");
    let shard_journal = shard_journal.to_str().unwrap();
    kill_when(
        &[&[p][..], &COUNTING, &["--jobs", "1", "-o", journal]].concat(),
        Path::new(journal),
        1,
    );
    kill_when(
        &[
            &[p][..],
            &COUNTING,
            &["--jobs", "1", "--shard", "2/2", "--format", "json"],
            &["-o", shard_journal],
        ]
        .concat(),
        Path::new(shard_journal),
        1,
    );
    // Then DIR's puzzles.
    std::fs::remove_file(puzzles.join("slow-a.toml")).unwrap();
    std::fs::remove_file(puzzles.join("slow-b.toml")).unwrap();
    for file in [
        "small/hidato-holes.toml",
        "small/numbrix-5x5.toml",
        "small/rook-3x3.toml",
        "small/json-hidato.json",
    ] {
        copy(file, &puzzles);
    }
    let written = std::fs::read(journal).unwrap();

    let refused = |args: &[&str], needle: &str| {
        let output = pathsat().arg("batch").args(args).output().unwrap();
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("pathsat: error: "), "{stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    };
    fn with<'a>(dir: &'a str, more: &[&'a str]) -> Vec<&'a str> {
        [&[dir][..], &COUNTING, more].concat()
    }
    refused(
        &with(p, &["-o", journal]),
        &format!(
            "{journal}: the journal of a batch run that did not finish; --resume {journal} \
             continues it"
        ),
    );
    refused(
        &with(p, &["--resume", journal, "--limit", "5"]),
        &format!("{journal}: the journal of another run: --limit not given there, 5 here"),
    );
    refused(
        &[p, "--encoding", "position", "--resume", journal],
        "--method enumerate there, auto here",
    );
    refused(
        &with(p, &["--resume", journal, "--shard", "1/2"]),
        "it counts the whole directory, this run shard 1/2",
    );
    let elsewhere = tempfile::tempdir().unwrap();
    copy("small/rook-3x3.toml", elsewhere.path());
    refused(
        &[
            &[elsewhere.path().to_str().unwrap()][..],
            &COUNTING,
            &["--resume", journal],
        ]
        .concat(),
        &format!("{journal}: the journal of another run: its DIR is"),
    );
    refused(
        &with(p, &["-o", "other.csv", "--resume", journal]),
        &format!("-o other.csv and --resume {journal} name two files"),
    );
    let missing = dir.path().join("missing.csv");
    refused(
        &with(p, &["--resume", missing.to_str().unwrap()]),
        "missing.csv: no such file, nothing to resume",
    );
    let nowhere = dir.path().join("no/such/dir/out.csv");
    refused(
        &with(p, &["-o", nowhere.to_str().unwrap()]),
        "out.csv: cannot write it",
    );
    // Files that are neither a journal nor a finished report: empty (the standard output of
    // a run killed without -o), a report cut short, a puzzle, anything else.
    let printed = pathsat()
        .arg("batch")
        .args(with(p, &["--format", "csv"]))
        .output()
        .unwrap()
        .stdout;
    for (name, content, needle) in [
        ("empty.txt", &b""[..], "empty, not the journal"),
        (
            "cut.csv",
            &printed[..printed.len() / 2],
            "neither the journal",
        ),
        ("notes.txt", b"hello\n", "neither the journal"),
        (
            "puzzle.toml",
            b"moves = \"rook\"\ngrid = \". .\"\n",
            "neither the journal",
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, content).unwrap();
        refused(
            &with(p, &["--resume", path.to_str().unwrap()]),
            &format!(
                "{name}: {needle} of a batch run that did not finish nor a finished batch \
                 report; nothing to resume"
            ),
        );
        assert_eq!(std::fs::read(&path).unwrap(), content, "left untouched");
    }
    assert_eq!(std::fs::read(journal).unwrap(), written, "left untouched");

    // The journal resumed, with -o repeated as a command brought back from the history does:
    // the whole run's report in OUT.
    let whole = batch_json(&with(p, &["--quiet"]), 0);
    pathsat()
        .arg("batch")
        .args(with(p, &["--quiet", "--format", "json", "-o", journal]))
        .args(["--resume", journal])
        .assert()
        .code(0)
        .stdout("")
        .stderr("");
    let report: Value = serde_json::from_str(&std::fs::read_to_string(journal).unwrap()).unwrap();
    assert_eq!(timeless(&report), timeless(&whole));
    assert_eq!(report["summary"], whole["summary"]);
    assert!(report.get("resumed").is_none(), "no row was done: {report}");

    // A shard's journal with one row: resumed with the same shard, it is that shard's run.
    let shard = batch_json(&with(p, &["--shard", "2/2", "--jobs", "2"]), 0);
    assert_eq!(rows(&shard).len(), 2);
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(shard_journal)
        .unwrap();
    std::io::Write::write_all(&mut file, format!("{}\n", rows(&shard)[0]).as_bytes()).unwrap();
    drop(file);
    refused(
        &with(p, &["--resume", shard_journal]),
        "it counts shard 2/2, this run the whole directory",
    );
    pathsat()
        .arg("batch")
        .args(with(p, &["--shard", "2/2", "--jobs", "1", "--quiet"]))
        .args(["--format", "json", "--resume", shard_journal])
        .assert()
        .code(0)
        .stdout("");
    let resumed: Value =
        serde_json::from_str(&std::fs::read_to_string(shard_journal).unwrap()).unwrap();
    assert_eq!(resumed["resumed"], 1);
    assert_eq!(timeless(&resumed), timeless(&shard));
    assert_eq!(resumed["summary"], shard["summary"]);
    assert!(rows(&resumed).contains(&rows(&shard)[0]));
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
            "--spec",
            r#"{"method": "enumerate", "encoding": "position"}"#,
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

/// The library's batch, its files counted on threads of one process (as the Python package
/// runs it), gives the rows the command line's worker processes give: a malformed file and an
/// unsolvable puzzle among them.
#[test]
fn the_library_on_threads_gives_the_rows_of_the_worker_processes() {
    use pathsat_batch::{run, BatchOutcome, BatchRequest, Unobserved};
    let dir = tempfile::tempdir().unwrap();
    for file in [
        "small/numbrix-5x5.toml",
        "small/rook-3x3-closed.toml",
        "small/json-hidato.json",
        "graphs/petersen.hcp",
        "large/rook-6x6.toml",
    ] {
        copy(file, dir.path());
    }
    std::fs::write(
        dir.path().join("broken.toml"),
        "moves = \"rook\"\ngrid = 7\n",
    )
    .unwrap();
    let path = dir.path().to_str().unwrap();
    let cli = batch_json(&[path, "--jobs", "2", "--timeout", "60"], 1);
    let mut request = BatchRequest::new(path);
    request.jobs = Some(2);
    request.spec.timeout = Some(60.0);
    let BatchOutcome::Finished(report) = run(&request, &Unobserved).unwrap() else {
        panic!("a new run finishes");
    };
    let library = serde_json::to_value(&*report).unwrap();
    assert_eq!(timeless(&library), timeless(&cli));
    assert_eq!(library["summary"], cli["summary"]);
    let statuses: Vec<&str> = rows(&library)
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["error", "ok", "ok", "ok", "ok", "ok"]);
}
