//! # Solutions as they are asked for
//!
//! [`SolutionStream`]: solutions one at a time, found only as the caller asks for them (the
//! Python package's lazy iterator, through the api). Natively a thread keeps a solver waiting
//! between requests; WebAssembly, which has no threads, replays a solver for each request.

#[cfg(not(target_family = "wasm"))]
use crate::{Budget, Cancel};
use crate::{PuzzleSolver, SolveError, SolveOptions};
use pathsat_puzzle::{Filling, Puzzle};
#[cfg(not(target_family = "wasm"))]
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

/// Solutions one at a time, found only as the caller asks for them: the Python package's lazy
/// iterator (`Puzzle.solutions()`), and any front end that shows solutions as they come.
///
/// The solver runs on a thread of its own, which finds the next solution when asked and then
/// waits, so a caller that stops asking leaves it idle, and dropping the stream ends it (an idle
/// thread at once, a thread inside a solver call within milliseconds). Every solution has
/// passed the verifier.
#[cfg(not(target_family = "wasm"))]
pub struct SolutionStream {
    /// Asks the thread for one more solution; dropped to end it.
    ask: Option<mpsc::Sender<()>>,
    answers: mpsc::Receiver<Streamed>,
    /// A solution was asked for and has not come yet.
    waiting: bool,
    /// The thread said it has no more.
    ended: bool,
    found: u64,
    abandoned: Cancel,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What the stream's thread sends back for each request.
#[cfg(not(target_family = "wasm"))]
enum Streamed {
    Solution(Filling),
    /// Every solution was found.
    Exhausted,
    Failed(SolveError),
}

/// The answer of [`SolutionStream::next_within`].
#[derive(Debug)]
pub enum Next {
    /// A solution, checked by the verifier.
    Solution(Filling),
    /// There is no other solution.
    Exhausted,
    /// The solver is still looking: ask again.
    Pending,
}

#[cfg(not(target_family = "wasm"))]
impl SolutionStream {
    /// Starts the solver's thread for `puzzle`. The puzzle is encoded when the first solution
    /// is asked for.
    pub fn start(puzzle: Arc<Puzzle>, options: SolveOptions) -> SolutionStream {
        let (ask, asked) = mpsc::channel::<()>();
        let (send, answers) = mpsc::channel();
        let abandoned = Cancel::new();
        let budget = Budget::default().and_cancel(&abandoned);
        let thread = std::thread::spawn(move || {
            if asked.recv().is_err() {
                return;
            }
            let mut solver = match PuzzleSolver::within(&puzzle, &options, &budget) {
                Ok(solver) => solver,
                Err(e) => {
                    let _ = send.send(Streamed::Failed(e));
                    return;
                }
            };
            let mut fillings = solver.fillings().within(&budget);
            loop {
                let answer = match fillings.next() {
                    Some(Ok(filling)) => Streamed::Solution(filling),
                    Some(Err(e)) => Streamed::Failed(e),
                    None if fillings.stopped().is_some() => return,
                    None => Streamed::Exhausted,
                };
                let last = !matches!(answer, Streamed::Solution(_));
                if send.send(answer).is_err() || last || asked.recv().is_err() {
                    return;
                }
            }
        });
        SolutionStream {
            ask: Some(ask),
            answers,
            waiting: false,
            ended: false,
            found: 0,
            abandoned,
            thread: Some(thread),
        }
    }

    /// The next solution, waiting for it up to `wait`; [`Next::Pending`] if the solver is
    /// still looking then (it goes on, and a later call picks the solution up).
    ///
    /// # Errors
    /// A [`SolveError`] when the puzzle cannot be encoded, or the solver fails or finds a model
    /// the verifier rejects (a bug); the stream has ended then.
    pub fn next_within(&mut self, wait: Duration) -> Result<Next, SolveError> {
        if self.ended {
            return Ok(Next::Exhausted);
        }
        if !self.waiting {
            match &self.ask {
                Some(ask) if ask.send(()).is_ok() => self.waiting = true,
                _ => return Ok(self.end(Next::Exhausted)),
            }
        }
        let answer = match self.answers.recv_timeout(wait) {
            Ok(answer) => answer,
            Err(mpsc::RecvTimeoutError::Timeout) => return Ok(Next::Pending),
            Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(self.end(Next::Exhausted)),
        };
        self.waiting = false;
        match answer {
            Streamed::Solution(filling) => {
                self.found += 1;
                Ok(Next::Solution(filling))
            }
            Streamed::Exhausted => Ok(self.end(Next::Exhausted)),
            Streamed::Failed(e) => {
                self.end(Next::Exhausted);
                Err(e)
            }
        }
    }

    /// Solutions returned so far.
    pub fn found(&self) -> u64 {
        self.found
    }

    /// Whether every solution was returned (or the stream failed).
    pub fn is_exhausted(&self) -> bool {
        self.ended
    }

    fn end(&mut self, next: Next) -> Next {
        self.ended = true;
        self.ask = None;
        next
    }
}

#[cfg(not(target_family = "wasm"))]
impl Drop for SolutionStream {
    /// Ends the thread: an idle one wakes to a closed channel and is joined at once; one inside
    /// a solver call stops at the end of that call, on its own.
    fn drop(&mut self) {
        self.abandoned.cancel();
        self.ask = None;
        if let Some(thread) = self.thread.take() {
            if !self.waiting || thread.is_finished() {
                let _ = thread.join();
            }
        }
    }
}

/// The stream in WebAssembly, which has no threads to keep a solver waiting on: each solution
/// is found when it is asked for, by a new solver run past the solutions returned already (a
/// run is deterministic, so the order is the same every time). Quadratic in the solutions
/// asked for: meant for the few that a page shows. Every solution has passed the verifier.
#[cfg(target_family = "wasm")]
pub struct SolutionStream {
    puzzle: Arc<Puzzle>,
    options: SolveOptions,
    found: u64,
    ended: bool,
}

#[cfg(target_family = "wasm")]
impl SolutionStream {
    /// The stream of `puzzle`'s solutions. The puzzle is encoded when a solution is asked for.
    pub fn start(puzzle: Arc<Puzzle>, options: SolveOptions) -> SolutionStream {
        SolutionStream {
            puzzle,
            options,
            found: 0,
            ended: false,
        }
    }

    /// The next solution, found before the call returns (`wait` needs a thread to wait on).
    ///
    /// # Errors
    /// A [`SolveError`] when the puzzle cannot be encoded, or the solver fails or finds a model
    /// the verifier rejects (a bug); the stream has ended then.
    pub fn next_within(&mut self, wait: Duration) -> Result<Next, SolveError> {
        let _ = wait;
        if self.ended {
            return Ok(Next::Exhausted);
        }
        let past = usize::try_from(self.found).unwrap_or(usize::MAX);
        let next = PuzzleSolver::new(&self.puzzle, &self.options)
            .and_then(|mut solver| solver.fillings().nth(past).transpose());
        match next {
            Ok(Some(filling)) => {
                self.found += 1;
                Ok(Next::Solution(filling))
            }
            Ok(None) => {
                self.ended = true;
                Ok(Next::Exhausted)
            }
            Err(e) => {
                self.ended = true;
                Err(e)
            }
        }
    }

    /// Solutions returned so far.
    pub fn found(&self) -> u64 {
        self.found
    }

    /// Whether every solution was returned (or the stream failed).
    pub fn is_exhausted(&self) -> bool {
        self.ended
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{brute, parse_str, Format};

    fn puzzle(text: &str) -> Arc<Puzzle> {
        Arc::new(parse_str(text, Format::Toml).unwrap())
    }

    #[test]
    fn a_stream_gives_every_solution_once_then_ends() {
        let p = puzzle("moves = \"king\"\ngrid = \"\"\"\n1 . .\n. . .\n\"\"\"\n");
        let expected = brute::count(&p, None).count;
        let mut stream = SolutionStream::start(Arc::clone(&p), SolveOptions::default());
        let mut seen = Vec::new();
        loop {
            match stream.next_within(Duration::from_secs(60)).unwrap() {
                Next::Solution(filling) => {
                    assert!(pathsat_puzzle::verify(&p, &filling).is_ok());
                    assert!(!seen.contains(&filling));
                    seen.push(filling);
                }
                Next::Exhausted => break,
                Next::Pending => panic!("a 2x3 board takes no minute"),
            }
        }
        assert_eq!(expected.to_string(), seen.len().to_string());
        assert_eq!(stream.found(), seen.len() as u64);
        assert!(stream.is_exhausted());
        assert!(matches!(
            stream.next_within(Duration::ZERO).unwrap(),
            Next::Exhausted
        ));
        // Stopped early, the stream ends its thread when dropped.
        let crowded = puzzle(include_str!(
            "../../../fixtures/large/king-8x8-crowded.toml"
        ));
        let mut early = SolutionStream::start(crowded, SolveOptions::default());
        assert!(matches!(
            early.next_within(Duration::from_secs(60)).unwrap(),
            Next::Solution(_)
        ));
        drop(early);
    }
}
