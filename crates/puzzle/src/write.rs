//! # Writing puzzle files
//!
//! The inverse of [`crate::parse_str`]: a [`Puzzle`] as the TOML or JSON puzzle file described
//! in the parser's documentation. Puzzle generators and editors write their puzzles through
//! it, so that every file pathsat writes reads back to the same puzzle: the same name, board,
//! moves, open/closed flag, cell rules, marks, trail and `[expect]` table (for a graph puzzle,
//! the same arcs and end points).
//!
//! The output looks like the hand-written fixtures: grids are aligned multi-line strings (in
//! JSON, lists of row strings), expected solutions are grids of the same shape (vertex orders
//! for a graph), and counts are exact at any size (in TOML, a string of digits beyond 2^63).
//!
//! What the format cannot say is not written, so a few puzzles built in code do not read back
//! the same: marks are numbered in the order of their first cell and marks on no cell are
//! dropped (as the parser does); a graph keeps only its givens 1 (`start`) and, for a path, N
//! (`end`). Mark letters must be letters A-Z, a-z, custom moves within 2^20 cells and a trail's
//! sum below 2^63 for the parser to accept the file.

use crate::{CellRule, Expect, Filling, Mark, Moves, Pos, Puzzle, ValueClass};
use itertools::Itertools;
use std::fmt::{Display, Write as _};

/// The puzzle as a TOML puzzle file that `parse_str(.., Format::Toml)` reads back to the same
/// puzzle. `comments` are written first, each line prefixed with "# ". The file is written top
/// to bottom in the order people read it: name, moves, grid or graph, marks, trail,
/// expectations.
pub fn to_toml(puzzle: &Puzzle, comments: &[String]) -> String {
    let mut out = String::new();
    toml_comments(&mut out, comments);
    key_value(&mut out, "name", toml_str(puzzle.name()));
    if let Some(graph) = GraphTable::of(puzzle) {
        toml_graph(&mut out, puzzle, &graph);
    } else {
        toml_board(&mut out, puzzle);
    }
    toml_expect(&mut out, puzzle);
    out
}

/// The comment lines of a TOML file: `# ` and each line of each comment (an empty comment is
/// an empty line, `#`).
fn toml_comments(out: &mut String, comments: &[String]) {
    let lines = comments.iter().flat_map(|c| {
        if c.is_empty() {
            vec![""]
        } else {
            c.lines().collect()
        }
    });
    for line in lines {
        // A TOML comment may not hold control characters (tabs aside): show them escaped.
        let line: String = line
            .chars()
            .map(|c| match c {
                c if c.is_control() && c != '\t' => c.escape_default().to_string(),
                c => c.to_string(),
            })
            .collect();
        out.push_str(format!("# {line}").trim_end());
        out.push('\n');
    }
}

/// A graph puzzle's `closed` flag and `[graph]` table, in TOML.
fn toml_graph(out: &mut String, puzzle: &Puzzle, graph: &GraphTable) {
    key_value(out, "closed", puzzle.is_closed());
    out.push_str("\n[graph]\n");
    key_value(out, "vertices", graph.vertices);
    key_value(out, "edges", pairs(&graph.edges));
    if graph.directed {
        key_value(out, "directed", true);
    }
    if let Some(start) = graph.start {
        key_value(out, "start", start);
    }
    if let Some(end) = graph.end {
        key_value(out, "end", end);
    }
}

/// A board puzzle's moves, `closed` flag and grid, then its `[marks]` and `[trail]` tables
/// when it has them, in TOML.
fn toml_board(out: &mut String, puzzle: &Puzzle) {
    let moves = match puzzle.moves() {
        Moves::Custom(offsets) => pairs(offsets),
        named => toml_str(&named.to_string()).to_string(),
    };
    key_value(out, "moves", moves);
    key_value(out, "closed", puzzle.is_closed());
    out.push_str("grid = ");
    multi_line(out, &grid_lines(puzzle, |cell| puzzle_token(puzzle, cell)));
    out.push('\n');

    let marks = used_marks(puzzle);
    if !marks.is_empty() {
        let table: toml::Table = marks
            .iter()
            .map(|m| (m.letter.clone(), toml_class(&m.class)))
            .collect();
        // toml's serializer quotes the keys that are not bare words.
        let body = toml::to_string(&table).expect("a table of strings and integer lists");
        out.push_str("\n[marks]\n");
        out.push_str(&body);
    }
    if let Some(trail) = puzzle.trail() {
        out.push_str("\n[trail]\n");
        key_value(out, "length", trail.length());
        if let Some(sum) = trail.sum() {
            key_value(out, "sum", sum);
        }
        key_value(out, "distinct", trail.distinct());
    }
}

/// The `[expect]` table in TOML, unless it is empty.
fn toml_expect(out: &mut String, puzzle: &Puzzle) {
    let expect = puzzle.expect();
    if *expect == Expect::default() {
        return;
    }
    out.push_str("\n[expect]\n");
    if let Some(count) = &expect.count {
        match count.to_u64().and_then(|c| i64::try_from(c).ok()) {
            Some(c) => key_value(out, "count", c),
            // Beyond TOML's integers: a string of digits.
            None => key_value(out, "count", toml_str(&count.to_string())),
        }
    }
    if let Some(sat) = expect.sat {
        key_value(out, "sat", sat);
    }
    if !expect.solutions.is_empty() {
        out.push_str("solutions = [\n");
        for solution in &expect.solutions {
            if puzzle.is_graph() {
                let _ = write!(out, "  {}", toml_str(&order_text(solution)));
            } else {
                multi_line(out, &solution_lines(puzzle, solution));
            }
            out.push_str(",\n");
        }
        out.push_str("]\n");
    }
}

/// The same as a JSON puzzle file (pretty-printed, ending with a newline), read back by
/// `parse_str(.., Format::Json)`.
pub fn to_json(puzzle: &Puzzle) -> String {
    let mut fields = vec![("name", json_str(puzzle.name()))];
    if let Some(graph) = GraphTable::of(puzzle) {
        fields.push(("closed", Json::of(puzzle.is_closed())));
        let mut table = vec![
            ("vertices", Json::of(graph.vertices)),
            ("edges", Json::of(pairs(&graph.edges))),
            ("directed", Json::of(graph.directed)),
        ];
        if let Some(start) = graph.start {
            table.push(("start", Json::of(start)));
        }
        if let Some(end) = graph.end {
            table.push(("end", Json::of(end)));
        }
        fields.push(("graph", Json::object(table)));
    } else {
        let moves = match puzzle.moves() {
            Moves::Custom(offsets) => Json::of(pairs(offsets)),
            named => json_str(&named.to_string()),
        };
        fields.push(("moves", moves));
        fields.push(("closed", Json::of(puzzle.is_closed())));
        let rows = grid_lines(puzzle, |cell| puzzle_token(puzzle, cell));
        let rows = rows.iter().map(|row| json_str(row.trim_end_matches('\n')));
        fields.push(("grid", Json::List(rows.collect())));
        let marks = used_marks(puzzle);
        if !marks.is_empty() {
            let table = marks.iter().map(|m| {
                let class = match &m.class {
                    ValueClass::List(values) => Json::of(format!("[{}]", values.iter().join(", "))),
                    named => json_str(&named.to_string()),
                };
                (json_text(&m.letter), class)
            });
            fields.push(("marks", Json::Object(table.collect())));
        }
        if let Some(trail) = puzzle.trail() {
            let mut table = vec![("length", Json::of(trail.length()))];
            if let Some(sum) = trail.sum() {
                table.push(("sum", Json::of(sum)));
            }
            table.push(("distinct", Json::of(trail.distinct())));
            fields.push(("trail", Json::object(table)));
        }
    }
    let expect = puzzle.expect();
    if *expect != Expect::default() {
        let mut table = Vec::new();
        if let Some(count) = &expect.count {
            // A JSON number carries a count's exact digits at any size (see pathsat-bigcount).
            table.push(("count", Json::of(count)));
        }
        if let Some(sat) = expect.sat {
            table.push(("sat", Json::of(sat)));
        }
        if !expect.solutions.is_empty() {
            let solutions = expect.solutions.iter().map(|s| {
                if puzzle.is_graph() {
                    json_str(&order_text(s))
                } else {
                    json_str(&solution_lines(puzzle, s).concat())
                }
            });
            table.push(("solutions", Json::List(solutions.collect())));
        }
        fields.push(("expect", Json::object(table)));
    }
    let mut out = String::new();
    Json::object(fields).write(&mut out, 0);
    out.push('\n');
    out
}

// ---------------------------------------------------------------------------------------------
// Parts shared by both formats.

/// The marks on some cell, in the order of their first cell (as the parser numbers them).
fn used_marks(puzzle: &Puzzle) -> Vec<&Mark> {
    let mut used: Vec<usize> = Vec::new();
    for rule in puzzle.rules() {
        if let CellRule::Marked(i) = rule {
            if !used.contains(i) {
                used.push(*i);
            }
        }
    }
    used.into_iter().map(|i| &puzzle.marks()[i]).collect()
}

/// A cell's token in the puzzle's grid: a trail's label, a given, a mark's letter or `.`.
fn puzzle_token(puzzle: &Puzzle, cell: usize) -> String {
    match (puzzle.trail(), puzzle.rule(cell)) {
        (Some(trail), _) => trail.label(cell).to_string(),
        (None, CellRule::Given(v)) => v.to_string(),
        (None, CellRule::Marked(i)) => puzzle.marks()[*i].letter.clone(),
        (None, CellRule::Free) => ".".to_string(),
    }
}

/// An expected solution as grid lines; a trail's cells off the trail (0) are `.`.
fn solution_lines(puzzle: &Puzzle, solution: &Filling) -> Vec<String> {
    grid_lines(puzzle, |cell| match solution.values().get(cell) {
        Some(0) if puzzle.trail().is_some() => ".".to_string(),
        Some(v) => v.to_string(),
        // A filling shorter than the board is no solution of it; the parser will say so.
        None => "?".to_string(),
    })
}

/// The board's rows, each ending in a newline: `token` for each cell, `#` for holes, all
/// right-aligned in columns of one width.
fn grid_lines(puzzle: &Puzzle, token: impl Fn(usize) -> String) -> Vec<String> {
    let board = puzzle.board();
    let tokens: Vec<String> = (0..board.n_cells()).map(token).collect();
    let width = tokens.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    (0..board.rows())
        .map(|row| {
            let fields = (0..board.cols()).map(|col| {
                let token = board
                    .cell_at(Pos::new(row, col))
                    .map_or("#", |cell| tokens[cell].as_str());
                format!("{token:>width$}")
            });
            format!("{}\n", fields.format(" "))
        })
        .collect()
}

/// A graph solution as its vertex order, numbered from 1.
fn order_text(solution: &Filling) -> String {
    let order = solution.order().into_iter().map(|cell| cell + 1);
    order.format(" ").to_string()
}

/// Pairs of integers as an inline list, the same in TOML and JSON: `[[1, 2], [2, 3]]`.
fn pairs<T: Display>(pairs: &[(T, T)]) -> String {
    let pairs = pairs.iter().map(|(a, b)| format!("[{a}, {b}]"));
    format!("[{}]", pairs.format(", "))
}

/// A graph puzzle's `[graph]` table, vertices numbered from 1.
struct GraphTable {
    vertices: usize,
    /// Edges (arcs, when directed), sorted.
    edges: Vec<(usize, usize)>,
    directed: bool,
    /// The vertex given 1.
    start: Option<usize>,
    /// The vertex given N, for a path.
    end: Option<usize>,
}

impl GraphTable {
    /// The table of a graph puzzle; `None` for a board.
    fn of(puzzle: &Puzzle) -> Option<GraphTable> {
        let arcs = puzzle.moves().arcs()?;
        let directed = arcs.is_directed();
        // An undirected edge is two arcs: write it once.
        let mut edges: Vec<(usize, usize)> = arcs
            .iter()
            .filter(|&(u, v)| directed || u < v)
            .map(|(u, v)| (u + 1, v + 1))
            .collect();
        edges.sort_unstable();
        let n = puzzle.n_cells();
        let holding = |value: usize| {
            puzzle
                .givens()
                .find(|&(_, v)| v as usize == value)
                .map(|(cell, _)| cell + 1)
        };
        Some(GraphTable {
            vertices: arcs.n_vertices(),
            edges,
            directed,
            start: holding(1),
            // A tour has no end, and with one vertex the end is the start.
            end: (n > 1 && !puzzle.is_closed()).then(|| holding(n)).flatten(),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// TOML.

/// A TOML string, quoted and escaped by toml.
fn toml_str(s: &str) -> toml::Value {
    toml::Value::String(s.to_string())
}

fn toml_class(class: &ValueClass) -> toml::Value {
    match class {
        ValueClass::List(values) => toml::Value::Array(
            values
                .iter()
                .map(|&v| toml::Value::Integer(i64::from(v)))
                .collect(),
        ),
        named => toml_str(&named.to_string()),
    }
}

/// `key = value` and a newline: `value` is a [`toml::Value`] or text already in TOML syntax
/// (numbers, booleans and inline lists of integers display the same in Rust and TOML).
fn key_value(out: &mut String, key: &str, value: impl Display) {
    let _ = writeln!(out, "{key} = {value}");
}

/// A multi-line basic string of `lines` (each ending in a newline), closed on a line of its
/// own. Grid tokens need no escapes; anything that would end or break the string is escaped.
fn multi_line(out: &mut String, lines: &[String]) {
    out.push_str("\"\"\"\n");
    for c in lines.iter().flat_map(|line| line.chars()) {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' | '\t' => out.push(c),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push_str("\"\"\"");
}

// ---------------------------------------------------------------------------------------------
// JSON, pretty-printed by hand so that short lists (moves, edges, mark values) stay on one line,
// as in the fixtures.

enum Json {
    /// JSON text, written as is.
    Inline(String),
    /// One field per line; the keys are JSON strings.
    Object(Vec<(String, Json)>),
    /// One item per line.
    List(Vec<Json>),
}

/// A JSON string, quoted and escaped by serde_json.
fn json_str(s: &str) -> Json {
    Json::Inline(json_text(s))
}

fn json_text(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

impl Json {
    /// A number, a boolean or JSON text.
    fn of(value: impl Display) -> Json {
        Json::Inline(value.to_string())
    }

    fn object(fields: Vec<(&str, Json)>) -> Json {
        Json::Object(fields.into_iter().map(|(k, v)| (json_text(k), v)).collect())
    }

    fn write(&self, out: &mut String, depth: usize) {
        let (open, close, items): (char, char, Vec<(Option<&str>, &Json)>) = match self {
            Json::Inline(text) => return out.push_str(text),
            Json::Object(fields) => (
                '{',
                '}',
                fields.iter().map(|(k, v)| (Some(k.as_str()), v)).collect(),
            ),
            Json::List(items) => ('[', ']', items.iter().map(|v| (None, v)).collect()),
        };
        out.push(open);
        for (i, (key, value)) in items.iter().enumerate() {
            out.push_str(if i == 0 { "\n" } else { ",\n" });
            out.push_str(&"  ".repeat(depth + 1));
            if let Some(key) = key {
                out.push_str(key);
                out.push_str(": ");
            }
            value.write(out, depth + 1);
        }
        if !items.is_empty() {
            out.push('\n');
            out.push_str(&"  ".repeat(depth));
        }
        out.push(close);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_file, parse_str, Board, Format, Mark, Trail};
    use pathsat_bigcount::BigCount;
    use std::path::{Path, PathBuf};

    /// Asserts that two puzzles agree in everything a puzzle file says, and in their arcs.
    fn assert_same(a: &Puzzle, b: &Puzzle, what: &str) {
        assert_eq!(a.name(), b.name(), "{what}: name");
        assert_eq!(a.board(), b.board(), "{what}: board");
        assert_eq!(a.moves(), b.moves(), "{what}: moves");
        assert_eq!(a.is_closed(), b.is_closed(), "{what}: closed");
        assert_eq!(a.rules(), b.rules(), "{what}: rules");
        assert_eq!(a.marks(), b.marks(), "{what}: marks");
        assert_eq!(a.trail(), b.trail(), "{what}: trail");
        assert_eq!(a.expect(), b.expect(), "{what}: expect");
        for cell in 0..a.n_cells() {
            assert_eq!(
                a.successors(cell),
                b.successors(cell),
                "{what}: successors of cell {cell}"
            );
        }
    }

    /// Writes the puzzle in both formats and reads each back.
    fn assert_round_trips(puzzle: &Puzzle, what: &str) {
        let toml = to_toml(puzzle, &[]);
        let back = parse_str(&toml, Format::Toml)
            .unwrap_or_else(|e| panic!("{what}: the TOML does not parse: {e}\n{toml}"));
        assert_same(puzzle, &back, &format!("{what} (TOML)\n{toml}"));
        let json = to_json(puzzle);
        assert!(json.ends_with("}\n"), "{what}: {json}");
        let back = parse_str(&json, Format::Json)
            .unwrap_or_else(|e| panic!("{what}: the JSON does not parse: {e}\n{json}"));
        assert_same(puzzle, &back, &format!("{what} (JSON)\n{json}"));
    }

    fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
        let entries = std::fs::read_dir(dir).expect("the fixtures directory is readable");
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                files_under(&path, out);
            } else {
                out.push(path);
            }
        }
    }

    #[test]
    fn every_fixture_round_trips() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let mut files = Vec::new();
        files_under(&root, &mut files);
        files.sort();
        let mut checked = 0;
        for path in files {
            if !matches!(Format::from_path(&path), Some(Format::Toml | Format::Json)) {
                continue;
            }
            let Ok(puzzle) = parse_file(&path) else {
                continue;
            };
            assert_round_trips(&puzzle, &path.display().to_string());
            checked += 1;
        }
        // Boards, trails, graphs and both formats are among them.
        assert!(checked >= 40, "only {checked} fixtures were read");
    }

    /// Custom one-way moves, holes, marks of a listed and a named class (an unused mark is
    /// dropped), and an expected count beyond 2^64 with a solution.
    #[test]
    fn custom_moves_holes_list_marks_and_a_huge_count() {
        // A . #
        // 3 . P
        // # . .
        let board = Board::from_mask(
            3,
            3,
            &[true, true, false, true, true, true, false, true, true],
        );
        let moves = Moves::custom(vec![(0, 1), (1, 0), (-1, 0), (0, -1), (-2, 1)]).unwrap();
        let marks = vec![
            Mark {
                letter: "A".into(),
                class: ValueClass::List([1, 2, 7].into_iter().collect()),
            },
            Mark {
                letter: "P".into(),
                class: ValueClass::Primes,
            },
        ];
        let rules = vec![
            CellRule::Marked(0),
            CellRule::Free,
            CellRule::Given(3),
            CellRule::Free,
            CellRule::Marked(1),
            CellRule::Free,
            CellRule::Free,
        ];
        let count = BigCount::from(u64::MAX) * 1000u64;
        let expect = Expect {
            count: Some(count.clone()),
            sat: Some(true),
            solutions: vec![Filling::from_values(vec![1, 2, 3, 4, 5, 6, 7])],
        };
        let puzzle = Puzzle::new("odd one", board, moves, false, rules, marks, expect).unwrap();
        assert_round_trips(&puzzle, "custom");

        let toml = to_toml(&puzzle, &[]);
        assert!(
            toml.contains("\n[marks]\nA = [1, 2, 7]\nP = \"primes\"\n"),
            "{toml}"
        );
        assert!(toml.contains(&format!("count = \"{count}\"")), "{toml}");
        assert!(
            toml.contains("grid = \"\"\"\nA . #\n3 . P\n# . .\n\"\"\"\n"),
            "{toml}"
        );
        assert!(
            toml.contains("solutions = [\n\"\"\"\n1 2 #\n3 4 5\n# 6 7\n\"\"\",\n]\n"),
            "{toml}"
        );
        let json = to_json(&puzzle);
        assert!(json.contains(&format!("\"count\": {count},")), "{json}");
        assert!(json.contains("\"A\": [1, 2, 7]"), "{json}");

        // A mark on no cell is not written; the puzzle reads back with the marks it uses.
        let mut marks = puzzle.marks().to_vec();
        marks.insert(
            0,
            Mark {
                letter: "Z".into(),
                class: ValueClass::Even,
            },
        );
        let shifted = puzzle.rules().iter().map(|r| match r {
            CellRule::Marked(i) => CellRule::Marked(i + 1),
            other => other.clone(),
        });
        let with_unused = Puzzle::new(
            puzzle.name(),
            puzzle.board().clone(),
            puzzle.moves().clone(),
            false,
            shifted.collect(),
            marks,
            puzzle.expect().clone(),
        )
        .unwrap();
        let back = parse_str(&to_toml(&with_unused, &[]), Format::Toml).unwrap();
        assert_same(&puzzle, &back, "unused mark");
    }

    #[test]
    fn comments_come_first_and_names_are_escaped() {
        let name = r#"say "hi" \ C:\path\ 'quoted' """ end"#;
        let puzzle = Puzzle::blank(2, 2, Moves::Rook, true).unwrap();
        let puzzle = Puzzle::new(
            name,
            puzzle.board().clone(),
            Moves::Rook,
            true,
            puzzle.rules().to_vec(),
            vec![],
            Expect::default(),
        )
        .unwrap();
        let comments = vec![
            "A 2x2 rook tour.".to_string(),
            "Two lines:\nthe second".to_string(),
            "".to_string(),
        ];
        let toml = to_toml(&puzzle, &comments);
        assert!(
            toml.starts_with("# A 2x2 rook tour.\n# Two lines:\n# the second\n#\nname = "),
            "{toml}"
        );
        assert!(
            !toml.contains("[expect]"),
            "an empty expect is omitted: {toml}"
        );
        assert_round_trips(&puzzle, "quoted name");
        for weird in ["line\nbreak", "tab\tand \u{7} bell", "ünïcödé ✓"] {
            let p = puzzle.clone();
            let p = Puzzle::new(
                weird,
                p.board().clone(),
                Moves::Rook,
                true,
                p.rules().to_vec(),
                vec![],
                Expect::default(),
            )
            .unwrap();
            assert_round_trips(&p, weird);
            let toml = to_toml(&p, &[format!("about {weird}")]);
            assert!(parse_str(&toml, Format::Toml).is_ok(), "{toml}");
        }
    }

    /// A graph's start and end, directed arcs and expected vertex orders.
    #[test]
    fn graphs_with_ends_and_orders() {
        let edges = [(0, 1), (1, 2), (2, 3), (3, 0), (1, 3)];
        let rules = vec![
            CellRule::Given(1),
            CellRule::Free,
            CellRule::Free,
            CellRule::Given(4),
        ];
        let expect = Expect {
            count: Some(BigCount::from(1u64)),
            sat: Some(true),
            solutions: vec![Filling::from_values(vec![1, 2, 3, 4])],
        };
        for directed in [false, true] {
            let p = Puzzle::graph(
                "g",
                4,
                &edges,
                directed,
                false,
                rules.clone(),
                expect.clone(),
            )
            .unwrap();
            assert_round_trips(&p, &format!("graph, directed {directed}"));
            let toml = to_toml(&p, &[]);
            assert!(toml.contains("start = 1\nend = 4\n"), "{toml}");
            assert!(
                toml.contains("solutions = [\n  \"1 2 3 4\",\n]\n"),
                "{toml}"
            );
        }
        let tour =
            Puzzle::graph("t", 4, &edges, false, true, vec![CellRule::Free; 4], expect).unwrap();
        assert_round_trips(&tour, "tour");
    }

    /// A trail's labels, sum and solutions (`.` off the trail) on a board with holes.
    #[test]
    fn trails_with_holes_and_solutions() {
        let board = Board::from_mask(2, 3, &[true, true, true, false, true, true]);
        let trail = Trail::new(vec![10, 2, 3, 4, 5], 3, Some(9), true).unwrap();
        let expect = Expect {
            count: Some(BigCount::from(1u64)),
            sat: None,
            solutions: vec![Filling::from_values(vec![0, 1, 2, 0, 3])],
        };
        let p = Puzzle::new(
            "trail",
            board,
            Moves::King,
            false,
            vec![CellRule::Free; 5],
            vec![],
            expect,
        )
        .and_then(|p| p.with_trail(trail))
        .unwrap();
        assert_round_trips(&p, "trail");
        let toml = to_toml(&p, &[]);
        assert!(
            toml.contains("grid = \"\"\"\n10  2  3\n #  4  5\n\"\"\"\n"),
            "{toml}"
        );
        // Each grid is as wide as its own tokens.
        assert!(toml.contains("\"\"\"\n. 1 2\n# . 3\n\"\"\""), "{toml}");
        assert!(
            toml.contains("[trail]\nlength = 3\nsum = 9\ndistinct = true\n"),
            "{toml}"
        );
    }

    #[test]
    fn json_reads_like_the_fixtures() {
        let p = parse_str(
            "name = \"j\"\nmoves = \"king\"\ngrid = \"1 . 5\\n# . P\"\n[expect]\ncount = 8\n",
            Format::Toml,
        )
        .unwrap();
        assert_eq!(
            to_json(&p),
            r##"{
  "name": "j",
  "moves": "king",
  "closed": false,
  "grid": [
    "1 . 5",
    "# . P"
  ],
  "marks": {
    "P": "primes"
  },
  "expect": {
    "count": 8
  }
}
"##
        );
    }
}
