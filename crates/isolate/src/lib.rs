#![warn(missing_docs)]
//! # pathsat-isolate
//!
//! Worker processes: a run in a process of its own, so that a run that overruns its time or its
//! memory, or a bug that aborts, is killed or reported without taking its parent down, and its
//! memory goes back to the system with it. Two parents use them: `pathsat batch` counts each
//! file in one (`pathsat worker FILE`, in `pathsat-batch`), and `pathsat serve` runs each
//! request in one (`pathsat serve-worker`, in `pathsat-server`). This crate is what they share,
//! so that starting, watching, killing and judging a worker is written once:
//!
//! - [`WorkerCommand`]: the command that starts a worker, this same program with the
//!   arguments that make it one, its standard streams piped ([`WorkerCommand::command`]);
//!   a batch adds its file and options, the server starts one ahead of need;
//! - the protocol's one rule both keep: the parent holds the worker's standard input open for
//!   as long as it wants the answer, and the worker ends when it closes
//!   ([`exit_when_closed`]), so that no worker runs on for a parent that is gone, however it
//!   went (a SIGKILL too). The request goes in on the worker's arguments or standard input, the
//!   answer comes out in lines on its standard output, each parent's own format;
//! - [`Watch`]: what a worker is watched for (a deadline, a [`Cancel`] flag, a memory limit, a
//!   long run lowered in priority), looked at by the parent's own wait ([`Watch::check`]), which
//!   says when to kill it and why ([`Kill`]);
//! - [`Ending`]: how a worker ended (its exit status, the reason it was killed, or lost), and
//!   whether a signal from outside stopped it ([`Ending::interrupted`]), the last line it wrote
//!   on standard error ([`last_words`]) saying why it crashed.
//!
//! The waiting itself stays with each parent, as it waits for everything else: a batch on a
//! thread a file (standard library processes), the server on its tokio runtime (tokio's
//! processes, built from the same [`std::process::Command`]). It is a crate of its own, below
//! both, because the server does not use batches and a batch does not use the server; it knows
//! nothing of puzzles (only [`pathsat_budget`]'s cancel flag). Memory and threads are read from
//! `/proc`, so the memory limit and the lower priority hold on Linux only.

mod watch;

pub use watch::{Kill, Watch, LONG_RUN, LONG_RUN_NICE, WATCH_EVERY};

pub use pathsat_budget::Cancel;
use std::ffi::OsString;
use std::io::{self, Read};
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Stdio};

/// The command that starts a worker: `pathsat worker` for `pathsat batch`, `pathsat
/// serve-worker` for `pathsat serve`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerCommand {
    /// The program to run (its parent's own executable).
    pub program: PathBuf,
    /// Its first arguments (`serve-worker` for `pathsat serve`).
    pub args: Vec<OsString>,
}

impl WorkerCommand {
    /// The command that starts a worker, its standard input, output and error piped; the
    /// caller adds the arguments of its run.
    pub fn command(&self) -> Command {
        let mut command = Command::new(&self.program);
        command
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }
}

/// How a worker ended.
#[derive(Debug)]
pub enum Ending {
    /// It exited (or a signal from elsewhere ended it) with this status.
    Exited(ExitStatus),
    /// Its parent killed it, for this reason.
    Killed(Kill),
    /// It could not be waited for.
    Lost(io::Error),
}

impl Ending {
    /// How the wait for a worker that its `watch` killed or not ended in `status`.
    pub fn of(watch: &Watch, status: io::Result<ExitStatus>) -> Ending {
        match (watch.killed(), status) {
            (Some(kill), _) => Ending::Killed(kill),
            (None, Ok(status)) => Ending::Exited(status),
            (None, Err(e)) => Ending::Lost(e),
        }
    }

    /// Whether the worker was stopped by a signal that interrupts a run (Ctrl-C's SIGINT,
    /// SIGTERM, SIGHUP: sent to the whole process group, its parent's too), not one of its own
    /// making (a crash) or the memory killer's SIGKILL.
    pub fn interrupted(&self) -> bool {
        match self {
            Ending::Exited(status) => interrupted(status),
            _ => false,
        }
    }
}

#[cfg(unix)]
fn interrupted(status: &ExitStatus) -> bool {
    use std::os::unix::process::ExitStatusExt;
    // SIGHUP, SIGINT, SIGTERM: the same numbers on every Unix.
    matches!(status.signal(), Some(1 | 2 | 15))
}

#[cfg(not(unix))]
fn interrupted(_: &ExitStatus) -> bool {
    false
}

/// A worker's last words: the last line of what it wrote on standard error, for the message
/// that says it crashed (a panic's or an abort's message is its last line).
pub fn last_words(stderr: &str) -> &str {
    stderr.lines().last().unwrap_or_default()
}

/// For the worker: ends this process, with status 3, as soon as `input` (what is left of its
/// standard input, once the request is read from it) reaches its end. The parent holds the
/// other end of the pipe until it has the answer, so the end comes when it no longer wants it
/// or is gone, however it went: the worker then stops at once, even inside a long solve,
/// rather than run on for nobody.
pub fn exit_when_closed(mut input: impl Read + Send + 'static) {
    std::thread::spawn(move || {
        let mut buffer = [0u8; 64];
        loop {
            match input.read(&mut buffer) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Ok(0) | Err(_) => std::process::exit(3),
                Ok(_) => {}
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worker_is_its_command_with_more_arguments() {
        let worker = WorkerCommand {
            program: PathBuf::from("pathsat"),
            args: vec!["worker".into()],
        };
        let mut command = worker.command();
        command.args(["a.toml", "--parent-stdin"]);
        assert_eq!(command.get_program(), "pathsat");
        let args: Vec<&std::ffi::OsStr> = command.get_args().collect();
        assert_eq!(args, ["worker", "a.toml", "--parent-stdin"]);
    }

    #[test]
    fn last_words_are_the_last_line() {
        assert_eq!(
            last_words("a\nthread panicked at x\n"),
            "thread panicked at x"
        );
        assert_eq!(last_words(""), "");
    }

    #[cfg(unix)]
    #[test]
    fn a_worker_killed_by_its_watch_ended_for_that_reason() {
        let cancel = Cancel::new();
        let mut watch = Watch::new().cancelled_by(&cancel);
        let mut child = Command::new("sleep").arg("30").spawn().unwrap();
        assert_eq!(watch.check(Some(child.id())), None);
        cancel.cancel();
        assert_eq!(watch.check(Some(child.id())), Some(Kill::Cancelled));
        child.kill().unwrap();
        let ending = Ending::of(&watch, child.wait());
        assert!(
            matches!(ending, Ending::Killed(Kill::Cancelled)),
            "{ending:?}"
        );
        assert!(!ending.interrupted());
        let status = Command::new("sh")
            .args(["-c", "kill -INT $$"])
            .status()
            .unwrap();
        assert!(Ending::of(&Watch::new(), Ok(status)).interrupted());
    }
}
