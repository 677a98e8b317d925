//! The real round trip through kissat and CaDiCaL: `pathsat export`, the external solver,
//! `pathsat decode`, for every seed fixture; and `pathsat compare` with real and fake solvers.
//!
//! Without the solvers on PATH (when the tests were built) the round-trip tests are ignored,
//! with the reason in `cargo test`'s output and the count in its summary (`cli/build.rs`
//! decides), unless `PATHSAT_REQUIRE_SOLVERS=1` (set by `.ci/run`), where a missing solver
//! fails the test.

use crate::common::{fixture, pathsat, puzzle_files};
use pathsat_external::ExternalSolver;
use predicates::prelude::*;
use std::process::Command;

const SOLVERS: [&str; 2] = ["kissat", "cadical"];

/// The solver: the tests that call this are ignored when it is absent (see the module doc).
fn solver(name: &str) -> ExternalSolver {
    ExternalSolver::find(name).unwrap_or_else(|| panic!("{name} is not on PATH"))
}

#[test]
#[cfg_attr(
    any(no_kissat, no_cadical),
    ignore = "needs kissat and cadical on PATH (Debian: cadical; PyPI: passagemath-kissat)"
)]
fn every_seed_round_trips_through_kissat_and_cadical() {
    let dir = tempfile::tempdir().unwrap();
    for name in SOLVERS {
        let solver = solver(name);
        for puzzle in puzzle_files("seeds") {
            let stem = puzzle.file_stem().unwrap().to_string_lossy().to_string();
            let cnf = dir.path().join(format!("{stem}.cnf"));
            let model = dir.path().join(format!("{stem}.{name}.out"));
            pathsat()
                .args([
                    "export",
                    puzzle.to_str().unwrap(),
                    "-o",
                    cnf.to_str().unwrap(),
                ])
                .assert()
                .success();
            let output = Command::new(&solver.path).arg(&cnf).output().unwrap();
            assert_eq!(
                output.status.code(),
                Some(10),
                "{name} on {stem}: satisfiable"
            );
            std::fs::write(&model, &output.stdout).unwrap();
            let out = pathsat()
                .args([
                    "decode",
                    puzzle.to_str().unwrap(),
                    model.to_str().unwrap(),
                    "--format",
                    "json",
                ])
                .assert()
                .success();
            let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
            assert_eq!(v["status"], "sat", "{name} on {stem}");
            assert_eq!(v["solutions"].as_array().unwrap().len(), 1);
            eprintln!("{name}: {stem} exported, solved, decoded and verified");
        }
    }
}

/// The complete successor encodings through the real solvers: each file alone gives kissat and
/// CaDiCaL a model that decodes to a verified tour or path, or is unsatisfiable where there is
/// none (the Petersen graph has no Hamiltonian cycle).
#[test]
#[cfg_attr(
    any(no_kissat, no_cadical),
    ignore = "needs kissat and cadical on PATH (Debian: cadical; PyPI: passagemath-kissat)"
)]
fn complete_successor_encodings_through_kissat_and_cadical() {
    let dir = tempfile::tempdir().unwrap();
    let encodings = [
        "successor-unary",
        "successor-binary",
        "successor-crt",
        "successor-closure",
        "successor-elimination",
        "successor-frontier",
    ];
    for name in SOLVERS {
        let solver = solver(name);
        for (file, status) in [
            ("graphs/petersen.hcp", 20),
            ("graphs/petersen-path.toml", 10),
            ("graphs/dodecahedron.col", 10),
            ("seeds/knight-8x8-closed.toml", 10),
        ] {
            for encoding in encodings {
                let puzzle = fixture(file);
                let cnf = dir.path().join("complete.cnf");
                pathsat()
                    .args(["export", puzzle.to_str().unwrap(), "--encoding", encoding])
                    .args(["-o", cnf.to_str().unwrap()])
                    .assert()
                    .success();
                let output = Command::new(&solver.path).arg(&cnf).output().unwrap();
                assert_eq!(
                    output.status.code(),
                    Some(status),
                    "{name} on {file}, {encoding}"
                );
                let model = dir.path().join("complete.out");
                std::fs::write(&model, &output.stdout).unwrap();
                let out = pathsat()
                    .args(["decode", puzzle.to_str().unwrap(), model.to_str().unwrap()])
                    .args(["--encoding", encoding, "--format", "json"])
                    .assert()
                    .success();
                let v: serde_json::Value =
                    serde_json::from_slice(&out.get_output().stdout).unwrap();
                let expected = if status == 10 { "sat" } else { "unsat" };
                assert_eq!(v["status"], expected, "{name} on {file}, {encoding}");
            }
        }
    }
}

/// The successor encoding's round 0 through the real solvers, on a graph and on a knight's
/// board: the model decodes to a verified tour, or is a cover by several cycles, which
/// `decode` names as such (exit 1) instead of printing a filling.
#[test]
#[cfg_attr(
    any(no_kissat, no_cadical),
    ignore = "needs kissat and cadical on PATH (Debian: cadical; PyPI: passagemath-kissat)"
)]
fn successor_round_zero_through_kissat_and_cadical() {
    let dir = tempfile::tempdir().unwrap();
    for name in SOLVERS {
        let solver = solver(name);
        for file in [
            "graphs/directed-path-from-1.toml",
            "seeds/knight-8x8-closed.toml",
        ] {
            let puzzle = fixture(file);
            let cnf = dir.path().join("round0.cnf");
            pathsat()
                .args([
                    "export",
                    puzzle.to_str().unwrap(),
                    "--encoding",
                    "successor",
                ])
                .args(["-o", cnf.to_str().unwrap()])
                .assert()
                .success();
            let output = Command::new(&solver.path).arg(&cnf).output().unwrap();
            assert_eq!(output.status.code(), Some(10), "{name} on {file}");
            let model = dir.path().join("round0.out");
            std::fs::write(&model, &output.stdout).unwrap();
            let decoded = pathsat()
                .args(["decode", puzzle.to_str().unwrap(), model.to_str().unwrap()])
                .args(["--encoding", "successor"])
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&decoded.stderr);
            match decoded.status.code() {
                Some(0) => eprintln!("{name}: {file}: round 0 gave a tour, verified"),
                Some(1) if stderr.contains("disjoint cycles") => {
                    eprintln!(
                        "{name}: {file}: round 0 gave a cycle cover: {}",
                        stderr.trim()
                    )
                }
                other => panic!("{name} on {file}: exit {other:?}: {stderr}"),
            }
        }
    }
}

#[test]
#[cfg_attr(
    any(no_kissat, no_cadical),
    ignore = "needs kissat and cadical on PATH (Debian: cadical; PyPI: passagemath-kissat)"
)]
fn compare_runs_the_real_solvers() {
    let present = SOLVERS;
    for name in present {
        solver(name);
    }
    let mut cmd = pathsat();
    cmd.args([
        "compare",
        fixture("seeds/rook-primes-tour.toml").to_str().unwrap(),
        "--format",
        "json",
    ]);
    for name in &present {
        cmd.args(["--solver", name]);
    }
    let out = cmd.assert().success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let rows = v["solvers"].as_array().unwrap();
    // The embedded solvers first: varisat, and CaDiCaL in a build with it.
    let embedded = if cfg!(feature = "cadical") { 2 } else { 1 };
    assert_eq!(rows.len(), present.len() + embedded);
    assert_eq!(rows[0]["solver"], "varisat (embedded)");
    for row in rows {
        assert_eq!(row["status"], "sat", "{row}");
        assert_eq!(row["valid"], true, "{row}");
    }
}

/// Solvers that misbehave, written as shell scripts: a wrong model, no answer in time, garbage.
#[cfg(unix)]
#[test]
fn compare_reports_wrong_slow_and_absent_solvers() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let script = |name: &str, body: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path.to_str().unwrap().to_string()
    };
    // Every variable of the CNF (its only argument) false: no cell has a value.
    let wrong = script(
        "wrong",
        "n=$(grep '^p cnf' \"$1\" | cut -d' ' -f3); echo 's SATISFIABLE'; printf v; \
         i=1; while [ $i -le $n ]; do printf ' -%d' $i; i=$((i+1)); done; echo ' 0'; exit 10",
    );
    let slow = script("slow", "sleep 10");
    let garbage = script("garbage", "echo hello");
    let unsat = script("unsat", "echo 's UNSATISFIABLE'; exit 20");
    let puzzle = fixture("small/numbrix-5x5.toml");
    let out = pathsat()
        .args([
            "compare",
            puzzle.to_str().unwrap(),
            "--timeout",
            "0.5",
            "--format",
            "json",
        ])
        .args([
            "--solver",
            &wrong,
            "--solver",
            &slow,
            "--solver",
            &garbage,
            "--solver",
            "no-such-solver",
        ])
        .assert()
        .code(1);
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    // After the embedded solvers (varisat, and CaDiCaL in a build with it), the scripts.
    let embedded = if cfg!(feature = "cadical") { 2 } else { 1 };
    let (inside, rows) = v["solvers"].as_array().unwrap().split_at(embedded);
    assert!(inside
        .iter()
        .all(|r| r["status"] == "sat" && r["valid"] == true));
    let status: Vec<&str> = rows.iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(status, ["sat", "timeout", "error", "absent"]);
    assert_eq!(rows[0]["valid"], false);
    assert!(
        rows[0]["error"].as_str().unwrap().contains("has no value"),
        "{}",
        rows[0]
    );
    assert!(
        rows[2]["error"]
            .as_str()
            .unwrap()
            .contains("unexpected line \"hello\""),
        "{}",
        rows[2]
    );
    // A solver that claims unsat where a solution exists: the solvers disagree.
    pathsat()
        .args(["compare", puzzle.to_str().unwrap(), "--solver", &unsat])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("the solvers disagree"));
}

/// `compare --proofs`: kissat's and CaDiCaL's "unsatisfiable" come with DRAT proofs that dratify
/// replays; a solver that says "unsatisfiable" with a proof that proves nothing is caught.
#[cfg(unix)]
#[test]
#[cfg_attr(
    any(no_kissat, no_cadical),
    ignore = "needs kissat and cadical on PATH (Debian: cadical; PyPI: passagemath-kissat)"
)]
fn compare_checks_the_proofs_of_unsatisfiable_answers() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    // Says unsat, and writes a "proof" that only claims the empty clause.
    let liar = dir.path().join("liar");
    std::fs::write(
        &liar,
        "#!/bin/sh\nprintf '0\\n' > \"$2\"\necho 's UNSATISFIABLE'\nexit 20\n",
    )
    .unwrap();
    std::fs::set_permissions(&liar, std::fs::Permissions::from_mode(0o755)).unwrap();
    // GP(11,2) has no Hamiltonian cycle; the closure encoding is a complete CNF of that.
    let graph = fixture("graphs/classic/gp-11-2.hcp");
    let out = pathsat()
        .args([
            "compare",
            graph.to_str().unwrap(),
            "--encoding",
            "successor-closure",
        ])
        .args([
            "--proofs", "--format", "json", "--solver", "kissat", "--solver", "cadical",
        ])
        .args(["--solver", liar.to_str().unwrap()])
        .assert()
        .code(1);
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let rows = v["solvers"].as_array().unwrap();
    for row in rows
        .iter()
        .filter(|r| r["solver"] == "kissat" || r["solver"] == "cadical")
    {
        assert_eq!(
            (&row["status"], &row["valid"]),
            (&"unsat".into(), &true.into()),
            "{row}"
        );
        assert!(row["proof_bytes"].as_u64().unwrap() > 0, "{row}");
    }
    let liar_row = rows.last().unwrap();
    assert_eq!(liar_row["valid"], false);
    assert!(
        liar_row["error"]
            .as_str()
            .unwrap()
            .starts_with("proof rejected: the DRAT checker"),
        "{liar_row}"
    );
}

/// `decode --proof`: kissat's "unsatisfiable" of an exported CNF, proved by its DRAT proof, which
/// dratify replays against the same export; a proof that proves nothing is refused (status 1).
#[test]
#[cfg_attr(
    any(no_kissat, no_cadical),
    ignore = "needs kissat and cadical on PATH (Debian: cadical; PyPI: passagemath-kissat)"
)]
fn decode_checks_the_proof_of_an_unsatisfiable_answer() {
    let dir = tempfile::tempdir().unwrap();
    let graph = fixture("graphs/classic/gp-11-2.hcp");
    let (cnf, out, proof) = (
        dir.path().join("gp.cnf"),
        dir.path().join("gp.out"),
        dir.path().join("gp.drat"),
    );
    let graph = graph.to_str().unwrap();
    pathsat()
        .args(["export", graph, "--encoding", "successor-closure", "-o"])
        .arg(&cnf)
        .assert()
        .success();
    let kissat = Command::new(solver("kissat").path)
        .arg(&cnf)
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(kissat.status.code(), Some(20));
    std::fs::write(&out, &kissat.stdout).unwrap();
    let decode = |proof: &std::path::Path| {
        pathsat()
            .args(["decode", graph])
            .arg(&out)
            .args(["--encoding", "successor-closure", "--proof"])
            .arg(proof)
            .assert()
    };
    decode(&proof).success().stdout(predicate::str::contains(
        "proved: dratify 0.1 verified the DRAT proof",
    ));
    let bogus = dir.path().join("bogus.drat");
    std::fs::write(&bogus, "0\n").unwrap();
    decode(&bogus).code(1).stderr(predicate::str::contains(
        "bogus.drat: proof rejected: the DRAT checker",
    ));
}
