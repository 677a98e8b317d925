//! nauty's graph6 and sparse6 files (`.g6`, `.s6`), holding one graph: a Hamiltonian cycle
//! problem, as an HCP file is.
//!
//! The file is one line of graph6 or sparse6 (either, whatever its extension: the line's first
//! byte says which, as nauty's programs read them), after an optional `>>graph6<<` or
//! `>>sparse6<<` header; blank lines are ignored, and so is a UTF-8 byte-order mark. Columns
//! are counted in bytes after the header, which are characters in any line that is read. The
//! line is decoded by [`pathsat_graph6`], whose errors come here at their line and column.
//!
//! A file of several graphs (as `geng` writes them) is refused at the second one: a puzzle is
//! one graph, and `pathsat hamg` reads streams of graphs. A graph of no vertices is refused.
//!
//! Unlike the edges of the other graph formats ([`crate::edges`]), a sparse6 line's loops are
//! dropped and its repeated edges merged, without an error: a loop is never on a Hamiltonian
//! cycle of two or more vertices, a multigraph is not a puzzle, and sparse6 writes both only
//! on purpose (nauty's programs write a multigraph so), never as a slip of the pen. graph6 has
//! neither.

use super::{at, graph_puzzle};
use crate::edges::MAX_POSITIONS;
use crate::error::{ErrorKind, PuzzleError};
use crate::Puzzle;
use pathsat_graph6::{decode_into, Encoding, Lines};

// The two crates refuse the same graphs as too large.
const _: () = assert!(MAX_POSITIONS == pathsat_graph6::MAX_VERTICES);

/// Reads a graph6 or sparse6 file holding one graph as a Hamiltonian cycle problem.
///
/// # Errors
/// A [`PuzzleError`] at the line and column of the first mistake.
pub fn parse_graph6(bytes: &[u8], default_name: &str) -> Result<Puzzle, PuzzleError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut lines = Lines::new(bytes);
    let mut line = Vec::new();
    let read = |e: std::io::Error| PuzzleError::new(ErrorKind::Io, None, e.to_string());
    let Some(number) = lines.next_line(&mut line).map_err(read)? else {
        return Err(at(
            1,
            1,
            "no graph: a .g6 or .s6 puzzle file holds one graph, a line of graph6 or sparse6",
        ));
    };
    let offset = lines.offset();
    let mut edges = Vec::new();
    let graph =
        decode_into(&line, &mut edges).map_err(|e| at(number, offset + e.column, e.message))?;
    if graph.n == 0 {
        let column = offset + 1 + usize::from(graph.encoding == Encoding::Sparse6);
        return Err(at(
            number,
            column,
            format!("0 vertices: pathsat reads graphs of 1 to {MAX_POSITIONS} vertices"),
        ));
    }
    if let Some(second) = lines.next_line(&mut line).map_err(read)? {
        return Err(at(
            second,
            lines.offset() + 1,
            "a second graph: the file holds several graphs, and a puzzle file is one graph \
             (`pathsat hamg` reads streams of graphs)",
        ));
    }
    edges.retain(|&(u, v)| u != v);
    edges.sort_unstable_by_key(|&(u, v)| (v, u));
    edges.dedup();
    graph_puzzle(default_name.to_string(), graph.n, &edges, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `LINE:COLUMN: message`.
    fn error(text: &[u8]) -> String {
        let e = parse_graph6(text, "x").expect_err("refused");
        let l = e.location().expect("a location");
        format!("{}:{}: {}", l.line, l.column, e.message())
    }

    fn edges_of(p: &Puzzle) -> Vec<(usize, usize)> {
        let mut edges: Vec<(usize, usize)> = (0..p.n_cells())
            .flat_map(|u| p.successors(u).iter().map(move |&v| (u.min(v), u.max(v))))
            .collect();
        edges.sort_unstable();
        edges.dedup();
        edges
    }

    #[test]
    fn the_petersen_graph_in_both_formats_with_and_without_a_header() {
        for text in [
            &b"IheA@GUAo\n"[..],
            b"IheA@GUAo",
            b">>graph6<<IheA@GUAo\n",
            b">>graph6<<\nIheA@GUAo\n",
            b"\n\nIheA@GUAo\r\n\n  \n",
            b"\xEF\xBB\xBFIheA@GUAo\n",
            b":I`ES@obGkqegW~\n",
            b">>sparse6<<:I`ES@obGkqegW~\n",
        ] {
            let p = parse_graph6(text, "petersen").unwrap();
            assert_eq!(
                (p.name(), p.n_cells(), p.is_closed()),
                ("petersen", 10, true)
            );
            assert!(p.is_graph());
            assert_eq!(edges_of(&p).len(), 15);
            assert_eq!(p.moves().arcs().unwrap().n_edges(), 15);
        }
    }

    #[test]
    fn sparse6_loops_are_dropped_and_repeated_edges_merged() {
        // A triangle 0-1-2 with a loop at 0, the edge 1-2 three times and a loop at 2.
        let line = pathsat_graph6::encode_sparse6(
            3,
            &[(0, 0), (0, 1), (1, 2), (2, 1), (1, 2), (0, 2), (2, 2)],
        );
        let p = parse_graph6(line.as_bytes(), "t").unwrap();
        assert_eq!(edges_of(&p), [(0, 1), (0, 2), (1, 2)]);
        assert_eq!(p.moves().arcs().unwrap().n_edges(), 3);
    }

    #[test]
    fn mistakes_at_their_line_and_column_in_the_file() {
        let several = "a second graph: the file holds several graphs, and a puzzle file is one \
                       graph (`pathsat hamg` reads streams of graphs)";
        assert_eq!(error(b"IheA@GUAo\nIheA@GUAo\n"), format!("2:1: {several}"));
        assert_eq!(
            error(b"IheA@GUAo\n\n>>graph6<<DQc\n"),
            format!("3:11: {several}")
        );
        assert_eq!(
            error(b"\n>>graph6<<IheA@GU o\n"),
            "2:18: a space is not a graph6 character: graph6 is written in the characters '?' \
             to '~' (bytes 63 to 126)"
        );
        assert_eq!(
            error(b"IheA@GUA\n"),
            "1:9: the line ends after 7 bytes of edges: a graph6 graph of 10 vertices has 8"
        );
        assert_eq!(
            error(b"?\n"),
            "1:1: 0 vertices: pathsat reads graphs of 1 to 1000000 vertices"
        );
        assert_eq!(
            error(b">>sparse6<<:?\n"),
            "1:13: 0 vertices: pathsat reads graphs of 1 to 1000000 vertices"
        );
        assert_eq!(
            error(b""),
            "1:1: no graph: a .g6 or .s6 puzzle file holds one graph, a line of graph6 or sparse6"
        );
        assert_eq!(error(b">>graph6<<\n\n"), error(b""));
        assert!(error(b"&DI?AO?\n").starts_with("1:1: digraph6"));
        assert!(error(b";Fa@x^\n").starts_with("1:1: incremental sparse6"));
        assert!(error(b"IheA@GU\xC3\xA9o\n").starts_with("1:8: the byte 0xC3 is not"));
    }

    #[test]
    fn files_by_their_extension_read_as_bytes() {
        use crate::{parse_file, parse_named, Format};
        use std::path::Path;
        assert_eq!(Format::from_path(Path::new("a/p.G6")), Some(Format::Graph6));
        assert_eq!(Format::from_path(Path::new("p.s6")), Some(Format::Sparse6));
        // Either format in either file: the line says which.
        let p = parse_named(":I`ES@obGkqegW~\n", Format::Graph6, "dir/petersen.g6").unwrap();
        assert_eq!((p.name(), p.n_cells()), ("petersen", 10));
        let e = parse_named("IheA@GUA\n", Format::Sparse6, "p.s6").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("p.s6:1:9: the line ends after 7 bytes"),
            "{e}"
        );
        // A byte that is not UTF-8 is one that is not graph6, at its column.
        let path = std::env::temp_dir().join(format!("pathsat-{}-bytes.g6", std::process::id()));
        std::fs::write(&path, b"IheA\xFF@GUAo\n").unwrap();
        let e = parse_file(&path).unwrap_err();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(
            e.to_string(),
            format!(
                "{}:1:5: the byte 0xFF is not a graph6 character: graph6 is written in the \
                 characters '?' to '~' (bytes 63 to 126)",
                path.display()
            )
        );
    }

    proptest::proptest! {
        /// Files made of pieces of lines never panic, and an error is inside the text: a line
        /// of it, a column of that line or one past its end.
        #[test]
        fn errors_are_inside_the_text(pieces in proptest::collection::vec(0usize..14, 0..12)) {
            const PIECES: [&str; 14] = [
                "IheA@GUAo", ":I`ES@obGkqegW~", ">>graph6<<", ">>sparse6<<", "\n", "\r\n", " ",
                "?", "~", "&", ";", "DQc", ":Fa@x^", "~~",
            ];
            let text: String = pieces.iter().map(|&i| PIECES[i]).collect();
            if let Err(e) = parse_graph6(text.as_bytes(), "x") {
                let l = e.location().expect("a location");
                let lines: Vec<&str> = text.split('\n').collect();
                proptest::prop_assert!(l.line >= 1 && l.line <= lines.len(), "{text:?}: {e}");
                let width = lines[l.line - 1].chars().count();
                proptest::prop_assert!(l.column >= 1 && l.column <= width + 1, "{text:?}: {e}");
            }
        }
    }
}
