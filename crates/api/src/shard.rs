//! Sharded counts, as the front ends ask for them: [`pathsat_count::shard`] writes, merges and
//! checks the parts; here a finished shard's [`CountReport`] becomes its [`Part`]. The refusals
//! name no command: a front end adds the one that runs the shards still to run, in its words
//! (the CLI's: `pathsat_words::merge`).

use crate::count::CountReport;
use pathsat_count::shard::ShardRun;
use pathsat_frontier::Split;
use pathsat_puzzle::Puzzle;

pub use pathsat_count::shard::{
    digest, read_part, ClaimCheck, Holds, MergeError, Merged, Part, PartCheck, Residues, SplitRule,
    PART_FORMAT,
};

/// The part of a finished shard's `report`, counted under `split`, or `None` when the report
/// is not a complete shard (it stopped early, or was not sharded).
pub fn part_of(puzzle: &Puzzle, report: &CountReport, split: Split) -> Option<Part> {
    let shard = report.shard?;
    let frontier = report.frontier.as_ref();
    let run = ShardRun {
        file: &report.answer.file,
        method: report.method,
        count: report.answer.count.clone(),
        cut: frontier.and_then(|f| f.cut),
        seconds: report.stats.total_seconds
            + frontier
                .and_then(|f| f.earlier)
                .map_or(0.0, |e| e.as_secs_f64()),
        peak_states: frontier.map_or(0, |f| f.peak_states),
        peak_bytes: frontier.map_or(0, |f| f.peak_bytes),
    };
    report
        .answer
        .complete
        .then(|| Part::new(puzzle, shard, split, run))
}

/// Adds up `parts` after checking that they are the `N` parts of one count
/// ([`pathsat_count::shard::merge`]).
///
/// # Errors
/// The first [`MergeError`] found; a front end words it (the CLI's words:
/// `pathsat_words::merge`).
pub fn merge(parts: &[(String, Part)]) -> Result<Merged, MergeError> {
    pathsat_count::shard::merge(parts)
}

/// Checks `claim` against `parts`, which need not be all of the count
/// ([`pathsat_count::shard::check_claim`]); why they do not decide it is in `words`, the front
/// end's (the CLI's: `pathsat_words::merge`).
///
/// # Errors
/// The [`MergeError`]s of parts that do not belong together or contradict each other.
pub fn check_claim(
    parts: &[(String, Part)],
    claim: &pathsat_bigcount::BigCount,
    words: fn(&MergeError) -> String,
) -> Result<ClaimCheck, MergeError> {
    pathsat_count::shard::check_claim(parts, claim, words)
}
