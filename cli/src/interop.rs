//! # Working with other solvers
//!
//! `export` writes the CNF in DIMACS, `decode` reads a solver's answer for it back into a
//! verified filling, and `compare` runs the embedded solvers and external ones on the same CNF.

use crate::args::{CompareArgs, DecodeArgs, ExportArgs, Format, SolveFormat};
use crate::pictures;
use crate::report::{self, CompareReport, SolverRow, SolverStatus};
use crate::Failure;
use anyhow::Context;
use pathsat_api::export::Exported;
use pathsat_api::options::EncodingSpec;
use pathsat_api::outcome::EncodingInfo;
use pathsat_api::solve::{first_within, FirstAnswer};
use pathsat_dimacs::SolverOutput;
use pathsat_encode::export::Encoded;
use pathsat_encode::{EncodingOptions, Export};
use pathsat_external::{ExternalSolver, Outcome};
use pathsat_puzzle::{parse_file, read_text, Puzzle};
use pathsat_solver::{
    decode_model, ModelProblem, SolveOptions, SolverChoice, CADICAL_VERSION, VARISAT_VERSION,
};
use std::io::{self, Read};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The external solvers `compare` looks for when none is named.
const DEFAULT_SOLVERS: [&str; 2] = ["kissat", "cadical"];

pub(crate) fn export_file(
    puzzle: &Puzzle,
    file: &Path,
    args_options: &EncodingSpec,
) -> Result<Exported, Failure> {
    let source = file.display().to_string();
    Ok(pathsat_api::export::export(
        puzzle,
        &source,
        &args_options.options(),
    )?)
}

pub fn export(args: &ExportArgs) -> Result<ExitCode, Failure> {
    let puzzle = parse_file(&args.file)?;
    let exported = export_file(&puzzle, &args.file, &args.encoding)?;
    let export = &exported.export;
    match &args.output {
        None => exported.write_dimacs(&mut io::stdout().lock())?,
        Some(path) => {
            let cannot = |e: io::Error| {
                Failure::Input(format!("{}: cannot write the file: {e}", path.display()))
            };
            let mut file = std::fs::File::create(path).map_err(cannot)?;
            exported.write_dimacs(&mut file).map_err(cannot)?;
            let stats = export.encoded.stats();
            println!(
                "wrote {}: {} encoding, {} variables ({} primary), {} clauses",
                path.display(),
                export.encoded.name(),
                stats.variables,
                stats.primary_vars,
                stats.clauses
            );
            if let Encoded::Successor(e) = &export.encoded {
                if e.subtours.is_complete() {
                    println!(
                        "complete: every model is one Hamiltonian cycle (the {} rule rules out \
                         subtours in the file itself)",
                        e.subtours.name()
                    );
                } else {
                    println!(
                        "this is round 0: the subtour cuts are added lazily by `pathsat solve`, so \
                         a model may be several disjoint cycles (`--encoding successor-crt` and the \
                         other successor-* encodings write complete files)"
                    );
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn decode(args: &DecodeArgs) -> Result<ExitCode, Failure> {
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
    let report = pathsat_api::decode::decode(
        &puzzle,
        &args.file.display().to_string(),
        &args.encoding.options(),
        &model_name,
        &text,
    )?;
    let mut out = io::stdout().lock();
    match args.format {
        SolveFormat::Json => report::write_json(&mut out, &report)?,
        SolveFormat::Text => report::write_decode_text(&mut out, &report, &puzzle)?,
        SolveFormat::Svg => {
            drop(out);
            pictures::write_decoded(&puzzle, &report)?
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn compare(args: &CompareArgs) -> Result<ExitCode, Failure> {
    let puzzle = parse_file(&args.file)?;
    let exported = export_file(&puzzle, &args.file, &args.encoding)?;
    let export = &exported.export;
    let dir = tempfile::tempdir().context("cannot make a temporary directory")?;
    let cnf_path = dir.path().join("puzzle.cnf");
    let mut file = std::fs::File::create(&cnf_path).context("cannot write the temporary CNF")?;
    exported
        .write_dimacs(&mut file)
        .context("cannot write the temporary CNF")?;
    drop(file);

    // The embedded solver runs the encoding exported, not the one `solve` would pick.
    let mut options = args.encoding.options();
    options.choice = export.encoded.kind().into();
    let names: Vec<String> = if args.solvers.is_empty() {
        DEFAULT_SOLVERS.iter().map(|s| s.to_string()).collect()
    } else {
        args.solvers.clone()
    };
    // Every embedded solver this build has (varisat, and CaDiCaL with the feature `cadical`)
    // and every external one run side by side, each on a thread of its own: the command ends
    // within its timeout however many solvers it compares.
    let timeout = args.timeout;
    let (embedded, external) = std::thread::scope(|scope| {
        let embedded: Vec<_> = SolverChoice::ALL
            .into_iter()
            .filter(|choice| choice.is_built_in())
            .map(|choice| {
                let (puzzle, file) = (&puzzle, &args.file);
                scope.spawn(move || embedded_row(puzzle, file, options, choice, timeout))
            })
            .collect();
        let external: Vec<_> = names
            .iter()
            .map(|name| {
                let (puzzle, cnf_path) = (&puzzle, &cnf_path);
                scope.spawn(move || external_row(puzzle, export, name, cnf_path, timeout))
            })
            .collect();
        (
            embedded
                .into_iter()
                .map(|h| h.join().expect("a solver thread"))
                .collect::<Vec<_>>(),
            external
                .into_iter()
                .map(|h| h.join().expect("a solver thread"))
                .collect::<Vec<_>>(),
        )
    });
    let mut rows = embedded.into_iter().collect::<Result<Vec<_>, _>>()?;
    rows.extend(external);
    let decided: Vec<SolverStatus> = rows
        .iter()
        .map(|r| r.status)
        .filter(|s| s.decided())
        .collect();
    let disagree = decided.windows(2).any(|w| w[0] != w[1]);
    let invalid = rows.iter().any(|r| r.valid == Some(false));
    let report = CompareReport {
        file: args.file.display().to_string(),
        name: puzzle.name().to_string(),
        variables: export.encoded.stats().variables,
        clauses: export.encoded.stats().clauses,
        encoding: EncodingInfo::new(export.encoded.kind(), &args.encoding.options()),
        solvers: rows,
    };
    match args.output.format {
        Format::Json => report::print_json(&report)?,
        Format::Text => {
            report::write_compare_text(&mut io::stdout().lock(), &report)?;
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

/// The embedded solver `choice` on the puzzle, stopped (inside its call too) after `timeout`.
pub(crate) fn embedded_row(
    puzzle: &Puzzle,
    file: &Path,
    encoding: EncodingOptions,
    choice: SolverChoice,
    timeout: Duration,
) -> Result<SolverRow, Failure> {
    let start = Instant::now();
    let options = SolveOptions {
        encoding,
        solver: choice,
        ..SolveOptions::default()
    };
    let (status, first) =
        match first_within(puzzle, &file.display().to_string(), &options, timeout)? {
            FirstAnswer::Solution(filling) => (SolverStatus::Sat, Some(filling)),
            FirstAnswer::NoSolution => (SolverStatus::Unsat, None),
            FirstAnswer::TimedOut => (SolverStatus::Timeout, None),
        };
    Ok(SolverRow {
        solver: format!("{choice} (embedded)"),
        path: None,
        version: Some(
            match choice {
                SolverChoice::Varisat => VARISAT_VERSION,
                SolverChoice::Cadical => CADICAL_VERSION,
            }
            .to_string(),
        ),
        status,
        seconds: Some(start.elapsed().as_secs_f64()),
        // Every solution of the embedded solver has passed the verifier.
        valid: first.is_some().then_some(true),
        error: None,
    })
}

pub(crate) fn external_row(
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
        status: SolverStatus::Absent,
        seconds: None,
        valid: None,
        error: None,
    };
    let Some(solver) = ExternalSolver::find(name) else {
        row.error = Some("not found".to_string());
        return row;
    };
    row.path = Some(solver.path.display().to_string());
    // A version is worth asking for a few seconds at most, and never longer than the run.
    row.version = solver.version(timeout.min(Duration::from_secs(5)));
    let run = match solver.run(cnf, timeout) {
        Ok(run) => run,
        Err(e) => {
            row.status = SolverStatus::Error;
            row.error = Some(format!("cannot run: {e}"));
            return row;
        }
    };
    row.seconds = Some(run.seconds);
    match run.outcome {
        Outcome::TimedOut => row.status = SolverStatus::Timeout,
        Outcome::BadOutput(e) => {
            row.status = SolverStatus::Error;
            row.error = Some(format!("unreadable output: {e}"));
        }
        Outcome::Answer(SolverOutput::Unknown) => row.status = SolverStatus::Unknown,
        Outcome::Answer(SolverOutput::Unsat) => row.status = SolverStatus::Unsat,
        Outcome::Answer(SolverOutput::Sat(model)) => {
            row.status = SolverStatus::Sat;
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
