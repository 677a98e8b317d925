//! What an install needs besides the binary: the shell completion scripts (`pathsat
//! completions`), the man pages (`pathsat man`) and the version line (`pathsat --version`),
//! which names the commit and the solvers built in. The scripts are syntax-checked by the
//! shells that are installed (bash always; zsh and fish when present), the pages rendered by
//! `man` when present.

use crate::common::pathsat;
use std::process::{Command, Stdio};

/// Standard output of a successful run, with nothing on standard error.
fn stdout_of(args: &[&str]) -> String {
    let out = pathsat().args(args).output().unwrap();
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Whether `program` can be started.
fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Runs `program args` with `input` on standard input; its status and output.
fn run_with_input(program: &str, args: &[&str], input: &str) -> std::process::Output {
    let mut child = Command::new(program)
        .args(args)
        .env("MANWIDTH", "100")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn completions_name_the_commands_and_options_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = stdout_of(&["completions", shell]);
        for word in [
            "solve",
            "count",
            "batch",
            "completions",
            "--timeout",
            "--format",
        ] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
        // The internal commands stay hidden (the shells but bash show their descriptions,
        // "Internal: ..."; some options' descriptions mention worker processes).
        assert!(!script.contains("serve-worker"), "{shell}: serve-worker");
        assert!(
            !script.contains("Internal:"),
            "{shell}: an internal command"
        );
        assert!(
            shell != "bash" || !script.contains("worker"),
            "bash: worker"
        );
    }
    // Case does not matter, as for clap's own values.
    assert_eq!(
        stdout_of(&["completions", "Bash"]),
        stdout_of(&["completions", "bash"])
    );
}

#[test]
fn the_completion_scripts_parse_in_their_shells() {
    for (shell, check) in [
        ("bash", ["-n"].as_slice()),
        ("zsh", ["-n"].as_slice()),
        ("fish", ["--no-execute"].as_slice()),
    ] {
        if !installed(shell) {
            eprintln!("skipped: {shell} is not installed");
            continue;
        }
        let script = stdout_of(&["completions", shell]);
        let out = run_with_input(shell, check, &script);
        assert!(
            out.status.success(),
            "{shell}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // And bash runs it: `pathsat so<TAB>` completes to solve.
    if installed("bash") {
        let script = stdout_of(&["completions", "bash"]);
        let line = format!(
            "{script}\nCOMP_WORDS=(pathsat so); COMP_CWORD=1; _pathsat pathsat so pathsat; \
             echo \"${{COMPREPLY[@]}}\""
        );
        let out = run_with_input("bash", &[], &line);
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "solve");
    }
}

#[test]
fn an_unknown_shell_is_one_line_and_status_2() {
    let out = pathsat().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("pathsat: error: "), "{stderr}");
    assert!(
        stderr.contains("tcsh") && stderr.contains("bash"),
        "{stderr}"
    );
}

#[test]
fn the_man_page_is_roff_and_lists_the_commands() {
    let page = stdout_of(&["man"]);
    assert!(page.starts_with('.'), "{}", &page[..80]);
    assert!(page.contains(".TH pathsat 1 "), "no title line");
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH DESCRIPTION",
        ".SH SUBCOMMANDS",
    ] {
        assert!(page.contains(section), "no {section}");
    }
    for command in ["solve", "count", "batch", "serve", "completions", "man"] {
        assert!(
            page.contains(&format!("pathsat\\-{command}(1)")),
            "no {command}"
        );
    }
    assert!(!page.contains("worker"), "an internal command is listed");
    // A command's page has its options and examples.
    let solve = stdout_of(&["man", "solve"]);
    assert!(solve.contains(".TH pathsat-solve 1 "));
    assert!(solve.contains("\\-\\-timeout"));
    assert!(solve.contains("Examples:"));
    assert!(stdout_of(&["man", "batch", "merge"]).contains(".TH pathsat-batch-merge 1 "));
    if installed("man") {
        let out = run_with_input("man", &["-l", "-"], &solve);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            text.contains("SYNOPSIS") && text.contains("pathsat solve"),
            "{text}"
        );
    } else {
        eprintln!("skipped: man is not installed");
    }
}

#[test]
fn man_dir_writes_a_page_per_command() {
    let dir = tempfile::tempdir().unwrap();
    let out = pathsat()
        .args(["man", "--dir"])
        .arg(dir.path().join("man1"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut files: Vec<String> = std::fs::read_dir(dir.path().join("man1"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    for page in [
        "pathsat.1",
        "pathsat-solve.1",
        "pathsat-batch-merge.1",
        "pathsat-man.1",
    ] {
        assert!(files.iter().any(|f| f == page), "no {page}: {files:?}");
    }
    assert!(!files.iter().any(|f| f.contains("worker")), "{files:?}");
    assert!(!files.iter().any(|f| f == "pathsat-help.1"), "{files:?}");
}

#[test]
fn man_of_an_unknown_command_is_one_line_and_status_2() {
    let out = pathsat().args(["man", "worker"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("no command `worker`"), "{stderr}");
}

/// `pathsat --version`: one line naming the version, the commit (that of the checkout the tests
/// are built in) and the solvers built in, CaDiCaL with the version of its vendored source.
#[test]
fn the_version_names_the_commit_and_the_solvers() {
    let line = stdout_of(&["--version"]);
    assert_eq!(stdout_of(&["-V"]), line);
    assert_eq!(line.lines().count(), 1, "{line}");
    let pattern = regex::Regex::new(
        r"^pathsat \d+\.\d+\.\d+ \(commit (unknown|([0-9a-f]{7,}), \d{4}-\d{2}-\d{2}); solvers: varisat \d+\.\d+\.\d+(, cadical (\S+))?\)\n$",
    )
    .unwrap();
    let found = pattern.captures(&line).unwrap_or_else(|| panic!("{line}"));
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let head = Command::new("git")
        .args(["-C", root, "log", "-1", "--format=%h"])
        .output()
        .ok()
        .filter(|o| o.status.success());
    if let Some(head) = head {
        let head = String::from_utf8(head.stdout).unwrap();
        assert_eq!(
            found.get(2).map(|m| m.as_str()),
            Some(head.trim()),
            "{line}"
        );
    }
    let cadical = found.get(4).map(|m| m.as_str());
    if cfg!(feature = "cadical") {
        let vendored =
            std::fs::read_to_string(format!("{root}/vendor/cadical/cadical/VERSION")).unwrap();
        assert_eq!(cadical, Some(vendored.trim()), "{line}");
    } else {
        assert_eq!(cadical, None, "{line}");
    }
}
