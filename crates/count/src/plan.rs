//! # Classes of cubes
//!
//! The fillings are split by a *label*: a few (cell, value) pairs every filling has one of.
//! Labels that a symmetry maps onto each other have equally many fillings (the symmetry is a
//! one-to-one map between them), so only one label per class is solved, and each filling found
//! is mapped to every other label of its class.
//!
//! - A tour without givens or marks: value 1 is put on one cell c0 (every tour turns round to
//!   one, N ways), and the label is the cells of 2 and N, the neighbours of c0; the symmetries
//!   are the board's that keep c0 in place, with the reversal that keeps 1 on c0. A tour whose
//!   only given is 1 on c0 is the same without the turning.
//! - A path without givens or marks: the label is the cells of 1 and N; the symmetries are the
//!   board's, with the reversal of the path.
//! - Any other puzzle: one class, the puzzle itself.

use crate::symmetry::{board_symmetries, value_reversal, value_rotation, Symmetry};
use pathsat_bigcount::grouped;
use pathsat_encode::Domains;
use pathsat_puzzle::Puzzle;

/// One label solved by SAT, standing for the labels of its class.
#[derive(Clone, Debug)]
pub struct Class {
    /// The label: pairs every counted filling of the class representative has.
    pub fixed: Vec<(usize, u32)>,
    /// The symmetries mapping the representative's fillings onto all the fillings it stands
    /// for, the identity first: each filling found counts `images.len()` times.
    pub images: Vec<Symmetry>,
}

/// The classes to count and a description of the symmetry used.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The classes of cubes to count, each with the symmetric images it stands for.
    pub classes: Vec<Class>,
    /// What was used, for reports: `None` when no symmetry applies.
    pub symmetry: Option<String>,
}

/// The classes to count `puzzle` in: one class, the whole puzzle, unless the board's
/// symmetries apply (no trail, no marks, no givens but value 1 of a tour, and nothing pruning
/// shows contradictory); then the labels of a tour or a path in classes under those symmetries
/// (see the module docs).
pub fn plan(puzzle: &Puzzle) -> Plan {
    let n = puzzle.n_cells();
    let whole = Plan {
        classes: vec![Class {
            fixed: vec![],
            images: vec![Symmetry::identity(n)],
        }],
        symmetry: None,
    };
    if puzzle.trail().is_some() {
        // The board's symmetries do not keep the labels.
        return whole;
    }
    let givens: Vec<(usize, u32)> = puzzle.givens().collect();
    // A tour whose only given is value 1 keeps the symmetries that hold 1 in place.
    let one_start = match givens.as_slice() {
        [] => None,
        [(cell, 1)] if puzzle.is_closed() => Some(*cell),
        _ => return whole,
    };
    if n < 4 || puzzle.has_marks() {
        return whole;
    }
    let domains = Domains::pruned(puzzle);
    if domains.contradiction().is_some() {
        return whole;
    }
    let symmetries = Symmetries {
        board: board_symmetries(puzzle),
        reversal: puzzle
            .moves()
            .is_symmetric()
            .then(|| value_reversal(n, puzzle.is_closed())),
        identity_values: (0..=n as u32).collect(),
    };
    if puzzle.is_closed() {
        tour_plan(puzzle, one_start, &symmetries)
    } else {
        path_plan(puzzle, &domains, &symmetries)
    }
}

/// The symmetries a plan draws on: the board's permutations of the cells, and the reversal of
/// the values where the moves are symmetric.
struct Symmetries {
    board: Vec<Vec<usize>>,
    reversal: Option<Vec<u32>>,
    /// The values kept as they are (index 0 unused).
    identity_values: Vec<u32>,
}

/// The plan of a tour without givens, or whose only given is value 1 on `one_start`: value 1
/// on one cell c0, the cells of 2 and N as the label, the symmetries that keep c0 in place,
/// and each class standing for every turn of the tour that puts 1 on c0.
fn tour_plan(puzzle: &Puzzle, one_start: Option<usize>, symmetries: &Symmetries) -> Plan {
    let n = puzzle.n_cells();
    let reversal = symmetries.reversal.as_ref();
    // Value 1 on the given cell, or else on the cell with the fewest moves (every tour
    // turns round to put it there); board symmetries that keep it there.
    let c0 = one_start.unwrap_or_else(|| {
        (0..n)
            .min_by_key(|&c| puzzle.successors(c).len())
            .expect("n >= 4")
    });
    let group = with_reversal(
        symmetries.board.iter().filter(|p| p[c0] == c0),
        &symmetries.identity_values,
        reversal,
    );
    let mut labels = Vec::new();
    for &a in puzzle.successors(c0) {
        for &b in puzzle.predecessors(c0) {
            if a != b {
                labels.push(vec![(c0, 1), (a, 2), (b, n as u32)]);
            }
        }
    }
    let turns = if one_start.is_some() { 1 } else { n };
    let rotations: Vec<Symmetry> = (0..turns)
        .map(|s| Symmetry {
            cells: (0..n).collect(),
            values: value_rotation(n, s),
        })
        .collect();
    let mut classes = orbits(&labels, &group);
    for class in &mut classes {
        class.images = class
            .images
            .iter()
            .flat_map(|h| rotations.iter().map(move |r| h.then(r)))
            .collect();
    }
    let start = if one_start.is_some() {
        "value 1 given".to_string()
    } else {
        format!("tours turned to start on one cell (x{})", grouped(n as u64))
    };
    let symmetry = format!(
        "{start}; {} board symmetr{} keeping it{}: {} labels in {} classes",
        group.len() / if reversal.is_some() { 2 } else { 1 },
        if group.len() == 1 || (group.len() == 2 && reversal.is_some()) {
            "y"
        } else {
            "ies"
        },
        if reversal.is_some() {
            ", and reversal"
        } else {
            ""
        },
        grouped(labels.len() as u64),
        grouped(classes.len() as u64)
    );
    Plan {
        classes,
        symmetry: Some(symmetry),
    }
}

/// The plan of a path without givens: the cells of 1 and N (among their pruned `domains`) as
/// the label, under every board symmetry and the reversal of the path.
fn path_plan(puzzle: &Puzzle, domains: &Domains, symmetries: &Symmetries) -> Plan {
    let n32 = puzzle.n_cells() as u32;
    let board = &symmetries.board;
    let reversal = symmetries.reversal.as_ref();
    let group = with_reversal(board.iter(), &symmetries.identity_values, reversal);
    let mut labels = Vec::new();
    for &c in domains.cells(1) {
        for &d in domains.cells(n32) {
            if c != d {
                labels.push(vec![(c, 1), (d, n32)]);
            }
        }
    }
    let classes = orbits(&labels, &group);
    let symmetry = format!(
        "{} board symmetr{}{}: {} (1, N) labels in {} classes",
        board.len(),
        if board.len() == 1 { "y" } else { "ies" },
        if reversal.is_some() {
            " and path reversal"
        } else {
            ""
        },
        grouped(labels.len() as u64),
        grouped(classes.len() as u64)
    );
    Plan {
        classes,
        symmetry: Some(symmetry),
    }
}

/// Each board permutation with the values kept, followed (for symmetric moves) by the same
/// permutation with the values reversed.
fn with_reversal<'a>(
    perms: impl Iterator<Item = &'a Vec<usize>>,
    identity_values: &[u32],
    reversal: Option<&Vec<u32>>,
) -> Vec<Symmetry> {
    let mut group = Vec::new();
    for perm in perms {
        group.push(Symmetry {
            cells: perm.clone(),
            values: identity_values.to_vec(),
        });
        if let Some(rev) = reversal {
            group.push(Symmetry {
                cells: perm.clone(),
                values: rev.clone(),
            });
        }
    }
    group
}

/// The classes of `labels` under `group` (which holds the identity): one representative per
/// class, with one symmetry per distinct image.
fn orbits(labels: &[Vec<(usize, u32)>], group: &[Symmetry]) -> Vec<Class> {
    let mut covered: std::collections::HashSet<Vec<(usize, u32)>> =
        std::collections::HashSet::new();
    let mut classes = Vec::new();
    for label in labels {
        let mut label = label.clone();
        label.sort_unstable();
        if covered.contains(&label) {
            continue;
        }
        let mut images = Vec::new();
        for g in group {
            let image = g.map_pairs(&label);
            if covered.insert(image) {
                images.push(g.clone());
            }
        }
        classes.push(Class {
            fixed: label,
            images,
        });
    }
    classes
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::Moves;

    #[test]
    fn classes_cover_every_label_once() {
        // 4x4 rook paths: 8 board symmetries with reversal; 16 x 15 = 240 pairs of cells for 1
        // and N (the colour classes are equal, nothing is pruned).
        let p = Puzzle::blank(4, 4, Moves::Rook, false).unwrap();
        let paths = plan(&p);
        let labels: usize = paths.classes.iter().map(|c| c.images.len()).sum();
        assert_eq!(labels, 240);
        assert!(paths.classes.len() < 40, "{}", paths.classes.len());
        // Tours: every class stands for N rotations of each of its labels.
        let t = Puzzle::blank(4, 4, Moves::Rook, true).unwrap();
        let tours = plan(&t);
        let per_class: Vec<usize> = tours.classes.iter().map(|c| c.images.len()).collect();
        // The corner's two neighbours make 2 ordered (2, N) labels, one class, 16 turns each.
        assert_eq!(per_class, vec![32]);
    }

    #[test]
    fn a_tour_with_1_given_keeps_the_symmetries_holding_it() {
        // 1 in a corner of the 6x6 knight's board: the diagonal reflection and the reversal.
        let t = Puzzle::blank(6, 6, Moves::Knight, true)
            .unwrap()
            .with_givens(&[(0, 1)])
            .unwrap();
        let tours = plan(&t);
        assert_eq!(tours.classes.len(), 1);
        assert_eq!(tours.classes[0].images.len(), 2);
    }

    #[test]
    fn givens_and_marks_get_no_symmetry() {
        let p = Puzzle::blank(3, 3, Moves::Rook, false)
            .unwrap()
            .with_givens(&[(0, 1)])
            .unwrap();
        let paths = plan(&p);
        assert_eq!(paths.classes.len(), 1);
        assert!(paths.symmetry.is_none());
    }
}
