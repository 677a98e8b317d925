//! The arguments of the commands that work with other solvers: `export`, `decode`, `compare`.

use super::common::{parse_seconds, OutputArgs};
use super::solve::SolveFormat;
use clap::Args;
use pathsat_api::options::EncodingSpec;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// Write the CNF to this file instead of standard output.
    #[arg(short, long, value_name = "OUT.cnf")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub encoding: EncodingSpec,
}

#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// The solver's output; `-` for standard input.
    pub model: PathBuf,
    /// Output format: text for people, json for programs, svg for a picture of the filling.
    #[arg(long, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,
    #[command(flatten)]
    pub encoding: EncodingSpec,
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// An external solver, by name on PATH or by path (repeat for several).
    #[arg(long = "solver", value_name = "NAME_OR_PATH")]
    pub solvers: Vec<String>,
    /// Seconds each solver may run before it is stopped.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_seconds)]
    pub timeout: Duration,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub encoding: EncodingSpec,
}
