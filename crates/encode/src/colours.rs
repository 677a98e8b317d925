//! # Connectivity and colour classes
//!
//! Two facts about any path puzzle that both encodings use before the solver starts:
//!
//! - every cell must be reachable from every other by moves (ignoring their direction), or no
//!   path visits them all;
//! - when the move graph is bipartite (rook and knight moves always are), the path alternates
//!   the two colours: a tour needs as many cells of each, an open path at most one more of one
//!   colour, and then that larger class holds the odd values, both ends included.
//!
//! Without these checks the successor encoding would have to refute an unbalanced board by
//! search: no cycle cover of a 7x7 knight graph exists, but proving it is the pigeonhole
//! principle, exponential for resolution (it did not finish in a minute at 9x9).

use pathsat_puzzle::Puzzle;
use std::collections::VecDeque;

/// The colour classes of a puzzle that passed the checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colouring {
    /// The 2-colouring (0 or 1 per cell) when the move graph is bipartite.
    pub colour: Option<Vec<u8>>,
    /// The colour of the larger class of an open path on an unbalanced board: it holds the odd
    /// values, 1 and N among them.
    pub odd_colour: Option<u8>,
}

/// Checks connectivity and colour balance.
///
/// # Errors
/// Why no filling exists: the cells are not all connected, or the colours cannot alternate.
pub fn colour_classes(puzzle: &Puzzle) -> Result<Colouring, String> {
    let n = puzzle.n_cells();
    if n == 0 {
        return Ok(Colouring {
            colour: None,
            odd_colour: None,
        });
    }
    let mut colour = vec![u8::MAX; n];
    let mut bipartite = true;
    let mut queue = VecDeque::from([0usize]);
    colour[0] = 0;
    let mut reached = 1;
    while let Some(c) = queue.pop_front() {
        let neighbours = puzzle.successors(c).iter();
        for &d in neighbours.chain(puzzle.predecessors(c)) {
            if colour[d] == u8::MAX {
                colour[d] = 1 - colour[c];
                reached += 1;
                queue.push_back(d);
            } else if colour[d] == colour[c] {
                bipartite = false;
            }
        }
    }
    if reached < n {
        let (things, links) = if puzzle.is_graph() {
            ("vertices", "edges")
        } else {
            ("cells", "moves")
        };
        return Err(format!(
            "only {reached} of the {n} {things} are connected by {links} to {:#}: no path can visit them all",
            puzzle.place(0)
        ));
    }
    if !bipartite {
        return Ok(Colouring {
            colour: None,
            odd_colour: None,
        });
    }
    let a = colour.iter().filter(|&&c| c == 0).count();
    let b = n - a;
    let what = if puzzle.is_graph() { "graph" } else { "board" };
    if puzzle.is_closed() && a != b {
        return Err(format!(
            "a tour alternates the two colours of the {what}, which has {a} cells of one and {b} of the other"
        ));
    }
    if a.abs_diff(b) > 1 {
        return Err(format!(
            "a path alternates the two colours of the {what}, which has {a} cells of one and {b} of the other"
        ));
    }
    Ok(Colouring {
        odd_colour: (a != b).then_some(u8::from(b > a)),
        colour: Some(colour),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::Moves;

    #[test]
    fn balance_and_connectivity() {
        let odd_tour = Puzzle::blank(7, 7, Moves::Knight, true).unwrap();
        assert!(colour_classes(&odd_tour)
            .unwrap_err()
            .contains("25 cells of one and 24"));
        // 3x3 rook path: 5 corner-coloured cells hold the odd values.
        let path = Puzzle::blank(3, 3, Moves::Rook, false).unwrap();
        let c = colour_classes(&path).unwrap();
        assert_eq!(c.colour.as_ref().unwrap()[0], c.odd_colour.unwrap());
        // The knight cannot reach the centre of a 3x3 board.
        let knight = Puzzle::blank(3, 3, Moves::Knight, false).unwrap();
        assert!(colour_classes(&knight)
            .unwrap_err()
            .contains("8 of the 9 cells"));
        // King moves are not bipartite: nothing to say.
        let king = Puzzle::blank(3, 3, Moves::King, true).unwrap();
        assert_eq!(colour_classes(&king).unwrap().colour, None);
    }
}
