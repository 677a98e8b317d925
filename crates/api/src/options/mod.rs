//! The options of each command, by name, as every front end spells them: the CLI's flags
//! (`--limit`, `--exactly-one pairwise`), the web API's JSON fields (`"limit"`,
//! `"exactly-one": "pairwise"`) and Python's keyword arguments (`limit=`, `exactly_one=`) fill
//! the same structs here, and [`SolveSpec::request`], [`CountSpec::request`],
//! [`GenerateSpec::request`] turn them into the library's requests. The mapping from option
//! names to requests lives in this one place, so that `pathsat solve --unique`,
//! `POST /api/solve {"unique": true}` and `puzzle.is_unique()` cannot drift apart.
//!
//! - [`names`]: the options that take one of a few words, one enum each (with clap's
//!   `ValueEnum` under the feature `clap`, which the CLI parses them with);
//! - [`values`]: sizes, move rules, givens, value classes and seconds;
//! - why a value was refused: [`OptionError`] and [`Problem`], typed, for each front end to
//!   word its own way (in `option_error.rs`, beside the crate's other errors).
//!
//! The structs deserialise from JSON with serde (kebab-case names, every field optional with the
//! CLI's default); a wrong value is an [`Error::Option`]. They serialise too, so that a front
//! end can list the option names ([`option_names`]) and refuse a misspelt one.

pub mod names;
pub mod values;

pub use crate::option_error::{OptionError, Problem};
pub use names::{
    parse_difficulty, EncodingName, ExactlyOneName, MethodName, PruningName, SolverName,
    SplitByName, SumName,
};
pub use values::{
    parse_at_least_one, parse_class, parse_givens, parse_moves, parse_seconds, parse_size,
};

use crate::booklet::BookletRequest;
use crate::count::CountRequest;
use crate::forced::ForcedRequest;
use crate::generate::GenerateRequest;
use crate::hint::HintRequest;
use crate::solve::{SolveRequest, Wanted};
use crate::{Cancel, Error};
use pathsat_cnf::pb::SumEncoding;
use pathsat_count::{CountOptions, Split, DEFAULT_PATIENCE};
use pathsat_encode::{EncodingOptions, PositionOptions, Pruning};
use pathsat_generate::{Givens, Level, Options};
use pathsat_puzzle::Puzzle;
use pathsat_puzzle::ValueClass;
use pathsat_solver::{SolveError, SolveOptions};
use serde::{Deserialize, Deserializer, Serialize};
use std::path::PathBuf;
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
    pub encoding: EncodingName,
    /// The exactly-one encoding [default: sequential for the position encoding, hybrid for the
    /// successor encoding].
    #[cfg_attr(feature = "clap", arg(long, value_enum, help_heading = "Encoding"))]
    pub exactly_one: Option<ExactlyOneName>,
    /// Position encoding: create a variable for every (cell, value) pair, with givens and marks
    /// as unit clauses, instead of pruning the pairs no solution can use.
    #[cfg_attr(feature = "clap", arg(long, help_heading = "Encoding"))]
    pub no_prune: bool,
    /// Trail puzzles: how the sum of the labels becomes clauses (encodings/trail.md).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_enum, default_value_t = SumName::Bdd, help_heading = "Encoding")
    )]
    pub sum_encoding: SumName,
}

impl EncodingSpec {
    /// The encoding options these flags give.
    pub fn options(&self) -> EncodingOptions {
        let defaults = EncodingOptions::default();
        let exactly_one = self.exactly_one.map(ExactlyOneName::encoding);
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
                sum: match self.sum_encoding {
                    SumName::Bdd => SumEncoding::Bdd,
                    SumName::Swc => SumEncoding::SequentialWeight,
                },
                ..defaults.position
            },
            successor_exactly_one: exactly_one.unwrap_or(defaults.successor_exactly_one),
        }
    }
}

/// The solver options (`--solver`, `--certify`) and the encoding's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct SolverSpec {
    /// `--solver`: the embedded SAT solver.
    pub solver: SolverName,
    /// `--certify`: record and check varisat's proof of the run.
    pub certify: bool,
    /// The encoding options.
    #[serde(flatten)]
    pub encoding: EncodingSpec,
}

impl SolverSpec {
    /// The solver options, refused when the solver is not built in or cannot certify.
    ///
    /// # Errors
    /// [`Error::Invalid`] naming `--solver`.
    pub fn options(&self) -> Result<SolveOptions, Error> {
        let options = SolveOptions {
            encoding: self.encoding.options(),
            certify: self.certify,
            solver: self.solver.choice(self.certify),
        };
        options.check_solver().map_err(|e| match e {
            SolveError::Unsupported(u) => invalid("solver", Problem::Solver(u)),
            other => Error::Invalid {
                what: "--solver".to_string(),
                problem: other.to_string(),
            },
        })?;
        Ok(options)
    }
}

/// `solve`'s options: `--all`, `--limit N`, `--unique`, `--timeout SECONDS`, `--jobs N`, and
/// the solver's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct SolveSpec {
    /// `--all`: every solution.
    pub all: bool,
    /// `--limit N`: at most N solutions.
    pub limit: Option<u64>,
    /// `--unique`: prove whether the solution is unique.
    pub unique: bool,
    /// Seconds.
    pub timeout: Option<f64>,
    /// Threads racing for a first solution [default: the number of processors].
    pub jobs: Option<u32>,
    /// The solver and encoding options.
    #[serde(flatten)]
    pub solver: SolverSpec,
}

impl SolveSpec {
    /// What is wanted: every solution, a proof of uniqueness, up to `limit`, or the first.
    ///
    /// # Errors
    /// [`Error::Invalid`] for options that exclude each other or a limit of 0.
    pub fn wanted(&self) -> Result<Wanted, Error> {
        if self.all && (self.limit.is_some() || self.unique) {
            return Err(invalid("all", Problem::Excludes(&["limit", "unique"])));
        }
        if self.limit == Some(0) {
            return Err(invalid("limit", Problem::Zero));
        }
        Ok(if self.all {
            Wanted::All
        } else if self.unique {
            Wanted::Unique
        } else {
            self.limit.map_or(Wanted::First, Wanted::Upto)
        })
    }

    /// The request, with `cancel` as its flag.
    ///
    /// # Errors
    /// As [`SolveSpec::wanted`], [`SolverSpec::options`], and for a timeout that is not a
    /// positive number of seconds or a number of jobs of 0.
    pub fn request(&self, cancel: Cancel) -> Result<SolveRequest, Error> {
        if self.jobs == Some(0) {
            return Err(invalid("jobs", Problem::Zero));
        }
        Ok(SolveRequest {
            wanted: self.wanted()?,
            options: self.solver.options()?,
            timeout: seconds_for("timeout", self.timeout)?,
            jobs: self.jobs.map(|j| j as usize),
            cancel,
        })
    }
}

/// `count`'s options: `--limit`, `--timeout`, `--method`, `--memory` (bytes), `--patience`
/// (seconds), `--jobs`, and the solver's.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct CountSpec {
    /// `--limit N`: stop after N fillings.
    pub limit: Option<u64>,
    /// Seconds.
    pub timeout: Option<f64>,
    /// `--method`: how to count.
    pub method: MethodName,
    /// Bytes the frontier program may use [default: half of this machine's memory].
    pub memory: Option<u64>,
    /// Seconds [default: 600].
    pub patience: Option<f64>,
    /// Threads [default: the number of processors].
    pub jobs: Option<u32>,
    /// `--shard I/N`: count one of N parts of the count alone (by the frontier program).
    pub shard: Option<crate::shard::Shard>,
    /// `--cut STATES`: where a sharded count is cut into shards [default: 524,288 states].
    pub cut: Option<u64>,
    /// `--split-by states|residues`: how a sharded count is split [default: states].
    pub split_by: Option<SplitByName>,
    /// `--spill-dir DIR`: keep the frontier program's large tables in files in this
    /// directory, so that its memory holds a batch of a step rather than whole tables.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spill_dir: Option<PathBuf>,
    /// `--checkpoint FILE`: save the frontier program's table to FILE now and then, and go on
    /// from it when the same count is run again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint: Option<PathBuf>,
    /// `--checkpoint-every SECONDS`: how long to count between two saves [default: 600].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint_every: Option<f64>,
    /// The solver and encoding options.
    #[serde(flatten)]
    pub solver: SolverSpec,
}

impl CountSpec {
    /// The request, with `cancel` as its flag.
    ///
    /// # Errors
    /// [`Error::Invalid`] for a limit, memory size or number of jobs of 0, a duration that is
    /// not a positive number of seconds, and as [`SolverSpec::options`].
    pub fn request(&self, cancel: Cancel) -> Result<CountRequest, Error> {
        if self.limit == Some(0) {
            return Err(invalid("limit", Problem::Zero));
        }
        if self.memory == Some(0) {
            return Err(invalid("memory", Problem::NoMemory));
        }
        if self.jobs == Some(0) {
            return Err(invalid("jobs", Problem::Zero));
        }
        if self.cut == Some(0) {
            return Err(invalid("cut", Problem::Zero));
        }
        if self.cut.is_some() && self.shard.is_none() {
            return Err(invalid("cut", Problem::Needs("shard")));
        }
        if self.split_by.is_some() && self.shard.is_none() {
            return Err(invalid("split-by", Problem::Needs("shard")));
        }
        if self.cut.is_some() && self.split_by == Some(SplitByName::Residues) {
            return Err(invalid(
                "cut",
                Problem::Malformed("cuts a split by states, not by residues".into()),
            ));
        }
        if let Some(dir) = &self.spill_dir {
            if !dir.is_dir() {
                return Err(invalid(
                    "spill-dir",
                    Problem::Malformed(format!("{} is not a directory", dir.display())),
                ));
            }
        }
        if let Some(file) = &self.checkpoint {
            let dir = file.parent().filter(|d| !d.as_os_str().is_empty());
            if file.is_dir() || dir.is_some_and(|d| !d.is_dir()) {
                return Err(invalid(
                    "checkpoint",
                    Problem::Malformed(format!(
                        "{} is not a file in an existing directory",
                        file.display()
                    )),
                ));
            }
        }
        if self.checkpoint.is_some()
            && matches!(self.method, MethodName::Sat | MethodName::Enumerate)
        {
            return Err(invalid(
                "checkpoint",
                Problem::Malformed(
                    "saves the frontier program's table, so it needs --method dp or auto".into(),
                ),
            ));
        }
        if self.checkpoint_every.is_some() && self.checkpoint.is_none() {
            return Err(invalid("checkpoint-every", Problem::Needs("checkpoint")));
        }
        let defaults = CountOptions::default();
        Ok(CountRequest {
            options: CountOptions {
                method: self.method.method(),
                limit: self.limit,
                deadline: None,
                cancel: None,
                // Raised by the command line's signal handler, not by a request.
                interrupt: None,
                jobs: self.jobs.map_or(defaults.jobs, |j| j as usize),
                memory_budget: self.memory.unwrap_or(defaults.memory_budget),
                patience: seconds_for("patience", self.patience)?.unwrap_or(DEFAULT_PATIENCE),
                solve: self.solver.options()?,
                split: self.split(),
                spill_dir: self.spill_dir.clone(),
                checkpoint: self.checkpoint.clone(),
                checkpoint_every: seconds_for("checkpoint-every", self.checkpoint_every)?
                    .unwrap_or(defaults.checkpoint_every),
            },
            timeout: seconds_for("timeout", self.timeout)?,
            cancel,
        })
    }
}

impl CountSpec {
    /// The cut of a sharded count: `cut`, or [`Split::DEFAULT_CUT_STATES`].
    pub fn cut_states(&self) -> u64 {
        self.cut.unwrap_or(Split::DEFAULT_CUT_STATES)
    }

    /// The frontier program's split of a sharded count (`shard`, `split-by` and `cut`).
    pub fn split(&self) -> Option<Split> {
        let by = self.split_by.unwrap_or_default().split_by();
        self.shard.map(|s| s.split(self.cut_states(), by))
    }
}

/// `generate`'s options (the template aside): `--seed`, `--givens minimal|N`, `--keep-ends`,
/// `--mark CLASS`, `--difficulty`, `--labels`, `--certify`, `--timeout`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct GenerateSpec {
    /// Drawn from the clock when absent (and reported, so that the puzzle can be made again).
    pub seed: Option<u64>,
    /// `--givens minimal|N`: as few givens as stay unique, or exactly N.
    #[serde(deserialize_with = "givens")]
    pub givens: Givens,
    /// `--keep-ends`: give 1 and N.
    pub keep_ends: bool,
    /// `--mark CLASS`: mark every cell whose value is in the class.
    #[serde(deserialize_with = "value_class", serialize_with = "class_name")]
    pub mark: Option<ValueClass>,
    /// The grade asked for (`easy`, `medium`, `hard`).
    pub difficulty: Option<Level>,
    /// Trail puzzles: labels from 1 to this [default: 15, or the trail's length if larger].
    pub labels: Option<u32>,
    /// `--certify`: have varisat's checker confirm the proof of uniqueness.
    pub certify: bool,
    /// Seconds.
    pub timeout: Option<f64>,
}

impl GenerateSpec {
    /// The request for the `index`th puzzle of a book (seed + index), with `seed` standing for
    /// an absent seed and `cancel` as its flag.
    ///
    /// # Errors
    /// [`Error::Invalid`] for a timeout that is not a positive number of seconds, or 0 labels.
    pub fn request(&self, seed: u64, index: u64, cancel: Cancel) -> Result<GenerateRequest, Error> {
        if self.labels == Some(0) {
            return Err(invalid("labels", Problem::Zero));
        }
        Ok(GenerateRequest {
            options: Options {
                seed: self.seed.unwrap_or(seed).wrapping_add(index),
                givens: self.givens,
                keep_ends: self.keep_ends,
                mark: self.mark.clone(),
                difficulty: self.difficulty,
                certify: self.certify,
                deadline: None,
                cancel: None,
                max_label: self.labels.unwrap_or(0),
            },
            timeout: seconds_for("timeout", self.timeout)?,
            cancel,
        })
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
/// `forced`'s options: `--timeout SECONDS` (`"timeout"`, `timeout=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct ForcedSpec {
    /// Stop after this many seconds, with the cells settled by then.
    pub timeout: Option<f64>,
}

impl ForcedSpec {
    /// The request, with `cancel` as its flag.
    ///
    /// # Errors
    /// [`Error::Option`] for a timeout that is not a positive number of seconds.
    pub fn request(&self, cancel: Cancel) -> Result<ForcedRequest, Error> {
        Ok(ForcedRequest {
            timeout: seconds_for("timeout", self.timeout)?,
            cancel,
        })
    }
}

/// `hint`'s options: what is filled so far (`FILLING`, `"filling"`, `filling=`) and
/// `--timeout SECONDS`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct HintSpec {
    /// The cells filled so far: a list of rows (a graph: one list of its vertices' values),
    /// `null` or 0 on empty cells.
    pub filling: Option<serde_json::Value>,
    /// Stop the solver's part after this many seconds.
    pub timeout: Option<f64>,
}

impl HintSpec {
    /// The request for `puzzle`, with `cancel` as its flag.
    ///
    /// # Errors
    /// [`Error::Option`] for a timeout that is not a positive number of seconds,
    /// [`Error::Puzzle`] for a filling that does not fit the puzzle (named `filling`).
    pub fn request(&self, puzzle: &Puzzle, cancel: Cancel) -> Result<HintRequest, Error> {
        let filling = match &self.filling {
            None | Some(serde_json::Value::Null) => None,
            Some(value) => {
                // A flat list is one row (a graph's vertices).
                let flat = value
                    .as_array()
                    .and_then(|items| items.first())
                    .is_some_and(|first| !first.is_array());
                let grid = if flat {
                    serde_json::Value::Array(vec![value.clone()])
                } else {
                    value.clone()
                };
                Some(crate::hint::read_filling(
                    puzzle,
                    "filling",
                    &grid.to_string(),
                    true,
                )?)
            }
        };
        Ok(HintRequest {
            filling,
            timeout: seconds_for("timeout", self.timeout)?,
            cancel,
        })
    }
}

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

/// `booklet`'s options: `--title`, `--per-page`, `--no-solutions` (`"solutions": false`) and
/// `--timeout` (each puzzle's proof of uniqueness).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct BookletSpec {
    /// The title on the first page.
    pub title: String,
    /// Puzzles to a page: 1, 2 or 4.
    pub per_page: usize,
    /// The solutions at the back.
    pub solutions: bool,
    /// Seconds each proof of uniqueness may take.
    pub timeout: Option<f64>,
}

impl Default for BookletSpec {
    fn default() -> BookletSpec {
        let request = BookletRequest::default();
        BookletSpec {
            title: request.title,
            per_page: request.per_page,
            solutions: request.solutions,
            timeout: None,
        }
    }
}

impl BookletSpec {
    /// The request.
    ///
    /// # Errors
    /// [`Error::Option`] for a timeout that is not a positive number of seconds, or a number of
    /// puzzles a page other than 1, 2 or 4.
    pub fn request(&self) -> Result<BookletRequest, Error> {
        if ![1, 2, 4].contains(&self.per_page) {
            return Err(invalid(
                "per-page",
                Problem::Malformed(format!(
                    "{} puzzles a page: it takes 1, 2 or 4",
                    self.per_page
                )),
            ));
        }
        Ok(BookletRequest {
            title: self.title.clone(),
            per_page: self.per_page,
            solutions: self.solutions,
            timeout: seconds_for("timeout", self.timeout)?,
        })
    }
}

fn seconds_for(option: &'static str, value: Option<f64>) -> Result<Option<Duration>, Error> {
    Ok(values::seconds(option, value)?)
}

/// `"minimal"` or a number of givens (a JSON number or a string).
fn givens<'de, D: Deserializer<'de>>(d: D) -> Result<Givens, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(usize),
        Name(String),
    }
    match Raw::deserialize(d)? {
        Raw::Number(n) => Ok(Givens::Exactly(n)),
        Raw::Name(name) => parse_givens(&name).map_err(serde::de::Error::custom),
    }
}

fn class_name<S: serde::Serializer>(class: &Option<ValueClass>, s: S) -> Result<S::Ok, S::Error> {
    class.as_ref().map(ToString::to_string).serialize(s)
}

/// A value class by name: `primes`, `squares`, `even` or `odd`.
fn value_class<'de, D: Deserializer<'de>>(d: D) -> Result<Option<ValueClass>, D::Error> {
    Option::<String>::deserialize(d)?
        .map(|name| parse_class(&name).map_err(serde::de::Error::custom))
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_cnf::card::ExactlyOneEncoding;
    use pathsat_count::Method;
    use std::str::FromStr;

    #[test]
    fn names_parse_print_and_serialise_as_the_same_words() {
        for name in EncodingName::NAMES {
            let value = EncodingName::from_str(name).unwrap();
            assert_eq!(value.to_string(), *name);
            assert_eq!(serde_json::to_value(value).unwrap(), *name);
        }
        for name in MethodName::NAMES {
            let value: MethodName = name.parse().unwrap();
            assert_eq!(serde_json::to_value(value).unwrap(), *name);
        }
        assert_eq!("hybrid".parse(), Ok(ExactlyOneName::Hybrid));
        assert_eq!("swc".parse(), Ok(SumName::Swc));
        assert_eq!(parse_difficulty("medium"), Ok(Level::Medium));
        let e = SolverName::from_str("minisat").unwrap_err();
        assert_eq!(e.option, "solver");
        assert_eq!(
            e.to_string(),
            r#"--solver: "minisat" is not one of auto, varisat, cadical"#
        );
        assert!(parse_difficulty("brutal").is_err());
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
            "encoding",
            "exactly-one",
            "no-prune",
            "sum-encoding",
        ] {
            assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
        }
        assert_eq!(names.len(), 11);
        assert!(option_names::<CountSpec>().contains(&"patience".to_string()));
        assert!(option_names::<GenerateSpec>().contains(&"keep-ends".to_string()));
        let spec: GenerateSpec = serde_json::from_str(r#"{"mark": "squares"}"#).unwrap();
        assert_eq!(serde_json::to_value(&spec).unwrap()["mark"], "squares");
    }

    #[test]
    fn contradictions_and_bad_values_are_refused_as_the_cli_words_them() {
        let spec = SolveSpec {
            all: true,
            unique: true,
            ..SolveSpec::default()
        };
        let e = spec.request(Cancel::new()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--all: cannot be used with --limit or --unique"
        );
        let spec = SolveSpec {
            timeout: Some(-1.0),
            ..SolveSpec::default()
        };
        let e = spec.request(Cancel::new()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--timeout: must be a positive number of seconds, not -1"
        );
        let spec = SolveSpec {
            jobs: Some(0),
            ..SolveSpec::default()
        };
        let e = spec.request(Cancel::new()).unwrap_err();
        assert_eq!(e.to_string(), "--jobs: must be at least 1");
        assert!(serde_json::from_str::<SolveSpec>(r#"{"encoding": "fast"}"#).is_err());
        assert!(serde_json::from_str::<GenerateSpec>(r#"{"mark": "cubes"}"#).is_err());
        assert!(serde_json::from_str::<GenerateSpec>(r#"{"givens": "few"}"#).is_err());
    }
}
