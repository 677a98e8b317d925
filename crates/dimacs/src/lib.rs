#![warn(missing_docs)]
//! # pathsat-dimacs
//!
//! DIMACS CNF files and SAT solver output. The writer takes a formula that has already been
//! collected (so the `p cnf` counts are known), a header of comment lines and an optional
//! projection set; the readers give errors with the line and column of the offending token.
//!
//! ```
//! use pathsat_cnf::{ClauseSink, Cnf};
//! use pathsat_dimacs::{parse_dimacs, write_dimacs, Header};
//!
//! let mut cnf = Cnf::new();
//! let (a, b) = (cnf.new_lit(), cnf.new_lit());
//! cnf.add_clause(&[a, !b]);
//! let comments = ["an example".to_string()];
//! let header = Header { comments: &comments, show: Some(&[a.var()]) };
//! let mut text = Vec::new();
//! write_dimacs(&mut text, &cnf, &header)?;
//! let text = String::from_utf8(text)?;
//! assert_eq!(text, "c an example\np cnf 2 1\nc p show 1 0\n1 -2 0\n");
//! assert_eq!(parse_dimacs(&text)?.cnf, cnf);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cnf_file;
mod solver_output;

pub use cnf_file::{
    parse_dimacs, write_dimacs, write_dimacs_reporting, DimacsError, Header, ParsedCnf,
};
pub use solver_output::{parse_solver_output, Model, OutputError, SolverOutput};

/// A 1-based line and column (in characters) of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// The white-space separated tokens of a line with their 1-based columns (in characters).
pub(crate) fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut column = 0;
    for (i, ch) in line.char_indices() {
        column += 1;
        if ch.is_whitespace() {
            if let Some((s, c)) = start.take() {
                out.push((c, &line[s..i]));
            }
        } else if start.is_none() {
            start = Some((i, column));
        }
    }
    if let Some((s, c)) = start {
        out.push((c, &line[s..]));
    }
    out
}

/// A DIMACS literal token as an integer, or the message saying it is not one.
pub(crate) fn literal(token: &str) -> Result<i64, String> {
    token
        .parse()
        .map_err(|_| format!("expected a literal, found {token:?}"))
}
