//! `pathsat check`'s, `pathsat draw`'s, `pathsat forced`'s and `pathsat hint`'s arguments.

use super::common::{parse_seconds, OutputArgs};
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// The fillings to check: a text grid, the text output of `pathsat solve`, or JSON (.json).
    pub solution: PathBuf,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct DrawArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// Write the SVG to this file instead of standard output.
    #[arg(short, long, value_name = "OUT.svg")]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ForcedArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// Stop after this many seconds, with the cells settled by then (marked incomplete).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct HintArgs {
    /// The puzzle file (.toml, .json).
    pub file: PathBuf,
    /// What is filled so far: a text grid with '.' on empty cells, or JSON (rows, null on
    /// empty cells). Without it, the first step from the givens.
    pub filling: Option<PathBuf>,
    /// Stop the solver's checks after this many seconds (status unknown).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    #[command(flatten)]
    pub output: OutputArgs,
}
