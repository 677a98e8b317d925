//! The filter against published numbers and against nauty, on the graphs nauty's `geng`
//! generates (Debian's `nauty`, whose programs are named `nauty-geng`, `nauty-cubhamg`, ...).
//! Without nauty these tests say so and pass, unless `PATHSAT_REQUIRE_NAUTY=1` (as in CI).
//!
//! - The connected graphs on n <= 9 vertices split into Hamiltonian and not as OEIS A003216
//!   and A126149 say, and none of them is hypohamiltonian (the Petersen graph, on 10, is the
//!   smallest).
//! - Every graph up to 8 vertices, connected or not: the exact method's cycle, path and count
//!   against brute force over all orders of the vertices.
//! - The connected cubic graphs on 14 and 16 vertices (20 in `just graph-streams`): the non-Hamiltonian ones are those
//!   `cubhamg` writes, line for line.

use pathsat_graph6::decode_into;
use pathsat_hamg::{
    decide, filter, Fallback, FilterOptions, Limits, Output, Property, Settings, Verdict,
};
use pathsat_puzzle::verify_walk;
use std::path::Path;
use std::process::Command;

/// A fallback no graph here may need: the exact method settles every graph of <= 64 vertices.
struct NoFallback;

impl Fallback for NoFallback {
    fn hamiltonian(
        &self,
        n: usize,
        _: &[(usize, usize)],
        _: bool,
    ) -> Result<Option<Vec<usize>>, String> {
        panic!("a graph of {n} vertices went to the fallback");
    }
    fn count_cycles(&self, n: usize, _: &[(usize, usize)]) -> Result<String, String> {
        panic!("a count of {n} vertices went to the fallback");
    }
    fn certify(&self, n: usize, _: &[(usize, usize)], _: bool, _: &Path) -> Result<(), String> {
        panic!("a certificate of {n} vertices was asked for");
    }
}

/// The output of `nauty-PROGRAM ARGS` (with `input` on its standard input), or `None` when
/// nauty is not installed (and not required).
fn nauty(program: &str, args: &[&str], input: Option<&[u8]>) -> Option<Vec<u8>> {
    use std::io::Write;
    use std::process::Stdio;
    let name = format!("nauty-{program}");
    let child = Command::new(&name)
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => {
            assert!(
                std::env::var_os("PATHSAT_REQUIRE_NAUTY").is_none(),
                "{name}: {e} (PATHSAT_REQUIRE_NAUTY is set: install Debian's nauty)"
            );
            eprintln!("skipped: {name} is not installed ({e})");
            return None;
        }
    };
    if let Some(bytes) = input {
        let mut stdin = child.stdin.take().expect("piped");
        let bytes = bytes.to_vec();
        std::thread::spawn(move || stdin.write_all(&bytes).expect("nauty reads its input"));
    }
    let out = child.wait_with_output().expect("nauty runs");
    assert!(out.status.success(), "{name} {args:?} failed");
    Some(out.stdout)
}

fn options(property: Property, invert: bool) -> FilterOptions {
    FilterOptions {
        settings: Settings {
            property,
            count: false,
            limits: Limits::default(),
            certify: None,
        },
        invert,
        skip_malformed: false,
        jobs: 2,
        output: Output::Graphs,
    }
}

/// The filter over `graphs`: its summary's (has, lacks) and the lines it wrote.
fn run(graphs: &[u8], property: Property, invert: bool) -> ((u64, u64), Vec<u8>) {
    let mut out = Vec::new();
    let summary = filter(
        graphs,
        &mut out,
        &options(property, invert),
        &NoFallback,
        pathsat_budget::Budget::unlimited(),
        &mut |_| {},
    )
    .expect("the stream is well formed");
    assert_eq!(summary.undecided, 0);
    assert_eq!(summary.read, summary.has + summary.lacks);
    ((summary.has, summary.lacks), out)
}

#[test]
fn connected_graphs_split_as_oeis_a003216_and_a126149_say() {
    // a(n) for n = 1..9: Hamiltonian graphs (A003216), connected non-Hamiltonian (A126149).
    let hamiltonian = [1, 0, 1, 3, 8, 48, 383, 6196, 177_083];
    let not = [0, 1, 1, 3, 13, 64, 470, 4921, 83_997];
    for n in 1..=9 {
        let Some(graphs) = nauty("geng", &["-cq", &n.to_string()], None) else {
            return;
        };
        let ((has, lacks), written) = run(&graphs, Property::Cycle, false);
        assert_eq!((has, lacks), (hamiltonian[n - 1], not[n - 1]), "n = {n}");
        assert_eq!(written.iter().filter(|&&b| b == b'\n').count() as u64, has);
        // -v writes the others, and together they are the input, each line unchanged.
        let (_, others) = run(&graphs, Property::Cycle, true);
        let mut both: Vec<&[u8]> = written
            .split(|&b| b == b'\n')
            .chain(others.split(|&b| b == b'\n'))
            .filter(|l| !l.is_empty())
            .collect();
        let mut all: Vec<&[u8]> = graphs
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .collect();
        both.sort_unstable();
        all.sort_unstable();
        assert_eq!(both, all, "n = {n}");
        // None of them is hypohamiltonian: the Petersen graph, on 10 vertices, is the smallest.
        let ((hypo, _), _) = run(&graphs, Property::Hypohamiltonian, false);
        assert_eq!(hypo, 0, "n = {n}");
    }
}

/// The Hamiltonian cycles of the graph (each once), and whether it has a Hamiltonian path:
/// every path from every vertex, walked without any pruning.
fn brute_force(n: usize, edges: &[(usize, usize)]) -> (u64, bool) {
    let mut adjacent = vec![vec![false; n]; n];
    for &(u, v) in edges {
        adjacent[u][v] = true;
        adjacent[v][u] = true;
    }
    let mut walks = Walks {
        adjacent,
        on: vec![false; n],
        path: Vec::with_capacity(n),
        cycles: 0,
        paths: 0,
    };
    for start in 0..n {
        walks.from(start);
    }
    let cycles = if n == 1 { 1 } else { walks.cycles };
    (cycles, walks.paths > 0)
}

struct Walks {
    adjacent: Vec<Vec<bool>>,
    on: Vec<bool>,
    path: Vec<usize>,
    cycles: u64,
    paths: u64,
}

impl Walks {
    fn from(&mut self, v: usize) {
        let n = self.on.len();
        self.on[v] = true;
        self.path.push(v);
        if self.path.len() == n {
            self.paths += 1;
            // Each cycle once: from vertex 0, second vertex below the last.
            let (first, last) = (self.path[0], self.path[n - 1]);
            if n >= 3 && first == 0 && self.path[1] < last && self.adjacent[last][0] {
                self.cycles += 1;
            }
        } else {
            for u in 0..n {
                if self.adjacent[v][u] && !self.on[u] {
                    self.from(u);
                }
            }
        }
        self.path.pop();
        self.on[v] = false;
    }
}

#[test]
fn every_graph_up_to_eight_vertices_agrees_with_brute_force() {
    let mut edges = Vec::new();
    for n in 1..=8 {
        let Some(graphs) = nauty("geng", &["-q", &n.to_string()], None) else {
            return;
        };
        for line in graphs.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let decoded = decode_into(line, &mut edges).expect("geng writes graph6");
            let (cycles, traceable) = brute_force(decoded.n, &edges);
            for property in [Property::Cycle, Property::Path] {
                let settings = Settings {
                    property,
                    count: true,
                    limits: Limits::default(),
                    certify: None,
                };
                let decision = decide(decoded.n, &edges, &settings, &NoFallback).expect("verified");
                let expected = match property {
                    Property::Cycle => cycles > 0,
                    _ => traceable,
                };
                let has = decision.verdict == Verdict::Has;
                assert_eq!(
                    has,
                    expected,
                    "{property:?} {}",
                    String::from_utf8_lossy(line)
                );
                if let pathsat_hamg::Evidence::Walk(order) = &decision.evidence {
                    verify_walk(decoded.n, &edges, order, property == Property::Cycle)
                        .expect("verified");
                }
                assert_eq!(decision.count, Some(cycles.to_string()));
            }
        }
    }
}

#[test]
fn cubic_graphs_agree_with_cubhamg_line_by_line() {
    for n in ["14", "16"] {
        let Some(cubic) = nauty("geng", &["-cq", "-d3", "-D3", n], None) else {
            return;
        };
        let Some(theirs) = nauty("cubhamg", &[], Some(&cubic)) else {
            return;
        };
        let (_, ours) = run(&cubic, Property::Cycle, true);
        assert!(
            !ours.is_empty(),
            "n = {n}: some cubic graphs are not Hamiltonian"
        );
        assert_eq!(ours, theirs, "n = {n}");
    }
}
