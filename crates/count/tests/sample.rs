//! Exactly uniform samples, tested as a statistician would: many thousands of draws at a fixed
//! seed against the uniform distribution over fillings enumerated independently (a chi-square
//! test at p = 0.001), the share of a start cell against the exact share the counts give on a
//! board too large to enumerate, a sampler biased by one (its bound off by one) that the same
//! test rejects, and the same samples whatever the threads and wherever the tables lie.

use num_bigint::BigUint;
use pathsat_count::{sample, uniform_ranks, CountOptions, SampleBy, SampleMethod, SampleOptions};
use pathsat_frontier::{sample_fillings, FrontierOptions, SampleOptions as FrontierSampleOptions};
use pathsat_puzzle::{brute, CellRule, Expect, Filling, Moves, Puzzle};
use std::collections::HashMap;

/// The chi-square statistic's value that `k` degrees of freedom exceed with probability 0.001
/// (the Wilson–Hilferty approximation, good to a fraction of a percent here).
fn chi_square_critical(k: usize) -> f64 {
    let k = k as f64;
    let z = 3.090; // the normal's 0.999 quantile
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

/// The chi-square statistic of `draws` against the uniform distribution over `all`.
fn chi_square(all: &[Filling], draws: &[Filling]) -> f64 {
    let mut seen: HashMap<&Filling, u64> = all.iter().map(|f| (f, 0)).collect();
    for d in draws {
        *seen.get_mut(d).expect("every draw is a filling") += 1;
    }
    let expected = draws.len() as f64 / all.len() as f64;
    seen.values()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum()
}

fn brute_fillings(puzzle: &Puzzle) -> Vec<Filling> {
    let mut all = Vec::new();
    brute::enumerate(puzzle, None, |f| all.push(f.clone()));
    all
}

fn options(n: usize, seed: u64, by: SampleBy) -> SampleOptions {
    SampleOptions {
        n,
        seed,
        by,
        count: CountOptions {
            jobs: 2,
            ..CountOptions::default()
        },
        ..SampleOptions::default()
    }
}

/// Draws of `per_filling` times the fillings of `puzzle`, by `method`, pass the chi-square
/// test against the brute-force fillings; returns the statistic and its bound.
fn passes_chi_square(puzzle: &Puzzle, per_filling: usize, by: SampleBy) -> (f64, f64) {
    let all = brute_fillings(puzzle);
    let sampled = sample(puzzle, &options(all.len() * per_filling, 2026, by), &|_| {}).unwrap();
    assert_eq!(sampled.fillings.to_u64(), Some(all.len() as u64));
    let chi2 = chi_square(&all, &sampled.samples);
    let bound = chi_square_critical(all.len() - 1);
    eprintln!("{}: chi-square {chi2:.1} below {bound:.1}", puzzle.name());
    assert!(chi2 < bound, "chi-square {chi2:.1} over {bound:.1}");
    (chi2, bound)
}

#[test]
fn draws_of_the_4x4_rook_paths_are_uniform_over_all_552() {
    let board = Puzzle::blank(4, 4, Moves::Rook, false).unwrap();
    // 165,600 draws, 300 a filling.
    passes_chi_square(&board, 300, SampleBy::Dp);
}

#[test]
fn draws_of_the_5x5_open_knights_paths_are_uniform() {
    let board = Puzzle::blank(5, 5, Moves::Knight, false).unwrap();
    passes_chi_square(&board, 60, SampleBy::Dp);
}

#[test]
fn draws_of_a_graphs_tours_are_uniform() {
    // The cube's 6 Hamiltonian cycles: 96 fillings.
    let mut edges = Vec::new();
    for v in 0..8usize {
        for bit in [1, 2, 4] {
            if v & bit == 0 {
                edges.push((v, v | bit));
            }
        }
    }
    let cube = Puzzle::graph(
        "cube",
        8,
        &edges,
        false,
        true,
        vec![CellRule::Free; 8],
        Expect::default(),
    )
    .unwrap();
    passes_chi_square(&cube, 500, SampleBy::Dp);
}

#[test]
fn draws_by_enumeration_are_uniform_where_the_program_does_not_apply() {
    // A given in the middle of the path: the frontier program does not apply.
    let board = Puzzle::blank(4, 4, Moves::Rook, false).unwrap();
    let puzzle = board.with_givens(&[(5, 8)]).unwrap();
    let sampled = sample(&puzzle, &options(10, 1, SampleBy::Auto), &|_| {}).unwrap();
    assert_eq!(sampled.method, SampleMethod::Enumeration);
    assert!(sampled.frontier_not_used.is_some());
    passes_chi_square(&puzzle, 200, SampleBy::Auto);
}

#[test]
fn a_sampler_with_its_bound_off_by_one_fails_the_test() {
    let board = Puzzle::blank(4, 4, Moves::Rook, false).unwrap();
    let all = brute_fillings(&board);
    let draws = 552 * 300;
    for skew in [-1i64, 1] {
        // Ranks below F - 1 (the last filling never drawn), or below F + 1 (rank F taken as
        // 0, so the first filling twice as often).
        let mut biased = |f: &BigUint| {
            let bound = if skew < 0 { f - 1u32 } else { f + 1u32 };
            uniform_ranks(&bound, draws, 2026)
                .into_iter()
                .map(|r| r % f)
                .collect()
        };
        let options = FrontierSampleOptions::default();
        let drawn = sample_fillings(&board, &mut biased, &options).unwrap();
        let chi2 = chi_square(&all, &drawn.samples);
        assert!(
            chi2 > chi_square_critical(551),
            "skew {skew}: chi-square {chi2:.1} passed"
        );
    }
}

#[test]
fn the_share_of_a_corner_start_matches_the_exact_share_on_a_larger_board() {
    // 6x6 rook paths: too many to enumerate here (1,262,816 directed), and the share that
    // starts on the corner is the count with 1 given there over the whole count.
    let board = Puzzle::blank(6, 6, Moves::Rook, false).unwrap();
    let corner = board.with_givens(&[(0, 1)]).unwrap();
    let count = |p: &Puzzle| {
        let frontier = FrontierOptions::default();
        pathsat_frontier::count_fillings(p, &frontier)
            .unwrap()
            .fillings
            .to_u64()
            .unwrap()
    };
    let share = count(&corner) as f64 / count(&board) as f64;
    let n = 40_000;
    let sampled = sample(&board, &options(n, 7, SampleBy::Dp), &|_| {}).unwrap();
    let hits = sampled.samples.iter().filter(|f| f.value(0) == 1).count() as f64;
    let sigma = (n as f64 * share * (1.0 - share)).sqrt();
    let z = (hits - n as f64 * share) / sigma;
    assert!(
        z.abs() < 4.0,
        "corner share {hits} of {n}, expected {share}: z = {z:.2}"
    );
}

#[test]
fn a_seed_gives_the_same_samples_with_any_threads_and_with_tables_in_files() {
    let board = Puzzle::blank(6, 6, Moves::King, true).unwrap();
    let draw = |jobs: usize, spill: Option<std::path::PathBuf>| {
        let mut o = options(25, 99, SampleBy::Dp);
        o.count.jobs = jobs;
        o.count.spill_dir = spill;
        sample(&board, &o, &|_| {}).unwrap()
    };
    let one = draw(1, None);
    let two = draw(2, None);
    assert_eq!(one.samples, two.samples);
    assert_eq!(one.fillings, two.fillings);
    let dir = tempfile::tempdir().unwrap();
    let mut o = options(25, 99, SampleBy::Dp);
    o.count.spill_dir = Some(dir.path().to_path_buf());
    let spilled = sample_with_small_spill(&board, &o);
    assert!(spilled.0 > 0, "the tables went to files");
    assert_eq!(spilled.1, one.samples);
    assert_ne!(
        draw(2, None).samples,
        draw_seed(&board, 100),
        "another seed, other samples"
    );
}

/// A sample whose tables go to files from the first table of 1,000 states on: the bytes the
/// files held at most, and the samples.
fn sample_with_small_spill(puzzle: &Puzzle, o: &SampleOptions) -> (u64, Vec<Filling>) {
    let budget = pathsat_budget::Budget::unlimited();
    let frontier = FrontierOptions {
        budget,
        spill: o
            .count
            .spill_dir
            .as_deref()
            .map(|dir| pathsat_frontier::Spill {
                dir,
                from_states: 1_000,
                over_budget_only: false,
            }),
        ..FrontierOptions::default()
    };
    let options = FrontierSampleOptions {
        frontier,
        on_walk: None,
    };
    let mut ranks = |f: &BigUint| uniform_ranks(f, o.n, o.seed);
    let drawn = sample_fillings(puzzle, &mut ranks, &options).unwrap();
    (drawn.stats.peak_disk_bytes, drawn.samples)
}

fn draw_seed(puzzle: &Puzzle, seed: u64) -> Vec<Filling> {
    sample(puzzle, &options(25, seed, SampleBy::Dp), &|_| {})
        .unwrap()
        .samples
}
