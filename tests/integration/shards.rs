//! Sharded counts through the CLI: `count --shard I/N` on small boards, each shard a separate
//! process, and `merge` of the parts against brute force; `merge` refusing parts that do not
//! add up (another puzzle, another cut, a duplicate, a missing shard, a file that is not a
//! part) with one line naming the file and exit status 2; and counts split by residues,
//! recombined past 64 bits against a published count.

use crate::common::pathsat;
use pathsat_puzzle::{brute, parse_str, Format};
use std::path::{Path, PathBuf};

/// Small boards the frontier program counts, with their brute-force counts worked out here.
const BOARDS: [(&str, &str); 5] = [
    (
        "rook-4x5",
        "moves = \"rook\"\ngrid = \"\"\"\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n\"\"\"\n",
    ),
    (
        "king-3x4-closed",
        "moves = \"king\"\nclosed = true\ngrid = \"\"\"\n. . . .\n. . . .\n. . . .\n\"\"\"\n",
    ),
    (
        "knight-5x5",
        "moves = \"knight\"\ngrid = \"\"\"\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n\"\"\"\n",
    ),
    (
        "rook-4x4-ends",
        "moves = \"rook\"\ngrid = \"\"\"\n1 . . .\n. . . .\n. . . .\n16 . . .\n\"\"\"\n",
    ),
    (
        "king-4x4-given-tour",
        "moves = \"king\"\nclosed = true\ngrid = \"\"\"\n. . . .\n. 5 . .\n. . . .\n. . . .\n\"\"\"\n",
    ),
];

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs shard `i` of `n` of `board`, cut at `cut` states, writing `part-i.json` in `dir`.
fn shard(board: &Path, i: u32, n: u32, cut: u64, dir: &Path) -> PathBuf {
    let part = dir.join(format!("part-{i}.json"));
    pathsat()
        .arg("count")
        .arg(board)
        .args([
            "--shard",
            &format!("{i}/{n}"),
            "--cut",
            &cut.to_string(),
            "-o",
        ])
        .arg(&part)
        .assert()
        .success();
    part
}

/// The JSON on standard output of a command that must succeed.
fn json_of(command: &mut std::process::Command) -> serde_json::Value {
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The count `merge` prints as JSON, read exactly (a `serde_json::Value` would round a count
/// past 2^64 to a float).
fn merged_count(parts: &[PathBuf]) -> String {
    #[derive(serde::Deserialize)]
    struct Merged {
        count: pathsat_bigcount::BigCount,
    }
    let out = pathsat()
        .arg("merge")
        .args(parts)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let merged: Merged = serde_json::from_slice(&out.stdout).unwrap();
    merged.count.to_string()
}

#[test]
fn merged_shards_equal_brute_force() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, text) in BOARDS {
        let expected = brute::count(&parse_str(text, Format::Toml).unwrap(), None);
        assert!(expected.complete && expected.count > 0, "{name}");
        let board = write(tmp.path(), &format!("{name}.toml"), text);
        for (n, cut) in [(1, 1), (2, 5), (5, 8)] {
            let dir = tmp.path().join(format!("{name}-{n}"));
            std::fs::create_dir(&dir).unwrap();
            let parts: Vec<PathBuf> = (1..=n).map(|i| shard(&board, i, n, cut, &dir)).collect();
            assert_eq!(
                merged_count(&parts),
                expected.count.to_string(),
                "{name} in {n} shards cut at {cut} states"
            );
            if n < 5 {
                continue;
            }
            // A shard run again (after a crash) gives the same part.
            let again = std::fs::read_to_string(&parts[n as usize - 1]).unwrap();
            let rerun = shard(&board, n, n, cut, &dir);
            let count = |text: &str| {
                serde_json::from_str::<serde_json::Value>(text).unwrap()["count"].clone()
            };
            assert_eq!(
                count(&again),
                count(&std::fs::read_to_string(rerun).unwrap())
            );
        }
    }
}

/// `merge` with `args`: exit status 2 and one line on standard error containing `wanted`.
fn refused(args: &[&Path], wanted: &str) {
    let out = pathsat().arg("merge").args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(wanted), "{stderr} lacks {wanted:?}");
    assert!(out.stdout.is_empty());
}

#[test]
fn merge_refuses_parts_that_do_not_add_up() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let rook = write(dir, "rook.toml", BOARDS[0].1);
    let knight = write(dir, "knight.toml", BOARDS[2].1);
    let [a, b] = ["a", "b"].map(|d| {
        std::fs::create_dir(dir.join(d)).unwrap();
        dir.join(d)
    });
    let one = shard(&rook, 1, 2, 5, &a);
    let two = shard(&rook, 2, 2, 5, &a);
    let foreign = shard(&knight, 2, 2, 5, &b);
    refused(&[&one, &foreign], "counts another puzzle");
    let other_cut = shard(&rook, 2, 2, 6, &b);
    refused(&[&one, &other_cut], "cut at states 6, not 5");
    refused(&[&one, &two, &two], "are both shard 2/2");
    refused(&[&one], "1 of 2 shards missing: 2/2");
    let garbage = write(dir, "garbage.json", "{\"format\": \"pathsat-count-part/1\"");
    refused(
        &[&one, &garbage],
        "garbage.json: not a part of a sharded count",
    );
    let report = write(dir, "report.json", "{\"rows\": []}");
    refused(&[&report], "report.json: not a part of a sharded count");
    // The same puzzle in another file, under another name, is the same count.
    let renamed = write(
        dir,
        "renamed.toml",
        &format!("name = \"other\"\n{}", BOARDS[0].1),
    );
    let two_renamed = shard(&renamed, 2, 2, 5, &b);
    pathsat()
        .arg("merge")
        .arg(&one)
        .arg(&two_renamed)
        .assert()
        .success();
}

/// The closed 12x12 grid: 288 x A003763(6) = 288 x 1,076,226,888,605,605,706 fillings
/// (OEIS), a 69-bit number.
const GRID_12X12_CLOSED: &str = "309953343918414443328";

fn blank_grid(side: usize, closed: bool) -> String {
    let row = vec!["."; side].join(" ");
    let rows = vec![row; side].join("\n");
    format!("moves = \"rook\"\nclosed = {closed}\ngrid = \"\"\"\n{rows}\n\"\"\"\n")
}

/// Runs shard `i` of `n` of `board` split by residues, writing `residue-i.json` in `dir`.
fn residue_shard(board: &Path, i: u32, n: u32, dir: &Path) -> PathBuf {
    let part = dir.join(format!("residue-{i}.json"));
    pathsat()
        .arg("count")
        .arg(board)
        .args([
            "--shard",
            &format!("{i}/{n}"),
            "--split-by",
            "residues",
            "-o",
        ])
        .arg(&part)
        .assert()
        .success();
    part
}

/// The 12x12 closed grid split by residues: shard 1 bounds the count, shards 2 and 3 give it
/// modulo two 63-bit primes, and `merge` recombines the published count; with too few
/// primes, without the bound, or with a part that is not its shard's, it refuses and says what
/// to run. Split by states, the parts of the same count (past 64 bits) add up to it too.
#[test]
fn residue_shards_recombine_a_count_past_64_bits() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let board = write(dir, "grid-12x12.toml", &blank_grid(12, true));
    let parts: Vec<PathBuf> = (1..=3).map(|i| residue_shard(&board, i, 3, dir)).collect();
    assert_eq!(merged_count(&parts), GRID_12X12_CLOSED);
    let bound: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&parts[0]).unwrap()).unwrap();
    assert_eq!(bound["bound"], true);
    // The parts in another order, and a fourth shard run later (of another N), merge too.
    let fourth = residue_shard(&board, 4, 4, dir);
    let shuffled = [&parts[2], &fourth, &parts[0], &parts[1]].map(|p| p.clone());
    assert_eq!(merged_count(&shuffled), GRID_12X12_CLOSED);
    refused(&[&parts[0], &parts[1]], "run shard 3/3 too");
    refused(&[&parts[1], &parts[2]], "shard 1 (the bound)");
    refused(&[&parts[0], &parts[1], &parts[1]], "are both shard 2/3");
    // A residue under another shard's number.
    let text = std::fs::read_to_string(&parts[2]).unwrap();
    let moved = write(dir, "moved.json", &text.replace("\"3/3\"", "\"2/3\""));
    refused(&[&parts[0], &moved], "counts modulo 9223372036854775783");
    // A residue off by one: the residues give a number above the bound.
    let residue: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&parts[1]).unwrap()).unwrap();
    let off = residue["count"].as_u64().unwrap() + 1;
    let text = std::fs::read_to_string(&parts[1]).unwrap();
    let damaged = write(
        dir,
        "damaged.json",
        &text.replace(
            &format!("\"count\": {}", off - 1),
            &format!("\"count\": {off}"),
        ),
    );
    refused(
        &[&parts[0], &damaged, &parts[2]],
        "above the bound of 69 bits",
    );
    // Parts of a split by states do not recombine with residues.
    let states_dir = dir.join("states");
    std::fs::create_dir(&states_dir).unwrap();
    let by_states: Vec<PathBuf> = (1..=2)
        .map(|i| shard(&board, i, 2, 1000, &states_dir))
        .collect();
    refused(
        &[&parts[0], &by_states[1]],
        "it was split by frontier-late-slots-v1",
    );
    assert_eq!(merged_count(&by_states), GRID_12X12_CLOSED);
    claims_are_checked_as_far_as_the_parts_go(&parts, &by_states);
    // --cut belongs to a split by states.
    let out = pathsat()
        .arg("count")
        .arg(&board)
        .args(["--shard", "1/2", "--split-by", "residues", "--cut", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--cut"));
}

/// `merge PARTS --expect COUNT`: its exit status and standard output, as text and as JSON.
fn claim(parts: &[&PathBuf], count: &str) -> (Option<i32>, String, serde_json::Value) {
    let run = |format: &str| {
        pathsat()
            .arg("merge")
            .args(parts)
            .args(["--expect", count, "--format", format])
            .output()
            .unwrap()
    };
    let text = run("text");
    let json = run("json");
    assert_eq!(text.status.code(), json.status.code());
    (
        text.status.code(),
        String::from_utf8_lossy(&text.stdout).into_owned(),
        serde_json::from_slice(&json.stdout).unwrap(),
    )
}

/// `merge --expect` on the 12x12 grid's parts (3 by residues, 2 by states): the published
/// count agrees, whether the parts decide it or not; a count they contradict (a residue, the
/// bound, or shares adding up past it) exits with status 1; a count that is no number, 2.
fn claims_are_checked_as_far_as_the_parts_go(residues: &[PathBuf], states: &[PathBuf]) {
    let published = GRID_12X12_CLOSED;
    let all: Vec<&PathBuf> = residues.iter().collect();
    let (code, text, json) = claim(&all, published);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("agrees, the merged count is that one"),
        "{text}"
    );
    assert_eq!(json["agrees"], true);
    assert!(
        text.contains("fillings: 309,953,343,918,414,443,328"),
        "{text}"
    );
    assert!(json["merged"].is_object());
    // The bound and one residue: consistent, not decided.
    let (code, text, json) = claim(&all[..2], published);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("do not decide it"), "{text}");
    assert!(
        text.contains("it is the expected count's residue"),
        "{text}"
    );
    assert!(json.get("merged").is_none());
    assert!(json["undecided"]
        .as_str()
        .unwrap()
        .contains("run shard 3/3"));
    // One more than the count: the residue says no. The count plus the first prime has the
    // same residue, but the bound says no.
    let count: u128 = published.parse().unwrap();
    let (code, text, _) = claim(&all[..2], &(count + 1).to_string());
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("DISAGREES (not the expected count's residue"),
        "{text}"
    );
    let prime = 9_223_372_036_854_775_783u128;
    let (code, text, json) = claim(&all[..2], &(count + prime).to_string());
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("DISAGREES (the expected count is above it)"),
        "{text}"
    );
    assert_eq!(json["parts"][1]["agrees"], true);
    // All the parts and a wrong count: the merged count is named.
    let (code, text, _) = claim(&all, &(count - 1).to_string());
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("DISAGREES, the parts give 309,953,343,918,414,443,328"),
        "{text}"
    );
    // By states: one share alone is at most the count; both are the count.
    let (code, text, json) = claim(&[&states[0]], published);
    assert_eq!(code, Some(0), "{text}");
    assert!(json["undecided"]
        .as_str()
        .unwrap()
        .contains("1 of 2 shards missing"));
    // The share, read from the text ("shard 1/2, N fillings: agrees ..."): JSON's numbers
    // past 2^64 would be rounded by serde_json::Value.
    let share: u128 = text
        .lines()
        .find_map(|l| l.strip_prefix("shard 1/2, "))
        .and_then(|l| l.split_once(" fillings"))
        .map(|(n, _)| n.replace(',', "").parse().unwrap())
        .expect(&text);
    assert!(share > 0 && share < count);
    let (code, text, _) = claim(&[&states[0]], &(share - 1).to_string());
    assert_eq!(code, Some(1), "{text}");
    let both: Vec<&PathBuf> = states.iter().collect();
    assert_eq!(claim(&both, published).0, Some(0));
    let out = pathsat()
        .arg("merge")
        .args(&both)
        .args(["--expect", "12x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn shards_are_counted_by_the_frontier_program_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let rook = write(tmp.path(), "rook.toml", BOARDS[0].1);
    let out = pathsat()
        .arg("count")
        .arg(&rook)
        .args(["--shard", "1/2", "--method", "sat"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the sat method cannot be sharded"));
    let out = pathsat()
        .arg("count")
        .arg(&rook)
        .args(["--shard", "3/2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected I/N with 1 <= I <= N"));
    // Marks are beyond the frontier program: the shard says so.
    let marked = write(
        tmp.path(),
        "marked.toml",
        "moves = \"rook\"\nmark = \"primes\"\ngrid = \"\"\"\n. P\n. .\n\"\"\"\n",
    );
    let out = pathsat()
        .arg("count")
        .arg(&marked)
        .args(["--shard", "1/2"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `PATH` with the `pathsat` binary under test first.
fn path_with_pathsat() -> std::ffi::OsString {
    let binary = assert_cmd::cargo::cargo_bin!("pathsat");
    let dir = binary
        .parent()
        .expect("the binary's directory")
        .to_path_buf();
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(dir).chain(std::env::split_paths(&rest))).unwrap()
}

/// The Slurm job array of `docs/count-shards.sbatch`, as far as one machine allows: its syntax
/// with `bash -n`, then each array task run as Slurm would (its environment), one after the
/// other and one of them twice (a requeued task); the parts merge to the brute-force count.
#[test]
fn the_slurm_array_script_counts_in_shards() {
    let script = crate::common::fixtures_dir().join("../docs/count-shards.sbatch");
    let status = std::process::Command::new("bash")
        .arg("-n")
        .arg(&script)
        .status()
        .unwrap();
    assert!(status.success(), "bash -n {}", script.display());
    let tmp = tempfile::tempdir().unwrap();
    let (name, text) = BOARDS[2];
    let board = write(tmp.path(), "board.toml", text);
    // An array task in Slurm's environment, with `settings` besides.
    let task = |index: u32, of: u32, settings: &[(&str, &str)]| {
        let out = std::process::Command::new("bash")
            .arg(&script)
            .current_dir(tmp.path())
            .env("PATH", path_with_pathsat())
            .env("PUZZLE", &board)
            .env("SLURM_ARRAY_TASK_ID", index.to_string())
            .env("SLURM_ARRAY_TASK_COUNT", of.to_string())
            .env("SLURM_CPUS_PER_TASK", "1")
            .env("SLURM_MEM_PER_NODE", "1024")
            .envs(settings.iter().copied())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    for index in [1, 2, 3, 2] {
        task(index, 3, &[("CUT", "10")]);
    }
    let parts: Vec<PathBuf> = (1..=3)
        .map(|i| tmp.path().join(format!("parts/part-{i}-of-3.json")))
        .collect();
    let expected = brute::count(&parse_str(text, Format::Toml).unwrap(), None);
    assert_eq!(merged_count(&parts), expected.count.to_string(), "{name}");
    // Split by residues: shard 1 the bound, shard 2 the count modulo a prime.
    for index in [1, 2] {
        task(index, 2, &[("SPLIT_BY", "residues"), ("OUT", "residues")]);
    }
    let parts: Vec<PathBuf> = (1..=2)
        .map(|i| tmp.path().join(format!("residues/part-{i}-of-2.json")))
        .collect();
    assert_eq!(merged_count(&parts), expected.count.to_string(), "{name}");
}

/// The GNU parallel one-liner of `pathsat count --help`, with `-j 2`: shards as separate
/// processes, two at a time.
#[test]
fn the_gnu_parallel_one_liner_counts_in_shards() {
    if std::process::Command::new("parallel")
        .arg("--version")
        .output()
        .is_err()
    {
        assert!(
            std::env::var_os("PATHSAT_REQUIRE_SOLVERS").is_none(),
            "GNU parallel is not installed (Debian: parallel)"
        );
        eprintln!("skipped: GNU parallel is not installed");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let (name, text) = BOARDS[0];
    write(tmp.path(), "board.toml", text);
    let line = "parallel -j 2 pathsat count board.toml --shard {}/6 --cut 4 -o part-{}.json ::: \
                $(seq 6) && pathsat merge part-*.json --format json";
    let json = json_of(
        std::process::Command::new("bash")
            .args(["-c", line])
            .current_dir(tmp.path())
            .env("PATH", path_with_pathsat()),
    );
    let expected = brute::count(&parse_str(text, Format::Toml).unwrap(), None);
    assert_eq!(
        json["count"].to_string(),
        expected.count.to_string(),
        "{name}"
    );
    assert_eq!(json["shards"], 6);
}

/// `--progress json` writes JSON lines a program can follow, each naming the shard; the part
/// itself goes to standard output.
#[test]
fn progress_in_json_lines_names_the_shard() {
    let tmp = tempfile::tempdir().unwrap();
    let board = write(tmp.path(), "board.toml", BOARDS[2].1);
    let out = pathsat()
        .arg("count")
        .arg(&board)
        .args(["--shard", "2/3", "--cut", "4", "--progress", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let events: Vec<serde_json::Value> = stderr
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(!events.is_empty(), "{stderr}");
    for event in &events {
        assert_eq!(event["shard"], "2/3", "{event}");
        assert_eq!(event["stage"], "frontier", "{event}");
    }
    let part: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(part["shard"], "2/3");
    assert_eq!(part["format"], "pathsat-count-part/1");
}

/// `-o` names a pipe (as `/dev/null` or `/dev/stdout` are not regular files either) or a link:
/// the part goes through the pipe and into the linked file, and both stay what they were
/// (renaming the part over them would replace them with an ordinary file).
#[cfg(unix)]
#[test]
fn a_part_goes_into_a_pipe_or_through_a_link_and_leaves_them_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let tmp = tempfile::tempdir().unwrap();
    let (name, text) = BOARDS[0];
    let board = write(tmp.path(), &format!("{name}.toml"), text);
    let expected = brute::count(&parse_str(text, Format::Toml).unwrap(), None).count;
    let count_in = |bytes: &[u8]| {
        serde_json::from_slice::<serde_json::Value>(bytes).unwrap()["count"].to_string()
    };

    let fifo = tmp.path().join("pipe");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    pathsat()
        .arg("count")
        .arg(&board)
        .args(["--shard", "1/1", "-o"])
        .arg(&fifo)
        .assert()
        .success();
    // Checked first: a pipe replaced by a file would leave the reader waiting for ever.
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the pipe was replaced by {kind:?}");
    assert_eq!(count_in(&reader.join().unwrap()), expected.to_string());

    let target = write(tmp.path(), "target.json", "old\n");
    let link = tmp.path().join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    pathsat()
        .arg("count")
        .arg(&board)
        .args(["--shard", "1/1", "-o"])
        .arg(&link)
        .assert()
        .success();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        count_in(&std::fs::read(&target).unwrap()),
        expected.to_string()
    );
}

/// A part that could not be written is known before the count starts: a missing directory
/// or a directory as `-o` is refused at once, exit status 2 and one line naming the file.
#[test]
fn an_unwritable_part_is_refused_before_counting() {
    let tmp = tempfile::tempdir().unwrap();
    let (name, text) = BOARDS[0];
    let board = write(tmp.path(), &format!("{name}.toml"), text);
    let missing = tmp.path().join("no-such-dir").join("part.json");
    for (output, why) in [
        (missing.as_path(), "there is no directory"),
        (tmp.path(), "is a directory"),
    ] {
        let out = pathsat()
            .arg("count")
            .arg(&board)
            .args(["--shard", "1/2", "--progress", "lines", "-o"])
            .arg(output)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "no layer was counted: {stderr}");
        assert!(
            stderr.contains(&format!("cannot write {}: {why}", output.display())),
            "{stderr}"
        );
    }
}

/// A shard stopped by its memory budget and run again goes on from its checkpoint, and its part
/// is the one an uninterrupted run writes; the line it prints says how long this run took
/// beside the whole shard's time (the part's `seconds`, which counts the run before too).
#[test]
fn a_resumed_shard_writes_the_same_part_and_counts_both_runs_time() {
    let dir = tempfile::tempdir().unwrap();
    let rows = [". . . . . ."; 6].join("\n");
    let board = write(
        dir.path(),
        "knight-6x6.toml",
        &format!("moves = \"knight\"\ngrid = \"\"\"\n{rows}\n\"\"\"\n"),
    );
    let checkpoint = dir.path().join("part-2.checkpoint");
    let run = |memory: &str, part: &Path| {
        pathsat()
            .arg("count")
            .arg(&board)
            .args([
                "--shard",
                "2/3",
                "--split-by",
                "residues",
                "--memory",
                memory,
                "--no-spill",
            ])
            .args(["--checkpoint-every", "0.001", "--checkpoint"])
            .arg(&checkpoint)
            .arg("-o")
            .arg(part)
            .output()
            .unwrap()
    };
    let part = dir.path().join("part-2.json");
    let stopped = run("300KiB", &part);
    assert_eq!(stopped.status.code(), Some(1));
    assert!(checkpoint.exists() && !part.exists());

    let resumed = run("1GiB", &part);
    let stderr = String::from_utf8_lossy(&resumed.stderr);
    assert!(resumed.status.success(), "{stderr}");
    assert!(
        stderr.contains("resumed from its checkpoint after layer")
            && stderr.contains("s in this run)"),
        "{stderr}"
    );
    assert!(!checkpoint.exists());
    let whole = dir.path().join("whole-2.json");
    let out = run("1GiB", &whole);
    assert!(out.status.success());
    let read =
        |p: &Path| serde_json::from_slice::<serde_json::Value>(&std::fs::read(p).unwrap()).unwrap();
    let (resumed, whole) = (read(&part), read(&whole));
    // 2 x 3,318,960 open tours, below the prime.
    assert_eq!(resumed["count"], 6_637_920);
    for field in ["count", "modulus", "shard", "digest", "peak_states"] {
        assert_eq!(resumed[field], whole[field], "{field}");
    }
    assert!(resumed["seconds"].as_f64().unwrap() > 0.0);
}
