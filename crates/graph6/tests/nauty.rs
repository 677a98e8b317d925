//! Agreement with nauty's own programs, byte for byte: every graph `geng` makes of up to 8
//! vertices, converted to sparse6 by `copyg -s` and listed by `listg -e`, and random graphs of
//! up to 300 vertices converted both ways. Debian's package `nauty` names them `nauty-geng`,
//! `nauty-copyg` and `nauty-listg`. Where they are not installed, each test prints a note and
//! passes, unless `PATHSAT_REQUIRE_NAUTY=1` (then it fails).

use pathsat_graph6::{decode_into, encode_graph6, encode_sparse6, Encoding};
use std::io::Write;
use std::process::{Command, Stdio};

/// Whether nauty's programs are here; without them, a note (or a failure when they are
/// required).
fn nauty_installed() -> bool {
    let found = Command::new("nauty-geng")
        .args(["-q", "1"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var("PATHSAT_REQUIRE_NAUTY").as_deref() != Ok("1"),
            "PATHSAT_REQUIRE_NAUTY=1, and nauty-geng is not installed (apt-get install nauty)"
        );
        eprintln!("note: nauty-geng is not installed (apt-get install nauty): test skipped");
    }
    found
}

/// What `program args` writes for `input`.
fn run(program: &str, args: &[&str], input: &str) -> String {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        output.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The edges of a line, sorted.
fn edges_of(line: &str) -> (usize, Vec<(usize, usize)>) {
    let mut edges = Vec::new();
    let d = decode_into(line.as_bytes(), &mut edges).unwrap_or_else(|e| panic!("{line}: {e}"));
    edges.sort_unstable();
    (d.n, edges)
}

#[test]
fn every_small_graph_of_geng_in_both_formats_as_copyg_writes_them() {
    if !nauty_installed() {
        return;
    }
    for n in 1..=8 {
        let g6 = run("nauty-geng", &["-q", &n.to_string()], "");
        let s6 = run("nauty-copyg", &["-sq"], &g6);
        let (g6, s6): (Vec<&str>, Vec<&str>) = (g6.lines().collect(), s6.lines().collect());
        assert_eq!(g6.len(), s6.len());
        assert!(g6.len() > 1 || n == 1);
        let mut edges = Vec::new();
        for (g, s) in g6.iter().zip(&s6) {
            let d = decode_into(g.as_bytes(), &mut edges).unwrap();
            assert_eq!((d.n, d.encoding), (n, Encoding::Graph6));
            assert_eq!(encode_graph6(n, &edges), *g);
            assert_eq!(encode_sparse6(n, &edges), *s, "{g}");
            assert_eq!(edges_of(s), edges_of(g), "{g} {s}");
        }
    }
}

#[test]
fn the_edges_are_those_listg_lists() {
    if !nauty_installed() {
        return;
    }
    let g6 = run("nauty-geng", &["-q", "6"], "");
    // Per graph, `n m` on a line, then the m edges as pairs of vertices (from 0).
    let listed = run("nauty-listg", &["-eq"], &g6);
    let mut numbers = listed
        .split_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let mut graphs = 0;
    for line in g6.lines() {
        let (n, edges) = edges_of(line);
        assert_eq!(numbers.next(), Some(n));
        let m = numbers.next().unwrap();
        let mut listed: Vec<(usize, usize)> = (0..m)
            .map(|_| (numbers.next().unwrap(), numbers.next().unwrap()))
            .collect();
        listed.sort_unstable();
        assert_eq!(edges, listed, "{line}");
        graphs += 1;
    }
    assert_eq!(numbers.next(), None);
    assert_eq!(graphs, 156);
}

/// A small xorshift generator: the same graphs on every machine.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn random_graphs_convert_both_ways_as_copyg_converts_them() {
    if !nauty_installed() {
        return;
    }
    let mut state = 0x2545_F491_4F6C_DD1D;
    let mut graphs = Vec::new();
    for n in [
        2, 3, 4, 5, 8, 15, 16, 17, 31, 32, 33, 62, 63, 64, 65, 127, 128, 300,
    ] {
        for percent in [1, 5, 20, 50, 95] {
            for top in [n, n - 1] {
                // Edges among the first `top` vertices only: with top = n - 1, the last
                // edge's larger end is n - 2 at most (sparse6's special padding).
                let mut edges = Vec::new();
                for j in 1..top {
                    for i in 0..j {
                        if next(&mut state) % 100 < percent {
                            edges.push((i, j));
                        }
                    }
                }
                graphs.push((n, edges));
            }
        }
    }
    let g6: Vec<String> = graphs.iter().map(|(n, e)| encode_graph6(*n, e)).collect();
    let s6: Vec<String> = graphs.iter().map(|(n, e)| encode_sparse6(*n, e)).collect();
    let theirs_s6 = run("nauty-copyg", &["-sq"], &(g6.join("\n") + "\n"));
    let theirs_g6 = run("nauty-copyg", &["-gq"], &(s6.join("\n") + "\n"));
    assert_eq!(theirs_s6.lines().collect::<Vec<_>>(), s6);
    assert_eq!(theirs_g6.lines().collect::<Vec<_>>(), g6);
}
