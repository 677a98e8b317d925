//! The server on a real socket, spoken to with hand-written HTTP/1.1 over `std::net::TcpStream`:
//! the cap on concurrent runs (503 with Retry-After at once, never a queue), a client that
//! disconnects cancelling its run and freeing its slot, and slow or idle clients cut off.

use pathsat_server::{bind, serve_on, ServerConfig};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// A server on a free loopback port, on a runtime of its own, stopped when dropped.
struct Server {
    address: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    fn start(config: ServerConfig) -> Server {
        let config = ServerConfig { port: 0, ..config };
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (tell, address) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = bind(&config).await.unwrap();
                tell.send(listener.local_addr().unwrap()).unwrap();
                serve_on(listener, config, async {
                    let _ = stopped.await;
                })
                .await
                .unwrap();
            });
            runtime.shutdown_timeout(Duration::from_secs(1));
        });
        Server {
            address: address.recv().unwrap(),
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        stream
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn request(path: &str, body: &str) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// Sends `body` to `path` and reads the whole reply: (status, headers and body).
fn exchange(server: &Server, path: &str, body: &str) -> (u16, String) {
    let mut stream = server.connect();
    stream.write_all(request(path, body).as_bytes()).unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    let status = reply
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, reply)
}

/// An 8x8 king board with a given in the middle: enumeration would take far longer than any
/// test; with a timeout of `seconds` it runs that long.
fn long_count(seconds: u32, progress: bool) -> String {
    let puzzle = include_str!("../../../fixtures/large/king-8x8-crowded.toml");
    serde_json::json!({
        "puzzle": puzzle, "method": "enumerate", "timeout": seconds, "progress": progress,
        "jobs": 1
    })
    .to_string()
}

const SMALL: &str = r#"{"puzzle": "moves = \"rook\"\ngrid = \"1 . .\\n. . .\""}"#;

/// Waits until a small solve is answered 200 (the slot is free again), at most `within`.
fn answered_within(server: &Server, within: Duration) -> Option<Duration> {
    let started = Instant::now();
    while started.elapsed() < within {
        let (status, reply) = exchange(server, "/api/solve", SMALL);
        if status == 200 {
            return Some(started.elapsed());
        }
        assert_eq!(status, 503, "{reply}");
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

#[test]
fn runs_beyond_the_cap_get_503_with_retry_after_at_once() {
    let server = Server::start(ServerConfig {
        max_concurrent: 1,
        ..ServerConfig::default()
    });
    let mut long = server.connect();
    long.write_all(request("/api/count", &long_count(20, false)).as_bytes())
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let started = Instant::now();
    let (status, reply) = exchange(&server, "/api/solve", SMALL);
    assert_eq!(status, 503, "{reply}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "refused at once, not queued"
    );
    assert!(
        reply.to_ascii_lowercase().contains("retry-after: 1"),
        "{reply}"
    );
    assert!(reply.contains("the server is busy"), "{reply}");
    // The page and the limits are no run: they answer while the slot is taken.
    let mut page = server.connect();
    page.write_all(b"GET /api/limits HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut reply = String::new();
    page.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    drop(long);
}

#[test]
fn a_client_that_disconnects_cancels_its_run_and_frees_the_slot() {
    let server = Server::start(ServerConfig {
        max_concurrent: 1,
        ..ServerConfig::default()
    });
    for progress in [false, true] {
        let mut long = server.connect();
        long.write_all(request("/api/count", &long_count(50, progress)).as_bytes())
            .unwrap();
        std::thread::sleep(Duration::from_millis(700));
        // The count holds the only slot.
        let (status, _) = exchange(&server, "/api/solve", SMALL);
        assert_eq!(status, 503, "progress {progress}");
        drop(long);
        let freed = answered_within(&server, Duration::from_secs(5));
        assert!(
            freed.is_some(),
            "progress {progress}: the count was not cancelled within 5 s of the disconnect"
        );
    }
}

#[test]
fn slow_and_silent_clients_are_cut_off() {
    let server = Server::start(ServerConfig {
        request_read_timeout: Duration::from_millis(800),
        ..ServerConfig::default()
    });
    // Headers that never end (slowloris).
    let mut slow = server.connect();
    slow.write_all(b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\n")
        .unwrap();
    // A body that never comes.
    let mut silent = server.connect();
    silent
        .write_all(
            b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"puzzle\"",
        )
        .unwrap();
    let started = Instant::now();
    let mut reply = String::new();
    let _ = slow.read_to_string(&mut reply);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "headers cut off"
    );
    let mut reply = String::new();
    let _ = silent.read_to_string(&mut reply);
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    assert!(started.elapsed() < Duration::from_secs(5));
    // And the server answers others all along.
    let (status, _) = exchange(&server, "/api/solve", SMALL);
    assert_eq!(status, 200);
}

#[test]
fn connections_beyond_the_cap_are_told_to_come_back() {
    let server = Server::start(ServerConfig {
        max_connections: 2,
        ..ServerConfig::default()
    });
    let idle: Vec<TcpStream> = (0..2).map(|_| server.connect()).collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut extra = server.connect();
    let mut reply = String::new();
    let _ = extra.read_to_string(&mut reply);
    assert!(reply.starts_with("HTTP/1.1 503"), "{reply}");
    drop(idle);
    std::thread::sleep(Duration::from_millis(200));
    let (status, _) = exchange(&server, "/api/solve", SMALL);
    assert_eq!(status, 200);
}
