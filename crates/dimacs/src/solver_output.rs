//! # SAT solver output
//!
//! The standard output of the SAT competitions: comment lines `c ...`, one status line
//! (`s SATISFIABLE`, `s UNSATISFIABLE` or `s UNKNOWN`) and, when satisfiable, the model on one
//! or more `v` lines, ending with `0`. Anything else is an error that names the line and column.

use crate::{literal, tokens, Position};
use pathsat_cnf::Var;
use std::collections::HashMap;

/// A model: the value of each variable it assigns. Stored sparsely, so that memory follows
/// the size of the output, not the largest variable it names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    values: HashMap<Var, bool>,
    /// One more than the highest variable index mentioned.
    n_vars: usize,
}

impl Model {
    /// The value of `var`, if the model assigns it.
    pub fn value(&self, var: Var) -> Option<bool> {
        self.values.get(&var).copied()
    }

    /// One more than the highest variable index the model mentions.
    pub fn n_vars(&self) -> usize {
        self.n_vars
    }

    /// A model from its literals as an in-process solver gives them (PySAT's `get_model()`):
    /// `v` for true, `-v` for false, in any order, with an optional final 0.
    ///
    /// # Errors
    /// An [`OutputError`] (without a position: the message names the literal's index) for a
    /// 0 before the end, a literal out of range, or a variable both true and false.
    pub fn from_literals(literals: &[i64]) -> Result<Model, OutputError> {
        let fail = |index: usize, message: String| OutputError {
            position: None,
            message: format!("{message} (literal {} of the model)", index + 1),
        };
        let mut model = Model::default();
        for (index, &value) in literals.iter().enumerate() {
            if value == 0 {
                if index + 1 == literals.len() {
                    break;
                }
                return Err(fail(index, "0 before the end of the model".into()));
            }
            let var = Var::from_dimacs(value.unsigned_abs())
                .ok_or_else(|| fail(index, format!("literal {value} is out of range")))?;
            model
                .assign(var, value > 0)
                .map_err(|message| fail(index, message))?;
        }
        Ok(model)
    }

    /// Gives `var` its value; an error when the model gave it the other one already.
    fn assign(&mut self, var: Var, value: bool) -> Result<(), String> {
        self.n_vars = self.n_vars.max(var.index() + 1);
        match self.values.insert(var, value) {
            Some(old) if old != value => Err(format!(
                "variable {} is both true and false",
                var.to_dimacs()
            )),
            _ => Ok(()),
        }
    }
}

/// What a solver answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverOutput {
    /// `s SATISFIABLE`, with the model of the `v` lines.
    Sat(Model),
    /// `s UNSATISFIABLE`.
    Unsat,
    /// `s UNKNOWN` (the solver did not decide).
    Unknown,
}

/// A mistake in a solver's output.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", position.map(|p| format!("{p}: ")).unwrap_or_default())]
pub struct OutputError {
    /// Where the mistake is, when it is at a place in the text.
    pub position: Option<Position>,
    /// What is wrong.
    pub message: String,
}

fn error(line: usize, column: usize, message: impl Into<String>) -> OutputError {
    OutputError {
        position: Some(Position { line, column }),
        message: message.into(),
    }
}

/// Reads a solver's output.
///
/// # Errors
/// An [`OutputError`] for a missing or repeated status line, an unknown line, a `v` token that
/// is not an integer, a variable given twice with different values, literals after the final
/// `0`, a satisfiable answer without a complete model, or a model with another status.
pub fn parse_solver_output(text: &str) -> Result<SolverOutput, OutputError> {
    let mut reader = OutputReader::default();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let parts = tokens(line);
        let Some(&(_, head)) = parts.first() else {
            continue;
        };
        match head {
            "c" => {}
            "s" => reader.status_line(number, line)?,
            "v" => reader.v_line(number, &parts[1..])?,
            _ => {
                return Err(error(
                    number,
                    1,
                    format!(
                        "unexpected line {:?}: solver output has `c`, `s` and `v` lines",
                        truncate(line)
                    ),
                ))
            }
        }
    }
    reader.finish()
}

/// What [`parse_solver_output`] has read so far, in its single pass over the lines: the status
/// (with its line), the model, the line of the first `v` line and of the model's final `0`.
#[derive(Default)]
struct OutputReader<'t> {
    status: Option<(&'t str, usize)>,
    model: Model,
    first_v: Option<usize>,
    ended: Option<usize>,
}

impl<'t> OutputReader<'t> {
    /// The status line `s ...` (line `number`), once.
    fn status_line(&mut self, number: usize, line: &'t str) -> Result<(), OutputError> {
        if let Some((_, previous)) = self.status {
            return Err(error(
                number,
                1,
                format!("a second status line (the first is on line {previous})"),
            ));
        }
        let word = line.trim_start()[1..].trim();
        match word {
            "SATISFIABLE" | "UNSATISFIABLE" | "UNKNOWN" => {
                self.status = Some((word, number));
                Ok(())
            }
            _ => Err(error(
                number,
                1,
                format!("unknown status {word:?}: expected SATISFIABLE, UNSATISFIABLE or UNKNOWN"),
            )),
        }
    }

    /// The literals (with their columns) of a `v` line (line `number`), into the model: none
    /// after its final `0`.
    fn v_line(&mut self, number: usize, literals: &[(usize, &str)]) -> Result<(), OutputError> {
        self.first_v.get_or_insert(number);
        for &(column, token) in literals {
            let value = literal(token).map_err(|m| error(number, column, m))?;
            if let Some(end) = self.ended {
                return Err(error(
                    number,
                    column,
                    format!("literal {value} after the model's final 0 (line {end})"),
                ));
            }
            if value == 0 {
                self.ended = Some(number);
                continue;
            }
            let var = Var::from_dimacs(value.unsigned_abs())
                .ok_or_else(|| error(number, column, format!("literal {value} is out of range")))?;
            self.model
                .assign(var, value > 0)
                .map_err(|m| error(number, column, m))?;
        }
        Ok(())
    }

    /// After the last line: the answer, when the status and the model agree.
    fn finish(self) -> Result<SolverOutput, OutputError> {
        let Some((word, line)) = self.status else {
            return Err(OutputError {
                position: None,
                message:
                    "no status line: expected `s SATISFIABLE`, `s UNSATISFIABLE` or `s UNKNOWN`"
                        .into(),
            });
        };
        match word {
            "SATISFIABLE" => {
                if self.first_v.is_none() {
                    return Err(error(
                        line,
                        1,
                        "satisfiable, but the output has no model (`v` lines)",
                    ));
                }
                if self.ended.is_none() {
                    return Err(error(
                        self.first_v.unwrap_or(line),
                        1,
                        "the model (`v` lines) does not end with 0",
                    ));
                }
                Ok(SolverOutput::Sat(self.model))
            }
            other => {
                if let Some(v) = self.first_v {
                    return Err(error(
                        v,
                        1,
                        format!("a model (`v` lines) with status {other}"),
                    ));
                }
                Ok(if other == "UNSATISFIABLE" {
                    SolverOutput::Unsat
                } else {
                    SolverOutput::Unknown
                })
            }
        }
    }
}

fn truncate(line: &str) -> String {
    let mut chars = line.chars();
    let short: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        format!("{short}...")
    } else {
        short
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn models_over_several_lines() {
        let out = "c kissat\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        let SolverOutput::Sat(model) = parse_solver_output(out).unwrap() else {
            panic!("sat");
        };
        assert_eq!(model.value(Var::from_index(0)), Some(true));
        assert_eq!(model.value(Var::from_index(1)), Some(false));
        assert_eq!(model.value(Var::from_index(2)), Some(true));
        assert_eq!(model.value(Var::from_index(3)), None);
        assert_eq!(model.n_vars(), 3);
    }

    /// A huge variable number costs nothing: found by fuzzing, where it once allocated gigabytes.
    #[test]
    fn huge_variables_are_cheap() {
        let SolverOutput::Sat(model) =
            parse_solver_output("s SATISFIABLE\nv -2000000000 0\n").unwrap()
        else {
            panic!("sat");
        };
        assert_eq!(model.n_vars(), 2_000_000_000);
        assert_eq!(model.value(Var::from_index(1_999_999_999)), Some(false));
        assert_eq!(model.value(Var::from_index(0)), None);
    }

    #[test]
    fn unsat_and_unknown() {
        assert_eq!(
            parse_solver_output("s UNSATISFIABLE\n"),
            Ok(SolverOutput::Unsat)
        );
        assert_eq!(
            parse_solver_output("c x\ns UNKNOWN\n"),
            Ok(SolverOutput::Unknown)
        );
    }

    #[test]
    fn malformed_outputs_say_why() {
        let cases = [
            ("", "no status line"),
            ("v 1 0\n", "no status line"),
            ("s SAT\n", "1:1: unknown status \"SAT\""),
            (
                "s SATISFIABLE\n",
                "1:1: satisfiable, but the output has no model",
            ),
            (
                "s SATISFIABLE\nv 1 -2\n",
                "2:1: the model (`v` lines) does not end with 0",
            ),
            (
                "s SATISFIABLE\nv 1 x 0\n",
                "2:5: expected a literal, found \"x\"",
            ),
            (
                "s SATISFIABLE\nv 1 -1 0\n",
                "2:5: variable 1 is both true and false",
            ),
            (
                "s SATISFIABLE\nv 1 0\nv 2 0\n",
                "3:3: literal 2 after the model's final 0 (line 2)",
            ),
            (
                "s UNSATISFIABLE\nv 1 0\n",
                "2:1: a model (`v` lines) with status UNSATISFIABLE",
            ),
            (
                "s SATISFIABLE\ns SATISFIABLE\nv 0\n",
                "2:1: a second status line (the first is on line 1)",
            ),
            ("SATISFIABLE\n", "1:1: unexpected line \"SATISFIABLE\""),
        ];
        for (text, expected) in cases {
            let e = parse_solver_output(text).unwrap_err().to_string();
            assert!(e.starts_with(expected), "{text:?}: {e}");
        }
    }

    #[test]
    fn models_from_literals() {
        let model = Model::from_literals(&[-2, 1, 3, 0]).unwrap();
        assert_eq!(model.n_vars(), 3);
        assert_eq!(model.value(Var::from_index(1)), Some(false));
        assert_eq!(model, Model::from_literals(&[1, -2, 3]).unwrap());
        let e = Model::from_literals(&[1, 0, 2]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "0 before the end of the model (literal 2 of the model)"
        );
        let e = Model::from_literals(&[1, -1]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "variable 1 is both true and false (literal 2 of the model)"
        );
    }
}
