//! # DIMACS export
//!
//! The position encoding of a puzzle as a DIMACS file that says what it is: a header naming the
//! puzzle, the pathsat version and the encoding options, one `c x VAR ROW COL VALUE` line per
//! primary variable, and the projection `c p show ... 0` over the primary variables, so that a
//! projected model counter counts fillings. The clauses are exactly those the embedded solver
//! receives: both come from [`crate::position::encode`]. The format is documented in
//! `encodings/dimacs.md`.

use crate::position::{self, EncodeError, PositionEncoding, PositionOptions};
use pathsat_cnf::Cnf;
use pathsat_dimacs::Header;
use pathsat_puzzle::Puzzle;

/// A puzzle's CNF and everything needed to write and read it back.
pub struct Export {
    pub cnf: Cnf,
    pub encoding: PositionEncoding,
    pub header: Header,
}

/// The first words of every mapping comment line.
pub const MAP_PREFIX: &str = "x ";

/// Encodes `puzzle` into a [`Cnf`] and builds its DIMACS header; `source` is the puzzle's file
/// name, when there is one.
///
/// # Errors
/// [`EncodeError`] when the puzzle is too large for the encoding.
pub fn export(
    puzzle: &Puzzle,
    options: &PositionOptions,
    source: Option<&str>,
) -> Result<Export, EncodeError> {
    let mut cnf = Cnf::new();
    let encoding = position::encode(puzzle, options, &mut cnf)?;
    let stats = &encoding.stats;
    let board = puzzle.board();
    let mut comments = vec![
        "t pmc".to_string(),
        format!(
            "pathsat {}: the position encoding of a path puzzle (format: encodings/dimacs.md)",
            env!("CARGO_PKG_VERSION")
        ),
        format!("puzzle {}", puzzle.name()),
    ];
    if let Some(source) = source {
        comments.push(format!("file {source}"));
    }
    comments.push(format!(
        "board {}x{}, {} cells, {} moves, {}",
        board.rows(),
        board.cols(),
        puzzle.n_cells(),
        puzzle.moves(),
        if puzzle.is_closed() { "closed" } else { "open" }
    ));
    comments.push(format!(
        "options encoding=position exactly-one={} pruning={}",
        options.exactly_one.name(),
        options.pruning.name()
    ));
    comments.push(if stats.primary_vars == 0 {
        format!("variables {}: none primary", stats.variables)
    } else {
        format!(
            "variables {}: 1..{} are the primary x(cell, value), the others auxiliary",
            stats.variables, stats.primary_vars
        )
    });
    let families: Vec<String> = stats
        .families
        .iter()
        .map(|f| format!("{} {}", f.name, f.clauses))
        .collect();
    comments.push(format!(
        "clauses {}: {}",
        stats.clauses,
        families.join(", ")
    ));
    if let Some(why) = &encoding.contradiction {
        comments.push(format!("unsat {why}"));
    }
    comments.push(
        "map: each `x VAR ROW COL VALUE` line says variable VAR is true when the cell at ROW, \
         COL (0-based) holds VALUE"
            .to_string(),
    );
    for (var, cell, value) in encoding.map.primary() {
        let pos = encoding.map.pos(cell);
        comments.push(format!(
            "{MAP_PREFIX}{} {} {} {value}",
            var.to_dimacs(),
            pos.row,
            pos.col
        ));
    }
    let show = encoding.map.primary().map(|(var, _, _)| var).collect();
    Ok(Export {
        cnf,
        encoding,
        header: Header {
            comments,
            show: Some(show),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_dimacs::{parse_dimacs, write_dimacs};
    use pathsat_puzzle::{parse_str, Format};

    #[test]
    fn the_header_maps_every_primary_variable() {
        let p = parse_str(
            "name = \"t\"\nmoves = \"rook\"\ngrid = \"1 .\\n. .\"\n",
            Format::Toml,
        )
        .unwrap();
        let e = export(&p, &PositionOptions::default(), Some("t.toml")).unwrap();
        let mut text = Vec::new();
        write_dimacs(&mut text, &e.cnf, &e.header).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.starts_with("c t pmc\nc pathsat "), "{text}");
        assert!(
            text.contains("c puzzle t\nc file t.toml\nc board 2x2, 4 cells, rook moves, open\n")
        );
        assert!(text.contains("c options encoding=position exactly-one=sequential pruning=full\n"));
        // 1 at (0, 0); 2 and 4 on (0, 1) and (1, 0); 3 at (1, 1).
        assert!(text.contains(
            "c x 1 0 0 1\nc x 2 0 1 2\nc x 3 0 1 4\nc x 4 1 0 2\nc x 5 1 0 4\nc x 6 1 1 3\np cnf "
        ));
        assert!(text.contains("\nc p show 1 2 3 4 5 6 0\n"));
        let parsed = parse_dimacs(&text).unwrap();
        assert_eq!(parsed.cnf, e.cnf);
    }
}
