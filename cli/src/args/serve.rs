//! `pathsat serve`'s arguments.

use super::common::{at_least_one, parse_memory, parse_seconds};
use clap::Args;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 takes any free one.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to bind: 127.0.0.1 keeps the page to this computer; 0.0.0.0 opens it to the
    /// network (anyone who can reach it can run solves).
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Runs (solve, count, generate, export, draw) at once; more get 503 [default: twice the
    /// processors, at least 4].
    #[arg(long, value_name = "N", value_parser = at_least_one::<u32>)]
    pub max_concurrent: Option<u32>,
    /// The most memory one run may take, e.g. 512MiB: its worker process is stopped past it,
    /// with a clear error [default: half of this machine's memory, shared by --max-concurrent
    /// runs].
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    pub memory_per_run: Option<u64>,
    /// Run solvers on threads of the server's own process, not each request in a worker
    /// process of its own (no memory limit then but the frontier program's budget; for
    /// debugging).
    #[arg(long)]
    pub in_process: bool,
    /// The longest one run may take; a request's own timeout is capped by it.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_seconds)]
    pub time_limit: Duration,
    /// The largest puzzle taken, in cells (or graph vertices).
    #[arg(long, value_name = "N", default_value_t = 2500)]
    pub max_cells: usize,
    /// The largest request body, e.g. 1MiB.
    #[arg(long, value_name = "SIZE", default_value = "1MiB", value_parser = parse_memory)]
    pub max_body: u64,
    /// Open connections at once; more are told to try again and closed.
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = at_least_one::<u32>)]
    pub max_connections: u32,
    /// Threads one count may use (default: the number of processors).
    #[arg(short, long, value_name = "N", value_parser = at_least_one::<u32>)]
    pub jobs: Option<u32>,
}
