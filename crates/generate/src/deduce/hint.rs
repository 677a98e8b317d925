//! # Hints: the next deduction, with its reason in words
//!
//! The grader runs the deduction rules to a fixpoint and keeps only how far they got. A person
//! who is stuck wants one step: the cell, its value, and why. [`next_step`] finds the first
//! deduction the rules make from the givens and what is filled so far, trying the rules in the
//! order a person would (the easy ones on the numbers written, then counting distances, then
//! pencil marks), and says which rule and which cells led to it.
//!
//! The rules are the grader's, so every hint is sound: its value is in every solution that
//! extends the filling. A filling that is wrong (no solution extends it) may still get a hint
//! that follows from its mistakes, or a contradiction: callers that can, check the filling with
//! the solver first (`pathsat_reason::hint` does).

use super::bits::{first_bit, get};
use super::state::{Allow, State};
use super::{Contradiction, Step as Deduced, NONE};
use crate::Level;
use pathsat_puzzle::{Filling, Puzzle};
use serde::Serialize;
use std::fmt::Write;

/// Which rule a hint follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// A number written next to a missing neighbour in value, which fits one cell around it.
    ForcedNeighbour,
    /// A missing number with no written neighbour in value that fits one empty cell.
    OnlyCell,
    /// An empty cell that only one missing number fits, from the numbers around it.
    OnlyNumber,
    /// Counting moves: a missing number lies within as many moves of the written numbers
    /// before and after it as the values between them.
    Distance,
    /// Pencil marks: candidates per empty cell, crossed out by distance and by needing the
    /// numbers before and after on neighbouring cells.
    PencilMarks,
}

impl Rule {
    /// The grade of puzzle whose deduction needs this rule.
    pub fn level(self) -> Level {
        match self {
            Rule::ForcedNeighbour | Rule::OnlyCell | Rule::OnlyNumber => Level::Easy,
            Rule::Distance | Rule::PencilMarks => Level::Medium,
        }
    }

    /// The name, as in JSON: `forced-neighbour`, `only-cell`, `only-number`, `distance`,
    /// `pencil-marks`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::ForcedNeighbour => "forced-neighbour",
            Rule::OnlyCell => "only-cell",
            Rule::OnlyNumber => "only-number",
            Rule::Distance => "distance",
            Rule::PencilMarks => "pencil-marks",
        }
    }
}

/// One deduction: a value for an empty cell, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The cell to fill.
    pub cell: usize,
    /// Its value.
    pub value: u32,
    /// The rule that places it.
    pub rule: Rule,
    /// The reason in words, naming the cells (as `(row, col)` from 0, or `vertex v`).
    pub reason: String,
    /// The cells the reason names besides the hinted one, to highlight.
    pub cited: Vec<usize>,
}

/// What [`next_step`] finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextStep {
    /// The next deduction.
    Hint(Hint),
    /// Every cell is filled.
    Complete,
    /// No rule applies: what is left needs trial and error (or the solver).
    Stuck,
    /// The rules find that no solution extends the filling.
    Contradiction,
}

/// The next deduction from the givens of `puzzle` and the values of `filling` (0 on empty
/// cells; a given cell may be 0 or its given value). `None` for a trail puzzle.
pub fn next_step(puzzle: &Puzzle, filling: &Filling) -> Option<NextStep> {
    if puzzle.trail().is_some() {
        return None;
    }
    let mut state = State::new(puzzle);
    let placed = (|| -> Deduced<()> {
        for (cell, value) in puzzle.givens() {
            state.place(cell, value)?;
        }
        for (cell, &value) in filling.values().iter().enumerate() {
            if value != 0 && state.values[cell] != value {
                state.place(cell, value)?;
            }
        }
        Ok(())
    })();
    if placed.is_err() || filling.values().len() != state.n {
        return Some(NextStep::Contradiction);
    }
    if state.complete() {
        return Some(NextStep::Complete);
    }
    let found = (|| -> Deduced<Option<Hint>> {
        if let Some(hint) = state.forced_neighbour_hint()? {
            return Ok(Some(hint));
        }
        if let Some(hint) = state.only_cell_hint()? {
            return Ok(Some(hint));
        }
        if let Some(hint) = state.only_number_hint()? {
            return Ok(Some(hint));
        }
        state.start_domains();
        state.distances()?;
        if let Some(hint) = state.single_hint(Rule::Distance)? {
            return Ok(Some(hint));
        }
        state.support()?;
        state.single_hint(Rule::PencilMarks)
    })();
    Some(match found {
        Ok(Some(hint)) => NextStep::Hint(hint),
        Ok(None) => NextStep::Stuck,
        Err(Contradiction) => NextStep::Contradiction,
    })
}

impl State<'_> {
    /// Where `cell` is, in words.
    fn at(&self, cell: usize) -> String {
        self.puzzle.place(cell).to_string()
    }

    /// `v at (r, c)` for a placed value.
    fn written(&self, v: u32) -> String {
        format!("{v} at {}", self.at(self.cell_of[v as usize]))
    }

    /// Why unplaced `v` does not fit empty `y` (the first reason [`State::local`] fails on).
    fn why_not(&self, y: usize, v: u32) -> String {
        let here = self.at(y);
        if let Allow::Class(i) = self.allow[y] {
            if !get(&self.classes[i], v as usize) {
                let mark = &self.puzzle.marks()[i];
                return format!("{here} is marked {} ({})", mark.letter, mark.class);
            }
        }
        if let Some(u) = self.prev(v) {
            match self.cell(u) {
                Some(p) if !self.is_move(p, y) => {
                    return format!("{here} is not a move from {}", self.written(u))
                }
                None if !self.has_empty_pred(y) => {
                    return format!("{here} has no empty neighbour left for {u}")
                }
                _ => {}
            }
        }
        if let Some(w) = self.next(v) {
            match self.cell(w) {
                Some(q) if !self.is_move(y, q) => {
                    return format!("{here} is not a move from {}", self.written(w))
                }
                None if !self.has_empty_succ(y) => {
                    return format!("{here} has no empty neighbour left for {w}")
                }
                _ => {}
            }
        }
        format!("{here} does not fit {v}")
    }

    /// The reasons each of `cells` (empty, other than the hinted one) does not fit `v`, after a
    /// colon, at most four of them.
    fn exclusions(&self, cells: &[usize], v: u32) -> String {
        if cells.is_empty() {
            return String::new();
        }
        let mut text: Vec<String> = cells.iter().take(4).map(|&z| self.why_not(z, v)).collect();
        if cells.len() > 4 {
            text.push(format!("and {} more", cells.len() - 4));
        }
        format!(": {}", text.join("; "))
    }

    /// E1 as a hint: the first placed value (in order) whose next or previous value, missing,
    /// fits one empty cell around it.
    fn forced_neighbour_hint(&self) -> Deduced<Option<Hint>> {
        for u in 1..=self.n as u32 {
            let Some(p) = self.cell(u) else { continue };
            for (t, after) in [(self.next(u), true), (self.prev(u), false)] {
                let Some(t) = t.filter(|&t| !self.is_placed(t)) else {
                    continue;
                };
                let around = if after {
                    self.puzzle.successors(p)
                } else {
                    self.puzzle.predecessors(p)
                };
                let empty: Vec<usize> = around
                    .iter()
                    .copied()
                    .filter(|&y| y != p && self.is_empty(y))
                    .collect();
                let (fit, unfit): (Vec<usize>, Vec<usize>) =
                    empty.iter().partition(|&&y| self.local(y, t));
                match fit[..] {
                    [] => return Err(Contradiction),
                    [y] => {
                        let order = if after { "after" } else { "before" };
                        let mut reason = format!(
                            "{t} comes right {order} {u}, so it is one move from {}; ",
                            self.at(p)
                        );
                        if unfit.is_empty() {
                            write!(reason, "{} is the only empty cell there", self.at(y))
                        } else {
                            write!(
                                reason,
                                "of the empty cells there, {t} fits only {}{}",
                                self.at(y),
                                self.exclusions(&unfit, t)
                            )
                        }
                        .expect("writing to a String");
                        let mut cited = vec![p];
                        cited.extend(&unfit);
                        return Ok(Some(Hint {
                            cell: y,
                            value: t,
                            rule: Rule::ForcedNeighbour,
                            reason,
                            cited,
                        }));
                    }
                    _ => {}
                }
            }
        }
        Ok(None)
    }

    /// E3 for a number with no written neighbour in value: it fits one empty cell.
    fn only_cell_hint(&self) -> Deduced<Option<Hint>> {
        let empty: Vec<usize> = (0..self.n).filter(|&c| self.is_empty(c)).collect();
        for v in (1..=self.n as u32).filter(|&v| self.floating(v)) {
            let fit: Vec<usize> = empty
                .iter()
                .copied()
                .filter(|&y| self.local(y, v))
                .take(2)
                .collect();
            match fit[..] {
                [] => return Err(Contradiction),
                [y] => {
                    let neighbours = [self.prev(v), self.next(v)]
                        .into_iter()
                        .flatten()
                        .map(|w| w.to_string())
                        .collect::<Vec<_>>();
                    let room = match neighbours[..] {
                        [] => String::new(),
                        [ref w] => format!(" with an empty neighbour for {w}"),
                        [ref a, ref b] => format!(" with empty neighbours for {a} and {b}"),
                        _ => unreachable!("a value has at most two neighbours in value"),
                    };
                    let reason = format!(
                        "{v} has no written neighbour in value yet; it needs a cell{room} that \
                         its marks allow, and {} is the only empty cell that is",
                        self.at(y)
                    );
                    return Ok(Some(Hint {
                        cell: y,
                        value: v,
                        rule: Rule::OnlyCell,
                        reason,
                        cited: Vec::new(),
                    }));
                }
                _ => {}
            }
        }
        Ok(None)
    }

    /// E2: an empty cell that only one missing number fits.
    fn only_number_hint(&self) -> Deduced<Option<Hint>> {
        let floating: Vec<u32> = (1..=self.n as u32).filter(|&v| self.floating(v)).collect();
        for y in (0..self.n).filter(|&c| self.is_empty(c)) {
            let few = self.cell_candidates(y, &floating);
            match few.count {
                0 => return Err(Contradiction),
                1 => {
                    let v = few.first as u32;
                    let puzzle = self.puzzle;
                    let mut around: Vec<usize> = puzzle
                        .predecessors(y)
                        .iter()
                        .chain(puzzle.successors(y))
                        .copied()
                        .filter(|&z| !self.is_empty(z))
                        .collect();
                    around.sort_unstable();
                    around.dedup();
                    let written = around
                        .iter()
                        .map(|&z| self.written(self.values[z]))
                        .collect::<Vec<_>>();
                    // The missing numbers next in value to those around: the candidates.
                    let mut beside: Vec<u32> = around
                        .iter()
                        .flat_map(|&z| [self.prev(self.values[z]), self.next(self.values[z])])
                        .flatten()
                        .filter(|&w| !self.is_placed(w))
                        .collect();
                    beside.sort_unstable();
                    beside.dedup();
                    let others: Vec<String> = beside
                        .iter()
                        .filter(|&&w| w != v)
                        .take(4)
                        .map(|&w| format!("{w}: {}", self.why_not(y, w)))
                        .collect();
                    let mut reason = format!("{} can only hold {v}", self.at(y));
                    let excluded = if others.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", others.join("; "))
                    };
                    if written.is_empty() {
                        reason.push_str(
                            ": no number is written next to it, and of the missing numbers \
                             only it has room there",
                        );
                    } else if beside.contains(&v) {
                        write!(
                            reason,
                            ": next to it are {}; of the missing numbers next in value to \
                             those, only {v} fits here{excluded}",
                            written.join(", ")
                        )
                        .expect("writing to a String");
                    } else {
                        write!(
                            reason,
                            ": next to it are {}; no missing number next in value to those \
                             fits here{excluded}, and of the numbers with no written \
                             neighbour in value only {v} does",
                            written.join(", ")
                        )
                        .expect("writing to a String");
                    }
                    return Ok(Some(Hint {
                        cell: y,
                        value: v,
                        rule: Rule::OnlyNumber,
                        reason,
                        cited: around,
                    }));
                }
                _ => {}
            }
        }
        Ok(None)
    }

    /// The nearest placed value before `v` along the path (wrapping on a tour) and the steps
    /// to it, then the same after.
    fn anchors(&self, v: u32) -> [Option<(u32, usize)>; 2] {
        let walk = |forwards: bool| {
            let mut w = v;
            for steps in 1..self.n {
                w = if forwards {
                    self.next(w)?
                } else {
                    self.prev(w)?
                };
                if self.is_placed(w) {
                    return Some((w, steps));
                }
            }
            None
        };
        [walk(false), walk(true)]
    }

    /// How far `v` lies from its nearest written numbers, in words, and their cells.
    fn reach(&self, v: u32) -> (String, Vec<usize>) {
        let [before, after] = self.anchors(v);
        let mut parts = Vec::new();
        let mut cited = Vec::new();
        if let Some((a, d)) = before {
            parts.push(format!("within {} of {}", moves(d), self.written(a)));
            cited.push(self.cell_of[a as usize]);
        }
        if let Some((b, d)) = after {
            parts.push(format!("within {} of {}", moves(d), self.written(b)));
            cited.push(self.cell_of[b as usize]);
        }
        (parts.join(" and "), cited)
    }

    /// M3 on the candidate sets as they stand: a missing number left with one cell, else an
    /// empty cell left with one number, explained by `rule`.
    fn single_hint(&self, rule: Rule) -> Deduced<Option<Hint>> {
        let (n, w) = (self.n, self.words);
        let domain = |y: usize| &self.domains[y * w..(y + 1) * w];
        let empty: Vec<usize> = (0..n).filter(|&y| self.is_empty(y)).collect();
        if empty.iter().any(|&y| domain(y).iter().all(|&x| x == 0)) {
            return Err(Contradiction);
        }
        for v in (1..=n as u32).filter(|&v| self.cell_of[v as usize] == NONE) {
            let cells: Vec<usize> = empty
                .iter()
                .copied()
                .filter(|&y| get(domain(y), v as usize))
                .take(2)
                .collect();
            match cells[..] {
                [] => return Err(Contradiction),
                [y] => {
                    let (reach, cited) = self.reach(v);
                    let reason = match rule {
                        Rule::Distance => format!(
                            "{v} lies {reach}, along empty cells; {} is the \
                             only empty cell that is",
                            self.at(y)
                        ),
                        _ => format!(
                            "write in each empty cell the missing numbers that \
                             can reach it from the written ones, and cross out each number \
                             that has no neighbouring cell for the number before it and \
                             another for the number after it; {v} is then left only in {}",
                            self.at(y)
                        ),
                    };
                    return Ok(Some(Hint {
                        cell: y,
                        value: v,
                        rule,
                        reason,
                        cited,
                    }));
                }
                _ => {}
            }
        }
        for &y in &empty {
            if domain(y).iter().map(|x| x.count_ones()).sum::<u32>() == 1 {
                let v = first_bit(domain(y)) as u32;
                let (reach, cited) = self.reach(v);
                let reason = match rule {
                    Rule::Distance => format!(
                        "each missing number lies within as many moves of the \
                         written numbers before and after it as the values between them, and \
                         the only one that can reach {} is {v} ({reach})",
                        self.at(y)
                    ),
                    _ => format!(
                        "write in {} the missing numbers that can reach it from \
                         the written ones, and cross out each that has no neighbouring cell \
                         for the number before it and another for the number after it; only \
                         {v} is left",
                        self.at(y)
                    ),
                };
                return Ok(Some(Hint {
                    cell: y,
                    value: v,
                    rule,
                    reason,
                    cited,
                }));
            }
        }
        Ok(None)
    }
}

/// `1 move`, `3 moves`.
fn moves(d: usize) -> String {
    if d == 1 {
        "1 move".to_string()
    } else {
        format!("{d} moves")
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{bases, fixture, random_givens, seeded};
    use super::*;

    /// Applies hints until the puzzle is complete or they stop; every hint must agree with
    /// every filling in `solutions`. Returns the final step and the rules used.
    fn follow(puzzle: &Puzzle, solutions: &[Filling]) -> (NextStep, Vec<Rule>) {
        let mut values = vec![0; puzzle.n_cells()];
        let mut rules = Vec::new();
        loop {
            match next_step(puzzle, &Filling::from_values(values.clone())).unwrap() {
                NextStep::Hint(hint) => {
                    for s in solutions {
                        assert_eq!(
                            s.value(hint.cell),
                            hint.value,
                            "{}: {hint:?}",
                            puzzle.name()
                        );
                    }
                    assert_eq!(values[hint.cell], 0);
                    assert!(!hint.reason.is_empty() && !hint.cited.contains(&hint.cell));
                    values[hint.cell] = hint.value;
                    rules.push(hint.rule);
                }
                other => return (other, rules),
            }
        }
    }

    #[test]
    fn hidato_188_is_solved_by_hints_alone() {
        let puzzle = fixture("seeds/hidato-188.toml");
        let solution = puzzle.expect().solutions[0].clone();
        let (end, rules) = follow(&puzzle, std::slice::from_ref(&solution));
        assert_eq!(end, NextStep::Complete);
        assert_eq!(rules.len(), 144 - 64);
        // The grader calls it medium: the hints need a medium rule somewhere.
        assert!(
            rules.iter().any(|r| r.level() == Level::Medium),
            "{rules:?}"
        );
    }

    #[test]
    fn a_forced_neighbour_names_its_cells() {
        // 1 . 3 on a rook row: 2 goes between.
        let puzzle = pathsat_puzzle::parse_str(
            "moves = \"rook\"\ngrid = \"1 . .\\n. . .\\n. . .\"\n",
            pathsat_puzzle::Format::Toml,
        )
        .unwrap();
        let mut values = vec![0; 9];
        values[1] = 2;
        values[2] = 3;
        values[5] = 4;
        values[8] = 5;
        values[7] = 6;
        values[6] = 7;
        let step = next_step(&puzzle, &Filling::from_values(values)).unwrap();
        let NextStep::Hint(hint) = step else {
            panic!("{step:?}")
        };
        assert_eq!(
            (hint.cell, hint.value, hint.rule),
            (3, 8, Rule::ForcedNeighbour)
        );
        assert_eq!(
            hint.reason,
            "8 comes right after 7, so it is one move from (2, 0); (1, 0) is the only empty \
             cell there"
        );
        assert_eq!(hint.cited, [6]);
    }

    /// Random givens of a filling: whatever the hints place is in every filling with those
    /// givens, and they finish whenever the grader's rules do.
    #[test]
    fn hints_on_random_givens_are_sound() {
        let mut rng = seeded(32);
        let mut finished = 0;
        for (base, fillings) in bases() {
            for _ in 0..40 {
                let (puzzle, consistent) = random_givens(&mut rng, &base, &fillings);
                let (end, _) = follow(&puzzle, &consistent);
                assert_ne!(end, NextStep::Contradiction, "{}", puzzle.name());
                let graded = super::super::deduce(&puzzle).unwrap().level;
                if graded <= Level::Medium {
                    assert_eq!(end, NextStep::Complete, "{}", puzzle.name());
                }
                finished += usize::from(end == NextStep::Complete);
            }
        }
        assert!(finished > 100, "{finished}");
    }
}
