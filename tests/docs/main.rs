//! The command examples of the documentation, run: every `console` block of `README.md` and of
//! the user guide in `docs/guide/` is a list of commands and the output each must print, and this
//! test runs them and compares, so that an example nobody runs cannot drift from the program.
//!
//! The convention (also in `docs/guide/development.md`):
//!
//! - A line `$ CMD` is a command, run by `bash` (a trailing `\` continues it on the next line);
//!   the lines after it, up to the next `$ ` line or the end of the block, are what it prints,
//!   standard output and standard error together as a terminal shows them. A line `? N` right
//!   after the command gives its exit status when that is not 0.
//! - Each page runs in a scratch directory of its own, its blocks in order (so one can build on
//!   another), with `fixtures` a symlink to the repository's `fixtures/` and the `pathsat` under
//!   test first on `PATH` (`PATHSAT_DOCS_BIN=target/release/pathsat` runs another, e.g. a release
//!   build, for a quick check).
//! - Run times are masked on both sides (`6.0 ms`, `1.32 s`, `10 min 1 s` become `[TIME]`);
//!   snapbox's wildcards `[..]` (any text within a line) and `...` (a line: any lines) mask the
//!   rest of what varies from run to run.
//! - A block whose commands name `kissat`, `cadical` or one of nauty's programs (`nauty-geng`,
//!   `nauty-cubhamg`, `nauty-labelg`) is skipped, with a note, when that program is not on
//!   `PATH`, unless `PATHSAT_REQUIRE_SOLVERS=1` (CI) makes that a failure; so is a block that
//!   runs the DRAT checker `rate`.
//! - A `console serve` block talks to a `pathsat serve --port 0` started for the page: its
//!   commands' `localhost:8080` is replaced by the address the server prints.
//! - No other code block may hold a command line starting `pathsat ` (or `$ pathsat`): every
//!   command example is a `console` block, run here.
//!
//! The Python examples of `docs/guide/python.md` are `pycon` blocks, run by
//! `python/tests/test_guide.py`.

mod markdown;
mod run;

use std::path::PathBuf;

/// The repository's root directory.
fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the cli package lies in the repository")
        .to_path_buf()
}

macro_rules! pages {
    ($($test:ident: $page:literal,)*) => {
        $(
            #[test]
            fn $test() {
                run::page($page);
            }
        )*

        /// Every page of the guide has its test above (a new page needs a line there).
        #[test]
        fn every_guide_page_is_tested() {
            let tested = [$($page),*];
            let dir = repo().join("docs/guide");
            let mut missing: Vec<String> = std::fs::read_dir(&dir)
                .expect("docs/guide")
                .map(|e| e.expect("directory entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "md"))
                .map(|p| format!("docs/guide/{}", p.file_name().unwrap().to_string_lossy()))
                .filter(|p| !tested.contains(&p.as_str()))
                .collect();
            missing.sort();
            assert!(missing.is_empty(), "pages without a test in tests/docs/main.rs: {missing:?}");
        }
    };
}

pages! {
    readme: "README.md",
    guide_index: "docs/guide/README.md",
    guide_solve: "docs/guide/solve.md",
    guide_puzzle_files: "docs/guide/puzzle-files.md",
    guide_counting: "docs/guide/counting.md",
    guide_batch: "docs/guide/batch.md",
    guide_sampling: "docs/guide/sampling.md",
    guide_graphs: "docs/guide/graphs.md",
    guide_graph_theory: "docs/guide/graph-theory.md",
    guide_making_puzzles: "docs/guide/making-puzzles.md",
    guide_encodings: "docs/guide/encodings.md",
    guide_python: "docs/guide/python.md",
    guide_web: "docs/guide/web.md",
    guide_how_it_works: "docs/guide/how-it-works.md",
    guide_development: "docs/guide/development.md",
    guide_changes: "docs/guide/changes.md",
}

/// The parser and the checks on small pages, so that the harness itself is known to fail
/// where it must.
mod harness {
    use crate::markdown::{blocks, examples};
    use crate::run::{mask, names, stray_commands};

    const PAGE: &str = "Text.\n\n```console\n$ echo a \\\n  b\na b\n$ false\n? 1\n\n$ true\n```\n\n    $ pathsat solve p.toml\n\n~~~text\npathsat count p.toml\n~~~\n";

    #[test]
    fn blocks_and_examples_are_parsed_with_their_lines() {
        let blocks = blocks(PAGE);
        assert_eq!(blocks.len(), 3);
        assert_eq!(blocks[0].info, "console");
        let examples = examples(&blocks[0]).unwrap();
        assert_eq!(examples.len(), 3);
        assert_eq!(examples[0].line, 4);
        assert_eq!(examples[0].command, "echo a \\\n  b");
        assert_eq!(examples[0].expected, "a b");
        assert_eq!((examples[1].status, examples[1].expected.as_str()), (1, ""));
        assert_eq!(examples[2].line, 10);
        assert_eq!(blocks[1].info, "");
        assert_eq!(
            blocks[1].lines,
            vec![(13, "$ pathsat solve p.toml".to_string())]
        );
        assert_eq!(
            blocks[2].lines,
            vec![(16, "pathsat count p.toml".to_string())]
        );
    }

    #[test]
    fn a_pathsat_command_outside_a_console_block_is_refused() {
        let stray = stray_commands("PAGE.md", &blocks(PAGE));
        assert_eq!(stray.len(), 2, "{stray:?}");
        assert!(stray[0].starts_with("PAGE.md:13: "), "{}", stray[0]);
        assert!(stray[1].starts_with("PAGE.md:16: "), "{}", stray[1]);
    }

    #[test]
    fn a_malformed_block_is_refused() {
        let page = "```console\n$ false\n? one\n```\n";
        let error = examples(&blocks(page)[0]).err().unwrap();
        assert!(
            error.contains("line 3") && error.contains("? one"),
            "{error}"
        );
        let page = "```console\noutput\n$ true\n```\n";
        assert!(examples(&blocks(page)[0]).is_err());
    }

    #[test]
    fn solvers_are_found_as_words() {
        assert!(names(
            "pathsat export p.toml | kissat | pathsat decode p.toml -",
            "kissat"
        ));
        assert!(names(
            "lab g.col --solvers varisat,kissat,cadical",
            "cadical"
        ));
        assert!(names("/usr/bin/cadical p.cnf", "cadical"));
        assert!(!names(
            "lab g.col --solvers varisat,cadical-embedded",
            "cadical"
        ));
        assert!(!names("pathsat solve kissatish.toml", "kissat"));
    }

    #[test]
    fn times_are_masked() {
        assert_eq!(
            mask("encode 1.5 ms · solve 4.2 ms · total 6.0 ms"),
            "encode [TIME] · solve [TIME] · total [TIME]"
        );
        assert_eq!(
            mask("more than 10 min 1 s, 350 µs, 1.32 s"),
            "more than [TIME], [TIME], [TIME]"
        );
        assert_eq!(
            mask("1 solver call · 2 steps · 8 ms"),
            "1 solver call · 2 steps · [TIME]"
        );
    }
}
