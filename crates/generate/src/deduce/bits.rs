//! Bitsets of values (bit v for value v), in slices of words: the candidate sets of the
//! medium rules and the values of a mark.

use super::NONE;

pub(super) fn get(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

pub(super) fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

pub(super) fn clear(bits: &mut [u64], i: usize) {
    bits[i / 64] &= !(1 << (i % 64));
}

/// Sets bits `lo..=hi`.
fn set_range(bits: &mut [u64], lo: usize, hi: usize) {
    for (word, x) in bits.iter_mut().enumerate().take(hi / 64 + 1).skip(lo / 64) {
        let start = (word * 64).max(lo) - word * 64;
        let end = (word * 64 + 63).min(hi) - word * 64;
        *x |= (u64::MAX >> (63 - end)) & (u64::MAX << start);
    }
}

/// Sets the bits of the unwrapped values `from..=to` (at most N of them), wrapping past N.
pub(super) fn set_values(bits: &mut [u64], from: usize, to: usize, n: usize) {
    if to <= n {
        set_range(bits, from, to);
    } else if from > n {
        set_range(bits, from - n, to - n);
    } else {
        set_range(bits, from, n);
        set_range(bits, 1, to - n);
    }
}

pub(super) fn first_bit(bits: &[u64]) -> usize {
    bits.iter()
        .enumerate()
        .find(|(_, &x)| x != 0)
        .map_or(NONE, |(i, x)| i * 64 + x.trailing_zeros() as usize)
}

/// `acc |= src << 1` (bit v of `src` becomes bit v + 1).
pub(super) fn shift_up_or(acc: &mut [u64], src: &[u64]) {
    let mut carry = 0;
    for (a, &s) in acc.iter_mut().zip(src) {
        *a |= s << 1 | carry;
        carry = s >> 63;
    }
}

/// `acc |= src >> 1` (bit v of `src` becomes bit v - 1).
pub(super) fn shift_down_or(acc: &mut [u64], src: &[u64]) {
    let mut carry = 0;
    for (a, &s) in acc.iter_mut().zip(src).rev() {
        *a |= s >> 1 | carry;
        carry = s << 63;
    }
}
