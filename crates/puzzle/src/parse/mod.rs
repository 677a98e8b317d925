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

mod build;
mod graph;
mod raw;

use crate::error::{ErrorKind, Location, PuzzleError};
use crate::Puzzle;
use build::Builder;
use raw::RawPuzzle;
use std::path::Path;

/// The syntax of a puzzle file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A TOML puzzle file.
    Toml,
    /// A JSON puzzle file.
    Json,
    /// TSPLIB HCP (a Hamiltonian cycle problem).
    Hcp,
    /// A DIMACS graph (`p edge`), read as a Hamiltonian cycle problem.
    DimacsGraph,
    /// nauty's graph6 (`.g6`): one graph, read as a Hamiltonian cycle problem. A sparse6 line
    /// is read too: the line's first byte says which.
    Graph6,
    /// nauty's sparse6 (`.s6`): one graph, read as a Hamiltonian cycle problem. A graph6 line
    /// is read too: the line's first byte says which.
    Sparse6,
}

impl Format {
    /// The format a file's extension names: `.toml`, `.json`, `.hcp`, `.col`, `.dimacs`, `.g6`
    /// or `.s6`.
    pub fn from_path(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "toml" => Some(Format::Toml),
            "json" => Some(Format::Json),
            "hcp" => Some(Format::Hcp),
            "col" | "dimacs" => Some(Format::DimacsGraph),
            "g6" => Some(Format::Graph6),
            "s6" => Some(Format::Sparse6),
            _ => None,
        }
    }
}

/// What a file of no known type is told: the extensions pathsat reads.
pub const UNSUPPORTED_FILE_TYPE: &str =
    "unsupported file type: puzzle files end in .toml or .json (graphs: .hcp, .col, .dimacs, \
     .g6, .s6)";

/// Reads a puzzle file; the format follows the extension (`.toml` or `.json`) and the name
/// defaults to the file stem.
///
/// # Errors
/// A [`PuzzleError`] naming the file (and the line and column where they are known) when the
/// file cannot be read, is not UTF-8, is not valid TOML/JSON, or does not describe a puzzle.
pub fn parse_file(path: &Path) -> Result<Puzzle, PuzzleError> {
    let format = Format::from_path(path).ok_or_else(|| {
        PuzzleError::new(ErrorKind::Invalid, None, UNSUPPORTED_FILE_TYPE).with_path(path)
    })?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "puzzle".to_string());
    if matches!(format, Format::Graph6 | Format::Sparse6) {
        // Bytes, not text: a byte that is not UTF-8 is one more byte that is not graph6.
        return crate::graph_formats::parse_graph6(&read_bytes(path)?, &stem)
            .map_err(|e| e.with_path(path));
    }
    let text = read_text(path)?;
    parse_text(&text, format, &stem).map_err(|e| e.with_path(path))
}

/// Reads a file's bytes; an `Io` error naming the file when it cannot be read.
fn read_bytes(path: &Path) -> Result<Vec<u8>, PuzzleError> {
    std::fs::read(path).map_err(|e| {
        PuzzleError::new(ErrorKind::Io, None, format!("cannot read the file: {e}")).with_path(path)
    })
}

/// Reads a file as UTF-8 text.
///
/// # Errors
/// An `Io` error when the file cannot be read, an `Encoding` error with the location of the
/// first invalid byte when it is not UTF-8.
pub fn read_text(path: &Path) -> Result<String, PuzzleError> {
    let bytes = read_bytes(path)?;
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
        Format::Hcp | Format::DimacsGraph | Format::Graph6 | Format::Sparse6 => text,
    };
    let raw = match format {
        Format::Toml => RawPuzzle::from_toml(text)?,
        Format::Json => RawPuzzle::from_json(text)?,
        Format::Hcp => return crate::graph_formats::parse_hcp(text, default_name),
        Format::DimacsGraph => return crate::graph_formats::parse_dimacs_graph(text, default_name),
        Format::Graph6 | Format::Sparse6 => {
            return crate::graph_formats::parse_graph6(text.as_bytes(), default_name)
        }
    };
    Builder { text, raw }.build(default_name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CellRule, Moves};
    use pathsat_bigcount::BigCount;

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
