//! # Subcommands
//!
//! `solve`, `count` and `check`: read the input, run the library, hand the results to
//! [`crate::report`].

use crate::args::{CheckArgs, CountArgs, Format, SolveArgs};
use crate::report::{self, RunReport};
use crate::Failure;
use pathsat_puzzle::{parse_file, parse_fillings, read_text, verify, Filling, Puzzle};
use pathsat_solver::{PuzzleSolver, SolveError, SolveOptions};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// What `solve` was asked for.
enum Wanted {
    First,
    Unique,
    Upto(u64),
    All,
}

pub fn solve(args: &SolveArgs) -> Result<ExitCode, Failure> {
    let started = Instant::now();
    let puzzle = parse_file(&args.file)?;
    let options = SolveOptions {
        encoding: args.encoding.options(),
    };
    let mut solver = new_solver(&puzzle, &args.file, &options)?;
    let wanted = if args.all {
        Wanted::All
    } else if args.unique {
        Wanted::Unique
    } else {
        args.limit.map_or(Wanted::First, Wanted::Upto)
    };
    let limit = match wanted {
        Wanted::First => Some(1),
        Wanted::Unique => Some(2),
        Wanted::Upto(n) => Some(n),
        Wanted::All => None,
    };
    let mut solutions: Vec<Filling> = Vec::new();
    let count = solver
        .count(limit, |f| solutions.push(f.clone()))
        .map_err(|e| solve_failure(e, &args.file))?;
    let unique = matches!(wanted, Wanted::Unique).then(|| count.count == 1 && count.complete);
    let report = RunReport::new(
        &args.file,
        &puzzle,
        solver.encoding(),
        &solver.stats(),
        count,
        limit.filter(|_| !matches!(wanted, Wanted::First | Wanted::Unique)),
        unique,
        &solutions,
        started.elapsed(),
    );
    match args.output.format {
        Format::Json => report::print_json(&report)?,
        Format::Text => report::print_solve_text(&report, &puzzle, &solutions)?,
    }
    Ok(ExitCode::SUCCESS)
}

pub fn count(args: &CountArgs) -> Result<ExitCode, Failure> {
    let started = Instant::now();
    let puzzle = parse_file(&args.file)?;
    let options = SolveOptions {
        encoding: args.encoding.options(),
    };
    let mut solver = new_solver(&puzzle, &args.file, &options)?;
    let count = solver
        .count(args.limit, |_| {})
        .map_err(|e| solve_failure(e, &args.file))?;
    let report = RunReport::new(
        &args.file,
        &puzzle,
        solver.encoding(),
        &solver.stats(),
        count,
        args.limit,
        None,
        &[],
        started.elapsed(),
    );
    match args.output.format {
        Format::Json => report::print_json(&report)?,
        Format::Text => report::print_count_text(&report)?,
    }
    Ok(ExitCode::SUCCESS)
}

pub fn check(args: &CheckArgs) -> Result<ExitCode, Failure> {
    let puzzle = parse_file(&args.file)?;
    let text = read_text(&args.solution)?;
    let json = args
        .solution
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let fillings = parse_fillings(puzzle.board(), &text, json)
        .map_err(|e| Failure::Input(e.with_path(&args.solution).to_string()))?;
    let first_violation = fillings
        .iter()
        .enumerate()
        .find_map(|(i, f)| verify(&puzzle, f).err().map(|v| (i, v)));
    let report = report::CheckReport {
        file: args.file.display().to_string(),
        solution_file: args.solution.display().to_string(),
        name: puzzle.name().to_string(),
        fillings: fillings.len(),
        valid: first_violation.is_none(),
        invalid_index: first_violation.as_ref().map(|(i, _)| *i),
        violation: first_violation.as_ref().map(|(_, v)| v.to_string()),
    };
    match args.output.format {
        Format::Json => report::print_json(&report)?,
        Format::Text => report::print_check_text(&report)?,
    }
    Ok(if report.valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

pub(crate) fn new_solver<'p>(
    puzzle: &'p Puzzle,
    file: &Path,
    options: &SolveOptions,
) -> Result<PuzzleSolver<'p>, Failure> {
    PuzzleSolver::new(puzzle, options).map_err(|e| solve_failure(e, file))
}

/// Too large is the user's input; anything else is ours.
pub(crate) fn solve_failure(e: SolveError, file: &Path) -> Failure {
    match e {
        SolveError::Encode(e) => Failure::Input(format!("{}: {e}", file.display())),
        other => Failure::Internal(anyhow::Error::new(other).context(file.display().to_string())),
    }
}
