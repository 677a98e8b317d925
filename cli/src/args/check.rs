//! `pathsat check`'s and `pathsat draw`'s arguments.

use super::common::OutputArgs;
use clap::Args;
use std::path::PathBuf;

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
