//! `pathsat decode` on the corpus of solver outputs in `tests/solver-outputs/`: each file says
//! in its first line which puzzle it answers and what decode must conclude (see the README
//! there).

use crate::common::{fixture, pathsat, tests_dir};

struct Case {
    puzzle: String,
    expect: String,
    error: Option<String>,
}

fn header(text: &str) -> Case {
    let first = text.lines().next().unwrap_or_default();
    let rest = first
        .strip_prefix("c pathsat-test ")
        .expect("corpus files start with their expectation");
    let field = |name: &str| {
        rest.split(' ')
            .find_map(|w| w.strip_prefix(&format!("{name}=")))
            .map(str::to_string)
    };
    let error = rest.find("error=\"").map(|i| {
        let quoted = &rest[i + 7..rest.len() - 1];
        quoted.replace("\\\"", "\"")
    });
    Case {
        puzzle: field("puzzle").expect("puzzle="),
        expect: field("expect").expect("expect="),
        error,
    }
}

#[test]
fn decode_reads_good_outputs_and_explains_bad_ones() {
    let dir = tests_dir().join("solver-outputs");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "out"))
        .collect();
    files.sort();
    assert!(files.len() >= 15, "the corpus is there");
    let (mut good, mut bad) = (0, 0);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let case = header(&text);
        let puzzle = fixture(&case.puzzle);
        let out = pathsat()
            .args(["decode", puzzle.to_str().unwrap(), file.to_str().unwrap()])
            .output()
            .unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        let name = file.file_name().unwrap().to_string_lossy();
        let expected_code = match case.expect.as_str() {
            "valid" | "unsat" => 0,
            "invalid" => 1,
            "error" => 2,
            other => panic!("{name}: unknown expectation {other}"),
        };
        assert_eq!(
            out.status.code(),
            Some(expected_code),
            "{name}: {stdout}{stderr}"
        );
        match case.expect.as_str() {
            "valid" => {
                assert!(
                    stdout.contains("decodes to this filling, which the verifier accepts"),
                    "{name}"
                );
                good += 1;
            }
            "unsat" => {
                assert!(
                    stdout.contains("unsat: the solver found no filling"),
                    "{name}: {stdout}"
                );
                good += 1;
            }
            _ => {
                assert!(stdout.is_empty(), "{name}: nothing is printed as an answer");
                assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
                assert!(
                    stderr.contains(&*name),
                    "{name}: the message names the file: {stderr}"
                );
                let wanted = case.error.as_deref().expect("bad cases say which error");
                assert!(
                    stderr.contains(wanted),
                    "{name}: expected {wanted:?} in {stderr}"
                );
                bad += 1;
            }
        }
    }
    assert!(good >= 4 && bad >= 12, "{good} good, {bad} bad");
}

#[test]
fn decode_reads_standard_input_and_prints_json() {
    let text = std::fs::read_to_string(tests_dir().join("solver-outputs/good-kissat.out")).unwrap();
    let out = pathsat()
        .args([
            "decode",
            fixture("small/numbrix-5x5.toml").to_str().unwrap(),
            "-",
            "--format",
            "json",
        ])
        .write_stdin(text)
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["status"], "sat");
    assert_eq!(v["model_file"], "standard input");
    assert_eq!(v["solutions"][0][0][0], 1);
    assert_eq!(v["solutions"][0][0][4], 25);
}
