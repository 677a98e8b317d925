#![warn(missing_docs)]
//! # pathsat-certificate
//!
//! Certificates of "no": written after a certified CaDiCaL run, checked by tools that are not
//! the solver. The solver records a run (its clauses, each with its claim, and CaDiCaL's DRAT
//! proof: [`pathsat_solver::certificate`]); this crate turns it into a directory that anyone
//! can check again, and checks such a directory; `pathsat-claims` beside it is the separate
//! checker of the claims and the proof that both steps call. It is a crate of its own so that
//! the facade (`pathsat-api`) only asks for a certificate and reports it, and so that what a
//! certificate holds and what its check accepts are read in one place.
//!
//! [`write_and_check`] turns a finished run
//! ([`RecordedRun`](pathsat_solver::certificate::RecordedRun)) into a certificate directory
//! (`formula.cnf`, `claims.txt`, `proof.drat`, the puzzle file, `run.json` with the CRC-32 of
//! each file, `README.md`) and checks it, which [`check_directory`] also does for a directory
//! on its own (`pathsat check-certificate DIR`); [`write_and_check_cubes`] does the same for a
//! count in cubes, one certificate a cube. A check accepts only when:
//!
//! 1. the puzzle, encoded afresh with the options of `run.json`, gives exactly the first
//!    clauses of `formula.cnf` and the variables' meaning that `claims.txt` states (so a
//!    certificate of another puzzle is refused);
//! 2. the separate claims checker (`pathsat-claims`) accepts every clause after the encoding;
//! 3. every solution the claims exclude passes the independent verifier;
//! 4. `dratify`, a DRAT checker from outside (crates.io, called through `pathsat-claims`),
//!    verifies `proof.drat` against `formula.cnf`.
//!
//! Anything else is a [`CertificateError::Rejected`] with a one-line reason.
//!
//! `run.json` records the encoding in the front end's words (the names of its options), which
//! this crate does not know: the caller gives them as an [`EncodingRecord`] (`pathsat-api`'s
//! `EncodingSpec`), so that the crate names no option.
//!
//! ## Modules
//! - `write.rs`: [`write_and_check`]; `cubes.rs`: [`write_and_check_cubes`] and the check of a
//!   count in cubes' `cubes.json`;
//! - `check.rs`: the four steps above, on one certificate's directory;
//! - `meaning.rs`: the encoding afresh, the variables' meaning as `claims.txt` states it, the
//!   fillings the claimed solutions stand for, and what a certificate proves, in words;
//! - this file: the summary, `run.json`, the errors and [`check_directory`].

mod check;
mod cubes;
mod meaning;
mod write;

pub use cubes::write_and_check_cubes;
pub use write::write_and_check;

use pathsat_encode::{Encoding, EncodingOptions};
use pathsat_puzzle::{parse_file, PuzzleError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// What a checked certificate proves, and what checking it cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CertificateSummary {
    /// What is proved: `no solution`, `no Hamiltonian cycle`, `exactly 1 solution`, ...
    pub answer: String,
    /// Solutions the run found and excluded; with the proof, the puzzle has exactly these.
    pub solutions: u64,
    /// Clauses of `formula.cnf`, of which `encoding_clauses` are the puzzle's encoding.
    pub clauses: usize,
    /// Clauses of the encoding.
    pub encoding_clauses: usize,
    /// The claims, by kind (`force`, `remove`, `leave`, `enter`, `tour`, `block`).
    pub claims: BTreeMap<String, usize>,
    /// The size of `proof.drat`, in bytes.
    pub proof_bytes: u64,
    /// The DRAT checker that verified the proof, with its version.
    pub checker: String,
    /// Seconds the whole check took (the DRAT checker's share in `proof_check_seconds`).
    pub check_seconds: f64,
    /// Seconds the DRAT checker took.
    pub proof_check_seconds: f64,
    /// The certificate's directory, when it is kept (`--certificate DIR`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub directory: Option<String>,
    /// A cube's pinned value, or a count in cubes' number of cubes (`--method sat`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cubes: Option<usize>,
    /// The (cell, value) a cube's certificate pins (cells from 0).
    #[serde(skip)]
    pub assumed: Vec<(usize, u32)>,
}

/// The DRAT checker, as reports name it.
pub const DRAT_CHECKER: &str = "dratify 0.1";

/// What `run.json` records: the puzzle file in the directory and how it was encoded.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct RunRecord<E> {
    /// The puzzle file's name in the certificate's directory.
    puzzle: String,
    /// What is proved.
    answer: String,
    /// The encoding and its options, as the front end names them.
    #[serde(flatten)]
    encoding: E,
    /// The CRC-32 of each file as the run wrote it: a file changed since (a byte of the
    /// proof, a claim) is refused by name, even where the change would still check.
    checksums: BTreeMap<String, String>,
}

/// How `run.json` records a run's encoding: in the front end's words (the names of its
/// options), read back into the options that encode the puzzle afresh.
pub trait EncodingRecord: Serialize + DeserializeOwned {
    /// The record of a run in the encoding `used` with `options` (the inverse of
    /// [`EncodingRecord::options`] on what that encoding reads).
    fn of(options: &EncodingOptions, used: Encoding) -> Self;

    /// The encoding options it records.
    fn options(&self) -> EncodingOptions;
}

/// Why a certificate was not written or not accepted: each names the directory.
#[derive(Debug, thiserror::Error)]
pub enum CertificateError {
    /// A certificate (in `dir`) that was not written whole or that its check rejected.
    #[error("{dir}: certificate rejected: {reason}")]
    Rejected {
        /// The certificate's directory.
        dir: String,
        /// Why, in one line.
        reason: String,
    },
    /// A directory that holds no certificate.
    #[error("{dir}: {problem}")]
    NotACertificate {
        /// The directory.
        dir: String,
        /// What is missing.
        problem: String,
    },
    /// The certificate's puzzle file does not parse (its message names the file).
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
}

/// The files whose checksums `run.json` keeps.
const CHECKED_FILES: [&str; 3] = ["formula.cnf", "claims.txt", "proof.drat"];

/// The CRC-32 of the file at `path`, as 8 hex digits.
fn checksum(path: &Path) -> std::io::Result<String> {
    let mut hasher = crc32fast::Hasher::new();
    let mut file = fs::File::open(path)?;
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let n = std::io::Read::read(&mut file, &mut buffer)?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
    }
    Ok(format!("{:08x}", hasher.finalize()))
}

/// The certificate in `dir` rejected for `reason`.
fn rejected(dir: &Path, reason: impl std::fmt::Display) -> CertificateError {
    CertificateError::Rejected {
        dir: dir.display().to_string(),
        reason: reason.to_string(),
    }
}

/// Where the puzzle of a certificate comes from.
#[derive(Clone, Copy, Debug)]
pub enum PuzzleSource<'a> {
    /// The puzzle read from this file (or named so by a front end): written into the
    /// certificate as `STEM.toml`, as pathsat read it.
    File(&'a str),
    /// A puzzle file's text, written into the certificate under this name (a generated
    /// puzzle).
    Text {
        /// The file's name.
        name: &'a str,
        /// Its content.
        text: &'a str,
    },
}

/// Checks the certificate in `dir` (as `pathsat check-certificate DIR` does), reading the
/// puzzle it names.
///
/// # Errors
/// [`CertificateError::NotACertificate`] when `dir` holds no certificate;
/// [`CertificateError::Puzzle`] when its puzzle file does not parse;
/// [`CertificateError::Rejected`] when the check rejects it.
pub fn check_directory<E: EncodingRecord>(
    dir: &Path,
) -> Result<CertificateSummary, CertificateError> {
    if let Ok(text) = fs::read_to_string(dir.join("cubes.json")) {
        return cubes::check_cubes::<E>(dir, &text);
    }
    let text = fs::read_to_string(dir.join("run.json")).map_err(|e| {
        CertificateError::NotACertificate {
            dir: dir.display().to_string(),
            problem: format!("not a pathsat certificate (run.json: {e})"),
        }
    })?;
    let record: RunRecord<E> = serde_json::from_str(&text)
        .map_err(|e| rejected(dir, format!("run.json does not parse: {e}")))?;
    let puzzle = parse_file(&dir.join(&record.puzzle))?;
    let mut summary = check::check(dir, &puzzle, &record)?;
    summary.directory = Some(dir.display().to_string());
    Ok(summary)
}
