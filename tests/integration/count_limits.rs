//! How counts and solves stop when they cannot finish: at `--timeout` (for every method, and
//! for `solve`), at the frontier program's `--memory`, and, under `--method auto`, before an
//! enumeration estimated to outlast `--patience`. Each is an answer (exit status 0, `complete:
//! false`, the reason), never a hang and never the bad-input status.

use crate::common::json_of_output;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn pathsat() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pathsat"))
}

/// An empty `rows` x `cols` board, with `extra` lines appended (givens go in the grid).
fn board(dir: &Path, name: &str, moves: &str, grid: &[String]) -> PathBuf {
    let path = dir.join(name);
    let text = format!(
        "moves = \"{moves}\"\ngrid = \"\"\"\n{}\n\"\"\"\n",
        grid.join("\n")
    );
    std::fs::write(&path, text).unwrap();
    path
}

fn empty_rows(rows: usize, cols: usize) -> Vec<String> {
    vec![vec!["."; cols].join(" "); rows]
}

/// The 7x7 knight's board: 165,575,218,320 open paths, far beyond enumeration and a long count
/// for the frontier program.
fn knight_7x7(dir: &Path) -> PathBuf {
    board(dir, "knight-7x7.toml", "knight", &empty_rows(7, 7))
}

/// An 8x8 king's board with one given in the middle: the frontier program does not apply,
/// and the fillings are far too many to enumerate.
fn king_8x8_given(dir: &Path) -> PathBuf {
    let mut grid = empty_rows(8, 8);
    grid[3] = ". . . . 20 . . .".to_string();
    board(dir, "king-8x8-given.toml", "king", &grid)
}

#[test]
fn the_frontier_program_stops_at_the_timeout_with_exit_0() {
    let dir = tempfile::tempdir().unwrap();
    let file = knight_7x7(dir.path());
    let started = Instant::now();
    let out = pathsat()
        .args([
            "count",
            "--method",
            "dp",
            "--timeout",
            "0.5",
            "--format",
            "json",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert!(started.elapsed() < Duration::from_secs(30));
    let report = json_of_output(&out);
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped"], "timeout");
    assert_eq!(report["status"], "unknown");
    assert_eq!(report["method"], "frontier-dp");
    let text = pathsat()
        .args(["count", "--method", "dp", "--timeout", "0.5"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(text.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&text.stdout).contains("count unknown (stopped at the timeout)")
    );
}

#[test]
fn the_frontier_program_stops_at_its_memory_budget() {
    let dir = tempfile::tempdir().unwrap();
    let file = knight_7x7(dir.path());
    let out = pathsat()
        .args(["count", "--method", "dp", "--memory", "1MiB", "--no-spill"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("count unknown"), "{text}");
    assert!(text.contains("memory budget of 1.0 MiB"), "{text}");
    assert!(text.contains("--memory SIZE"), "{text}");
}

#[test]
fn auto_stops_an_enumeration_it_estimates_to_outlast_its_patience() {
    let dir = tempfile::tempdir().unwrap();
    for (file, args) in [
        // Givens in the middle: the program does not apply.
        (king_8x8_given(dir.path()), vec![]),
        // The program applies, but not within 1 MiB.
        (
            knight_7x7(dir.path()),
            vec!["--memory", "1MiB", "--no-spill"],
        ),
    ] {
        let started = Instant::now();
        let out = pathsat()
            .args(["count", "--patience", "1", "--format", "json"])
            .args(&args)
            .arg(&file)
            .output()
            .unwrap();
        assert!(started.elapsed() < Duration::from_secs(60));
        let report = json_of_output(&out);
        assert_eq!(report["complete"], false, "{report}");
        assert_eq!(report["stopped"], "out-of-reach", "{report}");
        let estimate = &report["estimate"];
        assert!(estimate["seconds"].as_f64().unwrap() > 1.0, "{report}");
        assert_eq!(estimate["patience"], 1.0);
        // Every filling counted before stopping was found and verified.
        assert!(report["count"].as_u64().unwrap() > 0, "{report}");
        assert_eq!(report["verified"], true);
    }
    let out = pathsat()
        .args(["count", "--patience", "1"])
        .arg(king_8x8_given(dir.path()))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("enumerating them all is out of reach"),
        "{text}"
    );
    let stop_line = text
        .lines()
        .find(|l| l.starts_with("stopped: enumerating every filling would take"))
        .unwrap_or_else(|| panic!("{text}"));
    for alternative in ["--method sat", "--limit N", "--timeout SECONDS"] {
        assert!(stop_line.contains(alternative), "{stop_line}");
    }
}

#[test]
fn a_certified_count_the_program_knows_to_be_too_large_stops_too() {
    let dir = tempfile::tempdir().unwrap();
    // 458,696 fillings (OEIS A096969): one certified solver would need far more than 1 s.
    let file = board(dir.path(), "rook-6x6.toml", "rook", &empty_rows(6, 6));
    let out = pathsat()
        .args(["count", "--certify", "--patience", "1"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("out of reach"), "{text}");
    assert!(text.contains("about 458,696 fillings in all"), "{text}");
    // The cubes cannot be certified: the way to count anyway is one solver.
    assert!(text.contains("anyway with --method enumerate"), "{text}");
    // An incomplete count says no "no": nothing is certified.
    assert!(!text.contains("\ncertified:"), "{text}");
}

#[test]
fn a_user_bound_is_never_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = king_8x8_given(dir.path());
    // A limit: counted up to it, however long the whole count would be.
    let report = json_of_output(
        &pathsat()
            .args([
                "count",
                "--patience",
                "1",
                "--limit",
                "50",
                "--format",
                "json",
            ])
            .arg(&file)
            .output()
            .unwrap(),
    );
    assert_eq!(report["count"], 50);
    assert_eq!(report["stopped"], "limit");
    // A timeout: counted until it.
    let report = json_of_output(
        &pathsat()
            .args([
                "count",
                "--patience",
                "1",
                "--timeout",
                "2",
                "--format",
                "json",
            ])
            .arg(&file)
            .output()
            .unwrap(),
    );
    assert_eq!(report["stopped"], "timeout");
    assert!(report["count"].as_u64().unwrap() > 0);
}

#[test]
fn solve_stops_at_its_timeout_with_what_it_found() {
    let dir = tempfile::tempdir().unwrap();
    let file = king_8x8_given(dir.path());
    let report = json_of_output(
        &pathsat()
            .args(["solve", "--all", "--timeout", "0.5", "--format", "json"])
            .arg(&file)
            .output()
            .unwrap(),
    );
    assert_eq!(report["status"], "sat");
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped"], "timeout");
    let found = report["count"].as_u64().unwrap();
    assert!(found > 0);
    assert_eq!(report["solutions"].as_array().unwrap().len() as u64, found);

    // A board whose first solution takes long in the position encoding: unknown, exit 0.
    let knight = board(
        dir.path(),
        "knight-24x24.toml",
        "knight",
        &empty_rows(24, 24),
    );
    let started = Instant::now();
    let out = pathsat()
        .args(["solve", "--encoding", "position", "--timeout", "0.5"])
        .arg(&knight)
        .output()
        .unwrap();
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("unknown: no filling found before the timeout"),
        "{text}"
    );
}

#[test]
fn bad_limits_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let file = board(dir.path(), "rook.toml", "rook", &empty_rows(3, 3));
    for (args, flag) in [
        (vec!["count", "--memory", "0"], "--memory"),
        (vec!["count", "--memory", "lots"], "--memory"),
        (vec!["count", "--timeout", "0"], "--timeout"),
        (vec!["count", "--timeout=-1"], "--timeout"),
        (vec!["count", "--patience", "nan"], "--patience"),
        (vec!["solve", "--timeout", "0"], "--timeout"),
    ] {
        let out = pathsat().args(&args).arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(flag), "{args:?}: {err}");
    }
}

#[test]
fn batch_reports_an_out_of_reach_count_as_a_failing_row() {
    let dir = tempfile::tempdir().unwrap();
    king_8x8_given(dir.path());
    let out = pathsat()
        .args(["batch", "--quiet", "--patience", "1", "--format", "json"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["rows"][0]["status"], "out-of-reach");
    assert_eq!(report["summary"]["out_of_reach"], 1);
}

/// `--spill-dir`: the frontier program's count is the same with it, the directory is left as it
/// was, and a directory that is not there is bad input (exit status 2, one line naming it).
#[test]
fn a_spill_directory_is_checked_and_left_clean() {
    let dir = tempfile::tempdir().unwrap();
    let file = board(dir.path(), "rook.toml", "rook", &empty_rows(4, 5));
    let spill = dir.path().join("tables");
    std::fs::create_dir(&spill).unwrap();
    let out = pathsat()
        .args(["count", "--method", "dp", "--format", "json", "--spill-dir"])
        .arg(&spill)
        .arg(&file)
        .output()
        .unwrap();
    let expected = pathsat_puzzle::brute::count(&pathsat_puzzle::parse_file(&file).unwrap(), None);
    assert_eq!(
        json_of_output(&out)["count"].to_string().trim_matches('"'),
        expected.count.to_string()
    );
    assert_eq!(std::fs::read_dir(&spill).unwrap().count(), 0);

    let missing = dir.path().join("no-such-dir");
    let out = pathsat()
        .args(["count", "--spill-dir"])
        .arg(&missing)
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--spill-dir") && stderr.contains("no-such-dir"),
        "{stderr}"
    );
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
}

/// A count stopped by its memory budget (its widest table takes 840 KiB) leaves its checkpoint;
/// run again with room, it goes on from it to the published count (2 x 3,318,960 open 6x6
/// knight's tours) and removes it. A file that is not a checkpoint is refused in one line, exit
/// status 2, as is a checkpoint for a SAT count.
#[test]
fn a_stopped_count_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let file = board(dir.path(), "knight.toml", "knight", &empty_rows(6, 6));
    let checkpoint = dir.path().join("knight.checkpoint");
    let count = |extra: &[&str]| {
        pathsat()
            .args([
                "count",
                "--method",
                "dp",
                "--format",
                "json",
                "--checkpoint",
            ])
            .arg(&checkpoint)
            .args(["--checkpoint-every", "0.001"])
            .args(extra)
            .arg(&file)
            .output()
            .unwrap()
    };
    let stopped = json_of_output(&count(&["--memory", "400KiB", "--no-spill"]));
    assert_eq!(stopped["complete"], false, "{stopped}");
    assert!(checkpoint.exists(), "{stopped}");

    let resumed = json_of_output(&count(&[]));
    assert_eq!(resumed["count"], 6_637_920, "{resumed}");
    assert!(resumed["frontier"]["resumed_layer"].as_u64().unwrap() > 0);
    // The run before it, up to its last save.
    assert!(resumed["frontier"]["earlier_seconds"].as_f64().unwrap() > 0.0);
    assert!(!checkpoint.exists());

    std::fs::write(&checkpoint, "not a checkpoint").unwrap();
    let out = count(&[]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--checkpoint") && stderr.contains("is not a pathsat checkpoint"),
        "{stderr}"
    );
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");

    // Only the frontier program saves a table.
    let out = pathsat()
        .args(["count", "--method", "sat", "--checkpoint"])
        .arg(&checkpoint)
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs --method dp or auto"));
}

/// Runs a count of the 7x7 knight's paths by `method`, saving to `checkpoint`, and sends it
/// SIGTERM once its frontier program has started: its exit status, its JSON report
/// and its standard error.
#[cfg(unix)]
fn count_sent_sigterm(
    file: &Path,
    checkpoint: &Path,
    method: &str,
) -> (Option<i32>, String, String) {
    use std::io::{BufRead, BufReader, Read};
    use std::process::Stdio;
    let mut child = pathsat()
        .args(["count", "--method", method])
        .args(["--format", "json", "--progress", "json", "--checkpoint"])
        .arg(checkpoint)
        .arg(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    // The stage's line comes before the first layer, after the handler was set up.
    while !seen.contains(r#""stage":"frontier""#) {
        assert_ne!(stderr.read_line(&mut seen).unwrap(), 0, "{seen}");
    }
    let sent = Command::new("kill")
        .args(["-s", "TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    stderr.read_to_string(&mut seen).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        seen,
    )
}

/// The layer an interrupted count stopped after, from its report's `why`.
#[cfg(unix)]
fn interrupted_after(report: &serde_json::Value) -> usize {
    let why = report["why"].as_str().unwrap();
    let (_, rest) = why
        .split_once("was interrupted after ")
        .unwrap_or_else(|| panic!("{why}"));
    assert!(
        rest.ends_with("of 49 layers, and saved its checkpoint there"),
        "{why}"
    );
    rest.split(' ').next().unwrap().parse().unwrap()
}

/// A count with a checkpoint that gets SIGTERM (a cluster's preemption, a job's time limit)
/// stops after the layer under way and saves it, however long before its next save: exit
/// status 1, `stopped: interrupted`. Run again, it goes on from there (and stops later, sent
/// SIGTERM again). (A second SIGTERM stops it at once, status 143: not tested here, since a
/// count this small may end its layer between the two.)
#[cfg(unix)]
#[test]
fn sigterm_saves_the_checkpoint_and_stops() {
    let dir = tempfile::tempdir().unwrap();
    let file = knight_7x7(dir.path());
    let checkpoint = dir.path().join("knight.checkpoint");

    let (status, stdout, stderr) = count_sent_sigterm(&file, &checkpoint, "dp");
    assert_eq!(status, Some(1), "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped"], "interrupted");
    let first = interrupted_after(&report);
    assert!(checkpoint.exists());

    // `--method auto` too: interrupted, its frontier program is not taken as out of reach.
    let (status, stdout, stderr) = count_sent_sigterm(&file, &checkpoint, "auto");
    assert_eq!(status, Some(1), "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["stopped"], "interrupted");
    assert!(interrupted_after(&report) > first, "{report}");
}
