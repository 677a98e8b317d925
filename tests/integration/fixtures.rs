//! Every fixture's `[expect]` holds: the SAT count equals the expected count, the published
//! solutions are among the fillings found, and for the small boards an independent brute-force
//! count agrees as well.

use crate::common::{load, puzzle_files};
use pathsat_puzzle::{brute, parse_file, verify};
use pathsat_solver::{PuzzleSolver, SolveOptions};
use rayon::prelude::*;
use std::collections::HashSet;

/// Checks one fixture against its `[expect]` with the SAT solver.
fn check_expectations(path: &std::path::Path) {
    let puzzle = parse_file(path).unwrap_or_else(|e| panic!("{e}"));
    let expect = puzzle.expect().clone();
    assert!(
        expect.count.is_some() || expect.sat.is_some(),
        "{}: a fixture states its answer in [expect]",
        path.display()
    );
    for published in &expect.solutions {
        assert_eq!(
            verify(&puzzle, published),
            Ok(()),
            "{}: published solution",
            path.display()
        );
    }
    let mut solver = PuzzleSolver::new(&puzzle, &SolveOptions::default()).unwrap();
    match expect.count {
        Some(expected) => {
            let mut found = HashSet::new();
            let count = solver.count(None, |f| {
                assert!(found.insert(f.clone()), "duplicate filling");
            });
            let count = count.unwrap();
            assert!(count.complete);
            assert_eq!(expected, count.count, "{}", path.display());
            for published in &expect.solutions {
                assert!(
                    found.contains(published),
                    "{}: a published solution was not found",
                    path.display()
                );
            }
            if let Some(sat) = expect.sat {
                assert_eq!(sat, expected > 0, "{}", path.display());
            }
        }
        None => {
            let first = solver.next_solution().unwrap();
            assert_eq!(first.is_some(), expect.sat.unwrap(), "{}", path.display());
        }
    }
}

#[test]
fn seed_fixtures_reproduce_the_published_answers() {
    let files = puzzle_files("seeds");
    assert_eq!(files.len(), 5);
    for path in files {
        check_expectations(&path);
    }
}

#[test]
fn small_fixtures_match_their_expectations() {
    puzzle_files("small")
        .par_iter()
        .for_each(|path| check_expectations(path));
}

/// The expected counts of the small boards were not taken from pathsat: the brute-force search
/// (no SAT, no shared code with the encoder) establishes each one.
#[test]
fn small_fixture_counts_are_established_by_brute_force() {
    puzzle_files("small").par_iter().for_each(|path| {
        let puzzle = parse_file(path).unwrap();
        let expected =
            crate::common::small_expected_count(&puzzle).expect("small fixtures have counts");
        let bf = brute::count(&puzzle, None);
        assert!(bf.complete);
        assert_eq!(bf.count, expected, "{}", path.display());
    });
}

#[test]
fn hidato_188_first_row_is_the_published_one() {
    let puzzle = load("seeds/hidato-188.toml");
    let mut solver = PuzzleSolver::new(&puzzle, &SolveOptions::default()).unwrap();
    let solution = solver.next_solution().unwrap().unwrap();
    let rows = solution.to_rows(puzzle.board());
    let first: Vec<u32> = rows[0].iter().map(|v| v.unwrap()).collect();
    assert_eq!(first, [137, 135, 134, 2, 4, 7, 8, 9, 114, 113, 112, 111]);
    assert!(solver.next_solution().unwrap().is_none(), "unique");
}

#[test]
fn the_rook_tour_is_one_of_the_four_rook_paths() {
    let path = load("seeds/rook-primes-path.toml");
    let tour = load("seeds/rook-primes-tour.toml");
    let tour_solution = &tour.expect().solutions[0];
    assert!(path.expect().solutions.contains(tour_solution));
    let closing: Vec<_> = path
        .expect()
        .solutions
        .iter()
        .filter(|f| verify(&tour, f).is_ok())
        .collect();
    assert_eq!(closing, vec![tour_solution]);
}

/// The graph files carry no `[expect]`: their answers, from the literature, are here.
const GRAPH_FILE_COUNTS: [(&str, u64); 3] = [
    // The Petersen graph is the classic graph without a Hamiltonian cycle.
    ("petersen.hcp", 0),
    // The dodecahedron has 30 Hamiltonian cycles (Hamilton's Icosian game); as tours, each
    // has 20 starts and 2 directions.
    ("dodecahedron.col", 1200),
    // The 3-cube, written as the FHCP challenge set writes its graphs, has 6 Hamiltonian
    // cycles (a separate Python search over the 8! vertex orders); as tours, each has 8
    // starts and 2 directions.
    ("fhcp-style.hcp", 96),
];

/// The graph fixtures, in TOML and in the TSPLIB and DIMACS formats: both encodings count
/// every filling (each verified, none twice) and agree with the brute-force search and with
/// the expected count.
#[test]
fn graph_fixtures_match_their_expectations_in_both_encodings() {
    use pathsat_encode::EncodingChoice;
    let mut files: Vec<(std::path::PathBuf, u64)> = puzzle_files("graphs")
        .into_iter()
        .map(|p| {
            let count = parse_file(&p).unwrap().expect().count.clone();
            (p, count.and_then(|c| c.to_u64()).expect("a count"))
        })
        .collect();
    for (name, count) in GRAPH_FILE_COUNTS {
        files.push((crate::common::fixture(&format!("graphs/{name}")), count));
    }
    assert_eq!(
        crate::common::files_with("graphs", &["hcp", "col"]).len(),
        GRAPH_FILE_COUNTS.len()
    );
    files.par_iter().for_each(|(path, expected)| {
        let puzzle = parse_file(path).unwrap();
        assert!(puzzle.is_graph(), "{}", path.display());
        let bf = brute::count(&puzzle, None);
        assert_eq!(
            (bf.count, bf.complete),
            (*expected, true),
            "{}",
            path.display()
        );
        for choice in [EncodingChoice::Position, EncodingChoice::Successor] {
            let (count, _) = crate::common::all_fillings(&puzzle, choice);
            assert_eq!(count.count, *expected, "{} {choice:?}", path.display());
            assert!(count.complete);
        }
    });
}
