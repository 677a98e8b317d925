//! # Sharded counts on the command line
//!
//! `pathsat count FILE --shard I/N` writes its part of the count ([`write_part`]), and
//! `pathsat merge PARTS…` adds the parts up ([`run`]) once the library has checked that they
//! are the N parts of one count ([`pathsat_api::shard::merge`]), or recombines the residues of
//! a count split by residues; `merge --expect COUNT` checks a claimed count against the parts
//! ([`write_check`]). A part is written whole or not at all, so a shard that was killed is
//! simply run again.

use crate::args::{Format, MergePartsArgs};
use crate::Failure;
use pathsat_api::count::CountReport;
use pathsat_api::shard::{check_claim, merge, part_of, read_part, ClaimCheck, Holds, Merged};
use pathsat_api::Stopped;
use pathsat_bigcount::grouped;
use pathsat_frontier::{bytes, Share, Split};
use pathsat_puzzle::Puzzle;
use pathsat_words::merge as merge_words;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

/// Writes the part of a finished shard to `output` (or standard output), with one line about
/// it on standard error; a shard that stopped early writes nothing and exits with status 1.
pub fn write_part(
    puzzle: &Puzzle,
    report: &CountReport,
    split: Split,
    output: Option<&Path>,
) -> Result<ExitCode, Failure> {
    let shard = report
        .shard
        .expect("a sharded count's report names its shard");
    let file = &report.answer.file;
    let Some(part) = part_of(puzzle, report, split) else {
        let again = if report.stopped == Some(Stopped::Interrupted) {
            "run the same command again to go on from its checkpoint"
        } else {
            "run it again, with more --memory or --timeout (with --checkpoint, it goes on from \
             its last checkpoint)"
        };
        eprintln!(
            "pathsat: shard {shard} of {file} stopped before its end ({}); no part written: \
             {again}",
            report.why
        );
        return Ok(ExitCode::from(1));
    };
    let mut json = serde_json::to_string_pretty(&part).expect("a part serialises");
    json.push('\n');
    match output {
        None => io::stdout().lock().write_all(json.as_bytes())?,
        Some(path) => {
            if let Err(e) = pathsat_batch::replace::replace(path, json.as_bytes()) {
                // The part is not lost: it goes to standard output instead.
                io::stdout().lock().write_all(json.as_bytes())?;
                return Err(Failure::Input(format!(
                    "cannot write {}: {e}; the part is on standard output instead",
                    path.display()
                )));
            }
        }
    }
    let cut = match (split.share(), part.cut) {
        (Share::Part, Some(cut)) => format!(
            " (cut after layer {}: kept {} of {} states)",
            cut.layer,
            grouped(cut.kept),
            grouped(cut.states)
        ),
        (Share::Part, None) => " (never cut: shard 1 holds the whole count)".to_string(),
        _ => String::new(),
    };
    let what = match split.share() {
        Share::Part => format!("{} fillings", part.count.grouped()),
        Share::Bound => format!(
            "at most {} fillings ({} bits)",
            part.count.grouped(),
            part.count.clone().into_biguint().bits()
        ),
        Share::Residue(p) => format!("the fillings modulo {p}: {}", part.count.grouped()),
    };
    let to = output.map_or(String::new(), |p| format!(" -> {}", p.display()));
    let frontier = report.frontier.as_ref();
    let resumed = match frontier.and_then(|f| f.resumed_layer) {
        Some(layer) => format!(" resumed from its checkpoint after layer {layer},"),
        None => String::new(),
    };
    let took = match (
        frontier.and_then(|f| f.resumed_layer),
        frontier.and_then(|f| f.earlier).map(|e| e.as_secs_f64()),
    ) {
        (None, _) => format!("{:.1} s", part.seconds),
        (Some(_), Some(_)) => format!(
            "{:.1} s ({:.1} s in this run)",
            part.seconds, report.stats.total_seconds
        ),
        (Some(_), None) => format!(
            "{:.1} s in this run (its checkpoint, from an older pathsat, does not say how long \
             the runs before took)",
            part.seconds
        ),
    };
    eprintln!(
        "pathsat: shard {shard} of {file}:{resumed} {what} in {took}, peak {} states, {}{cut}{to}",
        grouped(part.peak_states),
        bytes(part.peak_bytes),
    );
    Ok(ExitCode::SUCCESS)
}

/// `pathsat merge PARTS…`.
pub fn run(args: &MergePartsArgs) -> Result<ExitCode, Failure> {
    let mut parts = Vec::with_capacity(args.parts.len());
    for path in &args.parts {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure::Input(format!("cannot read {file}: {e}")))?;
        let part = read_part(&file, &text).map_err(|e| Failure::Input(merge_words(&e)))?;
        parts.push((file, part));
    }
    if let Some(expected) = &args.expect {
        let check = check_claim(&parts, expected, merge_words)
            .map_err(|e| Failure::Input(merge_words(&e)))?;
        print(args.format, &check, write_check)?;
        // A claim the parts contradict is an answer, not bad input: status 1.
        return Ok(if check.agrees {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let merged = merge(&parts).map_err(|e| Failure::Input(merge_words(&e)))?;
    print(args.format, &merged, write_text)?;
    Ok(ExitCode::SUCCESS)
}

/// `value` on standard output: pretty JSON, or as `text` writes it.
fn print<T: serde::Serialize>(
    format: Format,
    value: &T,
    text: fn(&mut dyn Write, &T) -> io::Result<()>,
) -> io::Result<()> {
    let mut out = io::stdout().lock();
    match format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut out, value).map_err(io::Error::from)?;
            writeln!(out)
        }
        Format::Text => text(&mut out, value),
    }
}

fn write_text(out: &mut dyn Write, merged: &Merged) -> io::Result<()> {
    writeln!(out, "{} ({})", merged.name, merged.file)?;
    writeln!(out, "fillings: {}", merged.count.grouped())?;
    let cut = match (&merged.residues, merged.cut_layer, merged.cut_table) {
        (Some(r), _, _) => format!(
            ", split by residues: {} ({} bits) {} the bound of {} bits",
            crate::report::plural(r.primes.len() as u64, "prime"),
            r.product_bits,
            if r.primes.len() == 1 {
                "covers"
            } else {
                "cover"
            },
            r.bound.clone().into_biguint().bits()
        ),
        (None, Some(layer), Some(states)) => format!(
            ", cut after layer {layer} ({} states dealt among them)",
            grouped(states)
        ),
        _ => ", never cut (shard 1 holds the whole count)".to_string(),
    };
    writeln!(
        out,
        "merged from {} shards by {}{cut}",
        merged.shards, merged.method
    )?;
    writeln!(
        out,
        "shards: {:.1} s in all, the slowest {:.1} s; the largest tables {}",
        merged.seconds_total,
        merged.seconds_max,
        bytes(merged.peak_bytes_max)
    )
}

/// `merge --expect`: the merge if the parts give the count, else each part against the claim,
/// and the verdict.
fn write_check(out: &mut dyn Write, check: &ClaimCheck) -> io::Result<()> {
    let expected = check.expected.grouped();
    if let Some(merged) = &check.merged {
        write_text(out, merged)?;
        return if check.agrees {
            writeln!(
                out,
                "expected: {expected}: agrees, the merged count is that one"
            )
        } else {
            writeln!(
                out,
                "expected: {expected}: DISAGREES, the parts give {}",
                merged.count.grouped()
            )
        };
    }
    writeln!(out, "{} ({})", check.name, check.file)?;
    writeln!(out, "expected: {expected}")?;
    for part in &check.parts {
        let verdict = if part.agrees { "agrees" } else { "DISAGREES" };
        let line = match (part.holds, part.modulus, &part.expected_residue) {
            (Holds::Residue, Some(p), Some(residue)) => format!(
                "modulo {p}: {}: {verdict} ({} the expected count's residue{})",
                part.count.grouped(),
                if part.agrees { "it is" } else { "not" },
                if part.agrees {
                    String::new()
                } else {
                    format!(", {}", residue.grouped())
                }
            ),
            (Holds::Bound, _, _) => {
                let how = match part.excess {
                    _ if !part.agrees => "above it".to_string(),
                    Some(e) if e > 0.0 => format!("below it, by {e:.1e} of itself"),
                    Some(_) => "it".to_string(),
                    None => "not above it".to_string(),
                };
                format!(
                    "the bound, at most {}: {verdict} (the expected count is {how})",
                    part.count.grouped(),
                )
            }
            _ => format!(
                "{} fillings: {verdict} ({} the expected count)",
                part.count.grouped(),
                if part.agrees { "not above" } else { "above" }
            ),
        };
        writeln!(out, "shard {}, {line}", part.shard)?;
    }
    if let Some(shares) = check.shares.as_ref().filter(|_| check.parts.len() > 1) {
        let fits = shares.as_biguint() <= check.expected.as_biguint();
        writeln!(
            out,
            "together, {} fillings: {} ({} the expected count)",
            shares.grouped(),
            if fits { "agree" } else { "DISAGREE" },
            if fits { "not above" } else { "above" }
        )?;
    }
    let why = check.undecided.as_deref().unwrap_or_default();
    let (given, agree, does, contradict) = match check.parts.len() {
        1 => ("the part".to_string(), "agrees", "does", "contradicts"),
        n => (format!("the {n} parts"), "agree", "do", "contradict"),
    };
    if check.agrees {
        writeln!(
            out,
            "{given} given {agree} with it, but {does} not decide it: {why}"
        )
    } else {
        writeln!(out, "{given} given {contradict} it")
    }
}
