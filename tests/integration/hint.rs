//! `pathsat hint`: the next step from the givens and a filling, its output read back as the
//! next filling (so that steps chain), the first wrong cell of a bad filling (exit 1), and a
//! filling that does not parse (exit 2, file, line and column). `pathsat explain`: the chain
//! of clauses that sets a cell, and bad cells refused.

use crate::common::{fixture, json_of, pathsat};

fn hidato() -> String {
    fixture("seeds/hidato-188.toml").display().to_string()
}

#[test]
fn hints_chain_through_their_own_output() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = hidato();
    let out = pathsat().args(["hint", &puzzle]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("hint: (1, 4) = 3  (forced neighbour, easy)"),
        "{text}"
    );
    assert!(text.contains("3*"), "the hinted cell is starred: {text}");
    // Three more steps, each from the last output.
    let mut previous = dir.path().join("step-0.txt");
    std::fs::write(&previous, &text).unwrap();
    for step in 1..=3 {
        let out = pathsat()
            .args(["hint", &puzzle, previous.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(&format!("{} of 144 cells filled", 64 + step)),
            "{text}"
        );
        previous = dir.path().join(format!("step-{step}.txt"));
        std::fs::write(&previous, &text).unwrap();
    }
    // The JSON of the next step names a cell the published solution agrees with.
    let v = json_of(&["hint", &puzzle, previous.to_str().unwrap()]);
    assert_eq!(v["status"], "hint");
    assert_eq!(v["filled"], 68);
    let solved = json_of(&["solve", &puzzle]);
    let (r, c) = (
        v["hint"]["row"].as_u64().unwrap() as usize,
        v["hint"]["col"].as_u64().unwrap() as usize,
    );
    assert_eq!(solved["solutions"][0][r][c], v["hint"]["value"]);
}

#[test]
fn a_wrong_filling_gets_its_first_wrong_cell() {
    let dir = tempfile::tempdir().unwrap();
    let filling = dir.path().join("mine.txt");
    // hidato-188's first row with 7 and 8 swapped at (0, 5) and (0, 6).
    let mut rows = vec![". . 134 2 4 8 7 . . . . .".to_string()];
    rows.extend((1..12).map(|_| ["."; 12].join(" ")));
    std::fs::write(&filling, rows.join("\n")).unwrap();
    let out = pathsat()
        .args(["hint", &hidato(), filling.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("wrong: (0, 5) = 8\n  no solution has 8 at (0, 5)\n"),
        "{text}"
    );
}

#[test]
fn a_filling_that_does_not_parse_is_named_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let filling = dir.path().join("bad.txt");
    let mut rows: Vec<String> = (0..12).map(|_| ["."; 12].join(" ")).collect();
    rows[2] = ". . x . . . . . . . . .".to_string();
    std::fs::write(&filling, rows.join("\n")).unwrap();
    let out = pathsat()
        .args(["hint", &hidato(), filling.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(&format!("{}:3:5:", filling.display())),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn explain_prints_the_clauses_that_set_a_cell() {
    let file = fixture("small/numbrix-5x5.toml").display().to_string();
    let out = pathsat()
        .args(["explain", &file, "--cell", "4,3", "--limit", "5"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("(4, 3) = 20: unit propagation from the clauses alone sets it"),
        "{text}"
    );
    assert!(text.contains("earlier (--limit"), "{text}");
    // The last step sets the cell's literal.
    let v = json_of(&["explain", &file, "--cell", "4,3"]);
    assert_eq!(v["how"], "propagation");
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.last().unwrap()["sets"], "(4,3)=20");
    assert_eq!(v["exactly-one"], "pairwise");
    // A cell off the board (one line), or not a cell at all (clap's usage error): exit 2.
    for (cell, error) in [
        ("5,0", "--cell 5,0 is not a cell of the board"),
        ("x", "invalid value 'x' for '--cell <R,C>'"),
    ] {
        let out = pathsat()
            .args(["explain", &file, "--cell", cell])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{cell}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.lines().next().unwrap().contains(error), "{err}");
    }
}

#[test]
fn marked_empty_cells_read_back() {
    // The rook's tour with primes has no givens: the first step is the solver's, and its
    // board (empty marked cells printed `.P`) is the next filling.
    let dir = tempfile::tempdir().unwrap();
    let puzzle = fixture("seeds/rook-primes-tour.toml").display().to_string();
    let out = pathsat().args(["hint", &puzzle]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(".P") && text.contains("(solver, hard)"),
        "{text}"
    );
    let first = dir.path().join("first.txt");
    std::fs::write(&first, &text).unwrap();
    let v = json_of(&["hint", &puzzle, first.to_str().unwrap()]);
    assert_eq!(v["status"], "hint");
    assert_eq!(v["filled"], 1);
}
