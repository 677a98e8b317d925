#![warn(missing_docs)]
//! # pathsat-picture
//!
//! SVG pictures of path puzzles: people would rather look at a tour than read 144 numbers.
//! [`picture`] draws one solution (or the unsolved puzzle), [`sheet`] draws several solutions
//! side by side as small multiples, [`chart`] draws the measurements of the encoding lab, and
//! [`booklet`] prints puzzles and their solutions as a PDF (the only output that is not SVG). Both return a complete, plain SVG 1.1 document (valid
//! against the W3C DTD, which the tests check): no scripts, no style sheets, no external
//! references, only shapes and text with presentation attributes, so that browsers,
//! `rsvg-convert` and editors show the same picture.
//!
//! A board is drawn cell by cell (holes draw nothing), its numbers in the cells' corners and
//! the path through the cell centres (module `board`); a graph has no coordinates, so its
//! vertices go on a circle in the order of the path (module `graph`). Every length is in units
//! of a fixed cell size, so the picture grows with the board and its text stays readable.
//!
//! The elements carry `class` attributes saying what they show (`cell`, `given`, `marked`,
//! `path`, `start`, `end`, `vertex`, ...), for tests and for anyone restyling the pictures.
//!
//! ```
//! use pathsat_puzzle::{parse_str, Filling, Format};
//!
//! let puzzle = parse_str("moves = \"rook\"\ngrid = \"1 .\\n. .\"\n", Format::Toml)?;
//! let svg = pathsat_picture::picture(&puzzle, Some(&Filling::from_values(vec![1, 2, 4, 3])), "");
//! assert!(svg.contains("<polyline"));
//! # Ok::<(), pathsat_puzzle::PuzzleError>(())
//! ```

mod board;
pub mod booklet;
pub mod chart;
mod graph;
mod style;

use pathsat_puzzle::{CellRule, Filling, Puzzle};
use style::{CAPTION_FONT, CAPTION_LINE, PAD};
use svg::node::element::{Circle, Group, Polygon, Polyline, Rectangle, Text, Title};
use svg::node::Blob;
use svg::{Document, Node};

/// One solution of `puzzle` (a filling the verifier accepted), or the puzzle itself when
/// `filling` is `None`, as an SVG document. The caption under the drawing names the puzzle,
/// then says `note` (for example "solution 1 of 4" or "no solution") when it is not empty,
/// then explains the colours.
///
/// # Panics
/// If `filling` does not hold one value per cell of `puzzle`.
pub fn picture(puzzle: &Puzzle, filling: Option<&Filling>, note: &str) -> String {
    let panel = panel(puzzle, filling);
    let caption = caption_lines(puzzle, note, filling.is_some());
    let width = panel.width.max(caption_width(&caption));
    let height = panel.height + PAD + CAPTION_LINE * caption.len() as f64;
    let mut document = document(width, height, &title(puzzle, note));
    document.append(translated(panel.group, PAD, PAD));
    document.append(caption_text(&caption, PAD, PAD + panel.height + PAD));
    finish(document)
}

/// The caption of a blank puzzle: what there is to find (`place 1 to 36 in a path`).
pub fn task(puzzle: &Puzzle) -> String {
    match (puzzle.trail(), puzzle.is_closed()) {
        (Some(t), _) => format!(
            "find the trail of {} cells{}",
            t.length(),
            t.sum()
                .map_or(String::new(), |s| format!(" whose labels add up to {s}"))
        ),
        (None, true) => format!("place 1 to {} in a closed tour", puzzle.n_values()),
        (None, false) => format!("place 1 to {} in a path", puzzle.n_values()),
    }
}

/// Several solutions of `puzzle` as small multiples: the panels in rows, each headed
/// "solution k", and one caption for the sheet (`note` as in [`picture`]).
///
/// # Panics
/// As [`picture`], for any of `fillings`.
pub fn sheet(puzzle: &Puzzle, fillings: &[Filling], note: &str) -> String {
    let heads: Vec<String> = (1..=fillings.len())
        .map(|i| format!("solution {i}"))
        .collect();
    sheet_of(puzzle, fillings, &heads, &[], note)
}

/// Two solutions of `puzzle` side by side, the cells (or vertices) where the second differs
/// from the first outlined in both: what makes a puzzle not unique.
///
/// # Panics
/// As [`picture`], for either filling.
pub fn two_solutions(puzzle: &Puzzle, first: &Filling, second: &Filling, note: &str) -> String {
    let differing = first.differing_cells(second);
    let heads = ["solution 1".to_string(), "solution 2".to_string()];
    let words = differing_words(puzzle, differing.len());
    let note = if note.is_empty() {
        format!("{words} (outlined)")
    } else {
        format!("{note}; {words} (outlined)")
    };
    sheet_of(
        puzzle,
        &[first.clone(), second.clone()],
        &heads,
        &differing,
        &note,
    )
}

/// `3 cells differ`, `1 vertex differs`.
fn differing_words(puzzle: &Puzzle, n: usize) -> String {
    let noun = match (puzzle.is_graph(), n) {
        (true, 1) => "vertex differs",
        (true, _) => "vertices differ",
        (false, 1) => "cell differs",
        (false, _) => "cells differ",
    };
    format!("{n} {noun}")
}

/// Panels of `fillings` in rows, each under its heading, the `differing` cells outlined in
/// every panel when there are any.
fn sheet_of(
    puzzle: &Puzzle,
    fillings: &[Filling],
    heads: &[String],
    differing: &[usize],
    note: &str,
) -> String {
    // A puzzle's panels all have the size of its blank panel (the board, or the circle of its
    // vertices), whatever the filling.
    let blank = panel(puzzle, None);
    let columns = (1..).find(|c| c * c >= fillings.len()).unwrap_or(1).max(1);
    let rows = fillings.len().div_ceil(columns).max(1);
    let heading = CAPTION_LINE;
    let (cell_width, cell_height) = (blank.width, blank.height + heading);
    let caption = caption_lines(puzzle, note, !fillings.is_empty());
    let grid_width = columns as f64 * (cell_width + 2.0 * PAD) - 2.0 * PAD;
    let grid_height = rows as f64 * (cell_height + 2.0 * PAD) - 2.0 * PAD;
    let width = grid_width.max(caption_width(&caption));
    let height = grid_height + PAD + CAPTION_LINE * caption.len() as f64;
    let mut document = document(width, height, &title(puzzle, note));
    for (i, filling) in fillings.iter().enumerate() {
        let panel = marked_panel(puzzle, Some(filling), differing);
        debug_assert_eq!((panel.width, panel.height), (blank.width, blank.height));
        let x = PAD + (i % columns) as f64 * (cell_width + 2.0 * PAD);
        let y = PAD + (i / columns) as f64 * (cell_height + 2.0 * PAD);
        let head = Text::new(xml_text(&heads[i]))
            .set("x", style::round(x))
            .set("y", style::round(y + CAPTION_FONT))
            .set("font-size", CAPTION_FONT)
            .set("fill", style::INK);
        let group = translated(panel.group, x, y + heading).set("class", "panel");
        // Written out at once: a sheet of thousands of panels keeps only their text.
        document.append(Blob::new(Group::new().add(head).add(group).to_string()));
    }
    document.append(caption_text(&caption, PAD, PAD + grid_height + PAD));
    finish(document)
}

/// A drawing in its own coordinates, from (0, 0) to (width, height).
struct Panel {
    group: Group,
    width: f64,
    height: f64,
}

fn panel(puzzle: &Puzzle, filling: Option<&Filling>) -> Panel {
    marked_panel(puzzle, filling, &[])
}

/// [`panel`], with the `differing` cells (or vertices) outlined.
fn marked_panel(puzzle: &Puzzle, filling: Option<&Filling>, differing: &[usize]) -> Panel {
    if puzzle.is_graph() {
        graph::panel(puzzle, filling, differing)
    } else {
        board::panel(puzzle, filling, differing)
    }
}

/// The path through `points` in order: a polygon when `closed` (the closing segment from the
/// last point back to the first), else a polyline.
fn path_line(points: &[(f64, f64)], closed: bool) -> Group {
    let list = points
        .iter()
        .map(|(x, y)| format!("{},{}", style::round(*x), style::round(*y)))
        .collect::<Vec<_>>()
        .join(" ");
    let group = Group::new()
        .set("class", "path")
        .set("fill", "none")
        .set("stroke", style::PATH)
        .set("stroke-opacity", style::PATH_OPACITY)
        .set("stroke-width", style::PATH_WIDTH)
        .set("stroke-linejoin", "round")
        .set("stroke-linecap", "round");
    if closed && points.len() > 2 {
        group.add(Polygon::new().set("points", list))
    } else {
        group.add(Polyline::new().set("points", list))
    }
}

/// A circle on the first point (the start, value 1) and a square on the last (the end).
fn markers(points: &[(f64, f64)], size: f64) -> Group {
    let mut group = Group::new().set("class", "ends");
    if let (Some(&(sx, sy)), Some(&(ex, ey))) = (points.first(), points.last()) {
        let half = 0.9 * size;
        group = group
            .add(
                Rectangle::new()
                    .set("class", "end")
                    .set("x", style::round(ex - half))
                    .set("y", style::round(ey - half))
                    .set("width", style::round(2.0 * half))
                    .set("height", style::round(2.0 * half))
                    .set("fill", style::END),
            )
            .add(
                Circle::new()
                    .set("class", "start")
                    .set("cx", style::round(sx))
                    .set("cy", style::round(sy))
                    .set("r", style::round(size))
                    .set("fill", style::START),
            );
    }
    group
}

fn document(width: f64, height: f64, title: &str) -> Document {
    let (width, height) = (
        style::round(width + 2.0 * PAD),
        style::round(height + 2.0 * PAD),
    );
    Document::new()
        .set("version", "1.1")
        .set("width", width)
        .set("height", height)
        .set("viewBox", (0, 0, width, height))
        .set("font-family", style::FONT_FAMILY)
        .add(Title::new(xml_text(title)))
        // An opaque page, so that the captions stay readable on dark viewers; holes show it.
        .add(
            Rectangle::new()
                .set("class", "background")
                .set("width", width)
                .set("height", height)
                .set("fill", style::PAGE),
        )
}

/// `text` without the control characters XML 1.0 forbids (a puzzle name may hold them), each
/// replaced by U+FFFD; the svg crate escapes `&`, `<` and `>`.
fn xml_text(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => c,
            c if c.is_control() => char::REPLACEMENT_CHARACTER,
            c => c,
        })
        .collect()
}

fn finish(document: Document) -> String {
    format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{document}\n")
}

fn translated(group: Group, x: f64, y: f64) -> Group {
    group.set(
        "transform",
        format!("translate({} {})", style::round(x), style::round(y)),
    )
}

fn title(puzzle: &Puzzle, note: &str) -> String {
    if note.is_empty() {
        puzzle.to_string()
    } else {
        format!("{puzzle}: {note}")
    }
}

/// A line of the caption: its text, and for a legend the swatches before each item.
enum CaptionLine {
    Text(String),
    Legend(Vec<Swatch>),
}

/// A legend item: a small shape in a colour, and what it stands for.
struct Swatch {
    shape: Shape,
    colour: &'static str,
    meaning: String,
}

enum Shape {
    Circle,
    Square,
}

/// Room for a swatch before its text, and between legend items.
const SWATCH_ROOM: f64 = 1.2 * CAPTION_FONT;
const LEGEND_GAP: f64 = 1.2 * CAPTION_FONT;

/// The puzzle, the note, and a legend of what the colours and shapes mean.
fn caption_lines(puzzle: &Puzzle, note: &str, with_path: bool) -> Vec<CaptionLine> {
    let mut lines = vec![CaptionLine::Text(xml_text(&puzzle.to_string()))];
    if !note.is_empty() {
        lines.push(CaptionLine::Text(xml_text(note)));
    }
    let mut legend = Vec::new();
    let mut item = |shape, colour, meaning: String| {
        legend.push(Swatch {
            shape,
            colour,
            meaning,
        });
    };
    if with_path {
        item(Shape::Circle, style::START, "start (1)".into());
        item(Shape::Square, style::END, "end".into());
    }
    let rules = puzzle.rules();
    if rules.iter().any(|r| matches!(r, CellRule::Given(_))) {
        item(Shape::Square, style::GIVEN_FILL, "given".into());
    }
    for (i, mark) in puzzle.marks().iter().enumerate() {
        if rules.contains(&CellRule::Marked(i)) {
            let colour = style::MARK_FILLS[i % style::MARK_FILLS.len()];
            item(
                Shape::Square,
                colour,
                format!("{}: {}", mark.letter, mark.class),
            );
        }
    }
    if puzzle.trail().is_some() && with_path {
        item(
            Shape::Square,
            style::TRAIL_FILL,
            "on the trail (its step in the corner)".into(),
        );
    }
    if !legend.is_empty() {
        lines.push(CaptionLine::Legend(legend));
    }
    lines
}

fn caption_width(lines: &[CaptionLine]) -> f64 {
    let width = |line: &CaptionLine| match line {
        CaptionLine::Text(text) => style::text_width(text, CAPTION_FONT),
        CaptionLine::Legend(items) => items
            .iter()
            .map(|s| SWATCH_ROOM + style::text_width(&s.meaning, CAPTION_FONT) + LEGEND_GAP)
            .sum::<f64>(),
    };
    lines.iter().map(width).fold(0.0, f64::max)
}

fn caption_text(lines: &[CaptionLine], left: f64, top: f64) -> Group {
    let mut group = Group::new()
        .set("class", "caption")
        .set("font-size", CAPTION_FONT)
        .set("fill", style::INK);
    for (i, line) in lines.iter().enumerate() {
        let baseline = top + CAPTION_FONT + i as f64 * CAPTION_LINE;
        match line {
            CaptionLine::Text(text) => {
                group = group.add(
                    Text::new(text.as_str())
                        .set("x", style::round(left))
                        .set("y", style::round(baseline)),
                );
            }
            CaptionLine::Legend(items) => {
                let mut legend = Group::new().set("class", "legend");
                let mut x = left;
                // Swatches sit on the text's x-height band, 0.7 of the font high.
                let side = 0.7 * CAPTION_FONT;
                let y = baseline - side;
                for swatch in items {
                    let shape: Box<dyn Node> = match swatch.shape {
                        Shape::Circle => Box::new(
                            Circle::new()
                                .set("cx", style::round(x + side / 2.0))
                                .set("cy", style::round(y + side / 2.0))
                                .set("r", style::round(side / 2.0)),
                        ),
                        Shape::Square => Box::new(
                            Rectangle::new()
                                .set("x", style::round(x))
                                .set("y", style::round(y))
                                .set("width", style::round(side))
                                .set("height", style::round(side)),
                        ),
                    };
                    let shape = Group::new()
                        .set("fill", swatch.colour)
                        .set("stroke", style::GRID)
                        .set("stroke-width", 0.5)
                        .add(shape);
                    legend = legend.add(shape).add(
                        Text::new(swatch.meaning.as_str())
                            .set("x", style::round(x + SWATCH_ROOM))
                            .set("y", style::round(baseline)),
                    );
                    x +=
                        SWATCH_ROOM + style::text_width(&swatch.meaning, CAPTION_FONT) + LEGEND_GAP;
                }
                group = group.add(legend);
            }
        }
    }
    group
}

#[cfg(test)]
mod tests;
