#![warn(missing_docs)]
//! # pathsat-count
//!
//! Counting the fillings of a path puzzle, exactly, by the best method that can finish:
//!
//! - [`Method::Dp`]: the frontier dynamic program ([`pathsat_frontier`]) for symmetric moves,
//!   no marks and givens only at the ends of the path. It counts without enumerating, so its
//!   fillings are not verified one by one; it is bounded by a memory budget, not by a clock.
//! - [`Method::Sat`]: SAT enumeration split into cubes counted in parallel, one cube per
//!   symmetry class where the board has symmetries ([`plan`]); every filling counted, including
//!   the symmetric images standing for other cubes, passes the verifier.
//! - [`Method::Enumerate`]: one incremental solver with blocking clauses.
//! - [`Method::Auto`]: the cheapest method that can finish, first. The dynamic program where
//!   it applies directly and fits in memory; otherwise one solver probes for 0.3 s, which
//!   finishes most puzzles with givens (a Hidato in milliseconds). A count the probe does not
//!   finish is split into cubes taken in a shuffled order, and from the cubes done the time
//!   the whole enumeration needs is estimated. When that exceeds [`CountOptions::patience`],
//!   the count stops with [`Stopped::OutOfReach`] and an [`Estimate`] rather than run for
//!   hours — unless an upper bound shows that it ends in time at the rate seen: the program's
//!   count of the puzzle without its givens and marks, computed only then (when it can change
//!   the decision) and within a budget sized to the board ([`bound_time`]). `--limit` and
//!   `--timeout` (a count the user bounded) and an explicit method are never refused.
//!
//! Every [`Counted`] lists the phases it ran with their times ([`Counted::phases`]).
//!
//! Both SAT methods read [`pathsat_solver::PuzzleSolver::fillings`], the solver's one enumeration iterator,
//! bounded by the limit and deadline (and, in cubes, by a stop flag the threads share).
//!
//! Every [`Counted`] says which method counted and why it was chosen ([`Counted::why`]).
//! Counts are [`BigCount`]s: exact at any size.
//!
//! Trail puzzles are always counted by enumeration: the encoding already keeps one direction
//! of each trail, and the board's symmetries do not keep the labels.
//!
//! With `solve.certify` the count is a plain enumeration whose whole run is proved and checked
//! by varisat's proof checker (see `encodings/certificates.md`).
//!
//! ## Modules
//! - `options.rs`: [`Method`] and [`CountOptions`], what a count is asked;
//! - `outcome.rs`: [`Counted`], [`Stopped`], [`Progress`], [`Stage`], [`Estimate`] and
//!   [`CountError`], what it gives back (and the words people read about it);
//! - `auto.rs`: the planner of [`Method::Auto`]; `guard.rs`: its patience guard and upper bound;
//! - `program.rs`: the frontier program as a count; `enumeration.rs`: SAT enumeration, whole or
//!   in cubes (`cubes.rs`, split by [`plan`] and [`symmetry`]);
//! - `sample.rs`: [`sample`], fillings drawn exactly uniformly, by the frontier program's tables
//!   or by enumeration;
//! - `shard/`: a count of the frontier program split into shards that separate processes or
//!   machines run, each written as a part file, and the parts merged or held against a
//!   claimed count ([`shard`]);
//! - this file: [`count`], which picks the driver.
//!
//! ```
//! use pathsat_count::{count, CountOptions, Method};
//! use pathsat_puzzle::{Moves, Puzzle};
//!
//! let board = Puzzle::blank(4, 4, Moves::Rook, false).unwrap();
//! for method in [Method::Dp, Method::Sat, Method::Enumerate] {
//!     let options = CountOptions { method, ..CountOptions::default() };
//!     let counted = count(&board, &options, &|_| {}).unwrap();
//!     assert_eq!((counted.count.to_u64(), counted.complete), (Some(552), true));
//! }
//! ```

mod auto;
mod certified_cubes;
mod cubes;
mod enumeration;
mod guard;
mod options;
mod outcome;
pub mod plan;
mod program;
mod sample;
pub mod shard;
pub mod symmetry;

pub use pathsat_bigcount::BigCount;
pub use pathsat_frontier::{
    Cut, FrontierError, FrontierStats, LayerProgress, Share, Split, SplitBy,
};

pub use options::{CountOptions, Method, DEFAULT_PATIENCE};
pub use outcome::{
    bound_time, duration_words, CountError, Counted, CubeRuns, Estimate, Phase, Progress,
    SpillNotice, Stage, Stopped,
};

pub use sample::{
    sample, uniform_below, uniform_ranks, SampleBy, SampleError, SampleMethod, SampleOptions,
    Sampled, DEFAULT_ENUMERATION_LIMIT,
};

use auto::{auto, certified_auto};
use enumeration::{enumerate_all, sat_cubes};
use pathsat_encode::EncodingChoice;
use pathsat_puzzle::Puzzle;
use program::{frontier, sharded, stopped_frontier};

/// Counts the fillings of `puzzle`; `progress` hears what the count is doing.
///
/// # Errors
/// [`CountError::Solve`] for a solver failure, a bug caught by the verifier, or a rejected
/// certificate; [`CountError::DpNotApplicable`] when [`Method::Dp`] was asked for where it does
/// not apply; [`CountError::NotCertifiable`] for a certified count by another method than one
/// solver. A count that stopped early (limit, deadline, memory, estimate) is not an error: it
/// is an incomplete [`Counted`].
pub fn count(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Counted, CountError> {
    if options.split.is_some() {
        return sharded(puzzle, options, progress);
    }
    if options.solve.certify {
        // One proof covers one solver's run: certified counts are plain enumerations.
        return match options.method {
            Method::Auto if options.limit.is_none() && options.budget.deadline.is_none() => {
                certified_auto(puzzle, options, progress)
            }
            Method::Auto | Method::Enumerate => {
                let why = "a certified count is one solver's run, enumerated to the end";
                Ok(enumerate_all(puzzle, options, progress, why)?)
            }
            // Cubes on one cell's values, each a certified CaDiCaL run (varisat's proofs are
            // of one run only).
            Method::Sat if options.solve.certifies_with_drat() && puzzle.trail().is_none() => {
                Ok(certified_cubes::certified_cubes(puzzle, options, progress)?)
            }
            method @ (Method::Dp | Method::Sat) => Err(CountError::NotCertifiable(method)),
        };
    }
    if puzzle.trail().is_some() {
        // Trails: one solver, one canonical trail per solution (no symmetry, no cubes).
        return match options.method {
            Method::Auto | Method::Enumerate => {
                let why = format!("{}: one solver enumerates them", FrontierError::Trail);
                let mut counted = enumerate_all(puzzle, options, progress, &why)?;
                counted.frontier_not_used = Some(FrontierError::Trail.to_string());
                Ok(counted)
            }
            Method::Dp => Err(CountError::DpNotApplicable(FrontierError::Trail)),
            Method::Sat => Err(CountError::TrailsEnumerate),
        };
    }
    match options.method {
        Method::Dp => {
            if let Err(e) = pathsat_frontier::applies(puzzle) {
                return Err(CountError::DpNotApplicable(e));
            }
            frontier(puzzle, options, progress, "asked for with --method dp")
                .or_else(|e| stopped_frontier(e, "asked for with --method dp"))
        }
        Method::Sat if options.solve.encoding.choice == EncodingChoice::Successor => {
            Err(CountError::CubesNeedPositions)
        }
        Method::Sat => Ok(sat_cubes(
            puzzle,
            options,
            progress,
            None,
            "asked for with --method sat".into(),
        )?),
        Method::Enumerate => {
            let why = "asked for with --method enumerate";
            Ok(enumerate_all(puzzle, options, progress, why)?)
        }
        Method::Auto => auto(puzzle, options, progress),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_solver::SolveOptions;

    #[test]
    fn certified_counts_refuse_other_methods_by_their_option_name() {
        let board = Puzzle::blank(3, 3, pathsat_puzzle::Moves::Rook, false).unwrap();
        for (method, option) in [(Method::Dp, "dp"), (Method::Sat, "sat")] {
            let options = CountOptions {
                method,
                solve: SolveOptions {
                    certify: true,
                    ..SolveOptions::default()
                },
                ..CountOptions::default()
            };
            let e = count(&board, &options, &|_| {}).unwrap_err();
            assert!(matches!(e, CountError::NotCertifiable(m) if m == method));
            assert_eq!(
                e.to_string(),
                format!(
                    "a certified count runs one solver, so the {option} method cannot be certified"
                )
            );
        }
    }
}
