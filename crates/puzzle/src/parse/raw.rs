//! Format-specific deserialisation (TOML, JSON) into one format-neutral raw form, each value
//! with its place in the text, so that the checks after it ([`super::build`]) can say where a
//! mistake is.

use crate::error::{json_error, ErrorKind, Location, PuzzleError};
use pathsat_bigcount::BigCount;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;

/// A value of either format, reduced to what the puzzle fields need.
#[derive(Clone, Debug)]
pub(super) enum Val {
    Str(String),
    Int(i64),
    Arr(Vec<Val>),
    /// JSON's `null`.
    Null,
    /// Any other type, by name (for error messages).
    Other(&'static str),
}

impl Val {
    pub(super) fn type_name(&self) -> &'static str {
        match self {
            Val::Str(_) => "a string",
            Val::Int(_) => "an integer",
            Val::Arr(_) => "a list",
            Val::Null => "null",
            Val::Other(name) => name,
        }
    }
}

impl From<toml::Value> for Val {
    fn from(v: toml::Value) -> Val {
        match v {
            toml::Value::String(s) => Val::Str(s),
            toml::Value::Integer(i) => Val::Int(i),
            toml::Value::Array(a) => Val::Arr(a.into_iter().map(Val::from).collect()),
            toml::Value::Float(_) => Val::Other("a float"),
            toml::Value::Boolean(_) => Val::Other("a boolean"),
            toml::Value::Datetime(_) => Val::Other("a date"),
            toml::Value::Table(_) => Val::Other("a table"),
        }
    }
}

impl From<serde_json::Value> for Val {
    fn from(v: serde_json::Value) -> Val {
        match v {
            serde_json::Value::String(s) => Val::Str(s),
            serde_json::Value::Number(n) => match n.as_i64() {
                Some(i) => Val::Int(i),
                None => Val::Other("a non-integer number"),
            },
            serde_json::Value::Array(a) => Val::Arr(a.into_iter().map(Val::from).collect()),
            serde_json::Value::Null => Val::Null,
            serde_json::Value::Bool(_) => Val::Other("a boolean"),
            serde_json::Value::Object(_) => Val::Other("an object"),
        }
    }
}

/// A value and, for TOML, its byte span in the file.
#[derive(Clone, Debug)]
pub(super) struct Located<T> {
    pub(super) value: T,
    pub(super) span: Option<Range<usize>>,
}

impl<T> Located<T> {
    pub(super) fn spanned(s: toml::Spanned<impl Into<T>>) -> Located<T> {
        let span = s.span();
        Located {
            value: s.into_inner().into(),
            span: Some(span),
        }
    }

    pub(super) fn bare(value: impl Into<T>) -> Located<T> {
        Located {
            value: value.into(),
            span: None,
        }
    }
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawExpect {
    /// A number, or a string of digits for counts TOML integers cannot hold.
    pub(super) count: Option<BigCount>,
    pub(super) sat: Option<bool>,
    #[serde(default)]
    pub(super) solutions: Vec<String>,
}

/// The `[graph]` table of a graph puzzle; vertices are numbered from 1. In TOML each edge comes
/// with its span (`E` is `toml::Spanned<[i64; 2]>`), so that a mistake points at it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawGraph<E = [i64; 2]> {
    pub(super) vertices: u64,
    pub(super) edges: Vec<E>,
    /// Where each edge is in the file (TOML only; not read).
    #[serde(skip)]
    pub(super) edge_spans: Vec<Range<usize>>,
    #[serde(default)]
    pub(super) directed: bool,
    /// The vertex holding 1.
    pub(super) start: Option<i64>,
    /// The vertex holding N (paths only).
    pub(super) end: Option<i64>,
}

/// The `[trail]` table of a trail puzzle: its grid holds labels.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTrail {
    pub(super) length: i64,
    pub(super) sum: Option<i64>,
    #[serde(default)]
    pub(super) distinct: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TomlPuzzle {
    pub(super) name: Option<String>,
    pub(super) moves: Option<toml::Spanned<toml::Value>>,
    #[serde(default)]
    pub(super) closed: bool,
    pub(super) grid: Option<toml::Spanned<toml::Value>>,
    pub(super) graph: Option<toml::Spanned<RawGraph<toml::Spanned<[i64; 2]>>>>,
    pub(super) trail: Option<toml::Spanned<RawTrail>>,
    #[serde(default)]
    pub(super) marks: BTreeMap<String, toml::Spanned<toml::Value>>,
    pub(super) expect: Option<toml::Spanned<RawExpect>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct JsonPuzzle {
    pub(super) name: Option<String>,
    pub(super) moves: Option<serde_json::Value>,
    #[serde(default)]
    pub(super) closed: bool,
    pub(super) grid: Option<serde_json::Value>,
    pub(super) graph: Option<RawGraph>,
    pub(super) trail: Option<RawTrail>,
    #[serde(default)]
    pub(super) marks: BTreeMap<String, serde_json::Value>,
    pub(super) expect: Option<RawExpect>,
}

pub(super) struct RawPuzzle {
    pub(super) name: Option<String>,
    /// Boards only (a placeholder for graphs).
    pub(super) moves: Located<Val>,
    pub(super) closed: bool,
    /// Boards only (a placeholder for graphs).
    pub(super) grid: Located<Val>,
    pub(super) graph: Option<Located<RawGraph>>,
    pub(super) trail: Option<Located<RawTrail>>,
    pub(super) marks: Vec<(String, Located<Val>)>,
    pub(super) expect: Option<Located<RawExpect>>,
}

/// Checks that a board puzzle has `moves` and `grid` and a graph puzzle neither (nor marks),
/// and stands in placeholders for what a graph lacks.
pub(super) fn board_or_graph<T>(
    moves: Option<Located<Val>>,
    grid: Option<Located<Val>>,
    graph: &Option<Located<T>>,
    has_marks: bool,
    text: &str,
) -> Result<(Located<Val>, Located<Val>), PuzzleError> {
    let at = |l: &Located<Val>| {
        l.span
            .as_ref()
            .map(|s| Location::from_offset(text, s.start))
    };
    let syntax = |location, message: &str| PuzzleError::new(ErrorKind::Syntax, location, message);
    match (moves, grid, graph) {
        (Some(moves), Some(grid), None) => Ok((moves, grid)),
        (moves, grid, Some(graph)) => {
            let graph_at = graph.span.as_ref().map(|s| Location::from_offset(text, s.start));
            if let Some(m) = moves {
                return Err(syntax(at(&m), "a graph puzzle has no `moves`: its edges are the moves"));
            }
            if let Some(g) = grid {
                return Err(syntax(at(&g), "a puzzle has either a `grid` or a [graph] table, not both"));
            }
            if has_marks {
                return Err(syntax(graph_at, "marks apply to board cells; a graph puzzle has none"));
            }
            let placeholder = || Located::bare(Val::Other("absent"));
            Ok((placeholder(), placeholder()))
        }
        (None, _, None) => Err(syntax(
            None,
            "missing field `moves` (a board puzzle needs `moves` and `grid`, a graph puzzle a [graph] table)",
        )),
        (_, None, None) => Err(syntax(
            None,
            "missing field `grid` (a board puzzle needs `moves` and `grid`, a graph puzzle a [graph] table)",
        )),
    }
}

impl RawPuzzle {
    pub(super) fn from_toml(text: &str) -> Result<RawPuzzle, PuzzleError> {
        let p: TomlPuzzle = toml::from_str(text).map_err(|e| {
            let location = e.span().map(|s| Location::from_offset(text, s.start));
            PuzzleError::new(
                ErrorKind::Syntax,
                location,
                format!("invalid TOML: {}", e.message()),
            )
        })?;
        let graph = p.graph.map(|g| {
            let span = g.span();
            let g = g.into_inner();
            let (edges, edge_spans) = g
                .edges
                .into_iter()
                .map(|e| (*e.get_ref(), e.span()))
                .unzip();
            Located {
                value: RawGraph {
                    vertices: g.vertices,
                    edges,
                    edge_spans,
                    directed: g.directed,
                    start: g.start,
                    end: g.end,
                },
                span: Some(span),
            }
        });
        let (moves, grid) = board_or_graph(
            p.moves.map(Located::spanned),
            p.grid.map(Located::spanned),
            &graph,
            !p.marks.is_empty(),
            text,
        )?;
        Ok(RawPuzzle {
            name: p.name,
            moves,
            closed: p.closed,
            grid,
            graph,
            trail: p.trail.map(|t| {
                let span = t.span();
                Located {
                    value: t.into_inner(),
                    span: Some(span),
                }
            }),
            marks: p
                .marks
                .into_iter()
                .map(|(k, v)| (k, Located::spanned(v)))
                .collect(),
            expect: p.expect.map(|e| {
                let span = e.span();
                Located {
                    value: e.into_inner(),
                    span: Some(span),
                }
            }),
        })
    }

    pub(super) fn from_json(text: &str) -> Result<RawPuzzle, PuzzleError> {
        let p: JsonPuzzle = serde_json::from_str(text).map_err(|e| json_error(text, &e))?;
        let graph = p.graph.map(Located::bare);
        let (moves, grid) = board_or_graph(
            p.moves.map(Located::bare),
            p.grid.map(Located::bare),
            &graph,
            !p.marks.is_empty(),
            text,
        )?;
        Ok(RawPuzzle {
            name: p.name,
            moves,
            closed: p.closed,
            grid,
            graph,
            trail: p.trail.map(Located::bare),
            marks: p
                .marks
                .into_iter()
                .map(|(k, v)| (k, Located::bare(v)))
                .collect(),
            expect: p.expect.map(Located::bare),
        })
    }
}
