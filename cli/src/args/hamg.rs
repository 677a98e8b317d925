//! `pathsat hamg`: the filter over graph6/sparse6 streams.

use clap::Args;
use pathsat_api::options;
use std::path::PathBuf;

/// `hamg`'s arguments, named as nauty's filters name theirs (`pickg`, `cubhamg`,
/// `hamheuristic`): input and output files as positionals, `-v` to invert, `-p` for paths,
/// `-u` for the summary alone, `-q` for quiet.
#[derive(Debug, Args)]
pub struct HamgArgs {
    /// The graphs, one graph6 or sparse6 line each (with or without a `>>graph6<<` header);
    /// `-` or none: standard input.
    #[arg(value_name = "INFILE")]
    pub input: Option<PathBuf>,
    /// Where the graphs kept go; none: standard output.
    #[arg(value_name = "OUTFILE")]
    pub output: Option<PathBuf>,
    /// Ask for a Hamiltonian path (traceable graphs) instead of a cycle.
    #[arg(short = 'p', long, conflicts_with = "hypo")]
    pub path: bool,
    /// Ask whether the graph is hypohamiltonian: no Hamiltonian cycle, but one in every
    /// vertex-deleted subgraph.
    #[arg(long)]
    pub hypo: bool,
    /// Keep the graphs that lack the property instead (as `pickg -v`, `grep -v`).
    #[arg(short = 'v', long)]
    pub invert: bool,
    /// Write each kept graph's number of Hamiltonian cycles after it (a space between).
    #[arg(short = 'c', long)]
    pub count: bool,
    /// Write one JSON object a kept graph (line, graph, verdict, the cycle or path with
    /// vertices from 1, the reason for a "no", the count) instead of its line.
    #[arg(long, conflicts_with = "summary_only")]
    pub json: bool,
    /// Write no graphs: the summary alone (as nauty's -u).
    #[arg(short = 'u', long = "summary-only")]
    pub summary_only: bool,
    /// Prove every "no" with CaDiCaL and keep the certificate, checked by the outside DRAT
    /// checker, in DIR/line-N (N the graph's line); see `pathsat check-certificate`.
    #[arg(long, value_name = "DIR")]
    pub certify: Option<PathBuf>,
    /// Skip malformed lines (counted in the summary) instead of stopping at the first.
    #[arg(long)]
    pub skip_malformed: bool,
    /// Threads [default: the number of processors].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Seconds the SAT portfolio may spend on one graph the exact method leaves (more than 64
    /// vertices, or a search past its limit); a graph not settled by then is counted as
    /// undecided and named by its line.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = options::parse_seconds)]
    pub timeout: f64,
    /// No summary and no progress on standard error.
    #[arg(short = 'q', long)]
    pub quiet: bool,
}
