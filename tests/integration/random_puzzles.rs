//! Random small puzzles (up to 16 cells; random holes, move rules, givens, marks, open and
//! closed), written as TOML and parsed like a user's file: the SAT count equals the brute-force
//! count, the fillings are the same set, each one distinct and verified, with every encoding
//! option (pruned or not, sequential counter or pairwise) and, where it applies, the successor
//! encoding.

use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_encode::{EncodingChoice, EncodingOptions, PositionOptions, Pruning};
use pathsat_puzzle::{brute, parse_str, verify, Format, ValueClass};
use pathsat_solver::{PuzzleSolver, SolveOptions};
use proptest::prelude::*;
use std::collections::HashSet;

/// Counts are compared up to this many fillings (both sides stop there).
const LIMIT: u64 = 200;

#[derive(Clone, Debug)]
enum Kind {
    Free,
    Hole,
    Given(u32),
    Mark(usize),
}

#[derive(Clone, Debug)]
struct Spec {
    /// Take the givens from a solution of the puzzle without them (so that it has one).
    plant: bool,
    rows: usize,
    cols: usize,
    moves: String,
    closed: bool,
    kinds: Vec<Kind>,
    classes: Vec<(String, ValueClass)>,
}

impl Spec {
    /// The TOML text, after repairing what would make the file malformed (no cells, repeated
    /// or out-of-range givens, more marked cells than values): those are the parser's tests.
    /// Planted givens copy the values of a brute-force solution of the puzzle without givens.
    fn to_toml(&self) -> String {
        let text = self.text_with_givens(None);
        if !self.plant {
            return text;
        }
        let bare = parse_str(&self.text_with_givens(Some(&[])), Format::Toml).expect("well formed");
        let mut solution = None;
        brute::enumerate(&bare, Some(1), |f| solution = Some(f.values().to_vec()));
        match solution {
            Some(values) => self.text_with_givens(Some(&values)),
            None => text,
        }
    }

    /// The text with random givens (`None`), or givens from `planted` (cell-ordered values;
    /// empty: no givens at all).
    fn text_with_givens(&self, planted: Option<&[u32]>) -> String {
        let mut kinds = self.kinds.clone();
        if kinds.iter().all(|k| matches!(k, Kind::Hole)) {
            kinds[0] = Kind::Free;
        }
        let n = kinds.iter().filter(|k| !matches!(k, Kind::Hole)).count() as u32;
        let mut used = HashSet::new();
        let mut marked = vec![0usize; self.classes.len()];
        let mut cell = 0;
        for kind in &mut kinds {
            if !matches!(kind, Kind::Hole) {
                cell += 1;
            }
            match *kind {
                Kind::Given(seed) => {
                    let v = match planted {
                        None => seed % n + 1,
                        Some([]) => 0,
                        Some(values) => values[cell - 1],
                    };
                    *kind = if v > 0 && used.insert(v) {
                        Kind::Given(v)
                    } else {
                        Kind::Free
                    };
                }
                Kind::Mark(m) => {
                    marked[m] += 1;
                    if marked[m] > self.classes[m].1.count_up_to(n) {
                        *kind = Kind::Free;
                    }
                }
                _ => {}
            }
        }
        let grid: Vec<String> = kinds
            .chunks(self.cols)
            .map(|row| {
                row.iter()
                    .map(|k| match k {
                        Kind::Free => ".".to_string(),
                        Kind::Hole => "#".to_string(),
                        Kind::Given(v) => v.to_string(),
                        Kind::Mark(m) => self.classes[*m].0.clone(),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let marks: Vec<String> = self
            .classes
            .iter()
            .map(|(letter, class)| match class {
                ValueClass::List(_) => format!("{letter} = {class}"),
                named => format!("{letter} = \"{named}\""),
            })
            .collect();
        format!(
            "moves = {}\nclosed = {}\ngrid = \"\"\"\n{}\n\"\"\"\n[marks]\n{}\n",
            self.moves,
            self.closed,
            grid.join("\n"),
            marks.join("\n")
        )
    }
}

fn class() -> impl Strategy<Value = ValueClass> {
    prop_oneof![
        Just(ValueClass::Primes),
        Just(ValueClass::Even),
        Just(ValueClass::Odd),
        Just(ValueClass::Squares),
        prop::collection::btree_set(1u32..=16, 1..8).prop_map(ValueClass::List),
    ]
}

fn moves() -> impl Strategy<Value = String> {
    let offset = || (-2i64..=2, -2i64..=2).prop_filter("not a move", |&(r, c)| (r, c) != (0, 0));
    let list = |offsets: Vec<(i64, i64)>| {
        let list: Vec<String> = offsets.iter().map(|(r, c)| format!("[{r}, {c}]")).collect();
        format!("[{}]", list.join(", "))
    };
    prop_oneof![
        Just("\"rook\"".to_string()),
        Just("\"king\"".to_string()),
        Just("\"knight\"".to_string()),
        // Arbitrary offsets, often directed and disconnected.
        prop::collection::vec(offset(), 1..6).prop_map(list),
        // The rook's steps plus a few more, possibly one-way: connected, and often solvable.
        prop::collection::vec(offset(), 1..4).prop_map(move |mut extra| {
            extra.extend([(0, 1), (1, 0), (0, -1), (-1, 0)]);
            list(extra)
        }),
    ]
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        1usize..=4,
        1usize..=4,
        moves(),
        any::<bool>(),
        class(),
        class(),
        any::<bool>(),
    )
        .prop_flat_map(|(rows, cols, moves, closed, a, b, plant)| {
            let kind = prop_oneof![
                10 => Just(Kind::Free),
                2 => Just(Kind::Hole),
                2 => any::<u32>().prop_map(Kind::Given),
                1 => (0usize..2).prop_map(Kind::Mark),
            ];
            prop::collection::vec(kind, rows * cols).prop_map(move |kinds| Spec {
                plant,
                rows,
                cols,
                moves: moves.clone(),
                closed,
                kinds,
                classes: vec![("A".to_string(), a.clone()), ("B".to_string(), b.clone())],
            })
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn sat_enumeration_equals_brute_force(spec in spec()) {
        let text = spec.to_toml();
        prop_assert_eq!(spec.rows * spec.cols, spec.kinds.len());
        let puzzle = parse_str(&text, Format::Toml).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let mut reference = HashSet::new();
        let bf = brute::enumerate(&puzzle, Some(LIMIT), |f| {
            reference.insert(f.clone());
        });
        let mut runs: Vec<(String, EncodingOptions)> = [
            (ExactlyOneEncoding::Sequential, Pruning::Full),
            (ExactlyOneEncoding::Sequential, Pruning::None),
            (ExactlyOneEncoding::Pairwise, Pruning::Full),
        ]
        .into_iter()
        .map(|(exactly_one, pruning)| {
            let position = PositionOptions { exactly_one, pruning, ..PositionOptions::default() };
            let choice = EncodingChoice::Position;
            (format!("{exactly_one:?} {pruning:?}"), EncodingOptions { choice, position, ..EncodingOptions::default() })
        })
        .collect();
        // The successor encoding, where it applies (no marks, givens only at the ends).
        if pathsat_encode::successor::applies(&puzzle) {
            let choice = EncodingChoice::Successor;
            runs.push(("successor".to_string(), EncodingOptions { choice, ..EncodingOptions::default() }));
        }
        for (label, encoding) in runs {
            let options = SolveOptions { encoding, ..SolveOptions::default() };
            let mut solver = PuzzleSolver::new(&puzzle, &options).unwrap();
            let mut found = HashSet::new();
            let mut duplicates = 0;
            let count = solver
                .count(Some(LIMIT), |f| {
                    assert_eq!(verify(&puzzle, f), Ok(()));
                    if !found.insert(f.clone()) {
                        duplicates += 1;
                    }
                })
                .unwrap();
            prop_assert_eq!(duplicates, 0);
            prop_assert_eq!(count.count, bf.count, "{}\n{}", label, text);
            prop_assert_eq!(count.complete, bf.complete, "{}\n{}", label, text);
            if bf.complete {
                prop_assert!(found == reference, "{}: other fillings\n{}", label, text);
            }
        }
    }
}
