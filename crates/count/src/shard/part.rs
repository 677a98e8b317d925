//! The part file of a sharded count: what one shard writes ([`Part`]), small and exact, with
//! what it counts (the [`digest`] of the question) and how the count was split ([`SplitRule`]),
//! so that the merge can tell the parts of one count from others.

use super::Shard;
use crate::Method;
use pathsat_bigcount::BigCount;
use pathsat_frontier::{Cut, Share, Split};
use pathsat_puzzle::Puzzle;
use serde::{Deserialize, Serialize};

/// The format of a part, as its `format` field names it.
pub const PART_FORMAT: &str = "pathsat-count-part/1";

/// The digest of the question `puzzle` asks, as `fnv1a128:` and 32 hex digits: its cells with
/// their moves and rules, and whether it is a tour. Two files that state the same puzzle (in
/// TOML or JSON, under any name) have the same digest.
///
/// FNV-1a with 128 bits (the published offset basis and prime): a check that parts belong to one
/// count, against mix-ups rather than forgery, which spares the build a cryptographic hash's
/// dependencies.
pub fn digest(puzzle: &Puzzle) -> String {
    let mut text = format!(
        "pathsat-question/1\ncells {}\nclosed {}\n",
        puzzle.n_cells(),
        puzzle.is_closed()
    );
    for cell in 0..puzzle.n_cells() {
        let moves: Vec<String> = puzzle
            .successors(cell)
            .iter()
            .map(ToString::to_string)
            .collect();
        text += &format!("{cell}: {:?} -> {}\n", puzzle.rule(cell), moves.join(" "));
    }
    if let Some(trail) = puzzle.trail() {
        text += &format!("trail {trail:?}\n");
    }
    format!("fnv1a128:{:032x}", fnv1a_128(text.as_bytes()))
}

/// FNV-1a, 128 bits.
fn fnv1a_128(bytes: &[u8]) -> u128 {
    const OFFSET_BASIS: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;
    bytes.iter().fold(OFFSET_BASIS, |h, &b| {
        (h ^ u128::from(b)).wrapping_mul(PRIME)
    })
}

/// How a count was split: parts add up only under the same split.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitRule {
    /// How states are dealt into shards ([`Split::RULE`]).
    pub rule: String,
    /// The cut: the first layer with at least this many states.
    pub cut_states: u64,
}

/// One shard's part of a count, as `pathsat count --shard I/N` writes it: small, exact and
/// self-describing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Part {
    /// [`PART_FORMAT`].
    pub format: String,
    /// The pathsat version that made it.
    pub version: String,
    /// The puzzle file, as named to the command.
    pub file: String,
    /// The puzzle's name.
    pub name: String,
    /// [`digest`] of the puzzle.
    pub digest: String,
    /// The method: `frontier-dp`.
    pub method: String,
    /// Which shard.
    pub shard: Shard,
    /// How the count was split.
    pub split: SplitRule,
    /// Where the sweep was cut; absent when the tables never reached the cut (shard 1 then
    /// holds the whole count, the others nothing).
    pub cut: Option<Cut>,
    /// This shard's fillings: an exact JSON number of any length. Split by residues: the
    /// fillings modulo `modulus`, or (`bound`) an upper bound on them.
    pub count: BigCount,
    /// Split by residues: the prime `count` is a residue modulo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modulus: Option<u64>,
    /// Split by residues: `count` is an upper bound on the fillings (shard 1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bound: bool,
    /// Seconds the shard took: over all its runs when it went on from a checkpoint (the time
    /// of the work saved in it, plus the last run's), or the last run's alone when the
    /// checkpoint was written by a pathsat that did not save the time.
    pub seconds: f64,
    /// The most states its tables held at once.
    pub peak_states: u64,
    /// The most bytes its tables held at once.
    pub peak_bytes: u64,
}

/// What a shard's finished count gives its part: what the front end named the puzzle, and
/// what the count found and cost.
#[derive(Clone, Debug)]
pub struct ShardRun<'a> {
    /// The puzzle file, as named to the command.
    pub file: &'a str,
    /// The method that counted.
    pub method: Method,
    /// The shard's fillings (or its bound, or its residue).
    pub count: BigCount,
    /// Where the sweep was cut.
    pub cut: Option<Cut>,
    /// Seconds the shard took, over all its runs.
    pub seconds: f64,
    /// The most states its tables held at once.
    pub peak_states: u64,
    /// The most bytes its tables held at once.
    pub peak_bytes: u64,
}

impl Part {
    /// The part of shard `shard` of `puzzle`, counted under `split` by `run`.
    pub fn new(puzzle: &Puzzle, shard: Shard, split: Split, run: ShardRun<'_>) -> Part {
        let share = split.share();
        Part {
            format: PART_FORMAT.to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            file: run.file.to_string(),
            name: puzzle.name().to_string(),
            digest: digest(puzzle),
            method: run.method.name().to_string(),
            shard,
            split: SplitRule {
                rule: split.rule().to_string(),
                cut_states: split.cut_states,
            },
            cut: run.cut,
            count: run.count,
            modulus: match share {
                Share::Residue(p) => Some(p),
                _ => None,
            },
            bound: share == Share::Bound,
            seconds: run.seconds,
            peak_states: run.peak_states,
            peak_bytes: run.peak_bytes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{parse_str, Format};

    #[test]
    fn the_digest_names_the_question_not_the_file() {
        let toml = "name = \"a\"\nmoves = \"rook\"\ngrid = \"\"\"\n1 . .\n. . .\n\"\"\"\n";
        let json = r#"{"name": "b", "moves": "rook", "grid": "1 . .\n. . ."}"#;
        let a = parse_str(toml, Format::Toml).unwrap();
        let b = parse_str(json, Format::Json).unwrap();
        assert_eq!(digest(&a), digest(&b));
        assert!(digest(&a).starts_with("fnv1a128:") && digest(&a).len() == 9 + 32);
        // FNV-1a 128's published test value: the empty input hashes to the offset basis, and
        // "a" to 0xd228cb696f1a8caf78912b704e4a8964.
        assert_eq!(fnv1a_128(b""), 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d);
        assert_eq!(fnv1a_128(b"a"), 0xd228_cb69_6f1a_8caf_7891_2b70_4e4a_8964);
        let closed = toml.replace("moves", "closed = true\nmoves");
        let c = parse_str(&closed, Format::Toml).unwrap();
        assert_ne!(digest(&a), digest(&c));
        let king = toml.replace("rook", "king");
        assert_ne!(digest(&a), digest(&parse_str(&king, Format::Toml).unwrap()));
        let given = toml.replace("1 . .", "1 . 6");
        assert_ne!(
            digest(&a),
            digest(&parse_str(&given, Format::Toml).unwrap())
        );
    }
}
