//! # Fillings from Hamiltonian counts
//!
//! A filling of a path puzzle without givens is a directed Hamiltonian path (or, for a tour, a
//! directed Hamiltonian cycle with a starting cell), so with H the undirected count:
//!
//! | puzzle | fillings |
//! |---|---|
//! | open, no given | 2 · H(paths) |
//! | open, 1 or N given on cell c | H(paths with an end at c) |
//! | open, 1 given on cell a and N on cell b | H(paths with ends a and b) |
//! | closed, no given | 2N · H(cycles) |
//! | closed, one given (any value) on cell c | 2 · H(cycles) |
//!
//! The last row holds because turning a tour's values round (k → k + s mod N) maps the fillings
//! with value v on c one to one onto those with 1 on c. Boards of up to 3 cells are counted by
//! brute force. The products are big integers: they cannot wrap. A shard of a count split by
//! residues ([`crate::SplitBy::Residues`]) gives the fillings modulo its prime, or a bound on
//! them.

use crate::dp::{hamiltonian_cycles, hamiltonian_paths, MAX_FRONTIER};
use crate::order::{sweep_cost, vertex_order_within};
use crate::plan::frontier_sizes;
use crate::{BigCount, FrontierError, FrontierOptions, FrontierStats, Graph, Share, Shortcut};
use pathsat_puzzle::{brute, Moves, Puzzle};

/// A count of fillings and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontierCount {
    /// The number of fillings of the puzzle.
    pub fillings: BigCount,
    /// The undirected Hamiltonian cycles (closed puzzles) or paths (open ones) behind them.
    pub hamiltonian: BigCount,
    /// What the program cost.
    pub stats: FrontierStats,
}

/// The ends the givens pin, when the program applies to `puzzle`.
///
/// # Errors
/// The [`FrontierError`] that says why it does not: a trail, one-way moves, marks, or givens
/// beyond the table of the module documentation.
pub fn applies(puzzle: &Puzzle) -> Result<Vec<usize>, FrontierError> {
    if puzzle.trail().is_some() {
        return Err(FrontierError::Trail);
    }
    if !puzzle.moves().is_symmetric() {
        return Err(FrontierError::DirectedMoves);
    }
    if puzzle.has_marks() {
        return Err(FrontierError::Marks);
    }
    let n = puzzle.n_cells();
    let givens: Vec<(usize, u32)> = puzzle.givens().collect();
    let is_end = |v: u32| v == 1 || v as usize == n;
    match (givens.as_slice(), puzzle.is_closed()) {
        ([], _) => Ok(vec![]),
        ([(cell, _)], true) => Ok(vec![*cell]),
        ([(cell, v)], false) if is_end(*v) => Ok(vec![*cell]),
        ([(a, va), (b, vb)], false) if is_end(*va) && is_end(*vb) && va != vb => Ok(vec![*a, *b]),
        _ => Err(FrontierError::Givens),
    }
}

/// The number of fillings of `puzzle`, by the dynamic program.
///
/// # Errors
/// A [`FrontierError`] when the program does not apply ([`applies`]) or could not finish
/// within the options.
pub fn count_fillings(
    puzzle: &Puzzle,
    options: &FrontierOptions,
) -> Result<FrontierCount, FrontierError> {
    let Some(Sweep {
        graph,
        ends,
        order,
        order_name,
    }) = prepare(puzzle)?
    else {
        let fillings = match shortcut(puzzle) {
            Shortcut::Tiny => {
                crate::share_of_whole(BigCount::from(brute::count(puzzle, None).count), options)
            }
            _ => BigCount::zero(),
        };
        return Ok(FrontierCount {
            hamiltonian: fillings.clone(),
            fillings,
            stats: FrontierStats {
                shortcut: Some(shortcut(puzzle)),
                ..FrontierStats::default()
            },
        });
    };
    let (hamiltonian, mut stats) = if puzzle.is_closed() {
        hamiltonian_cycles(&graph, &order, options)?
    } else {
        hamiltonian_paths(&graph, &ends, &order, options)?
    };
    stats.order = order_name;
    let fillings = hamiltonian.clone() * fillings_per_walk(puzzle, &ends);
    // A shard of residues counts modulo its prime: the fillings too. (A bound times the
    // factor bounds the fillings.)
    let fillings = match options.split.map(|s| s.share()) {
        Some(Share::Residue(p)) => BigCount::from(fillings.into_biguint() % p),
        _ => fillings,
    };
    Ok(FrontierCount {
        fillings,
        hamiltonian,
        stats,
    })
}

/// The fillings of each undirected cycle (closed puzzles) or path (open ones) of `puzzle` whose
/// given ends are `ends`: the table of the module documentation.
pub(crate) fn fillings_per_walk(puzzle: &Puzzle, ends: &[usize]) -> u64 {
    match (puzzle.is_closed(), ends.len()) {
        (true, 0) => 2 * puzzle.n_cells() as u64,
        (true, _) | (false, 0) => 2,
        (false, _) => 1,
    }
}

/// What the program sweeps for a puzzle: its move graph (with the board's symmetries), the
/// given ends and the sweep order.
pub(crate) struct Sweep {
    pub graph: Graph,
    pub ends: Vec<usize>,
    pub order: Vec<usize>,
    pub order_name: &'static str,
}

/// The sweep of `puzzle`, or `None` when its count is made without one ([`shortcut`]).
pub(crate) fn prepare(puzzle: &Puzzle) -> Result<Option<Sweep>, FrontierError> {
    let ends = applies(puzzle)?;
    let n = puzzle.n_cells();
    if n <= 3 {
        return Ok(None);
    }
    let graph = graph_of(puzzle);
    if colours_rule_out(&graph, puzzle.is_closed()).is_some() {
        return Ok(None);
    }
    let (order, order_name) = sweep_order(puzzle, &graph);
    Ok(Some(Sweep {
        graph,
        ends,
        order,
        order_name,
    }))
}

/// How a puzzle that [`prepare`] gives no sweep is counted.
pub(crate) fn shortcut(puzzle: &Puzzle) -> Shortcut {
    if puzzle.n_cells() <= 3 {
        return Shortcut::Tiny;
    }
    colours_rule_out(&graph_of(puzzle), puzzle.is_closed()).unwrap_or(Shortcut::Tiny)
}

/// The move graph of `puzzle`, with a board's symmetries declared.
fn graph_of(puzzle: &Puzzle) -> Graph {
    let n = puzzle.n_cells();
    let mut graph = Graph::new(n);
    graph.add_edges((0..n).flat_map(|cell| {
        puzzle
            .successors(cell)
            .iter()
            .map(move |&next| (cell, next))
    }));
    if !puzzle.is_graph() {
        for map in puzzle.board().symmetries() {
            graph.add_symmetry(map);
        }
        if matches!(puzzle.moves(), Moves::Rook) {
            let board = puzzle.board();
            graph.set_grid(
                (0..n)
                    .map(|c| {
                        let p = board.pos(c);
                        (p.row, p.col)
                    })
                    .collect(),
            );
        }
    }
    graph
}

/// Whether the graph is disconnected, or bipartite with colour classes that no Hamiltonian
/// path (sizes differing by more than one) or cycle (sizes differing at all) can alternate.
/// The encoder's `pathsat_encode::colours` makes the same check; this engine keeps its own so
/// that its counts stay an independent cross-check of the SAT counts.
fn colours_rule_out(graph: &Graph, closed: bool) -> Option<Shortcut> {
    let n = graph.n_vertices();
    let mut adjacent = vec![Vec::new(); n];
    for &(u, v) in graph.edges() {
        adjacent[u].push(v);
        adjacent[v].push(u);
    }
    let mut colour = vec![u8::MAX; n];
    colour[0] = 0;
    let mut stack = vec![0];
    let mut bipartite = true;
    let mut reached = 1;
    while let Some(u) = stack.pop() {
        for &v in &adjacent[u] {
            if colour[v] == u8::MAX {
                colour[v] = 1 - colour[u];
                reached += 1;
                stack.push(v);
            } else if colour[v] == colour[u] {
                bipartite = false;
            }
        }
    }
    if reached < n {
        return Some(Shortcut::Disconnected { reached, n });
    }
    let a = colour.iter().filter(|&&c| c == 0).count();
    let b = n - a;
    let unbalanced = if closed { a != b } else { a.abs_diff(b) > 1 };
    (bipartite && unbalanced).then_some(Shortcut::Colours {
        a: a.max(b),
        b: a.min(b),
        closed,
    })
}

/// Row by row or column by column, whichever is cheaper ([`sweep_cost`]), unless the path
/// decomposition of [`vertex_order`](crate::vertex_order) has a narrower frontier, or (but for
/// rook moves) an equally wide but cheaper one; graphs have no rows, only the path
/// decomposition. On a rook's board (a grid) the rows win at equal width: their frontier is a
/// line whose segments cannot cross, and holds far fewer states than its width suggests
/// (12x12: 168 thousand states by rows, 1.1 million by the path decomposition, though the
/// latter scores lower).
///
/// The path decomposition is given up once its frontier passes twice what the program holds
/// (local improvement narrows an order by a vertex or two, never by half): the rows, or a
/// graph's own numbering, then stand in, and the program says how wide they are.
fn sweep_order(puzzle: &Puzzle, graph: &Graph) -> (Vec<usize>, &'static str) {
    let heuristic = vertex_order_within(graph, 2 * MAX_FRONTIER);
    if puzzle.is_graph() {
        return match heuristic {
            Some(order) => (order, "path decomposition"),
            None => ((0..puzzle.n_cells()).collect(), "vertex numbers"),
        };
    }
    let board = puzzle.board();
    let rows: Vec<usize> = (0..puzzle.n_cells()).collect();
    let mut columns = rows.clone();
    columns.sort_by_key(|&c| {
        let p = board.pos(c);
        (p.col, p.row)
    });
    let adjacent = graph.adjacency();
    let width = |order: &[usize]| frontier_sizes(&adjacent, order).into_iter().max();
    let (regular, name) = if sweep_cost(&adjacent, &columns) < sweep_cost(&adjacent, &rows) {
        (columns, "columns")
    } else {
        (rows, "rows")
    };
    let Some(heuristic) = heuristic else {
        return (regular, name);
    };
    let narrower = width(&heuristic) < width(&regular);
    let cheaper = sweep_cost(&adjacent, &heuristic) < sweep_cost(&adjacent, &regular);
    if narrower || (cheaper && !matches!(puzzle.moves(), Moves::Rook)) {
        (heuristic, "path decomposition")
    } else {
        (regular, name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{parse_str, Format};

    fn blank(rows: usize, cols: usize, moves: Moves, closed: bool) -> Puzzle {
        Puzzle::blank(rows, cols, moves, closed).unwrap()
    }

    fn fillings(puzzle: &Puzzle) -> Result<u128, FrontierError> {
        let counted = count_fillings(puzzle, &FrontierOptions::default())?;
        Ok(counted.fillings.to_u128().expect("small"))
    }

    /// A board hundreds of cells wide is refused as too wide without ordering it in full (which
    /// took minutes on a 300x300 board): the rows stand in for the given-up path decomposition.
    #[test]
    fn boards_far_too_wide_are_refused_by_their_rows() {
        let board = blank(120, 150, Moves::King, false);
        match count_fillings(&board, &FrontierOptions::default()) {
            Err(FrontierError::TooWide { width, max }) => {
                assert_eq!(max, MAX_FRONTIER);
                // A king's sweep by columns keeps a column and the cell after it.
                assert_eq!(width, 121);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn known_counts() {
        // OEIS A096969: fillings of the n x n board by rook paths.
        for (n, expected) in [
            (1, 1),
            (2, 8),
            (3, 40),
            (4, 552),
            (5, 8648),
            (6, 458_696),
            (7, 27_070_560),
        ] {
            assert_eq!(
                fillings(&blank(n, n, Moves::Rook, false)),
                Ok(expected),
                "{n}x{n}"
            );
        }
        // 9862 undirected closed knight's tours of the 6x6 board.
        assert_eq!(
            fillings(&blank(6, 6, Moves::Knight, true)),
            Ok(2 * 36 * 9862)
        );
        // 6 Hamiltonian cycles of the 4x4 grid (OEIS A003763).
        assert_eq!(fillings(&blank(4, 4, Moves::Rook, true)), Ok(2 * 16 * 6));
        // Colour classes of 25 and 24 cells: no tour.
        assert_eq!(fillings(&blank(7, 7, Moves::Knight, true)), Ok(0));
        // Two cells out of reach of every knight's move: no path at all.
        assert_eq!(fillings(&blank(3, 3, Moves::Knight, false)), Ok(0));
    }

    #[test]
    fn one_given_pins_an_end() {
        let p = parse_str("moves = \"knight\"\nclosed = true\ngrid = \"\"\"\n1 . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n\"\"\"\n", Format::Toml).unwrap();
        assert_eq!(fillings(&p), Ok(19_724));
        // The same count with the given 17 instead (tours turn their values round).
        let p17 = parse_str("moves = \"knight\"\nclosed = true\ngrid = \"\"\"\n17 . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n\"\"\"\n", Format::Toml).unwrap();
        assert_eq!(fillings(&p17), Ok(19_724));
    }

    #[test]
    fn what_does_not_apply() {
        let marks =
            parse_str("moves = \"rook\"\ngrid = \"P . .\\n. . .\"\n", Format::Toml).unwrap();
        assert_eq!(fillings(&marks), Err(FrontierError::Marks));
        let middle =
            parse_str("moves = \"rook\"\ngrid = \". 3 .\\n. . .\"\n", Format::Toml).unwrap();
        assert_eq!(fillings(&middle), Err(FrontierError::Givens));
        let directed = blank(2, 2, Moves::custom(vec![(0, 1), (1, 0)]).unwrap(), false);
        assert_eq!(fillings(&directed), Err(FrontierError::DirectedMoves));
    }
}
