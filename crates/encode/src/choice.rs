//! # Choosing an encoding
//!
//! pathsat has two encodings. The position encoding ([`crate::position`]) has a variable per
//! (cell, value) pair: it expresses every puzzle (givens anywhere, value classes) but grows with
//! the square of the board. The successor encoding ([`crate::successor`]) has a variable per
//! move: linear in the board, but it can only pin the start and the end, and it needs the
//! solver to cut subcycles as they appear. [`EncodingChoice::Auto`] takes the successor
//! encoding where it applies and the board is at least [`AUTO_SUCCESSOR_MIN_CELLS`] cells, the
//! size from which it was measured faster (see `encodings/successor.md`).

use crate::subtours::Subtours;
use crate::{successor, PositionOptions};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_puzzle::Puzzle;

/// Everything that decides the CNF of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EncodingOptions {
    /// Which encoding: position, successor, or the better one for the puzzle.
    pub choice: EncodingChoice,
    /// The position encoding's options.
    pub position: PositionOptions,
    /// The exactly-one encoding of the successor encoding's out and in constraints.
    pub successor_exactly_one: ExactlyOneEncoding,
    /// How the successor encoding rules out subtours: lazily by the solver's cuts, or by a
    /// complete rule in the CNF ([`crate::subtours`]).
    pub subtours: Subtours,
}

impl Default for EncodingOptions {
    fn default() -> Self {
        EncodingOptions {
            choice: EncodingChoice::Auto,
            position: PositionOptions::default(),
            successor_exactly_one: successor::DEFAULT_EXACTLY_ONE,
            subtours: Subtours::Lazy,
        }
    }
}

impl EncodingOptions {
    /// The encoding used for `puzzle`.
    pub fn resolve(&self, puzzle: &Puzzle) -> Encoding {
        self.choice.resolve(puzzle)
    }

    /// The exactly-one encoding `encoding` uses with these options.
    pub fn exactly_one(&self, encoding: Encoding) -> ExactlyOneEncoding {
        match encoding {
            Encoding::Position => self.position.exactly_one,
            Encoding::Successor => self.successor_exactly_one,
        }
    }
}

/// An encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// A variable per (cell, value) pair.
    Position,
    /// A variable per move, subtours cut lazily.
    Successor,
}

impl Encoding {
    /// The encoding's name, as `--encoding` spells it and reports print it.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Position => "position",
            Encoding::Successor => "successor",
        }
    }
}

/// The encoding asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EncodingChoice {
    /// The successor encoding for large puzzles it can express, else the position encoding.
    #[default]
    Auto,
    /// The position encoding, whatever the puzzle.
    Position,
    /// The successor encoding (refused for puzzles it cannot express).
    Successor,
}

/// The smallest puzzle (in cells) for which `Auto` picks the successor encoding: from 6x6 up
/// it found the first tour or path faster on every family measured (`encodings/successor.md`).
pub const AUTO_SUCCESSOR_MIN_CELLS: usize = 36;

impl From<Encoding> for EncodingChoice {
    fn from(encoding: Encoding) -> Self {
        match encoding {
            Encoding::Position => EncodingChoice::Position,
            Encoding::Successor => EncodingChoice::Successor,
        }
    }
}

impl EncodingChoice {
    /// The encoding used for `puzzle`. An explicit choice is kept even where it does not apply
    /// (encoding then says why).
    pub fn resolve(self, puzzle: &Puzzle) -> Encoding {
        match self {
            EncodingChoice::Position => Encoding::Position,
            EncodingChoice::Successor => Encoding::Successor,
            EncodingChoice::Auto
                if puzzle.n_cells() >= AUTO_SUCCESSOR_MIN_CELLS && successor::applies(puzzle) =>
            {
                Encoding::Successor
            }
            EncodingChoice::Auto => Encoding::Position,
        }
    }

    /// The choice's name, as `--encoding` spells it.
    pub fn name(self) -> &'static str {
        match self {
            EncodingChoice::Auto => "auto",
            EncodingChoice::Position => "position",
            EncodingChoice::Successor => "successor",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::Moves;

    #[test]
    fn auto_takes_the_successor_encoding_for_large_puzzles_it_expresses() {
        let small = Puzzle::blank(5, 7, Moves::Knight, true).unwrap();
        let large = Puzzle::blank(10, 10, Moves::Knight, true).unwrap();
        let pinned = large.with_givens(&[(0, 1), (55, 7)]).unwrap();
        let started = large.with_givens(&[(0, 1)]).unwrap();
        assert_eq!(EncodingChoice::Auto.resolve(&small), Encoding::Position);
        assert_eq!(EncodingChoice::Auto.resolve(&large), Encoding::Successor);
        assert_eq!(EncodingChoice::Auto.resolve(&started), Encoding::Successor);
        assert_eq!(EncodingChoice::Auto.resolve(&pinned), Encoding::Position);
        assert_eq!(
            EncodingChoice::Successor.resolve(&pinned),
            Encoding::Successor
        );
        assert_eq!(EncodingChoice::Position.resolve(&large), Encoding::Position);
    }
}

/// The encodings by the names `--encoding`, `"encoding"` and `encoding=` take: the
/// [`EncodingChoice`] and, for the successor encoding, its rule against subtours, in one word
/// (strum's FromStr, Display and `VARIANTS`; clap's `ValueEnum` with the feature `clap`, the
/// variants' docs its help).
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
    strum::VariantArray,
)]
#[strum(serialize_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
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

impl EncodingName {
    /// The name, as `--encoding` spells it.
    pub fn name(self) -> &'static str {
        self.into()
    }

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

    /// The name of the encoding `used` with the rule `subtours`: the inverse of
    /// [`EncodingName::choice`] on a run's encoding (what a certificate records).
    pub fn of(used: Encoding, subtours: Subtours) -> EncodingName {
        use strum::VariantArray;
        match used {
            Encoding::Position => EncodingName::Position,
            Encoding::Successor => EncodingName::VARIANTS
                .iter()
                .copied()
                .find(|n| n.choice() == (EncodingChoice::Successor, subtours))
                .unwrap_or(EncodingName::Successor),
        }
    }
}
