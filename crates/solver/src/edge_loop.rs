//! # The edge loop: a variable per edge, two edges at every vertex, lazy cuts
//!
//! A closed tour of two-way moves (a Hamiltonian cycle of an undirected graph) needs no
//! direction: [`EdgeLoop`] gives each edge one variable, "the tour uses this edge", asks for
//! exactly two at every vertex (a unary counter, or clauses over every triple for small
//! degrees), and cuts subcycles lazily as the successor loop does: for every cycle C of a model,
//! some edge must leave C's vertex set (a tour crosses that boundary an even number of times,
//! so at least twice). It has half the successor encoding's variables and none of its
//! direction symmetry (each undirected tour is two directed ones there), and on some of the
//! FHCP graphs it needs far fewer rounds; on others far more (`encodings/successor.md`). It only
//! looks for a first tour: it is one member of the first-solution race ([`crate::portfolio`]).
//! Its tour is oriented from cell 0 and verified like every other solution.

use crate::join::{cycles_of, Joiner, TwoFactor};
use crate::reduce::reduce;
use crate::successor::{LoopStats, ReducedStats};
use crate::{SatSolver, SolveError, SolveStats, SolverChoice};
use pathsat_cnf::{ClauseSink, Lit, Var};
use pathsat_encode::EncodeStats;
use pathsat_puzzle::{verify, Filling, Puzzle};
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use web_time::Instant;

/// The first-tour search of a closed tour puzzle by edge variables.
pub struct EdgeLoop<'p> {
    puzzle: &'p Puzzle,
    sat: SatSolver,
    /// Each vertex's edges, as (other end, variable).
    incident: Vec<Vec<(usize, Var)>>,
    /// The graph less the edges the reductions removed, to join a model's cycles over.
    joiner: Joiner,
    refutation: Option<String>,
    exhausted: bool,
    stats: LoopStats,
    encode: EncodeStats,
}

impl<'p> EdgeLoop<'p> {
    /// Whether the puzzle is one the edge loop can take: a closed tour of two-way moves over
    /// 3 cells or more, without givens or marks (any tour is a solution).
    pub fn applies(puzzle: &Puzzle) -> bool {
        puzzle.is_closed()
            && puzzle.moves().is_symmetric()
            && puzzle.n_cells() >= 3
            && puzzle.givens().next().is_none()
            && !puzzle.has_marks()
            && puzzle.trail().is_none()
    }

    /// Encodes the puzzle into the solver `solver`, after the reductions of [`crate::reduce`].
    /// A `seed` other than 0 seeds the solver and numbers the edges' variables in a shuffled
    /// order (CaDiCaL's first decisions follow the numbering), for another path through the
    /// search ([`crate::SolveOptions::seed`]).
    ///
    /// # Errors
    /// [`SolveError::Unsupported`] when the solver is not built in.
    ///
    /// # Panics
    /// If the puzzle is not one [`EdgeLoop::applies`] to.
    pub fn new(puzzle: &'p Puzzle, solver: SolverChoice, seed: u64) -> Result<Self, SolveError> {
        assert!(Self::applies(puzzle), "a closed tour of two-way moves");
        let start = Instant::now();
        let n = puzzle.n_cells();
        let mut sat = SatSolver::seeded(solver, seed).map_err(SolveError::Unsupported)?;
        sat.tune_for_many_calls();
        let mut edges = Vec::new();
        for u in 0..n {
            for &v in puzzle.successors(u) {
                if u < v || !puzzle.successors(v).contains(&u) {
                    edges.push((u.min(v), u.max(v)));
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        let reduce_start = Instant::now();
        let reduction = reduce(n, &edges);
        let reduced = ReducedStats {
            forced: reduction.forced.len(),
            removed: reduction.removed.len(),
            forced_paths: reduction.forced_paths,
            time: reduce_start.elapsed(),
        };
        let mut numbering: Vec<usize> = (0..edges.len()).collect();
        if seed != 0 {
            numbering.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        }
        let mut vars = vec![Var::from_index(0); edges.len()];
        for &e in &numbering {
            vars[e] = sat.new_var();
        }
        let mut incident = vec![Vec::new(); n];
        for (&(u, v), &var) in edges.iter().zip(&vars) {
            incident[u].push((v, var));
            incident[v].push((u, var));
        }
        let var_of = |e: (usize, usize)| vars[edges.binary_search(&e).expect("an edge")];
        for &e in &reduction.forced {
            sat.add_clause(&[var_of(e).positive()]);
        }
        for &e in &reduction.removed {
            sat.add_clause(&[var_of(e).negative()]);
        }
        for list in &incident {
            let lits: Vec<Lit> = list.iter().map(|&(_, var)| var.positive()).collect();
            exactly_two(&lits, &mut sat);
        }
        let encode = EncodeStats {
            cells: n,
            primary_vars: edges.len(),
            variables: sat.n_vars(),
            clauses: sat.n_clauses(),
            families: Vec::new(),
        };
        let exhausted = reduction.refutation.is_some();
        let mut removed = reduction.removed.clone();
        removed.sort_unstable();
        let joiner = Joiner::new(
            n,
            edges
                .iter()
                .copied()
                .filter(|e| removed.binary_search(e).is_err()),
        );
        Ok(EdgeLoop {
            puzzle,
            sat,
            incident,
            joiner,
            refutation: reduction.refutation,
            exhausted,
            stats: LoopStats {
                encode_time: start.elapsed(),
                reduced: Some(reduced),
                ..LoopStats::default()
            },
            encode,
        })
    }

    /// Makes later solver calls give up when `interrupt` is raised.
    pub fn set_budget(&mut self, budget: crate::Budget) {
        self.sat.set_budget(budget);
    }

    /// Why there is no tour, when the reductions proved it.
    pub fn contradiction(&self) -> Option<&str> {
        self.refutation.as_deref()
    }

    /// Whether the search proved that there is no tour.
    pub fn is_exhausted(&self) -> bool {
        self.exhausted
    }

    /// The statistics in the shape the successor loop reports them.
    pub fn solve_stats(&self) -> SolveStats {
        SolveStats {
            encoding: pathsat_encode::Encoding::Successor,
            solver: self.sat.kind(),
            encode: self.encode.clone(),
            encode_time: self.stats.encode_time,
            solve_time: self.stats.solve_time,
            solve_calls: self.stats.solve_calls,
            solutions: 0,
            subtours: Some(self.stats.clone()),
        }
    }

    /// A first tour, verified; `None` when there is none (then [`EdgeLoop::is_exhausted`]).
    ///
    /// # Errors
    /// [`SolveError::Interrupted`] when the interrupt stopped a call; another [`SolveError`]
    /// when the solver fails or a tour fails the verifier (a bug).
    pub fn first_tour(&mut self) -> Result<Option<Filling>, SolveError> {
        let n = self.incident.len();
        while !self.exhausted {
            let start = Instant::now();
            let sat = self.sat.solve().map_err(SolveError::from);
            self.stats.solve_time += start.elapsed();
            self.stats.solve_calls += 1;
            if !sat? {
                self.exhausted = true;
                break;
            }
            let model = self.sat.model().expect("a satisfiable call has a model");
            let chosen: Vec<Vec<usize>> = self
                .incident
                .iter()
                .map(|list| {
                    list.iter()
                        .filter(|&&(_, var)| {
                            model.get(var.index()).copied().flatten() == Some(true)
                        })
                        .map(|&(w, _)| w)
                        .collect()
                })
                .collect();
            if chosen.iter().any(|c| c.len() != 2) {
                return Err(SolveError::Solver(
                    "a model without exactly two edges at a vertex".into(),
                ));
            }
            let factor: TwoFactor = chosen.iter().map(|c| [c[0], c[1]]).collect();
            let cycles = cycles_of(&factor);
            if cycles.len() == 1 {
                return self.verified(&cycles[0]).map(Some);
            }
            self.stats.rounds += 1;
            self.stats.max_cycles = self.stats.max_cycles.max(cycles.len());
            if let Some((order, joined)) = self.joiner.join(&factor) {
                self.stats.patched += 1;
                self.stats.three_opt += joined.three_opt as u64;
                return self.verified(&order).map(Some);
            }
            let mut in_cycle = vec![false; n];
            for cycle in &cycles {
                for &v in cycle {
                    in_cycle[v] = true;
                }
                let cut: Vec<Lit> = cycle
                    .iter()
                    .flat_map(|&u| self.incident[u].iter())
                    .filter(|&&(w, _)| !in_cycle[w])
                    .map(|&(_, var)| var.positive())
                    .collect();
                self.sat.add_clause(&cut);
                self.stats.cuts += 1;
                for &v in cycle {
                    in_cycle[v] = false;
                }
            }
        }
        Ok(None)
    }
}

impl EdgeLoop<'_> {
    /// The filling of a tour through every cell in `order` (1 on its first cell), verified.
    fn verified(&self, order: &[usize]) -> Result<Filling, SolveError> {
        let filling = Filling::from_order(order);
        verify(self.puzzle, &filling).map_err(SolveError::Unverified)?;
        Ok(filling)
    }
}

/// Exactly two of `lits`: a unit pair for two, clauses over every triple (at most two) and
/// every literal's complement set (at least two) up to six literals, a unary counter to three
/// beyond (Sinz's sequential counter, both ways).
fn exactly_two<S: ClauseSink + ?Sized>(lits: &[Lit], sink: &mut S) {
    let d = lits.len();
    if d < 2 {
        sink.add_clause(&[]);
        return;
    }
    if d <= 6 {
        for i in 0..d {
            for j in i + 1..d {
                for k in j + 1..d {
                    sink.add_clause(&[!lits[i], !lits[j], !lits[k]]);
                }
            }
            let others: Vec<Lit> = (0..d).filter(|&j| j != i).map(|j| lits[j]).collect();
            sink.add_clause(&others);
        }
        return;
    }
    // s[j]: at least j + 1 of the literals so far (j = 0, 1, 2), as an equivalence.
    let mut previous: [Option<Lit>; 3] = [None; 3];
    for &x in lits {
        let mut current = [None; 3];
        for j in 0..3 {
            let s = sink.new_var().positive();
            // at least j+1 of the prefix with x  <=>  previous[j] or (previous[j-1] and x)
            let below = if j == 0 { None } else { previous[j - 1] };
            let carry_true = j == 0; // "at least 0" is true
            if let Some(p) = previous[j] {
                sink.add_clause(&[!p, s]);
            }
            match (carry_true, below) {
                (true, _) => sink.add_clause(&[!x, s]),
                (false, Some(b)) => sink.add_clause(&[!b, !x, s]),
                (false, None) => {}
            }
            // s -> previous[j] or x ; s -> previous[j] or below
            let mut with_x = vec![!s, x];
            if let Some(p) = previous[j] {
                with_x.push(p);
            }
            sink.add_clause(&with_x);
            if !carry_true {
                let mut with_below = vec![!s];
                if let Some(p) = previous[j] {
                    with_below.push(p);
                }
                if let Some(b) = below {
                    with_below.push(b);
                }
                sink.add_clause(&with_below);
            }
            current[j] = Some(s);
        }
        previous = current;
    }
    let [_, two, three] = previous;
    sink.add_clause(&[two.expect("counted")]);
    sink.add_clause(&[!three.expect("counted")]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_cnf::CountingSink;
    use pathsat_puzzle::Moves;

    /// Which assignments of `d` literals `exactly_two` admits, each asked of varisat under
    /// assumptions (its counter's auxiliary variables left to the solver).
    fn admitted(d: usize) -> Vec<Vec<bool>> {
        let mut sat = SatSolver::new();
        let lits: Vec<Lit> = (0..d).map(|_| sat.new_var().positive()).collect();
        exactly_two(&lits, &mut sat);
        (0u32..1 << d)
            .map(|mask| (0..d).map(|i| mask >> i & 1 == 1).collect::<Vec<bool>>())
            .filter(|values| {
                let assumed: Vec<Lit> = lits
                    .iter()
                    .zip(values)
                    .map(|(&l, &b)| if b { l } else { !l })
                    .collect();
                sat.assume(&assumed);
                sat.solve().unwrap()
            })
            .collect()
    }

    #[test]
    fn exactly_two_admits_exactly_the_pairs() {
        for d in 2..=9 {
            let models = admitted(d);
            assert_eq!(models.len(), d * (d - 1) / 2, "{d} literals");
            assert!(models.iter().all(|m| m.iter().filter(|&&b| b).count() == 2));
        }
        let mut sink = CountingSink::default();
        exactly_two(&[Var::from_index(0).positive()], &mut sink);
        assert_eq!(sink.n_clauses(), 1, "one literal: the empty clause");
    }

    #[test]
    fn finds_verified_tours_and_proves_their_absence() {
        for (r, c, moves) in [
            (6, 6, Moves::Knight),
            (4, 5, Moves::Rook),
            (3, 4, Moves::King),
        ] {
            let p = Puzzle::blank(r, c, moves, true).unwrap();
            let mut search = EdgeLoop::new(&p, SolverChoice::Varisat, 0).unwrap();
            let tour = search.first_tour().unwrap().unwrap();
            assert_eq!(verify(&p, &tour), Ok(()));
        }
        // A 5x5 rook board (odd, bipartite) and the Petersen graph have no closed tour.
        let p = Puzzle::blank(5, 5, Moves::Rook, true).unwrap();
        let mut search = EdgeLoop::new(&p, SolverChoice::Varisat, 0).unwrap();
        assert_eq!(search.first_tour().unwrap(), None);
        let p = crate::tests::petersen();
        let mut search = EdgeLoop::new(&p, SolverChoice::Varisat, 0).unwrap();
        assert_eq!(search.first_tour().unwrap(), None);
        assert!(search.is_exhausted() && search.stats.rounds > 0);
    }

    /// A seed renumbers the edges, and CaDiCaL decides in another order: each seed's tour is
    /// verified, the same seed gives the same tour, and the seeds do not all give one tour (the
    /// 8x8 board has 13,267,364,410,532 closed knight's tours, A001230). The Petersen graph
    /// stays without one under every seed. (varisat, on this board, finds one tour whatever the
    /// numbering.)
    #[cfg(feature = "cadical")]
    #[test]
    fn seeds_take_other_paths_to_verified_tours_reproducibly() {
        let p = Puzzle::blank(8, 8, Moves::Knight, true).unwrap();
        let tour = |seed: u64| {
            let mut search = EdgeLoop::new(&p, SolverChoice::Cadical, seed).unwrap();
            let tour = search.first_tour().unwrap().unwrap();
            assert_eq!(verify(&p, &tour), Ok(()), "seed {seed}");
            tour
        };
        let tours: Vec<Filling> = (0..4).map(tour).collect();
        assert_eq!(tour(3), tours[3], "the same seed, the same tour");
        assert!(tours.iter().any(|t| *t != tours[0]), "four seeds, one tour");
        let petersen = crate::tests::petersen();
        for seed in 1..4 {
            let mut search = EdgeLoop::new(&petersen, SolverChoice::Cadical, seed).unwrap();
            assert_eq!(search.first_tour().unwrap(), None);
        }
    }
}
