//! The frontier program against answers established without it: closed forms, published
//! sequences (with their recurrences or generating functions, recomputed here in big integers),
//! theorems, and brute force. Counts beyond 2^128 are among them, so the promotion of counts to
//! wider types and the products that make fillings are checked too.
//!
//! The longer checks are `#[ignore]`d: `cargo test --release -p pathsat-frontier -- --ignored`.

use num_bigint::{BigInt, BigUint};
use num_traits::One;
use pathsat_budget::{Budget, Cancel, Stopped};
use pathsat_frontier::residue_prime;
use pathsat_frontier::{
    count_fillings, hamiltonian_cycles, hamiltonian_cycles_of_prefixes, hamiltonian_paths,
    vertex_order, FrontierError, FrontierOptions, Graph, LayerProgress, Spill, Split, SplitBy,
};
use pathsat_puzzle::families::{flower_snark, generalized_petersen};
use pathsat_puzzle::{brute, CellRule, Expect, Moves, Puzzle};
use std::sync::Mutex;
use std::time::{Duration, Instant};

fn big(n: u64) -> BigUint {
    BigUint::from(n)
}

fn factorial(n: u64) -> BigUint {
    (1..=n).fold(BigUint::one(), |acc, k| acc * k)
}

fn blank(rows: usize, cols: usize, moves: Moves, closed: bool) -> Puzzle {
    Puzzle::blank(rows, cols, moves, closed).expect("a board")
}

fn fillings(puzzle: &Puzzle) -> BigUint {
    count_fillings(puzzle, &FrontierOptions::default())
        .expect("the program counts it")
        .fillings
        .into_biguint()
}

fn graph_puzzle(n: usize, edges: &[(usize, usize)], closed: bool) -> Puzzle {
    Puzzle::graph(
        "test",
        n,
        edges,
        false,
        closed,
        vec![CellRule::Free; n],
        Expect::default(),
    )
    .expect("a graph puzzle")
}

fn graph_of(n: usize, edges: &[(usize, usize)]) -> Graph {
    let mut g = Graph::new(n);
    g.add_edges(edges.iter().copied());
    g
}

/// A chain (or ring) of `k` cliques K_m, the exit vertex (last) of each joined to the entry
/// vertex (first) of the next.
fn cliques(m: usize, k: usize, ring: bool) -> (usize, Vec<(usize, usize)>) {
    let mut edges = Vec::new();
    for c in 0..k {
        for u in 0..m {
            for v in u + 1..m {
                edges.push((c * m + u, c * m + v));
            }
        }
        if c + 1 < k || ring {
            edges.push((c * m + m - 1, ((c + 1) % k) * m));
        }
    }
    (m * k, edges)
}

/// Hamiltonian paths of a chain of k cliques K_m: the path crosses every bridge, so it covers
/// the first clique ending at its exit ((m-1)! ways), each middle clique from entry to exit
/// ((m-2)!), the last from its entry ((m-1)!). A ring's cycles: (m-2)! in each clique.
#[test]
fn clique_chains_and_rings_beyond_2_128() {
    let (m, k) = (7u64, 20u64);
    let chain_paths = factorial(m - 1).pow(2) * factorial(m - 2).pow(k as u32 - 2);
    let ring_cycles = factorial(m - 2).pow(k as u32);
    assert!(chain_paths.bits() > 128 && ring_cycles.bits() > 128);
    let options = FrontierOptions::default();

    let (n, edges) = cliques(m as usize, k as usize, false);
    let g = graph_of(n, &edges);
    let order: Vec<usize> = (0..n).collect();
    let (paths, _) = hamiltonian_paths(&g, &[], &order, &options).unwrap();
    assert_eq!(paths.as_biguint(), &chain_paths);
    let (paths, _) = hamiltonian_paths(&g, &[], &vertex_order(&g), &options).unwrap();
    assert_eq!(paths.as_biguint(), &chain_paths);
    // The path must end in the first and last cliques: pinning one end to the first clique's
    // entry divides the first clique's (m-1)! ways by m-1.
    let (pinned, _) = hamiltonian_paths(&g, &[0], &order, &options).unwrap();
    assert_eq!(pinned.as_biguint(), &(chain_paths.clone() / (m - 1)));
    // A graph puzzle's fillings are the directed paths: 2 H.
    let count = count_fillings(&graph_puzzle(n, &edges, false), &options).unwrap();
    assert_eq!(count.hamiltonian.as_biguint(), &chain_paths);
    assert_eq!(count.fillings.into_biguint(), chain_paths * 2u32);
    assert_eq!(count.stats.order, "path decomposition");

    // Forty cliques: sums beyond 2^256, counts in big integers, whose digits the budget
    // charges; every byte is given back by the end.
    let last_bytes = Mutex::new(u64::MAX);
    let progress = |p: &LayerProgress| *last_bytes.lock().unwrap() = p.bytes;
    let with_progress = FrontierOptions {
        progress: Some(&progress),
        ..FrontierOptions::default()
    };
    let (n, edges) = cliques(m as usize, 40, false);
    let g = graph_of(n, &edges);
    let order: Vec<usize> = (0..n).collect();
    let (paths, stats) = hamiltonian_paths(&g, &[], &order, &with_progress).unwrap();
    assert_eq!(
        paths.as_biguint(),
        &(factorial(m - 1).pow(2) * factorial(m - 2).pow(38))
    );
    assert!(paths.bits() > 256 && stats.peak_bytes > 0);
    assert_eq!(*last_bytes.lock().unwrap(), 0);

    let (n, edges) = cliques(m as usize, k as usize, true);
    let g = graph_of(n, &edges);
    let order: Vec<usize> = (0..n).collect();
    let (cycles, _) = hamiltonian_cycles(&g, &order, &options).unwrap();
    assert_eq!(cycles.as_biguint(), &ring_cycles);
    // A tour's fillings: a start cell and a direction for each cycle, 2N H.
    let count = count_fillings(&graph_puzzle(n, &edges, true), &options).unwrap();
    assert_eq!(count.hamiltonian.as_biguint(), &ring_cycles);
    assert_eq!(count.fillings.into_biguint(), ring_cycles * (2 * n as u64));
}

/// Tables kept in files from the first layer on give the same counts: the open 6x6 knight's
/// paths (A165134), a chain of forty 7-cliques (beyond 2^256, big-integer counts) and a ring
/// of twenty (whose counts widen to 256 bits while the tables are in files). The files are
/// gone when the counts end, and the memory is all given back.
#[test]
fn tables_in_files_count_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let last_bytes = Mutex::new(u64::MAX);
    let progress = |p: &LayerProgress| *last_bytes.lock().unwrap() = p.bytes;
    let options = FrontierOptions {
        progress: Some(&progress),
        spill: Some(Spill {
            dir: dir.path(),
            from_states: 0,
            over_budget_only: false,
        }),
        ..FrontierOptions::default()
    };
    let count = count_fillings(&blank(6, 6, Moves::Knight, false), &options).unwrap();
    assert_eq!(count.fillings, 6_637_920u64);
    assert!(count.stats.peak_disk_bytes > 0);
    assert_eq!(*last_bytes.lock().unwrap(), 0);

    let m = 7u64;
    let (n, edges) = cliques(m as usize, 40, false);
    let g = graph_of(n, &edges);
    let order: Vec<usize> = (0..n).collect();
    let (paths, _) = hamiltonian_paths(&g, &[], &order, &options).unwrap();
    assert_eq!(
        paths.as_biguint(),
        &(factorial(m - 1).pow(2) * factorial(m - 2).pow(38))
    );
    assert_eq!(*last_bytes.lock().unwrap(), 0);

    let (n, edges) = cliques(m as usize, 20, true);
    let g = graph_of(n, &edges);
    let order: Vec<usize> = (0..n).collect();
    let (cycles, stats) = hamiltonian_cycles(&g, &order, &options).unwrap();
    assert_eq!(cycles.as_biguint(), &factorial(m - 2).pow(20));
    assert!(cycles.bits() > 128 && stats.peak_disk_bytes > 0);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// A directory that is not there stops the count with an error that names it.
#[test]
fn a_missing_spill_directory_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("not-here");
    let options = FrontierOptions {
        spill: Some(Spill {
            dir: &missing,
            from_states: 0,
            over_budget_only: false,
        }),
        ..FrontierOptions::default()
    };
    let error = count_fillings(&blank(6, 6, Moves::Knight, true), &options).unwrap_err();
    assert!(matches!(error, FrontierError::Disk { .. }), "{error:?}");
    assert!(error.to_string().contains("not-here"), "{error}");
}

/// OEIS A006864, Hamiltonian cycles of P_4 x P_n, its first `terms` terms: a(1..4) = 0, 1, 2, 6
/// and a(n) = 2a(n-1) + 2a(n-2) - 2a(n-3) + a(n-4) (Tošić, Bodroža, Kwong, Straight 1990).
fn a006864(terms: usize) -> Vec<BigInt> {
    let mut a: Vec<BigInt> = [0, 1, 2, 6].iter().map(|&x| BigInt::from(x)).collect();
    while a.len() < terms {
        let l = a.len();
        let next = &a[l - 1] * 2 + &a[l - 2] * 2 - &a[l - 3] * 2 + &a[l - 4];
        a.push(next);
    }
    a
}

/// A006864 against brute force on its first terms, then to 4 x 100 (past 128 bits).
#[test]
fn ladder_of_four_rows_a006864_beyond_2_128() {
    let a = a006864(100);
    // The recurrence's first terms by brute force, which knows nothing of it.
    for n in 1..=5usize {
        let brute_fillings = brute::count(&blank(4, n, Moves::Rook, true), None).count;
        assert_eq!(
            BigInt::from(brute_fillings),
            &a[n - 1] * (2 * 4 * n as i64),
            "4x{n}"
        );
    }
    for n in [6usize, 17, 100] {
        let h: BigUint = a[n - 1].to_biguint().expect("a count");
        let f = fillings(&blank(4, n, Moves::Rook, true));
        assert_eq!(f, h.clone() * (8 * n as u64), "4x{n}");
        if n == 100 {
            assert!(h.bits() > 128);
        }
    }
}

/// OEIS A339761, undirected Hamiltonian paths of the 3 x n king graph, from A. Howroyd's
/// generating function x N(x) / D(x), expanded here as a power series.
fn king_3xn_paths(terms: usize) -> Vec<BigInt> {
    let n: Vec<i64> = vec![
        1, 33, -292, 815, 782, -3649, -4630, 1517, 3835, -3822, -5722, -5418, -7562, -4808, -240,
        720, 216,
    ];
    let mul = |a: &[i64], b: &[i64]| -> Vec<i64> {
        let mut r = vec![0; a.len() + b.len() - 1];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                r[i + j] += x * y;
            }
        }
        r
    };
    let q = [1, -4, -15, -8, -6];
    let d = mul(
        &mul(&[1, -1], &mul(&q, &q)),
        &[1, -6, -12, 27, -2, -30, -4, 6],
    );
    assert_eq!(d[0], 1);
    let mut numerator = vec![0i64];
    numerator.extend(&n);
    let mut a: Vec<BigInt> = Vec::with_capacity(terms + 1);
    for i in 0..=terms {
        let mut s = BigInt::from(*numerator.get(i).unwrap_or(&0));
        for k in 1..d.len().min(i + 1) {
            s -= &a[i - k] * d[k];
        }
        a.push(s);
    }
    a
}

#[test]
fn king_3xn_open_a339761_beyond_2_128() {
    let a = king_3xn_paths(50);
    let published: [i64; 7] = [1, 48, 392, 4678, 43676, 406396, 3568906];
    for (i, &p) in published.iter().enumerate() {
        assert_eq!(a[i + 1], BigInt::from(p), "the series expands as published");
    }
    for (n, paths) in a.iter().enumerate().take(5).skip(1) {
        let brute_fillings = brute::count(&blank(3, n, Moves::King, false), None).count;
        assert_eq!(
            BigInt::from(brute_fillings),
            paths * 2,
            "3x{n} by brute force"
        );
    }
    for n in [7usize, 45, 50] {
        let expected: BigUint = (&a[n] * 2u32).to_biguint().expect("a count");
        assert_eq!(
            fillings(&blank(3, n, Moves::King, false)),
            expected,
            "3x{n}"
        );
        // Sideways, the sweep turns to columns.
        assert_eq!(
            fillings(&blank(n, 3, Moves::King, false)),
            expected,
            "{n}x3"
        );
    }
    assert_eq!(
        (&a[45] * 2u32).to_string(),
        "11837511763718197665586602265440445271012"
    );
    assert!((&a[50] * 2u32).to_biguint().unwrap().bits() > 128);
}

/// The move graph of a blank board.
fn board_graph(puzzle: &Puzzle) -> Graph {
    let n = puzzle.n_cells();
    let mut g = Graph::new(n);
    g.add_edges((0..n).flat_map(|c| puzzle.successors(c).iter().map(move |&d| (c, d))));
    g
}

/// Swept along their long side, these boards have frontiers of 17 to 21 vertices, held in
/// 128-bit keys: the counts must not change.
#[test]
fn wide_frontiers_in_128_bit_keys() {
    let options = FrontierOptions::default();
    let mut a: Vec<BigInt> = [0, 1, 2, 6].iter().map(|&x| BigInt::from(x)).collect();
    while a.len() < 17 {
        let l = a.len();
        let next = &a[l - 1] * 2 + &a[l - 2] * 2 - &a[l - 3] * 2 + &a[l - 4];
        a.push(next);
    }
    // Row by row through 4 rows of 17: the frontier spans a whole row.
    let g = board_graph(&blank(4, 17, Moves::Rook, true));
    let rows: Vec<usize> = (0..68).collect();
    let (cycles, stats) = hamiltonian_cycles(&g, &rows, &options).unwrap();
    assert!(stats.width > 16, "width {}", stats.width);
    assert_eq!(BigInt::from(cycles.into_biguint()), a[16]);
    // Open paths of 2 rows of 18, row by row (128-bit keys) and column by column (64-bit).
    let puzzle = blank(2, 18, Moves::Rook, false);
    let g = board_graph(&puzzle);
    let rows: Vec<usize> = (0..36).collect();
    let (by_rows, stats) = hamiltonian_paths(&g, &[], &rows, &options).unwrap();
    assert!(stats.width > 16, "width {}", stats.width);
    let mut columns = rows.clone();
    columns.sort_by_key(|&c| (c % 18, c / 18));
    let (by_columns, stats) = hamiltonian_paths(&g, &[], &columns, &options).unwrap();
    assert!(stats.width <= 3);
    assert_eq!(by_rows, by_columns);
    assert_eq!(fillings(&puzzle), by_rows.into_biguint() * 2u32);
}

/// OEIS A003763: Hamiltonian cycles of the 2n x 2n grid.
const A003763: [&str; 8] = [
    "1",
    "6",
    "1072",
    "4638576",
    "467260456608",
    "1076226888605605706",
    "56126499620491437281263608",
    "65882516522625836326159786165530572",
];

/// OEIS A096969: directed Hamiltonian paths of the n x n grid (checked against the OEIS
/// entry: its terms 11 and 12 are 1573342970540617696 and 6905329711608694708440).
const A096969: [&str; 12] = [
    "1",
    "8",
    "40",
    "552",
    "8648",
    "458696",
    "27070560",
    "6046626568",
    "1490832682992",
    "1460089659025264",
    "1573342970540617696",
    "6905329711608694708440",
];

/// OEIS A120443: undirected Hamiltonian paths of the n x n grid, half of A096969, for n = 13,
/// 14 and 15 (J. L. Jacobsen, *Exact enumeration of Hamiltonian circuits, walks and chains in
/// two and three dimensions*, J. Phys. A 40, 2007; checked against the OEIS entry).
const A120443_13_TO_15: [&str; 3] = [
    "16652005717670534681315580",
    "331809088406733654427925292528",
    "7263611367960266490262600117251524",
];

fn closed_grid(half: usize) -> (BigUint, BigUint) {
    let side = 2 * half;
    let h: BigUint = A003763[half - 1].parse().unwrap();
    let expected = h * (2 * side * side) as u64;
    (fillings(&blank(side, side, Moves::Rook, true)), expected)
}

fn open_grid(n: usize) -> (BigUint, BigUint) {
    let expected: BigUint = A096969[n - 1].parse().unwrap();
    (fillings(&blank(n, n, Moves::Rook, false)), expected)
}

#[test]
fn grids_a003763_and_a096969() {
    for half in 1..=5 {
        let (got, expected) = closed_grid(half);
        assert_eq!(got, expected, "{0}x{0} closed", 2 * half);
    }
    for n in 1..=8 {
        let (got, expected) = open_grid(n);
        assert_eq!(got, expected, "{n}x{n} open");
    }
}

#[test]
#[ignore = "long: 12x12 to 16x16 grids (a minute in release)"]
fn long_grids_a003763_to_16x16_and_a096969_to_15x15() {
    for half in 6..=8 {
        let (got, expected) = closed_grid(half);
        assert_eq!(got, expected, "{0}x{0} closed", 2 * half);
    }
    for n in 9..=12 {
        let (got, expected) = open_grid(n);
        assert_eq!(got, expected, "{n}x{n} open");
    }
    for (n, undirected) in (13..).zip(A120443_13_TO_15) {
        let expected = undirected.parse::<BigUint>().unwrap() * 2u32;
        assert_eq!(
            fillings(&blank(n, n, Moves::Rook, false)),
            expected,
            "{n}x{n} open"
        );
    }
}

/// OEIS A118067: directed Hamiltonian paths of the 3 x n knight graph, n = 1..28 (Rose, Weisstein,
/// Manyama, Howroyd; checked against the OEIS entry).
const A118067: [u64; 28] = [
    0,
    0,
    0,
    16,
    0,
    0,
    104,
    792,
    1120,
    6096,
    21344,
    114496,
    257728,
    1292544,
    3677568,
    17273760,
    46801984,
    211731376,
    611507360,
    2645699504,
    7725948608,
    32451640000,
    97488160384,
    397346625760,
    1214082434112,
    4835168968464,
    15039729265856,
    58641619298000,
];

/// OEIS A079137: undirected Hamiltonian paths of the 4 x n knight graph, n = 1..24 (Pönitz,
/// Howroyd; checked against the OEIS entry).
const A079137: [u64; 24] = [
    0,
    0,
    8,
    0,
    82,
    744,
    6378,
    31088,
    189688,
    1213112,
    6683852,
    36486328,
    201282470,
    1083585304,
    5706117458,
    29819231288,
    154430502724,
    790787799376,
    4014945695196,
    20241304810488,
    101336136490228,
    504096313001272,
    2493533648002492,
    12270473056485396,
];

/// Open knight's paths of long boards of 3 and 4 rows, against their published sequences: every
/// filling is a directed path, so 3 x n has A118067(n) fillings and 4 x n twice A079137(n).
#[test]
fn knight_paths_of_3_and_4_rows_a118067_a079137() {
    for (n, &directed) in (1..).zip(&A118067) {
        let got = fillings(&blank(3, n, Moves::Knight, false));
        assert_eq!(got, big(directed), "3x{n}");
    }
    for (n, &undirected) in (1..).zip(&A079137) {
        let got = fillings(&blank(4, n, Moves::Knight, false));
        assert_eq!(got, big(2 * undirected), "4x{n}");
    }
}

/// OEIS A389759 and A389755 (D. E. Knuth, *Hamiltonian paths and cycles*, TAOCP Prefascicle 8a,
/// 2025): undirected Hamiltonian paths of the knight graph on the first n cells of a board of 3
/// (n = 1..53) and 5 (n = 1..49) rows, filled column by column, so that the last column holds
/// the top n mod rows cells: boards with holes, checked against the OEIS entries.
const A389759: [u64; 53] = [
    1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 8, 8, 4, 0, 8, 0, 0, 20, 44, 52, 465, 276, 396, 988, 824, 560,
    3888, 1384, 3048, 10348, 12796, 10672, 69831, 36962, 57248, 171104, 155756, 128864, 815520,
    405024, 646272, 2219336, 2132304, 1838784, 11184337, 6011834, 8636880, 30354388, 26341332,
    23400992, 138689004, 75211944,
];
const A389755: [u64; 49] = [
    1,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    4,
    0,
    0,
    4,
    95,
    144,
    82,
    16,
    125,
    1188,
    4292,
    864,
    416,
    1030,
    28229,
    40770,
    18784,
    3858,
    38255,
    490809,
    2422436,
    622868,
    274910,
    781472,
    19903840,
    34518608,
    18061054,
    3321476,
    21614495,
    275004291,
    1129158488,
    264895640,
    105735266,
    308434443,
    8657614329,
    16039377654,
];

/// OEIS A383660 and A383661 (Knuth, the same prefascicle): closed knight's tours (undirected
/// Hamiltonian cycles) on the first 2n cells of a board of 3 rows (n = 11..45) and 5 rows
/// (n = 9..39), column by column, checked against the OEIS entries.
const A383660: [u64; 35] = [
    4,
    0,
    4,
    24,
    16,
    56,
    306,
    176,
    456,
    2632,
    1536,
    4828,
    26788,
    15424,
    44952,
    254288,
    147728,
    448032,
    2502568,
    1448416,
    4310048,
    24228704,
    14060048,
    42195584,
    236335248,
    136947616,
    409403328,
    2297294496,
    1332257856,
    3989883552,
    22366625344,
    12965578752,
    38798663104,
    217604833360,
    126169362176,
];
const A383661: [u64; 31] = [
    1,
    0,
    1,
    30,
    0,
    148,
    8,
    78,
    9309,
    612,
    62749,
    44202,
    42049,
    2916485,
    147192,
    18284136,
    13311268,
    13008389,
    973107552,
    51147756,
    6190192748,
    4557702762,
    4311375354,
    316985255470,
    16552301184,
    2015267424300,
    1495135512514,
    1417634375316,
    104324890543686,
    5459334927260,
    663068761241948,
];

/// OEIS A383663 (Knuth, the same prefascicle): the same on a board of 7 rows, n = 11..20 (the
/// terms the entry's first line shows).
const A383663: [u64; 10] = [2, 11, 58, 0, 21, 1020, 9309, 1481, 34162, 1295034];

/// Closed knight's tours on boards with holes, against Knuth's counts. The terms of 3 and 5
/// rows come from one sweep of the largest board, column by column, that lists the cycles of
/// its prefixes: the first 2n cells are the prefix of 2n vertices. The sweep lists only the
/// prefixes it counts soundly, those whose two colours balance (the knight's graph is
/// bipartite); a prefix it leaves out has no cycle, so its term must be 0. The terms of 7 rows,
/// and the first four of the others, are counted as puzzles of their own, the board with its
/// holes, where a tour of N cells is 2N fillings (its start and direction). (Swept for its
/// prefixes, the 7-row board keeps far more states than its ten puzzles need together.)
#[test]
fn knight_tours_of_partial_boards_a383660_a383661_a383663() {
    for (rows, first, terms, swept) in [
        (3, 11, &A383660[..], true),
        (5, 9, &A383661[..], true),
        (7, 11, &A383663[..], false),
    ] {
        if swept {
            check_prefixes_of_partial_board(rows, first, terms);
        }
        let as_puzzles = if swept { 4 } else { terms.len() };
        for (n, &cycles) in (first..).zip(terms).take(as_puzzles) {
            let cells = 2 * n;
            let got = fillings(&first_cells(rows, cells, true));
            assert_eq!(
                got,
                big(2 * cells as u64 * cycles),
                "first {cells} cells of {rows} rows, as a puzzle"
            );
        }
    }
}

/// Checks the closed tours of the first 2n cells of a board of `rows` rows (n from `first`)
/// against `terms`, all from one sweep of the largest.
fn check_prefixes_of_partial_board(rows: usize, first: usize, terms: &[u64]) {
    let last_cells = 2 * (first + terms.len() - 1);
    let graph = partial_knight_graph(rows, last_cells);
    let order: Vec<usize> = (0..last_cells).collect();
    let (whole, prefixes, _) =
        hamiltonian_cycles_of_prefixes(&graph, &order, &FrontierOptions::default()).unwrap();
    // The whole graph is the count, not a prefix.
    let counted = |cells: usize| {
        if cells == last_cells {
            Some(whole.clone())
        } else {
            (prefixes.iter())
                .find(|p| p.layer == cells)
                .map(|p| p.cycles.clone())
        }
    };
    for (n, &cycles) in (first..).zip(terms) {
        let cells = 2 * n;
        match counted(cells) {
            Some(count) => assert_eq!(
                count.into_biguint(),
                big(cycles),
                "first {cells} cells of {rows} rows"
            ),
            None => {
                let white = (0..cells)
                    .filter(|k| (k % rows + k / rows) % 2 == 0)
                    .count();
                assert!(
                    cycles == 0 && 2 * white != cells,
                    "first {cells} cells of {rows} rows: not listed"
                );
            }
        }
    }
}

/// The first `n` cells of a board of `rows` rows, column by column, as a knight's puzzle: a path
/// or (`closed`) a tour.
fn first_cells(rows: usize, n: usize, closed: bool) -> Puzzle {
    let cols = n.div_ceil(rows);
    let is_cell: Vec<bool> = (0..rows * cols)
        .map(|i| (i % cols) * rows + i / cols < n)
        .collect();
    let board = pathsat_puzzle::Board::from_mask(rows, cols, &is_cell);
    let rules = vec![CellRule::Free; n];
    Puzzle::new(
        "first",
        board,
        Moves::Knight,
        closed,
        rules,
        vec![],
        Expect::default(),
    )
    .unwrap()
}

/// Checks the first `cells` of a board of `rows` rows against `terms` (from `cells.start`).
fn check_first_cells(rows: usize, cells: std::ops::Range<usize>, terms: &[u64]) {
    for n in cells {
        let directed = if n == 1 { 1 } else { 2 * terms[n - 1] };
        let got = fillings(&first_cells(rows, n, false));
        assert_eq!(got, big(directed), "first {n} cells of {rows} rows");
    }
}

/// Open knight's paths on boards with holes (a partial last column), against Knuth's counts:
/// a filling is a directed path, two for each undirected one (one for a single cell).
#[test]
fn knight_paths_of_partial_boards_a389759_a389755() {
    check_first_cells(3, 1..54, &A389759);
    check_first_cells(5, 1..41, &A389755);
}

#[test]
#[ignore = "long: 5 x 9 and 5 x 10 boards (seconds in release)"]
fn long_knight_paths_of_partial_boards_a389755_to_49_cells() {
    check_first_cells(5, 41..50, &A389755);
}

/// OEIS A175881: closed knight's tours (undirected Hamiltonian cycles) of the 6 x n board,
/// n = 5..40, checked against the OEIS entry; a(40) has 218 bits.
const A175881: [&str; 36] = [
    "8",
    "9862",
    "1067638",
    "55488142",
    "3374967940",
    "239187240144",
    "15360134570696",
    "964730606632516",
    "61989683445413228",
    "4005716717182224826",
    "255967892553030600920",
    "16378998506224697063588",
    "1050504687249683771795632",
    "67351449674771471216148786",
    "4314151246752166099728445868",
    "276453522147273309254029785276",
    "17717606001764726850971209939188",
    "1135386328785418512845166305951994",
    "72754625853111517738642395445641832",
    "4662311340698795306229004946849255108",
    "298772700964630993744576968415214630040",
    "19145888052227167790585189427230454709502",
    "1226902568798073025855948189578313739199398",
    "78622502118507651703659030426757524782646558",
    "5038287048556094010756276060713112469110084532",
    "322863244258188584511076820531771298243292346804",
    "20689713115693125810120458424283134088711708746418",
    "1325838052128808846982470604742513077251389064878480",
    "84962322582242436449028078490147227914653412498469176",
    "5444553480688572729507994773339404670293124094670063400",
    "348897761885575809340513599895637906535045836867112425442",
    "22358059291249098112956347313304579317330515128430578229580",
    "1432748662105938633370488721737295472216003424322051173765262",
    "91813368745075979865082473968848043302481279531417429418851766",
    "5883582334056740305836749071273843581025553554521365508472081512",
    "377031597006006571424070743308269493020186682009428464253448495336",
];

/// The fillings of the closed 6 x n knight's board: 12n for each undirected tour of A175881.
fn closed_knight_6xn(n: usize) -> (Puzzle, BigUint) {
    let tours: BigUint = A175881[n - 5].parse().unwrap();
    (blank(6, n, Moves::Knight, true), tours * (12 * n) as u64)
}

/// Closed knight's tours of 6 x 5 to 6 x 7 against A175881 (6 x 6: 9,862; the rest in the
/// long tests).
#[test]
fn closed_knight_tours_of_6_rows_a175881() {
    for n in 5..8 {
        let (puzzle, expected) = closed_knight_6xn(n);
        assert_eq!(fillings(&puzzle), expected, "6 x {n}");
    }
}

/// Closed knight's tours of 6 x 8 to 6 x 16 and 6 x 40 (227 bits of fillings, so 256-bit
/// counts) against A175881, and 6 x 26 (142 bits) split by residues: shard 0 an upper bound,
/// shards 1 to 3 the count modulo three primes (189 bits, enough to recombine it).
#[test]
#[ignore = "long: about a minute in release on two cores"]
fn long_closed_knight_tours_of_6_rows_a175881_beyond_2_128() {
    for n in (8..17).chain([40]) {
        let (puzzle, expected) = closed_knight_6xn(n);
        assert_eq!(fillings(&puzzle), expected, "6 x {n}");
    }
    let (puzzle, expected) = closed_knight_6xn(26);
    assert!(expected.bits() > 128 && expected.bits() <= 189);
    let shard = |index| {
        let options = FrontierOptions {
            split: Some(Split {
                index,
                of: 4,
                cut_states: Split::DEFAULT_CUT_STATES,
                by: SplitBy::Residues,
            }),
            ..FrontierOptions::default()
        };
        count_fillings(&puzzle, &options)
            .unwrap()
            .fillings
            .into_biguint()
    };
    let bound = shard(0);
    assert!(
        bound >= expected && bound <= &expected + (&expected >> 30u32),
        "{bound} against {expected}"
    );
    for index in 1..4 {
        let p = residue_prime(index as usize - 1);
        assert_eq!(shard(index), &expected % p, "modulo {p}");
    }
}

/// The move graph of the `rows` x `cols` knight's board (cell `r * cols + c`), with the board's
/// symmetries declared, so that mirror images fold.
fn knight_graph(rows: usize, cols: usize) -> Graph {
    let puzzle = blank(rows, cols, Moves::Knight, true);
    let mut graph = Graph::new(rows * cols);
    for cell in 0..rows * cols {
        for &next in puzzle.successors(cell) {
            if cell < next {
                graph.add_edge(cell, next);
            }
        }
    }
    for map in puzzle.board().symmetries() {
        graph.add_symmetry(map);
    }
    graph
}

/// The knight's graph of the first `cells` cells of a board of `rows` rows, column by column:
/// vertex k is row k % rows of column k / rows. No symmetry is given, so a sweep in vertex
/// order folds none and lists every prefix whose two colours balance.
fn partial_knight_graph(rows: usize, cells: usize) -> Graph {
    let mut graph = Graph::new(cells);
    let at = |k: usize| ((k % rows) as i64, (k / rows) as i64);
    for a in 0..cells {
        for b in a + 1..cells {
            let ((ra, ca), (rb, cb)) = (at(a), at(b));
            let (dr, dc) = ((ra - rb).abs(), (ca - cb).abs());
            if (dr, dc) == (1, 2) || (dr, dc) == (2, 1) {
                graph.add_edge(a, b);
            }
        }
    }
    graph
}

/// One sweep of the 6 x 7 knight's board, column by column, with its mirror images folded,
/// counts the closed tours of the 6 x 5 and 6 x 6 boards on its way (the prefixes that end a
/// column) and of 6 x 7: all against A175881.
#[test]
fn one_sweep_counts_the_shorter_boards_a175881() {
    let (rows, cols) = (6, 7);
    let graph = knight_graph(rows, cols);
    // Cell r * cols + c, swept by columns.
    let order: Vec<usize> = (0..cols)
        .flat_map(|c| (0..rows).map(move |r| r * cols + c))
        .collect();
    let (count, prefixes, stats) =
        hamiltonian_cycles_of_prefixes(&graph, &order, &FrontierOptions::default()).unwrap();
    assert!(stats.folded_layers > 0);
    assert_eq!(
        count.into_biguint(),
        A175881[cols - 5].parse::<BigUint>().unwrap()
    );
    let boards: Vec<(usize, BigUint)> = prefixes
        .iter()
        .filter(|p| p.layer % rows == 0 && p.layer / rows >= 5)
        .map(|p| (p.layer / rows, p.cycles.clone().into_biguint()))
        .collect();
    let expected: Vec<(usize, BigUint)> = (5..cols)
        .map(|n| (n, A175881[n - 5].parse().unwrap()))
        .collect();
    assert_eq!(boards, expected);
    // The narrower boards have none.
    assert!(prefixes
        .iter()
        .filter(|p| p.layer % rows == 0 && p.layer / rows < 5)
        .all(|p| p.cycles.is_zero()));
}

/// OEIS A193055: closed knight's tours (undirected) of the 8 x n board, n = 5..10. The records
/// of benches/records/ count 8 x 8 to 8 x 10 against the last three, and 8 x 11.
const A193055: [u64; 6] = [
    44202,
    55488142,
    34524432316,
    13267364410532,
    7112881119092574,
    4235482818156697040,
];

/// The fillings of the closed 8 x n knight's board: 16n for each undirected tour of A193055.
fn closed_knight_8xn(n: usize) -> (Puzzle, BigUint) {
    let tours = A193055[n - 5];
    (blank(8, n, Moves::Knight, true), big(16 * n as u64) * tours)
}

/// Closed knight's tours of 8 x 5 and 8 x 6 against A193055 (8 x 7 in the long tests; 8 x 8 to
/// 8 x 10 are records, `just record knight-8x10-closed`).
#[test]
fn closed_knight_tours_of_8_rows_a193055() {
    for n in 5..7 {
        let (puzzle, expected) = closed_knight_8xn(n);
        assert_eq!(fillings(&puzzle), expected, "8 x {n}");
    }
}

#[test]
#[ignore = "long: 8 x 7, ten seconds in release"]
fn long_closed_knight_tours_of_8_rows_a193055() {
    let (puzzle, expected) = closed_knight_8xn(7);
    assert_eq!(fillings(&puzzle), expected, "8 x 7");
}

/// OEIS A193054: closed knight's tours (undirected) of the 7 x 2n board, n = 3..11.
const A193054: [&str; 9] = [
    "1067638",
    "34524432316",
    "1250063279938854",
    "38350427205194670084",
    "1254934986399237346242334",
    "40157773188600794694366079616",
    "1293153423896688571314211086231916",
    "41575689378315795601749194654016984354",
    "1337089200028352592236847382536061361269314",
];

/// Closed knight's tours of 7 x 6 to 7 x 12 (73 bits of fillings) against A193054, swept with
/// rows of 7: a minute or two in release, so among the long tests.
#[test]
#[ignore = "long: 7 x 6 to 7 x 12, a minute or two in release"]
fn long_closed_knight_tours_of_7_rows_a193054() {
    for n in 3..7 {
        let tours: BigUint = A193054[n - 3].parse().unwrap();
        let cols = 2 * n;
        let expected = tours * (2 * 7 * cols) as u64;
        let got = fillings(&blank(7, cols, Moves::Knight, true));
        assert_eq!(got, expected, "7 x {cols}");
    }
}

/// One sweep of the 7 x 22 knight's board in the path decomposition's order, whose prefixes
/// are the boards of its first columns up to near the end: every 7 x 2n board among them and
/// the whole board against A193054 (n = 3..11, 7 x 22 with 140 bits of tours).
#[test]
#[ignore = "long: two minutes in release on two cores"]
fn long_one_sweep_of_7_rows_a193054() {
    let (rows, cols) = (7, 22);
    let graph = knight_graph(rows, cols);
    let order = vertex_order(&graph);
    let (count, prefixes, _) =
        hamiltonian_cycles_of_prefixes(&graph, &order, &FrontierOptions::default()).unwrap();
    assert_eq!(count.into_biguint(), A193054[8].parse::<BigUint>().unwrap());
    let mut checked = Vec::new();
    for prefix in &prefixes {
        let cells = &order[..prefix.layer];
        let width = 1 + cells.iter().map(|&c| c % cols).max().unwrap();
        if cells.len() == rows * width && width % 2 == 0 && width >= 6 {
            let expected: BigUint = A193054[width / 2 - 3].parse().unwrap();
            assert_eq!(
                prefix.cycles.clone().into_biguint(),
                expected,
                "7 x {width}"
            );
            checked.push(width);
        }
    }
    assert!(checked.len() >= 6, "7 x {checked:?}");
}

/// Knight's tours: 9,862 undirected closed tours of 6x6, 3,318,960 undirected open ones
/// (OEIS A165134: 6,637,920 directed), 1,728 directed open tours of 5x5.
#[test]
fn knights() {
    assert_eq!(
        fillings(&blank(6, 6, Moves::Knight, true)),
        big(2 * 36 * 9862)
    );
    assert_eq!(fillings(&blank(5, 5, Moves::Knight, false)), big(1728));
    let count = count_fillings(
        &blank(6, 6, Moves::Knight, false),
        &FrontierOptions::default(),
    )
    .unwrap();
    assert_eq!(count.fillings, 6_637_920u64);
    // The path decomposition is narrower than the rows' 13.
    assert_eq!(count.stats.order, "path decomposition");
    assert!(count.stats.width < 13, "width {}", count.stats.width);
}

/// The open 6x6 knight's paths (6,637,920 fillings) in 4 shards cut at 2,000 states: the
/// shards add up to the whole, and their classes share the cut's states about evenly (none
/// above one and a half times an even share).
#[test]
fn shards_are_even_and_add_up() {
    let puzzle = blank(6, 6, Moves::Knight, false);
    let mut total = BigUint::default();
    let mut cuts = Vec::new();
    for index in 0..4 {
        let options = FrontierOptions {
            split: Some(Split {
                index,
                of: 4,
                cut_states: 2000,
                by: SplitBy::States,
            }),
            ..FrontierOptions::default()
        };
        let count = count_fillings(&puzzle, &options).unwrap();
        cuts.push(count.stats.cut.expect("the tables pass 2,000 states"));
        total += count.fillings.into_biguint();
    }
    assert_eq!(total, big(6_637_920));
    let states = cuts[0].states;
    assert!(cuts
        .iter()
        .all(|c| c.states == states && c.layer == cuts[0].layer));
    assert_eq!(cuts.iter().map(|c| c.kept).sum::<u64>(), states);
    let share = states.div_ceil(4);
    assert!(cuts.iter().all(|c| c.kept <= share + share / 2), "{cuts:?}");
}

/// A count past 64 bits split by residues: the closed 4 x 60 grid, 480 x A006864(60) fillings
/// (87 bits, from the recurrence). Shard 0 bounds the count from above, within a factor near
/// 1, and shard i gives it modulo the prime `residue_prime(i - 1)`; the tables take 8 bytes a
/// count. (The command line's test splits the 12x12 grid so, and recombines it.)
#[test]
fn residue_shards_of_a_count_past_64_bits() {
    let n = 60;
    let a = a006864(n);
    let puzzle = blank(4, n, Moves::Rook, true);
    let expected: BigUint = a[n - 1].to_biguint().unwrap() * (8 * n as u64);
    assert!(expected.bits() > 64);
    let shard = |index| {
        let options = FrontierOptions {
            split: Some(Split {
                index,
                of: 3,
                cut_states: Split::DEFAULT_CUT_STATES,
                by: SplitBy::Residues,
            }),
            ..FrontierOptions::default()
        };
        count_fillings(&puzzle, &options).unwrap()
    };
    let bound = shard(0);
    assert!(bound.stats.cut.is_none());
    let bound = bound.fillings.into_biguint();
    assert!(bound >= expected, "{bound} against {expected}");
    assert!(
        bound <= &expected + (&expected >> 30u32),
        "{bound} against {expected}"
    );
    for index in 1..3 {
        let p = residue_prime(index as usize - 1);
        assert_eq!(shard(index).fillings.into_biguint(), &expected % p);
    }
}

/// OEIS A140519: Hamiltonian cycles of the n x n king graph (Knuth, with ZDDs), n = 2..7.
#[test]
fn kings_a140519() {
    for (n, cycles) in [
        (2usize, 3u64),
        (3, 16),
        (4, 2830),
        (5, 2_462_064),
        (6, 22_853_860_116),
        (7, 1_622_043_117_414_624),
    ] {
        let expected = big(cycles) * (2 * n * n) as u64;
        assert_eq!(
            fillings(&blank(n, n, Moves::King, true)),
            expected,
            "{n}x{n}"
        );
    }
}

/// OEIS A165134: 165,575,218,320 directed open knight's tours of the 7x7 board.
#[test]
#[ignore = "long: about a minute in release on two cores"]
fn knight_7x7_open_a165134() {
    let count = count_fillings(
        &blank(7, 7, Moves::Knight, false),
        &FrontierOptions::default(),
    )
    .unwrap();
    assert_eq!(count.fillings, 165_575_218_320u64);
}

/// Fillings with both ends given (1 on a, N on b) and with one, against brute force.
#[test]
fn given_ends_against_brute_force() {
    for (rows, cols, moves) in [
        (4, 4, Moves::Rook),
        (3, 4, Moves::King),
        (3, 5, Moves::Rook),
        (4, 5, Moves::Knight),
    ] {
        let puzzle = blank(rows, cols, moves.clone(), false);
        let n = puzzle.n_cells();
        for a in 0..n {
            for b in [0, n / 2, n - 1] {
                let mut givens = vec![(a, 1u32)];
                if b != a {
                    givens.push((b, n as u32));
                }
                let p = puzzle.with_givens(&givens).expect("givens");
                let expected = brute::count(&p, None).count;
                assert_eq!(
                    fillings(&p),
                    big(expected),
                    "{rows}x{cols} {moves:?} 1 on {a}, {n} on {b}"
                );
            }
        }
    }
}

/// The Petersen graph GP(5, 2): no Hamiltonian cycle, 120 undirected Hamiltonian paths.
#[test]
fn petersen() {
    let (n, edges) = generalized_petersen(5, 2);
    let g = graph_of(n, &edges);
    let options = FrontierOptions::default();
    let order = vertex_order(&g);
    assert_eq!(hamiltonian_cycles(&g, &order, &options).unwrap().0, 0u64);
    assert_eq!(
        hamiltonian_paths(&g, &[], &order, &options).unwrap().0,
        120u64
    );
    assert_eq!(
        hamiltonian_cycles(&g, &order, &options).unwrap().0,
        brute_cycles(&g)
    );
}

/// Hamiltonian cycles by depth-first search from vertex 0 (each found twice, once per
/// direction): independent of the program, fine for small cubic graphs.
fn brute_cycles(g: &Graph) -> u64 {
    let n = g.n_vertices();
    let adjacent = g.adjacency();
    fn dfs(adj: &[Vec<usize>], v: usize, seen: &mut [bool], depth: usize, found: &mut u64) {
        if depth == adj.len() {
            if adj[v].contains(&0) {
                *found += 1;
            }
            return;
        }
        for &w in &adj[v] {
            if !seen[w] {
                seen[w] = true;
                dfs(adj, w, seen, depth + 1, found);
                seen[w] = false;
            }
        }
    }
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut found = 0;
    dfs(&adjacent, 0, &mut seen, 1, &mut found);
    found / 2
}

/// Alspach (1983): GP(n, 2) is Hamiltonian unless n = 5 (mod 6). The program's counts agree
/// with depth-first search on the small ones and are zero exactly where the theorem says.
#[test]
fn generalized_petersen_gp_n_2() {
    let options = FrontierOptions::default();
    for n in 5..=13 {
        let (v, edges) = generalized_petersen(n, 2);
        let g = graph_of(v, &edges);
        let (count, _) = hamiltonian_cycles(&g, &vertex_order(&g), &options).unwrap();
        assert_eq!(count, brute_cycles(&g), "GP({n},2)");
        assert_eq!(count.is_zero(), n % 6 == 5, "GP({n},2)");
    }
    for n in [11, 17, 23, 47, 95] {
        let (v, edges) = generalized_petersen(n, 2);
        let start = Instant::now();
        let count = count_fillings(&graph_puzzle(v, &edges, true), &options).unwrap();
        assert!(count.fillings.is_zero(), "GP({n},2)");
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "GP({n},2) quickly"
        );
    }
    for n in [14, 24, 48] {
        let (v, edges) = generalized_petersen(n, 2);
        let count = count_fillings(&graph_puzzle(v, &edges, true), &options).unwrap();
        assert!(!count.fillings.is_zero(), "GP({n},2)");
    }
}

/// Isaacs (1975): the flower snarks J_n (odd n >= 5) have no Hamiltonian cycle.
#[test]
fn flower_snarks_have_no_hamiltonian_cycle() {
    let options = FrontierOptions::default();
    let (v, edges) = flower_snark(5);
    assert_eq!(brute_cycles(&graph_of(v, &edges)), 0);
    for n in (5..=21).step_by(2) {
        let (v, edges) = flower_snark(n);
        let start = Instant::now();
        let count = count_fillings(&graph_puzzle(v, &edges, true), &options).unwrap();
        assert!(count.fillings.is_zero(), "J{n}");
        assert!(start.elapsed() < Duration::from_secs(5), "J{n} quickly");
        // Its open paths are there all the same.
        let g = graph_of(v, &edges);
        let (paths, _) = hamiltonian_paths(&g, &[], &vertex_order(&g), &options).unwrap();
        assert!(!paths.is_zero(), "J{n} has Hamiltonian paths");
    }
    // J3 is Hamiltonian: the program finds the cycles DFS finds.
    let (v, edges) = flower_snark(3);
    let g = graph_of(v, &edges);
    let (count, _) = hamiltonian_cycles(&g, &vertex_order(&g), &options).unwrap();
    assert_eq!(count, brute_cycles(&g));
}

#[test]
fn a_tiny_budget_stops_with_over_memory() {
    let options = FrontierOptions {
        memory_budget: 4 << 10,
        ..FrontierOptions::default()
    };
    match count_fillings(&blank(8, 8, Moves::Rook, false), &options) {
        Err(FrontierError::OverMemory {
            needed,
            budget,
            layer,
            layers,
            states,
        }) => {
            assert_eq!(budget, 4 << 10);
            assert!(needed > budget);
            assert!(layer >= 1 && layer <= layers && layers == 64);
            assert!(states >= 1);
        }
        other => panic!("expected OverMemory, got {other:?}"),
    }
    // With enough, the same count finishes, within its budget.
    let options = FrontierOptions {
        memory_budget: 64 << 20,
        ..FrontierOptions::default()
    };
    let count = count_fillings(&blank(8, 8, Moves::Rook, false), &options).unwrap();
    assert_eq!(count.fillings, 6_046_626_568u64);
    assert!(count.stats.peak_bytes <= 64 << 20 && count.stats.peak_bytes > 0);
    assert!(count.stats.peak_states > 100);
}

#[test]
fn a_past_deadline_stops_with_timeout() {
    let options = FrontierOptions {
        budget: &Budget::until(Some(Instant::now())),
        ..FrontierOptions::default()
    };
    assert_eq!(
        count_fillings(&blank(6, 6, Moves::Rook, false), &options),
        Err(FrontierError::Stopped {
            why: Stopped::Timeout,
            layer: 0,
            layers: 36,
            saved: false,
        })
    );
}

#[test]
fn a_raised_flag_cancels() {
    let flag = Cancel::new();
    flag.cancel();
    let options = FrontierOptions {
        budget: &Budget::default().and_cancel(&flag),
        ..FrontierOptions::default()
    };
    assert_eq!(
        count_fillings(&blank(6, 6, Moves::Rook, false), &options),
        Err(FrontierError::Stopped {
            why: Stopped::Cancelled,
            layer: 0,
            layers: 36,
            saved: false,
        })
    );
    // Raised by the progress hook after layer 10: the count stops there.
    let flag = Cancel::new();
    let seen = Mutex::new(Vec::new());
    let progress = |p: &LayerProgress| {
        seen.lock().unwrap().push(p.layer);
        if p.layer == 10 {
            flag.cancel();
        }
    };
    let options = FrontierOptions {
        budget: &Budget::default().and_cancel(&flag),
        progress: Some(&progress),
        ..FrontierOptions::default()
    };
    assert_eq!(
        count_fillings(&blank(6, 6, Moves::Rook, false), &options),
        Err(FrontierError::Stopped {
            why: Stopped::Cancelled,
            layer: 10,
            layers: 36,
            saved: false,
        })
    );
    assert_eq!(*seen.lock().unwrap(), (1..=10).collect::<Vec<_>>());
}

/// A deadline that passes inside a big layer stops the count soon after, not at the end of
/// the layer.
#[test]
fn a_deadline_inside_a_big_layer_stops_soon() {
    let start = Instant::now();
    let options = FrontierOptions {
        budget: &Budget::until(Some(start + Duration::from_millis(300))),
        ..FrontierOptions::default()
    };
    let result = count_fillings(&blank(7, 7, Moves::Knight, false), &options);
    assert!(
        matches!(
            result,
            Err(FrontierError::Stopped {
                why: Stopped::Timeout,
                ..
            })
        ),
        "{result:?}"
    );
    assert!(
        start.elapsed() < Duration::from_millis(1500),
        "stopped after {:?}",
        start.elapsed()
    );
}

#[test]
fn progress_is_monotone_and_counts_every_layer() {
    let seen = Mutex::new(Vec::new());
    let progress = |p: &LayerProgress| {
        seen.lock()
            .unwrap()
            .push((p.layer, p.layers, p.states, p.bytes))
    };
    let options = FrontierOptions {
        progress: Some(&progress),
        ..FrontierOptions::default()
    };
    let count = count_fillings(&blank(5, 6, Moves::Rook, true), &options).unwrap();
    let seen = seen.into_inner().unwrap();
    // Layers in increasing order, ending at the last (the table may empty a layer early,
    // when the last cycles close before the last vertex).
    assert!(seen.windows(2).all(|w| w[0].0 < w[1].0));
    assert!(seen.iter().all(|s| s.1 == 30));
    assert_eq!(seen.last().unwrap().0, 30);
    // The accounting balances: an empty table holds no bytes.
    assert_eq!(seen.last().unwrap().2, 0);
    assert_eq!(seen.last().unwrap().3, 0);
    assert!(seen.iter().all(|s| s.2 > 0 || s.3 == 0));
    assert!(seen.len() >= 29);
    let peak = seen.iter().map(|s| s.2).max().unwrap();
    assert_eq!(count.stats.peak_states, peak.max(1));
    assert_eq!(count.stats.layers, 30);
}

/// The most vertices on the frontier (later vertices with an earlier neighbour) of a sweep.
fn frontier_width(g: &Graph, order: &[usize]) -> usize {
    let adjacent = g.adjacency();
    let mut position = vec![0; order.len()];
    for (i, &v) in order.iter().enumerate() {
        position[v] = i;
    }
    (0..order.len())
        .map(|i| {
            (0..order.len())
                .filter(|&u| position[u] > i && adjacent[u].iter().any(|&w| position[w] <= i))
                .count()
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn vertex_order_is_a_permutation_and_narrow() {
    let puzzle = blank(7, 7, Moves::Knight, false);
    let mut g = Graph::new(49);
    for cell in 0..49 {
        for &next in puzzle.successors(cell) {
            g.add_edge(cell, next);
        }
    }
    let order = vertex_order(&g);
    let mut sorted = order.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..49).collect::<Vec<_>>());
    let rows: Vec<usize> = (0..49).collect();
    assert_eq!(frontier_width(&g, &rows), 15);
    assert!(frontier_width(&g, &order) <= 14);
    // GP(95, 2) is swept with a frontier of a few vertices, not the 95 of a numbering.
    let (v, edges) = generalized_petersen(95, 2);
    let g = graph_of(v, &edges);
    assert!(frontier_width(&g, &vertex_order(&g)) <= 8);
    // An empty graph and isolated vertices.
    assert!(vertex_order(&Graph::new(0)).is_empty());
    assert_eq!(vertex_order(&Graph::new(3)).len(), 3);
}
