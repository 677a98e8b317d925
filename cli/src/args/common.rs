//! What several commands share: the output format, the embedded solver, and the parsers of
//! option values (each a thin call into `pathsat_api::options`, which checks the values the
//! same way for every front end).

use clap::{Args, ValueEnum};
use pathsat_api::options::{self, CountSpec};
use pathsat_generate::Givens;
use pathsat_puzzle::{Moves, ValueClass};
use std::time::Duration;

#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Output format: text for people, json for programs.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// `RxC`, e.g. `12x12` (`--size`).
pub(crate) fn parse_size(text: &str) -> Result<(usize, usize), String> {
    options::parse_size(text)
}

/// `rook`, `king`, `knight` or `[[dr,dc],...]` (`--moves`).
pub(crate) fn parse_moves(text: &str) -> Result<Moves, String> {
    options::parse_moves(text)
}

/// `minimal` or a number (`--givens`).
pub(crate) fn parse_givens(text: &str) -> Result<Givens, String> {
    options::parse_givens(text)
}

/// A value class by name (`--mark`).
pub(crate) fn parse_class(text: &str) -> Result<ValueClass, String> {
    options::parse_class(text)
}

/// A positive number of seconds, checked as the library checks it (`--timeout`).
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    options::parse_seconds(text).map(Duration::from_secs_f64)
}

/// A whole number of at least 1, checked as the library checks it (`--jobs`, `--limit`).
pub(crate) fn at_least_one<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialEq + From<u8>,
{
    options::parse_at_least_one(text)
}

/// `I/N` (`--shard`).
pub(crate) fn parse_shard(text: &str) -> Result<pathsat_api::options::Shard, String> {
    text.parse().map_err(|e: options::NotAShard| e.to_string())
}

/// A worker's `--spec`.
pub(crate) fn parse_count_spec(text: &str) -> Result<CountSpec, String> {
    serde_json::from_str(text).map_err(|e| format!("not a count's options: {e}"))
}

/// A memory size such as `512MiB`, `8GiB` or a number of bytes (`--memory`).
pub(crate) fn parse_memory(text: &str) -> Result<u64, String> {
    options::parse_memory(text)
}
