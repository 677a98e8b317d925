//! `pathsat serve` end to end: the binary started on a free port, asked over HTTP/1.1 (by hand,
//! on a `TcpStream`), its JSON compared with what `pathsat solve|count --format json` prints for
//! the same file and options. They must be the same report, but for the time measurements.

use crate::common::{fixture, pathsat};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// `pathsat serve --port 0`, killed when dropped.
struct Served {
    child: Child,
    port: u16,
}

impl Served {
    fn start() -> Served {
        Served::start_with(&[])
    }

    /// `pathsat serve --port 0 --max-concurrent 4` and `flags`.
    fn start_with(flags: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pathsat"))
            .args(["serve", "--port", "0", "--max-concurrent", "4"])
            .args(flags)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        // pathsat: serving http://127.0.0.1:PORT/ (Ctrl-C stops it)
        let port = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no loopback URL in {line:?}"));
        Served { child, port }
    }

    fn post(&self, path: &str, body: &Value) -> (u16, String) {
        self.ask("POST", path, &body.to_string())
    }

    fn get(&self, path: &str) -> (u16, String) {
        self.ask("GET", path, "")
    }

    fn ask(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        let (head, body) = reply.split_once("\r\n\r\n").unwrap();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        (status, body.to_string())
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The report without what differs from run to run: the time measurements.
fn timeless(mut value: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(map) => {
                map.retain(|k, _| !k.ends_with("seconds"));
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut value);
    value
}

fn cli_json(args: &[&str]) -> Value {
    let out = pathsat().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_web_api_replies_with_what_format_json_prints() {
    let served = Served::start();
    let cases: [(&str, &str, Vec<&str>, Value); 10] = [
        (
            "small/king-3x3.toml",
            "solve",
            vec!["--limit", "20000"],
            json!({ "limit": 20000 }),
        ),
        ("small/numbrix-5x5.toml", "solve", vec![], json!({})),
        (
            "small/numbrix-5x5.toml",
            "solve",
            vec!["--unique"],
            json!({ "unique": true }),
        ),
        (
            "small/hidato-holes.toml",
            "solve",
            vec!["--limit", "3"],
            json!({ "limit": 3 }),
        ),
        (
            "small/json-hidato.json",
            "solve",
            vec!["--all"],
            json!({ "all": true }),
        ),
        (
            "graphs/dodecahedron.col",
            "solve",
            vec!["--encoding", "successor"],
            json!({ "encoding": "successor" }),
        ),
        ("small/king-3x3.toml", "count", vec![], json!({})),
        (
            "small/numbrix-5x5.toml",
            "count",
            vec!["--method", "enumerate", "--exactly-one", "pairwise"],
            json!({ "method": "enumerate", "exactly-one": "pairwise" }),
        ),
        (
            "small/king-3x3.toml",
            "sample",
            vec!["-n", "3", "--seed", "7"],
            json!({ "samples": 3, "seed": 7 }),
        ),
        (
            "small/numbrix-5x5.toml",
            "sample",
            vec!["--seed", "11"],
            json!({ "seed": 11 }),
        ),
    ];
    for (file, command, flags, options) in cases {
        let path = fixture(file).display().to_string();
        let mut args = vec![command, path.as_str(), "--format", "json"];
        args.extend(flags.iter().copied());
        let expected = cli_json(&args);
        let mut body = options.clone();
        body["puzzle"] = Value::String(std::fs::read_to_string(fixture(file)).unwrap());
        body["file"] = Value::String(path.clone());
        let (status, reply) = served.post(&format!("/api/{command}"), &body);
        assert_eq!(status, 200, "{file} {command}: {reply}");
        // Printed as the CLI prints it: pretty, one newline at the end.
        assert!(
            reply.ends_with("}\n") && reply.contains("\n  \""),
            "{reply}"
        );
        let reply: Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(
            timeless(reply),
            timeless(expected),
            "{file} {command} {flags:?}"
        );
    }
}

#[test]
fn a_bad_puzzle_gets_the_command_lines_message() {
    let served = Served::start();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.toml");
    let text = "moves = \"rook\"\ngrid = \"\"\"\n1 . .\n. 1 .\n\"\"\"\n";
    std::fs::write(&file, text).unwrap();
    let out = pathsat()
        .args(["solve", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let message = stderr.trim_end().strip_prefix("pathsat: error: ").unwrap();
    let (status, reply) = served.post(
        "/api/solve",
        &json!({ "puzzle": text, "file": file.to_str().unwrap() }),
    );
    assert_eq!(status, 400);
    let reply: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(reply["error"], message);
}

/// The worker processes of a server, each with the CPU time it has spent, in clock ticks
/// (Linux: read from `/proc`). One of them is the spare, started ahead for the next run and
/// idle until then.
#[cfg(target_os = "linux")]
fn workers_of(server: &Served) -> Vec<(u32, u64)> {
    let pid = server.child.id();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(child) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{child}/stat")) else {
            continue;
        };
        // After the command name in parentheses: state, parent, ..., utime and stime (the
        // 12th and 13th fields after it).
        let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
        let parent: u32 = fields[1].parse().unwrap();
        if parent == pid {
            let ticks = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
            found.push((child, ticks));
        }
    }
    found
}

/// The server's workers that are working: those whose CPU time grows over a fifth of a second.
#[cfg(target_os = "linux")]
fn busy_workers(server: &Served) -> Vec<u32> {
    let before = workers_of(server);
    std::thread::sleep(Duration::from_millis(200));
    let after = workers_of(server);
    after
        .into_iter()
        .filter(|(pid, ticks)| {
            before
                .iter()
                .find(|(p, _)| p == pid)
                .is_none_or(|(_, t)| ticks > t)
        })
        .map(|(pid, _)| pid)
        .collect()
}

/// Waits (up to a minute: these machines are shared) for the server to have no worker at work
/// (the spare aside, idle) and at most the spare alive.
#[cfg(target_os = "linux")]
fn until_no_workers(server: &Served) -> Vec<u32> {
    let started = std::time::Instant::now();
    loop {
        let busy = busy_workers(server);
        if (busy.is_empty() && workers_of(server).len() <= 1)
            || started.elapsed() > Duration::from_secs(60)
        {
            return busy;
        }
    }
}

/// A count that outlasts any test (the 12x12 knight's tours in the position encoding), its
/// progress streamed, read up to its first progress line: by then it runs in its worker.
fn long_streamed_count(server: &Served) -> (TcpStream, BufReader<TcpStream>) {
    let count = json!({"puzzle": knights_tour(12), "encoding": "position", "method": "enumerate", "progress": true}).to_string();
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    write!(
        stream,
        "POST /api/count HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{count}",
        count.len()
    )
    .unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    while !line.contains("progress") {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "the stream ended");
    }
    (stream, reader)
}

/// The closed knight's tour of an N x N board.
fn knights_tour(n: usize) -> String {
    let row = vec!["."; n].join(" ");
    format!(
        "moves = \"knight\"\nclosed = true\ngrid = \"\"\"\n{}\n\"\"\"\n",
        vec![row; n].join("\n")
    )
}

/// Each run goes to a worker process of its own: one that passes its memory (the 40x40 knight's
/// tour in the position encoding: 2.6 million variables) is stopped and answered with a clear
/// error, and the server goes on answering.
#[cfg(target_os = "linux")]
#[test]
fn a_run_past_its_memory_is_stopped_and_the_server_goes_on() {
    let server = Served::start_with(&["--memory-per-run", "150MiB"]);
    let big = json!({"puzzle": knights_tour(40), "encoding": "position"});
    let (status, body) = server.post("/api/solve", &big);
    assert_eq!(status, 507, "{body}");
    let message = serde_json::from_str::<Value>(&body).unwrap()["error"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        message.starts_with(
            "the run needed more than the 150.0 MiB of memory this server gives one run"
        ),
        "{message}"
    );
    assert_eq!(until_no_workers(&server), Vec::<u32>::new());
    let (status, body) = server.post(
        "/api/solve",
        &json!({"puzzle": std::fs::read_to_string(fixture("seeds/rook-primes-tour.toml")).unwrap()}),
    );
    assert_eq!(status, 200, "{body}");
    let limits: Value = serde_json::from_str(&server.get("/api/limits").1).unwrap();
    assert_eq!(limits["memory-per-run"], 150 << 20);
    assert_eq!(limits["workers"], true);
}

/// A run stopped by its timeout inside its first solver call (the 12x12 knight's tour in the
/// position encoding) is answered, and its worker is gone; so is the worker of a count whose
/// client goes away while it streams its progress.
#[cfg(target_os = "linux")]
#[test]
fn no_worker_outlives_its_answer_or_its_client() {
    let server = Served::start();
    let long = json!({"puzzle": knights_tour(12), "encoding": "position", "timeout": 1});
    let (status, body) = server.post("/api/solve", &long);
    assert_eq!(status, 200, "{body}");
    let report: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (report["status"].as_str(), report["stopped"].as_str()),
        (Some("unknown"), Some("timeout"))
    );
    assert_eq!(until_no_workers(&server), Vec::<u32>::new());

    let (stream, reader) = long_streamed_count(&server);
    assert_eq!(busy_workers(&server).len(), 1);
    drop(reader);
    stream.shutdown(std::net::Shutdown::Both).unwrap();
    drop(stream);
    assert_eq!(until_no_workers(&server), Vec::<u32>::new());
}

/// A worker ends with its server, however the server went: killed with SIGKILL while a count
/// runs in a worker (and a spare waits), both workers are gone (or dead, awaiting their reaper).
#[cfg(target_os = "linux")]
#[test]
fn workers_end_with_their_server() {
    let mut server = Served::start();
    let (_stream, _reader) = long_streamed_count(&server);
    let workers: Vec<u32> = workers_of(&server)
        .into_iter()
        .map(|(pid, _)| pid)
        .collect();
    assert!(!workers.is_empty());
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    let gone = |pid: &u32| {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
            stat[stat.rfind(')').unwrap() + 2..].starts_with('Z')
        })
    };
    let started = std::time::Instant::now();
    while !workers.iter().all(gone) && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        workers.iter().all(gone),
        "workers {workers:?} outlived their server"
    );
}
