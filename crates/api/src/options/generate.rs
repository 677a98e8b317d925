//! `generate`'s options and its request: [`GenerateSpec`] as the front ends fill it (with the
//! names of givens and value classes read from JSON), and the [`GenerateRequest`] for each
//! puzzle of a book, which [`crate::generate`] runs.

use super::{invalid, parse_class, parse_givens, seconds_for, Problem};
use crate::{Cancel, Error};
use pathsat_budget::Budget;
use pathsat_generate::{Givens, Level, Options};
use pathsat_puzzle::ValueClass;
use serde::{Deserialize, Deserializer, Serialize};
use std::time::Duration;

/// What to generate (the options of `pathsat generate`).
#[derive(Clone, Debug, Default)]
pub struct GenerateRequest {
    /// The generator's options; their deadline is set from `timeout`.
    pub options: Options,
    /// Stop after this long: before the solution is unique, with an error; while removing
    /// givens, with the unique puzzle reached so far (marked not minimal). A solver call in
    /// progress stops inside its search.
    pub timeout: Option<Duration>,
    /// Stop when this is raised, as at the timeout.
    pub cancel: Cancel,
    /// With a certified proof of uniqueness by CaDiCaL: the directory to keep its certificate
    /// in, as a folder named after the puzzle (`--certificate DIR`).
    pub certificate: Option<std::path::PathBuf>,
}

/// `generate`'s options (the template aside): `--seed`, `--givens minimal|N`, `--keep-ends`,
/// `--uniform`,
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
    /// `--uniform`: start from a solution drawn exactly uniformly instead of the random walk's.
    pub uniform: bool,
    /// `--mark CLASS`: mark every cell whose value is in the class.
    #[serde(deserialize_with = "value_class", serialize_with = "class_name")]
    pub mark: Option<ValueClass>,
    /// The grade asked for (`easy`, `medium`, `hard`).
    pub difficulty: Option<Level>,
    /// Trail puzzles: labels from 1 to this [default: 15, or the trail's length if larger].
    pub labels: Option<u32>,
    /// `--certify`: certify the proof of uniqueness (CaDiCaL's DRAT proof and its blocking
    /// clause, checked by dratify and the claims checker; varisat's checker without CaDiCaL).
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
                uniform: self.uniform,
                mark: self.mark.clone(),
                difficulty: self.difficulty,
                certify: self.certify,
                budget: Budget::default(),
                max_label: self.labels.unwrap_or(0),
            },
            timeout: seconds_for("timeout", self.timeout)?,
            cancel,
            certificate: None,
        })
    }
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
