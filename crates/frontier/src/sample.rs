//! # Fillings by rank: exactly uniform samples from the program's own tables
//!
//! A sweep for a sample keeps every layer's table, then walks back from the cycles (or paths)
//! of the ranks asked for ([`crate::store`]'s walk back). The ranks are of the fillings, in
//! `[0, F)`: a rank is split into the rank of its undirected cycle or path (its quotient by the
//! factor of [`crate::count_fillings`]'s table) and the start and direction that make it a
//! filling (the remainder). Every rank names one filling and every filling has one rank, so
//! ranks drawn uniformly give fillings drawn uniformly; drawing them is the caller's part
//! (`pathsat-count`'s sampler), which keeps this crate free of randomness and its results a
//! function of the ranks alone.
//!
//! The sweep is the count's, its states folded with their mirror images under the board's
//! symmetries: a walk back through a successor that was folded maps the edges after it by the
//! symmetry, onto a completion of the state the choice made ([`crate::store`]'s walk back).
//! `encodings/sampling.md` tells the method and what it costs.

use crate::dp::{stats_of, MAX_FRONTIER};
use crate::fillings::{fillings_per_walk, prepare, shortcut, Sweep};
use crate::keys::{Compact64, Key128, MAX_FRONTIER_COMPACT};
use crate::plan::Plan;
use crate::store;
use crate::{BigCount, FrontierError, FrontierOptions, FrontierStats, Shortcut};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use pathsat_puzzle::{brute, Filling, Puzzle};

pub use crate::store::WalkProgress as SampleWalk;

/// Limits and hooks of one sample: those of a count, and what hears the walk back.
#[derive(Clone, Copy, Default)]
pub struct SampleOptions<'a> {
    /// The count's limits, progress and files ([`FrontierOptions`]); neither split nor
    /// checkpointed.
    pub frontier: FrontierOptions<'a>,
    /// Hears each layer the walk back passes.
    pub on_walk: Option<&'a (dyn Fn(SampleWalk) + Sync)>,
}

/// Fillings of given ranks, the number of fillings they are ranks among, and what the sweep
/// cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontierSample {
    /// The number of fillings of the puzzle.
    pub fillings: BigCount,
    /// The filling of each rank, in the order of the ranks.
    pub samples: Vec<Filling>,
    /// What the sweep cost.
    pub stats: FrontierStats,
}

/// The fillings of `puzzle` whose ranks `ranks` gives: it is called once, with the number of
/// fillings F, and answers ranks in `[0, F)` (none when F is 0). The same ranks give the same
/// fillings on every machine, with any number of threads and wherever the tables lie.
///
/// # Errors
/// As [`crate::count_fillings`]: the program does not apply, or could not finish within the
/// options (with the memory of every layer's table, which a sample keeps).
///
/// # Panics
/// If `ranks` answers a rank of F or more, or `options` split or checkpoint the count.
pub fn sample_fillings(
    puzzle: &Puzzle,
    ranks: &mut dyn FnMut(&BigUint) -> Vec<BigUint>,
    options: &SampleOptions,
) -> Result<FrontierSample, FrontierError> {
    let Some(sweep) = prepare(puzzle)? else {
        return Ok(without_sweep(puzzle, ranks));
    };
    let factor = fillings_per_walk(puzzle, &sweep.ends);
    let plan = Plan::new(
        &sweep.graph,
        &sweep.order,
        (!puzzle.is_closed()).then_some(sweep.ends.as_slice()),
        false,
    )
    .map_err(|width| FrontierError::TooWide {
        width,
        max: MAX_FRONTIER,
    })?;
    let mut fillings = BigUint::ZERO;
    let mut extras: Vec<u64> = Vec::new();
    let mut split = |hamiltonian: &BigUint| {
        fillings = hamiltonian * factor;
        let ranks = ranks(&fillings);
        ranks
            .into_iter()
            .map(|r| {
                assert!(r < fillings, "a rank below the number of fillings");
                extras.push((&r % factor).to_u64().expect("below the factor"));
                r / factor
            })
            .collect()
    };
    let on_walk = options.on_walk;
    let (swept, walks) = if plan.width <= MAX_FRONTIER_COMPACT {
        store::sample::<Compact64>(&plan, &options.frontier, &mut split, on_walk)?
    } else {
        store::sample::<Key128>(&plan, &options.frontier, &mut split, on_walk)?
    };
    let mut stats = stats_of(&sweep.graph, &plan, &swept);
    stats.order = sweep.order_name;
    let samples = walks
        .iter()
        .zip(&extras)
        .map(|(edges, &extra)| filling_of(puzzle, &sweep, edges, extra))
        .collect();
    Ok(FrontierSample {
        fillings: BigCount::from(fillings),
        samples,
        stats,
    })
}

/// A sample of a puzzle that [`prepare`] gives no sweep: of at most 3 cells, by
/// brute force (the fillings ranked in their sorted order), or with no filling at all.
fn without_sweep(
    puzzle: &Puzzle,
    ranks: &mut dyn FnMut(&BigUint) -> Vec<BigUint>,
) -> FrontierSample {
    let shortcut = shortcut(puzzle);
    let mut all = Vec::new();
    if shortcut == Shortcut::Tiny {
        brute::enumerate(puzzle, None, |f| all.push(f.clone()));
        all.sort();
    }
    let fillings = BigUint::from(all.len());
    let samples = ranks(&fillings)
        .into_iter()
        .map(|r| all[r.to_usize().expect("a rank below the fillings")].clone())
        .collect();
    FrontierSample {
        fillings: BigCount::from(fillings),
        samples,
        stats: FrontierStats {
            shortcut: Some(shortcut),
            ..FrontierStats::default()
        },
    }
}

/// The filling of the undirected cycle or path `edges` that `extra` (below the factor) picks:
/// for a tour without a given, the cell of 1 (`extra / 2`) and the direction (`extra % 2`);
/// with a given, the direction from it; for a path without givens, which end is 1; with given
/// ends, the one filling.
fn filling_of(puzzle: &Puzzle, sweep: &Sweep, edges: &[(usize, usize)], extra: u64) -> Filling {
    let n = puzzle.n_cells();
    let mut next: Vec<Vec<usize>> = vec![Vec::with_capacity(2); n];
    for &(u, v) in edges {
        next[u].push(v);
        next[v].push(u);
    }
    for list in &mut next {
        list.sort_unstable();
    }
    let given = puzzle.givens().next();
    let (start, first_value, direction) = if puzzle.is_closed() {
        match given {
            None => ((extra / 2) as usize, 1, (extra % 2) as usize),
            Some((cell, value)) => (cell, value, extra as usize),
        }
    } else {
        let mut ends: Vec<usize> = (0..n).filter(|&v| next[v].len() == 1).collect();
        ends.sort_unstable();
        let start = match given {
            None => ends[extra as usize],
            Some((cell, 1)) => cell,
            Some((cell, _)) => *ends.iter().find(|&&e| e != cell).expect("two ends"),
        };
        (start, 1, 0)
    };
    debug_assert!(sweep.ends.iter().all(|&e| next[e].len() == 1) || puzzle.is_closed());
    let mut values = vec![0u32; n];
    let (mut previous, mut at) = (usize::MAX, start);
    for k in 0..n {
        values[at] = ((first_value as usize - 1 + k) % n + 1) as u32;
        let forward = if k == 0 {
            next[at][direction]
        } else {
            *next[at]
                .iter()
                .find(|&&w| w != previous)
                .unwrap_or(&usize::MAX)
        };
        (previous, at) = (at, forward);
    }
    Filling::from_values(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::Moves;

    fn by_ranks(puzzle: &Puzzle, ranks: impl Fn(&BigUint) -> Vec<BigUint>) -> FrontierSample {
        sample_fillings(puzzle, &mut |f| ranks(f), &SampleOptions::default()).unwrap()
    }

    /// Every rank of a board small enough to enumerate: the fillings they name are exactly the
    /// brute-force set, each once.
    fn ranks_are_the_fillings(puzzle: &Puzzle) -> usize {
        let all = |f: &BigUint| (0..f.to_u64().unwrap()).map(BigUint::from).collect();
        let sample = by_ranks(puzzle, all);
        let mut got = sample.samples.clone();
        got.sort();
        got.dedup();
        assert_eq!(got.len(), sample.samples.len(), "no filling twice");
        let mut brute_force = Vec::new();
        brute::enumerate(puzzle, None, |f| brute_force.push(f.clone()));
        brute_force.sort();
        assert_eq!(got, brute_force);
        got.len()
    }

    #[test]
    fn every_rank_of_the_4x4_rook_board_is_one_of_its_552_fillings() {
        let board = Puzzle::blank(4, 4, Moves::Rook, false).unwrap();
        assert_eq!(ranks_are_the_fillings(&board), 552);
    }

    #[test]
    fn ranks_name_the_fillings_of_tours_paths_and_given_ends() {
        let blank = |r, c, moves, closed| Puzzle::blank(r, c, moves, closed).unwrap();
        let rook_open = blank(4, 4, Moves::Rook, false);
        let rook_closed = blank(4, 4, Moves::Rook, true);
        let cases = [
            ("4x4 rook tours", rook_closed.clone()),
            ("3x3 king tours", blank(3, 3, Moves::King, true)),
            ("3x4 king paths", blank(3, 4, Moves::King, false)),
            ("1 in a corner", rook_open.with_givens(&[(0, 1)]).unwrap()),
            (
                "16 beside a corner",
                rook_open.with_givens(&[(1, 16)]).unwrap(),
            ),
            (
                "both ends",
                rook_open.with_givens(&[(0, 1), (3, 16)]).unwrap(),
            ),
            ("a tour's 5", rook_closed.with_givens(&[(1, 5)]).unwrap()),
            ("3 cells", blank(1, 3, Moves::Rook, false)),
        ];
        for (name, puzzle) in cases {
            assert!(ranks_are_the_fillings(&puzzle) > 0, "{name}");
        }
        // A board without fillings has no ranks.
        let none = by_ranks(&blank(3, 3, Moves::Rook, true), |f| {
            assert_eq!(*f, BigUint::ZERO);
            vec![]
        });
        assert!(none.samples.is_empty());
    }

    /// A table with one count off by one stops the walk back: the predecessors of a state no
    /// longer add up to its count, and no draw is made from it.
    #[test]
    #[should_panic(expected = "the predecessors of a state add up to its count")]
    fn a_count_off_by_one_stops_the_walk() {
        let board = Puzzle::blank(4, 4, Moves::Rook, true).unwrap();
        crate::store::back_skew(true);
        let every = |f: &BigUint| (0..f.to_u64().unwrap()).map(BigUint::from).collect();
        by_ranks(&board, every);
    }
}
