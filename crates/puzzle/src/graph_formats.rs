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
            }
        } else {
            let Some(&(l, c, t)) = numbers.get(i + 1) else {
                return Err(at(line, column, "an edge needs two vertices"));
            };
            edges.push((vertex(token, n, line, column)?, vertex(t, n, l, c)?));
            i += 2;
        }
    }
    if !finished {
        let line = ended_at.unwrap_or_else(|| text.lines().count().max(1));
        return Err(at(line, 1, "the EDGE_DATA_SECTION does not end with -1"));
    }
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
                    [_, (_, "edge" | "col"), (c, v), (_, e)] if e.parse::<usize>().is_ok() => {
                        n = Some(dimension(v, number, *c)?)
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
                        edges.push((vertex(u, n, number, *cu)?, vertex(v, n, number, *cv)?))
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
            ("p edge 3 1\nx 1 2\n", "2:1: unexpected line"),
            ("c nothing\n", "no `p edge` line"),
        ] {
            let e = shown(&parse_dimacs_graph(text, "x").unwrap_err());
            assert!(e.contains(expected), "{text:?}: {e}");
        }
    }
}
