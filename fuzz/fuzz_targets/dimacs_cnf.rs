//! Any bytes as a DIMACS CNF file (`parse_dimacs`, the reader the tests check `pathsat export`
//! with): an error is one line at a line and column inside the text; a formula writes back
//! (`write_dimacs`) to text that reads to the same formula, comments and projection.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathsat_dimacs::{parse_dimacs, write_dimacs, Header};
use pathsat_fuzz::{assert_inside, assert_one_line, text};

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else {
        return;
    };
    match parse_dimacs(text) {
        Ok(parsed) => {
            if parsed.cnf.n_literals() > 100_000 {
                return;
            }
            let header = Header {
                comments: &parsed.comments,
                show: parsed.show.as_deref(),
            };
            let mut written = Vec::new();
            write_dimacs(&mut written, &parsed.cnf, &header).expect("writing to memory");
            let written = String::from_utf8(written).expect("DIMACS is UTF-8");
            let again = parse_dimacs(&written)
                .unwrap_or_else(|e| panic!("the written CNF does not parse: {e}\n{written}"));
            assert_eq!(again.cnf, parsed.cnf, "clauses\n{written}");
            assert_eq!(again.show, parsed.show, "projection\n{written}");
        }
        Err(error) => {
            let shown = error.to_string();
            assert_one_line(&shown, "DIMACS");
            assert!(!error.message.trim().is_empty(), "{shown:?}");
            assert_inside(text, error.position.line, error.position.column, &shown);
        }
    }
});
