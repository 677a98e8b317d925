//! `pathsat generate`: arguments into a template and a request, the library's reports into
//! puzzle files (TOML, JSON or SVG), one per puzzle, and a summary line each on standard error.

use crate::args::{GenerateArgs, GenerateFormat};
use crate::busy::with_progress;
use crate::pictures::{create_dir, is_directory_target};
use crate::Failure;
use pathsat_api::generate::{
    blank_template, clues, drawn_seed, generate, grade_line, GenerateReport,
};
use pathsat_api::options::GenerateSpec;
use pathsat_api::outcome::CertificateReport;
use pathsat_api::Cancel;
use pathsat_puzzle::{parse_file, write, Moves, Puzzle};
use rayon::prelude::*;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

pub fn run(args: &GenerateArgs) -> Result<ExitCode, Failure> {
    let (template, file) = template(args)?;
    let book = args.count > 1;
    if book && !args.output.as_deref().is_some_and(is_directory_target) {
        return Err(Failure::Input(format!(
            "--count {} makes a puzzle book: give a directory to write it to, e.g. -o book/",
            args.count
        )));
    }
    let seed = args.seed.unwrap_or_else(drawn_seed);
    let spec = GenerateSpec {
        seed: Some(seed),
        givens: args.givens,
        keep_ends: args.keep_ends,
        uniform: args.uniform,
        mark: args.mark.clone(),
        difficulty: args.difficulty,
        labels: args.labels,
        certify: args.certify,
        timeout: args.timeout,
    };
    // Puzzles of a book are independent: made in parallel, written in seed order. A terminal
    // shows how many are made once it takes a while.
    let reports: Vec<Result<GenerateReport, Failure>> = with_progress(|busy| {
        busy.counted("generating", args.count, "puzzles");
        let made = AtomicU64::new(0);
        (0..args.count)
            .into_par_iter()
            .map(|i| {
                let mut request = spec.request(seed, i, Cancel::new())?;
                request.certificate.clone_from(&args.certificate);
                let report = generate(&template, &file, &request)?;
                busy.done(made.fetch_add(1, Ordering::Relaxed) + 1);
                Ok(report)
            })
            .collect()
    });
    let mut stdout = io::stdout().lock();
    for report in reports {
        let report = report?;
        eprintln!("{}", summary(&report));
        match &args.output {
            Some(dir) if is_directory_target(dir) => {
                for path in write_into(dir, &report, args)? {
                    writeln!(stdout, "{}", path.display())?;
                }
            }
            Some(path) => {
                for path in write_as(path, &report, args)? {
                    writeln!(stdout, "wrote {}", path.display())?;
                }
            }
            None => stdout.write_all(rendered(&report, args, args.solution).as_bytes())?,
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The template puzzle and the name that errors give it: the file, or the empty board the
/// options describe.
fn template(args: &GenerateArgs) -> Result<(Puzzle, String), Failure> {
    if let Some(path) = &args.template {
        return Ok((parse_file(path)?, path.display().to_string()));
    }
    let (rows, cols) = args.size.expect("clap requires --size without a template");
    let moves = args.moves.clone().unwrap_or(Moves::King);
    let trail = args.trail.map(|length| (length, args.distinct));
    Ok(blank_template(
        rows,
        cols,
        moves,
        args.closed,
        trail,
        format!("--size {rows}x{cols}"),
    )?)
}

/// One line for people: what was made and what it took.
fn summary(report: &GenerateReport) -> String {
    let clues = clues(report);
    let clues = if report.minimal || report.givens == 0 {
        clues
    } else {
        format!("{clues} (some may be removable: --givens N above the minimum, or the time limit)")
    };
    let certified = match &report.certificate {
        Some(CertificateReport::Checked(c)) => format!(
            ", certified ({}{})",
            c.checker,
            c.directory
                .as_ref()
                .map_or_else(String::new, |d| format!("; kept in {d}"))
        ),
        Some(CertificateReport::Varisat(_)) => ", certified by varisat's checker".to_string(),
        None => String::new(),
    };
    format!(
        "{} (seed {}): {clues}; unique, proved{certified}. {} {:.2} s.",
        report.name,
        report.seed,
        grade_line(&report.grade),
        report.seconds
    )
}

/// The output for one puzzle in the chosen format (with `solution`, an SVG of the solution).
fn rendered(report: &GenerateReport, args: &GenerateArgs, solution: bool) -> String {
    let g = &report.generated;
    match args.format {
        GenerateFormat::Toml => report.puzzle.clone(),
        GenerateFormat::Json => write::to_json(&g.puzzle),
        GenerateFormat::Svg if solution => {
            pathsat_picture::picture(&g.puzzle, Some(&g.solution), "the only solution")
        }
        GenerateFormat::Svg => {
            pathsat_picture::picture(&g.puzzle, None, &pathsat_picture::task(&g.puzzle))
        }
    }
}

fn extension(format: GenerateFormat) -> &'static str {
    match format {
        GenerateFormat::Toml => "toml",
        GenerateFormat::Json => "json",
        GenerateFormat::Svg => "svg",
    }
}

/// Writes the puzzle into `dir` under its name (and its solution's picture, with --solution).
fn write_into(
    dir: &Path,
    report: &GenerateReport,
    args: &GenerateArgs,
) -> Result<Vec<PathBuf>, Failure> {
    create_dir(dir)?;
    let path = dir.join(format!("{}.{}", report.name, extension(args.format)));
    write_as(&path, report, args)
}

/// Writes the puzzle to `path`; with --format svg --solution, the solution beside it in
/// `STEM-solution.svg`.
fn write_as(
    path: &Path,
    report: &GenerateReport,
    args: &GenerateArgs,
) -> Result<Vec<PathBuf>, Failure> {
    let mut written = vec![path.to_path_buf()];
    write_file(path, &rendered(report, args, false))?;
    if args.format == GenerateFormat::Svg && args.solution {
        let stem = path
            .file_stem()
            .map_or_else(|| "puzzle".into(), |s| s.to_string_lossy().into_owned());
        let second = path.with_file_name(format!("{stem}-solution.svg"));
        write_file(&second, &rendered(report, args, true))?;
        written.push(second);
    }
    Ok(written)
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text)
        .map_err(|e| Failure::Input(format!("cannot write {}: {e}", path.display())))
}
