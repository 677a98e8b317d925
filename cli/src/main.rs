//! # pathsat
//!
//! The command-line front end: parses arguments, reads puzzle files, calls the library crates
//! and prints text or JSON. It holds no encoding logic. Exit status: 0 when the run finished
//! (an unsolvable puzzle included), 1 when `check`, `decode` or `compare` rejects a filling or a
//! model, 2 for bad input or usage,
//! 3 for an internal error (a model that does not decode or verify; never printed as an answer).

mod alloc;
mod args;
mod batch;
mod busy;
mod commands;
mod generate;
mod hamg;
mod install;
mod interop;
mod interrupt;
mod lab;
mod merge;
mod pictures;
mod plan;
mod progress;
mod report;
mod sample;
mod serve;
mod spill;
mod version;

use clap::Parser;
use std::io::{self, Write};
use std::process::ExitCode;

/// Why a command did not finish normally.
#[derive(Debug)]
pub enum Failure {
    /// The user's input is wrong: exit status 2.
    Input(String),
    /// A filling or model was checked and found wrong: exit status 1.
    Rejected(String),
    /// pathsat or its environment failed: exit status 3.
    Internal(anyhow::Error),
    /// The reader of our output went away: stop quietly.
    BrokenPipe,
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Internal(anyhow::Error::new(e).context("cannot write the output"))
        }
    }
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Failure {
        Failure::Internal(e)
    }
}

/// A library error, in the command line's words (its flags: `pathsat_words`).
impl From<pathsat_api::Error> for Failure {
    fn from(e: pathsat_api::Error) -> Failure {
        match e.kind() {
            pathsat_api::ErrorKind::Input => Failure::Input(pathsat_words::error(&e)),
            pathsat_api::ErrorKind::Rejected => Failure::Rejected(pathsat_words::error(&e)),
            pathsat_api::ErrorKind::Internal => Failure::Internal(anyhow::Error::new(e)),
        }
    }
}

impl From<pathsat_puzzle::PuzzleError> for Failure {
    fn from(e: pathsat_puzzle::PuzzleError) -> Failure {
        Failure::Input(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    if matches!(
        cli.command,
        args::Command::Count(_) | args::Command::Worker(_)
    ) {
        alloc::keep_freed_memory();
    }
    let result = match &cli.command {
        args::Command::Solve(a) => commands::solve(a),
        args::Command::Count(a) => commands::count(a),
        args::Command::Merge(a) => merge::run(a),
        args::Command::Check(a) => commands::check(a),
        args::Command::CheckCertificate(a) => commands::check_certificate(a),
        args::Command::Draw(a) => commands::draw(a),
        args::Command::Forced(a) => commands::forced(a),
        args::Command::Hint(a) => commands::hint(a),
        args::Command::Explain(a) => commands::explain(a),
        args::Command::Booklet(a) => commands::booklet(a),
        args::Command::Generate(a) => generate::run(a),
        args::Command::Hamg(a) => hamg::run(a),
        args::Command::Sample(a) => sample::run(a),
        args::Command::Export(a) => interop::export(a),
        args::Command::Decode(a) => interop::decode(a),
        args::Command::Compare(a) => interop::compare(a),
        args::Command::Lab(a) => lab::run(a),
        args::Command::Batch(a) => batch::run(a),
        args::Command::Serve(a) => serve::run(a),
        args::Command::Completions(a) => install::completions(a),
        args::Command::Man(a) => install::man(a),
        args::Command::Worker(a) => batch::worker(a),
        args::Command::ServeWorker => serve::worker(),
    };
    match result {
        Ok(code) => code,
        Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            error_line(&message);
            ExitCode::from(2)
        }
        Err(Failure::Rejected(message)) => {
            error_line(&message);
            ExitCode::from(1)
        }
        Err(Failure::Internal(error)) => {
            error_line(&format!("{error:#}"));
            ExitCode::from(3)
        }
    }
}

/// Prints one line: `pathsat: error: ...`.
fn error_line(message: &str) {
    let one_line = message.split_whitespace().collect::<Vec<_>>().join(" ");
    let _ = writeln!(io::stderr(), "pathsat: error: {one_line}");
}
