//! The CLI half of the option table `tests/options-table.json`: every row's value is accepted
//! or refused by `pathsat` as by the Python package (`python/tests/test_options.py` runs the
//! same rows), with the same words for the problem.

use crate::common::{fixture, pathsat, tests_dir};
use serde_json::Value;

#[test]
fn the_cli_accepts_and_refuses_the_option_table() {
    let text = std::fs::read_to_string(tests_dir().join("options-table.json")).unwrap();
    let table: Value = serde_json::from_str(&text).unwrap();
    let puzzle = fixture(table["puzzle"].as_str().unwrap());
    let rows = table["rows"].as_array().unwrap();
    assert!(rows.len() >= 20);
    for row in rows {
        let command = row["command"].as_str().unwrap();
        let option = row["option"].as_str().unwrap();
        let value = match &row["value"] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let mut cmd = pathsat();
        cmd.arg(command);
        if command == "generate" {
            cmd.args(["--size", "4x4", "--seed", "1"]);
        } else {
            cmd.arg(&puzzle);
        }
        // `--timeout=-1`: a value that starts with a dash is still the option's.
        let out = cmd.arg(format!("--{option}={value}")).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let what = format!("{command} --{option} {value}");
        if row["accepted"].as_bool().unwrap() {
            assert!(out.status.success(), "{what}: {stderr}");
            continue;
        }
        assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
        assert!(stderr.contains(&format!("--{option}")), "{what}: {stderr}");
        if let Some(problem) = row["problem"].as_str() {
            assert!(stderr.contains(problem), "{what}: {stderr}");
        }
        for name in row["names"].as_array().into_iter().flatten() {
            assert!(stderr.contains(name.as_str().unwrap()), "{what}: {stderr}");
        }
    }
}
