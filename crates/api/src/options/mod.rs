//! The options of each command, by name, as every front end spells them: the CLI's flags
//! (`--limit`, `--exactly-one pairwise`), the web API's JSON fields (`"limit"`,
//! `"exactly-one": "pairwise"`) and Python's keyword arguments (`limit=`, `exactly_one=`) fill
//! the same structs here, and [`SolveSpec::request`], [`CountSpec::request`],
//! [`GenerateSpec::request`] turn them into the library's requests. The mapping from option
//! names to requests lives in this one place, so that `pathsat solve --unique`,
//! `POST /api/solve {"unique": true}` and `puzzle.is_unique()` cannot drift apart.
//!
//! Each command's options sit in a file of their own beside the request they build, which the
//! module that runs the command takes ([`crate::solve`], [`crate::count`], ...): the commands
//! depend on the options, never the other way round. All are re-exported here.
//!
//! - `solve.rs`: [`SolveSpec`], [`SolveRequest`] and [`Wanted`];
//! - `count.rs`: [`CountSpec`] and [`CountRequest`]; `shard.rs`: [`Shard`] (`--shard I/N`);
//! - `generate.rs`: [`GenerateSpec`] and [`GenerateRequest`]; `sample.rs`: [`SampleSpec`] and
//!   [`SampleRequest`];
//! - `forced.rs`, `hint.rs` (with [`read_filling`], for what was filled so far), `explain.rs`
//!   and `booklet.rs`: the other commands';
//! - this file: the encoding and solver options that `solve` and `count` share
//!   ([`EncodingSpec`], [`SolverSpec`]);
//! - [`names`]: the options that take one of a few words: the domain's enums, which define
//!   their names once (strum, and clap's `ValueEnum` under the feature `clap`, which the CLI
//!   parses them with), read from text here;
//! - [`values`]: sizes, move rules, givens, value classes and seconds;
//! - why a value was refused: [`OptionError`] and [`Problem`], typed, for each front end to
//!   word its own way (in `option_error.rs`, beside the crate's other errors).
//!
//! The structs deserialise from JSON with serde (kebab-case names, every field optional with the
//! CLI's default); a wrong value is an [`Error::Option`]. They serialise too, so that a front
//! end can list the option names ([`option_names`]) and refuse a misspelt one.

pub mod names;
pub mod values;

mod booklet;
mod count;
mod explain;
mod forced;
mod generate;
mod hint;
mod sample;
mod shard;
mod solve;

pub use crate::option_error::{OptionError, Problem};
pub use booklet::{BookletRequest, BookletSpec};
pub use count::{CountRequest, CountSpec, TablesSpec};
pub use explain::ExplainSpec;
pub use forced::{ForcedRequest, ForcedSpec};
pub use generate::{GenerateRequest, GenerateSpec};
pub use hint::{read_filling, HintRequest, HintSpec};
pub use names::{
    by_name, parse_name, EncodingName, ExactlyOneEncoding, Level, Method, Pruning, SampleBy,
    SolverChoice, SplitBy, SumEncoding,
};
pub use sample::{SampleRequest, SampleSpec};
pub use shard::{NotAShard, Shard};
pub use solve::{SolveRequest, SolveSpec, Wanted};
pub use values::{
    parse_at_least_one, parse_class, parse_givens, parse_memory, parse_moves, parse_seconds,
    parse_size,
};

use crate::Error;
use pathsat_encode::{EncodingOptions, PositionOptions};
use pathsat_solver::{SolveError, SolveOptions};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The encoding options (`--encoding`, `--exactly-one`, `--no-prune`, `--sum-encoding`): with
/// the feature `clap`, the CLI's flags themselves (the field docs are their help).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[serde(default, rename_all = "kebab-case")]
pub struct EncodingSpec {
    /// The encoding: `auto` takes the successor encoding for tours and paths of at least 36
    /// cells whose only givens are the start and end (and no marks), the position encoding
    /// otherwise (see encodings/successor.md). The `successor-*` encodings rule out subtours in
    /// the CNF itself, so that an exported file is complete (encodings/complete.md).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_enum, default_value_t = EncodingName::Auto, help_heading = "Encoding")
    )]
    #[serde(with = "by_name")]
    pub encoding: EncodingName,
    /// The exactly-one encoding [default: sequential for the position encoding, hybrid for the
    /// successor encoding].
    #[cfg_attr(feature = "clap", arg(long, value_enum, help_heading = "Encoding"))]
    #[serde(with = "by_name::option")]
    pub exactly_one: Option<ExactlyOneEncoding>,
    /// Position encoding: create a variable for every (cell, value) pair, with givens and marks
    /// as unit clauses, instead of pruning the pairs no solution can use.
    #[cfg_attr(feature = "clap", arg(long, help_heading = "Encoding"))]
    pub no_prune: bool,
    /// Trail puzzles: how the sum of the labels becomes clauses (encodings/trail.md).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_enum, default_value_t = SumEncoding::Bdd, help_heading = "Encoding")
    )]
    #[serde(with = "by_name")]
    pub sum_encoding: SumEncoding,
}

impl EncodingSpec {
    /// The flags that give `options` for a run in `used`: the inverse of
    /// [`EncodingSpec::options`] on what that encoding reads (a certificate records them).
    pub fn of(options: &EncodingOptions, used: pathsat_encode::Encoding) -> EncodingSpec {
        let exactly_one = options.exactly_one(used);
        EncodingSpec {
            encoding: EncodingName::of(used, options.subtours),
            exactly_one: Some(exactly_one),
            no_prune: options.position.pruning == Pruning::None,
            sum_encoding: options.position.sum,
        }
    }

    /// The encoding options these flags give.
    pub fn options(&self) -> EncodingOptions {
        let defaults = EncodingOptions::default();
        let exactly_one = self.exactly_one;
        let (choice, subtours) = self.encoding.choice();
        EncodingOptions {
            choice,
            subtours,
            position: PositionOptions {
                exactly_one: exactly_one.unwrap_or(defaults.position.exactly_one),
                pruning: if self.no_prune {
                    Pruning::None
                } else {
                    Pruning::Full
                },
                sum: self.sum_encoding,
                ..defaults.position
            },
            successor_exactly_one: exactly_one.unwrap_or(defaults.successor_exactly_one),
        }
    }
}

/// The solver options (`--solver`, `--seed`, `--certify`) and the encoding's: with the feature
/// `clap`, the CLI's flags themselves (the field docs are their help), but `--certify`, which
/// each command words its own way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[serde(default, rename_all = "kebab-case")]
pub struct SolverSpec {
    /// The encoding options.
    #[serde(flatten)]
    #[cfg_attr(feature = "clap", command(flatten))]
    pub encoding: EncodingSpec,
    /// The embedded SAT solver. CaDiCaL is built in by default (a build made with
    /// `--no-default-features` has varisat alone); certified runs are varisat's. Example:
    /// `pathsat solve fixtures/graphs/classic/gp-48-2.hcp --solver varisat`.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_enum, default_value_t = SolverChoice::Auto, help_heading = "Solver")
    )]
    #[serde(with = "by_name")]
    pub solver: SolverChoice,
    /// Prove the run's answers (each command's `--certify`): record and check the solver's
    /// proof of the run.
    #[cfg_attr(feature = "clap", arg(skip))]
    pub certify: bool,
    /// Reseed the run's random choices: CaDiCaL's seed (its random walks and phases), the order
    /// in which the edge loop numbers a graph's edges (and so CaDiCaL's first decisions there),
    /// rotation–extension's. 0, the default, runs the same way every time; another seed is as
    /// reproducible, along another path through the search (the edge loop's most; varisat has
    /// no random choices). With `--jobs 1` a run repeats exactly; in a race the winner may
    /// vary. Example: `pathsat solve fixtures/graphs/classic/gp-96-2.hcp --seed 7`.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "N", default_value_t = 0, help_heading = "Solver")
    )]
    pub seed: u64,
}

impl SolverSpec {
    /// These options, certified or not (`--certify`, a flag of each command's own).
    pub fn certified(self, certify: bool) -> SolverSpec {
        SolverSpec { certify, ..self }
    }
}

impl SolverSpec {
    /// The solver options, refused when the solver is not built in or cannot certify.
    ///
    /// # Errors
    /// [`Error::Option`] for `solver`.
    pub fn options(&self) -> Result<SolveOptions, Error> {
        let options = SolveOptions {
            encoding: self.encoding.options(),
            certify: self.certify,
            solver: self.solver,
            seed: self.seed,
        };
        options.check_solver().map_err(|e| match e {
            SolveError::Unsupported(u) => invalid("solver", Problem::Solver(u)),
            other => invalid("solver", Problem::Malformed(other.to_string())),
        })?;
        Ok(options)
    }
}

/// The option names a struct of this module (or one that flattens it) reads, in JSON: what a
/// front end taking JSON checks a request's fields against.
pub fn option_names<T: Serialize + Default>() -> Vec<String> {
    match serde_json::to_value(T::default()) {
        Ok(serde_json::Value::Object(map)) => map.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

fn invalid(option: &'static str, problem: Problem) -> Error {
    Error::Option(OptionError::new(option, problem))
}

/// A duration from a positive, finite number of seconds, for `option`.
fn seconds_for(option: &'static str, value: Option<f64>) -> Result<Option<Duration>, Error> {
    Ok(values::seconds(option, value)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cancel;
    use pathsat_cnf::card::ExactlyOneEncoding;
    use pathsat_count::Method;
    use pathsat_generate::{Givens, Level};
    use pathsat_puzzle::ValueClass;
    use std::str::FromStr;

    #[test]
    fn names_parse_print_and_serialise_as_the_same_words() {
        use strum::VariantNames;
        for name in EncodingName::VARIANTS {
            let value = EncodingName::from_str(name).unwrap();
            assert_eq!(value.to_string(), *name);
            let spec = EncodingSpec {
                encoding: value,
                ..EncodingSpec::default()
            };
            assert_eq!(serde_json::to_value(spec).unwrap()["encoding"], *name);
        }
        for name in Method::VARIANTS {
            let spec = CountSpec {
                method: name.parse().unwrap(),
                ..CountSpec::default()
            };
            assert_eq!(serde_json::to_value(spec).unwrap()["method"], *name);
        }
        assert_eq!(
            ExactlyOneEncoding::from_str("hybrid"),
            Ok(ExactlyOneEncoding::Hybrid)
        );
        assert_eq!(
            SumEncoding::from_str("swc"),
            Ok(SumEncoding::SequentialWeight)
        );
        assert_eq!(parse_name("difficulty", "medium"), Ok(Level::Medium));
        let e = parse_name::<SolverChoice>("solver", "minisat").unwrap_err();
        assert_eq!(e.option, "solver");
        assert_eq!(
            e.to_string(),
            r#"solver: "minisat" is not one of auto, varisat, cadical"#
        );
        assert!(parse_name::<Level>("difficulty", "brutal").is_err());
    }

    #[test]
    fn json_names_are_the_flags_without_dashes() {
        let spec: SolveSpec = serde_json::from_str(
            r#"{"unique": true, "timeout": 2.5, "encoding": "position", "exactly-one": "pairwise",
                "no-prune": true, "certify": true}"#,
        )
        .unwrap();
        let request = spec.request(Cancel::new()).unwrap();
        assert_eq!(request.wanted, Wanted::Unique);
        assert_eq!(request.timeout, Some(Duration::from_millis(2500)));
        assert!(request.options.certify);
        assert_eq!(
            request.options.encoding.choice,
            pathsat_encode::EncodingChoice::Position
        );
        assert_eq!(
            request.options.encoding.position.exactly_one,
            ExactlyOneEncoding::Pairwise
        );
        assert_eq!(request.options.encoding.position.pruning, Pruning::None);

        let spec: CountSpec =
            serde_json::from_str(r#"{"method": "enumerate", "limit": 7, "jobs": 1}"#).unwrap();
        let request = spec.request(Cancel::new()).unwrap();
        assert_eq!(request.options.method, Method::Enumerate);
        assert_eq!(request.options.limit, Some(7));
        assert_eq!(request.options.jobs, 1);

        let spec: GenerateSpec = serde_json::from_str(
            r#"{"seed": 7, "givens": 5, "mark": "primes", "difficulty": "easy"}"#,
        )
        .unwrap();
        let request = spec.request(0, 2, Cancel::new()).unwrap();
        assert_eq!(request.options.seed, 9);
        assert_eq!(request.options.givens, Givens::Exactly(5));
        assert_eq!(request.options.mark, Some(ValueClass::Primes));
        assert_eq!(request.options.difficulty, Some(Level::Easy));
    }

    #[test]
    fn a_count_goes_on_in_files_over_its_memory_unless_told_where_or_not_to() {
        let request = |json: &str| {
            let spec: CountSpec = serde_json::from_str(json).unwrap();
            spec.request(Cancel::new())
        };
        // By default: the temporary directory, once the tables outgrow the budget.
        let by_default = request("{}").unwrap().options;
        assert_eq!(by_default.spill_dir, Some(std::env::temp_dir()));
        assert!(by_default.spill_over_budget);
        // A directory given: there, from the first large table on.
        let dir = std::env::temp_dir().display().to_string();
        let given = request(&format!(r#"{{"spill-dir": {dir:?}}}"#))
            .unwrap()
            .options;
        assert_eq!(given.spill_dir.as_deref(), Some(std::path::Path::new(&dir)));
        assert!(!given.spill_over_budget);
        // Never, with no-spill; and no-spill with a directory is refused.
        let never = request(r#"{"no-spill": true}"#).unwrap().options;
        assert_eq!(never.spill_dir, None);
        let both = request(&format!(r#"{{"no-spill": true, "spill-dir": {dir:?}}}"#));
        let error = both.unwrap_err().to_string();
        assert!(
            error.contains("no-spill") && error.contains("spill-dir"),
            "{error}"
        );
    }

    #[test]
    fn option_names_are_every_field_and_only_those() {
        let names = option_names::<SolveSpec>();
        for name in [
            "all",
            "limit",
            "unique",
            "timeout",
            "jobs",
            "solver",
            "certify",
            "seed",
            "encoding",
            "exactly-one",
            "no-prune",
            "sum-encoding",
        ] {
            assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
        }
        assert_eq!(names.len(), 12);
        assert!(option_names::<CountSpec>().contains(&"patience".to_string()));
        assert!(option_names::<GenerateSpec>().contains(&"keep-ends".to_string()));
        let spec: GenerateSpec = serde_json::from_str(r#"{"mark": "squares"}"#).unwrap();
        assert_eq!(serde_json::to_value(&spec).unwrap()["mark"], "squares");
    }

    #[test]
    fn contradictions_and_bad_values_are_refused_naming_the_option() {
        let spec = SolveSpec {
            all: true,
            unique: true,
            ..SolveSpec::default()
        };
        let e = spec.request(Cancel::new()).unwrap_err();
        assert_eq!(e.to_string(), "all: cannot be used with limit or unique");
        let spec = SolveSpec {
            timeout: Some(-1.0),
            ..SolveSpec::default()
        };
        let e = spec.request(Cancel::new()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "timeout: must be a positive number of seconds, not -1"
        );
        let spec = SolveSpec {
            jobs: Some(0),
            ..SolveSpec::default()
        };
        let e = spec.request(Cancel::new()).unwrap_err();
        assert_eq!(e.to_string(), "jobs: must be at least 1");
        assert!(serde_json::from_str::<SolveSpec>(r#"{"encoding": "fast"}"#).is_err());
        assert!(serde_json::from_str::<GenerateSpec>(r#"{"mark": "cubes"}"#).is_err());
        assert!(serde_json::from_str::<GenerateSpec>(r#"{"givens": "few"}"#).is_err());
    }
}
