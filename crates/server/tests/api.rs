//! The API through the router, without a socket (`tower::ServiceExt::oneshot`): the replies'
//! shapes, the errors (400 with the CLI's one-line message), the limits, and the page's assets.
//! Every answer is checked against the puzzle by the verifier or by known counts.

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use axum::Router;
use pathsat_puzzle::{parse_named, verify, Filling, Format};
use pathsat_server::{router, ServerConfig};
use serde_json::{json, Value};
use tower::ServiceExt;

fn app() -> Router {
    router(&ServerConfig::default())
}

async fn send(app: &Router, request: Request<Body>) -> (StatusCode, HeaderMap, String) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, headers, String::from_utf8(bytes.to_vec()).unwrap())
}

async fn post(app: &Router, path: &str, body: &Value) -> (StatusCode, HeaderMap, String) {
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(app, request).await
}

async fn post_json(app: &Router, path: &str, body: &Value) -> (StatusCode, Value) {
    let (status, _, text) = post(app, path, body).await;
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

const NUMBRIX: &str = "name = \"numbrix-5x5\"\nmoves = \"rook\"\ngrid = \"\"\"\n 1 .  . . 25\n . .  . . .\n . . 13 . .\n . .  . . .\n . .  . . 21\n\"\"\"\n";

fn grid_filling(puzzle: &pathsat_puzzle::Puzzle, grid: &Value) -> Filling {
    let rows: Vec<Vec<Option<u32>>> = serde_json::from_value(grid.clone()).unwrap();
    Filling::from_rows(puzzle.board(), &rows).unwrap()
}

#[tokio::test]
async fn solve_replies_with_the_report_and_a_verified_solution() {
    let (status, report) = post_json(&app(), "/api/solve", &json!({ "puzzle": NUMBRIX })).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["status"], "sat");
    assert_eq!(report["file"], "puzzle.toml");
    assert_eq!(report["name"], "numbrix-5x5");
    let puzzle = parse_named(NUMBRIX, Format::Toml, "puzzle.toml").unwrap();
    let filling = grid_filling(&puzzle, &report["solutions"][0]);
    assert!(verify(&puzzle, &filling).is_ok());
}

#[tokio::test]
async fn unique_gives_a_second_solution_and_where_it_differs_and_draws_both() {
    let app = app();
    let body = json!({ "puzzle": NUMBRIX, "unique": true, "file": "n.toml" });
    let (status, report) = post_json(&app, "/api/solve", &body).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(report["unique"], false);
    assert_eq!(report["file"], "n.toml");
    let solutions = report["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 2);
    let puzzle = parse_named(NUMBRIX, Format::Toml, "n.toml").unwrap();
    let (a, b) = (
        grid_filling(&puzzle, &solutions[0]),
        grid_filling(&puzzle, &solutions[1]),
    );
    assert!(verify(&puzzle, &a).is_ok() && verify(&puzzle, &b).is_ok());
    let differing: Vec<[usize; 2]> = serde_json::from_value(report["differences"].clone()).unwrap();
    let expected: Vec<[usize; 2]> = a
        .differing_cells(&b)
        .into_iter()
        .map(|c| {
            let p = puzzle.board().pos(c);
            [p.row, p.col]
        })
        .collect();
    assert_eq!(differing, expected);

    let draw = json!({ "puzzle": NUMBRIX, "solutions": solutions, "compare": true });
    let (status, headers, svg) = post(&app, "/api/draw", &draw).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "image/svg+xml");
    assert_eq!(
        svg,
        pathsat_picture::two_solutions(&puzzle_named(NUMBRIX, "puzzle.toml"), &a, &b, "")
    );
    assert!(
        svg.contains("differ"),
        "the caption says how many cells differ"
    );
}

fn puzzle_named(text: &str, file: &str) -> pathsat_puzzle::Puzzle {
    parse_named(text, Format::Toml, file).unwrap()
}

#[tokio::test]
async fn draw_refuses_a_solution_the_verifier_rejects_and_draws_the_blank_puzzle() {
    let app = app();
    let mut rows: Vec<Vec<u32>> = (0..5)
        .map(|r| (1..=5).map(|c| r * 5 + c).collect())
        .collect();
    rows[0][0] = 1;
    let (status, reply) = post_json(
        &app,
        "/api/draw",
        &json!({ "puzzle": NUMBRIX, "solutions": [rows] }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .starts_with("puzzle.toml: solution 1 does not solve it"),
        "{reply}"
    );
    let (status, _, svg) = post(&app, "/api/draw", &json!({ "puzzle": NUMBRIX })).await;
    assert_eq!(status, StatusCode::OK);
    let puzzle = puzzle_named(NUMBRIX, "puzzle.toml");
    assert_eq!(
        svg,
        pathsat_picture::picture(&puzzle, None, &pathsat_picture::task(&puzzle))
    );
}

#[tokio::test]
async fn bad_json_and_bad_puzzles_get_400_with_the_command_lines_message() {
    let app = app();
    let request = Request::post("/api/solve")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{\"puzzle\": "))
        .unwrap();
    let (status, _, text) = send(&app, request).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let reply: Value = serde_json::from_str(&text).unwrap();
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .starts_with("/api/solve: the request body is not what it takes: EOF"),
        "{reply}"
    );
    assert!(text.ends_with("}\n") && text.lines().count() == 1);

    // The parser's message, with the file, line and column, as `pathsat solve` prints it.
    let text = "moves = \"rok\"\ngrid = \"1 .\"\n";
    let expected = parse_named(text, Format::Toml, "bad.toml")
        .unwrap_err()
        .to_string();
    assert_eq!(expected, "bad.toml:1:9: unknown move rule \"rok\": expected \"rook\", \"king\", \"knight\" or a list of [dr, dc] offsets");
    for path in [
        "/api/solve",
        "/api/count",
        "/api/sample",
        "/api/export",
        "/api/draw",
        "/api/puzzle",
    ] {
        let (status, reply) =
            post_json(&app, path, &json!({ "puzzle": text, "file": "bad.toml" })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(reply["error"], expected, "{path}");
    }

    // Options: unknown, wrong values, contradictions, as the library words them.
    let cases = [
        (
            json!({ "puzzle": NUMBRIX, "uniqe": true }),
            "unknown option \"uniqe\"",
        ),
        (
            json!({ "puzzle": NUMBRIX, "encoding": "fast" }),
            "unknown variant `fast`",
        ),
        (
            json!({ "puzzle": NUMBRIX, "all": true, "unique": true }),
            "--all: cannot be used with --limit or --unique",
        ),
        (
            json!({ "puzzle": NUMBRIX, "timeout": -1 }),
            "--timeout: must be a positive number of seconds, not -1",
        ),
        (json!({ "unique": true }), "the request has no puzzle"),
        (json!([1, 2]), "not a JSON object"),
    ];
    for (body, message) in cases {
        let (status, reply) = post_json(&app, "/api/solve", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            reply["error"].as_str().unwrap().contains(message),
            "{body}: {reply}"
        );
    }
    // The library's refusal, worded as the CLI's.
    let (status, reply) = post_json(
        &app,
        "/api/count",
        &json!({ "puzzle": NUMBRIX, "method": "dp", "encoding": "position" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        reply["error"],
        "puzzle.toml: --method dp counts without a SAT encoding; leave --encoding out"
    );
    // The server writes no files where a request says.
    for (field, value) in [
        ("spill-dir", "/tmp"),
        ("checkpoint", "/tmp/count.checkpoint"),
    ] {
        let (status, reply) = post_json(
            &app,
            "/api/count",
            &json!({ "puzzle": NUMBRIX, field: value }),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(reply["error"].as_str().unwrap().contains(field), "{reply}");
    }
    // A residue is no count to reply with.
    let (status, reply) = post_json(
        &app,
        "/api/count",
        &json!({ "puzzle": NUMBRIX, "shard": "2/3", "split-by": "residues" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        reply["error"].as_str().unwrap().contains("pathsat merge"),
        "{reply}"
    );
}

/// An empty 4x4 rook board: 552 fillings (276 Hamiltonian paths, each in both directions).
const ROOK4: &str = "moves = \"rook\"\ngrid = \"\"\"\n. . . .\n. . . .\n. . . .\n. . . .\n\"\"\"\n";

#[tokio::test]
async fn sample_draws_verified_solutions_the_same_for_the_same_seed() {
    let app = app();
    let body = json!({ "puzzle": ROOK4, "samples": 6, "seed": 12345 });
    let (status, first) = post_json(&app, "/api/sample", &body).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["status"], "sat");
    assert_eq!(first["count"], 552);
    assert_eq!(first["complete"], true);
    assert_eq!(first["seed"], 12345);
    assert_eq!(first["method"], "frontier-dp");
    assert_eq!(first["verified"], true);
    let samples = first["samples"].as_array().unwrap();
    assert_eq!(samples.len(), 6);
    // Each sample solves the puzzle, by the verifier here and by the check route.
    let puzzle = puzzle_named(ROOK4, "puzzle.toml");
    for sample in samples {
        let filling = grid_filling(&puzzle, sample);
        assert!(verify(&puzzle, &filling).is_ok(), "{sample}");
    }
    let check = json!({ "puzzle": ROOK4, "solutions": samples });
    let (status, checked) = post_json(&app, "/api/check", &check).await;
    assert_eq!(status, StatusCode::OK, "{checked}");
    assert_eq!(
        (&checked["fillings"], &checked["valid"]),
        (&json!(6), &json!(true))
    );

    // The same seed, the same samples, in one thread or several; another seed, others (six
    // of 552 fillings drawn the same by chance: one in 552^6).
    let (_, again) = post_json(&app, "/api/sample", &body).await;
    assert_eq!(again["samples"], first["samples"]);
    let one_thread = json!({ "puzzle": ROOK4, "samples": 6, "seed": 12345, "jobs": 1 });
    let (_, again) = post_json(&app, "/api/sample", &one_thread).await;
    assert_eq!(again["samples"], first["samples"]);
    let other = json!({ "puzzle": ROOK4, "samples": 6, "seed": 54321 });
    let (_, other) = post_json(&app, "/api/sample", &other).await;
    assert_ne!(other["samples"], first["samples"]);

    // Without a seed: one sample, and the seed drawn, which draws it again.
    let (status, drawn) = post_json(&app, "/api/sample", &json!({ "puzzle": ROOK4 })).await;
    assert_eq!(status, StatusCode::OK, "{drawn}");
    assert_eq!(drawn["samples"].as_array().unwrap().len(), 1);
    let seed = drawn["seed"].as_u64().unwrap();
    let body = json!({ "puzzle": ROOK4, "seed": seed });
    let (_, again) = post_json(&app, "/api/sample", &body).await;
    assert_eq!(again["samples"], drawn["samples"]);
}

#[tokio::test]
async fn sample_draws_by_enumeration_where_the_frontier_program_does_not_apply() {
    // numbrix-5x5's givens in the middle of the path: its 2 fillings are enumerated.
    let body = json!({ "puzzle": NUMBRIX, "samples": 4, "seed": 3, "progress": true });
    let (status, headers, text) = post(&app(), "/api/sample", &body).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(headers[header::CONTENT_TYPE], "application/x-ndjson");
    // The report is the stream's last line (this sample is over before a progress line).
    let report: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(report["count"], 2, "{report}");
    assert_eq!(report["method"], "enumeration");
    assert!(report["why"]
        .as_str()
        .unwrap()
        .starts_with("the frontier program does not apply"));
    let puzzle = puzzle_named(NUMBRIX, "puzzle.toml");
    let samples = report["samples"].as_array().unwrap();
    assert_eq!(samples.len(), 4);
    for sample in samples {
        assert!(verify(&puzzle, &grid_filling(&puzzle, sample)).is_ok());
    }
}

#[tokio::test]
async fn sample_refuses_what_it_does_not_take_as_the_other_routes_do() {
    let app = app();
    let cases = [
        (
            json!({ "puzzle": ROOK4, "sample": 3 }),
            "/api/sample: unknown option \"sample\"; the options are",
        ),
        (
            json!({ "puzzle": ROOK4, "samples": 0 }),
            "--samples: must be at least 1",
        ),
        (
            json!({ "puzzle": ROOK4, "samples": -1 }),
            "the request body is not what it takes",
        ),
        (
            json!({ "puzzle": ROOK4, "seed": "soon" }),
            "the request body is not what it takes",
        ),
        (
            json!({ "puzzle": ROOK4, "method": "guess" }),
            "unknown variant `guess`",
        ),
        (
            json!({ "puzzle": ROOK4, "samples": 10_001 }),
            "/api/sample: at most 10000 samples in one reply",
        ),
        // The server writes no files where a request says.
        (
            json!({ "puzzle": ROOK4, "spill-dir": "/tmp" }),
            "unknown option \"spill-dir\"",
        ),
        (
            json!({ "puzzle": NUMBRIX, "method": "dp" }),
            "the frontier dynamic program does not apply",
        ),
        (json!({ "samples": 2 }), "the request has no puzzle"),
        (json!("rook"), "not a JSON object"),
    ];
    for (body, message) in cases {
        let (status, reply) = post_json(&app, "/api/sample", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {reply}");
        let error = reply["error"].as_str().unwrap();
        assert!(error.contains(message), "{body}: {error}");
        assert!(!error.contains('\n'), "{error}");
    }
    // A puzzle past the server's size, and an enumeration past what fits in a run's memory.
    let small = router(&ServerConfig {
        max_cells: 15,
        ..ServerConfig::default()
    });
    let (status, reply) = post_json(&small, "/api/sample", &json!({ "puzzle": ROOK4 })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(reply["error"]
        .as_str()
        .unwrap()
        .starts_with("puzzle.toml: 16 cells is more than this server takes (at most 15"));
    let tight = router(&ServerConfig {
        memory_per_run: 1000,
        ..ServerConfig::default()
    });
    let body = json!({ "puzzle": NUMBRIX, "method": "enumerate" });
    let (status, reply) = post_json(&tight, "/api/sample", &body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("more than 1 fillings"),
        "{reply}"
    );
}

#[tokio::test]
async fn a_json_puzzle_object_and_graph_files_work_too() {
    let app = app();
    let object = json!({ "moves": "king", "grid": ["1 . .", ". . ."] });
    let (status, report) = post_json(&app, "/api/count", &json!({ "puzzle": object })).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["file"], "puzzle.json");
    let puzzle = parse_named(&object.to_string(), Format::Json, "p.json").unwrap();
    let expected = pathsat_puzzle::brute::count(&puzzle, None).count;
    assert_eq!(report["count"].to_string(), expected.to_string());

    let hcp = "NAME : square\nTYPE : HCP\nDIMENSION : 4\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n1 2\n2 3\n3 4\n4 1\n-1\nEOF\n";
    let (status, report) = post_json(
        &app,
        "/api/count",
        &json!({ "puzzle": hcp, "file": "square.hcp" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{report}");
    // One Hamiltonian cycle, 4 starts, 2 directions.
    assert_eq!(report["count"], 8);
    let (status, parsed) = post_json(
        &app,
        "/api/puzzle",
        &json!({ "puzzle": hcp, "format": "hcp" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(parsed["graph"]["vertices"], 4);
}

#[tokio::test]
async fn count_streams_progress_lines_then_the_report() {
    let rook6 =
        "moves = \"rook\"\ngrid = \"\"\"\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n\"\"\"\n";
    let body = json!({ "puzzle": rook6, "method": "enumerate", "progress": true, "jobs": 1 });
    let (status, headers, text) = post(&app(), "/api/count", &body).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "application/x-ndjson");
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (last, progress) = lines.split_last().unwrap();
    for line in progress {
        assert!(line["progress"].is_object(), "{line}");
        assert!(line["seconds"].as_f64().unwrap() > 0.0);
    }
    assert_eq!(last["complete"], true, "{last}");
    assert_eq!(last["method"], "enumeration");
    let puzzle = parse_named(rook6, Format::Toml, "p.toml").unwrap();
    let expected = pathsat_puzzle::brute::count(&puzzle, None).count;
    assert_eq!(last["count"].to_string(), expected.to_string());
}

#[tokio::test]
async fn generate_makes_a_unique_puzzle_the_same_for_the_same_seed() {
    let app = app();
    let body = json!({ "size": "5x5", "moves": "rook", "seed": 11 });
    let (status, first) = post_json(&app, "/api/generate", &body).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["unique"], true);
    assert_eq!(first["seed"], 11);
    let (_, second) = post_json(&app, "/api/generate", &body).await;
    assert_eq!(first["puzzle"], second["puzzle"]);
    let text = first["puzzle"].as_str().unwrap();
    let (status, report) = post_json(
        &app,
        "/api/solve",
        &json!({ "puzzle": text, "unique": true }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(report["unique"], true);

    for (body, message) in [
        (
            json!({ "size": "5y5" }),
            "--size: \"5y5\" is not a board size",
        ),
        (
            json!({ "size": "3x3", "moves": "bishop" }),
            "--moves: \"bishop\" is not rook",
        ),
        (
            json!({ "size": "60x60" }),
            "3600 cells is more than this server takes",
        ),
        (json!({ "moves": "rook" }), "give a \"size\""),
        (json!({ "size": "3x3", "mark": "cubes" }), "is not a class"),
    ] {
        let (status, reply) = post_json(&app, "/api/generate", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {reply}");
        assert!(
            reply["error"].as_str().unwrap().contains(message),
            "{body}: {reply}"
        );
    }
}

#[tokio::test]
async fn export_gives_the_families_the_dimacs_and_a_toy_boards_clauses_in_words() {
    let app = app();
    let toy = "moves = \"rook\"\ngrid = \"1 . .\\n. . .\"\n";
    let body = json!({ "puzzle": toy, "encoding": "position", "exactly-one": "pairwise" });
    let (status, e) = post_json(&app, "/api/export", &body).await;
    assert_eq!(status, StatusCode::OK, "{e}");
    assert_eq!(e["encoding"]["name"], "position");
    assert_eq!(e["encoding"]["exactly_one"], "pairwise");
    let families = e["families"].as_array().unwrap();
    let total: u64 = families
        .iter()
        .map(|f| f["clauses"].as_u64().unwrap())
        .sum();
    assert_eq!(total, e["clauses"].as_u64().unwrap());
    let dimacs = e["dimacs"].as_str().unwrap();
    let header = format!("p cnf {} {}", e["variables"], e["clauses"]);
    assert!(dimacs.lines().any(|l| l == header), "{header}");
    let readable = e["readable"].as_array().unwrap();
    assert_eq!(readable.len() as u64, e["clauses"].as_u64().unwrap());
    // The given is a unit clause; successor clauses say where the next value may go.
    assert!(
        readable.iter().any(|c| c["clause"] == "x[1,1]=1"),
        "{readable:?}"
    );
    assert!(readable
        .iter()
        .any(|c| c["family"] == "successor" && c["clause"].as_str().unwrap().starts_with("¬x[")));

    let (status, e) = post_json(&app, "/api/export", &json!({ "puzzle": NUMBRIX })).await;
    assert_eq!(status, StatusCode::OK);
    assert!(e["readable"].is_null(), "25 cells are past the toy size");
}

#[tokio::test]
async fn limits_sizes_and_content_types_are_enforced() {
    let config = ServerConfig {
        max_body_bytes: 1000,
        max_cells: 20,
        ..ServerConfig::default()
    };
    let app = router(&config);
    let big = json!({ "puzzle": "#".repeat(2000) });
    let (status, reply) = post_json(&app, "/api/solve", &big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        reply["error"],
        "/api/solve: the request body is larger than 1000 bytes"
    );
    let (status, reply) = post_json(&app, "/api/solve", &json!({ "puzzle": NUMBRIX })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(reply["error"]
        .as_str()
        .unwrap()
        .starts_with("puzzle.toml: 25 cells is more than this server takes (at most 20"));
    let request = Request::post("/api/solve")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from(json!({ "puzzle": NUMBRIX }).to_string()))
        .unwrap();
    let (status, _, _) = send(&app, request).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);

    let (status, _, text) = send(
        &app,
        Request::get("/api/limits").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let limits: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(limits["max-cells"], 20);
    assert_eq!(limits["max-body-bytes"], 1000);
}

#[tokio::test]
async fn a_requests_timeout_is_capped_by_the_servers_time_limit() {
    let config = ServerConfig {
        time_limit: std::time::Duration::from_millis(500),
        ..ServerConfig::default()
    };
    let crowded = include_str!("../../../fixtures/large/king-8x8-crowded.toml");
    let started = std::time::Instant::now();
    let (status, report) = post_json(
        &router(&config),
        "/api/count",
        &json!({ "puzzle": crowded, "method": "enumerate", "timeout": 1000 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped"], "timeout");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

#[tokio::test]
async fn the_page_and_its_assets_are_served_with_a_strict_policy() {
    let app = app();
    for (path, content_type) in [
        ("/", "text/html; charset=utf-8"),
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let (status, headers, body) =
            send(&app, Request::get(path).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(headers[header::CONTENT_TYPE], content_type, "{path}");
        let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.contains("default-src 'none'") && csp.contains("script-src 'self'"));
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        // No CDN, no external fonts or scripts: every URL the page names is its own.
        assert!(
            !body.contains("http://") && !body.contains("https://") || path == "/favicon.svg",
            "{path}"
        );
    }
    let (status, _, text) = send(&app, Request::get("/nope").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(text.contains("no such page"));
    let (status, headers, _) = send(
        &app,
        Request::get("/api/solve").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(headers[header::ALLOW], "POST");
}

#[tokio::test]
async fn a_loopback_server_answers_only_requests_for_localhost() {
    let app = app();
    for (host, expected) in [
        ("localhost:8080", StatusCode::OK),
        ("127.0.0.1:8080", StatusCode::OK),
        ("[::1]:8080", StatusCode::OK),
        ("evil.example:8080", StatusCode::FORBIDDEN),
        ("127.0.0.1.evil.example", StatusCode::FORBIDDEN),
    ] {
        let request = Request::get("/api/limits")
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        let (status, _, body) = send(&app, request).await;
        assert_eq!(status, expected, "{host}: {body}");
    }
    let open = router(&ServerConfig {
        bind: "0.0.0.0".parse().unwrap(),
        ..ServerConfig::default()
    });
    let request = Request::get("/api/limits")
        .header(header::HOST, "laptop.local:8080")
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(&open, request).await.0, StatusCode::OK);
}

#[tokio::test]
async fn all_solutions_stop_at_the_servers_cap_and_say_so() {
    // An empty 7x7 rook board: 27,070,560 fillings, far more than one reply holds.
    let board = "moves = \"rook\"\ngrid = \"\"\"\n. . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\n\"\"\"\n";
    let (status, report) = post_json(
        &app(),
        "/api/solve",
        &json!({ "puzzle": board, "all": true }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let shown = report["solutions"].as_array().unwrap().len() as u64;
    assert!(shown <= pathsat_server::MAX_SOLUTIONS && shown > 0);
    assert_eq!(report["complete"], false);
}

#[tokio::test]
async fn forced_names_the_cells_every_solution_agrees_on() {
    // 1 and 9 in opposite corners of 3x3 rook moves: both paths put 5 in the centre.
    let puzzle = "moves = \"rook\"\ngrid = \"1 . .\\n. . .\\n. . 9\"\n";
    let (status, report) = post_json(
        &app(),
        "/api/forced",
        &json!({ "puzzle": puzzle, "timeout": 5 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["status"], "sat");
    assert_eq!(report["complete"], true);
    assert_eq!(
        report["forced"][1],
        json!({"row": 1, "col": 1, "value": 5, "given": false})
    );
    assert_eq!(report["deduced"], 1);
    let (status, reply) = post_json(
        &app(),
        "/api/forced",
        &json!({ "puzzle": puzzle, "timeout": -1 }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        reply["error"].as_str().unwrap().contains("timeout"),
        "{reply}"
    );
}

#[tokio::test]
async fn hint_gives_the_next_step_or_the_first_wrong_cell() {
    // 1 2 3 / . . . / . . 9 on a 3x3 rook board (one step across), with 6 filled at (1, 0):
    // the one path is 1 2 3 across the top, 4 5 6 back, 7 8 9.
    let puzzle = "moves = \"rook\"\ngrid = \"1 2 3\\n. . .\\n. . 9\"\n";
    let (status, report) = post_json(
        &app(),
        "/api/hint",
        &json!({ "puzzle": puzzle, "filling": [[null, null, null], [6, null, null], [null, null, null]] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["status"], "hint");
    // 4 comes after 3 at (0, 2): of its neighbours only (1, 2) is empty.
    assert_eq!(report["hint"]["row"], 1);
    assert_eq!(report["hint"]["col"], 2);
    assert_eq!(report["hint"]["value"], 4);
    assert_eq!(report["hint"]["rule"], "forced-neighbour");
    // 7 at (1, 0) leaves no path: it is the first wrong cell.
    let (status, report) = post_json(
        &app(),
        "/api/hint",
        &json!({ "puzzle": puzzle, "filling": [[null, null, null], [7, null, null], [null, null, null]] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["status"], "wrong");
    assert_eq!(report["wrong"]["row"], 1);
    assert_eq!(report["wrong"]["value"], 7);
    // A filling of another shape is the client's error.
    let (status, reply) = post_json(
        &app(),
        "/api/hint",
        &json!({ "puzzle": puzzle, "filling": [[1, 2]] }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    assert!(
        reply["error"].as_str().unwrap().starts_with("filling"),
        "{reply}"
    );
}

#[tokio::test]
async fn explain_names_the_clauses_that_set_a_cell() {
    // numbrix-5x5: (4, 3) = 20 by unit propagation alone (the CLI's test reads the same chain).
    let (status, report) = post_json(
        &app(),
        "/api/explain",
        &json!({ "puzzle": NUMBRIX, "cell": [4, 3] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["how"], "propagation");
    assert_eq!(report["value"], 20);
    assert_eq!(report["pruning"], "none");
    let steps = report["steps"].as_array().unwrap();
    assert_eq!(steps.last().unwrap()["sets"], "(4,3)=20");
    // A cell off the board, and an option it does not take.
    for body in [
        json!({ "puzzle": NUMBRIX, "cell": [5, 0] }),
        json!({ "puzzle": NUMBRIX, "cell": [0, 0], "pruning": "some" }),
    ] {
        let (status, reply) = post_json(&app(), "/api/explain", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    }
}

#[tokio::test]
async fn booklet_replies_with_a_pdf_or_refuses() {
    // One path: 1 2 3 across the top, 4 5 6 back, 7 8 9.
    let unique = "moves = \"rook\"\ngrid = \"1 2 .\\n. . .\\n. . 9\"\n";
    let request = Request::post("/api/booklet")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(json!({ "puzzle": unique }).to_string()))
        .unwrap();
    let response = app().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "application/pdf");
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    // numbrix-5x5 has several solutions.
    let (status, reply) = post_json(&app(), "/api/booklet", &json!({ "puzzle": NUMBRIX })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("more than one solution"),
        "{reply}"
    );
    let (status, reply) = post_json(
        &app(),
        "/api/booklet",
        &json!({ "puzzle": unique, "per-page": 3 }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
}

/// `"certify": true`: a "no" comes with the certificate's summary (CaDiCaL's DRAT proof and
/// the cut loop's claims, checked in a temporary directory; varisat's checked proof in a build
/// without CaDiCaL), and a hint with the certificate of "no other value fits".
#[tokio::test]
async fn certified_answers_carry_their_certificate() {
    let petersen = "closed = true\n[graph]\nvertices = 10\nedges = [[1, 2], [2, 3], [3, 4], [4, 5], [5, 1], [1, 6], [2, 7], [3, 8], [4, 9], [5, 10], [6, 8], [8, 10], [10, 7], [7, 9], [9, 6]]\n";
    let (status, report) = post_json(
        &app(),
        "/api/solve",
        &json!({ "puzzle": petersen, "certify": true }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(
        (&report["status"], &report["certified"]),
        (&json!("unsat"), &json!(true))
    );
    let certificate = &report["certificate"];
    match certificate.get("answer") {
        Some(answer) => {
            assert_eq!(answer, "no Hamiltonian cycle");
            assert!(certificate["proof_bytes"].as_u64().unwrap() > 0);
            assert!(
                certificate.get("directory").is_none(),
                "kept nowhere on the server"
            );
        }
        None => assert_eq!(certificate["complete"], true),
    }
    if certificate.get("answer").is_some() {
        let (status, hint) = post_json(
            &app(),
            "/api/hint",
            &json!({ "puzzle": NUMBRIX, "certify": true }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{hint}");
        let answer = hint["certificate"]["answer"].as_str().unwrap();
        assert!(answer.ends_with("in every solution"), "{answer}");
    }
}
