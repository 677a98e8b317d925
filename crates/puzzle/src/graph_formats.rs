//! # Graph files
//!
//! Two standard formats for the Hamiltonian cycle problem, read as tours (closed puzzles) of a
//! graph puzzle; vertices are numbered from 1 in both, and in everything pathsat reports.
//!
//! - **TSPLIB HCP** (`.hcp`), as in the FHCP challenge set: `KEY : VALUE` lines (`NAME`, `TYPE :
//!   HCP`, `DIMENSION`, `EDGE_DATA_FORMAT : EDGE_LIST` or `ADJ_LIST`, `COMMENT`), then
//!   `EDGE_DATA_SECTION` with the edges as pairs `u v` ended by `-1` (or, for `ADJ_LIST`, lines
//!   `u v1 v2 ... -1` ended by another `-1`), then `EOF`. `TYPE : HPP` asks for a path instead.
//! - **DIMACS graphs** (`.col`, `.dimacs`): `c` comment lines, `p edge V E`, then `e u v` lines.
//!
//! Every mistake is reported at its line and column. The edges are checked as they are listed
//! (here and in a puzzle file's `[graph]` table, see [`check_edges`]):
//!
//! - a **self-loop** (`u u`) is an error: no path or cycle through distinct vertices uses one,
//!   so it can only be a slip;
//! - an edge **listed twice** is an error at its second listing, naming the first, with one
//!   exception: an undirected graph whose every edge is listed exactly twice, once in each
//!   direction, is read as those edges. That is how adjacency lists (TSPLIB `ADJ_LIST`, where
//!   each vertex's line may name all its neighbours) and some DIMACS graph files (the
//!   `queen*.col` instances, for example) are written. A listing that repeats some edges and
//!   not others, or repeats one in the same direction, is refused rather than silently merged:
//!   a Hamiltonicity answer about a graph other than the one meant would look like any other.

use crate::error::{ErrorKind, Location, PuzzleError};
use crate::filling::tokens;
use crate::parse::MAX_POSITIONS;
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

/// Why a listing of edges is refused: the index of the offending edge, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EdgeProblem {
    /// The edge at fault, in listing order.
    pub index: usize,
    /// The message, with `first` describing where an earlier listing of the edge is.
    pub message: String,
}

/// Checks a listing of edges (0-based vertices, in listing order) for self-loops and edges
/// listed twice (see the module documentation): the first problem in listing order, if any.
/// `name` writes the edge of an index as the file does; `place` says where it is, when the
/// format knows.
pub(crate) fn check_edges(
    edges: &[(usize, usize)],
    directed: bool,
    name: impl Fn(usize) -> String,
    place: impl Fn(usize) -> Option<String>,
) -> Result<(), EdgeProblem> {
    use std::collections::HashMap;
    // Each listed (u, v) with where it was first listed.
    let mut first: HashMap<(usize, usize), usize> = HashMap::with_capacity(edges.len());
    let mut loop_at = None;
    let mut repeated = None;
    let mut reversed = None;
    for (i, &(u, v)) in edges.iter().enumerate() {
        if u == v {
            loop_at = loop_at.or(Some(i));
            continue;
        }
        if let Some(&j) = first.get(&(u, v)) {
            repeated = repeated.or(Some((i, j)));
            continue;
        }
        if !directed {
            if let Some(&j) = first.get(&(v, u)) {
                reversed = reversed.or(Some((i, j)));
            }
        }
        first.insert((u, v), i);
    }
    // Every edge listed once in each direction: the convention of adjacency lists.
    let symmetric = || first.keys().all(|&(u, v)| first.contains_key(&(v, u)));
    let earlier = |j: usize| match place(j) {
        Some(place) => format!("at {place}"),
        None => format!("as {}", name(j)),
    };
    let mut problems = Vec::new();
    if let Some(i) = loop_at {
        problems.push(EdgeProblem {
            index: i,
            message: format!(
                "edge {} is a self-loop: a path never visits a vertex twice, so no path or cycle \
                 can use it",
                name(i)
            ),
        });
    }
    if let Some((i, j)) = repeated {
        problems.push(EdgeProblem {
            index: i,
            message: format!("edge {} is listed twice, first {}", name(i), earlier(j)),
        });
    }
    if let Some((i, j)) = reversed.filter(|_| !symmetric()) {
        let first_as = match place(j) {
            Some(place) => format!("as {} at {place}", name(j)),
            None => format!("as {}", name(j)),
        };
        problems.push(EdgeProblem {
            index: i,
            message: format!(
                "edge {} is listed twice, first {first_as}: list each edge once, or every edge \
                 in both directions",
                name(i)
            ),
        });
    }
    match problems.into_iter().min_by_key(|p| p.index) {
        Some(problem) => Err(problem),
        None => Ok(()),
    }
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

/// Reads a TSPLIB HCP (or HPP) file; the name defaults to `default_name`.
///
/// # Errors
/// A [`PuzzleError`] with the line and column of the first mistake.
pub fn parse_hcp(text: &str, default_name: &str) -> Result<Puzzle, PuzzleError> {
    let mut name = None;
    let mut n: Option<usize> = None;
    let mut closed = true;
    let mut adjacency_lists = false;
    let mut edges = Vec::new();
    let mut places = Vec::new();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let mut in_section = false;
    for (number, line) in lines.by_ref() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if trimmed == "EDGE_DATA_SECTION" {
            in_section = true;
            break;
        }
        if trimmed == "EOF" {
            break;
        }
        let Some((key, value)) = trimmed.split_once(':') else {
            return Err(at(
                number,
                1,
                format!("expected `KEY : VALUE` or EDGE_DATA_SECTION, found {trimmed:?}"),
            ));
        };
        let (key, value) = (key.trim(), value.trim());
        // The column of the value: after the colon and the spaces that follow it.
        let column = line.find(':').map_or(1, |c| {
            let after = &line[c + 1..];
            let spaces = after.len() - after.trim_start().len();
            line[..c + 1 + spaces].chars().count() + 1
        });
        match key {
            "NAME" => name = Some(value.to_string()),
            "COMMENT" => {}
            "TYPE" => match value {
                "HCP" => closed = true,
                "HPP" => closed = false,
                other => {
                    return Err(at(
                        number,
                        column,
                        format!("TYPE {other}: pathsat reads HCP (or HPP) files"),
                    ))
                }
            },
            "DIMENSION" => n = Some(dimension(value, number, column)?),
            "EDGE_DATA_FORMAT" => match value {
                "EDGE_LIST" => adjacency_lists = false,
                "ADJ_LIST" => adjacency_lists = true,
                other => {
                    return Err(at(
                        number,
                        column,
                        format!("EDGE_DATA_FORMAT {other}: expected EDGE_LIST or ADJ_LIST"),
                    ))
                }
            },
            other => return Err(at(number, 1, format!("unknown keyword {other:?}"))),
        }
    }
    let n = n.ok_or_else(|| PuzzleError::new(ErrorKind::Invalid, None, "no DIMENSION line"))?;
    if !in_section {
        return Err(PuzzleError::new(
            ErrorKind::Invalid,
            None,
            "no EDGE_DATA_SECTION",
        ));
    }
    // The section's numbers, with where each is.
    let mut numbers = Vec::new();
    let mut ended_at = None;
    for (number, line) in lines {
        if line.trim() == "EOF" {
            ended_at = Some(number);
            break;
        }
        for (column, token) in columns(line) {
            numbers.push((number, column, token));
        }
    }
    let mut i = 0;
    let mut finished = false;
    while i < numbers.len() {
        let (line, column, token) = numbers[i];
        if token == "-1" {
            finished = true;
            break;
        }
        if adjacency_lists {
            let u = vertex(token, n, line, column)?;
            i += 1;
            loop {
                let Some(&(l, c, t)) = numbers.get(i) else {
                    return Err(at(line, column, "the adjacency list does not end with -1"));
                };
                i += 1;
                if t == "-1" {
                    break;
                }
                edges.push((u, vertex(t, n, l, c)?));
                places.push((l, c));
            }
        } else {
            let Some(&(l, c, t)) = numbers.get(i + 1) else {
                return Err(at(line, column, "an edge needs two vertices"));
            };
            edges.push((vertex(token, n, line, column)?, vertex(t, n, l, c)?));
            places.push((line, column));
            i += 2;
        }
    }
    if !finished {
        let line = ended_at.unwrap_or_else(|| text.lines().count().max(1));
        return Err(at(line, 1, "the EDGE_DATA_SECTION does not end with -1"));
    }
    check_file_edges(&edges, &places)?;
    graph_puzzle(
        name.unwrap_or_else(|| default_name.to_string()),
        n,
        &edges,
        closed,
    )
}

/// Reads a DIMACS graph (`p edge V E`, `e u v`) as a Hamiltonian cycle problem.
///
/// # Errors
/// A [`PuzzleError`] with the line and column of the first mistake.
pub fn parse_dimacs_graph(text: &str, default_name: &str) -> Result<Puzzle, PuzzleError> {
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

    #[test]
    fn hcp_edge_lists_and_adjacency_lists() {
        let text = format!("NAME : petersen\nCOMMENT : no Hamiltonian cycle\nTYPE : HCP\nDIMENSION : 10\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n{PETERSEN_EDGES}-1\nEOF\n");
        let p = parse_hcp(&text, "x").unwrap();
        assert_eq!(
            (p.name(), p.n_cells(), p.is_closed(), p.is_graph()),
            ("petersen", 10, true, true)
        );
        assert_eq!(p.successors(0), &[1, 4, 5]);
        let adj = "TYPE: HPP\nDIMENSION: 3\nEDGE_DATA_FORMAT: ADJ_LIST\nEDGE_DATA_SECTION\n1 2 3 -1\n2 3 -1\n-1\nEOF\n";
        let p = parse_hcp(adj, "tri").unwrap();
        assert_eq!((p.name(), p.is_closed()), ("tri", false));
        assert_eq!(p.successors(2), &[0, 1]);
    }

    #[test]
    fn hcp_mistakes_say_where() {
        let cases = [
            ("TYPE : TSP\nDIMENSION : 3\n", "1:8: TYPE TSP"),
            (
                "DIMENSION : 3\nEDGE_DATA_SECTION\n1 2\n2 4\n-1\n",
                "4:3: vertex 4 is not in 1..3",
            ),
            (
                "DIMENSION : 3\nEDGE_DATA_SECTION\n1 2\n2 3\n",
                "does not end with -1",
            ),
            (
                "DIMENSION : 3\nEDGE_DATA_SECTION\n1 2\n2\n",
                "4:1: an edge needs two vertices",
            ),
            ("DIMENSION : x\n", "1:13: expected a number of vertices"),
            ("DIMENSION : 3\n", "no EDGE_DATA_SECTION"),
            ("EDGE_DATA_SECTION\n-1\n", "no DIMENSION"),
            ("COLOUR : red\n", "1:1: unknown keyword \"COLOUR\""),
        ];
        for (text, expected) in cases {
            let e = shown(&parse_hcp(text, "x").unwrap_err());
            assert!(e.contains(expected), "{text:?}: {e}");
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
