//! # Printable booklets
//!
//! A PDF for a newspaper page or a class: the puzzles one, two or four to an A4 page, each with
//! a heading (number, name, grade) and the rule in a sentence, then their solutions at the
//! back, six to a page. The PDF is written with `pdf-writer` (the low-level writer behind
//! typst): vector lines and the reader's built-in Helvetica, nothing embedded, so a page is a
//! few kilobytes and prints sharp at any size. (Converting the SVG pictures instead would pull
//! a whole SVG renderer and its font stack into the build.)

use pathsat_puzzle::{CellRule, Filling, Moves, Puzzle};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

/// One puzzle of a booklet.
#[derive(Clone, Debug)]
pub struct BookletPuzzle<'p> {
    /// The puzzle (a board that fills every cell).
    pub puzzle: &'p Puzzle,
    /// Its solution, for the back pages.
    pub solution: Filling,
    /// The words after its number and name in the heading: its grade, say `medium`.
    pub grade: String,
}

/// A4 portrait, in points.
const PAGE: (f32, f32) = (595.0, 842.0);
const MARGIN: f32 = 48.0;
/// The largest cell, in points: a small board is not blown up to the page.
const MAX_CELL: f32 = 40.0;
/// Helvetica's digits are all 0.556 em wide.
const DIGIT_EM: f32 = 0.556;

const REGULAR: Name<'static> = Name(b"F1");
const BOLD: Name<'static> = Name(b"F2");

/// The booklet as a PDF: `title` on top of the first page, the puzzles `per_page` to a page
/// (1, 2 or 4), then (with `solutions`) their solutions six to a page. Returns the PDF's bytes
/// and its number of pages.
///
/// # Panics
/// If a puzzle is a graph or a trail, or a solution does not hold one value per cell.
pub fn booklet(
    title: &str,
    puzzles: &[BookletPuzzle<'_>],
    per_page: usize,
    solutions: bool,
) -> (Vec<u8>, usize) {
    let per_page = per_page.clamp(1, 4);
    let mut pages: Vec<Content> = Vec::new();
    for (k, chunk) in puzzles.chunks(per_page).enumerate() {
        let mut content = Content::new();
        let mut top = PAGE.1 - MARGIN;
        if k == 0 {
            text(&mut content, BOLD, 20.0, MARGIN, top - 20.0, title);
            top -= 40.0;
        }
        let slots = layout(per_page, top);
        for (i, (entry, slot)) in chunk.iter().zip(slots).enumerate() {
            let number = k * per_page + i + 1;
            let heading = format!("{number}. {} - {}", entry.puzzle.name(), entry.grade);
            draw_board(
                &mut content,
                entry.puzzle,
                None,
                &heading,
                &rule(entry.puzzle),
                slot,
            );
        }
        footer(&mut content, title, pages.len() + 1);
        pages.push(content);
    }
    if solutions {
        for (k, chunk) in puzzles.chunks(6).enumerate() {
            let mut content = Content::new();
            let mut top = PAGE.1 - MARGIN;
            if k == 0 {
                text(&mut content, BOLD, 16.0, MARGIN, top - 16.0, "Solutions");
                top -= 32.0;
            }
            for (i, (entry, slot)) in chunk.iter().zip(layout(6, top)).enumerate() {
                let number = k * 6 + i + 1;
                let heading = format!("{number}. {}", entry.puzzle.name());
                draw_board(
                    &mut content,
                    entry.puzzle,
                    Some(&entry.solution),
                    &heading,
                    "",
                    slot,
                );
            }
            footer(&mut content, title, pages.len() + 1);
            pages.push(content);
        }
    }
    let n = pages.len();
    (write_pdf(title, pages), n)
}

/// A rectangle of the page: left, bottom, width, height.
#[derive(Clone, Copy, Debug)]
struct Slot {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
}

/// `count` slots below `top`: one, two stacked, or a grid of two columns.
fn layout(count: usize, top: f32) -> Vec<Slot> {
    let width = PAGE.0 - 2.0 * MARGIN;
    let height = top - MARGIN - 24.0;
    let (cols, rows) = match count {
        1 => (1, 1),
        2 => (1, 2),
        4 => (2, 2),
        _ => (2, count.div_ceil(2)),
    };
    let (w, h) = (width / cols as f32, height / rows as f32);
    (0..rows)
        .flat_map(|r| {
            (0..cols).map(move |c| Slot {
                x: MARGIN + c as f32 * w,
                y: top - (r + 1) as f32 * h,
                w,
                h,
            })
        })
        .collect()
}

/// The rule of a puzzle in a sentence.
fn rule(puzzle: &Puzzle) -> String {
    let n = puzzle.n_cells();
    let apart = match puzzle.moves() {
        Moves::Rook => "side by side (up, down, left or right)".to_string(),
        Moves::King => "neighbours, diagonals included".to_string(),
        Moves::Knight => "a knight's move apart".to_string(),
        other => format!("one move apart (moves {other})"),
    };
    let mut sentence = format!("Write 1 to {n} so that each number and the next are {apart}");
    if puzzle.is_closed() {
        sentence.push_str(&format!(", and so are {n} and 1"));
    }
    sentence.push('.');
    for mark in puzzle.marks() {
        sentence.push_str(&format!(" {} cells hold {}.", mark.letter, mark.class));
    }
    sentence
}

/// One board in `slot`: the heading, the rule (when not empty), then the grid, as large as
/// fits; with `filling`, every number (givens in bold).
fn draw_board(
    content: &mut Content,
    puzzle: &Puzzle,
    filling: Option<&Filling>,
    heading: &str,
    rule: &str,
    slot: Slot,
) {
    let board = puzzle.board();
    let (rows, cols) = (board.rows() as f32, board.cols() as f32);
    let mut y = slot.y + slot.h - 14.0;
    let big = filling.is_none();
    text(
        content,
        BOLD,
        if big { 13.0 } else { 10.0 },
        slot.x,
        y,
        heading,
    );
    let mut lines = 1.0;
    if !rule.is_empty() {
        for line in wrap(rule, (slot.w / (9.0 * 0.5)) as usize) {
            y -= 13.0;
            lines += 1.0;
            text(content, REGULAR, 9.0, slot.x, y, &line);
        }
    }
    let room_h = slot.h - 14.0 * lines - 18.0;
    let cell = (slot.w - 8.0).min(room_h.max(0.0) / rows * cols) / cols;
    let cell = cell.min(MAX_CELL);
    let left = slot.x + (slot.w - cell * cols) / 2.0;
    let top = y - 10.0;
    let n = puzzle.n_cells();
    let digits = n.to_string().len() as f32;
    let size = (cell * 0.5).min(cell * 0.72 / (digits * DIGIT_EM));
    for c in 0..n {
        let pos = board.pos(c);
        let (x, y) = (
            left + pos.col as f32 * cell,
            top - (pos.row + 1) as f32 * cell,
        );
        let rule = puzzle.rule(c);
        // Shading: givens light grey, marked cells a pale tint; then the outline.
        match rule {
            CellRule::Given(_) => content.set_fill_gray(0.88),
            CellRule::Marked(_) => content.set_fill_rgb(1.0, 0.93, 0.8),
            CellRule::Free => content.set_fill_gray(1.0),
        };
        content.rect(x, y, cell, cell);
        content.fill_nonzero();
        content.set_stroke_gray(0.0);
        content.set_line_width(if big { 0.8 } else { 0.5 });
        content.rect(x, y, cell, cell);
        content.stroke();
        content.set_fill_gray(0.0);
        if let CellRule::Marked(i) = rule {
            let letter = &puzzle.marks()[*i].letter;
            text(
                content,
                REGULAR,
                cell * 0.22,
                x + 1.5,
                y + cell * 0.74,
                letter,
            );
        }
        let value = match (rule, filling) {
            (CellRule::Given(v), _) => Some((*v, BOLD)),
            (_, Some(f)) => Some((f.value(c), REGULAR)),
            _ => None,
        };
        if let Some((v, font)) = value {
            let label = v.to_string();
            let width = label.len() as f32 * DIGIT_EM * size;
            let baseline = y + (cell - size * 0.72) / 2.0;
            text(
                content,
                font,
                size,
                x + (cell - width) / 2.0,
                baseline,
                &label,
            );
        }
    }
    // Holes: the board's positions without a cell, filled dark.
    content.set_fill_gray(0.35);
    for r in 0..board.rows() {
        for col in 0..board.cols() {
            if board.cell_at(pathsat_puzzle::Pos::new(r, col)).is_none() {
                let (x, y) = (left + col as f32 * cell, top - (r + 1) as f32 * cell);
                content.rect(x, y, cell, cell);
                content.fill_nonzero();
            }
        }
    }
    content.set_fill_gray(0.0);
}

fn footer(content: &mut Content, title: &str, page: usize) {
    let line = format!("{title} - page {page} - made with pathsat");
    text(content, REGULAR, 8.0, MARGIN, MARGIN - 20.0, &line);
}

/// A line of text at (x, y) (its baseline's left end). Helvetica's standard encoding covers
/// ASCII: other characters are written as `?`.
fn text(content: &mut Content, font: Name<'_>, size: f32, x: f32, y: f32, line: &str) {
    let bytes: Vec<u8> = line
        .chars()
        .map(|c| {
            if c.is_ascii() && !c.is_ascii_control() {
                c as u8
            } else {
                b'?'
            }
        })
        .collect();
    content.begin_text();
    content.set_font(font, size);
    content.next_line(x, y);
    content.show(Str(&bytes));
    content.end_text();
}

/// `text` in lines of at most `width` characters, broken at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The document: catalog, page tree, the two base fonts, and each page with its contents.
fn write_pdf(title: &str, pages: Vec<Content>) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let first = 6;
    let page_ids: Vec<Ref> = (0..pages.len())
        .map(|i| Ref::new(first + 2 * i as i32))
        .collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_ids.iter().copied())
        .count(pages.len() as i32);
    pdf.type1_font(regular).base_font(Name(b"Helvetica"));
    pdf.type1_font(bold).base_font(Name(b"Helvetica-Bold"));
    let ascii: String = title.chars().filter(|c| c.is_ascii()).collect();
    pdf.document_info(info)
        .title(pdf_writer::TextStr(&ascii))
        .creator(pdf_writer::TextStr("pathsat"));
    for (content, &id) in pages.into_iter().zip(&page_ids) {
        let content_id = Ref::new(id.get() + 1);
        let mut page = pdf.page(id);
        page.media_box(Rect::new(0.0, 0.0, PAGE.0, PAGE.1));
        page.parent(tree);
        page.contents(content_id);
        let mut resources = page.resources();
        resources.fonts().pair(REGULAR, regular).pair(BOLD, bold);
        resources.finish();
        page.finish();
        pdf.stream(content_id, &content.finish());
    }
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{parse_str, Format};

    #[test]
    fn a_booklet_has_its_pages_and_numbers() {
        let puzzle = parse_str(
            "name = \"tiny\"\nmoves = \"rook\"\ngrid = \"1 .\\n. 3\"\n",
            Format::Toml,
        )
        .unwrap();
        let entry = BookletPuzzle {
            puzzle: &puzzle,
            solution: Filling::from_values(vec![1, 2, 4, 3]),
            grade: "easy".into(),
        };
        let entries = vec![entry; 5];
        let (pdf, pages) = booklet("Test book", &entries, 2, true);
        // Five puzzles two to a page: 3 pages; five solutions six to a page: 1.
        assert_eq!(pages, 4);
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.starts_with("%PDF-"));
        assert_eq!(
            text.matches("/Type /Page").count() - text.matches("/Type /Pages").count(),
            4
        );
        assert!(text.contains("(5. tiny - easy) Tj"), "the fifth heading");
        assert!(text.contains("/BaseFont /Helvetica-Bold"));
        let (_, without) = booklet("Test book", &entries, 4, false);
        assert_eq!(without, 2);
    }

    #[test]
    fn the_rule_in_a_sentence() {
        let puzzle = parse_str(
            "moves = \"king\"\nclosed = true\ngrid = \"1 . .\\n. . .\"\n",
            Format::Toml,
        )
        .unwrap();
        assert_eq!(
            rule(&puzzle),
            "Write 1 to 6 so that each number and the next are neighbours, diagonals \
             included, and so are 6 and 1."
        );
    }
}
