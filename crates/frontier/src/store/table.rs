//! A table with the count type of the moment ([`Table`]): its counts widened from 64 bits to
//! 128, 256 and big integers as the sums need, and the cut of a sharded count down to the
//! states of its class.

use super::ctx::{Arithmetic, Ctx};
use super::parts::{entry_bytes, load, part_bytes, store, Part, Stored};
use crate::classes::Classes;
use crate::counts::{widen, Count, Residue, Upper, Width, U256};
use crate::keys::Key;
use crate::spill::SpillFile;
use crate::Split;
use num_bigint::BigUint;
use std::sync::Arc;

/// A table with the count type of the moment.
pub(super) enum Table<K> {
    W64(Vec<Stored<K, u64>>),
    W128(Vec<Stored<K, u128>>),
    W256(Vec<Stored<K, U256>>),
    Big(Vec<Stored<K, BigUint>>),
    /// Residues modulo a prime ([`Arithmetic::Modulo`]).
    Residue(Vec<Stored<K, Residue>>),
    /// Upper bounds ([`Arithmetic::Upper`]).
    Upper(Vec<Stored<K, Upper>>),
}

/// The parts with the states of `split`'s class alone ([`Split`]), and how many there are;
/// `None` when the budget stopped it.
fn keep_class<K: Key, C: Count>(
    ctx: &Ctx,
    parts: Vec<Stored<K, C>>,
    split: Split,
    entry: u64,
    width: usize,
) -> Option<(Vec<Stored<K, C>>, u64)> {
    // The cut reads the whole table (a count keeps it in memory until it is cut).
    let parts = parts
        .into_iter()
        .map(|p| load(ctx, p, entry))
        .collect::<Option<Vec<_>>>()?;
    let classes = Classes::new(&parts, width, split.of);
    let mut kept = 0u64;
    let mut out = Vec::with_capacity(parts.len());
    for mut part in parts {
        let before = part.capacity();
        part.retain(|(k, _)| classes.of(*k) == split.index);
        if !ctx.reserve(part_bytes(part.len(), entry)) {
            return None;
        }
        part.shrink_to_fit();
        ctx.release(part_bytes(before + part.len() - part.capacity(), entry));
        kept += part.len() as u64;
        if !part.is_empty() {
            out.push(Stored::Mem(part));
        }
    }
    Some((out, kept))
}

/// Converts a table to a wider count type, part by part (a part in a file to a part in a new
/// file).
fn convert<K: Key, A: Count, B: Count>(
    ctx: &Ctx,
    parts: Vec<Stored<K, A>>,
    entry_a: u64,
    entry_b: u64,
) -> Option<Vec<Stored<K, B>>> {
    let mut out = Vec::with_capacity(parts.len());
    let mut file: Option<Arc<SpillFile>> = None;
    for stored in parts {
        let on_disk = matches!(stored, Stored::Disk(_));
        let part = load(ctx, stored, entry_a)?;
        if !ctx.reserve(part_bytes(part.len(), entry_b)) {
            return None;
        }
        let wide: Part<K, B> = part.iter().map(|(k, c)| (*k, widen::<A, B>(c))).collect();
        ctx.release(part_bytes(part.capacity(), entry_a));
        if on_disk {
            if file.is_none() {
                file = Some(ctx.new_file()?);
            }
            let file = file.as_ref().expect("made above");
            out.extend(store(ctx, file, wide, entry_b)?.map(Stored::Disk));
        } else {
            out.push(Stored::Mem(wide));
        }
    }
    Some(out)
}

impl<K: Key> Table<K> {
    /// The table (of a frontier of `width` slots) cut down to `split`'s class, and its number
    /// of states.
    pub(super) fn keep_class(
        self,
        ctx: &Ctx,
        split: Split,
        bits: u64,
        width: usize,
    ) -> Option<(Table<K>, u64)> {
        macro_rules! keep {
            ($parts:expr, $c:ty, $variant:ident) => {{
                let entry = entry_bytes::<K, $c>(bits);
                let (parts, kept) = keep_class::<K, $c>(ctx, $parts, split, entry, width)?;
                (Table::$variant(parts), kept)
            }};
        }
        Some(match self {
            Table::W64(p) => keep!(p, u64, W64),
            Table::W128(p) => keep!(p, u128, W128),
            Table::W256(p) => keep!(p, U256, W256),
            Table::Big(p) => keep!(p, BigUint, Big),
            Table::Residue(p) => keep!(p, Residue, Residue),
            Table::Upper(p) => keep!(p, Upper, Upper),
        })
    }

    /// The number of parts.
    pub(super) fn parts(&self) -> usize {
        match self {
            Table::W64(p) => p.len(),
            Table::W128(p) => p.len(),
            Table::W256(p) => p.len(),
            Table::Big(p) => p.len(),
            Table::Residue(p) => p.len(),
            Table::Upper(p) => p.len(),
        }
    }

    /// The width of an exact table; `None` for residues and bounds, which never widen.
    pub(super) fn width(&self) -> Option<Width> {
        match self {
            Table::W64(_) => Some(Width::W64),
            Table::W128(_) => Some(Width::W128),
            Table::W256(_) => Some(Width::W256),
            Table::Big(_) => Some(Width::Big),
            Table::Residue(_) | Table::Upper(_) => None,
        }
    }

    /// The table before the first layer: the empty frontier, once.
    pub(super) fn start(arithmetic: Arithmetic) -> Table<K> {
        let empty = K::default();
        match arithmetic {
            Arithmetic::Exact => Table::W64(vec![Stored::Mem(vec![(empty, 1u64)])]),
            Arithmetic::Modulo(_) => Table::Residue(vec![Stored::Mem(vec![(empty, Residue(1))])]),
            Arithmetic::Upper => Table::Upper(vec![Stored::Mem(vec![(empty, Upper(1.0))])]),
        }
    }

    /// The table with counts of at least `width` (and at most `bits` binary digits).
    pub(super) fn widen(
        self,
        ctx: &Ctx,
        width: Width,
        old_bits: u64,
        bits: u64,
    ) -> Option<Table<K>> {
        let Some(own) = self.width().filter(|&own| own < width) else {
            return Some(self);
        };
        let ea = |w: Width| match w {
            Width::W64 => entry_bytes::<K, u64>(old_bits),
            Width::W128 => entry_bytes::<K, u128>(old_bits),
            Width::W256 => entry_bytes::<K, U256>(old_bits),
            Width::Big => entry_bytes::<K, BigUint>(old_bits),
        };
        let from = ea(own);
        let to = match width {
            Width::W64 => entry_bytes::<K, u64>(bits),
            Width::W128 => entry_bytes::<K, u128>(bits),
            Width::W256 => entry_bytes::<K, U256>(bits),
            Width::Big => entry_bytes::<K, BigUint>(bits),
        };
        macro_rules! to {
            ($parts:expr, $a:ty) => {
                match width {
                    Width::W64 => unreachable!("only wider"),
                    Width::W128 => Table::W128(convert::<K, $a, u128>(ctx, $parts, from, to)?),
                    Width::W256 => Table::W256(convert::<K, $a, U256>(ctx, $parts, from, to)?),
                    Width::Big => Table::Big(convert::<K, $a, BigUint>(ctx, $parts, from, to)?),
                }
            };
        }
        Some(match self {
            Table::W64(p) => to!(p, u64),
            Table::W128(p) => to!(p, u128),
            Table::W256(p) => to!(p, U256),
            Table::Big(_) | Table::Residue(_) | Table::Upper(_) => {
                unreachable!("nothing is wider, and residues and bounds do not widen")
            }
        })
    }
}

/// A copy of `parts` that a walk back keeps ([`super::back`]): parts in memory copied (and
/// charged to the budget), parts in files shared (their files stay while a copy holds them).
/// `None` when the budget stopped it.
fn share_parts<K: Key, C: Count>(
    ctx: &Ctx,
    parts: &[Stored<K, C>],
    entry: u64,
) -> Option<Vec<Stored<K, C>>> {
    parts
        .iter()
        .map(|stored| match stored {
            Stored::Mem(part) => ctx
                .reserve(part_bytes(part.len(), entry))
                .then(|| Stored::Mem(part.clone())),
            Stored::Disk(segment) => Some(Stored::Disk(segment.clone())),
        })
        .collect()
}

impl<K: Key> Table<K> {
    /// A copy of the table for a walk back ([`share_parts`]), its counts of at most `bits`
    /// binary digits.
    pub(super) fn share(&self, ctx: &Ctx, bits: u64) -> Option<Table<K>> {
        macro_rules! share {
            ($parts:expr, $c:ty, $variant:ident) => {
                Table::$variant(share_parts::<K, $c>(
                    ctx,
                    $parts,
                    entry_bytes::<K, $c>(bits),
                )?)
            };
        }
        Some(match self {
            Table::W64(p) => share!(p, u64, W64),
            Table::W128(p) => share!(p, u128, W128),
            Table::W256(p) => share!(p, U256, W256),
            Table::Big(p) => share!(p, BigUint, Big),
            Table::Residue(p) => share!(p, Residue, Residue),
            Table::Upper(p) => share!(p, Upper, Upper),
        })
    }
}
