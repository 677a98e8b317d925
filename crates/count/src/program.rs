//! `--method dp`: the frontier dynamic program ([`pathsat_frontier`]) run as a count, on the
//! count's threads, with its stops turned into the count's; [`run_frontier`], the one way a
//! sweep (a count's, or a sample's in `sample.rs`) gets its limits, progress and table files.

use crate::options::{CountOptions, Method};
use crate::outcome::{Counted, Phase, Progress, SpillNotice, Stage, Stopped};
use crate::CountError;
use pathsat_frontier::{
    count_fillings, Checkpoint, FrontierError, FrontierOptions, LayerProgress, Spill, SpillStart,
};
use pathsat_puzzle::Puzzle;
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

/// The frontier program's count of `puzzle`.
pub(crate) fn frontier(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
    why: &str,
) -> Result<Counted, FrontierError> {
    progress(Progress::Stage(Stage::Frontier));
    let started = Instant::now();
    let counted = run_frontier(options, progress, &|frontier_options| {
        count_fillings(puzzle, frontier_options)
    })?;
    let mut report = Counted::new(Method::Dp, why.to_string());
    report.phases.push(Phase {
        stage: Stage::Frontier,
        time: started.elapsed(),
    });
    report.complete = options.limit.is_none_or(|l| counted.fillings <= l);
    report.count = match options.limit {
        Some(l) => counted.fillings.min_u64(l),
        None => counted.fillings,
    };
    report.stopped = (!report.complete).then_some(Stopped::Limit);
    report.contradiction = counted
        .stats
        .shortcut
        .filter(|s| *s != pathsat_frontier::Shortcut::Tiny)
        .map(|s| s.to_string());
    report.frontier = Some(counted.stats);
    Ok(report)
}

/// One shard of the count ([`CountOptions::split`]): the frontier program alone, without a
/// limit or a certificate, which apply to whole counts.
pub(crate) fn sharded(
    puzzle: &Puzzle,
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Counted, CountError> {
    match options.method {
        Method::Auto | Method::Dp => {}
        method => return Err(CountError::ShardsNeedDp(method)),
    }
    if options.limit.is_some() {
        return Err(CountError::ShardTakesNo("limit"));
    }
    if options.solve.certify {
        return Err(CountError::ShardTakesNo("certificate"));
    }
    pathsat_frontier::applies(puzzle).map_err(CountError::DpNotApplicable)?;
    let why = "a shard of a count split by the frontier program";
    frontier(puzzle, options, progress, why).or_else(|e| stopped_frontier(e, why))
}

/// A frontier count that stopped before its answer: no fillings are known. A failure of its
/// table files or its checkpoint is an error instead: the disk, not the puzzle, stopped it.
pub(crate) fn stopped_frontier(error: FrontierError, why: &str) -> Result<Counted, CountError> {
    match error {
        FrontierError::Disk { .. } | FrontierError::NoRoom { .. } => {
            return Err(CountError::TableFiles(error))
        }
        FrontierError::Checkpoint { .. } => return Err(CountError::Checkpoint(error)),
        _ => {}
    }
    let mut counted = Counted::new(Method::Dp, format!("{why}; {error}"));
    counted.stopped = Some(match error {
        FrontierError::Stopped { why, .. } => why,
        _ => Stopped::Memory,
    });
    Ok(counted)
}

/// Runs `work` (a sweep of the frontier program) on the count's threads with the count's
/// limits, its progress and its tables in files as `options` say: from the first large table
/// on, or over the budget only; a sweep that outgrew the budget before its growth showed is run
/// again, in files from the first large table (as with `--spill-dir`), or from half the table it
/// stopped after. The spill notice and the layers go to `progress`.
pub(crate) fn run_frontier<T: Send>(
    options: &CountOptions,
    progress: &(dyn Fn(Progress) + Sync),
    work: &(dyn Fn(&FrontierOptions) -> Result<T, FrontierError> + Sync),
) -> Result<T, FrontierError> {
    let layer = |p: &LayerProgress| progress(Progress::Layer(*p));
    let spilled = AtomicBool::new(false);
    let over_budget_only = options.spill_over_budget && options.spill_dir.is_some();
    let on_spill = |start: &SpillStart| {
        spilled.store(true, Ordering::Relaxed);
        progress(Progress::Spill(SpillNotice {
            dir: start.dir.to_path_buf(),
            layer: start.layer,
            layers: start.layers,
            over_budget: over_budget_only,
            memory_budget: options.memory_budget,
            needed_bytes: start.needed_bytes,
            disk_bytes: start.disk_bytes,
            free_bytes: start.free_bytes,
        }));
        Ok(())
    };
    // Over the budget only (files for tables of any size once they outgrow it), or from
    // tables of `from` states on.
    let run = |over_budget_only: bool, from: u64| {
        let frontier_options = FrontierOptions {
            memory_budget: options.memory_budget,
            budget: &options.budget,
            progress: Some(&layer),
            split: options.split,
            spill: options.spill_dir.as_deref().map(|dir| Spill {
                dir,
                from_states: if over_budget_only { 1 } else { from },
                over_budget_only,
            }),
            checkpoint: options.checkpoint.as_deref().map(|file| Checkpoint {
                file,
                every: options.checkpoint_every,
            }),
            on_spill: Some(&on_spill),
        };
        with_threads(options.jobs, || work(&frontier_options))
    };
    match run(over_budget_only, Spill::DEFAULT_FROM_STATES) {
        Err(FrontierError::OverMemory { states, .. })
            if over_budget_only && !spilled.load(Ordering::Relaxed) =>
        {
            run(false, (states / 2).clamp(1, Spill::DEFAULT_FROM_STATES))
        }
        result => result,
    }
}

/// Runs `work` on a pool of `jobs` threads (or on the current one if none can be made).
pub(crate) fn with_threads<T: Send>(jobs: usize, work: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
    {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}
