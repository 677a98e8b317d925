//! Any bytes as a SAT solver's output, a DIMACS file, or a solution grid (text or JSON) for a
//! small board with a hole: every reader must answer or refuse, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathsat_dimacs::{parse_dimacs, parse_solver_output};
use pathsat_puzzle::{parse_fillings, Board};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = parse_solver_output(text);
    let _ = parse_dimacs(text);
    let board = Board::from_mask(3, 3, &[true, true, true, true, false, true, true, true, true]);
    let _ = parse_fillings(&board, text, false, false);
    let _ = parse_fillings(&board, text, true, false);
});
