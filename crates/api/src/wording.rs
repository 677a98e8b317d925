//! The CLI's words for the library's typed errors, which the web API shares (its JSON fields
//! have the flags' names): what cannot be done, as the library says it, then what to do about
//! it, with the flags. The library crates name no flag; other front ends word the same errors
//! their own way (the Python package with its keyword arguments).

use pathsat_count::{CountError, Method};
use pathsat_encode::{EncodeError, SuccessorError};
use pathsat_generate::GenerateError;
use pathsat_solver::{SolveError, Unsupported};

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
mod tests {
    use super::*;
    use pathsat_count::Method;

    #[test]
    fn the_cli_words_say_which_flags_to_change() {
        assert_eq!(
            unsupported(Unsupported::CertifiedSuccessor),
            "certified runs of the successor encodings use CaDiCaL; leave --solver out or use \
             --solver cadical"
        );
        assert!(unsupported(Unsupported::CadicalNotBuiltIn).contains("--features cadical"));
        assert_eq!(
            count(&CountError::NotCertifiable(Method::Dp)),
            "a certified count runs one solver, so --method dp cannot be certified (its counts \
             are cross-checked instead against brute force, published sequences and closed \
             forms: encodings/counting.md); leave --method out or use --method enumerate"
        );
        assert_eq!(
            generate(&GenerateError::TooManyGivens {
                givens: 26,
                cells: 25
            }),
            "--givens 26 is more than the 25 cells of the board"
        );
        assert!(encode(&EncodeError::Successor(SuccessorError::Trail))
            .ends_with("(leave --encoding out)"));
    }

    /// The shards still to run, with the command that runs them; the count crate's own words
    /// name no command.
    #[test]
    fn missing_shards_come_with_the_command_that_runs_them() {
        use pathsat_count::shard::MergeError;
        let missing = MergeError::Missing {
            of: 3,
            missing: vec![3],
        };
        assert_eq!(
            merge(&missing),
            "1 of 3 shards missing: 3/3; run them (`pathsat count FILE --shard I/3`) and merge \
             again"
        );
        assert_eq!(
            missing.to_string(),
            "1 of 3 shards missing: 3/3; run them and merge again"
        );
        assert_eq!(
            merge(&MergeError::NoBound { of: 4 }),
            "shard 1 (the bound) of the split by residues is missing: run it (`pathsat count \
             FILE --shard 1/4 --split-by residues`) and merge again"
        );
        let too_few = MergeError::TooFewPrimes {
            primes: 2,
            covered_bits: 125,
            bound_bits: 134,
            more: vec![4],
            of: 4,
        };
        assert_eq!(
            merge(&too_few),
            "the primes of the 2 residue shards cover counts below 2^125 only, but the bound \
             (shard 1) allows counts of 134 bits: run shard 4/4 too (`pathsat count FILE \
             --shard I/4 --split-by residues`) and merge them all"
        );
        assert!(!too_few.to_string().contains("pathsat count"));
    }
}
