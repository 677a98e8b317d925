//! TSPLIB HCP files (the FHCP Challenge Set's format): the specification part, then an
//! `EDGE_DATA_SECTION` of edge lists or adjacency lists (see the module docs of
//! [`super`] for what is read and what is refused).

use super::{at, check_file_edges, columns, dimension, graph_puzzle, without_bom};
use crate::error::PuzzleError;
use crate::Puzzle;

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
