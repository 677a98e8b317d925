//! Any bytes as a puzzle file, TOML and JSON: parsing must answer with a puzzle or an error,
//! never panic; whatever parses is pruned, encoded and rendered too (small boards only, to keep
//! each run fast).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathsat_cnf::CountingSink;
use pathsat_encode::{position, PositionOptions, Pruning};
use pathsat_puzzle::{parse_str, render, Format};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for format in [Format::Toml, Format::Json] {
        let Ok(puzzle) = parse_str(text, format) else {
            continue;
        };
        let _ = render::puzzle_grid(&puzzle);
        let _ = render::legend(&puzzle);
        if puzzle.n_cells() <= 64 {
            for pruning in [Pruning::Full, Pruning::None] {
                let options = PositionOptions { pruning, ..PositionOptions::default() };
                let _ = position::encode(&puzzle, &options, &mut CountingSink::default());
            }
        }
    }
});
