//! From the raw `[graph]` table ([`super::raw::RawGraph`]) to a graph puzzle: its fields depend
//! on each other (vertices, edges, directed, start and end), and each check names the field at
//! fault.

use super::build::Builder;
use super::raw::{Located, RawGraph};
use crate::edges::MAX_POSITIONS;
use crate::error::{Location, PuzzleError};
use crate::{CellRule, Expect, Puzzle};

impl Builder<'_> {
    /// A graph puzzle from its `[graph]` table, whose fields depend on each other (vertices,
    /// edges, directed, start and end); each check names the field at fault.
    pub(super) fn build_graph(
        &self,
        graph: &Located<RawGraph>,
        default_name: &str,
    ) -> Result<Puzzle, PuzzleError> {
        let at = self.span_start(graph);
        let g = &graph.value;
        if g.vertices == 0 {
            return Err(self.invalid(at, "the graph has no vertices"));
        }
        if g.vertices > MAX_POSITIONS as u64 {
            return Err(self.invalid(
                at,
                format!(
                    "the graph has {} vertices: pathsat reads graphs of at most {MAX_POSITIONS}",
                    g.vertices
                ),
            ));
        }
        let n = g.vertices as usize;
        let edges = self.graph_edges(g, at)?;
        let rules = self.graph_rules(g, at)?;
        let expect = self.graph_expect(n)?;
        let name = self
            .raw
            .name
            .clone()
            .unwrap_or_else(|| default_name.to_string());
        Puzzle::graph(name, n, &edges, g.directed, self.raw.closed, rules, expect)
            .map_err(|e| self.invalid(at, e.to_string()))
    }

    /// Vertex `v` of the graph, from 0; an error at `at` naming `what` when there is none.
    fn graph_vertex(
        &self,
        g: &RawGraph,
        at: Option<usize>,
        v: i64,
        what: &str,
    ) -> Result<usize, PuzzleError> {
        if v >= 1 && v as u64 <= g.vertices {
            Ok(v as usize - 1)
        } else {
            let n = g.vertices as usize;
            Err(self.invalid(
                at,
                format!("{what} names vertex {v}, but the vertices are 1..{n}"),
            ))
        }
    }

    /// The graph's edges, ends from 0, checked: vertices that exist, no loop or edge twice.
    /// A mistake points at the edge where its span is known (TOML), else at the table (`at`).
    fn graph_edges(
        &self,
        g: &RawGraph,
        at: Option<usize>,
    ) -> Result<Vec<(usize, usize)>, PuzzleError> {
        let edge_at = |i: usize| g.edge_spans.get(i).map(|s| s.start).or(at);
        let mut edges = Vec::with_capacity(g.edges.len());
        for (i, &[u, v]) in g.edges.iter().enumerate() {
            let what = format!("edge #{} [{u}, {v}]", i + 1);
            let vertex = |w: i64| {
                self.graph_vertex(g, at, w, &what)
                    .map_err(|e| self.invalid(edge_at(i), e.message().to_string()))
            };
            edges.push((vertex(u)?, vertex(v)?));
        }
        let spanned = !g.edge_spans.is_empty();
        crate::edges::check_edges(
            &edges,
            g.directed,
            |i| {
                let [u, v] = g.edges[i];
                if spanned {
                    format!("[{u}, {v}]")
                } else {
                    format!("#{} [{u}, {v}]", i + 1)
                }
            },
            |i| {
                g.edge_spans.get(i).map(|span| {
                    let l = Location::from_offset(self.text, span.start);
                    format!("line {}, column {}", l.line, l.column)
                })
            },
        )
        .map_err(|p| self.invalid(edge_at(p.index), p.message))?;
        Ok(edges)
    }

    /// The vertices' rules: free but for `start` (given 1) and, on a path, `end` (given N).
    fn graph_rules(&self, g: &RawGraph, at: Option<usize>) -> Result<Vec<CellRule>, PuzzleError> {
        let n = g.vertices as usize;
        let mut rules = vec![CellRule::Free; n];
        if let Some(start) = g.start {
            rules[self.graph_vertex(g, at, start, "start")?] = CellRule::Given(1);
        }
        if let Some(end) = g.end {
            if self.raw.closed {
                return Err(self.invalid(at, "`end` applies to paths: a tour has no end"));
            }
            let end = self.graph_vertex(g, at, end, "end")?;
            if rules[end] != CellRule::Free {
                return Err(self.invalid(at, "`start` and `end` name the same vertex"));
            }
            rules[end] = CellRule::Given(n as u32);
        }
        Ok(rules)
    }

    /// The `[expect]` table of a graph of `n` vertices, whose expected solutions are vertex
    /// orders.
    fn graph_expect(&self, n: usize) -> Result<Expect, PuzzleError> {
        Ok(match &self.raw.expect {
            None => Expect::default(),
            Some(raw) => Expect {
                count: raw.value.count.clone(),
                sat: raw.value.sat,
                solutions: raw
                    .value
                    .solutions
                    .iter()
                    .enumerate()
                    .map(|(i, text)| {
                        crate::solution_file::parse_order(n, text).map_err(|e| {
                            self.invalid(
                                self.span_start(raw),
                                format!("expected solution #{i}: {e}"),
                            )
                        })
                    })
                    .collect::<Result<_, _>>()?,
            },
        })
    }
}
