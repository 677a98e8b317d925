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
//!
//! A count split by residues ([`SplitBy::Residues`]) merges another way: shard 1 holds an upper
//! bound on the fillings, each other shard the fillings modulo its prime, and [`merge`] gives
//! the one number below the product of the primes with those residues (the Chinese remainder
//! theorem) once that product exceeds the bound, so that the fillings can be no other number.
//! With too few primes it says which shards to add; the shards of such a count need not agree
//! on `N`, so that more can be run later.
//!
//! [`check_claim`] checks a count claimed for the puzzle (a published value) against parts
//! that need not be all of the count: a bound, a residue or a share each rules out most wrong
//! claims, long before the last shard is done.

use crate::count::CountReport;
use crate::options::Problem;
use num_bigint::BigUint;
use num_traits::Zero;
use pathsat_bigcount::BigCount;
use pathsat_frontier::{Share, Split, SplitBy};
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

    /// The frontier program's split `by` states (cut at `cut_states` states) or residues, for
    /// this shard.
    pub fn split(self, cut_states: u64, by: SplitBy) -> Split {
        Split {
            index: self.index - 1,
            of: self.of,
            cut_states,
            by,
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

impl Part {
    /// The part of a finished shard's `report`, counted under `split`, or `None` when the
    /// report is not a complete shard (it stopped early, or was not sharded).
    pub fn of(puzzle: &Puzzle, report: &CountReport, split: Split) -> Option<Part> {
        let shard = report.shard?;
        let frontier = report.frontier.as_ref();
        let share = split.share();
        report.answer.complete.then(|| Part {
            format: PART_FORMAT.to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            file: report.answer.file.clone(),
            name: report.answer.name.clone(),
            digest: digest(puzzle),
            method: report.method.name().to_string(),
            shard,
            split: SplitRule {
                rule: split.rule().to_string(),
                cut_states: split.cut_states,
            },
            cut: frontier.and_then(|f| f.cut),
            count: report.answer.count.clone(),
            modulus: match share {
                Share::Residue(p) => Some(p),
                _ => None,
            },
            bound: share == Share::Bound,
            seconds: report.stats.total_seconds
                + frontier.and_then(|f| f.earlier_seconds).unwrap_or(0.0),
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
    /// A part of a split by residues that is not what its shard must be.
    #[error("{file}: {what}")]
    NotItsShard {
        /// The file.
        file: String,
        /// What it should be and is.
        what: String,
    },
    /// A split by residues without the bound's shard.
    #[error("shard 1 (the bound) of the split by residues is missing: run it (`pathsat count FILE --shard 1/{of} --split-by residues`) and merge again")]
    NoBound {
        /// The number of shards the parts name.
        of: u32,
    },
    /// A split by residues whose residues give a number above the bound: one of them is not
    /// the count's.
    #[error("the residues give a number of {bits} bits, above the bound of {bound_bits} bits (shard 1): a part is damaged or is not this count's; run the shards again")]
    AboveTheBound {
        /// The bits of the bound.
        bound_bits: u64,
        /// The bits of the number the residues give.
        bits: u64,
    },
    /// A split by residues whose primes do not cover the bound.
    #[error("{}", too_few_primes(*.primes, *.covered_bits, *.bound_bits, .more, *.of))]
    TooFewPrimes {
        /// The residues' primes.
        primes: usize,
        /// The bits of their product, less one: counts below 2^this are covered.
        covered_bits: u64,
        /// The bits of the bound.
        bound_bits: u64,
        /// The shards to run besides (numbered from 1).
        more: Vec<u32>,
        /// The number of shards with them.
        of: u32,
    },
}

fn too_few_primes(
    primes: usize,
    covered_bits: u64,
    bound_bits: u64,
    more: &[u32],
    of: u32,
) -> String {
    let residues = match primes {
        0 => "no residue shard was given".to_string(),
        1 => "the one residue shard covers counts".to_string(),
        n => format!("the primes of the {n} residue shards cover counts"),
    };
    let covered = if primes == 0 {
        String::new()
    } else {
        format!(" below 2^{covered_bits} only")
    };
    let shards: Vec<String> = more.iter().map(|i| format!("{i}/{of}")).collect();
    let run = match shards.as_slice() {
        [] => "no number of 63-bit primes covers a bound of 2^1024 or more".to_string(),
        [one] => format!("run shard {one} too"),
        _ => format!("run shards {} too", shards.join(", ")),
    };
    format!(
        "{residues}{covered}, but the bound (shard 1) allows counts of {bound_bits} bits: {run} \
         (`pathsat count FILE --shard I/{of} --split-by residues`) and merge them all"
    )
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
    /// The field that says what a file is, read first; the part is then read from the text
    /// itself, since a `serde_json::Value` would keep a count above 2^64 as a float.
    #[derive(Deserialize)]
    struct Format {
        format: Option<serde_json::Value>,
    }
    let not_a_part = |detail: String| MergeError::NotAPart {
        file: file.to_string(),
        detail,
    };
    let format: Format = serde_json::from_str(text).map_err(|e| not_a_part(e.to_string()))?;
    match format.format {
        Some(serde_json::Value::String(f)) if f == PART_FORMAT => {}
        Some(serde_json::Value::String(found)) => {
            return Err(MergeError::Format {
                file: file.to_string(),
                found,
            })
        }
        _ => return Err(not_a_part("no \"format\" field".to_string())),
    }
    serde_json::from_str(text).map_err(|e| not_a_part(e.to_string()))
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
    /// Split by residues: how the count was recombined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub residues: Option<Residues>,
}

/// How the parts of a split by residues gave the count.
#[derive(Clone, Debug, Serialize)]
pub struct Residues {
    /// Shard 1's upper bound on the fillings.
    pub bound: BigCount,
    /// The primes of the residues, by shard.
    pub primes: Vec<u64>,
    /// The bits of their product: the count is the one number below it with those residues.
    pub product_bits: u64,
}

/// Adds up `parts` (each with the file it came from) after checking that they are the `N`
/// parts of one count: the same question, method, split and version, each shard once, none
/// missing. Parts of a split by residues are recombined instead ([`Residues`]): the same
/// checks, but shard 1 and residues that cover its bound, of any `N`.
///
/// # Errors
/// The first [`MergeError`] found, in the order the parts are given.
pub fn merge(parts: &[(String, Part)]) -> Result<Merged, MergeError> {
    let Some((first_file, first)) = parts.first() else {
        return Err(MergeError::NoParts);
    };
    let by_residues = first.split.rule == Split::RESIDUE_RULE;
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
        if part.split.rule != first.split.rule {
            return Err(differs(
                "it was split by",
                &part.split.rule,
                &first.split.rule,
            ));
        }
        if !by_residues && part.shard.of != first.shard.of {
            return Err(differs("it is a shard of", &part.shard.of, &first.shard.of));
        }
        if !by_residues && part.split.cut_states != first.split.cut_states {
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
        if by_residues {
            check_residue_part(file, part)?;
        }
        if let Some(earlier) = seen.insert(part.shard.index, file) {
            return Err(MergeError::Duplicate {
                file: file.clone(),
                first: earlier.to_string(),
                shard: part.shard,
            });
        }
    }
    let of = parts.iter().map(|(_, p)| p.shard.of).max().unwrap_or(1);
    let (count, residues) = if by_residues {
        let (count, residues) = recombine(parts, of)?;
        (count, Some(residues))
    } else {
        let missing: Vec<u32> = (1..=of).filter(|i| !seen.contains_key(i)).collect();
        if !missing.is_empty() {
            return Err(MergeError::Missing { of, missing });
        }
        (parts.iter().map(|(_, p)| &p.count).sum(), None)
    };
    Ok(Merged {
        file: first.file.clone(),
        name: first.name.clone(),
        digest: first.digest.clone(),
        method: first.method.clone(),
        count,
        counts: "fillings",
        shards: parts.len() as u32,
        split: first.split.clone(),
        cut_layer: first.cut.map(|c| c.layer),
        cut_table: first.cut.map(|c| c.states),
        seconds_total: parts.iter().map(|(_, p)| p.seconds).sum(),
        seconds_max: parts.iter().map(|(_, p)| p.seconds).fold(0.0, f64::max),
        peak_bytes_max: parts.iter().map(|(_, p)| p.peak_bytes).max().unwrap_or(0),
        residues,
    })
}

/// What the parts of one count say of a count claimed for it (a published value, another
/// method's count): [`check_claim`], `pathsat merge PARTS --expect COUNT`.
#[derive(Clone, Debug, Serialize)]
pub struct ClaimCheck {
    /// The puzzle file the first part names.
    pub file: String,
    /// The puzzle's name.
    pub name: String,
    /// The count claimed.
    pub expected: BigCount,
    /// Whether nothing in the parts contradicts the claim. When the parts give the count
    /// (`merged`), whether the claim is that count.
    pub agrees: bool,
    /// The merge, when the parts give the count: every shard of a split by states, or residues
    /// whose primes cover the bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub merged: Option<Merged>,
    /// Why the parts do not give the count (what a merge would say), when they do not: the
    /// claim is then only checked as far as the parts go.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undecided: Option<String>,
    /// Each part against the claim, by shard.
    pub parts: Vec<PartCheck>,
    /// Split by states, not all shards given: what the shares given add up to, which must not
    /// exceed the claim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shares: Option<BigCount>,
}

/// One part against a claimed count.
#[derive(Clone, Debug, Serialize)]
pub struct PartCheck {
    /// The part's file.
    pub file: String,
    /// Its shard.
    pub shard: Shard,
    /// What it holds.
    pub holds: Holds,
    /// The part's count.
    pub count: BigCount,
    /// The prime of a residue.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub modulus: Option<u64>,
    /// The claim modulo that prime, which the residue must equal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_residue: Option<BigCount>,
    /// A bound's excess over the claim, relative to the claim (a bound rounds up: a small
    /// excess says the claim is near the count).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub excess: Option<f64>,
    /// Whether the part allows the claim: a share at most it, a bound at least it, a residue
    /// the claim's.
    pub agrees: bool,
}

/// What a part holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Holds {
    /// A share of the fillings (a split by states).
    Fillings,
    /// An upper bound on the fillings (shard 1 of a split by residues).
    Bound,
    /// The fillings modulo a prime (the other shards of a split by residues).
    Residue,
}

/// Checks `claim` against `parts` (each with the file it came from), which must belong to
/// one count as for [`merge`], but need not be all of it: each bound must be at least the
/// claim, each residue the claim's, and shares of a split by states must add up to no more
/// than it. When the parts give the count, the claim must be that count.
///
/// # Errors
/// The [`MergeError`]s of parts that do not belong together, or that contradict each other
/// ([`MergeError::AboveTheBound`]); parts that are only too few are no error.
pub fn check_claim(parts: &[(String, Part)], claim: &BigCount) -> Result<ClaimCheck, MergeError> {
    let expected = claim.as_biguint();
    let (merged, undecided) = match merge(parts) {
        Ok(merged) => (Some(merged), None),
        Err(
            e @ (MergeError::Missing { .. }
            | MergeError::NoBound { .. }
            | MergeError::TooFewPrimes { .. }),
        ) => (None, Some(e.to_string())),
        Err(e) => return Err(e),
    };
    let mut checks: Vec<PartCheck> = parts
        .iter()
        .map(|(file, part)| {
            let value = part.count.as_biguint();
            let (holds, expected_residue, agrees) = match (part.modulus, part.bound) {
                (Some(p), _) => {
                    let residue = expected % p;
                    let agrees = residue == *value;
                    (Holds::Residue, Some(BigCount::from(residue)), agrees)
                }
                (None, true) => (Holds::Bound, None, expected <= value),
                (None, false) => (Holds::Fillings, None, value <= expected),
            };
            let excess = (part.bound && expected <= value && !expected.is_zero())
                .then(|| relative(&(value - expected), expected))
                .flatten();
            PartCheck {
                file: file.clone(),
                shard: part.shard,
                holds,
                count: part.count.clone(),
                modulus: part.modulus,
                expected_residue,
                excess,
                agrees,
            }
        })
        .collect();
    checks.sort_by_key(|c| c.shard.index);
    let shares: BigUint = checks
        .iter()
        .filter(|c| c.holds == Holds::Fillings)
        .map(|c| c.count.as_biguint())
        .sum();
    let agrees = checks.iter().all(|c| c.agrees)
        && shares <= *expected
        && merged
            .as_ref()
            .is_none_or(|m| m.count.as_biguint() == expected);
    let shares_given = (merged.is_none() && checks.iter().any(|c| c.holds == Holds::Fillings))
        .then(|| BigCount::from(shares));
    let (_, first) = &parts[0];
    Ok(ClaimCheck {
        file: first.file.clone(),
        name: first.name.clone(),
        expected: claim.clone(),
        agrees,
        merged,
        undecided,
        shares: shares_given,
        parts: checks,
    })
}

/// `a / b` in floating point, when both are finite there.
fn relative(a: &BigUint, b: &BigUint) -> Option<f64> {
    use num_traits::ToPrimitive;
    let (a, b) = (a.to_f64()?, b.to_f64()?);
    (a.is_finite() && b.is_finite()).then(|| a / b)
}

/// The prime of shard `index` (from 1) of a split by residues; `None` for shard 1, the bound.
fn prime_of_shard(index: u32) -> Option<u64> {
    (index >= 2).then(|| pathsat_frontier::residue_prime(index as usize - 2))
}

/// Whether a part of a split by residues is what its shard must be: shard 1 the bound, shard
/// `I` a residue modulo its prime.
fn check_residue_part(file: &str, part: &Part) -> Result<(), MergeError> {
    let shard = part.shard;
    let wrong = |what: String| {
        Err(MergeError::NotItsShard {
            file: file.to_string(),
            what,
        })
    };
    match prime_of_shard(shard.index) {
        None if !part.bound || part.modulus.is_some() => wrong(format!(
            "shard {shard} of a split by residues holds the bound, which this part does not"
        )),
        Some(p) if part.bound || part.modulus != Some(p) => wrong(format!(
            "shard {shard} of a split by residues counts modulo {p}, which this part does not"
        )),
        Some(p) if part.count >= p => wrong(format!("its count is no residue modulo {p}")),
        _ => Ok(()),
    }
}

/// The count that the residues of a split by residues give, once their primes cover the bound
/// (the parts were checked by [`check_residue_part`], each shard once).
fn recombine(parts: &[(String, Part)], of: u32) -> Result<(BigCount, Residues), MergeError> {
    let Some((_, bound_part)) = parts.iter().find(|(_, p)| p.shard.index == 1) else {
        return Err(MergeError::NoBound { of });
    };
    let bound = bound_part.count.clone().into_biguint();
    let mut residues: Vec<(u32, u64, BigUint)> = parts
        .iter()
        .filter_map(|(_, p)| Some((p.shard.index, p.modulus?, p.count.clone().into_biguint())))
        .collect();
    residues.sort_by_key(|r| r.0);
    let product: BigUint = residues.iter().map(|r| BigUint::from(r.1)).product();
    // A bound of 2^1024 or more is a float that overflowed: no number of primes is trusted.
    if product <= bound || bound.bits() > 1024 {
        // The shards to add, the lowest numbers not run first, until their primes cover it.
        let mut covered = product.clone();
        let mut more = Vec::new();
        let given: Vec<u32> = residues.iter().map(|r| r.0).collect();
        let mut index = 2u32;
        while covered <= bound && bound.bits() <= 1024 {
            if !given.contains(&index) {
                covered *= prime_of_shard(index).expect("shards from 2 on have primes");
                more.push(index);
            }
            index += 1;
        }
        let of = more.iter().copied().chain(Some(of)).max().unwrap_or(of);
        return Err(MergeError::TooFewPrimes {
            primes: residues.len(),
            covered_bits: product.bits().saturating_sub(1),
            bound_bits: bound.bits(),
            more,
            of,
        });
    }
    // The Chinese remainder theorem: x = sum of r_i * (M / p_i) * ((M / p_i)^-1 mod p_i),
    // modulo M; the inverse by Fermat's little theorem (p_i is prime).
    let mut count = BigUint::zero();
    for (_, p, r) in &residues {
        let p = BigUint::from(*p);
        let rest = &product / &p;
        let inverse = (&rest % &p).modpow(&(&p - 2u32), &p);
        count += r * &rest * inverse;
    }
    count %= &product;
    if count > bound {
        // The count is at most the bound, below the product: the one number the residues give
        // must be too. Above it, a residue is not the count's (a damaged part, or a bug).
        return Err(MergeError::AboveTheBound {
            bound_bits: bound.bits(),
            bits: count.bits(),
        });
    }
    Ok((
        BigCount::from(count),
        Residues {
            bound: BigCount::from(bound),
            primes: residues.iter().map(|r| r.1).collect(),
            product_bits: product.bits(),
        },
    ))
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
            last.split(9, SplitBy::States),
            Split {
                index: 2,
                of: 3,
                cut_states: 9,
                by: SplitBy::States,
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

    /// A part of a split by residues of a made-up count: shard 1 holds `bound`, shard `i` the
    /// count modulo its prime.
    fn residue_part(i: u32, of: u32, count: &BigUint, bound: &BigUint) -> (String, Part) {
        let modulus = prime_of_shard(i);
        let part = Part {
            format: PART_FORMAT.to_string(),
            version: "0".to_string(),
            file: "f.toml".to_string(),
            name: "f".to_string(),
            digest: "fnv1a128:0".to_string(),
            method: "frontier-dp".to_string(),
            shard: Shard::new(i, of).unwrap(),
            split: SplitRule {
                rule: Split::RESIDUE_RULE.to_string(),
                cut_states: 1,
            },
            cut: None,
            count: BigCount::from(match modulus {
                Some(p) => count % p,
                None => bound.clone(),
            }),
            modulus,
            bound: modulus.is_none(),
            seconds: 1.0,
            peak_states: 1,
            peak_bytes: 1,
        };
        (format!("part-{i}.json"), part)
    }

    /// Residues of a 240-bit number modulo four primes give it back, whatever their order; one
    /// residue off by one gives a number above the bound, refused; with three primes (189
    /// bits) the merge names the shard to add; a bound that overflowed floating point is
    /// refused, whatever the number of primes.
    #[test]
    fn residues_recombine_by_the_chinese_remainder_theorem() {
        let count = (BigUint::from(0x9E37_79B9_7F4A_7C15u64) << 176u32) + 12_345u32;
        let bound = &count + 1000u32;
        let mut parts: Vec<_> = (1..=5)
            .map(|i| residue_part(i, 5, &count, &bound))
            .collect();
        parts.reverse();
        let merged = merge(&parts).unwrap();
        assert_eq!(merged.count.into_biguint(), count);
        assert_eq!(merged.residues.unwrap().primes.len(), 4);
        // One residue off by one: the number the residues give is no longer below the bound.
        let mut damaged = parts.clone();
        damaged[0].1.count = BigCount::from(damaged[0].1.count.clone().into_biguint() + 1u32);
        let error = merge(&damaged).unwrap_err().to_string();
        assert!(error.contains("above the bound of 240 bits"), "{error}");
        let three: Vec<_> = parts
            .iter()
            .filter(|(_, p)| p.shard.index != 3)
            .cloned()
            .collect();
        let error = merge(&three).unwrap_err().to_string();
        assert!(error.contains("run shard 3/5 too"), "{error}");
        let overflowed = BigUint::from(1u32) << 1024u32;
        let parts: Vec<_> = (1..=20)
            .map(|i| residue_part(i, 20, &count, &overflowed))
            .collect();
        let error = merge(&parts).unwrap_err().to_string();
        assert!(error.contains("no number of 63-bit primes"), "{error}");
    }

    /// A claim against parts of a split by residues: the true count agrees with any of them
    /// and is decided by all; a claim off by a multiple of one prime agrees with that residue
    /// but not with the bound or another residue.
    #[test]
    fn claims_are_checked_against_the_parts_given() {
        let count = (BigUint::from(0x9E37_79B9_7F4A_7C15u64) << 176u32) + 12_345u32;
        let bound = &count + 1000u32;
        let parts: Vec<_> = (1..=5)
            .map(|i| residue_part(i, 5, &count, &bound))
            .collect();
        let claim = |parts: &[(String, Part)], n: &BigUint| {
            check_claim(parts, &BigCount::from(n.clone())).unwrap()
        };
        let all = claim(&parts, &count);
        assert!(all.agrees && all.merged.is_some() && all.undecided.is_none());
        assert!(!claim(&parts, &(&count + 1u32)).agrees);
        let some = [parts[0].clone(), parts[2].clone()];
        let partial = claim(&some, &count);
        assert!(partial.agrees && partial.merged.is_none());
        assert!(partial.undecided.unwrap().contains("run shards 2/5, 4/5"));
        let excess = partial.parts[0].excess.unwrap();
        assert!(excess > 0.0 && excess < 1e-60, "{excess}");
        let p = prime_of_shard(3).unwrap();
        let off = claim(&[parts[2].clone()], &(&count + p));
        assert!(off.agrees, "the same residue");
        let off = claim(&some, &(&count + p));
        assert!(!off.agrees && !off.parts[0].agrees && off.parts[1].agrees);
        let off = claim(&[parts[1].clone(), parts[2].clone()], &(&count + p));
        assert!(!off.agrees && !off.parts[0].agrees && off.parts[1].agrees);
    }

    /// Shares of a split by states: each at most the claim is not enough, they must add up to
    /// no more than it; all of them must add up to it.
    #[test]
    fn shares_must_add_up_to_no_more_than_the_claim() {
        let share = |i: u32, n: u64| {
            let (file, mut part) = residue_part(i, 3, &BigUint::from(n), &BigUint::from(n));
            part.split.rule = Split::RULE.to_string();
            part.modulus = None;
            part.bound = false;
            part.count = BigCount::from(n);
            (file, part)
        };
        let parts = [share(1, 60), share(2, 50), share(3, 40)];
        let claim =
            |parts: &[(String, Part)], n: u64| check_claim(parts, &BigCount::from(n)).unwrap();
        assert!(claim(&parts, 150).agrees);
        assert!(!claim(&parts, 151).agrees);
        let two = claim(&parts[..2], 100);
        assert!(!two.agrees && two.parts.iter().all(|p| p.agrees));
        assert_eq!(two.shares.unwrap().to_u64(), Some(110));
        assert!(claim(&parts[..2], 110).agrees);
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
