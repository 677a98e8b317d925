//! Per-state counts: 64, 128 and 256 bits wide, or big integers, with checked addition; and
//! the two machine-word counts of a count split by residues ([`crate::SplitBy::Residues`]):
//! residues modulo a prime ([`Residue`]) and upper bounds in floating point ([`Upper`]).
//!
//! Every count a layer produces is a sum of distinct counts of the layer before (a state's
//! successors are distinct keys, so it adds to each of them at most once), so it is at most the
//! sum of that whole table. The driver picks, before each layer, the narrowest type that holds
//! that sum ([`Width::for_bits`]): no addition inside the layer can overflow. The additions are
//! checked all the same, so a bug would panic rather than wrap.

use crate::keys::take_bytes;
use num_bigint::BigUint;
use num_traits::{FromPrimitive, One, ToPrimitive};
use std::fmt::Debug;

/// The count types, narrowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Width {
    W64,
    W128,
    W256,
    Big,
}

impl Width {
    /// The narrowest type that holds every number of `bits` binary digits.
    pub(crate) fn for_bits(bits: u64) -> Width {
        match bits {
            0..=64 => Width::W64,
            65..=128 => Width::W128,
            129..=256 => Width::W256,
            _ => Width::Big,
        }
    }
}

/// A count of partial solutions.
pub(crate) trait Count: Clone + Default + Debug + Send + Sync + 'static {
    /// `self += other`, or `false` (and `self` unchanged) if the sum does not fit. `modulus`
    /// is the prime of [`Residue`] counts; the other types ignore it.
    fn add(&mut self, other: &Self, modulus: u64) -> bool;
    /// The value, when it fits in 128 bits.
    fn small(&self) -> Option<u128>;
    /// The value as high and low 128-bit halves, when it fits in 256 bits.
    fn halves(&self) -> Option<(u128, u128)> {
        self.small().map(|lo| (0, lo))
    }
    fn to_big(&self) -> BigUint;
    /// The count of value `n`.
    ///
    /// # Panics
    /// If `n` does not fit (the driver only widens).
    fn from_big(n: &BigUint) -> Self;
    /// The count of value `n`, without a detour through a big integer.
    ///
    /// # Panics
    /// If `n` does not fit.
    fn from_small(n: u128) -> Self;
    /// Heap bytes a count of at most `bits` binary digits may hold besides its own size.
    fn heap_bytes(_bits: u64) -> u64 {
        0
    }
    /// Appends the count's bytes, for a table kept on disk ([`crate::spill`]).
    fn put(&self, out: &mut Vec<u8>);
    /// The count [`Count::put`] wrote at the front of `input`, which it moves past; `None` if
    /// `input` is too short.
    fn take(input: &mut &[u8]) -> Option<Self>;
    /// Whether [`Count::put`] writes at most 16 bytes, always as many, so that
    /// [`Count::to_bits`] and [`Count::from_bits`] stand for them.
    const FITS_128: bool = false;
    /// The number whose little-endian bytes [`Count::put`] writes, when
    /// [`Count::FITS_128`].
    fn to_bits(&self) -> u128 {
        unreachable!("a count of more than 16 bytes")
    }
    /// The count of [`Count::to_bits`] `bits`; `None` if `bits` has more bytes than
    /// [`Count::put`] writes.
    fn from_bits(_bits: u128) -> Option<Self> {
        None
    }
}

/// The primitive widths: checked addition, conversions that panic only if the driver erred.
macro_rules! primitive_count {
    ($t:ty, $to:ident, $bits:literal) => {
        impl Count for $t {
            fn add(&mut self, other: &Self, _: u64) -> bool {
                match self.checked_add(*other) {
                    Some(sum) => {
                        *self = sum;
                        true
                    }
                    None => false,
                }
            }
            fn small(&self) -> Option<u128> {
                Some(u128::from(*self))
            }
            fn to_big(&self) -> BigUint {
                BigUint::from(*self)
            }
            fn from_big(n: &BigUint) -> Self {
                n.$to()
                    .expect(concat!("the count fits in ", $bits, " bits"))
            }
            fn from_small(n: u128) -> Self {
                <$t>::try_from(n).expect(concat!("the count fits in ", $bits, " bits"))
            }
            fn put(&self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn take(input: &mut &[u8]) -> Option<Self> {
                take_bytes(input).map(<$t>::from_le_bytes)
            }
            const FITS_128: bool = true;
            #[inline]
            fn to_bits(&self) -> u128 {
                u128::from(*self)
            }
            #[inline]
            fn from_bits(bits: u128) -> Option<Self> {
                <$t>::try_from(bits).ok()
            }
        }
    };
}

primitive_count!(u64, to_u64, "64");
primitive_count!(u128, to_u128, "128");

/// A 256-bit unsigned count: two 128-bit halves, added with a checked carry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct U256 {
    hi: u128,
    lo: u128,
}

impl Count for U256 {
    fn add(&mut self, other: &Self, _: u64) -> bool {
        let (lo, carry) = match self.lo.checked_add(other.lo) {
            Some(lo) => (lo, 0),
            // lo + other.lo = 2^128 + rest: rest = lo - (2^128 - other.lo).
            None => (self.lo - (u128::MAX - other.lo) - 1, 1),
        };
        let Some(hi) = self
            .hi
            .checked_add(other.hi)
            .and_then(|h| h.checked_add(carry))
        else {
            return false;
        };
        *self = U256 { hi, lo };
        true
    }
    fn small(&self) -> Option<u128> {
        (self.hi == 0).then_some(self.lo)
    }
    fn halves(&self) -> Option<(u128, u128)> {
        Some((self.hi, self.lo))
    }
    fn to_big(&self) -> BigUint {
        (BigUint::from(self.hi) << 128u32) + BigUint::from(self.lo)
    }
    fn from_big(n: &BigUint) -> Self {
        assert!(n.bits() <= 256, "the count fits in 256 bits");
        let lo = (n & BigUint::from(u128::MAX)).to_u128().expect("128 bits");
        let hi = (n >> 128u32).to_u128().expect("128 bits");
        U256 { hi, lo }
    }
    fn from_small(n: u128) -> Self {
        U256 { hi: 0, lo: n }
    }
    fn put(&self, out: &mut Vec<u8>) {
        self.lo.put(out);
        self.hi.put(out);
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        let lo = u128::take(input)?;
        let hi = u128::take(input)?;
        Some(U256 { hi, lo })
    }
}

impl Count for BigUint {
    fn add(&mut self, other: &Self, _: u64) -> bool {
        *self += other;
        true
    }
    fn small(&self) -> Option<u128> {
        self.to_u128()
    }
    fn to_big(&self) -> BigUint {
        self.clone()
    }
    fn from_big(n: &BigUint) -> Self {
        n.clone()
    }
    fn from_small(n: u128) -> Self {
        BigUint::from(n)
    }
    fn put(&self, out: &mut Vec<u8>) {
        let digits = self.to_bytes_le();
        let len = u32::try_from(digits.len()).expect("a count of fewer than 2^35 bits");
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&digits);
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        let len = u32::from_le_bytes(take_bytes(input)?) as usize;
        let (digits, rest) = input.split_at_checked(len)?;
        *input = rest;
        Some(BigUint::from_bytes_le(digits))
    }
    fn heap_bytes(bits: u64) -> u64 {
        // The digits, in 64-bit words, plus the allocator's header, rounded up to 16 bytes.
        (bits.div_ceil(64) * 8 + 16).div_ceil(16) * 16
    }
}

/// A count modulo a prime below 2^63, given to [`Count::add`]: a sum of two residues is below
/// 2^64, so one comparison reduces it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Residue(pub u64);

impl Count for Residue {
    fn add(&mut self, other: &Self, modulus: u64) -> bool {
        debug_assert!(self.0 < modulus && other.0 < modulus && modulus <= 1 << 63);
        let sum = self.0 + other.0;
        self.0 = if sum >= modulus { sum - modulus } else { sum };
        true
    }
    fn small(&self) -> Option<u128> {
        Some(u128::from(self.0))
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(self.0)
    }
    fn from_big(n: &BigUint) -> Self {
        Residue(n.to_u64().expect("a residue fits in 64 bits"))
    }
    fn from_small(n: u128) -> Self {
        Residue(u64::try_from(n).expect("a residue fits in 64 bits"))
    }
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        u64::take(input).map(Residue)
    }
    const FITS_128: bool = true;
    #[inline]
    fn to_bits(&self) -> u128 {
        u128::from(self.0)
    }
    #[inline]
    fn from_bits(bits: u128) -> Option<Self> {
        u64::try_from(bits).ok().map(Residue)
    }
}

/// An upper bound on a count, as a floating-point number rounded up: each sum that is not
/// exact is moved to the next number above it, so that the bound never falls below the count
/// it stands for. Sums stay exact while they can (every integer up to 2^53 is a float), and a
/// rounding adds at most 2^-52 of the bound: a few hundred layers leave it larger than the count
/// by a factor near 1. A bound past the largest float is infinite.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Upper(pub f64);

impl Upper {
    /// The bound on numbers too large for a float: 2^1024, which no float reaches.
    fn infinite() -> BigUint {
        BigUint::one() << 1024u32
    }
}

/// The float just above `x`, a non-negative number (`f64::next_up`, which needs Rust 1.86):
/// for non-negative floats, the order of their bits is the order of their values.
fn next_up(x: f64) -> f64 {
    debug_assert!(x >= 0.0 && !x.is_nan());
    if x.is_infinite() {
        x
    } else {
        f64::from_bits(x.to_bits() + 1)
    }
}

impl Count for Upper {
    fn add(&mut self, other: &Self, _: u64) -> bool {
        let (a, b) = (self.0, other.0);
        let sum = a + b;
        // Knuth's two-sum: `error` is exactly a + b - sum (without overflow).
        let b_part = sum - a;
        let error = (a - (sum - b_part)) + (b - b_part);
        self.0 = if sum.is_finite() && error > 0.0 {
            next_up(sum)
        } else {
            sum
        };
        true
    }
    fn small(&self) -> Option<u128> {
        // u128::MAX as f64 is 2^128, which no u128 holds.
        let ceiling = self.0.ceil();
        (ceiling < u128::MAX as f64).then_some(ceiling as u128)
    }
    fn to_big(&self) -> BigUint {
        match self.small() {
            Some(n) => BigUint::from(n),
            None if self.0.is_finite() => {
                BigUint::from_f64(self.0.ceil()).expect("a finite float is an integer here")
            }
            None => Upper::infinite(),
        }
    }
    fn from_big(n: &BigUint) -> Self {
        let float = n.to_f64().unwrap_or(f64::INFINITY);
        let up = |f: f64| {
            let exact = f.is_finite() && BigUint::from_f64(f).is_some_and(|b| &b >= n);
            if exact || !f.is_finite() {
                f
            } else {
                next_up(f)
            }
        };
        Upper(up(float))
    }
    fn from_small(n: u128) -> Self {
        Upper::from_big(&BigUint::from(n))
    }
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.0.to_le_bytes());
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        take_bytes(input).map(|b| Upper(f64::from_le_bytes(b)))
    }
    const FITS_128: bool = true;
    #[inline]
    fn to_bits(&self) -> u128 {
        u128::from(self.0.to_bits())
    }
    #[inline]
    fn from_bits(bits: u128) -> Option<Self> {
        u64::try_from(bits).ok().map(|b| Upper(f64::from_bits(b)))
    }
}

/// Converts a count to a wider type.
pub(crate) fn widen<A: Count, B: Count>(a: &A) -> B {
    match a.small() {
        Some(x) => B::from_small(x),
        None => B::from_big(&a.to_big()),
    }
}

/// A running sum of counts of any width: 256 bits in two words, and a big integer for what
/// overflows them (so that a table of 256-bit counts is summed without a big-integer addition
/// a state).
#[derive(Default)]
pub(crate) struct Sum {
    lo: u128,
    hi: u128,
    big: BigUint,
}

impl Sum {
    pub(crate) fn add<C: Count>(&mut self, c: &C) {
        let Some((hi, lo)) = c.halves() else {
            self.big += c.to_big();
            return;
        };
        let (sum, carry) = self.lo.overflowing_add(lo);
        self.lo = sum;
        match self
            .hi
            .checked_add(hi)
            .and_then(|h| h.checked_add(u128::from(carry)))
        {
            Some(h) => self.hi = h,
            None => {
                self.big += (BigUint::from(self.hi) + hi + u32::from(carry)) << 128u32;
                self.hi = 0;
            }
        }
    }

    pub(crate) fn total(self) -> BigUint {
        self.big + (BigUint::from(self.hi) << 128u32) + self.lo
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;

    /// Sums of counts of every width, past 128 and 256 bits, against big integers.
    #[test]
    fn sums_carry_into_the_high_word_and_beyond() {
        let max128 = BigUint::from(u128::MAX);
        let max256 = (BigUint::from(1u32) << 256u32) - 1u32;
        let values = [
            BigUint::from(3u32),
            max128.clone(),
            max128.clone() + 1u32,
            max256.clone(),
            max256.clone() - &max128,
        ];
        let mut sum = Sum::default();
        let mut expected = BigUint::zero();
        for round in 0..5 {
            for v in &values {
                sum.add(&U256::from_big(v));
                sum.add(&v.to_u128().unwrap_or(round));
                sum.add(&(v.clone() << 300u32));
                expected += v + v.to_u128().unwrap_or(round) + (v.clone() << 300u32);
            }
        }
        assert_eq!(sum.total(), expected);
    }

    #[test]
    fn u256_adds_with_carry_and_refuses_overflow() {
        let max128 = U256::from_big(&BigUint::from(u128::MAX));
        let mut a = max128;
        assert!(a.add(&U256::from_small(1), 0));
        assert_eq!(a.to_big(), BigUint::from(u128::MAX) + 1u32);
        let mut b = U256::from_big(&((BigUint::from(1u32) << 256u32) - 1u32));
        let before = b;
        assert!(!b.add(&U256::from_small(1), 0));
        assert_eq!(b, before);
        let mut c = max128;
        assert!(c.add(&max128, 0));
        assert_eq!(c.to_big(), BigUint::from(u128::MAX) * 2u32);
        let mut d = u64::MAX;
        assert!(!d.add(&1, 0));
        assert_eq!(d, u64::MAX);
    }

    /// Residues wrap at their modulus; bounds stay exact while sums are, and otherwise round
    /// up, never down, whatever the order of the additions.
    #[test]
    fn residues_wrap_and_bounds_round_up() {
        let p = crate::residue_prime(0);
        let mut r = Residue(p - 2);
        assert!(r.add(&Residue(5), p));
        assert_eq!(r, Residue(3));
        let mut r = Residue(p - 1);
        assert!(r.add(&Residue(p - 1), p));
        assert_eq!(r, Residue(p - 2));
        let mut small = Residue(4);
        assert!(small.add(&Residue(5), 7));
        assert_eq!(small, Residue(2));

        let mut exact = Upper(1.0);
        for _ in 0..100 {
            let copy = exact;
            assert!(exact.add(&copy, 0));
        }
        assert_eq!(exact.to_big(), BigUint::from(1u32) << 100u32);
        // 2^53 + 1 is no float: the bound goes up to 2^53 + 2.
        let mut a = Upper(9_007_199_254_740_992.0);
        assert!(a.add(&Upper(1.0), 0));
        assert_eq!(a.to_big(), BigUint::from((1u64 << 53) + 2));
        // Many sums with rounding: the bound stays at least the exact sum.
        let mut bound = Upper::default();
        let mut sum = BigUint::zero();
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..10_000 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let term = BigUint::from(x) << (x % 90);
            assert!(bound.add(&Upper::from_big(&term), 0));
            sum += term;
            assert!(bound.to_big() >= sum);
        }
        assert!(
            Upper::from_big(&(BigUint::from(u128::MAX) + 1u32)).to_big()
                >= BigUint::from(u128::MAX)
        );
        let mut huge = Upper(f64::MAX);
        assert!(huge.add(&Upper(f64::MAX), 0));
        assert_eq!(huge.to_big(), BigUint::from(1u32) << 1024u32);
    }

    #[test]
    fn the_next_float_up() {
        for x in [0.0, 1.0, 3.5, 9_007_199_254_740_992.0, f64::MAX, 1e-300] {
            let up = next_up(x);
            assert!(up > x || x.is_infinite(), "{x}");
            let middle = x / 2.0 + up / 2.0;
            assert!(middle == x || middle == up, "nothing between {x} and {up}");
        }
        assert_eq!(next_up(1.0), 1.0 + f64::EPSILON);
        assert_eq!(next_up(f64::MAX), f64::INFINITY);
    }

    #[test]
    fn widths() {
        assert_eq!(Width::for_bits(64), Width::W64);
        assert_eq!(Width::for_bits(65), Width::W128);
        assert_eq!(Width::for_bits(200), Width::W256);
        assert_eq!(Width::for_bits(257), Width::Big);
        let mut s = Sum::default();
        s.add(&u128::MAX);
        s.add(&u128::MAX);
        s.add(&3u64);
        assert_eq!(s.total(), BigUint::from(u128::MAX) * 2u32 + 3u32);
    }
}
