#![warn(missing_docs)]
//! # pathsat-generate
//!
//! Making puzzles whose solution is unique, proved by the solver, with few givens:
//!
//! 1. a random solution of the template ([`walk`]: backbite moves on a blank board; solver calls
//!    under random assumed values when the template pins cells down), or with
//!    [`Options::uniform`] one drawn exactly uniformly ([`pathsat_count::sample`]);
//! 2. optionally, marks on every cell whose value is in a class (the primes of a rook's tour);
//! 3. givens chosen with one incremental solver under assumptions until no other filling
//!    exists, then pruned until each one is needed ([`givens`]); for an easy or medium puzzle,
//!    until the deduction solver still finishes it alone ([`deduce`]);
//! 4. the proof, on the finished puzzle, by a fresh solver: the first solution is the chosen one,
//!    and after the clause that blocks it there is none (with `certify`, a certified run: CaDiCaL's
//!    DRAT proof for the caller's certificate, or varisat's proof, checked; `prove`);
//! 5. a grade: how far human-style deduction gets, and how much the solver had to learn.
//!
//! Trail puzzles get labels instead of givens ([`trail`]). The same seed gives the same puzzle on
//! every machine: all randomness comes from one ChaCha8 stream, and varisat is deterministic.
//! `encodings/generate.md` explains the method, the grade and the figures measured.
//!
//! ```rust
//! use pathsat_generate::{generate, Options};
//! use pathsat_puzzle::{write, Moves, Puzzle};
//!
//! // A blank 5x5 board of king moves, open path: the template to give values on.
//! let template = Puzzle::blank(5, 5, Moves::King, false).unwrap();
//! let made = generate(&template, &Options { seed: 7, ..Options::default() })?;
//! // The puzzle expects exactly its own solution, and no given can go.
//! assert_eq!(made.puzzle.expect().solutions, vec![made.solution.clone()]);
//! assert_eq!(made.puzzle.givens().count(), made.givens);
//! assert!(made.minimal);
//! // The same seed makes the same puzzle.
//! let again = generate(&template, &Options { seed: 7, ..Options::default() })?;
//! assert_eq!(write::to_toml(&again.puzzle, &[]), write::to_toml(&made.puzzle, &[]));
//! println!("{} givens, {:?}", made.givens, made.grade.level);
//! # Ok::<(), pathsat_generate::GenerateError>(())
//! ```

pub mod deduce;
pub mod givens;
mod prove;
pub mod trail;
pub mod walk;

pub use deduce::{Deduction, Level};

use pathsat_bigcount::BigCount;
use pathsat_encode::PositionOptions;
use pathsat_puzzle::{CellRule, Expect, Filling, Mark, Puzzle, ValueClass};
use pathsat_solver::{
    Assumed, AssumingSolver, Budget, Certificate, PuzzleSolver, SolveError, SolveOptions, Stopped,
};
pub(crate) use prove::prove;
use rand::rngs::ChaCha8Rng;
use rand::{Rng, RngExt, SeedableRng};
use serde::Serialize;
use std::time::Duration;
use web_time::Instant;

/// How many givens to leave.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Givens {
    /// Locally minimal: removing any one given admits a second solution.
    #[default]
    Minimal,
    /// Exactly this many (givens of the template and kept ends included).
    Exactly(usize),
}

/// What to make.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The seed of all randomness: the same seed, template and options give the same puzzle.
    pub seed: u64,
    /// How many givens to leave: locally minimal (the default) or exactly a number.
    pub givens: Givens,
    /// Give 1 and N (the two ends of the path) whatever else is given.
    pub keep_ends: bool,
    /// Mark every cell whose value is in this class (and find the givens on top).
    pub mark: Option<ValueClass>,
    /// Ask for this grade (see [`Level`]); without it the givens are minimal and the grade is
    /// whatever it comes out.
    pub difficulty: Option<Level>,
    /// Have varisat's proof checker confirm the proof of uniqueness.
    pub certify: bool,
    /// When to stop: with [`GenerateError::Stopped`] ([`Stopped::Timeout`]) past its deadline,
    /// ([`Stopped::Cancelled`]) when a cancel flag is raised (Ctrl-C in Python, a web client
    /// that went away), inside a solver call too.
    pub budget: Budget,
    /// Trail puzzles: the largest label (labels are drawn from 1 to it); 0 takes the default,
    /// [`trail::DEFAULT_MAX_LABEL`] or the trail's length if larger.
    pub max_label: u32,
    /// Start from a solution drawn exactly uniformly ([`pathsat_count::sample`]) instead of the
    /// walk's: every solution of the template is then equally likely to be the puzzle's.
    pub uniform: bool,
}

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle, with `[expect] count = 1` and its solution: an ordinary puzzle file.
    pub puzzle: Puzzle,
    /// The puzzle's one solution: the one the generator chose, proved unique.
    pub solution: Filling,
    /// The seed it was made from ([`Options::seed`]).
    pub seed: u64,
    /// Cells given (the template's givens included); 0 for a trail puzzle.
    pub givens: usize,
    /// Cells marked by [`Options::mark`].
    pub marked: usize,
    /// Whether every given is needed (false when the deadline stopped the removing, or with
    /// [`Givens::Exactly`] above the minimum).
    pub minimal: bool,
    /// How hard the puzzle is.
    pub grade: Grade,
    /// varisat's checker's confirmation, with [`Options::certify`] in a build without CaDiCaL.
    pub certificate: Option<Certificate>,
    /// With [`Options::certify`] and CaDiCaL: the proof of uniqueness, recorded for a
    /// certificate the caller writes and checks (`pathsat-api`'s `certificate` module).
    pub recorded: Option<pathsat_solver::certificate::RecordedSlot>,
    /// Solutions tried before one made the puzzle asked for (1 when the first did).
    pub attempts: u32,
    /// Solver calls spent choosing givens or labels (the proof's own calls not included).
    pub solver_calls: u64,
    /// The time the whole generation took, every attempt and the proof included.
    pub time: Duration,
}

/// How hard a puzzle is: the grade, what deduction achieves alone, and the solver's effort.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Grade {
    /// `None` for a trail puzzle, graded by the solver's effort alone.
    pub level: Option<Level>,
    /// Values to place (the cells not given).
    pub to_place: usize,
    /// Placed by the easy rules alone.
    pub placed_easy: usize,
    /// Placed by the easy and medium rules together.
    pub placed: usize,
    /// Passes of the medium rules that placed something.
    pub rounds: usize,
    /// Clauses the solver learned proving the solution unique (about one per conflict), the
    /// same on every machine.
    pub solver_learned: u64,
}

/// Why no puzzle was made. The messages name no command-line flag: each front end adds its own
/// words for what to change (`pathsat-words` for the CLI and the web API).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The template is a graph: it has no board cells to put givens on.
    #[error("generate makes board puzzles; a graph has no board cells to give values on")]
    Graph,
    /// The template has no solution at all.
    #[error("the template has no solution, so no puzzle can be made from it")]
    NoSolution,
    /// More givens asked for than the board has cells.
    #[error("{givens} givens are more than the {cells} cells of the board")]
    TooManyGivens {
        /// The givens asked for ([`Givens::Exactly`]).
        givens: usize,
        /// The cells of the board.
        cells: usize,
    },
    /// Every letter is taken by the template's marks: none is left for the new one.
    #[error("the template uses every mark letter")]
    NoMarkLetter,
    /// The marked template is not a valid puzzle.
    #[error("cannot mark the cells: {0}")]
    Unmarkable(pathsat_puzzle::ModelError),
    /// A grade, marks or kept ends asked of a trail puzzle, whose clues are its labels.
    #[error(
        "a trail puzzle's clues are its labels: a grade, marks and kept ends apply to boards to \
         fill"
    )]
    TrailClues,
    /// A trail longer than the board has cells.
    #[error("a trail of {length} cells does not fit on a board of {cells}")]
    TrailTooLong {
        /// The trail's length, in cells.
        length: usize,
        /// The cells of the board.
        cells: usize,
    },
    /// Distinct labels on a trail longer than the largest label.
    #[error("{length} different labels need labels up to {length} at least (not {max_label})")]
    TooFewLabels {
        /// The trail's length, in cells: as many different labels are needed.
        length: usize,
        /// The largest label allowed ([`Options::max_label`]).
        max_label: u32,
    },
    /// The labels drawn do not make a valid trail puzzle (a bug in the generator).
    #[error("internal error, please report: the labels drawn make no trail puzzle: {0}")]
    Labelling(String),
    /// No solution could be drawn uniformly ([`Options::uniform`]): too many to enumerate where
    /// the frontier program does not apply, or the sample failed.
    #[error("no uniform solution: {0}")]
    Uniform(String),
    /// A solver call failed, or the template could not be encoded. (A call stopped by the
    /// deadline or the cancel flag is reported as [`Stopped`](Self::Stopped) instead.)
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// No labels tried left exactly one trail.
    #[error(
        "cannot reach uniqueness: no labels up to {max_label} left exactly one trail of {length} \
         cells, over {tried} trails drawn"
    )]
    NoUniqueTrail {
        /// The largest label drawn.
        max_label: u32,
        /// The trail's length, in cells.
        length: usize,
        /// The trails drawn.
        tried: u32,
    },
    /// No solution tried gave the puzzle asked for.
    #[error(
        "no solution of {tried} tried gave {sought} (they gave: {})",
        .outcomes.join(", ")
    )]
    Unreached {
        /// The solutions tried ([`MAX_ATTEMPTS`]).
        tried: u32,
        /// The puzzle asked for.
        sought: Sought,
        /// What each solution gave instead (grades, numbers of givens).
        outcomes: Vec<String>,
    },
    /// The budget ([`Options::budget`]) stopped the run before a puzzle was ready: its
    /// deadline passed ([`Stopped::Timeout`]) or its cancel was raised ([`Stopped::Cancelled`]).
    #[error("{}", stopped_words(*.0))]
    Stopped(Stopped),
    /// A bug: the proof of the finished puzzle disagrees with the generator.
    #[error("internal error, please report: {0}")]
    Internal(String),
}

/// The puzzle a generation looked for, as [`GenerateError::Unreached`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sought {
    /// A puzzle of this grade.
    Level(Level),
    /// A puzzle with this many givens.
    Givens(usize),
    /// Any puzzle.
    Any,
}

impl std::fmt::Display for Sought {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Sought::Level(level) => write!(f, "a {level} puzzle"),
            Sought::Givens(k) => write!(f, "a puzzle with {k} givens"),
            Sought::Any => f.write_str("a puzzle"),
        }
    }
}

/// The error of a run `budget` stopped: cancelled or out of time.
pub(crate) fn stopped(budget: &Budget) -> GenerateError {
    match budget.must_stop() {
        Some(Stopped::Cancelled) => GenerateError::Stopped(Stopped::Cancelled),
        // A flag lowered again since (nothing lowers them): out of time is all it can be.
        _ => GenerateError::Stopped(Stopped::Timeout),
    }
}

/// Why no puzzle is ready, in words.
fn stopped_words(why: Stopped) -> String {
    match why {
        Stopped::Cancelled => "cancelled before a puzzle was ready".to_string(),
        Stopped::Timeout => "the time limit passed before a puzzle was ready".to_string(),
        other => format!("stopped ({}) before a puzzle was ready", other.name()),
    }
}

/// Solutions tried for a grade or a number of givens before giving up.
pub const MAX_ATTEMPTS: u32 = 12;

/// Solver calls under random assumed values that randomise a template's solution.
const PERTURBATIONS: usize = 8;

/// Makes one puzzle from `template` (its board, moves, holes, marks and givens are kept).
///
/// # Errors
/// A [`GenerateError`]: a graph template, a template without solution or too large to encode,
/// options that contradict the template, a grade or number of givens not reached in
/// [`MAX_ATTEMPTS`] solutions, the deadline.
pub fn generate(template: &Puzzle, options: &Options) -> Result<Generated, GenerateError> {
    generate_until(template, options).map_err(|e| match e {
        // A solver call stopped by the deadline or the cancel flag.
        GenerateError::Solve(SolveError::Interrupted) => stopped(&options.budget),
        e => e,
    })
}

fn generate_until(template: &Puzzle, options: &Options) -> Result<Generated, GenerateError> {
    let start = Instant::now();
    if template.is_graph() {
        return Err(GenerateError::Graph);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    if template.trail().is_some() {
        return trail::generate(template, options, &mut rng, start);
    }
    let n = template.n_cells();
    if let Givens::Exactly(k) = options.givens {
        if k > n {
            return Err(GenerateError::TooManyGivens {
                givens: k,
                cells: n,
            });
        }
    }
    let mut outcomes: Vec<String> = Vec::new();
    for attempt in 1..=MAX_ATTEMPTS {
        let (solution, mut calls) = if options.uniform {
            (uniform_solution(template, &mut rng, &options.budget)?, 0)
        } else {
            random_solution(template, &mut rng, &options.budget)?
        };
        let (base, marked) = match &options.mark {
            Some(class) => with_mark(template, &solution, class)?,
            None => (template.clone(), 0),
        };
        let (cells, more_calls, minimal) = choose_givens(&base, &solution, options, &mut rng)?;
        calls += more_calls;
        if let Givens::Exactly(k) = options.givens {
            let have = cells.len() + template.givens().count();
            if have > k {
                outcomes.push(format!("{have} givens"));
                continue;
            }
        }
        let before = cells.len();
        let cells = top_up(&base, cells, options, &mut rng);
        let minimal = minimal && cells.len() == before;
        let puzzle = finished(&base, &solution, &cells, options.seed)?;
        let proof = prove(&puzzle, &solution, options.certify)?;
        let grade = grade(&puzzle, proof.learned)?;
        if let Some(wanted) = options.difficulty {
            if grade.level != Some(wanted) {
                outcomes.extend(grade.level.map(|l| l.to_string()));
                continue;
            }
        }
        return Ok(Generated {
            givens: puzzle.givens().count(),
            puzzle,
            solution,
            seed: options.seed,
            marked,
            minimal,
            grade,
            certificate: proof.certificate,
            recorded: proof.recorded,
            attempts: attempt,
            solver_calls: calls,
            time: start.elapsed(),
        });
    }
    let sought = match (options.difficulty, options.givens) {
        (Some(level), _) => Sought::Level(level),
        (None, Givens::Exactly(k)) => Sought::Givens(k),
        (None, Givens::Minimal) => Sought::Any,
    };
    Err(GenerateError::Unreached {
        tried: MAX_ATTEMPTS,
        sought,
        outcomes,
    })
}

/// A solution of the template drawn exactly uniformly, with a seed from `rng`: by the frontier
/// program's tables, or by enumerating every solution where it does not apply.
fn uniform_solution(
    template: &Puzzle,
    rng: &mut ChaCha8Rng,
    until: &Budget,
) -> Result<Filling, GenerateError> {
    let options = pathsat_count::SampleOptions {
        n: 1,
        seed: rng.next_u64(),
        count: pathsat_count::CountOptions {
            budget: until.clone(),
            ..pathsat_count::CountOptions::default()
        },
        ..pathsat_count::SampleOptions::default()
    };
    let sampled = pathsat_count::sample(template, &options, &|_| {}).map_err(|e| match e {
        pathsat_count::SampleError::Solve(e) => GenerateError::Solve(e),
        pathsat_count::SampleError::Stopped { stopped, .. } => GenerateError::Stopped(stopped),
        e => GenerateError::Uniform(e.to_string()),
    })?;
    sampled
        .samples
        .into_iter()
        .next()
        .ok_or(GenerateError::NoSolution)
}

/// A random solution of the template, and the solver calls it took.
fn random_solution(
    template: &Puzzle,
    rng: &mut ChaCha8Rng,
    until: &Budget,
) -> Result<(Filling, u64), GenerateError> {
    if walk::applies(template) {
        // Any solution will do to start the walk: the default encoding finds one fastest.
        let mut solver = PuzzleSolver::within(template, &SolveOptions::default(), until)?;
        let first = solver.next_solution()?.ok_or(GenerateError::NoSolution)?;
        return Ok((
            walk::backbite(template, &first, rng),
            solver.stats().solve_calls,
        ));
    }
    let mut solver = AssumingSolver::new(template, &PositionOptions::default())?;
    solver.set_budget(until.clone());
    let Assumed::Filling(first) = solver.solve_with(&[])? else {
        return Err(GenerateError::NoSolution);
    };
    // Cells pinned down: move to solutions with random values assumed on free cells.
    let n = template.n_cells();
    let free: Vec<usize> = (0..n)
        .filter(|&c| !matches!(template.rule(c), CellRule::Given(_)))
        .collect();
    let mut current = first;
    if !free.is_empty() {
        for _ in 0..PERTURBATIONS {
            let cell = free[rng.random_range(0..free.len())];
            let value = rng.random_range(1..=n as u32);
            if current.value(cell) == value || !template.allows(cell, value) {
                continue;
            }
            if let Assumed::Filling(f) = solver.solve_with(&[(cell, value)])? {
                current = f;
            }
        }
    }
    Ok((current, solver.calls()))
}

/// The template with every free cell whose value is in `class` marked, and how many.
fn with_mark(
    template: &Puzzle,
    solution: &Filling,
    class: &ValueClass,
) -> Result<(Puzzle, usize), GenerateError> {
    let mut marks: Vec<Mark> = template.marks().to_vec();
    let index = match marks.iter().position(|m| m.class == *class) {
        Some(i) => i,
        None => {
            let wanted = class_letter(class);
            let taken = |l: &str| marks.iter().any(|m| m.letter == l);
            let letter = std::iter::once(wanted)
                .chain(('A'..='Z').map(String::from))
                .find(|l| !taken(l))
                .ok_or(GenerateError::NoMarkLetter)?;
            marks.push(Mark {
                letter,
                class: class.clone(),
            });
            marks.len() - 1
        }
    };
    let mut marked = 0;
    let rules: Vec<CellRule> = template
        .rules()
        .iter()
        .enumerate()
        .map(|(cell, rule)| match rule {
            CellRule::Free if class.contains(solution.value(cell)) => {
                marked += 1;
                CellRule::Marked(index)
            }
            rule => rule.clone(),
        })
        .collect();
    let puzzle = Puzzle::new(
        template.name(),
        template.board().clone(),
        template.moves().clone(),
        template.is_closed(),
        rules,
        marks,
        Expect::default(),
    )
    .map_err(GenerateError::Unmarkable)?;
    Ok((puzzle, marked))
}

/// The letter of a mark for `class`: its initial (P for primes).
fn class_letter(class: &ValueClass) -> String {
    match class {
        ValueClass::Primes => "P",
        ValueClass::Squares => "S",
        ValueClass::Even => "E",
        ValueClass::Odd => "O",
        ValueClass::List(_) => "L",
    }
    .to_string()
}

/// The cells to give (beyond the template's own givens), and the solver calls spent.
fn choose_givens(
    base: &Puzzle,
    solution: &Filling,
    options: &Options,
    rng: &mut ChaCha8Rng,
) -> Result<(Vec<usize>, u64, bool), GenerateError> {
    let given_already = |c: &usize| matches!(base.rule(*c), CellRule::Given(_));
    let mut required: Vec<usize> = Vec::new();
    if options.keep_ends {
        let order = solution.order();
        for cell in [order[0], order[order.len() - 1]] {
            if !given_already(&cell) && !required.contains(&cell) {
                required.push(cell);
            }
        }
    }
    let mut oracle = AssumingSolver::new(base, &PositionOptions::default())?;
    oracle.set_budget(options.budget.clone());
    oracle.exclude(solution);
    let level = match options.difficulty {
        Some(level @ (Level::Easy | Level::Medium)) => level,
        _ => {
            let chosen = givens::unique_givens(
                &mut oracle,
                solution,
                &required,
                true,
                rng,
                &options.budget,
            )?;
            return Ok((chosen.cells, chosen.calls, chosen.minimal));
        }
    };
    // Easy and medium: unique first, then enough givens for deduction at that level to finish,
    // then as few as keep it finishing.
    let unique = givens::unique_givens(
        &mut oracle,
        solution,
        &required,
        false,
        rng,
        &options.budget,
    )?;
    let solves = |cells: &[usize]| -> bool {
        given(base, solution, cells).is_some_and(|p| deduce::solves_within(&p, level))
    };
    let mut extra: Vec<usize> = (0..base.n_cells())
        .filter(|c| !given_already(c) && !unique.cells.contains(c))
        .collect();
    rand::seq::SliceRandom::shuffle(&mut extra[..], rng);
    // The shortest prefix of `extra` that lets deduction finish (deduction only gains from more
    // givens): a binary search.
    let with_prefix = |k: usize| -> Vec<usize> {
        let mut cells = unique.cells.clone();
        cells.extend_from_slice(&extra[..k]);
        cells
    };
    let (mut low, mut high) = (0, extra.len());
    if !solves(&with_prefix(low)) {
        while high - low > 1 {
            givens::check(&options.budget)?;
            let mid = (low + high) / 2;
            if solves(&with_prefix(mid)) {
                high = mid;
            } else {
                low = mid;
            }
        }
    } else {
        high = 0;
    }
    let (cells, minimal) =
        givens::minimal_for(with_prefix(high), &required, rng, &options.budget, solves);
    Ok((cells, unique.calls, minimal))
}

/// With [`Givens::Exactly`], more cells of the solution given until there are as many as asked.
fn top_up(
    base: &Puzzle,
    mut cells: Vec<usize>,
    options: &Options,
    rng: &mut ChaCha8Rng,
) -> Vec<usize> {
    let Givens::Exactly(k) = options.givens else {
        return cells;
    };
    let already = base.givens().count();
    let mut others: Vec<usize> = (0..base.n_cells())
        .filter(|c| !cells.contains(c) && !matches!(base.rule(*c), CellRule::Given(_)))
        .collect();
    rand::seq::SliceRandom::shuffle(&mut others[..], rng);
    let missing = k.saturating_sub(already + cells.len());
    cells.extend(others.into_iter().take(missing));
    cells.sort_unstable();
    cells
}

/// `base` with the solution's values given on `cells`.
fn given(base: &Puzzle, solution: &Filling, cells: &[usize]) -> Option<Puzzle> {
    let pairs: Vec<(usize, u32)> = cells.iter().map(|&c| (c, solution.value(c))).collect();
    base.with_givens(&pairs)
}

/// The finished puzzle: givens on `cells`, named after the seed, its answer expected.
fn finished(
    base: &Puzzle,
    solution: &Filling,
    cells: &[usize],
    seed: u64,
) -> Result<Puzzle, GenerateError> {
    let puzzle = given(base, solution, cells)
        .ok_or_else(|| GenerateError::Internal("a chosen given contradicts its cell".into()))?;
    let name = format!("{}-seed-{seed}", base.name());
    Ok(rename(puzzle, name).with_expect(Expect {
        count: Some(BigCount::from(1u64)),
        sat: None,
        solutions: vec![solution.clone()],
    }))
}

/// The puzzle under another name.
pub(crate) fn rename(puzzle: Puzzle, name: String) -> Puzzle {
    let expect = puzzle.expect().clone();
    let renamed = Puzzle::new(
        name,
        puzzle.board().clone(),
        puzzle.moves().clone(),
        puzzle.is_closed(),
        puzzle.rules().to_vec(),
        puzzle.marks().to_vec(),
        expect,
    )
    .expect("the same parts make the same valid puzzle");
    match puzzle.trail() {
        Some(trail) => renamed
            .with_trail(trail.clone())
            .expect("the same trail fits the same board"),
        None => renamed,
    }
}

/// The grade of a finished puzzle.
fn grade(puzzle: &Puzzle, learned: u64) -> Result<Grade, GenerateError> {
    let d = deduce::deduce(puzzle)
        .ok_or_else(|| GenerateError::Internal("a board puzzle was not graded".into()))?;
    Ok(Grade {
        level: Some(d.level),
        to_place: d.to_place,
        placed_easy: d.placed_easy,
        placed: d.placed,
        rounds: d.rounds,
        solver_learned: learned,
    })
}
