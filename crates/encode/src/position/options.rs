//! The position encoding's options and what an encoding leaves behind (its variable map and
//! sizes): shared by the board encoding (`position/mod.rs`) and the trail encoding
//! (`position/trail.rs`).

use crate::stats::{EncodeStats, FamilyCount};
use crate::VarMap;
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::pb::SumEncoding;
use pathsat_cnf::ClauseSink;

/// Whether candidate pairs are pruned before variables are created: `explain --pruning`
/// takes these names (strum; clap's `ValueEnum` with the feature `clap`, the docs its help).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    strum::EnumString,
    strum::Display,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Pruning {
    /// Every (cell, value) pair a variable: the textbook encoding.
    None,
    /// Values too far from the givens get no variable: the CNF the solver receives.
    #[default]
    Full,
}

impl Pruning {
    /// The pruning's name in reports (`full` or `none`).
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// The choices that change the CNF.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositionOptions {
    /// How "exactly one" becomes clauses for cells and values.
    pub exactly_one: ExactlyOneEncoding,
    /// Whether candidate pairs are pruned before variables are created.
    pub pruning: Pruning,
    /// Refuse puzzles with more candidate pairs than this (each pair is a variable and about
    /// five clauses).
    pub max_primary_vars: usize,
    /// How a trail puzzle's sum of labels becomes clauses (see [`super::trail`]).
    pub sum: SumEncoding,
}

impl Default for PositionOptions {
    fn default() -> Self {
        PositionOptions {
            exactly_one: ExactlyOneEncoding::Sequential,
            pruning: Pruning::Full,
            max_primary_vars: DEFAULT_MAX_PRIMARY_VARS,
            sum: SumEncoding::default(),
        }
    }
}

/// The default bound on primary variables: about 3 million, a CNF of a few gigabytes at most.
pub const DEFAULT_MAX_PRIMARY_VARS: usize = 3_000_000;

/// Boards larger than this many cells are refused before any pruning, which considers all N²
/// pairs (16 million here, a few megabytes of bit sets).
pub const MAX_CELLS: usize = 4_000;

/// The result of encoding a puzzle: how to read models back, and what was written.
#[derive(Clone, Debug)]
pub struct PositionEncoding {
    /// Which variable stands for which (cell, value) pair.
    pub map: VarMap,
    /// The sizes of what was written.
    pub stats: EncodeStats,
    /// The options it was written with.
    pub options: PositionOptions,
    /// Why the puzzle has no solution, when pruning alone proved it: the CNF is then the empty
    /// clause alone, with no variables.
    pub contradiction: Option<String>,
}

impl PositionEncoding {
    /// The encoding of a puzzle shown unsolvable before any clause (its domains are empty):
    /// the empty clause alone. `before` is the sink's (variables, clauses) when encoding began.
    pub(crate) fn contradicted<S: ClauseSink + ?Sized>(
        map: VarMap,
        options: &PositionOptions,
        why: &str,
        before: (usize, usize),
        sink: &mut S,
    ) -> PositionEncoding {
        sink.add_clause(&[]);
        PositionEncoding {
            stats: EncodeStats {
                cells: map.n_cells(),
                primary_vars: 0,
                variables: sink.n_vars() - before.0,
                clauses: sink.n_clauses() - before.1,
                families: vec![FamilyCount {
                    name: "contradiction",
                    clauses: 1,
                }],
            },
            map,
            options: *options,
            contradiction: Some(why.to_string()),
        }
    }
}
