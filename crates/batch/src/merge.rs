//! # Merging reports
//!
//! `pathsat batch merge`: the rows of several JSON reports (the shards of one run, say) as one
//! report, sorted by path. A file reported twice is refused, naming both reports, since two
//! answers for one file cannot both be kept.

use super::report::{Report, Row, Summary};
use super::BatchError;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// The rows of the JSON reports at `paths`, as one report: its time the sum of theirs, its
/// directory theirs if they share one. Errors, one line naming the file: a report that cannot be
/// read or is not a batch report (with the line and column), a file in two reports.
pub fn merge(paths: &[PathBuf]) -> Result<Report, BatchError> {
    let mut rows: BTreeMap<String, (Row, String)> = BTreeMap::new();
    let mut skipped = BTreeSet::new();
    let mut dirs = Vec::new();
    let mut seconds = 0.0;
    for path in paths {
        let name = path.display().to_string();
        let text = pathsat_puzzle::read_text(path).map_err(|e| BatchError::Input(e.to_string()))?;
        let report: Report = serde_json::from_str(&text).map_err(|e| {
            BatchError::Input(format!(
                "{name}:{}:{}: not a batch report: {}",
                e.line(),
                e.column(),
                strip_position(&e.to_string())
            ))
        })?;
        seconds += report.seconds;
        dirs.push(report.dir.clone());
        skipped.extend(report.skipped);
        for row in report.rows {
            if let Some((_, other)) = rows.get(&row.file) {
                return Err(BatchError::Input(format!(
                    "{name}: {} is also in {other}",
                    row.file
                )));
            }
            rows.insert(row.file.clone(), (row, name.clone()));
        }
    }
    dirs.dedup();
    let rows: Vec<Row> = rows.into_values().map(|(row, _)| row).collect();
    Ok(Report {
        dir: if dirs.len() == 1 {
            dirs[0].clone()
        } else {
            None
        },
        shard: None,
        jobs: None,
        limit: None,
        timeout: None,
        seconds,
        merged_from: paths.iter().map(|p| p.display().to_string()).collect(),
        skipped: skipped.into_iter().collect(),
        resumed: 0,
        summary: Summary::of(&rows),
        rows,
    })
}

/// serde_json's message without its trailing " at line L column C".
fn strip_position(message: &str) -> &str {
    message
        .rfind(" at line ")
        .map_or(message, |i| &message[..i])
}
