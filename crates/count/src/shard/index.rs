//! Which shard ([`Shard`]): one of `N` deterministic parts, a part of a count (the frontier
//! program's split) or a slice of a list of files, written `I/N` as every front end spells it.

use pathsat_frontier::{Split, SplitBy};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One of `N` deterministic parts, `1 <= I <= N` (a part of a count, or a slice of a list of
/// files), written `I/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Shard {
    // The merge of part files reads them.
    pub(crate) index: u32,
    pub(crate) of: u32,
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

    /// The shard a split counts (its index is from 0, a shard's from 1).
    pub fn of_split(split: &Split) -> Option<Shard> {
        Shard::new(split.index + 1, split.of)
    }
}

/// Text that is not a shard (`I/N` with `1 <= I <= N`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected I/N with 1 <= I <= N, e.g. 2/8, not {0:?}")]
pub struct NotAShard(pub String);

impl FromStr for Shard {
    type Err = NotAShard;

    fn from_str(text: &str) -> Result<Shard, NotAShard> {
        let bad = || NotAShard(text.to_string());
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let of: u32 = n.trim().parse().map_err(|_| bad())?;
        Shard::new(index, of).ok_or_else(bad)
    }
}

impl TryFrom<String> for Shard {
    type Error = NotAShard;

    fn try_from(text: String) -> Result<Shard, NotAShard> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_one_based_slices() {
        let first: Shard = "1/3".parse().unwrap();
        let last: Shard = "3/3".parse().unwrap();
        assert_eq!(first.to_string(), "1/3");
        assert_eq!(last.to_string(), "3/3");
        let taken = |s: Shard| (0..7).filter(|&k| s.takes(k)).collect::<Vec<_>>();
        assert_eq!(taken(first), [0, 3, 6]);
        assert_eq!(taken(last), [2, 5]);
        let split = last.split(9, SplitBy::States);
        assert_eq!(
            split,
            Split {
                index: 2,
                of: 3,
                cut_states: 9,
                by: SplitBy::States,
            }
        );
        assert_eq!(Shard::of_split(&split), Some(last));
        for bad in ["0/3", "4/3", "x/3", "3", "1/0", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let json = serde_json::to_string(&first).unwrap();
        assert_eq!(json, "\"1/3\"");
        assert_eq!(serde_json::from_str::<Shard>(&json).unwrap(), first);
        assert!(serde_json::from_str::<Shard>("\"5/3\"").is_err());
    }
}
