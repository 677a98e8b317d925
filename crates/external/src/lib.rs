#![warn(missing_docs)]
//! # pathsat-external
//!
//! Runs a SAT solver binary (kissat, CaDiCaL, or any that follows the competition conventions)
//! on a DIMACS file, with a time limit, and reads its standard output. The solver is given the
//! file name as its only argument; it must print `s ...` and `v ...` lines and may exit with 10
//! (satisfiable) or 20 (unsatisfiable). The answer is read by
//! [`pathsat_dimacs::parse_solver_output`]; turning its model back into a filling is
//! `pathsat_solver::decode_model`'s job, which verifies it like any other.
//!
//! ## Why a crate of its own
//!
//! Running processes is neither the DIMACS format nor the embedded solver. `pathsat-dimacs`
//! stays a pure format crate (it depends only on `pathsat-cnf` and spawns nothing, which suits
//! front ends such as a web server that must not start processes), and `pathsat-solver` stays
//! about driving varisat in-process. The process handling (`which`, `wait-timeout`, an
//! anonymous output file) is kept here, behind three types: [`ExternalSolver`], [`Run`] and
//! [`Outcome`].
//!
//! ```no_run
//! use pathsat_dimacs::SolverOutput;
//! use pathsat_external::{ExternalSolver, Outcome};
//! use std::time::Duration;
//!
//! if let Some(kissat) = ExternalSolver::find("kissat") {
//!     let run = kissat.run("puzzle.cnf".as_ref(), Duration::from_secs(60))?;
//!     if let Outcome::Answer(SolverOutput::Sat(model)) = run.outcome {
//!         println!("{} variables set in {:.3} s", model.n_vars(), run.seconds);
//!     }
//! }
//! # Ok::<(), std::io::Error>(())
//! ```

use pathsat_dimacs::{parse_solver_output, OutputError, SolverOutput};
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::time::Duration;

/// A solver binary found on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSolver {
    /// What the user called it (`kissat`, or a path).
    pub name: String,
    /// Where the binary is.
    pub path: PathBuf,
}

/// How a run ended.
#[derive(Debug)]
pub enum Outcome {
    /// The solver finished and its output parsed.
    Answer(SolverOutput),
    /// The solver finished but its output is not valid solver output.
    BadOutput(OutputError),
    /// The time limit passed; the solver was killed.
    TimedOut,
}

/// One run of an external solver.
#[derive(Debug)]
pub struct Run {
    /// How the run ended.
    pub outcome: Outcome,
    /// Wall time of the solver process.
    pub seconds: f64,
    /// The exit status, when the process exited on its own.
    pub exit_code: Option<i32>,
}

impl ExternalSolver {
    /// The solver named `name_or_path`: a path (anything with a `/`) or a name looked up on
    /// `PATH`. `None` when there is no such executable.
    pub fn find(name_or_path: &str) -> Option<ExternalSolver> {
        let path = if name_or_path.contains(std::path::MAIN_SEPARATOR) || name_or_path.contains('/')
        {
            which::which(Path::new(name_or_path)).ok()?
        } else {
            which::which(name_or_path).ok()?
        };
        Some(ExternalSolver {
            name: name_or_path.to_string(),
            path,
        })
    }

    /// The first line the solver prints for `--version`, if it prints one within `within`
    /// (a program that is no solver may ignore the option and run on: a caller with a time
    /// limit passes it, so that the question does not outlast the solver's own run).
    pub fn version(&self, within: Duration) -> Option<String> {
        let mut command = Command::new(&self.path);
        command.arg("--version");
        let (_, bytes, _) = run_captured(command, within).ok()?;
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .map(|l| l.trim_start_matches("c ").to_string())
    }

    /// Runs the solver on `cnf` for at most `timeout`.
    ///
    /// # Errors
    /// When the process cannot be started or waited for.
    pub fn run(&self, cnf: &Path, timeout: Duration) -> io::Result<Run> {
        self.run_with(cnf, None, timeout)
    }

    /// Runs the solver on `cnf` for at most `timeout`, writing its DRAT proof to `proof`: the
    /// second file argument, as kissat, CaDiCaL and most competition solvers take it.
    ///
    /// # Errors
    /// When the process cannot be started or waited for.
    pub fn run_with_proof(&self, cnf: &Path, proof: &Path, timeout: Duration) -> io::Result<Run> {
        self.run_with(cnf, Some(proof), timeout)
    }

    fn run_with(&self, cnf: &Path, proof: Option<&Path>, timeout: Duration) -> io::Result<Run> {
        let mut command = Command::new(&self.path);
        command.arg(cnf);
        command.args(proof);
        let (status, bytes, seconds) = run_captured(command, timeout)?;
        let outcome = match status {
            None => Outcome::TimedOut,
            Some(_) => match parse_solver_output(&String::from_utf8_lossy(&bytes)) {
                Ok(answer) => Outcome::Answer(answer),
                Err(e) => Outcome::BadOutput(e),
            },
        };
        Ok(Run {
            outcome,
            seconds,
            exit_code: status.and_then(|s| s.code()),
        })
    }
}

/// WebAssembly (a browser) runs no processes: an external solver cannot be run there.
#[cfg(target_family = "wasm")]
fn run_captured(_: Command, _: Duration) -> io::Result<(Option<ExitStatus>, Vec<u8>, f64)> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "external solvers run as processes, which WebAssembly has not",
    ))
}

/// Runs `command` with its standard output in an anonymous file (a pipe could be held open by
/// a child the solver started, after the solver itself is killed), killing it after `timeout`.
/// Returns the exit status (`None`: killed), the output and the wall time.
#[cfg(not(target_family = "wasm"))]
fn run_captured(
    mut command: Command,
    timeout: Duration,
) -> io::Result<(Option<ExitStatus>, Vec<u8>, f64)> {
    use std::io::{Read, Seek, SeekFrom};
    use std::process::Stdio;
    use wait_timeout::ChildExt;
    let start = std::time::Instant::now();
    let mut out = tempfile::tempfile()?;
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::from(out.try_clone()?))
        .stderr(Stdio::null())
        .spawn()?;
    let status = child.wait_timeout(timeout)?;
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    let seconds = start.elapsed().as_secs_f64();
    let mut bytes = Vec::new();
    out.seek(SeekFrom::Start(0))?;
    out.read_to_end(&mut bytes)?;
    Ok((status, bytes, seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_solvers_are_not_found() {
        assert_eq!(ExternalSolver::find("surely-no-such-solver-here"), None);
        assert_eq!(ExternalSolver::find("/nonexistent/kissat"), None);
    }

    /// A shell script that behaves like a solver exercises the whole run.
    #[cfg(unix)]
    #[test]
    fn runs_a_solver_and_reads_its_answer() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("pathsat-external-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("fake-solver");
        std::fs::write(
            &script,
            "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 9.9.9; exit 0; fi\n\
             test -f \"$1\" || exit 1\necho 'c fake'\necho 's SATISFIABLE'\necho 'v 1 -2 0'\nexit 10\n",
        )
        .unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let cnf = dir.join("x.cnf");
        std::fs::write(&cnf, "p cnf 2 1\n1 -2 0\n").unwrap();
        let solver = ExternalSolver::find(script.to_str().unwrap()).unwrap();
        assert_eq!(
            solver.version(Duration::from_secs(5)).as_deref(),
            Some("9.9.9")
        );
        let run = solver.run(&cnf, Duration::from_secs(10)).unwrap();
        assert_eq!(run.exit_code, Some(10));
        assert!(matches!(run.outcome, Outcome::Answer(SolverOutput::Sat(_))));

        let slow = dir.join("slow-solver");
        std::fs::write(&slow, "#!/bin/sh\nsleep 5\n").unwrap();
        std::fs::set_permissions(&slow, std::fs::Permissions::from_mode(0o755)).unwrap();
        let solver = ExternalSolver::find(slow.to_str().unwrap()).unwrap();
        let run = solver.run(&cnf, Duration::from_millis(200)).unwrap();
        assert!(matches!(run.outcome, Outcome::TimedOut));
        assert!(run.seconds < 4.0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
