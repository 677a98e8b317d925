#![warn(missing_docs)]
//! # pathsat-frontier
//!
//! Counting Hamiltonian cycles and paths of an undirected graph by a dynamic program over its
//! vertices, and from them the fillings of a path puzzle. No SAT and no enumeration: the count of
//! the 12x12 rook board's paths, or of the 7x7 board's open knight's tours (165,575,218,320),
//! comes out of a table of partial solutions that share their future. Counts are exact at any
//! size ([`BigCount`]).
//!
//! The program sweeps the vertices in an order ([`vertex_order`] finds one with a small
//! frontier) and keeps, for each state of the *frontier* (the later vertices some of whose edges
//! are decided), the number of partial solutions that reach it. Its cost is its number of
//! states, which grows about exponentially with the frontier's width. The states live in sorted
//! vectors of packed keys with their counts, built in parallel on the caller's rayon pool; the
//! counts widen from 64 bits to 128, 256 and big integers as the sums need. It is bounded by a
//! memory budget ([`FrontierOptions::memory_budget`]) on every byte of its tables, a deadline
//! and a cancel flag; each stops the count with a [`FrontierError`] that says how far it got,
//! never with a wrong answer. A count whose tables outgrow the memory keeps them in files
//! ([`FrontierOptions::spill`]); a count too large for one machine splits into shards that
//! separate processes sweep ([`FrontierOptions::split`]), whose counts add up to the whole.
//! `encodings/counting.md` describes the method.
//!
//! ```
//! use pathsat_frontier::{hamiltonian_cycles, FrontierOptions, Graph};
//!
//! // The 4-cycle has one Hamiltonian cycle; K4 has three.
//! let mut square = Graph::new(4);
//! for (u, v) in [(0, 1), (1, 2), (2, 3), (3, 0)] {
//!     square.add_edge(u, v);
//! }
//! let options = FrontierOptions::default();
//! assert_eq!(hamiltonian_cycles(&square, &[0, 1, 2, 3], &options).unwrap().0, 1u64);
//! let mut k4 = Graph::new(4);
//! for u in 0..4 {
//!     for v in u + 1..4 {
//!         k4.add_edge(u, v);
//!     }
//! }
//! assert_eq!(hamiltonian_cycles(&k4, &[0, 1, 2, 3], &options).unwrap().0, 3u64);
//! ```

mod checkpoint;
mod classes;
mod codes;
mod counts;
mod dp;
mod estimate;
mod eta;
mod fillings;
mod graph;
mod growth;
mod keys;
mod order;
mod par;
mod plan;
mod primes;
mod sample;
mod spill;
mod store;

pub use dp::{
    hamiltonian_cycles, hamiltonian_cycles_of_prefixes, hamiltonian_paths, PrefixCycles,
    MAX_FRONTIER,
};
pub use estimate::{estimate_fillings, LayerEstimate, SampleEnd, SweepEstimate, SAMPLE_REACH};
pub use fillings::{applies, count_fillings, FrontierCount};
pub use graph::Graph;

pub use order::{vertex_order, vertex_order_within};
pub use pathsat_bigcount::BigCount;
pub use primes::{is_prime, residue_prime};
pub use sample::{sample_fillings, FrontierSample, SampleOptions, SampleWalk};
pub use spill::free_bytes;

use pathsat_budget::{Budget, Stopped};
use std::fmt;
use std::path::Path;
use std::time::Duration;

/// The default memory budget when the machine's memory is unknown: 4 GiB.
pub const FALLBACK_MEMORY_BUDGET: u64 = 4 << 30;

/// Limits and hooks of one count.
#[derive(Clone, Copy)]
pub struct FrontierOptions<'a> {
    /// The most bytes the state tables may hold at once; a count that would need more stops
    /// with [`FrontierError::OverMemory`] before allocating them.
    pub memory_budget: u64,
    /// When to stop: at its deadline or a raised cancel flag, at once
    /// ([`FrontierError::Stopped`] with [`Stopped::Timeout`] or [`Stopped::Cancelled`]); at a
    /// requested wind-down, once the layer under way is done and the table saved if the count
    /// has a [`FrontierOptions::checkpoint`] ([`Stopped::Interrupted`]): how a count on a
    /// cluster answers the SIGTERM of a preemption or a time limit without losing the layers
    /// since its last save.
    pub budget: &'a Budget,
    /// Hears each layer (a vertex of the sweep) as it is done.
    pub progress: Option<&'a (dyn Fn(&LayerProgress) + Sync)>,
    /// Count one shard of the count only ([`Split`]).
    pub split: Option<Split>,
    /// Keep the large tables in files ([`Spill`]) instead of in memory.
    pub spill: Option<Spill<'a>>,
    /// Save the table to a file now and then, and go on from it if it is there ([`Checkpoint`]).
    pub checkpoint: Option<Checkpoint<'a>>,
    /// Hears, before the first step that writes its table to files ([`Spill`]), where and
    /// from which layer, and how much disk the tables are estimated to take; an error stops
    /// the count there with [`FrontierError::NoRoom`]. (A disk with less room than the
    /// estimate stops it there too, hook or not, before a file is written.)
    pub on_spill: Option<SpillHook<'a>>,
}

/// What hears that a count's tables go to files ([`FrontierOptions::on_spill`]).
pub type SpillHook<'a> = &'a (dyn Fn(&SpillStart) -> Result<(), String> + Sync);

/// The tables of a count are about to go to files ([`FrontierOptions::on_spill`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpillStart<'a> {
    /// The directory of the files.
    pub dir: &'a Path,
    /// The layer whose table is the first written to files (1-based), of `layers`.
    pub layer: usize,
    /// Layers in all.
    pub layers: usize,
    /// States in the table the layer reads.
    pub states: u64,
    /// With [`Spill::over_budget_only`]: the bytes the step was estimated to need in memory,
    /// over the budget (else 0).
    pub needed_bytes: u64,
    /// The most bytes of files the rest of the sweep is estimated to hold at once: one and a
    /// half times the memory of its widest table, from the layers done and the bound of those
    /// to come ([`estimate_fillings`]).
    pub disk_bytes: u64,
    /// The bytes free on the directory's file system for an unprivileged user, when they can
    /// be read ([`free_bytes`]).
    pub free_bytes: Option<u64>,
}

impl SpillStart<'_> {
    /// Why a disk with `free` bytes cannot hold the tables (`free` < [`SpillStart::disk_bytes`]).
    fn no_room(&self, free: u64) -> String {
        format!(
            "the frontier program's tables need about {} of files from layer {} of {} on (an \
             estimate), but {} has {} free",
            bytesize::ByteSize(self.disk_bytes).display().iec(),
            self.layer,
            self.layers,
            self.dir.display(),
            bytesize::ByteSize(free).display().iec(),
        )
    }
}

/// Where and how often a count saves its table, so that it can be resumed
/// (`pathsat count --checkpoint FILE`).
///
/// After a layer, once `every` has passed since the count started or last saved, and before a
/// layer that may not end before the deadline of the count's [`FrontierOptions::budget`], the table (with the
/// layer, the bound on its counts, the cycles or paths completed so far and where a sharded
/// count was cut) is written to `file`: to a file beside it first, synced and renamed
/// over it, so a count killed while saving keeps the checkpoint before. A count that finds a
/// checkpoint of the same sweep at `file` (the same graph, order, ends, key packing and shard:
/// a fingerprint says) goes on from it instead of starting over, and gives the same count as an
/// uninterrupted run; a checkpoint of another count, or a damaged one, is refused with
/// [`FrontierError::Checkpoint`] (a CRC-32 covers every byte), never half-used. The file is
/// removed when the count is done. A kill loses at most `every` and the layer under way; a
/// count stopped at its deadline, only the layer under way; one wound down (the budget's
/// [`WindDown`](pathsat_budget::WindDown)), nothing.
///
/// A save writes the table once, as many bytes as it holds (3.2 GB at the 8x8 knight's tours'
/// widest layer), so the file takes that much disk; saving after each of the 49 layers of the
/// 7x7 open knight's paths made that count 1.15 times slower.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint<'a> {
    /// The checkpoint file.
    pub file: &'a Path,
    /// How long to count between two saves.
    pub every: Duration,
}

impl Checkpoint<'_> {
    /// The default [`Checkpoint::every`]: ten minutes.
    pub const DEFAULT_EVERY: Duration = Duration::from_secs(600);
}

/// Where and from what size a count keeps its tables in files (`pathsat count --spill-dir`).
///
/// A step whose input table holds at least `from_states` states writes its output to
/// temporary files in `dir`, a batch of runs at a time, and the next step reads them back part
/// by part: the memory then holds one batch of a step's successors at a time (a few hundred
/// megabytes) rather than the two tables the step reads and writes, while the disk holds what
/// is left of the table read, the runs of the table written and the table written: up to about
/// three times the widest table (the 8x8 knight's tours: 8.5 GiB of files and 352 MiB of
/// memory for a widest table of 3.0 GiB, against 6.2 GiB of memory without files, in 1.4 times
/// the time). The count is the same either way. A sharded count keeps its tables
/// in memory until it is cut, since the cut reads the whole table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spill<'a> {
    /// The directory of the files (which are deleted as soon as they are read, and when the
    /// process ends).
    pub dir: &'a Path,
    /// Steps whose input holds at least this many states write their output to files.
    pub from_states: u64,
    /// Only from the first such step that would not fit the memory budget with its tables in
    /// memory (the table it reads, and the table it writes at the growth of the layer before,
    /// with their buffers): a count that fits its memory keeps its tables there, and one that
    /// outgrows it goes on in files instead of stopping (`pathsat count` without
    /// `--spill-dir`). From that step on, every table is in files.
    pub over_budget_only: bool,
}

impl Spill<'_> {
    /// The default [`Spill::from_states`]: 2,097,152 states, a table of 32 to 100 MB.
    pub const DEFAULT_FROM_STATES: u64 = 1 << 21;
}

/// One of `of` deterministic shards of a count (`pathsat count --shard I/N`), split in one of
/// two ways ([`SplitBy`]).
///
/// **By states** (the default): every shard sweeps the same first layers, up to the *cut*: the
/// first layer whose table holds at least `cut_states` states. There the table's states are
/// dealt into `of` classes of about as many states, by the kinds of the frontier's last slots
/// (the vertices the sweep keeps longest), so that states that meet again later mostly meet in
/// one shard; and the shard keeps class `index` alone and sweeps it to the end.
/// The count is linear in the table it starts from, so the shards' counts add up to the whole
/// count; the cycles or paths completed before the cut count in shard 0 alone. A count whose
/// tables never reach `cut_states` is not cut: shard 0 holds all of it, the others nothing.
/// The classes depend on the sweep order, the key packing, the folding of mirror images and the
/// dealing rule, so the parts of one count can be added only when they were made with the same
/// [`Split::rule`].
///
/// **By residues**: every shard sweeps the whole count, with one machine word a count instead
/// of a count as wide as the numbers need. Shard 0 keeps upper bounds (floating point rounded
/// up) and gives a bound on the count; shard `i` ≥ 1 keeps the counts modulo the prime
/// [`residue_prime`]`(i − 1)` and gives the count modulo it. Once the product of the primes
/// exceeds the bound, the Chinese remainder theorem gives the count exactly. Each shard's
/// tables take the states' keys and 8 bytes a state, where an unsplit count of hundreds of
/// bits takes 32 or more; every shard takes the whole sweep's time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// The shard, from 0.
    pub index: u32,
    /// The number of shards, at least 1.
    pub of: u32,
    /// By states: cut at the first layer with at least this many states.
    pub cut_states: u64,
    /// How the count is split.
    pub by: SplitBy,
}

/// How a count is split into shards ([`Split`]): `--split-by`, `"split-by"` and `split_by=`
/// take these names (strum; clap's `ValueEnum` with the feature `clap`, the docs its help).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    strum::EnumString,
    strum::Display,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum SplitBy {
    /// Each shard sweeps one class of the frontier's states from the cut on (--cut): a
    /// fraction of the memory each; the parts add up.
    #[default]
    States,
    /// Every shard sweeps the whole count with 8 bytes a count: shard 1 an upper bound, shard I
    /// the count modulo a 63-bit prime; merged by the Chinese remainder theorem once the
    /// primes cover the bound. For counts of hundreds of bits, whose tables they make leaner.
    Residues,
}

/// What a shard counted ([`Split::share`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Share {
    /// Its part of the count: the parts add up.
    Part,
    /// An upper bound on the whole count.
    Bound,
    /// The whole count modulo this prime.
    Residue(u64),
}

impl Split {
    /// The name of the way states are dealt into classes; parts made under another rule do not
    /// add up with these.
    pub const RULE: &'static str = "frontier-late-slots-v1";
    /// The name of the split by residues: shard 0 the bound, shard `i` modulo
    /// [`residue_prime`]`(i − 1)`.
    pub const RESIDUE_RULE: &'static str = "bound-and-residues-v1";
    /// The default [`Split::cut_states`]: 524,288 states, a table of 8 to 25 MB that every
    /// shard builds once. (On the 7x7 knight's board's open paths in 4 shards, cutting there
    /// instead of at 4,194,304 states made the largest shard's tables 101 MiB instead of 158.)
    pub const DEFAULT_CUT_STATES: u64 = 1 << 19;

    /// The rule this split follows: [`Split::RULE`] or [`Split::RESIDUE_RULE`].
    pub fn rule(&self) -> &'static str {
        match self.by {
            SplitBy::States => Split::RULE,
            SplitBy::Residues => Split::RESIDUE_RULE,
        }
    }

    /// What this shard's count is.
    pub fn share(&self) -> Share {
        match (self.by, self.index) {
            (SplitBy::States, _) => Share::Part,
            (SplitBy::Residues, 0) => Share::Bound,
            (SplitBy::Residues, i) => Share::Residue(residue_prime(i as usize - 1)),
        }
    }
}

/// Where a sharded count was cut, and how much of the table its shard kept (as a part file and
/// a count's report record it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Cut {
    /// The layer after which the table was cut (1-based).
    pub layer: usize,
    /// States in the table at the cut.
    pub states: u64,
    /// States the shard kept.
    pub kept: u64,
}

impl Default for FrontierOptions<'_> {
    fn default() -> Self {
        FrontierOptions {
            memory_budget: default_memory_budget(),
            budget: Budget::unlimited(),
            progress: None,
            split: None,
            spill: None,
            checkpoint: None,
            on_spill: None,
        }
    }
}

impl fmt::Debug for FrontierOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FrontierOptions")
            .field("memory_budget", &self.memory_budget)
            .field("budget", &self.budget)
            .field("progress", &self.progress.is_some())
            .field("split", &self.split)
            .field("spill", &self.spill)
            .field("checkpoint", &self.checkpoint)
            .field("on_spill", &self.on_spill.is_some())
            .finish()
    }
}

/// A count made without a sweep, as `options`' shard holds it: split by states, all of it in
/// shard 0 (and in an unsharded count), nothing in the others; split by residues, the count
/// itself in the bound's shard and its residues in the others.
pub(crate) fn share_of_whole(count: BigCount, options: &FrontierOptions) -> BigCount {
    match options.split.map(|s| (s.share(), s.index)) {
        None | Some((Share::Part, 0) | (Share::Bound, _)) => count,
        Some((Share::Part, _)) => BigCount::zero(),
        Some((Share::Residue(p), _)) => BigCount::from(count.into_biguint() % p),
    }
}

/// Half of the machine's memory (read from `/proc/meminfo`), or [`FALLBACK_MEMORY_BUDGET`]
/// where that cannot be read.
pub fn default_memory_budget() -> u64 {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            kib.checked_mul(1024)
        });
    total.map_or(FALLBACK_MEMORY_BUDGET, |bytes| bytes / 2)
}

/// How far a count has come: sent after each layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerProgress {
    /// Layers done (1-based: the layer just finished).
    pub layer: usize,
    /// Layers in all (one per vertex of the sweep).
    pub layers: usize,
    /// States in the table after this layer.
    pub states: u64,
    /// Bytes the state tables hold after this layer.
    pub bytes: u64,
    /// Bytes the table files hold after this layer ([`FrontierOptions::spill`]).
    pub disk_bytes: u64,
    /// An estimate of the milliseconds the sweep has left (from the layers done and the widths
    /// of those to come), once a few layers are done.
    pub left_ms: Option<u64>,
}

/// What a count cost, as reports give it (`"frontier"` in a count's JSON: the graph's size and
/// the shortcut left out, times in seconds).
#[serde_with::serde_as]
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct FrontierStats {
    /// How the sweep order was chosen, for reports (`rows`, `columns`, `path decomposition`);
    /// empty when there was no sweep.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub order: &'static str,
    /// Vertices and edges of the graph swept.
    #[serde(skip)]
    pub vertices: usize,
    /// Edges of the graph.
    #[serde(skip)]
    pub edges: usize,
    /// The steps of the sweep: one per vertex.
    pub layers: usize,
    /// The most vertices on the frontier at once.
    pub width: usize,
    /// The most states in one table, and the most bytes the tables and their buffers took at
    /// once (as charged to the memory budget).
    pub peak_states: u64,
    /// The most bytes the tables held at once.
    pub peak_bytes: u64,
    /// The most bytes the tables kept in files at once ([`FrontierOptions::spill`]; reported
    /// when there were some).
    #[serde(skip_serializing_if = "is_zero")]
    pub peak_disk_bytes: u64,
    /// How the count was made without a sweep, when it was.
    #[serde(skip)]
    pub shortcut: Option<Shortcut>,
    /// A sharded count ([`FrontierOptions::split`]): where it was cut (`None`: its tables
    /// never reached the cut, and shard 0 holds the whole count).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut: Option<Cut>,
    /// The layers after which mirror-image states were folded together: those where a
    /// symmetry of the graph ([`Graph::add_symmetry`]) maps the vertices swept so far onto
    /// themselves (a board swept by rows: after each row).
    pub folded_layers: usize,
    /// The layer the count went on from, when it was resumed from a checkpoint
    /// ([`FrontierOptions::checkpoint`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resumed_layer: Option<usize>,
    /// Resumed: the time the count's earlier runs took, up to the checkpoint it went on from
    /// (`None` when it was not resumed, or its checkpoint was written by a pathsat that did
    /// not save the time).
    #[serde(rename = "earlier_seconds", skip_serializing_if = "Option::is_none")]
    #[serde_as(as = "Option<serde_with::DurationSecondsWithFrac<f64>>")]
    pub earlier: Option<std::time::Duration>,
}

/// Disk use is news when there was some.
fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A count made without sweeping: tiny puzzles by brute force, and move graphs that no
/// Hamiltonian path can cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// Three cells or fewer: counted by brute force.
    Tiny,
    /// Only `reached` of the `n` vertices are connected to the first.
    Disconnected {
        /// Vertices connected to the first.
        reached: usize,
        /// Vertices in all.
        n: usize,
    },
    /// The graph is bipartite with colour classes of `a` and `b` vertices, which no path
    /// (sizes differing by more than one) or tour (sizes differing) can alternate.
    Colours {
        /// Vertices of one colour.
        a: usize,
        /// Vertices of the other.
        b: usize,
        /// Whether the puzzle is a tour.
        closed: bool,
    },
}

impl std::fmt::Display for Shortcut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Shortcut::Tiny => write!(f, "three cells or fewer, counted by brute force"),
            Shortcut::Disconnected { reached, n } => write!(
                f,
                "only {reached} of the {n} cells are connected by moves: no path can visit them all"
            ),
            Shortcut::Colours { a, b, closed } => write!(
                f,
                "a {} alternates the two colours of the move graph, which has {a} cells of one and \
                 {b} of the other",
                if closed { "tour" } else { "path" }
            ),
        }
    }
}

/// Why the program gave no count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrontierError {
    /// One-way moves: the move graph is directed.
    DirectedMoves,
    /// Marked cells restrict values, which the program does not track.
    Marks,
    /// Givens other than the ends of a path (or one value of a tour).
    Givens,
    /// A trail covers some cells only, with sums of labels the program does not track.
    Trail,
    /// The frontier is wider than the packed states can hold (found before any work).
    TooWide {
        /// The widest frontier of the sweep.
        width: usize,
        /// The widest the states can hold.
        max: usize,
    },
    /// The next layer would need more memory than the budget.
    OverMemory {
        /// Bytes the tables would have needed (at least).
        needed: u64,
        /// The memory budget, in bytes.
        budget: u64,
        /// The layer that would have exceeded it, of `layers`.
        layer: usize,
        /// Layers in all.
        layers: usize,
        /// States in the last table that fitted.
        states: u64,
    },
    /// The budget stopped the count after `layer` of `layers` layers: its deadline passed, a
    /// cancel flag was raised, or a wind-down was requested ([`FrontierOptions::budget`]).
    Stopped {
        /// Why: [`Stopped::Timeout`], [`Stopped::Cancelled`] or [`Stopped::Interrupted`].
        why: Stopped,
        /// Layers done.
        layer: usize,
        /// Layers in all.
        layers: usize,
        /// Whether the table after `layer` was saved to the checkpoint, from which the count
        /// goes on when it is run again.
        saved: bool,
    },
    /// A table file could not be written or read ([`FrontierOptions::spill`]).
    Disk {
        /// The directory of the files.
        dir: String,
        /// What the system said.
        message: String,
        /// The layer it happened in, of `layers`.
        layer: usize,
        /// Layers in all.
        layers: usize,
    },
    /// The tables were to go to files, but [`FrontierOptions::on_spill`] said no (the disk
    /// is too small for them): its message.
    NoRoom {
        /// The directory of the files.
        dir: String,
        /// Why not.
        message: String,
    },
    /// The checkpoint file could not be written, or is not one this count can go on from
    /// ([`FrontierOptions::checkpoint`]).
    Checkpoint {
        /// The checkpoint file.
        file: String,
        /// What is wrong with it, after its name: "is damaged…", "cannot be written: …".
        message: String,
    },
}

impl FrontierError {
    /// Whether the program applies to the puzzle at all (it may still not have finished).
    pub fn applies(&self) -> bool {
        !matches!(
            self,
            FrontierError::DirectedMoves
                | FrontierError::Marks
                | FrontierError::Givens
                | FrontierError::Trail
        )
    }
}

impl fmt::Display for FrontierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrontierError::DirectedMoves => f.write_str("the moves are one-way"),
            FrontierError::Marks => f.write_str("the puzzle has marked cells"),
            FrontierError::Givens => {
                f.write_str("the puzzle has givens other than the ends of the path")
            }
            FrontierError::Trail => f.write_str("trail puzzles are counted by enumeration"),
            FrontierError::TooWide { width, max } => write!(
                f,
                "the frontier would be {width} vertices wide, more than the {max} the program \
                 can hold"
            ),
            FrontierError::OverMemory {
                needed,
                budget,
                layer,
                layers,
                states,
            } => write!(
                f,
                "the frontier program needs more than its memory budget of {} (at least {} at \
                 layer {layer} of {layers}, after {} states)",
                bytes(*budget),
                bytes(*needed),
                pathsat_bigcount::grouped(*states)
            ),
            FrontierError::Stopped {
                why,
                layer,
                layers,
                saved,
            } => {
                let how = match why {
                    Stopped::Timeout => "stopped at the timeout",
                    Stopped::Cancelled => "was cancelled",
                    _ => "was interrupted",
                };
                let saved = if *saved {
                    ", and saved its checkpoint there"
                } else {
                    ""
                };
                write!(
                    f,
                    "the frontier program {how} after {layer} of {layers} layers{saved}"
                )
            }
            FrontierError::Disk {
                dir,
                message,
                layer,
                layers,
            } => write!(
                f,
                "the frontier program could not use its table files in {dir} at layer {layer} of \
                 {layers}: {message}"
            ),
            FrontierError::NoRoom { message, .. } => write!(f, "{message}"),
            FrontierError::Checkpoint { file, message } => write!(f, "{file} {message}"),
        }
    }
}

impl std::error::Error for FrontierError {}

/// Bytes for people, in binary units: `512.0 MiB`, `12.0 GiB`.
pub fn bytes(n: u64) -> String {
    bytesize::ByteSize(n).to_string()
}
