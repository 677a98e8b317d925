//! Sharded counts: one count of the frontier program split into `N` parts that separate
//! processes or machines run (`pathsat count FILE --shard I/N`), each written as a small
//! self-describing [`Part`], and [`merge`], which adds the parts up once it has checked that
//! they are the `N` parts of one count.
//!
//! A part names what it counts by a digest of the question ([`digest`]: the cells, the moves,
//! the cell rules, open or closed; not the file or the puzzle's name, so that copies agree), and
//! how it was split: the method, the shard, the rule that deals states into shards, the cut and
//! the pathsat version (whose sweep order the classes depend on). Parts that differ in any of
//! these do not add up, and [`merge`] refuses them, naming the file, rather than print a wrong
//! sum. A shard is deterministic: run again (after a crash, on another machine), it gives the
//! same part.

use crate::count::CountReport;
use crate::options::Problem;
use pathsat_bigcount::BigCount;
use pathsat_frontier::Split;
use pathsat_puzzle::Puzzle;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// The format of a part, as its `format` field names it.
pub const PART_FORMAT: &str = "pathsat-count-part/1";

/// `--shard I/N`: one of `N` deterministic parts, `1 <= I <= N` (a part of a count, or a slice
/// of `batch`'s file list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Shard {
    index: u32,
    of: u32,
}

impl Shard {
    /// Shard `index` of `of`, or `None` unless `1 <= index <= of`.
    pub fn new(index: u32, of: u32) -> Option<Shard> {
        (1..=of).contains(&index).then_some(Shard { index, of })
    }

    /// The shard's number, from 1.
    pub fn index(self) -> u32 {
        self.index
    }

    /// The number of shards.
    pub fn of(self) -> u32 {
        self.of
    }

    /// Whether the item at position `k` (from 0) of a sorted list is in this slice.
    pub fn takes(self, k: usize) -> bool {
        k % self.of as usize == self.index as usize - 1
    }

    /// The frontier program's split for this shard, cut at `cut_states` states.
    pub fn split(self, cut_states: u64) -> Split {
        Split {
            index: self.index - 1,
            of: self.of,
            cut_states,
        }
    }
}

impl FromStr for Shard {
    type Err = Problem;

    fn from_str(text: &str) -> Result<Shard, Problem> {
        let bad = || {
            Problem::Malformed(format!(
                "expected I/N with 1 <= I <= N, e.g. 2/8, not {text:?}"
            ))
        };
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let of: u32 = n.trim().parse().map_err(|_| bad())?;
        Shard::new(index, of).ok_or_else(bad)
    }
}

impl TryFrom<String> for Shard {
    type Error = Problem;

    fn try_from(text: String) -> Result<Shard, Problem> {
        text.parse()
    }
}

impl From<Shard> for String {
    fn from(shard: Shard) -> String {
        shard.to_string()
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

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

/// Where a shard's sweep was cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CutInfo {
    /// The layer after which the table was cut (1-based).
    pub layer: usize,
    /// States in the table at the cut (the same in every shard).
    pub states: u64,
    /// States this shard kept.
    pub kept: u64,
}

impl From<pathsat_frontier::Cut> for CutInfo {
    fn from(cut: pathsat_frontier::Cut) -> Self {
        CutInfo {
            layer: cut.layer,
            states: cut.states,
            kept: cut.kept,
        }
    }
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
    pub cut: Option<CutInfo>,
    /// This shard's fillings: an exact JSON number of any length.
    pub count: BigCount,
    /// Seconds the shard took.
    pub seconds: f64,
    /// The most states its tables held at once.
    pub peak_states: u64,
    /// The most bytes its tables held at once.
    pub peak_bytes: u64,
}

impl Part {
    /// The part of a finished shard's `report`, or `None` when the report is not a complete
    /// shard (it stopped early, or was not sharded).
    pub fn of(puzzle: &Puzzle, report: &CountReport, cut_states: u64) -> Option<Part> {
        let shard = report.shard?;
        let frontier = report.frontier.as_ref();
        report.answer.complete.then(|| Part {
            format: PART_FORMAT.to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            file: report.answer.file.clone(),
            name: report.answer.name.clone(),
            digest: digest(puzzle),
            method: report.method.name().to_string(),
            shard,
            split: SplitRule {
                rule: Split::RULE.to_string(),
                cut_states,
            },
            cut: frontier.and_then(|f| f.cut),
            count: report.answer.count.clone(),
            seconds: report.stats.total_seconds,
            peak_states: frontier.map_or(0, |f| f.peak_states),
            peak_bytes: frontier.map_or(0, |f| f.peak_bytes),
        })
    }
}

/// Why parts could not be merged: each names the file at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no parts to merge")]
    NoParts,
    /// A file that is not a part (not JSON, or not a part's fields).
    #[error("{file}: not a part of a sharded count ({detail})")]
    NotAPart {
        /// The file.
        file: String,
        /// What is wrong with it.
        detail: String,
    },
    /// A part of another format.
    #[error("{file}: a part in format {found:?}, which this pathsat (format {PART_FORMAT:?}) does not read")]
    Format {
        /// The file.
        file: String,
        /// The format it names.
        found: String,
    },
    /// Parts that differ in what they count or how the count was split.
    #[error("{file} does not belong with {first}: {what}")]
    Mismatch {
        /// The file that differs.
        file: String,
        /// The first part read.
        first: String,
        /// What differs, with both values.
        what: String,
    },
    /// Two parts of the same shard.
    #[error("{file} and {first} are both shard {shard}")]
    Duplicate {
        /// The later file.
        file: String,
        /// The earlier file.
        first: String,
        /// The shard.
        shard: Shard,
    },
    /// Shards not given.
    #[error("{} of {of} shards missing: {}; run them (`pathsat count FILE --shard I/{of}`) and merge again", .missing.len(), list(.missing, *.of))]
    Missing {
        /// The shards' number.
        of: u32,
        /// The missing shards' numbers.
        missing: Vec<u32>,
    },
}

fn list(missing: &[u32], of: u32) -> String {
    let shown: Vec<String> = missing
        .iter()
        .take(10)
        .map(|i| format!("{i}/{of}"))
        .collect();
    let more = missing.len().saturating_sub(10);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// Reads the part in `text` (from `file`).
///
/// # Errors
/// [`MergeError::NotAPart`] or [`MergeError::Format`].
pub fn read_part(file: &str, text: &str) -> Result<Part, MergeError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| MergeError::NotAPart {
            file: file.to_string(),
            detail: e.to_string(),
        })?;
    match value.get("format").and_then(|f| f.as_str()) {
        Some(PART_FORMAT) => {}
        Some(found) => {
            return Err(MergeError::Format {
                file: file.to_string(),
                found: found.to_string(),
            })
        }
        None => {
            return Err(MergeError::NotAPart {
                file: file.to_string(),
                detail: "no \"format\" field".to_string(),
            })
        }
    }
    serde_json::from_value(value).map_err(|e| MergeError::NotAPart {
        file: file.to_string(),
        detail: e.to_string(),
    })
}

/// The sum of all the parts of one count, and what the shards cost.
#[derive(Clone, Debug, Serialize)]
pub struct Merged {
    /// The puzzle file the first part names.
    pub file: String,
    /// The puzzle's name.
    pub name: String,
    /// [`digest`] of the puzzle.
    pub digest: String,
    /// The method.
    pub method: String,
    /// The fillings: the sum of the parts, exact.
    pub count: BigCount,
    /// Always `fillings` (the frontier program counts no trails).
    pub counts: &'static str,
    /// The number of shards.
    pub shards: u32,
    /// How the count was split.
    pub split: SplitRule,
    /// The layer after which the shards were cut (absent when the tables never reached the
    /// cut).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut_layer: Option<usize>,
    /// States in the table at the cut, which the shards dealt among themselves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut_table: Option<u64>,
    /// Seconds of all the shards together.
    pub seconds_total: f64,
    /// Seconds of the slowest shard.
    pub seconds_max: f64,
    /// The most bytes one shard's tables held.
    pub peak_bytes_max: u64,
}

/// Adds up `parts` (each with the file it came from) after checking that they are the `N`
/// parts of one count: the same question, method, split and version, each shard once, none
/// missing.
///
/// # Errors
/// The first [`MergeError`] found, in the order the parts are given.
pub fn merge(parts: &[(String, Part)]) -> Result<Merged, MergeError> {
    let Some((first_file, first)) = parts.first() else {
        return Err(MergeError::NoParts);
    };
    let mut seen: BTreeMap<u32, &str> = BTreeMap::new();
    for (file, part) in parts {
        let differs =
            |what: &str, a: &dyn fmt::Display, b: &dyn fmt::Display| MergeError::Mismatch {
                file: file.clone(),
                first: first_file.clone(),
                what: format!("{what} {a}, not {b}"),
            };
        if part.digest != first.digest {
            return Err(MergeError::Mismatch {
                file: file.clone(),
                first: first_file.clone(),
                what: format!(
                    "it counts another puzzle ({} {}, not {} {})",
                    part.name,
                    short(&part.digest),
                    first.name,
                    short(&first.digest)
                ),
            });
        }
        if part.method != first.method {
            return Err(differs("it was counted by", &part.method, &first.method));
        }
        if part.shard.of != first.shard.of {
            return Err(differs("it is a shard of", &part.shard.of, &first.shard.of));
        }
        if part.split.rule != first.split.rule {
            return Err(differs(
                "it was split by",
                &part.split.rule,
                &first.split.rule,
            ));
        }
        if part.split.cut_states != first.split.cut_states {
            return Err(differs(
                "it was cut at states",
                &part.split.cut_states,
                &first.split.cut_states,
            ));
        }
        if part.version != first.version {
            return Err(differs(
                "it was made by pathsat",
                &part.version,
                &first.version,
            ));
        }
        if let Some(earlier) = seen.insert(part.shard.index, file) {
            return Err(MergeError::Duplicate {
                file: file.clone(),
                first: earlier.to_string(),
                shard: part.shard,
            });
        }
    }
    let of = first.shard.of;
    let missing: Vec<u32> = (1..=of).filter(|i| !seen.contains_key(i)).collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing { of, missing });
    }
    Ok(Merged {
        file: first.file.clone(),
        name: first.name.clone(),
        digest: first.digest.clone(),
        method: first.method.clone(),
        count: parts.iter().map(|(_, p)| &p.count).sum(),
        counts: "fillings",
        shards: of,
        split: first.split.clone(),
        cut_layer: first.cut.map(|c| c.layer),
        cut_table: first.cut.map(|c| c.states),
        seconds_total: parts.iter().map(|(_, p)| p.seconds).sum(),
        seconds_max: parts.iter().map(|(_, p)| p.seconds).fold(0.0, f64::max),
        peak_bytes_max: parts.iter().map(|(_, p)| p.peak_bytes).max().unwrap_or(0),
    })
}

/// The first 12 hex digits of a digest, for messages.
fn short(digest: &str) -> &str {
    let hex = digest.split_once(':').map_or(digest, |(_, hex)| hex);
    &hex[..hex.len().min(12)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_puzzle::{parse_str, Format};

    #[test]
    fn shards_are_one_based_slices() {
        let first: Shard = "1/3".parse().unwrap();
        let last: Shard = "3/3".parse().unwrap();
        assert_eq!(first.to_string(), "1/3");
        assert_eq!(last.to_string(), "3/3");
        let taken = |s: Shard| (0..7).filter(|&k| s.takes(k)).collect::<Vec<_>>();
        assert_eq!(taken(first), [0, 3, 6]);
        assert_eq!(taken(last), [2, 5]);
        assert_eq!(
            last.split(9),
            Split {
                index: 2,
                of: 3,
                cut_states: 9
            }
        );
        for bad in ["0/3", "4/3", "x/3", "3", "1/0", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let json = serde_json::to_string(&first).unwrap();
        assert_eq!(json, "\"1/3\"");
        assert_eq!(serde_json::from_str::<Shard>(&json).unwrap(), first);
        assert!(serde_json::from_str::<Shard>("\"5/3\"").is_err());
    }

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
