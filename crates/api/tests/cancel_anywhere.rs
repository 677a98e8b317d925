//! A cancel raised at any moment stops every method within a second.
//!
//! Each call below runs on a puzzle it cannot finish in the test's time (a 12x12 closed
//! knight's tour, the 8x8 closed knight's tours, the 7x7 open knight's paths), so that the
//! cancel always lands while it works. For each method the test raises the cancel after delays
//! drawn at random (a fixed seed) between 0 and 400 ms: before the solver exists, while the
//! puzzle is encoded, inside a solver call, between calls, between the frontier program's
//! layers; and it asserts that the call returns within a second of the raise, that its threads
//! stopped too (the process spends less than half of the next 300 ms of one core: a solver
//! left running on an abandoned thread would spend all of it), and that a report that says why
//! the run stopped says `cancelled` (a cancelled run is never timed out).
//!
//! One test in its own binary, the methods one after another, so that no other test's threads
//! share the process's two cores with the run being measured.

#[cfg(target_os = "linux")]
mod common;

use pathsat_api::count::count;
use pathsat_api::forced::forced;
use pathsat_api::generate::generate;
use pathsat_api::hint::hint;
use pathsat_api::solve::solve;
use pathsat_api::{
    Cancel, CountRequest, ForcedRequest, GenerateRequest, HintRequest, Method, SolveRequest,
    Stopped, Wanted,
};
use pathsat_count::CountOptions;
use pathsat_encode::{EncodingChoice, EncodingOptions};
use pathsat_puzzle::{Moves, Puzzle};
use pathsat_solver::SolveOptions;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// Raises per method.
const ROUNDS: usize = 6;

/// The longest a call may take to return once its cancel is raised.
const WITHIN: Duration = Duration::from_secs(1);

/// Delays between 0 and 400 ms from a fixed seed (a linear congruential generator: the test
/// needs spread, not quality).
fn delays(seed: u64) -> impl Iterator<Item = Duration> {
    let mut state = seed;
    std::iter::repeat_with(move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        Duration::from_millis((state >> 33) % 400)
    })
}

/// Runs `call` with a fresh cancel raised after each delay, and asserts that it returns within
/// [`WITHIN`] of the raise; `stopped` reads the reason from what it returned, if it says one.
fn stops_within_a_second<T: Send + 'static>(
    name: &str,
    seed: u64,
    call: impl Fn(Cancel) -> T + Send + Sync + 'static,
    stopped: impl Fn(&T) -> Option<Stopped>,
) {
    let call = Arc::new(call);
    for delay in delays(seed).take(ROUNDS) {
        let cancel = Cancel::new();
        let (send, returned) = mpsc::channel();
        {
            let (call, cancel) = (Arc::clone(&call), cancel.clone());
            std::thread::spawn(move || send.send(call(cancel)));
        }
        std::thread::sleep(delay);
        let raised = Instant::now();
        cancel.cancel();
        // A call the cancel misses fails the test rather than hang it.
        let result = returned
            .recv_timeout(WITHIN * 30)
            .unwrap_or_else(|_| panic!("{name}: still running 30 s after the cancel at {delay:?}"));
        let took = raised.elapsed();
        assert!(
            took < WITHIN,
            "{name}: returned {took:?} after a cancel raised at {delay:?}"
        );
        #[cfg(target_os = "linux")]
        {
            let spent = common::cpu_over(Duration::from_millis(300));
            assert!(
                spent < Duration::from_millis(150),
                "{name}: {spent:?} of CPU in the 300 ms after a cancel at {delay:?} returned"
            );
        }
        let why = stopped(&result);
        assert!(
            why.is_none() || why == Some(Stopped::Cancelled),
            "{name}: a cancel raised at {delay:?} reported as {why:?}"
        );
    }
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

fn knight(rows: usize, closed: bool) -> Arc<Puzzle> {
    Arc::new(Puzzle::blank(rows, rows, Moves::Knight, closed).unwrap())
}

#[test]
fn a_cancel_at_any_moment_stops_every_method_within_a_second() {
    let tour = knight(12, true);
    for (name, options, jobs) in [
        ("solve, position", position(), 1),
        ("solve, successor", SolveOptions::default(), 1),
        ("solve, portfolio race", SolveOptions::default(), 2),
    ] {
        let tour = Arc::clone(&tour);
        stops_within_a_second(
            name,
            1,
            move |cancel| {
                let request = SolveRequest {
                    wanted: Wanted::Upto(1_000_000),
                    options,
                    jobs: Some(jobs),
                    cancel,
                    ..SolveRequest::default()
                };
                solve(&tour, "knight.toml", &request).unwrap()
            },
            |report| report.stopped,
        );
    }

    for (name, method, board) in [
        ("count, enumeration", Method::Enumerate, knight(12, true)),
        ("count, sat cubes", Method::Sat, knight(7, false)),
        ("count, frontier program", Method::Dp, knight(8, true)),
        ("count, auto", Method::Auto, knight(8, true)),
    ] {
        stops_within_a_second(
            name,
            2,
            move |cancel| {
                let request = CountRequest {
                    options: CountOptions {
                        method,
                        jobs: 2,
                        ..CountOptions::default()
                    },
                    cancel,
                    ..CountRequest::default()
                };
                count(&board, "knight.toml", &request, Arc::new(|_| {})).unwrap()
            },
            |report| report.stopped,
        );
    }

    let template = Puzzle::blank(12, 12, Moves::King, false).unwrap();
    stops_within_a_second(
        "generate",
        3,
        move |cancel| {
            let request = GenerateRequest {
                cancel,
                ..GenerateRequest::default()
            };
            // Finished or cancelled, whichever came first: either is an answer here.
            let _ = generate(&template, "king.toml", &request);
        },
        |_| None,
    );

    let tour = knight(12, true);
    stops_within_a_second(
        "forced",
        4,
        {
            let tour = Arc::clone(&tour);
            move |cancel| {
                let request = ForcedRequest {
                    cancel,
                    ..ForcedRequest::default()
                };
                forced(&tour, "knight.toml", &request).unwrap()
            }
        },
        |_| None,
    );
    stops_within_a_second(
        "hint",
        5,
        move |cancel| {
            let request = HintRequest {
                cancel,
                ..HintRequest::default()
            };
            hint(&tour, "knight.toml", &request).unwrap()
        },
        |_| None,
    );
}
