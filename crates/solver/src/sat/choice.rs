//! # Which SAT solver runs
//!
//! [`SolverChoice`] names the embedded solvers, built in or not, for the command line, the
//! options and the reports; [`super::SatSolver::of_kind`] makes the one chosen.

/// Which embedded SAT solver runs: varisat, always built in, or CaDiCaL, built in with the
/// cargo feature `cadical` (its C++ source is compiled by the `cadical` crate).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SolverChoice {
    /// varisat, in Rust: always built in; its certified runs are checked by its own checker.
    #[default]
    Varisat,
    /// CaDiCaL, in C++ (with the feature `cadical`).
    Cadical,
}

impl SolverChoice {
    /// Every choice, available or not.
    pub const ALL: [SolverChoice; 2] = [SolverChoice::Varisat, SolverChoice::Cadical];

    /// The name used on the command line and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            SolverChoice::Varisat => "varisat",
            SolverChoice::Cadical => "cadical",
        }
    }

    /// The solver and its version, e.g. `varisat 0.2.2`.
    pub fn describe(self) -> String {
        match self {
            SolverChoice::Varisat => format!("varisat {}", crate::VARISAT_VERSION),
            SolverChoice::Cadical => format!("cadical {}", crate::CADICAL_VERSION),
        }
    }

    /// Whether this build of pathsat has the solver.
    pub const fn is_built_in(self) -> bool {
        match self {
            SolverChoice::Varisat => true,
            SolverChoice::Cadical => cfg!(feature = "cadical"),
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

    /// The choice named `name` (`varisat` or `cadical`), built in or not.
    pub fn from_name(name: &str) -> Option<SolverChoice> {
        SolverChoice::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl std::fmt::Display for SolverChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
