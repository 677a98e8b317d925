//! A count claimed for the puzzle (a published value, another method's count) held against
//! parts that need not be all of the count ([`check_claim`]): each bound, residue or share
//! rules out most wrong claims long before the last shard is done.

use super::{merge, MergeError, Merged, Part, Shard};
use num_bigint::BigUint;
use num_traits::Zero;
use pathsat_bigcount::BigCount;
use serde::Serialize;

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
    /// Why the parts do not give the count (what a merge would say, in the caller's words),
    /// when they do not: the claim is then only checked as far as the parts go.
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
/// than it. When the parts give the count, the claim must be that count. Why the parts do not
/// give it is in `words` ([`MergeError::worded`] with the front end's command, or `to_string`).
///
/// # Errors
/// The [`MergeError`]s of parts that do not belong together, or that contradict each other
/// ([`MergeError::AboveTheBound`]); parts that are only too few are no error.
pub fn check_claim(
    parts: &[(String, Part)],
    claim: &BigCount,
    words: impl Fn(&MergeError) -> String,
) -> Result<ClaimCheck, MergeError> {
    let expected = claim.as_biguint();
    let (merged, undecided) = match merge(parts) {
        Ok(merged) => (Some(merged), None),
        Err(
            e @ (MergeError::Missing { .. }
            | MergeError::NoBound { .. }
            | MergeError::TooFewPrimes { .. }),
        ) => (None, Some(words(&e))),
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
