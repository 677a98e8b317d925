//! The DIMACS export: for every fixture, the file parses back to the same clauses, its `p cnf`
//! counts are those of the clauses written, its `c x` lines map exactly the primary variables,
//! its projection is the primary variables, and varisat's own DIMACS reader solves it to a
//! model that decodes to a verified filling.

use crate::common::all_puzzle_files;
use pathsat_bigcount::BigCount;
use pathsat_cnf::Var;
use pathsat_dimacs::{parse_dimacs, write_dimacs, Header};
use pathsat_encode::export::{export, Encoded, ARC_PREFIX, MAP_PREFIX};
use pathsat_encode::{EncodingChoice, EncodingOptions, PositionEncoding, PositionOptions};
use pathsat_puzzle::{parse_file, parse_str, verify, Format};
use pathsat_solver::{PuzzleSolver, SolveOptions};
use std::collections::BTreeSet;

fn position(options: PositionOptions) -> EncodingOptions {
    EncodingOptions {
        choice: EncodingChoice::Position,
        position: options,
        ..EncodingOptions::default()
    }
}

fn position_encoding(e: &pathsat_encode::Export) -> &PositionEncoding {
    match &e.encoded {
        Encoded::Position(p) => p,
        Encoded::Successor(_) => panic!("a position export was asked for"),
    }
}

fn written(path: &std::path::Path, options: &EncodingOptions) -> (pathsat_encode::Export, String) {
    let puzzle = parse_file(path).unwrap();
    let e = export(&puzzle, options, Some("fixture")).unwrap();
    let mut bytes = Vec::new();
    write_dimacs(&mut bytes, &e.cnf, &header(&e)).unwrap();
    (e, String::from_utf8(bytes).unwrap())
}

fn header(e: &pathsat_encode::Export) -> Header<'_> {
    Header {
        comments: &e.comments,
        show: e.show.as_deref(),
    }
}

/// The exported file, byte for byte: the header lines, the map, the `p` line, the projection.
#[test]
fn the_file_starts_with_its_header_and_maps_every_primary_variable() {
    let p = parse_str(
        "name = \"t\"\nmoves = \"rook\"\ngrid = \"1 .\\n. .\"\n",
        Format::Toml,
    )
    .unwrap();
    let e = export(&p, &EncodingOptions::default(), Some("t.toml")).unwrap();
    let mut text = Vec::new();
    write_dimacs(&mut text, &e.cnf, &header(&e)).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(text.starts_with("c t pmc\nc pathsat "), "{text}");
    assert!(text.contains("c puzzle t\nc file t.toml\nc board 2x2, 4 cells, rook moves, open\n"));
    assert!(text.contains("c options encoding=position exactly-one=sequential pruning=full\n"));
    // 1 at (0, 0); 2 and 4 on (0, 1) and (1, 0); 3 at (1, 1).
    assert!(text.contains(
        "c x 1 0 0 1\nc x 2 0 1 2\nc x 3 0 1 4\nc x 4 1 0 2\nc x 5 1 0 4\nc x 6 1 1 3\np cnf "
    ));
    assert!(text.contains("\nc p show 1 2 3 4 5 6 0\n"));
    let parsed = parse_dimacs(&text).unwrap();
    assert_eq!(parsed.cnf, e.cnf);
    assert_eq!((parsed.comments, parsed.show), (e.comments, e.show));
}

#[test]
fn every_fixture_round_trips_through_dimacs() {
    for path in all_puzzle_files() {
        let (e, text) = written(&path, &position(PositionOptions::default()));
        let name = path.display();
        let parsed = parse_dimacs(&text).unwrap_or_else(|err| panic!("{name}: {err}"));
        assert_eq!(parsed.cnf, e.cnf, "{name}: the same clauses come back");

        // The p line counts what was written.
        let p_line = text.lines().find(|l| l.starts_with("p cnf ")).unwrap();
        let clause_lines = text
            .lines()
            .filter(|l| !l.starts_with('c') && !l.starts_with('p'))
            .count();
        assert_eq!(
            p_line,
            format!(
                "p cnf {} {}",
                {
                    use pathsat_cnf::ClauseSink;
                    e.cnf.n_vars()
                },
                clause_lines
            ),
            "{name}"
        );
        assert_eq!(clause_lines, e.encoded.stats().clauses, "{name}");
        let map = &position_encoding(&e).map;
        let graph = parse_file(&path).unwrap().is_graph();

        // The mapping lines cover exactly the primary variables, with their meaning.
        let mut mapped = BTreeSet::new();
        for comment in parsed.comments.iter().filter(|c| c.starts_with(MAP_PREFIX)) {
            let numbers: Vec<usize> = comment[MAP_PREFIX.len()..]
                .split(' ')
                .map(|t| t.parse().unwrap())
                .collect();
            // Boards: VAR ROW COL VALUE; graphs: VAR VERTEX VALUE, vertices from 1.
            let (var, place, value) = match numbers[..] {
                [var, row, col, value] if !graph => (var, (row, col), value),
                [var, vertex, value] if graph => (var, (vertex - 1, 0), value),
                _ => panic!("{name}: {comment}"),
            };
            let var = Var::from_dimacs(var as u64).unwrap();
            let (cell, k) = map
                .meaning(var)
                .unwrap_or_else(|| panic!("{name}: {comment}"));
            let expected_place = if graph {
                (cell, 0)
            } else {
                let pos = map.pos(cell);
                (pos.row, pos.col)
            };
            assert_eq!(
                (expected_place, k as usize),
                (place, value),
                "{name}: {comment}"
            );
            assert!(mapped.insert(var), "{name}: {var:?} mapped twice");
        }
        let primary: BTreeSet<Var> = map.primary().map(|(v, _, _)| v).collect();
        assert_eq!(mapped, primary, "{name}: mapping lines = primary variables");
        let show: BTreeSet<Var> = parsed.show.unwrap().into_iter().collect();
        assert_eq!(show, primary, "{name}: projection = primary variables");
    }
}

#[test]
fn the_embedded_solver_receives_the_exported_clauses() {
    for path in all_puzzle_files() {
        let puzzle = parse_file(&path).unwrap();
        let options = position(PositionOptions::default());
        let e = export(&puzzle, &options, None).unwrap();
        let solver = PuzzleSolver::new(
            &puzzle,
            &SolveOptions {
                encoding: options,
                ..SolveOptions::default()
            },
        )
        .unwrap();
        assert_eq!(
            solver.stats().encode,
            *e.encoded.stats(),
            "{}",
            path.display()
        );
        // Both come from one deterministic encoder: a second export is identical.
        assert_eq!(export(&puzzle, &options, None).unwrap().cnf, e.cnf);
    }
}

/// varisat's own DIMACS parser (not ours) reads the file; the model it finds decodes through
/// the `c x` mapping to a filling the verifier accepts.
#[test]
fn varisat_reads_the_exported_files() {
    for path in all_puzzle_files() {
        if path.ends_with("knight-10x10-closed.toml") {
            continue; // a second slow solve adds nothing here; the external test covers it
        }
        let (e, text) = written(&path, &position(PositionOptions::default()));
        let mut solver = varisat::Solver::new();
        solver.add_dimacs_cnf(text.as_bytes()).unwrap();
        let sat = solver.solve().unwrap();
        let puzzle = parse_file(&path).unwrap();
        let expected_sat = puzzle.expect().count.as_ref().is_none_or(|c| !c.is_zero());
        assert_eq!(sat, expected_sat, "{}", path.display());
        if sat {
            let model: std::collections::HashMap<usize, bool> = solver
                .model()
                .unwrap()
                .into_iter()
                .map(|l| (l.index(), l.is_positive()))
                .collect();
            let filling = position_encoding(&e)
                .map
                .decode(|v| model.get(&v.index()).copied())
                .unwrap();
            assert_eq!(verify(&puzzle, &filling), Ok(()), "{}", path.display());
        }
    }
}

#[test]
fn options_change_the_header_and_the_clauses() {
    let path = crate::common::fixture("small/rook-3x3.toml");
    let (plain, text) = written(&path, &EncodingOptions::default());
    let options = position(PositionOptions {
        exactly_one: pathsat_cnf::card::ExactlyOneEncoding::Pairwise,
        pruning: pathsat_encode::Pruning::None,
        ..PositionOptions::default()
    });
    let (other, other_text) = written(&path, &options);
    assert!(text.contains("c options encoding=position exactly-one=sequential pruning=full\n"));
    assert!(other_text.contains("c options encoding=position exactly-one=pairwise pruning=none\n"));
    assert_ne!(plain.cnf, other.cnf);
    assert_eq!(other.encoded.stats().primary_vars, 81);
}

/// The successor encoding's export: its `c a` lines map exactly the arc variables, in order,
/// and varisat's model of round 0 is either a verified tour or a cover by several cycles,
/// which `decode_model` recognises as such.
#[test]
fn successor_exports_map_every_arc() {
    let options = EncodingOptions {
        choice: EncodingChoice::Successor,
        ..EncodingOptions::default()
    };
    let mut exported = 0;
    for path in all_puzzle_files() {
        let puzzle = parse_file(&path).unwrap();
        if !pathsat_encode::successor::applies(&puzzle) {
            continue;
        }
        exported += 1;
        let name = path.display();
        let (e, text) = written(&path, &options);
        let Encoded::Successor(s) = &e.encoded else {
            panic!("{name}: a successor export was asked for")
        };
        assert!(text.contains("round 0"), "{name}");
        let parsed = parse_dimacs(&text).unwrap();
        assert_eq!(parsed.cnf, e.cnf, "{name}");
        assert_eq!(parsed.show, None, "{name}: no projection");
        let arc_vars: Vec<usize> = parsed
            .comments
            .iter()
            .filter_map(|c| c.strip_prefix(ARC_PREFIX))
            .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
            .collect();
        let expected: Vec<usize> = (0..s.arcs.len()).map(|i| s.first + i + 1).collect();
        assert_eq!(arc_vars, expected, "{name}: one line per arc variable");

        let mut solver = varisat::Solver::new();
        solver.add_dimacs_cnf(text.as_bytes()).unwrap();
        if !solver.solve().unwrap() {
            assert_eq!(puzzle.expect().count, Some(BigCount::zero()), "{name}");
            continue;
        }
        let literals: Vec<String> = solver
            .model()
            .unwrap()
            .iter()
            .map(|l| l.to_dimacs().to_string())
            .collect();
        let output = format!("s SATISFIABLE\nv {} 0\n", literals.join(" "));
        let pathsat_dimacs::SolverOutput::Sat(model) =
            pathsat_dimacs::parse_solver_output(&output).unwrap()
        else {
            panic!("{name}: a model was written")
        };
        match pathsat_solver::decode_model(&puzzle, &e.encoded, &model) {
            Ok(filling) => assert_eq!(verify(&puzzle, &filling), Ok(()), "{name}"),
            Err(pathsat_solver::ModelProblem::Subtours(k)) => assert!(k > 1, "{name}"),
            Err(other) => panic!("{name}: {other}"),
        }
    }
    assert!(
        exported >= 10,
        "only {exported} fixtures have a successor export"
    );
}
