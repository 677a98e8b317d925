//! # Graph files
//!
//! Two standard formats for the Hamiltonian cycle problem, read as tours (closed puzzles) of a
//! graph puzzle; vertices are numbered from 1 in both, and in everything pathsat reports.
//!
//! - **TSPLIB HCP** (`.hcp`), below. `TYPE : HPP` asks for a path instead.
//! - **DIMACS graphs** (`.col`, `.dimacs`): `c` comment lines, `p edge V E`, then `e u v` lines.
//!
//! Both may start with a UTF-8 byte-order mark and end their lines with CRLF; columns are
//! counted in characters, after the mark.
//!
//! ## TSPLIB HCP
//!
//! TSPLIB 95 (Reinelt) defines the format; the FHCP challenge set (`graph1.hcp` to
//! `graph1001.hcp`, Haythorpe) and TSPLIB's own HCP instances (`alb1000.hcp` ...) write it so:
//!
//! ```text
//! NAME : alb1000
//! COMMENT : Hamiltonian cycle problem (Erbacci)
//! TYPE : HCP
//! DIMENSION : 1000
//! EDGE_DATA_FORMAT : EDGE_LIST
//! EDGE_DATA_SECTION
//!   1000    593
//!   1000    456
//! -1
//! EOF
//! ```
//!
//! What is read:
//!
//! - **The specification part**: one `KEYWORD : VALUE` per line, with or without spaces or
//!   tabs around the colon (`KEY: VALUE`, `KEY:VALUE`), keywords in any order and in any case.
//!   `NAME` (the puzzle's name; empty, or missing: the file's), `TYPE` (`HCP`, the default, or
//!   `HPP`), `DIMENSION` (the number of vertices) and `EDGE_DATA_FORMAT` (`EDGE_LIST`, the
//!   default, or `ADJ_LIST`) at most once each; `COMMENT` any number of times, its value (colons
//!   and all) ignored. The TSPLIB keywords `EDGE_WEIGHT_TYPE`, `EDGE_WEIGHT_FORMAT`,
//!   `NODE_COORD_TYPE`, `DISPLAY_DATA_TYPE` and `CAPACITY` say nothing about the graph of an HCP
//!   file: they are read and ignored.
//! - **`EDGE_DATA_SECTION`** on a line of its own (a colon after it is allowed), after
//!   `DIMENSION`. The section is a stream of integers, as TSPLIB defines it, however they are
//!   spread over the lines: one edge a line, several, one number a line, with leading spaces or
//!   right-aligned columns. An `EDGE_LIST` is pairs `u v`; an `ADJ_LIST` is lists
//!   `u v1 v2 ... -1`, each edge listed once or every edge in both directions (below). The
//!   section ends with `-1`, which may be left out where the text ends or at `EOF`.
//! - **`EOF`**, optional, on a line of its own; nothing after it is read. Blank lines may come
//!   anywhere.
//!
//! Refused, each at its line and column (the end of the file for what is missing): an unknown
//! keyword, since a misspelt `EDGE_DATA_FORMAT` would read adjacency lists as an edge list; a
//! keyword without its colon; `NAME`, `TYPE`, `DIMENSION` or `EDGE_DATA_FORMAT` twice; a `TYPE`
//! other than `HCP` and `HPP` (`TSP`, `ATSP`, `SOP`, `CVRP` and `TOUR` are named as what they
//! are); the other TSPLIB sections (`NODE_COORD_SECTION`, `FIXED_EDGES_SECTION`, ...), since
//! pathsat reads no coordinates, weights or fixed edges; a missing `DIMENSION` (at the
//! `EDGE_DATA_SECTION` line when that comes first), one that is not a number of 1 to 1,000,000,
//! and a missing `EDGE_DATA_SECTION`. In the section: a token that is not an integer, a vertex
//! outside 1..DIMENSION, an edge list ending in a lone vertex (an odd number of integers), an
//! adjacency list without its `-1` where the text ends, and anything but `EOF` after the `-1`
//! that ends the section.
//!
//! The edges are checked as [`crate::edges`] says.

use crate::edges::{check_edges, MAX_POSITIONS};
use crate::error::{ErrorKind, Location, PuzzleError};
use crate::filling::tokens;
use crate::{CellRule, Expect, Puzzle};

/// A mistake at a line and column (1-based) of the file.
fn at(line: usize, column: usize, message: impl Into<String>) -> PuzzleError {
    PuzzleError::new(ErrorKind::Invalid, Some(Location { line, column }), message)
}

/// The tokens of a line with their 1-based columns (in characters).
fn columns(line: &str) -> Vec<(usize, &str)> {
    tokens(line)
        .into_iter()
        .map(|(offset, t)| (line[..offset].chars().count() + 1, t))
        .collect()
}

/// [`check_edges`] on the edges of a graph file, each with the line and column where it is
/// listed; a problem is an error there.
fn check_file_edges(
    edges: &[(usize, usize)],
    places: &[(usize, usize)],
) -> Result<(), PuzzleError> {
    check_edges(
        edges,
        false,
        |i| format!("{} {}", edges[i].0 + 1, edges[i].1 + 1),
        |i| Some(format!("line {}, column {}", places[i].0, places[i].1)),
    )
    .map_err(|p| at(places[p.index].0, places[p.index].1, p.message))
}

fn graph_puzzle(
    name: String,
    n: usize,
    edges: &[(usize, usize)],
    closed: bool,
) -> Result<Puzzle, PuzzleError> {
    Puzzle::graph(
        name,
        n,
        edges,
        false,
        closed,
        vec![CellRule::Free; n],
        Expect::default(),
    )
    .map_err(|e| PuzzleError::new(ErrorKind::Invalid, None, e.to_string()))
}

fn dimension(value: &str, line: usize, column: usize) -> Result<usize, PuzzleError> {
    let n: usize = value.parse().map_err(|_| {
        at(
            line,
            column,
            format!("expected a number of vertices, found {value:?}"),
        )
    })?;
    if n == 0 || n > MAX_POSITIONS {
        return Err(at(
            line,
            column,
            format!("{n} vertices: pathsat reads graphs of 1 to {MAX_POSITIONS} vertices"),
        ));
    }
    Ok(n)
}

/// A vertex number (from 1) as an index, checked against `n`.
fn vertex(token: &str, n: usize, line: usize, column: usize) -> Result<usize, PuzzleError> {
    match token.parse::<usize>() {
        Ok(v) if (1..=n).contains(&v) => Ok(v - 1),
        Ok(v) => Err(at(line, column, format!("vertex {v} is not in 1..{n}"))),
        Err(_) => Err(at(
            line,
            column,
            format!("expected a vertex number, found {token:?}"),
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// TSPLIB HCP

/// TSPLIB keywords that say nothing about the graph of an HCP file: read and ignored.
const IGNORED_KEYWORDS: [&str; 5] = [
    "EDGE_WEIGHT_TYPE",
    "EDGE_WEIGHT_FORMAT",
    "NODE_COORD_TYPE",
    "DISPLAY_DATA_TYPE",
    "CAPACITY",
];

/// The TSPLIB data sections other than EDGE_DATA_SECTION: refused.
const OTHER_SECTIONS: [&str; 7] = [
    "NODE_COORD_SECTION",
    "DEPOT_SECTION",
    "DEMAND_SECTION",
    "EDGE_WEIGHT_SECTION",
    "FIXED_EDGES_SECTION",
    "DISPLAY_DATA_SECTION",
    "TOUR_SECTION",
];

/// The text without a UTF-8 byte-order mark; lines and columns are counted after it.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The 1-based column (in characters) of the byte `offset` of `line`.
fn column_at(line: &str, offset: usize) -> usize {
    line[..offset].chars().count() + 1
}

/// Where `text` ends: the last line, just past its last character.
fn end_of(text: &str) -> (usize, usize) {
    text.lines()
        .enumerate()
        .last()
        .map_or((1, 1), |(i, line)| (i + 1, line.chars().count() + 1))
}

/// Whether a line is TSPLIB's `EOF`, which ends the file (a colon after it is allowed).
fn is_eof(line: &str) -> bool {
    let word = line.trim();
    let word = word.strip_suffix(':').map_or(word, str::trim_end);
    word.eq_ignore_ascii_case("EOF")
}

/// A line of an HCP file's specification part: `KEYWORD : VALUE`, or a keyword alone.
struct Entry<'a> {
    line: usize,
    /// As written (trimmed), and the column where it starts.
    keyword: &'a str,
    keyword_column: usize,
    /// Whether a colon follows the keyword.
    colon: bool,
    /// Trimmed; the column where it starts (past the end of the line when it is empty).
    value: &'a str,
    value_column: usize,
}

impl<'a> Entry<'a> {
    /// Splits a line at its first colon (a COMMENT may hold more); without a colon, the
    /// keyword is the first word.
    fn new(line: usize, text: &'a str) -> Self {
        let start = text.len() - text.trim_start().len();
        let (keyword, rest, colon) = match text.find(':') {
            Some(c) => (&text[..c], &text[c + 1..], true),
            None => {
                let end = text[start..]
                    .find(char::is_whitespace)
                    .map_or(text.len(), |e| start + e);
                (&text[..end], &text[end..], false)
            }
        };
        let value_start = text.len() - rest.trim_start().len();
        Entry {
            line,
            keyword: keyword.trim(),
            keyword_column: column_at(text, start),
            colon,
            value: rest.trim(),
            value_column: column_at(text, value_start),
        }
    }

    fn keyword_error(&self, message: impl Into<String>) -> PuzzleError {
        at(self.line, self.keyword_column, message)
    }

    fn value_error(&self, message: impl Into<String>) -> PuzzleError {
        at(self.line, self.value_column, message)
    }
}

/// What follows a line of the specification part.
enum Next {
    /// More of the specification.
    Entry,
    /// The EDGE_DATA_SECTION, from the next line on.
    Section,
    /// Nothing: the line is `EOF`.
    Eof,
}

/// What an HCP file's specification part says.
struct HcpSpec {
    name: Option<String>,
    vertices: Option<usize>,
    /// `TYPE : HCP` (the default) rather than `HPP`.
    closed: bool,
    /// `EDGE_DATA_FORMAT : ADJ_LIST` rather than `EDGE_LIST` (the default).
    adjacency_lists: bool,
    /// The keywords given at most once so far, with their lines.
    given: Vec<(&'static str, usize)>,
}

impl HcpSpec {
    /// Reads the specification part up to its EDGE_DATA_SECTION line: the specification and
    /// the number of vertices.
    fn read<'a>(
        lines: &mut impl Iterator<Item = (usize, &'a str)>,
        text: &str,
    ) -> Result<(HcpSpec, usize), PuzzleError> {
        let mut spec = HcpSpec {
            name: None,
            vertices: None,
            closed: true,
            adjacency_lists: false,
            given: Vec::new(),
        };
        for (number, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let entry = Entry::new(number, line);
            match spec.apply(&entry)? {
                Next::Entry => {}
                Next::Section => {
                    let n = spec.vertices.ok_or_else(|| {
                        entry.keyword_error(
                            "EDGE_DATA_SECTION before any DIMENSION line: the number of \
                             vertices comes first",
                        )
                    })?;
                    return Ok((spec, n));
                }
                Next::Eof => return Err(spec.unfinished(entry.line, entry.keyword_column)),
            }
        }
        let (line, column) = end_of(text);
        Err(spec.unfinished(line, column))
    }

    /// The error when the file ends (at `EOF` or the end of the text) before its edges.
    fn unfinished(&self, line: usize, column: usize) -> PuzzleError {
        match self.vertices {
            None => at(
                line,
                column,
                "no DIMENSION line: an HCP file gives its number of vertices as `DIMENSION : N`",
            ),
            Some(_) => at(
                line,
                column,
                "no EDGE_DATA_SECTION: the file ends before the graph's edges",
            ),
        }
    }

    /// Takes in one line of the specification part.
    fn apply(&mut self, entry: &Entry) -> Result<Next, PuzzleError> {
        let keyword = entry.keyword.to_ascii_uppercase();
        match keyword.as_str() {
            "EDGE_DATA_SECTION" | "EOF" => {
                if !entry.value.is_empty() {
                    return Err(entry.value_error(format!(
                        "{keyword} stands alone on its line, found {:?} after it",
                        entry.value
                    )));
                }
                Ok(if keyword == "EOF" {
                    Next::Eof
                } else {
                    Next::Section
                })
            }
            k if OTHER_SECTIONS.contains(&k) => Err(entry.keyword_error(format!(
                "{}: pathsat reads an HCP graph from its EDGE_DATA_SECTION only",
                entry.keyword
            ))),
            "COMMENT" => Self::value_of(entry).map(|_| Next::Entry),
            k if IGNORED_KEYWORDS.contains(&k) => Self::value_of(entry).map(|_| Next::Entry),
            "NAME" => self.set(entry, "NAME", |spec, value| {
                spec.name = (!value.is_empty()).then(|| value.to_string());
                Ok(())
            }),
            "TYPE" => self.set(entry, "TYPE", |spec, _| {
                spec.closed = problem_type(entry)?;
                Ok(())
            }),
            "DIMENSION" => self.set(entry, "DIMENSION", |spec, value| {
                spec.vertices = Some(dimension(value, entry.line, entry.value_column)?);
                Ok(())
            }),
            "EDGE_DATA_FORMAT" => self.set(entry, "EDGE_DATA_FORMAT", |spec, _| {
                spec.adjacency_lists = data_format(entry)?;
                Ok(())
            }),
            _ => Err(unknown_keyword(entry)),
        }
    }

    /// The value of a `KEYWORD : VALUE` line, refusing a keyword without its colon.
    fn value_of<'a>(entry: &Entry<'a>) -> Result<&'a str, PuzzleError> {
        if entry.colon {
            Ok(entry.value)
        } else {
            Err(entry.keyword_error(format!(
                "expected `{} : VALUE`, with a colon after the keyword",
                entry.keyword.to_ascii_uppercase()
            )))
        }
    }

    /// Applies a keyword that may be given once, refusing a second one.
    fn set(
        &mut self,
        entry: &Entry,
        keyword: &'static str,
        apply: impl FnOnce(&mut Self, &str) -> Result<(), PuzzleError>,
    ) -> Result<Next, PuzzleError> {
        if let Some(&(_, first)) = self.given.iter().find(|(k, _)| *k == keyword) {
            return Err(entry.keyword_error(format!(
                "a second {keyword} line (the first is line {first})"
            )));
        }
        let value = Self::value_of(entry)?;
        self.given.push((keyword, entry.line));
        apply(self, value)?;
        Ok(Next::Entry)
    }
}

/// An unknown keyword (or a number before the EDGE_DATA_SECTION) is an error.
fn unknown_keyword(entry: &Entry) -> PuzzleError {
    if entry.keyword.parse::<i64>().is_ok() {
        return entry.keyword_error(format!(
            "found the number {} before EDGE_DATA_SECTION: the edges follow an \
             EDGE_DATA_SECTION line",
            entry.keyword
        ));
    }
    entry.keyword_error(format!(
        "unknown keyword {:?}: an HCP file has NAME, TYPE, COMMENT, DIMENSION and \
         EDGE_DATA_FORMAT lines, then EDGE_DATA_SECTION",
        entry.keyword
    ))
}

/// `TYPE : HCP` asks for a cycle (true), `TYPE : HPP` for a path; the other TSPLIB types
/// are refused, saying what they are.
fn problem_type(entry: &Entry) -> Result<bool, PuzzleError> {
    let what = match entry.value.to_ascii_uppercase().as_str() {
        "HCP" => return Ok(true),
        "HPP" => return Ok(false),
        "TSP" => "a symmetric travelling salesman problem",
        "ATSP" => "an asymmetric travelling salesman problem",
        "SOP" => "a sequential ordering problem",
        "CVRP" => "a capacitated vehicle routing problem",
        "TOUR" => "a tour (a solution), not a graph",
        _ => {
            return Err(entry.value_error(format!(
                "unknown TYPE {:?}: pathsat reads HCP (Hamiltonian cycle) and HPP \
                 (Hamiltonian path) files",
                entry.value
            )))
        }
    };
    Err(entry.value_error(format!(
        "TYPE {} is {what}: pathsat reads HCP (Hamiltonian cycle) and HPP (Hamiltonian path) \
         files",
        entry.value
    )))
}

/// `EDGE_DATA_FORMAT : ADJ_LIST` (true) or `EDGE_LIST`.
fn data_format(entry: &Entry) -> Result<bool, PuzzleError> {
    match entry.value.to_ascii_uppercase().as_str() {
        "EDGE_LIST" => Ok(false),
        "ADJ_LIST" => Ok(true),
        _ => Err(entry.value_error(format!(
            "EDGE_DATA_FORMAT {:?}: expected EDGE_LIST or ADJ_LIST",
            entry.value
        ))),
    }
}

/// A token of the EDGE_DATA_SECTION, with its line and column.
#[derive(Clone, Copy)]
struct Token<'a> {
    line: usize,
    column: usize,
    text: &'a str,
}

impl Token<'_> {
    fn error(&self, message: impl Into<String>) -> PuzzleError {
        at(self.line, self.column, message)
    }
}

/// A number of the EDGE_DATA_SECTION.
enum Number {
    /// A vertex, from 0.
    Vertex(usize),
    /// The -1 that ends a list.
    End,
}

/// Whether a token is written as an integer (digits, with a sign or not).
fn is_integer(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The EDGE_DATA_SECTION as TSPLIB reads it: a stream of integers, however they are spread
/// over the lines, up to an `EOF` line or the end of the text.
struct Section<'a> {
    tokens: std::vec::IntoIter<Token<'a>>,
    vertices: usize,
}

impl<'a> Section<'a> {
    fn new(lines: impl Iterator<Item = (usize, &'a str)>, vertices: usize) -> Self {
        let tokens: Vec<Token> = lines
            .take_while(|&(_, line)| !is_eof(line))
            .flat_map(|(line, text)| {
                columns(text)
                    .into_iter()
                    .map(move |(column, text)| Token { line, column, text })
            })
            .collect();
        Section {
            tokens: tokens.into_iter(),
            vertices,
        }
    }

    /// The next number, with its token; `None` where the section's text ends.
    fn next(&mut self) -> Result<Option<(Token<'a>, Number)>, PuzzleError> {
        let Some(token) = self.tokens.next() else {
            return Ok(None);
        };
        let n = self.vertices;
        if !is_integer(token.text) {
            return Err(token.error(format!(
                "expected a vertex number or -1, found {:?}",
                token.text
            )));
        }
        match token.text.parse::<i64>() {
            Ok(-1) => Ok(Some((token, Number::End))),
            Ok(v) if v >= 1 && v <= n as i64 => Ok(Some((token, Number::Vertex(v as usize - 1)))),
            _ => Err(token.error(format!("vertex {} is not in 1..{n}", token.text))),
        }
    }

    /// Checks that nothing but `EOF` follows the -1 that ends the section.
    fn finish(mut self) -> Result<(), PuzzleError> {
        match self.tokens.next() {
            None => Ok(()),
            Some(token) => Err(token.error(format!(
                "found {:?} after the -1 that ends the EDGE_DATA_SECTION: only EOF may follow it",
                token.text
            ))),
        }
    }
}

/// Edges (from 0) in listing order, each with the line and column where it is listed.
#[derive(Default)]
struct Listing {
    edges: Vec<(usize, usize)>,
    places: Vec<(usize, usize)>,
}

impl Listing {
    fn push(&mut self, u: usize, v: usize, at: &Token) {
        self.edges.push((u, v));
        self.places.push((at.line, at.column));
    }
}

/// An EDGE_LIST: pairs `u v`, up to -1 or the end of the section.
fn read_edge_list(section: &mut Section) -> Result<Listing, PuzzleError> {
    let mut listing = Listing::default();
    while let Some((first, Number::Vertex(u))) = section.next()? {
        match section.next()? {
            Some((_, Number::Vertex(v))) => listing.push(u, v, &first),
            _ => {
                return Err(first.error(format!(
                    "vertex {} has no partner: an EDGE_LIST is pairs of vertices, and this one \
                     ends after an odd number of them",
                    u + 1
                )))
            }
        }
    }
    Ok(listing)
}

/// An ADJ_LIST: lists `u v1 v2 ... -1`, up to another -1 or the end of the section.
fn read_adjacency_lists(section: &mut Section) -> Result<Listing, PuzzleError> {
    let mut listing = Listing::default();
    while let Some((head, Number::Vertex(u))) = section.next()? {
        loop {
            match section.next()? {
                Some((_, Number::End)) => break,
                Some((neighbour, Number::Vertex(v))) => listing.push(u, v, &neighbour),
                None => {
                    return Err(head.error(format!(
                        "the adjacency list of vertex {} does not end with -1",
                        u + 1
                    )))
                }
            }
        }
    }
    Ok(listing)
}

/// Reads a TSPLIB HCP (or HPP) file, in the variants of the module documentation; the name
/// defaults to `default_name`.
///
/// # Errors
/// A [`PuzzleError`] with the line and column of the first mistake.
pub fn parse_hcp(text: &str, default_name: &str) -> Result<Puzzle, PuzzleError> {
    let text = without_bom(text);
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let (spec, n) = HcpSpec::read(&mut lines, text)?;
    let mut section = Section::new(lines, n);
    let listing = if spec.adjacency_lists {
        read_adjacency_lists(&mut section)?
    } else {
        read_edge_list(&mut section)?
    };
    section.finish()?;
    check_file_edges(&listing.edges, &listing.places)?;
    graph_puzzle(
        spec.name.unwrap_or_else(|| default_name.to_string()),
        n,
        &listing.edges,
        spec.closed,
    )
}

// ---------------------------------------------------------------------------------------------
// DIMACS graphs

/// Reads a DIMACS graph (`p edge V E`, `e u v`) as a Hamiltonian cycle problem.
///
/// # Errors
/// A [`PuzzleError`] with the line and column of the first mistake.
pub fn parse_dimacs_graph(text: &str, default_name: &str) -> Result<Puzzle, PuzzleError> {
    let text = without_bom(text);
    let mut n: Option<usize> = None;
    let mut edges = Vec::new();
    let mut places = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let parts = columns(line);
        match parts.first().map(|&(_, t)| t) {
            None | Some("c") => {}
            Some("p") => {
                if n.is_some() {
                    return Err(at(number, 1, "a second `p` line"));
                }
                match parts.as_slice() {
                    [_, (_, "edge" | "col"), (c, v), (ce, e)] => {
                        n = Some(dimension(v, number, *c)?);
                        if e.parse::<usize>().is_err() {
                            return Err(at(
                                number,
                                *ce,
                                format!("expected a number of edges, found {e:?}"),
                            ));
                        }
                    }
                    [_, (c, other), _, _] if !matches!(*other, "edge" | "col") => {
                        return Err(at(
                            number,
                            *c,
                            format!("expected `p edge VERTICES EDGES`, found the format {other:?}"),
                        ))
                    }
                    _ => return Err(at(number, 1, "expected `p edge VERTICES EDGES`")),
                }
            }
            Some("e") => {
                let Some(n) = n else {
                    return Err(at(number, 1, "an edge before the `p edge` line"));
                };
                match parts.as_slice() {
                    [_, (cu, u), (cv, v)] => {
                        edges.push((vertex(u, n, number, *cu)?, vertex(v, n, number, *cv)?));
                        places.push((number, *cu));
                    }
                    _ => return Err(at(number, 1, "expected `e U V`")),
                }
            }
            Some(other) => {
                return Err(at(
                    number,
                    1,
                    format!("unexpected line starting {other:?}: expected `c`, `p` or `e`"),
                ))
            }
        }
    }
    let n = n.ok_or_else(|| PuzzleError::new(ErrorKind::Invalid, None, "no `p edge` line"))?;
    check_file_edges(&edges, &places)?;
    graph_puzzle(default_name.to_string(), n, &edges, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `LINE:COLUMN: message`, or the message alone.
    fn shown(e: &PuzzleError) -> String {
        match e.location() {
            Some(l) => format!("{}:{}: {}", l.line, l.column, e.message()),
            None => e.message().to_string(),
        }
    }

    const PETERSEN_EDGES: &str =
        "1 2\n2 3\n3 4\n4 5\n5 1\n1 6\n2 7\n3 8\n4 9\n5 10\n6 8\n8 10\n10 7\n7 9\n9 6\n";

    /// The undirected edges of a graph puzzle, numbered from 1 (smaller end first), sorted:
    /// read back from its successors.
    fn edges_of(p: &Puzzle) -> Vec<(usize, usize)> {
        let mut edges: Vec<(usize, usize)> = (0..p.n_cells())
            .flat_map(|u| {
                p.successors(u)
                    .iter()
                    .map(move |&v| (u.min(v) + 1, u.max(v) + 1))
            })
            .collect();
        edges.sort_unstable();
        edges.dedup();
        edges
    }

    /// Reads `text` as an HCP file and checks its graph: the number of vertices and the edges
    /// (numbered from 1, in any order and direction).
    fn hcp_graph(text: &str, vertices: usize, edges: &[(usize, usize)]) -> Puzzle {
        let p = parse_hcp(text, "file").unwrap_or_else(|e| panic!("{text:?}: {}", shown(&e)));
        let mut expected: Vec<(usize, usize)> =
            edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
        expected.sort_unstable();
        assert_eq!(p.n_cells(), vertices, "{text:?}");
        assert_eq!(edges_of(&p), expected, "{text:?}");
        assert_eq!(
            p.moves().arcs().unwrap().n_edges(),
            expected.len(),
            "{text:?}"
        );
        assert!(p.is_graph());
        p
    }

    /// The error of an HCP file, as `LINE:COLUMN: message`.
    fn hcp_error(text: &str) -> String {
        match parse_hcp(text, "x") {
            Ok(_) => panic!("{text:?} was read"),
            Err(e) => shown(&e),
        }
    }

    /// The FHCP challenge set's own example (its "Envelope graph"), as its web page shows it.
    const ENVELOPE: &str = "NAME : Envelope graph
COMMENT : Example 6-vertex graph with HCs 1-2-3-6-5-4-1, 1-2-6-3-4-5-1 and 1-4-5-6-3-2-1
TYPE : HCP
DIMENSION : 6
EDGE_DATA_FORMAT : EDGE_LIST
EDGE_DATA_SECTION
1 2
1 4
1 5
2 3
2 6
3 4
3 6
4 5
5 6
-1
EOF
";
    const ENVELOPE_EDGES: [(usize, usize); 9] = [
        (1, 2),
        (1, 4),
        (1, 5),
        (2, 3),
        (2, 6),
        (3, 4),
        (3, 6),
        (4, 5),
        (5, 6),
    ];

    /// A 4-cycle with a chord, the graph of the variants below.
    const CHORDED: [(usize, usize); 5] = [(1, 2), (2, 3), (3, 4), (4, 1), (1, 3)];
    const CHORDED_SECTION: &str = "1 2\n2 3\n3 4\n4 1\n1 3\n-1\n";

    #[test]
    fn hcp_as_the_fhcp_challenge_set_writes_it() {
        let p = hcp_graph(ENVELOPE, 6, &ENVELOPE_EDGES);
        assert_eq!((p.name(), p.is_closed()), ("Envelope graph", true));
        assert_eq!(p.successors(0), &[1, 3, 4]);
    }

    #[test]
    fn hcp_as_tsplib_writes_it() {
        // alb1000.hcp and its kin: a comment ending in a space, right-aligned columns.
        let text = "NAME : alb4\nCOMMENT : Hamiltonian cycle problem (Erbacci) \nTYPE : HCP\n\
                    DIMENSION : 4\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n\
                    \x20    4      3\n     4      1\n     3      2\n     3      1\n     2      1\n\
                    -1\nEOF\n";
        let p = hcp_graph(text, 4, &CHORDED);
        assert_eq!(p.name(), "alb4");
    }

    #[test]
    fn hcp_keywords_with_any_spacing_order_and_case() {
        let headers = [
            // KEY: VALUE, KEY:VALUE, tabs and extra spaces around the colon.
            "NAME: t\nTYPE: HCP\nDIMENSION: 4\nEDGE_DATA_FORMAT: EDGE_LIST\nEDGE_DATA_SECTION\n",
            "NAME:t\nTYPE:HCP\nDIMENSION:4\nEDGE_DATA_FORMAT:EDGE_LIST\nEDGE_DATA_SECTION\n",
            "  NAME \t:\t t  \nTYPE  :   HCP\t\n\tDIMENSION\t: 4 \nEDGE_DATA_SECTION  \n",
            // Any order: DIMENSION first, NAME last; EDGE_DATA_FORMAT and TYPE left out.
            "DIMENSION : 4\nNAME : t\nEDGE_DATA_SECTION\n",
            "EDGE_DATA_FORMAT : EDGE_LIST\nDIMENSION : 4\nTYPE : HCP\nNAME : t\nEDGE_DATA_SECTION\n",
            // Keywords and values in any case.
            "name : t\ntype : hcp\ndimension : 4\nedge_data_format : edge_list\nedge_data_section\n",
            // A colon after EDGE_DATA_SECTION, as TSPLIB's documentation writes the sections.
            "NAME : t\nDIMENSION : 4\nEDGE_DATA_SECTION :\n",
            // TSPLIB keywords that say nothing about the graph.
            "NAME : t\nTYPE : HCP\nDIMENSION : 4\nEDGE_WEIGHT_TYPE : EXPLICIT\n\
             EDGE_WEIGHT_FORMAT : FUNCTION\nNODE_COORD_TYPE : NO_COORDS\n\
             DISPLAY_DATA_TYPE : NO_DISPLAY\nCAPACITY : 10\nEDGE_DATA_SECTION\n",
        ];
        for header in headers {
            let p = hcp_graph(&format!("{header}{CHORDED_SECTION}EOF\n"), 4, &CHORDED);
            assert_eq!((p.name(), p.is_closed()), ("t", true), "{header:?}");
        }
    }

    #[test]
    fn hcp_comments_any_number_of_them_with_colons() {
        let text = "COMMENT : first: before the name\nNAME : t\nCOMMENT: second: a: b: c\n\
                    COMMENT :\nCOMMENT:TYPE : TSP\nTYPE : HCP\nDIMENSION : 4\n\
                    COMMENT : after DIMENSION, 1 2 -1\nEDGE_DATA_SECTION\n";
        let p = hcp_graph(&format!("{text}{CHORDED_SECTION}EOF\n"), 4, &CHORDED);
        assert_eq!((p.name(), p.is_closed()), ("t", true));
    }

    #[test]
    fn hcp_with_crlf_line_ends_and_a_byte_order_mark() {
        let crlf = ENVELOPE.replace('\n', "\r\n");
        for text in [
            crlf.clone(),
            format!("\u{feff}{ENVELOPE}"),
            format!("\u{feff}{crlf}"),
        ] {
            let p = hcp_graph(&text, 6, &ENVELOPE_EDGES);
            assert_eq!(p.name(), "Envelope graph");
        }
        // Columns are counted after the mark, and without the carriage return.
        assert_eq!(
            hcp_error("\u{feff}DIMENSION : x\r\n"),
            "1:13: expected a number of vertices, found \"x\""
        );
        assert_eq!(
            hcp_error("\u{feff}DIMENSION : 3\r\n"),
            "1:14: no EDGE_DATA_SECTION: the file ends before the graph's edges"
        );
        // DIMACS graphs too.
        let col = "\u{feff}c a triangle\r\np edge 3 3\r\ne 1 2\r\ne 2 3\r\ne 3 1\r\n";
        assert_eq!(parse_dimacs_graph(col, "x").unwrap().n_cells(), 3);
    }

    #[test]
    fn hcp_edge_lists_are_streams_of_integers() {
        let sections = [
            // All on one line.
            "1 2 2 3 3 4 4 1 1 3 -1\n",
            // One number a line.
            "1\n2\n2\n3\n3\n4\n4\n1\n1\n3\n-1\n",
            // Edges split over lines, several on a line, the -1 at the end of one.
            "1\n2 2\n3 3 4\n4 1 1 3 -1\n",
            // Leading spaces and tabs, blank lines, right-aligned columns.
            "\n  1  2\n\t2\t3\n\n   3    4\n   4    1\n   1    3\n\n -1\n",
        ];
        for section in sections {
            let text = format!("DIMENSION : 4\nEDGE_DATA_SECTION\n{section}EOF\n");
            hcp_graph(&text, 4, &CHORDED);
        }
    }

    #[test]
    fn hcp_with_or_without_the_final_minus_one_and_eof() {
        let edges = "1 2\n2 3\n3 4\n4 1\n1 3\n";
        let endings = [
            "-1\nEOF\n",
            // No newline after EOF; trailing blank lines; blank lines before EOF.
            "-1\nEOF",
            "-1\nEOF\n\n\n",
            "-1\n\n  \nEOF\n",
            // No EOF.
            "-1\n",
            "-1",
            // No -1: the section ends at EOF, or where the text ends.
            "EOF\n",
            "",
            "\n\n",
            // EOF in any case, with a colon; nothing after it is read.
            "-1\neof\n",
            "-1\nEOF :\n",
            "-1\nEOF\nanything at all: 7 7 -1 x\n",
        ];
        for ending in endings {
            let text = format!("DIMENSION : 4\nEDGE_DATA_SECTION\n{edges}{ending}");
            hcp_graph(&text, 4, &CHORDED);
        }
    }

    #[test]
    fn hcp_adjacency_lists() {
        let header = "NAME : adj\nTYPE : HCP\nDIMENSION : 4\nEDGE_DATA_FORMAT : ADJ_LIST\n\
                      EDGE_DATA_SECTION\n";
        let sections = [
            // One list a line, each edge once; a vertex with an empty list, or with none.
            "1 2 4 3 -1\n2 3 -1\n3 4 -1\n4 -1\n-1\nEOF\n",
            "1 2 4 3 -1\n2 3 -1\n3 4 -1\n-1\nEOF\n",
            // Lists spread over lines, and two on one line.
            "1\n2\n4\n3\n-1\n2 3 -1 3\n4 -1\n-1\nEOF\n",
            // The final -1 left out, at EOF or where the text ends.
            "1 2 4 3 -1\n2 3 -1\n3 4 -1\nEOF\n",
            "1 2 4 3 -1\n2 3 -1\n3 4 -1\n",
            // Every edge in both directions: each vertex's whole neighbourhood.
            "1 2 3 4 -1\n2 1 3 -1\n3 1 2 4 -1\n4 1 3 -1\n-1\nEOF\n",
        ];
        for section in sections {
            let p = hcp_graph(&format!("{header}{section}"), 4, &CHORDED);
            assert_eq!((p.name(), p.is_closed()), ("adj", true), "{section:?}");
        }
    }

    #[test]
    fn hcp_paths_and_default_names() {
        let p = hcp_graph(
            &format!("TYPE : HPP\nDIMENSION : 4\nEDGE_DATA_SECTION\n{CHORDED_SECTION}"),
            4,
            &CHORDED,
        );
        assert_eq!((p.name(), p.is_closed()), ("file", false));
        let p = hcp_graph(
            &format!("NAME :\nDIMENSION : 4\nEDGE_DATA_SECTION\n{CHORDED_SECTION}"),
            4,
            &CHORDED,
        );
        assert_eq!(p.name(), "file");
    }

    #[test]
    fn hcp_mistakes_in_the_specification_say_where() {
        let reads = ": pathsat reads HCP (Hamiltonian cycle) and HPP (Hamiltonian path) files";
        let unknown = "an HCP file has NAME, TYPE, COMMENT, DIMENSION and EDGE_DATA_FORMAT \
                       lines, then EDGE_DATA_SECTION";
        let cases = [
            (
                "NAME : x\nTYPE : TSP\nDIMENSION : 3\n",
                format!("2:8: TYPE TSP is a symmetric travelling salesman problem{reads}"),
            ),
            (
                "TYPE:ATSP\n",
                format!("1:6: TYPE ATSP is an asymmetric travelling salesman problem{reads}"),
            ),
            (
                "TYPE : TOUR\n",
                format!("1:8: TYPE TOUR is a tour (a solution), not a graph{reads}"),
            ),
            (
                "TYPE : HCP_DIRECTED\n",
                format!("1:8: unknown TYPE \"HCP_DIRECTED\"{reads}"),
            ),
            ("TYPE :\n", format!("1:7: unknown TYPE \"\"{reads}")),
            (
                "DIMENSION : x\n",
                "1:13: expected a number of vertices, found \"x\"".to_string(),
            ),
            (
                "DIMENSION : -3\n",
                "1:13: expected a number of vertices, found \"-3\"".to_string(),
            ),
            (
                "DIMENSION : 0\n",
                "1:13: 0 vertices: pathsat reads graphs of 1 to 1000000 vertices".to_string(),
            ),
            (
                "DIMENSION : 3\nEDGE_DATA_FORMAT : FULL_MATRIX\n",
                "2:20: EDGE_DATA_FORMAT \"FULL_MATRIX\": expected EDGE_LIST or ADJ_LIST"
                    .to_string(),
            ),
            (
                "NAME : x\nDIMENSION : 3\nDIMENSION : 4\n",
                "3:1: a second DIMENSION line (the first is line 2)".to_string(),
            ),
            (
                "TYPE : HCP\n\n  type : HPP\n",
                "3:3: a second TYPE line (the first is line 1)".to_string(),
            ),
            (
                "COLOUR : red\n",
                format!("1:1: unknown keyword \"COLOUR\": {unknown}"),
            ),
            (
                // Misspelt, it would have read the lists as edges.
                "DIMENSION : 3\nEDGE_DATA_FORMT : ADJ_LIST\n",
                format!("2:1: unknown keyword \"EDGE_DATA_FORMT\": {unknown}"),
            ),
            (
                "NAME graph1\n",
                "1:1: expected `NAME : VALUE`, with a colon after the keyword".to_string(),
            ),
            (
                "  DIMENSION 3\n",
                "1:3: expected `DIMENSION : VALUE`, with a colon after the keyword".to_string(),
            ),
            (
                "DIMENSION : 3\n1 2\n",
                "2:1: found the number 1 before EDGE_DATA_SECTION: the edges follow an \
                 EDGE_DATA_SECTION line"
                    .to_string(),
            ),
            (
                "DIMENSION : 3\nNODE_COORD_SECTION\n1 0 0\n",
                "2:1: NODE_COORD_SECTION: pathsat reads an HCP graph from its EDGE_DATA_SECTION \
                 only"
                    .to_string(),
            ),
            (
                "DIMENSION : 3\nEDGE_DATA_SECTION 1 2\n",
                "2:19: EDGE_DATA_SECTION stands alone on its line, found \"1 2\" after it"
                    .to_string(),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(hcp_error(text), expected, "{text:?}");
        }
    }

    #[test]
    fn hcp_missing_dimension_or_section_is_an_error_where_the_file_ends() {
        let no_dimension =
            "no DIMENSION line: an HCP file gives its number of vertices as `DIMENSION : N`";
        let no_section = "no EDGE_DATA_SECTION: the file ends before the graph's edges";
        let cases = [
            ("", format!("1:1: {no_dimension}")),
            ("NAME : x\n", format!("1:9: {no_dimension}")),
            (
                "NAME : x\nEOF\nDIMENSION : 3\n",
                format!("2:1: {no_dimension}"),
            ),
            (
                "NAME : x\nEDGE_DATA_SECTION\n1 2\n-1\n",
                "2:1: EDGE_DATA_SECTION before any DIMENSION line: the number of vertices \
                 comes first"
                    .to_string(),
            ),
            ("DIMENSION : 3\n", format!("1:14: {no_section}")),
            ("DIMENSION : 3\n\n\n", format!("3:1: {no_section}")),
            ("DIMENSION : 3\n  EOF\n", format!("2:3: {no_section}")),
        ];
        for (text, expected) in cases {
            assert_eq!(hcp_error(text), expected, "{text:?}");
        }
    }

    #[test]
    fn hcp_mistakes_in_the_edge_data_section_say_where() {
        let edges = "DIMENSION : 3\nEDGE_DATA_SECTION\n";
        let adjacency = "DIMENSION : 3\nEDGE_DATA_FORMAT : ADJ_LIST\nEDGE_DATA_SECTION\n";
        let odd = "has no partner: an EDGE_LIST is pairs of vertices, and this one ends after an \
                   odd number of them";
        let after = "after the -1 that ends the EDGE_DATA_SECTION: only EOF may follow it";
        let cases = [
            (
                edges,
                "1 2\n2 4\n-1\n",
                "4:3: vertex 4 is not in 1..3".to_string(),
            ),
            (
                edges,
                "1 2\n0 3\n-1\n",
                "4:1: vertex 0 is not in 1..3".to_string(),
            ),
            (
                edges,
                "1 2\n3 -2\n-1\n",
                "4:3: vertex -2 is not in 1..3".to_string(),
            ),
            (
                edges,
                "1 99999999999999999999999\n",
                "3:3: vertex 99999999999999999999999 is not in 1..3".to_string(),
            ),
            (
                edges,
                "1 2\n2 x\n-1\n",
                "4:3: expected a vertex number or -1, found \"x\"".to_string(),
            ),
            (
                edges,
                "1 2\n 2 3.0\n-1\n",
                "4:4: expected a vertex number or -1, found \"3.0\"".to_string(),
            ),
            (
                // A keyword before the -1 is taken for a number.
                edges,
                "1 2\nEDGE_DATA_FORMAT : ADJ_LIST\n",
                "4:1: expected a vertex number or -1, found \"EDGE_DATA_FORMAT\"".to_string(),
            ),
            // An odd number of integers: the lone vertex, before -1 or the end of the text.
            (
                edges,
                "1 2\n2 3\n3\n-1\nEOF\n",
                format!("5:1: vertex 3 {odd}"),
            ),
            (edges, "1 2 2 3 3\n", format!("3:9: vertex 3 {odd}")),
            (
                edges,
                "1 2\n2 3\n  3\nEOF\n",
                format!("5:3: vertex 3 {odd}"),
            ),
            // Anything but EOF after the -1.
            (
                edges,
                "1 2\n2 3\n-1 3 1\n",
                format!("5:4: found \"3\" {after}"),
            ),
            (
                edges,
                "1 2\n-1\n\nFIXED_EDGES_SECTION\n1 2\n-1\nEOF\n",
                format!("6:1: found \"FIXED_EDGES_SECTION\" {after}"),
            ),
            (
                adjacency,
                "1 2 3 -1\n2 3\n",
                "5:1: the adjacency list of vertex 2 does not end with -1".to_string(),
            ),
            (
                adjacency,
                "1 2 3 -1\n2 4 -1\n-1\n",
                "5:3: vertex 4 is not in 1..3".to_string(),
            ),
            (
                adjacency,
                "1 2 3 -1\n-1\n2 3 -1\n",
                format!("6:1: found \"2\" {after}"),
            ),
        ];
        for (header, section, expected) in cases {
            let text = format!("{header}{section}");
            assert_eq!(hcp_error(&text), expected, "{text:?}");
        }
    }

    #[test]
    fn self_loops_are_errors_at_their_edge() {
        let edges = "DIMENSION : 3\nEDGE_DATA_SECTION\n1 2\n 2 3\n3 1\n  3 3\n-1\n";
        let e = shown(&parse_hcp(edges, "x").unwrap_err());
        assert!(e.starts_with("6:3: edge 3 3 is a self-loop"), "{e}");
        let adj = "DIMENSION : 3\nEDGE_DATA_FORMAT : ADJ_LIST\nEDGE_DATA_SECTION\n1 2 3 -1\n2 3  2 -1\n-1\n";
        let e = shown(&parse_hcp(adj, "x").unwrap_err());
        assert!(e.starts_with("5:6: edge 2 2 is a self-loop"), "{e}");
        let col = "p edge 3 4\ne 1 2\ne 2 3\ne 3 1\ne 1 1\n";
        let e = shown(&parse_dimacs_graph(col, "x").unwrap_err());
        assert!(e.starts_with("5:3: edge 1 1 is a self-loop"), "{e}");
    }

    #[test]
    fn edges_listed_twice_are_errors_unless_every_edge_is_listed_both_ways() {
        // The same edge twice in one direction: at the second listing, naming the first.
        let col = "p edge 3 4\ne 1 2\ne 2 3\ne 3 1\ne 2 3\n";
        let e = shown(&parse_dimacs_graph(col, "x").unwrap_err());
        assert_eq!(
            e,
            "5:3: edge 2 3 is listed twice, first at line 3, column 3"
        );
        // Some edges in both directions, others in one: refused.
        let col = "p edge 3 4\ne 1 2\ne 2 3\ne 3 1\ne 3 2\n";
        let e = shown(&parse_dimacs_graph(col, "x").unwrap_err());
        assert!(
            e.starts_with("5:3: edge 3 2 is listed twice, first as 2 3 at line 3, column 3: list each edge once, or every edge in both directions"),
            "{e}"
        );
        let adj = "DIMENSION : 3\nEDGE_DATA_FORMAT : ADJ_LIST\nEDGE_DATA_SECTION\n1 2 3 -1\n2 1 3 -1\n-1\n";
        let e = shown(&parse_hcp(adj, "x").unwrap_err());
        assert!(
            e.starts_with("5:3: edge 2 1 is listed twice, first as 1 2 at line 4, column 3"),
            "{e}"
        );
        // Every edge once each way (adjacency lists of both ends; DIMACS files such as
        // queen5_5.col): the graph of those edges, the same as listing each once.
        let adj = "DIMENSION : 3\nEDGE_DATA_FORMAT : ADJ_LIST\nEDGE_DATA_SECTION\n1 2 3 -1\n2 1 3 -1\n3 1 2 -1\n-1\n";
        let both = parse_hcp(adj, "x").unwrap();
        let once = parse_hcp("DIMENSION : 3\nEDGE_DATA_SECTION\n1 2\n2 3\n3 1\n-1\n", "x").unwrap();
        assert_eq!(both.moves().arcs().unwrap().n_edges(), 3);
        for v in 0..3 {
            assert_eq!(both.successors(v), once.successors(v));
        }
        let mut col = String::from("p edge 10 30\n");
        for line in PETERSEN_EDGES.lines() {
            let (u, v) = line.split_once(' ').unwrap();
            col.push_str(&format!("e {u} {v}\ne {v} {u}\n"));
        }
        let p = parse_dimacs_graph(&col, "petersen").unwrap();
        assert_eq!(p.moves().arcs().unwrap().n_edges(), 15);
        // Both ways, and one of them twice: the repeat is still an error.
        col.push_str("e 1 2\n");
        let e = shown(&parse_dimacs_graph(&col, "x").unwrap_err());
        assert!(
            e.starts_with("32:3: edge 1 2 is listed twice, first at line 2, column 3"),
            "{e}"
        );
    }

    #[test]
    fn dimacs_graphs() {
        let mut text = String::from("c the Petersen graph\np edge 10 15\n");
        for line in PETERSEN_EDGES.lines() {
            text.push_str(&format!("e {line}\n"));
        }
        let p = parse_dimacs_graph(&text, "petersen").unwrap();
        assert_eq!((p.n_cells(), p.is_closed()), (10, true));
        for (text, expected) in [
            ("e 1 2\n", "1:1: an edge before"),
            ("p edge 3 1\ne 1 5\n", "2:5: vertex 5 is not in 1..3"),
            ("p edge 3\n", "1:1: expected `p edge VERTICES EDGES`"),
            (
                "p edge 3 x\n",
                "1:10: expected a number of edges, found \"x\"",
            ),
            (
                "p graph 3 2\n",
                "1:3: expected `p edge VERTICES EDGES`, found the format \"graph\"",
            ),
            ("p edge 3 1\nx 1 2\n", "2:1: unexpected line"),
            ("c nothing\n", "no `p edge` line"),
        ] {
            let e = shown(&parse_dimacs_graph(text, "x").unwrap_err());
            assert!(e.contains(expected), "{text:?}: {e}");
        }
    }
}
