//! Certificates of "no", as the front ends ask for them: [`pathsat_certificate`] writes and
//! checks them; here its errors become the api's ([`Error::Certificate`], exit status 3) and
//! `run.json` records the encoding by the options' names ([`EncodingSpec`]).

use crate::options::EncodingSpec;
use crate::Error;
use pathsat_certificate::{CertificateError, EncodingRecord};
use pathsat_encode::{Encoding, EncodingOptions};
use pathsat_puzzle::Puzzle;
use pathsat_solver::certificate::RecordedRun;
use std::path::Path;

pub use pathsat_certificate::{CertificateSummary, PuzzleSource, DRAT_CHECKER};

impl EncodingRecord for EncodingSpec {
    fn of(options: &EncodingOptions, used: Encoding) -> Self {
        EncodingSpec::of(options, used)
    }

    fn options(&self) -> EncodingOptions {
        EncodingSpec::options(self)
    }
}

impl From<CertificateError> for Error {
    fn from(error: CertificateError) -> Error {
        match error {
            CertificateError::Rejected { dir, reason } => Error::Certificate { dir, reason },
            CertificateError::NotACertificate { dir, problem } => {
                Error::Invalid { what: dir, problem }
            }
            CertificateError::Puzzle(e) => Error::Puzzle(e),
        }
    }
}

/// Writes the certificate of `run` (a complete run on `puzzle`, from `source`, with the
/// encoding `options` gave it) into `target` (made if missing; a temporary directory when
/// `None`) and checks it ([`pathsat_certificate::write_and_check`]).
///
/// # Errors
/// [`Error::Certificate`] when writing fails or the check rejects it.
pub fn write_and_check(
    run: RecordedRun,
    puzzle: &Puzzle,
    source: PuzzleSource<'_>,
    options: &EncodingOptions,
    target: Option<&Path>,
) -> Result<CertificateSummary, Error> {
    Ok(pathsat_certificate::write_and_check::<EncodingSpec>(
        run, puzzle, source, options, target,
    )?)
}

/// Writes and checks the certificate of each cube of a count in cubes (`--method sat
/// --certify`), into `target/cube-VALUE` when kept
/// ([`pathsat_certificate::write_and_check_cubes`]).
///
/// # Errors
/// As [`write_and_check`], and [`Error::Certificate`] when the cubes do not cover the cell.
pub fn write_and_check_cubes(
    cubes: pathsat_count::CubeRuns,
    puzzle: &Puzzle,
    source: PuzzleSource<'_>,
    options: &EncodingOptions,
    target: Option<&Path>,
) -> Result<CertificateSummary, Error> {
    Ok(pathsat_certificate::write_and_check_cubes::<EncodingSpec>(
        cubes.cell, cubes.runs, puzzle, source, options, target,
    )?)
}

/// Checks the certificate in `dir` (as `pathsat check-certificate DIR` does), reading the
/// puzzle it names.
///
/// # Errors
/// [`Error::Invalid`] when `dir` holds no certificate; [`Error::Puzzle`] when its puzzle file
/// does not parse; [`Error::Certificate`] when the check rejects it.
pub fn check_directory(dir: &Path) -> Result<CertificateSummary, Error> {
    Ok(pathsat_certificate::check_directory::<EncodingSpec>(dir)?)
}
