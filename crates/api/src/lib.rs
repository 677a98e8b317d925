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
//! - [`check`](check::check): whether a solution file solves the puzzle;
//! - [`generate`](generate::generate): a new puzzle from a template, its uniqueness proved.
//!
//! Results are one type per command ([`SolveReport`], [`CountReport`], [`DecodeReport`],
//! [`CheckReport`]) built from the pieces in [`outcome`]: each begins with the [`Answer`]
//! (file, name, status, count, what is counted, complete), flattened into its JSON; statuses, methods and stop reasons are
//! enums, so a front end matches on values, and a renamed method is a compile error. Errors are
//! an [`Error`] whose [`ErrorKind`] says whose fault it is; each displays as one line naming the
//! file.
//!
//! Runs with a timeout run on a thread of their own and are waited for until the deadline (and
//! [`GRACE`]): varisat cannot be interrupted inside one solver call, so at the deadline the
//! call returns what was found by then and the solver thread finishes its call on its own.
//!
//! ```
//! use pathsat_api::{solve::{solve, SolveRequest, Wanted}, Status};
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

pub mod check;
pub mod count;
pub mod decode;
mod error;
pub mod generate;
pub mod outcome;
pub mod solve;

pub use check::CheckReport;
pub use count::{CountReport, CountRequest};
pub use decode::DecodeReport;
pub use error::{Error, ErrorKind, Refusal};
pub use generate::{GenerateReport, GenerateRequest};
pub use outcome::{Answer, Counts, Differences, Solutions, Status};
pub use pathsat_count::{Method, Stopped};
pub use solve::{SolveReport, SolveRequest, Wanted};

use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long past its deadline a run may take to come back before the call returns without it.
pub const GRACE: Duration = Duration::from_millis(250);

/// The next message from `events`, waiting until `until` at the most; `None` when it passed or
/// the sender is gone.
fn until_deadline<T>(events: &mpsc::Receiver<T>, until: Option<Instant>) -> Option<T> {
    match until {
        Some(until) => events
            .recv_timeout(until.saturating_duration_since(Instant::now()))
            .ok(),
        None => events.recv().ok(),
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
                timeout: None,
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
        assert_eq!(
            e.to_string(),
            "p.toml: --method dp counts without a SAT encoding; leave --encoding out"
        );
        let e =
            decode::decode(&p, "p.toml", &Default::default(), "m.out", "s UNKNOWN\n").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Rejected);
        let e = decode::decode(&p, "p.toml", &Default::default(), "m.out", "v 1 0\n").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Input);
        assert!(e.to_string().starts_with("m.out:"), "{e}");
    }

    #[test]
    fn a_timeout_returns_what_was_found() {
        // 8x8 king's paths through a given in the middle: far too many to enumerate.
        let mut grid = String::new();
        for r in 0..8 {
            let row: Vec<&str> = (0..8)
                .map(|c| if (r, c) == (3, 4) { "20" } else { "." })
                .collect();
            grid.push_str(&row.join(" "));
            grid.push('\n');
        }
        let p = puzzle(&format!("moves = \"king\"\ngrid = \"\"\"\n{grid}\"\"\"\n"));
        let request = CountRequest {
            options: CountOptions {
                method: Method::Enumerate,
                ..CountOptions::default()
            },
            timeout: Some(Duration::from_millis(300)),
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
}
