//! The names of the options that take one of a few words (`--encoding successor`,
//! `"method": "dp"`, `solver="cadical"`): one enum each, with [`FromStr`](std::str::FromStr),
//! [`Display`](std::fmt::Display), serde and (with the feature `clap`) clap's `ValueEnum`, so
//! that every front end accepts exactly the same words.

use crate::option_error::{OptionError, Problem};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_count::{Method, SplitBy};
use pathsat_encode::subtours::Subtours;
use pathsat_encode::EncodingChoice;
use pathsat_generate::Level;
use pathsat_solver::SolverChoice;
use serde::{Deserialize, Serialize};

/// Implements [`FromStr`](std::str::FromStr) and [`Display`](std::fmt::Display) for a name
/// enum from its kebab-case names: the one spelling the CLI, the web API and Python share.
macro_rules! option_names {
    ($name:ident, $option:literal, { $($variant:ident => $text:literal),+ $(,)? }) => {
        impl $name {
            /// Every name this option takes, in order.
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            /// The name of this value.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl std::str::FromStr for $name {
            type Err = OptionError;

            fn from_str(text: &str) -> Result<Self, OptionError> {
                match text.trim() {
                    $($text => Ok($name::$variant),)+
                    _ => Err(OptionError::new(
                        $option,
                        Problem::NotOneOf {
                            value: text.to_string(),
                            names: Self::NAMES,
                        },
                    )),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

/// `--encoding`: which encoding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum EncodingName {
    /// The successor encoding for large puzzles it can express, else the position encoding.
    #[default]
    Auto,
    /// A variable per (cell, value): any givens and marks; grows with the square of the board.
    Position,
    /// A variable per move, subtours cut lazily: large tours and paths, start and end givens only.
    Successor,
    /// The successor encoding, complete: positions in unary (order encoding); quadratic.
    SuccessorUnary,
    /// The successor encoding, complete: positions in binary, p(v) = p(u) + 1 by carries.
    SuccessorBinary,
    /// The successor encoding, complete: positions modulo small primes (CRT), one-hot.
    SuccessorCrt,
    /// The successor encoding, complete: reachability between all pairs; quadratic.
    SuccessorClosure,
    /// The successor encoding, complete: acyclicity by vertex elimination.
    SuccessorElimination,
    /// The successor encoding, complete: connectivity along a sweep; for narrow graphs.
    SuccessorFrontier,
}
option_names!(EncodingName, "encoding", {
    Auto => "auto",
    Position => "position",
    Successor => "successor",
    SuccessorUnary => "successor-unary",
    SuccessorBinary => "successor-binary",
    SuccessorCrt => "successor-crt",
    SuccessorClosure => "successor-closure",
    SuccessorElimination => "successor-elimination",
    SuccessorFrontier => "successor-frontier",
});

impl EncodingName {
    /// The encoding choice and the successor encoding's rule against subtours of this name.
    pub fn choice(self) -> (EncodingChoice, Subtours) {
        let successor = |rule| (EncodingChoice::Successor, rule);
        match self {
            EncodingName::Auto => (EncodingChoice::Auto, Subtours::Lazy),
            EncodingName::Position => (EncodingChoice::Position, Subtours::Lazy),
            EncodingName::Successor => successor(Subtours::Lazy),
            EncodingName::SuccessorUnary => successor(Subtours::OrderUnary),
            EncodingName::SuccessorBinary => successor(Subtours::OrderBinary),
            EncodingName::SuccessorCrt => successor(Subtours::Crt),
            EncodingName::SuccessorClosure => successor(Subtours::Closure),
            EncodingName::SuccessorElimination => successor(Subtours::Elimination),
            EncodingName::SuccessorFrontier => successor(Subtours::Frontier),
        }
    }
}

/// `--exactly-one`: how "exactly one of these" becomes clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum ExactlyOneName {
    /// Sinz's sequential counter: 3n-3 clauses, n-1 auxiliary variables.
    Sequential,
    /// One clause per pair: n(n-1)/2 + 1 clauses, no auxiliary variables.
    Pairwise,
    /// Pairwise up to 8 literals, the sequential counter beyond.
    Hybrid,
    /// Gent and Nightingale's ladder: n-1 variables, 4n-4 clauses.
    Ladder,
    /// Klieber and Kwon's commanders over groups of 3, recursively.
    Commander,
    /// Chen's product: rows and columns of a grid, recursively.
    Product,
    /// Nguyen and Mai's bimander: groups of 2 with a binary group number.
    Bimander,
}

impl ExactlyOneName {
    /// The encoding this name stands for.
    pub fn encoding(self) -> ExactlyOneEncoding {
        match self {
            ExactlyOneName::Sequential => ExactlyOneEncoding::Sequential,
            ExactlyOneName::Pairwise => ExactlyOneEncoding::Pairwise,
            ExactlyOneName::Hybrid => ExactlyOneEncoding::Hybrid,
            ExactlyOneName::Ladder => ExactlyOneEncoding::Ladder,
            ExactlyOneName::Commander => ExactlyOneEncoding::Commander,
            ExactlyOneName::Product => ExactlyOneEncoding::Product,
            ExactlyOneName::Bimander => ExactlyOneEncoding::Bimander,
        }
    }
}
option_names!(ExactlyOneName, "exactly-one", {
    Sequential => "sequential",
    Pairwise => "pairwise",
    Hybrid => "hybrid",
    Ladder => "ladder",
    Commander => "commander",
    Product => "product",
    Bimander => "bimander",
});

/// `--sum-encoding`: how a trail's sum becomes clauses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum SumName {
    /// A layered decision diagram: about n·(S+1) nodes, 2 clauses each, arc consistent.
    #[default]
    Bdd,
    /// Two sequential weight counters, for "at most S" and "at least S".
    Swc,
}
option_names!(SumName, "sum-encoding", { Bdd => "bdd", Swc => "swc" });

/// `--pruning` (`explain`): the encoder's pruning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum PruningName {
    /// Every (cell, value) pair a variable: the textbook encoding.
    None,
    /// Values too far from the givens get no variable: the CNF the solver receives.
    Full,
}

option_names!(PruningName, "pruning", { None => "none", Full => "full" });

/// `--method`: how to count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum MethodName {
    /// The dynamic program where it applies; else enumeration, split into cubes if it is long,
    /// when it is estimated to finish within 10 minutes.
    #[default]
    Auto,
    /// The frontier dynamic program: symmetric moves, no marks, givens only at the ends of the
    /// path. Counts without enumerating.
    Dp,
    /// SAT enumeration in cubes, in parallel, with symmetry classes; every filling verified.
    Sat,
    /// One SAT solver with blocking clauses; every filling verified.
    Enumerate,
}
option_names!(MethodName, "method", {
    Auto => "auto",
    Dp => "dp",
    Sat => "sat",
    Enumerate => "enumerate",
});

/// `--split-by`: how `--shard I/N` splits a count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum SplitByName {
    /// Each shard sweeps one class of the frontier's states from the cut on (--cut): a
    /// fraction of the memory each; the parts add up.
    #[default]
    States,
    /// Every shard sweeps the whole count with 8 bytes a count: shard 1 an upper bound, shard I
    /// the count modulo a 63-bit prime; merged by the Chinese remainder theorem once the
    /// primes cover the bound. For counts of hundreds of bits, whose tables they make leaner.
    Residues,
}
option_names!(SplitByName, "split-by", { States => "states", Residues => "residues" });

impl SplitByName {
    /// The frontier program's split of this name.
    pub fn split_by(self) -> SplitBy {
        match self {
            SplitByName::States => SplitBy::States,
            SplitByName::Residues => SplitBy::Residues,
        }
    }
}

/// `--solver`: the embedded SAT solver.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum SolverName {
    /// varisat for a position encoding of at most 12,000 clauses (small boards, where its
    /// calls cost less) and for --certify, else CaDiCaL when it is built in (the default build).
    #[default]
    Auto,
    /// varisat, in Rust: always built in; the only one whose proofs are checked (--certify).
    Varisat,
    /// CaDiCaL, in C++ (compiled from the source the `cadical` crate bundles).
    Cadical,
}
option_names!(SolverName, "solver", {
    Auto => "auto",
    Varisat => "varisat",
    Cadical => "cadical",
});

impl MethodName {
    /// The count crate's method of this name.
    pub fn method(self) -> Method {
        match self {
            MethodName::Auto => Method::Auto,
            MethodName::Dp => Method::Dp,
            MethodName::Sat => Method::Sat,
            MethodName::Enumerate => Method::Enumerate,
        }
    }
}

impl SolverName {
    /// The solver this name gives a run (certified or not).
    pub fn choice(self, certify: bool) -> SolverChoice {
        match self {
            SolverName::Auto => SolverChoice::preferred(certify),
            SolverName::Varisat => SolverChoice::Varisat,
            SolverName::Cadical => SolverChoice::Cadical,
        }
    }
}

/// A grade: `easy`, `medium` or `hard` (`--difficulty`, `"difficulty"`, `difficulty=`).
///
/// # Errors
/// [`Problem::NotOneOf`] for `difficulty`.
pub fn parse_difficulty(text: &str) -> Result<Level, OptionError> {
    const NAMES: &[&str] = &["easy", "medium", "hard"];
    [Level::Easy, Level::Medium, Level::Hard]
        .into_iter()
        .find(|level| level.to_string() == text.trim())
        .ok_or_else(|| {
            OptionError::new(
                "difficulty",
                Problem::NotOneOf {
                    value: text.to_string(),
                    names: NAMES,
                },
            )
        })
}
