//! `solve`'s options and its request: [`SolveSpec`] as the front ends fill it, and the
//! [`SolveRequest`] with the [`Wanted`] solutions it turns into, which [`crate::solve`] runs.

use super::{invalid, seconds_for, Problem, SolverSpec};
use crate::{Cancel, Error};
use pathsat_solver::SolveOptions;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// What `solve` is asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Wanted {
    /// One solution.
    #[default]
    First,
    /// One solution, and a proof that no other exists (or a second one, when there is).
    Unique,
    /// Up to this many solutions.
    Upto(u64),
    /// Every solution.
    All,
}

impl Wanted {
    /// The most solutions the solver looks for.
    pub(crate) fn limit(self) -> Option<u64> {
        match self {
            Wanted::First => Some(1),
            Wanted::Unique => Some(2),
            Wanted::Upto(n) => Some(n),
            Wanted::All => None,
        }
    }
}

/// A `solve` request.
#[derive(Clone, Debug, Default)]
pub struct SolveRequest {
    /// Which solutions: the first, up to a number, all, or a proof of uniqueness.
    pub wanted: Wanted,
    /// The encoding and the solver.
    pub options: SolveOptions,
    /// Stop this long after the call, reporting what was found by then.
    pub timeout: Option<Duration>,
    /// Threads that race for a first solution of a large graph
    /// ([`pathsat_solver::portfolio`]) [default: the number of processors]; 1 runs one
    /// configuration alone, reproducibly.
    pub jobs: Option<usize>,
    /// Stop when this is raised, reporting what was found by then.
    pub cancel: Cancel,
    /// With a certified CaDiCaL run: the directory to keep its certificate in (`--certificate
    /// DIR`); without it, the certificate is checked in a temporary directory and removed.
    pub certificate: Option<std::path::PathBuf>,
}

/// `solve`'s options: `--all`, `--limit N`, `--unique`, `--timeout SECONDS`, `--jobs N`, and
/// the solver's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct SolveSpec {
    /// `--all`: every solution.
    pub all: bool,
    /// `--limit N`: at most N solutions.
    pub limit: Option<u64>,
    /// `--unique`: prove whether the solution is unique.
    pub unique: bool,
    /// Seconds.
    pub timeout: Option<f64>,
    /// Threads racing for a first solution [default: the number of processors].
    pub jobs: Option<u32>,
    /// The solver and encoding options.
    #[serde(flatten)]
    pub solver: SolverSpec,
}

impl SolveSpec {
    /// What is wanted: every solution, a proof of uniqueness, up to `limit`, or the first.
    ///
    /// # Errors
    /// [`Error::Invalid`] for options that exclude each other or a limit of 0.
    pub fn wanted(&self) -> Result<Wanted, Error> {
        if self.all && (self.limit.is_some() || self.unique) {
            return Err(invalid("all", Problem::Excludes(&["limit", "unique"])));
        }
        if self.limit == Some(0) {
            return Err(invalid("limit", Problem::Zero));
        }
        Ok(if self.all {
            Wanted::All
        } else if self.unique {
            Wanted::Unique
        } else {
            self.limit.map_or(Wanted::First, Wanted::Upto)
        })
    }

    /// The request, with `cancel` as its flag.
    ///
    /// # Errors
    /// As [`SolveSpec::wanted`], [`SolverSpec::options`], and for a timeout that is not a
    /// positive number of seconds or a number of jobs of 0.
    pub fn request(&self, cancel: Cancel) -> Result<SolveRequest, Error> {
        if self.jobs == Some(0) {
            return Err(invalid("jobs", Problem::Zero));
        }
        Ok(SolveRequest {
            wanted: self.wanted()?,
            options: self.solver.options()?,
            timeout: seconds_for("timeout", self.timeout)?,
            jobs: self.jobs.map(|j| j as usize),
            cancel,
            certificate: None,
        })
    }
}
