//! `explain`: why a cell holds its value, told in the clauses of the CNF the solver receives,
//! for a teacher showing a class what an encoding does. The puzzle is encoded in the position
//! encoding (`x(cell, value)`), and unit propagation with reasons
//! (`pathsat_cnf::propagate`) is run on it:
//!
//! 1. when propagation from the clauses alone sets `x(cell, value)`, the answer is the chain of
//!    clauses that did it, each with the literal it set (`propagation`);
//! 2. otherwise, when assuming the cell holds anything else propagates to a clause with every
//!    literal false, the answer is that chain and that clause (`refutation`: one failed
//!    literal, as a SAT solver's first decision would find);
//! 3. otherwise the solver needs search: the answer says so, with what propagation alone
//!    settles (`search`).
//!
//! Literals are named by their cell and value, as the DIMACS header of `pathsat export` maps
//! them: `(r,c)=v` and `(r,c)≠v`, rows and columns from 0; auxiliary variables as `aN`.

use crate::ReasonError;
use pathsat_cnf::propagate::Propagation;
use pathsat_encode::export::{export, Encoded};
use pathsat_encode::{EncodingChoice, EncodingOptions, Export, PositionOptions};
use pathsat_puzzle::{Place, Puzzle};
use pathsat_solver::{Assumed, AssumingSolver, SolveError};
use serde::Serialize;
use std::collections::HashMap;

/// How the cell's value follows from the clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum How {
    /// Unit propagation from the clauses alone sets it.
    Propagation,
    /// Assuming another value propagates to a clause with every literal false.
    Refutation,
    /// Neither: the solver needs search (its value is still forced).
    Search,
    /// The cell's value is not forced: solutions differ there.
    NotForced,
    /// The puzzle has no solution.
    NoSolution,
}

impl How {
    /// The name, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            How::Propagation => "propagation",
            How::Refutation => "refutation",
            How::Search => "search",
            How::NotForced => "not-forced",
            How::NoSolution => "no-solution",
        }
    }
}

/// One clause of the chain: the literal it set (empty for the final conflict) and the clause.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct ExplainStep {
    /// The literal the clause set, named (`(1, 4)=3`, `(0, 2)≠5`, `a812`); empty for the
    /// clause that ends a refutation with every literal false.
    pub sets: String,
    /// The clause, its literals named and joined by `∨`.
    pub clause: String,
    /// The clause's family (`cell`, `value`, `successor`, …) as the export header counts it.
    pub family: &'static str,
}

/// What [`explain`] found: the cell's value, how it follows, and the clauses that show it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Explanation {
    /// The cell, as `(r, c)` (or `vertex v`).
    pub cell: String,
    /// Its value in the solution found (0 without solution).
    pub value: u32,
    /// Whether the puzzle gives it.
    pub given: bool,
    /// How the value follows.
    pub how: How,
    /// The clauses, in the order propagation used them.
    pub steps: Vec<ExplainStep>,
    /// For `not-forced`: another value the cell takes in some solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_value: Option<u32>,
    /// Cells whose value propagation from the clauses alone sets (givens included).
    pub propagated_cells: usize,
    /// The encoding's pruning: `none` (textbook) or `full` (the solver's).
    pub pruning: &'static str,
    /// The exactly-one encoding (`pairwise` has no auxiliary variables).
    pub exactly_one: &'static str,
    /// Variables of the encoding.
    pub variables: usize,
    /// Clauses of the encoding.
    pub clauses: usize,
}

/// Why `cell` of `puzzle` holds its value, in the clauses of its position encoding with
/// `options`. [`Pruning::None`](pathsat_encode::Pruning::None) (the textbook encoding, every
/// pair a variable, givens as unit clauses) shows the reasoning in clauses, and pairwise
/// exactly-one constraints have no auxiliary variables;
/// [`Pruning::Full`](pathsat_encode::Pruning::Full) is the CNF the solver receives, where the
/// encoder's distance pruning has already ruled out many values.
///
/// # Errors
/// [`ReasonError::Trail`] for a trail puzzle, [`ReasonError::TooLargeForPosition`] for a board
/// too large for the position encoding, [`ReasonError::NoCell`] for a cell that is not on the
/// board, [`ReasonError::Solve`] when the solver fails.
pub fn explain(
    puzzle: &Puzzle,
    cell: usize,
    options: &PositionOptions,
) -> Result<Explanation, ReasonError> {
    if puzzle.trail().is_some() {
        return Err(ReasonError::Trail);
    }
    if cell >= puzzle.n_cells() {
        return Err(ReasonError::NoCell(puzzle.place(cell)));
    }
    let encoding = EncodingOptions {
        choice: EncodingChoice::Position,
        position: *options,
        ..EncodingOptions::default()
    };
    let exported = export(puzzle, &encoding, None).map_err(SolveError::from)?;
    let chains = Chains::new(puzzle, &exported).ok_or(ReasonError::TooLargeForPosition)?;
    let given = puzzle.givens().any(|(c, _)| c == cell);
    let mut found = Explanation {
        cell: puzzle.place(cell).to_string(),
        value: 0,
        given,
        how: How::NoSolution,
        steps: Vec::new(),
        other_value: None,
        propagated_cells: 0,
        pruning: options.pruning.name(),
        exactly_one: options.exactly_one.name(),
        variables: chains.variables,
        clauses: chains.clauses.len(),
    };
    let top = Propagation::run(&chains.clauses, chains.variables, &[]);
    found.propagated_cells = chains.propagated_cells(&top);
    find_how(&mut found, &chains, &top, cell)?;
    Ok(found)
}

/// Fills in `found` the value of `cell`, from a solution, and how it follows from the clauses
/// (`top` is propagation from the clauses alone), with the chain that shows it: whether another
/// solution differs there, else whether propagation sets it, else whether assuming another
/// value refutes itself.
///
/// # Errors
/// The solver's, or [`SolveError::Certificate`] when the solution's value has no variable.
fn find_how(
    found: &mut Explanation,
    chains: &Chains,
    top: &Propagation,
    cell: usize,
) -> Result<(), SolveError> {
    let puzzle = chains.puzzle;
    let clauses = &chains.clauses;
    // The value: from a solution, and whether another solution differs there.
    let mut solver = AssumingSolver::new(puzzle, &PositionOptions::default())?;
    let solution = match solver.solve_with(&[])? {
        Assumed::Filling(f) => f,
        Assumed::Unsat { .. } => {
            if let Some(i) = top.conflict().filter(|&i| i < clauses.len()) {
                found.steps = chains.refutation(top, i);
            }
            return Ok(());
        }
    };
    let value = solution.value(cell);
    found.value = value;
    if let Some(other) = solver.solve_without(cell, value)? {
        found.how = How::NotForced;
        found.other_value = Some(other.value(cell));
        return Ok(());
    }
    let Some(&x) = chains.var_of.get(&(cell, value)) else {
        // Pruned away as impossible: cannot be, for the value of a solution.
        return Err(SolveError::Certificate(format!(
            "{} = {value} has no variable",
            puzzle.place(cell)
        )));
    };
    let x = x as i64;
    if top.value(x) == Some(true) {
        found.how = How::Propagation;
        found.steps = top
            .reasons(clauses, &[x])
            .into_iter()
            .map(|s| chains.step(s))
            .collect();
    } else {
        let probe = Propagation::run(clauses, chains.variables, &[-x]);
        match probe.conflict().filter(|&i| i < clauses.len()) {
            Some(i) => {
                found.how = How::Refutation;
                found.steps = chains.refutation(&probe, i);
            }
            None => found.how = How::Search,
        }
    }
    Ok(())
}

/// The clauses of a puzzle's position encoding with what their variables and clauses mean:
/// what a chain of reasons is told in.
struct Chains<'a> {
    /// The puzzle encoded.
    puzzle: &'a Puzzle,
    /// The clauses, as DIMACS literals.
    clauses: Vec<Vec<i64>>,
    /// Variables of the encoding.
    variables: usize,
    /// The cell and value of each variable that has one (the others are auxiliary).
    meanings: HashMap<u64, (usize, u32)>,
    /// The variable of each cell and value that has one.
    var_of: HashMap<(usize, u32), u64>,
    /// Each clause's family, in the order of the clauses.
    family_of: Vec<&'static str>,
}

impl<'a> Chains<'a> {
    /// The clauses of `exported`, an encoding of `puzzle`, and their meaning; `None` when it
    /// is not the position encoding (the board is too large for it).
    fn new(puzzle: &'a Puzzle, exported: &Export) -> Option<Chains<'a>> {
        let Encoded::Position(encoding) = &exported.encoded else {
            return None;
        };
        let clauses: Vec<Vec<i64>> = exported
            .cnf
            .clauses()
            .map(|clause| clause.iter().map(|l| l.to_dimacs()).collect())
            .collect();
        let stats = exported.encoded.stats();
        let meanings: HashMap<u64, (usize, u32)> = encoding
            .map
            .primary()
            .map(|(var, cell, value)| (var.to_dimacs(), (cell, value)))
            .collect();
        let var_of: HashMap<(usize, u32), u64> = meanings.iter().map(|(&v, &m)| (m, v)).collect();
        let mut family_of: Vec<&'static str> = Vec::with_capacity(clauses.len());
        for f in &stats.families {
            family_of.extend(std::iter::repeat_n(f.name, f.clauses));
        }
        Some(Chains {
            puzzle,
            clauses,
            variables: stats.variables,
            meanings,
            var_of,
            family_of,
        })
    }

    /// A literal named by its cell and value (`(1,4)=3`, `(0,2)≠5`), or as auxiliary (`a812`).
    fn name(&self, lit: i64) -> String {
        match self.meanings.get(&lit.unsigned_abs()) {
            Some(&(c, v)) => {
                let sign = if lit > 0 { "=" } else { "≠" };
                format!("{}{sign}{v}", short(self.puzzle.place(c)))
            }
            None if lit > 0 => format!("a{lit}"),
            None => format!("¬a{}", -lit),
        }
    }

    /// The step of clause `i` setting `lit` (0 for a clause with every literal false).
    fn step(&self, (lit, i): (i64, usize)) -> ExplainStep {
        ExplainStep {
            sets: if lit == 0 {
                String::new()
            } else {
                self.name(lit)
            },
            clause: self.clauses[i]
                .iter()
                .map(|&l| self.name(l))
                .collect::<Vec<_>>()
                .join(" ∨ "),
            family: self.family_of.get(i).copied().unwrap_or("other"),
        }
    }

    /// The chain behind clause `i`, which has every literal false under `p`, ended by that
    /// clause.
    fn refutation(&self, p: &Propagation, i: usize) -> Vec<ExplainStep> {
        let mut steps: Vec<ExplainStep> = p
            .reasons(&self.clauses, &self.clauses[i])
            .into_iter()
            .map(|s| self.step(s))
            .collect();
        steps.push(self.step((0, i)));
        steps
    }

    /// Cells whose value `top`, propagation from the clauses alone, sets (givens included).
    fn propagated_cells(&self, top: &Propagation) -> usize {
        let puzzle = self.puzzle;
        (0..puzzle.n_cells())
            .filter(|&c| {
                (1..=puzzle.n_values() as u32).any(|v| {
                    self.var_of
                        .get(&(c, v))
                        .is_some_and(|&x| top.value(x as i64) == Some(true))
                })
            })
            .count()
    }
}

/// `(1, 4)` without the space: `(1,4)`, so that clauses stay short.
fn short(place: Place) -> String {
    match place {
        Place::Cell(pos) => format!("({},{})", pos.row, pos.col),
        Place::Vertex(v) => format!("v{v}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_cnf::card::ExactlyOneEncoding;
    use pathsat_encode::Pruning;
    use pathsat_puzzle::{brute, parse_str, Format};

    fn textbook() -> PositionOptions {
        PositionOptions {
            pruning: Pruning::None,
            exactly_one: ExactlyOneEncoding::Pairwise,
            ..PositionOptions::default()
        }
    }

    /// On small puzzles, against every filling: a cell is `not-forced` exactly when two
    /// fillings differ there, and otherwise its value is the fillings' one; a propagation
    /// chain ends with the cell's literal, a refutation with a clause set by no step.
    #[test]
    fn explanations_agree_with_every_filling() {
        let puzzles = [
            "moves = \"rook\"\ngrid = \"1 2 .\\n. . .\\n. . 9\"\n",
            "moves = \"king\"\ngrid = \"1 . .\\n. . 6\\n. . .\\n12 . .\"\n",
            "moves = \"rook\"\ngrid = \"1 . . .\\n. . . .\\n. . 11 .\\n. . . 16\"\n",
            "moves = \"rook\"\ngrid = \"1 . . .\\n. . . .\\n. . . .\\n16 . . .\"\n",
        ];
        let mut seen = std::collections::BTreeSet::new();
        for text in puzzles {
            let puzzle = parse_str(text, Format::Toml).unwrap();
            let mut fillings = Vec::new();
            brute::enumerate(&puzzle, None, |f| fillings.push(f.clone()));
            for cell in 0..puzzle.n_cells() {
                let r = explain(&puzzle, cell, &textbook()).unwrap();
                let values: std::collections::BTreeSet<u32> =
                    fillings.iter().map(|f| f.value(cell)).collect();
                if values.is_empty() {
                    assert_eq!(r.how, How::NoSolution, "{text} {cell}");
                    seen.insert(r.how.name());
                    continue;
                }
                if values.len() > 1 {
                    assert_eq!(r.how, How::NotForced, "{text} {cell}");
                    assert!(values.contains(&r.value) && values.contains(&r.other_value.unwrap()));
                    continue;
                }
                assert_eq!(Some(&r.value), values.first(), "{text} {cell}");
                let cell_literal = format!("{}={}", short(puzzle.place(cell)), r.value);
                match r.how {
                    How::Propagation => {
                        assert_eq!(r.steps.last().unwrap().sets, cell_literal)
                    }
                    How::Refutation => {
                        assert_eq!(r.steps.last().unwrap().sets, "");
                        assert!(r.steps[..r.steps.len() - 1]
                            .iter()
                            .all(|s| !s.sets.is_empty()));
                    }
                    How::Search => assert!(r.steps.is_empty()),
                    other => panic!("{other:?}"),
                }
                seen.insert(r.how.name());
            }
        }
        assert_eq!(
            seen.into_iter().collect::<Vec<_>>(),
            ["no-solution", "propagation", "refutation", "search"]
        );
    }

    #[test]
    fn the_literals_read_as_cells_and_values() {
        let puzzle = parse_str(
            "moves = \"rook\"\ngrid = \"1 2 .\\n. . .\\n. . 9\"\n",
            Format::Toml,
        )
        .unwrap();
        let r = explain(&puzzle, 5, &textbook()).unwrap();
        assert_eq!((r.how, r.value), (How::Refutation, 4));
        let last = r.steps.last().unwrap();
        assert_eq!(
            (last.clause.as_str(), last.family),
            ("(1,2)≠6 ∨ (0,2)=5 ∨ (1,1)=5 ∨ (2,2)=5", "predecessor")
        );
        assert_eq!((r.variables, r.clauses), (81, 813));
    }
}
