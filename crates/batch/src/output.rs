//! # The output file
//!
//! `pathsat batch DIR -o OUT` keeps the run's record in OUT: while the run goes, OUT is its
//! journal (see `journal`), a row appended and synced as each file finishes; when the run ends,
//! the report (in `--format`, sorted by path) replaces the journal in one step
//! ([`crate::replace`]: a temporary file beside OUT, synced, renamed over it). So at any moment
//! OUT holds either every finished row of a run that is still going or was killed, or the whole
//! report of a finished one, never a half-written report.
//!
//! `--resume OUT` tells which ([`examine`]): a journal is continued, a finished report is left
//! as it is (there is nothing to resume), anything else is refused. A new run (`-o OUT`) may
//! replace any file but a journal, whose rows would be lost ([`check_new`]).

use super::journal::{self, Contents};
use super::report::{self, Report, Status, Summary, CSV_HEADER, TABLE_HEADER};
use super::BatchError;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// What `--resume OUT` found in OUT.
pub enum Found {
    /// The journal of a run that did not finish.
    Journal(Contents),
    /// The report of a finished run: its summary line.
    Report(String),
}

/// Reads OUT for `--resume OUT`. Errors, one line naming the file, for a file that is missing
/// or that is neither a journal nor a finished report.
pub fn examine(path: &Path) -> Result<Found, BatchError> {
    let name = path.display().to_string();
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(|e| {
            BatchError::Input(if e.kind() == io::ErrorKind::NotFound {
                format!("{name}: no such file, nothing to resume (-o {name} starts a run)")
            } else {
                format!("{name}: {e}")
            })
        })?;
    if journal::is_journal(&bytes) {
        return journal::parse(&name, &bytes)
            .map(Found::Journal)
            .map_err(BatchError::Input);
    }
    if let Some(summary) = finished_report(&bytes) {
        return Ok(Found::Report(summary));
    }
    Err(BatchError::NothingToResume {
        path: name,
        empty: bytes.is_empty(),
    })
}

/// Refuses to start a new run over the journal of one that did not finish: its rows would be
/// lost. Any other file is replaced when the run starts, as `-o` does elsewhere.
pub fn check_new(path: &Path) -> Result<(), BatchError> {
    // Only a regular file can hold a journal; reading a terminal or a pipe would wait for input.
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return Ok(());
    }
    let mut start = Vec::new();
    let read = File::open(path).and_then(|f| f.take(64).read_to_end(&mut start));
    if read.is_ok() && journal::is_journal(&start) {
        return Err(BatchError::Unfinished(path.display().to_string()));
    }
    Ok(())
}

/// Whether `bytes` are a whole report `batch` wrote, in any format; its summary line if so.
fn finished_report(bytes: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(bytes).ok()?;
    let first = text.lines().next()?;
    if first.starts_with('{') {
        let report: Report = serde_json::from_str(text).ok()?;
        return Some(report::summary_line(&report));
    }
    if first == CSV_HEADER.join(",") {
        let status = CSV_HEADER.iter().position(|&c| c == "status")?;
        let mut reader = csv::Reader::from_reader(bytes);
        let statuses = reader
            .records()
            .map(|record| {
                let record = record.ok()?;
                (record.len() == CSV_HEADER.len()).then_some(())?;
                serde_json::from_value::<Status>(record[status].into()).ok()
            })
            .collect::<Option<Vec<Status>>>()?;
        return Some(Summary::of_statuses(statuses).parts().join(" · "));
    }
    if first.split_whitespace().eq(TABLE_HEADER) {
        // Its last line is the summary: `8 files · 5 ok · ...`.
        let last = text.lines().rev().find(|l| !l.trim().is_empty())?;
        let mut words = last.split_whitespace();
        let files = words.next()?;
        let is_count = files.chars().all(|c| c.is_ascii_digit() || c == ',');
        return (is_count && words.next() == Some("files")).then(|| last.to_string());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{Format, Row};
    use pathsat_bigcount::BigCount;

    fn report() -> Report {
        let row = |file: &str, status: Status| Row {
            file: file.into(),
            name: "n".into(),
            cells: Some(9),
            variables: Some(40),
            clauses: Some(120),
            count: BigCount::from(3u64),
            complete: status == Status::Ok,
            seconds: 0.5,
            expected: None,
            expected_sat: None,
            status,
            error: (status == Status::Error).then(|| "bad, \"quoted\"\nline".to_string()),
            method: None,
            verified: Some(true),
        };
        let rows = vec![
            row("puzzles/a.toml", Status::Ok),
            row("puzzles/b, c.toml", Status::Timeout),
            row("puzzles/d.toml", Status::Error),
        ];
        Report {
            dir: Some("puzzles".into()),
            shard: None,
            jobs: Some(2),
            limit: None,
            timeout: Some(60.0),
            seconds: 1.5,
            merged_from: vec![],
            skipped: vec![],
            resumed: 1,
            summary: Summary::of(&rows),
            rows,
        }
    }

    #[test]
    fn finished_reports_are_recognised_in_every_format() {
        for format in [Format::Table, Format::Csv, Format::Json] {
            let bytes = report::render(&report(), format);
            let summary = finished_report(&bytes)
                .unwrap_or_else(|| panic!("{format:?}: {}", String::from_utf8_lossy(&bytes)));
            assert!(
                summary.starts_with("3 files · 1 ok · 1 timeout · 1 error"),
                "{format:?}: {summary}"
            );
            assert!(!journal::is_journal(&bytes));
            // Cut short, it is no report.
            assert_eq!(
                finished_report(&bytes[..bytes.len() / 2]),
                None,
                "{format:?}"
            );
        }
        for text in [
            "",
            "hello\n",
            "file,name\n",
            "{\"rows\": []}",
            "file  name\n",
        ] {
            assert_eq!(finished_report(text.as_bytes()), None, "{text:?}");
        }
    }

    #[test]
    fn a_new_run_may_replace_anything_but_a_journal() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        check_new(&path).unwrap();
        std::fs::write(&path, "anything").unwrap();
        check_new(&path).unwrap();
        std::fs::write(&path, "{\"pathsat_batch_journal\":1,").unwrap();
        match check_new(&path) {
            Err(e @ BatchError::Unfinished(_)) => {
                let message = e.to_string();
                assert!(
                    message.ends_with(
                        "out.csv: the journal of a batch run that did not finish; resume it to \
                         continue it (or remove it to start over)"
                    ),
                    "{message}"
                );
                assert!(!message.contains("--"), "{message}");
            }
            _ => panic!("a journal is not replaced"),
        }
        let file = crate::replace::replace(&path, b"new\n").unwrap();
        drop(file);
        assert_eq!(std::fs::read(&path).unwrap(), b"new\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
