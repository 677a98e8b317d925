//! Per-state counts: 64, 128 and 256 bits wide, or big integers, with checked addition.
//!
//! Every count a layer produces is a sum of distinct counts of the layer before (a state's
//! successors are distinct keys, so it adds to each of them at most once), so it is at most the
//! sum of that whole table. The driver picks, before each layer, the narrowest type that holds
//! that sum ([`Width::for_bits`]): no addition inside the layer can overflow. The additions are
//! checked all the same, so a bug would panic rather than wrap.

use crate::keys::take_bytes;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
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
    /// `self += other`, or `false` (and `self` unchanged) if the sum does not fit.
    fn add(&mut self, other: &Self) -> bool;
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
}

/// The primitive widths: checked addition, conversions that panic only if the driver erred.
macro_rules! primitive_count {
    ($t:ty, $to:ident, $bits:literal) => {
        impl Count for $t {
            fn add(&mut self, other: &Self) -> bool {
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
    fn add(&mut self, other: &Self) -> bool {
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
    fn add(&mut self, other: &Self) -> bool {
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
        assert!(a.add(&U256::from_small(1)));
        assert_eq!(a.to_big(), BigUint::from(u128::MAX) + 1u32);
        let mut b = U256::from_big(&((BigUint::from(1u32) << 256u32) - 1u32));
        let before = b;
        assert!(!b.add(&U256::from_small(1)));
        assert_eq!(b, before);
        let mut c = max128;
        assert!(c.add(&max128));
        assert_eq!(c.to_big(), BigUint::from(u128::MAX) * 2u32);
        let mut d = u64::MAX;
        assert!(!d.add(&1));
        assert_eq!(d, u64::MAX);
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
