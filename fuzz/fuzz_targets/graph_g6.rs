//! Any bytes as a graph6 or sparse6 file (`pathsat solve g.g6`, `"format": "g6"` on the web),
//! read by `parse_file` / `parse_named` as the CLI and the server read it. An error must be one
//! line naming the file, at a line and column inside the text; a graph must write back (TOML
//! and JSON `[graph]` tables) to the same puzzle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathsat_fuzz::{parse_and_check, parse_file_bytes, text};
use pathsat_puzzle::Format;

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else {
        return parse_file_bytes(data, "g6");
    };
    if let Some(puzzle) = parse_and_check(text, Format::Graph6, "fuzz.g6") {
        assert!(puzzle.is_graph(), "a graph file reads as a graph puzzle");
    }
});
