//! # A portfolio: solvers racing for the first solution
//!
//! A first solution of a large Hamiltonian-cycle puzzle may come in a second from one
//! configuration of the successor loop and not in a minute from another: the solvers'
//! heuristics, the exactly-one encoding and the loop's own heuristics (rotation–extension, the
//! frontier program's check of narrow graphs) each win somewhere. [`first_solution`] runs
//! several [`Member`]s on threads of their own, on the same puzzle; the first to answer (a
//! verified solution, or a proof that there is none) wins, and the others are stopped at once,
//! inside their solver calls, through the interrupt they share. Each member is deterministic,
//! so a run's answer depends only on which member wins; its statistics are the winner's.
//!
//! `encodings/successor.md` has the measurements behind [`Member::portfolio`].

use crate::edge_loop::EdgeLoop;
use crate::{Interrupt, PuzzleSolver, SolveError, SolveOptions, SolveStats, Tuning};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_puzzle::{Filling, Puzzle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The fewest cells (vertices) for which a first solution is raced: below, one configuration
/// answers within milliseconds (FHCP's smallest graphs have 66 vertices), and a run stays
/// reproducible to the solution (which member wins a race, and so which solution comes back,
/// can vary from run to run).
pub const RACE_MIN_CELLS: usize = 100;

/// How long a race waits for the frontier program's check of a narrow graph (the classic
/// non-Hamiltonian graphs, GP(95,2) and the flower snarks, take it milliseconds; without a race
/// it has [`crate::narrow::DECIDE_TIME`]).
pub const NARROW_TIME: std::time::Duration = std::time::Duration::from_millis(250);

/// One configuration in a race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Member {
    /// The encoding and the solver.
    pub options: SolveOptions,
    /// The heuristics it runs beside its SAT calls (the frontier check, rotation–extension).
    pub tuning: Tuning,
    /// Search by edge variables ([`crate::edge_loop`]) rather than the successor loop, where
    /// the puzzle allows (a closed tour of two-way moves without givens).
    pub edges: bool,
}

impl Member {
    /// The members raced for a first solution of `puzzle` on `jobs` threads, best first (as
    /// measured on the FHCP training graphs): the options asked for, with the successor loop
    /// alone (no heuristic delays its first call); then the edge loop ([`crate::edge_loop`])
    /// where the puzzle is a closed tour of two-way moves without givens; then the successor
    /// loop with the other exactly-one encoding (sequential counter or pairwise-hybrid) and
    /// rotation–extension on. At most `jobs` of them, and at least one; the narrow-graph
    /// check runs once, before the race.
    pub fn portfolio(puzzle: &Puzzle, options: &SolveOptions, jobs: usize) -> Vec<Member> {
        let plain = Member {
            options: *options,
            tuning: Tuning {
                narrow_check: false,
                rotation: false,
            },
            edges: false,
        };
        let mut members = vec![plain];
        if EdgeLoop::applies(puzzle) && std::env::var_os("PATHSAT_RACE_NO_EDGES").is_none() {
            members.push(Member {
                edges: true,
                ..plain
            });
        }
        let mut other = *options;
        other.encoding.successor_exactly_one = match options.encoding.successor_exactly_one {
            ExactlyOneEncoding::Sequential => ExactlyOneEncoding::Hybrid,
            _ => ExactlyOneEncoding::Sequential,
        };
        members.push(Member {
            options: other,
            tuning: Tuning {
                narrow_check: false,
                rotation: true,
            },
            edges: false,
        });
        members.truncate(jobs.max(1));
        members
    }

    /// A short name for reports.
    pub fn name(&self) -> &'static str {
        if self.edges {
            "edge-loop"
        } else if self.tuning.rotation {
            "heuristics"
        } else {
            "sat-loop"
        }
    }
}

/// The winner's answer.
#[derive(Debug)]
pub struct Raced {
    /// The winning member's index in the list.
    pub winner: usize,
    /// Its solution; `None` when it proved there is none (`exhausted`) or nobody finished.
    pub filling: Option<Filling>,
    /// Whether the winner proved that there is no (other) solution.
    pub exhausted: bool,
    /// The winner's sizes and times.
    pub stats: SolveStats,
    /// Why the puzzle has no solution, when an encoder proved it before solving.
    pub contradiction: Option<String>,
    /// Whether the race ended without an answer (the interrupt was raised first).
    pub interrupted: bool,
}

/// Races `members` on `puzzle` for a first solution, each on a thread of its own, until the
/// first answers or `interrupt` is raised (then every member stops, and the result is the
/// first member's, `interrupted`).
///
/// # Errors
/// The first error of a member (an encoding the puzzle does not fit, a solution that fails the
/// verifier), when no member answered before it.
pub fn first_solution(
    puzzle: &Puzzle,
    members: &[Member],
    interrupt: &Interrupt,
) -> Result<Raced, SolveError> {
    assert!(!members.is_empty(), "a race needs a member");
    // A narrow graph without a cycle is the frontier program's, as without a race, and
    // answered before any thread starts (the members themselves skip that check), within
    // [`NARROW_TIME`]: the classic non-Hamiltonian graphs take it milliseconds.
    let certify = members.iter().any(|m| m.options.certify);
    if !certify
        && std::env::var_os("PATHSAT_NO_NARROW").is_none()
        && crate::narrow::refutation_within(puzzle, NARROW_TIME).is_some()
    {
        let mut member = members[0];
        member.tuning.narrow_check = true;
        return run_member(puzzle, &member, interrupt.clone(), 0, 1);
    }
    let over = Arc::new(AtomicBool::new(false));
    // WebAssembly has no threads: the members run in turn there, and the first to answer wins.
    #[cfg(target_family = "wasm")]
    return settle(
        members.iter().enumerate().map(|(index, member)| {
            run_member(puzzle, member, interrupt.clone(), index, members.len())
        }),
        &over,
    );
    #[cfg(not(target_family = "wasm"))]
    {
        let (send, answers) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            for (index, member) in members.iter().enumerate() {
                let send = send.clone();
                let mut interrupt = interrupt.clone();
                interrupt.flags.push(Arc::clone(&over));
                scope.spawn(move || {
                    let outcome = run_member(puzzle, member, interrupt, index, members.len());
                    let _ = send.send(outcome);
                });
            }
            drop(send);
            settle(answers.into_iter(), &over)
        })
    }
}

/// The race's result from its members' outcomes, as they come: the first answer wins (and
/// raises `over`, which stops the others); when nobody answers, the first member's unfinished
/// run, or else the first error.
fn settle(
    outcomes: impl Iterator<Item = Result<Raced, SolveError>>,
    over: &AtomicBool,
) -> Result<Raced, SolveError> {
    let mut first_error = None;
    let mut unfinished = None;
    for outcome in outcomes {
        match outcome {
            Ok(raced) if !raced.interrupted => {
                over.store(true, Ordering::Relaxed);
                return Ok(raced);
            }
            Ok(raced) => {
                if unfinished
                    .as_ref()
                    .is_none_or(|u: &Raced| raced.winner < u.winner)
                {
                    unfinished = Some(raced);
                }
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    // Every member stopped without an answer: the interrupt, or errors.
    match (unfinished, first_error) {
        (Some(mut raced), _) => {
            // Nobody won: the statistics are the first member's, but it did not answer.
            if let Some(loop_stats) = raced.stats.subtours.as_mut() {
                loop_stats.winner = None;
            }
            Ok(raced)
        }
        (None, Some(e)) => Err(e),
        (None, None) => unreachable!("every member sends an outcome"),
    }
}

/// Runs `member`, the `index`th of `racers`.
fn run_member(
    puzzle: &Puzzle,
    member: &Member,
    interrupt: Interrupt,
    index: usize,
    racers: usize,
) -> Result<Raced, SolveError> {
    if member.edges && EdgeLoop::applies(puzzle) {
        return run_edge_loop(puzzle, member, interrupt, index, racers);
    }
    let mut solver = PuzzleSolver::tuned(puzzle, &member.options, member.tuning)?;
    // The flags (the caller's, the race's end) stop the solver's calls; between them the
    // enumeration looks at the deadline.
    solver.interrupt_on(interrupt.clone());
    let mut fillings = solver.fillings().limit(Some(1)).until(interrupt.deadline);
    let filling = fillings.next().transpose();
    let stopped = fillings.stopped();
    drop(fillings);
    let filling = match filling {
        Ok(f) => f,
        Err(SolveError::Interrupted) => None,
        Err(e) => return Err(e),
    };
    let exhausted = solver.is_exhausted();
    let mut stats = solver.stats();
    credit(&mut stats, member, racers);
    Ok(Raced {
        winner: index,
        interrupted: filling.is_none()
            && !exhausted
            && (stopped.is_some() || interrupt.is_raised()),
        filling,
        exhausted,
        stats,
        contradiction: solver.contradiction().map(str::to_string),
    })
}

/// Names `member` in its statistics as the answer of a race of `racers` (none when it ran
/// alone).
fn credit(stats: &mut SolveStats, member: &Member, racers: usize) {
    if let Some(loop_stats) = stats.subtours.as_mut() {
        loop_stats.winner = (racers >= 2).then(|| member.name());
        loop_stats.racers = racers;
    }
}

fn run_edge_loop(
    puzzle: &Puzzle,
    member: &Member,
    interrupt: Interrupt,
    index: usize,
    racers: usize,
) -> Result<Raced, SolveError> {
    let mut search = EdgeLoop::new(puzzle, member.options.solver, member.options.seed)?;
    search.interrupt_when(interrupt.clone());
    let filling = match search.first_tour() {
        Ok(f) => f,
        Err(SolveError::Interrupted) => None,
        Err(e) => return Err(e),
    };
    let exhausted = search.is_exhausted();
    let mut stats = search.solve_stats();
    stats.solutions = u64::from(filling.is_some());
    credit(&mut stats, member, racers);
    Ok(Raced {
        winner: index,
        interrupted: filling.is_none() && !exhausted,
        filling,
        exhausted,
        stats,
        contradiction: search.contradiction().map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{verify, Moves};
    use std::time::Duration;
    use web_time::Instant;

    fn options() -> SolveOptions {
        let mut options = SolveOptions::default();
        options.encoding.choice = pathsat_encode::EncodingChoice::Successor;
        options
    }

    #[test]
    fn the_winner_answers_with_a_verified_tour() {
        let p = Puzzle::blank(6, 6, Moves::Knight, true).unwrap();
        let raced = first_solution(
            &p,
            &Member::portfolio(&p, &options(), 2),
            &Interrupt::default(),
        )
        .unwrap();
        assert!(!raced.interrupted);
        assert_eq!(verify(&p, &raced.filling.unwrap()), Ok(()));
        let winner = raced.stats.subtours.unwrap().winner.unwrap();
        assert_eq!(
            winner,
            Member::portfolio(&p, &options(), 2)[raced.winner].name()
        );
    }

    #[test]
    fn the_portfolio_has_one_member_a_job() {
        let names = |p: &Puzzle, jobs| -> Vec<&str> {
            Member::portfolio(p, &options(), jobs)
                .iter()
                .map(Member::name)
                .collect()
        };
        let tour = Puzzle::blank(6, 6, Moves::Knight, true).unwrap();
        assert_eq!(names(&tour, 1), ["sat-loop"]);
        assert_eq!(names(&tour, 0), ["sat-loop"]);
        assert_eq!(names(&tour, 2), ["sat-loop", "edge-loop"]);
        assert_eq!(names(&tour, 8), ["sat-loop", "edge-loop", "heuristics"]);
        // An open path is not the edge loop's.
        let path = Puzzle::blank(6, 6, Moves::Knight, false).unwrap();
        assert_eq!(names(&path, 8), ["sat-loop", "heuristics"]);
    }

    #[test]
    fn a_graph_without_a_cycle_is_answered_by_a_proof() {
        // The Petersen graph has no Hamiltonian cycle.
        let p = crate::tests::petersen();
        let raced = first_solution(
            &p,
            &Member::portfolio(&p, &options(), 2),
            &Interrupt::default(),
        )
        .unwrap();
        assert!(raced.exhausted && raced.filling.is_none() && !raced.interrupted);
    }

    #[test]
    fn a_deadline_stops_every_member() {
        // A 60x60 knight's tour is rarely found in 50 ms: the race ends at the deadline, without
        // a proof, however far each member got.
        let p = Puzzle::blank(60, 60, Moves::Knight, true).unwrap();
        let interrupt = Interrupt {
            deadline: Some(Instant::now() + Duration::from_millis(50)),
            flags: Vec::new(),
        };
        let raced = first_solution(&p, &Member::portfolio(&p, &options(), 2), &interrupt).unwrap();
        assert!(!raced.exhausted);
        assert!(raced.interrupted || raced.filling.is_some());
        // Nobody won an interrupted race.
        let loop_stats = raced.stats.subtours.unwrap();
        assert_eq!(loop_stats.winner.is_some(), !raced.interrupted);
        assert_eq!(loop_stats.racers, 2);
    }
}
