//! # The files a batch counts
//!
//! Every puzzle file under DIR (`.toml`, `.json`, `.hcp`, `.col`, `.dimacs`, `.g6`, `.s6`),
//! sorted by path.
//! pathsat's own output files are not puzzles and are set apart, to be listed as skipped: a JSON
//! object with the keys of a batch report (`rows` and `summary`), of `solve`, `count` or
//! `decode` (`status` with `solutions` or `count`), of `check` (`valid` and `fillings`) or of
//! `compare` (`solvers`), and no puzzle's `grid` or `graph`; and the file the report itself is
//! being written to (`pathsat batch DIR --format json > DIR/report.json`), still empty when the
//! files are listed. OUT (`-o`, `--resume`), if it is in DIR, is left out altogether.

use super::BatchError;
use pathsat_puzzle::Format;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The files a batch counts, and those it leaves out.
pub(super) struct PuzzleFiles {
    pub files: Vec<PathBuf>,
    /// pathsat's own output files, which have a puzzle's extension but are not puzzles.
    pub skipped: Vec<PathBuf>,
}

/// Every puzzle file under `dir` (or `dir` itself, if it is a file), sorted, pathsat's own
/// output files set apart. `output` (a journal, or the report of an earlier run), if it is
/// there, is left out altogether, so that it is not listed as skipped by a resumed run and not
/// by the run that started it; with `report_on_stdout`, the file this process's standard
/// output goes to, if it is under `dir`, is pathsat's output too.
pub(super) fn puzzle_files(
    dir: &Path,
    output: Option<&Path>,
    report_on_stdout: bool,
) -> Result<PuzzleFiles, BatchError> {
    if !dir.exists() {
        return Err(no_such_dir(dir));
    }
    let our_output = report_on_stdout.then(stdout_file).flatten();
    let output = output.and_then(|o| std::fs::metadata(o).ok());
    let mut files = Vec::new();
    let mut skipped = Vec::new();
    for entry in walkdir::WalkDir::new(dir).follow_links(true) {
        let entry = entry.map_err(|e| BatchError::Input(format!("{}: {e}", dir.display())))?;
        let path = entry.path();
        let format = Format::from_path(path);
        if !entry.file_type().is_file()
            || format.is_none()
            || output.as_ref().is_some_and(|o| same_file(o, path))
        {
            continue;
        }
        let is_ours = our_output
            .as_ref()
            .is_some_and(|ours| same_file(ours, path))
            || (format == Some(Format::Json) && is_pathsat_output(path));
        if is_ours {
            skipped.push(path.to_path_buf());
        } else {
            files.push(path.to_path_buf());
        }
    }
    if files.is_empty() {
        let besides = if skipped.is_empty() {
            String::new()
        } else {
            format!(" ({} skipped as pathsat's own output)", skipped.len())
        };
        return Err(BatchError::Input(format!(
            "{}: no puzzle files (.toml, .json, .hcp, .col, .dimacs, .g6 or .s6) found{besides}",
            dir.display()
        )));
    }
    files.sort();
    skipped.sort();
    Ok(PuzzleFiles { files, skipped })
}

pub(super) fn no_such_dir(dir: &Path) -> BatchError {
    BatchError::Input(format!("{}: no such file or directory", dir.display()))
}

/// Whether a `.json` file is something pathsat wrote rather than a puzzle: an object with the
/// keys of one of its reports and without a puzzle's `grid` or `graph`. A file that cannot be
/// read or parsed is left to be reported as a puzzle that is wrong.
fn is_pathsat_output(path: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    // Only the keys are looked at; the values are skipped unread.
    let Ok(object) = serde_json::from_str::<BTreeMap<String, serde::de::IgnoredAny>>(&text) else {
        return false;
    };
    let has = |key: &str| object.contains_key(key);
    if has("grid") || has("graph") {
        return false;
    }
    (has("rows") && has("summary"))
        || (has("status") && (has("solutions") || has("count")))
        || (has("valid") && has("fillings"))
        || has("solvers")
}

/// The file standard output goes to, if it is a regular file: the report being written.
#[cfg(unix)]
fn stdout_file() -> Option<std::fs::Metadata> {
    use std::os::fd::AsFd;
    let fd = std::io::stdout().as_fd().try_clone_to_owned().ok()?;
    let metadata = std::fs::File::from(fd).metadata().ok()?;
    metadata.is_file().then_some(metadata)
}

#[cfg(not(unix))]
fn stdout_file() -> Option<std::fs::Metadata> {
    None
}

/// Whether `path` is the file of `metadata`.
#[cfg(unix)]
fn same_file(metadata: &std::fs::Metadata, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).is_ok_and(|m| m.dev() == metadata.dev() && m.ino() == metadata.ino())
}

#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &Path) -> bool {
    false
}
