//! `batch --shard I/N`: one of N deterministic slices of the sorted list of puzzle files, so
//! that N machines (or processes) each count a part and `batch merge` joins their reports.

/// One of N deterministic slices of a sorted file list: `--shard I/N`, 1 <= I <= N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// From 1.
    index: usize,
    of: usize,
}

impl Shard {
    /// Reads `I/N` (clap's value parser for `--shard`).
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("expected I/N with 1 <= I <= N, e.g. 2/8, not {text:?}");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, of): (usize, usize) = (
            i.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || index > of {
            return Err(bad());
        }
        Ok(Shard { index, of })
    }

    /// Whether the file at position `k` (from 0) of the sorted list is in this slice.
    pub fn takes(self, k: usize) -> bool {
        k % self.of == self.index - 1
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_one_based_slices() {
        let first = Shard::parse("1/3").unwrap();
        let last = Shard::parse("3/3").unwrap();
        assert_eq!(first.to_string(), "1/3");
        assert_eq!(last.to_string(), "3/3");
        let taken = |s: Shard| (0..7).filter(|&k| s.takes(k)).collect::<Vec<_>>();
        assert_eq!(taken(first), [0, 3, 6]);
        assert_eq!(taken(last), [2, 5]);
        for bad in ["0/3", "4/3", "x/3", "3", "1/0"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
