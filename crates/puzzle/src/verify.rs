//! # The independent verifier
//!
//! [`verify`] checks a filling against the puzzle's rules as the puzzle states them: values
//! 1..N each once, givens kept, marks respected, consecutive values one move apart (computed
//! from the positions and the move offsets, not from the move graph the encoder uses), and the
//! closing move of a tour. It knows nothing of CNF, so it can judge what the SAT layer returns.

use crate::{CellRule, Filling, Place, Puzzle};

/// The first rule a filling breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    #[error("the filling has {found} values for {expected} cells")]
    WrongSize { expected: usize, found: usize },
    #[error("{pos} holds {value}, outside 1..{n}")]
    OutOfRange { pos: Place, value: u32, n: usize },
    #[error("{value} appears twice, at {first} and {second}")]
    Duplicate {
        value: u32,
        first: Place,
        second: Place,
    },
    #[error("{pos} holds {found}, but {given} is given there")]
    GivenChanged { pos: Place, given: u32, found: u32 },
    #[error("{pos} is marked {letter} ({class}) but holds {value}")]
    MarkBroken {
        pos: Place,
        letter: String,
        class: String,
        value: u32,
    },
    #[error("{value} at {from} and {next} at {to} are not one {moves} move apart")]
    NotAMove {
        value: u32,
        next: u32,
        from: Place,
        to: Place,
        moves: String,
    },
    #[error("the tour does not close: {n} at {last} is not one {moves} move from 1 at {first}")]
    NotClosed {
        n: usize,
        last: Place,
        first: Place,
        moves: String,
    },
}

/// Checks that `filling` solves `puzzle`.
///
/// # Errors
/// The first [`Violation`] found, in the order of the variants.
pub fn verify(puzzle: &Puzzle, filling: &Filling) -> Result<(), Violation> {
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
    let at = |v: usize| cell_of[v].expect("n distinct values in 1..=n cover 1..=n");
    let moves = || {
        if puzzle.is_graph() {
            "graph".to_string()
        } else {
            puzzle.moves().to_string()
        }
    };
    for v in 1..n {
        let (from, to) = (at(v), at(v + 1));
        if !puzzle.step_allowed(from, to) {
            return Err(Violation::NotAMove {
                value: v as u32,
                next: v as u32 + 1,
                from: puzzle.place(from),
                to: puzzle.place(to),
                moves: moves(),
            });
        }
    }
    if puzzle.is_closed() && !puzzle.step_allowed(at(n), at(1)) {
        return Err(Violation::NotClosed {
            n,
            last: puzzle.place(at(n)),
            first: puzzle.place(at(1)),
            moves: moves(),
        });
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
}
