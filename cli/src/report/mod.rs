//! # Reports
//!
//! What the commands print: the library's typed results ([`pathsat_api`]) as one JSON object
//! for programs (`--format json`, serialised by serde exactly as the library defines them), or
//! aligned grids and a statistics line for people. The text printers match on the results'
//! enums, never on strings.
//!
//! One file a kind of report: `solve.rs` (`solve`, `decode`, `check`), `count.rs`, `sample.rs`,
//! `cells.rs` (`forced`, `hint`, `explain`), `compare.rs`, `booklet.rs`; the lines they share are in
//! `stats.rs` (encoding, sizes, times, certificates) and `words.rs` (numbers in words). JSON is
//! the library's one writer for every report ([`pathsat_api::json`]).

mod booklet;
mod cells;
mod compare;
mod count;
mod sample;
mod solve;
mod stats;
mod words;

pub use booklet::write_booklet_text;
pub use cells::{write_explain_text, write_forced_text, write_hint_text};
pub use compare::write_compare_text;
pub use count::write_count_text;
pub use sample::{sample_status, write_sample_text};
pub use solve::{
    decode_status, solve_status, write_check_text, write_decode_text, write_solve_text,
};
pub(crate) use stats::{checked_certificate_line, table_bytes};
pub use words::plural;
pub(crate) use words::thousands;

pub use pathsat_api::json::write_json;

use serde::Serialize;
use std::io;

/// The report as JSON on standard output.
pub fn print_json(report: &impl Serialize) -> io::Result<()> {
    write_json(&mut io::stdout().lock(), report)
}
