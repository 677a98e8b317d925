//! The encoders judged from outside: every model of the CNF they write, enumerated by varisat
//! (`sat.rs`), decoded and compared with the brute force of `pathsat-puzzle` on small puzzles
//! (`corpus.rs`); the candidate domains compared with a naive implementation of the pruning
//! rules (`reference.rs`); the sizes the encoders report compared with the closed forms of
//! `encodings/*.md`; the DIMACS header compared with hand-checked lines. These are the tests
//! `just mutants` runs against the encoders.

mod complete;
mod corpus;
mod exactly_one;
mod export;
mod frontier_proof;
mod position;
mod reference;
mod sat;
mod successor;
mod trail;

use pathsat_cnf::{ClauseSink, Cnf};

/// A sink that already holds variables and clauses, as a solver's does after earlier
/// encodings: an encoder must count and number only what it adds.
pub fn used_sink() -> Cnf {
    let mut cnf = Cnf::new();
    let a = cnf.new_lit();
    let b = cnf.new_lit();
    let c = cnf.new_lit();
    cnf.add_clause(&[a, b]);
    cnf.add_clause(&[!a, c]);
    cnf
}
