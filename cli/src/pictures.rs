//! # Pictures
//!
//! `solve --format svg` (and `decode --format svg`): where the pictures go. Without `-o`, or with `-o FILE`, one SVG
//! document: the solution, a sheet of small multiples when several are shown, or the puzzle
//! alone when there is none. With `-o DIR/` one file per solution, `DIR/<stem>-<k>.svg`, and
//! the paths written are listed on standard output with the status line. Every filling drawn
//! has passed the verifier before it reaches here.

use crate::report::{self, RunReport};
use crate::Failure;
use pathsat_puzzle::{Filling, Puzzle};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Draws `solutions` (as `report` describes them) where `output` says.
pub fn write(
    puzzle_file: &Path,
    output: Option<&Path>,
    puzzle: &Puzzle,
    report: &RunReport,
    solutions: &[Filling],
) -> Result<(), Failure> {
    let shown = report::shown(report, solutions);
    match output {
        Some(dir) if is_directory_target(dir) => {
            let written = one_file_each(puzzle_file, dir, puzzle, report, shown)?;
            let mut out = io::stdout().lock();
            for path in written {
                writeln!(out, "{}", path.display())?;
            }
            writeln!(out, "{}", report::solve_status(report))?;
            Ok(())
        }
        _ => {
            let svg = match shown {
                [] => pathsat_picture::picture(puzzle, None, &note(report, None)),
                [only] => pathsat_picture::picture(puzzle, Some(only), &note(report, None)),
                several => pathsat_picture::sheet(puzzle, several, &note(report, None)),
            };
            match output {
                Some(file) => write_file(file, &svg),
                None => Ok(io::stdout().lock().write_all(svg.as_bytes())?),
            }
        }
    }
}

/// Whether `-o` names a directory: it ends in a separator, or is one already.
pub fn is_directory_target(path: &Path) -> bool {
    path.as_os_str()
        .to_string_lossy()
        .ends_with(std::path::is_separator)
        || path.is_dir()
}

/// One SVG per solution in `dir` (created if needed); the puzzle alone when there is none.
fn one_file_each(
    puzzle_file: &Path,
    dir: &Path,
    puzzle: &Puzzle,
    report: &RunReport,
    shown: &[Filling],
) -> Result<Vec<PathBuf>, Failure> {
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::Input(format!(
            "cannot create the directory {}: {e}",
            dir.display()
        ))
    })?;
    let stem = puzzle_file
        .file_stem()
        .map_or_else(|| "puzzle".into(), |s| s.to_string_lossy().into_owned());
    let mut written = Vec::new();
    if shown.is_empty() {
        let path = dir.join(format!("{stem}.svg"));
        write_file(
            &path,
            &pathsat_picture::picture(puzzle, None, &note(report, None)),
        )?;
        written.push(path);
    }
    // Zero-padded numbers, so that the files sort in solution order.
    let width = shown.len().to_string().len();
    for (i, filling) in shown.iter().enumerate() {
        let path = dir.join(format!("{stem}-{:0width$}.svg", i + 1));
        let svg = pathsat_picture::picture(puzzle, Some(filling), &note(report, Some(i)));
        write_file(&path, &svg)?;
        written.push(path);
    }
    Ok(written)
}

/// The caption's second line: what the picture shows of the run's answer. `index` is the
/// solution's when each has its own picture.
fn note(report: &RunReport, index: Option<usize>) -> String {
    let noun = report.counts.trim_end_matches('s');
    if let Some(model) = &report.model_file {
        return if report.count.is_zero() {
            format!("the solver found no {noun} ({model})")
        } else {
            format!("decoded from {model}, checked by the verifier")
        };
    }
    let count = report.count.grouped();
    if report.count.is_zero() {
        return match &report.reason {
            Some(why) => format!("no {noun} solves the puzzle ({why})"),
            None => format!("no {noun} solves the puzzle"),
        };
    }
    match (report.unique, index) {
        (Some(true), _) => "the only solution (proved unique)".to_string(),
        (Some(false), _) => "a solution, not unique (another one exists)".to_string(),
        (None, _) if report.complete && report.count == 1u64 => "the only solution".to_string(),
        (None, Some(i)) if report.complete => format!("solution {} of {count}", i + 1),
        (None, Some(i)) if report.limit.is_some() && report.count > 1u64 => {
            format!("solution {} of the first {count} found", i + 1)
        }
        (None, None) if report.complete => format!("all {count} solutions"),
        (None, None) if report.limit.is_some() && report.count > 1u64 => {
            format!("the first {count} solutions found")
        }
        (None, _) => "the first solution found".to_string(),
    }
}

fn write_file(path: &Path, svg: &str) -> Result<(), Failure> {
    std::fs::write(path, svg)
        .map_err(|e| Failure::Input(format!("cannot write {}: {e}", path.display())))
}
