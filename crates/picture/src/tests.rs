//! The pictures are parsed back as XML: the path must visit the cells of the filling in order,
//! holes must draw nothing, and only plain SVG 1.1 elements may appear.

use super::*;
use pathsat_puzzle::{parse_str, verify, Board, Format, Pos};
use roxmltree::{Document as Xml, Node as XmlNode};
use style::CELL;

fn puzzle(toml: &str) -> Puzzle {
    parse_str(toml, Format::Toml).unwrap()
}

fn solution(puzzle: &Puzzle, values: &[u32]) -> Filling {
    let filling = Filling::from_values(values.to_vec());
    assert_eq!(verify(puzzle, &filling), Ok(()), "the test's own filling");
    filling
}

fn has_class(node: &XmlNode, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|w| w == class))
}

fn with_class<'a>(xml: &'a Xml, class: &str) -> Vec<XmlNode<'a, 'a>> {
    xml.descendants().filter(|n| has_class(n, class)).collect()
}

/// The points of the (single) path polyline or polygon, and whether it is closed.
fn path_points(xml: &Xml) -> (Vec<(f64, f64)>, bool) {
    let lines: Vec<_> = xml
        .descendants()
        .filter(|n| matches!(n.tag_name().name(), "polyline" | "polygon"))
        .collect();
    assert_eq!(lines.len(), 1, "one path");
    let points = lines[0]
        .attribute("points")
        .unwrap()
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    (points, lines[0].tag_name().name() == "polygon")
}

/// The board cell under a point of the board panel.
fn cell_at(board: &Board, (x, y): (f64, f64)) -> usize {
    let pos = Pos::new((y / CELL) as usize, (x / CELL) as usize);
    board.cell_at(pos).expect("a point on a hole")
}

/// Every element is a plain SVG 1.1 shape, group or text: no scripts, no event handlers, no
/// links, no foreign content.
fn assert_plain_svg(xml: &Xml) {
    let root = xml.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert_eq!(root.attribute("version"), Some("1.1"));
    for node in xml.descendants().filter(XmlNode::is_element) {
        let name = node.tag_name().name();
        assert!(
            ["svg", "title", "g", "rect", "circle", "line", "polyline", "polygon", "text"]
                .contains(&name),
            "unexpected element {name}"
        );
        assert_eq!(
            node.tag_name().namespace(),
            Some("http://www.w3.org/2000/svg")
        );
        for attribute in node.attributes() {
            assert!(!attribute.name().starts_with("on"), "{}", attribute.name());
            assert!(!attribute.value().contains("url("), "{}", attribute.value());
        }
    }
}

#[test]
fn an_open_path_visits_the_cells_in_order_and_holes_draw_nothing() {
    let p = puzzle("moves = \"rook\"\ngrid = \"\"\"\n1 . .\n. # .\n. . .\n\"\"\"\n");
    let f = solution(&p, &[1, 2, 3, 8, 4, 7, 6, 5]);
    let text = picture(&p, Some(&f), "solution 1");
    let xml = Xml::parse(&text).unwrap();
    assert_plain_svg(&xml);

    let (points, closed) = path_points(&xml);
    assert!(!closed);
    assert_eq!(points.len(), p.n_cells());
    let cells: Vec<usize> = points.iter().map(|&pt| cell_at(p.board(), pt)).collect();
    assert_eq!(cells, f.order());

    // One square per cell; none where the hole is (the centre row and column, from 40 to 80).
    let squares = with_class(&xml, "cell");
    assert_eq!(squares.len(), p.n_cells());
    for square in &squares {
        let x: f64 = square.attribute("x").unwrap().parse().unwrap();
        let y: f64 = square.attribute("y").unwrap().parse().unwrap();
        assert!((x, y) != (CELL, CELL), "a square on the hole");
    }
    // No shape of the board panel touches the hole's interior either.
    let hole_centre = (1.5 * CELL, 1.5 * CELL);
    for node in xml.descendants().filter(|n| n.tag_name().name() == "text") {
        if let (Some(x), Some(y)) = (node.attribute("x"), node.attribute("y")) {
            let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
            let inside = (x - hole_centre.0).abs() < CELL / 2.0
                && (y - hole_centre.1).abs() < CELL / 2.0
                && node.ancestors().any(|a| has_class(&a, "board"));
            assert!(!inside, "text on the hole");
        }
    }
    // The value of every cell is written once; the given is bold.
    let numbers: Vec<_> = with_class(&xml, "numbers")[0]
        .children()
        .filter(XmlNode::is_element)
        .collect();
    assert_eq!(numbers.len(), p.n_cells());
    assert_eq!(
        numbers
            .iter()
            .filter(|n| n.attribute("font-weight") == Some("bold"))
            .count(),
        1
    );
    assert_eq!(with_class(&xml, "given").len(), 1);
    assert_eq!(with_class(&xml, "start").len(), 1);
    assert_eq!(with_class(&xml, "end").len(), 1);
}

#[test]
fn a_tour_is_a_closed_polygon_and_marks_are_shaded() {
    let p = puzzle(
        "moves = \"rook\"\nclosed = true\ngrid = \"\"\"\nP P\n. .\n\"\"\"\n[marks]\nP = [1, 2]\n",
    );
    let f = solution(&p, &[1, 2, 4, 3]);
    let xml_text = picture(&p, Some(&f), "");
    let xml = Xml::parse(&xml_text).unwrap();
    assert_plain_svg(&xml);
    let (points, closed) = path_points(&xml);
    assert!(closed, "a tour closes its path");
    assert_eq!(points.len(), 4);
    let marked = with_class(&xml, "marked");
    assert_eq!(marked.len(), 2);
    let plain_fill = with_class(&xml, "cell")
        .into_iter()
        .find(|n| !has_class(n, "marked"))
        .and_then(|n| n.attribute("fill"));
    assert!(marked.iter().all(|n| n.attribute("fill") != plain_fill));
    // The mark letter is in the corner of each marked cell, and in the legend.
    let corner = with_class(&xml, "corner-marks");
    assert_eq!(corner[0].children().filter(XmlNode::is_element).count(), 2);
    assert!(xml_text.contains("P: [1, 2]"));
}

#[test]
fn knight_moves_are_straight_segments_between_centres() {
    // An open knight's path over the 3x4 board (from a separate depth-first search).
    let p = puzzle("moves = \"knight\"\ngrid = \"\"\"\n. . . .\n. . . .\n. . . .\n\"\"\"\n");
    let f = solution(&p, &[1, 4, 7, 10, 12, 9, 2, 5, 3, 6, 11, 8]);
    let text = picture(&p, Some(&f), "");
    let xml = Xml::parse(&text).unwrap();
    let (points, _) = path_points(&xml);
    assert_eq!(points.len(), 12);
    for pair in points.windows(2) {
        let (dx, dy) = (
            (pair[1].0 - pair[0].0).abs() / CELL,
            (pair[1].1 - pair[0].1).abs() / CELL,
        );
        let mut d = [dx, dy];
        d.sort_by(f64::total_cmp);
        assert_eq!(d, [1.0, 2.0], "a knight's move between centres");
    }
}

#[test]
fn a_trail_draws_its_cells_in_step_order() {
    let p = puzzle(
        "moves = \"rook\"\ngrid = \"\"\"\n1 2 3\n4 5 6\n\"\"\"\n[trail]\nlength = 3\nsum = 8\n",
    );
    // 1 - 2 - 5: steps 1, 2, 3 on the cells labelled 1, 2 and 5.
    let f = solution(&p, &[1, 2, 0, 0, 3, 0]);
    let text = picture(&p, Some(&f), "");
    let xml = Xml::parse(&text).unwrap();
    assert_plain_svg(&xml);
    let (points, closed) = path_points(&xml);
    assert!(!closed);
    let cells: Vec<usize> = points.iter().map(|&pt| cell_at(p.board(), pt)).collect();
    assert_eq!(cells, vec![0, 1, 4]);
    assert_eq!(with_class(&xml, "trail").len(), 3);
    // Every cell shows its label; the trail's cells also their step.
    let labels: Vec<String> = with_class(&xml, "numbers")[0]
        .children()
        .filter(XmlNode::is_element)
        .map(|n| n.text().unwrap().trim().to_string())
        .collect();
    assert_eq!(labels, ["1", "2", "3", "4", "5", "6"]);
    let steps: Vec<String> = with_class(&xml, "corner-marks")[0]
        .children()
        .filter(XmlNode::is_element)
        .map(|n| n.text().unwrap().trim().to_string())
        .collect();
    assert_eq!(steps, ["1", "2", "3"]);
}

#[test]
fn a_graph_is_drawn_as_a_circle_in_path_order() {
    // A 5-cycle with one chord; the Hamiltonian cycle 1 2 3 4 5.
    let p = puzzle(
        "closed = true\n[graph]\nvertices = 5\nedges = [[1, 2], [2, 3], [3, 4], [4, 5], [5, 1], [1, 3]]\n",
    );
    let f = solution(&p, &[1, 2, 3, 4, 5]);
    let text = picture(&p, Some(&f), "");
    let xml = Xml::parse(&text).unwrap();
    assert_plain_svg(&xml);
    let (points, closed) = path_points(&xml);
    assert!(closed);
    assert_eq!(points.len(), 5);
    let vertices = with_class(&xml, "vertex");
    assert_eq!(vertices.len(), 5);
    // The path's points are the vertex centres, in order around the circle.
    for (point, vertex) in points.iter().zip(&vertices) {
        let cx: f64 = vertex.attribute("cx").unwrap().parse().unwrap();
        let cy: f64 = vertex.attribute("cy").unwrap().parse().unwrap();
        assert_eq!(*point, (cx, cy));
    }
    let edges = with_class(&xml, "edges")[0]
        .children()
        .filter(XmlNode::is_element)
        .count();
    assert_eq!(edges, 6);
}

#[test]
fn the_unsolved_puzzle_has_no_path() {
    let p = puzzle("moves = \"rook\"\ngrid = \"\"\"\n1 .\n. 3\n\"\"\"\n");
    let text = picture(&p, None, "no solution");
    let xml = Xml::parse(&text).unwrap();
    assert_plain_svg(&xml);
    assert!(xml
        .descendants()
        .all(|n| !matches!(n.tag_name().name(), "polyline" | "polygon")));
    assert!(with_class(&xml, "start").is_empty());
    // The givens are written, the free cells are empty.
    assert_eq!(
        with_class(&xml, "numbers")[0]
            .children()
            .filter(XmlNode::is_element)
            .count(),
        2
    );
    assert!(text.contains("no solution"));
}

#[test]
fn a_sheet_has_one_panel_per_solution() {
    let p = puzzle("moves = \"rook\"\ngrid = \"\"\"\n. .\n. .\n\"\"\"\n");
    let fillings: Vec<Filling> = [[1, 2, 4, 3], [1, 4, 2, 3], [2, 1, 3, 4]]
        .iter()
        .map(|v| solution(&p, v))
        .collect();
    let xml_text = sheet(&p, &fillings, "3 solutions");
    let xml = Xml::parse(&xml_text).unwrap();
    assert_plain_svg(&xml);
    let panels = with_class(&xml, "panel");
    assert_eq!(panels.len(), 3);
    for panel in &panels {
        let lines = panel
            .descendants()
            .filter(|n| n.tag_name().name() == "polyline")
            .count();
        assert_eq!(lines, 1);
    }
    assert!(xml_text.contains("solution 3"));
}

#[test]
fn names_are_text_not_markup() {
    let p = puzzle(
        "name = \"<script>alert('&')</script> \\\"x\\\"\"\nmoves = \"rook\"\ngrid = \". .\"\n",
    );
    let text = picture(&p, Some(&solution(&p, &[1, 2])), "");
    let xml = Xml::parse(&text).unwrap();
    assert_plain_svg(&xml);
    let title = xml
        .descendants()
        .find(|n| n.tag_name().name() == "title")
        .and_then(|n| n.text())
        .unwrap()
        .trim();
    assert!(title.starts_with("<script>alert('&')</script> \"x\""));

    // Control characters, which XML forbids even escaped, are replaced.
    let p = puzzle("name = \"bell\\u0007\"\nmoves = \"rook\"\ngrid = \". .\"\n");
    let text = picture(&p, None, "note\u{1b}[31m");
    let xml = Xml::parse(&text).unwrap();
    assert!(text.contains("bell\u{fffd}") && text.contains("note\u{fffd}[31m"));
    assert_plain_svg(&xml);
}

#[test]
fn the_picture_grows_with_the_board_and_its_text_does_not_shrink() {
    let size = |n: usize| {
        let grid = vec![vec!["."; n].join(" "); n].join("\n");
        let p = puzzle(&format!(
            "moves = \"rook\"\ngrid = \"\"\"\n{grid}\n\"\"\"\n"
        ));
        // A boustrophedon: row by row, every other row backwards.
        let mut values = vec![0; n * n];
        for r in 0..n {
            for c in 0..n {
                let col = if r % 2 == 0 { c } else { n - 1 - c };
                values[r * n + col] = (r * n + c + 1) as u32;
            }
        }
        let text = picture(&p, Some(&solution(&p, &values)), "");
        let xml = Xml::parse(&text).unwrap();
        let width: f64 = xml
            .root_element()
            .attribute("width")
            .unwrap()
            .parse()
            .unwrap();
        let font: f64 = with_class(&xml, "numbers")[0]
            .attribute("font-size")
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(path_points(&xml).0.len(), n * n);
        (width, font)
    };
    let (small_width, small_font) = size(4);
    let (large_width, large_font) = size(50);
    assert!(large_width >= 50.0 * CELL && small_width < 10.0 * CELL);
    // Four-digit values keep most of the size of one-digit ones.
    assert!(
        large_font >= 0.8 * small_font,
        "{large_font} vs {small_font}"
    );
}
