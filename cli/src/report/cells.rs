//! The commands that speak of single cells, as text: `forced`'s settled values, `hint`'s next
//! step (or first wrong cell) and `explain`'s chain of clauses, each under the puzzle's board.

use super::words::{count_words, duration, plural, thousands};
use pathsat_api::explain::{ExplainReport, How};
use pathsat_api::forced::{CellValue, ForcedReport};
use pathsat_api::hint::{HintReport, HintStatus};
use pathsat_puzzle::{render, Puzzle};
use std::io::{self, BufWriter, Write};

/// `forced`'s text: the puzzle's title, the forced values on the board (`.` elsewhere) or, for
/// a graph, each forced vertex; then one line saying how many, or which givens conflict.
pub fn write_forced_text(out: &mut dyn Write, r: &ForcedReport, puzzle: &Puzzle) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    let f = &r.found;
    writeln!(out, "{puzzle}\n")?;
    if let Some(conflict) = &f.conflict {
        if conflict.is_empty() {
            writeln!(out, "unsat: no solution, even without the givens")?;
        } else {
            let list: Vec<String> = conflict.iter().map(cell_value).collect();
            writeln!(
                out,
                "unsat: no solution; these givens have none together: {}",
                list.join(", ")
            )?;
        }
    } else if let Some(partial) = &f.partial {
        if puzzle.is_graph() {
            for c in &f.forced {
                writeln!(
                    out,
                    "{}{}",
                    cell_value(c),
                    if c.given { " (given)" } else { "" }
                )?;
            }
        } else {
            write!(
                out,
                "{}",
                pathsat_puzzle::render::partial_grid(puzzle, partial)
            )?;
            if let Some(legend) = pathsat_puzzle::render::legend(puzzle) {
                writeln!(out, "{legend}")?;
            }
        }
        writeln!(out)?;
        let given = f.forced.len() - f.deduced;
        let cells = cells_words(puzzle, f.cells);
        let words = format!(
            "{} of {cells} forced, {} beyond the {} given",
            thousands(f.forced.len() as u64),
            thousands(f.deduced as u64),
            thousands(given as u64)
        );
        if f.complete {
            writeln!(out, "forced: {words}")?;
        } else {
            writeln!(
                out,
                "forced (stopped at the time limit): {words} so far, {} undecided",
                thousands(f.undecided as u64)
            )?;
        }
    } else {
        writeln!(
            out,
            "unknown: stopped before a first solution; nothing is settled"
        )?;
    }
    writeln!(
        out,
        "{} · {}",
        plural(f.solver_calls, "solver call"),
        duration(r.seconds)
    )?;
    out.flush()
}

/// `hint`'s answer: the step and its reason (wrapped), the board with the hinted (or wrong)
/// cell starred, and the solver's part.
pub fn write_hint_text(out: &mut dyn Write, r: &HintReport, puzzle: &Puzzle) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    let f = &r.found;
    writeln!(out, "{puzzle}\n")?;
    // The board first, then the status line: the output reads back as a filling (the
    // status line ends it), so that `pathsat hint p.toml a.txt > b.txt` steps on.
    let starred: Vec<usize> = f
        .hint
        .as_ref()
        .map(|h| h.index)
        .or(f.wrong.as_ref().map(|w| w.index))
        .into_iter()
        .collect();
    if !puzzle.is_graph() {
        let grid = render::partial_grid_starred(puzzle, &f.board, &starred);
        writeln!(out, "{grid}")?;
    }
    match (f.status, &f.hint, &f.wrong) {
        (HintStatus::Hint, Some(h), _) => {
            writeln!(
                out,
                "hint: {}  ({}, {})",
                cell_value(&h.cell),
                h.rule.words(),
                h.level
            )?;
            for line in wrap(&h.reason, 88) {
                writeln!(out, "  {line}")?;
            }
            if let Some(c) = &r.certificate {
                for line in wrap(&super::checked_certificate_line(c), 88) {
                    writeln!(out, "  {line}")?;
                }
            }
        }
        (HintStatus::Wrong, _, Some(w)) => {
            writeln!(out, "wrong: {}", cell_value(&w.cell))?;
            for line in wrap(&w.reason, 88) {
                writeln!(out, "  {line}")?;
            }
        }
        (HintStatus::Solved, ..) => writeln!(
            out,
            "solved: every cell is filled, and the filling is a solution"
        )?,
        (HintStatus::NoSolution, ..) => writeln!(
            out,
            "unsat: the puzzle has no solution (`pathsat forced` names givens that conflict)"
        )?,
        (HintStatus::Several, ..) => writeln!(
            out,
            "several: no empty cell is forced; more than one solution extends the filling"
        )?,
        _ => writeln!(
            out,
            "unknown: stopped at the time limit before a step was found"
        )?,
    }
    writeln!(out)?;
    writeln!(
        out,
        "{} of {} filled · {} · {}",
        thousands(f.filled as u64),
        cells_words(puzzle, f.cells),
        plural(f.solver_calls, "solver call"),
        duration(r.seconds)
    )?;
    out.flush()
}

/// `explain`'s answer: how the value follows, then the chain of clauses, one a line.
pub fn write_explain_text(
    out: &mut dyn Write,
    r: &ExplainReport,
    puzzle: &Puzzle,
    limit: usize,
) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    let f = &r.found;
    writeln!(out, "{puzzle}\n")?;
    let cell = format!("{} = {}", f.cell, f.value);
    let given = if f.given { " (given)" } else { "" };
    let head = match f.how {
        How::Propagation => format!(
            "{cell}{given}: unit propagation from the clauses alone sets it; the chain ({}):",
            plural(f.steps.len() as u64, "clause")
        ),
        How::Refutation => format!(
            "{cell}: assuming {} ≠ {} leads by unit propagation to a clause with every literal \
             false ({} in all):",
            f.cell,
            f.value,
            plural(f.steps.len() as u64, "clause")
        ),
        How::Search => format!(
            "{cell}: forced (no solution has another value there), but not by unit propagation, \
             neither from the clauses alone nor from assuming another value: the solver needs \
             search to see it. `pathsat hint` gives the steps a person takes."
        ),
        How::NotForced => format!(
            "{}: not forced; solutions put {} or {} there",
            f.cell,
            f.value,
            f.other_value.unwrap_or(0)
        ),
        How::NoSolution => "unsat: the puzzle has no solution".to_string(),
    };
    for line in wrap(&head, 88) {
        writeln!(out, "{line}")?;
    }
    let width = f
        .steps
        .iter()
        .map(|s| s.sets.chars().count())
        .max()
        .unwrap_or(0);
    // The last clauses of a long chain: those nearest the cell.
    let skip = f.steps.len().saturating_sub(limit);
    if skip > 0 {
        writeln!(
            out,
            "      … {} earlier (--limit, or --format json for all)",
            plural(skip as u64, "clause")
        )?;
    }
    for (k, s) in f.steps.iter().enumerate().skip(skip) {
        let sets = if s.sets.is_empty() { "⊥" } else { &s.sets };
        writeln!(
            out,
            "{:>4}. {sets:<width$}  from  {}  [{}]",
            k + 1,
            shortened_clause(&s.clause, &s.sets),
            s.family,
            width = width.max(1)
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "position encoding, pruning {}, exactly-one {}: {} variables, {} clauses; propagation \
         alone sets {} of {} · {}",
        f.pruning,
        f.exactly_one,
        thousands(f.variables as u64),
        thousands(f.clauses as u64),
        thousands(f.propagated_cells as u64),
        cells_words(puzzle, puzzle.n_cells()),
        duration(r.seconds)
    )?;
    out.flush()
}

/// `(2, 3) = 7`, or `vertex 5 = 7` for a graph.
fn cell_value(c: &CellValue) -> String {
    match (c.row, c.col, c.vertex) {
        (Some(row), Some(col), _) => format!("({row}, {col}) = {}", c.value),
        (_, _, Some(v)) => format!("vertex {v} = {}", c.value),
        _ => format!("= {}", c.value),
    }
}

/// `25 cells`, or for a graph `1 vertex`, `10 vertices`.
fn cells_words(puzzle: &Puzzle, n: usize) -> String {
    count_words(puzzle.is_graph(), n)
}

/// A clause of more than eight literals as its first three, the literal it sets, its last, and
/// how many are left out (JSON has them all).
fn shortened_clause(clause: &str, sets: &str) -> String {
    let literals: Vec<&str> = clause.split(" ∨ ").collect();
    if literals.len() <= 8 {
        return clause.to_string();
    }
    let mut kept: Vec<&str> = literals[..3].to_vec();
    let last = literals[literals.len() - 1];
    let shown_sets = !sets.is_empty() && !kept.contains(&sets) && sets != last;
    let left_out = literals.len() - 4 - usize::from(shown_sets);
    let gap = format!("… {left_out} more");
    kept.push(&gap);
    if shown_sets {
        kept.push(sets);
    }
    kept.push(last);
    kept.join(" ∨ ")
}

/// `text` in lines of at most `width` characters, broken at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}
