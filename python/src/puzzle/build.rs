//! Puzzles built from Python values: a board from its size, moves, givens, holes and marks,
//! a graph from its edges, each written as the JSON of a puzzle file and read by the one
//! parser, so that a puzzle built in Python is checked as a file would be.

use super::Puzzle;
use crate::errors::puzzle_error;
use pathsat_puzzle::{parse_str, Format};
use pyo3::prelude::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// `Puzzle.board`: the puzzle file of the board, read.
#[allow(clippy::too_many_arguments)]
pub(crate) fn board(
    rows: usize,
    cols: usize,
    moves: Option<&Bound<'_, PyAny>>,
    closed: bool,
    givens: Option<BTreeMap<(i64, i64), i64>>,
    holes: Option<Vec<(i64, i64)>>,
    marks: Option<BTreeMap<(i64, i64), Bound<'_, PyAny>>>,
    name: Option<String>,
) -> PyResult<Puzzle> {
    let what = format!("board {rows}x{cols}");
    let refuse = |problem: String| puzzle_error(format!("{what}: {problem}"));
    let mut grid = vec![vec![Value::Null; cols]; rows];
    let mut place = |(r, c): (i64, i64), entry: Value, kind: &str| -> PyResult<()> {
        let cell = usize::try_from(r)
            .ok()
            .zip(usize::try_from(c).ok())
            .filter(|&(r, c)| r < rows && c < cols);
        let Some((r, c)) = cell else {
            return Err(refuse(format!(
                "the {kind} at ({r}, {c}) is off the board (rows 0..{rows}, columns 0..{cols})"
            )));
        };
        if !grid[r][c].is_null() {
            return Err(refuse(format!(
                "({r}, {c}) is given twice (as a given, a hole or a mark)"
            )));
        }
        grid[r][c] = entry;
        Ok(())
    };
    for (pos, value) in givens.unwrap_or_default() {
        place(pos, json!(value), "given")?;
    }
    for pos in holes.unwrap_or_default() {
        place(pos, json!("#"), "hole")?;
    }
    // One letter per distinct class, in the order first met.
    let mut classes: Vec<Value> = Vec::new();
    for (pos, class) in marks.unwrap_or_default() {
        let class: Value = if let Ok(name) = class.extract::<String>() {
            json!(name)
        } else if let Ok(values) = class.extract::<Vec<i64>>() {
            json!(values)
        } else {
            return Err(refuse(format!(
                "the mark at {pos:?} is neither a class name nor a list of values"
            )));
        };
        let index = match classes.iter().position(|c| *c == class) {
            Some(i) => i,
            None => {
                classes.push(class);
                classes.len() - 1
            }
        };
        let letter =
            mark_letter(index).ok_or_else(|| refuse("more than 26 mark classes".into()))?;
        place(pos, json!(letter), "mark")?;
    }
    let moves: Value = match moves.filter(|m| !m.is_none()) {
        None => json!("king"),
        Some(m) => {
            if let Ok(name) = m.extract::<String>() {
                json!(name)
            } else if let Ok(steps) = m.extract::<Vec<(i64, i64)>>() {
                json!(steps.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>())
            } else {
                return Err(refuse(format!(
                    "moves={}: a name (\"rook\", \"king\", \"knight\", ...) or a list of (dr, dc) steps",
                    m.repr()?
                )));
            }
        }
    };
    // Named as `pathsat generate` names its blank boards: 8x8-knight-closed.
    let name = name.unwrap_or_else(|| {
        let rule = moves.as_str().unwrap_or("custom");
        let closed = if closed { "-closed" } else { "" };
        format!("{rows}x{cols}-{rule}{closed}")
    });
    let mut document = json!({ "name": name, "moves": moves, "closed": closed, "grid": grid });
    if !classes.is_empty() {
        let table: serde_json::Map<String, Value> = classes
            .into_iter()
            .enumerate()
            .map(|(i, c)| (mark_letter(i).expect("checked above").to_string(), c))
            .collect();
        document["marks"] = Value::Object(table);
    }
    let puzzle =
        parse_str(&document.to_string(), Format::Json).map_err(|e| refuse(e.to_string()))?;
    Ok(Puzzle::new(puzzle, what))
}

/// `Puzzle.graph`: the puzzle file of the graph, read.
#[allow(clippy::too_many_arguments)]
pub(crate) fn graph(
    edges: Vec<(i64, i64)>,
    vertices: Option<u64>,
    closed: bool,
    directed: bool,
    start: Option<i64>,
    end: Option<i64>,
    name: Option<String>,
) -> PyResult<Puzzle> {
    let largest = edges.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0);
    let vertices = vertices.unwrap_or(u64::try_from(largest).unwrap_or(0));
    let what = format!("graph of {vertices} vertices");
    let mut graph = json!({
        "vertices": vertices,
        "edges": edges.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>(),
        "directed": directed,
    });
    if let Some(start) = start {
        graph["start"] = json!(start);
    }
    if let Some(end) = end {
        graph["end"] = json!(end);
    }
    let name =
        name.unwrap_or_else(|| format!("graph-{vertices}{}", if closed { "-closed" } else { "" }));
    let document = json!({ "name": name, "closed": closed, "graph": graph });
    let puzzle = parse_str(&document.to_string(), Format::Json)
        .map_err(|e| puzzle_error(format!("{what}: {e}")))?;
    Ok(Puzzle::new(puzzle, what))
}

/// Parses `text` as `format`; errors name it `name`.
pub(crate) fn parsed(text: &str, format: Format, name: String) -> PyResult<Puzzle> {
    let puzzle =
        parse_str(text, format).map_err(|e| puzzle_error(e.with_path(&name).to_string()))?;
    Ok(Puzzle::new(puzzle, name))
}

/// The letter of the `index`th mark class of a board built from Python.
fn mark_letter(index: usize) -> Option<char> {
    (b'A'..=b'Z').nth(index).map(char::from)
}
