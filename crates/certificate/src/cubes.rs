//! A count in cubes' certificate: one certificate a cube (each pins one value of a cell), and
//! `cubes.json`, which lists them; together they pin every candidate value of the cell, and the
//! count is the sum of theirs.

use crate::meaning::encode;
use crate::write::write_and_check;
use crate::{
    check_directory, rejected, CertificateError, CertificateSummary, EncodingRecord, PuzzleSource,
    RunRecord, DRAT_CHECKER,
};
use pathsat_encode::{Encoding, EncodingOptions};
use pathsat_puzzle::{parse_file, Puzzle};
use pathsat_solver::certificate::{Meaning, RecordedSlot};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// What `cubes.json` records for a count in cubes: the cell split on, and each value's cube.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct CubesRecord {
    /// The cell, from 0.
    cell: usize,
    /// Each value and its certificate's directory (beside `cubes.json`).
    cubes: Vec<(u32, String)>,
}

/// Writes and checks the certificate of each cube of a certified count in cubes (`runs`, each
/// value of `cell` with its cube's run), into `target/cube-VALUE` when kept, and checks that
/// the cubes take every candidate value of their cell: the count is the sum of theirs.
///
/// # Errors
/// As [`write_and_check`], and [`CertificateError::Rejected`] when the cubes do not cover the
/// cell.
pub fn write_and_check_cubes<E: EncodingRecord>(
    cell: usize,
    runs: Vec<(u32, RecordedSlot)>,
    puzzle: &Puzzle,
    source: PuzzleSource<'_>,
    options: &EncodingOptions,
    target: Option<&Path>,
) -> Result<CertificateSummary, CertificateError> {
    let mut summaries = Vec::new();
    let mut record = CubesRecord {
        cell,
        cubes: Vec::new(),
    };
    for (value, slot) in runs {
        let label = format!("cube-{value}");
        let run = slot
            .take()
            .ok_or_else(|| rejected(Path::new(&label), "the cube's run was taken before"))?;
        let dir = target.map(|t| t.join(&label));
        summaries.push(write_and_check::<E>(
            run,
            puzzle,
            source,
            options,
            dir.as_deref(),
        )?);
        record.cubes.push((value, label));
    }
    let label = target.map_or_else(|| PathBuf::from("the cubes"), Path::to_path_buf);
    let encoding = E::of(options, Encoding::Position).options();
    let mut combined = combine(&label, puzzle, &encoding, cell, &summaries)?;
    if let Some(t) = target {
        let json = serde_json::to_string_pretty(&record).expect("a cubes record serialises");
        fs::write(t.join("cubes.json"), json + "\n")
            .map_err(|e| rejected(t, format!("cannot write cubes.json: {e}")))?;
        combined.directory = Some(t.display().to_string());
    }
    Ok(combined)
}

/// The certificates of the cubes of one count, as one: each pins one value of `cell`, and
/// together they pin every candidate value the encoding gives it.
fn combine(
    dir: &Path,
    puzzle: &Puzzle,
    encoding: &EncodingOptions,
    cell: usize,
    summaries: &[CertificateSummary],
) -> Result<CertificateSummary, CertificateError> {
    let (_, meaning) = encode(puzzle, encoding).map_err(|e| rejected(dir, e))?;
    let Meaning::Values { values, .. } = meaning else {
        return Err(rejected(dir, "cubes are of the position encoding"));
    };
    let mut candidates: Vec<u32> = values
        .iter()
        .filter(|&&(_, c, _)| c == cell)
        .map(|&(_, _, v)| v)
        .collect();
    let mut pinned = Vec::new();
    for s in summaries {
        match s.assumed.as_slice() {
            [(c, v)] if *c == cell => pinned.push(*v),
            _ => {
                return Err(rejected(
                    dir,
                    format!("a cube does not pin one value of {}", puzzle.place(cell)),
                ))
            }
        }
    }
    candidates.sort_unstable();
    pinned.sort_unstable();
    if pinned != candidates {
        return Err(rejected(
            dir,
            format!(
                "the cubes pin {} to {pinned:?}; its candidates are {candidates:?}",
                puzzle.place(cell)
            ),
        ));
    }
    let solutions: u64 = summaries.iter().map(|s| s.solutions).sum();
    let mut claims = BTreeMap::new();
    for s in summaries {
        for (k, n) in &s.claims {
            *claims.entry(k.clone()).or_insert(0) += n;
        }
    }
    Ok(CertificateSummary {
        answer: format!(
            "exactly {} solution{}, in {} cubes on {}",
            pathsat_bigcount::grouped(solutions),
            if solutions == 1 { "" } else { "s" },
            summaries.len(),
            puzzle.place(cell)
        ),
        solutions,
        clauses: summaries.iter().map(|s| s.clauses).sum(),
        encoding_clauses: summaries.first().map_or(0, |s| s.encoding_clauses),
        claims,
        proof_bytes: summaries.iter().map(|s| s.proof_bytes).sum(),
        checker: DRAT_CHECKER.to_string(),
        check_seconds: summaries.iter().map(|s| s.check_seconds).sum(),
        proof_check_seconds: summaries.iter().map(|s| s.proof_check_seconds).sum(),
        directory: None,
        cubes: Some(summaries.len()),
        assumed: Vec::new(),
    })
}

/// A count in cubes' certificate: each cube's, then their cover of the cell.
pub(crate) fn check_cubes<E: EncodingRecord>(
    dir: &Path,
    text: &str,
) -> Result<CertificateSummary, CertificateError> {
    let record: CubesRecord = serde_json::from_str(text)
        .map_err(|e| rejected(dir, format!("cubes.json does not parse: {e}")))?;
    let mut summaries = Vec::new();
    let mut first = None;
    for (value, sub) in &record.cubes {
        let sub = dir.join(sub);
        let summary = check_directory::<E>(&sub)?;
        if summary.assumed != [(record.cell, *value)] {
            return Err(rejected(
                &sub,
                "the cube pins another value than cubes.json says",
            ));
        }
        summaries.push(summary);
        first.get_or_insert(sub);
    }
    let first = first.ok_or_else(|| rejected(dir, "cubes.json lists no cube"))?;
    let run: RunRecord<E> = serde_json::from_str(
        &fs::read_to_string(first.join("run.json"))
            .map_err(|e| rejected(&first, format!("run.json: {e}")))?,
    )
    .map_err(|e| rejected(&first, format!("run.json does not parse: {e}")))?;
    let puzzle = parse_file(&first.join(&run.puzzle))?;
    let mut combined = combine(
        dir,
        &puzzle,
        &run.encoding.options(),
        record.cell,
        &summaries,
    )?;
    combined.directory = Some(dir.display().to_string());
    Ok(combined)
}
