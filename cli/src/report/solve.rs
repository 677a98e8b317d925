//! What `solve`, `decode` and `check` print for people: the solutions as grids (or a graph's
//! vertex orders), then one line saying what was found and the statistics line.

use super::stats::{certificate_line, stats_line, UNFINISHED_PROOF};
use super::words::{plural, plural_big, thousands};
use pathsat_api::outcome::vertex_order;
use pathsat_api::{CheckReport, DecodeReport, SolveReport, Status, Stopped, Wanted};
use pathsat_puzzle::{render, Filling, Puzzle};
use std::io::{self, BufWriter, Write};

/// One solution as text: a grid (with `starred` cells marked), or a graph's vertex order.
pub(super) fn write_filling(
    out: &mut dyn Write,
    puzzle: &Puzzle,
    filling: &Filling,
    starred: &[usize],
) -> io::Result<()> {
    if puzzle.is_graph() {
        let order: Vec<String> = vertex_order(filling)
            .iter()
            .map(ToString::to_string)
            .collect();
        writeln!(out, "{}", order.join(" "))?;
    } else {
        out.write_all(render::filling_grid_starred(puzzle, filling, starred).as_bytes())?;
    }
    if let Some(labels) = render::trail_labels(puzzle, filling) {
        writeln!(out, "{labels}")?;
    }
    Ok(())
}

/// The solutions as grids (or vertex orders), then the status and statistics lines. With
/// `--unique` on a puzzle that is not unique, the second solution follows, its differing cells
/// starred.
pub fn write_solve_text(out: &mut dyn Write, r: &SolveReport, puzzle: &Puzzle) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    writeln!(out, "{puzzle}")?;
    let shown = r.shown();
    for (i, filling) in shown.iter().enumerate() {
        if shown.len() > 1 || r.second().is_some() {
            writeln!(out, "\nsolution {}", i + 1)?;
        } else {
            writeln!(out)?;
        }
        write_filling(&mut out, puzzle, filling, &[])?;
    }
    if let (Some(first), Some(second)) = (shown.first(), r.second()) {
        let differing = first.differing_cells(second);
        let places = if puzzle.is_graph() {
            let vertices: Vec<String> = differing.iter().map(|v| (v + 1).to_string()).collect();
            let noun = if differing.len() == 1 {
                "vertex"
            } else {
                "vertices"
            };
            format!("{} {noun} ({})", differing.len(), vertices.join(" "))
        } else {
            format!("{}, starred", plural(differing.len() as u64, "cell"))
        };
        writeln!(out, "\nsolution 2, another one: it differs in {places}")?;
        write_filling(&mut out, puzzle, second, &differing)?;
    }
    let star = (r.second().is_some() && !puzzle.is_graph()).then_some("n* differs from solution 1");
    let legend = [render::legend(puzzle).as_deref(), star]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ");
    if !legend.is_empty() && !shown.is_empty() {
        writeln!(out, "{legend}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", solve_status(r))?;
    if let Some(c) = &r.certificate {
        writeln!(out, "{}", certificate_line(c))?;
    }
    if r.certified == Some(false) {
        writeln!(out, "{UNFINISHED_PROOF}")?;
    }
    if r.certify && r.certified.is_none() && r.stopped.is_none() {
        writeln!(out, "{NOTHING_TO_CERTIFY}")?;
    }
    writeln!(out, "{}", stats_line(&r.encoding, &r.stats, false))?;
    out.flush()
}

/// The line of a certified run that said no "no".
const NOTHING_TO_CERTIFY: &str = "certified: nothing to prove: no \"no\" was said (each solution \
     shown passed the verifier)";

/// `decode`'s text: the decoded solution (if any), the status and the sizes.
pub fn write_decode_text(out: &mut dyn Write, r: &DecodeReport, puzzle: &Puzzle) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    writeln!(out, "{puzzle}")?;
    for filling in &r.fillings {
        writeln!(out)?;
        write_filling(&mut out, puzzle, filling, &[])?;
    }
    if let (Some(legend), false) = (render::legend(puzzle), r.fillings.is_empty()) {
        writeln!(out, "{legend}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", decode_status(r))?;
    if let Some(p) = &r.proof {
        writeln!(
            out,
            "proved: {} verified the DRAT proof in {} ({} steps, {:.0} kB, checked in {})",
            p.checker,
            p.file,
            super::words::thousands(p.steps),
            p.bytes as f64 / 1e3,
            super::words::duration(p.check_seconds).trim()
        )?;
    }
    writeln!(out, "{}", stats_line(&r.encoding, &r.stats, true))?;
    out.flush()
}

/// One line saying what a decoded model is.
pub fn decode_status(r: &DecodeReport) -> String {
    let model = &r.model_file;
    match r.answer.status {
        Status::Sat => {
            format!("sat: the model in {model} decodes to this filling, which the verifier accepts")
        }
        _ => format!("unsat: the solver found no filling ({model})"),
    }
}

/// One line saying what the run found: sat or unsat, unique or not, all solutions or some.
pub fn solve_status(r: &SolveReport) -> String {
    let noun = r.answer.counts.noun();
    match r.answer.status {
        Status::Unknown => {
            return format!(
                "unknown: no {noun} found before the timeout, and none ruled out (the puzzle may \
                 or may not have one)"
            )
        }
        Status::Unsat => {
            return match &r.reason {
                Some(why) => format!("unsat: no {noun} solves the puzzle ({why})"),
                None => format!("unsat: no {noun} solves the puzzle"),
            }
        }
        Status::Sat => {}
    }
    match (r.unique, r.wanted) {
        (Some(true), _) => format!("sat: the solution is unique (no other {noun} exists)"),
        (Some(false), _) => format!(
            "sat: the solution is not unique (another {noun} exists, shown as solution 2; \
             `pathsat count` counts them)"
        ),
        _ if r.timed_out() => format!(
            "sat: {} found before the timeout (there may be more)",
            plural_big(&r.answer.count, "solution")
        ),
        _ if r.stopped == Some(Stopped::Cancelled) => format!(
            "sat: {} found before the run was cancelled (there may be more)",
            plural_big(&r.answer.count, "solution")
        ),
        (None, Wanted::All | Wanted::Upto(_)) if r.answer.complete => {
            format!(
                "sat: {} — all of them",
                plural_big(&r.answer.count, "solution")
            )
        }
        (None, Wanted::Upto(limit)) => format!(
            "sat: {} shown (stopped at the limit of {}; there may be more)",
            plural_big(&r.answer.count, "solution"),
            thousands(limit)
        ),
        _ => "sat: first solution (`--all` lists every one, `--unique` proves uniqueness)"
            .to_string(),
    }
}

pub fn write_check_text(out: &mut dyn Write, r: &CheckReport) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    match (&r.violation, r.invalid_index) {
        (None, _) if r.fillings == 1 => writeln!(out, "valid: the filling solves {}", r.name)?,
        (None, _) => writeln!(
            out,
            "valid: all {} fillings solve {}",
            thousands(r.fillings as u64),
            r.name
        )?,
        // Numbered from 1, as `solve` heads its solutions (`invalid_index` in JSON is from 0).
        (Some(v), Some(i)) if r.fillings > 1 => writeln!(out, "invalid: solution {}: {v}", i + 1)?,
        (Some(v), _) => writeln!(out, "invalid: {v}")?,
    }
    out.flush()
}
