//! Why an option's value was refused, typed: the library says what is wrong
//! ([`Problem`]) and for which option, naming it as JSON does (`jobs: must be at least 1`, the
//! [`Display`](std::fmt::Display) here); each front end words it its own way: the CLI and the
//! web API with their flags (`--jobs: must be at least 1`, the `pathsat-words` crate), Python
//! with its keyword arguments (`jobs=0: must be at least 1`).

use pathsat_solver::Unsupported;

/// A value a front end could not take for an option.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{option}: {problem}")]
pub struct OptionError {
    /// The option as JSON names it (kebab-case), e.g. `timeout` or `exactly-one`.
    pub option: &'static str,
    /// What is wrong with its value.
    pub problem: Problem,
}

impl OptionError {
    /// The error of `option` for `problem`.
    pub fn new(option: &'static str, problem: Problem) -> Self {
        OptionError { option, problem }
    }
}

/// What is wrong with an option's value. Displayed without flags: options are named as JSON
/// names them.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    /// A word the option does not take; `names` are those it does.
    #[error("{value:?} is not one of {}", .names.join(", "))]
    NotOneOf {
        /// The word given.
        value: String,
        /// The words the option takes.
        names: &'static [&'static str],
    },
    /// 0 where at least 1 is needed (`limit`, `jobs`, `labels`).
    #[error("must be at least 1")]
    Zero,
    /// A memory size of 0 bytes.
    #[error("the memory size must be more than 0 bytes")]
    NoMemory,
    /// Seconds that are not a positive, finite number.
    #[error("must be a positive number of seconds, not {0}")]
    NotPositiveSeconds(f64),
    /// Seconds beyond what a duration holds.
    #[error("{0} seconds is more than a duration can hold")]
    TooManySeconds(f64),
    /// The option needs this other one (JSON name).
    #[error("needs {0}")]
    Needs(&'static str),
    /// The option needs another option to take one of these values (`checkpoint` needs
    /// `method` dp or auto), for the reason `why`.
    #[error("{why}, so it needs {option} {}", .values.join(" or "))]
    NeedsValue {
        /// What the option does that needs it.
        why: &'static str,
        /// The other option (JSON name).
        option: &'static str,
        /// The values of the other option that do.
        values: &'static [&'static str],
    },
    /// The option cannot be used with these others (JSON names).
    #[error("cannot be used with {}", .0.join(" or "))]
    Excludes(&'static [&'static str]),
    /// The solver asked for is not built in, or cannot do what else is asked.
    #[error("{0}")]
    Solver(Unsupported),
    /// A value that does not parse, with what the option takes (a size, a move rule, givens,
    /// a value class).
    #[error("{0}")]
    Malformed(String),
}
