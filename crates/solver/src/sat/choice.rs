//! # Which SAT solver runs
//!
//! [`SolverChoice`] names the embedded solvers, built in or not, for the command line, the
//! options and the reports; [`super::SatSolver::of_kind`] makes the one chosen.

/// Which embedded SAT solver runs: varisat, always built in, or CaDiCaL, built in with the
/// cargo feature `cadical` (its C++ source is compiled by the `cadical` crate), or the
/// automatic choice between them. `--solver`, `"solver"` and `solver=` take these names
/// (strum; clap's `ValueEnum` with the feature `clap`, the variants' docs its help).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum SolverChoice {
    /// varisat for a position encoding of at most 12,000 clauses (small boards, where its
    /// calls cost less) and for --certify, else CaDiCaL when it is built in (the default build).
    #[default]
    Auto,
    /// varisat, in Rust: always built in; the only one whose proofs are checked (--certify).
    Varisat,
    /// CaDiCaL, in C++ (compiled from the source the `cadical` crate bundles).
    Cadical,
}

impl SolverChoice {
    /// Every solver, built in or not (the automatic choice is not one).
    pub const ALL: [SolverChoice; 2] = [SolverChoice::Varisat, SolverChoice::Cadical];

    /// The name used on the command line and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            SolverChoice::Auto => "auto",
            SolverChoice::Varisat => "varisat",
            SolverChoice::Cadical => "cadical",
        }
    }

    /// The solver and its version, e.g. `varisat 0.2.2`.
    pub fn describe(self) -> String {
        match self.engine(false) {
            SolverChoice::Varisat => format!("varisat {}", crate::VARISAT_VERSION),
            _ => format!("cadical {}", crate::CADICAL_VERSION),
        }
    }

    /// Whether this build of pathsat has the solver.
    pub const fn is_built_in(self) -> bool {
        match self {
            SolverChoice::Auto | SolverChoice::Varisat => true,
            SolverChoice::Cadical => cfg!(feature = "cadical"),
        }
    }

    /// The solver that runs for this choice in a run certified or not: the automatic choice
    /// settled ([`SolverChoice::preferred`]), the others as they are. (A position encoding's
    /// small formulas may still take varisat: [`crate::SolveOptions::solver_for_clauses`].)
    pub const fn engine(self, certify: bool) -> SolverChoice {
        match self {
            SolverChoice::Auto => SolverChoice::preferred(certify),
            chosen => chosen,
        }
    }

    /// The solver a run gets when none is asked for: CaDiCaL when it is built in (it measured
    /// faster on the successor loop's long series of calls, see `encodings/successor.md`; a
    /// certified run has it write a DRAT proof), varisat in a build without CaDiCaL (a certified
    /// run then checks varisat's own proof).
    pub const fn preferred(certify: bool) -> SolverChoice {
        let _ = certify;
        if SolverChoice::Cadical.is_built_in() {
            SolverChoice::Cadical
        } else {
            SolverChoice::Varisat
        }
    }

    /// The choice named `name` (`auto`, `varisat` or `cadical`), built in or not.
    pub fn from_name(name: &str) -> Option<SolverChoice> {
        name.parse().ok()
    }
}

impl std::fmt::Display for SolverChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
