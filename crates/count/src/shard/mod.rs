//! Sharded counts: one count of the frontier program split into `N` parts that separate
//! processes or machines run ([`Shard`]; `pathsat count FILE --shard I/N`), each written as a
//! small self-describing [`Part`], and [`merge`], which adds the parts up once it has checked that
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
//! A count split by residues ([`SplitBy::Residues`](pathsat_frontier::SplitBy::Residues))
//! merges another way: shard 1 holds an upper bound on the fillings, each other shard the
//! fillings modulo its prime, and [`merge`] gives the one number below the product of the
//! primes with those residues (the Chinese remainder theorem) once that product exceeds the
//! bound, so that the fillings can be no other number. With too few primes it says which
//! shards to add; the shards of such a count need not agree on `N`, so that more can be run
//! later.
//!
//! [`check_claim`] checks a count claimed for the puzzle (a published value) against parts
//! that need not be all of the count: a bound, a residue or a share each rules out most wrong
//! claims, long before the last shard is done.
//!
//! - `index.rs`: which shard ([`Shard`], `I/N`);
//! - `part.rs`: the part file ([`Part`], [`digest`], [`SplitRule`], with the [`Cut`](pathsat_frontier::Cut)), made of a
//!   finished shard's count ([`ShardRun`]);
//! - `merge.rs`: reading parts back and adding them up ([`read_part`], [`merge`]);
//! - `residues.rs`: the split by residues' checks and its recombination ([`Residues`]);
//! - `claim.rs`: a claimed count against the parts given ([`check_claim`]);
//! - `error.rs`: why parts do not add up ([`MergeError`]), with the command that runs the
//!   shards still to run in the front end's words ([`MergeError::worded`]).
//!
//! The count of one shard is [`crate::count`] with [`CountOptions::split`](crate::CountOptions)
//! set; the `--shard`, `--cut` and `--split-by` options that set it are the front ends'.

mod claim;
mod error;
mod index;
mod merge;
mod part;
mod residues;

pub use claim::{check_claim, ClaimCheck, Holds, PartCheck};
pub use error::{MergeError, RunShard};
pub use index::{NotAShard, Shard};
pub use merge::{merge, read_part, Merged};
pub use part::{digest, Part, ShardRun, SplitRule, PART_FORMAT};
pub use residues::Residues;

#[cfg(test)]
mod tests {
    use super::residues::prime_of_shard;
    use super::*;
    use num_bigint::BigUint;
    use pathsat_bigcount::BigCount;
    use pathsat_frontier::Split;

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
            check_claim(parts, &BigCount::from(n.clone()), MergeError::to_string).unwrap()
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
        let claim = |parts: &[(String, Part)], n: u64| {
            check_claim(parts, &BigCount::from(n), MergeError::to_string).unwrap()
        };
        assert!(claim(&parts, 150).agrees);
        assert!(!claim(&parts, 151).agrees);
        let two = claim(&parts[..2], 100);
        assert!(!two.agrees && two.parts.iter().all(|p| p.agrees));
        assert_eq!(two.shares.unwrap().to_u64(), Some(110));
        assert!(claim(&parts[..2], 110).agrees);
    }
}
