//! Generated puzzles checked independently: the brute-force counter (no SAT, no shared code
//! with the generator) finds exactly one solution, the generator's, and for every given it
//! chose, the puzzle without that given has a second solution (local minimality).

use pathsat_generate::{generate, GenerateError, Givens, Level, Options};
use pathsat_puzzle::{
    brute, parse_file, write, CellRule, Expect, Moves, Puzzle, Trail, ValueClass,
};
use std::path::PathBuf;

fn fixture(path: &str) -> Puzzle {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    parse_file(&root.join(path)).unwrap()
}

/// The puzzle with the given on `cell` turned back into `rule`.
fn without(puzzle: &Puzzle, cell: usize, rule: CellRule) -> Puzzle {
    let mut rules = puzzle.rules().to_vec();
    rules[cell] = rule;
    Puzzle::new(
        puzzle.name(),
        puzzle.board().clone(),
        puzzle.moves().clone(),
        puzzle.is_closed(),
        rules,
        puzzle.marks().to_vec(),
        Expect::default(),
    )
    .unwrap()
}

/// Unique by brute force, the expected solution, and every chosen given needed.
fn check_unique_and_minimal(template: &Puzzle, options: &Options) {
    let g = generate(template, options).unwrap();
    let p = &g.puzzle;
    let mut found = Vec::new();
    let count = brute::enumerate(p, Some(3), |f| found.push(f.clone()));
    assert_eq!((count.count, count.complete), (1, true), "{}", p.name());
    assert_eq!(found[0], g.solution);
    assert_eq!(p.expect().solutions, vec![g.solution.clone()]);
    let template_givens: Vec<usize> = template.givens().map(|(c, _)| c).collect();
    assert!(g.minimal);
    let n = p.n_cells() as u32;
    for (cell, value) in p.givens() {
        // The template's givens and kept ends are not the generator's to drop.
        if template_givens.contains(&cell) || (options.keep_ends && (value == 1 || value == n)) {
            continue;
        }
        let rule = template.rule(cell).clone();
        let looser = without(p, cell, rule);
        assert!(
            brute::count(&looser, Some(2)).count >= 2,
            "{}: the given on cell {cell} is not needed",
            p.name()
        );
    }
}

#[test]
fn small_boards_are_unique_and_minimal() {
    let templates = vec![
        Puzzle::blank(4, 4, Moves::Rook, false).unwrap(),
        Puzzle::blank(4, 4, Moves::King, false).unwrap(),
        Puzzle::blank(4, 4, Moves::Rook, true).unwrap(),
        Puzzle::blank(3, 5, Moves::King, true).unwrap(),
        Puzzle::blank(4, 5, Moves::Knight, false).unwrap(),
        fixture("small/hidato-holes.toml"),
        fixture("small/wazir-alfil-4x4.toml"),
        fixture("small/king-4x3-givens.toml"),
        fixture("small/odd-even-marks.toml"),
        fixture("small/custom-directed.toml"),
    ];
    for template in &templates {
        for seed in 0..4 {
            check_unique_and_minimal(
                template,
                &Options {
                    seed,
                    ..Options::default()
                },
            );
        }
    }
}

#[test]
fn kept_ends_are_given() {
    let template = Puzzle::blank(4, 4, Moves::King, false).unwrap();
    for seed in 0..3 {
        let options = Options {
            seed,
            keep_ends: true,
            ..Options::default()
        };
        check_unique_and_minimal(&template, &options);
        let g = generate(&template, &options).unwrap();
        let values: Vec<u32> = g.puzzle.givens().map(|(_, v)| v).collect();
        assert!(values.contains(&1) && values.contains(&16), "{values:?}");
    }
}

/// Marks on the primes of a closed rook's tour, givens on top only where needed.
#[test]
fn marked_tours_are_unique() {
    let template = Puzzle::blank(4, 4, Moves::Rook, true).unwrap();
    for seed in 0..4 {
        let options = Options {
            seed,
            mark: Some(ValueClass::Primes),
            ..Options::default()
        };
        let g = generate(&template, &options).unwrap();
        assert_eq!(g.marked, 6, "the primes up to 16");
        assert_eq!(brute::count(&g.puzzle, Some(3)).count, 1);
        check_unique_and_minimal(&template, &options);
    }
}

#[test]
fn trails_have_exactly_one_trail() {
    let blank = Puzzle::blank(4, 4, Moves::Rook, false).unwrap();
    let trail = Trail::new(vec![0; 16], 7, None, true).unwrap();
    let template = blank.with_trail(trail).unwrap();
    for seed in 0..4 {
        let g = generate(
            &template,
            &Options {
                seed,
                ..Options::default()
            },
        )
        .unwrap();
        let mut found = Vec::new();
        let count = brute::enumerate(&g.puzzle, Some(3), |f| found.push(f.clone()));
        assert_eq!((count.count, count.complete), (1, true));
        assert_eq!(found[0], g.solution);
        let t = g.puzzle.trail().unwrap();
        let labels = t.labels_along(&g.solution);
        assert_eq!(
            labels.iter().map(|&l| u64::from(l)).sum::<u64>(),
            t.sum().unwrap()
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    let template = Puzzle::blank(7, 7, Moves::King, false).unwrap();
    let make = |seed| {
        write::to_toml(
            &generate(
                &template,
                &Options {
                    seed,
                    ..Options::default()
                },
            )
            .unwrap()
            .puzzle,
            &[],
        )
    };
    assert_eq!(make(5), make(5));
    assert_ne!(make(5), make(6));
}

#[test]
fn certified_puzzles_carry_the_checkers_word() {
    let template = Puzzle::blank(5, 5, Moves::King, false).unwrap();
    let g = generate(
        &template,
        &Options {
            seed: 1,
            certify: true,
            ..Options::default()
        },
    )
    .unwrap();
    // With CaDiCaL built in (the workspace's tests unify the CLI's features), the proof is
    // recorded for a certificate: one solution blocked, then nothing; without it, varisat's
    // checker confirmed one model, then unsatisfiability.
    match (g.recorded.and_then(|slot| slot.take()), g.certificate) {
        (Some(run), None) => {
            assert!(run.exhausted);
            let blocks = run.recording.claims().filter(|c| c.keyword() == "block");
            assert_eq!(blocks.count(), 1);
        }
        (None, Some(c)) => assert_eq!((c.models, c.complete), (1, true)),
        (run, c) => panic!("one proof expected: {run:?} {c:?}"),
    }
}

#[test]
fn difficulties_are_met_or_refused() {
    let template = Puzzle::blank(6, 6, Moves::King, false).unwrap();
    for level in [Level::Easy, Level::Medium] {
        let options = Options {
            seed: 2,
            difficulty: Some(level),
            ..Options::default()
        };
        let g = generate(&template, &options).unwrap();
        assert_eq!(g.grade.level, Some(level));
        assert_eq!(brute::count(&g.puzzle, Some(2)).count, 1);
        // Deduction alone solves it: no given it kept can go without deduction stalling.
        assert!(pathsat_generate::deduce::solves_within(&g.puzzle, level));
    }
}

#[test]
fn exact_numbers_of_givens() {
    let template = Puzzle::blank(5, 5, Moves::King, false).unwrap();
    let g = generate(
        &template,
        &Options {
            seed: 3,
            givens: Givens::Exactly(15),
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(g.givens, 15);
    assert_eq!(brute::count(&g.puzzle, Some(2)).count, 1);
    let e = generate(
        &template,
        &Options {
            givens: Givens::Exactly(1),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("with 1 givens"), "{e}");
    let e = generate(
        &template,
        &Options {
            givens: Givens::Exactly(26),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            GenerateError::TooManyGivens {
                givens: 26,
                cells: 25
            }
        ),
        "{e}"
    );
}

#[test]
fn bad_templates_are_refused() {
    let e = generate(
        &fixture("small/contradictory-givens.toml"),
        &Options::default(),
    )
    .unwrap_err();
    assert!(matches!(e, GenerateError::NoSolution), "{e}");
    let graph = fixture("graphs/cube-from-a-corner.toml");
    assert!(matches!(
        generate(&graph, &Options::default()),
        Err(GenerateError::Graph)
    ));
    // A 2x2 knight board has no move at all.
    let e = generate(
        &Puzzle::blank(2, 2, Moves::Knight, false).unwrap(),
        &Options::default(),
    )
    .unwrap_err();
    assert!(matches!(e, GenerateError::NoSolution), "{e}");
}

/// `uniform`: puzzles from a solution drawn exactly uniformly are unique and minimal, on a
/// blank board (the frontier program's draw) and on one with a given in the middle (drawn by
/// enumeration); the same seed makes the same puzzle, and the share of solutions that start on
/// a corner is the share brute force counts.
#[test]
fn uniform_starts_make_unique_puzzles_and_spread_as_the_counts_say() {
    let blank = Puzzle::blank(4, 4, Moves::Rook, false).unwrap();
    let options = |seed| Options {
        seed,
        uniform: true,
        ..Options::default()
    };
    check_unique_and_minimal(&blank, &options(3));
    let given = blank.with_givens(&[(5, 8)]).unwrap();
    check_unique_and_minimal(&given, &options(4));
    let make = |seed| write::to_toml(&generate(&blank, &options(seed)).unwrap().puzzle, &[]);
    assert_eq!(make(9), make(9));
    // The share of the 4x4 rook paths with 1 on a corner, by brute force.
    let corner_share = brute::count(&blank.with_givens(&[(0, 1)]).unwrap(), None).count as f64
        / brute::count(&blank, None).count as f64;
    let n = 400;
    let on_corner = (0..n)
        .filter(|&seed| generate(&blank, &options(seed)).unwrap().solution.value(0) == 1)
        .count() as f64;
    let sigma = (n as f64 * corner_share * (1.0 - corner_share)).sqrt();
    let z = (on_corner - n as f64 * corner_share) / sigma;
    assert!(
        z.abs() < 4.0,
        "{on_corner} of {n} on the corner: z = {z:.2}"
    );
}
