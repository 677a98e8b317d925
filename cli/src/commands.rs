//! # Subcommands
//!
//! `solve`, `count` and `check`: read the input, run the library, hand the results to
//! [`crate::report`] (or, for `solve --format svg`, to [`crate::pictures`]).
//!
//! `solve` and `count` run the library on a thread of their own, so that `--timeout` holds even
//! when the deadline passes inside one SAT solver call (varisat cannot be interrupted there):
//! at the deadline the command reports what was found by then and exits, leaving the solver
//! behind.

use crate::args::{
    CheckArgs, CountArgs, CountMethod, EncodingName, Format, SolveArgs, SolveFormat,
};
use crate::pictures;
use crate::progress::CountDisplay;
use crate::report::{self, EncodingReport, FrontierReport, RunReport};
use crate::Failure;
use pathsat_cnf::CountingSink;
use pathsat_count::{CountError, CountOptions, Counted, Method, Stopped, DEFAULT_PATIENCE};
use pathsat_encode::export::encode_into;
use pathsat_encode::Encoding;
use pathsat_puzzle::{
    parse_file, parse_fillings, parse_orders, read_text, verify, Filling, Puzzle,
};
use pathsat_solver::{Certificate, Count, PuzzleSolver, SolveError, SolveOptions, SolveStats};
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// How long past its deadline a run may take to come back before the command reports without
/// it.
const GRACE: Duration = Duration::from_millis(250);

/// What `solve` was asked for.
enum Wanted {
    First,
    Unique,
    Upto(u64),
    All,
}

/// What the solving thread tells the command.
enum SolveEvent {
    /// The puzzle is encoded and the solver ready.
    Ready {
        encoding: Encoding,
        stats: SolveStats,
        contradiction: Option<String>,
    },
    Solution(Filling),
    Done {
        count: Count,
        stopped_by_deadline: bool,
        stats: SolveStats,
        certificate: Option<Certificate>,
    },
    Failed(SolveError),
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
    let puzzle = Arc::new(parse_file(&args.file)?);
    let options = SolveOptions {
        encoding: args.encoding.options(),
        certify: args.certify,
    };
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
    let deadline = args.timeout.map(|t| started + t);
    let events = spawn_solver(Arc::clone(&puzzle), options, limit, deadline);
    let mut solutions: Vec<Filling> = Vec::new();
    let mut ready = None;
    let mut done = None;
    loop {
        let event = match deadline {
            Some(d) => {
                match events.recv_timeout((d + GRACE).saturating_duration_since(Instant::now())) {
                    Ok(event) => event,
                    // Still inside a solver call at the deadline: report what was found.
                    Err(_) => break,
                }
            }
            None => match events.recv() {
                Ok(event) => event,
                Err(_) => break,
            },
        };
        match event {
            SolveEvent::Ready {
                encoding,
                stats,
                contradiction,
            } => ready = Some((encoding, stats, contradiction)),
            SolveEvent::Solution(filling) => solutions.push(filling),
            SolveEvent::Done {
                count,
                stopped_by_deadline,
                stats,
                certificate,
            } => {
                done = Some((count, stopped_by_deadline, stats, certificate));
                break;
            }
            SolveEvent::Failed(e) => return Err(solve_failure(e, &args.file)),
        }
    }
    // Without `Ready`, the deadline passed while the puzzle was being encoded.
    let (encoding, ready_stats, contradiction) = ready.unwrap_or_else(|| {
        let encoding = options.encoding_for(&puzzle);
        (encoding, unencoded_stats(&puzzle, encoding), None)
    });
    let (count, stopped_by_deadline, stats, certificate) = done.unwrap_or_else(|| {
        let count = Count {
            count: solutions.len() as u64,
            complete: false,
        };
        let stats = SolveStats {
            solve_time: started.elapsed().saturating_sub(ready_stats.encode_time),
            ..ready_stats
        };
        (count, true, stats, None)
    });
    let unique = matches!(wanted, Wanted::Unique)
        .then(|| count.count == 1 && count.complete)
        .filter(|_| !stopped_by_deadline || count.count >= 2);
    let mut report = RunReport::new(
        &args.file,
        &puzzle,
        EncodingReport::new(encoding, &options.encoding),
        &stats,
        count,
        limit.filter(|_| !matches!(wanted, Wanted::First | Wanted::Unique)),
        unique,
        &solutions,
        started.elapsed(),
    );
    report.reason = contradiction;
    if stopped_by_deadline {
        report.stopped = Some(Stopped::Timeout.name());
    }
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

/// Solves on a thread of its own, reporting each solution as it is found and stopping at
/// `limit` solutions or (between two solutions) at `deadline`.
fn spawn_solver(
    puzzle: Arc<Puzzle>,
    options: SolveOptions,
    limit: Option<u64>,
    deadline: Option<Instant>,
) -> mpsc::Receiver<SolveEvent> {
    let (send, events) = mpsc::channel();
    std::thread::spawn(move || {
        let mut solver = match PuzzleSolver::new(&puzzle, &options) {
            Ok(solver) => solver,
            Err(e) => {
                let _ = send.send(SolveEvent::Failed(e));
                return;
            }
        };
        let _ = send.send(SolveEvent::Ready {
            encoding: solver.encoding(),
            stats: solver.stats(),
            contradiction: solver.contradiction().map(str::to_string),
        });
        let mut found = 0u64;
        let mut stopped_by_deadline = false;
        let outcome = loop {
            if limit.is_some_and(|l| found >= l) {
                break Ok(());
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                stopped_by_deadline = true;
                break Ok(());
            }
            match solver.next_solution() {
                Ok(Some(filling)) => {
                    found += 1;
                    if send.send(SolveEvent::Solution(filling)).is_err() {
                        return;
                    }
                }
                Ok(None) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        let event = match outcome.and_then(|()| {
            let certificate = options.certify.then(|| solver.certify()).transpose()?;
            Ok(certificate)
        }) {
            Ok(certificate) => SolveEvent::Done {
                // Stopping at the limit proves nothing about the rest.
                count: Count {
                    count: found,
                    complete: solver.is_exhausted(),
                },
                stopped_by_deadline,
                stats: solver.stats(),
                certificate,
            },
            Err(e) => SolveEvent::Failed(e),
        };
        let _ = send.send(event);
    });
    events
}

/// Runs `work` on a thread of its own and waits for it until `deadline` (and a short grace);
/// `None` when it has not come back by then (it is left to run until the process exits).
fn run_until<T: Send + 'static>(
    deadline: Option<Instant>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (send, result) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(work());
    });
    match deadline {
        Some(d) => result
            .recv_timeout((d + GRACE).saturating_duration_since(Instant::now()))
            .ok(),
        None => result.recv().ok(),
    }
}

/// Sizes of a run that has not encoded the puzzle (yet).
fn unencoded_stats(puzzle: &Puzzle, encoding: Encoding) -> SolveStats {
    SolveStats {
        encoding,
        encode: pathsat_encode::EncodeStats {
            cells: puzzle.n_cells(),
            primary_vars: 0,
            variables: 0,
            clauses: 0,
            families: vec![],
        },
        encode_time: Duration::ZERO,
        solve_time: Duration::ZERO,
        solve_calls: 0,
        solutions: 0,
        subtours: None,
    }
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
    let puzzle = Arc::new(parse_file(&args.file)?);
    if args.method == CountMethod::Dp && args.encoding.encoding != EncodingName::Auto {
        return Err(Failure::Input(
            "--method dp counts without a SAT encoding; leave --encoding out".into(),
        ));
    }
    let deadline = args.timeout.map(|t| started + t);
    let options = CountOptions {
        method: args.method.method(),
        limit: args.limit,
        deadline,
        jobs: args
            .jobs
            .map_or_else(|| CountOptions::default().jobs, |j| j as usize),
        memory_budget: args
            .memory
            .unwrap_or_else(pathsat_frontier::default_memory_budget),
        patience: args.patience.unwrap_or(DEFAULT_PATIENCE),
        solve: SolveOptions {
            encoding: args.encoding.options(),
            certify: args.certify,
        },
    };
    let display = Arc::new(CountDisplay::new(false));
    let outcome = run_until(deadline, {
        let (puzzle, display) = (Arc::clone(&puzzle), Arc::clone(&display));
        move || pathsat_count::count(&puzzle, &options, &|p| display.update(p))
    });
    display.clear();
    let counted = match outcome {
        Some(result) => result.map_err(|e| count_failure(e, &args.file))?,
        None => {
            let seen = display.seen();
            Counted::timed_out_in(seen.stage, seen.found)
        }
    };
    let count_time = started.elapsed();
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
    );
    let (encode, reason) = match &encoded {
        Ok(encoded) => (
            encoded.stats().clone(),
            encoded.contradiction().map(str::to_string),
        ),
        // The frontier program counted a puzzle no encoding takes: report its size only.
        Err(_) if counted.method == Method::Dp => (unencoded_stats(&puzzle, kind).encode, None),
        Err(e) => return Err(Failure::Input(format!("{}: {e}", args.file.display()))),
    };
    let stats = SolveStats {
        encoding: kind,
        encode,
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
    report.status = if !counted.count.is_zero() {
        "sat"
    } else if counted.complete {
        "unsat"
    } else {
        "unknown"
    };
    report.count = counted.count;
    report.reason = reason.filter(|_| counted.complete);
    report.cycles = counted.cycles;
    report.method = Some(counted.method.name());
    report.why = Some(counted.why);
    report.frontier = counted.frontier.as_ref().map(FrontierReport::from);
    report.estimate = counted.estimate;
    report.verified = Some(counted.verified);
    report.stopped = counted.stopped.map(Stopped::name);
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

/// A count that could not be made: the user's input, or ours.
fn count_failure(e: CountError, file: &Path) -> Failure {
    match e {
        CountError::Solve(e) => solve_failure(e, file),
        CountError::DpNotApplicable(why) => {
            Failure::Input(format!("{}: --method dp: {why}", file.display()))
        }
        CountError::NotCertifiable(_) => Failure::Input(format!(
            "{}: {e}; leave --method out or use --method enumerate",
            file.display()
        )),
        CountError::TrailsEnumerate => Failure::Input(format!(
            "{}: --method sat: {e}; leave --method out or use --method enumerate",
            file.display()
        )),
        CountError::CubesNeedPositions => Failure::Input(format!(
            "{}: --method sat: {e}; use --method enumerate or --encoding position",
            file.display()
        )),
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
