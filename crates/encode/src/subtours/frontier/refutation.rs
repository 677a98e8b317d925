//! A DRAT refutation of the frontier rule's CNF, written by the sweep itself: the frontier
//! program's states, turned into lemmas.
//!
//! A *state* after i edges is what the rest of the sweep depends on: which of the edges taken
//! so far at an active vertex are chosen, and which active vertices are joined. Its *lemma*
//! is the clause "not this state": the negation of those edges' values and of the `joined`
//! variables of its joined pairs (only the true ones: the rule writes the implications that
//! build `joined`, so unit propagation sets exactly those).
//!
//! The sweep goes forward once from the empty state, edge by edge, chosen or not, keeping the
//! states that live. A choice is *excluded* when unit propagation from the state alone rules
//! it out (a third edge at a vertex with two; leaving out the last edge of a vertex with one),
//! and *dies* when unit propagation refutes it once made (a vertex left with fewer than two
//! edges, or a cycle closed while a vertex still needs one: `done` forbids every later edge).
//! If a cycle closes with every vertex served, the graph is Hamiltonian and there is nothing
//! to refute. Otherwise one lemma per *branching* state (neither choice excluded) is written,
//! backwards from the last edge: "s ⇒ edge i not chosen". It follows by unit propagation:
//! choosing the edge leads through forced choices to states whose lemmas are already there,
//! or dies. "Not s" then follows too (the lemma forces the edge out, and the other choice
//! is refuted the same way), so a state whose choice is forced needs no lemma of its own.
//! The first edge's empty state ends it: its lemma is the unit "edge 1 not chosen", and the
//! empty clause follows. A DRAT checker checks each lemma by unit propagation: nothing rests
//! on this code.
//!
//! The proof is as long as the frontier program's work (about one lemma per state); it needs
//! the degree clauses at every vertex (degrees 2 to 6) and gives up past its limits.

use super::{degrees, encode, interfaces, ArcGraph, Layout};
use pathsat_cnf::{CountingSink, Lit};
use std::collections::HashMap;

/// What the sweep found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refutation {
    /// The lemmas were written, the last the empty clause: the rule's CNF (with the
    /// successor encoding's clauses or without) has no model.
    Refuted {
        /// How many lemmas.
        lemmas: u64,
    },
    /// A cycle through every vertex closes: there is nothing to refute.
    Cycle,
    /// Not by this method: a vertex of fewer than 2 or more than 6 edges, or past the limits.
    OutOfReach,
}

/// How far the sweep goes before it gives up (the proof would be long, or the graph is too
/// wide): its transitions between states, and the lemmas of its proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SweepLimits {
    /// Transitions between states (each choice of an edge from a live state).
    pub transitions: usize,
    /// Interface edges (taken, with an end still active) at any point of the sweep: each
    /// doubles the states there may be. Checked before the states are built.
    pub interface: usize,
    /// Literals of the proof's lemmas (one per state whose next choice is free).
    pub literals: u64,
}

/// One state after some edges: the chosen bits of the interface edges (in the layer's order)
/// and a group number per active vertex (joined vertices share theirs; numbered in order of
/// first appearance).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    chosen: u128,
    group: Vec<u8>,
}

/// Runs the sweep over the frontier rule's variables for `graph` (the rule's first variable
/// is `first_aux`, as it was when the rule was written) and, when no cycle exists, gives each
/// lemma of the refutation to `lemma` in order, the last the empty clause. Out of reach past
/// `limits`.
pub fn refutation(
    graph: &ArcGraph,
    first_aux: usize,
    limits: SweepLimits,
    mut lemma: impl FnMut(&[Lit]),
) -> Refutation {
    let layout = encode(
        graph,
        &mut CountingSink {
            n_vars: first_aux,
            ..CountingSink::default()
        },
    );
    let n = graph.n_vertices;
    if n < 3 || !layout.degree_clauses.iter().all(|&d| d) {
        return Refutation::OutOfReach;
    }
    let Some(layers) = forward(&layout, n, limits) else {
        return Refutation::OutOfReach;
    };
    let layers = match layers {
        Forward::Cycle => return Refutation::Cycle,
        Forward::Layers(layers) => layers,
    };
    // A state whose next edge's choice unit propagation forces needs no lemma: a check that
    // reaches it goes on through the forced choice. Each lemma is "not s" and the edge out.
    let literals: u64 = layers
        .iter()
        .flat_map(|l| l.states.iter().zip(&l.branches).map(move |s| (l, s)))
        .filter(|(_, (_, branches))| !branches.contains(&Branch::Excluded))
        .map(|(l, (s, _))| (l.interface.len() + joined_pairs(&s.group) + 1) as u64)
        .sum::<u64>()
        + 1;
    if literals > limits.literals {
        return Refutation::OutOfReach;
    }
    let mut lemmas = 0u64;
    let mut clause = Vec::new();
    for i in (0..layout.edges.len()).rev() {
        let chosen = layout.chosen[i];
        for (s, branches) in layers[i].states.iter().zip(&layers[i].branches) {
            if !branches.contains(&Branch::Excluded) {
                not_state(&layout, &layers[i], i, s, &mut clause);
                clause.push(!chosen);
                lemma(&clause);
                lemmas += 1;
            }
        }
    }
    lemma(&[]);
    lemmas += 1;
    Refutation::Refuted { lemmas }
}

/// The states after some edges, with the interface edges their bits stand for and what each
/// choice of the next edge leads to.
struct Layer {
    interface: Vec<usize>,
    states: Vec<State>,
    /// Per state: the next edge left out, then chosen.
    branches: Vec<[Branch; 2]>,
}

/// What a choice of the next edge leads to, from a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    /// Unit propagation from the state alone rules the choice out (a third edge at a vertex,
    /// or the last edge of a vertex with one): the other choice is forced.
    Excluded,
    /// Unit propagation refutes it once it is made (a vertex left with fewer than two edges, a
    /// cycle closed early).
    Dies,
    /// A live state after the edge.
    Next(usize),
}

enum Forward {
    Cycle,
    /// `layers[i]`: the live states after the first i edges.
    Layers(Vec<Layer>),
}

/// How many pairs of active vertices share a group: the `joined` literals of a lemma.
fn joined_pairs(group: &[u8]) -> usize {
    let mut sizes = [0usize; 256];
    for &g in group {
        sizes[usize::from(g)] += 1;
    }
    sizes.iter().map(|&k| k * k.saturating_sub(1) / 2).sum()
}

/// The lemma "not s" of a state after the first `i` edges, into `clause`.
fn not_state(layout: &Layout, layer: &Layer, i: usize, s: &State, clause: &mut Vec<Lit>) {
    clause.clear();
    for (bit, &j) in layer.interface.iter().enumerate() {
        let lit = layout.chosen[j];
        clause.push(if s.chosen >> bit & 1 == 1 { !lit } else { lit });
    }
    let active = &layout.active[i];
    let k = active.vertices.len();
    for p in 0..k {
        for q in p + 1..k {
            if s.group[p] == s.group[q] {
                let joined = active.joined[p * k + q].expect("a variable per active pair");
                clause.push(!joined);
            }
        }
    }
}

/// The forward sweep; `None` past the limits or 128 interface edges. The states' interface
/// edges are counted as they come: the proof's literals are at least those of its branching
/// states, so a sweep whose states hold twice the limit gives up early.
fn forward(layout: &Layout, n: usize, limits: SweepLimits) -> Option<Forward> {
    let interfaces = interfaces(&layout.edges, n);
    if interfaces
        .iter()
        .any(|f| f.len() > limits.interface.min(128))
    {
        return None;
    }
    let mut sweep = Sweep {
        layout,
        limits,
        to_come: degrees(&layout.edges, n),
        touched: vec![false; n],
        untouched: n,
        held: 0,
        kept: 1,
    };
    let mut layers = vec![Layer {
        interface: Vec::new(),
        states: vec![State {
            chosen: 0,
            group: Vec::new(),
        }],
        branches: Vec::new(),
    }];
    for i in 0..layout.edges.len() {
        let interface = interfaces[i + 1].clone();
        let (states, branches) = match sweep.step(i, &layers[i], &interface) {
            Ok(next) => next,
            Err(Stop::Cycle) => return Some(Forward::Cycle),
            Err(Stop::OutOfReach) => return None,
        };
        layers[i].branches = branches;
        layers.push(Layer {
            interface,
            states,
            branches: Vec::new(),
        });
    }
    // Every vertex served and no cycle closed cannot happen; a live state here would be a bug
    // of the sweep, so it claims nothing.
    if layers.last().is_some_and(|l| !l.states.is_empty()) {
        return None;
    }
    Some(Forward::Layers(layers))
}

/// Why the forward sweep ends before its last edge.
enum Stop {
    /// A cycle through every vertex closes.
    Cycle,
    /// Past the limits.
    OutOfReach,
}

/// The forward sweep as it goes, edge by edge: the edges still to come at each vertex, the
/// vertices no edge has touched yet, and what counts against the limits (the interface edges
/// the states hold, the transitions so far).
struct Sweep<'l> {
    layout: &'l Layout,
    limits: SweepLimits,
    to_come: Vec<usize>,
    touched: Vec<bool>,
    untouched: usize,
    held: u64,
    kept: usize,
}

/// The live states after an edge, in the order they are found, and the index of each.
#[derive(Default)]
struct NextStates {
    states: Vec<State>,
    index: HashMap<State, usize>,
}

impl Sweep<'_> {
    /// Takes edge `i` from every state of `before`: gives the live states after it (whose
    /// interface edges are `interface`) and, per state before, what each choice leads to.
    fn step(
        &mut self,
        i: usize,
        before: &Layer,
        interface: &[usize],
    ) -> Result<(Vec<State>, Vec<[Branch; 2]>), Stop> {
        let layout = self.layout;
        let e = &layout.edges[i];
        for x in [e.a, e.b] {
            self.to_come[x] -= 1;
            if !std::mem::replace(&mut self.touched[x], true) {
                self.untouched -= 1;
            }
        }
        let crossing = Crossing::new(layout, i, &before.interface, interface);
        let mut next = NextStates::default();
        let mut branches: Vec<[Branch; 2]> = Vec::with_capacity(before.states.len());
        for s in &before.states {
            branches.push(self.branches(&crossing, s, &mut next)?);
        }
        Ok((next.states, branches))
    }

    /// What each choice of the crossing's edge (left out, then chosen) leads to from state
    /// `s`; the live states it reaches go into `next`.
    fn branches(
        &mut self,
        c: &Crossing<'_>,
        s: &State,
        next: &mut NextStates,
    ) -> Result<[Branch; 2], Stop> {
        // Degrees of the edge's ends before it.
        let da = (s.chosen & c.mask_a).count_ones();
        let db = (s.chosen & c.mask_b).count_ones();
        let mut outcome = [Branch::Dies; 2];
        // A vertex with two chosen edges takes no third (its "at most two" clause); a
        // vertex with one, at its last edge, must take it (its "at least two" clause).
        let full = da == 2 || db == 2;
        let must = (self.to_come[c.a] == 0 && da == 1) || (self.to_come[c.b] == 0 && db == 1);
        let mut kept_bits = 0u128;
        for &(old, new) in &c.moves {
            kept_bits |= (s.chosen >> old & 1) << new;
        }
        for take in [false, true] {
            if (take && full) || (!take && must) {
                outcome[usize::from(take)] = Branch::Excluded;
                continue;
            }
            let (na, nb) = if take { (da + 1, db + 1) } else { (da, db) };
            if na > 2 || nb > 2 {
                continue;
            }
            if (self.to_come[c.a] == 0 && na < 2) || (self.to_come[c.b] == 0 && nb < 2) {
                continue;
            }
            let closes = take
                && matches!((c.place_a, c.place_b), (Some(p), Some(q)) if s.group[p] == s.group[q]);
            // The chosen bits after the edge.
            let mut chosen = kept_bits;
            if let (true, Some(bit)) = (take, c.own_bit) {
                chosen |= 1 << bit;
            }
            if closes {
                let served = self.untouched == 0
                    && c.after_masks
                        .iter()
                        .all(|&m| (chosen & m).count_ones() == 2);
                if served {
                    return Err(Stop::Cycle);
                }
                continue;
            }
            let group = regroup(s, c.active_before, c.active_after, c.a, c.b, take);
            let state = State { chosen, group };
            let at = *next.index.entry(state.clone()).or_insert_with(|| {
                self.held += c.width as u64;
                next.states.push(state);
                next.states.len() - 1
            });
            outcome[usize::from(take)] = Branch::Next(at);
            self.kept += 1;
            if self.kept > self.limits.transitions || self.held > 2 * self.limits.literals {
                return Err(Stop::OutOfReach);
            }
        }
        Ok(outcome)
    }
}

/// Edge `i` as the states cross it, worked out once for all of them: the interface bits at its
/// ends before it and at each vertex active after it, where each bit before goes (the edge
/// itself is `own_bit` after, if kept), and where its ends sit among the vertices active
/// before it.
struct Crossing<'l> {
    a: usize,
    b: usize,
    active_before: &'l [usize],
    active_after: &'l [usize],
    mask_a: u128,
    mask_b: u128,
    after_masks: Vec<u128>,
    /// (bit before, bit after) of each interface edge kept.
    moves: Vec<(usize, usize)>,
    own_bit: Option<usize>,
    place_a: Option<usize>,
    place_b: Option<usize>,
    /// The interface edges after it: what each state after it holds.
    width: usize,
}

impl<'l> Crossing<'l> {
    /// Edge `i` of `layout`, from the interface edges `before` it to those after it
    /// (`interface`).
    fn new(layout: &'l Layout, i: usize, before: &[usize], interface: &[usize]) -> Self {
        let e = &layout.edges[i];
        let active_before = &layout.active[i].vertices;
        let active_after = &layout.active[i + 1].vertices;
        // The interface edges at a vertex, as bits.
        let at = |edges: &[usize], v: usize| -> u128 {
            edges
                .iter()
                .enumerate()
                .filter(|&(_, &j)| layout.edges[j].a == v || layout.edges[j].b == v)
                .fold(0, |m, (bit, _)| m | 1 << bit)
        };
        Crossing {
            a: e.a,
            b: e.b,
            active_before,
            active_after,
            mask_a: at(before, e.a),
            mask_b: at(before, e.b),
            after_masks: active_after.iter().map(|&v| at(interface, v)).collect(),
            moves: before
                .iter()
                .enumerate()
                .filter_map(|(old, j)| interface.iter().position(|k| k == j).map(|new| (old, new)))
                .collect(),
            own_bit: interface.iter().position(|&j| j == i),
            place_a: active_before.iter().position(|&w| w == e.a),
            place_b: active_before.iter().position(|&w| w == e.b),
            width: interface.len(),
        }
    }
}

/// The groups after the edge a – b, chosen or not: the vertices active before keep theirs, a
/// vertex new to the sweep starts its own, the edge joins a's and b's; then the vertices still
/// active are numbered in order of first appearance.
fn regroup(
    s: &State,
    before: &[usize],
    after: &[usize],
    a: usize,
    b: usize,
    take: bool,
) -> Vec<u8> {
    let fresh = before.len();
    let group_of = |v: usize| -> usize {
        match before.iter().position(|&w| w == v) {
            Some(p) => usize::from(s.group[p]),
            None => fresh + usize::from(v == b),
        }
    };
    let (ga, gb) = (group_of(a), group_of(b));
    let mut names: Vec<usize> = Vec::new();
    after
        .iter()
        .map(|&v| {
            let mut g = group_of(v);
            if take && g == gb {
                g = ga;
            }
            let name = names.iter().position(|&x| x == g).unwrap_or_else(|| {
                names.push(g);
                names.len() - 1
            });
            name as u8
        })
        .collect()
}
