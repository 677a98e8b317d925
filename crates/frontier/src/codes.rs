//! The code of a frontier slot in a state of the frontier program: what the sweep knows of a
//! frontier vertex. The sweep ([`crate::plan`]) reads and writes these codes and the keys
//! ([`crate::keys`]) pack them and renumber their labels: a module of their own, so that the
//! keys need nothing of the sweep.
//!
//! A state gives each frontier vertex (in sweep order) a 4-bit code:
//!
//! | code | meaning |
//! |---|---|
//! | 0 | untouched: degree 0 |
//! | 1 | done: degree 2 |
//! | 2 | the end of a segment whose other end is an end of the path (paths only) |
//! | 3.. | the end of a segment whose other end is the frontier vertex with the same code |
//!
//! Segment codes are renumbered by first appearance (3, 4, …), so each set of partial
//! solutions with the same future has one key. A frontier of `w` vertices has at most `w / 2`
//! segments, so codes fit in 4 bits up to `w = 26`; 16 slots fill a `u64` key, 26 a `u128`.

pub(crate) const UNTOUCHED: u8 = 0;
pub(crate) const DONE: u8 = 1;
pub(crate) const ANCHORED: u8 = 2;
pub(crate) const FIRST_LABEL: u8 = 3;
/// A label not yet renumbered: the segment just made by joining two untouched vertices.
pub(crate) const FRESH: u8 = 31;

/// The kind of a slot's code: untouched, done, anchored, segment end.
#[inline]
pub(crate) fn kind(code: u8) -> usize {
    usize::from(code.min(FIRST_LABEL))
}
