//! # The frontier sweep's own certificate of "no Hamiltonian cycle"
//!
//! On a graph of small pathwidth the frontier program answers "no Hamiltonian cycle" in
//! milliseconds, where a SAT solver needs thousands of conflicts or cuts. The successor
//! encoding with the frontier rule ([`Subtours::Frontier`]) has a variable for every piece of
//! the program's state, so the program's refutation can be written as a DRAT proof of that CNF
//! ([`pathsat_encode::subtours::frontier_refutation`]): a lemma per state whose next edge is
//! free, each following by unit propagation. [`sweep_refutation`] writes the CNF and that proof as a
//! [`RecordedRun`] without calling a solver; the certificate is checked as any other (the
//! claims checker finds no claims, the DRAT checker replays the proof), so nothing rests on
//! the sweep's code.

use crate::certificate::{Meaning, Prover, RecordedRun, Recording};
use crate::{SolveError, SolveOptions, SolveStats};
use pathsat_cnf::{ClauseSink, Cnf, Lit};
use pathsat_encode::subtours::{Refutation, Subtours, SweepLimits};
use pathsat_encode::{successor, Encoding};
use pathsat_puzzle::Puzzle;
use std::io::{BufWriter, Write};
use web_time::Instant;

/// How far the sweep goes before it leaves the answer to the solvers: past these, its proof
/// would take longer to check than a solver's. Measured: the flower snark J13 holds at most 12
/// interface edges and takes 16,700 transitions and about 100,000 literals (0.053 s certified,
/// whole process), GP(47, 2) 10 edges, 10,200 transitions and 45,000 literals; the closed
/// knight's boards 4 x 6 and wider hold 21 edges or more, and the cut loop certifies them in
/// milliseconds. The interface is checked before the graph is encoded.
pub const SWEEP_LIMITS: SweepLimits = SweepLimits {
    transitions: 25_000,
    interface: 20,
    literals: 300_000,
};

/// The largest CNF the sweep proves (clauses, the successor encoding with the frontier rule):
/// past it the graph is too wide.
pub const SWEEP_MAX_CLAUSES: u64 = 400_000;

/// The sweep's certificate that the closed tour `puzzle` (a graph's Hamiltonian cycles) has
/// none, with the run's statistics; `None` when it has one, when the graph is too wide or
/// has a vertex of degree above 6, or when the puzzle is not a closed tour the successor
/// encoding can write.
///
/// # Errors
/// Writing the proof to a temporary directory fails.
pub fn sweep_refutation(
    puzzle: &Puzzle,
    options: &SolveOptions,
) -> Result<Option<(RecordedRun, SolveStats)>, SolveError> {
    if !puzzle.is_closed() || !successor::applies(puzzle) {
        return Ok(None);
    }
    let exactly_one = options.encoding.successor_exactly_one;
    let started = Instant::now();
    // The graph's sweep first, from its arcs alone: a wide one is left before it is encoded.
    let Ok(arcs) = successor::encode(
        puzzle,
        exactly_one,
        &mut pathsat_cnf::CountingSink::default(),
    ) else {
        return Ok(None);
    };
    if arcs.contradiction.is_some() || arcs.frontier_interface_width() > SWEEP_LIMITS.interface {
        return Ok(None);
    }
    let mut cnf = Cnf::new();
    let encoding =
        match successor::encode_complete(puzzle, exactly_one, Subtours::Frontier, &mut cnf) {
            Ok(e) if e.stats.clauses as u64 <= SWEEP_MAX_CLAUSES => e,
            _ => return Ok(None),
        };
    let encode_time = started.elapsed();
    let io = |e: std::io::Error| SolveError::Certificate(format!("writing the proof: {e}"));
    let scratch = tempfile::tempdir().map_err(io)?;
    let proof = scratch.path().join("proof.drat");
    let mut out = BufWriter::new(std::fs::File::create(&proof).map_err(io)?);
    let mut written = Ok(());
    let swept = Instant::now();
    let outcome = encoding.frontier_refutation(SWEEP_LIMITS, |lemma| {
        if written.is_ok() {
            written = write_binary_lemma(&mut out, lemma);
        }
    });
    written.and_then(|()| out.flush()).map_err(io)?;
    drop(out);
    if !matches!(outcome, Refutation::Refuted { .. }) {
        return Ok(None);
    }
    let mut recording = Recording::new(proof);
    for clause in cnf.clauses() {
        recording.clause(cnf.n_vars(), clause);
    }
    recording.end_encoding();
    let stats = SolveStats {
        encoding: Encoding::Successor,
        solver: options.engine(),
        encode: encoding.stats.clone(),
        encode_time,
        solve_time: swept.elapsed(),
        solve_calls: 0,
        solutions: 0,
        subtours: None,
    };
    let run = RecordedRun {
        recording,
        meaning: Meaning::of_arcs(&encoding),
        encoding: Encoding::Successor,
        subtours: Subtours::Frontier,
        exhausted: true,
        prover: Prover::Sweep,
        scratch,
    };
    Ok(Some((run, stats)))
}

/// Writes one lemma in binary DRAT: `a`, each literal as 2v + sign in 7-bit groups, lowest
/// first, then `0`.
fn write_binary_lemma(out: &mut impl Write, lemma: &[Lit]) -> std::io::Result<()> {
    let mut bytes = Vec::with_capacity(4 * lemma.len() + 2);
    bytes.push(b'a');
    for &lit in lemma {
        let var = lit.var().to_dimacs();
        let mut code = 2 * var + u64::from(lit.is_negative());
        while code >= 0x80 {
            bytes.push((code & 0x7f) as u8 | 0x80);
            code >>= 7;
        }
        bytes.push(code as u8);
    }
    bytes.push(0);
    out.write_all(&bytes)
}
