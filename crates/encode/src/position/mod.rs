//! # The position encoding
//!
//! x(c, k) means "cell c holds value k", one variable per candidate pair of [`Domains`]. The
//! clause families, in the order they are written (see `encodings/position.md` for the counts):
//!
//! 1. `cell`: exactly one value per cell;
//! 2. `value`: exactly one cell per value;
//! 3. `successor`: ¬x(c, k) ∨ ⋁ x(s, k+1) over the successors s of c, for k < N;
//! 4. `predecessor`: ¬x(c, k) ∨ ⋁ x(p, k−1) over the predecessors p of c, for k > 1 (implied by
//!    the others, added because it propagates);
//! 5. `wrap` (tours only): the successor clause of N towards 1 and the predecessor clause of 1
//!    towards N;
//! 6. `unit` (only without pruning): givens x(c, v), marks ¬x(c, k) for values outside the class,
//!    and, for a mark on as many cells as its class has values, ¬x(c, k) on unmarked cells.
//!
//! Trail puzzles have their own families over steps 1..L ([`trail`]).
//!
//! With pruning (the default) family 6 is empty: the pairs those units would falsify have no
//! variable at all, and neither have the pairs that distance, parity or support rule out.
//!
//! ## References
//! - The position (or "direct") model of Hamiltonian paths: x(i, j, k) with a successor
//!   constraint, as in the seed blog posts; see also A. Hertel, P. Hertel, A. Urquhart,
//!   *Formalizing Dangerous SAT Encodings*, SAT 2007, for its size.

mod options;
pub mod trail;

pub use options::{
    PositionEncoding, PositionOptions, Pruning, DEFAULT_MAX_PRIMARY_VARS, MAX_CELLS,
};

use crate::stats::{record_family, EncodeStats, FamilyCount};
use crate::{Domains, EncodeError, VarMap};
use pathsat_cnf::card::ExactlyOne;
use pathsat_cnf::{ClauseSink, Lit};
use pathsat_puzzle::{CellRule, Puzzle};

/// Writes the position encoding of `puzzle` into `sink`.
///
/// # Errors
/// [`EncodeError::TooLarge`] when the board has more than [`MAX_CELLS`] cells or more candidate
/// pairs than `options.max_primary_vars` (estimated from the cell rules before pruning when no
/// value is fixed, counted after pruning otherwise); nothing is written then.
///
/// The size checks refuse a board before any clause; the clause families follow in the order
/// `encodings/position.md` counts them.
pub fn encode<S: ClauseSink + ?Sized>(
    puzzle: &Puzzle,
    options: &PositionOptions,
    sink: &mut S,
) -> Result<PositionEncoding, EncodeError> {
    if puzzle.trail().is_some() {
        return trail::encode(puzzle, options, sink);
    }
    let n = puzzle.n_cells();
    let domains = checked_domains(puzzle, options)?;
    let (vars_before, clauses_before) = (sink.n_vars(), sink.n_clauses());
    let map = VarMap::new(puzzle, &domains, sink);
    if let Some(why) = domains.contradiction() {
        // Pruning proved there is no solution: the whole formula is the empty clause.
        return Ok(PositionEncoding::contradicted(
            map,
            options,
            why,
            (vars_before, clauses_before),
            sink,
        ));
    }
    let families = write_families(puzzle, options, &map, sink);
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
        contradiction: domains.contradiction().map(str::to_string),
    })
}

/// The candidate pairs of `puzzle` (pruned or not, as `options` say), or
/// [`EncodeError::TooLarge`]: a board too large by its cell rules alone is refused before any
/// pruning, one whose pruned pairs are too many after it.
fn checked_domains(puzzle: &Puzzle, options: &PositionOptions) -> Result<Domains, EncodeError> {
    let n = puzzle.n_cells();
    let all_pairs = (n as u128) * (n as u128);
    // The cell rules alone allow `rule_pairs`; without a fixed value nothing but the colour
    // classes can shrink that, so such a board is refused before any pruning.
    let rule_pairs: u128 = (0..n).map(|c| rule_values(puzzle, c) as u128).sum();
    let has_fixed = (0..n).any(|c| rule_values(puzzle, c) == 1);
    let estimate = match options.pruning {
        _ if n > MAX_CELLS => Some(rule_pairs),
        Pruning::Full if has_fixed => None,
        Pruning::Full => Some(rule_pairs / 2),
        Pruning::None => Some(all_pairs),
    };
    if let Some(pairs) = estimate {
        if n > MAX_CELLS || pairs > options.max_primary_vars as u128 {
            return Err(EncodeError::TooLarge {
                cells: n,
                pairs,
                limit: options.max_primary_vars,
                max_cells: MAX_CELLS,
            });
        }
    }
    let domains = match options.pruning {
        Pruning::Full => Domains::pruned(puzzle),
        Pruning::None => Domains::unpruned(puzzle),
    };
    if domains.n_pairs() > options.max_primary_vars {
        return Err(EncodeError::TooLarge {
            cells: n,
            pairs: domains.n_pairs() as u128,
            limit: options.max_primary_vars,
            max_cells: MAX_CELLS,
        });
    }
    Ok(domains)
}

/// Writes the clause families 1 to 6 over the variables of `map`, in order, and gives their
/// clause counts.
fn write_families<S: ClauseSink + ?Sized>(
    puzzle: &Puzzle,
    options: &PositionOptions,
    map: &VarMap,
    sink: &mut S,
) -> Vec<FamilyCount> {
    let n = puzzle.n_cells();
    let mut families = Vec::new();
    let eo = options.exactly_one;
    let n32 = n as u32;
    let mut clause: Vec<Lit> = Vec::new();

    record_family(&mut families, "cell", sink, |sink| {
        for cell in 0..n {
            let lits: Vec<Lit> = map
                .cell_vars(cell)
                .iter()
                .map(|(_, v)| v.positive())
                .collect();
            eo.encode(&lits, sink);
        }
    });
    record_family(&mut families, "value", sink, |sink| {
        for k in 1..=n32 {
            let lits: Vec<Lit> = map
                .value_vars(k)
                .iter()
                .map(|(_, v)| v.positive())
                .collect();
            eo.encode(&lits, sink);
        }
    });
    // x(c, k) → some neighbour (successor or predecessor) holds `other`.
    let mut neighbour_clauses =
        |sink: &mut S, forward: bool, k_range: std::ops::RangeInclusive<u32>| {
            for k in k_range {
                let other = match (forward, k) {
                    (true, k) if k == n32 => 1,
                    (true, k) => k + 1,
                    (false, 1) => n32,
                    (false, k) => k - 1,
                };
                for &(cell, var) in map.value_vars(k) {
                    let neighbours = if forward {
                        puzzle.successors(cell)
                    } else {
                        puzzle.predecessors(cell)
                    };
                    clause.clear();
                    clause.push(var.negative());
                    clause.extend(
                        neighbours
                            .iter()
                            .filter_map(|&d| map.var(d, other))
                            .map(|v| v.positive()),
                    );
                    sink.add_clause(&clause);
                }
            }
        };
    record_family(&mut families, "successor", sink, |sink| {
        neighbour_clauses(sink, true, 1..=n32 - 1)
    });
    record_family(&mut families, "predecessor", sink, |sink| {
        neighbour_clauses(sink, false, 2..=n32)
    });
    record_family(&mut families, "wrap", sink, |sink| {
        if puzzle.is_closed() {
            neighbour_clauses(sink, true, n32..=n32);
            neighbour_clauses(sink, false, 1..=1);
        }
    });
    record_family(&mut families, "unit", sink, |sink| {
        if options.pruning == Pruning::None {
            write_units(puzzle, map, sink);
        }
    });
    families
}

/// How many values the rule of a cell allows (before any other pruning).
fn rule_values(puzzle: &Puzzle, cell: usize) -> usize {
    let n = puzzle.n_cells();
    match puzzle.rule(cell) {
        CellRule::Free => n,
        CellRule::Given(_) => 1,
        CellRule::Marked(index) => puzzle.marks()[*index].class.count_up_to(n as u32),
    }
}

/// Family 6: givens, marks and the implied exclusions of full marks as unit clauses.
fn write_units<S: ClauseSink + ?Sized>(puzzle: &Puzzle, map: &VarMap, sink: &mut S) {
    let n = puzzle.n_cells() as u32;
    for cell in 0..puzzle.n_cells() {
        match puzzle.rule(cell) {
            CellRule::Free => {}
            CellRule::Given(v) => {
                let var = map
                    .var(cell, *v)
                    .expect("unpruned: every pair has a variable");
                sink.add_clause(&[var.positive()]);
            }
            CellRule::Marked(index) => {
                let class = &puzzle.marks()[*index].class;
                for &(k, var) in map.cell_vars(cell) {
                    if !class.contains(k) {
                        sink.add_clause(&[var.negative()]);
                    }
                }
            }
        }
    }
    for (index, mark) in puzzle.marks().iter().enumerate() {
        let rule = CellRule::Marked(index);
        let marked = puzzle.rules().iter().filter(|r| **r == rule).count();
        if marked == 0 || marked != mark.class.count_up_to(n) {
            continue;
        }
        for cell in (0..puzzle.n_cells()).filter(|&c| puzzle.rule(c) != &rule) {
            for &(k, var) in map.cell_vars(cell) {
                if mark.class.contains(k) {
                    sink.add_clause(&[var.negative()]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_cnf::card::SequentialCounter;
    use pathsat_cnf::{Cnf, CountingSink};
    use pathsat_puzzle::{parse_str, Format, Moves};

    fn board(rows: usize, cols: usize, moves: &str, closed: bool) -> Puzzle {
        let moves = Moves::from_name(moves).expect("a named move rule");
        Puzzle::blank(rows, cols, moves, closed).unwrap()
    }

    fn unpruned() -> PositionOptions {
        PositionOptions {
            pruning: Pruning::None,
            ..PositionOptions::default()
        }
    }

    /// The closed forms of `encodings/position.md` for a board with no givens or marks and no
    /// pruning: 3N² − 2N variables, 8N² − 8N clauses, plus 2N for a tour.
    #[test]
    fn unpruned_counts_match_the_closed_form() {
        for (closed, extra) in [(false, 0), (true, 2)] {
            let p = board(3, 3, "king", closed);
            let mut sink = CountingSink::default();
            let e = encode(&p, &unpruned(), &mut sink).unwrap();
            let n = 9;
            assert_eq!(e.stats.primary_vars, n * n);
            assert_eq!(e.stats.variables, 3 * n * n - 2 * n);
            assert_eq!(e.stats.clauses, 8 * n * n - 8 * n + extra * n);
            assert_eq!(
                (sink.n_vars, sink.n_clauses),
                (e.stats.variables, e.stats.clauses)
            );
            let families: Vec<usize> = e.stats.families.iter().map(|f| f.clauses).collect();
            assert_eq!(families, vec![216, 216, 72, 72, extra * n, 0]);
        }
    }

    /// With pruning, the counts follow the domain sizes: the same closed form per cell and per
    /// value, one successor clause per pair with k < N, one predecessor clause per pair k > 1.
    #[test]
    fn pruned_counts_follow_the_domains() {
        // 2x3 rook board, open: 3 + 3 cells, the classes are equal so no parity pruning;
        // a given 1 in a corner fixes everything up to distance.
        let p = parse_str("moves = \"rook\"\ngrid = \"1 . .\\n. . .\"\n", Format::Toml).unwrap();
        let d = Domains::pruned(&p);
        let mut cnf = Cnf::new();
        let e = encode(&p, &PositionOptions::default(), &mut cnf).unwrap();
        let cell_sizes: Vec<usize> = (0..6).map(|c| d.values(c).len()).collect();
        let value_sizes: Vec<usize> = (1..=6).map(|k| d.cells(k).len()).collect();
        let eo_vars: usize = cell_sizes
            .iter()
            .chain(&value_sizes)
            .map(|&s| SequentialCounter::n_vars(s))
            .sum();
        let eo_clauses: usize = cell_sizes
            .iter()
            .chain(&value_sizes)
            .map(|&s| SequentialCounter::n_clauses(s))
            .sum();
        let p_count = d.n_pairs();
        let not_last = p_count - value_sizes[5];
        let not_first = p_count - value_sizes[0];
        assert_eq!(e.stats.primary_vars, p_count);
        assert_eq!(e.stats.variables, p_count + eo_vars);
        assert_eq!(e.stats.clauses, eo_clauses + not_last + not_first);
        // Pinned: 1 at (0,0); the others by colour and distance from it, e.g. (0,1) may hold
        // 2, 4 or 6 (all three occur in the three solutions).
        assert_eq!(d.values(0), &[1]);
        assert_eq!(d.values(1), &[2, 4, 6]);
        assert_eq!(cell_sizes, vec![1, 3, 2, 3, 2, 2]);
        assert_eq!(
            (e.stats.primary_vars, e.stats.variables, e.stats.clauses),
            (13, 27, 66)
        );
    }

    #[test]
    fn variables_map_back_to_pairs() {
        let p = board(2, 2, "rook", false);
        let mut cnf = Cnf::new();
        let e = encode(&p, &unpruned(), &mut cnf).unwrap();
        let v = e.map.var(3, 2).unwrap();
        assert_eq!(e.map.meaning(v), Some((3, 2)));
        assert_eq!(
            v.index(),
            3 * 4 + 1,
            "primary variables come first, cell by cell"
        );
        assert_eq!(e.map.primary().count(), 16);
    }

    #[test]
    fn too_large_is_refused_before_writing() {
        let p = board(40, 40, "knight", true);
        let mut sink = CountingSink::default();
        let options = PositionOptions {
            max_primary_vars: 1_000_000,
            ..PositionOptions::default()
        };
        let e = encode(&p, &options, &mut sink).unwrap_err();
        assert!(
            e.to_string()
                .contains("1600 cells, about 1280000 cell-value variables"),
            "{e}"
        );
        assert_eq!(sink.n_clauses, 0);
    }

    #[test]
    fn large_boards_without_givens_are_refused_before_pruning() {
        // 2,500 cells: within MAX_CELLS, but nothing can prune below N^2 / 2 pairs.
        let p = board(50, 50, "knight", true);
        let e = encode(
            &p,
            &PositionOptions::default(),
            &mut CountingSink::default(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("2500 cells, about 3125000"), "{e}");
    }

    #[test]
    fn contradictions_give_an_empty_clause() {
        let p = board(3, 3, "rook", true);
        let mut cnf = Cnf::new();
        let e = encode(&p, &PositionOptions::default(), &mut cnf).unwrap();
        assert!(e.contradiction.is_some());
        assert_eq!((cnf.n_vars(), cnf.n_clauses()), (0, 1));
        assert!(cnf.clauses().all(|c| c.is_empty()));
    }
}
