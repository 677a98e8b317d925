//! The facade end to end: solve, count, decode and generate through the api's public
//! functions, their reports, errors and stops, as every front end calls them.

use pathsat_api::outcome::Differences;
use pathsat_api::{
    count, decode, generate, solve, Cancel, CountRequest, Error, ErrorKind, GenerateRequest,
    Method, Refusal, SolutionStream, SolveRequest, Status, Stopped, Wanted,
};
use pathsat_count::CountOptions;
use pathsat_encode::EncodingChoice;
use pathsat_puzzle::{brute, parse_str, Format, Puzzle};
use std::sync::Arc;
use std::time::{Duration, Instant};

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
    let e = decode::decode(&p, "p.toml", &Default::default(), "m.out", "s UNKNOWN\n").unwrap_err();
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
