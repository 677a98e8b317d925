//! [`SolutionStream`]: solutions one at a time, found only as the caller asks for them (the
//! Python package's lazy iterator): the solver's stream ([`pathsat_solver::stream`]), its
//! errors naming the puzzle's file.

use crate::Error;
use pathsat_puzzle::Puzzle;
pub use pathsat_solver::stream::Next;
use pathsat_solver::SolveOptions;
use std::sync::Arc;
use std::time::Duration;

/// Solutions one at a time, found only as the caller asks for them: the Python package's lazy
/// iterator (`Puzzle.solutions()`), and any front end that shows solutions as they come. Every
/// solution has passed the verifier; dropping the stream ends its solver
/// ([`pathsat_solver::stream::SolutionStream`]).
pub struct SolutionStream {
    file: String,
    stream: pathsat_solver::stream::SolutionStream,
}

impl SolutionStream {
    /// Starts the solver for `puzzle` (read from `file`, which errors name). The puzzle is
    /// encoded when the first solution is asked for.
    pub fn start(puzzle: Arc<Puzzle>, file: &str, options: SolveOptions) -> SolutionStream {
        SolutionStream {
            file: file.to_string(),
            stream: pathsat_solver::stream::SolutionStream::start(puzzle, options),
        }
    }

    /// The next solution, waiting for it up to `wait`; [`Next::Pending`] if the solver is
    /// still looking then (it goes on, and a later call picks the solution up).
    ///
    /// # Errors
    /// [`Error::Solve`] when the puzzle cannot be encoded, or the solver fails or finds a model
    /// the verifier rejects (a bug); the stream has ended then.
    pub fn next_within(&mut self, wait: Duration) -> Result<Next, Error> {
        self.stream
            .next_within(wait)
            .map_err(|e| Error::solve(&self.file, e))
    }

    /// Solutions returned so far.
    pub fn found(&self) -> u64 {
        self.stream.found()
    }

    /// Whether every solution was returned (or the stream failed).
    pub fn is_exhausted(&self) -> bool {
        self.stream.is_exhausted()
    }
}
