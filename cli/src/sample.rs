//! # `pathsat sample`
//!
//! Reads the puzzle, turns the arguments into a [`pathsat_api::options::SampleRequest`], shows
//! the sweep and the walk back as a count's progress, and prints the samples as `solve` prints
//! solutions: aligned grids (or vertex orders) with a status line, one JSON object, or SVG.

use crate::args::{SampleArgs, SolveFormat};
use crate::pictures;
use crate::progress::CountDisplay;
use crate::report::{self, plural};
use crate::Failure;
use pathsat_api::sample::{sample, SampleReport};
use pathsat_api::{Cancel, Status};
use pathsat_count::SampleMethod;
use pathsat_puzzle::{parse_file, render, Puzzle};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::Arc;

/// Runs `pathsat sample`.
pub fn run(args: &SampleArgs) -> Result<ExitCode, Failure> {
    if let Some(path) = args.output.as_deref() {
        if args.format != SolveFormat::Svg && pictures::is_directory_target(path) {
            return Err(Failure::Input(format!(
                "-o {}: a directory takes one picture per sample, with --format svg; name a \
                 file for text or JSON",
                path.display()
            )));
        }
    }
    let puzzle = Arc::new(parse_file(&args.file)?);
    let request = args.spec.request(Cancel::new())?;
    if args.plan {
        return crate::plan::print_sample(&puzzle, &args.file, &request.options);
    }
    let display = Arc::new(CountDisplay::new(false).with_mode(args.progress));
    let file = args.file.display().to_string();
    let hear = Arc::clone(&display);
    let outcome = sample(&puzzle, &file, &request, Arc::new(move |p| hear.update(p)));
    display.clear();
    let report = outcome?;
    let output = args.output.as_deref();
    match args.format {
        SolveFormat::Svg => pictures::write_sampled(&args.file, output, &puzzle, &report)?,
        SolveFormat::Json => {
            crate::commands::write_to(output, |out| report::write_json(out, &report))?
        }
        SolveFormat::Text => {
            crate::commands::write_to(output, |out| write_text(out, &report, &puzzle))?
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The samples as grids (or vertex orders), each under its number, then the status line.
fn write_text(out: &mut dyn Write, r: &SampleReport, puzzle: &Puzzle) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    writeln!(out, "{puzzle}")?;
    let several = r.fillings.len() > 1;
    for (i, filling) in r.fillings.iter().enumerate() {
        if several {
            writeln!(out, "\nsample {}", i + 1)?;
        } else {
            writeln!(out)?;
        }
        report::write_filling(&mut out, puzzle, filling, &[])?;
    }
    if let Some(legend) = render::legend(puzzle).filter(|_| !r.fillings.is_empty()) {
        writeln!(out, "{legend}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", status(r))?;
    out.flush()
}

/// One line saying what was drawn, from how many, with which seed and how.
pub fn status(r: &SampleReport) -> String {
    let noun = r.answer.counts.noun();
    match r.answer.status {
        Status::Unknown => {
            return format!("unknown: no sample drawn: {} (seed {})", r.why, r.seed);
        }
        Status::Unsat => return format!("unsat: no {noun} solves the puzzle: nothing to draw"),
        Status::Sat => {}
    }
    let how = match (
        r.method,
        r.why.starts_with("the frontier program does not apply"),
    ) {
        (Some(SampleMethod::Frontier), _) => "the frontier program's tables walked back",
        (_, true) => "every one enumerated: the frontier program does not apply",
        _ => "every one enumerated",
    };
    let from = match r.answer.count.to_u64() {
        Some(1) => format!("the one {noun}"),
        _ => format!("{} {noun}s", r.answer.count.grouped()),
    };
    format!(
        "sat: {} drawn uniformly from {from} (seed {}; {how}; each passed the verifier) · \
         {:.2} s",
        plural(r.fillings.len() as u64, "sample"),
        r.seed,
        r.total_seconds
    )
}
