//! # Certificates of "no": a DRAT proof of the run, and the claims it rests on
//!
//! A certified run with CaDiCaL ([`SatSolver::recording`](crate::SatSolver::recording)) writes a DRAT proof of its whole
//! incremental run and records every clause it gave the solver: first the encoding, then the
//! clauses added between calls, each with its [`Claim`]. [`write`] puts them in a directory
//! that anyone can check without pathsat:
//!
//! - `formula.cnf`: every clause, in the order given: the encoding, then the claims' clauses;
//! - `claims.txt`: what each variable means (an arc, or a value on a cell) and each claim, one
//!   a line, with how many clauses of `formula.cnf` are the encoding;
//! - `proof.drat`: CaDiCaL's proof that `formula.cnf` is unsatisfiable (binary DRAT), or the
//!   frontier sweep's ([`crate::sweep_proof`], which calls no solver and claims nothing);
//! - `README.md`: what the answer is and the commands that check it.
//!
//! The DRAT proof is checked against the whole formula given at once. That is sound for an
//! incremental run: every clause CaDiCaL derives follows by unit propagation from the clauses
//! it had, hence from all of them; and the variables that later clauses name are frozen, so
//! CaDiCaL never restores a clause its proof deleted. `encodings/certificates.md` says what a
//! certificate covers; the API checks one (the claims by the separate `pathsat-claims` crate,
//! the proof by the `rate` checker).

use crate::claims::Claim;
use pathsat_cnf::{ClauseSink, Cnf, Lit, Var};
use std::fmt::Write as _;
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A certified run, finished: what [`write`] makes a certificate of.
#[derive(Debug)]
pub struct RecordedRun {
    /// The clauses, the claims and where the proof is.
    pub recording: Recording,
    /// What the primary variables mean.
    pub meaning: Meaning,
    /// The encoding of the run.
    pub encoding: pathsat_encode::Encoding,
    /// The successor encoding's rule against subtours (`Lazy`: cuts; a complete rule: in the
    /// CNF); `Lazy` for the position encoding, which has none.
    pub subtours: pathsat_encode::subtours::Subtours,
    /// Whether the search was exhausted: only then does the proof end in the empty clause.
    pub exhausted: bool,
    /// Who wrote the proof: CaDiCaL, or the frontier sweep ([`crate::sweep_proof`]).
    pub prover: Prover,
    /// The directory the proof was written in (removed when dropped).
    pub scratch: tempfile::TempDir,
}

/// Who wrote a certificate's proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prover {
    /// CaDiCaL, tracing its run.
    Cadical,
    /// The frontier sweep ([`crate::sweep_proof::sweep_refutation`]).
    Sweep,
}

impl Prover {
    /// Its name in a certificate's README.
    pub fn name(self) -> &'static str {
        match self {
            Prover::Cadical => "CaDiCaL",
            Prover::Sweep => "the frontier sweep",
        }
    }
}

/// A [`RecordedRun`] in a result that is cloned and compared (a count's): taken once, by
/// whoever writes the certificate; clones share it, and compare equal when they do.
#[derive(Clone, Debug)]
pub struct RecordedSlot(std::sync::Arc<std::sync::Mutex<Option<RecordedRun>>>);

impl RecordedSlot {
    /// A slot holding `run`.
    pub fn new(run: RecordedRun) -> RecordedSlot {
        RecordedSlot(std::sync::Arc::new(std::sync::Mutex::new(Some(run))))
    }

    /// The run, the first time.
    pub fn take(&self) -> Option<RecordedRun> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }
}

impl PartialEq for RecordedSlot {
    fn eq(&self, other: &RecordedSlot) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

/// What a recording solver was given.
#[derive(Debug)]
pub struct Recording {
    proof: PathBuf,
    clauses: Cnf,
    encoding_clauses: Option<usize>,
    claims: Vec<(Claim, usize)>,
    unclaimed: usize,
}

impl Recording {
    #[cfg_attr(not(feature = "cadical"), allow(dead_code))]
    pub(crate) fn new(proof: PathBuf) -> Recording {
        Recording {
            proof,
            clauses: Cnf::new(),
            encoding_clauses: None,
            claims: Vec::new(),
            unclaimed: 0,
        }
    }

    pub(crate) fn end_encoding(&mut self) {
        self.encoding_clauses
            .get_or_insert(self.clauses.n_clauses());
    }

    pub(crate) fn clause(&mut self, n_vars: usize, clause: &[Lit]) {
        self.clauses.ensure_vars(n_vars);
        self.clauses.add_clause(clause);
        if self.encoding_clauses.is_some() {
            self.unclaimed += 1;
        }
    }

    pub(crate) fn claimed(&mut self, claim: Claim, clauses: usize) {
        if self.encoding_clauses.is_some() {
            self.unclaimed -= clauses;
            self.claims.push((claim, clauses));
        }
    }

    /// The claims, in order.
    pub fn claims(&self) -> impl Iterator<Item = &Claim> {
        self.claims.iter().map(|(c, _)| c)
    }

    /// The clauses of the encoding.
    pub fn encoding_clauses(&self) -> usize {
        self.encoding_clauses
            .unwrap_or_else(|| self.clauses.n_clauses())
    }
}

/// What the primary variables mean, for `claims.txt`.
#[derive(Clone, Debug)]
pub enum Meaning {
    /// The successor encoding: `vertices` vertices (the last one virtual for an open path)
    /// and the variable of each arc, as (variable, tail, head).
    Arcs {
        /// Vertices, the virtual one included.
        vertices: usize,
        /// Whether the last vertex is an open path's virtual vertex.
        virtual_vertex: bool,
        /// (variable, tail, head) of each arc.
        arcs: Vec<(Var, usize, usize)>,
    },
    /// The position encoding: `cells` cells and the variable of each candidate value, as
    /// (variable, cell, value).
    Values {
        /// Cells of the board.
        cells: usize,
        /// (variable, cell, value) of each candidate.
        values: Vec<(Var, usize, u32)>,
    },
}

impl Meaning {
    /// The arc variables of a successor encoding.
    pub fn of_arcs(encoding: &pathsat_encode::successor::SuccessorEncoding) -> Meaning {
        let mut arcs: Vec<(Var, usize, usize)> = Vec::new();
        for (u, out) in encoding.out_arcs.iter().enumerate() {
            arcs.extend(out.iter().map(|&(v, var)| (var, u, v)));
        }
        arcs.sort_unstable_by_key(|&(var, _, _)| var.index());
        Meaning::Arcs {
            vertices: encoding.n_vertices(),
            virtual_vertex: encoding.virtual_vertex.is_some(),
            arcs,
        }
    }

    /// The (cell, value) variables of a position encoding.
    pub fn of_values(map: &pathsat_encode::VarMap) -> Meaning {
        Meaning::Values {
            cells: map.n_cells(),
            values: map.primary().collect(),
        }
    }
}

/// What a written certificate holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// Clauses of `formula.cnf`.
    pub clauses: usize,
    /// Of which the encoding's.
    pub encoding_clauses: usize,
    /// Claims, by keyword, in the order first seen.
    pub claims: Vec<(&'static str, usize)>,
    /// Solutions excluded (tour and block claims).
    pub solutions: u64,
    /// The size of `proof.drat`, in bytes.
    pub proof_bytes: u64,
}

/// Writes the certificate of a complete run into `dir` (which must exist): the formula, the
/// claims and the README; the proof is moved there from where CaDiCaL wrote it (if it is not
/// there already). `title` names the puzzle, `answer` says what is proved ("no Hamiltonian
/// cycle", "exactly 1 solution").
///
/// # Errors
/// Writing fails, or a clause was added after the encoding without a claim (a bug).
pub fn write(
    dir: &Path,
    recording: &Recording,
    meaning: &Meaning,
    prover: Prover,
    title: &str,
    answer: &str,
) -> io::Result<Written> {
    if recording.unclaimed > 0 {
        return Err(io::Error::other(format!(
            "{} clauses were added without a claim",
            recording.unclaimed
        )));
    }
    let proof = dir.join("proof.drat");
    if recording.proof != proof {
        fs::rename(&recording.proof, &proof).or_else(|_| {
            fs::copy(&recording.proof, &proof)?;
            fs::remove_file(&recording.proof)
        })?;
    }
    let mut cnf = BufWriter::new(fs::File::create(dir.join("formula.cnf"))?);
    pathsat_dimacs::write_dimacs(
        &mut cnf,
        &recording.clauses,
        &pathsat_dimacs::Header {
            comments: &[
                format!("pathsat certificate: {title}"),
                format!(
                    "the first {} clauses are the encoding, the rest the claims of claims.txt",
                    recording.encoding_clauses()
                ),
            ],
            show: None,
        },
    )?;
    cnf.flush()?;
    let mut claims = BufWriter::new(fs::File::create(dir.join("claims.txt"))?);
    writeln!(claims, "c pathsat claims: {title}")?;
    writeln!(
        claims,
        "p claims {} {}",
        recording.encoding_clauses(),
        recording.claims.len()
    )?;
    match meaning {
        Meaning::Arcs {
            vertices,
            virtual_vertex,
            arcs,
        } => {
            if *virtual_vertex {
                writeln!(claims, "vertices {vertices} path")?;
            } else {
                writeln!(claims, "vertices {vertices}")?;
            }
            for (var, u, v) in arcs {
                writeln!(claims, "arc {} {} {}", var.to_dimacs(), u + 1, v + 1)?;
            }
        }
        Meaning::Values { cells, values } => {
            writeln!(claims, "cells {cells}")?;
            for (var, cell, value) in values {
                writeln!(claims, "value {} {} {value}", var.to_dimacs(), cell + 1)?;
            }
        }
    }
    let solutions = recording
        .claims()
        .filter(|c| matches!(c, Claim::Tour(_) | Claim::Block(_)))
        .count() as u64;
    writeln!(claims, "solutions {solutions}")?;
    let mut kinds: Vec<(&'static str, usize)> = Vec::new();
    for claim in recording.claims() {
        writeln!(claims, "{claim}")?;
        match kinds.iter_mut().find(|(k, _)| *k == claim.keyword()) {
            Some((_, n)) => *n += 1,
            None => kinds.push((claim.keyword(), 1)),
        }
    }
    claims.flush()?;
    fs::write(
        dir.join("README.md"),
        readme(title, answer, prover.name(), &kinds),
    )?;
    Ok(Written {
        clauses: recording.clauses.n_clauses(),
        encoding_clauses: recording.encoding_clauses(),
        claims: kinds,
        solutions,
        proof_bytes: fs::metadata(&proof)?.len(),
    })
}

fn readme(title: &str, answer: &str, prover: &str, kinds: &[(&str, usize)]) -> String {
    let mut claims = String::new();
    for (k, n) in kinds {
        let _ = write!(claims, "{n} {k}, ");
    }
    let claims = claims.trim_end_matches(", ");
    format!(
        "# Certificate: {title}\n\
         \n\
         Answer: **{answer}**.\n\
         \n\
         - `formula.cnf`: the puzzle's CNF encoding, then the clauses the run added ({claims}).\n\
         - `claims.txt`: what the variables mean, and each added clause's reason, one a line.\n\
         - `proof.drat`: {prover}'s DRAT proof (binary) that `formula.cnf` is unsatisfiable.\n\
         - the puzzle, as pathsat read it (TOML); `run.json`: its encoding options and the\n\
           files' CRC-32.\n\
         \n\
         Check all of it (the encoding re-made from the puzzle file, every claim, the proof):\n\
         \n\
         ```sh\n\
         pathsat check-certificate .\n\
         ```\n\
         \n\
         Check the proof without pathsat, with any DRAT checker, for example:\n\
         \n\
         ```sh\n\
         cargo install rate        # github.com/krobelus/rate\n\
         rate formula.cnf proof.drat   # prints `s VERIFIED`\n\
         ```\n\
         \n\
         The claims format, and what a certificate covers and does not, are in pathsat's\n\
         `encodings/certificates.md`.\n"
    )
}

#[cfg(test)]
#[cfg(feature = "cadical")]
mod tests {
    use super::*;
    use crate::{PuzzleSolver, SolveOptions, SolverChoice};
    use pathsat_encode::EncodingChoice;
    use pathsat_puzzle::families::generalized_petersen;
    use pathsat_puzzle::{brute, CellRule, Expect, Moves, Puzzle};

    /// Runs a certified count to the end and writes its certificate: the claims checker's
    /// verdict, and whether `rate` (when installed) verified the proof.
    fn certified(p: &Puzzle, choice: EncodingChoice) -> (pathsat_claims::Accepted, u64) {
        let options = SolveOptions {
            certify: true,
            solver: SolverChoice::Cadical,
            ..SolveOptions::default()
        }
        .with_choice(choice);
        let mut s = PuzzleSolver::new(p, &options).unwrap();
        let count = s.count(None, |_| {}).unwrap();
        assert!(count.complete);
        let run = s.finish_recording().expect("a recorded run");
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            &run.recording,
            &run.meaning,
            run.prover,
            p.name(),
            "test",
        )
        .unwrap();
        let read = |f: &str| std::fs::read_to_string(dir.path().join(f)).unwrap();
        let formula = pathsat_claims::parse_cnf(&read("formula.cnf")).unwrap();
        let accepted = pathsat_claims::check(&formula, &read("claims.txt"))
            .unwrap_or_else(|r| panic!("{} {choice:?}: {r}", p.name()));
        if let Ok(out) = std::process::Command::new("rate")
            .current_dir(dir.path())
            .args(["formula.cnf", "proof.drat"])
            .output()
        {
            let said = String::from_utf8_lossy(&out.stdout);
            assert!(
                said.contains("s VERIFIED"),
                "{} {choice:?}: {said}",
                p.name()
            );
        }
        (accepted, count.count)
    }

    #[test]
    fn certified_counts_in_both_encodings_match_brute_force_and_check() {
        for (r, c, moves, closed) in [
            (3, 3, Moves::Rook, false),
            (3, 3, Moves::Rook, true),
            (3, 4, Moves::King, true),
            (3, 4, Moves::Knight, false),
            (4, 4, Moves::Knight, true),
            (2, 3, Moves::Rook, true),
        ] {
            let p = Puzzle::blank(r, c, moves.clone(), closed).unwrap();
            let expected = brute::count(&p, None).count;
            for choice in [EncodingChoice::Position, EncodingChoice::Successor] {
                let (accepted, count) = certified(&p, choice);
                assert_eq!(count, expected, "{} {choice:?}", p.name());
                let excluded = accepted.solutions.len() as u64;
                match choice {
                    // One block per filling.
                    EncodingChoice::Position => assert_eq!(excluded, count),
                    // One tour per cycle, standing for its rotations when closed.
                    _ => assert_eq!(excluded * if closed { (r * c) as u64 } else { 1 }, count),
                }
            }
        }
    }

    #[test]
    fn a_non_hamiltonian_graph_is_refuted_by_cuts() {
        let (n, edges) = generalized_petersen(11, 2);
        let p = Puzzle::graph(
            "gp",
            n,
            &edges,
            false,
            true,
            vec![CellRule::Free; n],
            Expect::default(),
        )
        .unwrap();
        let (accepted, count) = certified(&p, EncodingChoice::Successor);
        assert_eq!((count, accepted.solutions.len()), (0, 0));
        assert!(accepted.claims > 20, "cuts: {}", accepted.claims);
    }
}
