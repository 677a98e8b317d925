//! `sample`'s options and its request: [`SampleSpec`] as the front ends fill it, and the
//! [`SampleRequest`] it turns into, which [`crate::sample`] runs.

use super::{invalid, CountSpec, EncodingSpec, Problem, SolverChoice, SolverSpec, TablesSpec};
use crate::{Cancel, Error};
use pathsat_count::{SampleBy, SampleOptions, DEFAULT_ENUMERATION_LIMIT};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// A `sample` request: the library's sample options, a timeout measured from the call, and a
/// flag that cancels it.
#[derive(Clone, Debug, Default)]
pub struct SampleRequest {
    /// What to draw, and the limits of the run; its seed is the one drawn for a spec without.
    pub options: SampleOptions,
    /// How long the sample may take; it then stops without samples.
    pub timeout: Option<Duration>,
    /// Raised to stop the sample from outside.
    pub cancel: Cancel,
}

/// `sample`'s options: with the feature `clap`, the CLI's flags themselves (the field docs are
/// their help), the web API's fields and Python's keywords.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[serde(default, rename_all = "kebab-case")]
pub struct SampleSpec {
    /// How many solutions to draw, independently (one may come twice).
    #[cfg_attr(
        feature = "clap",
        arg(short = 'n', long = "samples", value_name = "N", default_value_t = 1, value_parser = super::parse_at_least_one::<usize>)
    )]
    pub samples: usize,
    /// The seed of the draws: the same seed gives the same samples, on any machine and with
    /// any --jobs [default: drawn from the clock, and reported].
    #[cfg_attr(feature = "clap", arg(long, value_name = "S"))]
    pub seed: Option<u64>,
    /// Stop after this many seconds, without samples.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "SECONDS", value_parser = super::parse_seconds)
    )]
    pub timeout: Option<f64>,
    /// How to find the solutions to draw from: auto (the frontier program where it applies,
    /// else enumeration), dp, or enumerate.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = SampleBy::Auto))]
    #[serde(with = "super::by_name")]
    pub method: SampleBy,
    /// Where the frontier program does not apply: the most solutions to enumerate and draw
    /// from; a puzzle with more is refused, never drawn from in part [default: 1000000].
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "N", value_parser = super::parse_at_least_one::<u64>)
    )]
    pub enumerate_limit: Option<u64>,
    /// The frontier program's memory and table files.
    #[serde(flatten)]
    #[cfg_attr(feature = "clap", command(flatten))]
    pub tables: TablesSpec,
    /// Threads for the frontier program (default: the number of processors); the samples do
    /// not depend on it.
    #[cfg_attr(
        feature = "clap",
        arg(short, long, value_name = "N", value_parser = super::parse_at_least_one::<u32>)
    )]
    pub jobs: Option<u32>,
    /// The encoding of an enumeration.
    #[serde(flatten)]
    #[cfg_attr(feature = "clap", command(flatten))]
    pub encoding: EncodingSpec,
    /// The embedded SAT solver of an enumeration.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_enum, default_value_t = SolverChoice::Auto, help_heading = "Solver")
    )]
    #[serde(with = "super::by_name")]
    pub solver: SolverChoice,
}

impl Default for SampleSpec {
    fn default() -> Self {
        SampleSpec {
            samples: 1,
            seed: None,
            timeout: None,
            method: SampleBy::Auto,
            enumerate_limit: None,
            tables: TablesSpec::default(),
            jobs: None,
            encoding: EncodingSpec::default(),
            solver: SolverChoice::Auto,
        }
    }
}

impl SampleSpec {
    /// The request, with `cancel` as its flag and a seed drawn from the clock when the spec
    /// has none.
    ///
    /// # Errors
    /// [`Error::Invalid`] for 0 samples, and as [`CountSpec::request`] for the options a count
    /// shares.
    pub fn request(&self, cancel: Cancel) -> Result<SampleRequest, Error> {
        if self.samples == 0 {
            return Err(invalid("samples", Problem::Zero));
        }
        if self.enumerate_limit == Some(0) {
            return Err(invalid("enumerate-limit", Problem::Zero));
        }
        let count = CountSpec {
            timeout: self.timeout,
            tables: self.tables.clone(),
            jobs: self.jobs,
            solver: SolverSpec {
                encoding: self.encoding,
                solver: self.solver,
                ..SolverSpec::default()
            },
            ..CountSpec::default()
        }
        .request(cancel)?;
        Ok(SampleRequest {
            options: SampleOptions {
                n: self.samples,
                seed: self.seed.unwrap_or_else(drawn_seed),
                by: self.method,
                count: count.options,
                enumeration_limit: self.enumerate_limit.unwrap_or(DEFAULT_ENUMERATION_LIMIT),
            },
            timeout: count.timeout,
            cancel: count.cancel,
        })
    }
}

/// A seed from the clock's nanoseconds, for a sample without one (reported with the samples,
/// so that they can be drawn again): two runs a moment apart draw differently.
fn drawn_seed() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(1, |d| {
            u64::from(d.subsec_nanos()) ^ (d.as_secs() % 1_000) << 30
        })
}
