//! The package's exceptions, and the library's errors mapped onto them by whose fault they are:
//! bad input (a puzzle file, a dictionary, a model, an option) is a [`PuzzleError`], which is a
//! `ValueError`; a failure of pathsat itself is an [`InternalError`] (a bug to report). The
//! message is the CLI's one line, naming the file (and line and column where they exist).

use pathsat_api::options::{OptionError, Problem};
use pathsat_api::{Error, ErrorKind};
use pathsat_solver::Unsupported;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    pathsat,
    PuzzleError,
    PyValueError,
    "A puzzle, model or request pathsat cannot take; the message is the CLI's one line, naming \
     the file (and the line and column where they exist)."
);
create_exception!(
    pathsat,
    InternalError,
    PyRuntimeError,
    "pathsat failed, or one of its runs did not pass the verifier: a bug, please report it."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PuzzleError", m.py().get_type::<PuzzleError>())?;
    m.add("InternalError", m.py().get_type::<InternalError>())?;
    Ok(())
}

/// The Python exception for a library error.
pub fn raise(error: Error) -> PyErr {
    if let Error::Option(refused) = &error {
        return PuzzleError::new_err(refusal(refused));
    }
    match error.kind() {
        ErrorKind::Input | ErrorKind::Rejected => PuzzleError::new_err(error.to_string()),
        ErrorKind::Internal => InternalError::new_err(error.to_string()),
    }
}

/// A [`PuzzleError`] with this message.
pub fn puzzle_error(message: impl Into<String>) -> PyErr {
    PuzzleError::new_err(message.into())
}

/// A refused option in Python's words: the keyword argument, its value where the problem has
/// it, and what is wrong.
pub fn refusal(error: &OptionError) -> String {
    let keyword = error.option.replace('-', "_");
    match &error.problem {
        Problem::NotOneOf { value, names } => {
            let quoted: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
            format!("{keyword}={value:?}: one of {}", quoted.join(", "))
        }
        Problem::Zero => format!("{keyword}=0: must be at least 1"),
        Problem::NoMemory => format!("{keyword}=0: the memory size must be more than 0 bytes"),
        Problem::NotPositiveSeconds(s) => {
            format!("{keyword}={s}: must be a positive number of seconds")
        }
        Problem::Excludes(others) => {
            let others: Vec<String> = others
                .iter()
                .map(|o| format!("{}=", o.replace('-', "_")))
                .collect();
            format!("{keyword}: cannot be used with {}", others.join(" or "))
        }
        Problem::Solver(Unsupported::CadicalNotBuiltIn) => format!(
            "{keyword}=\"cadical\": this pathsat package is built without it; build it with \
             MATURIN_PEP517_ARGS=\"--features cadical\" pip install ./python"
        ),
        Problem::Solver(Unsupported::CertifiedCadical) => format!(
            "{keyword}=\"cadical\" with certify=True: certified runs use varisat's proof checker"
        ),
        other => format!("{keyword}: {other}"),
    }
}
