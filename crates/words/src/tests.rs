//! The CLI's words, and the guard that the library's own words name no flag.

use super::*;
use pathsat_api::options::SolveSpec;
use pathsat_api::Cancel;

/// Every refusal, option problem and domain error the CLI adds flags to, as the library
/// raises them.
fn library_errors() -> Vec<Error> {
    let refusals = [
        Refusal::DpTakesNoEncoding,
        Refusal::UndecidedModel,
        Refusal::ForcedTrail,
        Refusal::HintTrail,
        Refusal::ExplainTrail,
        Refusal::ExplainPosition,
        Refusal::BookletBoard,
        Refusal::BookletNoSolution,
        Refusal::BookletNotUnique,
        Refusal::BookletUndecided,
    ];
    let problems = [
        Problem::Zero,
        Problem::NoMemory,
        Problem::NotPositiveSeconds(-1.0),
        Problem::TooManySeconds(1e300),
        Problem::Needs("checkpoint"),
        Problem::Excludes(&["limit", "unique"]),
        Problem::Solver(Unsupported::CertifiedSuccessor),
        Problem::Solver(Unsupported::CadicalNotBuiltIn),
        Problem::NeedsValue {
            why: "saves the frontier program's table",
            option: "method",
            values: &["dp", "auto"],
        },
        Problem::NotOneOf {
            value: "minisat".into(),
            names: &["auto", "varisat", "cadical"],
        },
    ];
    let solve_errors = || {
        vec![
            SolveError::Unsupported(Unsupported::CertifiedSuccessor),
            SolveError::Unsupported(Unsupported::CadicalNotBuiltIn),
            SolveError::Encode(EncodeError::Successor(SuccessorError::Trail)),
            SolveError::Encode(EncodeError::Successor(SuccessorError::TooLarge {
                rule: "binary",
                clauses: 3_000_000,
                limit: 2_000_000,
                fitting: vec![("crt", 1_000_000)],
            })),
        ]
    };
    let mut counts: Vec<CountError> = [Method::Dp, Method::Sat, Method::Auto]
        .into_iter()
        .map(CountError::NotCertifiable)
        .collect();
    counts.extend([
        CountError::DpNotApplicable(pathsat_frontier::FrontierError::Trail),
        CountError::TrailsEnumerate,
        CountError::CubesNeedPositions,
    ]);
    counts.extend(solve_errors().into_iter().map(CountError::Solve));
    let generates = [
        GenerateError::TooManyGivens {
            givens: 26,
            cells: 25,
        },
        GenerateError::TrailClues,
    ];
    let file = || "p.toml".to_string();
    let mut errors: Vec<Error> = refusals
        .into_iter()
        .map(|refusal| Error::Refused {
            file: file(),
            refusal,
        })
        .collect();
    errors.extend(
        problems
            .into_iter()
            .map(|p| Error::Option(OptionError::new("jobs", p))),
    );
    errors.extend(solve_errors().into_iter().map(|error| Error::Solve {
        file: file(),
        error,
    }));
    errors.extend(counts.into_iter().map(|error| Error::Count {
        file: file(),
        error,
    }));
    errors.extend(generates.into_iter().map(|error| Error::Generate {
        file: file(),
        error: Box::new(error),
    }));
    errors
}

#[test]
fn the_library_names_no_flag_and_the_cli_adds_them() {
    let mut flagged = 0;
    for e in library_errors() {
        let (library, cli) = (e.to_string(), error(&e));
        assert!(
            !library.contains("--"),
            "a library error names a flag: {library}"
        );
        assert!(!cli.contains('\n'), "one line: {cli}");
        flagged += usize::from(cli.contains("--"));
    }
    assert!(flagged >= 20, "the CLI's words name the flags to change");
}

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
    assert!(
        encode(&EncodeError::Successor(SuccessorError::Trail)).ends_with("(leave --encoding out)")
    );
    let refused = |refusal| {
        error(&Error::Refused {
            file: "p.toml".into(),
            refusal,
        })
    };
    assert_eq!(
        refused(Refusal::DpTakesNoEncoding),
        "p.toml: --method dp counts without a SAT encoding; leave --encoding out"
    );
    assert_eq!(
        refused(Refusal::BookletNotUnique),
        "p.toml: has more than one solution; a booklet prints puzzles whose solution is \
         unique (`pathsat solve --unique` shows two)"
    );
    assert_eq!(
        refused(Refusal::BookletUndecided),
        "p.toml: uniqueness not decided within the time limit; raise --timeout"
    );
}

#[test]
fn refused_options_are_worded_with_their_flags() {
    let refused = |spec: SolveSpec| error(&spec.request(Cancel::new()).unwrap_err());
    assert_eq!(
        refused(SolveSpec {
            all: true,
            unique: true,
            ..SolveSpec::default()
        }),
        "--all: cannot be used with --limit or --unique"
    );
    assert_eq!(
        refused(SolveSpec {
            timeout: Some(-1.0),
            ..SolveSpec::default()
        }),
        "--timeout: must be a positive number of seconds, not -1"
    );
    assert_eq!(
        refused(SolveSpec {
            jobs: Some(0),
            ..SolveSpec::default()
        }),
        "--jobs: must be at least 1"
    );
    let e =
        pathsat_api::options::parse_name::<pathsat_api::options::SolverChoice>("solver", "minisat")
            .unwrap_err();
    assert_eq!(
        option(&e),
        r#"--solver: "minisat" is not one of auto, varisat, cadical"#
    );
    let e = OptionError::new(
        "checkpoint",
        Problem::NeedsValue {
            why: "saves the frontier program's table",
            option: "method",
            values: &["dp", "auto"],
        },
    );
    assert_eq!(
        option(&e),
        "--checkpoint: saves the frontier program's table, so it needs --method dp or auto"
    );
    assert_eq!(
        option(&OptionError::new(
            "checkpoint-every",
            Problem::Needs("checkpoint")
        )),
        "--checkpoint-every: needs --checkpoint"
    );
}

/// The `#[error(...)]` messages of the library crates (all but the front ends) name no flag:
/// a new one that does fails here, and its flag goes into this crate instead.
#[test]
fn no_library_error_message_names_a_flag() {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    let mut dirs = vec![crates.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let relative = path
                .strip_prefix(&crates)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let front_end = ["words", "routes", "server", "web"]
                .iter()
                .any(|c| relative == *c);
            if path.is_dir() && !front_end && !relative.ends_with("target") {
                dirs.push(path);
            } else if relative.ends_with(".rs") && relative.contains("/src/") {
                files.push((relative, path));
            }
        }
    }
    assert!(files.len() > 100, "the library's sources are found");
    for (relative, path) in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (at, _) in text.match_indices("#[error(") {
            let attribute = &text[at..text[at..].find(")]").map_or(text.len(), |end| at + end)];
            let flag = attribute
                .match_indices("--")
                .any(|(i, _)| attribute[i + 2..].starts_with(|c: char| c.is_ascii_lowercase()));
            assert!(
                !flag,
                "{relative}: an error message names a flag: {attribute}"
            );
        }
    }
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
