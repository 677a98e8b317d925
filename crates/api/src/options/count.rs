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

/// `count`'s options: with the feature `clap`, the CLI's flags themselves (the field docs are
/// their help; `--shard`, which the CLI also takes as a number of shards to plan, is its own),
/// the web API's fields and Python's keywords.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[serde(default, rename_all = "kebab-case")]
pub struct CountSpec {
    /// Stop after N fillings; the count is then marked incomplete.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "N", value_parser = super::parse_at_least_one::<u64>)
    )]
    pub limit: Option<u64>,
    /// Stop after this many seconds; the count is then marked incomplete.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "SECONDS", value_parser = super::parse_seconds)
    )]
    pub timeout: Option<f64>,
    /// How to count.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = Method::Auto))]
    #[serde(with = "by_name")]
    pub method: Method,
    /// The frontier program's memory and table files.
    #[serde(flatten)]
    #[cfg_attr(feature = "clap", command(flatten))]
    pub tables: TablesSpec,
    /// Save the frontier program's table to FILE every so often (see --checkpoint-every) and,
    /// with --timeout, before a layer that may not end in time; when FILE holds a checkpoint of
    /// this same count, go on from it instead of starting over: a count that was killed or timed
    /// out is resumed by running the same command again. A first Ctrl-C or SIGTERM (a cluster's
    /// preemption or time limit) stops the count after the layer under way, saving there, exit
    /// status 1; a second stops it at once. FILE takes about half the largest table's memory,
    /// and is removed when the count is done.
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint: Option<PathBuf>,
    /// How long to count between two saves of the checkpoint [default: 600].
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "SECONDS", value_parser = super::parse_seconds, requires = "checkpoint")
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint_every: Option<f64>,
    /// The longest enumeration --method auto starts when neither --limit nor --timeout bounds
    /// the count: one estimated to take longer stops at once, saying so [default: 600].
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "SECONDS", value_parser = super::parse_seconds)
    )]
    pub patience: Option<f64>,
    /// Threads for the SAT cubes and the frontier program (default: the number of processors).
    #[cfg_attr(
        feature = "clap",
        arg(short, long, value_name = "N", value_parser = super::parse_at_least_one::<u32>)
    )]
    pub jobs: Option<u32>,
    /// `--shard I/N`: count one of N parts of the count alone (by the frontier program).
    #[cfg_attr(feature = "clap", arg(skip))]
    pub shard: Option<Shard>,
    /// Where a sharded count is cut into its parts: at the first layer of the sweep with at
    /// least this many states (every part must be made with the same cut) [default: 524288].
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "STATES", value_parser = super::parse_at_least_one::<u64>, requires = "shard", help_heading = "Shards")
    )]
    pub cut: Option<u64>,
    /// How --shard splits the count; `pathsat merge` checks that the parts make the whole (for
    /// residues: that the primes cover the bound, else it names the shards to add)
    /// [default: states].
    #[cfg_attr(
        feature = "clap",
        arg(
            long,
            value_enum,
            value_name = "HOW",
            requires = "shard",
            help_heading = "Shards"
        )
    )]
    #[serde(with = "by_name::option")]
    pub split_by: Option<SplitBy>,
    /// The solver and encoding options.
    #[serde(flatten)]
    #[cfg_attr(feature = "clap", command(flatten))]
    pub solver: SolverSpec,
}

/// The frontier program's memory and table files (`--memory`, `--spill-dir`, `--no-spill`):
/// one definition for `count` and `sample`, whose sweep keeps every table (a count's or a
/// sample's, the help says both).
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[serde(default, rename_all = "kebab-case")]
pub struct TablesSpec {
    /// Memory the frontier program's tables may use (a sample's: every layer's, kept for its
    /// walk back), e.g. 512MiB or 8GiB [default: half of this machine's memory].
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "SIZE", value_parser = super::parse_memory)
    )]
    pub memory: Option<u64>,
    /// Keep the frontier program's large tables in temporary files in DIR from the first large
    /// table on (deleted as they are read, and when the run ends, however it ends): a count's
    /// memory then holds one batch of a step instead of two whole tables, and DIR up to about
    /// one and a half times the largest table (its entries are written compact, in about half
    /// their bytes in memory); a sample's DIR holds every table from there on until its walk
    /// back passes them. Without it, tables that outgrow --memory go on in files in the
    /// system's temporary directory ($TMPDIR, else /tmp) by themselves, saying so in one line.
    /// Either way the run first checks that the disk has room for what its tables are estimated
    /// to take.
    #[cfg_attr(feature = "clap", arg(long, value_name = "DIR"))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spill_dir: Option<PathBuf>,
    /// Never keep the tables in files: a run whose tables outgrow --memory stops there (and a
    /// count by --method auto turns to SAT enumeration, if that can finish).
    #[cfg_attr(feature = "clap", arg(long, conflicts_with = "spill_dir"))]
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub no_spill: bool,
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
        if self.tables.memory == Some(0) {
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
        if self.tables.no_spill && self.tables.spill_dir.is_some() {
            return Err(invalid("no-spill", Problem::Excludes(&["spill-dir"])));
        }
        if let Some(dir) = &self.tables.spill_dir {
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
                memory_budget: self.tables.memory.unwrap_or(defaults.memory_budget),
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
        match (&self.tables.spill_dir, self.tables.no_spill) {
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
