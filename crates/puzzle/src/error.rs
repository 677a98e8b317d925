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
    pub line: usize,
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

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    pub fn location(&self) -> Option<Location> {
        self.location
    }

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
