//! Any bytes as a TOML puzzle file (`pathsat solve p.toml`, the web page's default), read by
//! `parse_file` / `parse_named` as the CLI and the server read it. An error must be one line
//! naming the file, at a line and column inside the text; a puzzle must write back (TOML and
//! JSON) to the same puzzle, and a small one is pruned, encoded and rendered as `solve` would.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathsat_cnf::CountingSink;
use pathsat_encode::{position, PositionOptions, Pruning};
use pathsat_fuzz::{parse_and_check, parse_file_bytes, text};
use pathsat_puzzle::{render, Format};

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else {
        return parse_file_bytes(data, "toml");
    };
    let Some(puzzle) = parse_and_check(text, Format::Toml, "fuzz.toml") else {
        return;
    };
    let _ = render::puzzle_grid(&puzzle);
    let _ = render::legend(&puzzle);
    if puzzle.n_cells() <= 25 {
        for pruning in [Pruning::Full, Pruning::None] {
            let options = PositionOptions {
                pruning,
                ..PositionOptions::default()
            };
            let _ = position::encode(&puzzle, &options, &mut CountingSink::default());
        }
    }
});
