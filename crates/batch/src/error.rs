//! # Why a batch run could not be made
//!
//! The batch's own error: the library's ([`pathsat_api::Error`]) knows nothing of batches, and
//! a batch holds one only for count options the library refused.

use pathsat_api::ErrorKind;

/// Why a batch run could not be made, in one line naming the file or directory (or the option).
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// The count options were refused, before any file was counted (a value an option cannot
    /// take, a solver that is not built in): the library's error, as it words it.
    #[error(transparent)]
    Options(Box<pathsat_api::Error>),
    /// The run cannot be made as asked: a missing directory, no puzzle files, an output file
    /// that is another run's journal, or that cannot be written.
    #[error("{0}")]
    Input(String),
    /// A new run would write over the journal of a run that did not finish (its rows would
    /// be lost): the front end says how to resume it.
    #[error(
        "{0}: the journal of a batch run that did not finish; resume it to continue it (or \
         remove it to start over)"
    )]
    Unfinished(String),
    /// A run to resume names a file that is neither a journal nor a finished report (empty, or
    /// something else): the front end says what resuming takes.
    #[error(
        "{path}: {} the journal of a batch run that did not finish nor a finished batch \
         report; nothing to resume",
        if *.empty { "empty, not" } else { "neither" }
    )]
    NothingToResume {
        /// The file named.
        path: String,
        /// Whether it is empty.
        empty: bool,
    },
    /// The run failed for reasons of its own (threads that would not start).
    #[error("{0}")]
    Internal(String),
    /// The run finished, but its report could not replace the journal in the output file,
    /// which still holds the journal; the report is in the error, to put elsewhere.
    #[error(
        "{}: cannot write the report ({}); it is printed on standard output instead, and the \
         file still holds the run's journal",
        .0.path,
        .0.error
    )]
    Unwritten(Box<Unwritten>),
    /// The run was cancelled: the rows of the files it was counting were not journaled.
    #[error("the batch was cancelled")]
    Cancelled,
}

impl BatchError {
    /// Whose fault the error is, as the library's errors say it: the input's for a run that
    /// cannot be made as asked, pathsat's for the rest.
    pub fn kind(&self) -> ErrorKind {
        match self {
            BatchError::Options(error) => error.kind(),
            BatchError::Input(_)
            | BatchError::Unfinished(_)
            | BatchError::NothingToResume { .. } => ErrorKind::Input,
            BatchError::Internal(_) | BatchError::Unwritten(_) | BatchError::Cancelled => {
                ErrorKind::Internal
            }
        }
    }
}

/// A report that could not be written to the output file.
#[derive(Debug)]
pub struct Unwritten {
    /// The output file.
    pub path: String,
    /// Why it could not be written.
    pub error: String,
    /// The report, in the asked format.
    pub rendered: Vec<u8>,
}
