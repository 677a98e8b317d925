//! `hint`: the next step of a puzzle solved by hand, with its reason, or the first wrong cell
//! of what was filled so far (`pathsat_reason::hint`, which finds it), as a report naming the
//! file; with `certify`, the hint's "no other value fits" written as a checked certificate.

use crate::certificate::{write_and_check, CertificateSummary, PuzzleSource};
use crate::options::HintRequest;
use crate::{Error, Refusal};
use pathsat_puzzle::Puzzle;
use pathsat_reason::hint::{refute, Hint};
use pathsat_solver::Budget;
use serde::Serialize;
use web_time::Instant;

pub use pathsat_reason::hint::{HintRule, HintStatus, HintStep, WrongCell};

/// The result of `hint`, as `pathsat hint --format json` prints it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct HintReport {
    /// The puzzle file, as named to the command.
    pub file: String,
    /// The puzzle's name.
    pub name: String,
    /// What was found: the status, the step or the wrong cell, the cells filled, the calls.
    #[serde(flatten)]
    pub found: Hint,
    /// With `certify`: the checked certificate that no other value fits the hinted cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<CertificateSummary>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The next step of `puzzle` (from `file`) from `request.filling`.
///
/// # Errors
/// [`Error::Refused`] for a trail puzzle, [`Error::Invalid`] for a filling of another size,
/// [`Error::Solve`] when the puzzle is too large for the position encoding.
pub fn hint(puzzle: &Puzzle, file: &str, request: &HintRequest) -> Result<HintReport, Error> {
    let started = Instant::now();
    let budget = Budget::until(request.timeout.map(|t| started + t)).and_cancel(&request.cancel);
    let found = pathsat_reason::hint::hint(puzzle, request.filling.as_ref(), &budget)
        .map_err(|e| Error::reasoning(file, e, Refusal::HintTrail))?;
    let certificate = match (request.certify, &found.hint) {
        (true, Some(step)) => certify(puzzle, file, &found, step, &budget, request)?,
        _ => None,
    };
    Ok(HintReport {
        file: file.to_string(),
        name: puzzle.name().to_string(),
        found,
        certificate,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The certificate of `step`: the puzzle with the filled cells as givens, its value ruled out
/// on its cell, refuted by a certified run ([`refute`]), written and checked (`None` when the
/// budget stopped the run).
fn certify(
    puzzle: &Puzzle,
    file: &str,
    found: &Hint,
    step: &HintStep,
    budget: &Budget,
    request: &HintRequest,
) -> Result<Option<CertificateSummary>, Error> {
    let refuted = refute(puzzle, &found.written, step.index, step.cell.value, budget)
        .map_err(|e| Error::reasoning(file, e, Refusal::HintTrail))?;
    let Some(refuted) = refuted else {
        return Ok(None);
    };
    let text = pathsat_puzzle::write::to_toml(
        &refuted.puzzle,
        &["The puzzle with the cells filled so far as givens (pathsat hint --certify).".into()],
    );
    let name = format!("{}-hint.toml", puzzle.name().replace(['/', '\\'], "-"));
    let source = PuzzleSource::Text {
        name: &name,
        text: &text,
    };
    let target = request.certificate.as_deref();
    write_and_check(
        refuted.run,
        &refuted.puzzle,
        source,
        &refuted.encoding,
        target,
    )
    .map(Some)
}
