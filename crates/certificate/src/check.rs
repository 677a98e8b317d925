//! Checking a certificate's directory against its puzzle, step by step as the crate's
//! documentation lists them.

use crate::meaning::{answer_of, encode, filling_of, meaning_lines};
use crate::{
    checksum, rejected, CertificateError, CertificateSummary, EncodingRecord, RunRecord,
    CHECKED_FILES, DRAT_CHECKER,
};
use pathsat_cnf::ClauseSink;
use pathsat_puzzle::{verify, Puzzle};
use pathsat_solver::certificate::Meaning;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use web_time::Instant;

/// Checks the certificate in `dir` of a run on `puzzle` that `record` describes, step by step
/// as the module's documentation lists them.
pub(crate) fn check<E: EncodingRecord>(
    dir: &Path,
    puzzle: &Puzzle,
    record: &RunRecord<E>,
) -> Result<CertificateSummary, CertificateError> {
    let started = Instant::now();
    check_checksums(dir, record)?;
    let read = |name: &str| {
        fs::read_to_string(dir.join(name)).map_err(|e| rejected(dir, format!("{name}: {e}")))
    };
    let formula_text = read("formula.cnf")?;
    let claims_text = read("claims.txt")?;
    let formula = pathsat_claims::parse_cnf(&formula_text).map_err(|e| rejected(dir, e))?;
    let accepted = pathsat_claims::check(&formula, &claims_text).map_err(|e| rejected(dir, e))?;
    // 1. The CNF and the variables' meaning are this puzzle's.
    let meaning = check_encoding(dir, puzzle, record, &formula, &claims_text, &accepted)?;
    // What it proves, derived from the claims accepted, is what it says it proves.
    let tours = accepted
        .solutions
        .iter()
        .filter(|s| matches!(s, pathsat_claims::Solution::Tour(_)))
        .count();
    let answer = answer_of(
        puzzle,
        tours,
        accepted.solutions.len() - tours,
        &accepted.excluded,
        &accepted.assumed,
    );
    if answer != record.answer {
        return Err(rejected(
            dir,
            format!(
                "run.json says \"{}\", but the claims prove \"{answer}\"",
                record.answer
            ),
        ));
    }
    // 3. The solutions excluded are solutions.
    for (i, solution) in accepted.solutions.iter().enumerate() {
        let filling = filling_of(puzzle, &meaning, solution);
        if let Err(problem) = verify(puzzle, &filling) {
            return Err(rejected(
                dir,
                format!(
                    "solution {} the claims exclude is not one: {problem}",
                    i + 1
                ),
            ));
        }
    }
    // 4. The proof.
    let proof_started = Instant::now();
    let checker = check_proof(dir, &formula)?;
    let proof_check_seconds = proof_started.elapsed().as_secs_f64();
    let mut claims = BTreeMap::new();
    for line in claims_text
        .lines()
        .skip_while(|l| !l.starts_with("solutions "))
        .skip(1)
    {
        if let Some(word) = line.split_whitespace().next() {
            *claims.entry(word.to_string()).or_insert(0) += 1;
        }
    }
    Ok(CertificateSummary {
        answer,
        solutions: accepted.solutions.len() as u64,
        clauses: accepted.clauses,
        encoding_clauses: accepted.encoding_clauses,
        claims,
        proof_bytes: fs::metadata(dir.join("proof.drat")).map_or(0, |m| m.len()),
        checker,
        check_seconds: started.elapsed().as_secs_f64(),
        proof_check_seconds,
        directory: None,
        cubes: None,
        assumed: accepted.assumed,
    })
}

/// Refuses a certificate whose files were changed after the run: each checked file's CRC-32
/// must be the one `run.json` records.
fn check_checksums<E>(dir: &Path, record: &RunRecord<E>) -> Result<(), CertificateError> {
    for name in CHECKED_FILES {
        let sum = checksum(&dir.join(name)).map_err(|e| rejected(dir, format!("{name}: {e}")))?;
        if record.checksums.get(name) != Some(&sum) {
            return Err(rejected(
                dir,
                format!("{name} was changed after the run (its CRC-32 is not run.json's)"),
            ));
        }
    }
    Ok(())
}

/// Step 1: `formula` begins with `puzzle` encoded afresh as `record` says, and the claims give
/// the variables the encoding's meaning, which is returned.
fn check_encoding<E: EncodingRecord>(
    dir: &Path,
    puzzle: &Puzzle,
    record: &RunRecord<E>,
    formula: &[Vec<i64>],
    claims_text: &str,
    accepted: &pathsat_claims::Accepted,
) -> Result<Meaning, CertificateError> {
    let (cnf, meaning) =
        encode(puzzle, &record.encoding.options()).map_err(|e| rejected(dir, e))?;
    if cnf.n_clauses() != accepted.encoding_clauses
        || cnf.clauses().zip(formula).any(|(ours, theirs)| {
            !ours
                .iter()
                .map(|l| l.to_dimacs())
                .eq(theirs.iter().copied())
        })
    {
        return Err(rejected(
            dir,
            format!(
                "formula.cnf does not begin with the encoding of {} ({} clauses)",
                puzzle.name(),
                cnf.n_clauses()
            ),
        ));
    }
    if !meaning_lines(&meaning).eq(claims_text.lines().filter(|l| {
        ["vertices ", "arc ", "cells ", "value "]
            .iter()
            .any(|k| l.starts_with(k))
    })) {
        return Err(rejected(
            dir,
            format!(
                "claims.txt gives the variables another meaning than the encoding of {}",
                puzzle.name()
            ),
        ));
    }
    Ok(meaning)
}

/// Step 4: `proof.drat` refutes `formula`, and the checker that said so. None is needed when
/// the formula holds the empty clause: the encoder's contradiction, or a cut with no arc across.
fn check_proof(dir: &Path, formula: &[Vec<i64>]) -> Result<String, CertificateError> {
    Ok(if formula.iter().any(Vec::is_empty) {
        "no proof needed: formula.cnf holds the empty clause".to_string()
    } else {
        let proof = fs::read(dir.join("proof.drat"))
            .map_err(|e| rejected(dir, format!("proof.drat: {e}")))?;
        pathsat_claims::check_proof(formula, &proof).map_err(|e| rejected(dir, e))?;
        DRAT_CHECKER.to_string()
    })
}
