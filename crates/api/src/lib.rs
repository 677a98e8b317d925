#![warn(missing_docs)]
//! # pathsat-api
//!
//! The library API under every front end: the CLI, the Python package and the web server call
//! these functions, get these typed results, and serialise them the same way (serde, field and
//! value names in kebab-case), so that `pathsat solve --format json` and the web API print the
//! same JSON for the same run.
//!
//! - [`solve`](solve::solve): the first solution, a few, all, or a proof of uniqueness (with
//!   the second solution and where it differs, when the puzzle is not unique);
//! - [`count`](count::count): how many solutions, by the method that can finish;
//! - [`decode`](decode::decode): a solver's model read back into a verified solution;
//! - [`export`](export::export): the CNF, for other solvers;
//! - [`check`](check::check): whether a solution file solves the puzzle;
//! - [`compare`](compare::compare): the embedded and external solvers side by side on one CNF,
//!   and [`lab`] the same over many files and encodings (`pathsat_lab` runs them);
//! - [`booklet`](booklet::booklet): puzzles and their solutions as a printable PDF;
//! - [`forced`](forced::forced): the cells every solution agrees on, or givens that conflict;
//! - [`explain`](explain::explain): why a cell holds its value, in the clauses that propagation
//!   used;
//! - [`hint`](hint::hint): the next step of a puzzle solved by hand, with its reason, or the
//!   first wrong cell of what was filled (these three are `pathsat_reason`'s, reported here);
//! - [`generate`](generate::generate): a new puzzle from a template, its uniqueness proved.
//!
//! Batch counts of a directory (a journal, resume, shards, worker processes) are a crate of
//! their own above this one, `pathsat-batch`, which counts each file with [`count`](count::count).
//!
//! The options of each command, as the CLI's flags, the web API's JSON fields and Python's
//! keyword arguments name them, are read into the structs of [`options`], which build the
//! requests: one mapping for every front end, whose refusals are typed
//! ([`options::OptionError`]). The library's errors name no flag: they say what cannot be done
//! and carry the data (which option, which value); each front end words them its own way (the
//! CLI and the web API with their flags, in the `pathsat-words` crate; Python with its keyword
//! arguments). A running count's events
//! fold into one state every front end renders ([`progress::CountProgress`]).
//!
//! Results are one type per command ([`SolveReport`], [`CountReport`], [`DecodeReport`],
//! [`CheckReport`]) built from the pieces in [`outcome`]: each begins with the [`Answer`]
//! (file, name, status, count, what is counted, complete), flattened into its JSON; statuses, methods and stop reasons are
//! enums, so a front end matches on values, and a renamed method is a compile error. Errors are
//! an [`Error`] whose [`ErrorKind`] says whose fault it is; each displays as one line naming the
//! file.
//!
//! Runs with a timeout run on a thread of their own and are waited for until the deadline (and
//! [`GRACE`]). The run stops at its deadline, solver calls included (varisat's and CaDiCaL's
//! stop inside their search), and its thread ends; the grace covers what does not look at the
//! clock (encoding a huge puzzle), after which the call returns what was found by then and the
//! thread ends on its own. A [`Cancel`] flag in each request stops a run from outside the same
//! way, within [`CANCEL_POLL`] of being raised: Ctrl-C in Python, a web client that went away.
//!
//! ```
//! use pathsat_api::{solve::solve, SolveRequest, Status, Wanted};
//! use pathsat_puzzle::{parse_str, Format};
//! use std::sync::Arc;
//!
//! let puzzle = Arc::new(parse_str("moves = \"rook\"\ngrid = \"1 .\\n4 .\"\n", Format::Toml)?);
//! let request = SolveRequest { wanted: Wanted::Unique, ..SolveRequest::default() };
//! let report = solve(&puzzle, "tiny.toml", &request)?;
//! assert_eq!(report.answer.status, Status::Sat);
//! assert_eq!(report.unique, Some(true));
//! assert_eq!(serde_json::to_value(&report)?["status"], "sat");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod booklet;
pub mod certificate;
pub mod check;
pub mod compare;
pub mod count;
pub mod decode;
mod detach;
mod error;
pub mod explain;
pub mod export;
pub mod forced;
pub mod generate;
pub mod hint;
pub mod json;
pub mod lab;
mod option_error;
pub mod options;
pub mod outcome;
pub mod progress;
pub mod shard;
pub mod solve;
mod stream;

pub use check::CheckReport;
pub use count::CountReport;
pub use decode::DecodeReport;
pub use error::{plain, Error, ErrorKind, Refusal, Words};
pub use forced::ForcedReport;
pub use generate::GenerateReport;
pub use hint::HintReport;
pub use options::{
    CountRequest, ForcedRequest, GenerateRequest, HintRequest, SolveRequest, Wanted,
};
pub use outcome::{Answer, Counts, Differences, Solutions, Status};
pub use pathsat_budget::{Budget, Cancel, CancelOnDrop, Stopped, WindDown};
pub use pathsat_count::{Method, Stage};
pub use solve::{SolutionStream, SolveReport};

use std::sync::mpsc;
use std::time::Duration;
use web_time::Instant;

/// How long past its deadline a run may take to come back before the call returns without it.
pub const GRACE: Duration = Duration::from_millis(250);

/// How often a waiting call looks at its [`Cancel`] flag.
pub const CANCEL_POLL: Duration = Duration::from_millis(50);

/// The next message from `events`, waiting until `until` at the most; `None` when it passed,
/// `cancel` was raised, or the sender is gone.
fn wait_for<T>(events: &mpsc::Receiver<T>, until: Option<Instant>, cancel: &Cancel) -> Option<T> {
    // WebAssembly: the work ran at once ([`detach`](crate::detach)), so its messages are all
    // there; std's timed wait reads a clock the browser does not give it. A raised flag wins,
    // as natively.
    #[cfg(target_family = "wasm")]
    {
        let _ = until;
        if cancel.is_cancelled() {
            return None;
        }
        return events.try_recv().ok();
    }
    #[cfg(not(target_family = "wasm"))]
    loop {
        if cancel.is_cancelled() {
            return None;
        }
        let wait = until.map_or(CANCEL_POLL, |u| {
            u.saturating_duration_since(Instant::now()).min(CANCEL_POLL)
        });
        match events.recv_timeout(wait) {
            Ok(message) => return Some(message),
            Err(mpsc::RecvTimeoutError::Disconnected) => return None,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if until.is_some_and(|u| Instant::now() >= u) {
                    return None;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_count::CountOptions;
    use pathsat_encode::EncodingChoice;
    use pathsat_puzzle::{brute, parse_str, Format, Puzzle};
    use std::sync::Arc;

    fn puzzle(toml: &str) -> Arc<Puzzle> {
        Arc::new(parse_str(toml, Format::Toml).unwrap())
    }

    #[test]
    fn a_second_solution_and_where_it_differs() {
        let p = puzzle("moves = \"rook\"\ngrid = \"1 . .\\n. . .\"\n");
        let request = SolveRequest {
            wanted: Wanted::Unique,
            ..SolveRequest::default()
        };
        let report = solve::solve(&p, "p.toml", &request).unwrap();
        assert_eq!(report.answer.status, Status::Sat);
        assert_eq!(report.unique, Some(false));
        assert!(brute::count(&p, None).count >= 2);
        let [first, second] = &report.fillings[..] else {
            panic!("two solutions")
        };
        let Some(Differences::Cells(cells)) = &report.differences else {
            panic!("cells")
        };
        let expected: Vec<[usize; 2]> = (0..p.n_cells())
            .filter(|&c| first.value(c) != second.value(c))
            .map(|c| {
                let pos = p.board().pos(c);
                [pos.row, pos.col]
            })
            .collect();
        assert_eq!(cells, &expected);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["status"], "sat");
        assert_eq!(json["counts"], "fillings");
        assert_eq!(json["solutions"].as_array().unwrap().len(), 2);
        assert_eq!(json["differences"].as_array().unwrap().len(), cells.len());
    }

    #[test]
    fn counts_by_each_method_agree_with_brute_force() {
        let p = puzzle("moves = \"king\"\ngrid = \"\"\"\n. . .\n. . .\n. . .\n\"\"\"\n");
        let expected = brute::count(&p, None).count;
        for method in [Method::Auto, Method::Dp, Method::Sat, Method::Enumerate] {
            let request = CountRequest {
                options: CountOptions {
                    method,
                    ..CountOptions::default()
                },
                ..CountRequest::default()
            };
            let report = count::count(&p, "k.toml", &request, Arc::new(|_| {})).unwrap();
            assert_eq!(report.answer.count, expected, "{method:?}");
            assert!(report.answer.complete);
            // The program builds no encoding; enumeration reports the one it built.
            assert_eq!(report.encoding.is_none(), report.method == Method::Dp);
            let json = serde_json::to_value(&report).unwrap();
            assert_eq!(json["method"], report.method.name());
            assert_eq!(json.get("variables"), None);
        }
    }

    #[test]
    fn errors_say_whose_fault_they_are() {
        let p = puzzle("moves = \"rook\"\ngrid = \"1 .\\n. .\"\n");
        let mut request = CountRequest::default();
        request.options.method = Method::Dp;
        request.options.solve.encoding.choice = EncodingChoice::Position;
        let e = count::count(&p, "p.toml", &request, Arc::new(|_| {})).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Input);
        assert!(matches!(
            e,
            Error::Refused {
                refusal: Refusal::DpTakesNoEncoding,
                ..
            }
        ));
        let e =
            decode::decode(&p, "p.toml", &Default::default(), "m.out", "s UNKNOWN\n").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Rejected);
        let e = decode::decode(&p, "p.toml", &Default::default(), "m.out", "v 1 0\n").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Input);
        assert!(e.to_string().starts_with("m.out:"), "{e}");
    }

    #[test]
    fn a_timeout_returns_what_was_found() {
        let p = crowded_king_board();
        let request = CountRequest {
            options: CountOptions {
                method: Method::Enumerate,
                ..CountOptions::default()
            },
            timeout: Some(Duration::from_millis(300)),
            ..CountRequest::default()
        };
        let started = Instant::now();
        let report = count::count(&p, "k.toml", &request, Arc::new(|_| {})).unwrap();
        assert!(started.elapsed() < Duration::from_secs(30));
        assert_eq!(report.stopped, Some(Stopped::Timeout));
        assert!(!report.answer.complete);
        assert_eq!(
            report.answer.status,
            Status::of(&report.answer.count, false)
        );
    }

    /// An 8x8 king board with a given in the middle: far too many paths to enumerate.
    fn crowded_king_board() -> Arc<Puzzle> {
        puzzle(include_str!(
            "../../../fixtures/large/king-8x8-crowded.toml"
        ))
    }

    #[test]
    fn a_raised_cancel_flag_stops_counts_solves_and_generation() {
        let p = crowded_king_board();
        let cancel = Cancel::new();
        let raiser = {
            let cancel = cancel.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(300));
                cancel.cancel();
            })
        };
        let request = CountRequest {
            options: CountOptions {
                method: Method::Enumerate,
                ..CountOptions::default()
            },
            cancel: cancel.clone(),
            ..CountRequest::default()
        };
        let report = count::count(&p, "k.toml", &request, Arc::new(|_| {})).unwrap();
        raiser.join().unwrap();
        assert_eq!(report.stopped, Some(Stopped::Cancelled));
        assert!(!report.answer.complete);
        assert_eq!(
            serde_json::to_value(&report).unwrap()["stopped"],
            "cancelled"
        );

        // Raised before the call: every command stops at once, and says why.
        let request = SolveRequest {
            wanted: Wanted::All,
            cancel: cancel.clone(),
            ..SolveRequest::default()
        };
        let report = solve::solve(&p, "k.toml", &request).unwrap();
        assert_eq!(report.stopped, Some(Stopped::Cancelled));
        assert!(!report.answer.complete);
        let template = Puzzle::blank(6, 6, pathsat_puzzle::Moves::King, false).unwrap();
        let request = GenerateRequest {
            cancel,
            ..GenerateRequest::default()
        };
        let e = generate::generate(&template, "6x6", &request).unwrap_err();
        assert!(e.to_string().contains("cancelled"), "{e}");
    }

    #[test]
    fn a_stream_reports_a_puzzle_it_cannot_encode() {
        let options = pathsat_solver::SolveOptions {
            encoding: pathsat_encode::EncodingOptions {
                choice: EncodingChoice::Successor,
                ..Default::default()
            },
            ..Default::default()
        };
        let p = puzzle("moves = \"rook\"\ngrid = \"1 .\\n. 3\"\n");
        let mut stream = SolutionStream::start(p, "p.toml", options);
        match stream.next_within(Duration::from_secs(60)) {
            Err(e) => assert!(e.to_string().starts_with("p.toml: "), "{e}"),
            Ok(next) => panic!("the successor encoding pins only the ends: {next:?}"),
        }
        assert!(stream.is_exhausted());
    }
}
