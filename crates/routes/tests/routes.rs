//! The routes without any transport, as the static page's module calls them: what `prepare`
//! refuses, and a count's reply and progress when the request asks for progress. (The routes'
//! replies in full are tested through the server's router: crates/server/tests/api.rs.)

use pathsat_routes::{prepare, Limits, ProgressLine};

/// fixtures/small/numbrix-5x5.toml's board: 2 fillings, counted by brute force in the Rust tests.
const NUMBRIX: &str = "moves = \"rook\"\ngrid = \"\"\"\n 1 .  . . 25\n . .  . . .\n . . 13 . .\n . .  . . .\n . .  . . 21\n\"\"\"\n";

fn body(fields: serde_json::Value) -> Vec<u8> {
    fields.to_string().into_bytes()
}

#[test]
fn an_unknown_route_is_a_404_and_a_bad_option_a_400_naming_it() {
    let limits = Limits::default();
    let reply = prepare("/api/nothing", b"{}", &limits).unwrap_err();
    assert_eq!(reply.status, 404);
    let reply = prepare(
        "/api/solve",
        &body(serde_json::json!({"puzzle": NUMBRIX, "uniq": true})),
        &limits,
    )
    .unwrap_err();
    assert_eq!(reply.status, 400);
    let text = String::from_utf8(reply.body).unwrap();
    assert!(text.contains("unknown option \\\"uniq\\\""), "{text}");
}

#[test]
fn a_puzzle_larger_than_the_engine_takes_is_refused_in_its_words() {
    let limits = Limits {
        max_cells: 20,
        engine: "this page",
        larger: "the command line takes any size",
        ..Limits::default()
    };
    let reply = prepare(
        "/api/solve",
        &body(serde_json::json!({"puzzle": NUMBRIX})),
        &limits,
    )
    .unwrap_err();
    let text = String::from_utf8(reply.body).unwrap();
    assert!(
        text.contains("25 cells is more than this page takes (at most 20; the command line"),
        "{text}"
    );
}

#[test]
fn a_count_with_progress_replies_on_one_line_and_hears_its_stages() {
    let request = body(serde_json::json!({"puzzle": NUMBRIX, "progress": true}));
    let prepared = prepare("/api/count", &request, &Limits::default()).unwrap();
    assert!(prepared.wants_progress() && prepared.runs_solver());
    let line = ProgressLine::default();
    let reply = prepared.run(Some(line.hear()));
    assert_eq!(reply.status, 200);
    let text = String::from_utf8(reply.body).unwrap();
    assert!(!text.contains('\n'), "{text}");
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["count"], 2);
    assert_eq!(report["complete"], true);
    let progress: serde_json::Value = serde_json::from_slice(&line.line()).unwrap();
    assert!(progress["progress"]["stage"].is_string(), "{progress}");
}

#[test]
fn a_count_without_progress_replies_as_the_command_line_prints() {
    let request = body(serde_json::json!({"puzzle": NUMBRIX}));
    let prepared = prepare("/api/count", &request, &Limits::default()).unwrap();
    assert!(!prepared.wants_progress());
    let reply = prepared.run(None);
    let text = String::from_utf8(reply.body).unwrap();
    assert!(text.starts_with("{\n  \"file\": \"puzzle.toml\""), "{text}");
    assert!(text.ends_with("}\n"));
}

#[test]
fn an_engine_without_files_refuses_to_certify_before_it_runs() {
    let limits = Limits {
        certify: false,
        engine: "this page",
        ..Limits::default()
    };
    let request = body(serde_json::json!({"puzzle": NUMBRIX, "unique": true, "certify": true}));
    let reply = prepare("/api/solve", &request, &limits).unwrap_err();
    assert_eq!(reply.status, 400);
    let text = String::from_utf8(reply.body).unwrap();
    assert!(text.contains("this page cannot certify a run"), "{text}");
}

#[test]
fn a_seed_is_an_option_of_solve_and_reported() {
    let reply = prepare(
        "/api/solve",
        &body(serde_json::json!({"puzzle": NUMBRIX, "seed": 7})),
        &Limits::default(),
    )
    .unwrap()
    .run(None);
    assert_eq!(reply.status, 200);
    let report: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
    assert_eq!(report["status"], "sat");
    assert_eq!(report["encoding"]["seed"], 7);
}

/// A run's memory is its limit: a count whose tables outgrow it stops there, and writes no
/// table files (which `pathsat count` would go on with in the temporary directory).
#[test]
fn a_count_over_the_run_memory_stops_without_files() {
    // The closed 6x8 knight's tours: tables of up to 26 MiB, over a 16 MiB share.
    let grid = vec![["."; 8].join(" "); 6].join("\n");
    let puzzle = format!("moves = \"knight\"\nclosed = true\ngrid = \"\"\"\n{grid}\n\"\"\"\n");
    let limits = Limits {
        memory_per_run: 16 << 20,
        ..Limits::default()
    };
    let request = body(serde_json::json!({"puzzle": puzzle, "method": "dp"}));
    let reply = prepare("/api/count", &request, &limits).unwrap().run(None);
    let report: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
    assert_eq!(report["stopped"], "memory", "{report}");
    assert_eq!(report["complete"], false, "{report}");
}

/// A sample keeps every layer's table for its walk back: over the run's memory it stops without
/// samples, saying why, and writes no table files either.
#[test]
fn a_sample_over_the_run_memory_stops_without_files() {
    let grid = vec![["."; 8].join(" "); 6].join("\n");
    let puzzle = format!("moves = \"knight\"\nclosed = true\ngrid = \"\"\"\n{grid}\n\"\"\"\n");
    let limits = Limits {
        memory_per_run: 16 << 20,
        ..Limits::default()
    };
    let request = body(serde_json::json!({"puzzle": puzzle, "method": "dp", "seed": 1}));
    let reply = prepare("/api/sample", &request, &limits).unwrap().run(None);
    let report: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
    assert_eq!(report["stopped"], "memory", "{report}");
    assert_eq!(report["samples"], serde_json::json!([]), "{report}");
    assert_eq!(report["seed"], 1, "{report}");
}

/// A ring of `n` vertices with a chord from each vertex to a random other (a seeded xorshift
/// shuffle, chords that would double an edge left out), as `.hcp` text: a graph whose sweeps
/// are hundreds of vertices wide.
fn ring_with_random_chords(n: usize) -> String {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    let mut edges: Vec<(usize, usize)> = (0..n).map(|v| (v, (v + 1) % n)).collect();
    for pair in order.chunks(2) {
        let (u, v) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
        if v - u != 1 && v - u != n - 1 {
            edges.push((u, v));
        }
    }
    let lines: Vec<String> = edges
        .iter()
        .map(|(u, v)| format!("{} {}", u + 1, v + 1))
        .collect();
    format!(
        "TYPE : HCP\nDIMENSION : {n}\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n{}\n-1\nEOF\n",
        lines.join("\n")
    )
}

/// A complete rule too large for the graph is refused before a clause is written, in the
/// command line's words, by every route that encodes (the frontier rule's size is counted from
/// its sweep; built, it would take minutes and gigabytes).
#[test]
fn a_rule_too_large_for_a_wide_graph_is_refused_at_once() {
    let graph = ring_with_random_chords(2_000);
    for route in ["/api/export", "/api/solve", "/api/count"] {
        let request = body(serde_json::json!({
            "puzzle": graph,
            "format": "hcp",
            "encoding": "successor-frontier",
        }));
        let reply = prepare(route, &request, &Limits::default())
            .unwrap()
            .run(None);
        let text = String::from_utf8(reply.body).unwrap();
        assert_eq!(reply.status, 400, "{route}: {text}");
        assert!(
            text.contains("the frontier rule against subtours would write at least"),
            "{route}: {text}"
        );
        assert!(
            text.contains("use --encoding successor-binary, successor-crt"),
            "{route}: {text}"
        );
    }
}

/// `/api/check` runs the verifier on the solutions sent: a solution of the Numbrix board passes, a filling with a wrong step is named with the
/// rule it breaks, and solutions that cannot be read are a 400.
#[test]
fn check_runs_the_verifier_on_the_solutions_sent() {
    let limits = Limits::default();
    let check = |solutions: serde_json::Value| {
        let body = body(serde_json::json!({"puzzle": NUMBRIX, "solutions": solutions}));
        let reply = prepare("/api/check", &body, &limits).unwrap().run(None);
        let json: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
        (reply.status, json)
    };
    // Checked by hand: each step is one rook move, the givens in place.
    let good = [
        [1, 2, 15, 16, 25],
        [4, 3, 14, 17, 24],
        [5, 6, 13, 18, 23],
        [8, 7, 12, 19, 22],
        [9, 10, 11, 20, 21],
    ];
    let (status, report) = check(serde_json::json!([good]));
    assert_eq!(status, 200);
    assert_eq!(
        (&report["fillings"], &report["valid"]),
        (&1.into(), &true.into())
    );
    let mut bad = good;
    bad[0].swap(1, 2);
    let (_, report) = check(serde_json::json!([good, bad]));
    assert_eq!(report["valid"], false);
    assert_eq!(report["invalid_index"], 1);
    assert!(report["violation"]
        .as_str()
        .unwrap()
        .contains("not one rook move apart"));
    let (status, error) = check(serde_json::json!("not a grid"));
    assert_eq!(status, 400, "{error}");
}

/// nauty's graph6 and sparse6, named by `format` or by the file's extension, as the command
/// line reads them; a line that is not one is a 400 at its line and column, and an unknown
/// format names those read.
#[test]
fn graph6_and_sparse6_puzzles_by_format_or_by_file_name() {
    let limits = Limits::default();
    for fields in [
        serde_json::json!({"puzzle": "IheA@GUAo\n", "format": "g6"}),
        serde_json::json!({"puzzle": ">>graph6<<IheA@GUAo", "format": "graph6"}),
        serde_json::json!({"puzzle": ":I`ES@obGkqegW~\n", "format": "s6"}),
        serde_json::json!({"puzzle": ":I`ES@obGkqegW~\n", "file": "petersen.s6"}),
        serde_json::json!({"puzzle": "IheA@GUAo\n", "file": "petersen.g6"}),
    ] {
        let reply = prepare("/api/solve", &body(fields.clone()), &limits)
            .unwrap()
            .run(None);
        let json: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
        assert_eq!(
            (reply.status, &json["status"]),
            (200, &"unsat".into()),
            "{fields}"
        );
    }
    let reply = prepare(
        "/api/solve",
        &body(serde_json::json!({"puzzle": "IheA@GUA\n", "file": "p.g6"})),
        &limits,
    )
    .unwrap_err();
    let text = String::from_utf8(reply.body).unwrap();
    assert_eq!(reply.status, 400);
    assert!(
        text.contains("p.g6:1:9: the line ends after 7 bytes of edges"),
        "{text}"
    );
    let reply = prepare(
        "/api/solve",
        &body(serde_json::json!({"puzzle": "IheA@GUAo", "format": "g7"})),
        &limits,
    )
    .unwrap_err();
    let text = String::from_utf8(reply.body).unwrap();
    assert!(
        text.contains("is not toml, json, hcp, col, g6 or s6"),
        "{text}"
    );
}
