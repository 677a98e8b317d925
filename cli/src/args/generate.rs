//! `pathsat generate`'s arguments.

use super::common::{at_least_one, parse_class, parse_givens, parse_moves, parse_size};
use clap::{Args, ValueEnum};
use pathsat_api::options::{self};
use pathsat_generate::{Givens, Level};
use pathsat_puzzle::{Moves, ValueClass};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// A puzzle file whose board is kept: holes, marks, moves, closed, givens (a trail
    /// puzzle's board, length and distinctness, with new labels).
    #[arg(conflicts_with_all = ["size", "moves", "closed", "trail"])]
    pub template: Option<PathBuf>,
    /// The size of an empty board, rows x columns (without a template).
    #[arg(long, value_name = "RxC", value_parser = parse_size, required_unless_present = "template")]
    pub size: Option<(usize, usize)>,
    /// The moves on an empty board: rook (Numbrix), king (Hidato), knight, or offsets as
    /// [[dr,dc],...].
    // The help text is for the terminal, where `[[dr,dc],...]` is what to type.
    #[allow(rustdoc::broken_intra_doc_links)]
    #[arg(long, value_name = "MOVES", default_value = "king", value_parser = parse_moves)]
    pub moves: Option<Moves>,
    /// A closed tour: N one move from 1.
    #[arg(long)]
    pub closed: bool,
    /// The seed of the random choices [default: drawn, and printed].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Make this many puzzles (seeds N, N+1, ...), in parallel; needs -o DIR/.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub count: u64,
    /// How many givens: `minimal` (each one needed) or a number.
    #[arg(long, value_name = "minimal|N", default_value = "minimal", value_parser = parse_givens)]
    pub givens: Givens,
    /// Give 1 and N, the ends of the path, whatever else is given.
    #[arg(long)]
    pub keep_ends: bool,
    /// Start from a solution drawn exactly uniformly from all the template's (as `pathsat
    /// sample` draws it) instead of one a random walk reaches, which favours some shapes.
    #[arg(long)]
    pub uniform: bool,
    /// Ask for a grade (see encodings/generate.md); up to 12 solutions are tried.
    #[arg(long, value_enum)]
    pub difficulty: Option<Level>,
    /// Mark every cell whose value is in this class: primes, squares, even or odd.
    #[arg(long, value_name = "CLASS", value_parser = parse_class)]
    pub mark: Option<ValueClass>,
    /// A trail puzzle on the empty board: a path of this many cells, with labels to add up.
    #[arg(long, value_name = "LENGTH", value_parser = at_least_one::<u64>)]
    pub trail: Option<u64>,
    /// Trail puzzles: labels from 1 to this [default: 15, or the trail's length if larger].
    #[arg(long, value_name = "MAX", value_parser = at_least_one::<u32>)]
    pub labels: Option<u32>,
    /// Trail puzzles: the labels on the trail are all different.
    #[arg(long, requires = "trail")]
    pub distinct: bool,
    /// Certify each proof of uniqueness: CaDiCaL's DRAT proof that the solution, once blocked,
    /// leaves nothing, checked by dratify and the claims checker (encodings/certificates.md).
    #[arg(long)]
    pub certify: bool,
    /// With --certify: keep each puzzle's certificate in DIR/NAME (NAME the puzzle's name).
    #[arg(long, value_name = "DIR", requires = "certify")]
    pub certificate: Option<std::path::PathBuf>,
    /// Stop after this many seconds: with an error before the solution is unique, else with
    /// the puzzle reached (unique, but maybe with givens to spare).
    #[arg(long, value_name = "SECONDS", value_parser = options::parse_seconds)]
    pub timeout: Option<f64>,
    /// Output format: the puzzle file (toml or json), or an svg picture of the blank puzzle.
    #[arg(long, value_enum, default_value_t = GenerateFormat::Toml)]
    pub format: GenerateFormat,
    /// With --format svg: draw the solution (to standard output instead of the puzzle; with -o
    /// FILE.svg, in FILE-solution.svg beside it).
    #[arg(long)]
    pub solution: bool,
    /// Write to this file instead of standard output; a path ending in `/` (or an existing
    /// directory) gets one file per puzzle, named after it.
    #[arg(short, long, value_name = "FILE|DIR/")]
    pub output: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// A TOML puzzle file, with comments saying how it was made.
    Toml,
    /// A JSON puzzle file.
    Json,
    /// An SVG picture of the blank puzzle, for printing.
    Svg,
}
