//! Why parts do not add up ([`MergeError`]): each refusal names the file at fault and, for
//! shards still to run, which ones, so that a wrong sum is never printed. The command that
//! runs a shard is the front end's to word ([`MergeError::worded`]).

use super::{Shard, PART_FORMAT};

/// Why parts could not be merged: each names the file at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no parts to merge")]
    NoParts,
    /// A file that is not a part (not JSON, or not a part's fields).
    #[error("{file}: not a part of a sharded count ({detail})")]
    NotAPart {
        /// The file.
        file: String,
        /// What is wrong with it.
        detail: String,
    },
    /// A part of another format.
    #[error("{file}: a part in format {found:?}, which this pathsat (format {PART_FORMAT:?}) does not read")]
    Format {
        /// The file.
        file: String,
        /// The format it names.
        found: String,
    },
    /// Parts that differ in what they count or how the count was split.
    #[error("{file} does not belong with {first}: {what}")]
    Mismatch {
        /// The file that differs.
        file: String,
        /// The first part read.
        first: String,
        /// What differs, with both values.
        what: String,
    },
    /// Two parts of the same shard.
    #[error("{file} and {first} are both shard {shard}")]
    Duplicate {
        /// The later file.
        file: String,
        /// The earlier file.
        first: String,
        /// The shard.
        shard: Shard,
    },
    /// Shards not given.
    #[error("{}", missing_shards(.missing, *.of, None))]
    Missing {
        /// The shards' number.
        of: u32,
        /// The missing shards' numbers.
        missing: Vec<u32>,
    },
    /// A part of a split by residues that is not what its shard must be.
    #[error("{file}: {what}")]
    NotItsShard {
        /// The file.
        file: String,
        /// What it should be and is.
        what: String,
    },
    /// A split by residues without the bound's shard.
    #[error("{}", no_bound(*.of, None))]
    NoBound {
        /// The number of shards the parts name.
        of: u32,
    },
    /// A split by residues whose residues give a number above the bound: one of them is not
    /// the count's.
    #[error("the residues give a number of {bits} bits, above the bound of {bound_bits} bits (shard 1): a part is damaged or is not this count's; run the shards again")]
    AboveTheBound {
        /// The bits of the bound.
        bound_bits: u64,
        /// The bits of the number the residues give.
        bits: u64,
    },
    /// A split by residues whose primes do not cover the bound.
    #[error("{}", too_few_primes(*.primes, *.covered_bits, *.bound_bits, .more, *.of, None))]
    TooFewPrimes {
        /// The residues' primes.
        primes: usize,
        /// The bits of their product, less one: counts below 2^this are covered.
        covered_bits: u64,
        /// The bits of the bound.
        bound_bits: u64,
        /// The shards to run besides (numbered from 1).
        more: Vec<u32>,
        /// The number of shards with them.
        of: u32,
    },
}

/// How a front end words the command that runs a shard: given the shard (`I/8`, or `1/8` for a
/// split by residues' bound) and whether the count is split by residues, the command, such as
/// `pathsat count FILE --shard I/8`.
pub type RunShard<'a> = &'a dyn Fn(&str, bool) -> String;

impl MergeError {
    /// The error with the command that runs the shards still to run, as `run` words it, where
    /// it names such shards; otherwise as displayed.
    pub fn worded(&self, run: RunShard<'_>) -> String {
        match self {
            MergeError::Missing { of, missing } => missing_shards(missing, *of, Some(run)),
            MergeError::NoBound { of } => no_bound(*of, Some(run)),
            MergeError::TooFewPrimes {
                primes,
                covered_bits,
                bound_bits,
                more,
                of,
            } => too_few_primes(*primes, *covered_bits, *bound_bits, more, *of, Some(run)),
            other => other.to_string(),
        }
    }
}

/// ` (`COMMAND`)`: the command `run` words for `shard`, or nothing.
fn command(run: Option<RunShard<'_>>, shard: &str, residues: bool) -> String {
    run.map_or_else(String::new, |run| format!(" (`{}`)", run(shard, residues)))
}

fn missing_shards(missing: &[u32], of: u32, run: Option<RunShard<'_>>) -> String {
    format!(
        "{} of {of} shards missing: {}; run them{} and merge again",
        missing.len(),
        list(missing, of),
        command(run, &format!("I/{of}"), false)
    )
}

fn no_bound(of: u32, run: Option<RunShard<'_>>) -> String {
    format!(
        "shard 1 (the bound) of the split by residues is missing: run it{} and merge again",
        command(run, &format!("1/{of}"), true)
    )
}

fn too_few_primes(
    primes: usize,
    covered_bits: u64,
    bound_bits: u64,
    more: &[u32],
    of: u32,
    run: Option<RunShard<'_>>,
) -> String {
    let residues = match primes {
        0 => "no residue shard was given".to_string(),
        1 => "the one residue shard covers counts".to_string(),
        n => format!("the primes of the {n} residue shards cover counts"),
    };
    let covered = if primes == 0 {
        String::new()
    } else {
        format!(" below 2^{covered_bits} only")
    };
    let shards: Vec<String> = more.iter().map(|i| format!("{i}/{of}")).collect();
    let run_more = match shards.as_slice() {
        [] => "no number of 63-bit primes covers a bound of 2^1024 or more".to_string(),
        [one] => format!("run shard {one} too"),
        _ => format!("run shards {} too", shards.join(", ")),
    };
    let command = command(run, &format!("I/{of}"), true);
    format!(
        "{residues}{covered}, but the bound (shard 1) allows counts of {bound_bits} bits: \
         {run_more}{command} and merge them all"
    )
}

fn list(missing: &[u32], of: u32) -> String {
    let shown: Vec<String> = missing
        .iter()
        .take(10)
        .map(|i| format!("{i}/{of}"))
        .collect();
    let more = missing.len().saturating_sub(10);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}
