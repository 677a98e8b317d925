//! # The trail encoding
//!
//! The position encoding of a trail puzzle (see `encodings/trail.md`): x(c, k) means "step k of
//! the trail is on cell c", for steps 1..=L. [`crate::position::encode`] hands trail puzzles
//! here, so the solver, the exporter and the decoder treat both alike. The families, in the
//! order written:
//!
//! 1. `step`: exactly one cell per step;
//! 2. `cell`: exactly one of ¬on(c), x(c, 1), …, x(c, L) per cell: at most one step per cell,
//!    and on(c), "c is on the trail", defined for the sum and the labels;
//! 3. `successor` and `predecessor`: as in the position encoding, between steps k and k ± 1;
//! 4. `wrap` (closed trails): step L is one move from step 1;
//! 5. `orientation`: one representative per trail (a path and its reverse are one trail; a
//!    cycle also has L starting points), by prefix variables over cell order: for an open
//!    trail, the cell of step 1 comes before the cell of step L; for a closed trail, step 1 is
//!    on the trail's first cell and step 2 comes before step L;
//! 6. `sum`: Σ label(c)·on(c) = S, by the pseudo-Boolean encoding of the options
//!    ([`pathsat_cnf::pb::SumEncoding`]);
//! 7. `distinct`: at most one on(c) among the cells of each label that more than one cell
//!    carries (sequential counter).

use super::options::{PositionEncoding, PositionOptions, MAX_CELLS};
use crate::stats::{record_family, EncodeStats, FamilyCount};
use crate::{Domains, EncodeError, Pruning, VarMap};
use pathsat_cnf::card::{ExactlyOne, ExactlyOneEncoding, SequentialCounter};
use pathsat_cnf::{ClauseSink, Lit};
use pathsat_puzzle::{Puzzle, Trail};
use std::collections::BTreeMap;

/// Writes the trail encoding of `puzzle` into `sink`.
///
/// # Errors
/// [`EncodeError::TooLarge`] when the cells times the steps exceed `options.max_primary_vars`,
/// [`EncodeError::SumTooLarge`] when the sum's encoding would; nothing is written then.
///
/// # Panics
/// If the puzzle is not a trail puzzle.
///
/// The clause families follow in the order `encodings/trail.md` counts them.
pub fn encode<S: ClauseSink + ?Sized>(
    puzzle: &Puzzle,
    options: &PositionOptions,
    sink: &mut S,
) -> Result<PositionEncoding, EncodeError> {
    let trail = puzzle.trail().expect("a trail puzzle");
    let (n, l) = (puzzle.n_cells(), trail.length() as u32);
    let domains = checked_domains(puzzle, trail, options)?;
    let (vars_before, clauses_before) = (sink.n_vars(), sink.n_clauses());
    let map = VarMap::new(puzzle, &domains, sink);
    if let Some(why) = domains.contradiction() {
        return Ok(PositionEncoding::contradicted(
            map,
            options,
            why,
            (vars_before, clauses_before),
            sink,
        ));
    }
    let mut families = Vec::new();
    let on = write_steps_and_cells(&mut families, &map, options.exactly_one, n, l, sink);
    write_moves(&mut families, puzzle, &map, l, sink);
    write_orientation(&mut families, puzzle, &map, &on, l, sink);
    write_labels(&mut families, trail, options, &on, sink);

    let stats = EncodeStats {
        cells: n,
        primary_vars: map.n_primary(),
        variables: sink.n_vars() - vars_before,
        clauses: sink.n_clauses() - clauses_before,
        families,
    };
    Ok(PositionEncoding {
        map,
        stats,
        options: *options,
        contradiction: None,
    })
}

/// The candidate (cell, step) pairs of the trail, contradicted when the sum is out of reach of
/// all the labels together; or the error of a trail too large for the limits, refused before
/// anything is written.
fn checked_domains(
    puzzle: &Puzzle,
    trail: &Trail,
    options: &PositionOptions,
) -> Result<Domains, EncodeError> {
    let (n, l) = (puzzle.n_cells(), trail.length());
    let pairs = n as u128 * l.min(n) as u128;
    if pairs > options.max_primary_vars as u128 {
        return Err(EncodeError::TooLarge {
            cells: n,
            pairs,
            limit: options.max_primary_vars,
            max_cells: MAX_CELLS,
        });
    }
    let domains = Domains::trail(puzzle, options.pruning == Pruning::Full);
    let usable_labels: Vec<u64> = (0..n)
        .filter(|&c| !domains.values(c).is_empty())
        .map(|c| u64::from(trail.label(c)))
        .collect();
    let total: u64 = usable_labels.iter().sum();
    // A sum beyond every usable label together is no trail at all, however large.
    let out_of_reach = trail
        .sum()
        .filter(|&s| s > total && domains.contradiction().is_none())
        .map(|s| format!("the trail's sum is {s}, but all the labels together add up to {total}"));
    if let (Some(sum), None) = (trail.sum(), &out_of_reach) {
        let size = options.sum.size_bound(&usable_labels, sum);
        if size > options.max_primary_vars as u128 {
            return Err(EncodeError::SumTooLarge {
                sum,
                size,
                encoding: options.sum.name(),
                limit: options.max_primary_vars,
            });
        }
    }
    Ok(match out_of_reach {
        Some(why) => domains.contradicted(why),
        None => domains,
    })
}

/// The literal of x(cell, k), if the pair has a variable.
fn step_lit(map: &VarMap, cell: usize, k: u32) -> Option<Lit> {
    map.var(cell, k).map(|v| v.positive())
}

/// Families 1 and 2, `step` and `cell`, over steps 1..=`l`; gives on(c) per cell: `None` for
/// a cell that cannot be on the trail (a constant false).
fn write_steps_and_cells<S: ClauseSink + ?Sized>(
    families: &mut Vec<FamilyCount>,
    map: &VarMap,
    eo: ExactlyOneEncoding,
    n: usize,
    l: u32,
    sink: &mut S,
) -> Vec<Option<Lit>> {
    record_family(families, "step", sink, |sink| {
        for k in 1..=l {
            let lits: Vec<Lit> = map
                .value_vars(k)
                .iter()
                .map(|(_, v)| v.positive())
                .collect();
            eo.encode(&lits, sink);
        }
    });
    let mut on: Vec<Option<Lit>> = vec![None; n];
    record_family(families, "cell", sink, |sink| {
        for (cell, on_cell) in on.iter_mut().enumerate() {
            let vars = map.cell_vars(cell);
            if vars.is_empty() {
                continue;
            }
            let is_on = sink.new_lit();
            *on_cell = Some(is_on);
            let lits: Vec<Lit> = std::iter::once(!is_on)
                .chain(vars.iter().map(|(_, v)| v.positive()))
                .collect();
            eo.encode(&lits, sink);
        }
    });
    on
}

/// Families 3 and 4, `successor`, `predecessor` and `wrap`: each step is one move from the
/// next (and the last from the first, on a closed trail).
fn write_moves<S: ClauseSink + ?Sized>(
    families: &mut Vec<FamilyCount>,
    puzzle: &Puzzle,
    map: &VarMap,
    l: u32,
    sink: &mut S,
) {
    let mut clause: Vec<Lit> = Vec::new();
    // x(c, k) → a successor (or predecessor) of c holds `other`.
    let mut neighbour_clauses = |sink: &mut S, forward: bool, k: u32, other: u32| {
        for &(cell, var) in map.value_vars(k) {
            let neighbours = if forward {
                puzzle.successors(cell)
            } else {
                puzzle.predecessors(cell)
            };
            clause.clear();
            clause.push(var.negative());
            clause.extend(neighbours.iter().filter_map(|&d| step_lit(map, d, other)));
            sink.add_clause(&clause);
        }
    };
    record_family(families, "successor", sink, |sink| {
        for k in 1..l {
            neighbour_clauses(sink, true, k, k + 1);
        }
    });
    record_family(families, "predecessor", sink, |sink| {
        for k in 2..=l {
            neighbour_clauses(sink, false, k, k - 1);
        }
    });
    record_family(families, "wrap", sink, |sink| {
        if puzzle.is_closed() {
            neighbour_clauses(sink, true, l, 1);
            neighbour_clauses(sink, false, 1, l);
        }
    });
}

/// Family 5, `orientation`: one representative per trail, by prefix variables over cell order.
fn write_orientation<S: ClauseSink + ?Sized>(
    families: &mut Vec<FamilyCount>,
    puzzle: &Puzzle,
    map: &VarMap,
    on: &[Option<Lit>],
    l: u32,
    sink: &mut S,
) {
    let n = puzzle.n_cells();
    let x = |cell: usize, k: u32| step_lit(map, cell, k);
    record_family(families, "orientation", sink, |sink| {
        if l < 2 {
            return;
        }
        if puzzle.is_closed() {
            // Every cell on the trail comes no earlier than step 1's; step 2 before step L.
            let start_by = prefix(sink, n, |c| x(c, 1));
            for (cell, on_cell) in on.iter().enumerate() {
                if let Some(is_on) = on_cell {
                    sink.add_clause(&[!*is_on, start_by[cell]]);
                }
            }
            before(sink, n, |c| x(c, 2), |c| x(c, l));
        } else {
            before(sink, n, |c| x(c, 1), |c| x(c, l));
        }
    });
}

/// Families 6 and 7, `sum` and `distinct`: the labels of the cells on the trail.
fn write_labels<S: ClauseSink + ?Sized>(
    families: &mut Vec<FamilyCount>,
    trail: &Trail,
    options: &PositionOptions,
    on: &[Option<Lit>],
    sink: &mut S,
) {
    record_family(families, "sum", sink, |sink| {
        if let Some(sum) = trail.sum() {
            let (weights, lits): (Vec<u64>, Vec<Lit>) = on
                .iter()
                .enumerate()
                .filter_map(|(c, is_on)| is_on.map(|lit| (u64::from(trail.label(c)), lit)))
                .unzip();
            options.sum.encode(&weights, &lits, sum, sink);
        }
    });
    record_family(families, "distinct", sink, |sink| {
        if !trail.distinct() {
            return;
        }
        let mut by_label: BTreeMap<u32, Vec<Lit>> = BTreeMap::new();
        for (cell, is_on) in on.iter().enumerate() {
            if let Some(lit) = is_on {
                by_label.entry(trail.label(cell)).or_default().push(*lit);
            }
        }
        for lits in by_label.values() {
            SequentialCounter::at_most_one(lits, sink);
        }
    });
}

/// Prefix variables p(0..n) with p(j) ↔ p(j − 1) ∨ lit(j) (p(−1) false): "one of the literals
/// of cells 0..=j is true". Cells without a literal just pass the prefix on.
fn prefix<S: ClauseSink + ?Sized>(
    sink: &mut S,
    n: usize,
    lit: impl Fn(usize) -> Option<Lit>,
) -> Vec<Lit> {
    let mut out: Vec<Lit> = Vec::with_capacity(n);
    let mut prev: Option<Lit> = None;
    for cell in 0..n {
        let p = sink.new_lit();
        let here = lit(cell);
        // p → prev ∨ here, and both ways back.
        let mut clause = vec![!p];
        clause.extend(prev);
        clause.extend(here);
        sink.add_clause(&clause);
        if let Some(q) = prev {
            sink.add_clause(&[!q, p]);
        }
        if let Some(h) = here {
            sink.add_clause(&[!h, p]);
        }
        out.push(p);
        prev = Some(p);
    }
    out
}

/// "The cell of `first` comes before the cell of `second`" (cell numbers), when exactly one
/// cell holds each: second on cell b needs first on a cell < b.
fn before<S: ClauseSink + ?Sized>(
    sink: &mut S,
    n: usize,
    first: impl Fn(usize) -> Option<Lit>,
    second: impl Fn(usize) -> Option<Lit>,
) {
    let first_by = prefix(sink, n, first);
    for cell in 0..n {
        if let Some(s) = second(cell) {
            match cell.checked_sub(1) {
                Some(prev) => sink.add_clause(&[!s, first_by[prev]]),
                None => sink.add_clause(&[!s]),
            }
        }
    }
}
