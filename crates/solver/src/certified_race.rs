//! A race of certified runs: the successor encoding's lazy cut loop against a complete
//! encoding (`successor-crt`), each writing its own certificate; the first to finish is kept.
//!
//! Neither wins everywhere (`encodings/certificates.md`, *Targets*): on the flower snarks the cut
//! loop needs 2^(k-1) rounds (8,191 for J13, 20 s certified) where CaDiCaL refutes the CRT
//! encoding in one call (1.1 s); on the generalized Petersen graphs the cut loop is faster.
//! Two cores race them as the plain `solve` races its portfolio, the cut loop with a head start
//! of [`HEAD_START`] (what it settles in that time gets the same certificate on every run); the
//! loser is stopped inside its solver call, and its proof is thrown away with its scratch
//! directory.
//!
//! The solver's other race, for a first solution, is [`crate::portfolio`]: the two are the
//! solving strategies that run several solvers at once, and live side by side here.

use crate::certificate::RecordedRun;
use crate::sweep_proof::sweep_refutation;
use crate::{Budget, Cancel, PuzzleSolver, SolveError, SolveOptions, SolveStats, Stopped};
use pathsat_encode::subtours::Subtours;
use pathsat_encode::{Encoding, EncodingChoice};
use pathsat_puzzle::{Filling, Puzzle};
use std::sync::{mpsc, Arc};
use std::time::Duration;
use web_time::Instant;

/// How long the cut loop runs alone before the complete encoding joins it: the many puzzles it
/// settles within that time get the same certificate on every run, whatever the machine's load.
pub const HEAD_START: Duration = Duration::from_millis(200);

/// The largest puzzle a complete encoding joins the race for: the CRT encoding grows with the
/// cycle lengths it rules out, and on large graphs the cut loop is the method.
pub const RACE_MAX_CELLS: usize = 500;

/// What the winner found.
pub struct Finished {
    /// Its verified fillings, up to the limit.
    pub fillings: Vec<Filling>,
    /// Whether it found every filling (the rest is refuted).
    pub exhausted: bool,
    /// What stopped the winner before it was complete: its deadline.
    pub stopped: Option<Stopped>,
    /// Its statistics.
    pub stats: SolveStats,
    /// Why the puzzle has no solution, when the encoder proved it before solving.
    pub contradiction: Option<String>,
    /// Its recorded run, for the certificate.
    pub recorded: Option<RecordedRun>,
}

/// The members of a certified race for `puzzle`, or `None` when it runs alone: a certified
/// CaDiCaL run in the successor encoding chosen by `Auto`, on a closed tour of at most
/// [`RACE_MAX_CELLS`] cells, with two jobs or more.
pub fn members(puzzle: &Puzzle, options: &SolveOptions, jobs: usize) -> Option<[SolveOptions; 2]> {
    let races = options.certifies_with_drat()
        && options.encoding.choice == EncodingChoice::Auto
        && options.encoding_for(puzzle) == Encoding::Successor
        && puzzle.is_closed()
        && puzzle.n_cells() <= RACE_MAX_CELLS
        && jobs >= 2
        // WebAssembly has no threads to race on: the cut loop runs alone there.
        && cfg!(not(target_family = "wasm"))
        && std::env::var_os("PATHSAT_NO_PORTFOLIO").is_none();
    let member = |subtours: Subtours| {
        let mut m = *options;
        m.encoding.choice = EncodingChoice::Successor;
        m.encoding.subtours = subtours;
        m
    };
    races.then(|| [member(Subtours::Lazy), member(Subtours::Crt)])
}

/// The frontier sweep's certificate ([`crate::sweep_proof`]), tried before any
/// solver on the closed tours a certified race is for (one job or more): on a narrow graph
/// without a Hamiltonian cycle it is the whole answer, in milliseconds and the same on every
/// run. `None` when it does not apply or does not refute (a cycle exists, the graph is too
/// wide): the race or the single run then answers.
pub fn sweep(puzzle: &Puzzle, options: &SolveOptions) -> Option<Finished> {
    let applies = options.certifies_with_drat()
        && options.encoding.choice == EncodingChoice::Auto
        && options.encoding_for(puzzle) == Encoding::Successor
        && puzzle.is_closed()
        && puzzle.n_cells() <= RACE_MAX_CELLS
        && std::env::var_os("PATHSAT_NO_SWEEP").is_none();
    if !applies {
        return None;
    }
    let (run, stats) = sweep_refutation(puzzle, options).ok()??;
    Some(Finished {
        fillings: Vec::new(),
        exhausted: true,
        stopped: None,
        stats,
        contradiction: None,
        recorded: Some(run),
    })
}

/// One member's run: its fillings up to `limit`, within `budget`; stopped by a cancel (the
/// race is over, or the caller's), it leaves the race.
fn run(
    puzzle: &Puzzle,
    options: &SolveOptions,
    limit: Option<u64>,
    budget: &Budget,
) -> Result<Finished, SolveError> {
    let mut solver = PuzzleSolver::within(puzzle, options, budget)?;
    let mut fillings = Vec::new();
    let mut run = solver.fillings().within(budget).limit(limit);
    for filling in &mut run {
        fillings.push(filling?);
    }
    let stopped = run.stopped();
    if stopped == Some(Stopped::Cancelled) {
        return Err(SolveError::Interrupted);
    }
    Ok(Finished {
        fillings,
        exhausted: solver.is_exhausted(),
        stopped: stopped.filter(|&s| s == Stopped::Timeout),
        stats: solver.stats(),
        contradiction: solver.contradiction().map(str::to_string),
        recorded: solver.finish_recording(),
    })
}

/// Races `members` within `budget`; the first to finish wins and the others are stopped.
pub fn race(
    puzzle: &Arc<Puzzle>,
    members: [SolveOptions; 2],
    limit: Option<u64>,
    budget: &Budget,
) -> Result<Finished, SolveError> {
    let (send, results) = mpsc::channel();
    let over = Cancel::new();
    let budget = budget.and_cancel(&over);
    for (i, options) in members.into_iter().enumerate() {
        let (puzzle, budget, send) = (Arc::clone(puzzle), budget.clone(), send.clone());
        std::thread::spawn(move || {
            if i > 0 {
                // The cut loop's head start, cut short if the race is over.
                let joins = Instant::now() + HEAD_START;
                while Instant::now() < joins {
                    if budget.is_cancelled() {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
            let _ = send.send(run(&puzzle, &options, limit, &budget));
        });
    }
    drop(send);
    let mut failure = None;
    // A member that cannot run (or was stopped) leaves the race to the other; the budget's
    // cancel stops both, and the race ends when both have left.
    for result in results {
        match result {
            Ok(finished) => {
                over.cancel();
                return Ok(finished);
            }
            Err(e) => {
                failure.get_or_insert(e);
            }
        }
    }
    Err(failure.unwrap_or(SolveError::Interrupted))
}
