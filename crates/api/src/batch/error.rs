//! # Why a batch run could not be made
//!
//! Its own type, apart from the crate's [`crate::Error`] (which holds it), so that the batch's
//! modules and the crate's error name each other in one direction only.

/// Why a batch run could not be made, in one line naming the file or directory.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// The run cannot be made as asked: a missing directory, no puzzle files, an output file
    /// that is another run's journal, or that cannot be written.
    #[error("{0}")]
    Input(String),
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
