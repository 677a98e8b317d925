//! Finds the external tools the integration tests drive (kissat, CaDiCaL, the DRAT checker
//! rate, rsvg-convert, xmllint with the SVG 1.1 DTD) and, for each one missing, sets a cfg that marks its tests ignored with
//! the reason: `cargo test` then counts them as ignored in its summary and names what to
//! install. With `PATHSAT_REQUIRE_SOLVERS=1` (set by `.ci/run`, which installs them) nothing is
//! ignored, so a missing tool fails its tests instead.
//!
//! It also names the commit the program is built from, for `pathsat --version`: the
//! environment variables `PATHSAT_COMMIT` (git's short hash) and `PATHSAT_COMMIT_DATE`
//! (YYYY-MM-DD), empty when the source is not a git checkout (a crate from `cargo package`, a
//! tarball) or git is missing, and then the version says "commit unknown". It runs again when
//! the checkout's HEAD or the branch it points to moves, not on every edit.

use std::path::Path;
use std::process::{Command, Stdio};

const SVG_DTD: &str = "/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd";

fn main() {
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rerun-if-env-changed=PATHSAT_REQUIRE_SOLVERS");
    println!("cargo::rerun-if-changed=build.rs");
    let required = std::env::var_os("PATHSAT_REQUIRE_SOLVERS").is_some_and(|v| v == "1");
    let checks = [
        ("no_kissat", runs("kissat", "--version")),
        ("no_cadical", runs("cadical", "--version")),
        // The DRAT checker of certified runs (`cargo install rate`).
        ("no_rate", runs("rate", "--version")),
        ("no_rsvg", runs("rsvg-convert", "--version")),
        (
            "no_xmllint",
            runs("xmllint", "--version") && Path::new(SVG_DTD).exists(),
        ),
    ];
    for (cfg, found) in checks {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if !found && !required {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
    let (commit, date) = commit().unwrap_or_default();
    println!("cargo::rustc-env=PATHSAT_COMMIT={commit}");
    println!("cargo::rustc-env=PATHSAT_COMMIT_DATE={date}");
}

/// The short hash and the date of the commit checked out, when this crate is part of a git
/// checkout (its build script tracked by git: a crate unpacked inside some other repository,
/// as `cargo package` does under `target/`, is not); and the files that change when HEAD moves
/// are watched, so that a commit rebuilds with the new hash.
fn commit() -> Option<(String, String)> {
    git(&["ls-files", "--error-unmatch", "build.rs"])?;
    let head = git(&["rev-parse", "--git-path", "HEAD"])?;
    let mut watched = vec![head];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        // A branch: its loose ref file, or, packed, the packed-refs file and the folder where
        // a commit writes the loose ref.
        let loose = git(&["rev-parse", "--git-path", &branch])?;
        if Path::new(&loose).exists() {
            watched.push(loose);
        } else if let Some(folder) = Path::new(&loose).parent().filter(|f| f.exists()) {
            watched.push(folder.display().to_string());
        }
        watched.push(git(&["rev-parse", "--git-path", "packed-refs"])?);
    }
    for path in watched.iter().filter(|p| Path::new(p).exists()) {
        println!("cargo::rerun-if-changed={path}");
    }
    let line = git(&["log", "-1", "--format=%h %cs"])?;
    let (hash, date) = line.split_once(' ')?;
    Some((hash.to_string(), date.to_string()))
}

/// What `git ARGS` prints on one line, run in this crate's folder; `None` when git is missing or
/// fails (no repository).
fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (out.status.success() && !text.is_empty()).then(|| text.to_string())
}

/// Whether `program arg` starts and exits successfully.
fn runs(program: &str, arg: &str) -> bool {
    Command::new(program)
        .arg(arg)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}
