//! # Working with other solvers
//!
//! `export` writes the CNF in DIMACS, `decode` reads a solver's answer for it back into a
//! verified filling, and `compare` prints the embedded solvers and external ones on the same
//! CNF ([`pathsat_api::compare`]).

use crate::args::{CompareArgs, DecodeArgs, ExportArgs, ExportTo, Format, SolveFormat};
use crate::busy::with_progress;
use crate::pictures;
use crate::report;
use crate::Failure;
use pathsat_api::export::Exported;
use pathsat_api::options::EncodingSpec;
use pathsat_encode::export::Encoded;
use pathsat_puzzle::{parse_file, read_text, Puzzle};
use std::io::{self, Read};
use std::path::Path;
use std::process::ExitCode;

/// `export --to graph6|sparse6`: the puzzle's graph as one line.
fn export_graph(puzzle: &Puzzle, args: &ExportArgs) -> Result<ExitCode, Failure> {
    use pathsat_api::graphs::{graph6, graph_of};
    let (n, edges) = graph_of(puzzle, &args.file.display().to_string())?;
    let mut line = match args.to {
        ExportTo::Sparse6 => graph6::encode_sparse6(n, &edges),
        _ => graph6::encode_graph6(n, &edges),
    };
    line.push('\n');
    match &args.output {
        None => io::Write::write_all(&mut io::stdout().lock(), line.as_bytes())?,
        Some(path) => std::fs::write(path, line).map_err(|e| {
            Failure::Input(format!("{}: cannot write the file: {e}", path.display()))
        })?,
    }
    Ok(ExitCode::SUCCESS)
}

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
    if args.to != ExportTo::Dimacs {
        return export_graph(&puzzle, args);
    }
    // A large export takes seconds to build and to write: a terminal shows how far it is.
    let written = with_progress(|busy| -> Result<Exported, Failure> {
        busy.step(&format!("encoding {}", args.file.display()));
        let exported = export_file(&puzzle, &args.file, &args.encoding)?;
        let total = exported.n_clauses();
        let target = args
            .output
            .as_ref()
            .map_or("standard output".to_string(), |p| p.display().to_string());
        busy.counted(&format!("writing {target}"), total as u64, "clauses");
        let mut report = |clauses: usize| busy.done(clauses as u64);
        match &args.output {
            None => exported.write_dimacs_reporting(&mut io::stdout().lock(), &mut report)?,
            Some(path) => {
                let cannot = |e: io::Error| {
                    Failure::Input(format!("{}: cannot write the file: {e}", path.display()))
                };
                let mut file = std::fs::File::create(path).map_err(cannot)?;
                exported
                    .write_dimacs_reporting(&mut file, &mut report)
                    .map_err(cannot)?;
            }
        }
        Ok(exported)
    });
    let exported = written?;
    let export = &exported.export;
    match &args.output {
        None => {}
        Some(path) => {
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
    let mut report = pathsat_api::decode::decode(
        &puzzle,
        &args.file.display().to_string(),
        &args.encoding.options(),
        &model_name,
        &text,
    )?;
    if let Some(path) = &args.proof {
        if !report.fillings.is_empty() {
            return Err(Failure::Input(format!(
                "--proof {}: the answer in {model_name} is a model, which the verifier checks; \
                 a proof is for an unsatisfiable answer",
                path.display()
            )));
        }
        let bytes = std::fs::read(path)
            .map_err(|e| Failure::Input(format!("{}: cannot read: {e}", path.display())))?;
        report.proof = Some(pathsat_api::decode::check_proof(
            &puzzle,
            &args.file.display().to_string(),
            &args.encoding.options(),
            &path.display().to_string(),
            &bytes,
        )?);
    }
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
    let report = pathsat_api::compare::compare(
        &puzzle,
        &args.file.display().to_string(),
        &args.encoding,
        &args.solvers,
        args.timeout,
        args.proofs,
    )?;
    match args.output.format {
        Format::Json => report::print_json(&report)?,
        Format::Text => {
            report::write_compare_text(&mut io::stdout().lock(), &report)?;
            if report.disagree() {
                println!("the solvers disagree on whether the puzzle has a solution");
            }
        }
    }
    Ok(if report.disagree() || report.invalid() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
