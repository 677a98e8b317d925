//! # DIMACS export
//!
//! A puzzle's CNF as a DIMACS file that says what it is: a header naming the puzzle, the
//! pathsat version and the encoding options, a line per primary variable mapping it back to the
//! puzzle, and the clauses. They are exactly those the embedded solver receives: both come from
//! [`crate::position::encode`] or [`crate::successor::encode`].
//!
//! - Position encoding: one `c x VAR ROW COL VALUE` line per primary variable (`c x VAR VERTEX
//!   VALUE` for a graph), and the projection `c p show ... 0` over them, so that a projected
//!   model counter counts fillings.
//! - Successor encoding: one `c a VAR FROM TO` line per arc variable. The file is *round 0* of
//!   the lazy loop: the subtour cuts the solver adds as subcycles appear are not in it, so a
//!   model may be several disjoint cycles, and it has no projection (its models are cycle
//!   covers, not fillings).
//!
//! The format is documented in `encodings/dimacs.md`. This module says what the file holds
//! ([`Export`]: the clauses, the comment lines, the projection); writing it is the format
//! crate's job (`pathsat_dimacs::write_dimacs`), so the encoder does not depend on it.

use crate::position::{self, PositionEncoding};
use crate::successor::{self, SuccessorEncoding};
use crate::{EncodeError, EncodeStats, Encoding, EncodingChoice, EncodingOptions};
use pathsat_cnf::{ClauseSink, Cnf, Var};
use pathsat_puzzle::Puzzle;

/// The encoding written, and how to read its models.
pub enum Encoded {
    /// The position encoding's variable map and sizes.
    Position(PositionEncoding),
    /// The successor encoding's arcs and sizes.
    Successor(SuccessorEncoding),
}

impl Encoded {
    /// The sizes of the encoding.
    pub fn stats(&self) -> &EncodeStats {
        match self {
            Encoded::Position(e) => &e.stats,
            Encoded::Successor(e) => &e.stats,
        }
    }

    /// Why the puzzle has no solution, when the encoder proved it before solving.
    pub fn contradiction(&self) -> Option<&str> {
        match self {
            Encoded::Position(e) => e.contradiction.as_deref(),
            Encoded::Successor(e) => e.contradiction.as_deref(),
        }
    }

    /// The encoding's name as `--encoding` spells it: `position`, `successor`,
    /// `successor-crt`, …
    pub fn name(&self) -> String {
        match self {
            Encoded::Successor(e) if e.subtours.is_complete() => {
                format!("successor-{}", e.subtours.name())
            }
            other => other.kind().name().to_string(),
        }
    }

    /// Whether every model of the CNF alone is a solution (all but the successor encoding's
    /// round 0).
    pub fn is_complete(&self) -> bool {
        match self {
            Encoded::Position(_) => true,
            Encoded::Successor(e) => e.subtours.is_complete(),
        }
    }

    /// Which encoding it is.
    pub fn kind(&self) -> Encoding {
        match self {
            Encoded::Position(_) => Encoding::Position,
            Encoded::Successor(_) => Encoding::Successor,
        }
    }
}

/// A puzzle's CNF and everything needed to write and read it back: the fields of its DIMACS
/// file (as `pathsat_dimacs::ParsedCnf` reads them back) and the encoding behind them.
pub struct Export {
    /// The clauses.
    pub cnf: Cnf,
    /// The encoding behind them, to decode models with.
    pub encoded: Encoded,
    /// The comment lines before the `p` line, without the leading `c `.
    pub comments: Vec<String>,
    /// The projection set (`c p show ... 0`): the primary variables of the position encoding,
    /// the arc variables of a complete successor encoding; none for the successor encoding's
    /// round 0, whose models are cycle covers, not fillings.
    pub show: Option<Vec<Var>>,
}

/// The first words of every mapping comment line of the position encoding.
pub const MAP_PREFIX: &str = "x ";

/// The first words of every mapping comment line of the successor encoding.
pub const ARC_PREFIX: &str = "a ";

/// Writes `puzzle` in `encoding` (with the options' exactly-one encoding and pruning) into
/// `sink`.
///
/// # Errors
/// As [`export`].
pub fn encode_into<S: ClauseSink + ?Sized>(
    puzzle: &Puzzle,
    options: &EncodingOptions,
    encoding: Encoding,
    sink: &mut S,
) -> Result<Encoded, EncodeError> {
    Ok(match encoding {
        Encoding::Position => Encoded::Position(position::encode(puzzle, &options.position, sink)?),
        Encoding::Successor => Encoded::Successor(successor::encode_complete(
            puzzle,
            options.successor_exactly_one,
            options.subtours,
            sink,
        )?),
    })
}

/// Writes the CNF a file export holds for `puzzle`. An explicit encoding is kept; with
/// [`EncodingChoice::Auto`] the position encoding is preferred because its CNF is complete (its
/// models are exactly the fillings), and the successor encoding (whose file is round 0 of a
/// lazy loop) is used only when the puzzle is too large for the position encoding.
///
/// # Errors
/// As [`export`].
pub fn encode_for_export<S: ClauseSink + ?Sized>(
    puzzle: &Puzzle,
    options: &EncodingOptions,
    sink: &mut S,
) -> Result<Encoded, EncodeError> {
    match options.choice {
        EncodingChoice::Auto => match encode_into(puzzle, options, Encoding::Position, sink) {
            // A refused puzzle wrote nothing into the sink.
            Err(EncodeError::TooLarge { .. }) if successor::applies(puzzle) => {
                encode_into(puzzle, options, Encoding::Successor, sink)
            }
            result => result,
        },
        _ => encode_into(puzzle, options, options.resolve(puzzle), sink),
    }
}

/// Encodes `puzzle` into a [`Cnf`] (the encoding [`encode_for_export`] picks) and builds the
/// comment lines and projection of its DIMACS file; `source` is the puzzle's file name, when
/// there is one.
///
/// # Errors
/// [`EncodeError`] when the puzzle is too large for the position encoding, or cannot be
/// expressed in the successor encoding.
pub fn export(
    puzzle: &Puzzle,
    options: &EncodingOptions,
    source: Option<&str>,
) -> Result<Export, EncodeError> {
    let mut cnf = Cnf::new();
    let encoded = encode_for_export(puzzle, options, &mut cnf)?;
    let mut comments = Vec::new();
    if encoded.is_complete() {
        comments.push("t pmc".to_string());
    }
    comments.push(title(puzzle, options, &encoded));
    comments.push(format!("puzzle {}", puzzle.name()));
    if let Some(source) = source {
        comments.push(format!("file {source}"));
    }
    describe_puzzle(puzzle, &mut comments);
    comments.push(options_line(puzzle, options, &encoded));
    describe_sizes(&encoded, &mut comments);
    let show = match &encoded {
        Encoded::Position(e) => {
            position_map(puzzle, e, &mut comments);
            Some(e.map.primary().map(|(var, _, _)| var).collect())
        }
        Encoded::Successor(e) => {
            successor_map(puzzle, e, &mut comments);
            e.subtours.is_complete().then(|| {
                (0..e.arcs.len())
                    .map(|i| Var::from_index(e.first + i))
                    .collect()
            })
        }
    };
    Ok(Export {
        cnf,
        encoded,
        comments,
        show,
    })
}

/// The header's title line: the pathsat version, which encoding of which kind of puzzle, and
/// where its format is documented.
fn title(puzzle: &Puzzle, options: &EncodingOptions, encoded: &Encoded) -> String {
    match encoded.kind() {
        Encoding::Position if puzzle.trail().is_some() => format!(
            "pathsat {}: the position encoding of a trail puzzle, x(cell, step) (format: \
             encodings/dimacs.md, encodings/trail.md)",
            env!("CARGO_PKG_VERSION")
        ),
        Encoding::Position => format!(
            "pathsat {}: the position encoding of a path puzzle (format: encodings/dimacs.md)",
            env!("CARGO_PKG_VERSION")
        ),
        Encoding::Successor if encoded.is_complete() => format!(
            "pathsat {}: the successor encoding of a path puzzle, complete: subtours ruled out by \
             the {} rule (format: encodings/dimacs.md, encodings/complete.md)",
            env!("CARGO_PKG_VERSION"),
            options.subtours.name()
        ),
        Encoding::Successor => format!(
            "pathsat {}: the successor encoding of a path puzzle, round 0 (format: \
             encodings/dimacs.md)",
            env!("CARGO_PKG_VERSION")
        ),
    }
}

/// The header lines that describe the puzzle: its board or graph, and its trail rules.
fn describe_puzzle(puzzle: &Puzzle, comments: &mut Vec<String>) {
    let board = puzzle.board();
    let closed = if puzzle.is_closed() { "closed" } else { "open" };
    comments.push(if puzzle.is_graph() {
        format!(
            "graph {} vertices, {}, {closed}",
            puzzle.n_cells(),
            puzzle.moves()
        )
    } else {
        format!(
            "board {}x{}, {} cells, {} moves, {closed}",
            board.rows(),
            board.cols(),
            puzzle.n_cells(),
            puzzle.moves()
        )
    });
    if let Some(trail) = puzzle.trail() {
        let sum = trail.sum().map_or("none".to_string(), |s| s.to_string());
        comments.push(format!(
            "trail length {} sum {sum} distinct {} (a model is one trail, in its canonical \
             direction: see encodings/trail.md)",
            trail.length(),
            trail.distinct()
        ));
    }
}

/// The header's `options` line: the encoding and the options it was written with.
fn options_line(puzzle: &Puzzle, options: &EncodingOptions, encoded: &Encoded) -> String {
    let exactly_one = options.exactly_one(encoded.kind());
    match encoded {
        Encoded::Position(_) if puzzle.trail().is_some() => format!(
            "options encoding=position exactly-one={} pruning={} sum={}",
            exactly_one.name(),
            options.position.pruning.name(),
            options.position.sum.name()
        ),
        Encoded::Position(_) => format!(
            "options encoding=position exactly-one={} pruning={}",
            exactly_one.name(),
            options.position.pruning.name()
        ),
        Encoded::Successor(_) => {
            format!(
                "options encoding={} exactly-one={}",
                encoded.name(),
                exactly_one.name()
            )
        }
    }
}

/// The header lines of the encoding's sizes: its variables (which are primary), its clauses
/// by family, and why it is unsatisfiable when the encoder proved it.
fn describe_sizes(encoded: &Encoded, comments: &mut Vec<String>) {
    let stats = encoded.stats();
    let primary = match encoded.kind() {
        Encoding::Position => "the primary x(cell, value)",
        Encoding::Successor => "the arc variables a(from, to)",
    };
    comments.push(if stats.primary_vars == 0 {
        format!("variables {}: none primary", stats.variables)
    } else {
        format!(
            "variables {}: 1..{} are {primary}, the others auxiliary",
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
    if let Some(why) = encoded.contradiction() {
        comments.push(format!("unsat {why}"));
    }
}

fn position_map(puzzle: &Puzzle, encoding: &PositionEncoding, comments: &mut Vec<String>) {
    if puzzle.is_graph() {
        comments.push(
            "map: each `x VAR VERTEX VALUE` line says variable VAR is true when VERTEX (numbered \
             from 1) holds VALUE"
                .to_string(),
        );
        for (var, cell, value) in encoding.map.primary() {
            comments.push(format!(
                "{MAP_PREFIX}{} {} {value}",
                var.to_dimacs(),
                cell + 1
            ));
        }
    } else {
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
    }
}

fn successor_map(puzzle: &Puzzle, encoding: &SuccessorEncoding, comments: &mut Vec<String>) {
    comments.push(if encoding.subtours.is_complete() {
        let fillings = if encoding.fillings_per_cycle() > 1 {
            " (times N for the fillings of a tour without a given start)"
        } else {
            ""
        };
        format!(
            "complete: every model is one Hamiltonian cycle, through the virtual vertex for a \
             path; models projected on the arc variables (`c p show`) are the directed \
             cycles{fillings}"
        )
    } else {
        "round 0: the subtour cuts pathsat adds as subcycles appear are not in this file, so a \
         model may be several disjoint cycles (`pathsat decode` says so)"
            .to_string()
    });
    let places = if puzzle.is_graph() {
        "VERTEX (numbered from 1)"
    } else {
        "ROW COL (0-based)"
    };
    comments.push(format!(
        "map: each `a VAR FROM TO` line says variable VAR is true when the value after FROM's is \
         on TO; FROM and TO are {places}, or `start` and `end` for the virtual vertex of an open \
         path (start -> TO: TO holds 1; FROM -> end: FROM holds N)"
    ));
    let place = |v: usize, end: &str| -> String {
        if Some(v) == encoding.virtual_vertex {
            end.to_string()
        } else if puzzle.is_graph() {
            (v + 1).to_string()
        } else {
            let pos = puzzle.board().pos(v);
            format!("{} {}", pos.row, pos.col)
        }
    };
    for (i, &(from, to)) in encoding.arcs.iter().enumerate() {
        comments.push(format!(
            "{ARC_PREFIX}{} {} {}",
            encoding.first + i + 1,
            place(from, "start"),
            place(to, "end")
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{parse_str, Format};

    /// The file's text, comment lines and projection, is checked byte for byte where it is
    /// written (`tests/integration/dimacs.rs`); here, the lines themselves.
    #[test]
    fn the_header_maps_every_primary_variable() {
        let p = parse_str(
            "name = \"t\"\nmoves = \"rook\"\ngrid = \"1 .\\n. .\"\n",
            Format::Toml,
        )
        .unwrap();
        let e = export(&p, &EncodingOptions::default(), Some("t.toml")).unwrap();
        assert_eq!(e.comments[0], "t pmc");
        assert!(e.comments[1].starts_with("pathsat "), "{:?}", e.comments);
        assert_eq!(
            e.comments[2..5],
            [
                "puzzle t",
                "file t.toml",
                "board 2x2, 4 cells, rook moves, open"
            ]
        );
        assert!(e
            .comments
            .contains(&"options encoding=position exactly-one=sequential pruning=full".into()));
        // 1 at (0, 0); 2 and 4 on (0, 1) and (1, 0); 3 at (1, 1).
        let map: Vec<&str> = e
            .comments
            .iter()
            .filter(|c| c.starts_with(MAP_PREFIX))
            .map(String::as_str)
            .collect();
        assert_eq!(
            map,
            [
                "x 1 0 0 1",
                "x 2 0 1 2",
                "x 3 0 1 4",
                "x 4 1 0 2",
                "x 5 1 0 4",
                "x 6 1 1 3"
            ]
        );
        assert_eq!(e.comments.last().map(String::as_str), Some("x 6 1 1 3"));
        let show: Vec<usize> = e
            .show
            .unwrap()
            .iter()
            .map(|v| v.to_dimacs() as usize)
            .collect();
        assert_eq!(show, [1, 2, 3, 4, 5, 6]);
    }
}
