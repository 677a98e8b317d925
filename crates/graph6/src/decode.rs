//! Reading one line: graph6 or sparse6, as its first byte says.

use crate::size::{bad_byte, first_bad_byte, read_size};
use crate::{Decoded, Encoding, LineError};

/// Decodes one line (without its newline; a trailing `\r` is tolerated) into `edges`, which is
/// cleared first: graph6, or sparse6 when the line starts with `:`, after an optional
/// `>>graph6<<` or `>>sparse6<<` header (columns count it). The edges are numbered
/// from 0, each `(min, max)`, in the order of the line (graph6: by larger end, then smaller;
/// sparse6: as written, loops and repeated edges included).
///
/// # Errors
/// A [`LineError`] with the 1-based column (in bytes) of the first mistake, as the crate's
/// documentation lists them.
pub fn decode_into(line: &[u8], edges: &mut Vec<(usize, usize)>) -> Result<Decoded, LineError> {
    edges.clear();
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    // A header before the graph (as nauty writes the first line of a file) is taken off here
    // too, for callers that read lines without [`crate::Lines`].
    for header in [Encoding::Graph6.header(), Encoding::Sparse6.header()] {
        if let Some(graph) = line.strip_prefix(header.as_bytes()) {
            return decode_line(graph, edges).map_err(|e| LineError {
                column: e.column + header.len(),
                ..e
            });
        }
    }
    decode_line(line, edges)
}

fn decode_line(line: &[u8], edges: &mut Vec<(usize, usize)>) -> Result<Decoded, LineError> {
    match line.first() {
        None => Err(LineError::new(
            1,
            "an empty line: expected a graph in graph6 or sparse6",
        )),
        Some(b':') => sparse6(line, edges),
        Some(b';') => Err(LineError::new(
            1,
            "incremental sparse6 (a line starting with ';' is a graph written as its \
             differences from the line before): not read here, each line must be a whole graph \
             in graph6 or sparse6 (nauty's copyg -s writes plain sparse6)",
        )),
        Some(b'&') => Err(LineError::new(
            1,
            "digraph6 (a line starting with '&' is a directed graph): not read here, graph6 and \
             sparse6 are undirected graphs",
        )),
        Some(b'>') if line.starts_with(b">>digraph6<<") => Err(LineError::new(
            1,
            "the header >>digraph6<< starts a file of directed graphs (digraph6): not read \
             here, graph6 and sparse6 are undirected graphs",
        )),
        Some(b'>') if line.starts_with(b">>") => Err(LineError::new(
            1,
            format!(
                "an unknown header {:?}: nauty's headers of undirected graphs are >>graph6<< \
                 and >>sparse6<<",
                String::from_utf8_lossy(header_word(line))
            ),
        )),
        Some(_) => graph6(line, edges),
    }
}

/// The header word at the start of a line that starts with `>>`: up to `<<`, or the whole
/// line when it has none (at most 20 bytes of it).
fn header_word(line: &[u8]) -> &[u8] {
    let end = line
        .windows(2)
        .position(|w| w == b"<<")
        .map_or(line.len(), |p| p + 2);
    &line[..end.min(20)]
}

fn graph6(line: &[u8], edges: &mut Vec<(usize, usize)>) -> Result<Decoded, LineError> {
    let (n, start) = read_size(line, 0, Encoding::Graph6)?;
    let data = &line[start..];
    if let Some(bad) = first_bad_byte(data) {
        return Err(bad_byte(line, start + bad, Encoding::Graph6));
    }
    // n <= MAX_VERTICES: the bits fit in a usize with room to spare.
    let bits = n * n.saturating_sub(1) / 2;
    let need = bits.div_ceil(6);
    if data.len() < need {
        return Err(LineError::new(
            line.len() + 1,
            format!(
                "the line ends after {} bytes of edges: a graph6 graph of {n} vertices has {need}",
                data.len()
            ),
        ));
    }
    if data.len() > need {
        let extra = data.len() - need;
        return Err(LineError::new(
            start + need + 1,
            format!(
                "{extra} byte{} too many: a graph6 graph of {n} vertices has {need} bytes of \
                 edges after its size",
                if extra == 1 { "" } else { "s" }
            ),
        ));
    }
    // Bit p of the triangle is x(i, j) for p = j(j-1)/2 + i, i < j: `column` is j(j-1)/2 for
    // the current j, which only grows, as the set bits are visited in order.
    let (mut j, mut column) = (1usize, 0usize);
    for (k, &c) in data.iter().enumerate() {
        let mut group = u32::from(c - 63);
        while group != 0 {
            let lead = group.leading_zeros() - 26;
            group ^= 32 >> lead;
            let p = 6 * k + lead as usize;
            if p >= bits {
                break; // padding, unchecked as nauty leaves it
            }
            while p >= column + j {
                column += j;
                j += 1;
            }
            edges.push((p - column, j));
        }
    }
    Ok(Decoded {
        n,
        encoding: Encoding::Graph6,
    })
}

/// The number of bits of `n - 1` (0 for n <= 1): the width of a vertex in sparse6.
pub(crate) fn vertex_bits(n: usize) -> u32 {
    usize::BITS - n.saturating_sub(1).leading_zeros()
}

fn sparse6(line: &[u8], edges: &mut Vec<(usize, usize)>) -> Result<Decoded, LineError> {
    let (n, start) = read_size(line, 1, Encoding::Sparse6)?;
    let data = &line[start..];
    if let Some(bad) = first_bad_byte(data) {
        return Err(bad_byte(line, start + bad, Encoding::Sparse6));
    }
    let k = vertex_bits(n);
    let last = data.len().saturating_sub(1);
    // The bits not yet read are the low `have` bits of `acc`, then data[next..].
    let (mut acc, mut have, mut next) = (0u64, 0u32, 0usize);
    let mut v = 0usize;
    loop {
        while have < k + 1 && next < data.len() {
            acc = (acc << 6) | u64::from(data[next] - 63);
            have += 6;
            next += 1;
        }
        // The byte the pair starts in.
        let first = (6 * next - have as usize) / 6;
        if have < k + 1 {
            if have > 0 && first < last {
                return Err(LineError::new(
                    start + first + 1,
                    format!(
                        "the edges end in a pair cut short that starts before the last byte: \
                         the line has bytes too many or too few for a sparse6 graph of {n} \
                         vertices"
                    ),
                ));
            }
            break;
        }
        have -= 1;
        v += ((acc >> have) & 1) as usize;
        have -= k;
        let x = ((acc >> have) & ((1u64 << k) - 1)) as usize;
        acc &= (1u64 << have) - 1;
        if x > v {
            v = x;
        } else if v < n {
            edges.push((x, v));
        }
        if v >= n {
            // The padding, which must be in the last byte: nothing is read after it.
            if first < last {
                return Err(LineError::new(
                    start + first + 1,
                    format!(
                        "the edges go past the last vertex of this sparse6 graph of {n} \
                         vertices before the line's last byte: the line has bytes too many"
                    ),
                ));
            }
            break;
        }
    }
    Ok(Decoded {
        n,
        encoding: Encoding::Sparse6,
    })
}
