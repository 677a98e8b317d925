//! `export`: a puzzle's CNF for other solvers, as the DIMACS file `pathsat export` writes, or as
//! clause lists with what each primary variable means (the Python package's `to_cnf`, which
//! hands them to PySAT). A model of it comes back through [`crate::decode`].

use crate::Error;
use pathsat_dimacs::{write_dimacs_reporting, Header};
use pathsat_encode::export::{export as encode_export, Encoded};
use pathsat_encode::{Encoding, EncodingOptions, Export};
use pathsat_puzzle::Puzzle;
use serde::Serialize;
use std::io::{self, Write};

/// What a primary variable of an exported CNF stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Meaning {
    /// The position encoding: `cell` holds `value` (a trail's step, for a trail puzzle).
    Place {
        /// The cell.
        cell: usize,
        /// The value.
        value: u32,
    },
    /// The successor encoding: the path steps from `from` to `to`. An open path's virtual
    /// vertex, which closes it into a cycle, is numbered as many as the cells.
    Arc {
        /// The cell the step leaves.
        from: usize,
        /// The cell it reaches.
        to: usize,
    },
}

/// A puzzle's CNF, as the embedded solver receives it.
pub struct Exported {
    /// The CNF, its header and the encoding behind it.
    pub export: Export,
}

impl Exported {
    /// The encoding the CNF is in.
    pub fn encoding(&self) -> Encoding {
        self.export.encoded.kind()
    }

    /// The encoding's name as `--encoding` spells it: `position`, `successor`,
    /// `successor-crt`, …
    pub fn encoding_name(&self) -> String {
        self.export.encoded.name()
    }

    /// Variables, auxiliary ones included: the DIMACS header's count.
    pub fn variables(&self) -> usize {
        self.export.encoded.stats().variables
    }

    /// The clauses as DIMACS literals (without the final 0).
    pub fn clauses(&self) -> Vec<Vec<i64>> {
        self.export
            .cnf
            .clauses()
            .map(|clause| clause.iter().map(|l| l.to_dimacs()).collect())
            .collect()
    }

    /// Each primary variable (its DIMACS number) and what it means.
    pub fn meanings(&self) -> Vec<(u64, Meaning)> {
        match &self.export.encoded {
            Encoded::Position(e) => e
                .map
                .primary()
                .map(|(var, cell, value)| (var.to_dimacs(), Meaning::Place { cell, value }))
                .collect(),
            Encoded::Successor(e) => e
                .arcs
                .iter()
                .enumerate()
                .map(|(i, &(from, to))| {
                    let var = pathsat_cnf::Var::from_index(e.first + i);
                    (var.to_dimacs(), Meaning::Arc { from, to })
                })
                .collect(),
        }
    }

    /// The projection (`c p show`): the variables whose models are the fillings, in the
    /// position encoding; none in the successor encoding.
    pub fn projection(&self) -> Option<Vec<u64>> {
        self.export
            .show
            .as_ref()
            .map(|vars| vars.iter().map(|v| v.to_dimacs()).collect())
    }

    /// The comment lines of the DIMACS file, without the leading `c `.
    pub fn comments(&self) -> &[String] {
        &self.export.comments
    }

    /// Writes the DIMACS file `pathsat export` writes.
    ///
    /// # Errors
    /// The writer's.
    pub fn write_dimacs<W: Write>(&self, out: &mut W) -> io::Result<()> {
        self.write_dimacs_reporting(out, &mut |_| {})
    }

    /// [`Exported::write_dimacs`], telling `written` how many clauses are written so far, now
    /// and then and at the end (for a progress bar).
    ///
    /// # Errors
    /// The writer's.
    pub fn write_dimacs_reporting<W: Write>(
        &self,
        out: &mut W,
        written: &mut dyn FnMut(usize),
    ) -> io::Result<()> {
        let header = Header {
            comments: &self.export.comments,
            show: self.export.show.as_deref(),
        };
        write_dimacs_reporting(out, &self.export.cnf, &header, written)
    }

    /// The clauses the DIMACS file holds.
    pub fn n_clauses(&self) -> usize {
        pathsat_cnf::ClauseSink::n_clauses(&self.export.cnf)
    }

    /// The DIMACS file as text.
    pub fn dimacs(&self) -> String {
        let mut out = Vec::new();
        self.write_dimacs(&mut out).expect("writing to memory");
        String::from_utf8(out).expect("DIMACS is ASCII")
    }
}

/// Encodes `puzzle` (read from `file`, which the DIMACS header names) with `options`: the
/// position encoding unless another is asked for or the puzzle is too large for it.
///
/// # Errors
/// [`Error::Solve`] when the puzzle is too large for the position encoding, or the encoding
/// asked for cannot express it.
pub fn export(puzzle: &Puzzle, file: &str, options: &EncodingOptions) -> Result<Exported, Error> {
    let export =
        encode_export(puzzle, options, Some(file)).map_err(|e| Error::solve(file, e.into()))?;
    Ok(Exported { export })
}

/// One clause in words, and the family it belongs to.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ReadableClause {
    /// The clause family's name (`cell`, `value`, `successor`, ...).
    pub family: &'static str,
    /// The clause, each literal named by what its variable means.
    pub clause: String,
}

/// Every clause in words: `¬x[1,2]=3 ∨ x[1,3]=4`, rows and columns counted from 1 (vertices
/// as numbered in the input), auxiliary variables `aN`, labelled with its family.
/// Every clause of `exported` in words: each literal named by what its variable means
/// ([`meaning_name`]; auxiliary variables `aN`), with the clause family it belongs to (from the
/// encoder's `families`, in the order the clauses were written). For teaching and for small
/// boards: the web page shows them, `explain` prints them.
pub fn readable_clauses(
    puzzle: &Puzzle,
    exported: &Exported,
    families: &[pathsat_encode::FamilyCount],
) -> Vec<ReadableClause> {
    let names: std::collections::HashMap<u64, String> = exported
        .meanings()
        .into_iter()
        .map(|(var, meaning)| (var, meaning_name(puzzle, meaning)))
        .collect();
    let name = |literal: i64| {
        let var = literal.unsigned_abs();
        let base = names
            .get(&var)
            .cloned()
            .unwrap_or_else(|| format!("a{var}"));
        if literal < 0 {
            format!("¬{base}")
        } else {
            base
        }
    };
    let mut family_of = families
        .iter()
        .flat_map(|f| std::iter::repeat_n(f.name, f.clauses));
    exported
        .clauses()
        .into_iter()
        .map(|clause| ReadableClause {
            family: family_of.next().unwrap_or("other"),
            clause: if clause.is_empty() {
                "⊥ (the empty clause)".to_string()
            } else {
                clause.into_iter().map(name).collect::<Vec<_>>().join(" ∨ ")
            },
        })
        .collect()
}

/// A primary variable's meaning, named by its place: `x[2,3]=7` (cell in row 2, column 3 holds
/// 7), `[1,1]→[2,3]` (a move), with graph vertices numbered from 1 and an open path's virtual
/// vertex called `end`.
pub fn meaning_name(puzzle: &Puzzle, meaning: Meaning) -> String {
    let place = |cell: usize| {
        if puzzle.is_graph() {
            format!("{}", cell + 1)
        } else if cell < puzzle.n_cells() {
            let pos = puzzle.board().pos(cell);
            format!("{},{}", pos.row + 1, pos.col + 1)
        } else {
            // An open path's virtual vertex, which closes it into a cycle.
            "end".to_string()
        }
    };
    match meaning {
        Meaning::Place { cell, value } => format!("x[{}]={value}", place(cell)),
        Meaning::Arc { from, to } => format!("[{}]→[{}]", place(from), place(to)),
    }
}
