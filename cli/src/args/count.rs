//! `pathsat count`'s arguments.

use super::common::{at_least_one, parse_shard, OutputArgs};
use clap::Args;
use pathsat_api::options::{CountSpec, Shard};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct CountArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col, .g6, .s6).
    pub file: PathBuf,
    /// Print what the frontier program's count would take, without counting: the states,
    /// memory and disk of each layer of its sweep, from a sample (the first layers swept
    /// exactly, the rest estimated), so that a cluster job's memory, disk and number of shards
    /// can be set before it is submitted. With --shard I/N (or --shard N: the same option as the
    /// shards themselves, so that adding --plan to a shard's command line prints its bill),
    /// also the shard's. --timeout bounds the sample's time, --memory its memory.
    #[arg(long, help_heading = "Plan")]
    pub plan: bool,
    /// With --plan: sweep exactly until a table holds this many states and the share of the
    /// bound the tables reach has turned up (its minimum three layers behind), or until a table
    /// holds 32 times this many [default: 4194304].
    #[arg(long, value_name = "STATES", value_parser = at_least_one::<u64>, requires = "plan", help_heading = "Plan")]
    pub sample: Option<u64>,
    /// Count one of N parts of the count alone (by the frontier program), to run the parts as
    /// separate processes or cluster jobs and add them up with `pathsat merge`. The part is
    /// written as JSON (to standard output, or to -o FILE). With --plan, N alone plans N shards.
    #[arg(long, value_name = "I/N", value_parser = parse_shard_or_n, help_heading = "Shards")]
    pub shard: Option<ShardArg>,
    // The library's count options (limit, timeout, method, memory, tables in files, checkpoint,
    // patience, jobs, the shards' cut and split, the encoding and the solver), defined once in
    // `pathsat_api::options::CountSpec`.
    #[command(flatten)]
    pub spec: CountSpec,
    /// With --shard: write the part to FILE, whole at the end (through a file beside it renamed
    /// over it, so that a killed shard leaves no part behind; a device or a pipe is written
    /// into). Whether FILE can be written is checked before the count starts.
    #[arg(
        short = 'o',
        long = "output",
        value_name = "FILE",
        requires = "shard",
        help_heading = "Shards"
    )]
    pub part_file: Option<PathBuf>,
    /// Prove the count complete: CaDiCaL writes a DRAT proof that no filling is left once those
    /// found are blocked, the DRAT checker dratify verifies it and a separate checker the
    /// blocking clauses, cuts and reductions; one solver, or with --method sat one per value of
    /// a cell, in parallel (with --solver varisat, one solver, whose proof varisat's checker
    /// replays; encodings/certificates.md).
    #[arg(long)]
    pub certify: bool,
    /// With --certify: keep the certificate in DIR.
    #[arg(long, value_name = "DIR", requires = "certify")]
    pub certificate: Option<PathBuf>,
    /// How to show progress on standard error: a bar on a terminal, else (auto, or lines) a
    /// line of text every ten seconds for logs; json writes one JSON object a line.
    #[arg(long, value_enum, value_name = "MODE", default_value_t = crate::progress::ProgressMode::Auto)]
    pub progress: crate::progress::ProgressMode,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `--shard I/N`, or `--shard N` (with `--plan`).
#[derive(Clone, Copy, Debug)]
pub enum ShardArg {
    /// Shard I of N.
    One(Shard),
    /// N shards (the plan samples the first).
    Of(u32),
}

impl ShardArg {
    /// The shard a plan samples: I/N, or 1/N.
    pub fn shard(self) -> Shard {
        match self {
            ShardArg::One(shard) => shard,
            ShardArg::Of(n) => Shard::new(1, n).expect("1 <= 1 <= n"),
        }
    }
}

fn parse_shard_or_n(text: &str) -> Result<ShardArg, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if n >= 1 => Ok(ShardArg::Of(n)),
        _ => parse_shard(text).map(ShardArg::One),
    }
}

#[derive(Debug, Args)]
pub struct MergePartsArgs {
    /// The parts, as `pathsat count FILE --shard I/N` wrote them: every shard of one count,
    /// once each (with --expect, any of them).
    #[arg(required = true, value_name = "PART.json")]
    pub parts: Vec<PathBuf>,
    /// Check the parts against COUNT, a count claimed for the puzzle (a published value):
    /// the merged count must be COUNT (exit status 1 if not). Parts that are not yet all of
    /// the count are checked as far as they go: each bound at least COUNT, each residue
    /// COUNT's, shares of a split by states adding up to no more than it.
    #[arg(long, value_name = "COUNT")]
    pub expect: Option<pathsat_bigcount::BigCount>,
    /// Output format: text for people, json for programs.
    #[arg(long, value_enum, default_value_t = super::Format::Text)]
    pub format: super::Format,
}
