//! # Encoding errors
//!
//! Why a puzzle was not encoded: too large for the position encoding, a trail sum too large
//! for its pseudo-Boolean encoding, or givens and marks the successor encoding cannot express.
//! They live here rather than in one encoder because every encoder (and [`crate::export`])
//! returns them; each variant carries the figures its message reports. The messages name no
//! command-line flag: each front end adds its own words for what to do (`pathsat-words`
//! for the CLI and the web API, the Python package's for its keyword arguments).

/// Why the successor encoding does not apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SuccessorError {
    /// Givens or marks other than the start and the end.
    #[error(
        "the successor encoding takes no givens or marks other than the start (value 1) and, \
         for a path, the end (value N); use the position encoding"
    )]
    Unsupported,
    /// A trail puzzle.
    #[error(
        "a trail covers only some cells, which the successor encoding cannot express; trail \
         puzzles use the position encoding"
    )]
    Trail,
    /// A complete rule that would write too many clauses (for the elimination rule, the
    /// clauses written when its trial run passed the limit), and the complete rules that fit.
    #[error(
        "the {rule} rule against subtours would write at least {} clauses for this puzzle \
         (the limit is {}); {}",
        grouped(*clauses),
        grouped(*limit),
        fitting_words(fitting)
    )]
    TooLarge {
        /// The rule's name.
        rule: &'static str,
        /// The clauses it would write.
        clauses: u64,
        /// The most allowed.
        limit: u64,
        /// The complete rules whose size is known without a trial run (all but the
        /// elimination) and within the limit, with the clauses each would write, smallest
        /// first.
        fitting: Vec<(&'static str, u64)>,
    },
}

/// What [`SuccessorError::TooLarge`] says of the rules that fit: "of the complete rules, binary
/// would write 1,979,682 and crt 2,279,667, and the lazy cuts (successor) none".
fn fitting_words(fitting: &[(&'static str, u64)]) -> String {
    let named: Vec<String> = fitting
        .iter()
        .enumerate()
        .map(|(i, (rule, clauses))| {
            let verb = if i == 0 { " would write" } else { "" };
            format!("{rule}{verb} {}", grouped(*clauses))
        })
        .collect();
    match named.as_slice() {
        [] => "no other complete rule fits, and the lazy cuts (successor) write none".to_string(),
        [one] => format!("of the complete rules, {one}, and the lazy cuts (successor) none"),
        [init @ .., last] => format!(
            "of the complete rules, {} and {last}, and the lazy cuts (successor) none",
            init.join(", ")
        ),
    }
}

/// `n` grouped in threes with commas.
fn grouped(n: u64) -> String {
    pathsat_bigcount::grouped(n)
}

/// Why a puzzle was not encoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// More candidate pairs than `limit`, or more cells than `max_cells`
    /// ([`crate::position::MAX_CELLS`]).
    #[error(
        "too large for the position encoding: {cells} cells, about {pairs} cell-value variables \
         (the limit is {limit} variables and {max_cells} cells); the encoding grows with the \
         square of the board"
    )]
    TooLarge {
        /// Cells of the board.
        cells: usize,
        /// Candidate (cell, value) pairs, or an estimate of them.
        pairs: u128,
        /// The most primary variables allowed.
        limit: usize,
        /// The most cells allowed.
        max_cells: usize,
    },
    /// A trail's sum would need too large a pseudo-Boolean encoding.
    #[error(
        "the trail's sum of {sum} needs about {size} auxiliary variables in the {encoding} sum \
         encoding (the limit is {limit}); labels this large are out of reach of a SAT encoding \
         of the sum: scale them down"
    )]
    SumTooLarge {
        /// The trail's sum of labels.
        sum: u64,
        /// Auxiliary variables the sum encoding would need.
        size: u128,
        /// The sum encoding's name.
        encoding: &'static str,
        /// The most auxiliary variables allowed.
        limit: usize,
    },
    /// The successor encoding was asked for a puzzle it cannot express.
    #[error(transparent)]
    Successor(#[from] SuccessorError),
}
