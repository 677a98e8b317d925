//! Certificates of "no" (encodings/certificates.md): written by certified CaDiCaL runs or by the
//! frontier sweep (narrow graphs), checked
//! by `pathsat check-certificate` (the claims checker and the DRAT checker dratify), and refused,
//! with one line, when any part of them is changed. The certificate's README also names an
//! outside checker, `rate`, run here when it is on the PATH (`cargo install rate`; required
//! under `PATHSAT_REQUIRE_SOLVERS=1`, as in CI).

use crate::common::{fixture, json_of, json_of_command, pathsat, pathsat_without_sweep};
use predicates::prelude::*;
use std::fs;
use std::path::Path;

/// Certifies `file` with `args`, keeping the certificate in `dir`; the JSON report.
fn certify(file: &str, args: &[&str], dir: &Path) -> serde_json::Value {
    let path = fixture(file);
    let mut all = vec!["solve", path.to_str().unwrap()];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--certify", "--certificate", dir.to_str().unwrap()]);
    json_of(&all)
}

/// [`certify`] by the solvers alone: without the frontier sweep, which otherwise answers for
/// the narrow graphs these tests use, so that the cut loop's claims and the race are tested.
fn certify_by_solvers(file: &str, args: &[&str], dir: &Path) -> serde_json::Value {
    let path = fixture(file);
    let mut all = vec!["solve", path.to_str().unwrap()];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--certify", "--certificate", dir.to_str().unwrap()]);
    json_of_command(pathsat_without_sweep(), &all)
}

fn check(dir: &Path) -> assert_cmd::assert::Assert {
    pathsat()
        .args(["check-certificate", dir.to_str().unwrap()])
        .assert()
}

/// A copy of the certificate in `from`, in a new directory of `root`.
fn copy(from: &Path, root: &Path, name: &str) -> std::path::PathBuf {
    let to = root.join(name);
    fs::create_dir(&to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
    to
}

/// `run.json` with the checksum of `file` set to what the file now holds: a change that only
/// the DRAT checker or the claims checker can catch.
fn reseal(dir: &Path, file: &str) {
    let bytes = fs::read(dir.join(file)).unwrap();
    let sum = format!("{:08x}", crc32fast::hash(&bytes));
    let path = dir.join("run.json");
    let mut run: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    run["checksums"][file] = sum.into();
    fs::write(&path, serde_json::to_string(&run).unwrap()).unwrap();
}

#[test]
fn a_non_hamiltonian_graph_is_certified_by_cuts_and_a_drat_proof() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("gp");
    // GP(11,2) has no Hamiltonian cycle: the cut loop proves it in some 45 rounds.
    let v = certify_by_solvers("graphs/classic/gp-11-2.hcp", &[], &dir);
    assert_eq!(v["status"], "unsat");
    assert_eq!(v["certified"], true);
    let c = &v["certificate"];
    assert_eq!(c["answer"], "no Hamiltonian cycle");
    assert_eq!(c["solutions"], 0);
    assert!(c["claims"]["leave"].as_u64().unwrap() > 10);
    assert_eq!(c["claims"]["leave"], c["claims"]["enter"]);
    assert!(c["checker"].as_str().unwrap().starts_with("dratify "));
    for file in [
        "formula.cnf",
        "claims.txt",
        "proof.drat",
        "README.md",
        "run.json",
        "gp-11-2.toml",
    ] {
        assert!(dir.join(file).is_file(), "{file}");
    }
    check(&dir).success().stdout(predicate::str::starts_with(
        "certified: no Hamiltonian cycle (the encoding + 180 cuts; dratify ",
    ));
}

/// The certificate's README checks the proof without pathsat, with rate: it agrees.
#[test]
#[cfg_attr(no_rate, ignore = "needs the DRAT checker rate: cargo install rate")]
fn an_outside_drat_checker_agrees() {
    let root = tempfile::tempdir().unwrap();
    for (file, args) in [
        ("graphs/classic/gp-17-2.hcp", &[][..]),
        ("graphs/classic/tutte.hcp", &[][..]),
        ("seeds/hidato-188.toml", &["--unique"][..]),
    ] {
        let dir = root.path().join(file.replace('/', "-"));
        certify(file, args, &dir);
        let readme = fs::read_to_string(dir.join("README.md")).unwrap();
        assert!(readme.contains("rate formula.cnf proof.drat"));
        let rate = std::process::Command::new("rate")
            .current_dir(&dir)
            .args(["formula.cnf", "proof.drat"])
            .output()
            .expect("rate runs");
        let said = String::from_utf8_lossy(&rate.stdout);
        assert!(said.contains("s VERIFIED"), "{file}: {said}");
    }
}

#[test]
fn every_change_to_a_certificate_is_refused_with_its_reason() {
    let root = tempfile::tempdir().unwrap();
    let good = root.path().join("good");
    certify_by_solvers("graphs/classic/gp-17-2.hcp", &[], &good);
    check(&good).success();
    let refused = |dir: &Path, reason: &str| {
        check(dir)
            .code(3)
            .stderr(predicate::str::contains(reason))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    };

    // A byte of the proof changed.
    let dir = copy(&good, root.path(), "byte");
    let mut proof = fs::read(dir.join("proof.drat")).unwrap();
    let middle = proof.len() / 2;
    proof[middle] ^= 0x55;
    fs::write(dir.join("proof.drat"), &proof).unwrap();
    refused(&dir, "proof.drat was changed after the run");

    // A proof without its end (cut after a step: a zero byte ends each one in binary DRAT),
    // sealed again: the DRAT checker itself refuses it.
    let dir = copy(&good, root.path(), "cut-short");
    let proof = fs::read(dir.join("proof.drat")).unwrap();
    let end = proof[..proof.len() / 4]
        .iter()
        .rposition(|&b| b == 0)
        .unwrap()
        + 1;
    fs::write(dir.join("proof.drat"), &proof[..end]).unwrap();
    reseal(&dir, "proof.drat");
    refused(&dir, "the DRAT checker rejected the proof: ");
    // Cut inside a step: the reader says so.
    fs::write(dir.join("proof.drat"), &proof[..end + 2]).unwrap();
    reseal(&dir, "proof.drat");
    refused(&dir, "proof.drat: the last step is cut short");

    // A cut dropped from the claims (its clause left in the formula).
    let dir = copy(&good, root.path(), "dropped");
    let claims = fs::read_to_string(dir.join("claims.txt")).unwrap();
    let mut lines: Vec<&str> = claims.lines().collect();
    let first_cut = lines.iter().position(|l| l.starts_with("leave ")).unwrap();
    lines.remove(first_cut);
    let header = lines
        .iter()
        .position(|l| l.starts_with("p claims"))
        .unwrap();
    let fields: Vec<usize> = lines[header][9..]
        .split(' ')
        .map(|w| w.parse().unwrap())
        .collect();
    let new_header = format!("p claims {} {}", fields[0], fields[1] - 1);
    lines[header] = &new_header;
    fs::write(dir.join("claims.txt"), lines.join("\n") + "\n").unwrap();
    reseal(&dir, "claims.txt");
    refused(&dir, "is not the one this `enter` claim gives");

    // A wrong vertex set: vertex 17 swapped for 18 in the first cut.
    let dir = copy(&good, root.path(), "wrong-set");
    let claims = fs::read_to_string(dir.join("claims.txt")).unwrap();
    let changed = claims.replacen(
        "leave 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n",
        "leave 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 18\n",
        1,
    );
    assert_ne!(
        changed, claims,
        "the first cut of GP(17,2) is the outer cycle"
    );
    fs::write(dir.join("claims.txt"), changed).unwrap();
    reseal(&dir, "claims.txt");
    refused(&dir, "is not the one this `leave` claim gives");

    // The CNF, claims and proof of another puzzle (GP(11,2)'s), beside GP(17,2)'s file.
    let other = root.path().join("other");
    certify_by_solvers("graphs/classic/gp-11-2.hcp", &[], &other);
    let dir = copy(&good, root.path(), "swapped");
    for file in ["formula.cnf", "claims.txt", "proof.drat"] {
        fs::copy(other.join(file), dir.join(file)).unwrap();
        reseal(&dir, file);
    }
    refused(
        &dir,
        "formula.cnf does not begin with the encoding of gp-17-2",
    );

    // No certificate at all: the user's input (status 2).
    pathsat()
        .args([
            "check-certificate",
            root.path().join("none").to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a pathsat certificate"));
}

#[test]
fn reductions_uniqueness_and_counts_are_certified_too() {
    let root = tempfile::tempdir().unwrap();
    // The 4x4 board has no closed knight's tour: the reductions force the corners' edges and
    // meet a contradiction, which the solver then proves from their claims.
    let board = root.path().join("k4x4.toml");
    fs::write(
        &board,
        "moves = \"knight\"\nclosed = true\ngrid = \"\"\"\n. . . .\n. . . .\n. . . .\n. . . .\n\"\"\"\n",
    )
    .unwrap();
    let dir = root.path().join("k4x4");
    let v = json_of_command(
        pathsat_without_sweep(),
        &[
            "solve",
            board.to_str().unwrap(),
            "--certify",
            "--certificate",
            dir.to_str().unwrap(),
        ],
    );
    assert_eq!(v["status"], "unsat");
    assert_eq!(v["certified"], true);
    assert!(v["certificate"]["claims"]["force"].as_u64().unwrap() >= 8);
    let claims = fs::read_to_string(dir.join("claims.txt")).unwrap();
    assert!(
        claims.contains("\nforce 7 16 by 16\n"),
        "the corner 16 has two moves: to 7 and 10"
    );
    check(&dir).success();

    // Hidato 188 is unique: one block claim, then nothing is left.
    let dir = root.path().join("hidato");
    let v = certify("seeds/hidato-188.toml", &["--unique"], &dir);
    assert_eq!(
        (v["unique"].as_bool(), v["certified"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(v["certificate"]["answer"], "exactly 1 solution");
    assert_eq!(v["certificate"]["claims"]["block"], 1);
    check(&dir).success();

    // The rook's path with primes has exactly 4 fillings (the seed's answer).
    let v = json_of(&[
        "count",
        fixture("seeds/rook-primes-path.toml").to_str().unwrap(),
        "--certify",
    ]);
    assert_eq!(
        (v["count"].as_u64(), v["certified"].as_bool()),
        (Some(4), Some(true))
    );
    assert_eq!(v["certificate"]["solutions"], 4);
    assert_eq!(v["certificate"]["answer"], "exactly 4 solutions");
}

/// `generate --certify`: each puzzle's proof of uniqueness is a certificate, kept per puzzle
/// under `--certificate DIR`, which `check-certificate` accepts on its own.
#[test]
fn generated_puzzles_come_with_certificates_of_uniqueness() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("made");
    let out = root.path().join("puzzle.toml");
    pathsat()
        .args([
            "generate",
            "--size",
            "6x6",
            "--moves",
            "king",
            "--seed",
            "5",
            "--certify",
        ])
        .args([
            "--certificate",
            dir.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "unique, proved, certified (dratify ",
        ));
    let kept = dir.join("6x6-king-seed-5");
    let puzzle = fs::read_to_string(kept.join("6x6-king-seed-5.toml")).unwrap();
    assert_eq!(
        puzzle,
        fs::read_to_string(&out).unwrap(),
        "the certificate holds the puzzle written"
    );
    check(&kept).success().stdout(predicate::str::starts_with(
        "certified: exactly 1 solution (the encoding + 1 filling blocked;",
    ));
}

/// `hint --certify`: the hint's "no other value fits", proved with the filled cells as givens.
#[test]
fn a_hint_is_certified_with_the_filled_cells_as_givens() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("hint");
    let v = json_of(&[
        "hint",
        fixture("seeds/hidato-188.toml").to_str().unwrap(),
        "--certify",
        "--certificate",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(v["status"], "hint");
    let h = &v["hint"];
    let (row, col, value) = (&h["row"], &h["col"], &h["value"]);
    let answer = format!("({row}, {col}) holds {value} in every solution");
    assert_eq!(v["certificate"]["answer"], answer.as_str());
    assert_eq!(v["certificate"]["claims"]["exclude"], 1);
    check(&dir).success();
    // The hypothesis dropped: the formula alone has solutions, and the proof no longer holds.
    let claims = fs::read_to_string(dir.join("claims.txt")).unwrap();
    let formula = fs::read_to_string(dir.join("formula.cnf")).unwrap();
    let mut lines: Vec<&str> = formula.lines().collect();
    lines.pop();
    let header = lines.iter().position(|l| l.starts_with("p cnf")).unwrap();
    let fields: Vec<usize> = lines[header][6..]
        .split(' ')
        .map(|w| w.parse().unwrap())
        .collect();
    let new_header = format!("p cnf {} {}", fields[0], fields[1] - 1);
    lines[header] = &new_header;
    fs::write(dir.join("formula.cnf"), lines.join("\n") + "\n").unwrap();
    let kept: Vec<String> = claims
        .lines()
        .filter(|l| !l.starts_with("exclude"))
        .map(
            |l| match l.strip_suffix(" 1").filter(|_| l.starts_with("p claims")) {
                Some(head) => format!("{head} 0"),
                None => l.to_string(),
            },
        )
        .collect();
    fs::write(dir.join("claims.txt"), kept.join("\n") + "\n").unwrap();
    reseal(&dir, "formula.cnf");
    reseal(&dir, "claims.txt");
    check(&dir)
        .code(3)
        .stderr(predicate::str::contains("run.json says"));
}

/// The flower snark J13: the cut loop needs 8,191 rounds, so after its head start a certified
/// run of the CRT encoding joins the race and wins; its certificate names that encoding.
#[test]
fn a_complete_encoding_certifies_what_the_cut_loop_cannot_soon() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("j13");
    let v = certify_by_solvers(
        "graphs/classic/flower-snark-j13.hcp",
        &["--jobs", "2"],
        &dir,
    );
    assert_eq!(
        (v["status"].as_str(), v["certified"].as_bool()),
        (Some("unsat"), Some(true))
    );
    assert_eq!(
        (&v["encoding"]["name"], &v["encoding"]["subtours"]),
        (&"successor".into(), &"crt".into())
    );
    assert_eq!(v["certificate"]["answer"], "no Hamiltonian cycle");
    let run: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.join("run.json")).unwrap()).unwrap();
    assert_eq!(run["encoding"], "successor-crt");
    check(&dir).success();
}

/// On narrow graphs the frontier sweep writes the proof itself, before any solver runs: the
/// successor encoding with the frontier rule, no claims, and lemmas the DRAT checker replays.
/// The same certificate on one job or two.
#[test]
fn the_frontier_sweep_certifies_narrow_graphs_itself() {
    let root = tempfile::tempdir().unwrap();
    for (file, jobs) in [
        ("graphs/classic/flower-snark-j13.hcp", "1"),
        ("graphs/classic/flower-snark-j13.hcp", "2"),
        ("graphs/classic/gp-47-2.hcp", "2"),
        ("graphs/classic/tutte.hcp", "2"),
    ] {
        let dir = root
            .path()
            .join(format!("{}-{jobs}", file.replace('/', "-")));
        let v = certify(file, &["--jobs", jobs], &dir);
        assert_eq!(
            (v["status"].as_str(), v["certified"].as_bool()),
            (Some("unsat"), Some(true)),
            "{file}"
        );
        assert_eq!(
            (&v["encoding"]["name"], &v["encoding"]["subtours"]),
            (&"successor".into(), &"frontier".into()),
            "{file}"
        );
        let c = &v["certificate"];
        assert_eq!(c["answer"], "no Hamiltonian cycle");
        assert_eq!(c["claims"], serde_json::json!({}), "{file}");
        let readme = fs::read_to_string(dir.join("README.md")).unwrap();
        assert!(readme.contains("the frontier sweep's DRAT proof"), "{file}");
        let run: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(dir.join("run.json")).unwrap()).unwrap();
        assert_eq!(run["encoding"], "successor-frontier");
        check(&dir).success().stdout(predicate::str::starts_with(
            "certified: no Hamiltonian cycle (the encoding; dratify ",
        ));
    }
    let proof = |jobs: &str| {
        let name = format!("graphs-classic-flower-snark-j13.hcp-{jobs}");
        fs::read(root.path().join(name).join("proof.drat")).unwrap()
    };
    assert_eq!(proof("1"), proof("2"));
}

/// `count --method sat --certify`: one certified cube per value of one cell, which together
/// must pin every candidate value of it; a cube left out is refused.
#[test]
fn a_count_in_cubes_is_certified_cube_by_cube() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("cubes");
    let v = json_of(&[
        "count",
        fixture("small/hidato-5x5.toml").to_str().unwrap(),
        "--method",
        "sat",
        "--certify",
        "--certificate",
        dir.to_str().unwrap(),
    ]);
    // 69: the fixture's expected count, found by brute force (fixtures/README.md).
    assert_eq!(
        (v["count"].as_u64(), v["certified"].as_bool()),
        (Some(69), Some(true))
    );
    let c = &v["certificate"];
    assert_eq!(c["solutions"], 69);
    let cubes = c["cubes"].as_u64().unwrap();
    assert!(cubes >= 2, "{c}");
    assert_eq!(c["claims"]["assume"].as_u64(), Some(cubes));
    check(&dir).success();
    // One cube left out of cubes.json: the others no longer cover the cell.
    let path = dir.join("cubes.json");
    let mut record: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    record["cubes"].as_array_mut().unwrap().pop();
    fs::write(&path, record.to_string()).unwrap();
    check(&dir)
        .code(3)
        .stderr(predicate::str::contains("its candidates are"));
    // Others, each against the count its file expects (brute force or published).
    for file in [
        "small/knight-3x4-open.toml",
        "small/king-4x3-givens.toml",
        "small/rook-4x4.toml",
        "small/odd-even-marks.toml",
        "small/rook-3x3-closed.toml",
    ] {
        let v = json_of(&[
            "count",
            fixture(file).to_str().unwrap(),
            "--method",
            "sat",
            "--certify",
        ]);
        assert_eq!(v["expected"]["agrees"], true, "{file}: {v}");
        assert_eq!(v["certified"], true, "{file}");
        assert_eq!(v["certificate"]["solutions"], v["count"], "{file}");
    }
}
