//! The sweep plan and the transition of one state by one vertex.
//!
//! The vertices are processed one at a time in the sweep order. Processing vertex `v` decides
//! all its edges to later vertices at once, so that `v` ends with its final degree (2, or 1 at
//! an end of a path), and drops `v` from the frontier. The *frontier* after step `i` is the set
//! of later vertices with an earlier neighbour: the vertices some of whose edges are decided.
//!
//! A state gives each frontier vertex (in sweep order) a 4-bit code ([`crate::codes`]), and
//! the states are packed into keys ([`crate::keys`]).

mod steps;

use crate::codes::{kind, ANCHORED, DONE, FRESH, UNTOUCHED};
use crate::graph::Graph;
use crate::keys::Key;
use steps::SweepSteps;

/// The widest frontier a state can hold: 2 codes + 1 anchored + 13 segment labels = 16 codes.
pub const MAX_FRONTIER: usize = 26;

/// What one step of the sweep needs to know, precomputed.
#[derive(Clone, Debug, Default)]
pub(crate) struct Step {
    /// For each slot of the frontier before the step: its index in the working frontier
    /// (the vertex processed at 0, then the frontier after the step, in sweep order).
    pub prev: Vec<u8>,
    /// Size of the working frontier: 1 + the frontier after the step.
    pub work: usize,
    /// Working indices of the processed vertex's later neighbours.
    pub later: Vec<u8>,
    /// For each working index: whether the vertex is a given end of the path.
    pub given: Vec<bool>,
    /// Twice the signed colour count of the later vertices not on the frontier (degree 0).
    pub parity_const: i32,
    /// Whether every later vertex is on the frontier after this step: only then can a cycle
    /// (or the path) close.
    pub all_in: bool,
    /// Counting the cycles of prefixes ([`Plan::new`]'s `prefixes`): whether the Hamiltonian
    /// cycles of the vertices processed up to this step are counted soundly, and so listed.
    pub prefix: bool,
    /// Counting prefixes: how many of the first frontier vertices after this step are the
    /// next vertices of the sweep. A cycle that closes at this step with the first `d` of
    /// them done (`d` at most this) and every other frontier vertex untouched is a
    /// Hamiltonian cycle of the first `i + 1 + d` vertices.
    pub consecutive: usize,
    /// Given ends processed up to and including this step, and their number still to come
    /// with the sum of their signs.
    pub given_processed: u8,
    pub given_later: u8,
    pub given_later_sign: i32,
    /// Whether the processed vertex is a given end.
    pub vertex_given: bool,
    /// The most successors one state can have.
    pub max_branch: usize,
    /// For each working index and kind of slot (untouched, done, anchored, segment end): what
    /// it adds to a [`Tally`], packed (nothing for the processed vertex, index 0).
    pub contrib: Vec<[u64; 4]>,
    /// What the working slots that are not on the frontier before the step add to a
    /// [`Tally`]: they are untouched.
    pub fresh_tally: u64,
    /// Symmetries of the graph that map the vertices processed so far onto themselves, as
    /// permutations of the working indices (index 0 fixed): a successor and its images under
    /// them have the same completions, and the largest of their keys stands for all.
    pub mirrors: Vec<Vec<u8>>,
    /// For each of `mirrors`: the inverse of the graph's symmetry it comes from, a vertex
    /// map: a walk back through a folded successor maps the edges after the step by it
    /// ([`Choice::mirror`]).
    pub unmirror: Vec<Vec<usize>>,
    /// The vertex at each working index (the processed vertex at 0): what a [`Choice`]'s
    /// targets are, for a walk back that turns choices into edges ([`crate::store`]).
    pub vertices: Vec<usize>,
}

/// What one transition chose ([`Plan::expand`]): the processed vertex's edges to the working
/// indices `targets[..n]`, whether it became an end of the path, and which of the step's
/// mirrors folded the successor (0: none; `k`: `mirrors[k - 1]`, so that the successor's key is
/// the mirror image of the state the choice made). Choices of one state are told in one fixed
/// order, which a walk back relies on to be the same on every run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Choice {
    pub end: bool,
    pub n: u8,
    pub targets: [u8; 2],
    pub mirror: u8,
}

impl Choice {
    /// The working indices the processed vertex was joined to.
    pub(crate) fn targets(&self) -> &[u8] {
        &self.targets[..usize::from(self.n)]
    }
}

/// The whole sweep.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub n: usize,
    /// Counting Hamiltonian paths (else cycles).
    pub paths: bool,
    /// Counting the cycles of the prefixes too ([`Plan::new`]).
    pub prefixes: bool,
    pub n_given: u8,
    pub bipartite: bool,
    pub steps: Vec<Step>,
    /// The most vertices on the frontier after a step.
    pub width: usize,
    /// The most states the table after each step could hold ([`crate::growth`]).
    pub bounds: Vec<f64>,
    /// A grid swept by rows or columns ([`crate::graph::is_planar_sweep`]): its segments' ends pair
    /// without crossing, in the bounds and in the estimates made from them.
    pub planar: bool,
}

/// The colour classes (+1/-1) of a bipartite graph, or `None`.
pub(crate) fn two_colouring(n: usize, adjacent: &[Vec<usize>]) -> Option<Vec<i8>> {
    let mut colour = vec![0i8; n];
    for root in 0..n {
        if colour[root] != 0 {
            continue;
        }
        colour[root] = 1;
        let mut stack = vec![root];
        while let Some(u) = stack.pop() {
            for &v in &adjacent[u] {
                if colour[v] == 0 {
                    colour[v] = -colour[u];
                    stack.push(v);
                } else if colour[v] == colour[u] {
                    return None;
                }
            }
        }
    }
    Some(colour)
}

/// The frontier sizes after each step of `order` (a permutation of the vertices).
pub(crate) fn frontier_sizes(adjacent: &[Vec<usize>], order: &[usize]) -> Vec<usize> {
    let n = adjacent.len();
    let mut position = vec![0; n];
    for (i, &v) in order.iter().enumerate() {
        position[v] = i;
    }
    // Vertex u is on the frontier after step i for first(u) <= i < position(u), where first(u)
    // is the earliest position of a neighbour.
    let mut change = vec![0i64; n + 1];
    for u in 0..n {
        let first = adjacent[u].iter().map(|&w| position[w]).min();
        if let Some(first) = first.filter(|&f| f < position[u]) {
            change[first] += 1;
            change[position[u]] -= 1;
        }
    }
    let mut width = 0i64;
    change[..n]
        .iter()
        .map(|d| {
            width += d;
            width as usize
        })
        .collect()
}

impl Plan {
    /// The plan of a sweep of `graph` in `order`; `ends` are the given ends of a path count
    /// (`None` for cycles). `Err(width)` when the frontier is too wide for the keys.
    ///
    /// With `prefixes` (cycles only), the sweep also counts the Hamiltonian cycles of the
    /// subgraph its first vertices induce, at each step where that count is sound
    /// ([`Step::prefix`]): an untouched frontier vertex is then never judged unable to reach
    /// its degree (outside a prefix it stays untouched), and a step counts only if the
    /// vertices not yet processed balance the colour classes (else the colour test would have
    /// cut the prefix's cycles) and every symmetry folded at an earlier step maps the
    /// processed vertices onto themselves (else a folded state stands for a mirror image with
    /// other prefix cycles).
    pub(crate) fn new(
        graph: &Graph,
        order: &[usize],
        ends: Option<&[usize]>,
        prefixes: bool,
    ) -> Result<Plan, usize> {
        let n = graph.n_vertices();
        let adjacent = graph.adjacency();
        let width = frontier_sizes(&adjacent, order)
            .into_iter()
            .max()
            .unwrap_or(0);
        if width > MAX_FRONTIER {
            return Err(width);
        }
        let paths = ends.is_some();
        let ends = ends.unwrap_or(&[]);
        let mut sweep = SweepSteps::new(graph, order, adjacent, ends, paths, prefixes && !paths);
        let mut frontier: Vec<usize> = Vec::new();
        let mut steps = Vec::with_capacity(n);
        for (i, &v) in order.iter().enumerate() {
            let (step, next) = sweep.step(i, v, &frontier);
            steps.push(step);
            frontier = next;
        }
        let planar = crate::graph::is_planar_sweep(graph, order);
        Ok(Plan {
            n,
            paths,
            prefixes: sweep.prefixes,
            n_given: ends.len() as u8,
            bipartite: sweep.colours.is_some(),
            bounds: crate::growth::bounds(
                graph,
                order,
                &steps.iter().map(|s| s.mirrors.len()).collect::<Vec<_>>(),
                paths,
                planar,
            ),
            planar,
            steps,
            width,
        })
    }

    /// The successors of the state `key` at step `i`: each new key is passed to `out`; each
    /// completed cycle or path to `done`, as `done(0)`, and, counting prefixes, each cycle of
    /// the first `i + k` vertices (`k` from 1) as `done(k)`; both with the [`Choice`] that made
    /// it, whose mirror is told only with `CHOICES` (a count ignores the choice, and tracking the
    /// mirror would cost it a few percent).
    #[inline]
    pub(crate) fn expand<K: Key, const CHOICES: bool>(
        &self,
        step: &Step,
        key: K,
        out: &mut impl FnMut(K, Choice),
        done: &mut impl FnMut(usize, Choice),
    ) {
        // The working frontier, and what its slots other than the processed vertex add up to
        // before the processed vertex's edges: each choice below changes a few slots only,
        // and is judged by the changes.
        let mut arr = [UNTOUCHED; 32];
        let mut base = Tally(step.fresh_tally);
        for (slot, &w) in step.prev.iter().enumerate() {
            let code = key.get(slot);
            arr[usize::from(w)] = code;
            base.0 += step.contrib[usize::from(w)][kind(code)];
        }
        let degree = match arr[0] {
            UNTOUCHED => 0,
            DONE => 2,
            _ => 1,
        };
        let mut finals: [usize; 2] = [2, 1];
        let choices: &[usize] = if !self.paths {
            &finals[..1]
        } else if step.vertex_given {
            finals[0] = 1;
            &finals[..1]
        } else {
            &finals[..]
        };
        for &fin in choices {
            if fin < degree {
                continue;
            }
            let end = fin == 1;
            match fin - degree {
                0 => self.apply::<K, CHOICES>(step, &arr, &base, &[], end, out, done),
                1 => {
                    for &a in &step.later {
                        if arr[a as usize] != DONE {
                            self.apply::<K, CHOICES>(step, &arr, &base, &[a], end, out, done);
                        }
                    }
                }
                _ => {
                    for (x, &a) in step.later.iter().enumerate() {
                        if arr[a as usize] == DONE {
                            continue;
                        }
                        for &b in &step.later[x + 1..] {
                            if arr[b as usize] != DONE {
                                self.apply::<K, CHOICES>(
                                    step,
                                    &arr,
                                    &base,
                                    &[a, b],
                                    end,
                                    out,
                                    done,
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// Joins the processed vertex (index 0) to `targets`, makes it a path end if `end`, and
    /// emits the successor if every vertex can still reach its degree.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn apply<K: Key, const CHOICES: bool>(
        &self,
        step: &Step,
        arr: &[u8; 32],
        base: &Tally,
        targets: &[u8],
        end: bool,
        out: &mut impl FnMut(K, Choice),
        done: &mut impl FnMut(usize, Choice),
    ) {
        let choice = Choice {
            end,
            n: targets.len() as u8,
            targets: [
                targets.first().copied().unwrap_or(0),
                targets.get(1).copied().unwrap_or(0),
            ],
            mirror: 0,
        };
        let mut a = *arr;
        let w = step.work;
        let mut touched = Touched::default();
        let mut closed = false;
        for (k, &t) in targets.iter().enumerate() {
            match connect(&mut a, w, t as usize, self.paths, &mut touched) {
                Join::Open => {}
                Join::Closed if k + 1 == targets.len() && !end => closed = true,
                _ => return,
            }
        }
        if end {
            match a[0] {
                ANCHORED => closed = true,
                UNTOUCHED => return,
                label => {
                    let mate = (1..w)
                        .find(|&k| a[k] == label)
                        .expect("segments have two ends");
                    a[mate] = ANCHORED;
                    touched.push(mate);
                }
            }
        }
        if closed {
            // The cycle (or the path) is complete: it must cover every vertex, so every other
            // frontier vertex is done (and none is a given end, which needs degree 1), and no
            // later vertex is off the frontier.
            if step.all_in
                && step.given_later == 0
                && (1..w).all(|k| a[k] == DONE && !step.given[k])
            {
                done(0, choice);
            } else if self.prefixes {
                // A cycle of a prefix: of the processed vertices and the next `d` of the
                // sweep, done, with no edge to the untouched rest.
                let d = (1..w).take_while(|&k| a[k] == DONE).count();
                if d <= step.consecutive && (1 + d..w).all(|k| a[k] == UNTOUCHED) {
                    done(d + 1, choice);
                }
            }
            return;
        }
        let mut tally = *base;
        for &k in &touched.list[..touched.n] {
            let k = k as usize;
            tally.0 -= step.contrib[k][kind(arr[k])];
            tally.0 += step.contrib[k][kind(a[k])];
        }
        if self.viable(step, &tally) {
            let (key, mirror) = folded::<K, CHOICES>(step, &a, K::encode(&a, w));
            out(key, Choice { mirror, ..choice });
        }
    }

    /// Whether every frontier vertex can still reach its degree, the path ends suffice, and
    /// (in a bipartite graph) the colour classes can still be balanced.
    #[inline]
    fn viable(&self, step: &Step, t: &Tally) -> bool {
        if t.bad() > 0 {
            return false;
        }
        let parity = step.parity_const + t.parity(step.work - 1);
        if self.paths {
            // Each anchored segment stands for one path end made so far.
            let anchored = t.anchored();
            let free_used = anchored - i32::from(step.given_processed);
            let free_left = 2 - i32::from(self.n_given) - free_used;
            if free_left < 0 || t.forced() > free_left {
                return false;
            }
            if self.bipartite {
                // Every remaining edge joins the two colour classes: what the classes still
                // need differs by the ends to come on each side.
                let unknown_ends = 2 - anchored - i32::from(step.given_later);
                let balance = parity - step.given_later_sign;
                if unknown_ends < 0
                    || balance.abs() > unknown_ends
                    || (unknown_ends - balance) % 2 != 0
                {
                    return false;
                }
            }
            true
        } else {
            !self.bipartite || parity == 0
        }
    }
}

/// The largest of `key` (the working frontier `a`) and the keys of its images under the step's
/// mirrors, with the mirror that gave it when `CHOICES` (0 for `key` itself, else its index + 1,
/// the first of equal images; else 0): mirror images have the same completions, so one stands for both. The largest, because
/// a key's most significant slots are the frontier's last, which the sweep keeps longest: states
/// that agree there meet again sooner (16x16 grid by rows: 340,128 states at the widest, against
/// 393,618 keeping the smallest).
#[inline]
fn folded<K: Key, const CHOICES: bool>(step: &Step, a: &[u8; 32], key: K) -> (K, u8) {
    let (mut best, mut which) = (key, 0);
    for (index, mirror) in step.mirrors.iter().enumerate() {
        let mut image = [UNTOUCHED; 32];
        for (k, &m) in mirror.iter().enumerate().skip(1) {
            image[usize::from(m)] = a[k];
        }
        let image = K::encode(&image, step.work);
        if !CHOICES {
            best = best.max(image);
        } else if image > best {
            (best, which) = (image, index as u8 + 1);
        }
    }
    (best, which)
}

/// What the frontier slots (other than the processed vertex) add up to, packed in 16-bit
/// fields of one word so that a slot is added or taken away with one addition: slots that
/// cannot reach their degree, slots that can only be path ends, anchored segment ends, and
/// the signed colour balance of the degrees still needed (each slot's share offset by 4, so
/// the field never goes below zero).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tally(u64);

const PARITY_OFFSET: i32 = 4;

impl Tally {
    /// What a slot with `code` contributes.
    fn of(paths: bool, rem: u8, given: bool, sign: i8, code: u8) -> u64 {
        let (degree, anchored) = match code {
            UNTOUCHED => (0u8, 0u64),
            DONE => (2, 0),
            ANCHORED => (1, 1),
            _ => (1, 0),
        };
        let (mut bad, mut forced) = (0u64, 0u64);
        if degree == 2 {
            // A given end needs degree 1.
            bad = u64::from(given);
        } else if rem < 2 - degree {
            // It cannot reach degree 2: only an end of a path may stay below.
            if !paths || rem + degree == 0 {
                bad = 1;
            } else if !given {
                forced = 1;
            }
        }
        let parity = i32::from(sign) * i32::from(2 - degree) + PARITY_OFFSET;
        bad | forced << 16 | anchored << 32 | (parity as u64) << 48
    }

    fn bad(self) -> i32 {
        (self.0 & 0xFFFF) as i32
    }

    fn forced(self) -> i32 {
        ((self.0 >> 16) & 0xFFFF) as i32
    }

    fn anchored(self) -> i32 {
        ((self.0 >> 32) & 0xFFFF) as i32
    }

    /// The colour balance of `slots` slots.
    fn parity(self, slots: usize) -> i32 {
        (self.0 >> 48) as i32 - PARITY_OFFSET * slots as i32
    }
}

/// Slots whose kind (untouched, done, anchored, segment end) a choice changed.
#[derive(Default)]
struct Touched {
    list: [u8; 8],
    n: usize,
}

impl Touched {
    #[inline]
    fn push(&mut self, k: usize) {
        if k != 0 && !self.list[..self.n].contains(&(k as u8)) {
            self.list[self.n] = k as u8;
            self.n += 1;
        }
    }
}

enum Join {
    Open,
    Closed,
    Invalid,
}

/// Adds the edge from the processed vertex (index 0) to index `y`.
#[inline]
fn connect(a: &mut [u8; 32], w: usize, y: usize, paths: bool, touched: &mut Touched) -> Join {
    let (p, q) = (a[0], a[y]);
    touched.push(y);
    debug_assert!(p != DONE && q != DONE);
    match (p, q) {
        (UNTOUCHED, UNTOUCHED) => {
            a[0] = FRESH;
            a[y] = FRESH;
        }
        (UNTOUCHED, l) => {
            a[y] = DONE;
            a[0] = l;
        }
        (l, UNTOUCHED) => {
            a[0] = DONE;
            a[y] = l;
        }
        (ANCHORED, ANCHORED) => {
            a[0] = DONE;
            a[y] = DONE;
            return Join::Closed;
        }
        (l, m) if l == m => {
            if paths {
                return Join::Invalid;
            }
            a[0] = DONE;
            a[y] = DONE;
            return Join::Closed;
        }
        (ANCHORED, m) => {
            a[0] = DONE;
            a[y] = DONE;
            let mate = (1..w).find(|&k| a[k] == m).expect("segments have two ends");
            a[mate] = ANCHORED;
            touched.push(mate);
        }
        (l, ANCHORED) => {
            a[0] = DONE;
            a[y] = DONE;
            let mate = (1..w).find(|&k| a[k] == l).expect("segments have two ends");
            a[mate] = ANCHORED;
            touched.push(mate);
        }
        (l, m) => {
            a[0] = DONE;
            a[y] = DONE;
            let mate = (1..w).find(|&k| a[k] == m).expect("segments have two ends");
            a[mate] = l;
        }
    }
    Join::Open
}
