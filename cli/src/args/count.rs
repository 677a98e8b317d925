//! `pathsat count`'s arguments.

use super::common::{at_least_one, parse_memory, OutputArgs, SolverArgs};
use clap::Args;
use pathsat_api::options::{self, EncodingSpec, MethodName};
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
    #[arg(long, value_enum, default_value_t = MethodName::Auto)]
    pub method: MethodName,
    /// Memory the frontier program may use, e.g. 512MiB or 8GiB [default: half of this
    /// machine's memory].
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    pub memory: Option<u64>,
    /// The longest enumeration --method auto starts when neither --limit nor --timeout bounds
    /// the count: one estimated to take longer stops at once, saying so [default: 600].
    #[arg(long, value_name = "SECONDS", value_parser = options::parse_seconds)]
    pub patience: Option<f64>,
    /// Threads for the SAT cubes and the frontier program (default: the number of processors).
    #[arg(short, long, value_name = "N", value_parser = at_least_one::<u32>)]
    pub jobs: Option<u32>,
    /// Count with one solver, recording varisat's proof of the whole run, and have its checker
    /// verify it: the models, the blocking clauses and the final unsatisfiability.
    #[arg(long)]
    pub certify: bool,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub encoding: EncodingSpec,
    #[command(flatten)]
    pub solver: SolverArgs,
}
