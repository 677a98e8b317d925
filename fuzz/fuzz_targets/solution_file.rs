//! Any bytes as a solution file, read as `pathsat check PUZZLE SOLUTION` reads it
//! (`pathsat_api::check::check`): text grids or pathsat's text output, JSON grids or solve
//! reports, vertex orders. The first byte picks the puzzle (a board with holes, a trail, a
//! graph) and whether the file is `.json`; the rest is the file. An error is one line naming the
//! solution file, at a line and column inside the text; a report counts its fillings.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathsat_api::check::check;
use pathsat_fuzz::{assert_inside, assert_one_line, text};
use pathsat_puzzle::{parse_named, Format, Puzzle};
use std::sync::OnceLock;

const PUZZLES: [(&str, &str); 4] = [
    (
        "numbrix-5x5.toml",
        include_str!("../../fixtures/small/numbrix-5x5.toml"),
    ),
    (
        "rook-holes-closed.toml",
        include_str!("../../fixtures/small/rook-holes-closed.toml"),
    ),
    (
        "knight-holes.toml",
        include_str!("../../fixtures/trails/knight-holes.toml"),
    ),
    (
        "petersen-path.toml",
        include_str!("../../fixtures/graphs/petersen-path.toml"),
    ),
];

fn puzzles() -> &'static [Puzzle] {
    static LOADED: OnceLock<Vec<Puzzle>> = OnceLock::new();
    LOADED.get_or_init(|| {
        PUZZLES
            .iter()
            .map(|(file, text)| parse_named(text, Format::Toml, file).expect("a fixture parses"))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let Some(text) = text(rest) else {
        return;
    };
    let index = usize::from(choice) % PUZZLES.len();
    let json = choice & 0x80 != 0;
    let file = if json { "fuzz.json" } else { "fuzz.txt" };
    match check(&puzzles()[index], PUZZLES[index].0, file, text, json) {
        Ok(report) => {
            assert!(report.fillings >= 1, "a report of no fillings: {report:?}");
            assert_eq!(report.valid, report.invalid_index.is_none());
            assert!(report.invalid_index.is_none_or(|i| i < report.fillings));
            if let Some(violation) = &report.violation {
                assert_one_line(violation, "the violation");
            }
        }
        Err(error) => {
            let shown = error.to_string();
            assert_one_line(&shown, file);
            assert!(
                shown.starts_with(&format!("{file}:")),
                "the error does not name the solution file: {shown:?}"
            );
            if let pathsat_api::Error::Puzzle(e) = &error {
                assert!(!e.message().trim().is_empty(), "{shown:?}");
                if let Some(location) = e.location() {
                    assert_inside(text, location.line, location.column, &shown);
                }
            }
        }
    }
});
