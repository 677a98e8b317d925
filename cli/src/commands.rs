//! # Subcommands
//!
//! `solve`, `count` and `check`: read the input, turn the arguments into a request of
//! [`pathsat_api`], and hand its typed result to [`crate::report`] (or, for `solve --format
//! svg`, to [`crate::pictures`]). The library holds the timeouts: at the deadline it returns what
//! was found by then, and the command prints it and exits.

use crate::args::{
    BookletArgs, CellArg, CheckArgs, CheckCertificateArgs, CountArgs, DrawArgs, ExplainArgs,
    ForcedArgs, Format, HintArgs, SolveArgs, SolveFormat,
};
use crate::pictures;
use crate::progress::CountDisplay;
use crate::report;
use crate::Failure;
use pathsat_api::count::count as run_count;
use pathsat_api::options::{CountSpec, SolveSpec};
use pathsat_api::solve::solve as run_solve;
use pathsat_api::{Cancel, Stage, Stopped, WindDown};
use pathsat_puzzle::{parse_file, read_text, Place, Pos};
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

pub fn solve(args: &SolveArgs) -> Result<ExitCode, Failure> {
    let svg = args.format == SolveFormat::Svg;
    pictures::refuse_directory_unless_svg(args.output.as_deref(), svg, "solution")?;
    let puzzle = Arc::new(parse_file(&args.file)?);
    let spec = SolveSpec {
        all: args.all,
        limit: args.limit,
        unique: args.unique,
        timeout: args.timeout,
        jobs: args.jobs,
        solver: args.solver.certified(args.certify),
    };
    let mut request = spec.request(Cancel::new())?;
    request.certificate.clone_from(&args.certificate);
    let file = args.file.display().to_string();
    let report = run_solve(&puzzle, &file, &request)?;
    let output = args.output.as_deref();
    match args.format {
        SolveFormat::Svg => pictures::write_solved(&args.file, output, &puzzle, &report)?,
        SolveFormat::Json => write_to(output, |out| report::write_json(out, &report))?,
        SolveFormat::Text => write_to(output, |out| {
            report::write_solve_text(out, &report, &puzzle)
        })?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `write` on the file `output`, or on standard output.
pub fn write_to(
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
    let puzzle = Arc::new(parse_file(&args.file)?);
    let shard = match args.shard {
        Some(crate::args::ShardArg::Of(n)) if !args.plan => {
            return Err(Failure::Input(format!(
                "--shard {n}: a count takes one shard, --shard I/{n} (N alone is for --plan)"
            )))
        }
        shard => shard.map(|s| s.shard()),
    };
    let spec = CountSpec {
        shard,
        solver: args.spec.solver.certified(args.certify),
        ..args.spec.clone()
    };
    let cancel = Cancel::new();
    let mut request = spec.request(cancel.clone())?;
    request.certificate.clone_from(&args.certificate);
    if let Some(path) = args.part_file.as_deref() {
        // Known now, not after hours of counting.
        pathsat_batch::replace::check_writable(path)
            .map_err(|e| Failure::Input(format!("cannot write {}: {e}", path.display())))?;
    }
    let display = Arc::new(
        CountDisplay::new(false)
            .with_mode(args.progress)
            .for_shard(shard),
    );
    if args.plan {
        return crate::plan::print(&puzzle, &args.file, args, &request.options, args.shard);
    }
    if let Some(checkpoint) = &args.spec.checkpoint {
        let raised = crate::interrupt::on_signals()
            .map_err(|e| Failure::Input(format!("cannot handle Ctrl-C and SIGTERM: {e}")))?;
        request.options.budget.wind_down = Some(WindDown::from_flag(Arc::clone(&raised)));
        let (display, checkpoint) = (Arc::clone(&display), checkpoint.display().to_string());
        crate::interrupt::when_raised(raised, move || {
            if display.stage() == Some(Stage::Frontier) {
                display.note(&format!(
                    "interrupted: stopping after the layer under way, to save it to \
                     {checkpoint} (interrupt again to stop at once, keeping the checkpoint before)"
                ))
            } else {
                // Not in the frontier program (--method auto chose another): nothing to save.
                display.note("interrupted: stopping");
                cancel.cancel();
            }
        });
    }
    let file = args.file.display().to_string();
    let hear = Arc::clone(&display);
    let outcome = run_count(&puzzle, &file, &request, Arc::new(move |p| hear.update(p)));
    display.clear();
    let report = outcome?;
    if shard.is_some() {
        let split = spec.split().expect("a shard has a split");
        return crate::merge::write_part(&puzzle, &report, split, args.part_file.as_deref());
    }
    let mut out = io::stdout().lock();
    match args.output.format {
        Format::Json => report::write_json(&mut out, &report)?,
        Format::Text => report::write_count_text(&mut out, &report)?,
    }
    // Stopped by request, the count is no answer yet; one that contradicts the file's
    // expected count is a wrong answer or a wrong file, which a script must notice.
    let disagrees = report.expected.as_ref().and_then(|e| e.agrees) == Some(false);
    Ok(
        if report.stopped == Some(Stopped::Interrupted) || disagrees {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        },
    )
}

pub fn check(args: &CheckArgs) -> Result<ExitCode, Failure> {
    let puzzle = parse_file(&args.file)?;
    let text = read_text(&args.solution)?;
    let json = args
        .solution
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let report = pathsat_api::check::check(
        &puzzle,
        &args.file.display().to_string(),
        &args.solution.display().to_string(),
        &text,
        json,
    )?;
    let mut out = io::stdout().lock();
    match args.output.format {
        Format::Json => report::write_json(&mut out, &report)?,
        Format::Text => report::write_check_text(&mut out, &report)?,
    }
    Ok(if report.valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Checks a certificate directory (exit status 3 when it is rejected).
pub fn check_certificate(args: &CheckCertificateArgs) -> Result<ExitCode, Failure> {
    let summary = pathsat_api::certificate::check_directory(&args.dir)?;
    let mut out = io::stdout().lock();
    match args.output.format {
        Format::Json => report::write_json(&mut out, &summary)?,
        Format::Text => writeln!(out, "{}", report::checked_certificate_line(&summary))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The cells every solution agrees on (or the givens that conflict).
pub fn forced(args: &ForcedArgs) -> Result<ExitCode, Failure> {
    let puzzle = parse_file(&args.file)?;
    let request = pathsat_api::ForcedRequest {
        timeout: args.timeout,
        ..pathsat_api::ForcedRequest::default()
    };
    let report = pathsat_api::forced::forced(&puzzle, &args.file.display().to_string(), &request)?;
    let mut out = io::stdout().lock();
    match args.output.format {
        Format::Json => report::write_json(&mut out, &report)?,
        Format::Text => report::write_forced_text(&mut out, &report, &puzzle)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The next step of a puzzle solved by hand (or the first wrong cell of the filling).
pub fn hint(args: &HintArgs) -> Result<ExitCode, Failure> {
    let puzzle = parse_file(&args.file)?;
    let file = args.file.display().to_string();
    let filling = match &args.filling {
        Some(path) => {
            let json = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"));
            let text = read_text(path)?;
            Some(pathsat_api::options::read_filling(
                &puzzle,
                &path.display().to_string(),
                &text,
                json,
            )?)
        }
        None => None,
    };
    let request = pathsat_api::HintRequest {
        filling,
        timeout: args.timeout,
        certify: args.certify,
        certificate: args.certificate.clone(),
        ..pathsat_api::HintRequest::default()
    };
    let report = pathsat_api::hint::hint(&puzzle, &file, &request)?;
    let mut out = io::stdout().lock();
    match args.output.format {
        Format::Json => report::write_json(&mut out, &report)?,
        Format::Text => report::write_hint_text(&mut out, &report, &puzzle)?,
    }
    Ok(match report.found.status {
        pathsat_api::hint::HintStatus::Wrong => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    })
}

/// Why a cell holds its value, in the clauses propagation used.
pub fn explain(args: &ExplainArgs) -> Result<ExitCode, Failure> {
    let puzzle = parse_file(&args.file)?;
    let file = args.file.display().to_string();
    let place = match args.cell {
        CellArg::Board(row, col) => Place::Cell(Pos::new(row, col)),
        CellArg::Vertex(v) => Place::Vertex(v),
    };
    let cell = puzzle.cell_at_place(place).ok_or_else(|| {
        Failure::Input(match (args.cell, puzzle.is_graph()) {
            (CellArg::Board(row, col), false) => {
                format!("{file}: --cell {row},{col} is not a cell of the board")
            }
            (CellArg::Vertex(v), true) => {
                format!(
                    "{file}: --cell {v}: the graph has {} vertices",
                    puzzle.n_cells()
                )
            }
            (_, true) => format!("{file}: --cell takes a vertex number for a graph"),
            (_, false) => format!("{file}: --cell takes ROW,COL (from 0) for a board"),
        })
    })?;
    let options = pathsat_api::options::ExplainSpec {
        pruning: args.pruning,
        exactly_one: args.exactly_one,
    }
    .options();
    let report = pathsat_api::explain::explain(&puzzle, &file, cell, &options)?;
    let mut out = io::stdout().lock();
    match args.output.format {
        Format::Json => report::write_json(&mut out, &report)?,
        Format::Text => report::write_explain_text(&mut out, &report, &puzzle, args.limit)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Puzzles and their solutions as a PDF.
pub fn booklet(args: &BookletArgs) -> Result<ExitCode, Failure> {
    let mut files = Vec::new();
    for path in &args.puzzles {
        if path.is_dir() {
            let mut inside: Vec<std::path::PathBuf> = std::fs::read_dir(path)
                .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| {
                    p.extension().is_some_and(|e| {
                        e.eq_ignore_ascii_case("toml") || e.eq_ignore_ascii_case("json")
                    })
                })
                .collect();
            inside.sort();
            if inside.is_empty() {
                return Err(Failure::Input(format!(
                    "{}: no puzzle files (.toml, .json) in this directory",
                    path.display()
                )));
            }
            files.extend(inside);
        } else {
            files.push(path.clone());
        }
    }
    let puzzles = files
        .iter()
        .map(|f| Ok((parse_file(f)?, f.display().to_string())))
        .collect::<Result<Vec<_>, Failure>>()?;
    let request = pathsat_api::options::BookletSpec {
        title: args.title.clone(),
        per_page: args.per_page,
        solutions: !args.no_solutions,
        timeout: None,
    }
    .request()
    .map(|r| pathsat_api::options::BookletRequest {
        timeout: args.timeout,
        ..r
    })?;
    // Each puzzle's uniqueness is proved before the PDF is drawn: seconds each for hard ones.
    let report = crate::busy::with_progress(|busy| {
        busy.step(&format!(
            "proving {} puzzles unique, then drawing {}",
            puzzles.len(),
            args.output.display()
        ));
        pathsat_api::booklet::booklet(&puzzles, &request).map_err(Failure::from)
    })?;
    std::fs::write(&args.output, &report.pdf)
        .map_err(|e| Failure::Input(format!("{}: {e}", args.output.display())))?;
    let mut out = io::stdout().lock();
    match args.format.format {
        Format::Json => report::write_json(&mut out, &report)?,
        Format::Text => report::write_booklet_text(&mut out, &report, &args.output)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The blank puzzle as SVG, with a note of what is to be done.
pub fn draw(args: &DrawArgs) -> Result<ExitCode, Failure> {
    let puzzle = parse_file(&args.file)?;
    let task = match (puzzle.trail(), puzzle.is_closed()) {
        (Some(_), _) => "find the trail".to_string(),
        (None, true) => format!("place 1 to {} in a closed tour", puzzle.n_values()),
        (None, false) => format!("place 1 to {} in a path", puzzle.n_values()),
    };
    pictures::write_blank(args.output.as_deref(), &puzzle, &task)?;
    if let Some(path) = &args.output {
        println!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
