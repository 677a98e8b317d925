//! Writing a finished run's certificate ([`write_and_check`]), checked as soon as it is
//! written.

use crate::check::check;
use crate::meaning::answer_of;
use crate::{
    checksum, rejected, CertificateError, CertificateSummary, EncodingRecord, PuzzleSource,
    RunRecord, CHECKED_FILES,
};
use pathsat_encode::EncodingOptions;
use pathsat_puzzle::{parse_file, write, Puzzle};
use pathsat_solver::certificate::{self as written, RecordedRun};
use pathsat_solver::claims::Claim;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Writes the certificate of `run` (a complete run on `puzzle`, from `source`, with the
/// encoding `options` gave it) into `target` (made if missing; a temporary directory when
/// `None`) and checks it.
///
/// # Errors
/// [`CertificateError::Rejected`] when writing fails or the check rejects it.
pub fn write_and_check<E: EncodingRecord>(
    run: RecordedRun,
    puzzle: &Puzzle,
    source: PuzzleSource<'_>,
    options: &EncodingOptions,
    target: Option<&Path>,
) -> Result<CertificateSummary, CertificateError> {
    // The run's own rule against subtours: a certified race's winner may rule them out in
    // its CNF.
    let encoding = E::of(
        &EncodingOptions {
            subtours: run.subtours,
            ..*options
        },
        run.encoding,
    );
    let dir: PathBuf = match target {
        Some(t) => {
            fs::create_dir_all(t).map_err(|e| rejected(t, format!("cannot make it: {e}")))?;
            t.to_path_buf()
        }
        None => run.scratch.path().to_path_buf(),
    };
    let fail = |e: std::io::Error| rejected(&dir, format!("cannot write the certificate: {e}"));
    // What the run claims to have proved, from its claims; the check derives it again from
    // what it accepts, and the two must agree.
    let (mut tours, mut blocks, mut excluded, mut assumed) = (0, 0, Vec::new(), Vec::new());
    for claim in run.recording.claims() {
        match claim {
            Claim::Tour(_) => tours += 1,
            Claim::Block(_) => blocks += 1,
            Claim::Exclude(cell, value) => excluded.push((*cell, *value)),
            Claim::Assume(cell, value) => assumed.push((*cell, *value)),
            _ => {}
        }
    }
    let answer = answer_of(puzzle, tours, blocks, &excluded, &assumed);
    written::write(
        &dir,
        &run.recording,
        &run.meaning,
        run.prover,
        puzzle.name(),
        &answer,
    )
    .map_err(fail)?;
    // The puzzle as solved, written out (a file given by name could have changed, or, for the
    // web page, not be a file at all); read back, it is what the certificate proves.
    let (name, text) = match source {
        PuzzleSource::File(file) => {
            let stem = Path::new(file)
                .file_stem()
                .map_or_else(|| "puzzle".into(), |n| n.to_string_lossy().into_owned());
            let comment = format!("The puzzle of {file}, as pathsat read it.");
            (format!("{stem}.toml"), write::to_toml(puzzle, &[comment]))
        }
        PuzzleSource::Text { name, text } => (name.to_string(), text.to_string()),
    };
    fs::write(dir.join(&name), text).map_err(fail)?;
    let puzzle = &parse_file(&dir.join(&name))?;
    let mut checksums = BTreeMap::new();
    for name in CHECKED_FILES {
        checksums.insert(name.to_string(), checksum(&dir.join(name)).map_err(fail)?);
    }
    let record = RunRecord {
        puzzle: name,
        answer,
        checksums,
        encoding,
    };
    let json = serde_json::to_string_pretty(&record).expect("a run record serialises");
    fs::write(dir.join("run.json"), json + "\n").map_err(fail)?;
    let mut summary = check(&dir, puzzle, &record)?;
    summary.directory = target.map(|t| t.display().to_string());
    Ok(summary)
}
