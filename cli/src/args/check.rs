//! `pathsat check`'s, `pathsat draw`'s, `pathsat forced`'s, `pathsat hint`'s,
//! `pathsat explain`'s and `pathsat booklet`'s arguments.

use super::common::{parse_seconds, OutputArgs};
use clap::Args;
use pathsat_api::options::{ExactlyOneEncoding, Pruning};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col, .g6, .s6).
    pub file: PathBuf,
    /// The fillings to check: a text grid, the text output of `pathsat solve`, or JSON (.json).
    pub solution: PathBuf,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct CheckCertificateArgs {
    /// The certificate's directory.
    pub dir: PathBuf,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct DrawArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col, .g6, .s6).
    pub file: PathBuf,
    /// Write the SVG to this file instead of standard output.
    #[arg(short, long, value_name = "OUT.svg")]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ForcedArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col, .g6, .s6).
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
    /// Certify the hint's "no other value fits": CaDiCaL's DRAT proof that, with the cells
    /// filled as givens, another value on the hinted cell leaves no solution, checked by
    /// dratify and the claims checker (encodings/certificates.md).
    #[arg(long)]
    pub certify: bool,
    /// With --certify: keep the certificate in DIR.
    #[arg(long, value_name = "DIR", requires = "certify")]
    pub certificate: Option<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col, .g6, .s6).
    pub file: PathBuf,
    /// The cell: ROW,COL from 0 (as `export`'s header and `forced` name cells), or a graph's
    /// vertex number.
    #[arg(long, value_name = "R,C", value_parser = parse_cell)]
    pub cell: CellArg,
    /// The encoding's pruning: none (the textbook encoding: every cell and value a variable,
    /// the reasoning in clauses) or full (the CNF the solver receives, where the encoder has
    /// already ruled out values too far from the givens).
    #[arg(long, value_enum, default_value = "none")]
    pub pruning: Pruning,
    /// The exactly-one encoding: pairwise has no auxiliary variables, so that every literal of
    /// the chain names a cell and a value.
    #[arg(long, value_enum, default_value = "pairwise")]
    pub exactly_one: ExactlyOneEncoding,
    /// Print at most this many clauses of the chain in text (JSON has them all).
    #[arg(long, value_name = "N", default_value_t = 60)]
    pub limit: usize,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// A cell as given on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellArg {
    /// A board's row and column, from 0.
    Board(usize, usize),
    /// A graph's vertex, from 1.
    Vertex(usize),
}

fn parse_cell(text: &str) -> Result<CellArg, String> {
    let number = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("expected ROW,COL (from 0) or a vertex number, found {text:?}"))
    };
    match text.split_once(',') {
        Some((r, c)) => Ok(CellArg::Board(number(r)?, number(c)?)),
        None => match number(text)? {
            0 => Err("vertices are numbered from 1".to_string()),
            v => Ok(CellArg::Vertex(v)),
        },
    }
}

#[derive(Debug, Args)]
pub struct BookletArgs {
    /// The puzzle files (.toml, .json), in order; a directory stands for its puzzle files in
    /// name order (as `pathsat generate --count N -o DIR/` writes them).
    #[arg(required = true)]
    pub puzzles: Vec<PathBuf>,
    /// The PDF to write.
    #[arg(short, long, value_name = "BOOK.pdf")]
    pub output: PathBuf,
    /// The title on the first page and in the footers.
    #[arg(long, default_value = "Path puzzles")]
    pub title: String,
    /// Puzzles to a page: 1, 2 or 4.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub per_page: usize,
    /// Leave the solutions out.
    #[arg(long)]
    pub no_solutions: bool,
    /// Seconds each puzzle's proof of uniqueness may take.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    #[command(flatten)]
    pub format: OutputArgs,
}
