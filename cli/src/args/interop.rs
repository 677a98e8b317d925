//! The arguments of the commands that work with other solvers: `export`, `decode`, `compare`,
//! `lab`.

use super::common::{parse_seconds, OutputArgs};
use super::solve::SolveFormat;
use clap::Args;
use pathsat_api::options::{EncodingName, EncodingSpec, ExactlyOneEncoding};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col, .g6, .s6).
    pub file: PathBuf,
    /// Write the CNF (or with --to, the graph) to this file instead of standard output.
    #[arg(short, long, value_name = "OUT.cnf")]
    pub output: Option<PathBuf>,
    /// What to write: the CNF in DIMACS, or the puzzle's graph alone as one graph6 or sparse6
    /// line (a graph, or a board's cells and moves, without givens or marks), for `pathsat
    /// hamg` and nauty's tools.
    #[arg(long, value_enum, default_value_t = ExportTo::Dimacs)]
    pub to: ExportTo,
    #[command(flatten)]
    pub encoding: EncodingSpec,
}

/// What `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportTo {
    /// The CNF, in DIMACS.
    Dimacs,
    /// The graph, as one graph6 line.
    Graph6,
    /// The graph, as one sparse6 line.
    Sparse6,
}

#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col, .g6, .s6).
    pub file: PathBuf,
    /// The solver's output; `-` for standard input.
    pub model: PathBuf,
    /// The solver's DRAT proof of an "unsatisfiable" (kissat and CaDiCaL write it to a second
    /// file argument): replayed by the DRAT checker dratify against the exported CNF; a proof
    /// that does not check is refused (exit status 1).
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,
    /// Output format: text for people, json for programs, svg for a picture of the filling.
    #[arg(long, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,
    #[command(flatten)]
    pub encoding: EncodingSpec,
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col, .g6, .s6).
    pub file: PathBuf,
    /// An external solver, by name on PATH or by path (repeat for several).
    #[arg(long = "solver", value_name = "NAME_OR_PATH")]
    pub solvers: Vec<String>,
    /// Seconds each solver may run before it is stopped.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_seconds)]
    pub timeout: Duration,
    /// Have the external solvers write DRAT proofs, and replay each proof of an
    /// "unsatisfiable" with the DRAT checker dratify (a rejected proof makes the row invalid).
    #[arg(long)]
    pub proofs: bool,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub encoding: EncodingSpec,
}

/// The encodings `lab` compares when none is named: every complete one, and the two
/// pathsat solves with.
pub const LAB_ENCODINGS: &str = "position,successor,successor-unary,successor-binary,\
successor-crt,successor-closure,successor-elimination,successor-frontier";

#[derive(Debug, Args)]
pub struct LabArgs {
    /// Puzzle or graph files (.toml, .json, .hcp, .col, .g6, .s6).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The encodings to compare, comma-separated (names as --encoding takes them).
    #[arg(long, value_delimiter = ',', default_value = LAB_ENCODINGS)]
    pub encodings: Vec<EncodingName>,
    /// The solvers, comma-separated: `varisat` and `cadical-embedded` run in-process, any other
    /// name is an external solver on PATH (or a path to one).
    #[arg(long, value_delimiter = ',', default_value = "varisat,kissat,cadical")]
    pub solvers: Vec<String>,
    /// Seconds each solver may run on each CNF.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_seconds)]
    pub timeout: Duration,
    /// The exactly-one encoding [default: each encoding's own].
    #[arg(long, value_enum)]
    pub exactly_one: Option<ExactlyOneEncoding>,
    /// Have the external solvers write DRAT proofs, replayed by dratify after each
    /// "unsatisfiable": the table gets each proof's size and checking time.
    #[arg(long)]
    pub proofs: bool,
    /// Also write the table as CSV, one row per graph, encoding and solver.
    #[arg(long, value_name = "FILE.csv")]
    pub csv: Option<PathBuf>,
    /// Also draw the times as an SVG chart: seconds against vertices, a panel per solver, a
    /// line per encoding.
    #[arg(long, value_name = "FILE.svg")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}
