//! The lines under a run's answer, shared by `solve`, `decode` and `count`: the encoding and
//! its sizes, where the time went (encoding, solving, a count's phases, subtour rounds), the
//! frontier program's tables, and what a certificate covers.

use super::words::{count_words, duration, plural, thousands};
use pathsat_api::certificate::CertificateSummary;
use pathsat_api::outcome::{CertificateReport, EncodingInfo, RunStats};
use pathsat_count::Phase;
use pathsat_solver::Certificate;

/// The line of a certified run that its timeout (or a cancel) stopped before its proof was
/// checked: inside a solver call, or during the check.
pub(crate) const UNFINISHED_PROOF: &str =
    "not certified: the run was stopped before its proof was checked \
     (the fillings shown each passed the verifier)";

/// The line that says what a certificate covers.
pub(crate) fn certificate_line(c: &CertificateReport) -> String {
    match c {
        CertificateReport::Varisat(c) => varisat_certificate_line(c),
        CertificateReport::Checked(c) => checked_certificate_line(c),
    }
}

/// A certificate checked by `rate` and the claims checker.
pub(crate) fn checked_certificate_line(c: &CertificateSummary) -> String {
    let n = |k: &str| c.claims.get(k).copied().unwrap_or(0) as u64;
    // (count, the words before the plural noun, the noun, the words after it)
    let parts = [
        (n("force"), "forced ", "edge", ""),
        (n("remove"), "removed ", "edge", ""),
        (n("leave") + n("enter"), "", "cut", ""),
        (n("tour"), "", "tour", " blocked"),
        (n("block"), "", "filling", " blocked"),
        (n("exclude"), "", "value", " ruled out"),
        (n("assume"), "", "value", " pinned"),
    ];
    let mut formula = String::from("the encoding");
    for (count, before, noun, after) in parts.into_iter().filter(|p| p.0 > 0) {
        let s = if count == 1 { "" } else { "s" };
        formula = format!("{formula} + {} {before}{noun}{s}{after}", thousands(count));
    }
    let proof = if c.checker == pathsat_api::certificate::DRAT_CHECKER {
        format!(
            "{} verified the DRAT proof ({})",
            c.checker,
            bytes(c.proof_bytes)
        )
    } else {
        c.checker.clone()
    };
    let kept = c
        .directory
        .as_ref()
        .map_or_else(String::new, |d| format!("; kept in {d}"));
    format!(
        "certified: {} ({formula}; {proof}; all checked in {}{kept})",
        c.answer,
        duration(c.check_seconds).trim()
    )
}

fn bytes(n: u64) -> String {
    if n < 10_000 {
        format!("{n} bytes")
    } else if n < 10_000_000 {
        format!("{:.0} kB", n as f64 / 1e3)
    } else {
        format!("{:.1} MB", n as f64 / 1e6)
    }
}

/// varisat's proof, replayed by its checker.
fn varisat_certificate_line(c: &Certificate) -> String {
    let models = plural(c.models as u64, "model");
    let rest = if c.complete {
        "then unsatisfiability: no other filling exists"
    } else {
        "not completeness (the search stopped early)"
    };
    format!(
        "certified: varisat's proof checker accepted the proof of the run: {models}, each a filling \
         returned, {rest} (proof {:.1} MB, checked in {})",
        c.proof_bytes as f64 / 1e6,
        duration(c.check_time.as_secs_f64())
    )
}

/// The statistics line of a run that encoded the puzzle: sizes, then (unless `decoded` from a
/// model file, where nothing was solved) times and solver calls.
pub(crate) fn stats_line(info: &EncodingInfo, s: &RunStats, decoded: bool) -> String {
    let encoding = info.full_name();
    // The default solver goes without saying.
    let with = match info.solver {
        Some(solver) if !info.solver_is_default() => format!(" with {solver}"),
        _ => String::new(),
    };
    // `solve 1.2 s with seed 7`, `solve 1.2 s with varisat, seed 7`.
    let with = match (info.seed, with.is_empty()) {
        (Some(seed), true) => format!(" with seed {seed}"),
        (Some(seed), false) => format!("{with}, seed {seed}"),
        (None, _) => with,
    };
    let mut sizes = size_words(s);
    if let Some(e) = &s.encoded {
        sizes = format!(
            "{sizes} · {} ({} primary) · {}",
            plural(e.variables as u64, "variable"),
            thousands(e.primary_variables as u64),
            plural(e.clauses as u64, "clause"),
        );
    }
    if decoded {
        return format!("{sizes} · total {}", duration(s.total_seconds));
    }
    let mut subtours = match &s.subtours {
        Some(t) if t.rounds > 0 => format!(
            " · {} of subtour cuts ({}, at most {} per model, {} patched{})",
            plural(t.rounds, "round"),
            plural(t.cuts, "cut"),
            plural(t.max_cycles as u64, "subcycle"),
            plural(t.patched, "tour"),
            if t.three_opt > 0 {
                format!(", {} by 3-opt", thousands(t.three_opt))
            } else {
                String::new()
            },
        ),
        // A complete encoding has none to cut: nothing to say.
        Some(_) if info.subtours.is_none() => " · no subtours".to_string(),
        _ => String::new(),
    };
    if let Some(t) = &s.subtours {
        let rotation = t.rotation_time.as_secs_f64();
        if t.rotated > 0 || rotation >= 0.001 {
            subtours += &format!(
                " · rotation {} ({} found)",
                duration(rotation),
                plural(t.rotated, "tour")
            );
        }
        if t.pieces >= 2 {
            subtours += &format!(" · {} pieces at 2-edge cuts", t.pieces);
        }
        if t.clusters >= 2 {
            subtours += &format!(
                " · through {} clusters ({} for paths)",
                t.clusters,
                plural(t.cluster_searches as u64, "call")
            );
        }
        match (t.winner, t.racers) {
            (Some(winner), racers) if racers >= 2 => {
                subtours += &format!(" · first of {racers} racing: {winner}");
            }
            (None, racers) if racers >= 2 => {
                subtours += &format!(" · {racers} racing, none answered");
            }
            _ => {}
        }
        if let Some(r) = &t.reduced {
            if r.forced + r.removed > 0 {
                subtours += &format!(
                    " · reduced {} ({} forced in {}, {} removed)",
                    duration(r.time.as_secs_f64()),
                    plural(r.forced as u64, "edge"),
                    plural(r.forced_paths as u64, "chain"),
                    thousands(r.removed as u64),
                );
            }
        }
    }
    let encode = s
        .encoded
        .as_ref()
        .map(|e| format!(" · encode {}", duration(e.encode_seconds)))
        .unwrap_or_default();
    // A count says what it spent its time on; a solve, that it solved.
    let work = if s.phases.is_empty() {
        format!("solve {}", duration(s.solve_seconds))
    } else {
        phases_words(&s.phases)
    };
    format!(
        "{encoding} encoding · {sizes}{encode} · {work}{with} ({}){subtours} · total {}",
        plural(s.solver_calls, "solver call"),
        duration(s.total_seconds),
    )
}

/// `12 cells`, `1 vertex`, `1,000 vertices`.
pub(crate) fn size_words(s: &RunStats) -> String {
    count_words(s.graph, s.cells)
}

/// A count's phases and their times: `probe 300.2 ms · cubes 4.10 s`.
pub(crate) fn phases_words(phases: &[Phase]) -> String {
    phases
        .iter()
        .map(|p| format!("{} {}", p.stage.name(), duration(p.time.as_secs_f64())))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The bytes of the frontier program's tables: `1.2 GiB`, or with tables in files
/// (`--spill-dir`) `12.0 MiB in memory, 3.1 GiB in files`.
pub(crate) fn table_bytes(memory: u64, files: u64) -> String {
    let memory = pathsat_frontier::bytes(memory);
    match files {
        0 => memory,
        files => format!(
            "{memory} in memory, {} in files",
            pathsat_frontier::bytes(files)
        ),
    }
}
