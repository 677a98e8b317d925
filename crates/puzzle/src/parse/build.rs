//! From the raw form ([`super::raw`]) to a checked puzzle: the grid's tokens into cell rules,
//! the graph's edges (in `graph.rs`), the marks, the trail and the expectations, each mistake
//! reported at its line and column.

use super::raw::{Located, RawPuzzle, RawTrail, Val};
use crate::edges::MAX_POSITIONS;
use crate::error::{ErrorKind, Location, PuzzleError};
use crate::solution_file::parse_filling_text;
use crate::text::tokens;
use crate::{Board, CellRule, Expect, Mark, ModelError, Moves, Pos, Puzzle, Trail, ValueClass};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Range;

/// One grid token, with its byte offset in the file when known.
pub(super) struct Token<'a> {
    pub(super) text: Cow<'a, str>,
    pub(super) offset: Option<usize>,
}

/// A row of the grid as written: a line of text (with its offset in the file, when known) or
/// a list of entries.
pub(super) enum GridLine<'a> {
    Text(&'a str, Option<usize>),
    Entries(Vec<Token<'a>>),
}

pub(super) struct Builder<'t> {
    pub(super) text: &'t str,
    pub(super) raw: RawPuzzle,
}

impl Builder<'_> {
    pub(super) fn at(&self, offset: Option<usize>) -> Option<Location> {
        offset.map(|o| Location::from_offset(self.text, o))
    }

    pub(super) fn invalid(&self, offset: Option<usize>, message: impl Into<String>) -> PuzzleError {
        PuzzleError::new(ErrorKind::Invalid, self.at(offset), message)
    }

    pub(super) fn span_start<T>(&self, located: &Located<T>) -> Option<usize> {
        located.span.as_ref().map(|s| s.start)
    }

    pub(super) fn build(self, default_name: &str) -> Result<Puzzle, PuzzleError> {
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
    pub(super) fn build_trail(
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

    pub(super) fn moves(&self) -> Result<Moves, PuzzleError> {
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
    pub(super) fn grid_rows(&self) -> Result<Vec<Vec<Token<'_>>>, PuzzleError> {
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

    pub(super) fn classify(
        &self,
        token: &Token<'_>,
        pos: Pos,
    ) -> Result<Option<TokenRule>, PuzzleError> {
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

    pub(super) fn mark_definitions(&self) -> Result<BTreeMap<String, ValueClass>, PuzzleError> {
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
    pub(super) fn expect(&self, board: &Board, partial: bool) -> Result<Expect, PuzzleError> {
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

pub(super) enum TokenRule {
    Free,
    Given(u32),
    Mark(String),
}

/// Where the content of a TOML string literal starts in the file, when the content is the
/// literal text (no escapes), so that offsets in the value are offsets in the file.
pub(super) fn string_content_start(text: &str, span: &Range<usize>, value: &str) -> Option<usize> {
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
