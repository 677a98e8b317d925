//! # Graph files
//!
//! Standard formats for the Hamiltonian cycle problem, read as tours (closed puzzles) of a
//! graph puzzle; vertices are numbered from 1 in everything pathsat reports (graph6 and sparse6
//! number them from 0 inside the line, which nobody reads by eye).
//!
//! - **TSPLIB HCP** (`.hcp`), below. `TYPE : HPP` asks for a path instead.
//! - **DIMACS graphs** (`.col`, `.dimacs`): `c` comment lines, `p edge V E`, then `e u v` lines.
//! - **nauty's graph6 and sparse6** (`.g6`, `.s6`): one graph, one line (`graph6.rs`).
//!
//! All may start with a UTF-8 byte-order mark and end their lines with CRLF; columns are
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

mod dimacs;
mod graph6;
mod hcp;

use crate::edges::{check_edges, MAX_POSITIONS};
use crate::error::{ErrorKind, Location, PuzzleError};
use crate::text::tokens;
use crate::{CellRule, Expect, Puzzle};
pub(crate) use dimacs::parse_dimacs_graph;
pub(crate) use graph6::parse_graph6;
pub(crate) use hcp::parse_hcp;

/// A mistake at a line and column (1-based) of the file.
pub(super) fn at(line: usize, column: usize, message: impl Into<String>) -> PuzzleError {
    PuzzleError::new(ErrorKind::Invalid, Some(Location { line, column }), message)
}

/// The tokens of a line with their 1-based columns (in characters).
pub(super) fn columns(line: &str) -> Vec<(usize, &str)> {
    tokens(line)
        .into_iter()
        .map(|(offset, t)| (line[..offset].chars().count() + 1, t))
        .collect()
}

/// [`check_edges`] on the edges of a graph file, each with the line and column where it is
/// listed; a problem is an error there.
pub(super) fn check_file_edges(
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

pub(super) fn graph_puzzle(
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

pub(super) fn dimension(value: &str, line: usize, column: usize) -> Result<usize, PuzzleError> {
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
pub(super) fn vertex(
    token: &str,
    n: usize,
    line: usize,
    column: usize,
) -> Result<usize, PuzzleError> {
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

/// The text without a UTF-8 byte-order mark; lines and columns are counted after it.
pub(super) fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
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
