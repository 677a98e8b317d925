//! # Subcommands
//!
//! `solve`, `count` and `check`: read the input, run the library, hand the results to
//! [`crate::report`] (or, for `solve --format svg`, to [`crate::pictures`]).

use crate::args::{
    CheckArgs, CountArgs, CountMethod, EncodingName, Format, SolveArgs, SolveFormat,
};
use crate::pictures;
use crate::report::{self, EncodingReport, RunReport};
use crate::Failure;
use pathsat_cnf::CountingSink;
use pathsat_count::{CountError, CountOptions, Method, Stopped};
use pathsat_encode::export::encode_into;
use pathsat_puzzle::{
    parse_file, parse_fillings, parse_orders, read_text, verify, Filling, Puzzle,
};
use pathsat_solver::{Count, PuzzleSolver, SolveError, SolveOptions, SolveStats};
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// What `solve` was asked for.
enum Wanted {
    First,
    Unique,
    Upto(u64),
    All,
}

pub fn solve(args: &SolveArgs) -> Result<ExitCode, Failure> {
    let started = Instant::now();
    if let Some(path) = args.output.as_deref() {
        if args.format != SolveFormat::Svg && pictures::is_directory_target(path) {
            return Err(Failure::Input(format!(
                "-o {}: a directory takes one picture per solution, with --format svg; name a \
                 file for text or JSON",
                path.display()
            )));
        }
    }
    let puzzle = parse_file(&args.file)?;
    let options = SolveOptions {
        encoding: args.encoding.options(),
        certify: args.certify,
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
    let certificate = if args.certify {
        Some(solver.certify().map_err(|e| solve_failure(e, &args.file))?)
    } else {
        None
    };
    let mut report = RunReport::new(
        &args.file,
        &puzzle,
        EncodingReport::new(solver.encoding(), &options.encoding),
        &solver.stats(),
        count,
        limit.filter(|_| !matches!(wanted, Wanted::First | Wanted::Unique)),
        unique,
        &solutions,
        started.elapsed(),
    );
    report.reason = solver.contradiction().map(str::to_string);
    if let Some(c) = &certificate {
        report.certify(c);
    }
    let output = args.output.as_deref();
    match args.format {
        SolveFormat::Svg => pictures::write(&args.file, output, &puzzle, &report, &solutions)?,
        SolveFormat::Json => write_to(output, |out| report::write_json(out, &report))?,
        SolveFormat::Text => write_to(output, |out| {
            report::write_solve_text(out, &report, &puzzle, &solutions)
        })?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `write` on the file `output`, or on standard output.
fn write_to(
    output: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), Failure> {
    let Some(path) = output else {
        return Ok(write(&mut io::stdout().lock())?);
    };
    let cannot = |e: io::Error| Failure::Input(format!("cannot write {}: {e}", path.display()));
    let mut file = std::fs::File::create(path).map_err(cannot)?;
    write(&mut file).map_err(cannot)
}

pub fn count(args: &CountArgs) -> Result<ExitCode, Failure> {
    let started = Instant::now();
    let puzzle = parse_file(&args.file)?;
    let timeout = positive_seconds(args.timeout, "--timeout")?;
    if args.method == CountMethod::Dp && args.encoding.encoding != EncodingName::Auto {
        return Err(Failure::Input(
            "--method dp counts without a SAT encoding; leave --encoding out".into(),
        ));
    }
    let options = CountOptions {
        method: args.method.method(),
        limit: args.limit,
        deadline: timeout.map(|t| started + Duration::from_secs_f64(t)),
        jobs: args
            .jobs
            .map_or_else(|| CountOptions::default().jobs, |j| j as usize),
        solve: SolveOptions {
            encoding: args.encoding.options(),
            certify: args.certify,
        },
    };
    let spinner = indicatif::ProgressBar::new_spinner();
    spinner.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    spinner.set_message("counting");
    let count_start = Instant::now();
    let counted = pathsat_count::count(&puzzle, &options, &|n| {
        spinner.set_message(format!("{n} found"))
    });
    spinner.finish_and_clear();
    let counted = counted.map_err(|e| match e {
        CountError::Solve(e) => solve_failure(e, &args.file),
        CountError::DpNotApplicable(why) => {
            Failure::Input(format!("{}: --method dp: {why}", args.file.display()))
        }
        CountError::NotCertifiable(_) => Failure::Input(format!(
            "{}: {e}; leave --method out or use --method enumerate",
            args.file.display()
        )),
        CountError::TrailsEnumerate => Failure::Input(format!(
            "{}: --method sat: {e}; leave --method out or use --method enumerate",
            args.file.display()
        )),
        CountError::CubesNeedPositions => Failure::Input(format!(
            "{}: --method sat: {e}; use --method enumerate or --encoding position",
            args.file.display()
        )),
    })?;
    let count_time = count_start.elapsed();
    // The sizes reported are those of the encoding the count used (or, for the dynamic
    // program, would use), which is only counted here.
    let kind = counted
        .encoding
        .unwrap_or_else(|| options.solve.encoding_for(&puzzle));
    let encode_start = Instant::now();
    let encoded = encode_into(
        &puzzle,
        &options.solve.encoding,
        kind,
        &mut CountingSink::default(),
    )
    .map_err(|e| Failure::Input(format!("{}: {e}", args.file.display())))?;
    let stats = SolveStats {
        encoding: kind,
        encode: encoded.stats().clone(),
        encode_time: encode_start.elapsed(),
        solve_time: count_time,
        solve_calls: counted.solver_calls,
        solutions: 0,
        subtours: counted.subtours.clone(),
    };
    let mut report = RunReport::new(
        &args.file,
        &puzzle,
        EncodingReport::new(kind, &options.solve.encoding),
        &stats,
        Count {
            count: 0,
            complete: counted.complete,
        },
        args.limit,
        None,
        &[],
        started.elapsed(),
    );
    report.count = counted.count;
    report.reason = encoded.contradiction().map(str::to_string);
    report.cycles = counted.cycles;
    report.status = if counted.count > 0 {
        "sat"
    } else if counted.complete {
        "unsat"
    } else {
        "unknown"
    };
    report.method = Some(counted.method.name());
    report.verified = Some(counted.verified);
    report.stopped = counted.stopped.map(|s| match s {
        Stopped::Limit => "limit",
        Stopped::Deadline => "timeout",
    });
    report.cubes = (counted.method == Method::Sat).then_some(counted.cubes);
    report.symmetry = counted.symmetry;
    if let Some(c) = &counted.certificate {
        report.certify(c);
    }
    match args.output.format {
        Format::Json => report::print_json(&report)?,
        Format::Text => report::print_count_text(&report)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// A positive, finite number of seconds, or a usage error naming the flag.
pub(crate) fn positive_seconds(value: Option<f64>, flag: &str) -> Result<Option<f64>, Failure> {
    match value {
        Some(t) if !(t > 0.0 && t.is_finite()) => Err(Failure::Input(format!(
            "{flag} must be a positive number of seconds, not {t}"
        ))),
        t => Ok(t),
    }
}

pub fn check(args: &CheckArgs) -> Result<ExitCode, Failure> {
    let puzzle = parse_file(&args.file)?;
    let text = read_text(&args.solution)?;
    let json = args
        .solution
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let fillings = if puzzle.is_graph() {
        parse_orders(puzzle.n_cells(), &text, json)
    } else {
        parse_fillings(puzzle.board(), &text, json, puzzle.trail().is_some())
    }
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

/// A puzzle the encoding cannot take is the user's input; anything else is ours.
pub(crate) fn solve_failure(e: SolveError, file: &Path) -> Failure {
    match e {
        SolveError::Encode(e) => Failure::Input(format!("{}: {e}", file.display())),
        SolveError::Unsupported(why) => Failure::Input(format!("{}: {why}", file.display())),
        other => Failure::Internal(anyhow::Error::new(other).context(file.display().to_string())),
    }
}
