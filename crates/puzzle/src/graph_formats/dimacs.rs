//! DIMACS graph files (`p edge V E`, `e u v`), as the graph colouring benchmarks write them.

use super::{at, check_file_edges, columns, dimension, graph_puzzle, vertex, without_bom};
use crate::error::{ErrorKind, PuzzleError};
use crate::Puzzle;

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
