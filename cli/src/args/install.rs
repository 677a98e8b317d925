//! `pathsat completions` and `pathsat man`: their arguments.
//!
//! The shell is read as text and checked by the command, not by clap, so that a shell pathsat
//! has no completions for gets the one-line error every other bad input gets; clap still knows
//! the shells' names, for `--help` and for completing them.

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Args, ValueEnum};
use clap_complete::Shell;
use std::ffi::OsStr;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_name = "SHELL", value_parser = ShellName)]
    pub shell: String,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// The page of one command (`solve`, `batch merge`) instead of pathsat's own page.
    #[arg(value_name = "COMMAND", conflicts_with = "dir")]
    pub command: Vec<String>,
    /// Write every page into DIR, as files `pathsat.1`, `pathsat-solve.1`, ..., rather than
    /// one page to standard output.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Any text, with the shells clap_complete knows as its possible values.
#[derive(Clone, Copy, Debug)]
struct ShellName;

impl TypedValueParser for ShellName {
    type Value = String;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        Ok(value.to_string_lossy().into_owned())
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            Shell::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value),
        ))
    }
}
