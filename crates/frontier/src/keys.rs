//! The packed states of the frontier program: each frontier slot's code (see [`crate::codes`])
//! packed into one integer key, with the renumbering of segment labels by first appearance
//! that gives each set of partial solutions with the same future one key.
//!
//! - [`Compact64`]: frontiers of up to 17 in 64 bits, each slot as wide as the codes it can
//!   hold (the first slot 2 bits, the next four 3 bits, the rest 4), so that the tables of a
//!   frontier of 17 (the 8x8 knight's board) take 16 bytes a state instead of 24; it is packed
//!   4 bits a slot first, as a `u64` (up to 16 slots) or a `u128`, then squeezed;
//! - [`Key128`]: 4 bits a slot in two words, frontiers of up to 26.

use crate::codes::FIRST_LABEL;

/// The widest frontier that fits in a 64-bit key of 4 bits a slot.
pub(crate) const MAX_FRONTIER_64: usize = 16;
/// The widest frontier that fits in a [`Compact64`] key.
pub(crate) const MAX_FRONTIER_COMPACT: usize = 17;

/// A packed state: 4 bits per frontier slot.
pub(crate) trait Key:
    Copy + Ord + Default + Send + Sync + std::fmt::Debug + 'static
{
    fn get(self, slot: usize) -> u8;
    /// The key with `code` put in the (empty) `slot`.
    fn with(self, slot: usize, code: u8) -> Self;
    /// A hash of the key, for spreading keys over parts: the top `bits` bits of a mix.
    fn part(self, bits: u32) -> usize;
    /// The key's class among `of` ([`crate::Split`]): a hash independent of [`Key::part`]'s,
    /// fixed for good, since the parts of one sharded count must agree on it.
    fn class(self, of: u32) -> u32;
    /// The key of the working frontier `a[1..w]` (the processed vertex at 0 left out), labels
    /// renumbered by first appearance.
    fn encode(a: &[u8; 32], w: usize) -> Self {
        encode_slots(a, w)
    }
    /// How many bytes the key takes on disk ([`crate::spill`]): the low bytes of
    /// [`Key::to_bits`], at most 16.
    const BYTES: usize;
    /// The key as a number, whose little-endian bytes a table on disk holds.
    fn to_bits(self) -> u128;
    /// The key of [`Key::to_bits`] `bits`.
    fn from_bits(bits: u128) -> Self;
}

/// The first `N` bytes of `input`, which it moves past; `None` if there are fewer.
#[inline]
pub(crate) fn take_bytes<const N: usize>(input: &mut &[u8]) -> Option<[u8; N]> {
    let (head, rest) = input.split_first_chunk::<N>()?;
    *input = rest;
    Some(*head)
}

const NIBBLES: u64 = 0x1111_1111_1111_1111;

/// The 64-bit key by SWAR: packs the slots, then renumbers one label per round (a round per
/// segment, not per slot). The fresh label (31) packs as 15, which no other label reaches in
/// 16 slots (8 segments: labels 3..=10).
#[inline]
fn encode_u64(a: &[u8; 32], w: usize) -> u64 {
    debug_assert!(w <= MAX_FRONTIER_64 + 1);
    let mut x = 0u64;
    for (k, &code) in a[1..w].iter().enumerate() {
        x |= u64::from(code & 15) << (4 * k);
    }
    // One bit (the lowest of each nibble) for each slot holding a label (3 or more).
    let bit = |s: u32| (x >> s) & NIBBLES;
    let mut todo = bit(3) | bit(2) | (bit(1) & bit(0));
    let mut out = x & !(todo * 15);
    let mut next = u64::from(FIRST_LABEL);
    while todo != 0 {
        let at = todo.trailing_zeros();
        let value = (x >> at) & 15;
        let y = x ^ (value * NIBBLES);
        let differs = (y | (y >> 1) | (y >> 2) | (y >> 3)) & NIBBLES;
        let same = !differs & todo;
        out |= same * next;
        todo &= !same;
        next += 1;
    }
    out
}

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

impl Key for u64 {
    const BYTES: usize = 8;
    #[inline]
    fn to_bits(self) -> u128 {
        u128::from(self)
    }
    #[inline]
    fn from_bits(bits: u128) -> Self {
        bits as u64
    }
    #[inline]
    fn get(self, slot: usize) -> u8 {
        ((self >> (4 * slot)) & 15) as u8
    }
    #[inline]
    fn with(self, slot: usize, code: u8) -> Self {
        self | (u64::from(code) << (4 * slot))
    }
    #[inline]
    fn encode(a: &[u8; 32], w: usize) -> Self {
        encode_u64(a, w)
    }
    #[inline]
    fn part(self, bits: u32) -> usize {
        if bits == 0 {
            0
        } else {
            let h = (self ^ (self >> 29)).wrapping_mul(MIX);
            (h >> (64 - bits)) as usize
        }
    }
    #[inline]
    fn class(self, of: u32) -> u32 {
        class_of(self, of)
    }
}

/// SplitMix64's finalizer: a fixed bijective mix of a word.
fn mix64(x: u64) -> u64 {
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The class of a 64-bit word among `of`: its mix scaled to `0..of` by a multiplication.
fn class_of(x: u64, of: u32) -> u32 {
    ((u128::from(mix64(x)) * u128::from(of)) >> 64) as u32
}

/// The 128-bit key by SWAR, as [`encode_u64`], on two 64-bit halves (slots 0 to 15 in the low
/// word): 64-bit shifts and multiplications are a third of the cost of 128-bit ones. The fresh
/// label packs as 15: a fresh segment leaves room for at most 12 others in the 27 slots of a
/// working frontier, labelled 3..=14.
#[inline]
fn encode_u128(a: &[u8; 32], w: usize) -> u128 {
    let (lo, hi) = encode_halves(a, w);
    u128::from(hi) << 64 | u128::from(lo)
}

/// [`encode_u128`]'s two words, low then high.
#[inline]
fn encode_halves(a: &[u8; 32], w: usize) -> (u64, u64) {
    let slots = &a[1..w];
    let split = slots.len().min(16);
    let mut lo = 0u64;
    for (k, &code) in slots[..split].iter().enumerate() {
        lo |= u64::from(code & 15) << (4 * k);
    }
    let mut hi = 0u64;
    for (k, &code) in slots[split..].iter().enumerate() {
        hi |= u64::from(code & 15) << (4 * k);
    }
    let labels = |x: u64| {
        let bit = |s: u32| (x >> s) & NIBBLES;
        bit(3) | bit(2) | (bit(1) & bit(0))
    };
    let (mut todo_lo, mut todo_hi) = (labels(lo), labels(hi));
    let (mut out_lo, mut out_hi) = (lo & !(todo_lo * 15), hi & !(todo_hi * 15));
    let mut next = u64::from(FIRST_LABEL);
    // Slots holding the same value as `value`, in a word whose label slots are `todo`.
    let same = |x: u64, todo: u64, value: u64| {
        let y = x ^ (value * NIBBLES);
        let differs = (y | (y >> 1) | (y >> 2) | (y >> 3)) & NIBBLES;
        !differs & todo
    };
    while todo_lo | todo_hi != 0 {
        let value = if todo_lo != 0 {
            (lo >> todo_lo.trailing_zeros()) & 15
        } else {
            (hi >> todo_hi.trailing_zeros()) & 15
        };
        let (s_lo, s_hi) = (same(lo, todo_lo, value), same(hi, todo_hi, value));
        out_lo |= s_lo * next;
        out_hi |= s_hi * next;
        todo_lo &= !s_lo;
        todo_hi &= !s_hi;
        next += 1;
    }
    (out_lo, out_hi)
}

/// A 128-bit key as two words (8-byte aligned, so a key and a 64-bit count take 24 bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Key128 {
    hi: u64,
    lo: u64,
}

impl Key for Key128 {
    const BYTES: usize = 16;
    #[inline]
    fn to_bits(self) -> u128 {
        (u128::from(self.hi) << 64) | u128::from(self.lo)
    }
    #[inline]
    fn from_bits(bits: u128) -> Self {
        Key128 {
            hi: (bits >> 64) as u64,
            lo: bits as u64,
        }
    }
    #[inline]
    fn encode(a: &[u8; 32], w: usize) -> Self {
        let (lo, hi) = encode_halves(a, w);
        Key128 { hi, lo }
    }
    #[inline]
    fn get(self, slot: usize) -> u8 {
        if slot < 16 {
            self.lo.get(slot)
        } else {
            self.hi.get(slot - 16)
        }
    }
    #[inline]
    fn with(self, slot: usize, code: u8) -> Self {
        if slot < 16 {
            Key128 {
                hi: self.hi,
                lo: self.lo.with(slot, code),
            }
        } else {
            Key128 {
                hi: self.hi.with(slot - 16, code),
                lo: self.lo,
            }
        }
    }
    #[inline]
    fn part(self, bits: u32) -> usize {
        (self.lo ^ self.hi.wrapping_mul(MIX).rotate_left(31)).part(bits)
    }
    #[inline]
    fn class(self, of: u32) -> u32 {
        class_of(self.lo ^ mix64(self.hi), of)
    }
}

/// A frontier of up to 17 slots in 64 bits: slot 0 in 2 bits, slots 1 to 4 in 3 bits, slots
/// 5 to 16 in 4 bits (62 bits in all).
///
/// Labels are numbered by first appearance from 3, so slot `k` holds at most 3 + k (a new label
/// after at most `k` others); and 17 slots hold at most 8 segments, labels 3 to 10. So slot 0
/// holds 0..=3, slots 1 to 4 at most 7, and the others at most 10: each fits its field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Compact64(u64);

/// Where slot `k` of a [`Compact64`] begins, and its width in bits.
const fn compact_field(slot: usize) -> (u32, u32) {
    match slot {
        0 => (0, 2),
        1..=4 => (2 + 3 * (slot as u32 - 1), 3),
        _ => (14 + 4 * (slot as u32 - 5), 4),
    }
}

impl Compact64 {
    /// The compact form of a key of 4 bits a slot (at most 17 slots, each code within its
    /// field).
    #[inline]
    fn from_nibbles(x: u128) -> Compact64 {
        let mut c = (x & 0b11) as u64;
        for k in 1..=4 {
            c |= (((x >> (4 * k)) & 0b111) as u64) << (2 + 3 * (k - 1));
        }
        c |= ((x >> 20) as u64) << 14;
        debug_assert!(x >> 68 == 0, "at most 17 slots");
        #[cfg(debug_assertions)]
        debug_assert_eq!(Compact64(c).nibbles(), x, "every code fits its field");
        Compact64(c)
    }

    /// The key of 4 bits a slot.
    #[cfg(debug_assertions)]
    fn nibbles(self) -> u128 {
        (0..MAX_FRONTIER_COMPACT).fold(0u128, |x, k| x | u128::from(self.get(k)) << (4 * k))
    }
}

impl Key for Compact64 {
    const BYTES: usize = 8;
    #[inline]
    fn to_bits(self) -> u128 {
        u128::from(self.0)
    }
    #[inline]
    fn from_bits(bits: u128) -> Self {
        Compact64(bits as u64)
    }
    #[inline]
    fn get(self, slot: usize) -> u8 {
        let (at, width) = compact_field(slot);
        ((self.0 >> at) & ((1 << width) - 1)) as u8
    }
    #[inline]
    fn with(self, slot: usize, code: u8) -> Self {
        let (at, width) = compact_field(slot);
        debug_assert!(u64::from(code) < 1 << width, "the code fits its field");
        Compact64(self.0 | u64::from(code) << at)
    }
    #[inline]
    fn encode(a: &[u8; 32], w: usize) -> Self {
        debug_assert!(w <= MAX_FRONTIER_COMPACT + 1);
        let nibbles = if w <= MAX_FRONTIER_64 + 1 {
            u128::from(encode_u64(a, w))
        } else {
            encode_u128(a, w)
        };
        Compact64::from_nibbles(nibbles)
    }
    #[inline]
    fn part(self, bits: u32) -> usize {
        self.0.part(bits)
    }
    #[inline]
    fn class(self, of: u32) -> u32 {
        self.0.class(of)
    }
}

/// The key of the working frontier without the processed vertex, labels renumbered by first
/// appearance, slot by slot.
#[inline]
fn encode_slots<K: Key>(a: &[u8; 32], w: usize) -> K {
    let mut key = K::default();
    let mut label = [0u8; 32];
    let mut next = FIRST_LABEL;
    for (k, &code) in a.iter().enumerate().take(w).skip(1) {
        let mut code = code;
        if code >= FIRST_LABEL {
            let slot = &mut label[code as usize & 31];
            if *slot == 0 {
                *slot = next;
                next += 1;
            }
            code = *slot;
        }
        key = key.with(k - 1, code);
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes::UNTOUCHED as UNTOUCHED_CODE;
    use crate::codes::{ANCHORED as ANCHORED_CODE, DONE as DONE_CODE, FRESH};

    /// The SWAR renumbering agrees with the slot-by-slot one.
    #[test]
    fn encodings_agree() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let codes = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, FRESH];
        for _ in 0..20_000 {
            let w = 1 + (next() % 17) as usize;
            // The slots past `w` hold whatever they held: no key may depend on them.
            let mut a = [0u8; 32];
            for slot in a.iter_mut() {
                *slot = codes[(next() % codes.len() as u64) as usize];
            }
            assert_eq!(
                encode_u64(&a, w),
                encode_slots::<u64>(&a, w),
                "{:?}",
                &a[..w]
            );
        }
        // Wide frontiers: up to 27 working slots, labels up to 14 beside a fresh one.
        let codes: Vec<u8> = (0..=14).chain([FRESH]).collect();
        for _ in 0..20_000 {
            let w = 1 + (next() % 27) as usize;
            let mut a = [0u8; 32];
            for slot in a.iter_mut() {
                *slot = codes[(next() % codes.len() as u64) as usize];
            }
            assert_eq!(
                Key128::encode(&a, w),
                encode_slots::<Key128>(&a, w),
                "{:?}",
                &a[..w]
            );
        }
        // Compact keys: 17 slots at most, each with a code its field can hold after
        // renumbering (random codes, then relabelled by first appearance as the sweep does).
        for _ in 0..20_000 {
            let w = 1 + (next() % 18) as usize;
            // Slots 1.. untouched, done or anchored (at most 2), and an even number of them
            // paired up as the two ends of segments, with raw labels as the sweep leaves them
            // (any of 3..=14, or the fresh one).
            let mut a = [0u8; 32];
            let mut anchored = 0;
            let mut ends = Vec::new();
            for (k, slot) in a.iter_mut().enumerate().take(w).skip(1) {
                match next() % 4 {
                    0 => *slot = UNTOUCHED_CODE,
                    1 => *slot = DONE_CODE,
                    2 if anchored < 2 => {
                        *slot = ANCHORED_CODE;
                        anchored += 1;
                    }
                    _ => ends.push(k),
                }
            }
            if ends.len() % 2 == 1 {
                a[ends.pop().expect("odd")] = DONE_CODE;
            }
            for i in (1..ends.len()).rev() {
                ends.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let mut raw: Vec<u8> = (3..=14).chain([FRESH]).collect();
            for pair in ends.chunks(2) {
                let label = raw.swap_remove((next() % raw.len() as u64) as usize);
                a[pair[0]] = label;
                a[pair[1]] = label;
            }
            let compact = Compact64::encode(&a, w);
            let slots = encode_slots::<Key128>(&a, w);
            for k in 0..w - 1 {
                assert_eq!(compact.get(k), slots.get(k), "{:?} slot {k}", &a[..w]);
            }
            // Distinct keys stay distinct, and the order of keys is a fixed one.
            assert_eq!(compact, Compact64::from_nibbles(encode_u128(&a, w)));
        }
    }
}
