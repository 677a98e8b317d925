//! A count split by residues: shard 1 holds an upper bound, each other shard the fillings
//! modulo its prime; each part is checked to be what its shard must be, and the residues give
//! the count by the Chinese remainder theorem once their primes cover the bound ([`Residues`]).

use super::{MergeError, Part};
use num_bigint::BigUint;
use num_traits::Zero;
use pathsat_bigcount::BigCount;
use serde::Serialize;

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

/// The prime of shard `index` (from 1) of a split by residues; `None` for shard 1, the bound.
pub(crate) fn prime_of_shard(index: u32) -> Option<u64> {
    (index >= 2).then(|| pathsat_frontier::residue_prime(index as usize - 2))
}

/// Whether a part of a split by residues is what its shard must be: shard 1 the bound, shard
/// `I` a residue modulo its prime.
pub(crate) fn check_residue_part(file: &str, part: &Part) -> Result<(), MergeError> {
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
pub(crate) fn recombine(
    parts: &[(String, Part)],
    of: u32,
) -> Result<(BigCount, Residues), MergeError> {
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
