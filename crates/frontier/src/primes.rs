//! The primes of a count split by residues ([`crate::SplitBy::Residues`]): the largest primes
//! below 2^63, found by a Miller–Rabin test that is exact for every 64-bit number, so that the
//! list is computed, not copied. A residue below 2^63 leaves a sum of two residues below 2^64.

/// The primes below 2^63 in decreasing order: `residue_prime(0)` is 2^63 − 25, the largest.
///
/// A few tests of primality each: fast enough to call for every part a merge reads.
pub fn residue_prime(k: usize) -> u64 {
    let mut found = 0;
    let mut candidate = (1u64 << 63) - 1;
    loop {
        if is_prime(candidate) {
            if found == k {
                return candidate;
            }
            found += 1;
        }
        candidate -= 2;
    }
}

/// Whether `n` is prime: Miller–Rabin with the first twelve primes as bases, which decides
/// every number below 3.3 · 10^24 (Sorenson and Webster, 2015), so every `u64`.
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n % p == 0 {
            return n == p;
        }
    }
    let twos = (n - 1).trailing_zeros();
    let odd = (n - 1) >> twos;
    BASES.iter().all(|&a| {
        let mut x = pow_mod(a, odd, n);
        if x == 1 || x == n - 1 {
            return true;
        }
        for _ in 1..twos {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                return true;
            }
        }
        false
    })
}

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut base: u64, mut exp: u64, m: u64) -> u64 {
    let mut result = 1 % m;
    base %= m;
    while exp > 0 {
        if exp & 1 == 1 {
            result = mul_mod(result, base, m);
        }
        base = mul_mod(base, base, m);
        exp >>= 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against trial division on every number below 100,000 and around 2^32, and on strong
    /// pseudoprimes that fool smaller sets of bases.
    #[test]
    fn miller_rabin_agrees_with_trial_division() {
        let trial = |n: u64| n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0);
        for n in 0..100_000 {
            assert_eq!(is_prime(n), trial(n), "{n}");
        }
        // Strong pseudoprimes to the bases 2, 3, 5 and 7, and to every prime base up to 23.
        assert!(!is_prime(3_215_031_751));
        assert!(!is_prime(3_825_123_056_546_413_051));
        // Around 2^32, with trial division as the check.
        for n in (1u64 << 32) - 200..(1u64 << 32) + 200 {
            assert_eq!(is_prime(n), trial(n), "{n}");
        }
    }

    /// 2^63 − 25 is the largest prime below 2^63 (and 2^64 − 59 below 2^64): the published
    /// tables of primes just below powers of two.
    #[test]
    fn the_largest_primes_below_2_to_the_63() {
        assert_eq!(residue_prime(0), (1 << 63) - 25);
        assert!(is_prime(u64::MAX - 58));
        assert!((u64::MAX - 57..=u64::MAX).all(|n| !is_prime(n)));
        let primes: Vec<u64> = (0..16).map(residue_prime).collect();
        assert!(primes.windows(2).all(|w| w[0] > w[1]));
        assert!(primes.iter().all(|&p| p > 1 << 62 && is_prime(p)));
        // Nothing skipped between two consecutive ones.
        for w in primes.windows(2) {
            assert!((w[1] + 1..w[0]).all(|n| !is_prime(n)));
        }
    }
}
