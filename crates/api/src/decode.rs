//! `decode`: reads a SAT solver's answer to pathsat's exported CNF back into a solution, which
//! the verifier must accept.

use crate::outcome::{vertex_order, Answer, EncodedSizes, EncodingInfo, RunStats, Solutions};
use crate::{Error, Refusal};
use pathsat_bigcount::BigCount;
use pathsat_cnf::{Cnf, CountingSink};
use pathsat_dimacs::{parse_solver_output, Model, SolverOutput};
use pathsat_encode::export::encode_for_export;
use pathsat_encode::EncodingOptions;
use pathsat_puzzle::{Filling, Puzzle};
use pathsat_solver::decode_model;
use serde::Serialize;
use web_time::Instant;

/// The result of `decode`, as `pathsat decode --format json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct DecodeReport {
    /// `sat` (the model decodes to a verified solution) or `unsat` (the solver found none).
    #[serde(flatten)]
    pub answer: Answer,
    /// The filling the model encodes (at most one).
    pub solutions: Solutions,
    /// For a graph: the vertices in path order, numbered from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<usize>>,
    /// Why the puzzle has no solution, when the encoder proved it before solving.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The solver output the answer was read from.
    pub model_file: String,
    /// The encoding the model was read in.
    pub encoding: EncodingInfo,
    /// Sizes and times.
    pub stats: RunStats,
    /// The solution, passed by the verifier, for pictures and text.
    #[serde(skip)]
    pub fillings: Vec<Filling>,
    /// With a proof of an "unsatisfiable" (`--proof FILE`): what the DRAT checker verified.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<ProofReport>,
}

/// What the DRAT checker (dratify) verified of an outside solver's proof that the exported CNF
/// is unsatisfiable.
#[derive(Clone, Debug, Serialize)]
pub struct ProofReport {
    /// The proof's file.
    pub file: String,
    /// Its size, in bytes.
    pub bytes: u64,
    /// The checker.
    pub checker: &'static str,
    /// The steps it replayed.
    pub steps: u64,
    /// Seconds the check took.
    pub check_seconds: f64,
}

/// Checks `proof` (DRAT, binary or text, read from `proof_file`) against the CNF that `export`
/// writes for `puzzle` with `options`: an outside solver's "unsatisfiable", proved.
///
/// # Errors
/// [`Error::Solve`] when the puzzle cannot be encoded; [`Error::Proof`] when the checker
/// rejects the proof.
pub fn check_proof(
    puzzle: &Puzzle,
    file: &str,
    options: &EncodingOptions,
    proof_file: &str,
    proof: &[u8],
) -> Result<ProofReport, Error> {
    let started = Instant::now();
    let mut cnf = Cnf::new();
    encode_for_export(puzzle, options, &mut cnf).map_err(|e| Error::solve(file, e.into()))?;
    let formula: Vec<Vec<i64>> = cnf
        .clauses()
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect();
    let checked = pathsat_claims::check_proof(&formula, proof).map_err(|e| Error::Proof {
        file: proof_file.to_string(),
        reason: e.to_string(),
    })?;
    Ok(ProofReport {
        file: proof_file.to_string(),
        bytes: proof.len() as u64,
        checker: crate::certificate::DRAT_CHECKER,
        steps: checked.steps,
        check_seconds: started.elapsed().as_secs_f64(),
    })
}

/// Decodes the solver output `text` (from `model_file`) for `puzzle` (from `file`), encoded
/// with `options` as `export` encoded it.
///
/// # Errors
/// [`Error::Puzzle`] for solver output that does not parse (with its line and column),
/// [`Error::Refused`] for an undecided run, [`Error::Solve`] when the puzzle cannot be encoded,
/// and [`Error::Model`] when the model is not a solution of this puzzle.
pub fn decode(
    puzzle: &Puzzle,
    file: &str,
    options: &EncodingOptions,
    model_file: &str,
    text: &str,
) -> Result<DecodeReport, Error> {
    let output = parse_solver_output(text).map_err(|error| Error::SolverOutput {
        file: model_file.to_string(),
        error,
    })?;
    decode_output(puzzle, file, options, model_file, output)
}

/// Decodes a model given as its literals (`v` true, `-v` false: an in-process solver's model,
/// such as PySAT's `get_model()`), named `model_name` in errors.
///
/// # Errors
/// As [`decode`]; a literal list that is not a model is [`Error::SolverOutput`].
pub fn decode_literals(
    puzzle: &Puzzle,
    file: &str,
    options: &EncodingOptions,
    model_name: &str,
    literals: &[i64],
) -> Result<DecodeReport, Error> {
    let model = Model::from_literals(literals).map_err(|error| Error::SolverOutput {
        file: model_name.to_string(),
        error,
    })?;
    decode_output(puzzle, file, options, model_name, SolverOutput::Sat(model))
}

/// Decodes a solver's parsed answer.
fn decode_output(
    puzzle: &Puzzle,
    file: &str,
    options: &EncodingOptions,
    model_file: &str,
    output: SolverOutput,
) -> Result<DecodeReport, Error> {
    let started = Instant::now();
    let encoded = encode_for_export(puzzle, options, &mut CountingSink::default())
        .map_err(|e| Error::solve(file, e.into()))?;
    let encode_time = started.elapsed();
    let fillings = match output {
        SolverOutput::Unknown => return Err(Error::refused(model_file, Refusal::UndecidedModel)),
        SolverOutput::Unsat => vec![],
        SolverOutput::Sat(model) => {
            vec![
                decode_model(puzzle, &encoded, &model).map_err(|problem| Error::Model {
                    file: model_file.to_string(),
                    problem,
                })?,
            ]
        }
    };
    let count = BigCount::from(fillings.len() as u64);
    // A model is one solution: only an unsatisfiable answer is complete.
    let complete = fillings.is_empty();
    Ok(DecodeReport {
        answer: Answer::new(puzzle, file, count, complete),
        solutions: Solutions::of(puzzle, &fillings),
        order: fillings
            .first()
            .filter(|_| puzzle.is_graph())
            .map(vertex_order),
        reason: encoded.contradiction().map(str::to_string),
        model_file: model_file.to_string(),
        encoding: EncodingInfo::new(encoded.kind(), options),
        stats: RunStats {
            cells: puzzle.n_cells(),
            graph: puzzle.is_graph(),
            encoded: Some(EncodedSizes::new(encoded.stats(), encode_time)),
            solver_calls: 0,
            solve_seconds: 0.0,
            total_seconds: started.elapsed().as_secs_f64(),
            subtours: None,
            phases: Vec::new(),
        },
        fillings,
        proof: None,
    })
}
