//! # Claims: the clauses a certified run adds after the encoding, each with its reason
//!
//! A certified CaDiCaL run ([`crate::certificate`]) proves the unsatisfiability of the encoding
//! *plus* every clause the run added to it: the reductions' forced and removed edges, the cut
//! loop's cuts, the blocking clauses of the solutions found. Each of those is a [`Claim`]: what
//! the clause says and why every solution of the puzzle satisfies it (or, for a blocking
//! clause, which solution it excludes). [`Claim`]'s `Display` is one line of the certificate's
//! `claims.txt`, whose format `encodings/certificates.md` documents; the separate checker
//! (`crates/claims`, sharing no code with this one) reads it back, recomputes each clause from
//! its reason and compares.
//!
//! Vertices and cells are written from 1, as in HCP files and the verifier's messages.

use std::fmt;

/// Why an edge is removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RemovedBy {
    /// This end of the edge already has two forced edges.
    Vertex(usize),
    /// The edge joins the two ends of a path of forced edges that misses some vertex: the
    /// cycle it would close is too short.
    Path,
}

/// One clause (or a few) added after the encoding, with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Every Hamiltonian cycle uses the edge `edge`: vertex `by`, one of its ends, has only two
    /// edges left. Clause: one of the edge's arcs.
    Force {
        /// The edge, (u, v) with u < v.
        edge: (usize, usize),
        /// The end with two edges left.
        by: usize,
    },
    /// No Hamiltonian cycle uses the edge `edge`. Clauses: each of its arcs negated, alone.
    Remove {
        /// The edge, (u, v) with u < v.
        edge: (usize, usize),
        /// The rule.
        by: RemovedBy,
    },
    /// Some arc leaves the vertex set: a Hamiltonian cycle passes every vertex. Clause: the
    /// arcs from inside to outside.
    Leave(Vec<usize>),
    /// Some arc enters the vertex set. Clause: the arcs from outside to inside.
    Enter(Vec<usize>),
    /// The Hamiltonian cycle visiting the vertices in this order is excluded (it was found,
    /// verified and counted). Clause: its arcs, negated.
    Tour(Vec<usize>),
    /// The filling putting these values on these cells, as (cell, value), is excluded (it was
    /// found, verified and counted). Clause: their variables, negated.
    Block(Vec<(usize, u32)>),
    /// The hypothesis to refute: the cell holds another value than this one (a hint's "no
    /// other value fits"). Clause: the variable, negated.
    Exclude(usize, u32),
    /// The cube counted: the cell holds this value (a count split on the cell's values, one
    /// certificate a value). Clause: the variable.
    Assume(usize, u32),
}

impl Claim {
    /// The keyword that starts the claim's line.
    pub fn keyword(&self) -> &'static str {
        match self {
            Claim::Force { .. } => "force",
            Claim::Remove { .. } => "remove",
            Claim::Leave(_) => "leave",
            Claim::Enter(_) => "enter",
            Claim::Tour(_) => "tour",
            Claim::Block(_) => "block",
            Claim::Exclude(..) => "exclude",
            Claim::Assume(..) => "assume",
        }
    }
}

fn write_vertices(f: &mut fmt::Formatter<'_>, vertices: &[usize]) -> fmt::Result {
    for v in vertices {
        write!(f, " {}", v + 1)?;
    }
    Ok(())
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())?;
        match self {
            Claim::Force { edge, by } => write!(f, " {} {} by {}", edge.0 + 1, edge.1 + 1, by + 1),
            Claim::Remove { edge, by } => {
                write!(f, " {} {} by ", edge.0 + 1, edge.1 + 1)?;
                match by {
                    RemovedBy::Vertex(v) => write!(f, "{}", v + 1),
                    RemovedBy::Path => f.write_str("path"),
                }
            }
            Claim::Leave(set) | Claim::Enter(set) | Claim::Tour(set) => write_vertices(f, set),
            Claim::Block(pairs) => {
                for (cell, value) in pairs {
                    write!(f, " {}={value}", cell + 1)?;
                }
                Ok(())
            }
            Claim::Exclude(cell, value) | Claim::Assume(cell, value) => {
                write!(f, " {}={value}", cell + 1)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_number_from_one() {
        let lines = [
            Claim::Force {
                edge: (0, 4),
                by: 0,
            }
            .to_string(),
            Claim::Remove {
                edge: (1, 2),
                by: RemovedBy::Vertex(2),
            }
            .to_string(),
            Claim::Remove {
                edge: (1, 2),
                by: RemovedBy::Path,
            }
            .to_string(),
            Claim::Leave(vec![0, 1, 2]).to_string(),
            Claim::Tour(vec![0, 2, 1]).to_string(),
            Claim::Block(vec![(0, 3), (4, 1)]).to_string(),
        ];
        assert_eq!(
            lines,
            [
                "force 1 5 by 1",
                "remove 2 3 by 3",
                "remove 2 3 by path",
                "leave 1 2 3",
                "tour 1 3 2",
                "block 1=3 5=1"
            ]
        );
    }
}
