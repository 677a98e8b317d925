//! Reading parts back ([`read_part`]) and adding up the `N` parts of one count ([`merge`]),
//! once every part is checked to count the same question, split the same way, each shard once.

use super::residues::{check_residue_part, recombine};
use super::{MergeError, Part, Residues, SplitRule, PART_FORMAT};
use pathsat_bigcount::BigCount;
use pathsat_frontier::Split;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

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
    /// [`digest`](super::digest) of the puzzle.
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

/// The first 12 hex digits of a digest, for messages.
fn short(digest: &str) -> &str {
    let hex = digest.split_once(':').map_or(digest, |(_, hex)| hex);
    &hex[..hex.len().min(12)]
}
