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
//! Before racing, a graph with a cut of two edges is split into pieces that are raced one
//! after the other ([`crate::two_cuts`]); its statistics then add up the pieces'. A graph (or
//! piece) of clusters joined by a few edges is first searched cluster by cluster, each
//! cluster's passes raced as a graph of their own ([`crate::clusters`]), for a share of the
//! time.
//!
//! `encodings/successor.md` has the measurements behind [`Member::portfolio`].

use crate::clusters::Clusters;
use crate::edge_loop::EdgeLoop;
use crate::two_cuts::{self, Split};
use crate::{Budget, Cancel, PuzzleSolver, SolveError, SolveOptions, SolveStats, Tuning};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_puzzle::{verify, Filling, Puzzle};

/// The fewest cells (vertices) for which a first solution is raced: below, one configuration
/// answers within milliseconds (FHCP's smallest graphs have 66 vertices), and a run stays
/// reproducible to the solution (which member wins a race, and so which solution comes back,
/// can vary from run to run).
pub const RACE_MIN_CELLS: usize = 100;

/// How long a race waits for the frontier program's check of a narrow graph (the classic
/// non-Hamiltonian graphs, GP(95,2) and the flower snarks, take it milliseconds; without a race
/// it has [`crate::narrow::DECIDE_TIME`]).
pub const NARROW_TIME: std::time::Duration = std::time::Duration::from_millis(250);

/// The share of the time left that a graph of clusters is searched through its skeleton
/// before the race has it whole ([`crate::clusters`]).
pub const CLUSTER_SHARE: f64 = 0.5;

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

impl Raced {
    /// A race won by `winner` with a tour made of other runs' answers (pieces, clusters),
    /// verified by the caller; `stats` are theirs, and count the one solution.
    fn found(winner: usize, filling: Filling, mut stats: SolveStats) -> Raced {
        stats.solutions = 1;
        Raced {
            winner,
            filling: Some(filling),
            exhausted: false,
            interrupted: false,
            contradiction: None,
            stats,
        }
    }
}

/// Races `members` on `puzzle` for a first solution, each on a thread of its own, until the
/// first answers or `interrupt` is raised (then every member stops, and the result is the
/// first member's, `interrupted`). A graph with a 2-edge cut (a closed tour of two-way moves
/// without givens, not certified) is solved in pieces, each raced in turn
/// ([`crate::two_cuts`]); a graph of clusters is first searched through them
/// ([`crate::clusters`]).
///
/// # Errors
/// The first error of a member (an encoding the puzzle does not fit, a solution that fails the
/// verifier), when no member answered before it.
pub fn first_solution(
    puzzle: &Puzzle,
    members: &[Member],
    interrupt: &Budget,
) -> Result<Raced, SolveError> {
    assert!(!members.is_empty(), "a race needs a member");
    // A complete rule too large for the puzzle is refused before the race, as it is without
    // one: the edge loop must not answer in the name of an encoding that cannot be built.
    let asked = &members[0].options;
    if asked.encoding_for(puzzle) == pathsat_encode::Encoding::Successor
        && asked.encoding.subtours.is_complete()
    {
        pathsat_encode::successor::check_rule_size(
            puzzle,
            asked.encoding.successor_exactly_one,
            asked.encoding.subtours,
        )
        .map_err(|e| SolveError::Encode(e.into()))?;
    }
    // A narrow graph without a cycle is the frontier program's, as without a race, and
    // answered before any thread starts (the members themselves skip that check), within
    // [`NARROW_TIME`]: the classic non-Hamiltonian graphs take it milliseconds.
    let certify = members.iter().any(|m| m.options.certify);
    if !certify
        && std::env::var_os("PATHSAT_NO_NARROW").is_none()
        && crate::narrow::refutation_within(puzzle, NARROW_TIME, interrupt).is_some()
    {
        let mut member = members[0];
        member.tuning.narrow_check = true;
        return run_member(puzzle, &member, interrupt.clone(), 0, 1);
    }
    split_or_race(puzzle, members, interrupt, !certify)
}

/// The first solution of a graph with a 2-edge cut from its pieces ([`solve_pieces`]), where
/// `split` allows it (not when certifying: a proof covers one formula); else the race.
fn split_or_race(
    puzzle: &Puzzle,
    members: &[Member],
    interrupt: &Budget,
    split: bool,
) -> Result<Raced, SolveError> {
    if split && EdgeLoop::applies(puzzle) {
        if std::env::var_os("PATHSAT_NO_SPLIT").is_none() {
            if let Some(split) = two_cuts::split(puzzle) {
                return solve_pieces(puzzle, &split, members, interrupt);
            }
        }
        if std::env::var_os("PATHSAT_NO_CLUSTERS").is_none() {
            if let Some(clusters) = Clusters::find(puzzle) {
                if let Some(raced) = pass_clusters(puzzle, &clusters, members, interrupt)? {
                    return Ok(raced);
                }
            }
        }
    }
    race(puzzle, members, interrupt)
}

/// The first tour of a graph of clusters found through its skeleton ([`crate::clusters`]),
/// within [`CLUSTER_SHARE`] of the time left (a minute without a deadline); `None` when the
/// search gave up, and the race is to have the graph whole.
fn pass_clusters(
    puzzle: &Puzzle,
    clusters: &Clusters,
    members: &[Member],
    interrupt: &Budget,
) -> Result<Option<Raced>, SolveError> {
    let share = interrupt
        .time_left()
        .map_or(std::time::Duration::from_secs(60), |left| {
            left.mul_f64(CLUSTER_SHARE)
        });
    let budget = interrupt.and_within(share);
    let mut stats: Option<SolveStats> = None;
    let mut winner = 0;
    let mut solve = |piece: &Puzzle, budget: &Budget| {
        let racing = if piece.n_cells() < RACE_MIN_CELLS {
            &members[..1]
        } else {
            members
        };
        let raced = split_or_race(piece, racing, budget, true)?;
        match &mut stats {
            Some(stats) => stats.add_piece(&raced.stats),
            None => {
                winner = raced.winner;
                stats = Some(raced.stats.clone());
            }
        }
        Ok(raced.filling)
    };
    let start = std::time::Instant::now();
    let found = clusters.search(puzzle, &budget, &mut solve)?;
    if std::env::var_os("PATHSAT_TRACE_CLUSTERS").is_some() {
        eprintln!(
            "{}: {} clusters, {} walks, {} searches, {} after {:.2} s",
            puzzle.name(),
            clusters.len(),
            found.walks,
            found.searches,
            if found.filling.is_some() {
                "a tour"
            } else {
                "no tour"
            },
            start.elapsed().as_secs_f64()
        );
    }
    let Some(filling) = found.filling else {
        return Ok(None);
    };
    let mut stats = stats.expect("a tour through clusters searched their passes");
    stats.encode.cells = puzzle.n_cells();
    let loop_stats = stats.subtours.get_or_insert_with(Default::default);
    // The searches' runs are added up as pieces are; they are not pieces at 2-edge cuts.
    loop_stats.pieces = 0;
    loop_stats.clusters = clusters.len();
    loop_stats.cluster_walks = found.walks;
    loop_stats.cluster_searches = found.searches;
    Ok(Some(Raced::found(winner, filling, stats)))
}

/// The first tour of a graph split at a 2-edge cut ([`crate::two_cuts`]): a tour of each piece
/// in turn (each split again where it can be; a piece under [`RACE_MIN_CELLS`] by the first
/// member alone), joined into one and verified. When a piece has no tour, neither has the
/// graph; when a piece is not answered in time, the graph is not.
fn solve_pieces(
    puzzle: &Puzzle,
    split: &Split,
    members: &[Member],
    interrupt: &Budget,
) -> Result<Raced, SolveError> {
    let mut answers: Vec<Raced> = Vec::with_capacity(2);
    for piece in &split.pieces {
        let racing = if piece.n_cells() < RACE_MIN_CELLS {
            &members[..1]
        } else {
            members
        };
        let raced = split_or_race(piece, racing, interrupt, true)?;
        let answered = raced.filling.is_some();
        answers.push(raced);
        if !answered {
            break;
        }
    }
    let largest = answers
        .iter()
        .max_by_key(|a| a.stats.encode.cells)
        .expect("a piece was solved");
    let (winner, winner_name) = (
        largest.winner,
        largest.stats.subtours.as_ref().and_then(|t| t.winner),
    );
    let mut stats = answers[0].stats.clone();
    if let Some(second) = answers.get(1) {
        stats.add_piece(&second.stats);
    }
    stats.encode.cells = puzzle.n_cells();
    let loop_stats = stats.subtours.get_or_insert_with(Default::default);
    loop_stats.pieces = loop_stats.pieces.max(answers.len());
    loop_stats.winner = winner_name;
    let last = answers.last().expect("a piece was solved");
    if last.filling.is_none() {
        return Ok(Raced {
            winner,
            filling: None,
            exhausted: last.exhausted,
            interrupted: last.interrupted,
            contradiction: last.contradiction.as_ref().map(|c| {
                format!(
                    "a piece of {} vertices cut off by two edges has no tour: {c}",
                    last.stats.encode.cells
                )
            }),
            stats,
        });
    }
    let tours = [&answers[0], &answers[1]].map(|a| a.filling.as_ref().expect("answered"));
    let order = split.join(tours).ok_or_else(|| {
        SolveError::Solver("the tours of a graph's two pieces do not join".into())
    })?;
    let filling = Filling::from_order(&order);
    verify(puzzle, &filling).map_err(SolveError::Unverified)?;
    Ok(Raced::found(winner, filling, stats))
}

/// `members` raced on `puzzle`, each on a thread of its own (in turn on WebAssembly).
fn race(puzzle: &Puzzle, members: &[Member], interrupt: &Budget) -> Result<Raced, SolveError> {
    let over = Cancel::new();
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
                interrupt.cancel.push(over.clone());
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
    over: &Cancel,
) -> Result<Raced, SolveError> {
    let mut first_error = None;
    let mut unfinished = None;
    for outcome in outcomes {
        match outcome {
            Ok(raced) if !raced.interrupted => {
                over.cancel();
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
    interrupt: Budget,
    index: usize,
    racers: usize,
) -> Result<Raced, SolveError> {
    if member.edges && EdgeLoop::applies(puzzle) {
        return run_edge_loop(puzzle, member, interrupt, index, racers);
    }
    let mut solver = PuzzleSolver::tuned(puzzle, &member.options, member.tuning, &interrupt)?;
    // The budget (the caller's, with the race's end) stops the solver's calls and the
    // enumeration between them.
    let mut fillings = solver.fillings().within(&interrupt).limit(Some(1));
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
    interrupt: Budget,
    index: usize,
    racers: usize,
) -> Result<Raced, SolveError> {
    let mut search = EdgeLoop::new(puzzle, member.options.engine(), member.options.seed)?;
    search.set_budget(interrupt.clone());
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
            &Budget::default(),
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
            &Budget::default(),
        )
        .unwrap();
        assert!(raced.exhausted && raced.filling.is_none() && !raced.interrupted);
    }

    /// Whether a graph of at most 16 vertices has a Hamiltonian cycle (Held and Karp's
    /// dynamic program over the subsets that hold vertex 0).
    fn hamiltonian(n: usize, edges: &[(usize, usize)]) -> bool {
        let mut adjacent = vec![0u32; n];
        for &(u, v) in edges {
            adjacent[u] |= 1 << v;
            adjacent[v] |= 1 << u;
        }
        // ends[set]: the vertices a path from 0 through exactly `set` can end at.
        let mut ends = vec![0u32; 1 << n];
        ends[1] = 1;
        for set in 1u32..1 << n {
            if set & 1 == 0 || ends[set as usize] == 0 {
                continue;
            }
            for (v, &next) in adjacent.iter().enumerate() {
                if ends[set as usize] >> v & 1 == 1 {
                    let fresh = next & !set;
                    for w in (0..n).filter(|&w| fresh >> w & 1 == 1) {
                        ends[(set | 1 << w) as usize] |= 1 << w;
                    }
                }
            }
        }
        n >= 3 && ends[(1 << n) - 1] & adjacent[0] != 0
    }

    /// Two random gadgets (4 to 7 vertices each, each vertex of degree 3 or more inside its
    /// gadget) joined by two edges: a graph with a 2-edge cut.
    fn two_gadgets(rng: &mut rand::rngs::ChaCha8Rng) -> (usize, Vec<(usize, usize)>) {
        use rand::RngExt;
        let sizes = [rng.random_range(4..=7), rng.random_range(4..=7)];
        let mut edges = Vec::new();
        let mut base = 0;
        for &k in &sizes {
            for u in 0..k {
                for v in u + 1..k {
                    if rng.random_range(0..100) < 65 {
                        edges.push((base + u, base + v));
                    }
                }
            }
            base += k;
        }
        let n = base;
        for _ in 0..2 {
            let (a, b) = (
                rng.random_range(0..sizes[0]),
                sizes[0] + rng.random_range(0..sizes[1]),
            );
            edges.push((a, b));
        }
        edges.sort_unstable();
        edges.dedup();
        (n, edges)
    }

    /// Split at their 2-edge cuts, random graphs get the answer of a brute-force check: a
    /// verified tour when they have one, none (proved) when they have none.
    #[test]
    fn split_graphs_agree_with_held_karp() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(62);
        let (mut split, mut with, mut without) = (0, 0, 0);
        for _ in 0..1000 {
            let (n, edges) = two_gadgets(&mut rng);
            let p = Puzzle::graph(
                "g",
                n,
                &edges,
                false,
                true,
                vec![pathsat_puzzle::CellRule::Free; n],
                pathsat_puzzle::Expect::default(),
            )
            .unwrap();
            if two_cuts::split(&p).is_none() {
                continue;
            }
            split += 1;
            let members = Member::portfolio(&p, &options(), 2);
            let raced = split_or_race(&p, &members, &Budget::default(), true).unwrap();
            assert!(!raced.interrupted);
            if hamiltonian(n, &edges) {
                with += 1;
                assert_eq!(verify(&p, &raced.filling.unwrap()), Ok(()), "{edges:?}");
                assert!(raced.stats.subtours.unwrap().pieces >= 2);
            } else {
                without += 1;
                assert!(raced.filling.is_none() && raced.exhausted, "{edges:?}");
            }
        }
        assert!(
            split > 200 && with > 50 && without > 50,
            "{split} {with} {without}"
        );
    }

    #[test]
    fn a_deadline_stops_every_member() {
        // A 60x60 knight's tour is rarely found in 50 ms: the race ends at the deadline, without
        // a proof, however far each member got.
        let p = Puzzle::blank(60, 60, Moves::Knight, true).unwrap();
        let interrupt = Budget::until(Some(Instant::now() + Duration::from_millis(50)));
        let raced = first_solution(&p, &Member::portfolio(&p, &options(), 2), &interrupt).unwrap();
        assert!(!raced.exhausted);
        assert!(raced.interrupted || raced.filling.is_some());
        // Nobody won an interrupted race.
        let loop_stats = raced.stats.subtours.unwrap();
        assert_eq!(loop_stats.winner.is_some(), !raced.interrupted);
        assert_eq!(loop_stats.racers, 2);
    }
}
