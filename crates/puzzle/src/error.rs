//! # Errors
//!
//! One error type for everything a user can get wrong in a puzzle or solution file. Its display
//! is a single line in the compiler style `FILE:LINE:COLUMN: message`, with the parts that are
//! not known left out.

use std::fmt;
use std::path::{Path, PathBuf};

/// A 1-based line and column (in characters) in a text file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

impl Location {
    /// The location of the byte `offset` in `text` (clamped to the text, and to a char boundary).
    pub fn from_offset(text: &str, offset: usize) -> Location {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        Location { line, column }
    }

    /// The location of a serde_json error in `text`: serde_json counts its columns in bytes
    /// (the last byte it read, 0 right after a line break); this counts them in characters, as
    /// every other location does. `None` when the error has no line (not a syntax error).
    pub(crate) fn of_json_error(text: &str, error: &serde_json::Error) -> Option<Location> {
        if error.line() == 0 {
            return None;
        }
        let line_start: usize = text
            .split_inclusive('\n')
            .take(error.line() - 1)
            .map(str::len)
            .sum();
        Some(Location::from_offset(
            text,
            line_start + error.column().saturating_sub(1),
        ))
    }
}

/// A JSON syntax (or type) error as a [`PuzzleError`] at its line and column: serde_json's
/// message without its own " at line L column C", after `invalid JSON: `.
pub(crate) fn json_error(text: &str, error: &serde_json::Error) -> PuzzleError {
    let full = error.to_string();
    let message = full
        .rfind(" at line ")
        .map_or(full.as_str(), |i| &full[..i]);
    PuzzleError::new(
        ErrorKind::Syntax,
        Location::of_json_error(text, error),
        format!("invalid JSON: {message}"),
    )
}

/// What kind of mistake a [`PuzzleError`] reports.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file could not be read.
    Io,
    /// The file is not UTF-8 text.
    Encoding,
    /// The file is not valid TOML or JSON, or a field has the wrong type.
    Syntax,
    /// The file parses but does not describe a puzzle (or a filling of it).
    Invalid,
}

/// A mistake in a puzzle or solution file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    path: Option<PathBuf>,
    location: Option<Location>,
    kind: ErrorKind,
    message: String,
}

impl PuzzleError {
    /// An error of `kind` at `location` (when known).
    pub fn new(kind: ErrorKind, location: Option<Location>, message: impl Into<String>) -> Self {
        PuzzleError {
            path: None,
            location,
            kind,
            // One line, always: a message from a dependency may hold newlines.
            message: message
                .into()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// The same error, naming the file it is about.
    pub fn with_path(mut self, path: impl AsRef<Path>) -> Self {
        self.path = Some(path.as_ref().to_path_buf());
        self
    }

    /// What kind of mistake it is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// Where in the text it is, when known.
    pub fn location(&self) -> Option<Location> {
        self.location
    }

    /// The file it is in, when known.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The message without the file and location.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(path) = &self.path {
            write!(f, "{}:", path.display())?;
            if let Some(loc) = self.location {
                write!(f, "{}:{}:", loc.line, loc.column)?;
            }
            f.write_str(" ")?;
        } else if let Some(loc) = self.location {
            write!(f, "line {}, column {}: ", loc.line, loc.column)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for PuzzleError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_count_lines_and_characters() {
        let text = "ab\ncdé f\n";
        assert_eq!(
            Location::from_offset(text, 0),
            Location { line: 1, column: 1 }
        );
        assert_eq!(
            Location::from_offset(text, 3),
            Location { line: 2, column: 1 }
        );
        // 'f' is after a two-byte 'é': byte 8, character column 5.
        assert_eq!(
            Location::from_offset(text, 8),
            Location { line: 2, column: 5 }
        );
        assert_eq!(
            Location::from_offset(text, 99),
            Location { line: 3, column: 1 }
        );
    }

    #[test]
    fn json_columns_are_characters_not_bytes() {
        // Found by fuzzing (solution_file): serde_json counts columns in bytes, so a line with
        // a byte-order mark or an accented letter put the column past the end of the line.
        let text = "\u{feff}[[1, 2]\n\"é\", [";
        let error = serde_json::from_str::<serde_json::Value>(text).unwrap_err();
        let e = json_error(text, &error);
        assert_eq!(e.location(), Some(Location { line: 1, column: 1 }));
        let text = "[\"é\", [";
        let error = serde_json::from_str::<serde_json::Value>(text).unwrap_err();
        assert_eq!(error.column(), 8, "serde_json counts the bytes of é");
        let e = json_error(text, &error).with_path("s.json");
        assert_eq!(
            e.to_string(),
            "s.json:1:7: invalid JSON: EOF while parsing a list"
        );
        let text = "{\"a\": 1,\n  \"é\": }";
        let error = serde_json::from_str::<serde_json::Value>(text).unwrap_err();
        let e = json_error(text, &error);
        assert_eq!(e.location(), Some(Location { line: 2, column: 8 }));
        assert_eq!(e.message(), "invalid JSON: expected value");
    }

    #[test]
    fn display_is_one_line_naming_the_file() {
        let e = PuzzleError::new(
            ErrorKind::Invalid,
            Some(Location { line: 4, column: 7 }),
            "bad\ntoken",
        )
        .with_path("a/b.toml");
        assert_eq!(e.to_string(), "a/b.toml:4:7: bad token");
        let e = PuzzleError::new(ErrorKind::Io, None, "gone").with_path("x.toml");
        assert_eq!(e.to_string(), "x.toml: gone");
    }
}
