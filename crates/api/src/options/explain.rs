//! `explain`'s options: [`ExplainSpec`], the encoding whose clauses an explanation cites, as
//! the front ends fill it. [`crate::explain`] takes the position encoding's options it gives.

use super::{by_name, ExactlyOneEncoding, Pruning};
use pathsat_encode::PositionOptions;
use serde::{Deserialize, Serialize};

/// `explain`'s options: `--pruning none|full` (`"pruning"`) and `--exactly-one`
/// (`"exactly-one"`), the textbook encoding (`none`, `pairwise`) by default.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct ExplainSpec {
    /// `none` (every cell and value a variable) or `full` (the solver's CNF).
    #[serde(with = "by_name")]
    pub pruning: Pruning,
    /// The exactly-one encoding.
    #[serde(with = "by_name")]
    pub exactly_one: ExactlyOneEncoding,
}

impl Default for ExplainSpec {
    fn default() -> ExplainSpec {
        ExplainSpec {
            pruning: Pruning::None,
            exactly_one: ExactlyOneEncoding::Pairwise,
        }
    }
}

impl ExplainSpec {
    /// The position encoding's options.
    pub fn options(&self) -> PositionOptions {
        PositionOptions {
            pruning: self.pruning,
            exactly_one: self.exactly_one,
            ..PositionOptions::default()
        }
    }
}
