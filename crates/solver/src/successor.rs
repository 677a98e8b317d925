//! # Solving with the successor encoding
//!
//! [`SuccessorSolver`] writes the successor encoding into varisat and solves lazily: each model
//! is a set of disjoint cycles; while it has more than one, every cycle gets cut clauses (some
//! arc must leave it, some must enter it) and the same solver is called again. A single cycle
//! is a Hamiltonian cycle (or, through the virtual vertex, path): it is turned into a filling,
//! verified, and its arc set blocked so that enumeration moves on. A tour found without a given
//! start stands for N fillings, one per starting cell, each verified in turn.
//!
//! Before calling the solver again, the cycles of a model are patched together where two-arc
//! exchanges allow (Karp's patching, `patch.rs`): a patched tour is a genuine solution,
//! verified and blocked like the solver's own, and skipped if it was returned before. Before the
//! first call, on a puzzle whose moves go both ways, Pósa's rotation–extension (`rotation.rs`)
//! looks for a tour for a moment ([`rotation_time`]): on large sparse graphs it finds one where
//! even the solver's first cycle cover can take minutes. Until a first tour is found, a model
//! whose cycles do not patch has its longest cycle grown the same way.

use crate::certificate::{Meaning, Recording};
use crate::claims::{Claim, RemovedBy};
use crate::encoded::EncodedSolver;
use crate::join::Joiner;
use crate::patch::{patch, undirected_joiner};
use crate::rotation::{extend_to_cycle, hamiltonian_cycle};
use crate::Budget;
use crate::{SatSolver, SolveError, SolveStats, SolverChoice};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::Lit;
use pathsat_encode::subtours::Subtours;
use pathsat_encode::successor::{self, cycles, SuccessorEncoding};
use pathsat_encode::Encoding;
use pathsat_puzzle::{verify, Filling, Puzzle};
use std::collections::HashSet;
use std::time::Duration;
use web_time::Instant;

pub use crate::stats::{LoopStats, ReducedStats};

/// The largest share of a run's time that rotation–extension may take after the first solver
/// call (it grows the longest subcycle of a model into a tour): a heuristic never starves the
/// exact search.
pub const ROTATION_SHARE: f64 = 0.1;

/// A lazy successor-encoding solver for one puzzle.
pub struct SuccessorSolver<'p> {
    puzzle: &'p Puzzle,
    sat: SatSolver,
    encoding: SuccessorEncoding,
    /// The last tour found, as a filling, with the turns (starting cells) not returned yet:
    /// each turn is made and verified when it is asked for.
    pending: Option<(Filling, u32, u32)>,
    /// Every tour returned, as a successor function: a patched tour is new only if it is not
    /// among them (the solver's own tours are new by the blocking clauses).
    emitted: HashSet<Vec<usize>>,
    /// The graph of a closed tour's edges, when all its arcs go both ways: patching joins
    /// the cycles it cannot join arc by arc over it by 2-opt and 3-opt exchanges.
    joiner: Option<Joiner>,
    exhausted: bool,
    /// Whether rotation–extension has had its turn.
    rotation_tried: bool,
    /// Whether rotation–extension is left out altogether.
    rotation_off: bool,
    /// The seed of rotation–extension's random choices.
    rotation_seed: u64,
    /// Fillings returned.
    found: u64,
    stats: LoopStats,
}

/// The seed of rotation–extension's random choices in an unseeded run.
const ROTATION_SEED: u64 = 0x5EED;

/// How long rotation–extension may look for a tour of `vertices` vertices: 100 µs a vertex,
/// from 0.1 s to 5 s (a planted cycle of a 10,000-vertex cubic graph takes it about 0.3 s, of
/// a 50,000-vertex 4-regular one 1.5 to 3 s).
pub fn rotation_time(vertices: usize) -> Duration {
    Duration::from_micros(100 * vertices as u64)
        .clamp(Duration::from_millis(100), Duration::from_secs(5))
}

impl<'p> SuccessorSolver<'p> {
    /// Encodes the puzzle into varisat.
    ///
    /// # Errors
    /// [`SolveError::Encode`] when the puzzle has givens or marks the encoding cannot express.
    pub fn new(puzzle: &'p Puzzle, exactly_one: ExactlyOneEncoding) -> Result<Self, SolveError> {
        Self::with_solver(
            puzzle,
            exactly_one,
            Subtours::Lazy,
            SolverChoice::Varisat,
            0,
        )
    }

    /// Encodes the puzzle into the solver `solver`, with the clauses of `subtours` against
    /// subtours. With a complete rule the solver gets the CNF alone: no reductions and no
    /// rotation–extension, so that what it measures is the encoding (the cut loop still runs,
    /// and never cuts). `seed` seeds the solver and rotation–extension (0: their defaults,
    /// [`crate::SolveOptions::seed`]).
    ///
    /// # Errors
    /// [`SolveError::Encode`] when the puzzle has givens or marks the encoding cannot express,
    /// or the rule would be too large; [`SolveError::Unsupported`] when the solver is not
    /// built in.
    pub fn with_solver(
        puzzle: &'p Puzzle,
        exactly_one: ExactlyOneEncoding,
        subtours: Subtours,
        solver: SolverChoice,
        seed: u64,
    ) -> Result<Self, SolveError> {
        let sat = SatSolver::seeded(solver, seed).map_err(SolveError::Unsupported)?;
        let mut built = Self::build(puzzle, exactly_one, subtours, sat)?;
        built.rotation_seed ^= seed;
        Ok(built)
    }

    /// As [`SuccessorSolver::with_solver`] (with lazy cuts, or a complete rule against subtours
    /// in the CNF, which then never cuts), for a certified run: CaDiCaL writes
    /// a DRAT proof of the whole run into `proof`, and every clause added after the encoding
    /// (forced and removed edges, cuts, blocked tours) is recorded with its claim
    /// ([`crate::certificate`]). A refutation by the reductions does not end the search: the
    /// solver proves it, from the clauses the reductions claimed.
    ///
    /// # Errors
    /// As [`SuccessorSolver::with_solver`]; [`SolveError::Certificate`] when the proof file
    /// cannot be written.
    pub fn recording(
        puzzle: &'p Puzzle,
        exactly_one: ExactlyOneEncoding,
        subtours: Subtours,
        proof: &std::path::Path,
    ) -> Result<Self, SolveError> {
        let sat = SatSolver::recording(proof)?;
        let mut solver = Self::build(puzzle, exactly_one, subtours, sat)?;
        // No rotation–extension: its first look costs at least 0.1 s and helps a "yes" only,
        // and its later ones are bounded by time, so a run with them would not always write
        // the same certificate. A certified run is after its "no", reproducibly.
        solver.rotate(false);
        Ok(solver)
    }

    fn build(
        puzzle: &'p Puzzle,
        exactly_one: ExactlyOneEncoding,
        subtours: Subtours,
        mut sat: SatSolver,
    ) -> Result<Self, SolveError> {
        let start = Instant::now();
        // Rounds of cuts are a long series of related calls.
        sat.tune_for_many_calls();
        let encoding = successor::encode_complete(puzzle, exactly_one, subtours, &mut sat)
            .map_err(|e| SolveError::Encode(e.into()))?;
        sat.end_encoding();
        if sat.is_recording() {
            for arcs in &encoding.out_arcs {
                for &(_, var) in arcs {
                    sat.keep(var);
                }
            }
        }
        let reduced = if subtours.is_complete() {
            None
        } else {
            Self::reduce(puzzle, &encoding, &mut sat)
        };
        let joiner = undirected_joiner(&encoding);
        let recording = sat.is_recording();
        let mut solver = SuccessorSolver {
            puzzle,
            sat,
            encoding,
            pending: None,
            emitted: HashSet::new(),
            joiner,
            exhausted: false,
            rotation_tried: subtours.is_complete(),
            rotation_off: subtours.is_complete(),
            rotation_seed: ROTATION_SEED,
            found: 0,
            stats: LoopStats {
                encode_time: start.elapsed(),
                ..LoopStats::default()
            },
        };
        if let Some((stats, refutation)) = reduced {
            solver.stats.reduced = Some(stats);
            match refutation {
                // A certified run has the solver prove it, from the claims made so far.
                Some(reason) if !recording => solver.refute(reason),
                _ => {}
            }
        }
        Ok(solver)
    }

    /// Runs the reductions ([`crate::reduce`]) on a closed tour of two-way moves and adds what
    /// they fixed to the solver: a clause per forced edge (one of its arcs), a negated unit per
    /// arc of a removed edge. `None` where they do not apply (paths, one-way moves, a
    /// contradiction already found); with a reason when they prove there is no tour.
    fn reduce(
        puzzle: &Puzzle,
        encoding: &SuccessorEncoding,
        sat: &mut SatSolver,
    ) -> Option<(ReducedStats, Option<String>)> {
        if encoding.virtual_vertex.is_some()
            || encoding.contradiction.is_some()
            || !puzzle.moves().is_symmetric()
            || std::env::var_os("PATHSAT_NO_REDUCE").is_some()
        {
            return None;
        }
        let start = Instant::now();
        let edges: Vec<(usize, usize)> = encoding.arcs.clone();
        let reduction = crate::reduce::reduce(encoding.n, &edges);
        let arcs_of = |u: usize, v: usize| {
            let one_way = |a: usize, b: usize| {
                encoding.out_arcs[a]
                    .iter()
                    .filter(move |&&(h, _)| h == b)
                    .map(|&(_, var)| var)
            };
            one_way(u, v).chain(one_way(v, u)).collect::<Vec<_>>()
        };
        // Each step as a claim, in the order found (a certified run takes those before a
        // refutation too: its solver proves the rest).
        if reduction.refutation.is_none() || sat.is_recording() {
            for step in &reduction.steps {
                let (u, v) = step.edge;
                let arcs = arcs_of(u, v);
                let (claim, clauses) = if step.forced {
                    let by = step.by.expect("a forced edge has its vertex");
                    let clause: Vec<Lit> = arcs.iter().map(|var| var.positive()).collect();
                    (Claim::Force { edge: (u, v), by }, vec![clause])
                } else {
                    let by = step.by.map_or(RemovedBy::Path, RemovedBy::Vertex);
                    let clauses = arcs.iter().map(|var| vec![var.negative()]).collect();
                    (Claim::Remove { edge: (u, v), by }, clauses)
                };
                sat.add_claim(|| claim, &clauses);
            }
        }
        let stats = ReducedStats {
            forced: reduction.forced.len(),
            removed: reduction.removed.len(),
            forced_paths: reduction.forced_paths,
            time: start.elapsed(),
        };
        Some((stats, reduction.refutation))
    }

    /// The encoding the loop solves.
    pub fn encoding(&self) -> &SuccessorEncoding {
        &self.encoding
    }

    /// Whether rotation–extension runs at all (on by default).
    pub fn rotate(&mut self, on: bool) {
        self.rotation_tried |= !on;
        self.rotation_off = !on;
    }

    /// The loop's counters so far.
    pub fn loop_stats(&self) -> &LoopStats {
        &self.stats
    }

    /// The next turn of the pending tour, verified.
    fn next_pending(&mut self) -> Result<Option<Filling>, SolveError> {
        let Some((filling, next, turns)) = &mut self.pending else {
            return Ok(None);
        };
        let n = filling.values().len() as u32;
        let s = *next;
        let turned = if s == 0 {
            filling.clone()
        } else {
            Filling::from_values(
                filling
                    .values()
                    .iter()
                    .map(|&k| (k - 1 + s) % n + 1)
                    .collect(),
            )
        };
        *next += 1;
        if *next == *turns {
            self.pending = None;
        }
        verify(self.puzzle, &turned).map_err(SolveError::Unverified)?;
        self.found += 1;
        Ok(Some(turned))
    }

    /// Whether rotation–extension may run again: its time so far is within [`ROTATION_SHARE`]
    /// of the run's.
    fn rotation_allowed(&self) -> bool {
        if self.rotation_off {
            return false;
        }
        let s = &self.stats;
        let total = s.encode_time + s.solve_time + s.rotation_time;
        s.rotation_time.as_secs_f64() <= ROTATION_SHARE * total.as_secs_f64()
    }

    /// A tour by rotation–extension over the encoding's arcs read both ways (grown from `cycle`,
    /// a model's subcycle, when there is one), oriented along them; `None` when the moves are
    /// one-way, or no tour came within `time`, or the environment variable
    /// `PATHSAT_NO_ROTATION` is set (to time the SAT solvers alone).
    fn rotation_tour(&mut self, cycle: &[usize], time: Duration) -> Option<Vec<usize>> {
        let start = Instant::now();
        let tour = self.rotation_tour_within(cycle, time);
        self.stats.rotation_time += start.elapsed();
        tour
    }

    fn rotation_tour_within(&self, cycle: &[usize], time: Duration) -> Option<Vec<usize>> {
        if !self.puzzle.moves().is_symmetric()
            || self.encoding.contradiction.is_some()
            || std::env::var_os("PATHSAT_NO_ROTATION").is_some()
        {
            return None;
        }
        let total = self.encoding.n_vertices();
        let mut adjacent = vec![Vec::new(); total];
        for (u, arcs) in self.encoding.out_arcs.iter().enumerate() {
            for &(v, _) in arcs {
                adjacent[u].push(v);
                adjacent[v].push(u);
            }
        }
        for list in &mut adjacent {
            list.sort_unstable();
            list.dedup();
        }
        // Within `time`, and within the run's own deadline and flags.
        let mut until = self.sat.budget();
        let end = Instant::now() + time;
        until.deadline = Some(until.deadline.map_or(end, |d| d.min(end)));
        let succ = if cycle.is_empty() {
            hamiltonian_cycle(&adjacent, self.rotation_seed, u64::MAX, &until)?
        } else {
            extend_to_cycle(&adjacent, cycle, self.rotation_seed, &until)?
        };
        let has_arc = |u: usize, v: usize| self.encoding.out_arcs[u].iter().any(|&(h, _)| h == v);
        if (0..total).all(|u| has_arc(u, succ[u])) {
            return Some(succ);
        }
        // The other way round (an open path's virtual vertex has arcs one way only).
        let mut pred = vec![0; total];
        for (u, &v) in succ.iter().enumerate() {
            pred[v] = u;
        }
        (0..total).all(|u| has_arc(u, pred[u])).then_some(pred)
    }

    /// Adds the cut clauses of every cycle of a model with subcycles.
    fn cut(&mut self, found: &[Vec<usize>]) {
        if std::env::var_os("PATHSAT_TRACE_CUTS").is_some() {
            let mut sizes: Vec<usize> = found.iter().map(Vec::len).collect();
            sizes.sort_unstable();
            eprintln!(
                "round {}: {} cycles, sizes {:?}",
                self.stats.rounds + 1,
                found.len(),
                sizes
            );
        }
        self.stats.rounds += 1;
        self.stats.max_cycles = self.stats.max_cycles.max(found.len());
        if self.blocks_subcycles() {
            for cycle in found {
                let clause = self.encoding.subcycle_blocking_clause(cycle);
                pathsat_cnf::ClauseSink::add_clause(&mut self.sat, &clause);
                self.stats.cuts += 1;
            }
            return;
        }
        let total = self.encoding.n_vertices();
        let mut in_set = vec![false; total];
        for cycle in found {
            for &v in cycle {
                in_set[v] = true;
            }
            let (out, into) = self.encoding.cut_clauses(cycle, &in_set);
            let set = || {
                let mut set = cycle.clone();
                set.sort_unstable();
                set
            };
            self.sat.add_claim(|| Claim::Leave(set()), &[out]);
            self.sat.add_claim(|| Claim::Enter(set()), &[into]);
            self.stats.cuts += 2;
            for &v in cycle {
                in_set[v] = false;
            }
        }
    }

    /// Whether subcycles are blocked one by one rather than cut (`PATHSAT_SUBCYCLE_BLOCKING`,
    /// for measurement only: the refinement of the earlier SAT-based CEGAR, which the cut-set
    /// constraints of Ohashi et al. 2025 replaced; `encodings/successor.md`). Never when the
    /// run is certified: a proof's claims are cuts.
    fn blocks_subcycles(&self) -> bool {
        !self.sat.is_recording() && std::env::var_os("PATHSAT_SUBCYCLE_BLOCKING").is_some()
    }

    /// Blocks a tour's arc set and queues its fillings.
    fn take(&mut self, successors: Vec<usize>) {
        let block = self.encoding.blocking_clause(&successors);
        let tour = || {
            let mut order = Vec::with_capacity(successors.len());
            let mut v = 0;
            for _ in 0..successors.len() {
                order.push(v);
                v = successors[v];
            }
            Claim::Tour(order)
        };
        self.sat.add_claim(tour, &[block]);
        self.emit(&successors);
        self.emitted.insert(successors);
    }

    /// Queues the fillings of a Hamiltonian successor function, to be made and verified one
    /// by one: a tour without a given start stands for N fillings, one per starting cell.
    fn emit(&mut self, successors: &[usize]) {
        let filling = self.encoding.filling(successors);
        self.pending = Some((filling, 0, self.encoding.fillings_per_cycle()));
    }
}

impl EncodedSolver for SuccessorSolver<'_> {
    fn kind(&self) -> Encoding {
        Encoding::Successor
    }

    fn contradiction(&self) -> Option<&str> {
        self.encoding.contradiction.as_deref()
    }

    fn subtours(&self) -> Subtours {
        self.encoding.subtours
    }

    /// Ends the search without a solver call: `reason` proved there is no solution.
    fn refute(&mut self, reason: String) {
        self.encoding.contradiction.get_or_insert(reason);
        self.exhausted = true;
    }
    /// What the arc variables mean, for a certificate's claims.
    fn meaning(&self) -> Meaning {
        Meaning::of_arcs(&self.encoding)
    }
    /// Closes the proof of a certified run ([`SuccessorSolver::recording`]) and hands over its
    /// record.
    fn finish_recording(&mut self) -> Option<Recording> {
        self.sat.finish_recording()
    }
    /// Makes later solver calls, and rotation–extension, give up when `interrupt` is raised.
    fn set_budget(&mut self, budget: Budget) {
        self.sat.set_budget(budget);
    }
    /// Whether the solver proved that no other tour exists.
    fn is_exhausted(&self) -> bool {
        self.exhausted && self.pending.is_none()
    }
    /// The Hamiltonian cycles (or paths) found so far, as distinct arc sets.
    fn cycles_found(&self) -> Option<u64> {
        Some(self.emitted.len() as u64)
    }
    /// The statistics of the run in the shape both encodings share.
    fn stats(&self) -> SolveStats {
        SolveStats {
            encoding: pathsat_encode::Encoding::Successor,
            solver: self.sat.kind(),
            encode: self.encoding.stats.clone(),
            encode_time: self.stats.encode_time,
            solve_time: self.stats.solve_time,
            solve_calls: self.stats.solve_calls,
            solutions: self.found,
            subtours: Some(self.stats.clone()),
        }
    }
    /// The next filling not returned before, or `None` when there is none left.
    ///
    /// # Errors
    /// A [`SolveError`] if the solver fails or a filling fails the verifier (a bug).
    fn next_solution(&mut self) -> Result<Option<Filling>, SolveError> {
        if let Some(f) = self.next_pending()? {
            return Ok(Some(f));
        }
        if !self.rotation_tried && !self.exhausted {
            self.rotation_tried = true;
            if let Some(tour) = self.rotation_tour(&[], rotation_time(self.encoding.n_vertices())) {
                self.stats.rotated += 1;
                self.take(tour);
                return self.next_pending();
            }
        }
        while !self.exhausted {
            let start = Instant::now();
            let sat = self.sat.solve().map_err(SolveError::from);
            self.stats.solve_time += start.elapsed();
            self.stats.solve_calls += 1;
            if !sat? {
                self.exhausted = true;
                break;
            }
            let model = self.sat.model().expect("a satisfiable call has a model");
            let successors = self
                .encoding
                .successors(|v| model.get(v.index()).copied().flatten())
                .ok_or_else(|| {
                    SolveError::Solver("a model without exactly one successor per vertex".into())
                })?;
            let found = cycles(&successors);
            if found.len() > 1 {
                self.cut(&found);
                // The cycles may join into a tour by exchanging arcs, without another call.
                let reversible = self.puzzle.moves().is_symmetric();
                let undirected = self.joiner.as_ref().filter(|_| reversible);
                match patch(&self.encoding, &successors, reversible, undirected) {
                    Some((tour, three_opt)) if !self.emitted.contains(&tour) => {
                        self.stats.patched += 1;
                        self.stats.three_opt += three_opt as u64;
                        self.take(tour);
                        return self.next_pending();
                    }
                    _ => {}
                }
                // Or, while no tour is known yet, grow the longest cycle into one for a moment
                // (an enumeration's later rounds go on at the solver's pace).
                if self.emitted.is_empty() && self.rotation_allowed() {
                    let longest = found
                        .iter()
                        .max_by_key(|c| c.len())
                        .expect("several cycles");
                    if let Some(tour) =
                        self.rotation_tour(longest, rotation_time(longest.len()) / 10)
                    {
                        self.stats.rotated += 1;
                        self.take(tour);
                        return self.next_pending();
                    }
                }
                continue;
            }
            self.take(successors);
            return self.next_pending();
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{brute, Moves};

    fn count(p: &Puzzle) -> u64 {
        let mut s = SuccessorSolver::new(p, ExactlyOneEncoding::Sequential).unwrap();
        let mut n = 0;
        while s.next_solution().unwrap().is_some() {
            n += 1;
        }
        n
    }

    #[test]
    fn counts_match_brute_force() {
        for (r, c, moves, closed) in [
            (3, 3, Moves::Rook, false),
            (4, 4, Moves::Rook, true),
            (3, 4, Moves::King, true),
            (3, 4, Moves::Knight, false),
            (2, 2, Moves::Rook, true),
            (1, 2, Moves::Rook, true),
            (1, 1, Moves::Rook, false),
            (3, 3, Moves::Rook, true),
        ] {
            let p = Puzzle::blank(r, c, moves.clone(), closed).unwrap();
            assert_eq!(count(&p), brute::count(&p, None).count, "{}", p.name());
        }
    }

    #[test]
    fn a_knights_tour_by_rotation_then_by_the_solver_with_cuts() {
        let p = Puzzle::blank(8, 8, Moves::Knight, true).unwrap();
        let mut s = SuccessorSolver::new(&p, ExactlyOneEncoding::Sequential).unwrap();
        let first = s.next_solution().unwrap().unwrap();
        assert_eq!(verify(&p, &first), Ok(()));
        assert_eq!((s.loop_stats().rotated, s.loop_stats().solve_calls), (1, 0));
        // The same tour from its 63 other cells, then another tour, which the solver finds.
        let mut seen = HashSet::from([first]);
        for _ in 0..64 {
            let f = s.next_solution().unwrap().unwrap();
            assert_eq!(verify(&p, &f), Ok(()));
            assert!(seen.insert(f));
        }
        assert!(s.loop_stats().solve_calls > 0);
        assert!(s.loop_stats().rounds > 0 && s.loop_stats().cuts > 0);
    }
}
