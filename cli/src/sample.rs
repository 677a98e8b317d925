//! # `pathsat sample`
//!
//! Reads the puzzle, turns the arguments into a [`pathsat_api::options::SampleRequest`], shows
//! the sweep and the walk back as a count's progress, and prints the samples as `solve` prints
//! solutions: aligned grids (or vertex orders) with a status line, one JSON object, or SVG.

use crate::args::{SampleArgs, SolveFormat};
use crate::pictures;
use crate::progress::CountDisplay;
use crate::report;
use crate::Failure;
use pathsat_api::sample::sample;
use pathsat_api::Cancel;
use pathsat_puzzle::parse_file;
use std::process::ExitCode;
use std::sync::Arc;

/// Runs `pathsat sample`.
pub fn run(args: &SampleArgs) -> Result<ExitCode, Failure> {
    let svg = args.format == SolveFormat::Svg;
    pictures::refuse_directory_unless_svg(args.output.as_deref(), svg, "sample")?;
    let puzzle = Arc::new(parse_file(&args.file)?);
    let request = args.spec.request(Cancel::new())?;
    if args.plan {
        return crate::plan::print_sample(
            &puzzle,
            &args.file,
            &request.options,
            args.format == SolveFormat::Json,
        );
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
        SolveFormat::Text => crate::commands::write_to(output, |out| {
            report::write_sample_text(out, &report, &puzzle)
        })?,
    }
    // A count drawn from that contradicts the file's is a wrong answer or a wrong file.
    let disagrees = report.expected.as_ref().and_then(|e| e.agrees) == Some(false);
    Ok(if disagrees {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
