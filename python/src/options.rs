//! Keyword options from Python into the api's specs ([`pathsat_api::options`]): the same
//! words and the same checks as the CLI's flags and the web API's fields, in one place there.
//! This module only reads Python values and words a refusal with the keyword arguments
//! (`jobs=0: must be at least 1`, where the CLI says `--jobs: must be at least 1`).

use crate::errors::{puzzle_error, refusal};
use pathsat_api::options::{
    parse_class, parse_givens, parse_moves, parse_name, EncodingName, EncodingSpec, OptionError,
    Problem, SolverChoice, SolverSpec,
};
use pathsat_generate::{Givens, Level};
use pathsat_puzzle::{Moves, ValueClass};
use pyo3::prelude::*;

fn refused(error: OptionError) -> PyErr {
    puzzle_error(refusal(&error))
}

fn malformed(option: &'static str, message: String) -> PyErr {
    refused(OptionError::new(option, Problem::Malformed(message)))
}

/// `encoding=`: `auto`, `position`, `successor` or a complete `successor-*` encoding.
pub fn encoding(name: &str) -> PyResult<EncodingSpec> {
    Ok(EncodingSpec {
        encoding: parse_name::<EncodingName>("encoding", name).map_err(refused)?,
        ..EncodingSpec::default()
    })
}

/// `encoding=`, `solver=` (`auto`, `varisat` or `cadical`) and `certify=`.
pub fn solver(encoding_name: &str, name: &str, certify: bool, seed: u64) -> PyResult<SolverSpec> {
    Ok(SolverSpec {
        solver: parse_name::<SolverChoice>("solver", name).map_err(refused)?,
        certify,
        seed,
        encoding: encoding(encoding_name)?,
    })
}

/// `givens=`: `"minimal"` (or none) or a number.
pub fn givens(value: Option<&Bound<'_, PyAny>>) -> PyResult<Givens> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(Givens::Minimal);
    };
    if let Ok(n) = value.extract::<usize>() {
        return Ok(Givens::Exactly(n));
    }
    let text = value
        .extract::<String>()
        .unwrap_or_else(|_| value.repr().map(|r| r.to_string()).unwrap_or_default());
    parse_givens(&text).map_err(|e| malformed("givens", e))
}

/// `difficulty=`: `easy`, `medium` or `hard`.
pub fn difficulty(name: Option<&str>) -> PyResult<Option<Level>> {
    name.map(|n| parse_name::<Level>("difficulty", n).map_err(refused))
        .transpose()
}

/// `mark=`: `primes`, `squares`, `even` or `odd`.
pub fn value_class(name: Option<&str>) -> PyResult<Option<ValueClass>> {
    name.map(|n| parse_class(n).map_err(|e| malformed("mark", e)))
        .transpose()
}

/// `moves=`: `rook`, `king`, `knight`, ... or a list of offsets as JSON text.
pub fn moves(text: &str) -> PyResult<Moves> {
    parse_moves(text).map_err(|e| malformed("moves", e))
}
