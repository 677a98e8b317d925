//! Keyword options from Python into the library's types, with the CLI's words for their values
//! (`method="dp"`, `encoding="successor"`) and a [`PuzzleError`](crate::errors::PuzzleError)
//! naming the option for anything else.

use crate::errors::puzzle_error;
use pathsat_count::Method;
use pathsat_encode::{EncodingChoice, EncodingOptions};
use pathsat_generate::{Givens, Level};
use pathsat_puzzle::ValueClass;
use pathsat_solver::SolverChoice;
use pyo3::prelude::*;
use std::time::Duration;

/// `timeout=` in seconds (an int or a float), or none.
pub fn timeout(seconds: Option<f64>) -> PyResult<Option<Duration>> {
    match seconds {
        None => Ok(None),
        Some(s) if s.is_finite() && s >= 0.0 => Ok(Some(Duration::from_secs_f64(s.min(1e9)))),
        Some(s) => Err(puzzle_error(format!(
            "timeout={s}: a number of seconds, 0 or more"
        ))),
    }
}

/// `encoding=`: `auto`, `position` or `successor`.
pub fn encoding(name: &str) -> PyResult<EncodingOptions> {
    let choice = match name {
        "auto" => EncodingChoice::Auto,
        "position" => EncodingChoice::Position,
        "successor" => EncodingChoice::Successor,
        other => {
            return Err(puzzle_error(format!(
                "encoding={other:?}: one of \"auto\", \"position\", \"successor\""
            )))
        }
    };
    Ok(EncodingOptions {
        choice,
        ..EncodingOptions::default()
    })
}

/// `solver=`: `varisat` (the default) or `cadical`, which a package built without it refuses
/// with the way to build it; certified runs are varisat's.
pub fn solver(name: &str, certify: bool) -> PyResult<SolverChoice> {
    let choice = SolverChoice::from_name(name)
        .ok_or_else(|| puzzle_error(format!("solver={name:?}: one of \"varisat\", \"cadical\"")))?;
    if !choice.is_built_in() {
        return Err(puzzle_error(format!(
            "solver={name:?}: this pathsat package is built without it; build it with \
             MATURIN_PEP517_ARGS=\"--features cadical\" pip install ./python"
        )));
    }
    if certify && choice != SolverChoice::Varisat {
        return Err(puzzle_error(format!(
            "solver={name:?} with certify=True: certified runs use varisat's proof checker"
        )));
    }
    Ok(choice)
}

/// `method=`: `auto`, `dp`, `sat` or `enumerate` (as `pathsat count --method`), or the names
/// reports give them.
pub fn method(name: &str) -> PyResult<Method> {
    match name {
        "auto" => Ok(Method::Auto),
        "dp" | "frontier-dp" => Ok(Method::Dp),
        "sat" | "sat-cubes" => Ok(Method::Sat),
        "enumerate" | "enumeration" => Ok(Method::Enumerate),
        other => Err(puzzle_error(format!(
            "method={other:?}: one of \"auto\", \"dp\", \"sat\", \"enumerate\""
        ))),
    }
}

/// `givens=`: `"minimal"` (or none) or a number.
pub fn givens(value: Option<&Bound<'_, PyAny>>) -> PyResult<Givens> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(Givens::Minimal);
    };
    if let Ok(n) = value.extract::<usize>() {
        return Ok(Givens::Exactly(n));
    }
    match value.extract::<String>() {
        Ok(word) if word == "minimal" => Ok(Givens::Minimal),
        _ => Err(puzzle_error(format!(
            "givens={}: \"minimal\" or a number of givens",
            value.repr()?
        ))),
    }
}

/// `difficulty=`: `easy`, `medium` or `hard`.
pub fn difficulty(name: Option<&str>) -> PyResult<Option<Level>> {
    match name {
        None => Ok(None),
        Some("easy") => Ok(Some(Level::Easy)),
        Some("medium") => Ok(Some(Level::Medium)),
        Some("hard") => Ok(Some(Level::Hard)),
        Some(other) => Err(puzzle_error(format!(
            "difficulty={other:?}: one of \"easy\", \"medium\", \"hard\""
        ))),
    }
}

/// `mark=`: `primes`, `squares`, `even` or `odd`.
pub fn value_class(name: Option<&str>) -> PyResult<Option<ValueClass>> {
    name.map(|n| {
        ValueClass::from_name(n).ok_or_else(|| {
            puzzle_error(format!(
                "mark={n:?}: one of \"primes\", \"squares\", \"even\", \"odd\""
            ))
        })
    })
    .transpose()
}
