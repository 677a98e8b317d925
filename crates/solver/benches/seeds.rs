//! # Seed benchmarks
//!
//! The whole job of `pathsat count` / `pathsat solve` on the seed puzzles, in process: read the
//! file, encode, solve or count, verify every solution. Criterion measures; at the end a table
//! prints each median next to the target of the foundation issue. Run with `just bench`.

use criterion::{criterion_group, Criterion};
use pathsat_puzzle::parse_file;
use pathsat_solver::{PuzzleSolver, SolveOptions};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// (benchmark id, fixture, what to do, expected answer, target in milliseconds)
const CASES: &[(&str, &str, Job, u64, f64)] = &[
    (
        "rook-primes-path count",
        "seeds/rook-primes-path.toml",
        Job::Count,
        4,
        40.0,
    ),
    (
        "rook-primes-tour count",
        "seeds/rook-primes-tour.toml",
        Job::Count,
        1,
        40.0,
    ),
    (
        "hidato-188 count",
        "seeds/hidato-188.toml",
        Job::Count,
        1,
        10.0,
    ),
    (
        "knight-8x8-closed first",
        "seeds/knight-8x8-closed.toml",
        Job::First,
        1,
        500.0,
    ),
    (
        "rook-4x4 count",
        "small/rook-4x4.toml",
        Job::Count,
        552,
        f64::NAN,
    ),
    (
        "rook-5x5 count",
        "small/rook-5x5.toml",
        Job::Count,
        8648,
        8000.0,
    ),
];

#[derive(Clone, Copy)]
enum Job {
    Count,
    First,
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

fn criterion_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/criterion")
}

/// Reads, encodes and solves or counts; returns the number of verified fillings.
fn run(file: &Path, job: Job) -> u64 {
    let puzzle = parse_file(file).expect("fixture parses");
    let mut solver = PuzzleSolver::new(&puzzle, &SolveOptions::default()).expect("encodes");
    let limit = match job {
        Job::Count => None,
        Job::First => Some(1),
    };
    solver.count(limit, |_| {}).expect("solves").count
}

fn seeds(c: &mut Criterion) {
    for &(id, fixture, job, expected, _) in CASES {
        let file = fixtures().join(fixture);
        assert_eq!(run(&file, job), expected, "{id}");
        c.bench_function(id, |b| b.iter(|| run(&file, job)));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .output_directory(&criterion_dir())
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = seeds
}

/// The median of a benchmark, from Criterion's estimates, in milliseconds.
fn median_ms(id: &str) -> Option<f64> {
    let dir = id.replace('/', "_");
    let text =
        std::fs::read_to_string(criterion_dir().join(dir).join("new/estimates.json")).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    Some(json["median"]["point_estimate"].as_f64()? / 1e6)
}

fn main() {
    benches();
    Criterion::default().final_summary();
    println!("\n{:<26} {:>12} {:>10}  ", "benchmark", "median", "target");
    for &(id, _, _, _, target) in CASES {
        let median = median_ms(id).map_or("-".to_string(), |m| format!("{m:.2} ms"));
        let target_text = if target.is_nan() {
            "-".to_string()
        } else {
            format!("< {target} ms")
        };
        let verdict = match median_ms(id) {
            Some(m) if !target.is_nan() => {
                if m < target {
                    "met"
                } else {
                    "MISSED"
                }
            }
            _ => "",
        };
        println!("{id:<26} {median:>12} {target_text:>10}  {verdict}");
    }
}
