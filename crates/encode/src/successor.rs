//! # The successor encoding
//!
//! One variable a(u → v) per arc of the move graph: "the value after u's is on v". Clauses:
//!
//! 1. `out`: exactly one arc leaves every vertex;
//! 2. `in`: exactly one arc enters every vertex;
//! 3. `two-cycle`: ¬a(u → v) ∨ ¬a(v → u) for every pair joined both ways (when N ≥ 3);
//! 4. an open path gets a virtual vertex z, joined to every vertex that may hold 1 (z → v) and
//!    every vertex that may hold N (v → z), or only to the given start and end.
//!
//! A model is a set of disjoint cycles covering every vertex. That it is one cycle is not
//! written down (it would take a clause per subset of vertices): the solver adds *subtour
//! cuts* for the cycles a model actually has, and solves again (`pathsat-solver`'s successor
//! loop). The variable count is the number of arcs, linear in the board instead of quadratic,
//! which is what lets tours of thousands of cells be solved. See `encodings/successor.md`.
//!
//! ## References
//! - G. B. Dantzig, D. R. Fulkerson, S. M. Johnson, *Solution of a large-scale traveling-salesman
//!   problem*, 1954 (subtour elimination constraints, added as they are violated).

use crate::colours::{colour_classes, Colouring};
use crate::stats::{record_family, EncodeStats, FamilyCount};
use crate::subtours::{ArcGraph, Size, Subtours};
use crate::SuccessorError;
use pathsat_cnf::card::{ExactlyOne, ExactlyOneEncoding};
use pathsat_cnf::{ClauseSink, Lit, Var};
use pathsat_puzzle::{CellRule, Filling, Puzzle};

/// The exactly-one encoding used unless another is asked for: pairwise for the small
/// constraints of sparse move graphs, which measured much faster than the sequential counter.
pub const DEFAULT_EXACTLY_ONE: ExactlyOneEncoding = ExactlyOneEncoding::Hybrid;

/// The arc variables and how to read a model.
#[derive(Clone, Debug)]
pub struct SuccessorEncoding {
    /// Real vertices (the puzzle's cells).
    pub n: usize,
    /// The virtual vertex of an open path (numbered `n`).
    pub virtual_vertex: Option<usize>,
    /// The cell that holds 1, if given.
    pub start: Option<usize>,
    /// Per vertex (the virtual one included): the arcs out, as (head, variable).
    pub out_arcs: Vec<Vec<(usize, Var)>>,
    /// Per vertex: the arcs in, as (tail, variable).
    pub in_arcs: Vec<Vec<(usize, Var)>>,
    /// (tail, head) of each arc variable, in variable order from `first`.
    pub arcs: Vec<(usize, usize)>,
    /// The index of the first arc variable.
    pub first: usize,
    /// The index of the complete rule's first variable (after the arcs' own).
    pub rule_first: usize,
    /// The sizes of what was written.
    pub stats: EncodeStats,
    /// How subtours are ruled out: by the solver's cuts, or in the CNF.
    pub subtours: Subtours,
    /// Why the puzzle has no solution, when the colour and connectivity checks proved it: the
    /// CNF is then the empty clause alone, with no arcs.
    pub contradiction: Option<String>,
}

impl SuccessorEncoding {
    /// The most interface edges of the frontier rule's sweep of this encoding's graph
    /// ([`crate::subtours::frontier_interface_width`]), whatever its rule.
    pub fn frontier_interface_width(&self) -> usize {
        crate::subtours::frontier_interface_width(&ArcGraph {
            n_vertices: self.n_vertices(),
            root: self.virtual_vertex.or(self.start).unwrap_or(0),
            arcs: &self.arcs,
            first: self.first,
        })
    }

    /// The frontier rule's own refutation of this CNF ([`crate::subtours::frontier_refutation`]):
    /// its lemmas go to `lemma` in order. Out of reach for any other rule.
    pub fn frontier_refutation(
        &self,
        limits: crate::subtours::SweepLimits,
        lemma: impl FnMut(&[Lit]),
    ) -> crate::subtours::Refutation {
        if self.subtours != Subtours::Frontier || self.contradiction.is_some() {
            return crate::subtours::Refutation::OutOfReach;
        }
        let graph = ArcGraph {
            n_vertices: self.n_vertices(),
            root: self.virtual_vertex.or(self.start).unwrap_or(0),
            arcs: &self.arcs,
            first: self.first,
        };
        crate::subtours::frontier_refutation(&graph, self.rule_first, limits, lemma)
    }

    /// The (tail, head) of an arc variable.
    pub fn arc(&self, var: Var) -> Option<(usize, usize)> {
        var.index()
            .checked_sub(self.first)
            .and_then(|i| self.arcs.get(i).copied())
    }

    /// Every vertex (the virtual one included).
    pub fn n_vertices(&self) -> usize {
        self.n + usize::from(self.virtual_vertex.is_some())
    }

    /// The successor of each vertex in a model (`value_of` gives each variable's value).
    /// `None` when a vertex has no true outgoing arc, or more than one.
    pub fn successors(&self, value_of: impl Fn(Var) -> Option<bool>) -> Option<Vec<usize>> {
        self.out_arcs
            .iter()
            .map(|arcs| {
                let mut true_heads = arcs.iter().filter(|&&(_, v)| value_of(v) == Some(true));
                let head = true_heads.next()?.0;
                true_heads.next().is_none().then_some(head)
            })
            .collect()
    }

    /// The clause that some arc leaves the vertex set `members` (`in_set` is its membership
    /// vector over all vertices), and the one that some arc enters it: every Hamiltonian cycle
    /// crosses the boundary of a proper subset both ways. Only the members' own arcs are read,
    /// so cutting every cycle of a model costs one pass over the arcs. The literals come in
    /// the order of their tails, then of their variables.
    pub fn cut_clauses(&self, members: &[usize], in_set: &[bool]) -> (Vec<Lit>, Vec<Lit>) {
        let mut members = members.to_vec();
        members.sort_unstable();
        let out = members
            .iter()
            .flat_map(|&u| self.out_arcs[u].iter())
            .filter(|&&(v, _)| !in_set[v])
            .map(|&(_, var)| var.positive())
            .collect();
        let mut into: Vec<(usize, Var)> = members
            .iter()
            .flat_map(|&v| self.in_arcs[v].iter())
            .filter(|&&(u, _)| !in_set[u])
            .copied()
            .collect();
        into.sort_unstable_by_key(|&(u, var)| (u, var.index()));
        (
            out,
            into.into_iter().map(|(_, var)| var.positive()).collect(),
        )
    }

    /// The clause that blocks one subcycle as it stands (`cycle`: its vertices in successor
    /// order): not all of its arcs. Weaker than [`Self::cut_clauses`], which rule out every
    /// cycle on the same vertex set; kept to measure the difference.
    pub fn subcycle_blocking_clause(&self, cycle: &[usize]) -> Vec<Lit> {
        let next = cycle.iter().skip(1).chain(cycle.first());
        cycle
            .iter()
            .zip(next)
            .map(|(&u, &v)| {
                let &(_, var) = self.out_arcs[u]
                    .iter()
                    .find(|&&(head, _)| head == v)
                    .expect("a cycle of the model follows arcs");
                var.negative()
            })
            .collect()
    }

    /// The filling of a Hamiltonian successor function: 1 on the given start, on the virtual
    /// vertex's successor for a path, or else on cell 0; the other values follow the arcs.
    pub fn filling(&self, successors: &[usize]) -> Filling {
        let first = match self.virtual_vertex {
            Some(z) => successors[z],
            None => self.start.unwrap_or(0),
        };
        let mut values = vec![0u32; self.n];
        let mut v = first;
        for k in 1..=self.n as u32 {
            values[v] = k;
            v = successors[v];
        }
        Filling::from_values(values)
    }

    /// The fillings one Hamiltonian cycle stands for: one per starting cell for a tour without
    /// a given start, else one.
    pub fn fillings_per_cycle(&self) -> u32 {
        if self.virtual_vertex.is_none() && self.start.is_none() {
            self.n as u32
        } else {
            1
        }
    }

    /// The clause excluding exactly this arc set (to enumerate cycles): not all of them again.
    pub fn blocking_clause(&self, successors: &[usize]) -> Vec<Lit> {
        successors
            .iter()
            .enumerate()
            .filter_map(|(u, &v)| self.out_arcs[u].iter().find(|&&(h, _)| h == v))
            .map(|&(_, var)| var.negative())
            .collect()
    }
}

/// The vertices of each cycle of a successor function (which must be a permutation).
pub fn cycles(successors: &[usize]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; successors.len()];
    let mut cycles = Vec::new();
    for start in 0..successors.len() {
        if seen[start] {
            continue;
        }
        let mut cycle = Vec::new();
        let mut v = start;
        while !seen[v] {
            seen[v] = true;
            cycle.push(v);
            v = successors[v];
        }
        cycles.push(cycle);
    }
    cycles
}

/// The arcs of a puzzle's successor encoding, before any variable exists: what
/// [`encode_complete`] numbers and [`size`] counts.
struct ArcPlan {
    n: usize,
    virtual_vertex: Option<usize>,
    start: Option<usize>,
    /// (tail, head) of each arc, in variable order.
    arcs: Vec<(usize, usize)>,
    contradiction: Option<String>,
}

impl ArcPlan {
    fn new(puzzle: &Puzzle) -> Result<ArcPlan, SuccessorError> {
        let n = puzzle.n_cells();
        let closed = puzzle.is_closed();
        if puzzle.trail().is_some() {
            return Err(SuccessorError::Trail);
        }
        if puzzle.has_marks() {
            return Err(SuccessorError::Unsupported);
        }
        let (mut start, mut end) = (None, None);
        for (cell, value) in puzzle.givens() {
            match value {
                1 => start = Some(cell),
                v if v as usize == n && !closed => end = Some(cell),
                _ => return Err(SuccessorError::Unsupported),
            }
        }
        let virtual_vertex = (!closed).then_some(n);
        // On an unbalanced bipartite board the path starts and ends on the larger colour class.
        let (contradiction, may_end) = match colour_classes(puzzle) {
            Err(why) => (Some(why), vec![false; n]),
            Ok(Colouring {
                colour: Some(colour),
                odd_colour: Some(odd),
            }) => (None, colour.iter().map(|&c| c == odd).collect()),
            Ok(_) => (None, vec![true; n]),
        };
        let contradiction = contradiction.or_else(|| {
            let wrong = |cell: Option<usize>| cell.filter(|&c| !may_end[c]);
            wrong(start).or(wrong(end)).map(|cell| {
                format!(
                    "a path alternates the two colours, so it starts and ends on the larger \
                     colour class, and {:#} is not on it",
                    puzzle.place(cell)
                )
            })
        });
        let mut arcs = Vec::new();
        if contradiction.is_none() {
            for u in 0..n {
                arcs.extend(puzzle.successors(u).iter().map(|&v| (u, v)));
            }
            if let Some(z) = virtual_vertex {
                for v in (0..n).filter(|&v| may_end[v]) {
                    if start.is_none_or(|s| s == v) && (end != Some(v) || n == 1) {
                        arcs.push((z, v));
                    }
                }
                for v in (0..n).filter(|&v| may_end[v]) {
                    if end.is_none_or(|e| e == v) && (start != Some(v) || n == 1) {
                        arcs.push((v, z));
                    }
                }
            }
        }
        Ok(ArcPlan {
            n,
            virtual_vertex,
            start,
            arcs,
            contradiction,
        })
    }

    fn total(&self) -> usize {
        self.n + usize::from(self.virtual_vertex.is_some())
    }

    /// The vertex every cycle passes, for the complete rules: the virtual vertex of a path,
    /// else the given start, else vertex 0.
    fn root(&self) -> usize {
        self.virtual_vertex.or(self.start).unwrap_or(0)
    }

    /// The rule's view of the arcs, numbered from `first`.
    fn graph(&self, first: usize) -> ArcGraph<'_> {
        ArcGraph {
            n_vertices: self.total(),
            root: self.root(),
            arcs: &self.arcs,
            first,
        }
    }

    /// Each vertex's out-degree and in-degree.
    fn degrees(&self) -> (Vec<usize>, Vec<usize>) {
        let mut out = vec![0; self.total()];
        let mut into = vec![0; self.total()];
        for &(u, v) in &self.arcs {
            out[u] += 1;
            into[v] += 1;
        }
        (out, into)
    }

    /// Pairs of vertices joined both ways (each one two-cycle clause when N ≥ 3).
    fn two_cycles(&self) -> usize {
        if self.total() < 3 {
            return 0;
        }
        let set: std::collections::HashSet<(usize, usize)> = self.arcs.iter().copied().collect();
        self.arcs
            .iter()
            .filter(|&&(u, v)| u < v && set.contains(&(v, u)))
            .count()
    }
}

/// The most clauses a complete rule may write: past it the CNF would take gigabytes
/// ([`SuccessorError::TooLarge`]).
pub const MAX_RULE_CLAUSES: u64 = crate::subtours::SIZE_LIMIT;

/// [`SuccessorError::TooLarge`] when the rule `subtours` would write more than
/// [`MAX_RULE_CLAUSES`] clauses for `puzzle`: the check [`encode_complete`] makes before it
/// writes anything, for a caller that must know before it encodes (a race of solvers, where
/// another member must not answer in the name of an encoding that cannot be built).
///
/// # Errors
/// As [`encode_complete`].
pub fn check_rule_size(
    puzzle: &Puzzle,
    exactly_one: ExactlyOneEncoding,
    subtours: Subtours,
) -> Result<(), SuccessorError> {
    let plan = ArcPlan::new(puzzle)?;
    if plan.contradiction.is_some() {
        return Ok(());
    }
    rule_fits(&plan.graph(0), exactly_one, subtours)
}

/// The size check of [`encode_complete`] on the arcs of `graph`.
fn rule_fits(
    graph: &ArcGraph,
    exactly_one: ExactlyOneEncoding,
    subtours: Subtours,
) -> Result<(), SuccessorError> {
    let clauses = subtours.size(graph, exactly_one).clauses;
    if clauses <= MAX_RULE_CLAUSES {
        return Ok(());
    }
    Err(SuccessorError::TooLarge {
        rule: subtours.name(),
        clauses,
        limit: MAX_RULE_CLAUSES,
        fitting: rules_that_fit(graph, exactly_one),
    })
}

/// The complete rules that write at most [`MAX_RULE_CLAUSES`] for `graph`, with their clauses,
/// smallest first: those whose size is a formula or a pass over the sweep, so that a refusal
/// names them at once. The elimination is left out: its size is a trial run, seconds long
/// on a large graph.
fn rules_that_fit(graph: &ArcGraph, exactly_one: ExactlyOneEncoding) -> Vec<(&'static str, u64)> {
    let mut fitting: Vec<(&'static str, u64)> = Subtours::ALL
        .into_iter()
        .filter(|rule| rule.is_complete() && *rule != Subtours::Elimination)
        .map(|rule| (rule.name(), rule.size(graph, exactly_one).clauses))
        .filter(|&(_, clauses)| clauses <= MAX_RULE_CLAUSES)
        .collect();
    fitting.sort_by_key(|&(_, clauses)| clauses);
    fitting
}

/// What the successor encoding of `puzzle` with `subtours` writes, by formula, before any
/// clause: the arcs, the exactly-one constraints, the two-cycle clauses and the rule.
///
/// # Errors
/// As [`encode_complete`], except that an oversized rule is measured, not refused.
pub fn size(
    puzzle: &Puzzle,
    exactly_one: ExactlyOneEncoding,
    subtours: Subtours,
) -> Result<Size, SuccessorError> {
    let plan = ArcPlan::new(puzzle)?;
    if plan.contradiction.is_some() {
        return Ok(Size {
            variables: 0,
            clauses: 1,
        });
    }
    let (out, into) = plan.degrees();
    let groups = out.iter().chain(&into);
    let core = Size {
        variables: plan.arcs.len() as u64
            + groups
                .clone()
                .map(|&d| exactly_one.n_vars(d) as u64)
                .sum::<u64>(),
        clauses: groups
            .map(|&d| exactly_one.n_clauses(d) as u64)
            .sum::<u64>()
            + plan.two_cycles() as u64,
    };
    Ok(core + subtours.size(&plan.graph(0), exactly_one))
}

/// Writes the successor encoding of `puzzle` into `sink`, subtours left to the solver's cuts.
///
/// # Errors
/// [`SuccessorError::Unsupported`] for givens other than 1 (and N, for a path) and for marks;
/// [`SuccessorError::Trail`] for a trail puzzle.
pub fn encode<S: ClauseSink + ?Sized>(
    puzzle: &Puzzle,
    exactly_one: ExactlyOneEncoding,
    sink: &mut S,
) -> Result<SuccessorEncoding, SuccessorError> {
    encode_complete(puzzle, exactly_one, Subtours::Lazy, sink)
}

/// Writes the successor encoding of `puzzle` into `sink`, with the clauses of `subtours` that
/// rule out every subtour ([`crate::subtours`]), or none ([`Subtours::Lazy`]).
///
/// # Errors
/// As [`encode`], and [`SuccessorError::TooLarge`] when the rule would write more than
/// [`MAX_RULE_CLAUSES`] clauses (checked by formula before anything is written).
///
/// It writes the clause families in the order `encodings/successor.md` counts them, over the
/// arc variables it creates first.
pub fn encode_complete<S: ClauseSink + ?Sized>(
    puzzle: &Puzzle,
    exactly_one: ExactlyOneEncoding,
    subtours: Subtours,
    sink: &mut S,
) -> Result<SuccessorEncoding, SuccessorError> {
    let plan = ArcPlan::new(puzzle)?;
    let (n, virtual_vertex, start) = (plan.n, plan.virtual_vertex, plan.start);
    let total = plan.total();
    let first = sink.n_vars();
    rule_fits(&plan.graph(first), exactly_one, subtours)?;
    let (vars_before, clauses_before) = (sink.n_vars(), sink.n_clauses());
    let mut out_arcs: Vec<Vec<(usize, Var)>> = vec![Vec::new(); total];
    let mut in_arcs: Vec<Vec<(usize, Var)>> = vec![Vec::new(); total];
    if let Some(why) = plan.contradiction {
        sink.add_clause(&[]);
        return Ok(SuccessorEncoding {
            n,
            virtual_vertex,
            start,
            out_arcs,
            in_arcs,
            arcs: Vec::new(),
            first,
            rule_first: first,
            stats: EncodeStats {
                cells: n,
                primary_vars: 0,
                variables: 0,
                clauses: 1,
                families: vec![FamilyCount {
                    name: "contradiction",
                    clauses: 1,
                }],
            },
            subtours,
            contradiction: Some(why),
        });
    }
    for &(u, v) in &plan.arcs {
        let var = sink.new_var();
        out_arcs[u].push((v, var));
        in_arcs[v].push((u, var));
    }
    let mut families = Vec::new();
    record_family(&mut families, "out", sink, |sink| {
        for arcs in &out_arcs {
            let lits: Vec<Lit> = arcs.iter().map(|&(_, v)| v.positive()).collect();
            exactly_one.encode(&lits, sink);
        }
    });
    record_family(&mut families, "in", sink, |sink| {
        for arcs in &in_arcs {
            let lits: Vec<Lit> = arcs.iter().map(|&(_, v)| v.positive()).collect();
            exactly_one.encode(&lits, sink);
        }
    });
    record_family(&mut families, "two-cycle", sink, |sink| {
        // A cycle through two vertices is a whole solution only when there are two (a tour of
        // 2 cells) or one (a path of 1 cell, through the virtual vertex).
        if total < 3 {
            return;
        }
        for (u, arcs) in out_arcs.iter().enumerate() {
            for &(v, uv) in arcs {
                if u < v {
                    if let Some(&(_, vu)) = out_arcs[v].iter().find(|&&(h, _)| h == u) {
                        sink.add_clause(&[uv.negative(), vu.negative()]);
                    }
                }
            }
        }
    });
    let rule_first = sink.n_vars();
    if subtours.is_complete() {
        record_family(&mut families, subtours.name(), sink, |sink| {
            subtours.encode(&plan.graph(first), exactly_one, sink);
        });
    }
    let stats = EncodeStats {
        cells: n,
        primary_vars: plan.arcs.len(),
        variables: sink.n_vars() - vars_before,
        clauses: sink.n_clauses() - clauses_before,
        families,
    };
    Ok(SuccessorEncoding {
        n,
        virtual_vertex,
        start,
        out_arcs,
        in_arcs,
        arcs: plan.arcs,
        first,
        rule_first,
        stats,
        subtours,
        contradiction: None,
    })
}

/// Whether the successor encoding can express `puzzle`.
pub fn applies(puzzle: &Puzzle) -> bool {
    let n = puzzle.n_cells();
    puzzle.trail().is_none()
        && !puzzle.has_marks()
        && puzzle.rules().iter().all(|r| match r {
            CellRule::Given(v) => *v == 1 || (*v as usize == n && !puzzle.is_closed()),
            _ => true,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_cnf::Cnf;
    use pathsat_puzzle::Moves;

    #[test]
    fn arcs_and_families() {
        // 2x3 rook board, closed: 7 edges, 14 arcs.
        let p = Puzzle::blank(2, 3, Moves::Rook, true).unwrap();
        let mut cnf = Cnf::new();
        let e = encode(&p, ExactlyOneEncoding::Sequential, &mut cnf).unwrap();
        assert_eq!(e.arcs.len(), 14);
        assert_eq!(e.stats.primary_vars, 14);
        let families: Vec<(&str, usize)> = e
            .stats
            .families
            .iter()
            .map(|f| (f.name, f.clauses))
            .collect();
        // Degrees 2 and 3: out and in are 4 x (3*2-3) + 2 x (3*3-3) = 24 clauses each.
        assert_eq!(families, vec![("out", 24), ("in", 24), ("two-cycle", 7)]);
        // Open: a virtual vertex joined both ways to all 6 cells.
        let q = Puzzle::blank(2, 3, Moves::Rook, false).unwrap();
        let e = encode(&q, ExactlyOneEncoding::Sequential, &mut Cnf::new()).unwrap();
        assert_eq!((e.arcs.len(), e.virtual_vertex), (14 + 12, Some(6)));
        // A given start (1) and end (N) leave one arc each at the virtual vertex.
        let r = q.with_givens(&[(0, 1), (5, 6)]).unwrap();
        let e = encode(&r, ExactlyOneEncoding::Sequential, &mut Cnf::new()).unwrap();
        assert_eq!(e.out_arcs[6], vec![(0, e.out_arcs[6][0].1)]);
        assert_eq!(e.in_arcs[6].len(), 1);
        // Other givens are for the position encoding.
        let s = q.with_givens(&[(0, 3)]).unwrap();
        assert!(encode(&s, ExactlyOneEncoding::Sequential, &mut Cnf::new()).is_err());
        assert!(!applies(&s) && applies(&r));
    }

    #[test]
    fn cycles_of_a_permutation() {
        assert_eq!(cycles(&[1, 0, 3, 4, 2]), vec![vec![0, 1], vec![2, 3, 4]]);
        assert_eq!(cycles(&[1, 2, 0]), vec![vec![0, 1, 2]]);
    }
}
