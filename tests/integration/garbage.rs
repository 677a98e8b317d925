//! Garbage in, errors out: arbitrary text and mutated copies of the fixture files go through
//! every reader (puzzles in TOML and JSON, solver output, DIMACS, solution grids); each must
//! answer or refuse, never panic. The long runs are the cargo-fuzz targets in `fuzz/`; this
//! keeps a quick version in every test run.

use crate::common::all_puzzle_files;
use pathsat_cnf::CountingSink;
use pathsat_dimacs::{parse_dimacs, parse_solver_output};
use pathsat_encode::{position, PositionOptions};
use pathsat_puzzle::{parse_fillings, parse_str, Board, Format};
use proptest::prelude::*;

fn read_everything(text: &str) {
    for format in [Format::Toml, Format::Json] {
        if let Ok(puzzle) = parse_str(text, format) {
            if puzzle.n_cells() <= 36 {
                let _ = position::encode(
                    &puzzle,
                    &PositionOptions::default(),
                    &mut CountingSink::default(),
                );
            }
        }
    }
    let _ = parse_solver_output(text);
    let _ = parse_dimacs(text);
    let board = Board::from_mask(2, 2, &[true, true, false, true]);
    for (json, partial) in [(false, false), (true, false), (false, true), (true, true)] {
        let _ = parse_fillings(&board, text, json, partial);
    }
}

fn fixture_texts() -> Vec<String> {
    all_puzzle_files()
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text(text in ".{0,400}") {
        read_everything(&text);
    }

    /// A fixture with a few bytes replaced, inserted or removed: close to valid, so the
    /// checks after parsing are reached.
    #[test]
    fn mutated_fixtures(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, prop::sample::select(b"0123456789.#PEQ-+[]\"=\n ,{}x".to_vec())), 1..6),
    ) {
        let texts = fixture_texts();
        let mut bytes = texts[which.index(texts.len())].clone().into_bytes();
        for (at, kind, byte) in edits {
            let i = at.index(bytes.len().max(1));
            match kind {
                0 if !bytes.is_empty() => bytes[i] = byte,
                1 => bytes.insert(i.min(bytes.len()), byte),
                _ if !bytes.is_empty() => {
                    bytes.remove(i);
                }
                _ => {}
            }
        }
        if let Ok(text) = String::from_utf8(bytes) {
            read_everything(&text);
        }
    }
}
