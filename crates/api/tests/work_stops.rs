//! After a run stops at its timeout or cancel flag and the call has returned, nothing of it
//! goes on: the process spends no more CPU time. This matters to long-lived processes (the web
//! server, Python), where a solver call left running on an abandoned thread would hold a core
//! for nobody.
//!
//! The puzzles make the first solver call long: the closed knight's tour of a 12x12 board in the
//! position encoding (61,920 variables) keeps varisat searching far longer than the test waits.
//! The test measures this process's own CPU time over a quiet second after each call returns
//! (not wall-clock time, which a busy machine stretches): a solver thread still running would
//! add close to a second, a stopped one nothing. One test in its own binary, so that no other
//! test's threads share the process.

#![cfg(target_os = "linux")]

mod common;

use pathsat_api::count::count;
use pathsat_api::solve::solve;
use pathsat_api::{Cancel, CountRequest, Method, SolveRequest, Status, Wanted};
use pathsat_count::CountOptions;
use pathsat_encode::{EncodingChoice, EncodingOptions};
use pathsat_puzzle::{Moves, Puzzle};
use pathsat_solver::SolveOptions;
use std::sync::Arc;
use std::time::Duration;

/// The CPU time this process spends over the next second, in seconds.
fn cpu_over_a_quiet_second() -> f64 {
    common::cpu_over(Duration::from_secs(1)).as_secs_f64()
}

fn position() -> SolveOptions {
    SolveOptions {
        encoding: EncodingOptions {
            choice: EncodingChoice::Position,
            ..EncodingOptions::default()
        },
        ..SolveOptions::default()
    }
}

#[test]
fn no_work_goes_on_after_a_stopped_run_returns() {
    let board = Arc::new(Puzzle::blank(12, 12, Moves::Knight, true).unwrap());

    // A solve stopped by its timeout inside its first solver call.
    let request = SolveRequest {
        wanted: Wanted::First,
        options: position(),
        timeout: Some(Duration::from_millis(1500)),
        ..SolveRequest::default()
    };
    let report = solve(&board, "knight-12x12.toml", &request).unwrap();
    assert_eq!(report.answer.status, Status::Unknown);
    let spent = cpu_over_a_quiet_second();
    assert!(spent < 0.3, "{spent} s of CPU after the solve returned");

    // A count stopped by a cancel flag raised from another thread.
    let cancel = Cancel::new();
    let raiser = {
        let cancel = cancel.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(1500));
            cancel.cancel();
        })
    };
    let request = CountRequest {
        options: CountOptions {
            method: Method::Enumerate,
            solve: position(),
            ..CountOptions::default()
        },
        cancel,
        ..CountRequest::default()
    };
    let report = count(&board, "knight-12x12.toml", &request, Arc::new(|_| {})).unwrap();
    raiser.join().unwrap();
    assert!(!report.answer.complete);
    let spent = cpu_over_a_quiet_second();
    assert!(spent < 0.3, "{spent} s of CPU after the count returned");
}
