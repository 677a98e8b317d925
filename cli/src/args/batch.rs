//! `pathsat batch`'s arguments, `batch merge`'s, and those of the worker processes a batch
//! starts.

use super::common::{at_least_one, parse_count_spec, parse_memory, parse_seconds};
use clap::{Args, Subcommand, ValueEnum};
use pathsat_api::options::{CountSpec, Method, SolverSpec};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct BatchArgs {
    #[command(subcommand)]
    pub command: Option<BatchCommand>,
    /// The directory searched (recursively) for puzzle files: .toml, .json, .hcp, .col, .dimacs, .g6, .s6.
    #[arg(required = true)]
    pub dir: Option<PathBuf>,
    /// Puzzles counted at the same time (default: the number of processors).
    #[arg(short, long, value_name = "N", value_parser = at_least_one::<u32>)]
    pub jobs: Option<u32>,
    /// Stop each count after N fillings (status `limit`).
    #[arg(long, value_name = "N", value_parser = at_least_one::<u64>)]
    pub limit: Option<u64>,
    /// Seconds each puzzle may take (status `timeout`, with the fillings found by then).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Memory the frontier program may use in each worker, e.g. 512MiB or 4GiB [default: half
    /// of this machine's memory, shared among the jobs].
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    pub memory: Option<u64>,
    /// Never keep a count's tables in files: one whose tables outgrow --memory stops there
    /// (status `memory`) instead of going on in files in $TMPDIR, as it does by default.
    #[arg(long)]
    pub no_spill: bool,
    /// The longest enumeration --method auto starts when neither --limit nor --timeout bounds
    /// the count: one estimated to take longer stops at once, saying so [default: 600].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub patience: Option<Duration>,
    /// How to count each puzzle (see `pathsat count --help`).
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    pub method: Method,
    /// Count only the I-th of N deterministic slices of the sorted file list (1 <= I <= N).
    #[arg(long, value_name = "I/N", value_parser = super::common::parse_shard)]
    pub shard: Option<pathsat_api::options::Shard>,
    /// Write the report to OUT instead of standard output, losing no row if the run is killed:
    /// while it runs OUT is its journal (each row appended as a JSON line, synced, as its file is
    /// done), and when it ends the report in --format replaces it in one step. Refused over the
    /// journal of a run that did not finish (see --resume).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Continue the killed run whose -o was OUT: count only the files OUT does not report yet,
    /// append their rows, then replace OUT with the whole run's report. Implies -o OUT. If OUT
    /// is already a finished report, say so and exit 0.
    #[arg(long, value_name = "OUT")]
    pub resume: Option<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = BatchFormat::Table)]
    pub format: BatchFormat,
    /// No progress bar (it is also hidden when standard error is not a terminal), no note of
    /// the rows --resume takes from OUT, no summary line on standard error with -o.
    #[arg(short, long)]
    pub quiet: bool,
    #[command(flatten)]
    pub solver: SolverSpec,
}

#[derive(Debug, Subcommand)]
pub enum BatchCommand {
    /// Join JSON reports of `batch` (for example of several shards) into one.
    Merge(MergeArgs),
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The JSON reports to join.
    #[arg(required = true, value_name = "REPORT.json")]
    pub reports: Vec<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = BatchFormat::Table)]
    pub format: BatchFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BatchFormat {
    Table,
    Json,
    Csv,
}

#[derive(Debug, Args)]
pub struct WorkerArgs {
    pub file: PathBuf,
    /// The count's options as the library's `CountSpec`, in JSON: what `batch` parsed and
    /// checked, handed over as it is.
    #[arg(long, value_parser = parse_count_spec)]
    pub spec: CountSpec,
    /// Exit as soon as standard input closes: the batch that started this worker went away.
    #[arg(long)]
    pub parent_stdin: bool,
}
