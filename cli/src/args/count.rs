//! `pathsat count`'s arguments.

use super::common::{at_least_one, parse_memory, parse_shard, OutputArgs};
use clap::Args;
use pathsat_api::options::{self, Method, Shard, SolverSpec};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct CountArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// Stop after N fillings; the count is then marked incomplete.
    #[arg(long, value_name = "N", value_parser = at_least_one::<u64>)]
    pub limit: Option<u64>,
    /// Stop after this many seconds; the count is then marked incomplete.
    #[arg(long, value_name = "SECONDS", value_parser = options::parse_seconds)]
    pub timeout: Option<f64>,
    /// How to count.
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    pub method: Method,
    /// Memory the frontier program may use, e.g. 512MiB or 8GiB [default: half of this
    /// machine's memory].
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    pub memory: Option<u64>,
    /// Keep the frontier program's large tables in temporary files in DIR from the first large
    /// table on (deleted as they are read, and when the count ends, however it ends): its
    /// memory then holds one batch of a step instead of two whole tables, and DIR up to about
    /// one and a half times the largest table (its entries are written compact, in about half
    /// their bytes in memory). Without it, a count whose tables outgrow --memory goes on in
    /// files in the system's temporary directory ($TMPDIR, else /tmp) by itself, saying so in
    /// one line. Either way the count first checks that the disk has room for what its tables
    /// are estimated to take.
    #[arg(long, value_name = "DIR")]
    pub spill_dir: Option<PathBuf>,
    /// Never keep the tables in files: a count whose tables outgrow --memory stops there (and
    /// --method auto turns to SAT enumeration, if that can finish).
    #[arg(long, conflicts_with = "spill_dir")]
    pub no_spill: bool,
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
    /// Save the frontier program's table to FILE every so often (see --checkpoint-every) and,
    /// with --timeout, before a layer that may not end in time; when FILE holds a checkpoint of
    /// this same count, go on from it instead of starting over: a count that was killed or timed
    /// out is resumed by running the same command again. A first Ctrl-C or SIGTERM (a cluster's
    /// preemption or time limit) stops the count after the layer under way, saving there, exit
    /// status 1; a second stops it at once. FILE takes about half the largest table's memory,
    /// and is removed when the count is done.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// How long to count between two saves of the checkpoint [default: 600].
    #[arg(long, value_name = "SECONDS", value_parser = options::parse_seconds, requires = "checkpoint")]
    pub checkpoint_every: Option<f64>,
    /// The longest enumeration --method auto starts when neither --limit nor --timeout bounds
    /// the count: one estimated to take longer stops at once, saying so [default: 600].
    #[arg(long, value_name = "SECONDS", value_parser = options::parse_seconds)]
    pub patience: Option<f64>,
    /// Threads for the SAT cubes and the frontier program (default: the number of processors).
    #[arg(short, long, value_name = "N", value_parser = at_least_one::<u32>)]
    pub jobs: Option<u32>,
    /// Count one of N parts of the count alone (by the frontier program), to run the parts as
    /// separate processes or cluster jobs and add them up with `pathsat merge`. The part is
    /// written as JSON (to standard output, or to -o FILE). With --plan, N alone plans N shards.
    #[arg(long, value_name = "I/N", value_parser = parse_shard_or_n, help_heading = "Shards")]
    pub shard: Option<ShardArg>,
    /// Where a sharded count is cut into its parts: at the first layer of the sweep with at
    /// least this many states (every part must be made with the same cut) [default: 524288].
    #[arg(long, value_name = "STATES", value_parser = at_least_one::<u64>, requires = "shard", help_heading = "Shards")]
    pub cut: Option<u64>,
    /// How --shard splits the count; `pathsat merge` checks that the parts make the whole (for
    /// residues: that the primes cover the bound, else it names the shards to add)
    /// [default: states].
    #[arg(
        long,
        value_enum,
        value_name = "HOW",
        requires = "shard",
        help_heading = "Shards"
    )]
    pub split_by: Option<options::SplitBy>,
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
    #[command(flatten)]
    pub solver: SolverSpec,
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
