//! # Passing a graph's clusters one path at a time
//!
//! Some FHCP graphs are a few large *clusters* (a sparse body and the hubs, vertices of high
//! degree, that serve it) joined to each other by four or five edges and a few vertices
//! between them. A Hamiltonian cycle crosses the edges around a cluster an even number of
//! times. Where it crosses them twice it passes the cluster once, along a Hamiltonian path of
//! the cluster between the inner ends of the two edges; where four times, it passes twice,
//! along two paths that cover the cluster together (a pass may be one vertex, entered and left
//! at once). The whole graph defeats the successor and edge loops (a hub's edges let every
//! subcycle close cheaply), while a cluster's paths take the race milliseconds. So
//! [`Clusters::search`] works on two levels:
//!
//! 1. **The skeleton**: each cluster one node, every other vertex a node of its own, joined by
//!    the graph's edges between them. A depth-first search grows closed walks through it that
//!    pass every vertex once, every cluster once or twice, and use each edge at most once.
//! 2. **The clusters' passes**: when the walk leaves a cluster after what may be its last
//!    pass, the cluster's passes are asked for at once (and the walk goes on only if they are
//!    found; the search also tries the pass as one to come back after). The question is a
//!    graph of its own: the cluster less its one-vertex passes, with a connector vertex per
//!    pass joined to that pass's last end and the next pass's first end (the connectors of
//!    [`crate::two_cuts`]). A Hamiltonian cycle of it, less its connectors, covers the cluster
//!    with the passes' paths, provided it pairs their ends as the walk does (checked: a cycle
//!    that pairs them otherwise counts as no answer). Answers are kept per cluster and set of
//!    passes, so each is searched for once.
//!
//! The first walk whose every cluster has its paths makes the graph's cycle, verified like any
//! other. The search is incomplete (a cycle may pass a cluster three times; a pass's search
//! has a few seconds), so it never answers "no": when its walks run out or its share of the
//! time is spent, the race has the graph whole.
//!
//! **Clusters** are found from the degrees alone. Hubs are the vertices of degree at least
//! [`HUB_FACTOR`] times the median (and at least [`MIN_HUB_DEGREE`]). The components the graph
//! falls into without them, each with the hubs that have most of their neighbours in it, are
//! the candidates. A candidate smaller than a cluster joins the one that more than half of its
//! outside edges go to (the small gadgets hung between a cluster's hubs). A candidate of at
//! least [`MIN_CLUSTER`] vertices joined to the rest by at most [`MAX_BOUNDARY`] edges is a
//! cluster. It takes two clusters, and a skeleton of at most
//! [`MAX_SKELETON`] nodes, for the search to run.

use crate::{Budget, SolveError};
use pathsat_puzzle::{verify, CellRule, Expect, Filling, Puzzle};
use std::collections::{HashMap, HashSet};
use std::time::Duration;

/// A hub's degree is at least this many times the median degree.
pub const HUB_FACTOR: usize = 3;
/// ... and at least this.
pub const MIN_HUB_DEGREE: usize = 12;
/// The fewest vertices of a cluster.
pub const MIN_CLUSTER: usize = 20;
/// The most edges joining a cluster to the rest of the graph.
pub const MAX_BOUNDARY: usize = 8;
/// The most nodes of a skeleton searched.
pub const MAX_SKELETON: usize = 64;
/// The most rounds in which small parts are joined to their neighbours.
pub const MERGE_ROUNDS: usize = 8;
/// The most steps of the search through the skeleton.
pub const MAX_STEPS: usize = 200_000;
/// The time one search of a cluster's passes has.
pub const PASS_TIME: Duration = Duration::from_secs(3);

/// A pass of a walk through a cluster: the vertices where it enters and leaves.
type Pass = (usize, usize);

/// The paths that cover a cluster for one set of passes, or `None` when they were not found.
type Cover = Option<Vec<Vec<usize>>>;

/// An edge of the skeleton, seen from one of its nodes.
#[derive(Clone, Copy, Debug)]
struct Link {
    /// The node at the other end.
    to: usize,
    /// The edge's end in this node, and its end in the other.
    inner: usize,
    outer: usize,
    /// The edge's number among the skeleton's.
    id: usize,
}

/// A graph's clusters and its skeleton (see the module docs).
#[derive(Debug)]
pub struct Clusters {
    /// The vertices of each cluster, ascending; the skeleton's first nodes.
    members: Vec<Vec<usize>>,
    /// Each vertex's skeleton node.
    node: Vec<usize>,
    /// The skeleton's edges out of each node.
    links: Vec<Vec<Link>>,
    /// The graph's neighbours of each vertex.
    adjacency: Vec<Vec<usize>>,
    /// How many edges the skeleton has.
    skeleton_edges: usize,
}

/// What a search found, and what it cost.
pub struct Found {
    /// The graph's Hamiltonian cycle, verified; `None` when the search gave up.
    pub filling: Option<Filling>,
    /// Closed walks of the skeleton whose every cluster had its passes' paths (the last is
    /// the tour's).
    pub walks: usize,
    /// Searches for a cluster's passes.
    pub searches: usize,
}

impl Clusters {
    /// The clusters of `puzzle`'s graph (a closed tour of two-way moves without givens), or
    /// `None` when it has fewer than two, or too large a skeleton.
    pub fn find(puzzle: &Puzzle) -> Option<Clusters> {
        let n = puzzle.n_cells();
        let adjacency: Vec<&[usize]> = (0..n).map(|u| puzzle.successors(u)).collect();
        let part = parts_around_hubs(&adjacency)?;
        let parts = part.iter().max().map_or(0, |&p| p + 1);
        let mut size = vec![0usize; parts];
        let mut boundary = vec![0usize; parts];
        for u in 0..n {
            size[part[u]] += 1;
            boundary[part[u]] += adjacency[u].iter().filter(|&&v| part[v] != part[u]).count();
        }
        let mut cluster_of_part = vec![usize::MAX; parts];
        let mut clusters = 0;
        for p in 0..parts {
            if size[p] >= MIN_CLUSTER && boundary[p] <= MAX_BOUNDARY {
                cluster_of_part[p] = clusters;
                clusters += 1;
            }
        }
        if clusters < 2 || clusters + n - cluster_size(&part, &cluster_of_part) > MAX_SKELETON {
            return None;
        }
        let mut members = vec![Vec::new(); clusters];
        let mut node = vec![0usize; n];
        let mut next = clusters;
        for v in 0..n {
            match cluster_of_part[part[v]] {
                usize::MAX => {
                    node[v] = next;
                    next += 1;
                }
                c => {
                    node[v] = c;
                    members[c].push(v);
                }
            }
        }
        let mut links = vec![Vec::new(); next];
        let mut skeleton_edges = 0;
        for u in 0..n {
            for &v in adjacency[u] {
                if u < v && node[u] != node[v] {
                    let id = skeleton_edges;
                    skeleton_edges += 1;
                    let (a, b) = (node[u], node[v]);
                    links[a].push(Link {
                        to: b,
                        inner: u,
                        outer: v,
                        id,
                    });
                    links[b].push(Link {
                        to: a,
                        inner: v,
                        outer: u,
                        id,
                    });
                }
            }
        }
        Some(Clusters {
            members,
            node,
            links,
            adjacency: adjacency.iter().map(|a| a.to_vec()).collect(),
            skeleton_edges,
        })
    }

    /// How many clusters there are.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether there are none (never, for a value [`Clusters::find`] returned).
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// Searches the skeleton's walks for a Hamiltonian cycle of `puzzle`, until one is found,
    /// the walks run out or `budget` is raised. `solve` answers a cluster's passes as a graph
    /// puzzle (a tour, or `None` when none was found within the budget it is given).
    ///
    /// # Errors
    /// The first error of `solve`, or a joined cycle that fails the verifier (a bug).
    pub fn search<F>(&self, puzzle: &Puzzle, budget: &Budget, solve: F) -> Result<Found, SolveError>
    where
        F: FnMut(&Puzzle, &Budget) -> Result<Option<Filling>, SolveError>,
    {
        let nodes = self.links.len();
        // Start at a vertex that is no cluster's, where there is one: its one pass is fixed.
        let start = (self.len()..nodes).next().unwrap_or(0);
        let mut walker = Walker {
            clusters: self,
            puzzle,
            budget,
            solve,
            start,
            used: vec![false; self.skeleton_edges],
            visits: vec![0; nodes],
            ends_used: vec![0; self.node.len()],
            unvisited: nodes - 1,
            closed: vec![false; self.len()],
            passes: vec![Vec::new(); self.len()],
            walk: Vec::new(),
            covers: HashMap::new(),
            walks: 0,
            steps: 0,
            searches: 0,
        };
        walker.visits[start] = 1;
        let filling = walker.extend(start)?;
        Ok(Found {
            filling,
            walks: walker.walks,
            searches: walker.searches,
        })
    }
}

/// Each vertex's part: the components of the graph without its hubs, each hub joined to the
/// one it has most neighbours in (a hub with none is a part of its own). `None` when the graph
/// has no hub.
fn parts_around_hubs(adjacency: &[&[usize]]) -> Option<Vec<usize>> {
    let n = adjacency.len();
    let mut degrees: Vec<usize> = adjacency.iter().map(|a| a.len()).collect();
    degrees.sort_unstable();
    let median = *degrees.get(n / 2)?;
    let threshold = (HUB_FACTOR * median).max(MIN_HUB_DEGREE);
    let hub: Vec<bool> = adjacency.iter().map(|a| a.len() >= threshold).collect();
    if !hub.contains(&true) {
        return None;
    }
    let mut part = vec![usize::MAX; n];
    let mut parts = 0;
    for s in 0..n {
        if hub[s] || part[s] != usize::MAX {
            continue;
        }
        part[s] = parts;
        let mut stack = vec![s];
        while let Some(u) = stack.pop() {
            for &v in adjacency[u] {
                if !hub[v] && part[v] == usize::MAX {
                    part[v] = parts;
                    stack.push(v);
                }
            }
        }
        parts += 1;
    }
    for h in (0..n).filter(|&h| hub[h]) {
        let mut count: HashMap<usize, usize> = HashMap::new();
        for &v in adjacency[h].iter().filter(|&&v| !hub[v]) {
            *count.entry(part[v]).or_default() += 1;
        }
        part[h] = match count
            .into_iter()
            .max_by_key(|&(p, k)| (k, std::cmp::Reverse(p)))
        {
            Some((p, _)) => p,
            None => {
                parts += 1;
                parts - 1
            }
        };
    }
    merge_small_parts(adjacency, &mut part);
    Some(part)
}

/// Joins each part smaller than a cluster to the part that most of its outside edges (more
/// than half) go to, round by round until none is (at most [`MERGE_ROUNDS`]): the small
/// gadgets hung between a cluster's hubs belong to it.
fn merge_small_parts(adjacency: &[&[usize]], part: &mut [usize]) {
    let parts = part.iter().max().map_or(0, |&p| p + 1);
    for _ in 0..MERGE_ROUNDS {
        let mut size = vec![0usize; parts];
        for &p in part.iter() {
            size[p] += 1;
        }
        let mut between: HashMap<(usize, usize), usize> = HashMap::new();
        let mut outside = vec![0usize; parts];
        for (u, neighbours) in adjacency.iter().enumerate() {
            let p = part[u];
            if size[p] >= MIN_CLUSTER {
                continue;
            }
            for &v in neighbours.iter().filter(|&&v| part[v] != p) {
                *between.entry((p, part[v])).or_default() += 1;
                outside[p] += 1;
            }
        }
        // The part each small part shares most edges with (the lowest on a tie).
        let mut best: Vec<(usize, usize)> = vec![(0, usize::MAX); parts];
        for (&(p, q), &k) in &between {
            if (k, std::cmp::Reverse(q)) > (best[p].0, std::cmp::Reverse(best[p].1)) {
                best[p] = (k, q);
            }
        }
        let mut into: Vec<usize> = (0..parts).collect();
        let mut merged = false;
        for p in 0..parts {
            let (k, q) = best[p];
            if 2 * k > outside[p] {
                let (root_p, root_q) = (root(&mut into, p), root(&mut into, q));
                if root_p != root_q {
                    into[root_p] = root_q;
                    merged = true;
                }
            }
        }
        if !merged {
            return;
        }
        for p in part.iter_mut() {
            *p = root(&mut into, *p);
        }
    }
}

/// The part `p` has been joined to, in a union–find forest (halving its path).
fn root(into: &mut [usize], mut p: usize) -> usize {
    while into[p] != p {
        into[p] = into[into[p]];
        p = into[p];
    }
    p
}

/// The vertices in clusters.
fn cluster_size(part: &[usize], cluster_of_part: &[usize]) -> usize {
    part.iter()
        .filter(|&&p| cluster_of_part[p] != usize::MAX)
        .count()
}

/// The depth-first search of the skeleton's closed walks.
struct Walker<'a, F> {
    clusters: &'a Clusters,
    puzzle: &'a Puzzle,
    budget: &'a Budget,
    /// Answers a cluster's passes (see [`Clusters::search`]).
    solve: F,
    /// The node the walk starts from and returns to.
    start: usize,
    /// Skeleton edges taken.
    used: Vec<bool>,
    /// Passes through each node so far.
    visits: Vec<u8>,
    /// Skeleton edges taken at each vertex (at most two).
    ends_used: Vec<u8>,
    /// Nodes not passed yet.
    unvisited: usize,
    /// Clusters whose last pass is taken.
    closed: Vec<bool>,
    /// Each cluster's passes so far, those that ended before the walk's end.
    passes: Vec<Vec<Pass>>,
    /// The edges taken, in order, each seen from the node it leaves.
    walk: Vec<Link>,
    /// The covers found (or not) so far, by cluster and passes.
    covers: HashMap<(usize, Vec<Pass>), Cover>,
    walks: usize,
    steps: usize,
    searches: usize,
}

impl<F> Walker<'_, F>
where
    F: FnMut(&Puzzle, &Budget) -> Result<Option<Filling>, SolveError>,
{
    /// Extends the walk from `at`: a verified tour, or `None` when no walk from here made one
    /// (or the search must stop). Leaving a cluster ends a pass; when it may be the cluster's
    /// last, the search tries it as the last (the cluster's cover is asked for at once, and the
    /// cluster closed) and then as one to come back after.
    fn extend(&mut self, at: usize) -> Result<Option<Filling>, SolveError> {
        self.steps += 1;
        if self.steps > MAX_STEPS || self.budget.is_raised() {
            return Ok(None);
        }
        let graph = self.clusters;
        let clusters = graph.len();
        for &link in &graph.links[at] {
            let closing = link.to == self.start;
            let passes_allowed = if link.to < clusters { 2 } else { 1 };
            if !self.free(link)
                || (closing && self.unvisited > 0)
                || (!closing && (self.visits[link.to] >= passes_allowed || self.is_closed(link.to)))
            {
                continue;
            }
            let ends_pass = at < clusters && !self.walk.is_empty();
            let lasts: &[bool] = match (ends_pass, closing || self.visits[at] == 2) {
                (false, _) => &[false],
                (true, true) => &[true],
                (true, false) => &[true, false],
            };
            if ends_pass {
                let entered = self.walk[self.walk.len() - 1].outer;
                self.passes[at].push((entered, link.inner));
            }
            let mut tour = None;
            for &last in lasts {
                if last {
                    if self.cover(at, self.passes[at].clone())?.is_none() {
                        continue;
                    }
                    self.closed[at] = true;
                }
                tour = if closing {
                    self.close_with(link)?
                } else {
                    self.take(link, true);
                    let tour = self.extend(link.to)?;
                    self.take(link, false);
                    tour
                };
                if last {
                    self.closed[at] = false;
                }
                if tour.is_some() || self.steps > MAX_STEPS {
                    break;
                }
            }
            if ends_pass {
                self.passes[at].pop();
            }
            if tour.is_some() || self.steps > MAX_STEPS {
                return Ok(tour);
            }
        }
        Ok(None)
    }

    /// Whether `node` is a cluster whose last pass is taken.
    fn is_closed(&self, node: usize) -> bool {
        self.closed.get(node).copied().unwrap_or(false)
    }

    /// Closes the walk with `link` back to the start, when every cluster but the start's has
    /// had its last pass: the tour, if every cluster has paths for its passes.
    fn close_with(&mut self, link: Link) -> Result<Option<Filling>, SolveError> {
        let open = (0..self.clusters.len()).any(|c| c != self.start && !self.closed[c]);
        if open {
            return Ok(None);
        }
        self.walk.push(link);
        self.walks += 1;
        let tour = self.close();
        self.walk.pop();
        tour
    }

    /// Whether the walk may take `link`: not taken yet, and each end with a free edge.
    fn free(&self, link: Link) -> bool {
        !self.used[link.id] && self.ends_used[link.inner] < 2 && self.ends_used[link.outer] < 2
    }

    /// Takes `link` (or, with `on` false, gives it back).
    fn take(&mut self, link: Link, on: bool) {
        self.used[link.id] = on;
        let step = |count: &mut u8| *count = if on { *count + 1 } else { *count - 1 };
        step(&mut self.ends_used[link.inner]);
        step(&mut self.ends_used[link.outer]);
        step(&mut self.visits[link.to]);
        if on {
            self.unvisited -= usize::from(self.visits[link.to] == 1);
            self.walk.push(link);
        } else {
            self.unvisited += usize::from(self.visits[link.to] == 0);
            self.walk.pop();
        }
    }

    /// The tour a closed walk makes, if every cluster has paths for its passes.
    fn close(&mut self) -> Result<Option<Filling>, SolveError> {
        let length = self.walk.len();
        let mut passes: Vec<Vec<Pass>> = vec![Vec::new(); self.clusters.len()];
        for i in 0..length {
            let (enter, leave) = (self.walk[i], self.walk[(i + 1) % length]);
            if enter.to < self.clusters.len() {
                passes[enter.to].push((enter.outer, leave.inner));
            }
        }
        let mut covers = Vec::with_capacity(passes.len());
        for (cluster, passes) in passes.into_iter().enumerate() {
            match self.cover(cluster, passes)? {
                Some(paths) => covers.push(paths),
                None => return Ok(None),
            }
        }
        let mut order = Vec::with_capacity(self.clusters.node.len());
        for i in 0..length {
            let (enter, leave) = (self.walk[i], self.walk[(i + 1) % length]);
            if enter.to >= self.clusters.len() {
                order.push(enter.outer);
                continue;
            }
            let path = covers[enter.to]
                .iter()
                .find(|p| {
                    ends(p) == (enter.outer, leave.inner) || ends(p) == (leave.inner, enter.outer)
                })
                .expect("a cover has a path for each pass");
            if path[0] == enter.outer {
                order.extend(path.iter().copied());
            } else {
                order.extend(path.iter().rev().copied());
            }
        }
        let filling = Filling::from_order(&order);
        verify(self.puzzle, &filling).map_err(SolveError::Unverified)?;
        Ok(Some(filling))
    }

    /// Paths covering `cluster` for `passes`, from the ones found before or a new search.
    fn cover(&mut self, cluster: usize, mut passes: Vec<Pass>) -> Result<Cover, SolveError> {
        let ends: Vec<usize> = passes
            .iter()
            .flat_map(|&(a, b)| if a == b { vec![a] } else { vec![a, b] })
            .collect();
        if ends.iter().collect::<HashSet<_>>().len() != ends.len() {
            return Ok(None);
        }
        for pass in &mut passes {
            *pass = (pass.0.min(pass.1), pass.0.max(pass.1));
        }
        passes.sort_unstable();
        let key = (cluster, passes);
        if let Some(cover) = self.covers.get(&key) {
            return Ok(cover.clone());
        }
        let cover = self.search_cover(cluster, &key.1)?;
        self.covers.insert(key, cover.clone());
        Ok(cover)
    }

    /// A new search for paths covering `cluster` for `passes` (ends distinct, each pass
    /// ordered): its graph with connectors, solved within [`PASS_TIME`].
    fn search_cover(&mut self, cluster: usize, passes: &[Pass]) -> Result<Cover, SolveError> {
        let (singles, paths): (Vec<Pass>, Vec<Pass>) = passes.iter().partition(|(a, b)| a == b);
        let mut covered: Vec<Vec<usize>> = singles.iter().map(|&(a, _)| vec![a]).collect();
        let rest: Vec<usize> = self.clusters.members[cluster]
            .iter()
            .copied()
            .filter(|v| !singles.contains(&(*v, *v)))
            .collect();
        if paths.is_empty() {
            return Ok(rest.is_empty().then_some(covered));
        }
        self.searches += 1;
        let piece = self.piece(&rest, &paths);
        let budget = self.budget.and_within(PASS_TIME);
        let Some(tour) = (self.solve)(&piece, &budget)? else {
            return Ok(None);
        };
        // The tour from connector 0, cut at the connectors into the passes' paths.
        let mut order = tour.order();
        let size = rest.len();
        let at = order
            .iter()
            .position(|&v| v == size)
            .expect("a tour passes connector 0");
        order.rotate_left(at);
        let mut found = Vec::new();
        for v in order.into_iter().skip(1).chain([size]) {
            if v >= size {
                covered.push(std::mem::take(&mut found));
            } else {
                found.push(rest[v]);
            }
        }
        let mut wanted: Vec<Pass> = paths.clone();
        let mut got: Vec<Pass> = covered[singles.len()..]
            .iter()
            .map(|p| {
                let (a, b) = ends(p);
                (a.min(b), a.max(b))
            })
            .collect();
        wanted.sort_unstable();
        got.sort_unstable();
        Ok((wanted == got).then_some(covered))
    }

    /// The graph of `rest` (a cluster's vertices) with a connector per pass of `paths`, joined
    /// to its last end and the next pass's first end.
    fn piece(&self, rest: &[usize], paths: &[Pass]) -> Puzzle {
        let index: HashMap<usize, usize> = rest.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for (i, &u) in rest.iter().enumerate() {
            for v in &self.clusters.adjacency[u] {
                match index.get(v) {
                    Some(&j) if i < j => edges.push((i, j)),
                    _ => {}
                }
            }
        }
        let size = rest.len();
        for (k, &(_, last)) in paths.iter().enumerate() {
            let (first_of_next, _) = paths[(k + 1) % paths.len()];
            edges.push((index[&last], size + k));
            edges.push((index[&first_of_next], size + k));
        }
        let n = size + paths.len();
        Puzzle::graph(
            format!(
                "{} (a cluster's {} passes)",
                self.puzzle.name(),
                paths.len()
            ),
            n,
            &edges,
            false,
            true,
            vec![CellRule::Free; n],
            Expect::default(),
        )
        .expect("a piece's edges join its own vertices")
    }
}

/// A path's two ends.
fn ends(path: &[usize]) -> (usize, usize) {
    (path[0], path[path.len() - 1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::portfolio::{first_solution, Member};
    use crate::tests::graph;
    use crate::SolveOptions;

    /// A cluster numbered from `base`: the Möbius ladder on 24 vertices (a cycle with each
    /// vertex joined to the opposite one) and two hubs (`base + 24` and `base + 25`) joined to
    /// all of them.
    fn cluster(base: usize, edges: &mut Vec<(usize, usize)>) {
        for i in 0..24 {
            edges.push((base + i, base + (i + 1) % 24));
            if i < 12 {
                edges.push((base + i, base + i + 12));
            }
            edges.push((base + i, base + 24));
            edges.push((base + i, base + 25));
        }
    }

    /// Three clusters (vertices 0..26, 26..52 and 52..78) in a ring, joined by their hubs (the
    /// second hub of each to the first of the next, and the first hubs to each other) and a
    /// vertex (78) between the last and the first. A Hamiltonian cycle: 78, then each cluster
    /// from its first hub round its body to its second hub.
    fn ring() -> Puzzle {
        let mut edges = Vec::new();
        for c in 0..3 {
            cluster(26 * c, &mut edges);
        }
        edges.extend([(25, 50), (51, 76), (77, 78), (78, 24)]);
        edges.extend([(24, 50), (50, 76), (76, 24)]);
        graph(79, &edges)
    }

    #[test]
    fn finds_the_clusters_and_their_skeleton() {
        let found = Clusters::find(&ring()).expect("three clusters");
        assert_eq!(found.len(), 3);
        assert_eq!(found.members[1], (26..52).collect::<Vec<_>>());
        // The skeleton: the three clusters and vertex 78, joined by the 7 edges between them.
        assert_eq!(found.links.len(), 4);
        assert_eq!(found.skeleton_edges, 7);
    }

    #[test]
    fn no_clusters_without_hubs_or_with_one_cluster() {
        let cycle: Vec<(usize, usize)> = (0..40).map(|i| (i, (i + 1) % 40)).collect();
        let plain = graph(40, &cycle);
        assert!(Clusters::find(&plain).is_none());
        let mut edges = Vec::new();
        cluster(0, &mut edges);
        let one = graph(26, &edges);
        assert!(Clusters::find(&one).is_none());
    }

    #[test]
    fn the_race_finds_a_tour_through_the_clusters() {
        let ring = ring();
        let options = SolveOptions::default();
        let raced = first_solution(
            &ring,
            &Member::portfolio(&ring, &options, 2),
            &Budget::default(),
        )
        .unwrap();
        let filling = raced.filling.expect("the ring has a tour");
        verify(&ring, &filling).unwrap();
        let stats = raced.stats.subtours.unwrap();
        assert_eq!(stats.clusters, 3);
        assert!(stats.cluster_walks >= 1 && stats.cluster_searches >= 3);
        // The searches' runs are not pieces at 2-edge cuts.
        assert_eq!(stats.pieces, 0);
    }

    #[test]
    fn a_search_whose_passes_are_not_found_gives_up_without_an_answer() {
        let ring = ring();
        let clusters = Clusters::find(&ring).unwrap();
        let mut asked = 0;
        let mut never = |_: &Puzzle, _: &Budget| {
            asked += 1;
            Ok(None)
        };
        let found = clusters
            .search(&ring, &Budget::default(), &mut never)
            .unwrap();
        assert!(found.filling.is_none());
        assert!(found.filling.is_none() && found.searches >= 1);
        assert_eq!(asked, found.searches);
    }
}
