//! The DIMACS export's header, map and projection against lines checked by hand (sizes from
//! the closed forms of `encodings/position.md` and `encodings/successor.md`), and which
//! encoding an export and `EncodingChoice::Auto` pick.

use crate::corpus;
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_cnf::ClauseSink;
use pathsat_encode::choice::AUTO_SUCCESSOR_MIN_CELLS;
use pathsat_encode::colours::colour_classes;
use pathsat_encode::export::{encode_for_export, export, Encoded};
use pathsat_encode::{
    EncodeError, Encoding, EncodingChoice, EncodingOptions, PositionOptions, SuccessorError,
};
use pathsat_puzzle::{Moves, Puzzle};

const VERSION: &str = env!("CARGO_PKG_VERSION");

fn lines(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// The star 2 - 1 - 3: the leaves are the larger colour class and hold 1 and 3, the centre 2.
/// Pairs x(1,2), x(2,1), x(2,3), x(3,1), x(3,3) (vertex, value). Sequential counters: cells of
/// 1, 2, 2 candidates (1 + 3 + 3 clauses, 0 + 1 + 1 variables), values on 2, 1, 2 cells (the
/// same), successor 5 - 2, predecessor 5 - 2: 9 variables, 20 clauses.
#[test]
fn a_graph_in_the_position_encoding() {
    let p = corpus::toml("name = \"star\"\n[graph]\nvertices = 3\nedges = [[1, 2], [1, 3]]\n");
    let e = export(&p, &EncodingOptions::default(), None).unwrap();
    assert_eq!(e.encoded.kind(), Encoding::Position);
    assert_eq!(e.encoded.contradiction(), None);
    assert_eq!(
        (e.encoded.stats().variables, e.encoded.stats().clauses),
        (9, 20)
    );
    assert_eq!((e.cnf.n_vars(), e.cnf.n_clauses()), (9, 20));
    let header = format!(
        "pathsat {VERSION}: the position encoding of a path puzzle (format: encodings/dimacs.md)"
    );
    assert_eq!(
        e.comments,
        lines(&[
            "t pmc",
            &header,
            "puzzle star",
            "graph 3 vertices, 2 edges, open",
            "options encoding=position exactly-one=sequential pruning=full",
            "variables 9: 1..5 are the primary x(cell, value), the others auxiliary",
            "clauses 20: cell 7, value 7, successor 3, predecessor 3, wrap 0, unit 0",
            "map: each `x VAR VERTEX VALUE` line says variable VAR is true when VERTEX (numbered \
             from 1) holds VALUE",
            "x 1 1 2",
            "x 2 2 1",
            "x 3 2 3",
            "x 4 3 1",
            "x 5 3 3",
        ])
    );
    let show: Vec<u64> = e.show.unwrap().iter().map(|v| v.to_dimacs()).collect();
    assert_eq!(show, [1, 2, 3, 4, 5]);
}

/// The 2x3 rook tour in the successor encoding (hybrid: pairwise for these small sets): 14
/// arcs, no auxiliary variables; out and in: four vertices of degree 2 (2 clauses each) and
/// two of degree 3 (4 each), 16; 7 edges both ways: 39 clauses.
#[test]
fn a_board_in_the_successor_encoding() {
    let p = corpus::toml(
        "name = \"ring\"\nmoves = \"rook\"\nclosed = true\ngrid = \". . .\\n. . .\"\n",
    );
    let options = EncodingOptions {
        choice: EncodingChoice::Successor,
        ..EncodingOptions::default()
    };
    let e = export(&p, &options, Some("ring.toml")).unwrap();
    assert_eq!(e.encoded.kind(), Encoding::Successor);
    assert!(e.show.is_none());
    let header = format!(
        "pathsat {VERSION}: the successor encoding of a path puzzle, round 0 (format: \
         encodings/dimacs.md)"
    );
    let mut want = lines(&[
        &header,
        "puzzle ring",
        "file ring.toml",
        "board 2x3, 6 cells, rook moves, closed",
        "options encoding=successor exactly-one=hybrid",
        "variables 14: 1..14 are the arc variables a(from, to), the others auxiliary",
        "clauses 39: out 16, in 16, two-cycle 7",
        "round 0: the subtour cuts pathsat adds as subcycles appear are not in this file, so a \
         model may be several disjoint cycles (`pathsat decode` says so)",
        "map: each `a VAR FROM TO` line says variable VAR is true when the value after FROM's is \
         on TO; FROM and TO are ROW COL (0-based), or `start` and `end` for the virtual vertex \
         of an open path (start -> TO: TO holds 1; FROM -> end: FROM holds N)",
    ]);
    // Arcs by tail, heads ascending: (0,0) → (0,1), (1,0); (0,1) → (0,0), (0,2), (1,1); ...
    let arcs = [
        "0 0 0 1", "0 0 1 0", "0 1 0 0", "0 1 0 2", "0 1 1 1", "0 2 0 1", "0 2 1 2", "1 0 0 0",
        "1 0 1 1", "1 1 0 1", "1 1 1 0", "1 1 1 2", "1 2 0 2", "1 2 1 1",
    ];
    want.extend(
        arcs.iter()
            .enumerate()
            .map(|(i, a)| format!("a {} {a}", i + 1)),
    );
    assert_eq!(e.comments, want);
}

/// A path on a 1x2 strip: arcs 0→1, 1→0, start→both, both→end; each vertex has two arcs out
/// and two in (pairwise: 2 clauses each, 12), and three pairs are joined both ways.
#[test]
fn a_path_joins_the_virtual_vertex() {
    let p = corpus::toml("name = \"pair\"\nmoves = \"rook\"\ngrid = \". .\"\n");
    let options = EncodingOptions {
        choice: EncodingChoice::Successor,
        successor_exactly_one: ExactlyOneEncoding::Pairwise,
        ..EncodingOptions::default()
    };
    let e = export(&p, &options, None).unwrap();
    let tail: Vec<&str> = e.comments[3..].iter().map(String::as_str).collect();
    assert_eq!(tail[0], "options encoding=successor exactly-one=pairwise");
    assert_eq!(
        tail[1],
        "variables 6: 1..6 are the arc variables a(from, to), the others auxiliary"
    );
    assert_eq!(tail[2], "clauses 15: out 6, in 6, two-cycle 3");
    assert_eq!(
        tail[5..],
        [
            "a 1 0 0 0 1",
            "a 2 0 1 0 0",
            "a 3 start 0 0",
            "a 4 start 0 1",
            "a 5 0 0 end",
            "a 6 0 1 end"
        ]
    );
}

/// A directed 3-cycle: one arc out of and into each vertex, a unit clause each; vertices
/// numbered from 1.
#[test]
fn a_graph_in_the_successor_encoding() {
    let p = corpus::toml(
        "name = \"tri\"\nclosed = true\n[graph]\nvertices = 3\nedges = [[1, 2], [2, 3], [3, 1]]\ndirected = true\n",
    );
    let options = EncodingOptions {
        choice: EncodingChoice::Successor,
        ..EncodingOptions::default()
    };
    let e = export(&p, &options, None).unwrap();
    let c: Vec<&str> = e.comments.iter().map(String::as_str).collect();
    assert_eq!(c[2], "graph 3 vertices, 3 arcs, closed");
    assert_eq!(
        c[4],
        "variables 3: 1..3 are the arc variables a(from, to), the others auxiliary"
    );
    assert_eq!(c[5], "clauses 6: out 3, in 3, two-cycle 0");
    assert!(c[7].contains("FROM and TO are VERTEX (numbered from 1), or `start`"));
    assert_eq!(c[8..], ["a 1 1 2", "a 2 2 3", "a 3 3 1"]);
}

#[test]
fn a_trail_says_so() {
    let p = corpus::toml(
        "name = \"tr\"\nmoves = \"rook\"\ngrid = \"1 2 3\"\n[trail]\nlength = 2\nsum = 3\n",
    );
    let e = export(&p, &EncodingOptions::default(), Some("tr.toml")).unwrap();
    let header = format!(
        "pathsat {VERSION}: the position encoding of a trail puzzle, x(cell, step) (format: \
         encodings/dimacs.md, encodings/trail.md)"
    );
    let variables = e.encoded.stats().variables;
    assert_eq!(
        e.comments[..8],
        lines(&[
            "t pmc",
            &header,
            "puzzle tr",
            "file tr.toml",
            "board 1x3, 3 cells, rook moves, open",
            "trail length 2 sum 3 distinct false (a model is one trail, in its canonical \
             direction: see encodings/trail.md)",
            "options encoding=position exactly-one=sequential pruning=full sum=bdd",
            &format!(
                "variables {variables}: 1..6 are the primary x(cell, value), the others auxiliary"
            ),
        ])
    );
    assert_eq!(e.comments.iter().filter(|c| c.starts_with("x ")).count(), 6);
    assert_eq!(e.comments.last().unwrap(), "x 6 0 2 2");
    let q = corpus::toml(
        "name = \"tr\"\nmoves = \"rook\"\ngrid = \"1 2 3\"\n[trail]\nlength = 2\ndistinct = true\n",
    );
    let e = export(&q, &EncodingOptions::default(), None).unwrap();
    assert_eq!(
        e.comments[4],
        "trail length 2 sum none distinct true (a model is one trail, in its canonical \
         direction: see encodings/trail.md)"
    );
}

#[test]
fn a_contradiction_is_written_with_its_reason() {
    let p = corpus::toml(
        "name = \"odd\"\nmoves = \"rook\"\nclosed = true\ngrid = \". . .\\n. . .\\n. . .\"\n",
    );
    let e = export(&p, &EncodingOptions::default(), None).unwrap();
    let why = "a tour alternates the two colours of the board, which has 5 cells of one and 4 of the other";
    assert_eq!(e.encoded.contradiction(), Some(why));
    assert_eq!(
        e.comments[4..8],
        lines(&[
            "options encoding=position exactly-one=sequential pruning=full",
            "variables 0: none primary",
            "clauses 1: contradiction 1",
            &format!("unsat {why}"),
        ])
    );
    assert_eq!(e.show, Some(vec![]));
    let options = EncodingOptions {
        choice: EncodingChoice::Successor,
        ..EncodingOptions::default()
    };
    let e = export(&p, &options, None).unwrap();
    assert_eq!(e.encoded.contradiction(), Some(why));
    assert!(e.comments.contains(&format!("unsat {why}")));
}

/// An export prefers the position encoding, whose models are exactly the fillings, and falls
/// back to the successor encoding only for a puzzle too large for it that it can express.
#[test]
fn which_encoding_an_export_takes() {
    let tiny = |options: PositionOptions| EncodingOptions {
        position: options,
        ..EncodingOptions::default()
    };
    let one_var = PositionOptions {
        max_primary_vars: 1,
        ..PositionOptions::default()
    };
    let blank = Puzzle::blank(3, 3, Moves::King, false).unwrap();
    let mut cnf = pathsat_cnf::Cnf::new();
    let e = encode_for_export(&blank, &tiny(one_var), &mut cnf).unwrap();
    assert!(matches!(e, Encoded::Successor(_)));
    assert_eq!(e.kind(), Encoding::Successor);
    // What the sink holds is the successor encoding alone: the position encoding wrote nothing.
    assert_eq!(
        (cnf.n_vars(), cnf.n_clauses()),
        (e.stats().variables, e.stats().clauses)
    );
    let middle = blank.with_givens(&[(4, 5)]).unwrap();
    let e = encode_for_export(&middle, &tiny(one_var), &mut pathsat_cnf::Cnf::new());
    assert!(matches!(e, Err(EncodeError::TooLarge { .. })));
    let position_only = EncodingOptions {
        choice: EncodingChoice::Position,
        ..tiny(one_var)
    };
    let e = encode_for_export(&blank, &position_only, &mut pathsat_cnf::Cnf::new());
    assert!(matches!(e, Err(EncodeError::TooLarge { .. })));
    let successor_only = EncodingOptions {
        choice: EncodingChoice::Successor,
        ..EncodingOptions::default()
    };
    let e = encode_for_export(&middle, &successor_only, &mut pathsat_cnf::Cnf::new());
    assert!(matches!(
        e,
        Err(EncodeError::Successor(SuccessorError::Unsupported))
    ));
    // A 6x6 board, where solving takes the successor encoding, exports in the position one.
    let large = Puzzle::blank(6, 6, Moves::Rook, true).unwrap();
    assert_eq!(
        EncodingOptions::default().resolve(&large),
        Encoding::Successor
    );
    let e = export(&large, &EncodingOptions::default(), None).unwrap();
    assert_eq!(e.encoded.kind(), Encoding::Position);
    assert_eq!(e.comments[0], "t pmc");
}

#[test]
fn auto_takes_the_successor_encoding_from_36_cells() {
    assert_eq!(AUTO_SUCCESSOR_MIN_CELLS, 36);
    let at = Puzzle::blank(6, 6, Moves::Knight, true).unwrap();
    let below = Puzzle::blank(5, 7, Moves::Knight, true).unwrap();
    assert_eq!(EncodingChoice::Auto.resolve(&at), Encoding::Successor);
    assert_eq!(EncodingChoice::Auto.resolve(&below), Encoding::Position);
    let options = EncodingOptions::default();
    assert_eq!(
        options.exactly_one(Encoding::Position),
        ExactlyOneEncoding::Sequential
    );
    assert_eq!(
        options.exactly_one(Encoding::Successor),
        ExactlyOneEncoding::Hybrid
    );
    let names: Vec<&str> = [
        EncodingChoice::Auto,
        EncodingChoice::Position,
        EncodingChoice::Successor,
    ]
    .iter()
    .map(|c| c.name())
    .collect();
    assert_eq!(names, ["auto", "position", "successor"]);
    assert_eq!(
        (Encoding::Position.name(), Encoding::Successor.name()),
        ("position", "successor")
    );
    assert_eq!(
        EncodingChoice::from(Encoding::Position),
        EncodingChoice::Position
    );
    assert_eq!(
        EncodingChoice::from(Encoding::Successor),
        EncodingChoice::Successor
    );
    assert_eq!(pathsat_encode::Pruning::Full.name(), "full");
    assert_eq!(pathsat_encode::Pruning::None.name(), "none");
}

/// Connectivity and colour balance, with their messages.
#[test]
fn colour_classes_and_their_messages() {
    let path = |grid: &str| {
        corpus::toml(&format!(
            "moves = \"rook\"\ngrid = \"\"\"\n{grid}\n\"\"\"\n"
        ))
    };
    let apart = colour_classes(&path(". # .")).unwrap_err();
    assert_eq!(
        apart,
        "only 1 of the 2 cells are connected by moves to cell (0, 0): no path can visit them all"
    );
    let graph = corpus::toml("[graph]\nvertices = 3\nedges = [[2, 3]]\n");
    assert_eq!(
        colour_classes(&graph).unwrap_err(),
        "only 1 of the 3 vertices are connected by edges to vertex 1: no path can visit them all"
    );
    let strip = colour_classes(&path(". . . . .")).unwrap();
    assert_eq!(strip.odd_colour, Some(0));
    assert_eq!(strip.colour, Some(vec![0, 1, 0, 1, 0]));
    let balanced = colour_classes(&path(". . . .")).unwrap();
    assert_eq!(
        (balanced.odd_colour, balanced.colour),
        (None, Some(vec![0, 1, 0, 1]))
    );
    // The star with its centre first: the centre's class is the smaller one.
    let star = corpus::toml("[graph]\nvertices = 3\nedges = [[1, 2], [1, 3]]\n");
    let c = colour_classes(&star).unwrap();
    assert_eq!((c.colour, c.odd_colour), (Some(vec![0, 1, 1]), Some(1)));
    let plus = corpus::toml("moves = \"rook\"\ngrid = \"# . #\\n. . .\\n# . #\"\n");
    assert_eq!(
        colour_classes(&plus).unwrap_err(),
        "a path alternates the two colours of the board, which has 4 cells of one and 1 of the other"
    );
    let square = corpus::toml("closed = true\n[graph]\nvertices = 3\nedges = [[1, 2], [1, 3]]\n");
    assert_eq!(
        colour_classes(&square).unwrap_err(),
        "a tour alternates the two colours of the graph, which has 1 cells of one and 2 of the other"
    );
    // A triangle is not bipartite: no colours, nothing to check.
    let triangle =
        corpus::toml("closed = true\n[graph]\nvertices = 3\nedges = [[1, 2], [2, 3], [3, 1]]\n");
    let c = colour_classes(&triangle).unwrap();
    assert_eq!((c.colour, c.odd_colour), (None, None));
}
