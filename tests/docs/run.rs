//! Running a page's examples in a scratch directory and comparing their output with snapbox.

use crate::markdown::{blocks, examples, Block, Example};
use crate::repo;
use regex::Regex;
use snapbox::report::Palette;
use snapbox::{Assert, Data, Redactions};
use std::io::{BufRead, BufReader, IsTerminal, Read};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::LazyLock;
use std::time::Duration;
use wait_timeout::ChildExt;

/// A run time: a number and its unit, `6.0 ms`, `1.32 s`, `350 µs`, and a second part when
/// there is one (`10 min 1 s`, `3 h 20 min`).
static TIME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b\d+(\.\d+)? (ns|µs|ms|s|min|h)\b( \d+(\.\d+)? (min|s)\b)?")
        .expect("a valid regex")
});

/// The longest one command may take: the examples are chosen to take well under a second.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(60);

/// `text` with its run times replaced by `[TIME]`, as the actual output is redacted.
pub fn mask(text: &str) -> String {
    TIME.replace_all(text, "[TIME]").into_owned()
}

/// The lines of non-`console` blocks that hold a `pathsat` command, as failure messages.
pub fn stray_commands(page: &str, blocks: &[Block]) -> Vec<String> {
    blocks
        .iter()
        .filter(|b| b.language() != "console")
        .flat_map(|b| b.lines.iter().map(move |l| (b, l)))
        .filter(|(_, (_, line))| {
            let line = line.trim_start();
            line.starts_with("pathsat ") || line.starts_with("$ pathsat")
        })
        .map(|(b, (number, line))| {
            let kind = if b.info.is_empty() {
                "an indented"
            } else {
                "a"
            };
            let info = if b.info.is_empty() {
                String::new()
            } else {
                format!(" `{}`", b.info)
            };
            format!(
                "{page}:{number}: a pathsat command in {kind}{info} code block, which no test \
                 runs: write it as a `console` example (`$ ` before the command, its output \
                 after), or as inline code\n    {}",
                line.trim()
            )
        })
        .collect()
}

/// Runs every example of `page` (a path from the repository root) and panics with every
/// failure: the page, the line and the command, and snapbox's diff of the output.
pub fn page(page: &str) {
    let text = std::fs::read_to_string(repo().join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
    let blocks = blocks(&text);
    let mut failures = stray_commands(page, &blocks);
    let scratch = tempfile::tempdir().expect("a scratch directory");
    std::os::unix::fs::symlink(repo().join("fixtures"), scratch.path().join("fixtures"))
        .expect("the fixtures symlink");
    let runner = Runner::new(scratch.path());
    let mut server: Option<Server> = None;
    let mut ran = 0;
    // With PATHSAT_DOCS_BLESS=1, the outputs that differ are written into the page instead.
    let bless = std::env::var_os("PATHSAT_DOCS_BLESS").is_some_and(|v| v == "1");
    let mut blessed: Vec<(usize, usize, String)> = Vec::new();
    for block in blocks.iter().filter(|b| b.language() == "console") {
        let examples = match examples(block) {
            Ok(examples) => examples,
            Err(e) => {
                let first = block.lines.first().map_or(0, |(n, _)| n - 1);
                failures.push(format!("{page}: the console block at line {first}: {e}"));
                continue;
            }
        };
        if let Some(missing) = missing_solver(&examples) {
            let at = examples.first().map_or(0, |e| e.line);
            if std::env::var_os("PATHSAT_REQUIRE_SOLVERS").is_some_and(|v| v == "1") {
                failures.push(format!(
                    "{page}:{at}: {missing} is not on PATH (PATHSAT_REQUIRE_SOLVERS=1)"
                ));
            } else {
                eprintln!("note: {page}:{at}: block skipped: {missing} is not on PATH");
            }
            continue;
        }
        let address = if block.info.split_whitespace().nth(1) == Some("serve") {
            let server = server.get_or_insert_with(|| Server::start(&runner.bin, scratch.path()));
            Some(server.address.clone())
        } else {
            None
        };
        for example in &examples {
            let command = match &address {
                Some(address) => example.command.replace("localhost:8080", address),
                None => example.command.clone(),
            };
            match runner.check(example, &command) {
                Err(Mismatch::Output { actual, .. }) if bless => {
                    // The output's lines follow the command's lines and its `? N` line.
                    let first = example.line
                        + example.command.lines().count()
                        + usize::from(example.status != 0);
                    blessed.push((first, example.expected.lines().count(), actual));
                }
                Err(mismatch) => failures.push(format!(
                    "{page}:{}: $ {}\n{}",
                    example.line,
                    example.command,
                    mismatch.message()
                )),
                Ok(()) => {}
            }
            ran += 1;
        }
    }
    drop(server);
    eprintln!("{page}: {ran} command examples run");
    if !blessed.is_empty() {
        write_blessed(page, &text, blessed);
    }
    if !failures.is_empty() {
        panic!(
            "{page}: {} problem(s) with its command examples:\n\n{}",
            failures.len(),
            failures.join("\n\n")
        );
    }
}

/// Writes `page` again with the outputs of `blessed` (first line, lines, new output) in place
/// of those it had, and says so: a deliberate change of output, to read in `git diff` (its
/// `[..]` wildcards are gone, and its times are this run's).
fn write_blessed(page: &str, text: &str, mut blessed: Vec<(usize, usize, String)>) {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    blessed.sort_by_key(|(first, _, _)| std::cmp::Reverse(*first));
    for (first, count, actual) in &blessed {
        let at = first - 1;
        lines.splice(at..at + count, actual.lines().map(str::to_string));
    }
    let mut written = lines.join("\n");
    written.push('\n');
    std::fs::write(repo().join(page), written).unwrap_or_else(|e| panic!("{page}: {e}"));
    eprintln!(
        "{page}: {} example output(s) written into the page (PATHSAT_DOCS_BLESS=1)",
        blessed.len()
    );
}

/// Why an example does not hold.
enum Mismatch {
    /// It could not be run, or its exit status differs: a message.
    Run(String),
    /// Its output differs: snapbox's diff, and the output.
    Output { diff: String, actual: String },
}

impl Mismatch {
    fn message(&self) -> &str {
        match self {
            Mismatch::Run(message) => message,
            Mismatch::Output { diff, .. } => diff,
        }
    }
}

/// The first of kissat, cadical and nauty's programs that a block's commands name (as a word:
/// `kissat`, `/usr/bin/cadical`, `--solvers varisat,cadical`, not `cadical-embedded`;
/// `nauty-geng`) and `PATH` lacks.
/// A block that names one only as `--solver cadical`, the embedded solver, is skipped too when
/// the program is missing: harmless, and CI has both.
fn missing_solver(examples: &[Example]) -> Option<&'static str> {
    let solver = [
        "kissat",
        "cadical",
        "nauty-geng",
        "nauty-cubhamg",
        "nauty-labelg",
    ]
    .into_iter()
    .find(|solver| examples.iter().any(|e| names(&e.command, solver)) && !on_path(solver));
    // The outside DRAT checker of a certificate's README.
    solver.or_else(|| {
        (examples.iter().any(|e| names(&e.command, "rate")) && !on_path("rate")).then_some("rate")
    })
}

/// Whether `command` has `program` as a word of its own.
pub fn names(command: &str, program: &str) -> bool {
    command
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .any(|word| word == program)
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// Runs commands in the scratch directory with the `pathsat` under test first on `PATH`.
struct Runner {
    dir: PathBuf,
    bin: PathBuf,
    path: std::ffi::OsString,
    assert: Assert,
}

impl Runner {
    fn new(dir: &Path) -> Runner {
        // A relative PATHSAT_DOCS_BIN is read from the repository root, where it was typed
        // (cargo runs the test in cli/).
        let bin = std::env::var_os("PATHSAT_DOCS_BIN")
            .map(|p| repo().join(p))
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_pathsat")));
        let bin = std::fs::canonicalize(&bin)
            .unwrap_or_else(|e| panic!("the pathsat to test, {}: {e}", bin.display()));
        let bin_dir = bin.parent().expect("a directory").to_path_buf();
        let mut dirs = vec![bin_dir];
        if let Some(path) = std::env::var_os("PATH") {
            dirs.extend(std::env::split_paths(&path));
        }
        let path = std::env::join_paths(dirs).expect("a PATH");
        let mut redactions = Redactions::new();
        redactions
            .insert("[TIME]", TIME.clone())
            .expect("a valid placeholder");
        // Coloured diffs on a terminal, plain ones in a CI log.
        let palette = if std::io::stderr().is_terminal() {
            Palette::color()
        } else {
            Palette::plain()
        };
        let assert = Assert::new()
            .palette(palette)
            .redact_with(redactions)
            // Backslashes are output (JSON escapes, DIMACS text), not Windows paths.
            .normalize_paths(false);
        Runner {
            dir: dir.to_path_buf(),
            bin,
            path,
            assert,
        }
    }

    /// Runs `command` (the example's, the server's address in it) and compares.
    fn check(&self, example: &Example, command: &str) -> Result<(), Mismatch> {
        let (status, output) = self.run(command).map_err(Mismatch::Run)?;
        let output = output.trim_end_matches('\n');
        if status != example.status {
            let hint = if example.status == 0 {
                format!("write `? {status}` on the line after the command if that is right")
            } else {
                format!("expected {}", example.status)
            };
            return Err(Mismatch::Run(format!(
                "exit status {status} ({hint}); its output:\n{output}"
            )));
        }
        let expected = mask(&example.expected);
        self.assert
            .try_eq(
                Some(&"output"),
                Data::text(output.to_string()),
                Data::text(expected),
            )
            .map_err(|e| Mismatch::Output {
                diff: e.to_string(),
                actual: output.to_string(),
            })
    }

    /// The exit status and output (standard error into the same pipe) of `bash -c command`.
    fn run(&self, command: &str) -> Result<(i32, String), String> {
        let mut child = Command::new("bash")
            .arg("-c")
            .arg(format!("exec 2>&1\n{command}"))
            .current_dir(&self.dir)
            .env("PATH", &self.path)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|e| format!("bash: {e}"))?;
        let mut stdout = child.stdout.take().expect("piped");
        let reader = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            stdout.read_to_end(&mut bytes).map(|_| bytes)
        });
        let status = match child
            .wait_timeout(COMMAND_TIMEOUT)
            .map_err(|e| e.to_string())?
        {
            Some(status) => status,
            None => {
                // The command's whole process group, so that no child keeps the pipe open.
                let _ = Command::new("kill")
                    .args(["-KILL", "--", &format!("-{}", child.id())])
                    .status();
                let _ = child.wait();
                return Err(format!("still running after {COMMAND_TIMEOUT:?}: killed"));
            }
        };
        let bytes = reader
            .join()
            .expect("the reader thread")
            .map_err(|e| e.to_string())?;
        let output = String::from_utf8(bytes).map_err(|e| format!("output not UTF-8: {e}"))?;
        Ok((status.code().unwrap_or(-1), output))
    }
}

/// A `pathsat serve --port 0` for a page's `console serve` blocks, killed when dropped.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    fn start(bin: &Path, dir: &Path) -> Server {
        let mut child = Command::new(bin)
            .args(["serve", "--port", "0"])
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("pathsat serve");
        // "pathsat: serving http://127.0.0.1:PORT/ (Ctrl-C stops it)"
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut line = String::new();
        let read = stdout.read_line(&mut line);
        // Whatever else it prints is read and dropped, so that no write of its finds the pipe
        // closed.
        std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
        let address = read.ok().and_then(|_| {
            let rest = line.split("http://").nth(1)?;
            Some(rest.split('/').next()?.to_string())
        });
        match address {
            Some(address) => Server { child, address },
            None => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("pathsat serve --port 0 printed no address: {line:?}");
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
