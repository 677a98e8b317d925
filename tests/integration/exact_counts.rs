//! Counts beyond 2^128, exact through every output: the command's text and JSON, batch rows
//! (table, JSON, CSV) and `batch merge`. The answers come from closed forms, not from pathsat:
//! a chain of k cliques K_m joined by single edges (from the last vertex of one clique to the
//! first of the next) has (m-1)!^2 (m-2)!^(k-2) Hamiltonian paths, and a ring of them
//! (m-2)!^k Hamiltonian cycles; the brute-force reference confirms both forms on small chains
//! and rings.

use pathsat_bigcount::BigCount;
use pathsat_puzzle::{brute, parse_str, Format};
use std::path::Path;
use std::process::Command;

fn pathsat() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pathsat"))
}

fn factorial(n: u64) -> BigCount {
    (1..=n).fold(BigCount::from(1u64), |f, k| f * k)
}

fn power(base: &BigCount, exponent: u64) -> BigCount {
    (0..exponent).fold(BigCount::from(1u64), |p, _| p * base)
}

/// Undirected Hamiltonian paths of a chain of `k` >= 2 cliques of `m` >= 2 vertices.
fn chain_paths(m: u64, k: u64) -> BigCount {
    power(&factorial(m - 1), 2) * &power(&factorial(m - 2), k - 2)
}

/// Hamiltonian cycles of a ring of `k` >= 3 cliques of `m` >= 2 vertices.
fn ring_cycles(m: u64, k: u64) -> BigCount {
    power(&factorial(m - 2), k)
}

/// A graph puzzle of `k` cliques of `m` vertices, chained (a ring when `closed`), with an
/// `[expect] count` when given.
fn cliques(m: usize, k: usize, closed: bool, expect: Option<&BigCount>) -> String {
    let mut edges = Vec::new();
    for i in 0..k {
        let first = i * m + 1;
        for u in first..first + m {
            for v in u + 1..first + m {
                edges.push(format!("[{u}, {v}]"));
            }
        }
        if i + 1 < k || closed {
            let next_first = (i + 1) % k * m + 1;
            edges.push(format!("[{}, {next_first}]", first + m - 1));
        }
    }
    let mut text = format!(
        "name = \"cliques-{m}x{k}\"\nclosed = {closed}\n[graph]\nvertices = {}\nedges = [{}]\n",
        m * k,
        edges.join(", ")
    );
    if let Some(count) = expect {
        // Beyond 2^63 a TOML integer cannot hold the count: a string of digits can.
        text.push_str(&format!("[expect]\ncount = \"{count}\"\n"));
    }
    text
}

#[test]
fn the_closed_forms_hold_on_small_chains_and_rings() {
    for (m, k) in [(2, 2), (3, 2), (3, 3), (4, 2), (2, 4), (3, 4)] {
        let chain = parse_str(&cliques(m, k, false, None), Format::Toml).unwrap();
        let fillings = BigCount::from(brute::count(&chain, None).count);
        assert_eq!(
            fillings,
            chain_paths(m as u64, k as u64) * 2,
            "chain of {k} K{m}"
        );
    }
    for (m, k) in [(3, 3), (4, 3), (3, 4), (2, 5)] {
        let ring = parse_str(&cliques(m, k, true, None), Format::Toml).unwrap();
        let n = (m * k) as u64;
        let fillings = BigCount::from(brute::count(&ring, None).count);
        assert_eq!(
            fillings,
            ring_cycles(m as u64, k as u64) * (2 * n),
            "ring of {k} K{m}"
        );
    }
}

fn json(out: &[u8]) -> serde_json::Value {
    serde_json::from_slice(out).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(out)))
}

/// The `"count": ...` number of a JSON report, as written (serde_json's `Value` would turn a
/// number this long into a float).
fn count_digits(out: &[u8]) -> String {
    let text = String::from_utf8_lossy(out);
    let at = text.find("\"count\": ").expect("a count field") + "\"count\": ".len();
    text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect()
}

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn counts_beyond_2_to_the_128_are_exact_in_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let two_128 = BigCount::from(u128::MAX);
    // 180 vertices: 2 * 5!^2 * 4!^28 fillings.
    let paths = chain_paths(6, 30);
    let chain_fillings = paths.clone() * 2;
    assert!(chain_fillings > two_128);
    let chain = write(dir.path(), "chain.toml", &cliques(6, 30, false, None));
    // 168 vertices: 2N * 4!^28 fillings; the 2N is multiplied beyond 2^128 too.
    let cycles = ring_cycles(6, 28);
    assert!(cycles > two_128);
    let ring_fillings = cycles * (2 * 168);
    let ring = write(dir.path(), "ring.toml", &cliques(6, 28, true, None));
    for (file, expected) in [(&chain, &chain_fillings), (&ring, &ring_fillings)] {
        let out = pathsat()
            .args(["count", "--format", "json"])
            .arg(file)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(count_digits(&out.stdout), expected.to_string());
        let report = json(&out.stdout);
        assert_eq!(report["complete"], true);
        assert_eq!(report["method"], "frontier-dp");
        assert!(report["frontier"]["peak_states"].as_u64().unwrap() > 0);
        // The exact digits read back through the library's own reader.
        let text = String::from_utf8_lossy(&out.stdout);
        #[derive(serde::Deserialize)]
        struct Report {
            count: BigCount,
        }
        let back: Report = serde_json::from_str(&text).unwrap();
        assert_eq!(&back.count, expected);

        let out = pathsat().arg("count").arg(file).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(&format!("{} fillings (complete)", expected.grouped())),
            "{text}"
        );
    }
}

#[test]
fn batch_rows_csv_and_merge_keep_every_digit() {
    let dir = tempfile::tempdir().unwrap();
    let fillings = chain_paths(6, 30) * 2;
    write(
        dir.path(),
        "a-chain.toml",
        &cliques(6, 30, false, Some(&fillings)),
    );
    // One more than the true count: an exact comparison tells them apart.
    let off_by_one = fillings.clone() + &BigCount::from(1u64);
    let wrong = dir.path().join("wrong");
    std::fs::create_dir(&wrong).unwrap();
    write(
        &wrong,
        "b-chain.toml",
        &cliques(6, 30, false, Some(&off_by_one)),
    );

    let report = dir.path().join("report.json");
    let out = pathsat()
        .args(["batch", "--quiet", "--format", "json"])
        .arg(dir.path().join("a-chain.toml"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(&report, &out.stdout).unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("\"count\": {fillings},")), "{text}");
    assert!(
        text.contains(&format!("\"expected\": {fillings},")),
        "{text}"
    );
    assert_eq!(json(&out.stdout)["rows"][0]["status"], "ok");

    let out = pathsat()
        .args(["batch", "--quiet", "--format", "json"])
        .arg(&wrong)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let other = dir.path().join("other.json");
    std::fs::write(&other, &out.stdout).unwrap();
    assert_eq!(json(&out.stdout)["rows"][0]["status"], "mismatch");

    // Merged, then printed as CSV and as a table: the digits survive the round trip.
    let out = pathsat()
        .args(["batch", "merge", "--format", "csv"])
        .args([&report, &other])
        .output()
        .unwrap();
    let csv = String::from_utf8_lossy(&out.stdout);
    assert!(csv.contains(&format!(",{fillings},true,")), "{csv}");
    assert!(csv.contains(&format!(",{off_by_one},,mismatch,")), "{csv}");
    let out = pathsat()
        .args(["batch", "merge"])
        .args([&report, &other])
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains(&fillings.grouped()), "{table}");
    assert!(
        table.contains(&format!(
            "expected {} fillings, found {}",
            off_by_one.grouped(),
            fillings.grouped()
        )),
        "{table}"
    );
}
