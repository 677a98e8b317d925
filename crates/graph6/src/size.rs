//! `N(n)`, the number of vertices at the start of a line, and the bytes of both formats.

use crate::{Encoding, LineError, MAX_VERTICES};

/// The largest `n` that `N(n)` can write: 2^36 - 1.
pub(crate) const MAX_N: u64 = (1 << 36) - 1;

/// The index of the first byte of `data` outside `?` (63) to `~` (126), if any.
pub(crate) fn first_bad_byte(data: &[u8]) -> Option<usize> {
    data.iter().position(|&c| c.wrapping_sub(63) > 63)
}

/// The error of the byte `line[index]`, which is not one of the format's.
pub(crate) fn bad_byte(line: &[u8], index: usize, encoding: Encoding) -> LineError {
    let byte = line[index];
    let shown = match byte {
        b' ' => "a space".to_string(),
        b'\t' => "a tab".to_string(),
        b'\r' => "a carriage return".to_string(),
        b'\'' => "a quote (')".to_string(),
        _ if byte.is_ascii_graphic() => format!("'{}'", byte as char),
        _ => format!("the byte 0x{byte:02X}"),
    };
    LineError::new(
        index + 1,
        format!(
            "{shown} is not a {encoding} character: {encoding} is written in the characters \
             '?' to '~' (bytes 63 to 126)"
        ),
    )
}

/// Reads `N(n)` at `line[at..]`: the number of vertices and the index after it. Refuses a
/// byte outside the format's, an `N(n)` cut short and more than [`MAX_VERTICES`] vertices.
pub(crate) fn read_size(
    line: &[u8],
    at: usize,
    encoding: Encoding,
) -> Result<(usize, usize), LineError> {
    let Some(&first) = line.get(at) else {
        return Err(LineError::new(
            at + 1,
            format!("the line ends before the number of vertices that starts a {encoding} graph"),
        ));
    };
    if first_bad_byte(&[first]).is_some() {
        return Err(bad_byte(line, at, encoding));
    }
    if first != b'~' {
        return Ok((usize::from(first - 63), at + 1));
    }
    let (start, bytes, form) = if line.get(at + 1) == Some(&b'~') {
        (at + 2, 6, "'~~' and 6 bytes")
    } else {
        (at + 1, 3, "'~' and 3 bytes")
    };
    let end = start + bytes;
    if let Some(bad) = first_bad_byte(&line[start..end.min(line.len())]) {
        return Err(bad_byte(line, start + bad, encoding));
    }
    if line.len() < end {
        return Err(LineError::new(
            line.len() + 1,
            format!(
                "the number of vertices is cut short: it is {form}, and the line ends after {}",
                line.len() - start
            ),
        ));
    }
    let n = line[start..end]
        .iter()
        .fold(0u64, |n, &c| (n << 6) | u64::from(c - 63));
    // Counted in 64 bits: six bytes hold 36, more than a 32-bit usize (WebAssembly).
    let n = match usize::try_from(n) {
        Ok(n) if n <= MAX_VERTICES => n,
        _ => {
            return Err(LineError::new(
                at + 1,
                format!("{n} vertices: pathsat reads graphs of at most {MAX_VERTICES} vertices"),
            ))
        }
    };
    Ok((n, end))
}

/// Writes `N(n)`.
///
/// # Panics
/// When `n` is more than 2^36 - 1, which neither format can write.
pub(crate) fn write_size(out: &mut String, n: usize) {
    assert!(
        n as u64 <= MAX_N,
        "{n} vertices: graph6 and sparse6 write at most 2^36 - 1"
    );
    let bytes = match n {
        0..=62 => 1,
        63..=258_047 => {
            out.push('~');
            3
        }
        _ => {
            out.push_str("~~");
            6
        }
    };
    for i in (0..bytes).rev() {
        out.push(char::from(63 + ((n >> (6 * i)) & 63) as u8));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(n: usize) -> String {
        let mut s = String::new();
        write_size(&mut s, n);
        s
    }

    #[test]
    fn the_examples_of_formats_txt() {
        assert_eq!(written(30), "]");
        assert_eq!(written(12345).as_bytes(), &[126, 66, 63, 120]);
        assert_eq!(
            written(460_175_067).as_bytes(),
            &[126, 126, 63, 90, 90, 90, 90, 90]
        );
        assert_eq!(
            read_size(&[126, 66, 63, 120], 0, Encoding::Graph6),
            Ok((12345, 4))
        );
    }

    #[test]
    fn the_three_forms_meet_at_62_and_258047() {
        assert_eq!(written(62), "}");
        assert_eq!(written(63), "~??~");
        assert_eq!(written(258_047), "~}~~");
        assert_eq!(written(258_048), "~~???~??");
        for n in [0, 1, 62, 63, 64, 4095, 4096, 258_047, 258_048, MAX_VERTICES] {
            let s = written(n);
            assert_eq!(
                read_size(s.as_bytes(), 0, Encoding::Graph6),
                Ok((n, s.len())),
                "{n}"
            );
        }
        assert_eq!(written(MAX_N as usize), "~~~~~~~~");
    }

    #[test]
    fn a_size_cut_short_or_too_large_is_refused_at_its_column() {
        let e = read_size(b"~?", 0, Encoding::Graph6).unwrap_err();
        assert_eq!(
            e.to_string(),
            "column 3: the number of vertices is cut short: it is '~' and 3 bytes, and the line \
             ends after 1"
        );
        let e = read_size(b":~~???", 1, Encoding::Sparse6).unwrap_err();
        assert_eq!(e.column, 7);
        let e = read_size(b"~~?@????", 0, Encoding::Graph6).unwrap_err();
        assert_eq!(
            e.to_string(),
            "column 1: 16777216 vertices: pathsat reads graphs of at most 1000000 vertices"
        );
        let e = read_size(b"~? A", 0, Encoding::Graph6).unwrap_err();
        assert_eq!(e.column, 3);
        assert!(e.message.starts_with("a space is not a graph6 character"));
        let e = read_size(b":", 1, Encoding::Sparse6).unwrap_err();
        assert_eq!(e.column, 2);
    }
}
