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
        let mut child = Command::new(env!("CARGO_BIN_EXE_pathsat"))
            .args(["serve", "--port", "0", "--max-concurrent", "4"])
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
        let body = body.to_string();
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        write!(
            stream,
            "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
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
    let cases: [(&str, &str, Vec<&str>, Value); 8] = [
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
