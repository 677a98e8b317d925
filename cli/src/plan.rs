//! `pathsat count FILE --plan`: what the frontier program's count would take, layer by layer,
//! from a sample of its sweep, without counting (`pathsat_frontier::estimate_fillings`); and
//! `pathsat sample FILE --plan`: the same sweep, with every layer's table kept for the walk
//! back.

use crate::args::{CountArgs, Format, ShardArg};
use crate::Failure;
use bytesize::ByteSize;
use pathsat_api::Budget;
use pathsat_count::CountOptions;
use pathsat_frontier::{
    estimate_fillings, FrontierOptions, SampleEnd, Split, SweepEstimate, SAMPLE_REACH,
};
use pathsat_puzzle::Puzzle;
use serde_json::json;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// The default `--sample`: a table of 4,194,304 states (64 MiB at 16 bytes a state).
const DEFAULT_SAMPLE: u64 = 1 << 22;

/// Prints the plan of `puzzle`'s count (and of a shard of it, with `--shard`).
pub fn print(
    puzzle: &Puzzle,
    file: &Path,
    args: &CountArgs,
    options: &CountOptions,
    shard: Option<ShardArg>,
) -> Result<ExitCode, Failure> {
    let split = shard.map(|s| {
        let shard = s.shard();
        Split {
            index: shard.index() - 1,
            of: shard.of(),
            cut_states: args.spec.cut.unwrap_or(Split::DEFAULT_CUT_STATES),
            by: match args.spec.split_by {
                Some(pathsat_api::options::SplitBy::Residues) => {
                    pathsat_frontier::SplitBy::Residues
                }
                _ => pathsat_frontier::SplitBy::States,
            },
        }
    });
    let frontier_options = FrontierOptions {
        memory_budget: options.memory_budget,
        budget: &Budget::until(
            args.spec
                .timeout
                .map(|t| Instant::now() + std::time::Duration::from_secs_f64(t)),
        ),
        split,
        ..FrontierOptions::default()
    };
    let sample = args.sample.unwrap_or(DEFAULT_SAMPLE);
    let estimate = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
        .map_err(|e| Failure::Internal(e.into()))?
        .install(|| estimate_fillings(puzzle, &frontier_options, sample))
        .map_err(|e| Failure::Input(format!("{}: --plan: {e}", file.display())))?;
    let name = puzzle.name().to_string();
    let mut out = std::io::stdout().lock();
    match args.output.format {
        Format::Json => {
            let value = json!({
                "file": file.display().to_string(),
                "name": name,
                "plan": plan_json(&estimate, shard, sample, options.memory_budget),
            });
            serde_json::to_writer_pretty(&mut out, &value).map_err(std::io::Error::from)?;
            writeln!(out)?;
        }
        Format::Text => write_text(&mut out, &name, &estimate, shard, sample, options)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn size(bytes: u64) -> String {
    ByteSize(bytes).display().iec().to_string()
}

/// A number of states, with `~` when estimated.
fn states(n: u64, measured: bool) -> String {
    let n = crate::report::thousands(n);
    if measured {
        n
    } else {
        format!("~{n}")
    }
}

fn sample_words(e: &SweepEstimate, sample: u64) -> String {
    let measured = e.measured();
    let all = e.layers.len();
    let why = match e.sample_end {
        None => {
            return format!(
                "every layer swept ({:.1} s): all measured",
                e.sample_seconds
            )
        }
        Some(SampleEnd::States) => format!(
            "past the first table of {} states or more (--sample), until the share of the \
             bound had turned up",
            crate::report::thousands(sample)
        ),
        Some(SampleEnd::Reach) => format!(
            "to the first table of {} states or more ({SAMPLE_REACH} times --sample) before \
             the share of the bound turned up",
            crate::report::thousands(sample.saturating_mul(SAMPLE_REACH))
        ),
        Some(SampleEnd::Timeout) => "until --timeout".to_string(),
        Some(SampleEnd::Memory) => "until --memory".to_string(),
    };
    format!(
        "layers 1-{measured} swept exactly in {:.1} s, {why}; layers {}-{all} estimated (~): \
         the most states each layer's frontier could hold, times the share of it the last \
         layers swept reached, continued (rising, once turned, to about half); good to a factor \
         of a few (encodings/counting.md, \
         Know the bill before you run)",
        e.sample_seconds,
        measured + 1,
    )
}

/// The widest layer's figures: states, memory with the tables in memory, and in files (memory,
/// disk).
struct Widest {
    layer: usize,
    states: u64,
    measured: bool,
    memory: u64,
    files_memory: u64,
    disk: u64,
}

fn widest(e: &SweepEstimate) -> Option<Widest> {
    let i = e.widest()?;
    let most = |f: &dyn Fn(usize) -> u64| (0..e.layers.len()).map(f).max().unwrap_or(0);
    Some(Widest {
        layer: i + 1,
        states: e.layers[i].states,
        measured: e.layers[i].measured,
        memory: most(&|j| e.memory_bytes(j)),
        files_memory: most(&|j| e.memory_bytes_in_files(j)),
        disk: most(&|j| e.disk_bytes(j)),
    })
}

fn write_text(
    out: &mut impl Write,
    name: &str,
    e: &SweepEstimate,
    shard: Option<ShardArg>,
    sample: u64,
    options: &CountOptions,
) -> std::io::Result<()> {
    if let Some(shortcut) = e.shortcut {
        writeln!(out, "{name}: no sweep needed: {shortcut}")?;
        return Ok(());
    }
    let whole = e.whole.as_deref().unwrap_or(e);
    writeln!(
        out,
        "{name}: the plan of the frontier program's count (nothing counted)"
    )?;
    writeln!(
        out,
        "sweep: {} layers ({} order), frontier {} wide, {} bytes a state in memory",
        whole.layers.len(),
        whole.order,
        whole.width,
        whole.entry_bytes
    )?;
    writeln!(out, "sample: {}", sample_words(whole, sample))?;
    writeln!(out)?;
    writeln!(
        out,
        "layer  width  states            in memory    in files: memory  disk"
    )?;
    for (i, l) in whole.layers.iter().enumerate() {
        writeln!(
            out,
            "{:>5}  {:>5}  {:<16}  {:>10}  {:>16}  {:>10}",
            l.layer,
            l.width,
            states(l.states, l.measured),
            size(whole.memory_bytes(i)),
            size(whole.memory_bytes_in_files(i)),
            size(whole.disk_bytes(i)),
        )?;
    }
    writeln!(out)?;
    if let Some(w) = widest(whole) {
        writeln!(
            out,
            "widest: layer {}, {} states; in memory about {} (--memory {} here); with the tables \
             in files about {} of memory and {} of disk",
            w.layer,
            states(w.states, w.measured),
            size(w.memory),
            size(options.memory_budget),
            size(w.files_memory),
            size(w.disk)
        )?;
    }
    if let (Some(shard), Some(_)) = (shard, e.whole.as_deref()) {
        let of = shard.shard().of();
        match e.cut {
            Some(cut) => writeln!(
                out,
                "shards: {of}, cut after layer {} ({} states; shard {} keeps {}); every shard \
                 sweeps the layers before the cut",
                cut.layer,
                crate::report::thousands(cut.states),
                shard.shard().index(),
                crate::report::thousands(cut.kept),
            )?,
            None => writeln!(
                out,
                "shards: {of}, not cut within the sample (the cut is the first table of --cut \
                 states): every shard sweeps the layers above"
            )?,
        }
        if let Some(w) = widest(e) {
            let stands = match shard {
                ShardArg::Of(_) => {
                    " (shard 1 stands for the largest: the classes are dealt even at the cut)"
                }
                ShardArg::One(_) => "",
            };
            writeln!(
                out,
                "largest shard{stands}: widest layer {}, {} states; in memory about {}; in \
                 files about {} of memory and {} of disk",
                w.layer,
                states(w.states, w.measured),
                size(w.memory),
                size(w.files_memory),
                size(w.disk)
            )?;
        }
    }
    Ok(())
}

fn plan_json(
    e: &SweepEstimate,
    shard: Option<ShardArg>,
    sample: u64,
    budget: u64,
) -> serde_json::Value {
    if let Some(shortcut) = e.shortcut {
        return json!({ "shortcut": shortcut.to_string() });
    }
    let whole = e.whole.as_deref().unwrap_or(e);
    let sweep = |e: &SweepEstimate| {
        let layers: Vec<serde_json::Value> = e
            .layers
            .iter()
            .enumerate()
            .map(|(i, l)| {
                json!({
                    "layer": l.layer,
                    "width": l.width,
                    "states": l.states,
                    "measured": l.measured,
                    "memory_bytes": e.memory_bytes(i),
                    "files_memory_bytes": e.memory_bytes_in_files(i),
                    "disk_bytes": e.disk_bytes(i),
                })
            })
            .collect();
        let widest = widest(e).map(|w| {
            json!({
                "layer": w.layer,
                "states": w.states,
                "measured": w.measured,
                "memory_bytes": w.memory,
                "files_memory_bytes": w.files_memory,
                "disk_bytes": w.disk,
            })
        });
        json!({
            "measured_layers": e.measured(),
            "sample_seconds": e.sample_seconds,
            "widest": widest,
            "layers": layers,
        })
    };
    let mut value = json!({
        "order": whole.order,
        "width": whole.width,
        "entry_bytes": whole.entry_bytes,
        "sample_states": sample,
        "memory_budget": budget,
        "sweep": sweep(whole),
    });
    if let (Some(shard), Some(_)) = (shard, e.whole.as_deref()) {
        value["shard"] = json!({
            "shard": shard.shard().to_string(),
            "cut": e.cut.map(|c| json!({"layer": c.layer, "states": c.states, "kept": c.kept})),
            "sweep": sweep(e),
        });
    }
    value
}

/// Prints what a sample's sweep of `puzzle` would take (`pathsat sample --plan`), as text or
/// (`json`) one JSON object: the sweep, its widest layer, and every layer's table together,
/// which a sample keeps for its walk back, against the memory budget and the disk.
pub fn print_sample(
    puzzle: &Puzzle,
    file: &Path,
    options: &pathsat_count::SampleOptions,
    json: bool,
) -> Result<ExitCode, Failure> {
    let count = &options.count;
    let name = puzzle.name();
    let mut out = std::io::stdout().lock();
    if let Err(e) = pathsat_frontier::applies(puzzle) {
        let limit = options.enumeration_limit;
        if json {
            let value = json!({ "file": file.display().to_string(), "name": name,
                "plan": { "frontier_not_used": e.to_string(), "enumerate_limit": limit } });
            writeln!(out, "{value:#}")?;
        } else {
            writeln!(
                out,
                "{name}: the frontier program does not apply ({e}): a sample enumerates every \
                 solution, up to {} of them",
                crate::report::thousands(limit)
            )?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let frontier_options = FrontierOptions {
        memory_budget: count.memory_budget,
        budget: &count.budget,
        ..FrontierOptions::default()
    };
    let e = rayon::ThreadPoolBuilder::new()
        .num_threads(count.jobs.max(1))
        .build()
        .map_err(|e| Failure::Internal(e.into()))?
        .install(|| estimate_fillings(puzzle, &frontier_options, DEFAULT_SAMPLE))
        .map_err(|e| Failure::Input(format!("{}: --plan: {e}", file.display())))?;
    let dir = count
        .spill_dir
        .as_deref()
        .map_or_else(std::env::temp_dir, Path::to_path_buf);
    let kept = KeptTables {
        states: e
            .layers
            .iter()
            .fold(1u64, |a, l| a.saturating_add(l.states)),
        bytes: e.kept_bytes(),
        disk_bytes: e.kept_bytes() / 2,
        free_bytes: pathsat_frontier::free_bytes(&dir),
        in_memory: e.kept_bytes() <= count.memory_budget / 2,
        dir,
    };
    if json {
        let mut plan = plan_json(&e, None, DEFAULT_SAMPLE, count.memory_budget);
        if let Some(object) = plan.as_object_mut() {
            object.insert("kept".into(), kept.json());
        }
        let value = json!({ "file": file.display().to_string(), "name": name, "plan": plan });
        writeln!(out, "{value:#}")?;
    } else {
        write_sample_text(&mut out, name, &e, &kept, count.memory_budget)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Every layer's table of a sample's sweep together: states, bytes in memory, in files, and
/// where the files would go.
struct KeptTables {
    states: u64,
    bytes: u64,
    disk_bytes: u64,
    free_bytes: Option<u64>,
    in_memory: bool,
    dir: std::path::PathBuf,
}

impl KeptTables {
    fn json(&self) -> serde_json::Value {
        json!({
            "states": self.states,
            "bytes": self.bytes,
            "disk_bytes": self.disk_bytes,
            "in_memory": self.in_memory,
            "dir": self.dir.display().to_string(),
            "free_bytes": self.free_bytes,
        })
    }
}

fn write_sample_text(
    out: &mut impl Write,
    name: &str,
    e: &SweepEstimate,
    kept: &KeptTables,
    budget: u64,
) -> std::io::Result<()> {
    if let Some(shortcut) = e.shortcut {
        return writeln!(out, "{name}: no sweep needed: {shortcut}");
    }
    writeln!(out, "{name}: the plan of a sample's sweep (nothing drawn)")?;
    writeln!(
        out,
        "sweep: {} layers ({} order), frontier {} wide, {} bytes a state in memory",
        e.layers.len(),
        e.order,
        e.width,
        e.entry_bytes
    )?;
    writeln!(out, "sample: {}", sample_words(e, DEFAULT_SAMPLE))?;
    if let Some(w) = widest(e) {
        writeln!(
            out,
            "widest: layer {}, {} states; a step in memory about {}",
            w.layer,
            states(w.states, w.measured),
            size(w.memory)
        )?;
    }
    let place = if kept.in_memory {
        "they fit in memory".to_string()
    } else {
        let free = kept
            .free_bytes
            .map_or(String::new(), |f| format!(", {} free there", size(f)));
        format!(
            "past the memory they go to files in {} (about {} of disk, and a step's runs \
             beside them{free})",
            kept.dir.display(),
            size(kept.disk_bytes)
        )
    };
    writeln!(
        out,
        "kept for the walk back: every layer's table, ~{} states in all, about {} (--memory {} \
         here): {place}",
        crate::report::thousands(kept.states),
        size(kept.bytes),
        size(budget)
    )
}
