//! # Solution files
//!
//! Fillings are read from grids of rows, holes as `None` (JSON `null`, text `#`), and graph
//! fillings from vertex orders. A solution file is read in what pathsat itself writes, so that
//! `pathsat solve P > S` then `pathsat check P S` works: the text of `solve` (a title line,
//! grids or orders headed `solution N` when there are several, a legend, a trail's labels line,
//! then the status line and the statistics, which end the answers) as well as plain grids and
//! orders, and the JSON of `solve --format json` as well as bare grids and orders. Mistakes in
//! text are reported at their line and column.

use crate::filling::check_hole;
use crate::text::tokens;
use crate::{Board, ErrorKind, Filling, Location, Pos, PuzzleError};

/// Reads one filling written as a text grid: one line per row, values separated by white
/// space, `#` for holes. Blank lines are skipped. The decorations of pathsat's own text output
/// are accepted (see [`parse_filling_texts`]), so a printed grid can be checked. With `partial`
/// (a trail), `.` is a cell off the trail, read as 0.
///
/// # Errors
/// A [`PuzzleError`] with the line and column of the first bad token or row, or saying that the
/// text holds no grid or several.
pub fn parse_filling_text(
    board: &Board,
    text: &str,
    partial: bool,
) -> Result<Filling, PuzzleError> {
    let mut fillings = parse_filling_texts(board, text, partial)?;
    if fillings.len() != 1 {
        return Err(PuzzleError::new(
            ErrorKind::Invalid,
            None,
            format!(
                "the text holds {} solutions, where one is expected",
                fillings.len()
            ),
        ));
    }
    Ok(fillings.remove(0))
}

/// Reads the fillings of a text solution file: a plain grid (one line per row, values separated
/// by white space, `#` for holes, blank lines skipped), or what `pathsat solve` prints: the
/// puzzle's title line, grids headed `solution N` when there are several, a legend line, a
/// trail's labels line, then the status line (`sat: ...`) and everything after it (a
/// certificate line, the statistics), which are skipped. Grid cells may carry the decorations
/// of pathsat's grids (`[7]` for a given, `7P` for a marked cell). With `partial` (a trail), `.`
/// is a cell off the trail, read as 0.
///
/// # Errors
/// A [`PuzzleError`] with the line and column of the first bad token or row, or saying that the
/// text holds no grid (quoting pathsat's status line, when there is one).
pub fn parse_filling_texts(
    board: &Board,
    text: &str,
    partial: bool,
) -> Result<Vec<Filling>, PuzzleError> {
    let answers = Answers::of(text);
    answers.check_not_empty(text, "grid")?;
    let several = answers.blocks.len() > 1;
    answers
        .blocks
        .iter()
        .map(|block| parse_grid_block(board, text, block, several, partial))
        .collect()
}

/// One grid of a text solution file.
fn parse_grid_block(
    board: &Board,
    text: &str,
    block: &Block<'_>,
    several: bool,
    partial: bool,
) -> Result<Filling, PuzzleError> {
    let invalid = |offset: usize, message: String| {
        let message = match (several, block.header) {
            (true, Some((_, header))) => format!("{header}: {message}"),
            _ => message,
        };
        PuzzleError::new(
            ErrorKind::Invalid,
            Some(Location::from_offset(text, offset)),
            message,
        )
    };
    // Each row's offset, and its entries with theirs.
    type Row = (usize, Vec<(usize, Option<u32>)>);
    let mut rows: Vec<Row> = Vec::new();
    for &(line_start, line) in &block.lines {
        let mut row = Vec::new();
        for (token_offset, token) in tokens(line) {
            let at = line_start + token_offset;
            if token == "#" {
                row.push((at, None));
                continue;
            }
            let bare = token
                .strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .unwrap_or(token)
                // A mark's letters, and the star of a cell where a second solution differs.
                .trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '*');
            // An empty cell, marked (`.P`) or not.
            if partial && bare == "." {
                row.push((at, Some(0)));
                continue;
            }
            match bare.parse::<u32>() {
                Ok(v) if !bare.starts_with('+') => row.push((at, Some(v))),
                _ => {
                    return Err(invalid(
                        at,
                        format!(
                            "expected a value{} or '#' in the solution grid, found {token:?}",
                            if partial { ", '.'" } else { "" }
                        ),
                    ))
                }
            }
        }
        rows.push((line_start, row));
    }
    if rows.len() != board.rows() {
        // At the first row too many, or after the last row.
        let at = rows.get(board.rows()).map_or_else(
            || {
                block
                    .lines
                    .last()
                    .map_or(0, |(o, l)| o + l.trim_end().len())
            },
            |(o, _)| *o,
        );
        return Err(invalid(
            at,
            format!(
                "the solution has {} rows, the board {}",
                rows.len(),
                board.rows()
            ),
        ));
    }
    let mut values = Vec::with_capacity(board.n_cells());
    for (r, (line_start, row)) in rows.iter().enumerate() {
        if row.len() != board.cols() {
            let at = row.get(board.cols()).map_or(*line_start, |(o, _)| *o);
            return Err(invalid(
                at,
                format!(
                    "row {r} of the solution has {} entries, the board {} columns",
                    row.len(),
                    board.cols()
                ),
            ));
        }
        for (c, &(at, entry)) in row.iter().enumerate() {
            check_hole(board, Pos::new(r, c), entry.is_none()).map_err(|m| invalid(at, m))?;
            if let Some(v) = entry {
                values.push(v);
            }
        }
    }
    Ok(Filling::from_values(values))
}

/// The answers in the text of a solution file, apart from the decorations of pathsat's own
/// output.
struct Answers<'t> {
    blocks: Vec<Block<'t>>,
    /// pathsat's status line (`sat: ...`, `unsat: ...`, `unknown: ...`), if the text has one.
    status: Option<&'t str>,
}

/// One answer: its `solution N` header, if any, and its lines with their byte offsets.
struct Block<'t> {
    header: Option<(usize, &'t str)>,
    lines: Vec<(usize, &'t str)>,
}

impl<'t> Answers<'t> {
    /// Splits `text` into answers: a title line (the first line, if it reads `NAME (...)`) is
    /// skipped, a `solution N` line starts an answer, a legend (`[n] given`, `nP marked P
    /// (primes)`) and a trail's `labels ...` line are skipped, and the status line ends the
    /// answers (what follows it is a certificate line and the statistics). Blank lines are
    /// skipped.
    fn of(text: &'t str) -> Answers<'t> {
        let mut blocks: Vec<Block<'t>> = Vec::new();
        let mut status = None;
        let mut first = true;
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            let line_start = offset;
            offset += line.len();
            let trimmed = line.trim();
            if trimmed.is_empty() {
                continue;
            }
            if std::mem::take(&mut first) && is_title(trimmed) {
                continue;
            }
            let words: Vec<&str> = trimmed.split_whitespace().collect();
            match words.as_slice() {
                // `solve`'s status words, and `hint`'s.
                ["sat:" | "unsat:" | "unknown:" | "hint:" | "wrong:" | "solved:" | "several:", ..] =>
                {
                    status = Some(trimmed);
                    break;
                }
                // `solution 2`, or `solve --unique`'s `solution 2, another one: ...`.
                ["solution", n, ..] if is_solution_number(n) => {
                    blocks.push(Block {
                        header: Some((
                            line_start + (line.len() - line.trim_start().len()),
                            trimmed,
                        )),
                        lines: Vec::new(),
                    });
                    continue;
                }
                ["labels", ..] => continue,
                [first_word, ..] if is_legend_item(first_word) => continue,
                _ => {}
            }
            if blocks.is_empty() {
                blocks.push(Block {
                    header: None,
                    lines: Vec::new(),
                });
            }
            blocks
                .last_mut()
                .expect("an answer was started")
                .lines
                .push((line_start, line));
        }
        Answers { blocks, status }
    }

    /// An error unless every answer has lines and there is at least one.
    fn check_not_empty(&self, text: &str, what: &str) -> Result<(), PuzzleError> {
        if self.blocks.is_empty() {
            let message = match self.status {
                Some(status) => format!(
                    "the solution file holds no {what}: the output it holds says {status:?}"
                ),
                None => format!("the solution file holds no {what}"),
            };
            return Err(PuzzleError::new(ErrorKind::Invalid, None, message));
        }
        match self.blocks.iter().find(|b| b.lines.is_empty()) {
            Some(Block {
                header: Some((at, header)),
                ..
            }) => Err(PuzzleError::new(
                ErrorKind::Invalid,
                Some(Location::from_offset(text, *at)),
                format!("{header} has no {what}"),
            )),
            _ => Ok(()),
        }
    }
}

/// Whether a line is the title pathsat prints above its answers: the puzzle's name and, in
/// parentheses, its size (`rook-primes-tour (8x8, 64 cells, rook moves, closed)`).
fn is_title(line: &str) -> bool {
    line.ends_with(')') && line.contains(" (")
}

/// Whether a word opens pathsat's legend line: `[n]` (a given) or `n` and a mark's letters.
fn is_legend_item(word: &str) -> bool {
    word == "[n]"
        // `n*`: the cells where `--unique`'s second solution differs from the first.
        || word == "n*"
        || word.strip_prefix('n').is_some_and(|letters| {
            !letters.is_empty() && letters.chars().all(|c| c.is_ascii_alphabetic())
        })
}

/// `2` or `2,`: the number of a `solution N` header.
fn is_solution_number(word: &str) -> bool {
    let digits = word.strip_suffix(',').unwrap_or(word);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Reads a vertex order (vertex numbers from 1, separated by white space or commas, each
/// vertex once) as the filling that gives each vertex its place in the order.
///
/// # Errors
/// A message naming the vertex out of range or repeated, or the missing count.
pub fn parse_order(n: usize, text: &str) -> Result<Filling, String> {
    let numbers: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let order: Vec<usize> = numbers
        .iter()
        .map(|t| {
            t.parse::<usize>()
                .map_err(|_| format!("expected a vertex number, found {t:?}"))
        })
        .collect::<Result<_, _>>()?;
    order_to_filling(n, &order)
}

fn order_to_filling(n: usize, order: &[usize]) -> Result<Filling, String> {
    if order.len() != n {
        return Err(format!(
            "the order lists {} vertices, the graph has {n}",
            order.len()
        ));
    }
    let mut values = vec![0u32; n];
    for (i, &v) in order.iter().enumerate() {
        if v == 0 || v > n {
            return Err(format!("vertex {v} is not in 1..{n}"));
        }
        if values[v - 1] != 0 {
            return Err(format!("vertex {v} appears twice in the order"));
        }
        values[v - 1] = i as u32 + 1;
    }
    Ok(Filling::from_values(values))
}

/// Parses a solution file's JSON; a syntax error keeps serde_json's line and column as the
/// location (columns in characters) and drops them from the message.
fn parse_json(text: &str) -> Result<serde_json::Value, PuzzleError> {
    serde_json::from_str(text).map_err(|e| crate::error::json_error(text, &e))
}

/// Reads the fillings of a solution file for a graph puzzle of `n` vertices: text with one
/// order per line (pathsat's own text output too: its title, `solution N` headers, status and
/// statistics lines are skipped), or JSON (an order, a list of orders, an object with `order` or
/// with `solutions`, as `pathsat solve --format json` prints). Text that starts with `{` is read
/// as JSON whatever `json` says.
///
/// # Errors
/// A [`PuzzleError`] with the location of a JSON syntax error or of the bad vertex or order in
/// text, or saying which order is wrong.
pub fn parse_orders(n: usize, text: &str, json: bool) -> Result<Vec<Filling>, PuzzleError> {
    let text = without_bom(text);
    let invalid = |m: String| PuzzleError::new(ErrorKind::Invalid, None, m);
    if !(json || looks_like_json(text)) {
        return parse_order_lines(n, text);
    }
    let value = parse_json(text)?;
    let list = |v: &serde_json::Value| -> Option<Vec<usize>> {
        v.as_array()?
            .iter()
            .map(|x| x.as_u64().and_then(|x| usize::try_from(x).ok()))
            .collect()
    };
    let lists = |v: &serde_json::Value| -> Option<Vec<Vec<usize>>> {
        v.as_array()?.iter().map(list).collect()
    };
    let orders: Vec<Vec<usize>> = match &value {
        serde_json::Value::Object(map) => match (map.get("solutions"), map.get("order")) {
            (Some(s), _) => lists(s),
            (None, Some(o)) => list(o).map(|o| vec![o]),
            _ => None,
        },
        serde_json::Value::Array(items) if items.first().is_some_and(serde_json::Value::is_array) => lists(&value),
        serde_json::Value::Array(_) => list(&value).map(|o| vec![o]),
        _ => None,
    }
    .ok_or_else(|| invalid("a JSON solution for a graph is an order (a list of vertex numbers), a list of orders, or an object with `order` or `solutions`".into()))?;
    if orders.is_empty() {
        return Err(invalid("the solution file holds no order".into()));
    }
    orders
        .iter()
        .enumerate()
        .map(|(i, o)| order_to_filling(n, o).map_err(|m| invalid(format!("order #{i}: {m}"))))
        .collect()
}

/// Vertex orders in text, one per line, with the locations of their mistakes.
fn parse_order_lines(n: usize, text: &str) -> Result<Vec<Filling>, PuzzleError> {
    let answers = Answers::of(text);
    answers.check_not_empty(text, "order")?;
    let at = |offset: usize, message: String| {
        PuzzleError::new(
            ErrorKind::Invalid,
            Some(Location::from_offset(text, offset)),
            message,
        )
    };
    let mut fillings = Vec::new();
    for &(line_start, line) in answers.blocks.iter().flat_map(|b| &b.lines) {
        let mut order = Vec::new();
        let mut offset = 0;
        for word in line.split_inclusive(|c: char| c.is_whitespace() || c == ',') {
            let start = line_start + offset;
            offset += word.len();
            let token = word.trim_end_matches(|c: char| c.is_whitespace() || c == ',');
            if token.is_empty() {
                continue;
            }
            match token.parse::<usize>() {
                Ok(v) if (1..=n).contains(&v) => order.push(v),
                Ok(v) => return Err(at(start, format!("vertex {v} is not in 1..{n}"))),
                Err(_) => {
                    return Err(at(
                        start,
                        format!("expected a vertex number, found {token:?}"),
                    ))
                }
            }
        }
        let filling = order_to_filling(n, &order).map_err(|m| {
            let indent = line.len() - line.trim_start().len();
            at(line_start + indent, m)
        })?;
        fillings.push(filling);
    }
    Ok(fillings)
}

/// A solution file's text without the byte-order mark a Windows editor may start it with
/// (locations are counted after it, as in puzzle files).
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Whether a solution file's text is JSON whatever its name: an object (a text grid or order
/// never starts with `{`).
fn looks_like_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// Reads one or more fillings from a solution file's text. JSON accepts the output of
/// `pathsat solve --format json` (every grid of its `solutions`), a single grid (a list of rows,
/// holes as `null`) or a list of grids; text that starts with `{` is read as JSON whatever
/// `json` says. Any other text is read by [`parse_filling_texts`]: a plain grid, or pathsat's own
/// text output with every solution in it. With `partial` (a trail), `null` on a board cell is a
/// cell off the trail, read as 0.
///
/// # Errors
/// A [`PuzzleError`] with the location of JSON syntax errors, or naming the grid, row and entry
/// that does not fit the board.
pub fn parse_fillings(
    board: &Board,
    text: &str,
    json: bool,
    partial: bool,
) -> Result<Vec<Filling>, PuzzleError> {
    let text = without_bom(text);
    if !(json || looks_like_json(text)) {
        return parse_filling_texts(board, text, partial);
    }
    let value = parse_json(text)?;
    let invalid = |m: String| PuzzleError::new(ErrorKind::Invalid, None, m);
    let grids: Vec<&serde_json::Value> = match &value {
        serde_json::Value::Object(map) => match map.get("solutions") {
            Some(serde_json::Value::Array(grids)) => grids.iter().collect(),
            _ => {
                return Err(invalid(
                    "a JSON solution object needs a \"solutions\" list of grids".into(),
                ))
            }
        },
        serde_json::Value::Array(items) if items.first().is_some_and(is_grid) => {
            items.iter().collect()
        }
        serde_json::Value::Array(_) => vec![&value],
        _ => {
            return Err(invalid(
                "a JSON solution is a grid (a list of rows) or a list of grids".into(),
            ))
        }
    };
    if grids.is_empty() {
        return Err(invalid("the solution file holds no grid".into()));
    }
    grids
        .into_iter()
        .enumerate()
        .map(|(i, grid)| {
            let mut rows = json_rows(grid).map_err(|m| invalid(format!("grid #{i}: {m}")))?;
            if partial {
                // null on a cell: off the trail.
                for (r, row) in rows.iter_mut().enumerate() {
                    for (c, entry) in row.iter_mut().enumerate() {
                        if entry.is_none() && board.cell_at(Pos::new(r, c)).is_some() {
                            *entry = Some(0);
                        }
                    }
                }
            }
            Filling::from_rows(board, &rows).map_err(|m| invalid(format!("grid #{i}: {m}")))
        })
        .collect()
}

/// Whether a JSON value looks like a grid: a list whose items are lists.
fn is_grid(value: &serde_json::Value) -> bool {
    value
        .as_array()
        .is_some_and(|rows| rows.iter().all(serde_json::Value::is_array))
}

fn json_rows(grid: &serde_json::Value) -> Result<Vec<Vec<Option<u32>>>, String> {
    let rows = grid.as_array().ok_or("a grid is a list of rows")?;
    rows.iter()
        .enumerate()
        .map(|(r, row)| {
            let entries = row.as_array().ok_or(format!("row {r} is not a list"))?;
            entries
                .iter()
                .enumerate()
                .map(|(c, entry)| match entry {
                    serde_json::Value::Null => Ok(None),
                    serde_json::Value::Number(n) => n
                        .as_u64()
                        .and_then(|v| u32::try_from(v).ok())
                        .map(Some)
                        .ok_or(format!("entry ({r}, {c}) is not a value: {n}")),
                    other => Err(format!("entry ({r}, {c}) is not a value or null: {other}")),
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        // . .
        // # .
        Board::from_mask(2, 2, &[true, true, false, true])
    }

    #[test]
    fn text_grids_round_trip_through_rows() {
        let f = parse_filling_text(&board(), "\n [1]  2P\n #  3\n\n", false).unwrap();
        assert_eq!(f.values(), &[1, 2, 3]);
        assert_eq!(
            f.to_rows(&board()),
            vec![vec![Some(1), Some(2)], vec![None, Some(3)]]
        );
        assert_eq!(Filling::from_rows(&board(), &f.to_rows(&board())), Ok(f));
    }

    #[test]
    fn partial_grids_read_empty_and_marked_empty_cells() {
        // As `render::partial_grid_starred` writes them: `.` empty, `.P` empty and marked,
        // `2*` a starred value.
        let f = parse_filling_text(
            &board(),
            ".P  2*
 #  .
",
            true,
        )
        .unwrap();
        assert_eq!(f.values(), &[0, 2, 0]);
        // Not in a full grid.
        assert!(parse_filling_text(
            &board(),
            ".P 2
# 3
",
            false
        )
        .is_err());
    }

    #[test]
    fn bad_text_grids_say_where() {
        let e = parse_filling_text(&board(), "1 2\n# x\n", false).unwrap_err();
        assert_eq!(e.location(), Some(Location { line: 2, column: 3 }));
        let e = parse_filling_text(&board(), "1 2\n3 4\n", false).unwrap_err();
        assert!(e.message().contains("where the board has a hole"), "{e}");
        let e = parse_filling_text(&board(), "1 2\n# 3 4\n", false).unwrap_err();
        assert!(e.message().contains("row 1"), "{e}");
        assert!(parse_filling_text(&board(), "1 2 \n", false).is_err());
        assert!(parse_filling_text(&board(), "", false).is_err());
        assert!(parse_filling_text(&board(), "1 -2\n# 3", false).is_err());
    }

    #[test]
    fn json_solutions_in_three_shapes() {
        let b = board();
        let one = "[[1, 2], [null, 3]]";
        assert_eq!(
            parse_fillings(&b, one, true, false).unwrap()[0].values(),
            &[1, 2, 3]
        );
        let many = "[[[1, 2], [null, 3]], [[3, 2], [null, 1]]]";
        assert_eq!(parse_fillings(&b, many, true, false).unwrap().len(), 2);
        let output = r#"{"name": "x", "solutions": [[[1, 2], [null, 3]]]}"#;
        assert_eq!(parse_fillings(&b, output, true, false).unwrap().len(), 1);
        let e = parse_fillings(&b, "[[1, 2], [4, 3]]", true, false).unwrap_err();
        assert!(
            e.message().contains("grid #0") && e.message().contains("hole"),
            "{e}"
        );
        let e = parse_fillings(&b, "[[1, -2], [null, 3]]", true, false).unwrap_err();
        assert!(e.message().contains("not a value"), "{e}");
        let e = parse_fillings(&b, "{\"solutions\": 3}", true, false).unwrap_err();
        assert!(e.message().contains("solutions"), "{e}");
        let e = parse_fillings(&b, "[[1, 2],\n [null, 3]", true, false).unwrap_err();
        assert_eq!(e.location().map(|l| l.line), Some(2));
        assert!(parse_fillings(&b, "{\"solutions\": []}", true, false).is_err());
        assert!(parse_fillings(&b, "7", true, false).is_err());
    }

    #[test]
    fn orders_of_vertices() {
        let f = parse_order(4, "3 1, 4 2").unwrap();
        assert_eq!(f.values(), &[2, 4, 1, 3]);
        assert_eq!(f.order(), vec![2, 0, 3, 1]);
        assert!(parse_order(4, "3 1 4")
            .unwrap_err()
            .contains("lists 3 vertices"));
        assert!(parse_order(3, "3 1 3")
            .unwrap_err()
            .contains("vertex 3 appears twice"));
        assert!(parse_order(3, "3 1 7")
            .unwrap_err()
            .contains("vertex 7 is not in 1..3"));
        assert_eq!(parse_orders(3, "1 2 3\n3 2 1\n", false).unwrap().len(), 2);
        assert_eq!(
            parse_orders(3, "{\"order\": [2, 1, 3]}", true).unwrap()[0].values(),
            &[2, 1, 3]
        );
        assert_eq!(
            parse_orders(3, "{\"solutions\": [[2, 1, 3]]}", true)
                .unwrap()
                .len(),
            1
        );
        assert_eq!(
            parse_orders(3, "[[2, 1, 3], [1, 2, 3]]", true)
                .unwrap()
                .len(),
            2
        );
        assert!(parse_orders(3, "{\"x\": 1}", true).is_err());
    }

    /// What `pathsat solve --all` prints for `board()` (a made-up title, legend and status).
    const OUTPUT: &str = "tiny (2x2, 3 cells, king moves, open)\n\nsolution 1\n [1]  2P\n  #   3\n\nsolution 2\n [1]  3P\n  #   2\n[n] given · nP marked P (primes)\n\nsat: 2 solutions — all of them\ncertified: varisat's checker accepted the proof\nposition encoding · 3 cells · 12 variables\n";

    #[test]
    fn pathsat_text_output_is_read_with_every_solution() {
        let b = board();
        let fillings = parse_filling_texts(&b, OUTPUT, false).unwrap();
        let values: Vec<&[u32]> = fillings.iter().map(Filling::values).collect();
        assert_eq!(values, vec![&[1, 2, 3][..], &[1, 3, 2][..]]);
        // The same through parse_fillings; one solution without a header, as `solve` prints it.
        assert_eq!(parse_fillings(&b, OUTPUT, false, false).unwrap(), fillings);
        let one = "tiny (2x2, 3 cells, king moves, open)\n\n [1]  2P\n  #   3\nnP marked P (primes)\n\nsat: first solution\nposition encoding · 3 cells\n";
        assert_eq!(
            parse_filling_text(&b, one, false).unwrap().values(),
            &[1, 2, 3]
        );
        // parse_filling_text wants exactly one.
        let e = parse_filling_text(&b, OUTPUT, false).unwrap_err();
        assert!(e.message().contains("holds 2 solutions"), "{e}");
        // A trail's grid with its labels line.
        let trail = "t (2x2, 3 cells, rook moves, open, trail of 2 cells)\n\n 1  .\n #  2\nlabels 4 5 (sum 9)\n\nsat: first solution\n";
        assert_eq!(
            parse_filling_text(&b, trail, true).unwrap().values(),
            &[1, 0, 2]
        );
    }

    #[test]
    fn mistakes_in_pathsat_output_say_where() {
        let b = board();
        // A bad token in the second solution: its line and column, and its header.
        let bad = OUTPUT.replace(" [1]  3P", " [1]  x");
        let e = parse_filling_texts(&b, &bad, false).unwrap_err();
        assert_eq!(e.location(), Some(Location { line: 8, column: 7 }));
        assert!(
            e.message().starts_with("solution 2: expected a value"),
            "{e}"
        );
        // A value on a hole: at the value.
        let e = parse_filling_texts(&b, &OUTPUT.replace("  #   2", "  4   2"), false).unwrap_err();
        assert_eq!(e.location(), Some(Location { line: 9, column: 3 }));
        assert!(e.message().contains("where the board has a hole"), "{e}");
        // A row too many: at that row; one too few: after the last one.
        let e = parse_filling_text(&b, "1 2\n# 3\n# 4\n", false).unwrap_err();
        assert_eq!(e.location(), Some(Location { line: 3, column: 1 }));
        assert!(e.message().contains("3 rows, the board 2"), "{e}");
        let e = parse_filling_text(&b, "1 2\n", false).unwrap_err();
        assert_eq!(e.location(), Some(Location { line: 1, column: 4 }));
        // An entry too many: at the entry.
        let e = parse_filling_text(&b, "1 2\n# 3 4\n", false).unwrap_err();
        assert_eq!(e.location(), Some(Location { line: 2, column: 5 }));
        // A header without its grid.
        let e = parse_filling_texts(&b, "solution 1\n1 2\n# 3\nsolution 2\n", false).unwrap_err();
        assert_eq!(e.location(), Some(Location { line: 4, column: 1 }));
        assert!(e.message().contains("solution 2 has no grid"), "{e}");
        // An unsat output holds no grid, and says why.
        let e = parse_filling_texts(&b, "tiny (2x2, 3 cells, king moves, open)\n\nunsat: no filling solves the puzzle\nposition encoding\n", false).unwrap_err();
        assert!(
            e.message().contains("holds no grid") && e.message().contains("unsat: no filling"),
            "{e}"
        );
        // The title is only skipped on the first line.
        assert!(parse_filling_texts(&b, "1 2\nx (y)\n# 3\n", false).is_err());
    }

    #[test]
    fn json_is_read_by_its_content_too() {
        let b = board();
        let output = r#"{"name": "x", "solutions": [[[1, 2], [null, 3]]]}"#;
        assert_eq!(parse_fillings(&b, output, false, false).unwrap().len(), 1);
        let e = parse_fillings(&b, "{\"solutions\": 3}", false, false).unwrap_err();
        assert!(e.message().contains("solutions"), "{e}");
        assert_eq!(
            parse_orders(3, "{\"order\": [2, 1, 3]}", false)
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn pathsat_order_output_is_read_with_locations() {
        let output = "k3 (3 vertices, 3 edges, closed)\n\nsolution 1\n1 2 3\n\nsolution 2\n1 3 2\n\nsat: 2 solutions\nposition encoding · 3 vertices\n";
        let fillings = parse_orders(3, output, false).unwrap();
        let values: Vec<&[u32]> = fillings.iter().map(Filling::values).collect();
        assert_eq!(values, vec![&[1, 2, 3][..], &[1, 3, 2][..]]);
        let e = parse_orders(3, &output.replace("1 3 2", "1 3 x"), false).unwrap_err();
        assert_eq!(e.location(), Some(Location { line: 7, column: 5 }));
        let e = parse_orders(3, &output.replace("1 3 2", "1 3 9"), false).unwrap_err();
        assert_eq!(e.location(), Some(Location { line: 7, column: 5 }));
        assert!(e.message().contains("vertex 9 is not in 1..3"), "{e}");
        let e = parse_orders(3, "1 2 3\n  3, 3 1\n", false).unwrap_err();
        assert_eq!(e.location(), Some(Location { line: 2, column: 3 }));
        assert!(e.message().contains("vertex 3 appears twice"), "{e}");
        let e = parse_orders(
            3,
            "k3 (3 vertices, 3 edges, closed)\n\nunsat: no filling\n",
            false,
        )
        .unwrap_err();
        assert!(e.message().contains("holds no order"), "{e}");
    }

    #[test]
    fn tokens_have_offsets() {
        let t = tokens("  ab\tc\u{3000}d\n");
        assert_eq!(t, vec![(2, "ab"), (5, "c"), (9, "d")]);
    }

    #[test]
    fn solution_files_may_start_with_a_byte_order_mark() {
        let board = Board::rectangle(1, 3);
        let grid = |text: &str, json| parse_fillings(&board, text, json, false);
        assert_eq!(
            grid("\u{feff}1 2 3\n", false).unwrap()[0].values(),
            &[1, 2, 3]
        );
        // Read as JSON, as it starts with `{` after the mark.
        let report = "\u{feff}{\"solutions\": [[[3, 2, 1]]]}";
        assert_eq!(grid(report, false).unwrap()[0].values(), &[3, 2, 1]);
        let e = grid("\u{feff}1 2 x\n", false).unwrap_err();
        assert_eq!(e.location(), Some(Location { line: 1, column: 5 }));
        assert_eq!(
            parse_orders(3, "\u{feff}[2, 1, 3]", true).unwrap()[0].values(),
            &[2, 1, 3]
        );
        let e = parse_orders(3, "\u{feff}1 2 4\n", false).unwrap_err();
        assert_eq!(e.location(), Some(Location { line: 1, column: 5 }));
    }
}
