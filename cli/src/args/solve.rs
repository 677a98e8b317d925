//! `pathsat solve`'s arguments.

use super::common::at_least_one;
use clap::{Args, ValueEnum};
use pathsat_api::options::{self, SolverSpec};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col, .g6, .s6).
    pub file: PathBuf,
    /// Print every solution.
    #[arg(long, conflicts_with_all = ["limit", "unique"])]
    pub all: bool,
    /// Print at most N solutions.
    #[arg(long, value_name = "N", value_parser = at_least_one::<u64>)]
    pub limit: Option<u64>,
    /// Also prove whether the solution is unique (searches for a second one).
    #[arg(long)]
    pub unique: bool,
    /// Prove every "no" (no solution, no other): CaDiCaL writes a DRAT proof of the run, the
    /// DRAT checker dratify verifies it and a separate checker the run's cuts, reductions and
    /// blocked solutions; with `--solver varisat`, varisat's own checker replays its proof
    /// (encodings/certificates.md).
    #[arg(long)]
    pub certify: bool,
    /// With --certify: keep the certificate in DIR (the CNF, the claims, the proof and a
    /// README with the commands that check it without pathsat).
    #[arg(long, value_name = "DIR", requires = "certify")]
    pub certificate: Option<std::path::PathBuf>,
    /// Stop after this many seconds with the solutions found by then (status `unknown` when
    /// there are none yet); exit status 0.
    #[arg(long, value_name = "SECONDS", value_parser = options::parse_seconds)]
    pub timeout: Option<f64>,
    /// Threads that race configurations for a first solution of a graph of 100 vertices or
    /// more; the first answer wins and the others stop. 1 runs one configuration alone, the
    /// same way every time [default: the number of processors].
    #[arg(short, long, value_name = "N", value_parser = at_least_one::<u32>)]
    pub jobs: Option<u32>,
    /// Output format: text for people, json for programs, svg for a picture.
    #[arg(long, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,
    /// Write the output to this file instead of standard output. With --format svg, a path
    /// ending in `/` (or an existing directory) gets one picture per solution.
    #[arg(short, long, value_name = "FILE|DIR/")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub solver: SolverSpec,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// Aligned grids (vertex orders for graphs), a status line and statistics.
    Text,
    /// One JSON object (see docs/guide/solve.md).
    Json,
    /// An SVG picture: the board, the givens and marks, the values and the path. Several
    /// solutions make a sheet of small pictures, or one file each with `-o DIR/`.
    Svg,
}
