//! Tables kept in files between layers ([`crate::Spill`]), so that a count's memory holds one
//! batch of a step at a time rather than two whole tables.
//!
//! A step whose input is large writes, for each batch of input parts it reads, each output
//! part's sorted successors as a *run* at the end of its run file. When the batches are done,
//! each output part reads its runs back, sorts them together, adds up the counts of equal keys,
//! and appends the result to its table file, which the next step reads part by part. A table's
//! parts (and a step's runs) are spread over a few files by groups of parts, so that the files
//! of the groups already read are deleted while the rest is read. Files are anonymous
//! temporary files ([`tempfile::tempfile_in`]): the system deletes them when the last part that
//! points into them is dropped, and when the process ends, however it ends.
//!
//! Entries are written compactly ([`encode`]): a part's keys are sorted, so each key is written
//! as the bytes in which it differs from the key before it, and each count without its high
//! zero bytes. On the 8x8 knight's board this takes a table on disk from 16 bytes a state (its
//! size in memory) to about half that. Checkpoints of version 1 and 2 hold the plain bytes of
//! [`Key::to_bits`] and [`Count::put`] ([`decode_plain`]).

use crate::counts::Count;
use crate::keys::Key;
use std::fs::File;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The bytes free for an unprivileged user on the file system of `dir` (`None` where they
/// cannot be read, and off Unix). `PATHSAT_DISK_FREE` (bytes) stands in for them, so that the
/// tests can see a count refused for want of room.
pub fn free_bytes(dir: &Path) -> Option<u64> {
    if let Some(free) = std::env::var("PATHSAT_DISK_FREE")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return Some(free);
    }
    #[cfg(unix)]
    {
        let stat = rustix::fs::statvfs(dir).ok()?;
        Some(stat.f_bavail.saturating_mul(stat.f_frsize))
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}

/// The bytes a count keeps in its files: now and at the most.
#[derive(Default)]
pub(crate) struct DiskUse {
    now: AtomicU64,
    peak: AtomicU64,
}

impl DiskUse {
    fn add(&self, bytes: u64) {
        let now = self.now.fetch_add(bytes, Ordering::Relaxed) + bytes;
        self.peak.fetch_max(now, Ordering::Relaxed);
    }

    pub(crate) fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }

    pub(crate) fn now(&self) -> u64 {
        self.now.load(Ordering::Relaxed)
    }
}

/// One temporary file that parts are appended to, from any thread.
pub(crate) struct SpillFile {
    file: File,
    end: AtomicU64,
    usage: Arc<DiskUse>,
}

impl SpillFile {
    /// A new, empty file in `dir`.
    pub(crate) fn create(dir: &Path, usage: &Arc<DiskUse>) -> io::Result<SpillFile> {
        Ok(SpillFile {
            file: tempfile::tempfile_in(dir)?,
            end: AtomicU64::new(0),
            usage: Arc::clone(usage),
        })
    }

    /// Appends `bytes`, giving where they begin.
    fn append(&self, bytes: &[u8]) -> io::Result<u64> {
        let len = bytes.len() as u64;
        let at = self.end.fetch_add(len, Ordering::Relaxed);
        write_all_at(&self.file, bytes, at)?;
        self.usage.add(len);
        Ok(at)
    }
}

impl Drop for SpillFile {
    fn drop(&mut self) {
        let len = *self.end.get_mut();
        self.usage.now.fetch_sub(len, Ordering::Relaxed);
    }
}

/// A sorted list of entries in a file, with no key twice.
#[derive(Clone)]
pub(crate) struct Segment {
    file: Arc<SpillFile>,
    at: u64,
    bytes: u64,
    /// Entries in the segment.
    pub(crate) states: u64,
}

impl Segment {
    /// How many bytes the segment takes in its file.
    pub(crate) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The segment's bytes, as [`encode`] wrote them.
    pub(crate) fn read_bytes(&self) -> io::Result<Vec<u8>> {
        let len = usize::try_from(self.bytes).map_err(io::Error::other)?;
        let mut buffer = vec![0u8; len];
        read_exact_at(&self.file.file, &mut buffer, self.at)?;
        Ok(buffer)
    }

    /// Appends the segment's entries to `out`.
    pub(crate) fn read_into<K: Key, C: Count>(&self, out: &mut Vec<(K, C)>) -> io::Result<()> {
        out.reserve(self.states as usize);
        decode(&self.read_bytes()?, out)
            .map_err(|()| io::Error::other("a table file ends in the middle of a state"))
    }
}

/// The header byte of an entry whose key shares more bytes, or whose count keeps more, than one
/// byte can say: the two numbers follow as a byte and a LEB128 number.
const WIDE_HEADER: u8 = 255;

/// The zero bytes a count's bytes are padded with before [`Count::take`] reads them: at least
/// the high zero bytes [`encode`] left out of any count of a fixed width (32 for [`U256`]), and
/// of a [`BigUint`] of value 0 (4).
///
/// [`U256`]: crate::counts::U256
/// [`BigUint`]: num_bigint::BigUint
const COUNT_PADDING: usize = 32;

/// The bytes of `entries`, sorted by key with no key twice, as [`decode`] reads them.
///
/// Each entry is a header, its key's low bytes, and its count's low bytes. The key's bytes
/// ([`Key::to_bits`], low byte first, [`Key::BYTES`] of them) that equal the previous key's from the top down are left
/// out (`shared` of them); so are the count's high zero bytes ([`Count::put`], which keeps
/// `kept`). The header is one byte, `shared * 17 + kept`, when `shared <= 14` and
/// `kept <= 16`; else [`WIDE_HEADER`], `shared` as a byte and `kept` in LEB128.
pub(crate) fn encode<K: Key, C: Count>(entries: &[(K, C)]) -> Vec<u8> {
    if C::FITS_128 {
        encode_128(entries)
    } else {
        encode_bytes(entries)
    }
}

/// The header of an entry.
#[inline]
fn put_header(out: &mut Vec<u8>, shared: usize, kept: usize) {
    if shared <= 14 && kept <= 16 {
        out.push((shared * 17 + kept) as u8);
    } else {
        out.push(WIDE_HEADER);
        out.push(u8::try_from(shared).expect("a key of at most 255 bytes"));
        put_leb128(out, kept as u64);
    }
}

/// The header of an entry at the front of `bytes`, which it moves past: `(shared, kept)`.
#[inline]
fn take_header(bytes: &mut &[u8]) -> Option<(usize, usize)> {
    let (&header, rest) = bytes.split_first()?;
    *bytes = rest;
    if header == WIDE_HEADER {
        let (&shared, rest) = bytes.split_first()?;
        *bytes = rest;
        let kept = take_leb128(bytes)?;
        Some((usize::from(shared), usize::try_from(kept).ok()?))
    } else {
        Some(one_byte_header(header))
    }
}

/// `(shared, kept)` of a header of one byte (any but [`WIDE_HEADER`]).
#[inline]
fn one_byte_header(header: u8) -> (usize, usize) {
    (usize::from(header / 17), usize::from(header % 17))
}

/// How many of `key`'s high bytes (of `width`) equal `previous`'s: the high zero bytes of
/// their difference, less those above the key. None before the first key.
#[inline]
fn shared_bytes(key: u128, previous: Option<u128>, width: usize) -> usize {
    previous.map_or(0, |p| {
        ((key ^ p).leading_zeros() as usize / 8).min(16) - (16 - width)
    })
}

/// `previous`'s bytes above `low`, then `low` (the key's low bytes, low byte first).
#[inline]
fn with_low_bytes(previous: u128, low: &[u8]) -> u128 {
    let high = u128::MAX.checked_shl(8 * low.len() as u32).unwrap_or(0);
    (previous & high) | as_u128(low)
}

/// The next entry's key bytes and count bytes in `bytes`, behind a header read and checked
/// against the key's `width`; `None` if `bytes` ends too soon or the header is impossible.
#[inline]
fn take_entry<'b>(bytes: &mut &'b [u8], width: usize, first: bool) -> Option<(&'b [u8], &'b [u8])> {
    let (shared, kept) = take_header(bytes)?;
    if shared > width || (first && shared > 0) {
        return None;
    }
    let (low, rest) = bytes.split_at_checked(width - shared)?;
    let (digits, rest) = rest.split_at_checked(kept)?;
    *bytes = rest;
    Some((low, digits))
}

/// [`encode`] for counts of at most 16 bytes: counts as numbers, the same bytes as
/// [`encode_bytes`] writes, faster (the 7 x 8 tours' count in files went from 1.16 to 1.05-1.09
/// times the time of plain files).
fn encode_128<K: Key, C: Count>(entries: &[(K, C)]) -> Vec<u8> {
    let width = K::BYTES;
    let mut out = Vec::with_capacity(entries.len() * 10);
    let mut previous: Option<u128> = None;
    for (k, c) in entries {
        let key = k.to_bits();
        let shared = shared_bytes(key, previous, width);
        let count = c.to_bits();
        let kept = 16 - count.leading_zeros() as usize / 8;
        put_header(&mut out, shared, kept);
        // All 16 bytes, then the unwanted ones dropped: two copies of a fixed length, where
        // copies of the wanted lengths are calls to `memcpy`.
        push_low_bytes(&mut out, key, width - shared);
        push_low_bytes(&mut out, count, kept);
        previous = Some(key);
    }
    out
}

/// Appends the `n` (at most 16) low bytes of `x`, low byte first.
#[inline]
fn push_low_bytes(out: &mut Vec<u8>, x: u128, n: usize) {
    out.extend_from_slice(&x.to_le_bytes());
    out.truncate(out.len() - (16 - n));
}

/// [`encode`] for any count, through the bytes of [`Count::put`].
fn encode_bytes<K: Key, C: Count>(entries: &[(K, C)]) -> Vec<u8> {
    let width = K::BYTES;
    let mut out = Vec::with_capacity(entries.len() * 10);
    let mut previous: Option<u128> = None;
    let mut count: Vec<u8> = Vec::new();
    for (k, c) in entries {
        let key = k.to_bits();
        let shared = shared_bytes(key, previous, width);
        count.clear();
        c.put(&mut count);
        let kept = count.len() - count.iter().rev().take_while(|&&b| b == 0).count();
        put_header(&mut out, shared, kept);
        out.extend_from_slice(&key.to_le_bytes()[..width - shared]);
        out.extend_from_slice(&count[..kept]);
        previous = Some(key);
    }
    out
}

/// `bytes` (at most 16, low byte first) as a number.
#[inline]
fn as_u128(bytes: &[u8]) -> u128 {
    let mut wide = [0u8; 16];
    wide[..bytes.len()].copy_from_slice(bytes);
    u128::from_le_bytes(wide)
}

/// Appends the entries [`encode`] wrote in `bytes` to `out`; `Err` if `bytes` ends in the
/// middle of one or does not hold entries as [`encode`] writes them.
pub(crate) fn decode<K: Key, C: Count>(bytes: &[u8], out: &mut Vec<(K, C)>) -> Result<(), ()> {
    if C::FITS_128 {
        decode_128(bytes, out)
    } else {
        decode_bytes(bytes, out)
    }
}

/// [`decode`] for counts of at most 16 bytes ([`encode_128`]).
fn decode_128<K: Key, C: Count>(mut bytes: &[u8], out: &mut Vec<(K, C)>) -> Result<(), ()> {
    let (mut key, start) = (0u128, out.len());
    let width = K::BYTES;
    // Entries with a one-byte header, while 32 bytes follow it: the key's and the count's low
    // bytes read as whole 16-byte words and masked, where reading just their lengths would
    // call `memcpy` twice an entry (that was a tenth of the time of the 8x8 knight's tours in
    // files).
    while let Some((&header, rest)) = bytes.split_first() {
        if header == WIDE_HEADER || rest.len() < 32 {
            break;
        }
        let (shared, kept) = one_byte_header(header);
        if shared > width || (out.len() == start && shared > 0) {
            return Err(());
        }
        let low = width - shared;
        let word = |at: usize| u128::from_le_bytes(rest[at..at + 16].try_into().expect("16"));
        let high_key = u128::MAX.checked_shl(8 * low as u32).unwrap_or(0);
        key = (key & high_key) | (word(0) & !high_key);
        let count_mask = !u128::MAX.checked_shl(8 * kept as u32).unwrap_or(0);
        let count = C::from_bits(word(low) & count_mask).ok_or(())?;
        out.push((K::from_bits(key), count));
        bytes = &rest[low + kept..];
    }
    // The last entries, and any with a wide header.
    while !bytes.is_empty() {
        let first = out.len() == start;
        let (low, digits) = take_entry(&mut bytes, width, first).ok_or(())?;
        if digits.len() > 16 {
            return Err(());
        }
        key = with_low_bytes(key, low);
        let count = C::from_bits(as_u128(digits)).ok_or(())?;
        out.push((K::from_bits(key), count));
    }
    Ok(())
}

/// [`decode`] for any count, through [`Count::take`] ([`encode_bytes`]).
fn decode_bytes<K: Key, C: Count>(mut bytes: &[u8], out: &mut Vec<(K, C)>) -> Result<(), ()> {
    let (mut key, start) = (0u128, out.len());
    // The count's bytes, then zeros: `written` of them from the last entry, the rest 0.
    let mut count: Vec<u8> = vec![0; COUNT_PADDING];
    let mut written = 0;
    while !bytes.is_empty() {
        let first = out.len() == start;
        let (low, digits) = take_entry(&mut bytes, K::BYTES, first).ok_or(())?;
        key = with_low_bytes(key, low);
        let kept = digits.len();
        if count.len() < kept + COUNT_PADDING {
            count.resize(kept + COUNT_PADDING, 0);
        }
        count[..kept].copy_from_slice(digits);
        if written > kept {
            count[kept..written].fill(0);
        }
        written = kept;
        let mut unread = count.as_slice();
        let c = C::take(&mut unread).ok_or(())?;
        // The count must have used every byte written for it (the padding, only zeros).
        if count.len() - unread.len() < kept {
            return Err(());
        }
        out.push((K::from_bits(key), c));
    }
    Ok(())
}

/// Appends `n` in LEB128: seven bits a byte, low first, the high bit set on all but the last.
fn put_leb128(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// The number [`put_leb128`] wrote at the front of `input`, which it moves past.
fn take_leb128(input: &mut &[u8]) -> Option<u64> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = input.split_first()?;
        *input = rest;
        n |= u64::from(byte & 0x7f).checked_shl(shift)?;
        if byte & 0x80 == 0 {
            return Some(n);
        }
    }
    None
}

/// Appends the entries of a version 1 or 2 checkpoint's part (each entry's key and count as
/// [`Key::to_bits`] and [`Count::put`] give them) to `out`; `Err` if `bytes` ends in the middle
/// of one.
pub(crate) fn decode_plain<K: Key, C: Count>(
    mut bytes: &[u8],
    out: &mut Vec<(K, C)>,
) -> Result<(), ()> {
    while !bytes.is_empty() {
        let (low, rest) = bytes.split_at_checked(K::BYTES).ok_or(())?;
        bytes = rest;
        let c = C::take(&mut bytes).ok_or(())?;
        out.push((K::from_bits(as_u128(low)), c));
    }
    Ok(())
}

/// Appends `encoded` (the bytes of `states` entries) to `file`.
pub(crate) fn write(file: &Arc<SpillFile>, encoded: &[u8], states: u64) -> io::Result<Segment> {
    let at = file.append(encoded)?;
    Ok(Segment {
        file: Arc::clone(file),
        at,
        bytes: encoded.len() as u64,
        states,
    })
}

#[cfg(unix)]
fn write_all_at(file: &File, bytes: &[u8], at: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::write_all_at(file, bytes, at)
}

#[cfg(unix)]
fn read_exact_at(file: &File, buffer: &mut [u8], at: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buffer, at)
}

#[cfg(windows)]
fn write_all_at(file: &File, mut bytes: &[u8], mut at: u64) -> io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !bytes.is_empty() {
        let n = file.seek_write(bytes, at)?;
        if n == 0 {
            return Err(io::ErrorKind::WriteZero.into());
        }
        bytes = &bytes[n..];
        at += n as u64;
    }
    Ok(())
}

#[cfg(windows)]
fn read_exact_at(file: &File, mut buffer: &mut [u8], mut at: u64) -> io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !buffer.is_empty() {
        let n = file.seek_read(buffer, at)?;
        if n == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        buffer = &mut buffer[n..];
        at += n as u64;
    }
    Ok(())
}

/// Elsewhere (WebAssembly in a browser) there is no file to spill into: the count says so and
/// stops, as when the disk is full.
#[cfg(not(any(unix, windows)))]
fn write_all_at(_: &File, _: &[u8], _: u64) -> io::Result<()> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "no file system here to spill the count's tables into",
    ))
}

#[cfg(not(any(unix, windows)))]
fn read_exact_at(_: &File, _: &mut [u8], _: u64) -> io::Result<()> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "no file system here to read the count's tables from",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counts::{Residue, Upper, U256};
    use crate::keys::Key128;
    use num_bigint::BigUint;
    use proptest::prelude::*;

    /// `entries`, sorted by key with no key twice, through [`encode`] and [`decode`].
    fn round_trip<K: Key, C: Count + PartialEq + std::fmt::Debug>(entries: &[(K, C)]) {
        let bytes = encode(entries);
        let mut back = Vec::new();
        decode(&bytes, &mut back).unwrap();
        assert_eq!(back, entries);
        // The two ways write the same bytes and read them the same.
        assert_eq!(encode_bytes(entries), bytes);
        let mut back = Vec::new();
        decode_bytes(&bytes, &mut back).unwrap();
        assert_eq!(back, entries);
        // Cut anywhere inside, the bytes are refused or read as fewer entries, never as
        // different ones.
        for cut in [1, bytes.len() / 2, bytes.len().saturating_sub(1)] {
            if cut == 0 || cut >= bytes.len() {
                continue;
            }
            let mut partial = Vec::new();
            if decode(&bytes[..cut], &mut partial).is_ok() {
                assert!(partial.len() < entries.len());
                assert_eq!(partial, entries[..partial.len()]);
            }
        }
    }

    fn sorted<K: Ord + Copy, C>(mut entries: Vec<(K, C)>) -> Vec<(K, C)> {
        entries.sort_by_key(|e| e.0);
        entries.dedup_by_key(|e| e.0);
        entries
    }

    proptest! {
        /// Every key and count type comes back as it was: keys near each other and far apart,
        /// counts of every length, zero and the largest.
        #[test]
        fn compact_entries_read_back(
            keys in prop::collection::vec(any::<u64>(), 0..60),
            near in prop::collection::vec(0u64..300, 0..60),
            counts in prop::collection::vec((any::<u128>(), any::<u128>(), 0u32..130), 120),
        ) {
            let all_keys: Vec<u64> = keys.iter().copied().chain(near.iter().map(|n| (7 << 40) + n)).collect();
            let count = |i: usize| counts[i % counts.len()];
            // A count of each length: shifted right by up to 129 bits (0 at the end).
            let small = |i: usize| {
                let (a, _, shift) = count(i);
                a.checked_shr(shift).unwrap_or(0)
            };
            round_trip(&sorted(all_keys.iter().enumerate().map(|(i, &k)| (k, small(i) as u64)).collect()));
            round_trip(&sorted(all_keys.iter().enumerate().map(|(i, &k)| (k, small(i))).collect()));
            let wide: Vec<(Key128, U256)> = all_keys
                .iter()
                .enumerate()
                .map(|(i, &k)| {
                    let key = Key128::default().with(0, (k % 16) as u8).with(25, (k >> 60) as u8);
                    let (a, b, shift) = count(i);
                    (key, U256::from_big(&(((BigUint::from(a) << 128u32) + b) >> shift)))
                })
                .collect();
            let wide_keys: Vec<(Key128, u128)> =
                wide.iter().enumerate().map(|(i, (k, _))| (*k, small(i))).collect();
            round_trip(&sorted(wide));
            round_trip(&sorted(wide_keys));
            let big: Vec<(u64, BigUint)> = all_keys
                .iter()
                .enumerate()
                .map(|(i, &k)| {
                    let (a, b, shift) = count(i);
                    (k, ((BigUint::from(a) << (200 + shift)) * b) >> (2 * shift))
                })
                .collect();
            round_trip(&sorted(big));
            let residues: Vec<(u64, Residue)> = all_keys
                .iter()
                .enumerate()
                .map(|(i, &k)| (k, Residue::from_small(small(i) % (1 << 62))))
                .collect();
            round_trip(&sorted(residues));
            let uppers: Vec<(u64, Upper)> = all_keys
                .iter()
                .enumerate()
                .map(|(i, &k)| (k, Upper::from_small(small(i))))
                .collect();
            round_trip(&sorted(uppers));
        }
    }

    /// Keys that differ only in their lowest byte or not at all, and counts of more than 16
    /// bytes, take the wide header; bytes that no encoding writes are refused.
    #[test]
    fn wide_headers_and_damage() {
        let keys = [Key128::default(), Key128::default().with(1, 3)];
        let count = U256::from_big(&(BigUint::from(u128::MAX) << 100u32));
        let entries = vec![(keys[0], count), (keys[1], count)];
        let bytes = encode(&entries);
        // First entry: 16 key bytes; the second shares 15 of them.
        assert_eq!(bytes[0], WIDE_HEADER);
        assert!(bytes.iter().filter(|&&b| b == WIDE_HEADER).count() >= 2);
        round_trip(&entries);
        // Two equal keys (never written) still read back: the header says all 16 shared.
        let twice = encode(&[(keys[0], 5u64), (keys[0], 5u64)]);
        let mut back: Vec<(Key128, u64)> = Vec::new();
        decode(&twice, &mut back).unwrap();
        assert_eq!(back, [(keys[0], 5), (keys[0], 5)]);
        // A first entry that claims to share bytes with a key before it.
        let mut back: Vec<(u64, u64)> = Vec::new();
        assert!(decode(&[17, 1, 2, 3, 4, 5, 6, 7], &mut back).is_err());
        // The same far from the end, where entries are read 16 bytes at a time: a first
        // entry that shares bytes, and a later one that shares more than its key has.
        let mut far = vec![17];
        far.extend_from_slice(&[0; 40]);
        assert!(decode::<u64, u64>(&far, &mut Vec::new()).is_err());
        let mut far = encode(&[(1u64, 1u64)]);
        far.push(9 * 17);
        far.extend_from_slice(&[0; 40]);
        assert!(decode::<u64, u64>(&far, &mut Vec::new()).is_err());
        // A count longer than its type.
        let mut wide_count = vec![WIDE_HEADER, 0, 9];
        wide_count.extend_from_slice(&[1; 8 + 9]);
        assert!(decode::<u64, u64>(&wide_count, &mut Vec::new()).is_err());
        // A LEB128 length that never ends.
        assert!(decode::<u64, u64>(&[WIDE_HEADER, 0, 0x80, 0x80], &mut Vec::new()).is_err());
    }

    /// On a sorted table of dense keys and small counts, compact entries take well under half
    /// of the plain ones.
    #[test]
    fn compact_entries_are_small() {
        let entries: Vec<(u64, u64)> = (0..10_000u64)
            .map(|i| (i * 37 + (1 << 50), i % 1000))
            .collect();
        let compact = encode(&entries).len();
        let plain = entries.len() * 16;
        assert!(compact * 3 < plain, "{compact} bytes against {plain}");
        let mut back = Vec::new();
        decode_plain::<u64, u64>(
            &entries
                .iter()
                .flat_map(|(k, c)| [k.to_le_bytes(), c.to_le_bytes()].concat())
                .collect::<Vec<u8>>(),
            &mut back,
        )
        .unwrap();
        assert_eq!(back, entries);
    }

    /// Entries of every key and count type come back as they were written, from segments
    /// written by several threads into one file.
    #[test]
    fn segments_read_back_what_was_written() {
        let dir = std::env::temp_dir();
        let usage = Arc::new(DiskUse::default());
        let file = Arc::new(SpillFile::create(&dir, &usage).unwrap());
        let big: Vec<(u64, BigUint)> = (0..300u64)
            .map(|i| (i * 7, (BigUint::from(i) << (i as u32)) + 1u32))
            .collect();
        let wide: Vec<(Key128, U256)> = (0..300u64)
            .map(|i| {
                let key = Key128::default()
                    .with(3, (i % 11) as u8)
                    .with(20, (i % 7) as u8);
                (key, U256::from_big(&(BigUint::from(i + 1) << 200u32)))
            })
            .collect();
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| write(&file, &encode(&big), big.len() as u64).unwrap());
            let b = s.spawn(|| write(&file, &encode(&wide), wide.len() as u64).unwrap());
            (a.join().unwrap(), b.join().unwrap())
        });
        let mut back_big = Vec::new();
        a.read_into(&mut back_big).unwrap();
        assert_eq!(back_big, big);
        let mut back_wide = Vec::new();
        b.read_into(&mut back_wide).unwrap();
        assert_eq!(back_wide, wide);
        assert_eq!(usage.peak(), a.bytes() + b.bytes());
        drop((a, b, file));
        assert_eq!(usage.now.load(Ordering::Relaxed), 0);
    }
}
