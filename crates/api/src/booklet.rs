//! `booklet`: puzzles and their solutions as a printable PDF, for a newspaper page or a class.
//! Each puzzle must have exactly one solution (proved by the solver: a first solution, then
//! none after the clause that blocks it), and is graded by the generator's deduction rules
//! (`easy`, `medium`, `hard`); the drawing is `pathsat_picture::booklet`.

use crate::options::BookletRequest;
use crate::{Error, Refusal};
use pathsat_encode::PositionOptions;
use pathsat_generate::{deduce::deduce, Level};
use pathsat_picture::booklet::{booklet as draw, BookletPuzzle};
use pathsat_puzzle::{Filling, Puzzle};
use pathsat_solver::{Assumed, AssumingSolver, Budget, SolveError};
use serde::Serialize;
use std::time::Duration;
use web_time::Instant;

/// One puzzle of the booklet, as the report lists it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct BookletEntry {
    /// Its file.
    pub file: String,
    /// Its name.
    pub name: String,
    /// Its grade by the deduction rules.
    pub grade: Level,
    /// Cells given.
    pub givens: usize,
    /// Cells of the board.
    pub cells: usize,
}

/// The result of `booklet`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct BookletReport {
    /// The puzzles, in order.
    pub puzzles: Vec<BookletEntry>,
    /// Pages of the PDF.
    pub pages: usize,
    /// Bytes of the PDF.
    pub bytes: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The PDF.
    #[serde(skip)]
    pub pdf: Vec<u8>,
}

/// The booklet of `puzzles` (each with its file), in order.
///
/// # Errors
/// [`Error::Refused`] naming the first puzzle that is a graph or a trail, has no solution or
/// several, or whose uniqueness was not decided within the time limit; [`Error::Solve`] when
/// a puzzle is too large for the position encoding.
pub fn booklet(
    puzzles: &[(Puzzle, String)],
    request: &BookletRequest,
) -> Result<BookletReport, Error> {
    let started = Instant::now();
    let mut entries = Vec::with_capacity(puzzles.len());
    let mut pages = Vec::with_capacity(puzzles.len());
    for (puzzle, file) in puzzles {
        if puzzle.is_graph() || puzzle.trail().is_some() {
            return Err(Error::refused(file, Refusal::BookletBoard));
        }
        let solution = unique_solution(puzzle, file, request.timeout)?;
        let grade = deduce(puzzle).map_or(Level::Hard, |d| d.level);
        entries.push(BookletEntry {
            file: file.clone(),
            name: puzzle.name().to_string(),
            grade,
            givens: puzzle.givens().count(),
            cells: puzzle.n_cells(),
        });
        pages.push(BookletPuzzle {
            puzzle,
            solution,
            grade: grade.to_string(),
        });
    }
    let (pdf, n) = draw(&request.title, &pages, request.per_page, request.solutions);
    Ok(BookletReport {
        puzzles: entries,
        pages: n,
        bytes: pdf.len(),
        seconds: started.elapsed().as_secs_f64(),
        pdf,
    })
}

/// The one solution of `puzzle`, or the refusal that says why there is none to print.
fn unique_solution(
    puzzle: &Puzzle,
    file: &str,
    timeout: Option<Duration>,
) -> Result<Filling, Error> {
    let mut solver = AssumingSolver::new(puzzle, &PositionOptions::default())
        .map_err(|e| Error::solve(file, e))?;
    solver.set_budget(Budget::until(
        timeout.and_then(|t| Instant::now().checked_add(t)),
    ));
    let undecided = |e: SolveError| match e {
        SolveError::Interrupted => Error::refused(file, Refusal::BookletUndecided),
        e => Error::solve(file, e),
    };
    let solution = match solver.solve_with(&[]).map_err(undecided)? {
        Assumed::Filling(f) => f,
        Assumed::Unsat { .. } => return Err(Error::refused(file, Refusal::BookletNoSolution)),
    };
    solver.exclude(&solution);
    match solver.solve_with(&[]).map_err(undecided)? {
        Assumed::Unsat { .. } => Ok(solution),
        Assumed::Filling(_) => Err(Error::refused(file, Refusal::BookletNotUnique)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{parse_str, Format};

    fn puzzle(grid: &str) -> (Puzzle, String) {
        let text = format!("moves = \"rook\"\ngrid = \"{grid}\"\n");
        (
            parse_str(&text, Format::Toml).unwrap(),
            "p.toml".to_string(),
        )
    }

    #[test]
    fn unique_puzzles_make_a_booklet_and_others_are_refused() {
        let unique = puzzle("1 2 .\\n. . .\\n. . 9");
        let report = booklet(
            &[unique.clone(), unique.clone()],
            &BookletRequest::default(),
        )
        .unwrap();
        // Two puzzles on one page, their solutions on another.
        assert_eq!(report.pages, 2);
        assert_eq!(report.puzzles[0].grade, Level::Medium);
        assert!(report.pdf.starts_with(b"%PDF-"));
        let several = puzzle("1 . .\\n. . .\\n. . .");
        let e = booklet(&[unique.clone(), several], &BookletRequest::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "p.toml: has more than one solution; a booklet prints puzzles whose solution is \
             unique"
        );
        let none = puzzle("1 . .\\n. 2 .\\n. . .");
        let e = booklet(&[none], &BookletRequest::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "p.toml: has no solution; a booklet prints puzzles with one"
        );
    }
}
