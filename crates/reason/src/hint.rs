//! `hint`: the next step of a puzzle, for a person solving it by hand. From the givens and what
//! the person has filled so far:
//!
//! - a filling that no solution extends gets its first wrong cell (in reading order: the first
//!   cell whose value, with the givens and the cells before it, leaves no solution), not a
//!   hint;
//! - otherwise the next deduction of the human-style rules (`pathsat_generate::deduce::hint`),
//!   with its reason in words; when no rule applies, a cell the solver proves forced, marked as
//!   such.
//!
//! Every hint is checked by the solver before it is given: no solution that extends the
//! filling has another value on the hinted cell. [`refute`] proves it again in a certified
//! run, whose proof a caller writes into a certificate.

use crate::{CellValue, ReasonError};
use pathsat_encode::{EncodingChoice, EncodingOptions, PositionOptions};
use pathsat_generate::deduce::hint::{next_step, NextStep, Rule};
use pathsat_generate::Level;
use pathsat_puzzle::{verify, Filling, Puzzle};
use pathsat_solver::certificate::RecordedRun;
use pathsat_solver::{
    backbone, Assumed, AssumingSolver, Backbone, Budget, PuzzleSolver, SolveError, SolveOptions,
    SolverChoice,
};
use serde::Serialize;

/// What the hint found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HintStatus {
    /// A next step: `hint`.
    Hint,
    /// The filling contradicts the puzzle: `wrong`.
    Wrong,
    /// Every cell is filled, and the filling is a solution.
    Solved,
    /// The puzzle has no solution even with nothing filled.
    NoSolution,
    /// No empty cell is forced: several solutions extend the filling, and no step follows
    /// from it alone.
    Several,
    /// The time limit (or the cancel flag) stopped the solver first.
    Unknown,
}

impl HintStatus {
    /// The name, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            HintStatus::Hint => "hint",
            HintStatus::Wrong => "wrong",
            HintStatus::Solved => "solved",
            HintStatus::NoSolution => "no-solution",
            HintStatus::Several => "several",
            HintStatus::Unknown => "unknown",
        }
    }
}

/// Where a hint comes from: one of the generator's deduction rules ([`Rule`], which names them),
/// or the solver when no rule applies. Serialised by name: `forced-neighbour`, …, `solver`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintRule {
    /// A deduction rule.
    Rule(Rule),
    /// No rule applies; the solver proves the cell forced.
    Solver,
}

impl From<Rule> for HintRule {
    fn from(rule: Rule) -> HintRule {
        HintRule::Rule(rule)
    }
}

impl Serialize for HintRule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl HintRule {
    /// The name, as in JSON: `forced-neighbour`, …, `solver`.
    pub fn name(self) -> &'static str {
        match self {
            HintRule::Rule(rule) => rule.name(),
            HintRule::Solver => "solver",
        }
    }

    /// In words, for text output: `forced neighbour`, …, `solver`.
    pub fn words(self) -> &'static str {
        match self {
            HintRule::Rule(Rule::ForcedNeighbour) => "forced neighbour",
            HintRule::Rule(Rule::OnlyCell) => "only cell for a number",
            HintRule::Rule(Rule::OnlyNumber) => "only number for a cell",
            HintRule::Rule(Rule::Distance) => "counting moves",
            HintRule::Rule(Rule::PencilMarks) => "pencil marks",
            HintRule::Solver => "solver",
        }
    }
}

/// One step: a cell, its value, the rule and the reason.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct HintStep {
    /// The cell's index in the puzzle.
    #[serde(skip)]
    pub index: usize,
    /// The cell and its value (`given` is false).
    #[serde(flatten)]
    pub cell: CellValue,
    /// The rule.
    pub rule: HintRule,
    /// The grade of the rule: `easy` or `medium`; `hard` when only the solver finds it.
    pub level: Level,
    /// Why, in words.
    pub reason: String,
    /// The cells the reason names, with their values (0 on an empty cell).
    pub cited: Vec<CellValue>,
}

/// The first wrong cell of a filling.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct WrongCell {
    /// The cell's index in the puzzle.
    #[serde(skip)]
    pub index: usize,
    /// The cell and the value filled there.
    #[serde(flatten)]
    pub cell: CellValue,
    /// Why it is wrong, in words.
    pub reason: String,
}

/// What [`hint`] found: the next step, the first wrong cell, or why there is neither.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Hint {
    /// What was found.
    pub status: HintStatus,
    /// The next step (status `hint`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<HintStep>,
    /// The first wrong cell (status `wrong`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrong: Option<WrongCell>,
    /// Cells filled so far, givens included.
    pub filled: usize,
    /// Cells of the puzzle.
    pub cells: usize,
    /// SAT calls made.
    pub solver_calls: u64,
    /// The givens and the filling, with the hint's value on its cell (0 elsewhere), for
    /// text and pictures.
    #[serde(skip)]
    pub board: Filling,
    /// The filled cells that are not given, in reading order, with their values: what
    /// [`refute`] takes as givens.
    #[serde(skip)]
    pub written: Vec<(usize, u32)>,
}

/// The next step of `puzzle` from `filling` (`None`: nothing filled yet), as far as `budget`
/// lets the solver go (status `unknown` when it stopped first).
///
/// # Errors
/// [`ReasonError::Trail`] for a trail puzzle, [`ReasonError::FillingSize`] for a filling of
/// another size, [`ReasonError::Solve`] when the puzzle is too large for the position
/// encoding or a hint does not check out.
pub fn hint(
    puzzle: &Puzzle,
    filling: Option<&Filling>,
    budget: &Budget,
) -> Result<Hint, ReasonError> {
    if puzzle.trail().is_some() {
        return Err(ReasonError::Trail);
    }
    let n = puzzle.n_cells();
    let mut values = vec![0; n];
    for (cell, value) in puzzle.givens() {
        values[cell] = value;
    }
    // The filled cells that are not given, in reading order.
    let mut written: Vec<(usize, u32)> = Vec::new();
    if let Some(filling) = filling {
        if filling.values().len() != n {
            return Err(ReasonError::FillingSize {
                filling: filling.values().len(),
                puzzle: n,
            });
        }
        for (cell, &value) in filling.values().iter().enumerate() {
            if value != 0 && values[cell] != value {
                written.push((cell, value));
            }
        }
    }
    let mut found = Hint {
        status: HintStatus::Unknown,
        hint: None,
        wrong: None,
        filled: puzzle.givens().count() + written.len(),
        cells: n,
        solver_calls: 0,
        board: Filling::from_values(values.clone()),
        written,
    };
    let written = found.written.clone();
    let step = next(puzzle, &mut values, &written, budget, &mut found);
    found.board = Filling::from_values(values);
    match step {
        Ok(()) | Err(SolveError::Interrupted) => Ok(found),
        Err(e) => Err(e.into()),
    }
}

/// A certified refutation of every other value on a hinted cell: the puzzle with the cells
/// filled so far as givens, and the run that refuted it with another value on the cell.
pub struct Refutation {
    /// The puzzle with the filled cells (a [`Hint`]'s `written`) as givens.
    pub puzzle: Puzzle,
    /// The certified run: its proof, and what its variables and clauses mean.
    pub run: RecordedRun,
    /// The encoding the run used.
    pub encoding: EncodingOptions,
}

/// Proves `value` the only value of `cell` once the `written` cells (a [`Hint`]'s) are filled:
/// a certified CaDiCaL run on the puzzle with them as givens and `value` ruled out on `cell`
/// by an exclusion claim refutes it. `None` when the budget stopped it.
///
/// # Errors
/// [`ReasonError::Solve`] when this build has no CaDiCaL, or another value fits the cell.
pub fn refute(
    puzzle: &Puzzle,
    written: &[(usize, u32)],
    cell: usize,
    value: u32,
    budget: &Budget,
) -> Result<Option<Refutation>, ReasonError> {
    let sub = puzzle
        .with_givens(written)
        .expect("a filling with a hint is possible on its face");
    let options = SolveOptions {
        certify: true,
        solver: SolverChoice::preferred(true),
        ..SolveOptions::default()
    }
    .with_choice(EncodingChoice::Position);
    let mut solver = PuzzleSolver::new(&sub, &options)?;
    if !solver.is_recording() {
        return Err(SolveError::Unsupported(pathsat_solver::Unsupported::CadicalNotBuiltIn).into());
    }
    solver.set_budget(budget.clone());
    if !solver.exclude(cell, value) {
        let problem = format!("{} cannot hold {value}", puzzle.place(cell));
        return Err(SolveError::Certificate(problem).into());
    }
    match solver.next_solution() {
        Ok(None) => {}
        Err(SolveError::Interrupted) => return Ok(None),
        Ok(Some(_)) => {
            let problem = format!(
                "another value fits {}: the hint is wrong",
                puzzle.place(cell)
            );
            return Err(SolveError::Certificate(problem).into());
        }
        Err(e) => return Err(e.into()),
    }
    let run = solver.finish_recording().expect("a recording run");
    drop(solver);
    Ok(Some(Refutation {
        puzzle: sub,
        run,
        encoding: options.encoding,
    }))
}

/// Fills in `found` (status, hint or wrong cell, calls); `values` holds the givens, and gets
/// the filling and the hinted value.
fn next(
    puzzle: &Puzzle,
    values: &mut [u32],
    filled: &[(usize, u32)],
    budget: &Budget,
    found: &mut Hint,
) -> Result<(), SolveError> {
    let options = PositionOptions::default();
    find_wrong(puzzle, values, filled, &options, budget, found)?;
    if found.status != HintStatus::Unknown {
        return Ok(());
    }
    for &(cell, value) in filled {
        values[cell] = value;
    }
    let filling = Filling::from_values(values.to_vec());
    if values.iter().all(|&v| v != 0) {
        verify(puzzle, &filling).map_err(SolveError::Unverified)?;
        found.status = HintStatus::Solved;
        return Ok(());
    }
    // The filled cells as givens: every solution of `sub` extends the filling.
    let sub = puzzle
        .with_givens(filled)
        .expect("a filling with a solution is possible on its face");
    let step = match next_step(puzzle, &filling).expect("not a trail") {
        NextStep::Hint(hint) => {
            let mut check = AssumingSolver::new(&sub, &options)?;
            check.set_budget(budget.clone());
            let other = check.solve_without(hint.cell, hint.value)?;
            found.solver_calls += check.calls();
            if other.is_some() {
                return Err(SolveError::Certificate(format!(
                    "the hint {} = {} is not in every solution",
                    puzzle.place(hint.cell),
                    hint.value
                )));
            }
            HintStep {
                index: hint.cell,
                cell: CellValue::new(puzzle, hint.cell, hint.value),
                rule: hint.rule.into(),
                level: hint.rule.level(),
                reason: hint.reason,
                cited: hint
                    .cited
                    .iter()
                    .map(|&c| CellValue::new(puzzle, c, values[c]))
                    .collect(),
            }
        }
        // The rules stall (or, on a filling the solver accepts, could only stall): the
        // solver's forced cells.
        NextStep::Stuck | NextStep::Contradiction | NextStep::Complete => {
            let Some(step) = solver_step(puzzle, &sub, values, &options, budget, found)? else {
                found.status = HintStatus::Several;
                return Ok(());
            };
            step
        }
    };
    values[step.index] = step.cell.value;
    found.status = HintStatus::Hint;
    found.hint = Some(step);
    Ok(())
}

/// Sets `found`'s status to `wrong` (with the first wrong cell) when the filled cells are
/// wrong on their face or leave no solution, or to `no-solution` when the puzzle has none, and
/// counts the solver's calls; `values` holds the givens. Leaves the status `unknown` when a
/// solution extends the filling.
fn find_wrong(
    puzzle: &Puzzle,
    values: &[u32],
    filled: &[(usize, u32)],
    options: &PositionOptions,
    budget: &Budget,
    found: &mut Hint,
) -> Result<(), SolveError> {
    let n = puzzle.n_cells() as u32;
    // A value out of range, on a given cell, or given elsewhere is wrong on its face; the
    // cells before the first such one go to the solver (one of them may be wrong first).
    let given = |v: u32| puzzle.givens().find(|&(_, w)| w == v).map(|(c, _)| c);
    let on_its_face = |&(cell, value): &(usize, u32)| {
        if value > n {
            Some(format!("the numbers go from 1 to {n}"))
        } else if values[cell] != 0 {
            Some(format!("{} is given {}", puzzle.place(cell), values[cell]))
        } else {
            given(value).map(|c| format!("{value} is given at {}", puzzle.place(c)))
        }
    };
    let face = filled
        .iter()
        .enumerate()
        .find_map(|(k, entry)| on_its_face(entry).map(|reason| (k, reason)));
    let checked = &filled[..face.as_ref().map_or(filled.len(), |(k, _)| *k)];
    let mut wrong = |k: usize, reason: String| {
        found.status = HintStatus::Wrong;
        found.wrong = Some(WrongCell {
            index: filled[k].0,
            cell: CellValue::new(puzzle, filled[k].0, filled[k].1),
            reason,
        });
    };
    let mut solver = AssumingSolver::new(puzzle, options)?;
    solver.set_budget(budget.clone());
    let consistent = solver.solve_with(checked)?;
    if let Assumed::Unsat { .. } = consistent {
        if matches!(solver.solve_with(&[])?, Assumed::Unsat { .. }) {
            found.status = HintStatus::NoSolution;
        } else {
            let (k, reason) = first_wrong(&mut solver, checked)?;
            wrong(k, reason);
        }
    } else if let Some((k, reason)) = face {
        wrong(k, reason);
    }
    found.solver_calls = solver.calls();
    Ok(())
}

/// The step the solver gives when no rule applies: a cell of `sub` (the puzzle with the
/// filling as givens) that every solution agrees on and that `values` leaves empty, preferably
/// next to a number already written; `None` when there is none. Counts its calls in `found`.
fn solver_step(
    puzzle: &Puzzle,
    sub: &Puzzle,
    values: &[u32],
    options: &PositionOptions,
    budget: &Budget,
    found: &mut Hint,
) -> Result<Option<HintStep>, SolveError> {
    let n = puzzle.n_cells() as u32;
    let (answer, calls) = backbone(sub, options, budget.clone())?;
    found.solver_calls += calls;
    let Backbone::Solved { forced, .. } = answer else {
        return Err(SolveError::Certificate(
            "a filling with a solution has none as givens".into(),
        ));
    };
    let open: Vec<(usize, u32)> = forced
        .into_iter()
        .filter(|&(c, _)| values[c] == 0)
        .collect();
    // Prefer a value next to one already written: the easiest to see.
    let written = |v: u32| values.contains(&v);
    let Some(&(cell, value)) = open
        .iter()
        .find(|&&(_, v)| (v > 1 && written(v - 1)) || (v < n && written(v + 1)))
        .or(open.first())
    else {
        return Ok(None);
    };
    Ok(Some(HintStep {
        index: cell,
        cell: CellValue::new(puzzle, cell, value),
        rule: HintRule::Solver,
        level: Level::Hard,
        reason: format!(
            "no deduction rule applies here; the solver proves that every solution \
             that extends the filling has {value} at {}",
            puzzle.place(cell)
        ),
        cited: Vec::new(),
    }))
}

/// The first filled cell (in reading order) that leaves no solution with the cells before it,
/// by bisection on the prefix (a longer prefix only has fewer solutions), and why.
fn first_wrong(
    solver: &mut AssumingSolver<'_>,
    filled: &[(usize, u32)],
) -> Result<(usize, String), SolveError> {
    // The prefix of `lo` cells has a solution, that of `hi` cells has none.
    let (mut lo, mut hi) = (0, filled.len());
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        match solver.solve_with(&filled[..mid])? {
            Assumed::Filling(_) => lo = mid,
            Assumed::Unsat { .. } => hi = mid,
        }
    }
    let (cell, value) = filled[hi - 1];
    let place = solver.puzzle().place(cell);
    let reason = if hi == 1 {
        format!("no solution has {value} at {place}")
    } else {
        format!(
            "no solution has {value} at {place} together with the {} cells filled before it",
            hi - 1
        )
    };
    Ok((hi - 1, reason))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_generate::{generate, Options};
    use pathsat_puzzle::{parse_file, Moves};
    use std::path::Path;

    fn hidato() -> Puzzle {
        parse_file(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/seeds/hidato-188.toml"),
        )
        .unwrap()
    }

    fn ask(puzzle: &Puzzle, values: &[u32]) -> Hint {
        let filling = Filling::from_values(values.to_vec());
        hint(puzzle, Some(&filling), &Budget::default()).unwrap()
    }

    /// Follows hints from the givens to the end: every hint is the solution's value, and the
    /// rules used (in order).
    fn follow(puzzle: &Puzzle, solution: &Filling) -> Vec<HintRule> {
        let mut values = vec![0; puzzle.n_cells()];
        let mut rules = Vec::new();
        loop {
            let report = ask(puzzle, &values);
            match report.status {
                HintStatus::Hint => {
                    let h = report.hint.unwrap();
                    assert_eq!(
                        solution.value(h.index),
                        h.cell.value,
                        "{}: {h:?}",
                        puzzle.name()
                    );
                    values[h.index] = h.cell.value;
                    rules.push(h.rule);
                }
                HintStatus::Solved => return rules,
                other => panic!("{}: {other:?}", puzzle.name()),
            }
        }
    }

    #[test]
    fn the_first_wrong_cell_in_reading_order() {
        let puzzle = hidato();
        let solution = puzzle.expect().solutions[0].clone();
        let mut values = solution.values().to_vec();
        // Wrong values on (0, 1) and (0, 0): the first in reading order is (0, 0).
        for (cell, wrong) in [(1, 135), (0, 135)] {
            values[cell] = wrong;
        }
        // The rest empty after the second row.
        for v in values.iter_mut().skip(24) {
            *v = 0;
        }
        let report = ask(&puzzle, &values);
        assert_eq!(report.status, HintStatus::Wrong);
        let wrong = report.wrong.unwrap();
        assert_eq!((wrong.index, wrong.cell.value), (0, 135));
        assert_eq!(wrong.reason, "no solution has 135 at (0, 0)");
        // A value on a given cell, a value given elsewhere, one out of range.
        let mut values = vec![0; 144];
        values[2] = 133;
        assert_eq!(
            ask(&puzzle, &values).wrong.unwrap().reason,
            "(0, 2) is given 134"
        );
        values[2] = 0;
        values[0] = 2;
        assert_eq!(
            ask(&puzzle, &values).wrong.unwrap().reason,
            "2 is given at (0, 3)"
        );
        values[0] = 145;
        assert_eq!(
            ask(&puzzle, &values).wrong.unwrap().reason,
            "the numbers go from 1 to 144"
        );
        // A cell wrong by the solver before one wrong on its face: the first in reading order.
        values[0] = 0;
        values[1] = 133;
        values[142] = 145;
        let wrong = ask(&puzzle, &values).wrong.unwrap();
        assert_eq!((wrong.index, wrong.cell.value), (1, 133));
        assert_eq!(wrong.reason, "no solution has 133 at (0, 1)");
        // Right values before a wrong one: the reason counts them.
        let mut values = vec![0; 144];
        values[0] = solution.value(0);
        values[1] = solution.value(1);
        values[5] = 8;
        let report = ask(&puzzle, &values);
        assert_eq!(report.wrong.as_ref().unwrap().index, 5, "{report:?}");
        assert_eq!(
            report.wrong.unwrap().reason,
            "no solution has 8 at (0, 5) together with the 2 cells filled before it"
        );
    }

    #[test]
    fn several_solutions_and_none() {
        // 1 alone in a corner of 3x3 rook moves: several paths, and no cell the same in all
        // (the brute force agrees).
        let open = pathsat_puzzle::parse_str(
            "moves = \"rook\"\ngrid = \"1 . .\\n. . .\\n. . .\"\n",
            pathsat_puzzle::Format::Toml,
        )
        .unwrap();
        let mut fillings = Vec::new();
        pathsat_puzzle::brute::enumerate(&open, None, |f| fillings.push(f.clone()));
        let agreed =
            (1..9).filter(|&c| fillings.iter().all(|f| f.value(c) == fillings[0].value(c)));
        assert_eq!(agreed.count(), 0);
        assert_eq!(ask(&open, &[0; 9]).status, HintStatus::Several);
        let none = pathsat_puzzle::parse_str(
            "moves = \"rook\"\ngrid = \"1 . .\\n. 2 .\\n. . .\"\n",
            pathsat_puzzle::Format::Toml,
        )
        .unwrap();
        assert_eq!(ask(&none, &[0; 9]).status, HintStatus::NoSolution);
    }

    #[test]
    fn hints_solve_hidato_188_and_the_json_names_the_step() {
        let puzzle = hidato();
        let solution = puzzle.expect().solutions[0].clone();
        let rules = follow(&puzzle, &solution);
        assert_eq!(rules.len(), 80);
        assert!(!rules.contains(&HintRule::Solver), "{rules:?}");
        let report = ask(&puzzle, &vec![0; 144]);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["status"], "hint");
        assert_eq!(json["hint"]["row"], 1);
        assert_eq!(json["hint"]["col"], 4);
        assert_eq!(json["hint"]["value"], 3);
        assert_eq!(json["hint"]["rule"], "forced-neighbour");
        assert_eq!(json["hint"]["level"], "easy");
        assert_eq!(
            json["hint"]["cited"][0],
            serde_json::json!({"row": 0, "col": 3, "value": 2, "given": true})
        );
        assert_eq!(json.get("wrong"), None);
    }

    /// Generated puzzles of 6x6 to 12x12: hints alone (no solver step) solve the ones graded
    /// easy or medium, and the solver's forced cells carry a hard one through.
    #[test]
    fn hints_solve_generated_puzzles() {
        let cases = [
            (6, Moves::King, Level::Easy, 1),
            (6, Moves::Rook, Level::Medium, 2),
            (8, Moves::King, Level::Medium, 3),
            (9, Moves::Rook, Level::Easy, 4),
            (10, Moves::King, Level::Medium, 5),
            (12, Moves::King, Level::Easy, 6),
            (6, Moves::King, Level::Hard, 7),
        ];
        let mut solver_steps = 0;
        for (size, moves, level, seed) in cases {
            let template = Puzzle::blank(size, size, moves, false).unwrap();
            let options = Options {
                seed,
                difficulty: Some(level),
                ..Options::default()
            };
            let made = generate(&template, &options).unwrap();
            assert_eq!(made.grade.level, Some(level));
            let rules = follow(&made.puzzle, &made.solution);
            let solver = rules.iter().filter(|&&r| r == HintRule::Solver).count();
            if level == Level::Hard {
                solver_steps += solver;
            } else {
                assert_eq!(solver, 0, "{size}x{size} {level}: {rules:?}");
            }
        }
        assert!(solver_steps > 0);
    }

    /// `just test-long`: 84 generated puzzles, 6x6 to 12x12, king and rook moves, easy and
    /// medium, three seeds each: hints alone solve every one.
    #[test]
    #[ignore = "minutes: run by `just test-long`"]
    fn hints_solve_many_generated_puzzles() {
        let mut steps = 0;
        let mut medium_steps = 0;
        let mut puzzles = 0;
        for size in 6..=12 {
            for moves in [Moves::King, Moves::Rook] {
                for level in [Level::Easy, Level::Medium] {
                    for seed in 1..=3 {
                        let template = Puzzle::blank(size, size, moves.clone(), false).unwrap();
                        let options = Options {
                            seed: 100 * size as u64 + seed,
                            difficulty: Some(level),
                            ..Options::default()
                        };
                        let made = generate(&template, &options).unwrap();
                        assert_eq!(made.grade.level, Some(level));
                        let rules = follow(&made.puzzle, &made.solution);
                        assert!(
                            !rules.contains(&HintRule::Solver),
                            "{size}x{size} {moves} {level} seed {seed}: {rules:?}"
                        );
                        steps += rules.len();
                        medium_steps += rules
                            .iter()
                            .filter(|r| {
                                matches!(r, HintRule::Rule(Rule::Distance | Rule::PencilMarks))
                            })
                            .count();
                        puzzles += 1;
                    }
                }
            }
        }
        println!("{puzzles} puzzles, {steps} hints, {medium_steps} by a medium rule");
        assert_eq!(puzzles, 84);
    }
}
