//! # Puzzle files
//!
//! A puzzle is a TOML file, or a JSON file with the same fields:
//!
//! ```toml
//! name = "rook-primes-path"      # optional, defaults to the file stem
//! moves = "rook"                 # "rook" | "king" | "knight" | [[dr, dc], ...]
//! closed = false                 # true: a tour
//! grid = """
//! P . . 4
//! . # . .
//! """
//! [marks]                        # optional: letter -> the values a cell so marked may hold
//! P = "primes"                   # "primes" | "squares" | "even" | "odd" | [2, 3, 5, ...]
//! [expect]                       # optional: the known answer
//! count = 4                      # the number of fillings (a string of digits beyond 2^63)
//! sat = true                     # whether a solution exists
//! solutions = ["""..."""]        # published fillings that must be among the solutions
//! ```
//!
//! Grid tokens are separated by white space: `.` an empty cell, `#` a hole, a positive integer a
//! given value, a word of letters a marked cell (`P` means primes unless `[marks]` says
//! otherwise). The grid may also be a list of rows, each a string of tokens or a list of
//! entries, one per cell: a number (a given, or a trail's label), `null` for a cell to fill (as
//! `.`), or a string holding one token (`"#"` for a hole, `"P"`, `"."`):
//!
//! ```json
//! {"moves": "king", "grid": [[1, null, null, "#"], [null, null, null, 9]]}
//! ```
//!
//! `null` is a cell to fill, because that is what a puzzle's blanks are: a grid of numbers and
//! nulls reads as a puzzle whose blanks are to be filled. (In the grids of solutions that
//! pathsat writes, where no cell is blank, `null` is a hole; a solution becomes a puzzle by
//! writing `"#"` for its holes and `null` for the values to find.)
//!
//! Errors carry the line and column of the offending token where the format gives them: TOML
//! spans are mapped into the grid string; JSON reports syntax positions, and grid mistakes by
//! board row and column. Columns are counted in characters, after the UTF-8 byte-order mark a
//! file may start with.

use crate::edges::MAX_POSITIONS;
use crate::error::{json_error, ErrorKind, Location, PuzzleError};
use crate::filling::{parse_filling_text, tokens};
use crate::{Board, CellRule, Expect, Mark, ModelError, Moves, Pos, Puzzle, Trail, ValueClass};
use pathsat_bigcount::BigCount;
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

/// The syntax of a puzzle file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Toml,
    Json,
    /// TSPLIB HCP (a Hamiltonian cycle problem).
    Hcp,
    /// A DIMACS graph (`p edge`), read as a Hamiltonian cycle problem.
    DimacsGraph,
}

impl Format {
    /// The format a file's extension names: `.toml`, `.json`, `.hcp`, `.col` or `.dimacs`.
    pub fn from_path(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "toml" => Some(Format::Toml),
            "json" => Some(Format::Json),
            "hcp" => Some(Format::Hcp),
            "col" | "dimacs" => Some(Format::DimacsGraph),
            _ => None,
        }
    }
}

/// Reads a puzzle file; the format follows the extension (`.toml` or `.json`) and the name
/// defaults to the file stem.
///
/// # Errors
/// A [`PuzzleError`] naming the file (and the line and column where they are known) when the
/// file cannot be read, is not UTF-8, is not valid TOML/JSON, or does not describe a puzzle.
pub fn parse_file(path: &Path) -> Result<Puzzle, PuzzleError> {
    let format = Format::from_path(path).ok_or_else(|| {
        PuzzleError::new(
            ErrorKind::Invalid,
            None,
            "unsupported file type: puzzle files end in .toml or .json (graphs: .hcp, .col, .dimacs)",
        )
        .with_path(path)
    })?;
    let text = read_text(path)?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "puzzle".to_string());
    parse_text(&text, format, &stem).map_err(|e| e.with_path(path))
}

/// Reads a file as UTF-8 text.
///
/// # Errors
/// An `Io` error when the file cannot be read, an `Encoding` error with the location of the
/// first invalid byte when it is not UTF-8.
pub fn read_text(path: &Path) -> Result<String, PuzzleError> {
    let bytes = std::fs::read(path).map_err(|e| {
        PuzzleError::new(ErrorKind::Io, None, format!("cannot read the file: {e}")).with_path(path)
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned();
        PuzzleError::new(
            ErrorKind::Encoding,
            Some(Location::from_offset(&text, valid)),
            "the file is not UTF-8 text",
        )
        .with_path(path)
    })
}

/// Parses puzzle text that came from `file` without being read from disk (an upload, a web
/// request): errors name `file` with the line and column, and the name defaults to its stem,
/// exactly as [`parse_file`] would have it for a file of that name.
///
/// # Errors
/// As [`parse_file`].
pub fn parse_named(text: &str, format: Format, file: &str) -> Result<Puzzle, PuzzleError> {
    let path = Path::new(file);
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "puzzle".to_string());
    parse_text(text, format, &stem).map_err(|e| e.with_path(path))
}

/// Parses puzzle text; the name defaults to `puzzle`.
///
/// # Errors
/// As [`parse_file`], without the file name.
pub fn parse_str(text: &str, format: Format) -> Result<Puzzle, PuzzleError> {
    parse_text(text, format, "puzzle")
}

fn parse_text(text: &str, format: Format, default_name: &str) -> Result<Puzzle, PuzzleError> {
    // A byte-order mark (Windows editors write one) is not part of the text: columns are
    // counted after it, as in the graph formats, which take it off themselves.
    let text = match format {
        Format::Toml | Format::Json => text.strip_prefix('\u{feff}').unwrap_or(text),
        Format::Hcp | Format::DimacsGraph => text,
    };
    let raw = match format {
        Format::Toml => RawPuzzle::from_toml(text)?,
        Format::Json => RawPuzzle::from_json(text)?,
        Format::Hcp => return crate::graph_formats::parse_hcp(text, default_name),
        Format::DimacsGraph => return crate::graph_formats::parse_dimacs_graph(text, default_name),
    };
    Builder { text, raw }.build(default_name)
}

// ---------------------------------------------------------------------------------------------
// Format-specific deserialisation into one format-neutral raw form.

/// A value of either format, reduced to what the puzzle fields need.
#[derive(Clone, Debug)]
enum Val {
    Str(String),
    Int(i64),
    Arr(Vec<Val>),
    /// JSON's `null`.
    Null,
    /// Any other type, by name (for error messages).
    Other(&'static str),
}

impl Val {
    fn type_name(&self) -> &'static str {
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
struct Located<T> {
    value: T,
    span: Option<Range<usize>>,
}

impl<T> Located<T> {
    fn spanned(s: toml::Spanned<impl Into<T>>) -> Located<T> {
        let span = s.span();
        Located {
            value: s.into_inner().into(),
            span: Some(span),
        }
    }

    fn bare(value: impl Into<T>) -> Located<T> {
        Located {
            value: value.into(),
            span: None,
        }
    }
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    /// A number, or a string of digits for counts TOML integers cannot hold.
    count: Option<BigCount>,
    sat: Option<bool>,
    #[serde(default)]
    solutions: Vec<String>,
}

/// The `[graph]` table of a graph puzzle; vertices are numbered from 1. In TOML each edge comes
/// with its span (`E` is `toml::Spanned<[i64; 2]>`), so that a mistake points at it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGraph<E = [i64; 2]> {
    vertices: u64,
    edges: Vec<E>,
    /// Where each edge is in the file (TOML only; not read).
    #[serde(skip)]
    edge_spans: Vec<Range<usize>>,
    #[serde(default)]
    directed: bool,
    /// The vertex holding 1.
    start: Option<i64>,
    /// The vertex holding N (paths only).
    end: Option<i64>,
}

/// The `[trail]` table of a trail puzzle: its grid holds labels.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrail {
    length: i64,
    sum: Option<i64>,
    #[serde(default)]
    distinct: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TomlPuzzle {
    name: Option<String>,
    moves: Option<toml::Spanned<toml::Value>>,
    #[serde(default)]
    closed: bool,
    grid: Option<toml::Spanned<toml::Value>>,
    graph: Option<toml::Spanned<RawGraph<toml::Spanned<[i64; 2]>>>>,
    trail: Option<toml::Spanned<RawTrail>>,
    #[serde(default)]
    marks: BTreeMap<String, toml::Spanned<toml::Value>>,
    expect: Option<toml::Spanned<RawExpect>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonPuzzle {
    name: Option<String>,
    moves: Option<serde_json::Value>,
    #[serde(default)]
    closed: bool,
    grid: Option<serde_json::Value>,
    graph: Option<RawGraph>,
    trail: Option<RawTrail>,
    #[serde(default)]
    marks: BTreeMap<String, serde_json::Value>,
    expect: Option<RawExpect>,
}

struct RawPuzzle {
    name: Option<String>,
    /// Boards only (a placeholder for graphs).
    moves: Located<Val>,
    closed: bool,
    /// Boards only (a placeholder for graphs).
    grid: Located<Val>,
    graph: Option<Located<RawGraph>>,
    trail: Option<Located<RawTrail>>,
    marks: Vec<(String, Located<Val>)>,
    expect: Option<Located<RawExpect>>,
}

/// Checks that a board puzzle has `moves` and `grid` and a graph puzzle neither (nor marks),
/// and stands in placeholders for what a graph lacks.
fn board_or_graph<T>(
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
    fn from_toml(text: &str) -> Result<RawPuzzle, PuzzleError> {
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

    fn from_json(text: &str) -> Result<RawPuzzle, PuzzleError> {
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

// ---------------------------------------------------------------------------------------------
// From the raw form to a checked puzzle.

/// One grid token, with its byte offset in the file when known.
struct Token<'a> {
    text: Cow<'a, str>,
    offset: Option<usize>,
}

/// A row of the grid as written: a line of text (with its offset in the file, when known) or
/// a list of entries.
enum GridLine<'a> {
    Text(&'a str, Option<usize>),
    Entries(Vec<Token<'a>>),
}

struct Builder<'t> {
    text: &'t str,
    raw: RawPuzzle,
}

impl Builder<'_> {
    fn at(&self, offset: Option<usize>) -> Option<Location> {
        offset.map(|o| Location::from_offset(self.text, o))
    }

    fn invalid(&self, offset: Option<usize>, message: impl Into<String>) -> PuzzleError {
        PuzzleError::new(ErrorKind::Invalid, self.at(offset), message)
    }

    fn span_start<T>(&self, located: &Located<T>) -> Option<usize> {
        located.span.as_ref().map(|s| s.start)
    }

    fn build(self, default_name: &str) -> Result<Puzzle, PuzzleError> {
        if let Some(graph) = &self.raw.graph {
            if let Some(trail) = &self.raw.trail {
                return Err(self.invalid(
                    self.span_start(trail),
                    "trail puzzles are played on boards: a [trail] needs a `grid` of labels, not a [graph]",
                ));
            }
            return self.build_graph(graph, default_name);
        }
        if let Some(trail) = &self.raw.trail {
            return self.build_trail(trail, default_name);
        }
        let moves = self.moves()?;
        let rows = self.grid_rows()?;
        let n_rows = rows.len();
        let n_cols = rows[0].len();
        let marks = self.mark_definitions()?;

        let mut is_cell = Vec::with_capacity(n_rows * n_cols);
        let mut cell_tokens: Vec<&Token<'_>> = Vec::new();
        let mut rules = Vec::new();
        let mut used_marks: Vec<Mark> = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, token) in row.iter().enumerate() {
                let rule = match self.classify(token, Pos::new(r, c))? {
                    None => {
                        is_cell.push(false);
                        continue;
                    }
                    Some(TokenRule::Free) => CellRule::Free,
                    Some(TokenRule::Given(v)) => CellRule::Given(v),
                    Some(TokenRule::Mark(letter)) => {
                        let index = match used_marks.iter().position(|m| m.letter == letter) {
                            Some(i) => i,
                            None => {
                                let class = match marks.get(&letter) {
                                    Some(class) => class.clone(),
                                    None if letter == "P" => ValueClass::Primes,
                                    None => {
                                        return Err(self.invalid(
                                            token.offset.or(self.span_start(&self.raw.grid)),
                                            format!(
                                                "mark {letter:?} at ({r}, {c}) is not defined: \
                                                 add it to [marks], e.g. {letter} = \"primes\""
                                            ),
                                        ))
                                    }
                                };
                                used_marks.push(Mark { letter, class });
                                used_marks.len() - 1
                            }
                        };
                        CellRule::Marked(index)
                    }
                };
                is_cell.push(true);
                cell_tokens.push(token);
                rules.push(rule);
            }
        }
        let board = Board::from_mask(n_rows, n_cols, &is_cell);
        let expect = self.expect(&board, false)?;
        let name = self
            .raw
            .name
            .clone()
            .unwrap_or_else(|| default_name.to_string());
        Puzzle::new(
            name,
            board,
            moves,
            self.raw.closed,
            rules,
            used_marks,
            expect,
        )
        .map_err(|e| {
            let offset = e.cell().and_then(|cell| cell_tokens[cell].offset);
            let offset = offset.or(self.span_start(&self.raw.grid));
            let message = match e {
                ModelError::EmptyBoard => {
                    "the board has no cells: every grid entry is a hole".to_string()
                }
                other => other.to_string(),
            };
            self.invalid(offset, message)
        })
    }

    /// A trail puzzle: a grid of labels and its `[trail]` table.
    fn build_trail(
        &self,
        trail: &Located<RawTrail>,
        default_name: &str,
    ) -> Result<Puzzle, PuzzleError> {
        let at = self.span_start(trail);
        if let Some((_, mark)) = self.raw.marks.first() {
            return Err(self.invalid(
                self.span_start(mark),
                "a trail puzzle's grid holds labels: marks do not apply",
            ));
        }
        let t = &trail.value;
        let length = usize::try_from(t.length)
            .ok()
            .filter(|&l| l > 0)
            .ok_or_else(|| {
                self.invalid(at, format!("trail length {} must be at least 1", t.length))
            })?;
        // Longer than its board, a trail is an answer (unsat, found by the encoder); longer
        // than any board, it is a slip, and the encoder's tables of steps would not fit.
        if length > MAX_POSITIONS {
            return Err(self.invalid(
                at,
                format!(
                    "trail length {length} is longer than any board pathsat reads (at most \
                     {MAX_POSITIONS} cells)"
                ),
            ));
        }
        let sum = t
            .sum
            .map(|s| {
                u64::try_from(s).map_err(|_| {
                    self.invalid(at, format!("trail sum {s} must be a whole number >= 0"))
                })
            })
            .transpose()?;
        let moves = self.moves()?;
        let rows = self.grid_rows()?;
        let (n_rows, n_cols) = (rows.len(), rows[0].len());
        let mut is_cell = Vec::with_capacity(n_rows * n_cols);
        let mut labels = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, token) in row.iter().enumerate() {
                let text = &*token.text;
                let token_at = token.offset.or(self.span_start(&self.raw.grid));
                if text == "#" {
                    is_cell.push(false);
                    continue;
                }
                let label = if text.bytes().all(|b| b.is_ascii_digit()) {
                    text.parse::<u32>().map_err(|_| {
                        self.invalid(token_at, format!("label {text} at ({r}, {c}) is too large"))
                    })?
                } else {
                    return Err(self.invalid(
                        token_at,
                        format!(
                            "grid entry {text:?} at ({r}, {c}): a trail puzzle's grid holds labels \
                             (whole numbers >= 0) and '#' for holes"
                        ),
                    ));
                };
                is_cell.push(true);
                labels.push(label);
            }
        }
        let board = Board::from_mask(n_rows, n_cols, &is_cell);
        let expect = self.expect(&board, true)?;
        let name = self
            .raw
            .name
            .clone()
            .unwrap_or_else(|| default_name.to_string());
        let n = board.n_cells();
        let trail = Trail::new(labels, length, sum, t.distinct)
            .map_err(|e| self.invalid(at, e.to_string()))?;
        Puzzle::new(
            name,
            board,
            moves,
            self.raw.closed,
            vec![CellRule::Free; n],
            vec![],
            expect,
        )
        .and_then(|p| p.with_trail(trail))
        .map_err(|e| match e {
            ModelError::EmptyBoard => self.invalid(
                self.span_start(&self.raw.grid),
                "the board has no cells: every grid entry is a hole",
            ),
            ModelError::TrailMovesNotReversible(..) => {
                self.invalid(self.span_start(&self.raw.moves), e.to_string())
            }
            other => self.invalid(at.or(self.span_start(&self.raw.grid)), other.to_string()),
        })
    }

    /// A graph puzzle from its `[graph]` table.
    fn build_graph(
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
        let vertex = |v: i64, what: &str| -> Result<usize, PuzzleError> {
            if v >= 1 && v as u64 <= g.vertices {
                Ok(v as usize - 1)
            } else {
                Err(self.invalid(
                    at,
                    format!("{what} names vertex {v}, but the vertices are 1..{n}"),
                ))
            }
        };
        // An edge's mistakes point at the edge where its span is known (TOML).
        let edge_at = |i: usize| g.edge_spans.get(i).map(|s| s.start).or(at);
        let mut edges = Vec::with_capacity(g.edges.len());
        for (i, &[u, v]) in g.edges.iter().enumerate() {
            let what = format!("edge #{} [{u}, {v}]", i + 1);
            let vertex = |w: i64| {
                vertex(w, &what).map_err(|e| self.invalid(edge_at(i), e.message().to_string()))
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
        let mut rules = vec![CellRule::Free; n];
        if let Some(start) = g.start {
            rules[vertex(start, "start")?] = CellRule::Given(1);
        }
        if let Some(end) = g.end {
            if self.raw.closed {
                return Err(self.invalid(at, "`end` applies to paths: a tour has no end"));
            }
            let end = vertex(end, "end")?;
            if rules[end] != CellRule::Free {
                return Err(self.invalid(at, "`start` and `end` name the same vertex"));
            }
            rules[end] = CellRule::Given(n as u32);
        }
        // Expected solutions of a graph are vertex orders.
        let expect = match &self.raw.expect {
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
                        crate::filling::parse_order(n, text).map_err(|e| {
                            self.invalid(
                                self.span_start(raw),
                                format!("expected solution #{i}: {e}"),
                            )
                        })
                    })
                    .collect::<Result<_, _>>()?,
            },
        };
        let name = self
            .raw
            .name
            .clone()
            .unwrap_or_else(|| default_name.to_string());
        Puzzle::graph(name, n, &edges, g.directed, self.raw.closed, rules, expect)
            .map_err(|e| self.invalid(at, e.to_string()))
    }

    fn moves(&self) -> Result<Moves, PuzzleError> {
        let at = self.span_start(&self.raw.moves);
        let expected = "expected \"rook\", \"king\", \"knight\" or a list of [dr, dc] offsets";
        match &self.raw.moves.value {
            Val::Str(name) => Moves::from_name(name)
                .ok_or_else(|| self.invalid(at, format!("unknown move rule {name:?}: {expected}"))),
            Val::Arr(items) => {
                let mut offsets = Vec::with_capacity(items.len());
                for item in items {
                    match item {
                        Val::Arr(pair) => match pair.as_slice() {
                            [Val::Int(dr), Val::Int(dc)] => offsets.push((*dr, *dc)),
                            _ => {
                                return Err(self.invalid(
                                    at,
                                    "each custom move is a pair of integers [dr, dc]",
                                ))
                            }
                        },
                        other => {
                            return Err(self.invalid(
                                at,
                                format!(
                                    "each custom move is a pair of integers [dr, dc], found {}",
                                    other.type_name()
                                ),
                            ))
                        }
                    }
                }
                if offsets
                    .iter()
                    .any(|&(dr, dc)| dr.unsigned_abs() > 1 << 20 || dc.unsigned_abs() > 1 << 20)
                {
                    return Err(self.invalid(at, "a custom move is larger than 2^20 cells"));
                }
                if offsets.is_empty() {
                    return Err(self.invalid(at, "the custom move list is empty"));
                }
                Moves::custom(offsets).ok_or_else(|| {
                    self.invalid(at, "[0, 0] is not a move: a cell cannot follow itself")
                })
            }
            other => Err(self.invalid(at, format!("moves is {}: {expected}", other.type_name()))),
        }
    }

    /// The grid as rows of tokens, all rows of one length. A grid is a string of rows, or a
    /// list of rows each either a string or (in JSON) a list of entries: a number, `null` for a
    /// cell to fill (`.`), or a string holding one token (`"#"`, `"P"`, ...).
    fn grid_rows(&self) -> Result<Vec<Vec<Token<'_>>>, PuzzleError> {
        let grid = &self.raw.grid;
        let at = self.span_start(grid);
        let lines: Vec<GridLine<'_>> = match &grid.value {
            Val::Str(s) => {
                let base = grid
                    .span
                    .as_ref()
                    .and_then(|span| string_content_start(self.text, span, s));
                let mut offset = 0;
                s.split_inclusive('\n')
                    .map(|line| {
                        let start = offset;
                        offset += line.len();
                        GridLine::Text(line, base.map(|b| b + start))
                    })
                    .collect()
            }
            Val::Arr(rows) => rows
                .iter()
                .enumerate()
                .map(|(r, row)| match row {
                    Val::Str(s) => Ok(GridLine::Text(s.as_str(), None)),
                    Val::Arr(entries) => Ok(GridLine::Entries(
                        entries
                            .iter()
                            .enumerate()
                            .map(|(c, entry)| self.grid_entry(entry, Pos::new(r, c), at))
                            .collect::<Result<_, _>>()?,
                    )),
                    other => Err(self.invalid(
                        at,
                        format!(
                            "each grid row is a string or a list of entries, found {}",
                            other.type_name()
                        ),
                    )),
                })
                .collect::<Result<_, _>>()?,
            other => {
                return Err(self.invalid(
                    at,
                    format!(
                        "grid is {}: expected a string of rows (or a list of rows)",
                        other.type_name()
                    ),
                ))
            }
        };
        let mut rows: Vec<(Option<usize>, Vec<Token<'_>>)> = Vec::new();
        let mut positions = 0;
        for line in lines {
            let row: Vec<Token<'_>> = match line {
                GridLine::Text(line, line_offset) => tokens(line)
                    .into_iter()
                    .map(|(o, text)| Token {
                        text: Cow::Borrowed(text),
                        offset: line_offset.map(|b| b + o),
                    })
                    .collect(),
                GridLine::Entries(entries) => entries,
            };
            positions += row.len();
            if positions > MAX_POSITIONS {
                return Err(self.invalid(
                    row.first().and_then(|t| t.offset).or(at),
                    format!(
                        "the grid has more than {MAX_POSITIONS} entries (at row {}): pathsat reads \
                         boards of at most {MAX_POSITIONS} positions",
                        rows.len()
                    ),
                ));
            }
            if !row.is_empty() {
                rows.push((row[0].offset, row));
            }
        }
        if rows.is_empty() {
            return Err(self.invalid(at, "the grid is empty"));
        }
        let width = rows[0].1.len();
        for (r, (offset, row)) in rows.iter().enumerate() {
            if row.len() != width {
                return Err(self.invalid(
                    offset.or(at),
                    format!(
                        "grid row {r} has {} entries, row 0 has {width}: rows must have equal length",
                        row.len()
                    ),
                ));
            }
        }
        Ok(rows.into_iter().map(|(_, row)| row).collect())
    }

    /// One entry of a grid row written as a list: a number is a given (or a trail's label),
    /// `null` a cell to fill, a string one grid token.
    fn grid_entry<'v>(
        &self,
        entry: &'v Val,
        pos: Pos,
        at: Option<usize>,
    ) -> Result<Token<'v>, PuzzleError> {
        let text = match entry {
            Val::Int(v) => Cow::Owned(v.to_string()),
            Val::Null if self.raw.trail.is_some() => {
                return Err(self.invalid(
                    at,
                    format!(
                        "grid entry at {pos} is null: a trail puzzle's grid holds a label on every \
                         cell (and \"#\" for holes)"
                    ),
                ))
            }
            Val::Null => Cow::Borrowed("."),
            Val::Str(s) if !s.is_empty() && !s.contains(char::is_whitespace) => {
                Cow::Borrowed(s.as_str())
            }
            Val::Str(s) => {
                return Err(self.invalid(
                    at,
                    format!("grid entry {s:?} at {pos} is not one token: write one entry per cell"),
                ))
            }
            other => {
                return Err(self.invalid(
                    at,
                    format!(
                        "grid entry at {pos} is {}: expected a number, null (a cell to fill) or a \
                         string such as \"#\" (a hole)",
                        other.type_name()
                    ),
                ))
            }
        };
        Ok(Token { text, offset: None })
    }

    fn classify(&self, token: &Token<'_>, pos: Pos) -> Result<Option<TokenRule>, PuzzleError> {
        let t = &*token.text;
        let at = token.offset.or(self.span_start(&self.raw.grid));
        if t == "#" {
            return Ok(None);
        }
        if t == "." {
            return Ok(Some(TokenRule::Free));
        }
        if t.bytes().all(|b| b.is_ascii_digit()) {
            return match t.parse::<u32>() {
                Ok(v) => Ok(Some(TokenRule::Given(v))),
                Err(_) => Err(self.invalid(at, format!("given {t} at {pos} is too large"))),
            };
        }
        if t.chars().all(|c| c.is_ascii_alphabetic()) {
            return Ok(Some(TokenRule::Mark(t.to_string())));
        }
        let signed = t.strip_prefix(['-', '+']).unwrap_or("");
        if !signed.is_empty() && signed.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.invalid(
                at,
                format!("given {t} at {pos} must be a positive whole number"),
            ));
        }
        Err(self.invalid(
            at,
            format!(
                "unknown grid entry {t:?} at {pos}: expected '.', '#', a value or a mark letter"
            ),
        ))
    }

    fn mark_definitions(&self) -> Result<BTreeMap<String, ValueClass>, PuzzleError> {
        let mut defs = BTreeMap::new();
        for (letter, located) in &self.raw.marks {
            let at = self.span_start(located);
            if letter.is_empty() || !letter.chars().all(|c| c.is_ascii_alphabetic()) {
                return Err(self.invalid(
                    at,
                    format!("mark name {letter:?} must be made of letters A-Z, a-z"),
                ));
            }
            let class = match &located.value {
                Val::Str(name) => ValueClass::from_name(name).ok_or_else(|| {
                    self.invalid(
                        at,
                        format!(
                            "unknown value class {name:?} for mark {letter}: expected \"primes\", \
                             \"squares\", \"even\", \"odd\" or a list of values"
                        ),
                    )
                })?,
                Val::Arr(items) => {
                    let mut values = std::collections::BTreeSet::new();
                    for item in items {
                        match item {
                            Val::Int(v) if *v >= 1 && *v <= i64::from(u32::MAX) => {
                                values.insert(*v as u32);
                            }
                            Val::Int(v) => {
                                return Err(self.invalid(
                                    at,
                                    format!("mark {letter} lists {v}: values are positive"),
                                ))
                            }
                            other => {
                                return Err(self.invalid(
                                    at,
                                    format!(
                                        "mark {letter} lists {}: values are integers",
                                        other.type_name()
                                    ),
                                ))
                            }
                        }
                    }
                    ValueClass::List(values)
                }
                other => {
                    return Err(self.invalid(
                        at,
                        format!(
                            "mark {letter} is {}: expected a class name or a list of values",
                            other.type_name()
                        ),
                    ))
                }
            };
            defs.insert(letter.clone(), class);
        }
        Ok(defs)
    }

    /// The `[expect]` table; `partial` reads the solutions as trails (`.` off the trail).
    fn expect(&self, board: &Board, partial: bool) -> Result<Expect, PuzzleError> {
        let Some(raw) = &self.raw.expect else {
            return Ok(Expect::default());
        };
        let at = self.span_start(raw);
        let mut solutions = Vec::new();
        for (i, text) in raw.value.solutions.iter().enumerate() {
            let filling = parse_filling_text(board, text, partial).map_err(|e| {
                self.invalid(at, format!("expected solution #{i}: {}", e.message()))
            })?;
            solutions.push(filling);
        }
        Ok(Expect {
            count: raw.value.count.clone(),
            sat: raw.value.sat,
            solutions,
        })
    }
}

enum TokenRule {
    Free,
    Given(u32),
    Mark(String),
}

/// Where the content of a TOML string literal starts in the file, when the content is the
/// literal text (no escapes), so that offsets in the value are offsets in the file.
fn string_content_start(text: &str, span: &Range<usize>, value: &str) -> Option<usize> {
    let raw = text.get(span.clone())?;
    let quote = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
        3
    } else if raw.starts_with('"') || raw.starts_with('\'') {
        1
    } else {
        return None;
    };
    let mut start = span.start + quote;
    let end = span.end.checked_sub(quote)?;
    if quote == 3 {
        if text.get(start..)?.starts_with("\r\n") {
            start += 2;
        } else if text.get(start..)?.starts_with('\n') {
            start += 1;
        }
    }
    (text.get(start..end)? == value).then_some(start)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toml(text: &str) -> Result<Puzzle, PuzzleError> {
        parse_str(text, Format::Toml)
    }

    fn err(text: &str) -> PuzzleError {
        toml(text).expect_err("should be refused")
    }

    #[test]
    fn the_issue_example_parses() {
        let p = toml(
            r#"
name = "rook-primes-path"
moves = "rook"
closed = false
grid = """
P . . . P . . .
. P . P . . . P
"""
[marks]
P = "primes"
[expect]
count = 4
"#,
        )
        .unwrap();
        assert_eq!(p.name(), "rook-primes-path");
        assert_eq!(p.n_cells(), 16);
        assert_eq!(p.marks().len(), 1);
        assert_eq!(p.rule(0), &CellRule::Marked(0));
        assert_eq!(p.expect().count, Some(BigCount::from(4u64)));
    }

    #[test]
    fn holes_givens_marks_and_custom_moves() {
        let p = toml(
            "moves = [[0, 1], [1, 0], [0, 1]]\nclosed = true\ngrid = \"1 # S\\n. E 5\"\n[marks]\nS = [4, 9]\nE = \"even\"\n",
        )
        .unwrap();
        assert_eq!(p.n_cells(), 5);
        assert_eq!(p.moves(), &Moves::Custom(vec![(0, 1), (1, 0)]));
        assert!(p.is_closed());
        assert_eq!(p.givens().collect::<Vec<_>>(), vec![(0, 1), (4, 5)]);
        assert!(p.allows(1, 4) && !p.allows(1, 5));
        assert!(p.allows(3, 2) && !p.allows(3, 3));
    }

    #[test]
    fn json_has_the_same_fields_and_row_lists() {
        let p = parse_str(
            r#"{"moves": "king", "grid": ["1 . .", ". . 6"], "expect": {"count": 2}}"#,
            Format::Json,
        )
        .unwrap();
        assert_eq!(p.n_cells(), 6);
        assert_eq!(p.expect().count, Some(BigCount::from(2u64)));
    }

    /// A JSON grid may be a list of rows of entries: numbers, null for a cell to fill, strings
    /// for tokens; the same puzzle as the string grid.
    #[test]
    fn json_grids_of_entries() {
        let lists = parse_str(
            r##"{"moves": "king", "grid": [[1, null, "P"], ["#", null, 6], [null, ".", null]]}"##,
            Format::Json,
        )
        .unwrap();
        let text = parse_str(
            r#"{"moves": "king", "grid": "1 . P\n# . 6\n. . ."}"#,
            Format::Json,
        )
        .unwrap();
        assert_eq!(lists.n_cells(), 8);
        assert_eq!(lists.board(), text.board());
        assert_eq!(lists.rules(), text.rules());
        assert_eq!(lists.marks(), text.marks());
        // Rows of both kinds may be mixed.
        let mixed = parse_str(
            r##"{"moves": "king", "grid": [[1, null, "P"], "# . 6", [null, null, null]]}"##,
            Format::Json,
        )
        .unwrap();
        assert_eq!(mixed.rules(), text.rules());
        // A trail's labels.
        let trail = parse_str(
            r##"{"moves": "rook", "grid": [[4, 5], [1, "#"]], "trail": {"length": 2}}"##,
            Format::Json,
        )
        .unwrap();
        assert_eq!(trail.trail().unwrap().labels(), &[4, 5, 1]);
        for (grid, expected) in [
            (
                r#"[[1, null], [null, "x y"]]"#,
                "grid entry \"x y\" at (1, 1) is not one token",
            ),
            (
                r#"[[1, null], [null, true]]"#,
                "grid entry at (1, 1) is a boolean",
            ),
            (
                r#"[[1, null], [null, 2.5]]"#,
                "grid entry at (1, 1) is a non-integer number",
            ),
            (
                r#"[[1, null], [null]]"#,
                "grid row 1 has 1 entries, row 0 has 2",
            ),
            (
                r#"[[1, null], [null, -4]]"#,
                "given -4 at (1, 1) must be a positive",
            ),
            (
                r#"[[1, null], [null, 9]]"#,
                "given 9 at (1, 1) is out of range",
            ),
            (
                r#"[[1, null], 3]"#,
                "each grid row is a string or a list of entries, found an integer",
            ),
            (r#"[[], []]"#, "the grid is empty"),
        ] {
            let e = parse_str(
                &format!(r#"{{"moves": "king", "grid": {grid}}}"#),
                Format::Json,
            )
            .unwrap_err();
            assert!(e.message().contains(expected), "{grid}: {e}");
        }
        let e = parse_str(
            r#"{"moves": "rook", "grid": [[4, null]], "trail": {"length": 2}}"#,
            Format::Json,
        )
        .unwrap_err();
        assert!(e.message().contains("grid entry at (0, 1) is null"), "{e}");
    }

    /// A `[graph]` table's edges are checked as graph files' are, and point at the edge.
    #[test]
    fn graph_table_edges_are_checked_where_they_are() {
        let table = |edges: &str| {
            format!("closed = true\n[graph]\nvertices = 3\nedges = [\n  {edges}\n]\n")
        };
        let e = err(&table("[1, 2], [2, 3],\n  [3, 1], [2, 2]"));
        assert_eq!(
            e.location(),
            Some(Location {
                line: 6,
                column: 11
            })
        );
        assert!(e.message().starts_with("edge [2, 2] is a self-loop"), "{e}");
        let e = err(&table("[1, 2], [2, 3],\n  [3, 1], [2, 3]"));
        assert_eq!(
            e.location(),
            Some(Location {
                line: 6,
                column: 11
            })
        );
        assert_eq!(
            e.message(),
            "edge [2, 3] is listed twice, first at line 5, column 11"
        );
        let e = err(&table("[1, 2], [2, 3],\n  [3, 1], [2, 4]"));
        assert_eq!(
            e.location(),
            Some(Location {
                line: 6,
                column: 11
            })
        );
        assert!(e.message().contains("edge #4 [2, 4] names vertex 4"), "{e}");
        // Directed: [2, 1] after [1, 2] is another arc.
        let p = toml("closed = true\n[graph]\nvertices = 3\ndirected = true\nedges = [[1, 2], [2, 1], [2, 3], [3, 1]]\n").unwrap();
        assert_eq!(p.moves().arcs().unwrap().n_edges(), 4);
        let e = err("[graph]\nvertices = 3\ndirected = true\nedges = [[1, 2], [2, 3], [1, 2]]\n");
        assert!(e.message().contains("edge [1, 2] is listed twice"), "{e}");
        // JSON has no positions: the message numbers the edges.
        let e = parse_str(
            r#"{"closed": true, "graph": {"vertices": 3, "edges": [[1, 2], [2, 3], [3, 1], [3, 2]]}}"#,
            Format::Json,
        )
        .unwrap_err();
        assert!(
            e.message()
                .starts_with("edge #4 [3, 2] is listed twice, first as #2 [2, 3]"),
            "{e}"
        );
    }

    #[test]
    fn grid_errors_point_at_the_token() {
        let e = err("moves = \"rook\"\ngrid = \"\"\"\n. . .\n. Q? .\n\"\"\"\n");
        assert_eq!(e.location(), Some(Location { line: 4, column: 3 }));
        assert!(
            e.message().contains("unknown grid entry \"Q?\" at (1, 1)"),
            "{e}"
        );

        let e = err("moves = \"rook\"\ngrid = \"\"\"\n. . .\n. .\n\"\"\"\n");
        assert_eq!(e.location(), Some(Location { line: 4, column: 1 }));
        assert!(e.message().contains("row 1 has 2 entries"), "{e}");

        let e = err("moves = \"rook\"\ngrid = '1 2 3 2'\n");
        assert_eq!(
            e.location(),
            Some(Location {
                line: 2,
                column: 15
            })
        );
        assert!(
            e.message().contains("given 2 at (0, 3) appears twice"),
            "{e}"
        );

        let e = err("moves = \"rook\"\ngrid = \". 5 .\"\n");
        assert_eq!(
            e.location(),
            Some(Location {
                line: 2,
                column: 11
            })
        );
        assert!(e.message().contains("out of range"), "{e}");

        let e = err("moves = \"rook\"\ngrid = \". 0 .\"\n");
        assert!(e.message().contains("out of range"), "{e}");
        let e = err("moves = \"rook\"\ngrid = \". -3 .\"\n");
        assert!(e.message().contains("positive whole number"), "{e}");
        let e = err("moves = \"rook\"\ngrid = \". 99999999999 .\"\n");
        assert!(e.message().contains("too large"), "{e}");
    }

    #[test]
    fn mark_errors() {
        let e = err("moves = \"rook\"\ngrid = \"Q . .\"\n");
        assert!(
            e.message().contains("mark \"Q\" at (0, 0) is not defined"),
            "{e}"
        );
        let e = err("moves = \"rook\"\ngrid = \"E E .\"\n[marks]\nE = \"even\"\n");
        assert!(e.message().contains("mark \"E\" is on 2 cells"), "{e}");
        let e = err("moves = \"rook\"\ngrid = \"E . .\"\n[marks]\nE = \"evens\"\n");
        assert!(e.message().contains("unknown value class"), "{e}");
        assert_eq!(e.location(), Some(Location { line: 4, column: 5 }));
        let e = err("moves = \"rook\"\ngrid = \"E . .\"\n[marks]\nE = [0, 1]\n");
        assert!(e.message().contains("values are positive"), "{e}");
        let e = err("moves = \"rook\"\ngrid = \"E . .\"\n[marks]\n3 = [1]\n");
        assert!(e.message().contains("letters"), "{e}");
    }

    #[test]
    fn field_errors() {
        let e = err("moves = \"bishop\"\ngrid = \". .\"\n");
        assert!(e.message().contains("unknown move rule \"bishop\""), "{e}");
        assert_eq!(e.location(), Some(Location { line: 1, column: 9 }));
        let e = err("moves = []\ngrid = \". .\"\n");
        assert!(e.message().contains("empty"), "{e}");
        let e = err("moves = [[0, 0]]\ngrid = \". .\"\n");
        assert!(e.message().contains("[0, 0] is not a move"), "{e}");
        let e = err("moves = [[1]]\ngrid = \". .\"\n");
        assert!(e.message().contains("pair of integers"), "{e}");
        let e = err("moves = \"rook\"\ngrid = \"# #\\n# #\"\n");
        assert!(e.message().contains("no cells"), "{e}");
        let e = err("moves = \"rook\"\ngrid = \"  \\n \"\n");
        assert!(e.message().contains("empty"), "{e}");
        let e = err("moves = \"rook\"\ngrid = 3\n");
        assert!(e.message().contains("grid is an integer"), "{e}");
        let e = err("moves = \"rook\"\nclosed = \"yes\"\ngrid = \". .\"\n");
        assert_eq!(e.kind(), ErrorKind::Syntax);
        assert_eq!(e.location().map(|l| l.line), Some(2));
        let e = err("moves = \"rook\"\ngrdi = \". .\"\n");
        assert!(e.message().contains("unknown field"), "{e}");
        let e = err("moves = \"rook\"\n");
        assert!(e.message().contains("grid"), "{e}");
        let e = err("moves = \"rook\"\ngrid = \". .\n");
        assert_eq!(e.kind(), ErrorKind::Syntax);
    }

    #[test]
    fn json_errors_have_positions() {
        let e = parse_str("{\"moves\": \"rook\",\n \"grid\": 5,}", Format::Json).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Syntax);
        assert_eq!(e.location().map(|l| l.line), Some(2));
        assert!(!e.message().contains(" at line "), "{e}");
        let e = parse_str("{\"moves\": \"rook\", \"grid\": 5}", Format::Json).unwrap_err();
        assert!(e.message().contains("grid is an integer"), "{e}");
        let e = parse_str("{\"moves\": \"rook\", \"grid\": \"1 x\"}", Format::Json).unwrap_err();
        assert!(e.message().contains("\"x\" at (0, 1)"), "{e}");
    }

    #[test]
    fn expected_solutions_are_read_against_the_board() {
        let p = toml("moves = \"rook\"\ngrid = \"1 .\\n# .\"\n[expect]\ncount = 1\nsolutions = [\"1 2\\n# 3\"]\n").unwrap();
        assert_eq!(p.expect().solutions[0].values(), &[1, 2, 3]);
        let e =
            err("moves = \"rook\"\ngrid = \"1 .\\n# .\"\n[expect]\nsolutions = [\"1 2\\n4 3\"]\n");
        assert!(e.message().contains("expected solution #0"), "{e}");
    }

    #[test]
    fn escaped_grid_strings_fall_back_to_the_grid_location() {
        let e = err("moves = \"rook\"\ngrid = \"\\u0031 x\"\n");
        assert_eq!(e.location(), Some(Location { line: 2, column: 8 }));
    }

    #[test]
    fn json_error_columns_count_characters() {
        // Found by fuzzing: serde_json counts columns in bytes, so each accented letter before
        // the mistake moved the column one further right (and past the end of a short line).
        let text = "{\n  \"name\": \"crème brûlée\", \"moves\": rook,\n  \"grid\": \"1 .\"\n}\n";
        let e = parse_named(text, Format::Json, "accents.json").unwrap_err();
        assert_eq!(
            e.to_string(),
            "accents.json:2:36: invalid JSON: expected value"
        );
    }

    #[test]
    fn a_byte_order_mark_is_not_a_column() {
        // Found by fuzzing: the TOML reader skips a byte-order mark, but the columns of line 1
        // counted it, one too far right (past the end of the line for a mistake at its end);
        // the JSON reader refused it at 1:1 as "expected value".
        let e = parse_named("\u{feff}moves \"rook\"\n", Format::Toml, "bom.toml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "bom.toml:1:7: invalid TOML: key with no value, expected `=`"
        );
        let json = "\u{feff}{\"moves\": \"rook\", \"grid\": \"1 .\"}";
        assert_eq!(parse_str(json, Format::Json).unwrap().n_cells(), 2);
        let e = parse_named("\u{feff}{\"moves\" \"rook\"}", Format::Json, "bom.json").unwrap_err();
        assert_eq!(e.to_string(), "bom.json:1:10: invalid JSON: expected `:`");
    }

    #[test]
    fn a_trail_longer_than_any_board_is_refused() {
        // Found by fuzzing (puzzle_toml): a trail of 42949672950 cells on a board of 4 was
        // read, and encoding it asked for a terabyte (a table of cells per step) and aborted.
        let text =
            "moves = \"rook\"\ngrid = \"\"\"\n1 2\n3 4\n\"\"\"\n[trail]\nlength = 42949672950\n";
        let e = parse_named(text, Format::Toml, "long.toml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "long.toml:6:1: trail length 42949672950 is longer than any board pathsat reads \
             (at most 1000000 cells)"
        );
        // Longer than its board but not than every board: an unsolvable puzzle, not an error.
        let text = text.replace("42949672950", "1000000");
        assert_eq!(toml(&text).unwrap().trail().unwrap().length(), 1_000_000);
    }
}
