//! Boards: a square per cell (holes are left out: nothing is drawn there), the cell's number
//! in its top-left corner, and the path as a polyline through the cell centres, from value 1
//! to N, with a circle on the start and a square on the end. A tour's polyline is a closed
//! polygon; a knight's or custom move is a straight segment between the two centres.
//!
//! Given cells are shaded blue and their numbers are bold; marked cells take their mark's
//! colour and show the mark letter in the bottom-right corner. A trail shades its cells green,
//! shows every cell's label and, on the trail, the step number in the bottom-right corner.

use crate::style::{self, CELL};
use crate::{markers, path_line, Panel};
use pathsat_puzzle::{CellRule, Filling, Puzzle, Trail};
use svg::node::element::{Group, Rectangle, Text};
use svg::Node;

/// The board of `puzzle`, filled in by `filling` when there is one (which must be a filling of
/// this puzzle), with the `outlined` cells outlined. The groups go in drawing order: cells,
/// outlines, path, then the numbers with their halo on top.
pub(crate) fn panel(puzzle: &Puzzle, filling: Option<&Filling>, outlined: &[usize]) -> Panel {
    let board = puzzle.board();
    let mut layers = Layers::new(puzzle, filling);
    for cell in 0..puzzle.n_cells() {
        layers.add_cell(cell);
    }
    let mut group = Group::new().set("class", "board").add(layers.cells);
    if !outlined.is_empty() {
        group = group.add(outlines(puzzle, outlined));
    }
    if let Some(filling) = filling {
        let order = match puzzle.trail() {
            Some(_) => Trail::cells_in_order(filling),
            None => filling.order(),
        };
        let points: Vec<(f64, f64)> = order
            .iter()
            .map(|&c| {
                let (x, y) = corner(puzzle, c);
                (x + CELL / 2.0, y + CELL / 2.0)
            })
            .collect();
        group = group
            .add(path_line(&points, puzzle.is_closed()))
            .add(markers(&points, style::MARKER_RADIUS));
    }
    Panel {
        group: group
            .add(layers.halo)
            .add(layers.numbers)
            .add(layers.corner_marks),
        width: board.cols() as f64 * CELL,
        height: board.rows() as f64 * CELL,
    }
}

/// The top-left corner of `cell` in the picture.
fn corner(puzzle: &Puzzle, cell: usize) -> (f64, f64) {
    let pos = puzzle.board().pos(cell);
    (pos.col as f64 * CELL, pos.row as f64 * CELL)
}

/// The groups a board's cells are drawn into, filled one cell at a time: the squares, and the
/// numbers in their corners with the halo under them. The path goes between the squares and the
/// numbers, so they are kept apart until the board is put together.
struct Layers<'a> {
    puzzle: &'a Puzzle,
    filling: Option<&'a Filling>,
    /// The font sizes of the top-left numbers, of a trail's steps and of the marks' letters.
    number_font: f64,
    step_font: f64,
    mark_font: f64,
    cells: Group,
    numbers: Group,
    corner_marks: Group,
    halo: Group,
}

impl<'a> Layers<'a> {
    /// Empty groups for the cells of `puzzle` filled by `filling`, with fonts that fit its
    /// numbers in a cell.
    fn new(puzzle: &'a Puzzle, filling: Option<&'a Filling>) -> Self {
        // The widest number in a top-left corner: a value up to N, or a trail's label.
        let widest = match puzzle.trail() {
            Some(trail) => trail.labels().iter().max().copied().unwrap_or(0) as usize,
            None => puzzle.n_cells(),
        };
        let number_font = style::font_for(digits(widest), 0.84 * CELL, 0.3 * CELL);
        let step_font = style::font_for(digits(puzzle.n_values()), 0.5 * CELL, 0.25 * CELL);
        let cells = Group::new()
            .set("class", "cells")
            .set("stroke", style::GRID)
            .set("stroke-width", 1);
        let numbers = Group::new()
            .set("class", "numbers")
            .set("fill", style::INK)
            .set("font-size", style::round(number_font));
        let corner_marks = Group::new()
            .set("class", "corner-marks")
            .set("text-anchor", "end");
        // A white outline under every number, so that the path crossing a cell does not hide it
        // (SVG 1.1 has no paint-order, so the outline is a copy of the text drawn first).
        let halo = Group::new()
            .set("class", "halo")
            .set("fill", style::HALO)
            .set("stroke", style::HALO)
            .set("stroke-width", 0.08 * CELL)
            .set("stroke-linejoin", "round")
            .set("font-size", style::round(number_font));
        Layers {
            puzzle,
            filling,
            number_font,
            step_font,
            mark_font: 0.25 * CELL,
            cells,
            numbers,
            corner_marks,
            halo,
        }
    }

    /// Draws `cell`: its square, coloured by its rule, the number in its top-left corner and
    /// the mark's letter or the trail's step in its bottom-right corner.
    fn add_cell(&mut self, cell: usize) {
        let puzzle = self.puzzle;
        let (x, y) = corner(puzzle, cell);
        let value = self.filling.map(|f| f.value(cell));
        let on_trail = puzzle.trail().is_some() && value.is_some_and(|v| v > 0);
        let rule = puzzle.rule(cell);
        let (class, fill) = match rule {
            CellRule::Given(_) => ("cell given", style::GIVEN_FILL),
            CellRule::Marked(i) => (
                "cell marked",
                style::MARK_FILLS[i % style::MARK_FILLS.len()],
            ),
            CellRule::Free if on_trail => ("cell trail", style::TRAIL_FILL),
            CellRule::Free => ("cell", style::FREE_FILL),
        };
        self.cells.append(
            Rectangle::new()
                .set("class", class)
                .set("x", x)
                .set("y", y)
                .set("width", CELL)
                .set("height", CELL)
                .set("fill", fill),
        );
        let number = match (puzzle.trail(), value, rule) {
            (Some(trail), _, _) => Some(trail.label(cell)),
            (None, Some(v), _) | (None, None, &CellRule::Given(v)) => Some(v),
            (None, None, _) => None,
        };
        if let Some(number) = number {
            self.add_number(number, (x, y), rule, on_trail);
        }
        // The bottom-right corner: the mark's letter, or the step of a trail.
        let corner_text = match (rule, value) {
            (CellRule::Marked(i), _) => Some((
                puzzle.marks()[*i].letter.clone(),
                style::MARK_INK,
                self.mark_font,
            )),
            (_, Some(step)) if on_trail => Some((step.to_string(), style::PATH, self.step_font)),
            _ => None,
        };
        if let Some((text, colour, font)) = corner_text {
            let text = Text::new(text)
                .set("x", style::round(x + 0.92 * CELL))
                .set("y", style::round(y + 0.92 * CELL))
                .set("font-size", style::round(font));
            self.halo.append(
                text.clone()
                    .set("text-anchor", "end")
                    .set("fill", style::HALO),
            );
            self.corner_marks.append(text.set("fill", colour));
        }
    }

    /// The number in the top-left corner of the cell at `(x, y)`, over its halo: bold when
    /// given, muted when a solved trail leaves the cell out.
    fn add_number(&mut self, number: u32, (x, y): (f64, f64), rule: &CellRule, on_trail: bool) {
        let mut text = Text::new(number.to_string())
            .set("x", style::round(x + 0.08 * CELL))
            .set("y", style::round(y + 0.08 * CELL + 0.75 * self.number_font));
        if matches!(rule, CellRule::Given(_)) {
            text = text.set("font-weight", "bold");
        }
        if self.puzzle.trail().is_some() && self.filling.is_some() && !on_trail {
            // The labels the trail leaves out step back.
            text = text.set("fill", style::MUTED);
        }
        self.halo.append(text.clone().set("fill", style::HALO));
        self.numbers.append(text);
    }
}

/// An orange square inside each of the `outlined` cells (where two solutions differ).
fn outlines(puzzle: &Puzzle, outlined: &[usize]) -> Group {
    let mut outlines = Group::new()
        .set("class", "differs")
        .set("fill", "none")
        .set("stroke", style::DIFFERS)
        .set("stroke-width", 0.08 * CELL);
    for &cell in outlined {
        let (x, y) = corner(puzzle, cell);
        let inset = 0.06 * CELL;
        outlines = outlines.add(
            Rectangle::new()
                .set("x", style::round(x + inset))
                .set("y", style::round(y + inset))
                .set("width", style::round(CELL - 2.0 * inset))
                .set("height", style::round(CELL - 2.0 * inset)),
        );
    }
    outlines
}

/// The number of decimal digits of `n`.
pub(crate) fn digits(n: usize) -> usize {
    n.max(1).ilog10() as usize + 1
}
