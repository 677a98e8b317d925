//! Checkpoints: a count stopped after some layer and run again goes on from its checkpoint and
//! gives the same count as an uninterrupted run (the published or closed-form one), with its
//! tables in memory or in files, sharded or whole, with counts of every width; a checkpoint of
//! another count, or a damaged one, is refused.

use num_bigint::BigUint;
use num_traits::One;
use pathsat_budget::{Budget, Cancel, Stopped, WindDown};
use pathsat_frontier::{
    count_fillings, hamiltonian_cycles, hamiltonian_paths, Checkpoint, FrontierError,
    FrontierOptions, Graph, LayerProgress, Spill, Split, SplitBy,
};
use pathsat_puzzle::{Moves, Puzzle};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Duration;

fn factorial(n: u64) -> BigUint {
    (1..=n).fold(BigUint::one(), |acc, k| acc * k)
}

fn knight(rows: usize, cols: usize, closed: bool) -> Puzzle {
    Puzzle::blank(rows, cols, Moves::Knight, closed).expect("a board")
}

/// A chain (or ring) of `k` cliques K_m, each one's last vertex joined to the next one's first.
fn cliques(m: usize, k: usize, ring: bool) -> Graph {
    let mut g = Graph::new(m * k);
    for c in 0..k {
        for u in 0..m {
            for v in u + 1..m {
                g.add_edge(c * m + u, c * m + v);
            }
        }
        if c + 1 < k || ring {
            g.add_edge(c * m + m - 1, ((c + 1) % k) * m);
        }
    }
    g
}

/// How a count is run besides its checkpoint: sharded or whole, tables in files or memory.
#[derive(Clone, Copy, Default)]
struct Run<'a> {
    split: Option<Split>,
    spill: Option<Spill<'a>>,
}

/// Options of `run` that save after every layer to `file`, with `stop` as the budget and
/// `progress` as the hook.
fn saving<'a>(
    run: Run<'a>,
    file: &'a Path,
    stop: &'a Budget,
    progress: &'a (dyn Fn(&LayerProgress) + Sync),
) -> FrontierOptions<'a> {
    FrontierOptions {
        budget: stop,
        progress: Some(progress),
        checkpoint: Some(Checkpoint {
            file,
            every: Duration::ZERO,
        }),
        split: run.split,
        spill: run.spill,
        ..FrontierOptions::default()
    }
}

/// Runs `count` stopped after layer `stop_after`, then again: the second run resumes from that
/// layer and its answer is returned. The checkpoint is gone afterwards.
fn stopped_and_resumed<T>(
    file: &Path,
    stop_after: usize,
    run: Run,
    count: impl Fn(&FrontierOptions) -> Result<(T, Option<usize>), FrontierError>,
) -> T {
    let stop = Cancel::new();
    let stopping = Budget::default().and_cancel(&stop);
    let raise = |p: &LayerProgress| {
        if p.layer == stop_after {
            stop.cancel();
        }
    };
    let error = count(&saving(run, file, &stopping, &raise)).err();
    assert_eq!(
        error,
        Some(FrontierError::Stopped {
            why: Stopped::Cancelled,
            layer: stop_after,
            layers: error.as_ref().map_or(0, |e| match e {
                FrontierError::Stopped { layers, .. } => *layers,
                _ => 0,
            }),
            saved: false,
        })
    );
    assert!(file.exists(), "a checkpoint after layer {stop_after}");
    let quiet = Budget::default();
    let (answer, resumed) = count(&saving(run, file, &quiet, &|_| {})).unwrap();
    assert_eq!(resumed, Some(stop_after));
    assert!(!file.exists(), "a finished count removes its checkpoint");
    answer
}

fn fillings(
    puzzle: &Puzzle,
) -> impl Fn(&FrontierOptions) -> Result<(BigUint, Option<usize>), FrontierError> + '_ {
    move |options| {
        count_fillings(puzzle, options).map(|c| (c.fillings.into_biguint(), c.stats.resumed_layer))
    }
}

/// A count resumed from its checkpoint knows how long the run before took up to its save (each
/// of its first ten layers made to last 30 ms more), and its report says so; a count that was
/// not resumed has no earlier time.
#[test]
fn a_resumed_count_knows_how_long_its_earlier_run_took() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("knight.checkpoint");
    let puzzle = knight(6, 6, false);
    let stop = Cancel::new();
    let stopping = Budget::default().and_cancel(&stop);
    let slow = |p: &LayerProgress| {
        if p.layer <= 10 {
            std::thread::sleep(Duration::from_millis(30));
        }
        if p.layer == 10 {
            stop.cancel();
        }
    };
    let started = std::time::Instant::now();
    let stopped = count_fillings(&puzzle, &saving(Run::default(), &file, &stopping, &slow));
    let first_run = started.elapsed();
    assert!(matches!(
        stopped,
        Err(FrontierError::Stopped {
            why: Stopped::Cancelled,
            layer: 10,
            ..
        })
    ));

    let quiet = Budget::default();
    let resumed = count_fillings(&puzzle, &saving(Run::default(), &file, &quiet, &|_| {})).unwrap();
    assert_eq!(resumed.fillings.into_biguint(), BigUint::from(6_637_920u64));
    assert_eq!(resumed.stats.resumed_layer, Some(10));
    let earlier = resumed.stats.earlier.expect("the checkpoint says");
    assert!(
        earlier >= Duration::from_millis(300) && earlier <= first_run,
        "{earlier:?} of a first run of {first_run:?}"
    );

    let whole = count_fillings(&puzzle, &saving(Run::default(), &file, &quiet, &|_| {})).unwrap();
    assert_eq!(
        (whole.stats.resumed_layer, whole.stats.earlier),
        (None, None)
    );
}

/// The open 6x6 knight's paths (2 x 3,318,960 undirected), stopped after an early, a middle and
/// a late layer, with the tables in memory and in files.
#[test]
fn a_stopped_count_goes_on_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("knight.checkpoint");
    let puzzle = knight(6, 6, false);
    for stop_after in [3, 18, 33] {
        let count = stopped_and_resumed(&file, stop_after, Run::default(), fillings(&puzzle));
        assert_eq!(
            count,
            BigUint::from(6_637_920u64),
            "stopped after {stop_after}"
        );
    }
    let spill = tempfile::tempdir().unwrap();
    let in_files = Run {
        spill: Some(Spill {
            dir: spill.path(),
            from_states: 0,
            over_budget_only: false,
        }),
        ..Run::default()
    };
    let count = stopped_and_resumed(&file, 20, in_files, fillings(&puzzle));
    assert_eq!(count, BigUint::from(6_637_920u64));
    assert_eq!(std::fs::read_dir(spill.path()).unwrap().count(), 0);
    // Only the checkpoint's own files were ever in its directory.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// An interrupted count (a SIGTERM, in the command line) ends the layer under way, saves there
/// although its next save is an hour off, and stops; run again, it goes on from that layer to
/// the open 6x6 knight's paths (2 x 3,318,960). Without a checkpoint it stops all the same,
/// having saved nothing; interrupted in its last layer, it finishes.
#[test]
fn an_interrupted_count_saves_after_the_layer_under_way() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("knight.checkpoint");
    let puzzle = knight(6, 6, false);
    let interrupt = WindDown::new();
    let raise_at = |layer: usize| {
        let interrupt = &interrupt;
        move |p: &LayerProgress| {
            if p.layer == layer {
                interrupt.request();
            }
        }
    };
    let hourly = Some(Checkpoint {
        file: &file,
        every: Duration::from_secs(3600),
    });
    let raise = raise_at(18);
    let options = FrontierOptions {
        budget: &Budget {
            wind_down: Some(interrupt.clone()),
            ..Budget::default()
        },
        progress: Some(&raise),
        checkpoint: hourly,
        ..FrontierOptions::default()
    };
    let error = count_fillings(&puzzle, &options).err();
    assert_eq!(
        error,
        Some(FrontierError::Stopped {
            why: Stopped::Interrupted,
            layer: 18,
            layers: 36,
            saved: true
        })
    );
    assert!(file.exists());

    interrupt.flag().store(false, Ordering::Relaxed);
    let resumed = count_fillings(
        &puzzle,
        &FrontierOptions {
            checkpoint: hourly,
            ..FrontierOptions::default()
        },
    )
    .unwrap();
    assert_eq!(resumed.fillings.into_biguint(), BigUint::from(6_637_920u64));
    assert_eq!(resumed.stats.resumed_layer, Some(18));
    assert!(!file.exists());

    let error = count_fillings(
        &puzzle,
        &FrontierOptions {
            checkpoint: None,
            ..options
        },
    )
    .err();
    assert!(matches!(
        error,
        Some(FrontierError::Stopped {
            why: Stopped::Interrupted,
            layer: 18,
            saved: false,
            ..
        })
    ));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);

    interrupt.flag().store(false, Ordering::Relaxed);
    let raise = raise_at(36);
    let last = count_fillings(
        &puzzle,
        &FrontierOptions {
            progress: Some(&raise),
            ..options
        },
    )
    .unwrap();
    assert_eq!(last.fillings.into_biguint(), BigUint::from(6_637_920u64));
    assert!(!file.exists());
}

/// Each shard resumes to its own part (the parts add up to the whole), before and after the
/// cut; one shard's checkpoint is refused by another.
#[test]
fn shards_resume_to_their_own_parts() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shard.checkpoint");
    let puzzle = knight(6, 6, true);
    let shard = |index| Run {
        split: Some(Split {
            index,
            of: 3,
            cut_states: 2000,
            by: SplitBy::States,
        }),
        ..Run::default()
    };
    let mut total = BigUint::default();
    for (index, stop_after) in [(0, 5), (1, 24), (2, 30)] {
        total += stopped_and_resumed(&file, stop_after, shard(index), fillings(&puzzle));
    }
    // 9,862 undirected closed tours, each 2 x 36 fillings.
    assert_eq!(total, BigUint::from(9_862u64 * 72));

    let stop = Cancel::new();
    let stopping = Budget::default().and_cancel(&stop);
    let raise = |p: &LayerProgress| stop.flag().store(p.layer == 24, Ordering::Relaxed);
    let options = saving(shard(1), &file, &stopping, &raise);
    assert!(count_fillings(&puzzle, &options).is_err());
    let quiet = Budget::default();
    let error = count_fillings(&puzzle, &saving(shard(2), &file, &quiet, &|_| {})).unwrap_err();
    assert!(
        matches!(error, FrontierError::Checkpoint { .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("another count"), "{error}");
}

/// Counts past 2^128 (256-bit counts) and past 2^256 (big integers) are saved and read back
/// exactly: a ring of twenty K7 has 5!^20 cycles, a chain of forty 6!^2 5!^38 paths.
#[test]
fn wide_counts_resume_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wide.checkpoint");
    let ring = cliques(7, 20, true);
    let order: Vec<usize> = (0..140).collect();
    let cycles = stopped_and_resumed(&file, 100, Run::default(), |o| {
        hamiltonian_cycles(&ring, &order, o).map(|(c, s)| (c, s.resumed_layer))
    });
    assert_eq!(cycles.as_biguint(), &factorial(5).pow(20));
    let chain = cliques(7, 40, false);
    let order: Vec<usize> = (0..280).collect();
    let paths = stopped_and_resumed(&file, 250, Run::default(), |o| {
        hamiltonian_paths(&chain, &[], &order, o).map(|(c, s)| (c, s.resumed_layer))
    });
    assert!(paths.bits() > 256);
    assert_eq!(
        paths.as_biguint(),
        &(factorial(6).pow(2) * factorial(5).pow(38))
    );
}

/// A checkpoint cut short, with a byte changed, or of another puzzle stops the count with an
/// error naming the file; nothing is counted from it.
#[test]
fn a_damaged_or_foreign_checkpoint_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.checkpoint");
    let puzzle = knight(6, 6, false);
    let stop = Cancel::new();
    let stopping = Budget::default().and_cancel(&stop);
    let raise = |p: &LayerProgress| stop.flag().store(p.layer == 20, Ordering::Relaxed);
    assert!(count_fillings(&puzzle, &saving(Run::default(), &file, &stopping, &raise)).is_err());
    let saved = std::fs::read(&file).unwrap();
    // The table of layer 20 is in it: 6,729 states, about 4 bytes each.
    assert!(saved.len() > 20_000, "{} bytes", saved.len());

    let quiet = Budget::default();
    let refused = |bytes: &[u8], puzzle: &Puzzle| -> String {
        std::fs::write(&file, bytes).unwrap();
        let error =
            count_fillings(puzzle, &saving(Run::default(), &file, &quiet, &|_| {})).unwrap_err();
        assert!(
            matches!(error, FrontierError::Checkpoint { .. }),
            "{error:?}"
        );
        assert!(error.to_string().starts_with(&file.display().to_string()));
        error.to_string()
    };
    let mut changed = saved.clone();
    changed[saved.len() / 2] ^= 1;
    assert!(refused(&changed, &puzzle).contains("damaged"));
    assert!(refused(&saved[..saved.len() - 9], &puzzle).contains("damaged"));
    assert!(refused(&saved[..40], &puzzle).contains("damaged"));
    assert!(refused(b"a note", &puzzle).contains("not a pathsat checkpoint"));
    assert!(refused(&saved, &knight(6, 6, true)).contains("another count"));
    // The checkpoint as saved still resumes.
    std::fs::write(&file, &saved).unwrap();
    let count = count_fillings(&puzzle, &saving(Run::default(), &file, &quiet, &|_| {})).unwrap();
    assert_eq!(count.fillings, 6_637_920u64);
    assert_eq!(count.stats.resumed_layer, Some(20));
}

/// A checkpoint that cannot be used (here: its directory is a file, so it can be neither read
/// nor written) stops the count before its first layer, not at its first save.
#[test]
fn an_unwritable_checkpoint_stops_the_count_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_dir = dir.path().join("a-file");
    std::fs::write(&not_a_dir, "").unwrap();
    let file = not_a_dir.join("count.checkpoint");
    let layers = Cancel::new(); // raised by a counted layer
    let heard = |_: &LayerProgress| layers.cancel();
    let quiet = Budget::default();
    let options = saving(Run::default(), &file, &quiet, &heard);
    let error = count_fillings(&knight(6, 6, false), &options).unwrap_err();
    assert!(
        matches!(error, FrontierError::Checkpoint { .. }),
        "{error:?}"
    );
    assert!(
        error.to_string().contains("count.checkpoint cannot be"),
        "{error}"
    );
    assert!(!layers.is_cancelled(), "no layer was counted");
}

/// A checkpoint's name that is not a regular file (a pipe, a directory; `/dev/null` is such a
/// name) is refused before the first layer and left as it was: a checkpoint renamed over it
/// would put an ordinary file in its place.
#[cfg(unix)]
#[test]
fn a_checkpoint_that_is_not_a_regular_file_is_refused_and_kept() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let quiet = Budget::default();
    for file in [fifo.as_path(), dir.path()] {
        let options = saving(Run::default(), file, &quiet, &|_| {});
        let error = count_fillings(&knight(4, 4, false), &options).unwrap_err();
        assert!(
            error.to_string().ends_with(
                "is not a regular file; a checkpoint is a file that pathsat writes and reads back"
            ),
            "{error}"
        );
    }
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}
