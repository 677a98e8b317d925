//! # Human-style deduction
//!
//! Grades a puzzle by how far a person with a pencil gets by deduction alone, without guessing.
//!
//! - [`Level::Easy`]: every number follows from the numbers already written next to it: a
//!   number whose successor has only one free cell next to it, a free cell that only one
//!   missing number can take, a missing number that fits only one free cell.
//! - [`Level::Medium`]: the easy steps stall, but counting distances between the numbers
//!   written (a run of k missing numbers must fit in a path of k cells between them) and
//!   eliminating candidates over several cells at once (pencil marks) finishes the board.
//! - [`Level::Hard`]: deduction of this kind stalls; what is left needs trial and error (or
//!   the puzzle has no solution).
//!
//! The rules (all sound: whatever they place is in every solution):
//!
//! - easy, on the numbers placed: E1 forced neighbour (v is placed and v + 1, or v - 1, fits
//!   one empty cell around it), E2 a cell that one missing number fits, E3 a missing number
//!   that fits one cell; "fits" looks only at the numbers next to it (placed: a move away;
//!   missing: an empty cell to go to). Run to a fixpoint.
//! - medium, on candidate sets (pencil marks) per empty cell, interleaved with the easy rules:
//!   M1 distances (v lies within v - a moves of the placed a below it and b - v moves of the
//!   placed b above it, through empty cells), M2 support (v needs v - 1 as a candidate of, or
//!   placed on, a neighbour before it and v + 1 on another neighbour after it), M3 singles (a
//!   cell with one candidate, a number with one cell).
//!
//! A contradiction (the puzzle has no solution) ends the deduction with what was placed so
//! far, graded Hard.
//!
//! This file grades: it runs the rules and says how far they got. The board as deduced so
//! far is in the private module `state`, the easy rules in `easy`, the medium rules in
//! `medium`, the bitsets of values they share in `bits`; [`hint`] finds the next single
//! deduction, in words.

use pathsat_puzzle::{Filling, Puzzle};
use state::State;

mod bits;
mod easy;
pub mod hint;
mod medium;
mod state;

/// The three grades, easiest first: `--difficulty`, `"difficulty"` and `difficulty=` take
/// their names (strum; clap's `ValueEnum` with the feature `clap`).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    strum::EnumString,
    strum::Display,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Level {
    /// Every number follows from the numbers already written next to it.
    Easy,
    /// Needs counting distances and eliminating candidates (pencil marks).
    Medium,
    /// Deduction stalls: trial and error.
    Hard,
}

/// How far deduction gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// Easy: the easy rules alone place every value; Medium: easy and medium rules do; Hard:
    /// they stall (or meet a contradiction).
    pub level: Level,
    /// The values not given at the start.
    pub to_place: usize,
    /// The values placed by the easy rules alone, run to a fixpoint from the givens.
    pub placed_easy: usize,
    /// The values placed by the easy and medium rules together (to a fixpoint).
    pub placed: usize,
    /// The passes of the medium rules that placed something (0 for Easy): a measure of depth.
    pub rounds: usize,
    /// The full filling, when deduction completed it (and it is a solution).
    pub filling: Option<Filling>,
}

/// Deduces as far as the easy and medium rules go. `None` for a trail puzzle.
pub fn deduce(puzzle: &Puzzle) -> Option<Deduction> {
    run(puzzle, Level::Hard).map(|outcome| outcome.deduction)
}

/// Whether deduction with the rules up to `max` completes the puzzle, i.e. whether
/// `deduce(puzzle)` grades it `max` or easier; stops early (an `Easy` check never starts the
/// medium rules). Every puzzle but a trail puzzle is within `Hard`.
pub fn solves_within(puzzle: &Puzzle, max: Level) -> bool {
    if max == Level::Hard {
        return puzzle.trail().is_none();
    }
    run(puzzle, max).is_some_and(|outcome| outcome.deduction.level <= max)
}

/// A deduction and the values placed (0 on a cell left empty).
struct Outcome {
    deduction: Deduction,
    #[cfg_attr(not(test), allow(dead_code))]
    values: Vec<u32>,
}

/// The puzzle has no solution with the values placed so far.
struct Contradiction;

type Step<T> = Result<T, Contradiction>;

/// No cell (of a value not placed), no value (of an empty bitset).
const NONE: usize = usize::MAX;

/// Deduces with the rules up to `max` (`Easy` skips the medium rules).
fn run(puzzle: &Puzzle, max: Level) -> Option<Outcome> {
    if puzzle.trail().is_some() {
        return None;
    }
    let mut state = State::new(puzzle);
    let givens = puzzle.givens().count();
    let to_place = state.n - givens;
    let mut rounds = 0;
    let mut placed_easy = 0;
    let level = (|| -> Step<Level> {
        for (cell, value) in puzzle.givens() {
            state.place(cell, value)?;
        }
        let easy = state.easy();
        placed_easy = state.placed.saturating_sub(givens);
        easy?;
        if state.complete() {
            return Ok(Level::Easy);
        }
        if max == Level::Easy {
            return Ok(Level::Hard);
        }
        state.start_domains();
        loop {
            state.distances()?;
            state.support()?;
            if !state.singles()? {
                return Ok(Level::Hard);
            }
            rounds += 1;
            state.easy()?;
            if state.complete() {
                return Ok(Level::Medium);
            }
        }
    })()
    .unwrap_or(Level::Hard);
    // Givens that contradict each other can still fill every cell: only a solution counts.
    let filling = Filling::from_values(state.values.clone());
    let solved = state.complete() && pathsat_puzzle::verify(puzzle, &filling).is_ok();
    let level = if solved { level } else { Level::Hard };
    Some(Outcome {
        deduction: Deduction {
            level,
            to_place,
            placed_easy,
            placed: state.placed.saturating_sub(givens),
            rounds: if level == Level::Easy { 0 } else { rounds },
            filling: solved.then_some(filling),
        },
        values: state.values,
    })
}

#[cfg(test)]
mod tests {
    use super::bits::get;
    use super::*;
    use pathsat_puzzle::{brute, parse_file, parse_str, Format, Moves, Pos};
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};
    use std::path::{Path, PathBuf};
    use web_time::Instant;

    fn fixtures() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
    }

    pub(super) fn fixture(name: &str) -> Puzzle {
        parse_file(&fixtures().join(name)).unwrap()
    }

    /// Every filling of `puzzle` (a small one).
    fn all_fillings(puzzle: &Puzzle) -> Vec<Filling> {
        let mut found = Vec::new();
        let count = brute::enumerate(puzzle, Some(500_000), |f| found.push(f.clone()));
        assert!(count.complete, "{} has too many fillings", puzzle.name());
        found
    }

    /// Deduces and checks soundness against `solutions`, every filling of the puzzle: each
    /// value placed is in all of them, and a completed board is the only one.
    fn check(puzzle: &Puzzle, solutions: &[Filling]) -> Deduction {
        let Outcome { deduction, values } = run(puzzle, Level::Hard).unwrap();
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                for s in solutions {
                    assert_eq!(
                        s.value(cell),
                        v,
                        "{}: placed {v} on cell {cell}, a solution has {}",
                        puzzle.name(),
                        s.value(cell)
                    );
                }
            }
        }
        let d = &deduction;
        assert!(d.placed_easy <= d.placed && d.placed <= d.to_place, "{d:?}");
        match d.level {
            Level::Easy => assert!(d.placed_easy == d.to_place && d.rounds == 0),
            Level::Medium => assert!(d.placed == d.to_place && d.placed_easy < d.to_place),
            Level::Hard => assert!(d.filling.is_none()),
        }
        if let Some(filling) = &d.filling {
            assert_eq!(
                solutions,
                std::slice::from_ref(filling),
                "{}",
                puzzle.name()
            );
        }
        for max in [Level::Easy, Level::Medium, Level::Hard] {
            assert_eq!(solves_within(puzzle, max), d.level <= max, "{d:?}");
        }
        deduction
    }

    /// The crate's seeded random source (as the generator's own), for reproducible tests.
    pub(super) fn seeded(seed: u64) -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(seed)
    }

    #[test]
    fn hidato_188_is_deduced_soundly() {
        let puzzle = fixture("seeds/hidato-188.toml");
        let solution = puzzle.expect().solutions[0].clone();
        let start = Instant::now();
        let d = deduce(&puzzle).unwrap();
        let elapsed = start.elapsed();
        let d2 = check(&puzzle, std::slice::from_ref(&solution));
        assert_eq!(d, d2);
        println!("hidato-188: {d:?} in {elapsed:?}");
        assert_eq!(d.to_place, 144 - 64);
        assert_eq!(d.filling, Some(solution));
        // The easy rules stall; distances and candidates over several cells finish it.
        assert_eq!((d.level, d.placed_easy, d.placed), (Level::Medium, 20, 80));
    }

    #[test]
    fn puzzles_with_a_listed_unique_solution() {
        for name in ["seeds/rook-primes-tour.toml", "seeds/hidato-188.toml"] {
            let puzzle = fixture(name);
            assert_eq!(
                puzzle.expect().count.as_ref().map(|c| c.to_string()),
                Some("1".into())
            );
            let d = check(&puzzle, &puzzle.expect().solutions);
            println!("{name}: {d:?}");
        }
    }

    #[test]
    fn small_fixtures_against_all_their_fillings() {
        let mut checked = 0;
        for dir in ["small", "graphs"] {
            let mut paths: Vec<PathBuf> = std::fs::read_dir(fixtures().join(dir))
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            paths.sort();
            for path in paths {
                let Ok(puzzle) = parse_file(&path) else {
                    continue;
                };
                let solutions = all_fillings(&puzzle);
                let d = check(&puzzle, &solutions);
                println!("{}: {} fillings, {d:?}", puzzle.name(), solutions.len());
                checked += 1;
            }
        }
        assert!(checked >= 25, "{checked}");
    }

    /// The bases of the random puzzles: small boards of every kind, with their fillings.
    pub(super) fn bases() -> Vec<(Puzzle, Vec<Filling>)> {
        let blank = |rows, cols, moves: &str, closed| {
            Puzzle::blank(rows, cols, Moves::from_name(moves).unwrap(), closed).unwrap()
        };
        let puzzles = vec![
            blank(3, 4, "rook", false),
            blank(3, 4, "king", false),
            blank(3, 4, "king", true),
            blank(3, 4, "knight", false),
            blank(4, 4, "rook", true),
            blank(1, 5, "rook", false),
            fixture("small/odd-even-marks.toml"),
            fixture("small/custom-directed.toml"),
            fixture("small/rook-holes-closed.toml"),
            fixture("small/wazir-alfil-4x4.toml"),
            fixture("small/camel-4x4-list-mark.toml"),
            fixture("graphs/directed-tour.toml"),
            fixture("graphs/petersen-path.toml"),
        ];
        puzzles
            .into_iter()
            .map(|p| {
                let f = all_fillings(&p);
                (p, f)
            })
            .collect()
    }

    /// `base` with 10% to 70% of the cells of one of its `fillings` given, at random, and the
    /// fillings with those givens.
    pub(super) fn random_givens(
        rng: &mut ChaCha8Rng,
        base: &Puzzle,
        fillings: &[Filling],
    ) -> (Puzzle, Vec<Filling>) {
        let solution = &fillings[rng.random_range(0..fillings.len())];
        let percent = 10 + rng.random_range(0..60);
        let extra: Vec<(usize, u32)> = (0..base.n_cells())
            .filter(|_| rng.random_range(0..100) < percent)
            .map(|cell| (cell, solution.value(cell)))
            .collect();
        let puzzle = base.with_givens(&extra).unwrap();
        let consistent: Vec<Filling> = fillings
            .iter()
            .filter(|f| extra.iter().all(|&(c, v)| f.value(c) == v))
            .cloned()
            .collect();
        (puzzle, consistent)
    }

    /// Puzzles made by giving random cells of a filling: every placement is right, and a
    /// completed board is the unique filling with those givens.
    #[test]
    fn random_givens_of_a_filling_are_deduced_soundly() {
        let mut rng = seeded(188);
        let mut levels = [0usize; 3];
        for (base, fillings) in bases() {
            for _ in 0..150 {
                let (puzzle, consistent) = random_givens(&mut rng, &base, &fillings);
                let d = check(&puzzle, &consistent);
                levels[d.level as usize] += 1;
            }
        }
        println!("easy, medium, hard: {levels:?}");
        // The rules are not idle: many of these puzzles are solved, at each level.
        assert!(levels.iter().all(|&l| l > 50), "{levels:?}");
    }

    /// Random givens, mostly contradictory: no panic, nothing wrong placed.
    #[test]
    fn random_givens_of_no_filling_are_harmless() {
        let mut rng = seeded(7);
        for (base, fillings) in bases() {
            let n = base.n_cells();
            for _ in 0..150 {
                let mut extra: Vec<(usize, u32)> = Vec::new();
                for _ in 0..1 + rng.random_range(0..n) {
                    let (cell, v) = (rng.random_range(0..n), 1 + rng.random_range(0..n) as u32);
                    if extra.iter().all(|&(c, w)| c != cell && w != v)
                        && base.givens().all(|(c, w)| c != cell && w != v)
                    {
                        extra.push((cell, v));
                    }
                }
                let Some(puzzle) = base.with_givens(&extra) else {
                    continue;
                };
                let consistent: Vec<Filling> = fillings
                    .iter()
                    .filter(|f| extra.iter().all(|&(c, v)| f.value(c) == v))
                    .cloned()
                    .collect();
                check(&puzzle, &consistent);
            }
        }
    }

    #[test]
    fn one_cell_missing_is_easy() {
        let mut rng = seeded(3);
        for (base, fillings) in bases() {
            let solution = &fillings[rng.random_range(0..fillings.len())];
            let missing = rng.random_range(0..base.n_cells());
            let extra: Vec<(usize, u32)> = (0..base.n_cells())
                .filter(|&c| c != missing && base.givens().all(|(g, _)| g != c))
                .map(|c| (c, solution.value(c)))
                .collect();
            let puzzle = base.with_givens(&extra).unwrap();
            let d = check(&puzzle, std::slice::from_ref(solution));
            assert_eq!(d.level, Level::Easy, "{}: {d:?}", puzzle.name());
            assert_eq!((d.to_place, d.placed_easy, d.placed), (1, 1, 1));
        }
        let puzzle = fixture("seeds/hidato-188.toml");
        let solution = puzzle.expect().solutions[0].clone();
        let extra: Vec<(usize, u32)> = (1..144).map(|c| (c, solution.value(c))).collect();
        let d = deduce(&puzzle.with_givens(&extra).unwrap()).unwrap();
        assert_eq!(
            (d.level, d.to_place, d.filling),
            (Level::Easy, 1, Some(solution))
        );
    }

    #[test]
    fn no_givens_on_an_open_board_is_hard() {
        for moves in ["king", "rook"] {
            let puzzle = Puzzle::blank(3, 3, Moves::from_name(moves).unwrap(), false).unwrap();
            let d = check(&puzzle, &all_fillings(&puzzle));
            assert_eq!((d.level, d.to_place, d.placed), (Level::Hard, 9, 0));
            assert!(!solves_within(&puzzle, Level::Medium));
        }
        let puzzle = Puzzle::blank(12, 12, Moves::King, false).unwrap();
        let d = deduce(&puzzle).unwrap();
        assert_eq!((d.level, d.placed), (Level::Hard, 0));
        // One cell: nothing to deduce but that.
        let puzzle = Puzzle::blank(1, 1, Moves::King, false).unwrap();
        assert_eq!(deduce(&puzzle).unwrap().level, Level::Easy);
    }

    #[test]
    fn contradictions_are_hard() {
        for name in [
            "small/contradictory-givens.toml",
            "small/rook-3x3-closed.toml",
        ] {
            let d = deduce(&fixture(name)).unwrap();
            assert_eq!((d.level, &d.filling), (Level::Hard, &None), "{name}");
        }
        // Every cell given, but 1 and 2 are not a move apart.
        let puzzle = Puzzle::blank(1, 3, Moves::Rook, false).unwrap();
        let bad = puzzle.with_givens(&[(0, 1), (1, 3), (2, 2)]).unwrap();
        let d = deduce(&bad).unwrap();
        assert_eq!((d.level, d.to_place, d.filling), (Level::Hard, 0, None));
    }

    /// The candidates of each empty cell after the medium rules' first pass (M1, M2).
    fn candidates(puzzle: &Puzzle) -> Vec<Vec<usize>> {
        let mut state = State::new(puzzle);
        for (cell, value) in puzzle.givens() {
            assert!(state.place(cell, value).is_ok());
        }
        state.start_domains();
        assert!(state.distances().is_ok() && state.support().is_ok());
        let w = state.words;
        (0..state.n)
            .map(|y| {
                let d = &state.domains[y * w..(y + 1) * w];
                (1..=state.n).filter(|&v| get(d, v)).collect()
            })
            .collect()
    }

    #[test]
    fn a_dead_end_holds_an_end_of_the_path() {
        // Cell 7 has one neighbour: the value before and the value after it would both need
        // that cell, so it holds 1 or N.
        let text = "moves = \"rook\"\ngrid = \"\"\"\n. . .\n. . .\n# . #\n\"\"\"\n";
        let puzzle = parse_str(text, Format::Toml).unwrap();
        assert_eq!(candidates(&puzzle)[6], vec![1, 7]);
        // With 4 next to the dead end, the dead end holds 3 or 5, and its only neighbour would
        // hold both 2 and 4 (or 4 and 6): no solution, and deduction finds that out.
        let stuck = puzzle.with_givens(&[(4, 4)]).unwrap();
        assert!(all_fillings(&stuck).is_empty());
        assert_eq!(check(&stuck, &[]).level, Level::Hard);
        // On a line with 2 second, the first cell holds 1: 3 there would need 4 next to it.
        let line = Puzzle::blank(1, 4, Moves::Rook, false).unwrap();
        assert_eq!(
            candidates(&line.with_givens(&[(1, 2)]).unwrap())[0],
            vec![1]
        );
        // Givens from a solution: deduction agrees with it.
        let solution = &all_fillings(&puzzle)[0];
        let given = puzzle.with_givens(&[(1, solution.value(1))]).unwrap();
        check(&given, &all_fillings(&given));
    }

    #[test]
    fn distances_bound_the_values_between_givens() {
        // Rook 1x7 with 1 and 7 given at the ends: M1 alone puts each value in its cell.
        let puzzle = Puzzle::blank(1, 7, Moves::Rook, false).unwrap();
        let puzzle = puzzle.with_givens(&[(0, 1), (6, 7)]).unwrap();
        let d = candidates(&puzzle);
        assert_eq!(d[3], vec![4]);
        assert_eq!(d[1], vec![2]);
        // On a 3x3 king board with 1 and 9 given in opposite corners, another corner is two
        // moves from each: 3 to 7.
        let puzzle = Puzzle::blank(3, 3, Moves::King, false).unwrap();
        let puzzle = puzzle.with_givens(&[(0, 1), (8, 9)]).unwrap();
        assert_eq!(candidates(&puzzle)[2], vec![3, 4, 5, 6, 7]);
    }

    #[test]
    fn trail_puzzles_are_refused() {
        let puzzle = fixture("trails/loop-5x5.toml");
        assert!(deduce(&puzzle).is_none());
        assert!(!solves_within(&puzzle, Level::Hard));
    }

    /// A boustrophedon path on a rows x cols board (values along the rows, alternately left to
    /// right and right to left), then `shuffles` random backbite moves: an end of the path
    /// steps to a neighbour and the part of the path beyond that neighbour is reversed.
    fn path(
        rows: usize,
        cols: usize,
        moves: Moves,
        shuffles: usize,
        rng: &mut ChaCha8Rng,
    ) -> Filling {
        let puzzle = Puzzle::blank(rows, cols, moves, false).unwrap();
        let mut order: Vec<usize> = (0..rows)
            .flat_map(|r| {
                (0..cols).map(move |c| Pos::new(r, if r % 2 == 0 { c } else { cols - 1 - c }))
            })
            .map(|pos| puzzle.board().cell_at(pos).unwrap())
            .collect();
        let n = order.len();
        for _ in 0..shuffles {
            if rng.random_range(0..2) == 0 {
                order.reverse();
            }
            let around = puzzle.successors(order[n - 1]);
            let next = around[rng.random_range(0..around.len())];
            let i = order.iter().position(|&c| c == next).unwrap();
            order[i + 1..].reverse();
        }
        let mut values = vec![0; n];
        for (i, &cell) in order.iter().enumerate() {
            values[cell] = i as u32 + 1;
        }
        let filling = Filling::from_values(values);
        assert!(pathsat_puzzle::verify(&puzzle, &filling).is_ok());
        filling
    }

    /// The puzzle on the blank board whose givens are the values v of `solution` with
    /// v % `every` == 1, and N.
    fn every(rows: usize, cols: usize, moves: Moves, solution: &Filling, every: u32) -> Puzzle {
        let puzzle = Puzzle::blank(rows, cols, moves, false).unwrap();
        let n = puzzle.n_cells() as u32;
        let extra: Vec<(usize, u32)> = (0..puzzle.n_cells())
            .map(|c| (c, solution.value(c)))
            .filter(|&(_, v)| v % every == 1 % every || v == n)
            .collect();
        puzzle.with_givens(&extra).unwrap()
    }

    /// Large boards: deduction is fast and sound (placements agree with the path the givens
    /// come from). Run with `--release --nocapture` for the timings.
    #[test]
    fn big_boards_are_deduced_quickly() {
        let mut rng = seeded(2024);
        for (size, moves, shuffles, stride) in [
            (20, Moves::King, 0, 3),
            (20, Moves::King, 8000, 3),
            (20, Moves::King, 8000, 2),
            (20, Moves::Rook, 0, 3),
            (20, Moves::Rook, 8000, 3),
            (30, Moves::King, 0, 3),
            (30, Moves::King, 20000, 3),
            (30, Moves::King, 20000, 2),
        ] {
            let solution = path(size, size, moves.clone(), shuffles, &mut rng);
            let puzzle = every(size, size, moves.clone(), &solution, stride);
            let start = Instant::now();
            let d = deduce(&puzzle).unwrap();
            let elapsed = start.elapsed();
            let start = Instant::now();
            let easy = solves_within(&puzzle, Level::Easy);
            let easy_elapsed = start.elapsed();
            println!(
                "{size}x{size} {moves}, {} path, values 1 mod {stride} given: {:?}, {} of {} \
                 placed ({} easy), {} rounds; {elapsed:?} (easy check {easy_elapsed:?})",
                if shuffles == 0 {
                    "boustrophedon"
                } else {
                    "random"
                },
                d.level,
                d.placed,
                d.to_place,
                d.placed_easy,
                d.rounds,
            );
            assert_eq!(easy, d.level == Level::Easy);
            let Outcome { values, .. } = run(&puzzle, Level::Hard).unwrap();
            for (cell, &v) in values.iter().enumerate() {
                assert!(v == 0 || v == solution.value(cell));
            }
            if let Some(filling) = d.filling {
                assert_eq!(filling, solution);
            }
            // Generous bounds, for loaded machines and debug builds.
            assert!(elapsed.as_millis() < 2000, "{elapsed:?}");
        }
        // The boustrophedon with every third value given has other solutions on king moves
        // (2 and 39 swap places, for one): nothing can be placed.
        let solution = path(20, 20, Moves::King, 0, &mut rng);
        let d = deduce(&every(20, 20, Moves::King, &solution, 3)).unwrap();
        assert_eq!((d.level, d.placed), (Level::Hard, 0));
    }
}
