//! # Working with other solvers
//!
//! `export` writes the CNF in DIMACS, `decode` reads a solver's answer for it back into a
//! verified filling, and `compare` runs the embedded solver and external ones on the same CNF.

use crate::args::{CompareArgs, DecodeArgs, ExportArgs, Format, SolveFormat};
use crate::commands::{new_solver, solve_failure};
use crate::pictures;
use crate::report::{self, CompareReport, EncodingReport, RunReport, SolverRow};
use crate::Failure;
use anyhow::Context;
use pathsat_cnf::CountingSink;
use pathsat_dimacs::{parse_solver_output, write_dimacs, SolverOutput};
use pathsat_encode::export::{encode_for_export, Encoded};
use pathsat_encode::{export as export_cnf, EncodingOptions, Export};
use pathsat_puzzle::{parse_file, read_text, Puzzle};
use pathsat_solver::external::{ExternalSolver, Outcome};
use pathsat_solver::{
    decode_model, Count, ModelProblem, SolveOptions, SolveStats, VARISAT_VERSION,
};
use std::io::{self, Read};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The external solvers `compare` looks for when none is named.
const DEFAULT_SOLVERS: [&str; 2] = ["kissat", "cadical"];

fn export_file(
    puzzle: &Puzzle,
    file: &Path,
    args_options: &crate::args::EncodingArgs,
) -> Result<Export, Failure> {
    let source = file.display().to_string();
    export_cnf(puzzle, &args_options.options(), Some(&source))
        .map_err(|e| Failure::Input(format!("{source}: {e}")))
}

pub fn export(args: &ExportArgs) -> Result<ExitCode, Failure> {
    let puzzle = parse_file(&args.file)?;
    let export = export_file(&puzzle, &args.file, &args.encoding)?;
    match &args.output {
        None => write_dimacs(&mut io::stdout().lock(), &export.cnf, &export.header)?,
        Some(path) => {
            let cannot = |e: io::Error| {
                Failure::Input(format!("{}: cannot write the file: {e}", path.display()))
            };
            let mut file = std::fs::File::create(path).map_err(cannot)?;
            write_dimacs(&mut file, &export.cnf, &export.header).map_err(cannot)?;
            let stats = export.encoded.stats();
            println!(
                "wrote {}: {} encoding, {} variables ({} primary), {} clauses",
                path.display(),
                export.encoded.kind().name(),
                stats.variables,
                stats.primary_vars,
                stats.clauses
            );
            if let Encoded::Successor(_) = export.encoded {
                println!(
                    "this is round 0: the subtour cuts are added lazily by `pathsat solve`, so a \
                     model may be several disjoint cycles"
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn decode(args: &DecodeArgs) -> Result<ExitCode, Failure> {
    let started = Instant::now();
    let puzzle = parse_file(&args.file)?;
    let (model_name, text) = if args.model.as_os_str() == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::Input(format!("standard input: cannot read: {e}")))?;
        let text = String::from_utf8(bytes).map_err(|_| {
            Failure::Input("standard input: the solver output is not UTF-8 text".into())
        })?;
        ("standard input".to_string(), text)
    } else {
        (args.model.display().to_string(), read_text(&args.model)?)
    };
    let output = parse_solver_output(&text).map_err(|e| match e.position {
        Some(p) => Failure::Input(format!("{model_name}:{p}: {}", e.message)),
        None => Failure::Input(format!("{model_name}: {}", e.message)),
    })?;
    let encode_start = Instant::now();
    // The same choice as `export`, so that an exported file decodes with the same options.
    let options = args.encoding.options();
    let encoded = encode_for_export(&puzzle, &options, &mut CountingSink::default())
        .map_err(|e| Failure::Input(format!("{}: {e}", args.file.display())))?;
    let kind = encoded.kind();
    let encode_time = encode_start.elapsed();
    let (count, solutions) = match output {
        SolverOutput::Unknown => {
            return Err(Failure::Rejected(format!(
                "{model_name}: the solver did not decide (s UNKNOWN): there is no filling to decode"
            )))
        }
        SolverOutput::Unsat => (
            Count {
                count: 0,
                complete: true,
            },
            vec![],
        ),
        SolverOutput::Sat(model) => {
            let filling = decode_model(&puzzle, &encoded, &model).map_err(|problem| {
                let message = format!("{model_name}: {problem}");
                match problem {
                    // A model of another CNF is the wrong input, not a wrong answer.
                    ModelProblem::OtherFormula { .. } => Failure::Input(message),
                    _ => Failure::Rejected(message),
                }
            })?;
            (
                Count {
                    count: 1,
                    complete: false,
                },
                vec![filling],
            )
        }
    };
    let stats = SolveStats {
        encoding: kind,
        encode: encoded.stats().clone(),
        encode_time,
        solve_time: Duration::ZERO,
        solve_calls: 0,
        solutions: count.count,
        subtours: None,
    };
    let mut report = RunReport::new(
        &args.file,
        &puzzle,
        EncodingReport::new(kind, &options),
        &stats,
        count,
        None,
        None,
        &solutions,
        started.elapsed(),
    );
    report.model_file = Some(model_name);
    report.reason = encoded.contradiction().map(str::to_string);
    match args.format {
        SolveFormat::Json => report::print_json(&report)?,
        SolveFormat::Text => report::print_solve_text(&report, &puzzle, &solutions)?,
        SolveFormat::Svg => pictures::write(&args.file, None, &puzzle, &report, &solutions)?,
    }
    Ok(ExitCode::SUCCESS)
}

pub fn compare(args: &CompareArgs) -> Result<ExitCode, Failure> {
    let puzzle = parse_file(&args.file)?;
    let export = export_file(&puzzle, &args.file, &args.encoding)?;
    let dir = tempfile::tempdir().context("cannot make a temporary directory")?;
    let cnf_path = dir.path().join("puzzle.cnf");
    let mut file = std::fs::File::create(&cnf_path).context("cannot write the temporary CNF")?;
    write_dimacs(&mut file, &export.cnf, &export.header)
        .context("cannot write the temporary CNF")?;
    drop(file);

    // The embedded solver runs the encoding exported, not the one `solve` would pick.
    let mut options = args.encoding.options();
    options.choice = export.encoded.kind().into();
    let mut rows = vec![embedded_row(&puzzle, &args.file, options)?];
    let names: Vec<String> = if args.solvers.is_empty() {
        DEFAULT_SOLVERS.iter().map(|s| s.to_string()).collect()
    } else {
        args.solvers.clone()
    };
    let timeout = args.timeout;
    for name in names {
        rows.push(external_row(&puzzle, &export, &name, &cnf_path, timeout));
    }
    let decided: Vec<&str> = rows
        .iter()
        .map(|r| r.status)
        .filter(|s| *s == "sat" || *s == "unsat")
        .collect();
    let disagree = decided.windows(2).any(|w| w[0] != w[1]);
    let invalid = rows.iter().any(|r| r.valid == Some(false));
    let report = CompareReport {
        file: args.file.display().to_string(),
        name: puzzle.name().to_string(),
        variables: export.encoded.stats().variables,
        clauses: export.encoded.stats().clauses,
        encoding: EncodingReport::new(export.encoded.kind(), &args.encoding.options()),
        solvers: rows,
    };
    match args.output.format {
        Format::Json => report::print_json(&report)?,
        Format::Text => {
            report::print_compare_text(&report)?;
            if disagree {
                println!("the solvers disagree on whether the puzzle has a solution");
            }
        }
    }
    Ok(if disagree || invalid {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn embedded_row(
    puzzle: &Puzzle,
    file: &Path,
    encoding: EncodingOptions,
) -> Result<SolverRow, Failure> {
    let start = Instant::now();
    let options = SolveOptions {
        encoding,
        ..SolveOptions::default()
    };
    let mut solver = new_solver(puzzle, file, &options)?;
    let first = solver.next_solution().map_err(|e| solve_failure(e, file))?;
    Ok(SolverRow {
        solver: "varisat (embedded)".to_string(),
        path: None,
        version: Some(VARISAT_VERSION.to_string()),
        status: if first.is_some() { "sat" } else { "unsat" },
        seconds: Some(start.elapsed().as_secs_f64()),
        // Every solution of the embedded solver has passed the verifier.
        valid: first.is_some().then_some(true),
        error: None,
    })
}

fn external_row(
    puzzle: &Puzzle,
    export: &Export,
    name: &str,
    cnf: &Path,
    timeout: Duration,
) -> SolverRow {
    let mut row = SolverRow {
        solver: name.to_string(),
        path: None,
        version: None,
        status: "absent",
        seconds: None,
        valid: None,
        error: None,
    };
    let Some(solver) = ExternalSolver::find(name) else {
        row.error = Some("not found".to_string());
        return row;
    };
    row.path = Some(solver.path.display().to_string());
    row.version = solver.version();
    let run = match solver.run(cnf, timeout) {
        Ok(run) => run,
        Err(e) => {
            row.status = "error";
            row.error = Some(format!("cannot run: {e}"));
            return row;
        }
    };
    row.seconds = Some(run.seconds);
    match run.outcome {
        Outcome::TimedOut => row.status = "timeout",
        Outcome::BadOutput(e) => {
            row.status = "error";
            row.error = Some(format!("unreadable output: {e}"));
        }
        Outcome::Answer(SolverOutput::Unknown) => row.status = "unknown",
        Outcome::Answer(SolverOutput::Unsat) => row.status = "unsat",
        Outcome::Answer(SolverOutput::Sat(model)) => {
            row.status = "sat";
            match decode_model(puzzle, &export.encoded, &model) {
                Ok(_) => row.valid = Some(true),
                // Round 0 of the successor encoding: a cycle cover is a correct answer to
                // the CNF given, not a tour.
                Err(ModelProblem::Subtours(k)) => {
                    row.error = Some(format!("{k} disjoint cycles (round 0 has no subtour cuts)"));
                }
                Err(problem) => {
                    row.valid = Some(false);
                    row.error = Some(format!("invalid: {problem}"));
                }
            }
        }
    }
    row
}
