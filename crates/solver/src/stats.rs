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

/// Counters of the lazy loop.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    pub solve_calls: u64,
    /// Time spent in the SAT solver.
    pub solve_time: Duration,
    /// Time spent encoding.
    pub encode_time: Duration,
    /// Time spent in rotation–extension (kept to a share of the run, see
    /// [`ROTATION_SHARE`](crate::successor::ROTATION_SHARE)).
    pub rotation_time: Duration,
    /// What the reductions before search fixed (closed tours of two-way moves only).
    pub reduced: Option<ReducedStats>,
    /// The portfolio member that found the answer, when several raced ([`crate::portfolio`]).
    pub winner: Option<&'static str>,
    /// How many members raced (0 without a race).
    pub racers: usize,
}

/// What the reductions before search ([`crate::reduce`]) fixed, and their time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReducedStats {
    /// Edges every Hamiltonian cycle uses (each a clause: one of its two arcs).
    pub forced: usize,
    /// Edges no Hamiltonian cycle uses (their arcs fixed false).
    pub removed: usize,
    /// Maximal chains of two or more forced edges.
    pub forced_paths: usize,
    /// How long the reductions took.
    pub time: Duration,
}
