//! `explain`'s options: [`ExplainSpec`], the encoding whose clauses an explanation cites, as
//! the front ends fill it. [`crate::explain`] takes the position encoding's options it gives.

use super::{ExactlyOneName, PruningName};
use pathsat_encode::{PositionOptions, Pruning};
use serde::{Deserialize, Serialize};

/// `explain`'s options: `--pruning none|full` (`"pruning"`) and `--exactly-one`
/// (`"exactly-one"`), the textbook encoding (`none`, `pairwise`) by default.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct ExplainSpec {
    /// `none` (every cell and value a variable) or `full` (the solver's CNF).
    pub pruning: PruningName,
    /// The exactly-one encoding.
    pub exactly_one: ExactlyOneName,
}

impl Default for ExplainSpec {
    fn default() -> ExplainSpec {
        ExplainSpec {
            pruning: PruningName::None,
            exactly_one: ExactlyOneName::Pairwise,
        }
    }
}

impl ExplainSpec {
    /// The position encoding's options.
    pub fn options(&self) -> PositionOptions {
        PositionOptions {
            pruning: match self.pruning {
                PruningName::None => Pruning::None,
                PruningName::Full => Pruning::Full,
            },
            exactly_one: self.exactly_one.encoding(),
            ..PositionOptions::default()
        }
    }
}
