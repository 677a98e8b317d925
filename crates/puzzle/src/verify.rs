//! # The independent verifier
//!
//! [`verify`] checks a filling against the puzzle's rules as the puzzle states them: values
//! 1..N each once, givens kept, marks respected, consecutive values one move apart (computed
//! from the positions and the move offsets, not from the move graph the encoder uses), and the
//! closing move of a tour. It knows nothing of CNF, so it can judge what the SAT layer returns.
//!
//! A trail is checked by its own rules: steps 1..L each on one cell and 0 elsewhere,
//! consecutive steps one move apart (and the closing move of a closed trail), the labels'
//! sum, and different labels when asked. Either direction of a trail passes.

use crate::{CellRule, Filling, Place, Puzzle, Trail};

/// The first rule a filling breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// Another number of values than cells.
    #[error("the filling has {found} values for {expected} cells")]
    WrongSize {
        /// How many there should be.
        expected: usize,
        /// How many there are.
        found: usize,
    },
    /// A value outside 1..N.
    #[error("{pos} holds {value}, outside 1..{n}")]
    OutOfRange {
        /// Where it is.
        pos: Place,
        /// The value.
        value: u32,
        /// The number of cells.
        n: usize,
    },
    /// A value on two cells.
    #[error("{value} appears twice, at {first} and {second}")]
    Duplicate {
        /// The value.
        value: u32,
        /// Where the first one is.
        first: Place,
        /// Where the second one is.
        second: Place,
    },
    /// A given cell holding another value.
    #[error("{pos} holds {found}, but {given} is given there")]
    GivenChanged {
        /// Where it is.
        pos: Place,
        /// The given value.
        given: u32,
        /// The value found there.
        found: u32,
    },
    /// A marked cell holding a value outside its class.
    #[error("{pos} is marked {letter} ({class}) but holds {value}")]
    MarkBroken {
        /// Where it is.
        pos: Place,
        /// The mark's letter.
        letter: String,
        /// The mark's class.
        class: String,
        /// The value.
        value: u32,
    },
    /// Consecutive values that are not one move apart.
    #[error("{value} at {from} and {next} at {to} are not one {moves} move apart")]
    NotAMove {
        /// The value.
        value: u32,
        /// The next value.
        next: u32,
        /// Where the value is.
        from: Place,
        /// Where the next value is.
        to: Place,
        /// The move rule's name.
        moves: String,
    },
    /// A tour whose last value is not one move from its first.
    #[error("the tour does not close: {n} at {last} is not one {moves} move from 1 at {first}")]
    NotClosed {
        /// The number of cells.
        n: usize,
        /// Where N is.
        last: Place,
        /// Where 1 is.
        first: Place,
        /// The move rule's name.
        moves: String,
    },
    /// A trail step beyond the trail's length.
    #[error(
        "{pos} holds step {value}, but the trail has {length} steps (0 marks a cell off the trail)"
    )]
    StepOutOfRange {
        /// Where it is.
        pos: Place,
        /// The value.
        value: u32,
        /// The trail's length.
        length: usize,
    },
    /// A step of the trail on no cell.
    #[error("step {step} of the trail is on no cell")]
    MissingStep {
        /// The step.
        step: u32,
    },
    /// The labels on the trail add up to another sum.
    #[error("the labels on the trail add up to {found}, not {expected}")]
    WrongSum {
        /// The sum of the labels on the trail.
        found: u64,
        /// The sum asked for.
        expected: u64,
    },
    /// A label twice on a trail whose labels must differ.
    #[error("label {label} is on the trail twice, at {first} and {second}")]
    RepeatedLabel {
        /// The label.
        label: u32,
        /// Where the first one is.
        first: Place,
        /// Where the second one is.
        second: Place,
    },
}

/// Checks that `filling` solves `puzzle`.
///
/// # Errors
/// The first [`Violation`] found, in the order of the variants.
pub fn verify(puzzle: &Puzzle, filling: &Filling) -> Result<(), Violation> {
    if let Some(trail) = puzzle.trail() {
        return verify_trail(puzzle, trail, filling);
    }
    let n = puzzle.n_cells();
    let values = filling.values();
    if values.len() != n {
        return Err(Violation::WrongSize {
            expected: n,
            found: values.len(),
        });
    }
    // cell_of[v] is the cell of value v.
    let mut cell_of: Vec<Option<usize>> = vec![None; n + 1];
    for (cell, &value) in values.iter().enumerate() {
        let pos = puzzle.place(cell);
        if value == 0 || value as usize > n {
            return Err(Violation::OutOfRange { pos, value, n });
        }
        if let Some(first) = cell_of[value as usize] {
            return Err(Violation::Duplicate {
                value,
                first: puzzle.place(first),
                second: pos,
            });
        }
        cell_of[value as usize] = Some(cell);
    }
    for (cell, &value) in values.iter().enumerate() {
        let pos = puzzle.place(cell);
        match puzzle.rule(cell) {
            CellRule::Free => {}
            CellRule::Given(given) => {
                if *given != value {
                    return Err(Violation::GivenChanged {
                        pos,
                        given: *given,
                        found: value,
                    });
                }
            }
            CellRule::Marked(index) => {
                let mark = &puzzle.marks()[*index];
                if !mark.class.contains(value) {
                    return Err(Violation::MarkBroken {
                        pos,
                        letter: mark.letter.clone(),
                        class: mark.class.to_string(),
                        value,
                    });
                }
            }
        }
    }
    // n distinct values in 1..=n: every value has a cell.
    let cells: Vec<usize> = cell_of[1..]
        .iter()
        .map(|c| c.expect("n distinct values in 1..=n cover 1..=n"))
        .collect();
    check_path(puzzle, &cells)
}

/// Checks that `cells`, the cells of values (or steps) 1, 2, ... in order, are each one move
/// from the one before, and for a closed puzzle the last one move from the first.
fn check_path(puzzle: &Puzzle, cells: &[usize]) -> Result<(), Violation> {
    let moves = || {
        if puzzle.is_graph() {
            "graph".to_string()
        } else {
            puzzle.moves().to_string()
        }
    };
    for (i, pair) in cells.windows(2).enumerate() {
        if !puzzle.step_allowed(pair[0], pair[1]) {
            return Err(Violation::NotAMove {
                value: i as u32 + 1,
                next: i as u32 + 2,
                from: puzzle.place(pair[0]),
                to: puzzle.place(pair[1]),
                moves: moves(),
            });
        }
    }
    if let (true, Some(&first), Some(&last)) = (puzzle.is_closed(), cells.first(), cells.last()) {
        if !puzzle.step_allowed(last, first) {
            return Err(Violation::NotClosed {
                n: cells.len(),
                last: puzzle.place(last),
                first: puzzle.place(first),
                moves: moves(),
            });
        }
    }
    Ok(())
}

fn verify_trail(puzzle: &Puzzle, trail: &Trail, filling: &Filling) -> Result<(), Violation> {
    let n = puzzle.n_cells();
    let length = trail.length();
    let values = filling.values();
    if values.len() != n {
        return Err(Violation::WrongSize {
            expected: n,
            found: values.len(),
        });
    }
    let mut cell_of: Vec<Option<usize>> = vec![None; length + 1];
    for (cell, &value) in values.iter().enumerate() {
        let pos = puzzle.place(cell);
        if value as usize > length {
            return Err(Violation::StepOutOfRange { pos, value, length });
        }
        if value == 0 {
            continue;
        }
        if let Some(first) = cell_of[value as usize] {
            return Err(Violation::Duplicate {
                value,
                first: puzzle.place(first),
                second: pos,
            });
        }
        cell_of[value as usize] = Some(cell);
    }
    let mut cells = Vec::with_capacity(length);
    for (step, cell) in cell_of.iter().enumerate().skip(1) {
        match cell {
            Some(cell) => cells.push(*cell),
            None => return Err(Violation::MissingStep { step: step as u32 }),
        }
    }
    check_path(puzzle, &cells)?;
    if let Some(expected) = trail.sum() {
        let found: u64 = cells.iter().map(|&c| u64::from(trail.label(c))).sum();
        if found != expected {
            return Err(Violation::WrongSum { found, expected });
        }
    }
    if trail.distinct() {
        let mut seen: std::collections::HashMap<u32, usize> = std::collections::HashMap::new();
        for &cell in &cells {
            if let Some(&first) = seen.get(&trail.label(cell)) {
                return Err(Violation::RepeatedLabel {
                    label: trail.label(cell),
                    first: puzzle.place(first),
                    second: puzzle.place(cell),
                });
            }
            seen.insert(trail.label(cell), cell);
        }
    }
    Ok(())
}

/// Why a walk is not a Hamiltonian cycle or path of a graph ([`verify_walk`]); vertices
/// numbered from 1, as pathsat reports them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WalkViolation {
    /// Another number of vertices than the graph has.
    #[error("the walk visits {found} vertices of {expected}")]
    WrongLength {
        /// The graph's vertices.
        expected: usize,
        /// The walk's.
        found: usize,
    },
    /// A vertex outside the graph, or one visited twice.
    #[error("vertex {0} is not in the graph or is visited twice")]
    BadVertex(usize),
    /// Two consecutive vertices (or the last and the first, closing a cycle) without an edge.
    #[error("no edge {0} {1}")]
    NoEdge(usize, usize),
}

/// Checks that `order` visits each vertex of the graph on `n` vertices with these `edges`
/// (from 0, either direction, loops and repeats allowed) once, each step along an edge, and
/// (when `closed`) the last step back to the first: the verifier of the Hamiltonian cycles and
/// paths of graph streams, which builds no puzzle. A cycle of one vertex needs no edge, of
/// two an edge, as the cycle of a simple graph cannot pass through two vertices.
///
/// # Errors
/// The first [`WalkViolation`].
pub fn verify_walk(
    n: usize,
    edges: &[(usize, usize)],
    order: &[usize],
    closed: bool,
) -> Result<(), WalkViolation> {
    if order.len() != n {
        return Err(WalkViolation::WrongLength {
            expected: n,
            found: order.len(),
        });
    }
    let mut seen = vec![false; n];
    for &v in order {
        if v >= n || std::mem::replace(&mut seen[v], true) {
            return Err(WalkViolation::BadVertex(v + 1));
        }
    }
    let mut pairs: Vec<(usize, usize)> = edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
    pairs.sort_unstable();
    let joined = |u: usize, v: usize| pairs.binary_search(&(u.min(v), u.max(v))).is_ok();
    let steps = order.windows(2).map(|w| (w[0], w[1]));
    let closing = (closed && n >= 2).then(|| (order[n - 1], order[0]));
    for (u, v) in steps.chain(closing) {
        if !joined(u, v) || (closed && n == 2) {
            return Err(WalkViolation::NoEdge(u + 1, v + 1));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_str, Format};

    fn puzzle(extra: &str, grid: &str) -> Puzzle {
        let text = format!(
            "moves = \"rook\"\n{extra}\ngrid = \"\"\"\n{grid}\n\"\"\"\n[marks]\nE = \"even\"\n"
        );
        parse_str(&text, Format::Toml).unwrap()
    }

    fn fill(v: &[u32]) -> Filling {
        Filling::from_values(v.to_vec())
    }

    // A 2x3 board:   1 . .
    //                E . #
    fn small() -> Puzzle {
        puzzle("", "1 . .\nE . #")
    }

    #[test]
    fn a_valid_filling_passes() {
        // 1 4 5
        // 2 3 #
        assert_eq!(verify(&small(), &fill(&[1, 4, 5, 2, 3])), Ok(()));
    }

    #[test]
    fn each_rule_broken_once_is_caught() {
        let p = small();
        assert!(matches!(
            verify(&p, &fill(&[1, 4, 5, 2])),
            Err(Violation::WrongSize { .. })
        ));
        assert!(matches!(
            verify(&p, &fill(&[1, 4, 6, 2, 3])),
            Err(Violation::OutOfRange { value: 6, .. })
        ));
        assert!(matches!(
            verify(&p, &fill(&[1, 4, 0, 2, 3])),
            Err(Violation::OutOfRange { value: 0, .. })
        ));
        assert!(matches!(
            verify(&p, &fill(&[1, 4, 4, 2, 3])),
            Err(Violation::Duplicate { value: 4, .. })
        ));
        // 2 1 ... : the given 1 at (0,0) moved.
        assert!(matches!(
            verify(&p, &fill(&[2, 1, 4, 5, 3])),
            Err(Violation::GivenChanged { given: 1, .. })
        ));
        // 1 2 3 / 5 4: 5 on the even-marked cell.
        assert!(matches!(
            verify(&p, &fill(&[1, 2, 3, 5, 4])),
            Err(Violation::MarkBroken { value: 5, .. })
        ));
        // 1 3 5 / 2 4: 1 -> 2 is a move, 2 -> 3 is diagonal.
        assert!(matches!(
            verify(&p, &fill(&[1, 3, 5, 2, 4])),
            Err(Violation::NotAMove { value: 2, .. })
        ));
    }

    #[test]
    fn each_trail_rule_broken_once_is_caught() {
        // Labels 1 2 3 / 4 5 6; a trail of 3 cells summing to 8, labels different.
        let text = "moves = \"rook\"\ngrid = \"1 2 3\\n4 5 6\"\n[trail]\nlength = 3\nsum = 8\ndistinct = true\n";
        let p = parse_str(text, Format::Toml).unwrap();
        // 1 -> 2 -> 5: 1 + 2 + 5 = 8, and its reverse.
        assert_eq!(verify(&p, &fill(&[1, 2, 0, 0, 3, 0])), Ok(()));
        assert_eq!(verify(&p, &fill(&[3, 2, 0, 0, 1, 0])), Ok(()));
        assert!(matches!(
            verify(&p, &fill(&[1, 2, 0, 0, 4, 0])),
            Err(Violation::StepOutOfRange { value: 4, .. })
        ));
        assert!(matches!(
            verify(&p, &fill(&[1, 2, 0, 0, 0, 0])),
            Err(Violation::MissingStep { step: 3 })
        ));
        assert!(matches!(
            verify(&p, &fill(&[1, 2, 2, 0, 3, 0])),
            Err(Violation::Duplicate { value: 2, .. })
        ));
        assert!(matches!(
            verify(&p, &fill(&[1, 0, 2, 0, 3, 0])),
            Err(Violation::NotAMove { value: 1, .. })
        ));
        // 4 -> 1 -> 2: 7, not 8.
        assert!(matches!(
            verify(&p, &fill(&[2, 3, 0, 1, 0, 0])),
            Err(Violation::WrongSum {
                found: 7,
                expected: 8
            })
        ));
        let repeated = "moves = \"rook\"\nclosed = true\ngrid = \"1 1\\n2 3\"\n[trail]\nlength = 4\ndistinct = true\n";
        let q = parse_str(repeated, Format::Toml).unwrap();
        assert!(matches!(
            verify(&q, &fill(&[1, 2, 4, 3])),
            Err(Violation::RepeatedLabel { label: 1, .. })
        ));
        let open_loop = "moves = \"rook\"\nclosed = true\ngrid = \"1 2 3\"\n[trail]\nlength = 3\n";
        let r = parse_str(open_loop, Format::Toml).unwrap();
        assert!(matches!(
            verify(&r, &fill(&[1, 2, 3])),
            Err(Violation::NotClosed { n: 3, .. })
        ));
    }

    /// Graph puzzles are judged by their arcs, one way only when directed, and name their
    /// vertices from 1 as graph files do.
    #[test]
    fn graph_steps_follow_the_arcs() {
        use crate::{Expect, Place};
        // Arcs 1 -> 2, 2 -> 3, 3 -> 1 (0-based here), directed.
        let arcs = [(0, 1), (1, 2), (2, 0)];
        let graph = |closed| {
            Puzzle::graph(
                "g",
                3,
                &arcs,
                true,
                closed,
                vec![CellRule::Free; 3],
                Expect::default(),
            )
            .unwrap()
        };
        let (path, tour) = (graph(false), graph(true));
        // The order 1, 2, 3 follows the arcs, and 3 -> 1 closes the tour.
        assert_eq!(verify(&path, &fill(&[1, 2, 3])), Ok(()));
        assert_eq!(verify(&tour, &fill(&[1, 2, 3])), Ok(()));
        // The order 1, 3, 2: 1 -> 3 is an arc only the other way.
        let err = verify(&path, &fill(&[1, 3, 2])).unwrap_err();
        assert_eq!(
            err,
            Violation::NotAMove {
                value: 1,
                next: 2,
                from: Place::Vertex(1),
                to: Place::Vertex(3),
                moves: "graph".to_string(),
            }
        );
        assert_eq!(
            err.to_string(),
            "1 at vertex 1 and 2 at vertex 3 are not one graph move apart"
        );
        // The order 2, 3, 1 (vertex 3 holds 1): 2 -> 3 and 3 -> 1 are arcs, 1 -> 2 closes.
        assert_eq!(verify(&tour, &fill(&[3, 1, 2])), Ok(()));
        // Without the arc 3 -> 1 the path 1, 2, 3 still passes but the tour does not close.
        let open_arcs = [(0, 1), (1, 2)];
        let no_return = Puzzle::graph(
            "h",
            3,
            &open_arcs,
            true,
            true,
            vec![CellRule::Free; 3],
            Expect::default(),
        )
        .unwrap();
        assert_eq!(
            verify(&no_return, &fill(&[1, 2, 3])),
            Err(Violation::NotClosed {
                n: 3,
                last: Place::Vertex(3),
                first: Place::Vertex(1),
                moves: "graph".to_string(),
            })
        );
        // Undirected: each edge both ways.
        let both = Puzzle::graph(
            "u",
            3,
            &open_arcs,
            false,
            false,
            vec![CellRule::Free; 3],
            Expect::default(),
        )
        .unwrap();
        assert_eq!(verify(&both, &fill(&[3, 2, 1])), Ok(()));
        // 1 on vertex 2, 2 on vertex 1, 3 on vertex 3: vertices 1 and 3 are not joined.
        assert_eq!(
            verify(&both, &fill(&[2, 1, 3])),
            Err(Violation::NotAMove {
                value: 2,
                next: 3,
                from: Place::Vertex(1),
                to: Place::Vertex(3),
                moves: "graph".to_string(),
            })
        );
    }

    #[test]
    fn tours_must_close() {
        let open = puzzle("", ". . .\n. . .");
        let closed = puzzle("closed = true", ". . .\n. . .");
        // 1 2 3 / 6 5 4 closes: 6 is next to 1.
        let ring = fill(&[1, 2, 3, 6, 5, 4]);
        assert_eq!(verify(&closed, &ring), Ok(()));
        // A path from one corner to the opposite one cannot close: 1 4 5 / 2 3 6.
        let corner_to_corner = fill(&[1, 4, 5, 2, 3, 6]);
        assert_eq!(verify(&open, &corner_to_corner), Ok(()));
        assert!(matches!(
            verify(&closed, &corner_to_corner),
            Err(Violation::NotClosed { n: 6, .. })
        ));
    }

    #[test]
    fn walks_of_graphs() {
        use super::{verify_walk, WalkViolation};
        let square = [(0, 1), (2, 1), (2, 3), (3, 0)];
        assert_eq!(verify_walk(4, &square, &[0, 1, 2, 3], true), Ok(()));
        assert_eq!(verify_walk(4, &square, &[1, 2, 3, 0], false), Ok(()));
        assert_eq!(
            verify_walk(4, &square, &[0, 2, 1, 3], false),
            Err(WalkViolation::NoEdge(1, 3))
        );
        assert_eq!(
            verify_walk(4, &square[..3], &[0, 1, 2, 3], true),
            Err(WalkViolation::NoEdge(4, 1))
        );
        assert_eq!(
            verify_walk(4, &square, &[0, 1, 1, 3], true),
            Err(WalkViolation::BadVertex(2))
        );
        assert!(verify_walk(4, &square, &[0, 1, 2], true).is_err());
        assert_eq!(verify_walk(1, &[], &[0], true), Ok(()));
        assert!(verify_walk(2, &[(0, 1)], &[0, 1], true).is_err());
        assert_eq!(verify_walk(2, &[(0, 1)], &[1, 0], false), Ok(()));
    }
}
