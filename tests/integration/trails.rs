//! Trail puzzles: the seed's published answer, counts against the brute force (which counts
//! every direction and start and divides, independently of the canonical direction the
//! encoder keeps), random trail puzzles in every sum encoding, and the command line.

use crate::common::{all_fillings, fixture, load, pathsat, puzzle_files};
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::pb::SumEncoding;
use pathsat_encode::{EncodingChoice, EncodingOptions, PositionOptions, Pruning};
use pathsat_puzzle::{brute, canonical_trail, parse_file, parse_str, verify, Format, Puzzle};
use pathsat_solver::{PuzzleSolver, SolveOptions};
use proptest::prelude::*;
use std::collections::HashSet;

/// How many directed sequences stand for one trail.
fn orientations(puzzle: &Puzzle) -> u64 {
    let length = puzzle.trail().expect("a trail puzzle").length() as u64;
    match (length, puzzle.is_closed()) {
        (1, _) => 1,
        (l, true) => 2 * l,
        (_, false) => 2,
    }
}

/// The seed's answer as published: the selected cells, row by row.
const PUBLISHED_SELECTION: [[u8; 5]; 5] = [
    [1, 1, 1, 1, 1],
    [1, 0, 0, 0, 0],
    [1, 1, 1, 0, 0],
    [0, 0, 1, 0, 0],
    [1, 1, 1, 0, 0],
];

#[test]
fn the_seed_trail_is_the_published_one() {
    let puzzle = load("trails/100-and-13.toml");
    let (count, found) = all_fillings(&puzzle, EncodingChoice::Auto);
    assert!(count.complete);
    let selections: Vec<Vec<u8>> = found
        .iter()
        .map(|f| f.values().iter().map(|&v| u8::from(v != 0)).collect())
        .collect();
    let published: Vec<u8> = PUBLISHED_SELECTION.concat();
    assert!(
        selections.contains(&published),
        "the published selection is not among the {} trails found",
        found.len()
    );
    let bf = brute::count(&puzzle, None);
    assert!(bf.complete);
    assert_eq!(u64::from(found.len() as u32), bf.count);
    assert_eq!(
        brute::directed_trails(&puzzle),
        bf.count * orientations(&puzzle)
    );
}

/// Each trail fixture's expected count (established by a separate brute force when the
/// fixture was written) equals the brute force here, counted both ways, and the solver's.
#[test]
fn trail_fixture_counts_are_established_by_brute_force() {
    for path in puzzle_files("trails") {
        let puzzle = parse_file(&path).unwrap();
        let expected =
            crate::common::small_expected_count(&puzzle).expect("trail fixtures have counts");
        let bf = brute::count(&puzzle, None);
        assert!(bf.complete);
        assert_eq!(bf.count, expected, "{}", path.display());
        assert_eq!(
            brute::directed_trails(&puzzle),
            expected * orientations(&puzzle),
            "{}: directed sequences",
            path.display()
        );
        for sum in SumEncoding::ALL {
            let position = PositionOptions {
                sum,
                ..PositionOptions::default()
            };
            let options = SolveOptions {
                encoding: EncodingOptions {
                    position,
                    ..EncodingOptions::default()
                },
                ..SolveOptions::default()
            };
            let mut solver = PuzzleSolver::new(&puzzle, &options).unwrap();
            let count = solver.count(None, |_| {}).unwrap();
            assert_eq!(
                (count.count, count.complete),
                (expected, true),
                "{} with {sum:?}",
                path.display()
            );
        }
    }
}

#[derive(Clone, Debug)]
struct TrailSpec {
    cols: usize,
    moves: &'static str,
    closed: bool,
    /// None: a hole.
    labels: Vec<Option<u32>>,
    length: usize,
    /// Picked as the sum of a random subset of the labels, to make trails likely.
    sum: Option<u64>,
    distinct: bool,
}

impl TrailSpec {
    fn to_toml(&self) -> String {
        let mut labels = self.labels.clone();
        if labels.iter().all(Option::is_none) {
            labels[0] = Some(1);
        }
        let rows: Vec<String> = labels
            .chunks(self.cols)
            .map(|row| {
                row.iter()
                    .map(|l| l.map_or("#".to_string(), |l| l.to_string()))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let length = if self.closed {
            self.length.max(3)
        } else {
            self.length
        };
        let sum = self.sum.map_or(String::new(), |s| format!("sum = {s}\n"));
        format!(
            "moves = \"{}\"\nclosed = {}\ngrid = \"\"\"\n{}\n\"\"\"\n[trail]\nlength = {length}\n{sum}distinct = {}\n",
            self.moves,
            self.closed,
            rows.join("\n"),
            self.distinct
        )
    }
}

fn trail_spec() -> impl Strategy<Value = TrailSpec> {
    (
        1usize..=4,
        1usize..=4,
        prop_oneof![Just("rook"), Just("king"), Just("knight")],
        any::<bool>(),
        1usize..=6,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_flat_map(|(rows, cols, moves, closed, length, has_sum, distinct)| {
            let label = prop_oneof![1 => Just(None), 6 => (0u32..5).prop_map(Some)];
            (
                prop::collection::vec(label, rows * cols),
                prop::collection::vec(any::<bool>(), rows * cols),
            )
                .prop_map(move |(labels, subset)| {
                    let sum = has_sum.then(|| {
                        labels
                            .iter()
                            .zip(&subset)
                            .filter(|(_, &pick)| pick)
                            .map(|(l, _)| u64::from(l.unwrap_or(0)))
                            .sum()
                    });
                    TrailSpec {
                        cols,
                        moves,
                        closed,
                        labels,
                        length,
                        sum,
                        distinct,
                    }
                })
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The trails found equal the brute force's canonical trails as sets, each verified and
    /// in its canonical direction, in every sum encoding, pruned or not, with either
    /// exactly-one encoding; and the count times the orientations is the number of directed
    /// sequences.
    #[test]
    fn random_trails_equal_the_brute_force(spec in trail_spec()) {
        let text = spec.to_toml();
        let puzzle = parse_str(&text, Format::Toml)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let mut reference = HashSet::new();
        let bf = brute::enumerate(&puzzle, None, |f| {
            reference.insert(f.clone());
        });
        prop_assert_eq!(brute::directed_trails(&puzzle), bf.count * orientations(&puzzle), "{}", text);
        for sum in SumEncoding::ALL {
            for (exactly_one, pruning) in [
                (ExactlyOneEncoding::Sequential, Pruning::Full),
                (ExactlyOneEncoding::Pairwise, Pruning::None),
            ] {
                let position = PositionOptions { exactly_one, pruning, sum, ..PositionOptions::default() };
                let encoding = EncodingOptions { choice: EncodingChoice::Auto, position, ..EncodingOptions::default() };
                let mut solver = PuzzleSolver::new(&puzzle, &SolveOptions { encoding, ..SolveOptions::default() }).unwrap();
                let mut found = HashSet::new();
                let count = solver.count(None, |f| {
                    assert_eq!(verify(&puzzle, f), Ok(()));
                    assert_eq!(&canonical_trail(f, puzzle.is_closed()), f);
                    assert!(found.insert(f.clone()), "a trail found twice");
                }).unwrap();
                prop_assert!(count.complete);
                prop_assert!(found == reference, "{:?} {:?} {:?}: {} trails, brute force {}\n{}", sum, exactly_one, pruning, found.len(), reference.len(), text);
            }
        }
    }
}

#[test]
fn trail_json_marks_cells_off_the_trail_as_null_and_reads_back() {
    let file = fixture("trails/100-and-13.toml");
    let out = pathsat()
        .args(["solve", "--format", "json"])
        .arg(&file)
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(json["counts"], "trails");
    let grid = &json["solutions"][0];
    assert_eq!(grid[1], serde_json::json!([6, null, null, null, null]));
    let dir = tempfile::tempdir().unwrap();
    let solution = dir.path().join("trail.json");
    std::fs::write(&solution, &out.get_output().stdout).unwrap();
    pathsat()
        .arg("check")
        .arg(&file)
        .arg(&solution)
        .assert()
        .success();
}

#[test]
fn trail_text_output_shows_steps_and_labels_and_reads_back() {
    let file = fixture("trails/100-and-13.toml");
    let out = pathsat().arg("solve").arg(&file).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains("labels 6 4 11 5 2 10 7 15 9 1 13 14 3 (sum 100)"),
        "{text}"
    );
    let grid: String = text
        .lines()
        .skip(2)
        .take(5)
        .map(|l| format!("{l}\n"))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let solution = dir.path().join("trail.txt");
    // The reverse direction is the same trail, and valid too.
    std::fs::write(&solution, &grid).unwrap();
    pathsat()
        .arg("check")
        .arg(&file)
        .arg(&solution)
        .assert()
        .success();
    let reversed = "9 10 11 12 13\n8 . . . .\n7 6 5 . .\n. . 4 . .\n1 2 3 . .\n";
    std::fs::write(&solution, reversed).unwrap();
    pathsat()
        .arg("check")
        .arg(&file)
        .arg(&solution)
        .assert()
        .success();
    // One cell moved: the labels no longer add up.
    let moved = "9 10 11 12 13\n8 . . . .\n7 6 5 . .\n. . 4 . .\n. 2 3 . .\n";
    std::fs::write(&solution, moved).unwrap();
    pathsat()
        .arg("check")
        .arg(&file)
        .arg(&solution)
        .assert()
        .code(1)
        .stdout(predicates::str::contains(
            "step 1 of the trail is on no cell",
        ));
}

#[test]
fn trail_counts_and_refusals_on_the_command_line() {
    let file = fixture("trails/loop-5x5.toml");
    pathsat()
        .args(["count", "--format", "json"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicates::str::contains("\"count\": 5"))
        .stdout(predicates::str::contains("\"counts\": \"trails\""));
    for (args, message) in [
        (
            &["solve", "--encoding", "successor"][..],
            "trail puzzles use the position encoding",
        ),
        (
            &["count", "--method", "dp"][..],
            "trail puzzles are counted by enumeration",
        ),
        (
            &["count", "--method", "sat"][..],
            "trail puzzles are counted by enumeration",
        ),
    ] {
        pathsat()
            .args(args)
            .arg(&file)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(message));
    }
}

#[test]
fn malformed_trail_files_get_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "moves = \"rook\"\ngrid = \"1 2\"\n[trail]\nlength = 0\n",
            "3:1",
            "trail length 0 must be at least 1",
        ),
        (
            "moves = \"rook\"\ngrid = \"1 x\"\n[trail]\nlength = 1\n",
            "2:11",
            "a trail puzzle's grid holds labels",
        ),
        (
            "moves = \"rook\"\ngrid = \"1 -2\"\n[trail]\nlength = 1\n",
            "2:11",
            "a trail puzzle's grid holds labels",
        ),
        (
            "moves = \"rook\"\nclosed = true\ngrid = \"1 2\"\n[trail]\nlength = 2\n",
            "4:1",
            "a closed trail needs at least 3 cells",
        ),
        (
            "moves = \"rook\"\ngrid = \"1 2\"\n[trail]\nlength = 2\nsum = -1\n",
            "3:1",
            "trail sum -1",
        ),
        (
            "moves = \"rook\"\ngrid = \"1 2\"\n[trail]\nlength = 2\nlimit = 3\n",
            "5:1",
            "unknown field `limit`",
        ),
        (
            "moves = [[0, 1]]\ngrid = \"1 2\"\n[trail]\nlength = 2\n",
            "1:9",
            "moves that can be reversed",
        ),
        (
            "[graph]\nvertices = 2\nedges = [[1, 2]]\n[trail]\nlength = 2\n",
            "4:1",
            "trail puzzles are played on boards",
        ),
        (
            "moves = \"rook\"\ngrid = \"1 P\"\n[marks]\nP = \"primes\"\n[trail]\nlength = 2\n",
            "4:5",
            "marks do not apply",
        ),
    ];
    for (i, (text, location, message)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.toml"));
        std::fs::write(&path, text).unwrap();
        let out = pathsat().arg("solve").arg(&path).assert().code(2);
        let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains(&format!("bad{i}.toml:{location}")),
            "case {i}: {stderr}"
        );
        assert!(stderr.contains(message), "case {i}: {stderr}");
    }
}

#[test]
fn an_unsolvable_trail_is_an_answer() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.toml");
    std::fs::write(
        &path,
        "moves = \"rook\"\ngrid = \"1 2\\n3 #\"\n[trail]\nlength = 4\n",
    )
    .unwrap();
    pathsat()
        .arg("solve")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicates::str::contains("unsat: no trail solves the puzzle (the trail has 4 cells, but only 3 cells of the board can be on it)"));
}
