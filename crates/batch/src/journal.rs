//! # The batch journal
//!
//! While `pathsat batch DIR -o OUT` runs, OUT is its journal: every row is appended to it as
//! soon as its file is done, whatever the `--format`. The report itself is sorted by path (and
//! in JSON one object), so it cannot be written piece by piece; the journal can, and when the
//! run ends the report replaces it (see `output`). A journal is JSON lines: a header naming
//! the run (the directory, the shard and the options that shape the rows), then one row a line
//! exactly as in the JSON report's `rows`, in the order the files finished. The header is put
//! in place with the file ([`Journal::create`]), and each row is written with one `write` and
//! synced to disk before the next file's row, so a run killed at any moment (SIGKILL, a reboot)
//! leaves every finished row intact and at most one last line cut off.
//!
//! `--resume OUT` reads it back ([`parse`]): a last line without its newline is dropped (and
//! cut off the file before anything more is appended), so its file is counted again; a line
//! that is not a row is left out with a note; a file reported twice keeps its last row. The
//! journal of another directory, shard or set of options is refused, untouched
//! ([`Header::check`]).

use super::report::Row;
use super::{BatchError, Note};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::sync::Mutex;

/// The journal format's version.
pub const FORMAT: u32 = 1;

/// How every journal begins: the first key of the header.
const MARK: &str = "{\"pathsat_batch_journal\":";

/// The first line of a journal: the run its rows belong to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The journal format ([`FORMAT`]); the key marks the file as a journal.
    pub pathsat_batch_journal: u32,
    /// The pathsat that started the journal.
    pub pathsat_version: String,
    /// DIR as given (the rows name their files under it).
    pub dir: String,
    /// DIR as an absolute path, when it could be resolved.
    pub canonical_dir: Option<String>,
    /// `--shard I/N`, if any.
    pub shard: Option<String>,
    /// The options given that shape the rows, as flags: `--limit`, `--timeout`, `--method`,
    /// `--memory`, `--patience`, the encoding's and the solver's.
    pub options: Vec<String>,
    /// Each worker's memory for the frontier program, in bytes: a resumed run without
    /// `--memory` uses this one, whatever its `--jobs`.
    pub memory: u64,
}

impl Header {
    /// The header of a run over `dir`.
    pub fn new(dir: &Path, shard: Option<String>, options: Vec<String>, memory: u64) -> Header {
        Header {
            pathsat_batch_journal: FORMAT,
            pathsat_version: env!("CARGO_PKG_VERSION").to_string(),
            dir: dir.display().to_string(),
            canonical_dir: std::fs::canonicalize(dir)
                .ok()
                .map(|p| p.display().to_string()),
            shard,
            options,
            memory,
        }
    }

    /// Whether a run described by `this` may continue the journal `name` that begins with
    /// `self`: the same directory (given the same way), shard and options. The error is one
    /// line naming the journal and the first difference.
    pub fn check(&self, this: &Header, name: &str) -> Result<(), String> {
        let refuse = |what: String| {
            Err(format!(
                "{name}: the journal of another run: {what}; resume it with the journal's DIR \
                 and options, or start a new journal"
            ))
        };
        if self.dir != this.dir {
            return refuse(format!("its DIR is {:?}, not {:?}", self.dir, this.dir));
        }
        if self.canonical_dir != this.canonical_dir {
            let show = |d: &Option<String>| d.clone().unwrap_or_else(|| "?".to_string());
            return refuse(format!(
                "its DIR {:?} was {}, here it is {}",
                self.dir,
                show(&self.canonical_dir),
                show(&this.canonical_dir)
            ));
        }
        if self.shard != this.shard {
            let show = |s: &Option<String>| {
                s.as_ref().map_or_else(
                    || "the whole directory".to_string(),
                    |s| format!("shard {s}"),
                )
            };
            return refuse(format!(
                "it counts {}, this run {}",
                show(&self.shard),
                show(&this.shard)
            ));
        }
        if self.options != this.options {
            return refuse(option_differences(&self.options, &this.options));
        }
        Ok(())
    }
}

/// The flags whose values differ between the journal's options and this run's, e.g.
/// `--timeout 60 there, 30 here`.
fn option_differences(there: &[String], here: &[String]) -> String {
    fn pairs(flags: &[String]) -> Vec<(String, String)> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        for flag in flags {
            match pairs.last_mut() {
                Some((_, value)) if value.is_empty() && !flag.starts_with("--") => {
                    value.clone_from(flag);
                }
                _ => pairs.push((flag.clone(), String::new())),
            }
        }
        pairs
    }
    let (there, here) = (pairs(there), pairs(here));
    let value = |pairs: &[(String, String)], flag: &str| {
        pairs.iter().find(|(f, _)| f == flag).map(|(_, v)| {
            if v.is_empty() {
                "set".to_string()
            } else {
                v.clone()
            }
        })
    };
    let mut flags: Vec<&String> = there.iter().map(|(f, _)| f).collect();
    for (f, _) in &here {
        if !flags.contains(&f) {
            flags.push(f);
        }
    }
    let differences: Vec<String> = flags
        .into_iter()
        .filter_map(|flag| {
            let (a, b) = (value(&there, flag), value(&here, flag));
            (a != b).then(|| {
                let show = |v: Option<String>| v.unwrap_or_else(|| "not given".to_string());
                format!("{flag} {} there, {} here", show(a), show(b))
            })
        })
        .collect();
    if differences.is_empty() {
        // The same flags in another order: cannot happen, they are written in one order.
        format!("its options are {}", there_text(there))
    } else {
        differences.join(", ")
    }
}

fn there_text(pairs: Vec<(String, String)>) -> String {
    pairs
        .into_iter()
        .map(|(f, v)| if v.is_empty() { f } else { format!("{f} {v}") })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a journal holds.
#[derive(Debug, Default)]
pub struct Contents {
    /// None for an empty file, or one whose header was cut off as it was written.
    pub header: Option<Header>,
    /// The rows by file; a file reported twice keeps its last row.
    pub rows: BTreeMap<String, Row>,
    /// The length of the complete lines: anything after was cut off and is dropped.
    pub complete_len: u64,
    /// What was dropped or ignored, one sentence each, to say on standard error.
    pub notes: Vec<String>,
}

/// Reads the journal `name` from its bytes. Errors (one line naming the file) only for a file
/// that is not a journal at all; damage a killed run can leave is repaired, with a note.
pub fn parse(name: &str, bytes: &[u8]) -> Result<Contents, String> {
    let foreign = || {
        format!(
            "{name}: not a pathsat batch journal (its first line is not a journal header; \
             --resume takes the file a run's -o wrote)"
        )
    };
    let mut contents = Contents::default();
    let mut offset = 0;
    let mut line_number = 0;
    let mut duplicates = 0;
    let mut not_rows = Vec::new();
    while offset < bytes.len() {
        line_number += 1;
        let rest = &bytes[offset..];
        let Some(end) = rest.iter().position(|&b| b == b'\n') else {
            // The last line, cut off: by a kill while it was written, or an editor.
            if line_number == 1 {
                let text = String::from_utf8_lossy(rest);
                if !(MARK.starts_with(text.as_ref()) || text.starts_with(MARK)) {
                    return Err(foreign());
                }
                contents.notes.push(format!(
                    "{name}: its header was cut off; it is written again"
                ));
            } else {
                contents.notes.push(format!(
                    "{name}:{line_number}: an incomplete last line (cut off when the run \
                     stopped) is dropped; its file is counted again"
                ));
            }
            break;
        };
        let line = &rest[..end];
        offset += end + 1;
        contents.complete_len = offset as u64;
        if line_number == 1 {
            let header: Header = serde_json::from_slice(line).map_err(|_| foreign())?;
            if header.pathsat_batch_journal != FORMAT {
                return Err(format!(
                    "{name}: a journal of format {}, this pathsat reads format {FORMAT}",
                    header.pathsat_batch_journal
                ));
            }
            contents.header = Some(header);
            continue;
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match serde_json::from_slice::<Row>(line) {
            Ok(row) => {
                if contents.rows.insert(row.file.clone(), row).is_some() {
                    duplicates += 1;
                }
            }
            Err(_) => not_rows.push(line_number.to_string()),
        }
    }
    if !not_rows.is_empty() {
        contents.notes.push(format!(
            "{name}: line{} {} {} not a row and left out; {} counted again",
            if not_rows.len() == 1 { "" } else { "s" },
            not_rows.join(", "),
            if not_rows.len() == 1 { "is" } else { "are" },
            if not_rows.len() == 1 {
                "its file is"
            } else {
                "their files are"
            }
        ));
    }
    if duplicates > 0 {
        contents.notes.push(format!(
            "{name}: {duplicates} row{} of a file reported before; the last row of each file \
             is kept",
            if duplicates == 1 { "" } else { "s" }
        ));
    }
    Ok(contents)
}

/// Whether `bytes`, a file's beginning, are a journal's: its header, or a header cut off.
pub fn is_journal(bytes: &[u8]) -> bool {
    bytes.starts_with(MARK.as_bytes()) || (!bytes.is_empty() && MARK.as_bytes().starts_with(bytes))
}

/// A journal open for appending rows.
pub struct Journal {
    name: String,
    /// None once a write failed: the rest of the run's rows are written when it ends.
    file: Mutex<Option<File>>,
    /// Whether rows are synced to disk: not when the journal goes to a device or a pipe
    /// (`-o /dev/null`), which cannot be synced.
    synced: bool,
}

impl Journal {
    /// Starts a new journal at `path` with its header, replacing what is there in one step
    /// (see [`crate::replace`]): the file is never seen empty or with half a header.
    pub fn create(path: &Path, header: &Header) -> Result<Journal, BatchError> {
        let name = path.display().to_string();
        let file = crate::replace::replace(path, &header_line(header))
            .map_err(|e| BatchError::Input(format!("{name}: cannot write it: {e}")))?;
        Ok(Journal {
            name,
            synced: file.metadata().is_ok_and(|m| m.is_file()),
            file: Mutex::new(Some(file)),
        })
    }

    /// Opens the journal at `path`, read as `contents`, for appending: its cut-off end removed
    /// first, its header written when it has none.
    pub fn resume(
        path: &Path,
        header: &Header,
        contents: &Contents,
    ) -> Result<Journal, BatchError> {
        let name = path.display().to_string();
        let fail = |e: io::Error| BatchError::Input(format!("{name}: {e}"));
        let mut file = OpenOptions::new().append(true).open(path).map_err(fail)?;
        let length = file.metadata().map_err(fail)?.len();
        if length < contents.complete_len {
            return Err(BatchError::Input(format!(
                "{name}: became shorter while it was read; is another run writing it?"
            )));
        }
        if length > contents.complete_len {
            // Drop a cut-off last line.
            file.set_len(contents.complete_len).map_err(fail)?;
        }
        if contents.header.is_none() {
            file.write_all(&header_line(header))
                .and_then(|()| file.sync_all())
                .map_err(fail)?;
        }
        Ok(Journal {
            name,
            file: Mutex::new(Some(file)),
            synced: true,
        })
    }

    /// Appends a row, as one line, and syncs it to disk. A failure ends the journal (the rows
    /// stay in the report written when the run ends) and is returned, once, as a warning to
    /// say at once.
    pub fn append(&self, row: &Row) -> Result<(), Note> {
        let mut line = serde_json::to_vec(row).expect("a row serialises");
        line.push(b'\n');
        let mut file = self.file.lock().expect("not poisoned");
        let Some(f) = file.as_mut() else {
            return Ok(());
        };
        let written = f.write_all(&line);
        if let Err(e) = written.and_then(|()| if self.synced { f.sync_data() } else { Ok(()) }) {
            *file = None;
            return Err(Note::AppendFailed {
                journal: self.name.clone(),
                error: e.to_string(),
            });
        }
        Ok(())
    }
}

fn header_line(header: &Header) -> Vec<u8> {
    let mut line = serde_json::to_vec(header).expect("a header serialises");
    line.push(b'\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Status;
    use pathsat_bigcount::BigCount;

    fn header() -> Header {
        Header {
            pathsat_batch_journal: FORMAT,
            pathsat_version: "0.0.0".into(),
            dir: "puzzles".into(),
            canonical_dir: Some("/data/puzzles".into()),
            shard: None,
            options: ["--encoding", "auto", "--method", "auto", "--timeout", "60"]
                .map(String::from)
                .to_vec(),
            memory: 1 << 30,
        }
    }

    fn row(file: &str, count: u64, status: Status) -> Row {
        Row {
            file: file.into(),
            name: "n".into(),
            cells: Some(9),
            variables: None,
            clauses: None,
            count: BigCount::from(count),
            complete: status == Status::Ok,
            seconds: 0.125,
            expected: None,
            expected_sat: None,
            status,
            error: None,
            method: None,
            verified: Some(true),
        }
    }

    fn line<T: Serialize>(value: &T) -> String {
        format!("{}\n", serde_json::to_string(value).unwrap())
    }

    #[test]
    fn a_journal_reads_back_its_header_and_rows() {
        let rows = [
            row("puzzles/b.toml", 2, Status::Ok),
            row("puzzles/a.toml", 7, Status::Timeout),
        ];
        let text = line(&header()) + &line(&rows[0]) + &line(&rows[1]);
        let contents = parse("j.jsonl", text.as_bytes()).unwrap();
        assert_eq!(contents.header, Some(header()));
        assert_eq!(contents.rows.len(), 2);
        assert_eq!(contents.rows["puzzles/a.toml"], rows[1]);
        assert_eq!(contents.rows["puzzles/b.toml"], rows[0]);
        assert_eq!(contents.complete_len, text.len() as u64);
        assert!(contents.notes.is_empty(), "{:?}", contents.notes);
        assert!(text.starts_with(MARK), "the header begins with the mark");
    }

    #[test]
    fn a_cut_off_last_line_is_dropped_and_its_length_left_out() {
        let whole = line(&header()) + &line(&row("puzzles/a.toml", 2, Status::Ok));
        let next = line(&row("puzzles/b.toml", 3, Status::Ok));
        // Every cut of the last line, from one byte to all but its newline.
        for cut in 1..next.len() {
            let text = whole.clone() + &next[..cut];
            let contents = parse("j.jsonl", text.as_bytes()).unwrap();
            assert_eq!(contents.rows.len(), 1, "cut at {cut}");
            assert!(contents.rows.contains_key("puzzles/a.toml"));
            assert_eq!(contents.complete_len, whole.len() as u64);
            assert_eq!(contents.notes.len(), 1);
            assert!(
                contents.notes[0].starts_with("j.jsonl:3: an incomplete last line"),
                "{:?}",
                contents.notes
            );
        }
        // Bytes that are not even UTF-8, as a disk can leave them.
        let mut bytes = whole.clone().into_bytes();
        bytes.extend([0xff, 0x00, b'{']);
        let contents = parse("j.jsonl", &bytes).unwrap();
        assert_eq!(contents.rows.len(), 1);
        assert_eq!(contents.complete_len, whole.len() as u64);
    }

    #[test]
    fn an_empty_file_or_a_cut_off_header_holds_no_rows() {
        let contents = parse("j.jsonl", b"").unwrap();
        assert_eq!((contents.header, contents.rows.len()), (None, 0));
        let header = line(&header());
        for cut in [1, 5, MARK.len(), header.len() - 1] {
            let contents = parse("j.jsonl", &header.as_bytes()[..cut]).unwrap();
            assert_eq!(contents.header, None, "cut at {cut}");
            assert_eq!(contents.complete_len, 0);
        }
    }

    #[test]
    fn duplicates_keep_the_last_row_of_each_file() {
        let text = line(&header())
            + &line(&row("puzzles/a.toml", 1, Status::Timeout))
            + &line(&row("puzzles/b.toml", 4, Status::Ok))
            + &line(&row("puzzles/a.toml", 9, Status::Ok));
        let contents = parse("j.jsonl", text.as_bytes()).unwrap();
        assert_eq!(contents.rows.len(), 2);
        assert_eq!(contents.rows["puzzles/a.toml"].count, BigCount::from(9u64));
        assert_eq!(contents.rows["puzzles/a.toml"].status, Status::Ok);
        assert_eq!(
            contents.notes,
            ["j.jsonl: 1 row of a file reported before; the last row of each file is kept"]
        );
    }

    #[test]
    fn lines_that_are_not_rows_are_left_out_with_a_note() {
        let text = line(&header())
            + "{\"file\": \"puzzles/a.toml\"}\n"
            + "\n"
            + &line(&row("puzzles/b.toml", 4, Status::Ok))
            + "garbage\n";
        let contents = parse("j.jsonl", text.as_bytes()).unwrap();
        assert_eq!(contents.rows.len(), 1);
        assert_eq!(
            contents.notes,
            ["j.jsonl: lines 2, 5 are not a row and left out; their files are counted again"]
        );
    }

    #[test]
    fn foreign_files_are_refused() {
        let report = "{\"dir\":\"puzzles\",\"rows\":[],\"summary\":{}}\n";
        let csv = "file,name,cells,variables,clauses,count,complete,seconds\npuzzles/a.toml,a,9\n";
        let unterminated = "hello";
        let row_first = line(&row("puzzles/a.toml", 1, Status::Ok));
        for text in [
            report,
            csv,
            unterminated,
            row_first.as_str(),
            "\n",
            "\u{feff}{}",
        ] {
            let error = parse("out.txt", text.as_bytes()).unwrap_err();
            assert!(
                error.starts_with("out.txt: not a pathsat batch journal"),
                "{text:?}: {error}"
            );
            assert!(!error.contains('\n'), "one line: {error}");
        }
        let mut future = header();
        future.pathsat_batch_journal = 2;
        let error = parse("j.jsonl", line(&future).as_bytes()).unwrap_err();
        assert_eq!(
            error,
            "j.jsonl: a journal of format 2, this pathsat reads format 1"
        );
    }

    #[test]
    fn another_runs_journal_is_refused_naming_the_difference() {
        let journal = header();
        assert_eq!(journal.check(&header(), "j.jsonl"), Ok(()));
        let mut other = header();
        other.dir = "puzzles/".into();
        let error = journal.check(&other, "j.jsonl").unwrap_err();
        assert!(
            error.starts_with(
                "j.jsonl: the journal of another run: its DIR is \"puzzles\", not \"puzzles/\";"
            ),
            "{error}"
        );
        let mut other = header();
        other.canonical_dir = Some("/elsewhere/puzzles".into());
        let error = journal.check(&other, "j.jsonl").unwrap_err();
        assert!(
            error.contains("was /data/puzzles, here it is /elsewhere/puzzles"),
            "{error}"
        );
        let mut other = header();
        other.shard = Some("2/8".into());
        let error = journal.check(&other, "j.jsonl").unwrap_err();
        assert!(
            error.contains("it counts the whole directory, this run shard 2/8"),
            "{error}"
        );
        let mut other = header();
        other.options = [
            "--encoding",
            "auto",
            "--method",
            "dp",
            "--limit",
            "5",
            "--no-prune",
        ]
        .map(String::from)
        .to_vec();
        let error = journal.check(&other, "j.jsonl").unwrap_err();
        assert!(
            error.contains(
                "--method auto there, dp here, --timeout 60 there, not given here, \
                 --limit not given there, 5 here, --no-prune not given there, set here"
            ),
            "{error}"
        );
        // The memory is not compared: without --memory, a resumed run uses the journal's.
        let mut other = header();
        other.memory = 1;
        other.pathsat_version = "9.9.9".into();
        assert_eq!(journal.check(&other, "j.jsonl"), Ok(()));
    }

    #[test]
    fn a_resumed_journal_is_cut_back_to_its_complete_lines_then_appended_to() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j.jsonl");
        let a = row("puzzles/a.toml", 2, Status::Ok);
        let whole = line(&header()) + &line(&a);
        std::fs::write(&path, whole.clone() + "{\"file\":\"puz").unwrap();
        let read = |path: &Path| parse("j.jsonl", &std::fs::read(path).unwrap()).unwrap();
        let contents = read(&path);
        let journal = Journal::resume(&path, &header(), &contents).unwrap();
        let b = row("puzzles/b.toml", 3, Status::Error);
        journal.append(&b).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, whole + &line(&b));
        let again = read(&path);
        assert_eq!(again.rows.len(), 2);
        assert!(again.notes.is_empty());
        // A header cut off is written again.
        std::fs::write(&path, &line(&header())[..10]).unwrap();
        let contents = read(&path);
        assert_eq!(contents.header, None);
        Journal::resume(&path, &header(), &contents)
            .unwrap()
            .append(&a)
            .unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            line(&header()) + &line(&a)
        );
        // A file that became shorter since it was read is another run's doing.
        let contents = read(&path);
        std::fs::write(&path, line(&header())).unwrap();
        assert!(Journal::resume(&path, &header(), &contents).is_err());
    }

    #[test]
    fn a_new_journal_replaces_the_file_with_its_header_then_appends() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.csv");
        std::fs::write(&path, "file,name\nthe report of an earlier run\n").unwrap();
        let journal = Journal::create(&path, &header()).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), line(&header()));
        let a = row("puzzles/a.toml", 2, Status::Ok);
        journal.append(&a).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            line(&header()) + &line(&a)
        );
        assert!(is_journal(line(&header()).as_bytes()));
        assert!(is_journal(&MARK.as_bytes()[..3]));
        assert!(!is_journal(b""));
        assert!(!is_journal(b"file,name"));
        // Only the journal is left in the directory: no temporary file.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        // A file where the directory is not is refused.
        let nowhere = dir.path().join("no/such/dir/out.csv");
        match Journal::create(&nowhere, &header()) {
            Err(BatchError::Input(message)) => {
                assert!(message.contains("out.csv: cannot write it"), "{message}")
            }
            _ => panic!("a journal in a missing directory is bad input"),
        }
    }
}
