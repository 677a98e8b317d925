//! Generating a puzzle from a template as a [`GenerateRequest`] asks, and a report that carries
//! the puzzle both as a [`Puzzle`] and as the TOML file every other command reads.

use crate::options::GenerateRequest;
use crate::outcome::CertificateReport;
use crate::{wait_for, Error, Stopped, GRACE};
use pathsat_encode::EncodingOptions;
use pathsat_generate::{GenerateError, Generated, Grade, Options};
use pathsat_puzzle::{write, CellRule, Expect, Moves, Puzzle, Trail};
use serde::Serialize;
use std::sync::mpsc;
use web_time::Instant;

/// A generated puzzle and what it took.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct GenerateReport {
    /// The template's file.
    pub template: String,
    /// The new puzzle's name.
    pub name: String,
    /// The seed it was made with (the same seed makes the same puzzle).
    pub seed: u64,
    /// Cells of the board.
    pub cells: usize,
    /// Given cells (none for a trail puzzle, whose clues are its labels).
    pub givens: usize,
    /// Cells marked by `--mark`.
    pub marked: usize,
    /// Whether every given is needed: removing any one admits a second solution.
    pub minimal: bool,
    /// Always true: the puzzle is returned only once the solver proved it.
    pub unique: bool,
    /// How hard deduction finds it.
    pub grade: Grade,
    /// With `--certify`: the checked certificate of the proof of uniqueness (CaDiCaL's DRAT
    /// proof and its blocking clause), or varisat's checker's confirmation without CaDiCaL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<CertificateReport>,
    /// Solutions tried before one gave the puzzle asked for.
    pub attempts: u32,
    /// SAT solver calls over all attempts.
    pub solver_calls: u64,
    /// Seconds the whole generation took.
    pub seconds: f64,
    /// The puzzle file (TOML), with the answer in `[expect]`.
    pub puzzle: String,
    /// The generated puzzle and its solution, for pictures and other formats.
    #[serde(skip)]
    pub generated: Generated,
}

/// Generates a puzzle from `template` (read from `file`).
///
/// # Errors
/// [`Error::Generate`]: a bad template (a graph, no solution, too large), options that do not
/// fit it, a grade or number of givens not reached, or the timeout before uniqueness.
pub fn generate(
    template: &Puzzle,
    file: &str,
    request: &GenerateRequest,
) -> Result<GenerateReport, Error> {
    let deadline = request.timeout.map(|t| Instant::now() + t);
    let options = Options {
        budget: request
            .options
            .budget
            .and_until(deadline)
            .and_cancel(&request.cancel),
        ..request.options.clone()
    };
    // On a thread of its own, so that a cancelled request returns at once, whatever the
    // generator is doing when the flag is raised.
    let (send, result) = mpsc::channel();
    let template = template.clone();
    crate::detach::detach(&request.cancel, move || {
        let _ = send.send(pathsat_generate::generate(&template, &options));
    });
    // The generator stops at its deadline, but for what does not look at the clock (encoding
    // a large board): past the grace, the answer is the deadline's.
    let generated = wait_for(&result, deadline.map(|d| d + GRACE), &request.cancel)
        .unwrap_or_else(|| {
            Err(if request.cancel.is_cancelled() {
                GenerateError::Stopped(Stopped::Cancelled)
            } else if deadline.is_some_and(|d| Instant::now() >= d) {
                GenerateError::Stopped(Stopped::Timeout)
            } else {
                GenerateError::Internal("the generator stopped without an answer".into())
            })
        })
        .map_err(|error| Error::Generate {
            file: file.to_string(),
            error: Box::new(error),
        })?;
    let mut report = report(file, generated);
    // A certified proof of uniqueness: its certificate, written and checked.
    if let Some(run) = report
        .generated
        .recorded
        .as_ref()
        .and_then(|slot| slot.take())
    {
        let name = format!("{}.toml", report.name.replace(['/', '\\'], "-"));
        let summary = crate::certificate::write_and_check(
            run,
            &report.generated.puzzle,
            crate::certificate::PuzzleSource::Text {
                name: &name,
                text: &report.puzzle,
            },
            &EncodingOptions::default(),
            request
                .certificate
                .as_ref()
                .map(|dir| dir.join(&report.name))
                .as_deref(),
        )?;
        report.certificate = Some(CertificateReport::Checked(summary));
    }
    Ok(report)
}

/// The empty board to generate on when there is no template file: `rows` x `cols` with `moves`,
/// closed into a tour or not, and for a trail puzzle the trail's length and whether its labels
/// must differ. Errors call it `label`, as the front end names the size (the CLI
/// `--size ROWSxCOLS`, Python `size=(ROWS, COLS)`): it is returned as the template's name in
/// later errors.
///
/// # Errors
/// [`Error::Invalid`] for a board too large to generate on, or that cannot be built.
pub fn blank_template(
    rows: usize,
    cols: usize,
    moves: Moves,
    closed: bool,
    trail: Option<(u64, bool)>,
    label: String,
) -> Result<(Puzzle, String), Error> {
    let board = label;
    let refuse = |problem: String| Error::Invalid {
        what: board.clone(),
        problem,
    };
    let cells = rows.saturating_mul(cols);
    if cells > pathsat_encode::position::MAX_CELLS {
        return Err(refuse(format!(
            "a board of {cells} cells is too large to generate on (at most {} cells)",
            pathsat_encode::position::MAX_CELLS
        )));
    }
    let blank = Puzzle::blank(rows, cols, moves, closed).map_err(|e| refuse(e.to_string()))?;
    let puzzle = match trail {
        None => blank,
        Some((length, distinct)) => {
            let length = usize::try_from(length).unwrap_or(usize::MAX);
            let trail = Trail::new(vec![0; cells], length, None, distinct)
                .map_err(|e| refuse(e.to_string()))?;
            let name = format!("{}-trail-{length}", blank.name());
            Puzzle::new(
                name,
                blank.board().clone(),
                blank.moves().clone(),
                blank.is_closed(),
                vec![CellRule::Free; cells],
                vec![],
                Expect::default(),
            )
            .and_then(|p| p.with_trail(trail))
            .map_err(|e| refuse(e.to_string()))?
        }
    };
    Ok((puzzle, board))
}

/// A seed from the clock, for a run without one (reported with the puzzle, so that it can be
/// made again).
pub fn drawn_seed() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs() % 1_000_000)
}

/// The comment lines at the top of a generated puzzle file.
pub fn comments(report: &GenerateReport) -> Vec<String> {
    let mut lines = vec![format!(
        "Generated by pathsat generate --seed {} from {}.",
        report.seed, report.template
    )];
    let clues = clues(report);
    lines.push(format!("Unique, proved by the solver: {clues}."));
    lines.push(grade_line(&report.grade));
    lines
}

/// The clues in words: `15 givens of 36 cells, each one needed`, or a trail's labels.
pub fn clues(report: &GenerateReport) -> String {
    if report.generated.puzzle.trail().is_some() {
        return "labels chosen so that exactly one trail has the length and sum".to_string();
    }
    let givens = match report.givens {
        0 => "no givens".to_string(),
        n => format!("{n} givens"),
    };
    format!(
        "{givens} of {} cells{}{}",
        report.cells,
        if report.marked > 0 {
            format!(", {} marked", report.marked)
        } else {
            String::new()
        },
        if report.minimal && report.givens > 0 {
            ", each one needed"
        } else {
            ""
        }
    )
}

/// The grade in words: `grade: medium (deduction places 20 of 80 values with the easy rules,
/// all with the medium ones in 6 rounds); the solver learned 412 clauses`.
pub fn grade_line(grade: &Grade) -> String {
    let effort = format!(
        "the solver learned {} clauses proving it unique",
        grade.solver_learned
    );
    match grade.level {
        Some(level) => {
            format!(
            "Grade: {level} (deduction places {} of {} values with the easy rules, {} with the \
             medium ones{}); {effort}.",
            grade.placed_easy,
            grade.to_place,
            grade.placed,
            if grade.rounds > 0 {
                format!(" in {} round{}", grade.rounds, if grade.rounds == 1 { "" } else { "s" })
            } else {
                String::new()
            }
        )
        }
        None => format!("Grade: by the solver's effort alone: {effort}."),
    }
}

fn report(file: &str, generated: Generated) -> GenerateReport {
    let mut report = GenerateReport {
        template: file.to_string(),
        name: generated.puzzle.name().to_string(),
        seed: generated.seed,
        cells: generated.puzzle.n_cells(),
        givens: generated.givens,
        marked: generated.marked,
        minimal: generated.minimal,
        unique: true,
        grade: generated.grade.clone(),
        certificate: generated
            .certificate
            .as_ref()
            .map(|c| CertificateReport::Varisat(c.clone())),
        attempts: generated.attempts,
        solver_calls: generated.solver_calls,
        seconds: generated.time.as_secs_f64(),
        puzzle: String::new(),
        generated,
    };
    report.puzzle = write::to_toml(&report.generated.puzzle, &comments(&report));
    report
}
