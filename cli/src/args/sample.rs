//! `pathsat sample`'s arguments.

use super::SolveFormat;
use clap::Args;
use pathsat_api::options::SampleSpec;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct SampleArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col, .g6, .s6).
    pub file: PathBuf,
    // The library's sample options (samples, seed, timeout, method, enumeration limit,
    // memory, tables in files, jobs, the solver of an enumeration), defined once in
    // `pathsat_api::options::SampleSpec`.
    #[command(flatten)]
    pub spec: SampleSpec,
    /// Print what the frontier program's sweep for a sample would take, without sampling: the
    /// count's plan (states, memory and disk of each layer, from a sample of the sweep), and
    /// the sum of every layer's table, which a sample keeps for its walk back.
    #[arg(long)]
    pub plan: bool,
    /// Output format: text for people, json for programs, svg for a picture (a sheet of the
    /// samples, or one file each with `-o DIR/`).
    #[arg(long, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,
    /// Write the output to this file instead of standard output. With --format svg, a path
    /// ending in `/` (or an existing directory) gets one picture per sample.
    #[arg(short, long, value_name = "FILE|DIR/")]
    pub output: Option<PathBuf>,
    /// How to show progress on standard error: a bar on a terminal, else (auto, or lines) a
    /// line of text every ten seconds for logs; json writes one JSON object a line.
    #[arg(long, value_enum, value_name = "MODE", default_value_t = crate::progress::ProgressMode::Auto)]
    pub progress: crate::progress::ProgressMode,
}
