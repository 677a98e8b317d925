//! # Pictures
//!
//! `solve --format svg`, `decode --format svg` and `draw`: where the pictures go. Without `-o`,
//! or with `-o FILE`, one SVG document: the solution, a sheet of small multiples when several
//! are shown, the two solutions side by side (differing cells outlined) when `--unique` found a
//! second, or the puzzle alone when there is none (or for `draw`). With `-o DIR/` one file per
//! solution, `DIR/<stem>-<k>.svg`, and the paths written are listed on standard output with the
//! status line. Every filling drawn has passed the verifier before it reaches here.

use crate::report;
use crate::Failure;
use pathsat_api::{DecodeReport, SampleReport, SolveReport, Status, Wanted};
use pathsat_puzzle::{Filling, Puzzle};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What to draw of a run.
struct Drawing<'a> {
    /// The solutions that are the answer.
    shown: &'a [Filling],
    /// A second solution that shows the first is not unique.
    second: Option<&'a Filling>,
    /// The status line, printed after the paths of files written into a directory.
    status: String,
    /// The caption's second line; the index is the solution's when each has its own picture.
    note: &'a dyn Fn(Option<usize>) -> String,
}

/// Draws the solutions of `solve` where `output` says.
pub fn write_solved(
    puzzle_file: &Path,
    output: Option<&Path>,
    puzzle: &Puzzle,
    report: &SolveReport,
) -> Result<(), Failure> {
    let note = |index| solve_note(report, index);
    let drawing = Drawing {
        shown: report.shown(),
        second: report.second(),
        status: report::solve_status(report),
        note: &note,
    };
    write(puzzle_file, output, puzzle, &drawing)
}

/// Draws the samples of `sample` where `output` says.
pub fn write_sampled(
    puzzle_file: &Path,
    output: Option<&Path>,
    puzzle: &Puzzle,
    report: &SampleReport,
) -> Result<(), Failure> {
    let note = |index: Option<usize>| {
        let which = index.map_or(String::new(), |i| format!("sample {} · ", i + 1));
        format!(
            "{which}drawn uniformly from {} (seed {}), checked by the verifier",
            report.answer.count.grouped(),
            report.seed
        )
    };
    let drawing = Drawing {
        shown: &report.fillings,
        second: None,
        status: report::sample_status(report),
        note: &note,
    };
    write(puzzle_file, output, puzzle, &drawing)
}

/// Draws the solution `decode` read from a model.
pub fn write_decoded(puzzle: &Puzzle, report: &DecodeReport) -> Result<(), Failure> {
    let note = |_| match report.answer.status {
        Status::Sat => format!(
            "decoded from {}, checked by the verifier",
            report.model_file
        ),
        _ => format!(
            "the solver found no {} ({})",
            report.answer.counts.noun(),
            report.model_file
        ),
    };
    let drawing = Drawing {
        shown: &report.fillings,
        second: None,
        status: report::decode_status(report),
        note: &note,
    };
    write(Path::new(&report.answer.file), None, puzzle, &drawing)
}

/// The blank puzzle (holes, givens, marks), for printing: `pathsat draw`.
pub fn write_blank(output: Option<&Path>, puzzle: &Puzzle, note: &str) -> Result<(), Failure> {
    let svg = pathsat_picture::picture(puzzle, None, note);
    match output {
        Some(file) => write_file(file, &svg),
        None => Ok(io::stdout().lock().write_all(svg.as_bytes())?),
    }
}

fn write(
    puzzle_file: &Path,
    output: Option<&Path>,
    puzzle: &Puzzle,
    drawing: &Drawing<'_>,
) -> Result<(), Failure> {
    match output {
        Some(dir) if is_directory_target(dir) => {
            let written = one_file_each(puzzle_file, dir, puzzle, drawing)?;
            let mut out = io::stdout().lock();
            for path in written {
                writeln!(out, "{}", path.display())?;
            }
            writeln!(out, "{}", drawing.status)?;
            Ok(())
        }
        _ => {
            let note = (drawing.note)(None);
            let svg = match (drawing.shown, drawing.second) {
                ([first], Some(second)) => {
                    pathsat_picture::two_solutions(puzzle, first, second, &note)
                }
                ([], _) => pathsat_picture::picture(puzzle, None, &note),
                ([only], None) => pathsat_picture::picture(puzzle, Some(only), &note),
                (several, _) => pathsat_picture::sheet(puzzle, several, &note),
            };
            match output {
                Some(file) => write_file(file, &svg),
                None => Ok(io::stdout().lock().write_all(svg.as_bytes())?),
            }
        }
    }
}

/// Refuses `-o DIR/` (a picture for each `noun`) unless the output is SVG.
pub fn refuse_directory_unless_svg(
    output: Option<&Path>,
    svg: bool,
    noun: &str,
) -> Result<(), Failure> {
    match output {
        Some(path) if !svg && is_directory_target(path) => Err(Failure::Input(format!(
            "-o {}: a directory takes one picture per {noun}, with --format svg; name a file \
             for text or JSON",
            path.display()
        ))),
        _ => Ok(()),
    }
}

/// Whether `-o` names a directory: it ends in a separator, or is one already.
pub fn is_directory_target(path: &Path) -> bool {
    path.as_os_str()
        .to_string_lossy()
        .ends_with(std::path::is_separator)
        || path.is_dir()
}

/// One SVG per solution in `dir` (created if needed), the puzzle alone when there is none, and
/// a second solution that shows the first is not unique as a picture of the two.
fn one_file_each(
    puzzle_file: &Path,
    dir: &Path,
    puzzle: &Puzzle,
    drawing: &Drawing<'_>,
) -> Result<Vec<PathBuf>, Failure> {
    create_dir(dir)?;
    let stem = puzzle_file
        .file_stem()
        .map_or_else(|| "puzzle".into(), |s| s.to_string_lossy().into_owned());
    let mut written = Vec::new();
    let shown = drawing.shown;
    if shown.is_empty() {
        let path = dir.join(format!("{stem}.svg"));
        write_file(
            &path,
            &pathsat_picture::picture(puzzle, None, &(drawing.note)(None)),
        )?;
        written.push(path);
    }
    // Zero-padded numbers, so that the files sort in solution order.
    let width = shown.len().to_string().len();
    for (i, filling) in shown.iter().enumerate() {
        let path = dir.join(format!("{stem}-{:0width$}.svg", i + 1));
        let svg = pathsat_picture::picture(puzzle, Some(filling), &(drawing.note)(Some(i)));
        write_file(&path, &svg)?;
        written.push(path);
    }
    if let ([first], Some(second)) = (shown, drawing.second) {
        let path = dir.join(format!("{stem}-two-solutions.svg"));
        let svg = pathsat_picture::two_solutions(puzzle, first, second, &(drawing.note)(None));
        write_file(&path, &svg)?;
        written.push(path);
    }
    Ok(written)
}

/// The caption's second line for `solve`: what the picture shows of the answer.
fn solve_note(report: &SolveReport, index: Option<usize>) -> String {
    let noun = report.answer.counts.noun();
    let count = report.answer.count.grouped();
    if report.answer.count.is_zero() {
        return match &report.reason {
            Some(why) => format!("no {noun} solves the puzzle ({why})"),
            None => format!("no {noun} solves the puzzle"),
        };
    }
    let limited = matches!(report.wanted, Wanted::Upto(_)) && report.answer.count > 1u64;
    match (report.unique, index) {
        (Some(true), _) => "the only solution (proved unique)".to_string(),
        (Some(false), _) => "not unique: two solutions".to_string(),
        (None, _) if report.answer.complete && report.answer.count == 1u64 => {
            "the only solution".to_string()
        }
        (None, Some(i)) if report.answer.complete => format!("solution {} of {count}", i + 1),
        (None, Some(i)) if limited => format!("solution {} of the first {count} found", i + 1),
        (None, None) if report.answer.complete => format!("all {count} solutions"),
        (None, None) if limited => format!("the first {count} solutions found"),
        (None, _) => "the first solution found".to_string(),
    }
}

/// Creates `dir` (and its parents) for output files.
pub fn create_dir(dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::Input(format!(
            "cannot create the directory {}: {e}",
            dir.display()
        ))
    })
}

fn write_file(path: &Path, svg: &str) -> Result<(), Failure> {
    std::fs::write(path, svg)
        .map_err(|e| Failure::Input(format!("cannot write {}: {e}", path.display())))
}
