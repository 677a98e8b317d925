//! The options of each command, by name, as every front end spells them: the CLI's flags
//! (`--limit`, `--exactly-one pairwise`) and the web API's JSON fields (`"limit"`,
//! `"exactly-one": "pairwise"`) fill the same structs here, and [`SolveSpec::request`],
//! [`CountSpec::request`], [`GenerateSpec::request`] turn them into the library's requests. The
//! mapping from option names to requests lives in this one place, so that `pathsat solve
//! --unique` and `POST /api/solve {"unique": true}` cannot drift apart.
//!
//! The structs deserialise from JSON with serde (kebab-case names, every field optional with the
//! CLI's default); a wrong value is an [`Error::Invalid`] naming the option as the CLI does
//! (`--timeout: ...`). They serialise too, so that a front end can list the option names
//! ([`option_names`]) and refuse a misspelt one.

use crate::count::CountRequest;
use crate::generate::GenerateRequest;
use crate::solve::{SolveRequest, Wanted};
use crate::{Cancel, Error};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::pb::SumEncoding;
use pathsat_count::{CountOptions, Method, DEFAULT_PATIENCE};
use pathsat_encode::{EncodingChoice, EncodingOptions, PositionOptions, Pruning};
use pathsat_generate::{Givens, Level, Options};
use pathsat_puzzle::{Moves, ValueClass};
use pathsat_solver::{SolveOptions, SolverChoice};
use serde::{Deserialize, Deserializer, Serialize};
use std::time::Duration;

/// `--encoding`: which encoding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EncodingName {
    /// The successor encoding for large puzzles it can express, else the position encoding.
    #[default]
    Auto,
    Position,
    Successor,
}

/// `--exactly-one`: how "exactly one of these" becomes clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExactlyOneName {
    Sequential,
    Pairwise,
    Hybrid,
}

/// `--sum-encoding`: how a trail's sum becomes clauses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SumName {
    #[default]
    Bdd,
    Swc,
}

/// `--method`: how to count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MethodName {
    #[default]
    Auto,
    Dp,
    Sat,
    Enumerate,
}

/// `--solver`: the embedded SAT solver.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SolverName {
    /// CaDiCaL when it is built in, varisat for a certified run or otherwise
    /// ([`SolverChoice::preferred`]).
    #[default]
    Auto,
    Varisat,
    Cadical,
}

impl MethodName {
    pub fn method(self) -> Method {
        match self {
            MethodName::Auto => Method::Auto,
            MethodName::Dp => Method::Dp,
            MethodName::Sat => Method::Sat,
            MethodName::Enumerate => Method::Enumerate,
        }
    }
}

impl SolverName {
    /// The solver this name gives a run (certified or not).
    pub fn choice(self, certify: bool) -> SolverChoice {
        match self {
            SolverName::Auto => SolverChoice::preferred(certify),
            SolverName::Varisat => SolverChoice::Varisat,
            SolverName::Cadical => SolverChoice::Cadical,
        }
    }
}

/// The encoding options (`--encoding`, `--exactly-one`, `--no-prune`, `--sum-encoding`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct EncodingSpec {
    pub encoding: EncodingName,
    /// Default: sequential for the position encoding, hybrid for the successor encoding.
    pub exactly_one: Option<ExactlyOneName>,
    pub no_prune: bool,
    pub sum_encoding: SumName,
}

impl EncodingSpec {
    pub fn options(&self) -> EncodingOptions {
        let defaults = EncodingOptions::default();
        let exactly_one = self.exactly_one.map(|eo| match eo {
            ExactlyOneName::Sequential => ExactlyOneEncoding::Sequential,
            ExactlyOneName::Pairwise => ExactlyOneEncoding::Pairwise,
            ExactlyOneName::Hybrid => ExactlyOneEncoding::Hybrid,
        });
        EncodingOptions {
            choice: match self.encoding {
                EncodingName::Auto => EncodingChoice::Auto,
                EncodingName::Position => EncodingChoice::Position,
                EncodingName::Successor => EncodingChoice::Successor,
            },
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
    pub solver: SolverName,
    pub certify: bool,
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
        options.check_solver().map_err(|e| Error::Invalid {
            what: "--solver".to_string(),
            problem: e.to_string(),
        })?;
        Ok(options)
    }
}

/// `solve`'s options: `--all`, `--limit N`, `--unique`, `--timeout SECONDS`, `--jobs N`, and
/// the solver's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct SolveSpec {
    pub all: bool,
    pub limit: Option<u64>,
    pub unique: bool,
    /// Seconds.
    pub timeout: Option<f64>,
    /// Threads racing for a first solution [default: the number of processors].
    pub jobs: Option<u32>,
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
            return Err(invalid("--all", "cannot be used with --limit or --unique"));
        }
        if self.limit == Some(0) {
            return Err(invalid("--limit", "must be at least 1"));
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
            return Err(invalid("--jobs", "must be at least 1"));
        }
        Ok(SolveRequest {
            wanted: self.wanted()?,
            options: self.solver.options()?,
            timeout: seconds("--timeout", self.timeout)?,
            jobs: self.jobs.map(|j| j as usize),
            cancel,
        })
    }
}

/// `count`'s options: `--limit`, `--timeout`, `--method`, `--memory` (bytes), `--patience`
/// (seconds), `--jobs`, and the solver's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct CountSpec {
    pub limit: Option<u64>,
    /// Seconds.
    pub timeout: Option<f64>,
    pub method: MethodName,
    /// Bytes the frontier program may use [default: half of this machine's memory].
    pub memory: Option<u64>,
    /// Seconds [default: 600].
    pub patience: Option<f64>,
    /// Threads [default: the number of processors].
    pub jobs: Option<u32>,
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
            return Err(invalid("--limit", "must be at least 1"));
        }
        if self.memory == Some(0) {
            return Err(invalid(
                "--memory",
                "the memory size must be more than 0 bytes",
            ));
        }
        if self.jobs == Some(0) {
            return Err(invalid("--jobs", "must be at least 1"));
        }
        let defaults = CountOptions::default();
        Ok(CountRequest {
            options: CountOptions {
                method: self.method.method(),
                limit: self.limit,
                deadline: None,
                cancel: None,
                jobs: self.jobs.map_or(defaults.jobs, |j| j as usize),
                memory_budget: self.memory.unwrap_or(defaults.memory_budget),
                patience: seconds("--patience", self.patience)?.unwrap_or(DEFAULT_PATIENCE),
                solve: self.solver.options()?,
            },
            timeout: seconds("--timeout", self.timeout)?,
            cancel,
        })
    }
}

/// `generate`'s options (the template aside): `--seed`, `--givens minimal|N`, `--keep-ends`,
/// `--mark CLASS`, `--difficulty`, `--labels`, `--certify`, `--timeout`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct GenerateSpec {
    /// Drawn from the clock when absent (and reported, so that the puzzle can be made again).
    pub seed: Option<u64>,
    #[serde(deserialize_with = "givens")]
    pub givens: Givens,
    pub keep_ends: bool,
    #[serde(deserialize_with = "value_class", serialize_with = "class_name")]
    pub mark: Option<ValueClass>,
    /// The grade asked for (`easy`, `medium`, `hard`).
    pub difficulty: Option<Level>,
    /// Trail puzzles: labels from 1 to this [default: 15, or the trail's length if larger].
    pub labels: Option<u32>,
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
            return Err(invalid("--labels", "must be at least 1"));
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
            timeout: seconds("--timeout", self.timeout)?,
            cancel,
        })
    }
}

/// A board size `RxC`, e.g. `12x12` (`--size`, `"size"`).
///
/// # Errors
/// A message saying what a size looks like.
pub fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("{text:?} is not a board size such as 12x12 (rows x columns)");
    let (r, c) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let rows: usize = r.trim().parse().map_err(|_| bad())?;
    let cols: usize = c.trim().parse().map_err(|_| bad())?;
    if rows == 0 || cols == 0 {
        return Err(bad());
    }
    Ok((rows, cols))
}

/// A move rule: `rook`, `king`, `knight` or a list of offsets `[[dr,dc],...]` (`--moves`,
/// `"moves"`).
///
/// # Errors
/// A message saying what a move rule looks like.
pub fn parse_moves(text: &str) -> Result<Moves, String> {
    if let Some(moves) = Moves::from_name(text.trim()) {
        return Ok(moves);
    }
    let offsets: Vec<(i64, i64)> = serde_json::from_str::<Vec<[i64; 2]>>(text)
        .map_err(|_| format!("{text:?} is not rook, king, knight or a list such as [[1,2],[2,1]]"))?
        .into_iter()
        .map(|[dr, dc]| (dr, dc))
        .collect();
    Moves::custom(offsets)
        .ok_or_else(|| format!("{text}: a list of moves must not be empty nor hold [0,0]"))
}

/// The option names a struct of this module (or one that flattens it) reads, in JSON: what a
/// front end taking JSON checks a request's fields against.
pub fn option_names<T: Serialize + Default>() -> Vec<String> {
    match serde_json::to_value(T::default()) {
        Ok(serde_json::Value::Object(map)) => map.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

fn invalid(what: &str, problem: &str) -> Error {
    Error::Invalid {
        what: what.to_string(),
        problem: problem.to_string(),
    }
}

/// A duration from a positive, finite number of seconds.
fn seconds(what: &str, value: Option<f64>) -> Result<Option<Duration>, Error> {
    let Some(s) = value else { return Ok(None) };
    if !(s > 0.0 && s.is_finite()) {
        return Err(invalid(
            what,
            &format!("must be a positive number of seconds, not {s}"),
        ));
    }
    Duration::try_from_secs_f64(s)
        .map(Some)
        .map_err(|e| invalid(what, &e.to_string()))
}

/// `"minimal"` or a number of givens.
fn givens<'de, D: Deserializer<'de>>(d: D) -> Result<Givens, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(usize),
        Name(String),
    }
    match Raw::deserialize(d)? {
        Raw::Number(n) => Ok(Givens::Exactly(n)),
        Raw::Name(name) if name == "minimal" => Ok(Givens::Minimal),
        Raw::Name(name) => Err(serde::de::Error::custom(format!(
            "{name:?} is neither `minimal` nor a number of givens"
        ))),
    }
}

fn class_name<S: serde::Serializer>(class: &Option<ValueClass>, s: S) -> Result<S::Ok, S::Error> {
    class.as_ref().map(ToString::to_string).serialize(s)
}

/// A value class by name: `primes`, `squares`, `even` or `odd`.
fn value_class<'de, D: Deserializer<'de>>(d: D) -> Result<Option<ValueClass>, D::Error> {
    let Some(name) = Option::<String>::deserialize(d)? else {
        return Ok(None);
    };
    ValueClass::from_name(name.trim()).map(Some).ok_or_else(|| {
        serde::de::Error::custom(format!(
            "{name:?} is not a class: primes, squares, even or odd"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(request.options.encoding.choice, EncodingChoice::Position);
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
