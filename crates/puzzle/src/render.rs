//! # Text rendering
//!
//! Aligned grids for people: values right-aligned to the width of N, givens in brackets
//! (`[7]`), marked cells followed by their letter (`7P`), holes as `#`. The output can be read
//! back by [`crate::parse_filling_text`]. A trail shows its step numbers, `.` for the cells off
//! the trail; the unfilled trail puzzle shows its labels.

use crate::{CellRule, Filling, Puzzle};

/// The filled grid, one line per row, each ending in a newline.
pub fn filling_grid(puzzle: &Puzzle, filling: &Filling) -> String {
    grid(puzzle, |cell| filling_text(puzzle, filling, cell), &[])
}

/// [`filling_grid`] with `starred` cells followed by `*` (say, where a second solution differs
/// from the first).
pub fn filling_grid_starred(puzzle: &Puzzle, filling: &Filling, starred: &[usize]) -> String {
    grid(puzzle, |cell| filling_text(puzzle, filling, cell), starred)
}

fn filling_text(puzzle: &Puzzle, filling: &Filling, cell: usize) -> String {
    match filling.value(cell) {
        0 if puzzle.trail().is_some() => ".".to_string(),
        v => v.to_string(),
    }
}

/// A partly filled grid in the same layout: the values of `partial`, `.` where it holds 0.
pub fn partial_grid(puzzle: &Puzzle, partial: &Filling) -> String {
    partial_grid_starred(puzzle, partial, &[])
}

/// [`partial_grid`] with `starred` cells followed by `*` (say, the cell a hint fills).
pub fn partial_grid_starred(puzzle: &Puzzle, partial: &Filling, starred: &[usize]) -> String {
    grid(
        puzzle,
        |cell| match partial.value(cell) {
            0 => ".".to_string(),
            v => v.to_string(),
        },
        starred,
    )
}

/// The unfilled puzzle in the same layout: `.` for free cells, labels for a trail puzzle.
pub fn puzzle_grid(puzzle: &Puzzle) -> String {
    grid(
        puzzle,
        |cell| match (puzzle.trail(), puzzle.rule(cell)) {
            (Some(trail), _) => trail.label(cell).to_string(),
            (None, CellRule::Given(v)) => v.to_string(),
            _ => ".".to_string(),
        },
        &[],
    )
}

/// For a trail: the labels it collects, in step order, with their sum.
pub fn trail_labels(puzzle: &Puzzle, filling: &Filling) -> Option<String> {
    let labels = puzzle.trail()?.labels_along(filling);
    let sum: u64 = labels.iter().map(|&l| u64::from(l)).sum();
    let list: Vec<String> = labels.iter().map(u32::to_string).collect();
    Some(format!("labels {} (sum {sum})", list.join(" ")))
}

/// A line explaining the decorations, when the puzzle has givens or marks.
pub fn legend(puzzle: &Puzzle) -> Option<String> {
    let mut parts = Vec::new();
    if puzzle.givens().next().is_some() {
        parts.push("[n] given".to_string());
    }
    for (index, mark) in puzzle.marks().iter().enumerate() {
        if puzzle.rules().contains(&CellRule::Marked(index)) {
            parts.push(format!(
                "n{} marked {} ({})",
                mark.letter, mark.letter, mark.class
            ));
        }
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

fn grid(puzzle: &Puzzle, text_of: impl Fn(usize) -> String, starred: &[usize]) -> String {
    let board = puzzle.board();
    // Wide enough for every value, and for a trail puzzle's labels.
    let widest_label = puzzle
        .trail()
        .and_then(|t| t.labels().iter().max().copied())
        .unwrap_or(0);
    let digits = puzzle
        .n_cells()
        .to_string()
        .len()
        .max(widest_label.to_string().len());
    let letters = puzzle
        .marks()
        .iter()
        .map(|m| m.letter.len())
        .max()
        .unwrap_or(0)
        .max(1)
        // Room for a star after a mark's letter.
        + usize::from(!starred.is_empty());
    let mut out = String::new();
    for row in 0..board.rows() {
        let mut fields = Vec::with_capacity(board.cols());
        for col in 0..board.cols() {
            // Numbers end in one column; a bracket or a mark letter follows them.
            let width = digits + 1;
            let field = match board.cell_at(crate::Pos::new(row, col)) {
                None => format!("{:>width$}{:letters$}", "#", ""),
                Some(cell) => {
                    let text = text_of(cell);
                    match puzzle.rule(cell) {
                        CellRule::Given(_) => {
                            format!(
                                "{:>width$}]{:pad$}",
                                format!("[{text}"),
                                "",
                                pad = letters - 1
                            )
                        }
                        CellRule::Marked(i) => {
                            let letter = &puzzle.marks()[*i].letter;
                            let star = if starred.contains(&cell) { "*" } else { "" };
                            format!("{text:>width$}{:<letters$}", format!("{letter}{star}"))
                        }
                        CellRule::Free if starred.contains(&cell) => {
                            format!("{text:>width$}{:<letters$}", "*")
                        }
                        CellRule::Free => format!("{text:>width$}{:letters$}", ""),
                    }
                }
            };
            fields.push(field);
        }
        out.push_str(fields.join(" ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_filling_text, parse_str, Format};

    #[test]
    fn grids_are_aligned_and_read_back() {
        let p = parse_str(
            "moves = \"rook\"\ngrid = \"\"\"\n1 . P\n. # .\n. . 7\n\"\"\"\n",
            Format::Toml,
        )
        .unwrap();
        let f = Filling::from_values(vec![1, 2, 3, 8, 4, 6, 5, 7]);
        let text = filling_grid(&p, &f);
        assert_eq!(text, "[1]  2   3P\n 8   #   4\n 6   5  [7]\n");
        assert_eq!(parse_filling_text(p.board(), &text, false).unwrap(), f);
        assert_eq!(puzzle_grid(&p), "[1]  .   .P\n .   #   .\n .   .  [7]\n");
        assert_eq!(legend(&p).unwrap(), "[n] given · nP marked P (primes)");
        let g = Filling::from_values(vec![1, 2, 3, 8, 4, 6, 5, 7]);
        let h = Filling::from_values(vec![1, 8, 3, 2, 4, 6, 5, 7]);
        assert_eq!(
            filling_grid_starred(&p, &h, &[1, 3]),
            "[1]   8*   3P\n 2*   #    4\n 6    5   [7]\n"
        );
        assert_eq!(filling_grid_starred(&p, &g, &[]), filling_grid(&p, &g));
    }
}
