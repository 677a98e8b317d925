//! # Exactly uniform samples
//!
//! [`sample`] draws fillings independently and exactly uniformly from all fillings of a
//! puzzle. A draw is a rank: a number below the count F, drawn from a seeded ChaCha8 stream by
//! rejection ([`uniform_below`]: the bound's bytes filled from the stream, the top byte masked
//! to the bound's bits, tried again when the number is F or more), so that every rank is
//! equally likely, with exact big integers, no floating point and no modulo bias. The stream
//! is defined by its bytes, so a seed gives the same ranks on every machine.
//!
//! Ranks become fillings in one of two ways:
//! - the frontier program ([`pathsat_frontier::sample_fillings`]), where it applies: one sweep
//!   that keeps its tables, and one walk back for all the samples;
//! - enumeration, where it does not (givens in the middle, marks, trails, one-way moves): every
//!   filling is found by the SAT layer (each verified), up to
//!   [`SampleOptions::enumeration_limit`], and the fillings of the ranks are picked from them in
//!   their sorted order. A puzzle with more fillings is refused: drawing from the fillings found
//!   first would not be uniform.
//!
//! Every filling drawn passes the verifier before it is given back.

use crate::options::CountOptions;
use crate::outcome::{Progress, Stage, Stopped};
use crate::program::run_frontier;
use num_bigint::BigUint;
use pathsat_bigcount::BigCount;
use pathsat_frontier::{sample_fillings, FrontierError, FrontierStats, SampleWalk};
use pathsat_puzzle::{verify, Filling, Puzzle};
use pathsat_solver::{PuzzleSolver, SolveError};
use rand::{Rng, SeedableRng};
use std::time::Duration;
use web_time::Instant;

/// The most fillings [`sample`] enumerates by default to draw from, where the frontier program
/// does not apply.
pub const DEFAULT_ENUMERATION_LIMIT: u64 = 1_000_000;

/// How a sample finds the fillings to draw from. `--method`, `"method"` and `method=` take the
/// names strum gives (`auto`, `dp`, `enumerate`; clap's `ValueEnum` with the feature `clap`,
/// the variants' docs its help).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    strum::EnumString,
    strum::Display,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum SampleBy {
    /// The frontier program's tables where it applies, else enumeration.
    #[default]
    Auto,
    /// The frontier program's tables: symmetric moves, no marks, givens only at the ends of
    /// the path.
    Dp,
    /// Every solution enumerated by SAT (at most --enumerate-limit), each verified.
    Enumerate,
}

/// What a sample is asked.
#[derive(Clone, Debug)]
pub struct SampleOptions {
    /// How many fillings to draw (independently: the same filling may come twice).
    pub n: usize,
    /// The seed of the draws: the same seed, the same samples.
    pub seed: u64,
    /// How to find the fillings to draw from.
    pub by: SampleBy,
    /// The limits of the run (deadline, cancel flag, threads, memory budget, table files) and
    /// the solver of an enumeration; its method is not read.
    pub count: CountOptions,
    /// Where the frontier program does not apply, the most fillings enumerated to draw from.
    pub enumeration_limit: u64,
}

impl Default for SampleOptions {
    fn default() -> Self {
        SampleOptions {
            n: 1,
            seed: 0,
            by: SampleBy::Auto,
            count: CountOptions::default(),
            enumeration_limit: DEFAULT_ENUMERATION_LIMIT,
        }
    }
}

/// How the fillings of a sample were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum SampleMethod {
    /// The frontier program's tables, walked back.
    #[serde(rename = "frontier-dp")]
    Frontier,
    /// Every filling enumerated by the SAT layer.
    #[serde(rename = "enumeration")]
    Enumeration,
}

impl SampleMethod {
    /// The method's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            SampleMethod::Frontier => "frontier-dp",
            SampleMethod::Enumeration => "enumeration",
        }
    }
}

/// A sample: the fillings drawn, and what they were drawn from.
#[derive(Clone, Debug)]
pub struct Sampled {
    /// The number of fillings the samples were drawn from (all of the puzzle's).
    pub fillings: BigCount,
    /// The fillings drawn, in the order drawn; none when the puzzle has none.
    pub samples: Vec<Filling>,
    /// How the fillings were found.
    pub method: SampleMethod,
    /// Why the frontier program was not used, when it was not.
    pub frontier_not_used: Option<String>,
    /// What the frontier program's sweep cost, when it ran.
    pub frontier: Option<FrontierStats>,
    /// How long the whole sample took.
    pub time: Duration,
}

/// Why a sample could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum SampleError {
    /// The solver failed, or a filling failed the verifier (a bug).
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The frontier program was asked for where it does not apply.
    #[error("the frontier dynamic program does not apply: {0}")]
    DpNotApplicable(FrontierError),
    /// The run stopped (`stopped` says why) before every filling was counted: no draw is made
    /// from part of them.
    #[error("no sample drawn: {why}")]
    Stopped {
        /// What stopped it.
        stopped: Stopped,
        /// What it had done, in words.
        why: String,
    },
    /// Too many fillings to enumerate, where the frontier program does not apply.
    #[error(
        "{why}, and the puzzle has more than {limit} fillings, too many to enumerate and draw \
         from uniformly"
    )]
    TooMany {
        /// Why the frontier program did not apply.
        why: String,
        /// The most fillings enumerated.
        limit: u64,
    },
    /// The frontier program's table files could not be written or read.
    #[error("{0}")]
    TableFiles(FrontierError),
}

/// Draws [`SampleOptions::n`] fillings of `puzzle`, independently and exactly uniformly;
/// `progress` hears the sweep and the walk back.
///
/// # Errors
/// A [`SampleError`]: the method does not apply, the run stopped (deadline, cancel, memory),
/// too many fillings to enumerate, or a failure of the solver or the disk.
pub fn sample(
    puzzle: &Puzzle,
    options: &SampleOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Sampled, SampleError> {
    let started = Instant::now();
    let applies = pathsat_frontier::applies(puzzle);
    let mut sampled = match (options.by, applies) {
        (SampleBy::Auto | SampleBy::Dp, Ok(_)) => by_frontier(puzzle, options, progress)?,
        (SampleBy::Dp, Err(e)) => return Err(SampleError::DpNotApplicable(e)),
        (SampleBy::Auto, Err(e)) => {
            let why = format!("the frontier program does not apply: {e}");
            let mut sampled = by_enumeration(puzzle, options, progress, &why)?;
            sampled.frontier_not_used = Some(e.to_string());
            sampled
        }
        (SampleBy::Enumerate, _) => by_enumeration(
            puzzle,
            options,
            progress,
            "asked for with --method enumerate",
        )?,
    };
    for filling in &sampled.samples {
        verify(puzzle, filling).map_err(SolveError::Unverified)?;
    }
    sampled.time = started.elapsed();
    Ok(sampled)
}

/// The ranks of `n` draws below `bound` from the stream of `seed` (none when `bound` is 0).
pub fn uniform_ranks(bound: &BigUint, n: usize, seed: u64) -> Vec<BigUint> {
    if *bound == BigUint::ZERO {
        return Vec::new();
    }
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
    (0..n).map(|_| uniform_below(&mut rng, bound)).collect()
}

/// A number drawn uniformly below `bound` (not 0): the bound's bytes filled from `rng`
/// (little-endian), the top byte masked to the bound's bits, and tried again when the number
/// is not below the bound (less than half the time).
pub fn uniform_below(rng: &mut impl Rng, bound: &BigUint) -> BigUint {
    assert!(*bound > BigUint::ZERO, "a draw below 0");
    let bits = bound.bits();
    let bytes = bits.div_ceil(8) as usize;
    let top_bits = bits - 8 * (bytes as u64 - 1);
    let mask = (0xFFu16 >> (8 - top_bits)) as u8;
    let mut buffer = vec![0u8; bytes];
    loop {
        rng.fill_bytes(&mut buffer);
        buffer[bytes - 1] &= mask;
        let r = BigUint::from_bytes_le(&buffer);
        if r < *bound {
            return r;
        }
    }
}

/// The sample by the frontier program's sweep and walk back, within the count's limits.
fn by_frontier(
    puzzle: &Puzzle,
    options: &SampleOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Sampled, SampleError> {
    progress(Progress::Stage(Stage::Frontier));
    let walk = |w: SampleWalk| match w.walked {
        0 => progress(Progress::Stage(Stage::WalkBack)),
        _ => progress(Progress::Walk(w)),
    };
    // A sample's sweep is whole: neither split nor resumed.
    let count = CountOptions {
        split: None,
        checkpoint: None,
        ..options.count.clone()
    };
    let drawn = run_frontier(&count, progress, &|frontier| {
        let sample_options = pathsat_frontier::SampleOptions {
            frontier: *frontier,
            on_walk: Some(&walk),
        };
        let mut draw = |fillings: &BigUint| uniform_ranks(fillings, options.n, options.seed);
        sample_fillings(puzzle, &mut draw, &sample_options)
    })
    .map_err(|e| match e {
        FrontierError::Disk { .. } | FrontierError::NoRoom { .. } => SampleError::TableFiles(e),
        e => SampleError::Stopped {
            stopped: match e {
                FrontierError::Stopped { why, .. } => why,
                _ => Stopped::Memory,
            },
            why: e.to_string(),
        },
    })?;
    Ok(Sampled {
        fillings: drawn.fillings,
        samples: drawn.samples,
        method: SampleMethod::Frontier,
        frontier_not_used: None,
        frontier: Some(drawn.stats),
        time: Duration::ZERO,
    })
}

/// The sample by enumerating every filling (at most the options' limit, and what fits the
/// memory budget), sorted, and picking those of the ranks.
fn by_enumeration(
    puzzle: &Puzzle,
    options: &SampleOptions,
    progress: &(dyn Fn(Progress) + Sync),
    why: &str,
) -> Result<Sampled, SampleError> {
    progress(Progress::Stage(Stage::Enumeration));
    let budget = &options.count.budget;
    // Every filling is held until the draw: no more than fit the memory budget (a vector of
    // 4-byte values, with its header, a filling).
    let per_filling = 4 * puzzle.n_cells() as u64 + 24;
    let fits = (options.count.memory_budget / per_filling).max(1);
    let limit = options.enumeration_limit.min(fits);
    let mut solver = PuzzleSolver::within(puzzle, &options.count.solve, budget)?;
    let mut run = solver
        .fillings()
        .within(budget)
        .limit(Some(limit.saturating_add(1)));
    let mut all = Vec::new();
    for filling in run.by_ref() {
        all.push(filling?);
        progress(Progress::Found(all.len() as u64));
    }
    match run.stopped() {
        None => {}
        Some(Stopped::Limit) => {
            return Err(SampleError::TooMany {
                why: why.to_string(),
                limit,
            })
        }
        Some(stopped) => {
            return Err(SampleError::Stopped {
                stopped,
                why: format!(
                    "the enumeration stopped ({}) after {} fillings",
                    stopped.name(),
                    all.len()
                ),
            })
        }
    }
    all.sort();
    let fillings = BigUint::from(all.len());
    let samples = uniform_ranks(&fillings, options.n, options.seed)
        .into_iter()
        .map(|r| all[usize::try_from(&r).expect("a rank below the fillings")].clone())
        .collect();
    Ok(Sampled {
        fillings: BigCount::from(fillings),
        samples,
        method: SampleMethod::Enumeration,
        frontier_not_used: None,
        frontier: None,
        time: Duration::ZERO,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_below_a_bound_cover_it_evenly() {
        // 5 values: a bound whose top byte is masked to 3 bits, and redrawn 3 times in 8.
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(1);
        let mut seen = [0u32; 5];
        for _ in 0..50_000 {
            let r = uniform_below(&mut rng, &BigUint::from(5u8));
            seen[usize::try_from(&r).unwrap()] += 1;
        }
        // Each about 10,000: a chi-square of 4 degrees of freedom below 18.5 (p = 0.001).
        let chi2: f64 = seen
            .iter()
            .map(|&o| (f64::from(o) - 10_000.0).powi(2) / 10_000.0)
            .sum();
        assert!(chi2 < 18.5, "{seen:?}");
    }

    #[test]
    fn draws_below_a_large_bound_stay_below_it() {
        let bound = (BigUint::from(1u8) << 200u32) + BigUint::from(12345u32);
        let ranks = uniform_ranks(&bound, 200, 9);
        assert!(ranks.iter().all(|r| *r < bound));
        // At or above 2^200 (12345 values in 2^200 + 12345): almost never; in [2^199, 2^200)
        // about half the time.
        let high = ranks.iter().filter(|r| r.bits() == 200).count();
        assert!((60..140).contains(&high), "{high}");
        assert_eq!(
            uniform_ranks(&bound, 200, 9),
            ranks,
            "a seed, the same ranks"
        );
        assert_ne!(uniform_ranks(&bound, 200, 10), ranks);
    }
}
