//! What `sample` prints for people: the samples as grids (or vertex orders), then what was
//! drawn, from how many, with which seed, and how.

use super::solve::write_filling;
use super::words::plural;
use pathsat_api::{SampleReport, Status};
use pathsat_puzzle::{render, Puzzle};
use std::io::{self, BufWriter, Write};

/// The samples as grids (or vertex orders), each under its number, then the status line.
pub fn write_sample_text(out: &mut dyn Write, r: &SampleReport, puzzle: &Puzzle) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    writeln!(out, "{puzzle}")?;
    let several = r.fillings.len() > 1;
    for (i, filling) in r.fillings.iter().enumerate() {
        if several {
            writeln!(out, "\nsample {}", i + 1)?;
        } else {
            writeln!(out)?;
        }
        write_filling(&mut out, puzzle, filling, &[])?;
    }
    if let Some(legend) = render::legend(puzzle).filter(|_| !r.fillings.is_empty()) {
        writeln!(out, "{legend}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", sample_status(r))?;
    if let Some(expected) = &r.expected {
        let verdict = match expected.agrees {
            Some(true) => "agrees".to_string(),
            _ => format!("DISAGREES: drew from {}", r.answer.count.grouped()),
        };
        writeln!(
            out,
            "expected: {} {}s (the file's [expect] count): {verdict}",
            expected.count.grouped(),
            r.answer.counts.noun()
        )?;
    }
    out.flush()
}

/// What was drawn, from how many, with which seed (a line), and how (a second line).
pub fn sample_status(r: &SampleReport) -> String {
    let noun = r.answer.counts.noun();
    match r.answer.status {
        Status::Unknown => {
            return format!("unknown: no sample drawn: {} (seed {})", r.why, r.seed);
        }
        Status::Unsat => return format!("unsat: no {noun} solves the puzzle: nothing to draw"),
        Status::Sat => {}
    }
    let from = match r.answer.count.to_u64() {
        Some(1) => format!("the one {noun}"),
        _ => format!("{} {noun}s", r.answer.count.grouped()),
    };
    format!(
        "sat: {} drawn uniformly from {from} (seed {}; each passed the verifier) · {:.2} s\n\
         how: {}",
        plural(r.fillings.len() as u64, "sample"),
        r.seed,
        r.total_seconds,
        r.why
    )
}
