//! The filter: chunks of lines read, decided in parallel, written in input order.

use crate::decide::{decide, DecideError, Decision, Fallback, Verdict};
use crate::options::{FilterOptions, Output};
use crate::write::{write_graph, write_json};
use pathsat_budget::{Budget, Stopped};
use pathsat_graph6::{decode_into, Encoding, Lines};
use rayon::prelude::*;
use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Lines decided together: enough to keep every thread busy, few enough that memory stays
/// flat and the output flows.
const CHUNK: usize = 8192;

/// The undecided graphs a summary names by line (it counts them all).
const NAMED_UNDECIDED: usize = 100;

/// How a stream went.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Graphs read (malformed lines not counted).
    pub read: u64,
    /// Graphs written (or that would have been, with [`Output::Nothing`]).
    pub kept: u64,
    /// Graphs with the property.
    pub has: u64,
    /// Graphs without it.
    pub lacks: u64,
    /// Graphs no method settled.
    pub undecided: u64,
    /// The first undecided graphs' line numbers.
    pub undecided_lines: Vec<u64>,
    /// Malformed lines skipped.
    pub malformed: u64,
    /// The header the input started with, which the output repeats.
    pub header: Option<Encoding>,
    /// Time since the stream started.
    pub elapsed: Duration,
    /// What stopped the stream before its end.
    pub stopped: Option<Stopped>,
}

/// Why a stream stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A malformed line (without [`FilterOptions::skip_malformed`]).
    #[error("line {line}, column {column}: {message}")]
    Malformed {
        /// Its number, from 1.
        line: u64,
        /// The column, from 1.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A graph whose decision cannot stand.
    #[error("line {line}: {error}")]
    Decision {
        /// Its number, from 1.
        line: u64,
        /// What went wrong.
        error: DecideError,
    },
}

/// One line's outcome, computed on a worker thread.
enum Outcome {
    Decided(Decision),
    Malformed(usize, String),
    Failed(DecideError),
}

/// A chunk of lines, read ahead on the reader thread: each line's number and bytes, and the
/// header seen so far.
struct Chunk {
    lines: Vec<(u64, Vec<u8>)>,
    header: Option<Encoding>,
}

/// Filters the graphs of `input` into `output`, calling `progress` after each chunk, until the
/// input ends or `budget` says stop. A reader thread reads the next chunk while the pool
/// decides this one; the lines are written in input order.
///
/// # Errors
/// [`StreamError`]: reading or writing failed, a line is malformed (unless skipped), or a
/// decision cannot stand.
pub fn filter(
    input: impl BufRead + Send,
    output: &mut dyn Write,
    options: &FilterOptions,
    fallback: &dyn Fallback,
    budget: &Budget,
    progress: &mut dyn FnMut(&Summary),
) -> Result<Summary, StreamError> {
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
        .map_err(|e| io::Error::other(e.to_string()))?;
    let mut summary = Summary::default();
    let (chunks, read) = mpsc::sync_channel::<io::Result<Chunk>>(2);
    let (recycle, spare) = mpsc::channel::<Vec<(u64, Vec<u8>)>>();
    std::thread::scope(|scope| {
        scope.spawn(move || read_ahead(input, &chunks, &spare));
        let mut header_written = false;
        for chunk in read.iter() {
            if let Some(stopped) = budget.must_stop() {
                summary.stopped = Some(stopped);
                break;
            }
            let chunk = chunk?;
            if !header_written {
                summary.header = chunk.header;
                if let (Some(header), Output::Graphs) = (chunk.header, options.output) {
                    output.write_all(header.header().as_bytes())?;
                }
                header_written = true;
            }
            let outcomes = pool.install(|| decide_chunk(&chunk.lines, options, fallback));
            for ((line, bytes), outcome) in chunk.lines.iter().zip(outcomes) {
                record(*line, bytes, outcome, options, &mut summary, output)?;
            }
            // The reader may be gone (the input ended): its buffers are then dropped.
            let _ = recycle.send(chunk.lines);
            summary.elapsed = started.elapsed();
            progress(&summary);
        }
        // Dropping the receiver stops the reader at its next chunk.
        drop(read);
        Ok::<(), StreamError>(())
    })?;
    output.flush()?;
    summary.elapsed = started.elapsed();
    Ok(summary)
}

/// The reader thread: chunks of up to [`CHUNK`] lines, in buffers the filter hands back.
fn read_ahead(
    input: impl BufRead,
    chunks: &mpsc::SyncSender<io::Result<Chunk>>,
    spare: &mpsc::Receiver<Vec<(u64, Vec<u8>)>>,
) {
    let mut lines = Lines::new(input);
    let mut free: Vec<Vec<u8>> = Vec::new();
    loop {
        let mut chunk = Vec::with_capacity(CHUNK);
        while let Ok(used) = spare.try_recv() {
            free.extend(used.into_iter().map(|(_, bytes)| bytes));
        }
        while chunk.len() < CHUNK {
            let mut buf = free.pop().unwrap_or_default();
            match lines.next_line(&mut buf) {
                Ok(Some(line)) => chunk.push((line as u64, buf)),
                Ok(None) => break,
                Err(e) => {
                    let _ = chunks.send(Err(e));
                    return;
                }
            }
        }
        if chunk.is_empty() {
            return;
        }
        let header = lines.header();
        if chunks
            .send(Ok(Chunk {
                lines: chunk,
                header,
            }))
            .is_err()
        {
            return;
        }
    }
}

fn decide_chunk(
    chunk: &[(u64, Vec<u8>)],
    options: &FilterOptions,
    fallback: &dyn Fallback,
) -> Vec<Outcome> {
    chunk
        .par_iter()
        .map_init(Vec::new, |edges, (line, bytes)| {
            let decoded = match decode_into(bytes, edges) {
                Ok(decoded) => decoded,
                Err(e) => return Outcome::Malformed(e.column, e.message),
            };
            let decided = match &options.settings.certify {
                None => decide(decoded.n, edges, &options.settings, fallback),
                Some(dir) => {
                    let mut settings = options.settings.clone();
                    settings.certify = Some(dir.join(format!("line-{line}")));
                    decide(decoded.n, edges, &settings, fallback)
                }
            };
            match decided {
                Ok(decision) => Outcome::Decided(decision),
                Err(e) => Outcome::Failed(e),
            }
        })
        .collect()
}

/// Counts one line's outcome and writes it when kept.
fn record(
    line: u64,
    bytes: &[u8],
    outcome: Outcome,
    options: &FilterOptions,
    summary: &mut Summary,
    output: &mut dyn Write,
) -> Result<(), StreamError> {
    let decision = match outcome {
        Outcome::Decided(decision) => decision,
        Outcome::Malformed(column, message) => {
            if options.skip_malformed {
                summary.malformed += 1;
                return Ok(());
            }
            return Err(StreamError::Malformed {
                line,
                column,
                message,
            });
        }
        Outcome::Failed(error) => return Err(StreamError::Decision { line, error }),
    };
    summary.read += 1;
    let keep = match decision.verdict {
        Verdict::Has => {
            summary.has += 1;
            !options.invert
        }
        Verdict::Lacks => {
            summary.lacks += 1;
            options.invert
        }
        Verdict::Undecided => {
            summary.undecided += 1;
            if summary.undecided_lines.len() < NAMED_UNDECIDED {
                summary.undecided_lines.push(line);
            }
            false
        }
    };
    if keep {
        summary.kept += 1;
        match options.output {
            Output::Graphs => write_graph(output, bytes, &decision, options)?,
            Output::Json => write_json(output, line, bytes, &decision, options)?,
            Output::Nothing => {}
        }
    }
    Ok(())
}
