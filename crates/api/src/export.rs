//! `export`: a puzzle's CNF for other solvers, as the DIMACS file `pathsat export` writes, or as
//! clause lists with what each primary variable means (the Python package's `to_cnf`, which
//! hands them to PySAT). A model of it comes back through [`crate::decode`].

use crate::Error;
use pathsat_dimacs::{write_dimacs, Header};
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
    Place { cell: usize, value: u32 },
    /// The successor encoding: the path steps from `from` to `to`. An open path's virtual
    /// vertex, which closes it into a cycle, is numbered as many as the cells.
    Arc { from: usize, to: usize },
}

/// A puzzle's CNF, as the embedded solver receives it.
pub struct Exported {
    pub export: Export,
}

impl Exported {
    pub fn encoding(&self) -> Encoding {
        self.export.encoded.kind()
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
        let header = Header {
            comments: &self.export.comments,
            show: self.export.show.as_deref(),
        };
        write_dimacs(out, &self.export.cnf, &header)
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
