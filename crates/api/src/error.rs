//! Why a command could not give an answer, typed, so that every front end maps it the same way
//! (the CLI to an exit status, the web server to an HTTP status, Python to an exception). An
//! unsolvable puzzle is an answer, never an error.
//!
//! Every error displays as one line that names the file it concerns, and names no command-line
//! flag: it says what cannot be done and carries the data (the option, the value, the method);
//! each front end adds what to do about it in its own words (the CLI and the web API with
//! their flags, in the `pathsat-words` crate; Python with its keyword arguments).

use pathsat_count::{CountError, SampleError};
use pathsat_dimacs::OutputError;
use pathsat_generate::GenerateError;
use pathsat_puzzle::PuzzleError;
use pathsat_reason::ReasonError;
use pathsat_solver::{ModelProblem, SolveError};

use crate::option_error::OptionError;

/// How a front end words an [`Error`] where the library writes it into a report for it (a
/// batch's rows, the lab's refusals): the CLI passes `pathsat_words::error`, which names its
/// flags; [`plain`] is the library's own words, which name none.
pub type Words = fn(&Error) -> String;

/// The library's own words for an error: its [`Display`](std::fmt::Display), naming no flag.
pub fn plain(error: &Error) -> String {
    error.to_string()
}

/// What kind of failure an [`Error`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The user's input or request is wrong (the CLI's exit status 2).
    Input,
    /// A filling or a model was checked and found wrong (exit status 1).
    Rejected,
    /// pathsat failed, or a run it made did not verify (exit status 3): a bug to report.
    Internal,
}

/// A request the library refuses before running it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// The frontier program's method with an explicit encoding: the program encodes nothing.
    #[error("the frontier program counts without a SAT encoding, so it takes no encoding")]
    DpTakesNoEncoding,
    /// A solver's output without a model to decode.
    #[error("the solver did not decide (s UNKNOWN): there is no filling to decode")]
    UndecidedModel,
    /// `forced` on a trail puzzle, whose solutions cover different cells.
    #[error("forced cells are for puzzles that fill every cell; a trail covers only some")]
    ForcedTrail,
    /// `hint` on a trail puzzle: its deduction rules place numbers on every cell.
    #[error("hints are for puzzles that fill every cell; a trail covers only some")]
    HintTrail,
    /// `explain` on a trail puzzle: its cells hold steps, not every value.
    #[error("explain is for puzzles that fill every cell; a trail covers only some")]
    ExplainTrail,
    /// `explain` on a board too large for the position encoding, whose clauses it explains.
    #[error("explain works on the position encoding, and this board is too large for it")]
    ExplainPosition,
    /// `booklet` on a graph or a trail puzzle: it prints boards that fill every cell.
    #[error("a booklet prints board puzzles that fill every cell, not graphs or trails")]
    BookletBoard,
    /// `booklet` on a puzzle without solution.
    #[error("has no solution; a booklet prints puzzles with one")]
    BookletNoSolution,
    /// `booklet` on a puzzle with several solutions.
    #[error("has more than one solution; a booklet prints puzzles whose solution is unique")]
    BookletNotUnique,
    /// `booklet` could not prove a puzzle's solution unique within the time limit.
    #[error("uniqueness not decided within the time limit")]
    BookletUndecided,
}

/// Why a command gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A puzzle, solution or model file that cannot be read or parsed (its message names the
    /// file, and the line and column where they exist).
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// Solving `file` failed.
    #[error("{file}: {error}")]
    Solve {
        /// The puzzle file.
        file: String,
        /// What failed.
        error: SolveError,
    },
    /// Counting `file` failed.
    #[error("{file}: {error}")]
    Count {
        /// The puzzle file.
        file: String,
        /// What failed.
        error: CountError,
    },
    /// Sampling `file` failed, or was refused.
    #[error("{file}: {error}")]
    Sample {
        /// The puzzle file.
        file: String,
        /// What failed.
        error: SampleError,
    },
    /// A solver's output (in `file`) that does not parse, with the line and column.
    #[error("{}", located(.file, .error))]
    SolverOutput {
        /// The solver's output file.
        file: String,
        /// What does not parse, and where.
        error: OutputError,
    },
    /// The request cannot be run on `file`.
    #[error("{file}: {refusal}")]
    Refused {
        /// The puzzle file.
        file: String,
        /// Why the request was refused.
        refusal: Refusal,
    },
    /// A solver's model (in `file`) does not solve the puzzle.
    #[error("{file}: {problem}")]
    Model {
        /// The model's file.
        file: String,
        /// Why it is not a solution.
        problem: ModelProblem,
    },
    /// A value an option cannot take (its message names the option as JSON does; front ends
    /// word it their way from [`OptionError::option`] and [`OptionError::problem`]).
    #[error(transparent)]
    Option(#[from] OptionError),
    /// A request that does not describe a puzzle (`what` names it: a board's size, a
    /// dictionary), with why.
    #[error("{what}: {problem}")]
    Invalid {
        /// What the request called it.
        what: String,
        /// What is wrong.
        problem: String,
    },
    /// A file of pathsat's own (a temporary CNF) that could not be written: the machine's
    /// fault, not the input's.
    #[error("{what}: {message}")]
    Io {
        /// The file, as the message names it.
        what: String,
        /// What failed.
        message: String,
    },
    /// An outside solver's proof (in `file`) that the DRAT checker rejected: its
    /// "unsatisfiable" is not proved (exit status 1, as for a model that does not verify).
    #[error("{file}: proof rejected: {reason}")]
    Proof {
        /// The proof's file.
        file: String,
        /// Why, in one line.
        reason: String,
    },
    /// A certificate (in `dir`) that was not written whole or that its check rejected.
    #[error("{dir}: certificate rejected: {reason}")]
    Certificate {
        /// The certificate's directory.
        dir: String,
        /// Why, in one line.
        reason: String,
    },
    /// No puzzle could be generated from the template in `file`.
    #[error("{file}: {error}")]
    Generate {
        /// The template file.
        file: String,
        /// Why no puzzle was made.
        error: Box<GenerateError>,
    },
}

impl Error {
    /// Whose fault the error is: the input's, a rejected answer, or pathsat's.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Refused {
                refusal: Refusal::UndecidedModel,
                ..
            } => ErrorKind::Rejected,
            Error::Puzzle(_)
            | Error::SolverOutput { .. }
            | Error::Refused { .. }
            | Error::Option(_)
            | Error::Invalid { .. } => ErrorKind::Input,
            Error::Solve { error, .. } => solve_kind(error),
            Error::Count { error, .. } => match error {
                CountError::Solve(e) => solve_kind(e),
                _ => ErrorKind::Input,
            },
            Error::Sample { error, .. } => match error {
                SampleError::Solve(e) => solve_kind(e),
                SampleError::TableFiles(_) => ErrorKind::Internal,
                _ => ErrorKind::Input,
            },
            // A model of another CNF is the wrong input, not a wrong answer.
            Error::Model {
                problem: ModelProblem::OtherFormula { .. },
                ..
            } => ErrorKind::Input,
            Error::Model { .. } | Error::Proof { .. } => ErrorKind::Rejected,
            Error::Io { .. } | Error::Certificate { .. } => ErrorKind::Internal,
            Error::Generate { error, .. } if generate_is_internal(error) => ErrorKind::Internal,
            Error::Generate { .. } => ErrorKind::Input,
        }
    }

    pub(crate) fn solve(file: &str, error: SolveError) -> Error {
        Error::Solve {
            file: file.to_string(),
            error,
        }
    }

    pub(crate) fn count(file: &str, error: CountError) -> Error {
        Error::Count {
            file: file.to_string(),
            error,
        }
    }

    pub(crate) fn sample(file: &str, error: SampleError) -> Error {
        Error::Sample {
            file: file.to_string(),
            error,
        }
    }

    pub(crate) fn refused(file: &str, refusal: Refusal) -> Error {
        Error::Refused {
            file: file.to_string(),
            refusal,
        }
    }
}

/// A puzzle the encoding cannot take is the user's input; anything else is ours.
pub(crate) fn solve_kind(error: &SolveError) -> ErrorKind {
    match error {
        SolveError::Encode(_) | SolveError::Unsupported(_) => ErrorKind::Input,
        _ => ErrorKind::Internal,
    }
}

/// A generation error's kind: the generator's own bugs are internal, the rest is the request.
fn generate_is_internal(error: &GenerateError) -> bool {
    match error {
        GenerateError::Internal(_) | GenerateError::Labelling(_) => true,
        GenerateError::Solve(e) => solve_kind(e) == ErrorKind::Internal,
        _ => false,
    }
}

/// `file:line:column: message`, or `file: message` without a position.
fn located(file: &str, error: &OutputError) -> String {
    match error.position {
        Some(p) => format!("{file}:{p}: {}", error.message),
        None => format!("{file}: {}", error.message),
    }
}

impl Error {
    /// A question about `file`'s cells (`forced`, `hint`, `explain`) that could not be
    /// answered: `trail` is the command's refusal of a trail puzzle.
    pub(crate) fn reasoning(file: &str, error: ReasonError, trail: Refusal) -> Error {
        match error {
            ReasonError::Trail => Error::refused(file, trail),
            ReasonError::TooLargeForPosition => Error::refused(file, Refusal::ExplainPosition),
            ReasonError::Solve(e) => Error::solve(file, e),
            e @ (ReasonError::NoCell(_) | ReasonError::FillingSize { .. }) => Error::Invalid {
                what: file.to_string(),
                problem: e.to_string(),
            },
        }
    }
}
