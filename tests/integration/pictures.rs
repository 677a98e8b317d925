//! `solve --format svg`: every picture is parsed as XML and read back. The path's vertices are
//! mapped to the cells (or graph vertices) drawn under them, and the filling so recovered must
//! be the solution, pass the verifier and, for the seeds, equal the published answer. Holes
//! must draw nothing. With xmllint and the SVG 1.1 DTD the pictures are validated, and with
//! `rsvg-convert` the seed pictures are rendered to PNG; without them those tests are ignored,
//! with the reason (see `cli/build.rs`).

use crate::common::{all_puzzle_files, files_with, fixture, load, pathsat};
use pathsat_puzzle::{verify, Filling, Pos, Puzzle};
use pathsat_solver::{PuzzleSolver, SolveOptions};
use roxmltree::{Document, Node};
use std::path::Path;
use std::process::Command;

fn has_class(node: &Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|w| w == class))
}

fn number(node: &Node, attribute: &str) -> f64 {
    node.attribute(attribute)
        .unwrap_or_else(|| panic!("no {attribute}"))
        .parse()
        .unwrap()
}

/// The points of each path (polyline or polygon) in the picture, and whether it is closed.
fn paths(xml: &Document) -> Vec<(Vec<(f64, f64)>, bool)> {
    xml.descendants()
        .filter(|n| matches!(n.tag_name().name(), "polyline" | "polygon"))
        .map(|n| {
            let points = n
                .attribute("points")
                .unwrap()
                .split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            (points, n.tag_name().name() == "polygon")
        })
        .collect()
}

/// Reads the filling a one-solution picture shows: the path's k-th point lies in the square
/// (or on the vertex circle) of the cell holding k. Checks on the way that the squares are
/// those of the board's cells, in cell order, and that no square lies on a hole.
fn filling_drawn(puzzle: &Puzzle, svg: &str) -> Option<Filling> {
    let xml = Document::parse(svg).unwrap_or_else(|e| panic!("{}: not XML: {e}", puzzle.name()));
    assert_eq!(xml.root_element().attribute("version"), Some("1.1"));
    let shapes: Vec<Node> = if puzzle.is_graph() {
        xml.descendants()
            .filter(|n| n.tag_name().name() == "circle" && has_class(n, "vertex"))
            .collect()
    } else {
        xml.descendants()
            .filter(|n| n.tag_name().name() == "rect" && has_class(n, "cell"))
            .collect()
    };
    assert_eq!(shapes.len(), puzzle.n_cells(), "{}", puzzle.name());
    if !puzzle.is_graph() {
        let board = puzzle.board();
        for (cell, square) in shapes.iter().enumerate() {
            let (side, x, y) = (
                number(square, "width"),
                number(square, "x"),
                number(square, "y"),
            );
            let pos = Pos::new((y / side).round() as usize, (x / side).round() as usize);
            assert_eq!(board.cell_at(pos), Some(cell), "square {cell} misplaced");
        }
    }
    let paths = paths(&xml);
    assert!(paths.len() <= 1, "one path at most");
    let (points, closed) = paths.into_iter().next()?;
    assert_eq!(points.len(), puzzle.n_values(), "path vertices");
    assert_eq!(closed, puzzle.is_closed() && points.len() > 2);
    let under = |(px, py): (f64, f64)| -> usize {
        let hits: Vec<usize> = shapes
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                if puzzle.is_graph() {
                    (px - number(s, "cx")).hypot(py - number(s, "cy")) < 0.01
                } else {
                    let (x, y, w) = (number(s, "x"), number(s, "y"), number(s, "width"));
                    x < px && px < x + w && y < py && py < y + w
                }
            })
            .map(|(i, _)| i)
            .collect();
        assert_eq!(hits.len(), 1, "a path vertex at ({px}, {py}) is on no cell");
        hits[0]
    };
    let mut values = vec![0; puzzle.n_cells()];
    for (k, &point) in points.iter().enumerate() {
        let cell = under(point);
        assert_eq!(values[cell], 0, "the path visits a cell twice");
        values[cell] = k as u32 + 1;
    }
    Some(Filling::from_values(values))
}

fn solve_svg(file: &Path, extra: &[&str]) -> String {
    let output = pathsat()
        .arg("solve")
        .arg(file)
        .args(["--format", "svg"])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn seed_pictures_show_the_published_solutions() {
    for name in [
        "seeds/rook-primes-tour.toml",
        "seeds/hidato-188.toml",
        "seeds/knight-8x8-closed.toml",
    ] {
        let puzzle = load(name);
        let svg = solve_svg(&fixture(name), &[]);
        let drawn = filling_drawn(&puzzle, &svg).expect("a path");
        assert_eq!(verify(&puzzle, &drawn), Ok(()), "{name}");
        // Unique puzzles: the picture is the published answer.
        if puzzle.expect().count.as_ref().is_some_and(|c| *c == 1) {
            assert_eq!(
                puzzle.expect().solutions.first(),
                Some(&drawn),
                "{name}: not the published solution"
            );
        }
        // Marked cells (the primes) and givens are shaded, one square each.
        let xml = Document::parse(&svg).unwrap();
        let count = |class: &str| xml.descendants().filter(|n| has_class(n, class)).count();
        let rules = puzzle.rules();
        let marked = rules
            .iter()
            .filter(|r| matches!(r, pathsat_puzzle::CellRule::Marked(_)))
            .count();
        assert_eq!(count("marked"), marked, "{name}");
        assert_eq!(count("given"), puzzle.givens().count(), "{name}");
        assert_eq!((count("start"), count("end")), (1, 1));
    }
}

/// Every fixture, solved in the library and drawn: the picture shows that filling, holes and
/// all, and unsolvable puzzles draw no path.
#[test]
fn every_fixture_draws_its_first_solution() {
    let mut files = all_puzzle_files();
    files.extend(files_with("graphs", &["hcp", "col"]));
    files.extend(files_with("large", &["toml"]));
    for file in files {
        let puzzle = pathsat_puzzle::parse_file(&file).unwrap();
        let mut solver = PuzzleSolver::new(&puzzle, &SolveOptions::default()).unwrap();
        let first = solver.next_solution().unwrap();
        let svg = pathsat_picture::picture(&puzzle, first.as_ref(), "");
        let drawn = filling_drawn(&puzzle, &svg);
        assert_eq!(drawn, first, "{}", file.display());
    }
}

#[test]
fn several_solutions_make_a_sheet_or_one_file_each() {
    let file = fixture("seeds/rook-primes-path.toml");
    let puzzle = load("seeds/rook-primes-path.toml");
    let expected = crate::common::small_expected_count(&puzzle).unwrap() as usize;

    // The caption says what is shown.
    let title = |svg: &str| {
        let xml = Document::parse(svg).unwrap();
        let title = xml.descendants().find(|n| n.has_tag_name("title"));
        title.and_then(|t| t.text()).unwrap().trim().to_string()
    };
    for (args, says) in [
        (&["--limit", "1"][..], "the first solution found"),
        (&["--limit", "2"], "the first 2 solutions found"),
        // Which two solutions the solver finds first is its own affair.
        (&["--unique"], "cells differ (outlined)"),
        (&["--all"], "all 4 solutions"),
    ] {
        let svg = solve_svg(&file, args);
        assert!(title(&svg).ends_with(says), "{args:?}: {}", title(&svg));
        if args == ["--unique"] {
            assert!(title(&svg).contains("not unique: two solutions; "));
        }
    }

    // One sheet on standard output: a panel per solution, each with one path.
    let sheet = solve_svg(&file, &["--all"]);
    let xml = Document::parse(&sheet).unwrap();
    let panels: Vec<Node> = xml
        .descendants()
        .filter(|n| has_class(n, "panel"))
        .collect();
    assert_eq!(panels.len(), expected);
    for panel in &panels {
        let lines = panel
            .descendants()
            .filter(|n| n.tag_name().name() == "polyline")
            .count();
        assert_eq!(lines, 1);
    }

    // One file per solution, listed on standard output; together the published solutions.
    let dir = tempfile::tempdir().unwrap();
    let target = format!("{}/pictures/", dir.path().display());
    let output = pathsat()
        .arg("solve")
        .arg(&file)
        .args(["--all", "--format", "svg", "-o", &target])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let listed: Vec<&str> = stdout.lines().filter(|l| l.ends_with(".svg")).collect();
    assert_eq!(listed.len(), expected);
    assert!(listed[0].ends_with("rook-primes-path-1.svg"), "{stdout}");
    let mut drawn: Vec<Filling> = listed
        .iter()
        .map(|path| filling_drawn(&puzzle, &std::fs::read_to_string(path).unwrap()).unwrap())
        .collect();
    let mut published = puzzle.expect().solutions.clone();
    drawn.sort();
    published.sort();
    assert_eq!(drawn, published);
}

/// `solve --unique` on a puzzle that is not unique: both solutions, the cells where they differ
/// outlined in each panel, and each panel a solution of the published set.
#[test]
fn a_puzzle_that_is_not_unique_shows_both_solutions() {
    let file = fixture("seeds/rook-primes-path.toml");
    let puzzle = load("seeds/rook-primes-path.toml");
    let svg = solve_svg(&file, &["--unique"]);
    let xml = Document::parse(&svg).unwrap();
    let panels: Vec<Node> = xml
        .descendants()
        .filter(|n| has_class(n, "panel"))
        .collect();
    assert_eq!(panels.len(), 2);
    let mut outlined = Vec::new();
    for panel in &panels {
        let boxes: Vec<(f64, f64)> = panel
            .descendants()
            .filter(|n| has_class(n, "differs"))
            .flat_map(|g| g.children().filter(|c| c.has_tag_name("rect")))
            .map(|r| {
                let at = |a: &str| r.attribute(a).unwrap().parse::<f64>().unwrap();
                (at("x"), at("y"))
            })
            .collect();
        outlined.push(boxes);
    }
    assert_eq!(outlined[0], outlined[1]);
    // The JSON names the same cells, and they are exactly where the two grids differ.
    let v = crate::common::json_of(&["solve", "--unique", file.to_str().unwrap()]);
    assert_eq!(v["unique"], false);
    let grids = v["solutions"].as_array().unwrap();
    assert_eq!(grids.len(), 2);
    let cells = v["differences"].as_array().unwrap();
    assert_eq!(cells.len(), outlined[0].len());
    let (first, second) = (grids[0].as_array().unwrap(), grids[1].as_array().unwrap());
    assert_eq!(first.len(), puzzle.board().rows());
    let mut differing = 0;
    for (r, (row1, row2)) in first.iter().zip(second).enumerate() {
        for (c, (a, b)) in row1
            .as_array()
            .unwrap()
            .iter()
            .zip(row2.as_array().unwrap())
            .enumerate()
        {
            if a != b {
                differing += 1;
                assert!(cells.contains(&serde_json::json!([r, c])), "{r},{c}");
            }
        }
    }
    assert_eq!(differing, cells.len());
}

/// `decode --format svg` draws the filling of a kissat model (a real one, from the corpus).
#[test]
fn decoded_models_are_drawn() {
    let puzzle = load("small/numbrix-5x5.toml");
    let model = crate::common::tests_dir().join("solver-outputs/good-kissat.out");
    let decode = |format: &str| {
        let output = pathsat()
            .arg("decode")
            .arg(fixture("small/numbrix-5x5.toml"))
            .arg(&model)
            .args(["--format", format])
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let drawn = filling_drawn(&puzzle, &decode("svg")).expect("a path");
    assert_eq!(verify(&puzzle, &drawn), Ok(()));
    let json: serde_json::Value = serde_json::from_str(&decode("json")).unwrap();
    let rows: Vec<Vec<Option<u32>>> = serde_json::from_value(json["solutions"][0].clone()).unwrap();
    assert_eq!(drawn, Filling::from_rows(puzzle.board(), &rows).unwrap());
}

#[test]
fn unsolvable_puzzles_draw_the_puzzle_alone() {
    let svg = solve_svg(&fixture("graphs/k34-tour.toml"), &[]);
    let puzzle = load("graphs/k34-tour.toml");
    assert_eq!(filling_drawn(&puzzle, &svg), None);
    assert!(svg.contains("no filling solves the puzzle"));
}

#[test]
fn picture_output_errors_are_one_line() {
    let file = fixture("small/rook-3x3.toml");
    let dir = tempfile::tempdir().unwrap();
    let cases: [(Vec<String>, &str); 2] = [
        (
            vec!["-o".into(), format!("{}/", dir.path().display())],
            "a directory takes one picture per solution",
        ),
        (
            vec![
                "--format".into(),
                "svg".into(),
                "-o".into(),
                format!("{}/missing/x.svg", dir.path().display()),
            ],
            "cannot write",
        ),
    ];
    for (args, message) in cases {
        let output = pathsat()
            .arg("solve")
            .arg(&file)
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(message), "{stderr}");
    }
    // -o also takes text and JSON.
    let json = dir.path().join("s.json");
    pathsat()
        .arg("solve")
        .arg(&file)
        .args(["--format", "json", "-o"])
        .arg(&json)
        .assert()
        .success()
        .stdout("");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["status"], "sat");
}

/// The seed pictures render with librsvg, the renderer of GNOME and of many converters.
#[test]
#[cfg_attr(no_rsvg, ignore = "needs rsvg-convert (Debian: librsvg2-bin)")]
fn seed_pictures_render_to_png() {
    let dir = tempfile::tempdir().unwrap();
    for file in files_with("seeds", &["toml"]) {
        let svg = dir.path().join("seed.svg");
        let png = dir.path().join("seed.png");
        std::fs::write(&svg, solve_svg(&file, &[])).unwrap();
        let status = Command::new("rsvg-convert")
            .arg(&svg)
            .arg("-o")
            .arg(&png)
            .status()
            .unwrap();
        assert!(status.success(), "{}", file.display());
        let bytes = std::fs::read(&png).unwrap();
        assert!(
            bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
            "{}",
            file.display()
        );
    }
}

/// Every fixture's picture, a sheet, and an unsolved puzzle's picture validate against the
/// SVG 1.1 DTD (Debian: w3c-sgml-lib) with xmllint (Debian: libxml2-utils).
#[test]
#[cfg_attr(
    no_xmllint,
    ignore = "needs xmllint and the SVG 1.1 DTD (Debian: libxml2-utils w3c-sgml-lib)"
)]
fn pictures_are_valid_svg_1_1() {
    const DTD: &str = "/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd";
    let dir = tempfile::tempdir().unwrap();
    let mut pictures = Vec::new();
    for file in all_puzzle_files() {
        let puzzle = pathsat_puzzle::parse_file(&file).unwrap();
        let mut solver = PuzzleSolver::new(&puzzle, &SolveOptions::default()).unwrap();
        let first = solver.next_solution().unwrap();
        pictures.push(pathsat_picture::picture(&puzzle, first.as_ref(), "a note"));
        pictures.push(pathsat_picture::picture(&puzzle, None, "the puzzle"));
        let mut several = Vec::new();
        solver.count(Some(3), |f| several.push(f.clone())).unwrap();
        pictures.push(pathsat_picture::sheet(&puzzle, &several, "a sheet"));
    }
    let paths: Vec<_> = pictures
        .iter()
        .enumerate()
        .map(|(i, svg)| {
            let path = dir.path().join(format!("{i}.svg"));
            std::fs::write(&path, svg).unwrap();
            path
        })
        .collect();
    let output = Command::new("xmllint")
        .args(["--noout", "--dtdvalid", DTD])
        .args(&paths)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
