//! What `count` prints for people: the count and whether it is complete, the file's expected
//! count, why it stopped, the method and why, and the frontier program's or the encoding's
//! statistics.

use super::stats::{
    certificate_line, phases_words, size_words, stats_line, table_bytes, UNFINISHED_PROOF,
};
use super::words::{duration, plural, plural_big, thousands};
use pathsat_api::{CountReport, Counts, Method, Stage, Status, Stopped};
use pathsat_count::Phase;
use std::io::{self, BufWriter, Write};

pub fn write_count_text(out: &mut dyn Write, r: &CountReport) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    let noun = r.answer.counts.noun();
    let found = plural_big(&r.answer.count, noun);
    let what = match r.stopped {
        None => format!("{found} (complete)"),
        // The frontier program counts all at once: stopped, it knows no fillings.
        Some(s) if r.answer.count.is_zero() && r.method == Method::Dp => {
            format!("count unknown ({})", stopped_words(s))
        }
        Some(s) => format!(
            "at least {found} ({}; the count is incomplete)",
            stopped_words(s)
        ),
    };
    writeln!(out, "{}: {what}", r.answer.name)?;
    if let Some(expected) = &r.expected {
        let verdict = match expected.agrees {
            Some(true) => "agrees".to_string(),
            Some(false) if r.answer.complete => format!("DISAGREES: counted {found}"),
            Some(false) => format!("DISAGREES: already found {found}"),
            None => "not decided by an incomplete count".to_string(),
        };
        writeln!(
            out,
            "expected: {} (the file's [expect] count): {verdict}",
            plural_big(&expected.count, noun)
        )?;
    }
    if let (Status::Unsat, Some(why)) = (r.answer.status, &r.reason) {
        writeln!(out, "unsat: {why}")?;
    }
    write_stops(&mut out, r)?;
    writeln!(out, "{}", method_line(r))?;
    writeln!(out, "why: {}", r.why)?;
    if let Some(c) = &r.certificate {
        writeln!(out, "{}", certificate_line(c))?;
    }
    if r.certified == Some(false) {
        writeln!(out, "{UNFINISHED_PROOF}")?;
    }
    match (&r.frontier, &r.encoding) {
        (Some(_), _) | (None, None) => writeln!(out, "{}", frontier_line(r))?,
        (None, Some(encoding)) => writeln!(out, "{}", stats_line(encoding, &r.stats, false))?,
    }
    out.flush()
}

/// What to do about a count that stopped short: past the patience (with its estimate), at an
/// interrupt, or out of memory. Nothing for a count that did not.
fn write_stops(out: &mut impl Write, r: &CountReport) -> io::Result<()> {
    if let Some(estimate) = &r.estimate {
        // A certified count is one solver's run: the cubes cannot be certified.
        let anyway = if r.certify {
            "--method enumerate"
        } else {
            "--method sat"
        };
        writeln!(
            out,
            "stopped: {estimate}; count every one anyway with {anyway} (or allow more with \
             --patience SECONDS), or a part with --limit N or --timeout SECONDS"
        )?;
    }
    if r.stopped == Some(Stopped::Interrupted) {
        writeln!(
            out,
            "stopped: interrupted; run the same command again to go on from its checkpoint"
        )?;
    }
    if r.stopped == Some(Stopped::Memory) {
        writeln!(
            out,
            "stopped: the frontier program could not finish within its memory; give it more \
             with --memory SIZE, or count a part by SAT with --method sat --limit N"
        )?;
    }
    Ok(())
}

/// The `method:` line: how the count was made, and what of it was verified.
fn method_line(r: &CountReport) -> String {
    match r.method {
        Method::Dp => "method: the frontier dynamic program, which counts without enumerating \
                       (--method sat enumerates and verifies every filling)"
            .to_string(),
        Method::Sat => {
            let cubes = plural(r.cubes.unwrap_or(0) as u64, "cube");
            match &r.symmetry {
                Some(symmetry) => {
                    format!("method: SAT in {cubes}, {symmetry}; every filling verified")
                }
                None => format!("method: SAT in {cubes}; every filling verified"),
            }
        }
        Method::Enumerate | Method::Auto => match (r.cycles, r.answer.counts) {
            (Some(cycles), _) => format!(
                "method: SAT enumeration in the successor encoding: {} found as arc sets, each \
                 standing for its fillings (one per starting cell for a tour without a given \
                 start); every filling verified",
                plural(cycles, "Hamiltonian cycle")
            ),
            (None, Counts::Trails) => "method: SAT enumeration of trails, each once (a path and \
                                       its reverse are one trail; a closed trail also has one \
                                       start); every trail verified"
                .to_string(),
            (None, Counts::Fillings) => {
                "method: SAT enumeration; every filling verified".to_string()
            }
        },
    }
}

/// The statistics line of a count by the frontier program (or of a count that stopped before
/// any encoding was built).
fn frontier_line(r: &CountReport) -> String {
    let size = size_words(&r.stats);
    let total = duration(r.stats.total_seconds);
    let label = if r.method == Method::Dp {
        "frontier program"
    } else {
        "no encoding built"
    };
    // The phases, unless the program was all there was.
    let phases = match r.stats.phases.as_slice() {
        []
        | [Phase {
            stage: Stage::Frontier,
            ..
        }] => String::new(),
        phases => format!(" · {}", phases_words(phases)),
    };
    match &r.frontier {
        // Decided without a sweep: by brute force on tiny boards, or by colours or connectivity.
        Some(f) if f.layers == 0 => {
            format!("frontier program · {size} · no sweep{phases} · total {total}")
        }
        Some(f) => format!(
            "frontier program · {size} · {} ({} order){} · frontier {} wide{} · peak {} · {}\
             {phases} · total {total}",
            plural(f.layers as u64, "layer"),
            if f.order.is_empty() { "no" } else { f.order },
            match (f.resumed_layer, f.earlier.map(|e| e.as_secs_f64())) {
                (Some(layer), Some(earlier)) => format!(
                    ", resumed from its checkpoint after layer {layer} (saved {} into the count)",
                    duration(earlier)
                ),
                (Some(layer), None) => format!(", resumed from its checkpoint after layer {layer}"),
                (None, _) => String::new(),
            },
            thousands(f.width as u64),
            match f.folded_layers {
                0 => String::new(),
                n => format!(" · mirror images folded at {}", plural(n as u64, "layer")),
            },
            plural(f.peak_states, "state"),
            table_bytes(f.peak_bytes, f.peak_disk_bytes),
        ),
        None => format!("{label} · {size}{phases} · total {total}"),
    }
}

/// Why a count stopped, in a few words.
fn stopped_words(stopped: Stopped) -> &'static str {
    match stopped {
        Stopped::Limit => "stopped at the limit",
        Stopped::Timeout => "stopped at the timeout",
        Stopped::Memory => "stopped: out of memory for the frontier program",
        Stopped::OutOfReach => "stopped: enumerating them all is out of reach",
        Stopped::Cancelled => "cancelled",
        Stopped::Interrupted => "interrupted",
    }
}
