//! What the fuzz targets check beyond "does not panic": errors are one clear line naming the
//! file, at a line and column inside the text, and accepted puzzles read back from pathsat's
//! own writer to the same puzzle.

use pathsat_cnf::CountingSink;
use pathsat_encode::{position, PositionOptions, Pruning};
use pathsat_puzzle::{parse_named, write, Format, Puzzle, PuzzleError};

/// Puzzles up to this size are written back and read again (larger ones only slow the run:
/// a dozen bytes of HCP can declare a million vertices).
pub const ROUND_TRIP_CELLS: usize = 4_096;

/// The text as the parsers see it: UTF-8, or `None` (the bytes are then given to
/// [`parse_file_bytes`], which reports the encoding error as the CLI does).
pub fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Asserts that a message shown to a user is one non-empty line.
pub fn assert_one_line(shown: &str, what: &str) {
    assert!(!shown.trim().is_empty(), "{what}: an empty error message");
    assert!(
        !shown.contains(['\n', '\r']),
        "{what}: the error message is not one line: {shown:?}"
    );
}

/// Asserts that a parser's error is one line that starts with the file's name, with a message,
/// and that its line and column (when it has them) are inside `text` (1-based, columns in
/// characters, one past the end of a line allowed).
pub fn assert_clear_error(error: &PuzzleError, file: &str, text: &str) {
    let shown = error.to_string();
    assert_one_line(&shown, file);
    assert!(
        !error.message().trim().is_empty(),
        "an error without a message: {shown:?}"
    );
    assert!(
        shown.starts_with(&format!("{file}:")),
        "the error does not name the file {file}: {shown:?}"
    );
    if let Some(location) = error.location() {
        assert_inside(text, location.line, location.column, &shown);
    }
}

/// Asserts that a 1-based line and column (in characters) are in `text`, or one past the end of
/// their line (where a missing token is reported).
pub fn assert_inside(text: &str, line: usize, column: usize, shown: &str) {
    // The parsers skip a byte-order mark and count columns after it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.split('\n').collect();
    assert!(
        line >= 1 && line <= lines.len(),
        "line {line} is outside the text of {} lines: {shown:?}",
        lines.len()
    );
    let width = lines[line - 1].chars().count();
    assert!(
        column >= 1 && column <= width + 1,
        "column {column} is outside line {line} of {width} characters: {shown:?}"
    );
}

/// Parses `text` as a file named `file` would be (`pathsat solve FILE`, a web request), then
/// checks the answer: a clear error, or a puzzle that writes back to itself.
pub fn parse_and_check(text: &str, format: Format, file: &str) -> Option<Puzzle> {
    match parse_named(text, format, file) {
        Ok(puzzle) => {
            if puzzle.n_cells() <= ROUND_TRIP_CELLS {
                assert_round_trips(&puzzle);
            }
            Some(puzzle)
        }
        Err(error) => {
            assert_clear_error(&error, file, text);
            None
        }
    }
}

/// The body of the puzzle-file targets: any bytes as a puzzle file of `format` (named
/// `fuzz.EXTENSION`), checked by [`parse_and_check`] (or [`parse_file_bytes`] when they are not
/// UTF-8); a puzzle read is rendered, and a small one pruned and encoded as `solve` would.
pub fn fuzz_puzzle_file(data: &[u8], format: Format, extension: &str) {
    let Some(text) = text(data) else {
        return parse_file_bytes(data, extension);
    };
    let Some(puzzle) = parse_and_check(text, format, &format!("fuzz.{extension}")) else {
        return;
    };
    let _ = pathsat_puzzle::render::puzzle_grid(&puzzle);
    let _ = pathsat_puzzle::render::legend(&puzzle);
    if puzzle.n_cells() <= 25 {
        for pruning in [Pruning::Full, Pruning::None] {
            let options = PositionOptions {
                pruning,
                ..PositionOptions::default()
            };
            let _ = position::encode(&puzzle, &options, &mut CountingSink::default());
        }
    }
}

/// Bytes that are not UTF-8, read from a file as the CLI reads them: an encoding error at the
/// first bad byte, one line naming the file.
pub fn parse_file_bytes(data: &[u8], extension: &str) {
    let dir = std::env::temp_dir().join(format!("pathsat-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(format!("fuzz.{extension}"));
    std::fs::write(&path, data).expect("a temporary file");
    let result = pathsat_puzzle::parse_file(&path);
    let file = path.display().to_string();
    match result {
        Ok(puzzle) => {
            let text = std::str::from_utf8(data).expect("a puzzle was read from UTF-8 text");
            let again = parse_named(text, Format::from_path(&path).unwrap(), &file)
                .expect("parse_named reads what parse_file reads");
            assert_same(&puzzle, &again, "parse_file and parse_named");
        }
        Err(error) => {
            let shown = error.to_string();
            assert_one_line(&shown, &file);
            assert!(shown.starts_with(&format!("{file}:")), "{shown:?}");
            if let (Some(location), Ok(text)) = (error.location(), std::str::from_utf8(data)) {
                assert_inside(text, location.line, location.column, &shown);
            }
        }
    }
}

/// Writes the puzzle as TOML and as JSON (`pathsat generate`, the web page's `/api/puzzle`) and
/// reads each back: the same puzzle.
pub fn assert_round_trips(puzzle: &Puzzle) {
    let toml = write::to_toml(puzzle, &[]);
    let back = parse_named(&toml, Format::Toml, "written.toml")
        .unwrap_or_else(|e| panic!("the written TOML does not parse: {e}\n{toml}"));
    assert_same(puzzle, &back, &format!("TOML\n{toml}"));
    let json = write::to_json(puzzle);
    let back = parse_named(&json, Format::Json, "written.json")
        .unwrap_or_else(|e| panic!("the written JSON does not parse: {e}\n{json}"));
    assert_same(puzzle, &back, &format!("JSON\n{json}"));
}

/// Asserts that two puzzles agree in everything a puzzle file says, and in their moves.
pub fn assert_same(a: &Puzzle, b: &Puzzle, what: &str) {
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
