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
//! Entries are written as their keys' and counts' little-endian bytes ([`Key::put`],
//! [`Count::put`]), so a table on disk takes about as many bytes as in memory.

use crate::counts::Count;
use crate::keys::Key;
use std::fs::File;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

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

/// Appends the entries [`encode`] wrote in `bytes` to `out`; `Err` if `bytes` ends in the
/// middle of one.
pub(crate) fn decode<K: Key, C: Count>(mut bytes: &[u8], out: &mut Vec<(K, C)>) -> Result<(), ()> {
    while !bytes.is_empty() {
        match (K::take(&mut bytes), C::take(&mut bytes)) {
            (Some(k), Some(c)) => out.push((k, c)),
            _ => return Err(()),
        }
    }
    Ok(())
}

/// The bytes of `entries`, as [`Segment::read_into`] reads them.
pub(crate) fn encode<K: Key, C: Count>(entries: &[(K, C)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(std::mem::size_of_val(entries));
    for (k, c) in entries {
        k.put(&mut out);
        c.put(&mut out);
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counts::U256;
    use crate::keys::Key128;
    use num_bigint::BigUint;

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
