//! `pathsat serve`: the arguments into a [`ServerConfig`], the URL printed, and the server of
//! [`pathsat_server`] run until the process is stopped; `pathsat serve-worker`, the process
//! each run goes to ([`pathsat_server::isolate`]). Nothing else: the page, the API and the
//! limits are the server crate's.

use crate::args::ServeArgs;
use crate::Failure;
use pathsat_server::{ServerConfig, WorkerCommand};
use std::io::Write;
use std::process::ExitCode;

pub fn run(args: &ServeArgs) -> Result<ExitCode, Failure> {
    let defaults = ServerConfig::default();
    let config = ServerConfig {
        bind: args.bind,
        port: args.port,
        max_body_bytes: usize::try_from(args.max_body).unwrap_or(usize::MAX),
        max_concurrent: args
            .max_concurrent
            .map_or(defaults.max_concurrent, |n| n as usize),
        max_connections: args.max_connections as usize,
        time_limit: args.time_limit,
        max_cells: args.max_cells,
        jobs: args.jobs.map_or(defaults.jobs, |n| n as usize),
        memory_per_run: args.memory_per_run.unwrap_or_else(|| {
            // Half the machine's memory, shared by the runs at once.
            let runs = args
                .max_concurrent
                .map_or(defaults.max_concurrent, |n| n as usize);
            pathsat_frontier::default_memory_budget() / runs.max(1) as u64
        }),
        workers: if args.in_process {
            None
        } else {
            let program = std::env::current_exe().map_err(|e| {
                Failure::Internal(
                    anyhow::Error::new(e).context("cannot find this program to start workers"),
                )
            })?;
            Some(WorkerCommand {
                program,
                args: vec!["serve-worker".into()],
            })
        },
        ..defaults
    };
    let loopback = config.bind.is_loopback();
    pathsat_server::serve_forever(config, |address| {
        let host = if address.ip().is_unspecified() {
            "localhost".to_string()
        } else {
            address.ip().to_string()
        };
        let host = if address.is_ipv6() && host != "localhost" {
            format!("[{host}]")
        } else {
            host
        };
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "pathsat: serving http://{host}:{}/ (Ctrl-C stops it)",
            address.port()
        );
        if !loopback {
            let _ = writeln!(
                out,
                "pathsat: listening on {address}: anyone who can reach it can run solves"
            );
        }
        let _ = out.flush();
    })
    .map_err(|e| Failure::Input(format!("cannot serve on {}:{}: {e}", args.bind, args.port)))?;
    Ok(ExitCode::SUCCESS)
}

/// `pathsat serve-worker`: one request of a server, from standard input to standard output.
pub fn worker() -> Result<ExitCode, Failure> {
    pathsat_server::run_worker()
        .map_err(|e| Failure::Internal(anyhow::Error::new(e).context("serve-worker")))
}
