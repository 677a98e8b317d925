//! Any bytes as a DIMACS graph file (`pathsat solve g.col`, `"format": "col"` on the web),
//! read by `parse_file` / `parse_named` as the CLI and the server read it. An error must be one
//! line naming the file, at a line and column inside the text; a graph must write back (TOML
//! and JSON `[graph]` tables) to the same puzzle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathsat_fuzz::{parse_and_check, parse_file_bytes, text, ROUND_TRIP_CELLS};
use pathsat_puzzle::{render, Format};

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else {
        return parse_file_bytes(data, "col");
    };
    if let Some(puzzle) = parse_and_check(text, Format::DimacsGraph, "fuzz.col") {
        assert!(puzzle.is_graph(), "a graph file reads as a graph puzzle");
        if puzzle.n_cells() <= ROUND_TRIP_CELLS {
            let _ = render::puzzle_grid(&puzzle);
        }
    }
});
