//! # DIMACS CNF files
//!
//! Writing: comment lines, the `p cnf V C` line, an optional projection line `c p show ... 0`
//! (after the `p` line, as in the model counting competition format of 2021), then one clause
//! per line. Reading: the same, strictly: the counts of the `p` line must match what follows.

use crate::{literal, tokens, Position};
use pathsat_cnf::{ClauseSink, Cnf, Lit, Var};
use std::io::{self, Write};

/// What is written around the clauses: borrowed, so that a caller writes the comment lines and
/// projection it already holds (such as `pathsat_encode::Export`'s) without copying them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Header<'a> {
    /// Comment lines before the `p` line, without the leading `c `.
    pub comments: &'a [String],
    /// The projection set, written as `c p show VAR ... 0`.
    pub show: Option<&'a [Var]>,
}

/// Writes `cnf` in DIMACS with `header`.
///
/// # Errors
/// Whatever writing to `out` fails with.
pub fn write_dimacs(out: &mut impl Write, cnf: &Cnf, header: &Header<'_>) -> io::Result<()> {
    write_dimacs_reporting(out, cnf, header, &mut |_| {})
}

/// How many clauses [`write_dimacs_reporting`] writes between two reports.
pub const REPORT_EVERY: usize = 1 << 16;

/// [`write_dimacs`], telling `written` how many clauses are written so far every
/// [`REPORT_EVERY`] clauses and at the end: a file of hundreds of megabytes takes seconds, and
/// a terminal shows how far it is.
///
/// # Errors
/// Whatever writing to `out` fails with.
pub fn write_dimacs_reporting(
    out: &mut impl Write,
    cnf: &Cnf,
    header: &Header<'_>,
    written: &mut dyn FnMut(usize),
) -> io::Result<()> {
    let mut out = io::BufWriter::new(out);
    for comment in header.comments {
        if comment.is_empty() {
            writeln!(out, "c")?;
        } else {
            writeln!(out, "c {comment}")?;
        }
    }
    writeln!(out, "p cnf {} {}", cnf.n_vars(), cnf.n_clauses())?;
    if let Some(show) = header.show {
        write!(out, "c p show")?;
        for var in show {
            write!(out, " {}", var.to_dimacs())?;
        }
        writeln!(out, " 0")?;
    }
    let mut line = String::new();
    for (i, clause) in cnf.clauses().enumerate() {
        if i % REPORT_EVERY == 0 && i > 0 {
            written(i);
        }
        line.clear();
        for lit in clause {
            line.push_str(&lit.to_dimacs().to_string());
            line.push(' ');
        }
        line.push('0');
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    written(cnf.n_clauses());
    Ok(())
}

/// A DIMACS file read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedCnf {
    /// The clauses and the number of variables of the header.
    pub cnf: Cnf,
    /// The comment lines (without `c `), in order, except the projection line.
    pub comments: Vec<String>,
    /// The projection set, when the file has `c p show` lines.
    pub show: Option<Vec<Var>>,
}

/// A mistake in a DIMACS file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{position}: {message}")]
pub struct DimacsError {
    /// Where the mistake is.
    pub position: Position,
    /// What is wrong.
    pub message: String,
}

fn error(line: usize, column: usize, message: impl Into<String>) -> DimacsError {
    DimacsError {
        position: Position { line, column },
        message: message.into(),
    }
}

/// Reads a DIMACS CNF file.
///
/// # Errors
/// A [`DimacsError`] at the first problem: a missing or malformed `p cnf` line, a token that is
/// not an integer, a literal beyond the declared variables, a clause without its final `0`, or
/// a clause count that differs from the `p` line.
pub fn parse_dimacs(text: &str) -> Result<ParsedCnf, DimacsError> {
    let mut reader = CnfReader::new();
    let mut last_line = 0;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        last_line = number;
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix('c') {
            reader.comment(number, line, rest)?;
        } else if trimmed.starts_with('p') {
            reader.p_line(number, trimmed)?;
        } else {
            reader.clause_line(number, line, trimmed)?;
        }
    }
    reader.finish(last_line)
}

/// What [`parse_dimacs`] has read so far, in its single pass over the lines: the comments, the
/// projection, the `p` line (its counts and line number), the clauses and the one still open
/// (with where it starts, for the error if it never ends).
struct CnfReader {
    comments: Vec<String>,
    show: Option<Vec<Var>>,
    declared: Option<(usize, usize, usize)>,
    cnf: Cnf,
    clause: Vec<Lit>,
    clause_start: (usize, usize),
}

impl CnfReader {
    /// Nothing read yet.
    fn new() -> Self {
        CnfReader {
            comments: Vec::new(),
            show: None,
            declared: None,
            cnf: Cnf::new(),
            clause: Vec::new(),
            clause_start: (0, 0),
        }
    }

    /// A comment line `c ...` (line `number`; `rest` follows its `c`): a projection line
    /// `c p show ...` or a comment kept.
    fn comment(&mut self, number: usize, line: &str, rest: &str) -> Result<(), DimacsError> {
        if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
            return Err(error(number, 1, "expected a comment line `c ...`"));
        }
        let rest = rest.trim();
        if let Some(vars) = rest.strip_prefix("p show") {
            self.projection(number, line, vars)
        } else {
            self.comments.push(rest.to_string());
            Ok(())
        }
    }

    /// The variables of a projection line up to its `0`; `vars` is a slice of `line`, so its
    /// columns continue those of the line.
    fn projection(&mut self, number: usize, line: &str, vars: &str) -> Result<(), DimacsError> {
        let list = self.show.get_or_insert_with(Vec::new);
        let before = line[..vars.as_ptr() as usize - line.as_ptr() as usize]
            .chars()
            .count();
        for (column, token) in tokens(vars) {
            let column = column + before;
            match token.parse::<i64>() {
                Ok(0) => break,
                Ok(v) if v > 0 => list.push(Var::from_dimacs(v as u64).ok_or_else(|| {
                    error(number, column, format!("variable {v} is out of range"))
                })?),
                _ => {
                    return Err(error(
                        number,
                        column,
                        format!("expected a variable in the projection, found {token:?}"),
                    ))
                }
            }
        }
        Ok(())
    }

    /// The `p cnf VARIABLES CLAUSES` line, once.
    fn p_line(&mut self, number: usize, trimmed: &str) -> Result<(), DimacsError> {
        if self.declared.is_some() {
            return Err(error(number, 1, "a second `p` line"));
        }
        let parts = tokens(trimmed);
        let counts = match parts.as_slice() {
            [(_, "p"), (_, "cnf"), (_, v), (_, c)] => {
                v.parse::<usize>().ok().zip(c.parse::<usize>().ok())
            }
            _ => None,
        };
        let (vars, clauses) =
            counts.ok_or_else(|| error(number, 1, "expected `p cnf VARIABLES CLAUSES`"))?;
        self.cnf.ensure_vars(vars);
        self.declared = Some((vars, clauses, number));
        Ok(())
    }

    /// A line of literals (or a blank line), after the `p` line: each `0` ends a clause, which
    /// may go on over several lines.
    fn clause_line(&mut self, number: usize, line: &str, trimmed: &str) -> Result<(), DimacsError> {
        let Some((vars, _, _)) = self.declared else {
            if trimmed.is_empty() {
                return Ok(());
            }
            return Err(error(number, 1, "a clause before the `p cnf` line"));
        };
        for (column, token) in tokens(line) {
            let value = literal(token).map_err(|m| error(number, column, m))?;
            if value == 0 {
                self.cnf.add_clause(&self.clause);
                self.clause.clear();
                continue;
            }
            if self.clause.is_empty() {
                self.clause_start = (number, column);
            }
            if value.unsigned_abs() as usize > vars {
                return Err(error(
                    number,
                    column,
                    format!("literal {value} is beyond the {vars} declared variables"),
                ));
            }
            self.clause.push(
                Lit::from_dimacs(value)
                    .ok_or_else(|| error(number, column, "literal out of range"))?,
            );
        }
        Ok(())
    }

    /// After the last line (`last_line`): a `p` line was there, the last clause is closed and
    /// the clauses are as many as it declares.
    fn finish(self, last_line: usize) -> Result<ParsedCnf, DimacsError> {
        let Some((_, clauses, p_line)) = self.declared else {
            return Err(error(last_line.max(1), 1, "no `p cnf` line"));
        };
        if !self.clause.is_empty() {
            return Err(error(
                self.clause_start.0,
                self.clause_start.1,
                "the last clause does not end with 0",
            ));
        }
        if self.cnf.n_clauses() != clauses {
            return Err(error(
                p_line,
                1,
                format!(
                    "the `p` line declares {clauses} clauses, the file has {}",
                    self.cnf.n_clauses()
                ),
            ));
        }
        Ok(ParsedCnf {
            cnf: self.cnf,
            comments: self.comments,
            show: self.show,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn write(cnf: &Cnf, header: &Header<'_>) -> String {
        let mut out = Vec::new();
        write_dimacs(&mut out, cnf, header).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn empty_clauses_and_formulas() {
        let mut cnf = Cnf::new();
        cnf.add_clause(&[]);
        let text = write(&cnf, &Header::default());
        assert_eq!(text, "p cnf 0 1\n0\n");
        assert_eq!(parse_dimacs(&text).unwrap().cnf, cnf);
        assert_eq!(write(&Cnf::new(), &Header::default()), "p cnf 0 0\n");
    }

    #[test]
    fn malformed_files_say_where() {
        let cases = [
            ("1 2 0\n", "1:1: a clause before the `p cnf` line"),
            ("p cnf 2\n", "1:1: expected `p cnf VARIABLES CLAUSES`"),
            ("p cnf 2 1\n1 x 0\n", "2:3: expected a literal, found \"x\""),
            (
                "p cnf 2 1\n1 3 0\n",
                "2:3: literal 3 is beyond the 2 declared variables",
            ),
            (
                "p cnf 2 1\n1 2\n",
                "2:1: the last clause does not end with 0",
            ),
            (
                "p cnf 2 2\n1 2 0\n",
                "1:1: the `p` line declares 2 clauses, the file has 1",
            ),
            ("p cnf 2 1\np cnf 2 1\n", "2:1: a second `p` line"),
            ("c fine\n", "1:1: no `p cnf` line"),
            (
                "p cnf 2 0\nc p show 1 x 0\n",
                "2:12: expected a variable in the projection, found \"x\"",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                parse_dimacs(text).unwrap_err().to_string(),
                expected,
                "{text:?}"
            );
        }
    }

    #[test]
    fn comments_and_projection_come_back() {
        let text = "c t pmc\nc x 1 0 0 1\np cnf 3 1\nc p show 1 2 0\n-1 3 0\n";
        let parsed = parse_dimacs(text).unwrap();
        assert_eq!(parsed.comments, vec!["t pmc", "x 1 0 0 1"]);
        assert_eq!(
            parsed.show,
            Some(vec![Var::from_index(0), Var::from_index(1)])
        );
        assert_eq!(parsed.cnf.n_vars(), 3);
    }

    proptest! {
        /// Write, then parse: the same clauses, variables, comments and projection.
        #[test]
        fn round_trip(
            n_vars in 1usize..40,
            clauses in prop::collection::vec(prop::collection::vec((0usize..40, any::<bool>()), 0..6), 0..30),
            show in prop::collection::vec(0usize..40, 0..10),
        ) {
            let mut cnf = Cnf::new();
            cnf.ensure_vars(n_vars);
            for clause in &clauses {
                let lits: Vec<Lit> = clause.iter().map(|&(v, p)| Var::from_index(v % n_vars).lit(p)).collect();
                cnf.add_clause(&lits);
            }
            let comments = vec!["t pmc".to_string(), "x 1 0 0 1".to_string()];
            let show: Vec<Var> = show.iter().map(|&v| Var::from_index(v % n_vars)).collect();
            let header = Header { comments: &comments, show: Some(&show) };
            let parsed = parse_dimacs(&write(&cnf, &header)).unwrap();
            prop_assert_eq!(parsed.cnf, cnf);
            prop_assert_eq!(parsed.comments, comments);
            prop_assert_eq!(parsed.show, Some(show));
        }
    }
}
