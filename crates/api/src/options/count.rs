//! `count`'s options and its request: [`CountSpec`] as the front ends fill it, with the
//! refusals of options that do not go together, and the [`CountRequest`] it turns into, which
//! [`crate::count`] runs.

use super::{by_name, invalid, seconds_for, Method, Problem, Shard, SolverSpec, SplitBy};
use crate::{Cancel, Error};
use pathsat_budget::Budget;
use pathsat_count::{CountOptions, Split, DEFAULT_PATIENCE};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::time::Duration;

/// A `count` request: the library's count options, a timeout measured from the call, and a
/// flag that cancels it.
#[derive(Clone, Debug, Default)]
pub struct CountRequest {
    /// How to count.
    pub options: CountOptions,
    /// How long the count may take; it then stops with what it found.
    pub timeout: Option<Duration>,
    /// Raised to stop the count from outside.
    pub cancel: Cancel,
    /// With a certified CaDiCaL count: the directory to keep its certificate in.
    pub certificate: Option<std::path::PathBuf>,
}

/// `count`'s options: `--limit`, `--timeout`, `--method`, `--memory` (bytes), `--patience`
/// (seconds), `--jobs`, and the solver's.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct CountSpec {
    /// `--limit N`: stop after N fillings.
    pub limit: Option<u64>,
    /// Seconds.
    pub timeout: Option<f64>,
    /// `--method`: how to count.
    #[serde(with = "by_name")]
    pub method: Method,
    /// Bytes the frontier program may use [default: half of this machine's memory].
    pub memory: Option<u64>,
    /// Seconds [default: 600].
    pub patience: Option<f64>,
    /// Threads [default: the number of processors].
    pub jobs: Option<u32>,
    /// `--shard I/N`: count one of N parts of the count alone (by the frontier program).
    pub shard: Option<Shard>,
    /// `--cut STATES`: where a sharded count is cut into shards [default: 524,288 states].
    pub cut: Option<u64>,
    /// `--split-by states|residues`: how a sharded count is split [default: states].
    #[serde(with = "by_name::option")]
    pub split_by: Option<SplitBy>,
    /// `--spill-dir DIR`: keep the frontier program's large tables in files in this
    /// directory, so that its memory holds a batch of a step rather than whole tables.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spill_dir: Option<PathBuf>,
    /// `--no-spill`: never keep the tables in files; a count whose tables outgrow `memory`
    /// stops there. Without it (and without `spill_dir`) they go on in files in the system's
    /// temporary directory once they outgrow it ([`CountSpec::request`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub no_spill: bool,
    /// `--checkpoint FILE`: save the frontier program's table to FILE now and then, and go on
    /// from it when the same count is run again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint: Option<PathBuf>,
    /// `--checkpoint-every SECONDS`: how long to count between two saves [default: 600].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint_every: Option<f64>,
    /// The solver and encoding options.
    #[serde(flatten)]
    pub solver: SolverSpec,
}

impl CountSpec {
    /// The request, with `cancel` as its flag.
    ///
    /// # Errors
    /// [`Error::Invalid`] for a limit, memory size or number of jobs of 0, a duration that is
    /// not a positive number of seconds, and as [`SolverSpec::options`].
    pub fn request(&self, cancel: Cancel) -> Result<CountRequest, Error> {
        if self.limit == Some(0) {
            return Err(invalid("limit", Problem::Zero));
        }
        if self.memory == Some(0) {
            return Err(invalid("memory", Problem::NoMemory));
        }
        if self.jobs == Some(0) {
            return Err(invalid("jobs", Problem::Zero));
        }
        if self.cut == Some(0) {
            return Err(invalid("cut", Problem::Zero));
        }
        if self.cut.is_some() && self.shard.is_none() {
            return Err(invalid("cut", Problem::Needs("shard")));
        }
        if self.split_by.is_some() && self.shard.is_none() {
            return Err(invalid("split-by", Problem::Needs("shard")));
        }
        if self.cut.is_some() && self.split_by == Some(SplitBy::Residues) {
            return Err(invalid(
                "cut",
                Problem::Malformed("cuts a split by states, not by residues".into()),
            ));
        }
        if self.no_spill && self.spill_dir.is_some() {
            return Err(invalid("no-spill", Problem::Excludes(&["spill-dir"])));
        }
        if let Some(dir) = &self.spill_dir {
            if !dir.is_dir() {
                return Err(invalid(
                    "spill-dir",
                    Problem::Malformed(format!("{} is not a directory", dir.display())),
                ));
            }
        }
        if let Some(file) = &self.checkpoint {
            let dir = file.parent().filter(|d| !d.as_os_str().is_empty());
            if file.is_dir() || dir.is_some_and(|d| !d.is_dir()) {
                return Err(invalid(
                    "checkpoint",
                    Problem::Malformed(format!(
                        "{} is not a file in an existing directory",
                        file.display()
                    )),
                ));
            }
        }
        if self.checkpoint.is_some() && matches!(self.method, Method::Sat | Method::Enumerate) {
            return Err(invalid(
                "checkpoint",
                Problem::NeedsValue {
                    why: "saves the frontier program's table",
                    option: "method",
                    values: &["dp", "auto"],
                },
            ));
        }
        if self.checkpoint_every.is_some() && self.checkpoint.is_none() {
            return Err(invalid("checkpoint-every", Problem::Needs("checkpoint")));
        }
        let defaults = CountOptions::default();
        let (spill_dir, spill_over_budget) = self.spill();
        Ok(CountRequest {
            options: CountOptions {
                method: self.method,
                limit: self.limit,
                // The request's timeout and cancel join it when the count runs; the command
                // line adds its wind-down on SIGTERM.
                budget: Budget::default(),
                jobs: self.jobs.map_or(defaults.jobs, |j| j as usize),
                memory_budget: self.memory.unwrap_or(defaults.memory_budget),
                patience: seconds_for("patience", self.patience)?.unwrap_or(DEFAULT_PATIENCE),
                solve: self.solver.options()?,
                split: self.split(),
                spill_dir,
                spill_over_budget,
                checkpoint: self.checkpoint.clone(),
                checkpoint_every: seconds_for("checkpoint-every", self.checkpoint_every)?
                    .unwrap_or(defaults.checkpoint_every),
            },
            timeout: seconds_for("timeout", self.timeout)?,
            cancel,
            certificate: None,
        })
    }
}

impl CountSpec {
    /// Where the frontier program's tables may go to files, and whether only once they
    /// outgrow the memory: `spill_dir` from the first large table on; without it, the system's
    /// temporary directory over the budget only; nowhere with `no_spill`, or where there are no
    /// files (WebAssembly in a browser).
    fn spill(&self) -> (Option<PathBuf>, bool) {
        match (&self.spill_dir, self.no_spill) {
            (Some(dir), _) => (Some(dir.clone()), false),
            (None, true) => (None, false),
            #[cfg(not(target_family = "wasm"))]
            (None, false) => (Some(std::env::temp_dir()), true),
            #[cfg(target_family = "wasm")]
            (None, false) => (None, false),
        }
    }

    /// The cut of a sharded count: `cut`, or [`Split::DEFAULT_CUT_STATES`].
    pub fn cut_states(&self) -> u64 {
        self.cut.unwrap_or(Split::DEFAULT_CUT_STATES)
    }

    /// The frontier program's split of a sharded count (`shard`, `split-by` and `cut`).
    pub fn split(&self) -> Option<Split> {
        let by = self.split_by.unwrap_or_default();
        self.shard.map(|s| s.split(self.cut_states(), by))
    }
}
