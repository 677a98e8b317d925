//! The puzzles the oracle tests run on: hand-picked small ones that reach every branch of the
//! encoders (holes, one-way moves, givens at the ends and in the middle, marks that fill their
//! class, tours, graphs, trails with sums and repeated labels, contradictions), and seeded
//! random ones. All are small enough for the brute force of `pathsat-puzzle`.

use pathsat_puzzle::{brute, parse_str, Board, CellRule, Expect, Format, Mark, Moves, Puzzle};
use pathsat_puzzle::{Trail, ValueClass};

pub fn toml(text: &str) -> Puzzle {
    parse_str(text, Format::Toml).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn board(moves: &str, closed: bool, grid: &str, marks: &str) -> Puzzle {
    toml(&format!(
        "moves = {moves}\nclosed = {closed}\ngrid = \"\"\"\n{grid}\n\"\"\"\n[marks]\n{marks}\n"
    ))
}

fn graph(closed: bool, vertices: usize, edges: &str, directed: bool, extra: &str) -> Puzzle {
    toml(&format!(
        "closed = {closed}\n[graph]\nvertices = {vertices}\nedges = {edges}\ndirected = {directed}\n{extra}\n"
    ))
}

/// Hand-picked path puzzles (not trails).
pub fn paths() -> Vec<Puzzle> {
    vec![
        board("\"rook\"", false, ".", ""),
        board("\"rook\"", true, ".", ""),
        board("\"rook\"", false, ". .", ""),
        board("\"rook\"", true, ". .", ""),
        board("\"rook\"", false, ". . .", ""),
        board("\"rook\"", true, ". . .", ""),
        board("\"rook\"", false, ". .\n. .", ""),
        board("\"rook\"", true, ". .\n. .", ""),
        board("\"rook\"", false, ". . .\n. . .", ""),
        board("\"rook\"", true, ". . .\n. . .", ""),
        board("\"rook\"", false, ". . .\n. . .\n. . .", ""),
        board("\"rook\"", true, ". . .\n. . .\n. . .", ""),
        board("\"rook\"", false, "1 . .\n. . .", ""),
        board("\"rook\"", false, ". 1 .\n. . .", ""),
        board("\"rook\"", false, ". . .\n. . 6", ""),
        board("\"rook\"", false, ". 3 .\n. . .\n. . .", ""),
        board("\"rook\"", true, ". . .\n. 4 .", ""),
        board("\"rook\"", true, "1 . .\n. . .", ""),
        board("\"rook\"", false, "1 . .\n. . .\n. . 2", ""),
        board("\"rook\"", false, ". # .\n. . .", ""),
        board("\"rook\"", false, ". # .", ""),
        board("\"rook\"", false, "# .\n. .", ""),
        board("\"rook\"", false, ". . . .\n. # # .", ""),
        board("\"king\"", false, "1 . .\n. . 6", ""),
        board("\"king\"", true, ". . .\n. . .", ""),
        board("\"king\"", false, ". . .\n. 5 .\n. . .", ""),
        board("\"king\"", true, ". . #\n. . .", ""),
        board("\"king\"", false, "E . E .", "E = \"even\""),
        board("\"king\"", false, "E . E . .", "E = \"even\""),
        board("\"king\"", false, "P . .\n. P .", "P = \"primes\""),
        board("\"king\"", false, "S . .\n. . S", "S = \"squares\""),
        board("\"king\"", true, "O . .\n. . O", "O = \"odd\""),
        board("\"king\"", false, "A . .\n. B .", "A = [1, 6]\nB = [2, 3]"),
        board("\"king\"", false, "A . A\n. . .", "A = [1, 6]"),
        board("\"king\"", false, "A 2 .\n. . .", "A = [1, 3]"),
        board("\"rook\"", false, "E . .\n. . .\n. . .", "E = \"even\""),
        // Value 4 fits only the free cell from the start, though no mark is full.
        board("\"king\"", false, ". A\nB B", "A = [1, 2]\nB = [1, 2, 3]"),
        board("\"rook\"", false, ". A\nB B", "A = [1, 2]\nB = [1, 2, 3]"),
        board("\"king\"", false, "A A\nB B", "A = [1, 2, 3]\nB = [1, 2, 3]"),
        board("\"knight\"", false, ". . . .\n. . . .\n. . . .", ""),
        board("\"knight\"", false, "1 . . .\n. . . .\n. . . .", ""),
        board("\"knight\"", true, ". . . .\n. . . .\n. . . .", ""),
        board("\"knight\"", false, ". . .\n. . .\n. . .", ""),
        board("[[0, 1], [1, 0]]", false, ". . .\n. . .", ""),
        board("[[0, 1], [1, 0], [-1, -2]]", true, ". . .\n. . .", ""),
        board("[[0, 1], [1, 0], [-2, -1]]", false, ". . .\n. . .\n. . .", ""),
        board("[[0, 1]]", false, ". . .", ""),
        board("[[0, 1]]", true, ". . .", ""),
        board("[[0, 1], [0, -2]]", true, ". . .", ""),
        board("[[0, 1], [1, -1], [-1, 0]]", true, ". .\n. .", ""),
        board("[[0, 2], [0, -1]]", false, ". . . .", ""),
        graph(false, 1, "[]", false, ""),
        graph(false, 2, "[[1, 2]]", true, ""),
        graph(true, 2, "[[1, 2], [2, 1]]", true, ""),
        graph(false, 3, "[[1, 2], [1, 3]]", false, ""),
        graph(false, 3, "[[1, 2], [1, 3]]", false, "start = 2"),
        graph(false, 3, "[[1, 2], [1, 3]]", false, "start = 1"),
        graph(false, 4, "[[1, 2], [2, 3], [3, 4], [4, 1], [1, 3]]", false, ""),
        graph(false, 4, "[[1, 2], [2, 3], [3, 4], [4, 1], [1, 3]]", false, "start = 2\nend = 4"),
        graph(false, 4, "[[1, 2], [2, 3], [3, 4], [4, 1], [1, 3]]", false, "end = 3"),
        graph(true, 4, "[[1, 2], [2, 3], [3, 4], [4, 1], [1, 3]]", false, ""),
        graph(true, 4, "[[1, 2], [2, 3], [3, 4], [4, 1], [1, 3]]", false, "start = 3"),
        graph(true, 5, "[[1, 2], [2, 3], [3, 1], [3, 4], [4, 5], [5, 3], [2, 5]]", true, ""),
        graph(false, 5, "[[1, 2], [2, 3], [3, 1], [3, 4], [4, 5], [5, 3], [2, 5]]", true, ""),
        graph(
            true,
            6,
            "[[1, 2], [2, 3], [3, 1], [3, 4], [4, 5], [5, 6], [6, 4], [6, 1], [2, 5], [5, 2], [4, 3]]",
            true,
            "",
        ),
        graph(false, 5, "[[1, 3], [1, 4], [1, 5], [2, 3], [2, 4], [2, 5]]", false, ""),
        graph(true, 6, "[[1, 4], [1, 5], [1, 6], [2, 4], [2, 5], [2, 6], [3, 4], [3, 5], [3, 6]]", false, ""),
        graph(false, 4, "[[1, 2], [3, 4]]", false, ""),
    ]
}

/// Hand-picked trail puzzles.
pub fn trails() -> Vec<Puzzle> {
    let trail = |moves: &str, closed: bool, grid: &str, table: &str| {
        toml(&format!(
            "moves = {moves}\nclosed = {closed}\ngrid = \"\"\"\n{grid}\n\"\"\"\n[trail]\n{table}\n"
        ))
    };
    vec![
        trail("\"rook\"", false, "1 2 3\n4 5 6", "length = 1"),
        trail("\"rook\"", false, "1 2 3\n4 5 6", "length = 1\nsum = 5"),
        trail("\"rook\"", false, "1 2 3\n4 5 6", "length = 2"),
        trail(
            "\"rook\"",
            false,
            "1 2 3\n4 5 6",
            "length = 3\nsum = 8\ndistinct = true",
        ),
        trail("\"rook\"", false, "1 2 3\n4 5 6", "length = 3\nsum = 9"),
        trail(
            "\"rook\"",
            false,
            "1 1 2\n2 1 3",
            "length = 3\ndistinct = true",
        ),
        trail("\"rook\"", false, "1 1 2\n2 1 3", "length = 4\nsum = 6"),
        trail("\"rook\"", false, "1 9 2\n3 1 4", "length = 3\nsum = 6"),
        trail("\"rook\"", false, "1 2 3\n4 5 6", "length = 6"),
        trail("\"rook\"", false, "1 2 3\n4 5 6", "length = 3\nsum = 100"),
        trail("\"rook\"", false, "1 2 3\n4 5 6", "length = 7"),
        trail("\"rook\"", false, "1 # 3\n4 5 6", "length = 3"),
        trail("\"rook\"", false, "1 # 3\n# 5 6", "length = 3"),
        trail("\"rook\"", false, "1 # 3\n# 5 6", "length = 1"),
        trail("\"rook\"", true, "1 2 3\n4 5 6", "length = 4"),
        trail("\"rook\"", true, "1 2 3\n4 5 6", "length = 6\nsum = 21"),
        trail(
            "\"rook\"",
            true,
            "1 2 3\n4 5 6\n7 8 9",
            "length = 4\nsum = 16",
        ),
        trail(
            "\"rook\"",
            true,
            "1 1 1\n2 2 2",
            "length = 4\ndistinct = true",
        ),
        trail("\"king\"", true, "1 2 3\n4 5 6", "length = 3\nsum = 10"),
        trail(
            "\"king\"",
            false,
            "3 1 4\n1 5 9",
            "length = 3\nsum = 9\ndistinct = true",
        ),
        trail("\"king\"", false, "0 0 1\n0 2 0", "length = 4\nsum = 1"),
        trail("\"knight\"", false, "1 2 3\n4 5 6\n7 8 9", "length = 3"),
    ]
}

/// The project's seeded random source (rand's ChaCha8), so the random puzzles are the same on
/// every run and machine.
pub struct Rng(rand::rngs::ChaCha8Rng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(rand::SeedableRng::seed_from_u64(seed))
    }

    pub fn below(&mut self, n: u64) -> u64 {
        rand::RngExt::random_range(&mut self.0, 0..n)
    }
}

fn random_moves(rng: &mut Rng) -> Moves {
    match rng.below(6) {
        0 => Moves::Rook,
        1 => Moves::King,
        2 => Moves::Knight,
        _ => {
            let mut offsets: Vec<(i64, i64)> = Vec::new();
            if rng.below(2) == 0 {
                offsets.extend([(0, 1), (1, 0), (0, -1), (-1, 0)]);
            }
            for _ in 0..1 + rng.below(4) {
                let (dr, dc) = (rng.below(5) as i64 - 2, rng.below(5) as i64 - 2);
                if (dr, dc) != (0, 0) {
                    offsets.push((dr, dc));
                }
            }
            Moves::custom(offsets).unwrap_or(Moves::King)
        }
    }
}

fn random_class(rng: &mut Rng) -> ValueClass {
    match rng.below(5) {
        0 => ValueClass::Primes,
        1 => ValueClass::Even,
        2 => ValueClass::Odd,
        3 => ValueClass::Squares,
        _ => ValueClass::List(
            (0..1 + rng.below(4))
                .map(|_| 1 + rng.below(9) as u32)
                .collect(),
        ),
    }
}

/// A random path puzzle of at most 9 cells: holes, moves, open or closed, marks and givens,
/// half of the time planted from a solution of the puzzle without them.
pub fn random_path(rng: &mut Rng) -> Puzzle {
    loop {
        let (rows, cols) = (1 + rng.below(3) as usize, 1 + rng.below(3) as usize);
        let mask: Vec<bool> = (0..rows * cols).map(|_| rng.below(6) != 0).collect();
        let board = Board::from_mask(rows, cols, &mask);
        let n = board.n_cells();
        if n == 0 {
            continue;
        }
        let moves = random_moves(rng);
        let closed = rng.below(3) == 0;
        let marks = vec![
            Mark {
                letter: "A".into(),
                class: random_class(rng),
            },
            Mark {
                letter: "B".into(),
                class: random_class(rng),
            },
        ];
        let blank = Puzzle::new(
            "random",
            board.clone(),
            moves.clone(),
            closed,
            vec![CellRule::Free; n],
            vec![],
            Expect::default(),
        )
        .expect("a blank board");
        let mut planted = None;
        if rng.below(2) == 0 {
            brute::enumerate(&blank, Some(1), |f| planted = Some(f.values().to_vec()));
        }
        let rules: Vec<CellRule> = (0..n)
            .map(|cell| match rng.below(8) {
                0 | 1 => match &planted {
                    Some(values) => CellRule::Given(values[cell]),
                    None => CellRule::Given(1 + rng.below(n as u64) as u32),
                },
                2 => CellRule::Marked(rng.below(2) as usize),
                _ => CellRule::Free,
            })
            .collect();
        if let Ok(p) = Puzzle::new(
            "random",
            board,
            moves,
            closed,
            rules,
            marks,
            Expect::default(),
        ) {
            return p;
        }
    }
}

/// A random trail puzzle of at most 9 cells with reversible moves.
pub fn random_trail(rng: &mut Rng) -> Puzzle {
    loop {
        let (rows, cols) = (1 + rng.below(3) as usize, 2 + rng.below(2) as usize);
        let mask: Vec<bool> = (0..rows * cols).map(|_| rng.below(7) != 0).collect();
        let board = Board::from_mask(rows, cols, &mask);
        let n = board.n_cells();
        if n == 0 {
            continue;
        }
        let moves = match rng.below(3) {
            0 => Moves::Rook,
            1 => Moves::King,
            _ => Moves::Knight,
        };
        let closed = rng.below(3) == 0;
        let labels: Vec<u32> = (0..n).map(|_| rng.below(6) as u32).collect();
        let length = 1 + rng.below(n.min(5) as u64) as usize;
        let total: u64 = labels.iter().map(|&l| u64::from(l)).sum();
        let sum = (rng.below(2) == 0).then(|| rng.below(total + 2));
        let Ok(trail) = Trail::new(labels, length, sum, rng.below(2) == 0) else {
            continue;
        };
        let Ok(p) = Puzzle::new(
            "random-trail",
            board,
            moves,
            closed,
            vec![CellRule::Free; n],
            vec![],
            Expect::default(),
        ) else {
            continue;
        };
        if let Ok(p) = p.with_trail(trail) {
            return p;
        }
    }
}

/// A random path puzzle of up to 25 cells for the domain tests (no brute force needed): random
/// holes, moves and marks, and givens either at random or copied from a boustrophedon path (a
/// filling of every full rook or king board), so that some are solvable and some not.
pub fn random_large(rng: &mut Rng) -> Puzzle {
    loop {
        let (rows, cols) = (2 + rng.below(4) as usize, 2 + rng.below(4) as usize);
        let snake = rng.below(2) == 0;
        let mask: Vec<bool> = (0..rows * cols)
            .map(|_| snake || rng.below(8) != 0)
            .collect();
        let board = Board::from_mask(rows, cols, &mask);
        let n = board.n_cells();
        if n == 0 {
            continue;
        }
        let moves = if snake {
            if rng.below(2) == 0 {
                Moves::Rook
            } else {
                Moves::King
            }
        } else {
            random_moves(rng)
        };
        let closed = !snake && rng.below(2) == 0;
        // The boustrophedon: row by row, every other row backwards.
        let mut value_at = vec![0u32; n];
        for (cell, value) in value_at.iter_mut().enumerate() {
            let pos = board.pos(cell);
            let col = if pos.row % 2 == 0 {
                pos.col
            } else {
                cols - 1 - pos.col
            };
            *value = (pos.row * cols + col + 1) as u32;
        }
        let density = 2 + rng.below(6);
        let marks = vec![Mark {
            letter: "A".into(),
            class: random_class(rng),
        }];
        let rules: Vec<CellRule> = (0..n)
            .map(|cell| match rng.below(density) {
                0 if snake => CellRule::Given(value_at[cell]),
                0 => CellRule::Given(1 + rng.below(n as u64) as u32),
                1 if !snake && rng.below(3) == 0 => CellRule::Marked(0),
                _ => CellRule::Free,
            })
            .collect();
        if let Ok(p) = Puzzle::new(
            "large",
            board,
            moves,
            closed,
            rules,
            marks,
            Expect::default(),
        ) {
            return p;
        }
    }
}

/// A tour of up to 20 cells on a full board (rook, king, or the rook's steps and one diagonal),
/// with random givens: the pruning of tours, where value N wraps round to 1.
pub fn random_tour(rng: &mut Rng) -> Puzzle {
    loop {
        let (rows, cols) = (2 + rng.below(3) as usize, 2 + rng.below(4) as usize);
        let n = rows * cols;
        let moves = match rng.below(3) {
            0 => Moves::Rook,
            1 => Moves::King,
            _ => Moves::custom(vec![(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1)]).expect("moves"),
        };
        let rules: Vec<CellRule> = (0..n)
            .map(|_| match rng.below(4) {
                0 => CellRule::Given(1 + rng.below(n as u64) as u32),
                _ => CellRule::Free,
            })
            .collect();
        let board = Board::rectangle(rows, cols);
        if let Ok(p) = Puzzle::new("tour", board, moves, true, rules, vec![], Expect::default()) {
            return p;
        }
    }
}

/// A tour of a random graph of 3 to 8 vertices (directed half of the time) with up to two
/// random givens: where value N wraps round to 1 along one-way arcs.
pub fn random_graph_tour(rng: &mut Rng) -> Puzzle {
    loop {
        let n = 3 + rng.below(6) as usize;
        let mut edges = Vec::new();
        for u in 0..n {
            for v in 0..n {
                if u != v && rng.below(3) == 0 {
                    edges.push((u, v));
                }
            }
        }
        let mut rules = vec![CellRule::Free; n];
        for _ in 0..rng.below(3) {
            rules[rng.below(n as u64) as usize] = CellRule::Given(1 + rng.below(n as u64) as u32);
        }
        let directed = rng.below(2) == 0;
        if let Ok(p) = Puzzle::graph("tour", n, &edges, directed, true, rules, Expect::default()) {
            return p;
        }
    }
}
