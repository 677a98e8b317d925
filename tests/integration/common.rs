//! Helpers shared by the integration tests.

use pathsat_puzzle::{parse_file, Puzzle};
use std::path::{Path, PathBuf};

/// The repository's `fixtures/` directory.
pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

/// A fixture by its path under `fixtures/`.
pub fn fixture(path: &str) -> PathBuf {
    fixtures_dir().join(path)
}

/// The `[expect] count` of a puzzle whose count is known to be small.
pub fn small_expected_count(puzzle: &Puzzle) -> Option<u64> {
    let count = puzzle.expect().count.as_ref()?;
    Some(
        count
            .to_u64()
            .expect("a count of a small puzzle fits in 64 bits"),
    )
}

pub fn load(path: &str) -> Puzzle {
    parse_file(&fixture(path)).unwrap_or_else(|e| panic!("{e}"))
}

/// Every TOML and JSON puzzle file under `fixtures/<dir>`, sorted.
pub fn puzzle_files(dir: &str) -> Vec<PathBuf> {
    files_with(dir, &["toml", "json"])
}

/// Every file under `fixtures/<dir>` with one of `extensions`, sorted.
pub fn files_with(dir: &str, extensions: &[&str]) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures_dir().join(dir))
        .expect("fixture directory")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| {
            p.extension()
                .is_some_and(|e| extensions.iter().any(|x| e == *x))
        })
        .collect();
    files.sort();
    files
}

/// The `pathsat` binary built for these tests.
pub fn pathsat() -> assert_cmd::Command {
    assert_cmd::Command::new(assert_cmd::cargo::cargo_bin!("pathsat"))
}

/// Every TOML and JSON puzzle file of the fixture corpus (seeds, small boards, graphs,
/// trails), sorted.
pub fn all_puzzle_files() -> Vec<PathBuf> {
    let mut files = puzzle_files("seeds");
    files.extend(puzzle_files("small"));
    files.extend(puzzle_files("graphs"));
    files.extend(puzzle_files("trails"));
    files
}

/// The repository's `tests/` directory.
pub fn tests_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests")
}

/// Every filling of `puzzle` in the encoding `choice`, each checked by the verifier and
/// checked not to repeat, with the count the solver reports.
pub fn all_fillings(
    puzzle: &Puzzle,
    choice: pathsat_encode::EncodingChoice,
) -> (
    pathsat_solver::Count,
    std::collections::HashSet<pathsat_puzzle::Filling>,
) {
    let options = pathsat_solver::SolveOptions::default().with_choice(choice);
    let mut solver = pathsat_solver::PuzzleSolver::new(puzzle, &options).unwrap();
    let mut found = std::collections::HashSet::new();
    let count = solver
        .count(None, |f| {
            assert_eq!(pathsat_puzzle::verify(puzzle, f), Ok(()));
            assert!(found.insert(f.clone()), "duplicate filling");
        })
        .unwrap();
    (count, found)
}

/// `pathsat ARGS --format json`, which must succeed, as one JSON value.
pub fn json_of(args: &[&str]) -> serde_json::Value {
    json_of_command(pathsat(), args)
}

/// [`json_of`] with `command` (an environment set, say) in place of a plain `pathsat`.
pub fn json_of_command(mut command: assert_cmd::Command, args: &[&str]) -> serde_json::Value {
    let out = command
        .args(args)
        .arg("--format")
        .arg("json")
        .assert()
        .success();
    serde_json::from_slice(&out.get_output().stdout).expect("stdout is one JSON object")
}

/// `pathsat` without the frontier sweep's certificates (`PATHSAT_NO_SWEEP`): a certified run
/// of a narrow graph then rests on the solvers, their cuts and races.
pub fn pathsat_without_sweep() -> assert_cmd::Command {
    let mut command = pathsat();
    command.env("PATHSAT_NO_SWEEP", "1");
    command
}

/// The JSON a finished command printed on standard output, after checking that it exited 0
/// (its standard error shown when not).
pub fn json_of_output(out: &std::process::Output) -> serde_json::Value {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A random cubic graph on `n` vertices (even), as a TSPLIB `.hcp` file's text: three ends per
/// vertex paired at random (the pairing model, seeded), drawn again until no loop or double
/// edge remains. Its sweeps are wide: about a tenth of the vertices at once.
pub fn random_cubic_hcp(n: usize, seed: u64) -> String {
    use rand::{seq::SliceRandom, SeedableRng};
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
    let edges = loop {
        let mut ends: Vec<usize> = (0..3 * n).map(|i| i / 3).collect();
        ends.shuffle(&mut rng);
        let mut edges: Vec<(usize, usize)> = ends
            .chunks(2)
            .map(|pair| (pair[0].min(pair[1]), pair[0].max(pair[1])))
            .collect();
        edges.sort_unstable();
        let simple = edges.iter().all(|&(u, v)| u != v) && edges.windows(2).all(|w| w[0] != w[1]);
        if simple {
            break edges;
        }
    };
    let mut text = format!(
        "NAME : cubic-{n}\nTYPE : HCP\nDIMENSION : {n}\nEDGE_DATA_FORMAT : EDGE_LIST\n\
         EDGE_DATA_SECTION\n"
    );
    for (u, v) in edges {
        text.push_str(&format!("{} {}\n", u + 1, v + 1));
    }
    text.push_str("-1\nEOF\n");
    text
}

/// Writes `content` to `file` and checks that `pathsat solve` refuses it as bad input: exit
/// status 2, nothing on standard output, one line `pathsat: error: ...` holding `expected`.
pub fn solve_refuses_file(file: &Path, content: &str, expected: &str) {
    let name = file.display();
    std::fs::write(file, content).unwrap();
    let out = pathsat()
        .args(["solve", file.to_str().unwrap()])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("pathsat: error: "), "{name}: {stderr}");
    assert!(stderr.contains(expected), "{name}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
    assert!(out.stdout.is_empty(), "{name}");
}
