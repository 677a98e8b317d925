//! # Reports as JSON text
//!
//! Every report as the front ends print it: indented, one object, a newline after it, counts as
//! exact numbers however long (see `pathsat-bigcount`). One writer, so that `pathsat solve
//! --format json`, a batch report and the web API's bodies are the same text.

use serde::Serialize;
use std::io::{self, BufWriter, Write};

/// Writes `report` as indented JSON and a newline. A failure to write keeps its kind, so that
/// a closed pipe stays a closed pipe for the caller to recognise.
pub fn write_json(out: &mut dyn Write, report: &impl Serialize) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    serde_json::to_writer_pretty(&mut out, report).map_err(|e| match e.io_error_kind() {
        Some(kind) => io::Error::from(kind),
        None => io::Error::other(e),
    })?;
    writeln!(out)?;
    out.flush()
}
