//! Any bytes as a JSON puzzle file (`pathsat solve p.json`, `"format": "json"` on the web),
//! read by `parse_file` / `parse_named` as the CLI and the server read it. An error must be one
//! line naming the file, at a line and column inside the text; a puzzle must write back (TOML
//! and JSON) to the same puzzle, and a small one is pruned, encoded and rendered as `solve`
//! would.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathsat_fuzz::fuzz_puzzle_file;
use pathsat_puzzle::Format;

fuzz_target!(|data: &[u8]| fuzz_puzzle_file(data, Format::Json, "json"));
