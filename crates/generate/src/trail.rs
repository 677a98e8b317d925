//! # Trail puzzles
//!
//! A trail puzzle's clues are its labels: a board of numbers and "find the path of L cells
//! whose numbers add up to S". The generator draws random labels and a random trail T (a
//! self-avoiding random walk), sets S to T's sum, and asks the solver for a second trail with
//! that length and sum. While there is one, T' say, it changes the label of a cell of T' that
//! is not on T: T's sum stays, T''s changes. Each round ends one rival; when the solver finds T
//! alone and then proves there is nothing else, the puzzle is unique. A rival on exactly T's
//! cells (T's reverse order, on a closed trail) cannot be told apart by labels: a new T is
//! drawn then.

use crate::{givens::check, prove, rename, GenerateError, Generated, Grade, Options};
use pathsat_bigcount::BigCount;
use pathsat_encode::{EncodingChoice, EncodingOptions};
use pathsat_puzzle::{canonical_trail, CellRule, Expect, Filling, Puzzle, Trail};
use pathsat_solver::{PuzzleSolver, SolveOptions, Stopped};
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::RngExt;
use web_time::Instant;

/// The largest label when none is asked for (the labels of "100 and 13" go up to 15).
pub const DEFAULT_MAX_LABEL: u32 = 15;

/// Trails drawn before giving up.
const MAX_TRAILS: u32 = 20;

/// Labels changed for one trail before drawing another.
const MAX_ROUNDS: u32 = 200;

/// Random walks tried to draw one trail.
const MAX_WALKS: u32 = 10_000;

/// A trail puzzle on `template`'s board with its trail's length, closedness and distinctness,
/// and new labels.
pub(crate) fn generate(
    template: &Puzzle,
    options: &Options,
    rng: &mut ChaCha8Rng,
    start: Instant,
) -> Result<Generated, GenerateError> {
    let rules = template.trail().expect("a trail template");
    let (n, length, distinct) = (template.n_cells(), rules.length(), rules.distinct());
    if options.difficulty.is_some() || options.mark.is_some() || options.keep_ends {
        return Err(GenerateError::TrailClues);
    }
    if length > n {
        return Err(GenerateError::TrailTooLong { length, cells: n });
    }
    let max_label = match options.max_label {
        0 => DEFAULT_MAX_LABEL.max(length as u32),
        m => m,
    };
    if distinct && (max_label as usize) < length {
        return Err(GenerateError::TooFewLabels { length, max_label });
    }
    let mut calls = 0;
    for attempt in 1..=MAX_TRAILS {
        check(&options.budget)?;
        let Some(target) = random_trail(template, length, rng) else {
            continue;
        };
        let on_trail: Vec<bool> = target.values().iter().map(|&v| v != 0).collect();
        let mut labels: Vec<u32> = (0..n).map(|_| rng.random_range(1..=max_label)).collect();
        if distinct {
            let mut pool: Vec<u32> = (1..=max_label).collect();
            pool.shuffle(rng);
            for (cell, label) in (0..n).filter(|&c| on_trail[c]).zip(pool) {
                labels[cell] = label;
            }
        }
        let sum: u64 = (0..n)
            .filter(|&c| on_trail[c])
            .map(|c| u64::from(labels[c]))
            .sum();
        for _ in 0..MAX_ROUNDS {
            check(&options.budget)?;
            let puzzle = labelled(template, &labels, sum)?;
            let mut solver = PuzzleSolver::within(&puzzle, &position(), &options.budget)?;
            let mut run = solver.fillings().within(&options.budget).limit(Some(2));
            let found: Vec<Filling> = run.by_ref().collect::<Result<_, _>>()?;
            if matches!(run.stopped(), Some(Stopped::Timeout | Stopped::Cancelled)) {
                return Err(crate::stopped(&options.budget));
            }
            calls += solver.stats().solve_calls;
            let Some(rival) = found.iter().find(|f| **f != target) else {
                if found.len() != 1 || !solver.is_exhausted() {
                    return Err(GenerateError::Internal(
                        "the drawn trail is not a solution of its own puzzle".into(),
                    ));
                }
                // The solver borrows the puzzle until it is gone.
                drop(solver);
                return finish(puzzle, target, options, attempt, calls, start);
            };
            let off: Vec<usize> = (0..n)
                .filter(|&c| rival.value(c) != 0 && !on_trail[c])
                .collect();
            if off.is_empty() || max_label < 2 {
                break;
            }
            let cell = off[rng.random_range(0..off.len())];
            let old = labels[cell];
            // Another label, uniformly among the rest.
            let new = rng.random_range(1..max_label);
            labels[cell] = if new >= old { new + 1 } else { new };
        }
    }
    Err(GenerateError::NoUniqueTrail {
        max_label,
        length,
        tried: MAX_TRAILS,
    })
}

fn position() -> SolveOptions {
    SolveOptions {
        encoding: EncodingOptions {
            choice: EncodingChoice::Position,
            ..EncodingOptions::default()
        },
        ..SolveOptions::default()
    }
}

/// The template's board with these labels and this sum.
fn labelled(template: &Puzzle, labels: &[u32], sum: u64) -> Result<Puzzle, GenerateError> {
    let rules = template.trail().expect("a trail template");
    let trail = Trail::new(labels.to_vec(), rules.length(), Some(sum), rules.distinct())
        .map_err(|e| GenerateError::Labelling(e.to_string()))?;
    Puzzle::new(
        template.name(),
        template.board().clone(),
        template.moves().clone(),
        template.is_closed(),
        vec![CellRule::Free; template.n_cells()],
        vec![],
        Expect::default(),
    )
    .and_then(|p| p.with_trail(trail))
    .map_err(|e| GenerateError::Labelling(e.to_string()))
}

/// A random trail of `length` cells (a closed one ends a move from its start), in its canonical
/// direction; `None` when the random walks all got stuck.
fn random_trail(template: &Puzzle, length: usize, rng: &mut ChaCha8Rng) -> Option<Filling> {
    let n = template.n_cells();
    let closed = template.is_closed();
    let mut values = vec![0u32; n];
    for _ in 0..MAX_WALKS {
        values.iter_mut().for_each(|v| *v = 0);
        let mut at = rng.random_range(0..n);
        values[at] = 1;
        let first = at;
        let mut steps = 1;
        while steps < length {
            let free: Vec<usize> = template
                .successors(at)
                .iter()
                .copied()
                .filter(|&c| values[c] == 0)
                .collect();
            if free.is_empty() {
                break;
            }
            at = free[rng.random_range(0..free.len())];
            steps += 1;
            values[at] = steps as u32;
        }
        if steps == length && (!closed || template.step_allowed(at, first)) {
            return Some(canonical_trail(&Filling::from_values(values), closed));
        }
    }
    None
}

fn finish(
    puzzle: Puzzle,
    solution: Filling,
    options: &Options,
    attempts: u32,
    solver_calls: u64,
    start: Instant,
) -> Result<Generated, GenerateError> {
    let name = format!("{}-seed-{}", puzzle.name(), options.seed);
    let puzzle = rename(puzzle, name).with_expect(Expect {
        count: Some(BigCount::from(1u64)),
        sat: None,
        solutions: vec![solution.clone()],
    });
    let proof = prove(&puzzle, &solution, options.certify)?;
    Ok(Generated {
        puzzle,
        solution,
        seed: options.seed,
        givens: 0,
        marked: 0,
        minimal: true,
        grade: Grade {
            level: None,
            to_place: 0,
            placed_easy: 0,
            placed: 0,
            rounds: 0,
            solver_learned: proof.learned,
        },
        certificate: proof.certificate,
        recorded: proof.recorded,
        attempts,
        solver_calls,
        time: start.elapsed(),
    })
}
