//! # The variable map
//!
//! The primary variables x(c, k) of the position encoding and their meaning, both ways. They
//! are created first and consecutively (cell by cell, values ascending), so in DIMACS they are
//! the variables 1..P. Decoding a model and blocking a filling go through here, and only through
//! the primary variables: the auxiliary counter variables are never blocked on.

use crate::Domains;
use pathsat_cnf::{ClauseSink, Lit, Var};
use pathsat_puzzle::{Filling, Place, Pos, Puzzle};

/// Why a model does not decode to a filling.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// A primary variable (its index, cell and value) the model leaves unassigned.
    #[error("variable {0} ({1:#}, value {2}) is not assigned")]
    Unassigned(u64, Place, u32),
    /// A cell no true variable gives a value.
    #[error("{0:#} has no value in the model")]
    NoValue(Place),
    /// A cell two true variables give different values.
    #[error("{pos:#} has two values in the model: {first} and {second}")]
    TwoValues {
        /// The cell.
        pos: Place,
        /// One value.
        first: u32,
        /// The other.
        second: u32,
    },
}

/// The primary variables: one per candidate (cell, value) pair.
#[derive(Clone, Debug)]
pub struct VarMap {
    positions: Vec<Pos>,
    places: Vec<Place>,
    /// Per cell: (value, variable), values ascending.
    by_cell: Vec<Vec<(u32, Var)>>,
    /// Per value (entry 0 unused): (cell, variable), cells ascending.
    by_value: Vec<Vec<(usize, Var)>>,
    /// The index of the first primary variable; the others follow consecutively.
    first: usize,
    /// (cell, value) of each primary variable, in variable order.
    meaning: Vec<(usize, u32)>,
    /// Whether a cell may hold no value (a trail puzzle): it then decodes to 0.
    partial: bool,
}

impl VarMap {
    /// Creates one variable in `sink` per candidate pair of `domains`.
    pub fn new<S: ClauseSink + ?Sized>(puzzle: &Puzzle, domains: &Domains, sink: &mut S) -> VarMap {
        let n = domains.n_cells();
        let first = sink.n_vars();
        let mut by_cell = Vec::with_capacity(n);
        let mut by_value = vec![Vec::new(); domains.max_value() + 1];
        let mut meaning = Vec::with_capacity(domains.n_pairs());
        for cell in 0..n {
            let vars: Vec<(u32, Var)> = domains
                .values(cell)
                .iter()
                .map(|&k| {
                    let var = sink.new_var();
                    by_value[k as usize].push((cell, var));
                    meaning.push((cell, k));
                    (k, var)
                })
                .collect();
            by_cell.push(vars);
        }
        VarMap {
            positions: puzzle.board().positions().to_vec(),
            places: (0..n).map(|cell| puzzle.place(cell)).collect(),
            by_cell,
            by_value,
            first,
            meaning,
            partial: puzzle.trail().is_some(),
        }
    }

    /// The number of cells (or vertices) the map covers.
    pub fn n_cells(&self) -> usize {
        self.by_cell.len()
    }

    /// The number of primary variables.
    pub fn n_primary(&self) -> usize {
        self.meaning.len()
    }

    /// The variable of (cell, value), if that pair is a candidate.
    pub fn var(&self, cell: usize, value: u32) -> Option<Var> {
        let vars = &self.by_cell[cell];
        vars.binary_search_by_key(&value, |&(k, _)| k)
            .ok()
            .map(|i| vars[i].1)
    }

    /// The (cell, value) a primary variable stands for.
    pub fn meaning(&self, var: Var) -> Option<(usize, u32)> {
        var.index()
            .checked_sub(self.first)
            .and_then(|i| self.meaning.get(i).copied())
    }

    /// The candidate (value, variable) pairs of a cell.
    pub fn cell_vars(&self, cell: usize) -> &[(u32, Var)] {
        &self.by_cell[cell]
    }

    /// The candidate (cell, variable) pairs of a value.
    pub fn value_vars(&self, value: u32) -> &[(usize, Var)] {
        &self.by_value[value as usize]
    }

    /// All primary variables with their cell and value, in variable order.
    pub fn primary(&self) -> impl Iterator<Item = (Var, usize, u32)> + '_ {
        self.meaning
            .iter()
            .enumerate()
            .map(move |(i, &(cell, k))| (Var::from_index(self.first + i), cell, k))
    }

    /// The position of a cell (on a graph: row 0, the vertex index as column).
    pub fn pos(&self, cell: usize) -> Pos {
        self.positions[cell]
    }

    /// Where a cell is, for messages: a board position or a graph vertex.
    pub fn place(&self, cell: usize) -> Place {
        self.places[cell]
    }

    /// Reads the filling a model encodes; `value_of` gives each variable's value, or `None`
    /// when the model does not assign it.
    ///
    /// # Errors
    /// A [`DecodeError`] when a primary variable is unassigned or a cell has no value or two.
    pub fn decode(&self, value_of: impl Fn(Var) -> Option<bool>) -> Result<Filling, DecodeError> {
        let mut values = Vec::with_capacity(self.by_cell.len());
        for (cell, vars) in self.by_cell.iter().enumerate() {
            let pos = self.places[cell];
            let mut found = None;
            for &(k, var) in vars {
                match value_of(var) {
                    None => return Err(DecodeError::Unassigned(var.to_dimacs(), pos, k)),
                    Some(false) => {}
                    Some(true) => {
                        if let Some(first) = found {
                            return Err(DecodeError::TwoValues {
                                pos,
                                first,
                                second: k,
                            });
                        }
                        found = Some(k);
                    }
                }
            }
            match found {
                Some(k) => values.push(k),
                None if self.partial => values.push(0),
                None => return Err(DecodeError::NoValue(pos)),
            }
        }
        Ok(Filling::from_values(values))
    }

    /// The clause that excludes `filling` and nothing else: the negation of its primary
    /// literals. Cells with a single candidate are left out (their literal is always true), but
    /// not on a trail, where such a cell may also be off it; the cells off a trail are left out
    /// (its steps, one cell each, already say which trail it is).
    ///
    /// # Panics
    /// If the filling puts a value on a cell that has no variable for it.
    pub fn blocking_clause(&self, filling: &Filling) -> Vec<Lit> {
        (0..self.by_cell.len())
            .filter(|&cell| {
                (self.partial || self.by_cell[cell].len() > 1) && filling.value(cell) != 0
            })
            .map(|cell| {
                let var = self
                    .var(cell, filling.value(cell))
                    .expect("a decoded filling only uses candidate pairs");
                var.negative()
            })
            .collect()
    }
}
