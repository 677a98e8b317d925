//! Certificates of "no": written after a certified CaDiCaL run, checked by tools that are not
//! the solver.
//!
//! [`write_and_check`] turns a finished run ([`RecordedRun`]) into a certificate directory
//! (`formula.cnf`, `claims.txt`, `proof.drat`, the puzzle file, `run.json`, `README.md`; see
//! [`pathsat_solver::certificate`]) and [`check`]s it, which [`check_directory`] also does for
//! a directory on its own (`pathsat check-certificate DIR`). A check accepts only when:
//!
//! 1. the puzzle, encoded afresh with the options of `run.json`, gives exactly the first
//!    clauses of `formula.cnf` and the variables' meaning that `claims.txt` states (so a
//!    certificate of another puzzle is refused);
//! 2. the separate claims checker (`pathsat-claims`) accepts every clause after the encoding;
//! 3. every solution the claims exclude passes the independent verifier;
//! 4. `dratify`, a DRAT checker from outside (crates.io, called through `pathsat-claims`),
//!    verifies `proof.drat` against `formula.cnf`.
//!
//! Anything else is an [`Error::Certificate`] (exit status 3) with a one-line reason.

use crate::options::EncodingSpec;
use crate::Error;
use pathsat_cnf::{ClauseSink, Cnf};
use pathsat_encode::{position, successor, Encoding, EncodingChoice, EncodingOptions};
use pathsat_puzzle::{parse_file, verify, write, Filling, Puzzle};
use pathsat_solver::certificate::{self as written, Meaning, RecordedRun};
use pathsat_solver::claims::Claim;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use web_time::Instant;

/// What a checked certificate proves, and what checking it cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CertificateSummary {
    /// What is proved: `no solution`, `no Hamiltonian cycle`, `exactly 1 solution`, ...
    pub answer: String,
    /// Solutions the run found and excluded; with the proof, the puzzle has exactly these.
    pub solutions: u64,
    /// Clauses of `formula.cnf`, of which `encoding_clauses` are the puzzle's encoding.
    pub clauses: usize,
    /// Clauses of the encoding.
    pub encoding_clauses: usize,
    /// The claims, by kind (`force`, `remove`, `leave`, `enter`, `tour`, `block`).
    pub claims: BTreeMap<String, usize>,
    /// The size of `proof.drat`, in bytes.
    pub proof_bytes: u64,
    /// The DRAT checker that verified the proof, with its version.
    pub checker: String,
    /// Seconds the whole check took (the DRAT checker's share in `proof_check_seconds`).
    pub check_seconds: f64,
    /// Seconds the DRAT checker took.
    pub proof_check_seconds: f64,
    /// The certificate's directory, when it is kept (`--certificate DIR`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub directory: Option<String>,
    /// A cube's pinned value, or a count in cubes' number of cubes (`--method sat`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cubes: Option<usize>,
    /// The (cell, value) a cube's certificate pins (cells from 0).
    #[serde(skip)]
    pub assumed: Vec<(usize, u32)>,
}

/// The DRAT checker, as reports name it.
pub const DRAT_CHECKER: &str = "dratify 0.1";

/// What `run.json` records: the puzzle file in the directory and how it was encoded.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct RunRecord {
    /// The puzzle file's name in the certificate's directory.
    puzzle: String,
    /// What is proved.
    answer: String,
    /// The encoding and its options, as the command line names them.
    #[serde(flatten)]
    encoding: EncodingSpec,
    /// The CRC-32 of each file as the run wrote it: a file changed since (a byte of the
    /// proof, a claim) is refused by name, even where the change would still check.
    checksums: BTreeMap<String, String>,
}

/// The files whose checksums `run.json` keeps.
const CHECKED_FILES: [&str; 3] = ["formula.cnf", "claims.txt", "proof.drat"];

fn checksum(path: &Path) -> std::io::Result<String> {
    let mut hasher = crc32fast::Hasher::new();
    let mut file = fs::File::open(path)?;
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let n = std::io::Read::read(&mut file, &mut buffer)?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
    }
    Ok(format!("{:08x}", hasher.finalize()))
}

fn rejected(dir: &Path, reason: impl std::fmt::Display) -> Error {
    Error::Certificate {
        dir: dir.display().to_string(),
        reason: reason.to_string(),
    }
}

/// Where the puzzle of a certificate comes from.
#[derive(Clone, Copy, Debug)]
pub enum PuzzleSource<'a> {
    /// The puzzle read from this file (or named so by a front end): written into the
    /// certificate as `STEM.toml`, as pathsat read it.
    File(&'a str),
    /// A puzzle file's text, written into the certificate under this name (a generated
    /// puzzle).
    Text {
        /// The file's name.
        name: &'a str,
        /// Its content.
        text: &'a str,
    },
}

/// Writes the certificate of `run` (a complete run on `puzzle`, from `source`, with the
/// encoding `options` gave it) into `target` (made if missing; a temporary directory when
/// `None`) and checks it.
///
/// # Errors
/// [`Error::Certificate`] when writing fails or the check rejects it.
pub fn write_and_check(
    run: RecordedRun,
    puzzle: &Puzzle,
    source: PuzzleSource<'_>,
    options: &EncodingOptions,
    target: Option<&Path>,
) -> Result<CertificateSummary, Error> {
    // The run's own rule against subtours: a certified race's winner may rule them out in
    // its CNF.
    let encoding = EncodingSpec::of(
        &EncodingOptions {
            subtours: run.subtours,
            ..*options
        },
        run.encoding,
    );
    let dir: PathBuf = match target {
        Some(t) => {
            fs::create_dir_all(t).map_err(|e| rejected(t, format!("cannot make it: {e}")))?;
            t.to_path_buf()
        }
        None => run.scratch.path().to_path_buf(),
    };
    let fail = |e: std::io::Error| rejected(&dir, format!("cannot write the certificate: {e}"));
    // What the run claims to have proved, from its claims; the check derives it again from
    // what it accepts, and the two must agree.
    let (mut tours, mut blocks, mut excluded, mut assumed) = (0, 0, Vec::new(), Vec::new());
    for claim in run.recording.claims() {
        match claim {
            Claim::Tour(_) => tours += 1,
            Claim::Block(_) => blocks += 1,
            Claim::Exclude(cell, value) => excluded.push((*cell, *value)),
            Claim::Assume(cell, value) => assumed.push((*cell, *value)),
            _ => {}
        }
    }
    let answer = answer_of(puzzle, tours, blocks, &excluded, &assumed);
    written::write(
        &dir,
        &run.recording,
        &run.meaning,
        run.prover,
        puzzle.name(),
        &answer,
    )
    .map_err(fail)?;
    // The puzzle as solved, written out (a file given by name could have changed, or, for the
    // web page, not be a file at all); read back, it is what the certificate proves.
    let (name, text) = match source {
        PuzzleSource::File(file) => {
            let stem = Path::new(file)
                .file_stem()
                .map_or_else(|| "puzzle".into(), |n| n.to_string_lossy().into_owned());
            let comment = format!("The puzzle of {file}, as pathsat read it.");
            (format!("{stem}.toml"), write::to_toml(puzzle, &[comment]))
        }
        PuzzleSource::Text { name, text } => (name.to_string(), text.to_string()),
    };
    fs::write(dir.join(&name), text).map_err(fail)?;
    let puzzle = &parse_file(&dir.join(&name))?;
    let mut checksums = BTreeMap::new();
    for name in CHECKED_FILES {
        checksums.insert(name.to_string(), checksum(&dir.join(name)).map_err(fail)?);
    }
    let record = RunRecord {
        puzzle: name,
        answer,
        checksums,
        encoding,
    };
    let json = serde_json::to_string_pretty(&record).expect("a run record serialises");
    fs::write(dir.join("run.json"), json + "\n").map_err(fail)?;
    let mut summary = check(&dir, puzzle, &record)?;
    summary.directory = target.map(|t| t.display().to_string());
    Ok(summary)
}

/// What `cubes.json` records for a count in cubes: the cell split on, and each value's cube.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct CubesRecord {
    /// The cell, from 0.
    cell: usize,
    /// Each value and its certificate's directory (beside `cubes.json`).
    cubes: Vec<(u32, String)>,
}

/// Writes and checks the certificate of each cube of a count in cubes (`--method sat
/// --certify`), into `target/cube-VALUE` when kept, and checks that the cubes take every
/// candidate value of their cell: the count is the sum of theirs.
///
/// # Errors
/// As [`write_and_check`], and [`Error::Certificate`] when the cubes do not cover the cell.
pub fn write_and_check_cubes(
    cubes: pathsat_count::CubeRuns,
    puzzle: &Puzzle,
    source: PuzzleSource<'_>,
    options: &EncodingOptions,
    target: Option<&Path>,
) -> Result<CertificateSummary, Error> {
    let mut summaries = Vec::new();
    let mut record = CubesRecord {
        cell: cubes.cell,
        cubes: Vec::new(),
    };
    for (value, slot) in cubes.runs {
        let label = format!("cube-{value}");
        let run = slot
            .take()
            .ok_or_else(|| rejected(Path::new(&label), "the cube's run was taken before"))?;
        let dir = target.map(|t| t.join(&label));
        summaries.push(write_and_check(
            run,
            puzzle,
            source,
            options,
            dir.as_deref(),
        )?);
        record.cubes.push((value, label));
    }
    let label = target.map_or_else(|| PathBuf::from("the cubes"), Path::to_path_buf);
    let encoding = EncodingSpec::of(options, Encoding::Position);
    let mut combined = combine(&label, puzzle, &encoding, cubes.cell, &summaries)?;
    if let Some(t) = target {
        let json = serde_json::to_string_pretty(&record).expect("a cubes record serialises");
        fs::write(t.join("cubes.json"), json + "\n")
            .map_err(|e| rejected(t, format!("cannot write cubes.json: {e}")))?;
        combined.directory = Some(t.display().to_string());
    }
    Ok(combined)
}

/// The certificates of the cubes of one count, as one: each pins one value of `cell`, and
/// together they pin every candidate value the encoding gives it.
fn combine(
    dir: &Path,
    puzzle: &Puzzle,
    encoding: &EncodingSpec,
    cell: usize,
    summaries: &[CertificateSummary],
) -> Result<CertificateSummary, Error> {
    let (_, meaning) = encode(puzzle, encoding).map_err(|e| rejected(dir, e))?;
    let Meaning::Values { values, .. } = meaning else {
        return Err(rejected(dir, "cubes are of the position encoding"));
    };
    let mut candidates: Vec<u32> = values
        .iter()
        .filter(|&&(_, c, _)| c == cell)
        .map(|&(_, _, v)| v)
        .collect();
    let mut pinned = Vec::new();
    for s in summaries {
        match s.assumed.as_slice() {
            [(c, v)] if *c == cell => pinned.push(*v),
            _ => {
                return Err(rejected(
                    dir,
                    format!("a cube does not pin one value of {}", puzzle.place(cell)),
                ))
            }
        }
    }
    candidates.sort_unstable();
    pinned.sort_unstable();
    if pinned != candidates {
        return Err(rejected(
            dir,
            format!(
                "the cubes pin {} to {pinned:?}; its candidates are {candidates:?}",
                puzzle.place(cell)
            ),
        ));
    }
    let solutions: u64 = summaries.iter().map(|s| s.solutions).sum();
    let mut claims = BTreeMap::new();
    for s in summaries {
        for (k, n) in &s.claims {
            *claims.entry(k.clone()).or_insert(0) += n;
        }
    }
    Ok(CertificateSummary {
        answer: format!(
            "exactly {} solution{}, in {} cubes on {}",
            pathsat_bigcount::grouped(solutions),
            if solutions == 1 { "" } else { "s" },
            summaries.len(),
            puzzle.place(cell)
        ),
        solutions,
        clauses: summaries.iter().map(|s| s.clauses).sum(),
        encoding_clauses: summaries.first().map_or(0, |s| s.encoding_clauses),
        claims,
        proof_bytes: summaries.iter().map(|s| s.proof_bytes).sum(),
        checker: DRAT_CHECKER.to_string(),
        check_seconds: summaries.iter().map(|s| s.check_seconds).sum(),
        proof_check_seconds: summaries.iter().map(|s| s.proof_check_seconds).sum(),
        directory: None,
        cubes: Some(summaries.len()),
        assumed: Vec::new(),
    })
}

/// Checks the certificate in `dir` (as `pathsat check-certificate DIR` does), reading the
/// puzzle it names.
///
/// # Errors
/// [`Error::Invalid`] when `dir` holds no certificate; [`Error::Puzzle`] when its puzzle file
/// does not parse; [`Error::Certificate`] when the check rejects it.
pub fn check_directory(dir: &Path) -> Result<CertificateSummary, Error> {
    if let Ok(text) = fs::read_to_string(dir.join("cubes.json")) {
        return check_cubes(dir, &text);
    }
    let text = fs::read_to_string(dir.join("run.json")).map_err(|e| Error::Invalid {
        what: dir.display().to_string(),
        problem: format!("not a pathsat certificate (run.json: {e})"),
    })?;
    let record: RunRecord = serde_json::from_str(&text)
        .map_err(|e| rejected(dir, format!("run.json does not parse: {e}")))?;
    let puzzle = parse_file(&dir.join(&record.puzzle))?;
    let mut summary = check(dir, &puzzle, &record)?;
    summary.directory = Some(dir.display().to_string());
    Ok(summary)
}

/// A count in cubes' certificate: each cube's, then their cover of the cell.
fn check_cubes(dir: &Path, text: &str) -> Result<CertificateSummary, Error> {
    let record: CubesRecord = serde_json::from_str(text)
        .map_err(|e| rejected(dir, format!("cubes.json does not parse: {e}")))?;
    let mut summaries = Vec::new();
    let mut first = None;
    for (value, sub) in &record.cubes {
        let sub = dir.join(sub);
        let summary = check_directory(&sub)?;
        if summary.assumed != [(record.cell, *value)] {
            return Err(rejected(
                &sub,
                "the cube pins another value than cubes.json says",
            ));
        }
        summaries.push(summary);
        first.get_or_insert(sub);
    }
    let first = first.ok_or_else(|| rejected(dir, "cubes.json lists no cube"))?;
    let run: RunRecord = serde_json::from_str(
        &fs::read_to_string(first.join("run.json"))
            .map_err(|e| rejected(&first, format!("run.json: {e}")))?,
    )
    .map_err(|e| rejected(&first, format!("run.json does not parse: {e}")))?;
    let puzzle = parse_file(&first.join(&run.puzzle))?;
    let mut combined = combine(dir, &puzzle, &run.encoding, record.cell, &summaries)?;
    combined.directory = Some(dir.display().to_string());
    Ok(combined)
}

/// Checks the certificate in `dir` of a run on `puzzle` that `record` describes, step by step
/// as the module's documentation lists them.
fn check(dir: &Path, puzzle: &Puzzle, record: &RunRecord) -> Result<CertificateSummary, Error> {
    let started = Instant::now();
    check_checksums(dir, record)?;
    let read = |name: &str| {
        fs::read_to_string(dir.join(name)).map_err(|e| rejected(dir, format!("{name}: {e}")))
    };
    let formula_text = read("formula.cnf")?;
    let claims_text = read("claims.txt")?;
    let formula = pathsat_claims::parse_cnf(&formula_text).map_err(|e| rejected(dir, e))?;
    let accepted = pathsat_claims::check(&formula, &claims_text).map_err(|e| rejected(dir, e))?;
    // 1. The CNF and the variables' meaning are this puzzle's.
    let meaning = check_encoding(dir, puzzle, record, &formula, &claims_text, &accepted)?;
    // What it proves, derived from the claims accepted, is what it says it proves.
    let tours = accepted
        .solutions
        .iter()
        .filter(|s| matches!(s, pathsat_claims::Solution::Tour(_)))
        .count();
    let answer = answer_of(
        puzzle,
        tours,
        accepted.solutions.len() - tours,
        &accepted.excluded,
        &accepted.assumed,
    );
    if answer != record.answer {
        return Err(rejected(
            dir,
            format!(
                "run.json says \"{}\", but the claims prove \"{answer}\"",
                record.answer
            ),
        ));
    }
    // 3. The solutions excluded are solutions.
    for (i, solution) in accepted.solutions.iter().enumerate() {
        let filling = filling_of(puzzle, &meaning, solution);
        if let Err(problem) = verify(puzzle, &filling) {
            return Err(rejected(
                dir,
                format!(
                    "solution {} the claims exclude is not one: {problem}",
                    i + 1
                ),
            ));
        }
    }
    // 4. The proof.
    let proof_started = Instant::now();
    let checker = check_proof(dir, &formula)?;
    let proof_check_seconds = proof_started.elapsed().as_secs_f64();
    let mut claims = BTreeMap::new();
    for line in claims_text
        .lines()
        .skip_while(|l| !l.starts_with("solutions "))
        .skip(1)
    {
        if let Some(word) = line.split_whitespace().next() {
            *claims.entry(word.to_string()).or_insert(0) += 1;
        }
    }
    Ok(CertificateSummary {
        answer,
        solutions: accepted.solutions.len() as u64,
        clauses: accepted.clauses,
        encoding_clauses: accepted.encoding_clauses,
        claims,
        proof_bytes: fs::metadata(dir.join("proof.drat")).map_or(0, |m| m.len()),
        checker,
        check_seconds: started.elapsed().as_secs_f64(),
        proof_check_seconds,
        directory: None,
        cubes: None,
        assumed: accepted.assumed,
    })
}

/// Refuses a certificate whose files were changed after the run: each checked file's CRC-32
/// must be the one `run.json` records.
fn check_checksums(dir: &Path, record: &RunRecord) -> Result<(), Error> {
    for name in CHECKED_FILES {
        let sum = checksum(&dir.join(name)).map_err(|e| rejected(dir, format!("{name}: {e}")))?;
        if record.checksums.get(name) != Some(&sum) {
            return Err(rejected(
                dir,
                format!("{name} was changed after the run (its CRC-32 is not run.json's)"),
            ));
        }
    }
    Ok(())
}

/// Step 1: `formula` begins with `puzzle` encoded afresh as `record` says, and the claims give
/// the variables the encoding's meaning, which is returned.
fn check_encoding(
    dir: &Path,
    puzzle: &Puzzle,
    record: &RunRecord,
    formula: &[Vec<i64>],
    claims_text: &str,
    accepted: &pathsat_claims::Accepted,
) -> Result<Meaning, Error> {
    let (cnf, meaning) = encode(puzzle, &record.encoding).map_err(|e| rejected(dir, e))?;
    if cnf.n_clauses() != accepted.encoding_clauses
        || cnf.clauses().zip(formula).any(|(ours, theirs)| {
            !ours
                .iter()
                .map(|l| l.to_dimacs())
                .eq(theirs.iter().copied())
        })
    {
        return Err(rejected(
            dir,
            format!(
                "formula.cnf does not begin with the encoding of {} ({} clauses)",
                puzzle.name(),
                cnf.n_clauses()
            ),
        ));
    }
    if !meaning_lines(&meaning).eq(claims_text.lines().filter(|l| {
        ["vertices ", "arc ", "cells ", "value "]
            .iter()
            .any(|k| l.starts_with(k))
    })) {
        return Err(rejected(
            dir,
            format!(
                "claims.txt gives the variables another meaning than the encoding of {}",
                puzzle.name()
            ),
        ));
    }
    Ok(meaning)
}

/// Step 4: `proof.drat` refutes `formula`, and the checker that said so. None is needed when
/// the formula holds the empty clause: the encoder's contradiction, or a cut with no arc across.
fn check_proof(dir: &Path, formula: &[Vec<i64>]) -> Result<String, Error> {
    Ok(if formula.iter().any(Vec::is_empty) {
        "no proof needed: formula.cnf holds the empty clause".to_string()
    } else {
        let proof = fs::read(dir.join("proof.drat"))
            .map_err(|e| rejected(dir, format!("proof.drat: {e}")))?;
        pathsat_claims::check_proof(formula, &proof).map_err(|e| rejected(dir, e))?;
        DRAT_CHECKER.to_string()
    })
}

/// What a certificate proves when its formula is unsatisfiable, from its claims: `tours`
/// Hamiltonian cycles (the successor encoding) or `blocks` fillings (the position encoding)
/// excluded, or each (cell, value) of `excluded` ruled out.
fn answer_of(
    puzzle: &Puzzle,
    tours: usize,
    blocks: usize,
    excluded: &[(usize, u32)],
    assumed: &[(usize, u32)],
) -> String {
    if !excluded.is_empty() {
        let each: Vec<String> = excluded
            .iter()
            .map(|&(cell, value)| format!("{} holds {value}", puzzle.place(cell)))
            .collect();
        return format!("{} in every solution", each.join(", "));
    }
    let s = |n: usize| if n == 1 { "" } else { "s" };
    let g = |n: usize| pathsat_bigcount::grouped(n as u128);
    if !assumed.is_empty() {
        let each: Vec<String> = assumed
            .iter()
            .map(|&(cell, value)| format!("{} holding {value}", puzzle.place(cell)))
            .collect();
        let n = tours.max(blocks);
        return format!("exactly {} solution{} with {}", g(n), s(n), each.join(", "));
    }
    // A closed tour without its start given: each cycle is one filling per starting cell.
    let per_cycle = if puzzle.is_closed() && !puzzle.givens().any(|(_, v)| v == 1) {
        puzzle.n_cells()
    } else {
        1
    };
    match (tours, blocks) {
        (0, 0) if puzzle.is_graph() && puzzle.is_closed() => "no Hamiltonian cycle".into(),
        (0, 0) if puzzle.is_graph() => "no Hamiltonian path".into(),
        (0, 0) => "no solution".into(),
        (0, n) => format!("exactly {} solution{}", g(n), s(n)),
        (k, _) if per_cycle > 1 => format!(
            "exactly {} cycle{} (as directed cycles), {} solution{} (one per starting cell)",
            g(k),
            s(k),
            g(k * per_cycle),
            s(k * per_cycle)
        ),
        (k, _) => format!("exactly {} solution{}", g(k), s(k)),
    }
}

/// The encoding `spec` names, of `puzzle`, afresh: its clauses and its variables' meaning.
fn encode(puzzle: &Puzzle, spec: &EncodingSpec) -> Result<(Cnf, Meaning), String> {
    let options = spec.options();
    let mut cnf = Cnf::new();
    match spec.encoding.choice() {
        (EncodingChoice::Position, _) => {
            let e =
                position::encode(puzzle, &options.position, &mut cnf).map_err(|e| e.to_string())?;
            let meaning = Meaning::Values {
                cells: e.map.n_cells(),
                values: e.map.primary().collect(),
            };
            Ok((cnf, meaning))
        }
        (EncodingChoice::Successor, subtours) => {
            let e = successor::encode_complete(
                puzzle,
                options.successor_exactly_one,
                subtours,
                &mut cnf,
            )
            .map_err(|e| e.to_string())?;
            Ok((cnf, Meaning::of_arcs(&e)))
        }
        (EncodingChoice::Auto, _) => Err("run.json names no encoding".into()),
    }
}

/// The lines of `claims.txt` that state the variables' meaning, as the writer writes them.
fn meaning_lines(meaning: &Meaning) -> impl Iterator<Item = String> + '_ {
    let (head, body): (String, Box<dyn Iterator<Item = String>>) = match meaning {
        Meaning::Arcs {
            vertices,
            virtual_vertex,
            arcs,
        } => (
            if *virtual_vertex {
                format!("vertices {vertices} path")
            } else {
                format!("vertices {vertices}")
            },
            Box::new(
                arcs.iter()
                    .map(|(var, u, v)| format!("arc {} {} {}", var.to_dimacs(), u + 1, v + 1)),
            ),
        ),
        Meaning::Values { cells, values } => (
            format!("cells {cells}"),
            Box::new(
                values
                    .iter()
                    .map(|(var, c, k)| format!("value {} {} {k}", var.to_dimacs(), c + 1)),
            ),
        ),
    };
    std::iter::once(head).chain(body)
}

/// The filling a claimed solution stands for: a tour numbered along its order (from the
/// virtual vertex's successor for an open path, from the cell holding 1 when it is given),
/// or the block's values.
fn filling_of(puzzle: &Puzzle, meaning: &Meaning, solution: &pathsat_claims::Solution) -> Filling {
    let n = puzzle.n_cells();
    let mut values = vec![0u32; n];
    match solution {
        pathsat_claims::Solution::Filling(pairs) => {
            for &(cell, value) in pairs {
                if cell < n {
                    values[cell] = value;
                }
            }
            // Cells the block leaves out hold the only value they can.
            if let Meaning::Values { values: all, .. } = meaning {
                for (cell, v) in values.iter_mut().enumerate() {
                    if *v == 0 {
                        let mut candidates = all.iter().filter(|(_, c, _)| *c == cell);
                        if let (Some((_, _, k)), None) = (candidates.next(), candidates.next()) {
                            *v = *k;
                        }
                    }
                }
            }
        }
        pathsat_claims::Solution::Excluded(..) | pathsat_claims::Solution::Assumed(..) => {}
        pathsat_claims::Solution::Tour(order) => {
            // Rotate the cycle so that it starts where the filling must.
            let start = if order.len() > n {
                let z = order.iter().position(|&v| v == n).unwrap_or(0);
                (z + 1) % order.len()
            } else {
                // A closed tour: any given fixes where 1 goes.
                puzzle
                    .givens()
                    .find_map(|(cell, k)| {
                        let at = order.iter().position(|&v| v == cell)?;
                        Some((at + order.len() - (k as usize - 1) % order.len()) % order.len())
                    })
                    .unwrap_or(0)
            };
            let mut k = 1;
            for i in 0..order.len() {
                let v = order[(start + i) % order.len()];
                if v < n {
                    values[v] = k;
                    k += 1;
                }
            }
        }
    }
    Filling::from_values(values)
}
