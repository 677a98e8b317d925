//! How a sharded count deals the states at its cut into classes ([`crate::Split`]).
//!
//! States that differ only in the first slots of the frontier (the vertices the sweep takes
//! next) tend to meet again a few layers on, once those vertices are done; states that differ
//! in its last slots (the vertices it keeps longest) stay apart for long. So a state's class is
//! fixed by the kinds (untouched, done, anchored, segment end) of the last few slots: as few as
//! leave no pattern of kinds more than a quarter of a class's share, each pattern given whole
//! to one class, the largest first, to the class that holds the fewest states so far. States
//! that would meet again then mostly meet in one shard, and are swept once rather than once in
//! each shard. Where no number of slots deals the table evenly enough (many shards of a small
//! table), the hash of the whole key deals it.
//!
//! Every shard sweeps the same table up to the cut, so every shard finds the same classes.

use crate::codes::kind;
use crate::keys::Key;
use crate::par;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// The most patterns of kinds the rule tallies before it gives up for the hash (a map of this
/// many entries takes tens of MB).
const MOST_PATTERNS: usize = 1 << 20;

/// The rule of one cut: which class each state at it belongs to.
pub(crate) enum Classes {
    /// By the kinds of the last `slots` of the frontier's `width` slots.
    Late {
        width: usize,
        slots: usize,
        class: HashMap<u64, u32>,
    },
    /// By the hash of the key ([`Key::class`]).
    Hash { of: u32 },
}

/// The kinds of the last `slots` of `width` slots, 2 bits each.
fn pattern<K: Key>(key: K, width: usize, slots: usize) -> u64 {
    (width - slots..width).fold(0, |h, slot| h << 2 | kind(key.get(slot)) as u64)
}

impl Classes {
    /// The classes of the table `parts` (a frontier of `width` slots) among `of`.
    pub(crate) fn new<K: Key, C: Sync>(parts: &[Vec<(K, C)>], width: usize, of: u32) -> Classes {
        let total: u64 = parts.iter().map(|p| p.len() as u64).sum();
        let share = total.div_ceil(u64::from(of.max(1)));
        let most_slots = width.min(32);
        let group = parts
            .len()
            .div_ceil(4 * rayon::current_num_threads())
            .max(1);
        for slots in 1..=most_slots {
            // Tallied in a few groups of parts (four a thread), not a map for each of the
            // thousands of parts: the maps of a table of many patterns would not fit.
            let per_group = par::map(parts.chunks(group).collect(), |group| {
                let mut sizes: HashMap<u64, u64> = HashMap::new();
                for (key, _) in group.iter().flatten() {
                    *sizes.entry(pattern(*key, width, slots)).or_default() += 1;
                }
                sizes
            });
            let mut sizes: HashMap<u64, u64> = HashMap::new();
            for group_sizes in per_group {
                for (p, n) in group_sizes {
                    *sizes.entry(p).or_default() += n;
                }
            }
            if sizes.len() > MOST_PATTERNS {
                break;
            }
            let largest = sizes.values().copied().max().unwrap_or(0);
            if 4 * largest > share && slots < most_slots {
                continue;
            }
            // Largest pattern first (ties by pattern, so that every shard agrees), each to the
            // class holding the fewest states (ties to the first).
            let mut patterns: Vec<(u64, u64)> = sizes.into_iter().collect();
            patterns.sort_unstable_by_key(|&(p, n)| (Reverse(n), p));
            let mut loads: BinaryHeap<Reverse<(u64, u32)>> =
                (0..of).map(|c| Reverse((0, c))).collect();
            let mut class = HashMap::with_capacity(patterns.len());
            let mut heaviest = 0;
            for (p, n) in patterns {
                let Reverse((load, c)) = loads.pop().expect("at least one class");
                class.insert(p, c);
                heaviest = heaviest.max(load + n);
                loads.push(Reverse((load + n, c)));
            }
            if heaviest <= share + share / 2 {
                return Classes::Late {
                    width,
                    slots,
                    class,
                };
            }
            break;
        }
        Classes::Hash { of }
    }

    /// The class of a state of the table.
    pub(crate) fn of<K: Key>(&self, key: K) -> u32 {
        match self {
            Classes::Late {
                width,
                slots,
                class,
            } => class[&pattern(key, *width, *slots)],
            Classes::Hash { of } => key.class(*of),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys of 6 slots (4 bits each): every combination of untouched or done in the first 3
    /// slots and of the four kinds in the last 3, with a label pair made by slots 2 and 5 when
    /// slot 5 is a segment end.
    fn table() -> Vec<Vec<(u64, u64)>> {
        let mut keys = Vec::new();
        for early in 0..8u64 {
            for late in 0..64u64 {
                let codes: Vec<u64> = (0..6)
                    .map(|slot| {
                        if slot < 3 {
                            early >> slot & 1
                        } else {
                            late >> (2 * (slot - 3)) & 3
                        }
                    })
                    .collect();
                keys.push(
                    codes
                        .iter()
                        .enumerate()
                        .fold(0, |k, (s, &c)| k | c << (4 * s)),
                );
            }
        }
        vec![keys.into_iter().map(|k| (k, 1)).collect()]
    }

    #[test]
    fn classes_go_by_the_last_slots_and_are_even() {
        let parts = table();
        let classes = Classes::new(&parts, 6, 4);
        let Classes::Late { slots, .. } = classes else {
            panic!("the last slots deal this table evenly");
        };
        // 64 patterns of the last 3 slots, 8 states each: a quarter of a share (128) is 32.
        assert!(slots <= 3, "{slots} slots");
        let mut sizes = [0u64; 4];
        for &(key, _) in &parts[0] {
            let class = classes.of(key);
            sizes[class as usize] += 1;
            // The first slots do not move a state to another class.
            assert_eq!(classes.of(key & !0xFFF), class);
        }
        assert_eq!(sizes.iter().sum::<u64>(), 512);
        assert!(sizes.iter().all(|&n| n <= 128 + 64), "{sizes:?}");
    }

    #[test]
    fn too_few_patterns_fall_back_to_the_hash() {
        // One pattern for every state: no number of slots deals 8 classes.
        let parts = vec![(0..100u64).map(|k| (k << 60, 1u64)).collect::<Vec<_>>()];
        assert!(matches!(
            Classes::new(&parts, 1, 8),
            Classes::Hash { of: 8 }
        ));
    }
}
