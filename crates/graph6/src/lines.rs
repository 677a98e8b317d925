//! The lines of a file of graphs: headers taken off, blank lines skipped, one buffer reused.

use crate::Encoding;
use std::io::{self, BufRead};

/// The graph lines of a stream in graph6 or sparse6, numbered from 1 as the file's lines are.
///
/// Each line comes without its end of line (`\n`, or `\r\n`). A `>>graph6<<` or `>>sparse6<<`
/// header is taken off wherever a line starts with it (nauty writes it at the start of the
/// file, directly before the first graph; a line may also be the header alone), and
/// [`Lines::header`] tells the first one seen, so that a filter can write it back. Lines that
/// are empty or hold only spaces and tabs are skipped.
///
/// [`Lines::next_line`] reads into a buffer the caller keeps, with no allocation once the
/// buffer has grown to the longest line; the [`Iterator`] gives each line its own vector.
///
/// ```
/// use pathsat_graph6::{Encoding, Lines};
///
/// let mut lines = Lines::new(&b">>graph6<<IheA@GUAo\n\nDQc\n"[..]);
/// let mut buf = Vec::new();
/// assert_eq!(lines.next_line(&mut buf)?, Some(1));
/// assert_eq!((buf.as_slice(), lines.offset()), (&b"IheA@GUAo"[..], 10));
/// assert_eq!(lines.next_line(&mut buf)?, Some(3));
/// assert_eq!((buf.as_slice(), lines.offset()), (&b"DQc"[..], 0));
/// assert_eq!(lines.next_line(&mut buf)?, None);
/// assert_eq!(lines.header(), Some(Encoding::Graph6));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Lines<R: BufRead> {
    reader: R,
    line: usize,
    header: Option<Encoding>,
    offset: usize,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `reader`.
    pub fn new(reader: R) -> Self {
        Lines {
            reader,
            line: 0,
            header: None,
            offset: 0,
        }
    }

    /// The first header seen so far, if any: the format a filter writes back.
    pub fn header(&self) -> Option<Encoding> {
        self.header
    }

    /// The bytes taken off the start of the last line returned (its header): add them to a
    /// [`crate::LineError`]'s column for the column in the file.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Reads the next graph line into `buf` (cleared first), and returns its line number, or
    /// `None` at the end of the stream.
    ///
    /// # Errors
    /// The reader's.
    pub fn next_line(&mut self, buf: &mut Vec<u8>) -> io::Result<Option<usize>> {
        loop {
            buf.clear();
            if self.reader.read_until(b'\n', buf)? == 0 {
                return Ok(None);
            }
            self.line += 1;
            if buf.last() == Some(&b'\n') {
                buf.pop();
                if buf.last() == Some(&b'\r') {
                    buf.pop();
                }
            }
            let mut offset = 0;
            while buf[offset..].starts_with(b">>") {
                let encoding = [Encoding::Graph6, Encoding::Sparse6]
                    .into_iter()
                    .find(|e| buf[offset..].starts_with(e.header().as_bytes()));
                let Some(encoding) = encoding else { break };
                self.header.get_or_insert(encoding);
                offset += encoding.header().len();
            }
            if buf[offset..]
                .iter()
                .all(|&c| matches!(c, b' ' | b'\t' | b'\r'))
            {
                continue;
            }
            if offset > 0 {
                buf.drain(..offset);
            }
            self.offset = offset;
            return Ok(Some(self.line));
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    /// The line number and the line, or the reader's error.
    type Item = io::Result<(usize, Vec<u8>)>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut buf = Vec::new();
        self.next_line(&mut buf)
            .transpose()
            .map(|line| line.map(|number| (number, buf)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &[u8]) -> (Vec<(usize, String, usize)>, Option<Encoding>) {
        let mut lines = Lines::new(text);
        let mut buf = Vec::new();
        let mut found = Vec::new();
        while let Some(number) = lines.next_line(&mut buf).unwrap() {
            found.push((
                number,
                String::from_utf8(buf.clone()).unwrap(),
                lines.offset(),
            ));
        }
        (found, lines.header())
    }

    #[test]
    fn headers_blank_lines_and_line_ends() {
        let (found, header) = all(b">>sparse6<<:Fa@x^\r\n\n  \n:Fa@x^\r\n\t\r\n:Fa@x^");
        assert_eq!(
            found,
            [
                (1, ":Fa@x^".to_string(), 11),
                (4, ":Fa@x^".to_string(), 0),
                (6, ":Fa@x^".to_string(), 0),
            ]
        );
        assert_eq!(header, Some(Encoding::Sparse6));
        // A header alone on its line, and one before a later line.
        let (found, header) = all(b">>graph6<<\nDQc\n>>graph6<<DQc\n>>sparse6<<\n");
        assert_eq!(
            found,
            [(2, "DQc".to_string(), 0), (3, "DQc".to_string(), 10)]
        );
        assert_eq!(header, Some(Encoding::Graph6));
        // No header; a line of spaces is blank, but one that starts with a graph is not.
        let (found, header) = all(b"\n\nDQc \n");
        assert_eq!(found, [(3, "DQc ".to_string(), 0)]);
        assert_eq!(header, None);
        // Other headers are left to the decoder, which names them.
        let (found, _) = all(b">>digraph6<<&DI?AO?\n");
        assert_eq!(found[0].1, ">>digraph6<<&DI?AO?");
        assert_eq!(all(b"").0, []);
    }

    #[test]
    fn the_iterator_gives_the_same_lines() {
        let text = b">>graph6<<A_\n\nBW\r\n";
        let lines: Vec<(usize, Vec<u8>)> = Lines::new(&text[..]).map(Result::unwrap).collect();
        assert_eq!(lines, [(1, b"A_".to_vec()), (3, b"BW".to_vec())]);
    }
}
