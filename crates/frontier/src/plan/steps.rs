//! The steps of a plan ([`super::Plan::new`]), worked out one vertex of the sweep order after
//! another: the working frontier of each step, what its slots add to a [`Tally`], and the
//! symmetries that fold its states.

use super::{two_colouring, Step, Tally};
use crate::codes::{kind, ANCHORED, DONE, FIRST_LABEL, UNTOUCHED};
use crate::graph::Graph;

/// What a plan's steps are worked out from, one vertex of the order after another: the graph's
/// adjacency and colour classes in the sweep order, the given ends, and the graph's symmetries
/// with how far each still is from mapping the processed vertices onto themselves.
pub(super) struct SweepSteps<'a> {
    adjacent: Vec<Vec<usize>>,
    /// Each vertex's position in the order.
    position: Vec<usize>,
    /// The colour classes (+1/-1) of a bipartite graph.
    pub(super) colours: Option<Vec<i8>>,
    ends: &'a [usize],
    paths: bool,
    /// Counting the cycles of the prefixes (cycles only).
    pub(super) prefixes: bool,
    /// The signed colour count of the vertices after each position.
    later_sign: Vec<i32>,
    symmetries: Vec<Vec<usize>>,
    inverses: Vec<Vec<usize>>,
    /// For each symmetry: the processed vertices whose image is not processed yet.
    outside: Vec<usize>,
    /// The symmetries folded at an earlier step (for the prefixes' counts).
    folded_before: Vec<bool>,
    processed: Vec<bool>,
}

/// The index of vertex `w` in the working frontier `work`.
fn slot(work: &[usize], w: usize) -> u8 {
    work.iter().position(|&x| x == w).expect("on the frontier") as u8
}

impl<'a> SweepSteps<'a> {
    /// The steps of a sweep of `graph` (whose `adjacent` lists these are) in `order`: of paths
    /// with the given `ends` (none for cycles) when `paths`, counting prefixes when `prefixes`.
    pub(super) fn new(
        graph: &Graph,
        order: &[usize],
        adjacent: Vec<Vec<usize>>,
        ends: &'a [usize],
        paths: bool,
        prefixes: bool,
    ) -> SweepSteps<'a> {
        let n = adjacent.len();
        let mut position = vec![usize::MAX; n];
        for (i, &v) in order.iter().enumerate() {
            position[v] = i;
        }
        let colours = two_colouring(n, &adjacent);
        let sign = |v: usize| colours.as_ref().map_or(0, |c| c[v]);
        let mut later_sign = vec![0i32; n + 1];
        for i in (0..n).rev() {
            later_sign[i] = later_sign[i + 1] + i32::from(sign(order[i]));
        }
        let symmetries = crate::graph::automorphisms(graph, ends);
        let inverses: Vec<Vec<usize>> = symmetries
            .iter()
            .map(|map| {
                let mut inverse = vec![0; n];
                for (v, &image) in map.iter().enumerate() {
                    inverse[image] = v;
                }
                inverse
            })
            .collect();
        SweepSteps {
            outside: vec![0; symmetries.len()],
            folded_before: vec![false; symmetries.len()],
            processed: vec![false; n],
            adjacent,
            position,
            colours,
            ends,
            paths,
            prefixes,
            later_sign,
            symmetries,
            inverses,
        }
    }

    /// The colour class of `v` (+1 or -1 when the graph is bipartite, else 0).
    fn sign(&self, v: usize) -> i8 {
        self.colours.as_ref().map_or(0, |c| c[v])
    }

    /// Whether `v` is a given end of the path.
    fn is_given(&self, v: usize) -> bool {
        self.ends.contains(&v)
    }

    /// The step of vertex `v`, the `i`-th of the order, from the `frontier` before it; and the
    /// frontier after it.
    pub(super) fn step(&mut self, i: usize, v: usize, frontier: &[usize]) -> (Step, Vec<usize>) {
        let n = self.adjacent.len();
        self.process(v);
        let position = &self.position;
        let mut later: Vec<usize> = self.adjacent[v]
            .iter()
            .copied()
            .filter(|&w| position[w] > i)
            .collect();
        later.sort_by_key(|&w| position[w]);
        let mut work: Vec<usize> = frontier.to_vec();
        work.push(v);
        work.extend(&later);
        work.sort_by_key(|&w| position[w]);
        work.dedup();
        debug_assert_eq!(work[0], v);
        let prev: Vec<u8> = frontier.iter().map(|&w| slot(&work, w)).collect();
        let later_idx: Vec<u8> = later.iter().map(|&w| slot(&work, w)).collect();
        let given: Vec<bool> = work.iter().map(|&w| self.is_given(w)).collect();
        let next: Vec<usize> = work[1..].to_vec();
        let frontier_sign: i32 = next.iter().map(|&w| i32::from(self.sign(w))).sum();
        let (given_processed, given_later, given_later_sign) = self.given_counts(i);
        let l = later.len();
        let (contrib, fresh_tally) = self.tallies(i, &work, &prev, &given);
        let prefix = self.prefix_counts(i);
        let consecutive = next
            .iter()
            .enumerate()
            .take_while(|&(k, &w)| position[w] == i + 1 + k)
            .count();
        let (mirrors, unmirror) = self.mirrors(&work);
        let step = Step {
            contrib,
            fresh_tally,
            mirrors,
            unmirror,
            prev,
            work: work.len(),
            later: later_idx,
            given,
            parity_const: 2 * (self.later_sign[i + 1] - frontier_sign),
            all_in: next.len() == n - 1 - i,
            prefix,
            consecutive,
            given_processed,
            given_later,
            given_later_sign,
            vertex_given: self.is_given(v),
            max_branch: (l * l.saturating_sub(1) / 2 + l).max(l + 1),
            vertices: work,
        };
        (step, next)
    }

    /// Marks `v` processed, and counts anew for each symmetry the processed vertices whose
    /// image is not.
    fn process(&mut self, v: usize) {
        self.processed[v] = true;
        for (s, map) in self.symmetries.iter().enumerate() {
            if !self.processed[map[v]] {
                self.outside[s] += 1;
            }
            let preimage = self.inverses[s][v];
            if preimage != v && self.processed[preimage] {
                self.outside[s] -= 1;
            }
        }
    }

    /// The given ends processed up to and including step `i`, and their number still to come
    /// with the sum of their signs.
    fn given_counts(&self, i: usize) -> (u8, u8, i32) {
        let position = &self.position;
        let given_processed = self.ends.iter().filter(|&&e| position[e] <= i).count() as u8;
        let given_later = self.ends.len() as u8 - given_processed;
        let given_later_sign = self
            .ends
            .iter()
            .filter(|&&e| position[e] > i)
            .map(|&e| i32::from(self.sign(e)))
            .sum();
        (given_processed, given_later, given_later_sign)
    }

    /// What each slot of the working frontier `work` of step `i` adds to a [`Tally`]
    /// ([`Step::contrib`]; `prev` the slots of the frontier before the step, `given` the given
    /// ends), and what the slots new to the frontier add, untouched ([`Step::fresh_tally`]).
    fn tallies(
        &self,
        i: usize,
        work: &[usize],
        prev: &[u8],
        given: &[bool],
    ) -> (Vec<[u64; 4]>, u64) {
        // Edges still undecided after this step (to later vertices), and the colour class.
        let rem: Vec<u8> = work
            .iter()
            .map(|&w| {
                self.adjacent[w]
                    .iter()
                    .filter(|&&x| self.position[x] > i)
                    .count()
                    .min(255) as u8
            })
            .collect();
        let signs: Vec<i8> = work.iter().map(|&w| self.sign(w)).collect();
        let contrib: Vec<[u64; 4]> = (0..work.len())
            .map(|k| {
                if k == 0 {
                    return [0; 4];
                }
                [UNTOUCHED, DONE, ANCHORED, FIRST_LABEL].map(|code| {
                    // Counting prefixes: an untouched vertex may stay untouched.
                    let rem = if self.prefixes && code == UNTOUCHED {
                        rem[k].max(2)
                    } else {
                        rem[k]
                    };
                    Tally::of(self.paths, rem, given[k], signs[k], code)
                })
            })
            .collect();
        let fresh_tally = (1..work.len())
            .filter(|k| !prev.contains(&(*k as u8)))
            .map(|k| contrib[k][kind(UNTOUCHED)])
            .sum();
        (contrib, fresh_tally)
    }

    /// Counting prefixes: whether the cycles of the vertices processed up to step `i` are
    /// counted soundly ([`Step::prefix`]; [`super::Plan::new`] says when), given the symmetries
    /// folded before this step.
    fn prefix_counts(&self, i: usize) -> bool {
        self.prefixes
            && i + 1 < self.adjacent.len()
            && self.later_sign[i + 1] == 0
            && (0..self.symmetries.len()).all(|s| !self.folded_before[s] || self.outside[s] == 0)
    }

    /// The symmetries that map the processed vertices onto themselves, as permutations of the
    /// working frontier `work` ([`Step::mirrors`]), each once; those that move a slot are
    /// folded from this step on.
    fn mirrors(&mut self, work: &[usize]) -> (Vec<Vec<u8>>, Vec<Vec<usize>>) {
        // A symmetry that maps the processed vertices onto themselves maps the frontier
        // (the later vertices with a processed neighbour) onto itself.
        let mut mirrors: Vec<Vec<u8>> = Vec::new();
        let mut unmirror: Vec<Vec<usize>> = Vec::new();
        for (s, map) in self.symmetries.iter().enumerate() {
            if self.outside[s] != 0 || work.len() < 2 {
                continue;
            }
            let mirror: Vec<u8> = work
                .iter()
                .enumerate()
                .map(|(k, &u)| if k == 0 { 0 } else { slot(work, map[u]) })
                .collect();
            let moves = mirror.iter().enumerate().any(|(k, &m)| usize::from(m) != k);
            if moves {
                self.folded_before[s] = true;
                if !mirrors.contains(&mirror) {
                    mirrors.push(mirror);
                    unmirror.push(self.inverses[s].clone());
                }
            }
        }
        (mirrors, unmirror)
    }
}
