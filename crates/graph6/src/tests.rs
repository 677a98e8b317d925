//! Decoding and encoding together: the examples of `formats.txt`, round trips of random graphs
//! at every size up to 70 and at the boundaries of `N(n)` and of sparse6's padding, and every
//! kind of malformed line. (Agreement with nauty's own programs: `tests/nauty.rs`.)

use crate::*;

/// A small xorshift generator: the same graphs on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random simple graph on `n` vertices, each edge present with probability `percent`/100,
/// in graph6's order (by larger end, then smaller).
fn random_graph(rng: &mut Rng, n: usize, percent: u64) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for j in 1..n {
        for i in 0..j {
            if rng.next() % 100 < percent {
                edges.push((i, j));
            }
        }
    }
    edges
}

fn decoded(line: &str) -> (Decoded, Vec<(usize, usize)>) {
    let mut edges = vec![(7, 7)];
    let d = decode_into(line.as_bytes(), &mut edges).unwrap_or_else(|e| panic!("{line}: {e}"));
    (d, edges)
}

fn error(line: &[u8]) -> String {
    let mut edges = Vec::new();
    match decode_into(line, &mut edges) {
        Ok(d) => panic!(
            "{:?} was read: {d:?} {edges:?}",
            String::from_utf8_lossy(line)
        ),
        Err(e) => e.to_string(),
    }
}

/// Sorted as sparse6 writes them: by larger end, then smaller.
fn sparse6_order(edges: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut sorted: Vec<(usize, usize)> =
        edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
    sorted.sort_unstable_by_key(|&(u, v)| (v, u));
    sorted
}

const PETERSEN: [(usize, usize); 15] = [
    (0, 1),
    (0, 4),
    (0, 5),
    (1, 2),
    (1, 6),
    (2, 3),
    (2, 7),
    (3, 4),
    (3, 8),
    (4, 9),
    (5, 7),
    (5, 8),
    (6, 8),
    (6, 9),
    (7, 9),
];

#[test]
fn the_examples_of_formats_txt() {
    // graph6: n = 5, edges 0-2, 0-4, 1-3, 3-4; x = 0 10 010 1001.
    let (d, edges) = decoded("DQc");
    assert_eq!(
        d,
        Decoded {
            n: 5,
            encoding: Encoding::Graph6
        }
    );
    assert_eq!(edges, [(0, 2), (1, 3), (0, 4), (3, 4)]);
    assert_eq!(encode_graph6(5, &edges), "DQc");
    // sparse6: n = 7, edges 0-1, 0-2, 1-2, 5-6.
    let (d, edges) = decoded(":Fa@x^");
    assert_eq!(
        d,
        Decoded {
            n: 7,
            encoding: Encoding::Sparse6
        }
    );
    assert_eq!(edges, [(0, 1), (0, 2), (1, 2), (5, 6)]);
    assert_eq!(encode_sparse6(7, &edges), ":Fa@x^");
    // Empty graphs of 0 and 1 vertices; K2.
    assert_eq!(
        decoded("?"),
        (
            Decoded {
                n: 0,
                encoding: Encoding::Graph6
            },
            vec![]
        )
    );
    assert_eq!(decoded("@").1, []);
    assert_eq!(decoded("A_").1, [(0, 1)]);
    assert_eq!(decoded(":?").1, []);
    assert_eq!(encode_graph6(0, &[]), "?");
    assert_eq!(encode_sparse6(0, &[]), ":?");
    assert_eq!(encode_sparse6(1, &[]), ":@");
}

#[test]
fn the_petersen_graph_as_nauty_writes_it() {
    let (d, edges) = decoded("IheA@GUAo");
    assert_eq!(d.n, 10);
    assert_eq!(sparse6_order(&edges), sparse6_order(&PETERSEN));
    assert_eq!(encode_graph6(10, &PETERSEN), "IheA@GUAo");
    // nauty-copyg -s
    assert_eq!(encode_sparse6(10, &PETERSEN), ":I`ES@obGkqegW~");
    assert_eq!(
        sparse6_order(&decoded(":I`ES@obGkqegW~").1),
        sparse6_order(&PETERSEN)
    );
    // A trailing carriage return is tolerated.
    assert_eq!(decoded("IheA@GUAo\r").1.len(), 15);
}

#[test]
fn random_graphs_round_trip_at_every_size_up_to_70() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut edges = Vec::new();
    for n in 0..=70 {
        for percent in [0, 5, 30, 50, 90, 100] {
            let graph = random_graph(&mut rng, n, percent);
            let g6 = encode_graph6(n, &graph);
            assert_eq!(
                g6.len(),
                usize::from(n > 62) * 3 + 1 + (n * n.saturating_sub(1) / 2).div_ceil(6)
            );
            let d = decode_into(g6.as_bytes(), &mut edges).unwrap();
            assert_eq!((d.n, d.encoding), (n, Encoding::Graph6));
            assert_eq!(edges, graph, "n = {n}: {g6}");
            let s6 = encode_sparse6(n, &graph);
            let d = decode_into(s6.as_bytes(), &mut edges).unwrap();
            assert_eq!((d.n, d.encoding), (n, Encoding::Sparse6));
            assert_eq!(edges, graph, "n = {n}: {s6}");
            // Edges in any order and direction are written the same.
            let mut shuffled: Vec<(usize, usize)> = graph.iter().map(|&(u, v)| (v, u)).collect();
            shuffled.reverse();
            assert_eq!(encode_graph6(n, &shuffled), g6);
            assert_eq!(encode_sparse6(n, &shuffled), s6);
        }
    }
}

#[test]
fn sparse6_loops_and_repeated_edges_round_trip() {
    let mut rng = Rng(12345);
    let mut edges = Vec::new();
    for n in 1..=70 {
        for _ in 0..4 {
            let mut graph: Vec<(usize, usize)> = (0..rng.below(3 * n + 1))
                .map(|_| (rng.below(n), rng.below(n)))
                .collect();
            // Some loops and repeats for certain.
            let v = rng.below(n);
            graph.extend([(v, v), (v, n - 1), (n - 1, v)]);
            let s6 = encode_sparse6(n, &graph);
            decode_into(s6.as_bytes(), &mut edges).unwrap();
            assert_eq!(edges, sparse6_order(&graph), "n = {n}: {s6}");
        }
    }
}

#[test]
fn large_graphs_at_the_boundaries_of_n() {
    let mut rng = Rng(777);
    let mut edges = Vec::new();
    for n in [62, 63, 64, 65, 127, 128, 500] {
        let graph = random_graph(&mut rng, n, 10);
        for line in [encode_graph6(n, &graph), encode_sparse6(n, &graph)] {
            let d = decode_into(line.as_bytes(), &mut edges).unwrap();
            assert_eq!((d.n, &edges), (n, &graph), "n = {n}");
        }
    }
    assert!(encode_graph6(63, &[]).starts_with("~??~"));
    // Beyond what graph6 can hold in memory here: sparse6, with edges at the last vertices.
    for n in [258_047, 258_048, 262_144, MAX_VERTICES] {
        let mut graph: Vec<(usize, usize)> =
            (0..2000).map(|_| (rng.below(n), rng.below(n))).collect();
        graph.extend([(0, n - 1), (n - 2, n - 1), (n - 3, n - 2), (n - 1, n - 1)]);
        let line = encode_sparse6(n, &graph);
        let d = decode_into(line.as_bytes(), &mut edges).unwrap();
        assert_eq!((d.n, &edges), (n, &sparse6_order(&graph)), "n = {n}");
    }
    assert!(encode_sparse6(258_047, &[]).starts_with(":~}~~"));
    assert!(encode_sparse6(258_048, &[]).starts_with(":~~???~??"));
}

/// n = 2^k: when the last edge's larger end is n - 2 and a whole pair fits in the padding,
/// 1-bits would read as the loop {n-1, n-1}, and nauty pads with a 0-bit first.
#[test]
fn sparse6_padding_never_reads_as_a_loop_at_the_last_vertex() {
    // n = 4, edges 0-2 and 1-2: b=1 x=10 b=0 x=00 | b=0 x=01, and 3 bits of padding, 011.
    assert_eq!(encode_sparse6(4, &[(0, 2), (1, 2)]), ":CoJ");
    // With 111 instead, b=1 moves v to 3 and x=11 is the loop 3-3.
    assert_eq!(decoded(":CoN").1, [(0, 2), (1, 2), (3, 3)]);
    let mut edges = Vec::new();
    for k in 1..=7u32 {
        let n = 1usize << k;
        // Edges ending at n - 2, as many as give every remainder of the bits modulo 6.
        for count in 1..=12 {
            let graph: Vec<(usize, usize)> = (0..count).map(|i| (i % (n - 1), n - 2)).collect();
            for graph in [graph.clone(), [graph, vec![(0, 1)]].concat()] {
                let graph = sparse6_order(&graph);
                let line = encode_sparse6(n, &graph);
                decode_into(line.as_bytes(), &mut edges).unwrap();
                assert_eq!(edges, graph, "n = {n}, {count} edges: {line}");
            }
        }
    }
}

#[test]
fn malformed_lines_are_refused_at_their_column() {
    let chars = "is not a graph6 character: graph6 is written in the characters '?' to '~' \
                 (bytes 63 to 126)";
    let s_chars = chars.replace("graph6", "sparse6");
    let cases: Vec<(&[u8], String)> =
        vec![
        (b"", "column 1: an empty line: expected a graph in graph6 or sparse6".into()),
        (b"\r", "column 1: an empty line: expected a graph in graph6 or sparse6".into()),
        (b"IheA@GUAo ", format!("column 10: a space {chars}")),
        (b"Ihe A@GUAo", format!("column 4: a space {chars}")),
        (b"Ihe\tA@GUA", format!("column 4: a tab {chars}")),
        (b"IheA@GU\x7fo", format!("column 8: the byte 0x7F {chars}")),
        (b"I\xc3\xa9A@GUAo", format!("column 2: the byte 0xC3 {chars}")),
        (b"1heA@GUAo", format!("column 1: '1' {chars}")),
        (b"IheA@GUAo\r\r", format!("column 10: a carriage return {chars}")),
        (b":Fa@x^ ", format!("column 7: a space {s_chars}")),
        (b":F!@x^", format!("column 3: '!' {s_chars}")),
        (
            b"IheA@GUA",
            "column 9: the line ends after 7 bytes of edges: a graph6 graph of 10 vertices has 8"
                .into(),
        ),
        (
            b"IheA@GUAoo",
            "column 10: 1 byte too many: a graph6 graph of 10 vertices has 8 bytes of edges \
             after its size"
                .into(),
        ),
        (
            b"@??",
            "column 2: 2 bytes too many: a graph6 graph of 1 vertices has 0 bytes of edges \
             after its size"
                .into(),
        ),
        (
            b"~?",
            "column 3: the number of vertices is cut short: it is '~' and 3 bytes, and the line \
             ends after 1"
                .into(),
        ),
        (
            b"~~?????",
            "column 8: the number of vertices is cut short: it is '~~' and 6 bytes, and the \
             line ends after 5"
                .into(),
        ),
        (
            b"~~?@????",
            "column 1: 16777216 vertices: pathsat reads graphs of at most 1000000 vertices"
                .into(),
        ),
        (
            b":~~~~~~~~~",
            "column 2: 68719476735 vertices: pathsat reads graphs of at most 1000000 vertices"
                .into(),
        ),
        (
            b":",
            "column 2: the line ends before the number of vertices that starts a sparse6 graph"
                .into(),
        ),
        (
            // The Petersen graph's sparse6 with a byte more: the padding is not the last byte.
            b":I`ES@obGkqegW~~",
            "column 15: the edges go past the last vertex of this sparse6 graph of 10 vertices \
             before the line's last byte: the line has bytes too many"
                .into(),
        ),
        (
            // n = 2^19: a pair is 20 bits, and the line has 18.
            b":~~??A??????",
            "column 10: the edges end in a pair cut short that starts before the last byte: the \
             line has bytes too many or too few for a sparse6 graph of 524288 vertices"
                .into(),
        ),
    ];
    for (line, expected) in cases {
        assert_eq!(error(line), expected, "{:?}", String::from_utf8_lossy(line));
    }
    // With 24 bits, the 4 left after a pair are in the last byte.
    assert_eq!(decoded(":~~??A???????").1, [(0, 0)]);
    assert!(error(b";Fa@x^").starts_with("column 1: incremental sparse6 (a line starting with ';'"));
    assert!(error(b"&DI?AO?").starts_with("column 1: digraph6 (a line starting with '&'"));
    assert!(error(b">>digraph6<<&DI?AO?").starts_with("column 1: the header >>digraph6<< starts"));
    assert_eq!(
        error(b">>graph7<<DQc"),
        "column 1: an unknown header \">>graph7<<\": nauty's headers of undirected graphs are \
         >>graph6<< and >>sparse6<<"
    );
    // A known header is taken off, and counted in the columns.
    assert_eq!(decoded(">>graph6<<DQc").1.len(), 4);
    assert_eq!(decoded(">>sparse6<<:Fa@x^").1.len(), 4);
    assert_eq!(
        error(b">>graph6<<DQ c"),
        format!("column 13: a space {chars}")
    );
}

#[test]
fn decoding_clears_the_edges_and_reads_no_more_than_the_line() {
    let mut edges = vec![(1, 2); 100];
    decode_into(b"?", &mut edges).unwrap();
    assert!(edges.is_empty());
    edges.push((5, 5));
    assert!(decode_into(b"IheA@GUA", &mut edges).is_err());
    // An error may leave some edges read; the caller reads none of them.
    decode_into(b"DQc", &mut edges).unwrap();
    assert_eq!(edges.len(), 4);
}

#[test]
#[should_panic(expected = "graph6 cannot write the loop (2, 2)")]
fn graph6_cannot_write_a_loop() {
    encode_graph6(3, &[(0, 1), (2, 2)]);
}

#[test]
#[should_panic(expected = "edge (0, 3) names a vertex outside 0..3")]
fn edges_name_vertices_of_the_graph() {
    encode_sparse6(3, &[(0, 3)]);
}

#[test]
fn names_and_headers() {
    assert_eq!(Encoding::Graph6.to_string(), "graph6");
    assert_eq!(Encoding::Sparse6.to_string(), "sparse6");
    assert_eq!(Encoding::Sparse6.header(), ">>sparse6<<");
    assert_eq!(
        LineError::new(4, "x is wrong").to_string(),
        "column 4: x is wrong"
    );
}

/// Lines damaged at random (bytes changed, cut, added) never panic: each is a graph or an error
/// at a column inside the line, or one past its end.
#[test]
fn damaged_lines_are_graphs_or_errors_inside_the_line() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut edges = Vec::new();
    let alphabet = b"?@AB_`o~~~::;&> \r\xff";
    for round in 0..20_000 {
        let n = [1, 2, 4, 7, 8, 10, 16, 63, 64, 200][round % 10];
        let percent = 1 + rng.next() % 60;
        let graph = random_graph(&mut rng, n, percent);
        let mut line = if round % 2 == 0 {
            encode_graph6(n, &graph)
        } else {
            encode_sparse6(n, &graph)
        }
        .into_bytes();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(line.len() + 1);
            let byte = if rng.next() % 2 == 0 {
                alphabet[rng.below(alphabet.len())]
            } else {
                63 + rng.below(64) as u8
            };
            match rng.below(3) {
                0 if at < line.len() => line[at] = byte,
                1 => line.insert(at, byte),
                _ => line.truncate(at),
            }
        }
        match decode_into(&line, &mut edges) {
            Ok(d) => assert!(edges.iter().all(|&(u, v)| u <= v && v < d.n), "{line:?}"),
            Err(e) => {
                assert!(e.column >= 1 && e.column <= line.len() + 1, "{line:?}: {e}");
                assert!(!e.message.contains('\n'), "{e}");
            }
        }
    }
}
