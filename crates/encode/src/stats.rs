//! # Encoding statistics
//!
//! What every encoder reports about what it wrote: the variables (primary and all), the
//! clauses, and the clauses of each named family in the order written. The position, trail and
//! successor encoders all build an [`EncodeStats`], and [`record_family`] is how each of them
//! measures a family: it counts the clauses the sink gained while the family was written, so
//! the figures are those of the clauses actually written, never a formula kept beside them.
//!
//! The families of each encoding are listed in its module ([`crate::position`],
//! [`crate::trail`], [`crate::successor`]) and counted in closed form in `encodings/*.md`.

use pathsat_cnf::ClauseSink;

/// The number of clauses of one family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyCount {
    /// The family's name (`cell`, `value`, `successor`, ...).
    pub name: &'static str,
    /// Clauses written in it.
    pub clauses: usize,
}

/// Sizes of an encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeStats {
    /// Cells of the puzzle (vertices of a graph).
    pub cells: usize,
    /// Primary variables: x(c, k) in the position encoding, the arcs in the successor one.
    pub primary_vars: usize,
    /// All variables the encoding created, auxiliary ones included.
    pub variables: usize,
    /// All clauses written.
    pub clauses: usize,
    /// Clauses per family, in the order written.
    pub families: Vec<FamilyCount>,
}

/// Runs `write` on `sink` and appends the number of clauses it added to `families`, under
/// `name`: how the encoders report the size of each family of clauses.
pub(crate) fn record_family<S: ClauseSink + ?Sized>(
    families: &mut Vec<FamilyCount>,
    name: &'static str,
    sink: &mut S,
    write: impl FnOnce(&mut S),
) {
    let before = sink.n_clauses();
    write(sink);
    families.push(FamilyCount {
        name,
        clauses: sink.n_clauses() - before,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathsat_cnf::CountingSink;

    #[test]
    fn a_family_is_the_clauses_written_while_it_was_recorded() {
        let mut sink = CountingSink::default();
        let a = sink.new_lit();
        sink.add_clause(&[a]);
        let mut families = Vec::new();
        record_family(&mut families, "two", &mut sink, |s| {
            s.add_clause(&[a]);
            s.add_clause(&[!a]);
        });
        record_family(&mut families, "none", &mut sink, |_| {});
        assert_eq!(
            families,
            vec![
                FamilyCount {
                    name: "two",
                    clauses: 2
                },
                FamilyCount {
                    name: "none",
                    clauses: 0
                },
            ]
        );
    }
}
