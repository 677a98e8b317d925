//! `forced`: the cells whose value is the same in every solution, or givens that conflict
//! (`pathsat_reason::forced`, which finds them), as a report naming the file.

use crate::options::ForcedRequest;
use crate::outcome::Status;
use crate::{Error, Refusal};
use pathsat_puzzle::Puzzle;
use pathsat_reason::forced::Forced;
use pathsat_solver::Budget;
use serde::Serialize;
use web_time::Instant;

pub use pathsat_reason::CellValue;

/// The result of `forced`, as `pathsat forced --format json` prints it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct ForcedReport {
    /// The puzzle file, as named to the command.
    pub file: String,
    /// The puzzle's name.
    pub name: String,
    /// `sat` (it has solutions), `unsat` (none), `unknown` (stopped before the first).
    pub status: Status,
    /// The forced cells (or the conflict), the solver calls, whether it is complete.
    #[serde(flatten)]
    pub found: Forced,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The backbone of `puzzle` (from `file`).
///
/// # Errors
/// [`Error::Refused`] for a trail puzzle (its solutions cover different cells);
/// [`Error::Solve`] when the puzzle is too large for the position encoding.
pub fn forced(puzzle: &Puzzle, file: &str, request: &ForcedRequest) -> Result<ForcedReport, Error> {
    let started = Instant::now();
    let budget = Budget::until(request.timeout.map(|t| started + t)).and_cancel(&request.cancel);
    let found = pathsat_reason::forced::forced(puzzle, &budget)
        .map_err(|e| Error::reasoning(file, e, Refusal::ForcedTrail))?;
    let status = match found.solvable() {
        Some(true) => Status::Sat,
        Some(false) => Status::Unsat,
        None => Status::Unknown,
    };
    Ok(ForcedReport {
        file: file.to_string(),
        name: puzzle.name().to_string(),
        status,
        found,
        seconds: started.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cancel;
    use pathsat_puzzle::{parse_str, Format};

    #[test]
    fn the_report_names_the_file_and_flattens_the_cells() {
        let p = parse_str(
            "moves = \"rook\"\ngrid = \"1 . .\\n. . .\\n. . 9\"\n",
            Format::Toml,
        )
        .unwrap();
        let report = forced(&p, "p.toml", &ForcedRequest::default()).unwrap();
        assert_eq!(report.status, Status::Sat);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["file"], "p.toml");
        assert_eq!(json["status"], "sat");
        assert_eq!(json["deduced"], 1);
        assert_eq!(
            json["forced"][1],
            serde_json::json!({"row": 1, "col": 1, "value": 5, "given": false})
        );
    }

    #[test]
    fn a_trail_puzzle_is_refused() {
        let p = parse_str(
            "moves = \"rook\"\ngrid = \"1 2\\n3 4\"\n[trail]\nlength = 2\n",
            Format::Toml,
        )
        .unwrap();
        let e = forced(&p, "t.toml", &ForcedRequest::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.toml: forced cells are for puzzles that fill every cell; a trail covers only some"
        );
    }

    #[test]
    fn a_stopped_search_is_unknown() {
        let p = parse_str(
            "moves = \"king\"\ngrid = \"1 . . .\\n. . . .\\n. . . .\"\n",
            Format::Toml,
        )
        .unwrap();
        let cancel = Cancel::new();
        cancel.cancel();
        let request = ForcedRequest {
            timeout: None,
            cancel,
        };
        let report = forced(&p, "p.toml", &request).unwrap();
        assert_eq!(report.status, Status::Unknown);
        assert!(!report.found.complete);
    }
}
