//! Any bytes as a SAT solver's output, decoded as `pathsat decode PUZZLE MODEL` decodes it
//! (`pathsat_api::decode::decode`) for the 5x5 Numbrix whose real kissat and CaDiCaL outputs
//! seed the corpus (`tests/solver-outputs/`), and its integers as a model's literal list, as the
//! Python package's `decode` takes PySAT's `get_model()`. A model's variables are in range; an
//! error is one line naming the model file, at a line and column inside the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathsat_api::decode::{decode, decode_literals};
use pathsat_cnf::Var;
use pathsat_dimacs::{parse_solver_output, Model, OutputError, SolverOutput};
use pathsat_encode::EncodingOptions;
use pathsat_fuzz::{assert_inside, assert_one_line, text};
use pathsat_puzzle::{parse_named, Format, Puzzle};
use std::sync::OnceLock;

const FILE: &str = "fuzz.out";

fn puzzle() -> &'static Puzzle {
    static PUZZLE: OnceLock<Puzzle> = OnceLock::new();
    PUZZLE.get_or_init(|| {
        let text = include_str!("../../fixtures/small/numbrix-5x5.toml");
        parse_named(text, Format::Toml, "numbrix-5x5.toml").expect("the fixture parses")
    })
}

/// The model's variables: below `n_vars`, and the highest one assigned.
fn check_model(model: &Model) {
    let n = model.n_vars();
    if n > 0 {
        assert!(
            model.value(Var::from_index(n - 1)).is_some(),
            "n_vars {n} is one more than a variable the model does not assign"
        );
    }
    if n < (u32::MAX / 2) as usize {
        assert_eq!(
            model.value(Var::from_index(n)),
            None,
            "a value beyond n_vars {n}"
        );
    }
}

fn check_output_error(error: &OutputError, text: &str) {
    let shown = error.to_string();
    assert_one_line(&shown, "solver output");
    assert!(!error.message.trim().is_empty(), "{shown:?}");
    if let Some(position) = error.position {
        assert_inside(text, position.line, position.column, &shown);
    }
}

fn check_api_error(error: &pathsat_api::Error) {
    let shown = error.to_string();
    assert_one_line(&shown, FILE);
    assert!(
        shown.starts_with(&format!("{FILE}:")),
        "the error does not name the model file: {shown:?}"
    );
    assert_ne!(
        error.kind(),
        pathsat_api::ErrorKind::Internal,
        "bad solver output is an internal error: {shown}"
    );
}

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else {
        return;
    };
    match parse_solver_output(text) {
        Ok(SolverOutput::Sat(model)) => check_model(&model),
        Ok(_) => {}
        Err(error) => check_output_error(&error, text),
    }
    // What `pathsat decode` does with it: parse, then decode and verify the model.
    let options = EncodingOptions::default();
    match decode(puzzle(), "numbrix-5x5.toml", &options, FILE, text) {
        Ok(report) => assert!(report.fillings.len() <= 1),
        Err(error) => check_api_error(&error),
    }
    // The integers of the text as an in-process solver's model (Python's `decode`).
    let literals: Vec<i64> = text
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    if let Ok(model) = Model::from_literals(&literals) {
        check_model(&model);
    }
    match decode_literals(puzzle(), "numbrix-5x5.toml", &options, FILE, &literals) {
        Ok(report) => assert_eq!(report.fillings.len(), 1),
        Err(error) => check_api_error(&error),
    }
});
