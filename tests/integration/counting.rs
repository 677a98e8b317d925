//! The counting methods of `pathsat-count` against each other and against the brute-force
//! reference: random boards (with the symmetries the cube plan uses), every fixture, and the
//! invariance that makes multiplying by a symmetry class right.

use crate::common::all_puzzle_files;
use pathsat_count::plan::plan;
use pathsat_count::{count, BigCount, CountOptions, Method};
use pathsat_puzzle::{brute, parse_file, parse_str, Format, Moves, Puzzle};
use proptest::prelude::*;
use std::collections::HashMap;

fn count_with(puzzle: &Puzzle, method: Method) -> Option<BigCount> {
    let options = CountOptions {
        method,
        jobs: 1,
        ..CountOptions::default()
    };
    match count(puzzle, &options, &|_| {}) {
        Ok(c) => {
            assert!(c.complete);
            assert_eq!(
                c.verified,
                c.method != Method::Dp,
                "only the program counts unverified"
            );
            Some(c.count)
        }
        Err(
            pathsat_count::CountError::DpNotApplicable(_)
            | pathsat_count::CountError::TrailsEnumerate,
        ) => None,
        Err(e) => panic!("{e}"),
    }
}

/// A board with symmetric features: a named or custom move set, holes placed symmetrically or
/// not, open or closed, perhaps one end given.
fn board() -> impl Strategy<Value = String> {
    let moves = prop_oneof![
        Just("\"rook\"".to_string()),
        Just("\"king\"".to_string()),
        Just("\"knight\"".to_string()),
        // A symmetric custom set: each offset with its negation.
        prop::collection::vec(
            (-2i64..=2, -2i64..=2).prop_filter("a move", |&o| o != (0, 0)),
            1..4
        )
        .prop_map(|offsets| {
            let list: Vec<String> = offsets
                .iter()
                .flat_map(|&(r, c)| [format!("[{r}, {c}]"), format!("[{}, {}]", -r, -c)])
                .collect();
            format!("[{}]", list.join(", "))
        }),
        // A one-way set.
        Just("[[0, 1], [1, 0], [-1, -1]]".to_string()),
    ];
    (
        1usize..=4,
        1usize..=4,
        moves,
        any::<bool>(),
        0usize..3,
        any::<bool>(),
        0u8..3,
    )
        .prop_map(|(rows, cols, moves, closed, holes, mirrored, given)| {
            let mut grid = vec![vec!["."; cols]; rows];
            for h in 0..holes.min(rows * cols - 1) {
                let (r, c) = (h * 7 % rows, h * 5 % cols);
                grid[r][c] = "#";
                if mirrored {
                    grid[rows - 1 - r][cols - 1 - c] = "#";
                }
            }
            if grid.iter().flatten().all(|t| *t == "#") {
                grid[0][0] = ".";
            }
            let n = grid.iter().flatten().filter(|t| **t != "#").count();
            let given = match given {
                1 => Some("1".to_string()),
                2 if !closed => Some(n.to_string()),
                _ => None,
            };
            if let Some(g) = given {
                let cell = grid
                    .iter_mut()
                    .flatten()
                    .find(|t| **t == ".")
                    .expect("a cell");
                *cell = Box::leak(g.into_boxed_str());
            }
            let text: Vec<String> = grid.iter().map(|r| r.join(" ")).collect();
            format!(
                "moves = {moves}\nclosed = {closed}\ngrid = \"\"\"\n{}\n\"\"\"\n",
                text.join("\n")
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Every method gives the brute-force count (the program where it applies).
    #[test]
    fn every_method_agrees_with_brute_force(text in board()) {
        let puzzle = parse_str(&text, Format::Toml).unwrap();
        let reference = brute::count(&puzzle, Some(20_000));
        prop_assume!(reference.complete);
        let expected = BigCount::from(reference.count);
        for method in [Method::Enumerate, Method::Sat, Method::Auto] {
            prop_assert_eq!(count_with(&puzzle, method), Some(expected.clone()), "{:?}\n{}", method, text);
        }
        if let Some(dp) = count_with(&puzzle, Method::Dp) {
            prop_assert_eq!(dp, expected, "dp\n{}", text);
        }
    }
}

/// Every fixture with a known count, by every method that applies.
#[test]
fn every_method_reproduces_every_fixture_count() {
    for path in all_puzzle_files() {
        let puzzle = parse_file(&path).unwrap();
        let Some(expected) = &puzzle.expect().count else {
            continue;
        };
        for method in [Method::Auto, Method::Sat, Method::Dp] {
            if let Some(n) = count_with(&puzzle, method) {
                assert_eq!(&n, expected, "{} by {method:?}", path.display());
            }
        }
    }
}

/// The record files of `benches/records/` (minutes to hours each, `just record NAME`) parse, are
/// named after their files, and each published count is a whole number of undirected paths: a
/// multiple of 2N for a tour of N cells (its start and its direction), of 2 for an open path.
/// A typo in one would otherwise show only at the end of its run.
#[test]
fn record_files_parse_and_their_counts_are_whole_numbers_of_paths() {
    let files = crate::common::files_with("../benches/records", &["toml"]);
    assert!(files.len() >= 8);
    for path in files {
        let puzzle = parse_file(&path).unwrap_or_else(|e| panic!("{e}"));
        let stem = path.file_stem().unwrap().to_str().unwrap();
        assert_eq!(puzzle.name(), stem, "{}", path.display());
        let Some(count) = puzzle.expect().count.as_ref() else {
            continue;
        };
        let per_path = if puzzle.is_closed() {
            2 * puzzle.n_cells() as u64
        } else {
            2
        };
        assert!(
            !count.is_zero() && (count.as_biguint() % per_path).bits() == 0,
            "{}: {count} is not a multiple of {per_path}",
            path.display()
        );
    }
}

/// The published counts of `fixtures/large`, by the default method (the program). (The
/// 50x50 knight's tour, which only states that a tour exists, is solved in `graphs.rs`.)
#[test]
fn large_fixtures_by_the_program() {
    let files = crate::common::puzzle_files("large");
    assert!(files.len() >= 5);
    for path in files {
        let puzzle = parse_file(&path).unwrap();
        if puzzle.expect().count.is_none() {
            continue;
        }
        let options = CountOptions {
            jobs: 1,
            ..CountOptions::default()
        };
        let counted = count(&puzzle, &options, &|_| {}).unwrap();
        assert_eq!(counted.method, Method::Dp, "{}", path.display());
        assert_eq!(
            Some(counted.count),
            puzzle.expect().count.clone(),
            "{}",
            path.display()
        );
    }
}

/// The larger boards: the program, the cubes with symmetry classes, and plain enumeration.
#[test]
fn methods_agree_on_larger_boards() {
    let board = |r, c, m, closed| Puzzle::blank(r, c, m, closed).unwrap();
    for (puzzle, expected) in [
        (board(5, 5, Moves::Rook, false), 8648u64),
        (board(5, 5, Moves::Knight, false), 1728),
        (board(3, 6, Moves::Rook, true), 2 * 18 * 4),
    ] {
        for method in [Method::Dp, Method::Sat, Method::Enumerate] {
            assert_eq!(
                count_with(&puzzle, method),
                Some(BigCount::from(expected)),
                "{} by {method:?}",
                puzzle.name()
            );
        }
    }
}

/// Why multiplying is right: all the labels of one class have equally many fillings. On small
/// boards every filling is enumerated by brute force and sorted by its label.
#[test]
fn labels_of_a_class_have_equal_counts() {
    let boards = [
        Puzzle::blank(4, 4, Moves::Rook, false).unwrap(),
        Puzzle::blank(4, 4, Moves::Rook, true).unwrap(),
        Puzzle::blank(3, 4, Moves::King, true).unwrap(),
        Puzzle::blank(3, 4, Moves::Knight, false).unwrap(),
        parse_str(
            "moves = \"king\"\ngrid = \"# . .\\n. . .\\n. . #\"\n",
            Format::Toml,
        )
        .unwrap(),
    ];
    for puzzle in boards {
        let plan = plan(&puzzle);
        let labels: Vec<Vec<Vec<(usize, u32)>>> = plan
            .classes
            .iter()
            .map(|class| {
                class
                    .images
                    .iter()
                    .map(|image| image.map_pairs(&class.fixed))
                    .collect()
            })
            .collect();
        let mut per_label: HashMap<Vec<(usize, u32)>, u64> = HashMap::new();
        brute::enumerate(&puzzle, None, |f| {
            // The label of f: the pairs at the cells and values the labels speak of.
            for class in &labels {
                for label in class {
                    if label.iter().all(|&(c, v)| f.value(c) == v) {
                        *per_label.entry(label.clone()).or_default() += 1;
                    }
                }
            }
        });
        for class in &labels {
            let counts: Vec<u64> = class
                .iter()
                .map(|l| per_label.get(l).copied().unwrap_or(0))
                .collect();
            assert!(
                counts.windows(2).all(|w| w[0] == w[1]),
                "{}: {counts:?}",
                puzzle.name()
            );
        }
        // And the classes cover every filling exactly once.
        let total: u64 = labels
            .iter()
            .flatten()
            .map(|l| per_label.get(l).copied().unwrap_or(0))
            .sum();
        assert_eq!(
            BigCount::from(total),
            count_with(&puzzle, Method::Dp).unwrap(),
            "{}",
            puzzle.name()
        );
    }
}
