//! Counts that outgrow `--memory` go on with their tables in files by themselves (in the
//! temporary directory, after a check of its free space, leaving nothing there; `count` and
//! `batch` alike), and `count
//! --plan` estimates what a count takes without counting, its measured layers the count's own.

use crate::common::json_of_output;
use std::path::{Path, PathBuf};
use std::process::Command;

fn pathsat() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pathsat"))
}

/// An empty knight's board of `rows` x `cols` written to `dir`, open or closed. The 6x6 open
/// board has 2 x 3,318,960 = 6,637,920 fillings (A165134; its widest table holds 16,570
/// states); the 6x8 closed one 96 x 55,488,142 = 5,326,861,632 (A175881; its tables take up to
/// 26 MiB in memory).
fn knight_board(dir: &Path, rows: usize, cols: usize, closed: bool) -> PathBuf {
    let path = dir.join(format!("knight-{rows}x{cols}.toml"));
    let grid = vec![vec!["."; cols].join(" "); rows].join("\n");
    std::fs::write(
        &path,
        format!("moves = \"knight\"\nclosed = {closed}\ngrid = \"\"\"\n{grid}\n\"\"\"\n"),
    )
    .unwrap();
    path
}

/// With a budget its tables outgrow, the count goes on in files in $TMPDIR, says so in one
/// line, gives the published count, and leaves the directory empty; with --no-spill it stops
/// at the budget instead, as before.
#[test]
fn a_count_over_its_memory_goes_on_in_files_and_leaves_none() {
    let dir = tempfile::tempdir().unwrap();
    let file = knight_board(dir.path(), 6, 8, true);
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let out = pathsat()
        .env("TMPDIR", &tmp)
        .args([
            "count", "--method", "dp", "--memory", "16MiB", "--format", "json",
        ])
        .args(["--progress", "none"])
        .arg(&file)
        .output()
        .unwrap();
    let report = json_of_output(&out);
    assert_eq!(report["count"], 5_326_861_632u64, "{report}");
    assert!(
        report["frontier"]["peak_disk_bytes"].as_u64().unwrap() > 0,
        "{report}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let told: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("in files in"))
        .collect();
    assert_eq!(told.len(), 1, "{stderr}");
    assert!(told[0].contains(&tmp.display().to_string()), "{stderr}");
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0);

    let out = pathsat()
        .env("TMPDIR", &tmp)
        .args(["count", "--method", "dp", "--memory", "16MiB", "--no-spill"])
        .args(["--format", "json", "--progress", "none"])
        .arg(&file)
        .output()
        .unwrap();
    let report = json_of_output(&out);
    assert_eq!(report["stopped"], "memory", "{report}");
}

/// `batch` counts with the library's policy too: a file whose tables outgrow each worker's
/// --memory is counted in files in $TMPDIR (its row `ok` with the published count), and with
/// --no-spill its row stops at the budget (`out-of-reach`), as the row of a count stopped by
/// its memory always has.
#[test]
fn batch_rows_go_on_in_files_unless_told_not_to() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("puzzles");
    std::fs::create_dir(&puzzles).unwrap();
    let file = knight_board(&puzzles, 6, 8, true);
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, format!("{text}[expect]\ncount = \"5326861632\"\n")).unwrap();
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let batch = |extra: &[&str]| {
        let out = pathsat()
            .env("TMPDIR", &tmp)
            .args([
                "batch", "--method", "dp", "--memory", "16MiB", "--format", "json",
            ])
            .args(extra)
            .arg(&puzzles)
            .output()
            .unwrap();
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        report["rows"][0].clone()
    };
    let row = batch(&[]);
    assert_eq!(row["status"], "ok", "{row}");
    assert_eq!(row["count"], 5_326_861_632u64, "{row}");
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0);
    let row = batch(&["--no-spill"]);
    assert_eq!(row["status"], "out-of-reach", "{row}");
    assert_eq!(row["complete"], false, "{row}");
}

/// A disk with less room than the tables are estimated to take (`PATHSAT_DISK_FREE` stands in
/// for the free space) stops the count before it writes a file: one line naming the directory,
/// exit status 2.
#[test]
fn a_disk_too_small_for_the_tables_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = knight_board(dir.path(), 6, 8, true);
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let out = pathsat()
        .env("TMPDIR", &tmp)
        .env("PATHSAT_DISK_FREE", "1000")
        .args([
            "count",
            "--method",
            "dp",
            "--memory",
            "16MiB",
            "--progress",
            "none",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains(&tmp.display().to_string()), "{stderr}");
    assert!(stderr.contains("free"), "{stderr}");
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0);
}

/// A rook's board's tables go to files with a disk estimate of their size (its segments' ends
/// pair without crossing), not of any pairing, which asked hundreds of times the disk and was
/// refused: the closed 14x14 rook's tours, 2 x 196 x A003763(7), with 4 MiB of disk.
#[test]
fn a_rook_boards_tables_in_files_are_not_refused_for_a_disk_they_fit() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rook-14x14.toml");
    let grid = vec![["."; 14].join(" "); 14].join("\n");
    std::fs::write(
        &file,
        format!("moves = \"rook\"\nclosed = true\ngrid = \"\"\"\n{grid}\n\"\"\"\n"),
    )
    .unwrap();
    let out = pathsat()
        .env("TMPDIR", dir.path())
        .env("PATHSAT_DISK_FREE", (4u64 << 20).to_string())
        .args([
            "count", "--method", "dp", "--memory", "2MiB", "--format", "json",
        ])
        .args(["--progress", "none"])
        .arg(&file)
        .output()
        .unwrap();
    let report = json_of_output(&out);
    assert!(report["frontier"]["peak_disk_bytes"].as_u64().unwrap() > 0);
    // (Past 2^64: read from the text, every digit.)
    let a003763_7: u128 = 56_126_499_620_491_437_281_263_608;
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!("\"count\": {},", 2 * 196 * a003763_7)),
        "{text}"
    );
}

/// `--plan` counts nothing: its measured layers are the states the count's progress reports
/// layer by layer, and its estimate of the widest table, from a sample of a few layers, is
/// within a factor of four of the widest table the count measures.
#[test]
fn a_plan_measures_its_sample_and_estimates_the_widest_table() {
    let dir = tempfile::tempdir().unwrap();
    let file = knight_board(dir.path(), 6, 6, false);
    let out = pathsat()
        .args([
            "count",
            "--method",
            "dp",
            "--progress",
            "json",
            "--format",
            "json",
        ])
        .arg(&file)
        .output()
        .unwrap();
    let report = json_of_output(&out);
    let peak = report["frontier"]["peak_states"].as_u64().unwrap();
    assert_eq!(peak, 16_570);
    let mut counted = std::collections::BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stderr).lines() {
        let p: serde_json::Value = serde_json::from_str(line).unwrap();
        if let (Some(layer), Some(states)) = (p["layer"].as_u64(), p["states"].as_u64()) {
            counted.insert(layer, states);
        }
    }
    let out = pathsat()
        .args(["count", "--plan", "--sample", "3000", "--format", "json"])
        .arg(&file)
        .output()
        .unwrap();
    let plan = json_of_output(&out);
    let sweep = &plan["plan"]["sweep"];
    let layers = sweep["layers"].as_array().unwrap();
    assert_eq!(layers.len(), 36);
    let measured = sweep["measured_layers"].as_u64().unwrap();
    assert!((3..36).contains(&measured), "{sweep}");
    for layer in &layers[..measured as usize] {
        let l = layer["layer"].as_u64().unwrap();
        assert_eq!(layer["measured"], true);
        if let Some(&states) = counted.get(&l) {
            assert_eq!(layer["states"].as_u64(), Some(states), "layer {l}");
        }
    }
    let widest = sweep["widest"]["states"].as_u64().unwrap();
    assert!(
        widest * 4 >= peak && widest <= peak * 4,
        "{widest} against {peak}"
    );
    // The text names the estimated layers, and nothing was counted.
    let out = pathsat()
        .args(["count", "--plan", "--sample", "3000", "--shard", "4"])
        .arg(&file)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("nothing counted") && text.contains("largest shard"),
        "{text}"
    );
    assert!(!text.contains("fillings"), "{text}");
    // N alone is for plans; a count takes one shard.
    let out = pathsat()
        .args(["count", "--shard", "4"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
