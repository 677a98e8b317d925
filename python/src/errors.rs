//! The package's exceptions, and the library's errors mapped onto them by whose fault they are:
//! bad input (a puzzle file, a dictionary, a model, an option) is a [`PuzzleError`], which is a
//! `ValueError`; a failure of pathsat itself is an [`InternalError`] (a bug to report). The
//! message is one line naming the file (and line and column where they exist), as the CLI's,
//! but where the CLI names its flags this says which keyword argument to change ([`words`]).

use pathsat_api::options::{OptionError, Problem};
use pathsat_api::{Error, ErrorKind, Refusal};
use pathsat_count::CountError;
use pathsat_encode::{EncodeError, SuccessorError};
use pathsat_generate::GenerateError;
use pathsat_solver::SolveError;
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
    let message = words(&error);
    match error.kind() {
        ErrorKind::Input | ErrorKind::Rejected => PuzzleError::new_err(message),
        ErrorKind::Internal => InternalError::new_err(message),
    }
}

/// A library error in Python's words: the CLI's one line, naming the file, with keyword
/// arguments where the CLI names flags (`method="dp"` for `--method dp`).
pub fn words(error: &Error) -> String {
    match error {
        Error::Option(refused) => refusal(refused),
        Error::Solve { file, error } => format!("{file}: {}", solve_words(error)),
        Error::Count { file, error } => format!("{file}: {}", count_words(error)),
        Error::Generate { file, error } => format!("{file}: {}", generate_words(error)),
        Error::Sample {
            file,
            error: error @ pathsat_count::SampleError::TooMany { .. },
        } => format!("{file}: {error} (enumerate_limit= raises the limit)"),
        Error::Refused {
            file,
            refusal: Refusal::DpTakesNoEncoding,
        } => format!("{file}: method=\"dp\" counts without a SAT encoding; leave encoding= out"),
        Error::Refused {
            file,
            refusal: refusal @ Refusal::BookletUndecided,
        } => format!("{file}: {refusal}; raise timeout="),
        other => other.to_string(),
    }
}

fn solve_words(error: &SolveError) -> String {
    match error {
        SolveError::Unsupported(u @ Unsupported::CertifiedSuccessor) => {
            format!("{u}; leave solver= out or use solver=\"cadical\" (in a package built with it)")
        }
        SolveError::Unsupported(u @ Unsupported::CadicalNotBuiltIn) => format!(
            "{u}; build the package with MATURIN_PEP517_ARGS=\"--features cadical\" pip install \
             ./python"
        ),
        SolveError::Encode(e @ EncodeError::Successor(SuccessorError::Trail)) => {
            format!("{e} (leave encoding= out)")
        }
        SolveError::Encode(
            e @ EncodeError::Successor(SuccessorError::TooLarge { fitting, .. }),
        ) => {
            let names: Vec<String> = fitting
                .iter()
                .map(|(rule, _)| format!("\"successor-{rule}\""))
                .chain(["\"successor\"".to_string()])
                .collect();
            format!("{e}: use encoding={}", names.join(" or encoding="))
        }
        SolveError::Encode(e @ EncodeError::TooLarge { .. }) => format!(
            "{e}: for a tour or path without givens in the middle, use encoding=\"successor\"; \
             otherwise try a smaller board or more givens"
        ),
        other => other.to_string(),
    }
}

fn count_words(error: &CountError) -> String {
    match error {
        CountError::Solve(e) => solve_words(e),
        CountError::DpNotApplicable(why) => format!("method=\"dp\": {why}"),
        CountError::TableFiles(why @ pathsat_count::FrontierError::NoRoom { .. }) => {
            format!("{why}: pass spill_dir= a directory on a larger disk, or spill=False")
        }
        CountError::TableFiles(why) => format!("spill_dir: {why}"),
        CountError::Checkpoint(why) => format!("checkpoint: {why}"),
        CountError::NotCertifiable(_) => {
            format!("{error}; leave method= out or use method=\"enumerate\"")
        }
        CountError::TrailsEnumerate => {
            format!("method=\"sat\": {error}; leave method= out or use method=\"enumerate\"")
        }
        CountError::CubesNeedPositions => {
            format!("method=\"sat\": {error}; use method=\"enumerate\" or encoding=\"position\"")
        }
        other => other.to_string(),
    }
}

fn generate_words(error: &GenerateError) -> String {
    match error {
        GenerateError::Solve(e) => solve_words(e),
        GenerateError::TooManyGivens { givens, cells } => {
            format!("givens={givens}: more than the {cells} cells of the board")
        }
        GenerateError::TrailClues => "a trail puzzle's clues are its labels: difficulty=, mark= \
                                      and keep_ends= apply to boards to fill"
            .to_string(),
        GenerateError::NoUniqueTrail { .. } => {
            format!("{error}; try larger labels=, another length, or another seed=")
        }
        GenerateError::Unreached { .. } => {
            format!("{error}; try another seed=, or another difficulty= or givens=")
        }
        other => other.to_string(),
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
        Problem::Needs(other) => format!("{keyword}: needs {}=", other.replace('-', "_")),
        Problem::NeedsValue {
            why,
            option,
            values,
        } => {
            let quoted: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
            format!(
                "{keyword}: {why}, so it needs {}={}",
                option.replace('-', "_"),
                quoted.join(" or ")
            )
        }
        Problem::Solver(u @ Unsupported::CertifiedSuccessor) => {
            format!("{keyword}: {u}; leave solver= out or use solver=\"cadical\"")
        }
        Problem::Solver(Unsupported::CadicalNotBuiltIn) => format!(
            "{keyword}=\"cadical\": this pathsat package is built without it; build it with \
             MATURIN_PEP517_ARGS=\"--features cadical\" pip install ./python"
        ),
        other => format!("{keyword}: {other}"),
    }
}
