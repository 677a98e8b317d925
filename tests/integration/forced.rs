//! `pathsat forced`: the cells every solution agrees on, against enumeration of every solution
//! (`solve --all`), a unique puzzle (every cell forced), a puzzle without solution (the
//! conflicting givens named) and the text layout.

use crate::common::{fixture, json_of, pathsat};
use std::collections::BTreeMap;

fn at(path: &str) -> String {
    fixture(path).display().to_string()
}

/// The cells where every solution `solve --all` lists has the same value, as (row, col, value).
fn agreed_by_enumeration(file: &str) -> Vec<(u64, u64, u64)> {
    let v = json_of(&["solve", &at(file), "--all"]);
    let solutions = v["solutions"].as_array().unwrap();
    assert!(
        solutions.len() > 1,
        "{file}: a puzzle with several solutions"
    );
    let mut agreed: BTreeMap<(u64, u64), Option<u64>> = BTreeMap::new();
    for (k, s) in solutions.iter().enumerate() {
        for (r, row) in s.as_array().unwrap().iter().enumerate() {
            for (c, value) in row.as_array().unwrap().iter().enumerate() {
                let Some(value) = value.as_u64() else {
                    continue;
                };
                let entry = agreed.entry((r as u64, c as u64)).or_insert(Some(value));
                if k > 0 && *entry != Some(value) {
                    *entry = None;
                }
            }
        }
    }
    agreed
        .into_iter()
        .filter_map(|((r, c), v)| v.map(|v| (r, c, v)))
        .collect()
}

#[test]
fn forced_cells_are_those_every_solution_agrees_on() {
    for file in [
        "small/hidato-5x5.toml",
        "small/king-3x3.toml",
        "small/hidato-holes.toml",
    ] {
        let v = json_of(&["forced", &at(file)]);
        assert_eq!(v["status"], "sat");
        assert_eq!(v["complete"], true);
        let forced: Vec<(u64, u64, u64)> = v["forced"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["row"].as_u64().unwrap(),
                    c["col"].as_u64().unwrap(),
                    c["value"].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(forced, agreed_by_enumeration(file), "{file}");
    }
}

#[test]
fn a_unique_puzzle_is_forced_everywhere() {
    let v = json_of(&["forced", &at("seeds/hidato-188.toml")]);
    assert_eq!(v["forced"].as_array().unwrap().len(), 144);
    assert_eq!(v["deduced"], 144 - 64);
    // One call for the solution, one per cell not given.
    assert_eq!(v["solver-calls"], 1 + 80);
}

#[test]
fn a_puzzle_without_solution_names_the_givens_at_fault() {
    let v = json_of(&["forced", &at("small/contradictory-givens.toml")]);
    assert_eq!(v["status"], "unsat");
    // 2 on a corner of a 3x3 rook board is impossible alone (corners hold the odd values).
    assert_eq!(
        v["conflict"],
        serde_json::json!([{"row": 2, "col": 2, "value": 2, "given": true}])
    );
    let out = pathsat()
        .args(["forced", &at("small/contradictory-givens.toml")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("unsat: no solution; these givens have none together: (2, 2) = 2"));
}

#[test]
fn forced_text_shows_the_board() {
    let out = pathsat()
        .args(["forced", &at("small/hidato-5x5.toml")])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "hidato-5x5 (5x5, 25 cells, king moves, open)");
    assert_eq!(lines[2], " [1]   .   [6]   .    .");
    assert_eq!(lines[6], " 24    .  [22]   .  [15]");
    assert!(lines.contains(&"forced: 10 of 25 cells forced, 1 beyond the 9 given"));
}
