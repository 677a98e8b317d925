//! What a certificate means: the encoding afresh with its variables' meaning, the lines of
//! `claims.txt` that state it, the fillings its claimed solutions stand for, and what it proves
//! in words.

use pathsat_cnf::Cnf;
use pathsat_encode::{position, successor, EncodingChoice, EncodingOptions};
use pathsat_puzzle::{Filling, Puzzle};
use pathsat_solver::certificate::Meaning;

/// What a certificate proves when its formula is unsatisfiable, from its claims: `tours`
/// Hamiltonian cycles (the successor encoding) or `blocks` fillings (the position encoding)
/// excluded, or each (cell, value) of `excluded` ruled out.
pub(crate) fn answer_of(
    puzzle: &Puzzle,
    tours: usize,
    blocks: usize,
    excluded: &[(usize, u32)],
    assumed: &[(usize, u32)],
) -> String {
    if !excluded.is_empty() {
        let each: Vec<String> = excluded
            .iter()
            .map(|&(cell, value)| format!("{} holds {value}", puzzle.place(cell)))
            .collect();
        return format!("{} in every solution", each.join(", "));
    }
    let s = |n: usize| if n == 1 { "" } else { "s" };
    let g = |n: usize| pathsat_bigcount::grouped(n as u128);
    if !assumed.is_empty() {
        let each: Vec<String> = assumed
            .iter()
            .map(|&(cell, value)| format!("{} holding {value}", puzzle.place(cell)))
            .collect();
        let n = tours.max(blocks);
        return format!("exactly {} solution{} with {}", g(n), s(n), each.join(", "));
    }
    // A closed tour without its start given: each cycle is one filling per starting cell.
    let per_cycle = if puzzle.is_closed() && !puzzle.givens().any(|(_, v)| v == 1) {
        puzzle.n_cells()
    } else {
        1
    };
    match (tours, blocks) {
        (0, 0) if puzzle.is_graph() && puzzle.is_closed() => "no Hamiltonian cycle".into(),
        (0, 0) if puzzle.is_graph() => "no Hamiltonian path".into(),
        (0, 0) => "no solution".into(),
        (0, n) => format!("exactly {} solution{}", g(n), s(n)),
        (k, _) if per_cycle > 1 => format!(
            "exactly {} cycle{} (as directed cycles), {} solution{} (one per starting cell)",
            g(k),
            s(k),
            g(k * per_cycle),
            s(k * per_cycle)
        ),
        (k, _) => format!("exactly {} solution{}", g(k), s(k)),
    }
}

/// The encoding `options` name, of `puzzle`, afresh: its clauses and its variables' meaning.
pub(crate) fn encode(puzzle: &Puzzle, options: &EncodingOptions) -> Result<(Cnf, Meaning), String> {
    let mut cnf = Cnf::new();
    match (options.choice, options.subtours) {
        (EncodingChoice::Position, _) => {
            let e =
                position::encode(puzzle, &options.position, &mut cnf).map_err(|e| e.to_string())?;
            let meaning = Meaning::Values {
                cells: e.map.n_cells(),
                values: e.map.primary().collect(),
            };
            Ok((cnf, meaning))
        }
        (EncodingChoice::Successor, subtours) => {
            let e = successor::encode_complete(
                puzzle,
                options.successor_exactly_one,
                subtours,
                &mut cnf,
            )
            .map_err(|e| e.to_string())?;
            Ok((cnf, Meaning::of_arcs(&e)))
        }
        (EncodingChoice::Auto, _) => Err("run.json names no encoding".into()),
    }
}

/// The lines of `claims.txt` that state the variables' meaning, as the writer writes them.
pub(crate) fn meaning_lines(meaning: &Meaning) -> impl Iterator<Item = String> + '_ {
    let (head, body): (String, Box<dyn Iterator<Item = String>>) = match meaning {
        Meaning::Arcs {
            vertices,
            virtual_vertex,
            arcs,
        } => (
            if *virtual_vertex {
                format!("vertices {vertices} path")
            } else {
                format!("vertices {vertices}")
            },
            Box::new(
                arcs.iter()
                    .map(|(var, u, v)| format!("arc {} {} {}", var.to_dimacs(), u + 1, v + 1)),
            ),
        ),
        Meaning::Values { cells, values } => (
            format!("cells {cells}"),
            Box::new(
                values
                    .iter()
                    .map(|(var, c, k)| format!("value {} {} {k}", var.to_dimacs(), c + 1)),
            ),
        ),
    };
    std::iter::once(head).chain(body)
}

/// The filling a claimed solution stands for: a tour numbered along its order (from the
/// virtual vertex's successor for an open path, from the cell holding 1 when it is given),
/// or the block's values.
pub(crate) fn filling_of(
    puzzle: &Puzzle,
    meaning: &Meaning,
    solution: &pathsat_claims::Solution,
) -> Filling {
    let n = puzzle.n_cells();
    let mut values = vec![0u32; n];
    match solution {
        pathsat_claims::Solution::Filling(pairs) => {
            for &(cell, value) in pairs {
                if cell < n {
                    values[cell] = value;
                }
            }
            // Cells the block leaves out hold the only value they can.
            if let Meaning::Values { values: all, .. } = meaning {
                for (cell, v) in values.iter_mut().enumerate() {
                    if *v == 0 {
                        let mut candidates = all.iter().filter(|(_, c, _)| *c == cell);
                        if let (Some((_, _, k)), None) = (candidates.next(), candidates.next()) {
                            *v = *k;
                        }
                    }
                }
            }
        }
        pathsat_claims::Solution::Excluded(..) | pathsat_claims::Solution::Assumed(..) => {}
        pathsat_claims::Solution::Tour(order) => {
            // Rotate the cycle so that it starts where the filling must.
            let start = if order.len() > n {
                let z = order.iter().position(|&v| v == n).unwrap_or(0);
                (z + 1) % order.len()
            } else {
                // A closed tour: any given fixes where 1 goes.
                puzzle
                    .givens()
                    .find_map(|(cell, k)| {
                        let at = order.iter().position(|&v| v == cell)?;
                        Some((at + order.len() - (k as usize - 1) % order.len()) % order.len())
                    })
                    .unwrap_or(0)
            };
            let mut k = 1;
            for i in 0..order.len() {
                let v = order[(start + i) % order.len()];
                if v < n {
                    values[v] = k;
                    k += 1;
                }
            }
        }
    }
    Filling::from_values(values)
}
