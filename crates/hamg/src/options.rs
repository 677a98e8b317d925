//! The filter's options: what to decide, what to keep, what to write.

use crate::decide::Settings;

/// What is written for each kept graph.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Output {
    /// Its line, unchanged (and its count of Hamiltonian cycles after a space, when counted).
    #[default]
    Graphs,
    /// A JSON object a line: the line number, the graph, the verdict, the cycle or path, the
    /// count.
    Json,
    /// Nothing: the summary alone (nauty's `-u`).
    Nothing,
}

/// The filter's options.
#[derive(Clone, Debug)]
pub struct FilterOptions {
    /// What to decide; `certify` is the directory that receives one directory a "no",
    /// `line-N`.
    pub settings: Settings,
    /// Keep the graphs that lack the property instead.
    pub invert: bool,
    /// Skip malformed lines (counted) instead of stopping at the first.
    pub skip_malformed: bool,
    /// Threads.
    pub jobs: usize,
    /// What to write.
    pub output: Output,
}
