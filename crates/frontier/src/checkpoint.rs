//! The checkpoint file of a count ([`crate::Checkpoint`]): what the sweep needs to go on after
//! a layer, so that a count killed after hours (a node that failed, a job past its time limit)
//! goes on from there when it is run again, rather than from the start.
//!
//! Layout, little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | [`MAGIC`] |
//! | 8 | the fingerprint of the sweep ([`fingerprint`]) |
//! | 8 × 5 | layers done, count type (0..=5), bound on the counts' bits, states, peak states |
//! | 8 | peak bytes |
//! | 8 | microseconds the sweep has taken so far, over all its runs, or `u64::MAX` if not known (version 2 on) |
//! | 1 + 8 × 3 | whether the count was cut, and where ([`Cut`]) |
//! | 4 + n, 4 + n | the bound on the counts and the cycles or paths completed (big integers) |
//! | 8 + k × (4 + n) | a sweep that counts prefixes: the cycles of each layer's prefix closed so far (version 4 on; none for other sweeps) |
//! | 8 + k × (8 + 4 + n) | and the prefixes listed so far, each its layer and its cycles (version 4 on) |
//! | 8 | the number of parts |
//! | per part: 8 + 8 + n | its states, its bytes, its entries as [`crate::spill::encode`] writes them (version 3 on) |
//! | 4 | CRC-32 of every byte before it |
//!
//! The fingerprint (of the plan of the graph, the order and the ends, the key type and the
//! shard) refuses a checkpoint of another count; the CRC-32 and the lengths refuse a damaged or
//! cut-off file. A checkpoint is used whole or not at all. It is written to a file beside its
//! place, synced, and renamed over it, so a count killed while writing one leaves the one
//! before it whole.
//!
//! Older versions are still read, so that a count saved by an older pathsat goes on: version 3
//! (magic `PSATCKP3`) has no prefixes, which older versions did not count; version 2
//! (magic `PSATCKP2`) holds each entry's plain bytes ([`crate::spill::decode_plain`]), twice
//! the disk of version 3's; version 1 (`PSATCKP1`) lacks the microseconds too (its earlier
//! runs' time then unknown).

use crate::{Cut, Split};
use num_bigint::BigUint;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The first bytes of a checkpoint: its format, version 4.
pub(crate) const MAGIC: &[u8; 8] = b"PSATCKP4";

/// The first bytes of a version 3 checkpoint, which holds no prefixes.
const MAGIC_V3: &[u8; 8] = b"PSATCKP3";

/// The first bytes of a version 2 checkpoint, whose entries are plain bytes.
const MAGIC_V2: &[u8; 8] = b"PSATCKP2";

/// The microseconds saved when the time is not known (a sweep that went on from a version 1
/// checkpoint).
const UNKNOWN_TIME: u64 = u64::MAX;

/// The first bytes of a version 1 checkpoint, which does not say how long the sweep took.
const MAGIC_V1: &[u8; 8] = b"PSATCKP1";

/// The fingerprint of a sweep: FNV-1a (64 bits) of a description of everything that decides
/// its tables (the plan's `Debug` text, the key type, the shard and its dealing rule).
pub(crate) fn fingerprint(plan_text: &str, key_type: &str, split: Option<Split>) -> u64 {
    let split = split.map_or_else(String::new, |s| {
        format!("{}/{} cut {} {}", s.index, s.of, s.cut_states, s.rule())
    });
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for text in [plan_text, "\0", key_type, "\0", &split] {
        for &byte in text.as_bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

/// Everything a checkpoint holds besides the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub fingerprint: u64,
    /// Layers done.
    pub layer: u64,
    /// The count type of the table: 0 for 64 bits, 1 for 128, 2 for 256, 3 for big integers,
    /// 4 for residues, 5 for upper bounds.
    pub width: u8,
    pub bits: u64,
    pub states: u64,
    pub peak_states: u64,
    pub peak_bytes: u64,
    /// How long the sweep has taken up to the save, over all its runs; `None` when read from
    /// a version 1 checkpoint, which does not say.
    pub elapsed_us: Option<u64>,
    pub cut: Option<Cut>,
    /// Whether the parts hold plain entries ([`crate::spill::decode_plain`]): read from a
    /// version 1 or 2 checkpoint. Written checkpoints are of version 3, compact.
    pub plain_entries: bool,
    pub sum: BigUint,
    pub total: BigUint,
    /// A sweep that counts prefixes: the cycles closed so far of the prefix of each layer's
    /// vertices, not yet listed (empty for other sweeps, and read from older versions).
    pub pending: Vec<BigUint>,
    /// The prefixes listed so far: their layers and cycles.
    pub listed: Vec<(u64, BigUint)>,
    pub parts: u64,
}

/// A checkpoint being written, to a file beside its place.
pub(crate) struct Writer {
    out: BufWriter<File>,
    crc: crc32fast::Hasher,
    partial: PathBuf,
    place: PathBuf,
}

/// The file a checkpoint is written to before it is renamed to `place`.
pub(crate) fn partial_path(place: &Path) -> PathBuf {
    let mut name = place.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

impl Writer {
    /// Starts a checkpoint that [`Writer::finish`] puts at `place`.
    pub(crate) fn create(place: &Path, header: &Header) -> io::Result<Writer> {
        let partial = partial_path(place);
        let mut writer = Writer {
            out: BufWriter::with_capacity(1 << 20, File::create(&partial)?),
            crc: crc32fast::Hasher::new(),
            partial,
            place: place.to_path_buf(),
        };
        writer.put(MAGIC)?;
        writer.put_u64(header.fingerprint)?;
        for n in [header.layer, u64::from(header.width), header.bits] {
            writer.put_u64(n)?;
        }
        for n in [header.states, header.peak_states, header.peak_bytes] {
            writer.put_u64(n)?;
        }
        writer.put_u64(header.elapsed_us.unwrap_or(UNKNOWN_TIME))?;
        let cut = header.cut.unwrap_or_default();
        writer.put(&[u8::from(header.cut.is_some())])?;
        for n in [cut.layer as u64, cut.states, cut.kept] {
            writer.put_u64(n)?;
        }
        writer.put_big(&header.sum)?;
        writer.put_big(&header.total)?;
        writer.put_u64(header.pending.len() as u64)?;
        for big in &header.pending {
            writer.put_big(big)?;
        }
        writer.put_u64(header.listed.len() as u64)?;
        for (layer, cycles) in &header.listed {
            writer.put_u64(*layer)?;
            writer.put_big(cycles)?;
        }
        writer.put_u64(header.parts)?;
        Ok(writer)
    }

    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.crc.update(bytes);
        self.out.write_all(bytes)
    }

    fn put_u64(&mut self, n: u64) -> io::Result<()> {
        self.put(&n.to_le_bytes())
    }

    fn put_big(&mut self, big: &BigUint) -> io::Result<()> {
        let bytes = big.to_bytes_le();
        let len = u32::try_from(bytes.len()).map_err(io::Error::other)?;
        self.put(&len.to_le_bytes())?;
        self.put(&bytes)
    }

    /// Appends a part: `states` entries, encoded as the table files hold them.
    pub(crate) fn part(&mut self, states: u64, encoded: &[u8]) -> io::Result<()> {
        self.put_u64(states)?;
        self.put_u64(encoded.len() as u64)?;
        self.put(encoded)
    }

    /// Ends the checkpoint with its CRC, syncs it to the disk, and puts it in its place.
    pub(crate) fn finish(self) -> io::Result<()> {
        let Writer {
            mut out,
            crc,
            partial,
            place,
        } = self;
        out.write_all(&crc.finalize().to_le_bytes())?;
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&partial, &place)?;
        // The rename itself is durable once the directory is synced (where that can be done).
        if let Some(dir) = place.parent().filter(|d| !d.as_os_str().is_empty()) {
            if let Ok(dir) = File::open(dir) {
                let _ = dir.sync_all();
            }
        }
        Ok(())
    }
}

/// A checkpoint being read. Every read is checked against the bytes left, and
/// [`Reader::finish`] against the CRC, so a damaged file is refused, never half-used.
pub(crate) struct Reader {
    input: BufReader<File>,
    crc: crc32fast::Hasher,
    /// Bytes left before the CRC.
    left: u64,
}

/// Why a checkpoint file cannot be used.
pub(crate) const DAMAGED: &str = "is damaged or cut off (its length or checksum is wrong)";

impl Reader {
    /// Opens the checkpoint at `place`: `None` if there is none.
    pub(crate) fn open(place: &Path) -> io::Result<Option<Reader>> {
        let file = match File::open(place) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let len = file.metadata()?.len();
        Ok(Some(Reader {
            input: BufReader::with_capacity(1 << 20, file),
            crc: crc32fast::Hasher::new(),
            left: len.saturating_sub(4),
        }))
    }

    fn get(&mut self, buffer: &mut [u8]) -> Result<(), String> {
        if (buffer.len() as u64) > self.left {
            return Err(DAMAGED.to_string());
        }
        self.input
            .read_exact(buffer)
            .map_err(|e| format!("cannot be read: {e}"))?;
        self.left -= buffer.len() as u64;
        self.crc.update(buffer);
        Ok(())
    }

    fn get_u64(&mut self) -> Result<u64, String> {
        let mut bytes = [0; 8];
        self.get(&mut bytes)?;
        Ok(u64::from_le_bytes(bytes))
    }

    /// A number of items of at least `bytes` bytes each: damaged if the file is too short
    /// for them.
    fn get_count(&mut self, bytes: u64) -> Result<u64, String> {
        let n = self.get_u64()?;
        if n.saturating_mul(bytes) > self.left {
            return Err(DAMAGED.to_string());
        }
        Ok(n)
    }

    fn get_big(&mut self) -> Result<BigUint, String> {
        let mut len = [0; 4];
        self.get(&mut len)?;
        let mut bytes = vec![0; u32::from_le_bytes(len) as usize];
        if bytes.len() as u64 > self.left {
            return Err(DAMAGED.to_string());
        }
        self.get(&mut bytes)?;
        Ok(BigUint::from_bytes_le(&bytes))
    }

    /// The header: an error if the file is not a checkpoint.
    pub(crate) fn header(&mut self) -> Result<Header, String> {
        let mut magic = [0; 8];
        self.get(&mut magic)
            .map_err(|_| "is not a pathsat checkpoint".to_string())?;
        let version_1 = &magic == MAGIC_V1;
        let plain_entries = version_1 || &magic == MAGIC_V2;
        let has_prefixes = &magic == MAGIC;
        if !has_prefixes && !plain_entries && &magic != MAGIC_V3 {
            return Err("is not a pathsat checkpoint".to_string());
        }
        let fingerprint = self.get_u64()?;
        let layer = self.get_u64()?;
        let width = u8::try_from(self.get_u64()?)
            .ok()
            .filter(|w| *w <= 5)
            .ok_or_else(|| DAMAGED.to_string())?;
        let bits = self.get_u64()?;
        let states = self.get_u64()?;
        let peak_states = self.get_u64()?;
        let peak_bytes = self.get_u64()?;
        let elapsed_us = if version_1 {
            None
        } else {
            Some(self.get_u64()?).filter(|&us| us != UNKNOWN_TIME)
        };
        let mut was_cut = [0];
        self.get(&mut was_cut)?;
        let cut = Cut {
            layer: usize::try_from(self.get_u64()?).map_err(|_| DAMAGED.to_string())?,
            states: self.get_u64()?,
            kept: self.get_u64()?,
        };
        let sum = self.get_big()?;
        let total = self.get_big()?;
        let (mut pending, mut listed) = (Vec::new(), Vec::new());
        if has_prefixes {
            for _ in 0..self.get_count(4)? {
                pending.push(self.get_big()?);
            }
            for _ in 0..self.get_count(12)? {
                listed.push((self.get_u64()?, self.get_big()?));
            }
        }
        Ok(Header {
            fingerprint,
            layer,
            width,
            bits,
            states,
            peak_states,
            peak_bytes,
            elapsed_us,
            cut: (was_cut[0] != 0).then_some(cut),
            plain_entries,
            sum,
            total,
            pending,
            listed,
            parts: self.get_u64()?,
        })
    }

    /// The header of the next part: its states and the bytes of its entries, which
    /// [`Reader::read`] reads next.
    pub(crate) fn part_len(&mut self) -> Result<(u64, u64), String> {
        let states = self.get_u64()?;
        let len = self.get_u64()?;
        if len > self.left {
            return Err(DAMAGED.to_string());
        }
        Ok((states, len))
    }

    /// Fills `buffer` from the file.
    pub(crate) fn read(&mut self, buffer: &mut [u8]) -> Result<(), String> {
        self.get(buffer)
    }

    /// The next part: its states and its encoded entries.
    #[cfg(test)]
    fn part(&mut self) -> Result<(u64, Vec<u8>), String> {
        let (states, len) = self.part_len()?;
        let mut bytes = vec![0; usize::try_from(len).map_err(|_| DAMAGED.to_string())?];
        self.read(&mut bytes)?;
        Ok((states, bytes))
    }

    /// Checks that the file ends here with the CRC of what was read.
    pub(crate) fn finish(mut self) -> Result<(), String> {
        let mut crc = [0; 4];
        if self.left != 0 || self.input.read_exact(&mut crc).is_err() {
            return Err(DAMAGED.to_string());
        }
        if u32::from_le_bytes(crc) != self.crc.finalize() {
            return Err(DAMAGED.to_string());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitBy;

    fn header() -> Header {
        Header {
            fingerprint: 0x1234_5678_9abc_def0,
            layer: 17,
            width: 2,
            bits: 190,
            states: 3,
            peak_states: 99,
            peak_bytes: 4096,
            elapsed_us: Some(86_400_123),
            cut: Some(Cut {
                layer: 9,
                states: 1000,
                kept: 250,
            }),
            plain_entries: false,
            sum: BigUint::from(3u32) << 189u32,
            total: BigUint::from(12_345u32),
            pending: vec![
                BigUint::from(7u32),
                BigUint::ZERO,
                BigUint::from(1u32) << 100u32,
            ],
            listed: vec![(4, BigUint::from(9_862u32)), (6, BigUint::ZERO)],
            parts: 2,
        }
    }

    fn write(place: &Path) {
        write_header(place, &header());
    }

    fn write_header(place: &Path, header: &Header) {
        let mut writer = Writer::create(place, header).unwrap();
        writer.part(2, &[1; 32]).unwrap();
        writer.part(1, &[2; 16]).unwrap();
        writer.finish().unwrap();
    }

    /// What is written is read back; a file cut short or with one byte changed is refused.
    #[test]
    fn a_checkpoint_reads_back_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let place = dir.path().join("count.checkpoint");
        assert!(Reader::open(&place).unwrap().is_none());
        write(&place);
        assert!(!partial_path(&place).exists());
        let mut reader = Reader::open(&place).unwrap().unwrap();
        assert_eq!(reader.header().unwrap(), header());
        assert_eq!(reader.part().unwrap(), (2, vec![1; 32]));
        assert_eq!(reader.part().unwrap(), (1, vec![2; 16]));
        reader.finish().unwrap();

        let bytes = std::fs::read(&place).unwrap();
        let read_all = |bytes: &[u8]| -> Result<(), String> {
            std::fs::write(&place, bytes).unwrap();
            let mut reader = Reader::open(&place).unwrap().unwrap();
            let header = reader.header()?;
            for _ in 0..header.parts {
                reader.part()?;
            }
            reader.finish()
        };
        for cut_at in [0, 5, 40, bytes.len() - 20, bytes.len() - 1] {
            assert!(read_all(&bytes[..cut_at]).is_err(), "cut at {cut_at}");
        }
        for flip in [20, 100, bytes.len() - 30, bytes.len() - 2] {
            let mut changed = bytes.clone();
            changed[flip] ^= 0x10;
            assert!(read_all(&changed).is_err(), "byte {flip} changed");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(read_all(&longer).is_err());
        assert!(read_all(&bytes).is_ok());
        std::fs::write(&place, b"not a checkpoint at all").unwrap();
        let error = Reader::open(&place).unwrap().unwrap().header().unwrap_err();
        assert_eq!(error, "is not a pathsat checkpoint");
    }

    /// A version 3 checkpoint (no prefixes), a version 2 checkpoint (plain entries) and a
    /// version 1 checkpoint (plain entries, written before the time was saved) are read as they
    /// were written, their entries marked plain.
    #[test]
    fn older_checkpoints_are_still_read() {
        let dir = tempfile::tempdir().unwrap();
        let place = dir.path().join("count.checkpoint");
        let without_prefixes = Header {
            pending: Vec::new(),
            listed: Vec::new(),
            ..header()
        };
        write_header(&place, &without_prefixes);
        let v4 = std::fs::read(&place).unwrap();
        let with_crc = |mut bytes: Vec<u8>| {
            let crc = crc32fast::hash(&bytes);
            bytes.extend_from_slice(&crc.to_le_bytes());
            bytes
        };
        // Version 3: no prefix counts (two zero lengths) before the number of parts, which
        // the parts (8 + 8 + 32 and 8 + 8 + 16 bytes) and the CRC follow.
        let prefixes_at = v4.len() - 4 - 80 - 8 - 16;
        assert_eq!(v4[prefixes_at..prefixes_at + 16], [0; 16]);
        let mut v3 = MAGIC_V3.to_vec();
        v3.extend_from_slice(&v4[8..prefixes_at]);
        v3.extend_from_slice(&v4[prefixes_at + 16..v4.len() - 4]);
        std::fs::write(&place, with_crc(v3.clone())).unwrap();
        let mut reader = Reader::open(&place).unwrap().unwrap();
        assert_eq!(reader.header().unwrap(), without_prefixes);
        assert_eq!(reader.part().unwrap(), (2, vec![1; 32]));
        assert_eq!(reader.part().unwrap(), (1, vec![2; 16]));
        reader.finish().unwrap();
        // Version 2: the same layout under its own magic.
        let mut v2 = MAGIC_V2.to_vec();
        v2.extend_from_slice(&v3[8..]);
        // Version 1: no microseconds after the peak bytes (at 8 + 8 + 5 × 8 + 8).
        let mut v1 = MAGIC_V1.to_vec();
        v1.extend_from_slice(&v3[8..64]);
        assert_eq!(v3[64..72], 86_400_123u64.to_le_bytes());
        v1.extend_from_slice(&v3[72..]);
        for (bytes, elapsed_us) in [(v2, Some(86_400_123)), (v1, None)] {
            std::fs::write(&place, with_crc(bytes)).unwrap();
            let mut reader = Reader::open(&place).unwrap().unwrap();
            let read = reader.header().unwrap();
            assert_eq!(
                read,
                Header {
                    elapsed_us,
                    plain_entries: true,
                    ..without_prefixes.clone()
                }
            );
            assert_eq!(reader.part().unwrap(), (2, vec![1; 32]));
            assert_eq!(reader.part().unwrap(), (1, vec![2; 16]));
            reader.finish().unwrap();
        }
    }

    /// Sweeps that differ in their plan, key type, shard or split have different fingerprints.
    #[test]
    fn fingerprints_tell_counts_apart() {
        let split = |index| Split {
            index,
            of: 4,
            cut_states: 1000,
            by: SplitBy::States,
        };
        let prints = [
            fingerprint("plan a", "u64", None),
            fingerprint("plan b", "u64", None),
            fingerprint("plan a", "u128", None),
            fingerprint("plan a", "u64", Some(split(0))),
            fingerprint("plan a", "u64", Some(split(1))),
            fingerprint(
                "plan a",
                "u64",
                Some(Split {
                    by: SplitBy::Residues,
                    ..split(1)
                }),
            ),
        ];
        for (i, a) in prints.iter().enumerate() {
            for b in &prints[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(prints[0], fingerprint("plan a", "u64", None));
    }
}
