//! The sorting and merging of a part's entries: the pieces a step's tasks made for one output
//! part gathered, sorted and their equal keys added up, and two sorted vectors merged into one.

use super::ctx::Ctx;
use super::parts::{part_bytes, Part};
use crate::counts::Count;
use crate::keys::Key;

/// Adds up the counts of equal keys of a sorted vector, keeping one entry for each key.
fn dedup<K: Key, C: Count>(v: &mut Vec<(K, C)>, modulus: u64) {
    let mut w = 0;
    for r in 1..v.len() {
        if v[r].0 == v[w].0 {
            let c = std::mem::take(&mut v[r].1);
            assert!(v[w].1.add(&c, modulus), "a layer's sums fit its count type");
        } else {
            w += 1;
            v.swap(w, r);
        }
    }
    v.truncate(if v.is_empty() { 0 } else { w + 1 });
}

/// Two sorted vectors with no key twice as one, the counts of the keys they share added up.
pub(super) fn merge_sorted<K: Key, C: Count>(
    a: Part<K, C>,
    b: Part<K, C>,
    modulus: u64,
) -> Part<K, C> {
    let mut merged = Vec::with_capacity(a.len() + b.len());
    let mut a = a.into_iter().peekable();
    let mut b = b.into_iter().peekable();
    loop {
        let take_a = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) => {
                if x.0 == y.0 {
                    let (k, mut c) = a.next().expect("peeked");
                    let (_, d) = b.next().expect("peeked");
                    assert!(c.add(&d, modulus), "a layer's sums fit its count type");
                    merged.push((k, c));
                    continue;
                }
                x.0 < y.0
            }
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        merged.push(if take_a { a.next() } else { b.next() }.expect("peeked"));
    }
    merged
}

/// Gathers one output part's new pieces, sorts them, adds up equal keys, and merges them
/// into what the part holds so far.
pub(super) fn merge<K: Key, C: Count>(
    ctx: &Ctx,
    so_far: Part<K, C>,
    mut pieces: Vec<Part<K, C>>,
    entry: u64,
) -> Option<Part<K, C>> {
    let release_all = |pieces: &[Part<K, C>]| {
        for p in pieces {
            ctx.release(part_bytes(p.capacity(), entry));
        }
    };
    if ctx.should_stop() {
        release_all(&pieces);
        return None;
    }
    if pieces.is_empty() {
        return Some(so_far);
    }
    let mut v = if pieces.len() == 1 {
        pieces.pop().expect("one piece")
    } else {
        let total: usize = pieces.iter().map(Vec::len).sum();
        if !ctx.reserve(part_bytes(total, entry)) {
            release_all(&pieces);
            return None;
        }
        let mut v = Vec::with_capacity(total);
        for p in pieces {
            ctx.release(part_bytes(p.capacity(), entry));
            v.extend(p);
        }
        v
    };
    v.sort_unstable_by_key(|e| e.0);
    dedup(&mut v, ctx.arithmetic.modulus());
    let mut v = if so_far.is_empty() {
        ctx.release(part_bytes(so_far.capacity(), entry));
        v
    } else {
        // Both sorted: one pass, adding up the keys they share.
        if !ctx.reserve(part_bytes(so_far.len() + v.len(), entry)) {
            return None;
        }
        let (a_bytes, b_bytes) = (so_far.capacity(), v.capacity());
        let merged = merge_sorted(so_far, v, ctx.arithmetic.modulus());
        ctx.release(part_bytes(a_bytes + b_bytes, entry));
        merged
    };
    let before = v.capacity();
    v.shrink_to_fit();
    ctx.release(part_bytes(before - v.capacity(), entry));
    Some(v)
}
