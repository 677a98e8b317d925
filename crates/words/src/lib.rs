//! # The command line's words for the library's errors
//!
//! The library says what cannot be done and carries the data (which option, which value, which
//! method); it names no command-line flag. These functions give each error the CLI's words:
//! what cannot be done, as the library says it, then what to do about it, with the flags. The
//! web API returns the same words (its JSON fields have the flags' names), and the command
//! line's batch runs write them in their rows; the Python package words the same errors with
//! its keyword arguments (`python/src/errors.rs`).

use pathsat_api::options::{OptionError, Problem};
use pathsat_api::{Error, Refusal};
use pathsat_count::{CountError, Method, SampleError};
use pathsat_encode::{EncodeError, SuccessorError};
use pathsat_generate::GenerateError;
use pathsat_solver::{SolveError, Unsupported};

/// A library error as one line in the CLI's words, naming the file it concerns.
pub fn error(error: &Error) -> String {
    match error {
        Error::Solve { file, error } => format!("{file}: {}", solve(error)),
        Error::Count { file, error } => format!("{file}: {}", count(error)),
        Error::Generate { file, error } => format!("{file}: {}", generate(error)),
        Error::Sample {
            file,
            error: error @ SampleError::TooMany { .. },
        } => format!("{file}: {error} (--enumerate-limit raises the limit)"),
        Error::Option(refused) => option(refused),
        Error::Refused { file, refusal: r } => format!("{file}: {}", refusal(*r)),
        other => other.to_string(),
    }
}

/// A refused option's value: the flag, then what is wrong (`--jobs: must be at least 1`).
pub fn option(error: &OptionError) -> String {
    let flag = error.option;
    match &error.problem {
        Problem::Needs(other) => format!("--{flag}: needs --{other}"),
        Problem::Excludes(others) => format!("--{flag}: cannot be used with {}", flags(others)),
        Problem::Solver(u) => format!("--{flag}: {}", unsupported(*u)),
        Problem::NeedsValue {
            why,
            option,
            values,
        } => format!(
            "--{flag}: {why}, so it needs --{option} {}",
            values.join(" or ")
        ),
        problem => format!("--{flag}: {problem}"),
    }
}

/// `--limit or --unique`.
fn flags(names: &[&str]) -> String {
    let flags: Vec<String> = names.iter().map(|n| format!("--{n}")).collect();
    flags.join(" or ")
}

/// A request the library refuses, with the flags that avoid it.
pub fn refusal(refusal: Refusal) -> String {
    match refusal {
        Refusal::DpTakesNoEncoding => {
            "--method dp counts without a SAT encoding; leave --encoding out".to_string()
        }
        Refusal::BookletNotUnique => format!("{refusal} (`pathsat solve --unique` shows two)"),
        Refusal::BookletUndecided => format!("{refusal}; raise --timeout"),
        other => other.to_string(),
    }
}

/// A solve error in the CLI's words.
pub fn solve(error: &SolveError) -> String {
    match error {
        SolveError::Unsupported(u) => unsupported(*u),
        SolveError::Encode(e) => encode(e),
        other => other.to_string(),
    }
}

/// A run the encoding or the solver cannot do, and the flags that avoid it.
pub fn unsupported(u: Unsupported) -> String {
    match u {
        Unsupported::CertifiedSuccessor => {
            format!("{u}; leave --solver out or use --solver cadical")
        }
        Unsupported::CadicalNotBuiltIn => format!(
            "{u}; for --solver cadical build it with `cargo build --release --features cadical`"
        ),
        other => other.to_string(),
    }
}

/// An encoding error, with the flag that picks another encoding.
pub fn encode(error: &EncodeError) -> String {
    match error {
        EncodeError::Successor(SuccessorError::Trail) => format!("{error} (leave --encoding out)"),
        EncodeError::Successor(SuccessorError::TooLarge { fitting, .. }) => {
            format!("{error}: use --encoding {}", encodings_that_fit(fitting))
        }
        EncodeError::TooLarge { .. } => format!(
            "{error}: for a tour or path without givens in the middle, use `--encoding \
             successor`; otherwise try a smaller board or more givens"
        ),
        other => other.to_string(),
    }
}

/// The `--encoding` names of the complete rules that fit and of the lazy cuts, as a list in
/// words: `successor-binary, successor-crt or successor`.
pub fn encodings_that_fit(fitting: &[(&'static str, u64)]) -> String {
    let names: Vec<String> = fitting
        .iter()
        .map(|(rule, _)| format!("successor-{rule}"))
        .collect();
    if names.is_empty() {
        "successor".to_string()
    } else {
        format!("{} or successor", names.join(", "))
    }
}

/// Why parts of a sharded count do not add up, with the command that runs the shards still to
/// run.
pub fn merge(error: &pathsat_count::shard::MergeError) -> String {
    error.worded(&|shard, residues| {
        let by = if residues { " --split-by residues" } else { "" };
        format!("pathsat count FILE --shard {shard}{by}")
    })
}

/// A count error, with what to do instead.
pub fn count(error: &CountError) -> String {
    match error {
        CountError::Solve(e) => solve(e),
        CountError::DpNotApplicable(why) => format!("--method dp: {why}"),
        CountError::TableFiles(why @ pathsat_frontier::FrontierError::NoRoom { .. }) => {
            format!(
                "{why}: point --spill-dir at a larger disk, give it more --memory, or split the \
                 count (--shard I/N; --plan estimates each shard)"
            )
        }
        CountError::TableFiles(why) => format!("--spill-dir: {why}"),
        CountError::Checkpoint(why) => format!("--checkpoint: {why}"),
        CountError::NotCertifiable(method @ Method::Dp) => format!(
            "a certified count runs one solver, so --method {} cannot be certified (its counts \
             are cross-checked instead against brute force, published sequences and closed \
             forms: encodings/counting.md); leave --method out or use --method enumerate",
            method.option()
        ),
        CountError::NotCertifiable(method) => format!(
            "a certified count runs one solver, so --method {} cannot be certified; leave \
             --method out or use --method enumerate",
            method.option()
        ),
        CountError::TrailsEnumerate => {
            format!("--method sat: {error}; leave --method out or use --method enumerate")
        }
        CountError::CubesNeedPositions => {
            format!("--method sat: {error}; use --method enumerate or --encoding position")
        }
        other => other.to_string(),
    }
}

/// A generation error, with the flags to change.
pub fn generate(error: &GenerateError) -> String {
    match error {
        GenerateError::Solve(e) => solve(e),
        GenerateError::TooManyGivens { givens, cells } => {
            format!("--givens {givens} is more than the {cells} cells of the board")
        }
        GenerateError::TrailClues => "a trail puzzle's clues are its labels: --difficulty, \
                                      --mark and --keep-ends apply to boards to fill"
            .to_string(),
        GenerateError::NoUniqueTrail { .. } => {
            format!("{error}; try larger labels (--labels), another length, or another --seed")
        }
        GenerateError::Unreached { .. } => {
            format!("{error}; try another --seed, or another difficulty or number of givens")
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests;
