//! What a count is asked: the method ([`Method`]) and the options ([`CountOptions`]) every
//! driver reads (limit, deadline, cancel flag, threads, memory, patience, solver).

use pathsat_budget::Budget;
use pathsat_frontier::Split;
use pathsat_solver::SolveOptions;
use std::path::PathBuf;
use std::time::Duration;

/// How to count. `--method`, `"method"` and `method=` take the names strum gives (`auto`, `dp`,
/// `sat`, `enumerate`; clap's `ValueEnum` with the feature `clap`, the variants' docs its help);
/// reports name each method as [`Method::name`] and serde say (`frontier-dp`, `sat-cubes`, ...).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    serde::Serialize,
    serde::Deserialize,
    strum::EnumString,
    strum::Display,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Method {
    /// The dynamic program where it applies; else enumeration, split into cubes if it is long,
    /// when it is estimated to finish within 10 minutes.
    #[default]
    #[serde(rename = "auto")]
    Auto,
    /// The frontier dynamic program: symmetric moves, no marks, givens only at the ends of the
    /// path. Counts without enumerating.
    #[serde(rename = "frontier-dp")]
    Dp,
    /// SAT enumeration in cubes, in parallel, with symmetry classes; every filling verified.
    #[serde(rename = "sat-cubes")]
    Sat,
    /// One SAT solver with blocking clauses; every filling verified.
    #[serde(rename = "enumeration")]
    Enumerate,
}

impl Method {
    /// The method's value of the `--method` option: `auto`, `dp`, `sat`, `enumerate`.
    pub fn option(self) -> &'static str {
        self.into()
    }

    /// The method's name in reports: `auto`, `frontier-dp`, `sat-cubes`, `enumeration`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Dp => "frontier-dp",
            Method::Sat => "sat-cubes",
            Method::Enumerate => "enumeration",
        }
    }
}

/// Options of a count.
#[derive(Clone, Debug)]
pub struct CountOptions {
    /// How to count.
    pub method: Method,
    /// Stop after this many fillings (the count is then incomplete).
    pub limit: Option<u64>,
    /// When to stop (the count is then incomplete): at the deadline
    /// ([`crate::Stopped::Timeout`]) or a raised cancel flag ([`crate::Stopped::Cancelled`]),
    /// inside a solver call too; at a wind-down (a SIGTERM), once the frontier program's layer
    /// under way is done and its table saved to [`CountOptions::checkpoint`]
    /// ([`crate::Stopped::Interrupted`]), from where it goes on when run again. The SAT methods
    /// have no layer to finish, and go on at a wind-down.
    pub budget: Budget,
    /// Threads for the cubes and the frontier program.
    pub jobs: usize,
    /// The most memory the frontier program's tables may take.
    pub memory_budget: u64,
    /// The longest enumeration [`Method::Auto`] starts without a limit or deadline from the
    /// user: a count estimated to need more stops with [`crate::Stopped::OutOfReach`].
    pub patience: Duration,
    /// The encoding and the solver the SAT methods use.
    pub solve: SolveOptions,
    /// Count one shard of the count alone, by the frontier program ([`Split`]).
    pub split: Option<Split>,
    /// Keep the frontier program's large tables in files in this directory
    /// ([`pathsat_frontier::Spill`]).
    pub spill_dir: Option<PathBuf>,
    /// With [`CountOptions::spill_dir`]: keep the tables in memory while they fit
    /// [`CountOptions::memory_budget`], and go on in files only from the first layer that
    /// would not ([`pathsat_frontier::Spill::over_budget_only`]), instead of from the first
    /// large table.
    pub spill_over_budget: bool,
    /// Save the frontier program's table to this file now and then, and go on from it when it
    /// is there ([`pathsat_frontier::Checkpoint`]).
    pub checkpoint: Option<PathBuf>,
    /// How long the frontier program counts between two saves of its checkpoint.
    pub checkpoint_every: Duration,
}

/// The default [`CountOptions::patience`]: ten minutes.
pub const DEFAULT_PATIENCE: Duration = Duration::from_secs(600);

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions {
            method: Method::Auto,
            limit: None,
            budget: Budget::default(),
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            memory_budget: pathsat_frontier::default_memory_budget(),
            patience: DEFAULT_PATIENCE,
            solve: SolveOptions::default(),
            split: None,
            spill_dir: None,
            spill_over_budget: false,
            checkpoint: None,
            checkpoint_every: pathsat_frontier::Checkpoint::DEFAULT_EVERY,
        }
    }
}

impl CountOptions {
    /// Whether a cancel flag of [`CountOptions::budget`] was raised.
    pub(crate) fn cancelled(&self) -> bool {
        self.budget.is_cancelled()
    }
}
