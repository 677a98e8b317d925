//! Snapshots (insta) of what people read: `solve`, `count` and `check` text, the second
//! solution of `--unique`, the DIMACS header, and the batch table. A change of layout shows up
//! in review as a changed `.snap` file under `tests/integration/snapshots/`; times and paths are
//! replaced by placeholders so that the snapshots hold on every machine.

use crate::common::{fixture, pathsat};

/// The standard output of `pathsat ARGS`, which must succeed.
fn stdout(args: &[&str]) -> String {
    let out = pathsat().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn path(p: &str) -> String {
    fixture(p).display().to_string()
}

/// Snapshots `text` with run times replaced.
macro_rules! assert_layout {
    ($name:expr, $text:expr) => {
        insta::with_settings!({
            filters => vec![
                (r"\d+(\.\d+)? (ms|s)\b", "[time]"),
                (r"\d+ min \d+ s", "[time]"),
                // The batch table's seconds column.
                (r"(?m) \d+\.\d{3}$", " [secs]"),
            ],
            prepend_module_to_snapshot => false,
        }, {
            insta::assert_snapshot!($name, $text);
        });
    };
}

#[test]
fn solve_text() {
    assert_layout!(
        "solve-rook-primes-tour",
        stdout(&["solve", &path("seeds/rook-primes-tour.toml")])
    );
    assert_layout!(
        "solve-hidato-holes-all",
        stdout(&["solve", "--all", &path("small/hidato-holes.toml")])
    );
    assert_layout!(
        "solve-unsat",
        stdout(&["solve", &path("small/rook-3x3-closed.toml")])
    );
}

#[test]
fn unique_shows_the_second_solution_starred() {
    assert_layout!(
        "solve-unique-not-unique",
        stdout(&["solve", "--unique", &path("small/rook-4x4.toml")])
    );
    assert_layout!(
        "solve-unique-hidato",
        stdout(&["solve", "--unique", &path("seeds/hidato-188.toml")])
    );
}

#[test]
fn count_text() {
    assert_layout!("count-dp", stdout(&["count", &path("small/rook-5x5.toml")]));
    assert_layout!(
        "count-sat-cubes",
        stdout(&["count", "--method", "sat", &path("small/rook-5x5.toml")])
    );
    assert_layout!(
        "count-enumeration-limit",
        stdout(&[
            "count",
            "--method",
            "enumerate",
            "--limit",
            "3",
            &path("small/rook-5x5.toml")
        ])
    );
    assert_layout!(
        "count-unsat-by-colours",
        stdout(&["count", &path("small/rook-3x3-closed.toml")])
    );
}

#[test]
fn dimacs_header() {
    let file = path("small/rook-3x3.toml");
    let cnf = stdout(&["export", &file]);
    // The header up to the variable map, whose `c x` lines follow one pattern.
    let header: Vec<&str> = cnf.lines().take_while(|l| !l.starts_with("c x ")).collect();
    assert_layout!(
        "dimacs-header-rook-3x3",
        header.join("\n").replace(&file, "[file]")
    );
}

#[test]
fn batch_table() {
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "rook-4x4.toml",
        "king-3x3.toml",
        "rook-3x3-closed.toml",
        "odd-even-marks.toml",
    ] {
        std::fs::copy(fixture(&format!("small/{name}")), dir.path().join(name)).unwrap();
    }
    // An error row: no count, no completeness.
    std::fs::write(
        dir.path().join("broken.toml"),
        "moves = \"rook\"\ngrid = 7\n",
    )
    .unwrap();
    let out = pathsat()
        .args([
            "batch",
            "--quiet",
            "--jobs",
            "1",
            dir.path().to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let table = String::from_utf8(out.stdout).unwrap();
    let table = table.replace(&dir.path().display().to_string(), "[dir]");
    assert_layout!("batch-table", table);
}

/// `--help` of the program and of every command: the option names, values and wording users
/// read (the names come from the library's option enums, `pathsat_api::options`).
#[test]
fn help_text() {
    let commands = [
        "", "solve", "count", "merge", "check", "draw", "forced", "hint", "explain", "booklet",
        "generate", "sample", "hamg", "export", "decode", "compare", "lab", "batch", "serve",
    ];
    for command in commands.into_iter().chain(["completions", "man"]) {
        let mut args: Vec<&str> = vec![command, "--help"];
        args.retain(|a| !a.is_empty());
        let out = pathsat()
            .env("COLUMNS", "100")
            .args(&args)
            .output()
            .unwrap();
        assert!(out.status.success());
        let name = if command.is_empty() {
            "help".to_string()
        } else {
            format!("help-{command}")
        };
        assert_layout!(name, String::from_utf8(out.stdout).unwrap());
    }
}
