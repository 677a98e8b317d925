//! # Options of a run
//!
//! How to encode and solve ([`SolveOptions`]), and the heuristics a solver runs beside its SAT
//! calls ([`Tuning`]): what the position and successor solvers are built from, and what
//! [`PuzzleSolver`](crate::PuzzleSolver) chooses between them by.

use crate::{SolveError, SolverChoice, Unsupported};
use pathsat_cnf::CountingSink;
use pathsat_encode::{position, Encoding, EncodingChoice, EncodingOptions};
use pathsat_puzzle::Puzzle;

/// The largest position encoding, in clauses, that `--solver auto` gives varisat rather than
/// CaDiCaL. On such small formulas varisat's calls cost less: 2.6 times faster on the rook's
/// path with primes (10,561 clauses), 12 % faster in the geometric mean over 16 puzzles of 380
/// to 10,561 clauses, CaDiCaL 16 % faster over five of 13,603 to 29,508 (encodings/position.md,
/// *Which solver*).
pub const SMALL_FORMULA_CLAUSES: usize = 12_000;

/// How to encode and solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// The encoding; with `certify` and varisat, `Auto` takes the position encoding.
    pub encoding: EncodingOptions,
    /// Record a proof of the whole run: with CaDiCaL a DRAT proof and the claims of a
    /// certificate ([`crate::certificate`]), in either encoding (the successor encoding with
    /// lazy cuts); with varisat its own proof, checked by
    /// [`PuzzleSolver::certify`](crate::PuzzleSolver::certify), in the position encoding.
    pub certify: bool,
    /// The embedded SAT solver: varisat (the default here), CaDiCaL (when built in), or the
    /// automatic choice (`--solver auto`, the front ends' default): CaDiCaL when built in, but
    /// varisat for a position encoding whose formula is small
    /// ([`SolveOptions::solver_for_clauses`]) and uncertified.
    pub solver: SolverChoice,
    /// 0 (the default) runs every solver as it comes, the same way each time; another value
    /// reseeds the random choices of a run ([`SatSolver::seeded`](crate::SatSolver::seeded):
    /// CaDiCaL's, the order in which the edge loop numbers its edges, rotation–extension's) for
    /// another run, as reproducible, of a different path through the search.
    pub seed: u64,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            encoding: EncodingOptions::default(),
            certify: false,
            solver: SolverChoice::Varisat,
            seed: 0,
        }
    }
}

impl SolveOptions {
    /// The solver that runs, the automatic choice settled but for the formula's size
    /// ([`SolverChoice::engine`]).
    pub fn engine(&self) -> SolverChoice {
        self.solver.engine(self.certify)
    }

    /// Whether the solver is chosen by the size of the formula: the automatic choice, in a run
    /// not certified ([`SolveOptions::solver_for_clauses`]).
    pub fn by_size(&self) -> bool {
        self.solver == SolverChoice::Auto && !self.certify
    }

    /// The encoding these options give `puzzle`.
    pub fn encoding_for(&self, puzzle: &Puzzle) -> Encoding {
        match self.encoding.choice {
            // varisat's proofs are of the position encoding's runs only.
            EncodingChoice::Auto if self.certify && self.engine() == SolverChoice::Varisat => {
                Encoding::Position
            }
            // A certificate of the cut loop is a few cuts and a short proof, where the
            // position encoding's proof of a "no" grows fast with the board: certified runs
            // take the successor encoding wherever it applies, small puzzles too.
            EncodingChoice::Auto
                if self.certifies_with_drat() && pathsat_encode::successor::applies(puzzle) =>
            {
                Encoding::Successor
            }
            _ => self.encoding.resolve(puzzle),
        }
    }

    /// Whether the solver chosen is built in and can do the run asked.
    ///
    /// # Errors
    /// [`Unsupported::CadicalNotBuiltIn`].
    pub fn check_solver(&self) -> Result<(), SolveError> {
        if !self.engine().is_built_in() {
            return Err(SolveError::Unsupported(Unsupported::CadicalNotBuiltIn));
        }
        Ok(())
    }

    /// Whether a certified run writes a DRAT certificate (CaDiCaL) rather than varisat's proof.
    pub fn certifies_with_drat(&self) -> bool {
        self.certify && self.engine() == SolverChoice::Cadical
    }

    /// The solver for a position encoding of `clauses` clauses: varisat if the choice is by
    /// size and the formula is small (at most [`SMALL_FORMULA_CLAUSES`]), else the
    /// [`engine`](SolveOptions::engine).
    pub fn solver_for_clauses(&self, clauses: usize) -> SolverChoice {
        if self.by_size() && clauses <= SMALL_FORMULA_CLAUSES {
            SolverChoice::Varisat
        } else {
            self.engine()
        }
    }

    /// These options with the solver settled for `puzzle` in the position encoding: with
    /// the automatic choice, the formula is written once into a sink that only counts, and its
    /// size chooses ([`SolveOptions::solver_for_clauses`]). For runs that share one solver
    /// choice over many formulas of a puzzle (the cubes of a count, each no larger).
    pub fn settled_for_position(&self, puzzle: &Puzzle) -> SolveOptions {
        let mut settled = SolveOptions {
            solver: self.engine(),
            ..*self
        };
        if self.by_size() && self.engine() != SolverChoice::Varisat {
            let mut sink = CountingSink::default();
            if position::encode(puzzle, &self.encoding.position, &mut sink).is_ok() {
                settled.solver = self.solver_for_clauses(sink.n_clauses);
            }
        }
        settled
    }

    /// These options with the encoding `choice`.
    pub fn with_choice(self, choice: EncodingChoice) -> SolveOptions {
        SolveOptions {
            encoding: EncodingOptions {
                choice,
                ..self.encoding
            },
            ..self
        }
    }
}

/// Heuristics a solver runs beside its SAT calls; all on by default. A portfolio
/// ([`crate::portfolio`]) runs members with different ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Ask the frontier program first whether a narrow graph has no Hamiltonian cycle
    /// ([`crate::narrow`], up to a second).
    pub narrow_check: bool,
    /// Rotation–extension before the successor loop's first call and on its models' longest
    /// subcycles ([`crate::successor`]).
    pub rotation: bool,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            narrow_check: true,
            rotation: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_automatic_choice_takes_varisat_up_to_the_small_formula_size_only() {
        let auto = SolveOptions {
            solver: SolverChoice::Auto,
            ..SolveOptions::default()
        };
        if !SolverChoice::Cadical.is_built_in() {
            return;
        }
        assert_eq!(
            auto.solver_for_clauses(SMALL_FORMULA_CLAUSES),
            SolverChoice::Varisat
        );
        assert_eq!(
            auto.solver_for_clauses(SMALL_FORMULA_CLAUSES + 1),
            SolverChoice::Cadical
        );
        // A solver asked for by name is kept whatever the size.
        let asked = SolveOptions {
            solver: SolverChoice::Cadical,
            ..auto
        };
        assert_eq!(asked.solver_for_clauses(10), SolverChoice::Cadical);
    }
}
