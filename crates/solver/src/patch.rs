//! # Karp patching
//!
//! A model of the successor encoding is a cycle cover: every vertex has one successor, but the
//! cycles may be several. Before the lazy loop ([`crate::successor`]) calls the solver again
//! with subtour cuts, it tries to join the cycles into one tour by two-arc exchanges, using only
//! arcs of the encoding. This is a solving heuristic, not part of the encoding: a tour found so
//! is a genuine solution (verified and blocked like the solver's own), and when the cycles
//! cannot be joined the loop simply goes on with its cuts. On large knight's tours it is what
//! makes one round enough (see `encodings/successor.md`).
//!
//! ## References
//! - R. M. Karp, *A patching algorithm for the nonsymmetric traveling-salesman problem*, SIAM
//!   Journal on Computing 8(4), 1979.

use crate::join::{Joiner, TwoFactor};
use pathsat_encode::successor::{cycles, SuccessorEncoding};

/// Merges the cycles of a cycle cover into one where two-arc exchanges allow (Karp's
/// patching): a → a' on one cycle and b → b' on another become a → b' and b → a', or, when
/// the moves go both ways, a → b and b' → a' with the second cycle reversed. Only arcs of the
/// encoding are used. When cycles are left and `undirected` is given (a closed tour whose arcs
/// all go both ways: the graph of its edges), they are joined as undirected cycles by 2-opt and
/// 3-opt exchanges ([`crate::join`]). Returns the successor function of a single cycle with
/// the 3-opt exchanges it took, or `None` when the cycles cannot all be joined.
pub(crate) fn patch(
    encoding: &SuccessorEncoding,
    successors: &[usize],
    reversible: bool,
    undirected: Option<&Joiner>,
) -> Option<(Vec<usize>, usize)> {
    let total = successors.len();
    let has_arc = |u: usize, v: usize| encoding.out_arcs[u].iter().any(|&(h, _)| h == v);
    let mut succ = successors.to_vec();
    // cycle_of[v]: the cycle v is on (merged cycles are relabelled to the surviving one).
    let found = cycles(&succ);
    if found.len() <= 1 {
        return Some((succ, 0));
    }
    let mut cycle_of = vec![0usize; total];
    let mut members: Vec<Vec<usize>> = found;
    for (i, cycle) in members.iter().enumerate() {
        for &v in cycle {
            cycle_of[v] = i;
        }
    }
    let mut alive = members.len();
    let mut progress = true;
    while alive > 1 && progress {
        progress = false;
        // Join the smallest live cycle to any other it can be patched into.
        let mut order: Vec<usize> = (0..members.len())
            .filter(|&i| !members[i].is_empty())
            .collect();
        order.sort_by_key(|&i| members[i].len());
        'small: for &c in &order {
            let reversible_c = reversible
                && members[c]
                    .iter()
                    .all(|&v| encoding.virtual_vertex != Some(v));
            for &b in &members[c] {
                let b2 = succ[b];
                // Same orientation: a -> b2 and b -> a2, with a -> a2 on another cycle.
                for &(a, _) in &encoding.in_arcs[b2] {
                    let m = cycle_of[a];
                    if m == c {
                        continue;
                    }
                    let a2 = succ[a];
                    if has_arc(b, a2) {
                        succ[a] = b2;
                        succ[b] = a2;
                        merge(&mut members, &mut cycle_of, c, m);
                        alive -= 1;
                        progress = true;
                        break 'small;
                    }
                }
                // Reversed: a -> b and b2 -> a2, the cycle of b run backwards from b to b2.
                if reversible_c {
                    for &(a, _) in &encoding.in_arcs[b] {
                        let m = cycle_of[a];
                        if m == c {
                            continue;
                        }
                        let a2 = succ[a];
                        if has_arc(b2, a2) {
                            // Reverse c: every arc x -> y of c becomes y -> x.
                            let on_c: Vec<(usize, usize)> =
                                members[c].iter().map(|&x| (x, succ[x])).collect();
                            for &(x, y) in &on_c {
                                succ[y] = x;
                            }
                            // Now b's successor is its old predecessor; splice b -> ... -> b2.
                            succ[a] = b;
                            succ[b2] = a2;
                            merge(&mut members, &mut cycle_of, c, m);
                            alive -= 1;
                            progress = true;
                            break 'small;
                        }
                    }
                }
            }
        }
    }
    if alive == 1 {
        return Some((succ, 0));
    }
    let joiner = undirected?;
    let mut factor: TwoFactor = vec![[0; 2]; total];
    for (u, &v) in succ.iter().enumerate() {
        factor[u][1] = v;
        factor[v][0] = u;
    }
    let (order, joined) = joiner.join(&factor)?;
    for (i, &u) in order.iter().enumerate() {
        succ[u] = order[(i + 1) % order.len()];
    }
    Some((succ, joined.three_opt))
}

/// The graph of a closed tour's edges, for [`patch`] to join cycles over: `None` unless every
/// arc of the encoding has its reverse and there is no virtual vertex (a path's).
pub(crate) fn undirected_joiner(encoding: &SuccessorEncoding) -> Option<Joiner> {
    if encoding.virtual_vertex.is_some() {
        return None;
    }
    let mut arcs = encoding.arcs.clone();
    arcs.sort_unstable();
    let symmetric = arcs
        .iter()
        .all(|&(u, v)| arcs.binary_search(&(v, u)).is_ok());
    symmetric.then(|| Joiner::new(encoding.n, arcs))
}

/// Moves the members of cycle `from` into cycle `into`.
fn merge(members: &mut [Vec<usize>], cycle_of: &mut [usize], from: usize, into: usize) {
    let moved = std::mem::take(&mut members[from]);
    for &v in &moved {
        cycle_of[v] = into;
    }
    members[into].extend(moved);
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_cnf::card::ExactlyOneEncoding;
    use pathsat_cnf::Cnf;
    use pathsat_encode::successor::encode;
    use pathsat_puzzle::{Moves, Puzzle};

    #[test]
    fn patching_joins_cycles() {
        // The 2x4 rook board: two 4-cycles (the two 2x2 squares) patch into the 8-cycle.
        let p = Puzzle::blank(2, 4, Moves::Rook, true).unwrap();
        let e = encode(&p, ExactlyOneEncoding::Sequential, &mut Cnf::new()).unwrap();
        // Cells: 0 1 2 3 / 4 5 6 7. Squares 0->1->5->4->0 and 2->3->7->6->2.
        let mut succ = vec![0; 8];
        for (u, v) in [
            (0, 1),
            (1, 5),
            (5, 4),
            (4, 0),
            (2, 3),
            (3, 7),
            (7, 6),
            (6, 2),
        ] {
            succ[u] = v;
        }
        let (tour, three_opt) = patch(&e, &succ, true, None).unwrap();
        assert_eq!(three_opt, 0);
        assert_eq!(cycles(&tour).len(), 1);
        for (u, &v) in tour.iter().enumerate() {
            assert!(p.step_allowed(u, v), "{u} -> {v}");
        }
        // One-way moves cannot reverse, and here cannot join at all.
        assert!(cycles(&succ).len() == 2);
    }
}
