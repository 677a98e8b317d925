//! # Statistics of a run
//!
//! The sizes and times of a run ([`SolveStats`]), with the counters of the successor
//! encoding's lazy loop ([`LoopStats`]) and of the reductions before its search
//! ([`ReducedStats`]): what each solver reports, and what a portfolio credits to its winner.

use crate::SolverChoice;
use pathsat_encode::{EncodeStats, Encoding};
use std::time::Duration;

/// Sizes and times of a run.
#[derive(Clone, Debug)]
pub struct SolveStats {
    /// The encoding used.
    pub encoding: Encoding,
    /// The embedded solver that ran it.
    pub solver: SolverChoice,
    /// The encoding's sizes.
    pub encode: EncodeStats,
    /// Time spent encoding.
    pub encode_time: Duration,
    /// Time spent in the SAT solver.
    pub solve_time: Duration,
    /// Calls to the SAT solver (one per solution, plus the last unsatisfiable one, plus one
    /// per round of subtour cuts).
    pub solve_calls: u64,
    /// Fillings returned.
    pub solutions: u64,
    /// The successor encoding's rounds of subtour cuts.
    pub subtours: Option<LoopStats>,
}

/// Counters of the lazy loop, as reports give them (`"subtours"` in the JSON, times in
/// seconds; the solver's calls and times are the run's, reported beside).
#[serde_with::serde_as]
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct LoopStats {
    /// Solver calls whose model had subcycles.
    pub rounds: u64,
    /// Cut clauses added.
    pub cuts: u64,
    /// The most cycles one model had.
    pub max_cycles: usize,
    /// Tours found by patching a model's cycles together rather than by the solver.
    pub patched: u64,
    /// Exchanges of three edges (3-opt) among the joins that made those tours.
    pub three_opt: u64,
    /// Tours found by rotation–extension, before the first solver call or from a model's
    /// longest subcycle.
    pub rotated: u64,
    /// Calls to the SAT solver.
    #[serde(skip)]
    pub solve_calls: u64,
    /// Time spent in the SAT solver.
    #[serde(skip)]
    pub solve_time: Duration,
    /// Time spent encoding.
    #[serde(skip)]
    pub encode_time: Duration,
    /// Time spent in rotation–extension (kept to a share of the run, see
    /// [`ROTATION_SHARE`](crate::successor::ROTATION_SHARE)).
    #[serde(rename = "rotation_seconds")]
    #[serde_as(as = "serde_with::DurationSecondsWithFrac<f64>")]
    pub rotation_time: Duration,
    /// What the reductions before search fixed (closed tours of two-way moves only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reduced: Option<ReducedStats>,
    /// The portfolio member that found the answer, when several raced ([`crate::portfolio`]):
    /// `sat-loop`, `edge-loop`, `heuristics`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
    /// How many members raced (0 without a race; reported from 2).
    #[serde(skip_serializing_if = "fewer_than_two")]
    pub racers: usize,
    /// The pieces a graph was split into at its 2-edge cuts and solved one by one
    /// ([`crate::two_cuts`]); 0 when it was solved whole (reported from 2).
    #[serde(skip_serializing_if = "fewer_than_two")]
    pub pieces: usize,
    /// The clusters a graph's tour was found through ([`crate::clusters`]); 0 when it was
    /// not.
    #[serde(skip_serializing_if = "is_zero")]
    pub clusters: usize,
    /// The closed walks of their skeleton tried.
    #[serde(skip_serializing_if = "is_zero")]
    pub cluster_walks: usize,
    /// The searches for a cluster's passes.
    #[serde(skip_serializing_if = "is_zero")]
    pub cluster_searches: usize,
}

/// Cluster counts are news from one on.
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Racers and pieces are news from two on.
fn fewer_than_two(n: &usize) -> bool {
    *n < 2
}

/// What the reductions before search ([`crate::reduce`]) fixed, and their time.
#[serde_with::serde_as]
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ReducedStats {
    /// Edges every Hamiltonian cycle uses (each a clause: one of its two arcs).
    #[serde(rename = "forced_edges")]
    pub forced: usize,
    /// Edges no Hamiltonian cycle uses (their arcs fixed false).
    #[serde(rename = "removed_edges")]
    pub removed: usize,
    /// Maximal chains of two or more forced edges.
    pub forced_paths: usize,
    /// How long the reductions took.
    #[serde(rename = "seconds")]
    #[serde_as(as = "serde_with::DurationSecondsWithFrac<f64>")]
    pub time: Duration,
}

impl SolveStats {
    /// Adds the sizes, times and counters of the run on another piece of the same graph
    /// ([`crate::two_cuts`]): sums, but the most subcycles of one model and the racers (the
    /// winner is left to the caller).
    pub(crate) fn add_piece(&mut self, piece: &SolveStats) {
        self.encode.cells += piece.encode.cells;
        self.encode.primary_vars += piece.encode.primary_vars;
        self.encode.variables += piece.encode.variables;
        self.encode.clauses += piece.encode.clauses;
        self.encode.families.clear();
        self.encode_time += piece.encode_time;
        self.solve_time += piece.solve_time;
        self.solve_calls += piece.solve_calls;
        let theirs = piece.subtours.clone().unwrap_or_default();
        let ours = self.subtours.get_or_insert_with(LoopStats::default);
        ours.rounds += theirs.rounds;
        ours.cuts += theirs.cuts;
        ours.max_cycles = ours.max_cycles.max(theirs.max_cycles);
        ours.patched += theirs.patched;
        ours.three_opt += theirs.three_opt;
        ours.rotated += theirs.rotated;
        ours.solve_calls += theirs.solve_calls;
        ours.solve_time += theirs.solve_time;
        ours.encode_time += theirs.encode_time;
        ours.rotation_time += theirs.rotation_time;
        if let Some(r) = theirs.reduced {
            let mine = ours.reduced.get_or_insert_with(ReducedStats::default);
            mine.forced += r.forced;
            mine.removed += r.removed;
            mine.forced_paths += r.forced_paths;
            mine.time += r.time;
        }
        ours.racers = ours.racers.max(theirs.racers);
        ours.pieces = ours.pieces.max(1) + theirs.pieces.max(1);
    }
}
