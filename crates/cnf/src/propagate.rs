//! # Unit propagation with reasons
//!
//! What a SAT solver does before it guesses anything: a clause whose literals are all false
//! but one makes that one true. [`Propagation::run`] does this to a fixpoint over DIMACS-style
//! clauses (variables from 1, a negative number a negated variable), recording for each
//! literal it sets the clause that forced it, so that a conclusion can be traced back to the
//! clauses it came from ([`Propagation::reasons`]): `pathsat explain` prints those clauses to
//! show a class why a cell holds its value. It is small and plain (occurrence lists, no watched
//! literals, no learning): a teaching tool, not a solver.

/// The outcome of propagating a formula under some assumptions.
#[derive(Clone, Debug)]
pub struct Propagation {
    /// Per variable (index = variable): `Some(true)`, `Some(false)` or unassigned.
    values: Vec<Option<bool>>,
    /// The literals set, in order, with the clause that forced each (`None`: assumed).
    trail: Vec<(i64, Option<usize>)>,
    /// Where each variable sits on the trail.
    position: Vec<usize>,
    /// A clause with every literal false, when propagation met one.
    conflict: Option<usize>,
}

impl Propagation {
    /// Propagates `clauses` over `variables` variables, with `assumed` literals set first.
    /// Stops at the first clause all of whose literals are false (see [`Self::conflict`]).
    ///
    /// # Panics
    /// When a clause or an assumption names a variable above `variables`.
    pub fn run(clauses: &[Vec<i64>], variables: usize, assumed: &[i64]) -> Propagation {
        let index = |lit: i64| 2 * (lit.unsigned_abs() as usize) + usize::from(lit < 0);
        // For each literal, the clauses where it occurs negated: those to look at when it is
        // set true.
        let mut watching: Vec<Vec<usize>> = vec![Vec::new(); 2 * variables + 2];
        for (i, clause) in clauses.iter().enumerate() {
            for &lit in clause {
                watching[index(-lit)].push(i);
            }
        }
        let mut p = Propagation {
            values: vec![None; variables + 1],
            trail: Vec::new(),
            position: vec![usize::MAX; variables + 1],
            conflict: None,
        };
        let mut queue: Vec<usize> = Vec::new();
        for &lit in assumed {
            match p.value(lit) {
                Some(true) => {}
                Some(false) => return p.stopped_at(None),
                None => p.set(lit, None),
            }
        }
        // Unit clauses and the empty clause start it.
        queue.extend(
            clauses
                .iter()
                .enumerate()
                .filter(|(_, c)| c.len() <= 1)
                .map(|(i, _)| i),
        );
        let mut next = 0;
        loop {
            while let Some(i) = queue.pop() {
                if let Some(unit) = p.unit_of(&clauses[i]) {
                    match unit {
                        Some(lit) => {
                            p.set(lit, Some(i));
                        }
                        None => return p.stopped_at(Some(i)),
                    }
                }
            }
            let Some(&(lit, _)) = p.trail.get(next) else {
                return p;
            };
            next += 1;
            queue.extend(&watching[index(lit)]);
        }
    }

    /// A clause's state: `None` when it is satisfied or has two unassigned literals or more;
    /// `Some(Some(l))` when `l` is its one unassigned literal and the rest are false;
    /// `Some(None)` when every literal is false.
    fn unit_of(&self, clause: &[i64]) -> Option<Option<i64>> {
        let mut open = None;
        for &lit in clause {
            match self.value(lit) {
                Some(true) => return None,
                Some(false) => {}
                None if open.is_some() => return None,
                None => open = Some(lit),
            }
        }
        Some(open)
    }

    fn set(&mut self, lit: i64, reason: Option<usize>) {
        let var = lit.unsigned_abs() as usize;
        self.values[var] = Some(lit > 0);
        self.position[var] = self.trail.len();
        self.trail.push((lit, reason));
    }

    fn stopped_at(mut self, conflict: Option<usize>) -> Propagation {
        // An assumption that contradicts an earlier one has no clause: usize::MAX marks it.
        self.conflict = Some(conflict.unwrap_or(usize::MAX));
        self
    }

    /// The value of a literal: `Some(true)` when it is set true.
    pub fn value(&self, lit: i64) -> Option<bool> {
        self.values[lit.unsigned_abs() as usize].map(|v| v == (lit > 0))
    }

    /// The clause with every literal false that stopped propagation (`usize::MAX` when two
    /// assumptions contradict each other), if one did.
    pub fn conflict(&self) -> Option<usize> {
        self.conflict
    }

    /// The literals set, in order, each with the clause that forced it (`None`: assumed).
    pub fn trail(&self) -> &[(i64, Option<usize>)] {
        &self.trail
    }

    /// The clauses (of `clauses`, the formula propagated) that led to `lits` being set: every
    /// reason clause in the implication graph behind them, each with the literal it set, in
    /// the order propagation used them. Assumed literals have no clause; unset literals are
    /// skipped.
    pub fn reasons(&self, clauses: &[Vec<i64>], lits: &[i64]) -> Vec<(i64, usize)> {
        let mut seen = vec![false; self.values.len()];
        let mut stack: Vec<usize> = lits.iter().map(|l| l.unsigned_abs() as usize).collect();
        let mut used: Vec<usize> = Vec::new();
        while let Some(var) = stack.pop() {
            if self.values[var].is_none() || std::mem::replace(&mut seen[var], true) {
                continue;
            }
            let at = self.position[var];
            used.push(at);
            // The other variables of the clause that set this one were set before it.
            if let Some(i) = self.trail[at].1 {
                stack.extend(
                    clauses[i]
                        .iter()
                        .map(|l| l.unsigned_abs() as usize)
                        .filter(|&v| v != var),
                );
            }
        }
        used.sort_unstable();
        used.into_iter()
            .filter_map(|at| self.trail[at].1.map(|i| (self.trail[at].0, i)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_of_implications_and_its_reasons() {
        // 1; ¬1 ∨ 2; ¬2 ∨ 3; ¬4 ∨ 5 (idle): 1, 2, 3 set, by clauses 0, 1, 2.
        let clauses = vec![vec![1], vec![-1, 2], vec![-2, 3], vec![-4, 5]];
        let p = Propagation::run(&clauses, 5, &[]);
        assert_eq!(p.conflict(), None);
        assert_eq!(p.trail(), [(1, Some(0)), (2, Some(1)), (3, Some(2))]);
        assert_eq!(
            (p.value(3), p.value(-3), p.value(4)),
            (Some(true), Some(false), None)
        );
        assert_eq!(p.reasons(&clauses, &[3]), [(1, 0), (2, 1), (3, 2)]);
        assert_eq!(p.reasons(&clauses, &[2]), [(1, 0), (2, 1)]);
        assert_eq!(p.reasons(&clauses, &[4]), []);
    }

    #[test]
    fn an_assumption_that_leads_to_a_conflict() {
        // Assume 4: 5 follows, and ¬5 ∨ ¬3 with 3 (from 1) has every literal false.
        let clauses = vec![vec![1], vec![-1, 3], vec![-4, 5], vec![-5, -3], vec![6, 7]];
        let p = Propagation::run(&clauses, 7, &[4]);
        let conflict = p.conflict().unwrap();
        assert_eq!(conflict, 3);
        let reasons = p.reasons(&clauses, &clauses[conflict]);
        assert_eq!(reasons, [(1, 0), (5, 2), (3, 1)]);
        // Without it, no conflict: 3 makes 5 false, and then 4.
        let p = Propagation::run(&clauses, 7, &[]);
        assert_eq!(
            (p.conflict(), p.value(5), p.value(4)),
            (None, Some(false), Some(false))
        );
        // Contradictory assumptions.
        assert_eq!(
            Propagation::run(&clauses, 7, &[6, -6]).conflict(),
            Some(usize::MAX)
        );
        // The empty clause.
        assert_eq!(Propagation::run(&[vec![]], 1, &[]).conflict(), Some(0));
    }

    /// Against brute force on random small formulas: a literal set by propagation is true in
    /// every model; a conflict means no model (under the assumptions).
    #[test]
    fn propagation_is_sound_on_random_formulas() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        for _ in 0..400 {
            let n = 2 + next(5) as usize;
            let clauses: Vec<Vec<i64>> = (0..1 + next(8))
                .map(|_| {
                    (0..1 + next(3))
                        .map(|_| {
                            let v = 1 + next(n as u64) as i64;
                            if next(2) == 0 {
                                v
                            } else {
                                -v
                            }
                        })
                        .collect()
                })
                .collect();
            let assumed = [1 + next(n as u64) as i64];
            let models: Vec<u32> = (0..1u32 << n)
                .filter(|&m| {
                    let holds = |l: i64| ((m >> (l.unsigned_abs() - 1)) & 1 == 1) == (l > 0);
                    holds(assumed[0]) && clauses.iter().all(|c| c.iter().any(|&l| holds(l)))
                })
                .collect();
            let p = Propagation::run(&clauses, n, &assumed);
            if p.conflict().is_some() {
                assert!(models.is_empty(), "{clauses:?} {assumed:?}");
                continue;
            }
            for &(lit, _) in p.trail() {
                for &m in &models {
                    assert_eq!((m >> (lit.unsigned_abs() - 1)) & 1 == 1, lit > 0);
                }
            }
        }
    }
}
