//! # Progress on the terminal
//!
//! A long count shows what it is doing on standard error (only when that is a terminal):
//! the frontier program's layers done of all its layers with its states and memory, or the
//! SAT cubes done of all the cubes with the fillings found and an estimate of the time left,
//! or a spinner with the fillings one solver has found. Each stage has its own bar, and a
//! bar's figures only grow.
//!
//! Where standard error is not a terminal (a job's log), `--progress auto` writes a line of
//! text instead every ten seconds, and `--progress json` one JSON object a line (at most one
//! a second, and one at each new stage) for programs to follow. A sharded count names its
//! shard in each.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pathsat_api::options::Shard;
use pathsat_api::progress::{CountProgress, Progress, Stage};
use pathsat_bigcount::grouped;
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How a count shows its progress (`--progress`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgressMode {
    /// A bar when standard error is a terminal, else a line of text every ten seconds.
    #[default]
    Auto,
    /// A bar (drawn only on a terminal).
    Bar,
    /// A line of text every ten seconds.
    Lines,
    /// A JSON object a line, at most one a second and one at each new stage.
    Json,
    /// Nothing.
    None,
}

/// The progress display of one count: it renders the api's running state
/// ([`CountProgress`]).
pub struct CountDisplay {
    bar: Mutex<ProgressBar>,
    hidden: bool,
    /// Where the count is.
    state: Mutex<CountProgress>,
    /// When the current stage began.
    stage_start: Mutex<Instant>,
    /// A sharded count's shard, named before each bar.
    shard: Option<Shard>,
    /// Bars, text lines or JSON lines.
    mode: ProgressMode,
    /// When the count began, and when the last line was written.
    started: Instant,
    last_line: Mutex<Option<Instant>>,
}

impl CountDisplay {
    /// A display on standard error; `hidden` draws nothing (progress is still tracked).
    pub fn new(hidden: bool) -> CountDisplay {
        CountDisplay {
            bar: Mutex::new(ProgressBar::hidden()),
            hidden,
            state: Mutex::new(CountProgress::default()),
            stage_start: Mutex::new(Instant::now()),
            shard: None,
            mode: if hidden {
                ProgressMode::None
            } else {
                ProgressMode::Bar
            },
            started: Instant::now(),
            last_line: Mutex::new(None),
        }
    }

    /// The display in `mode` (`Auto` resolved by whether standard error is a terminal).
    pub fn with_mode(mut self, mode: ProgressMode) -> CountDisplay {
        self.mode = match mode {
            ProgressMode::Auto if std::io::stderr().is_terminal() => ProgressMode::Bar,
            ProgressMode::Auto => ProgressMode::Lines,
            mode => mode,
        };
        self.hidden = self.mode != ProgressMode::Bar;
        self
    }

    /// The display of a count of `shard` (if any), which its bars name.
    pub fn for_shard(mut self, shard: Option<Shard>) -> CountDisplay {
        self.shard = shard;
        self
    }

    /// Takes one progress report of the count.
    pub fn update(&self, progress: Progress) {
        if let Progress::Spill(notice) = &progress {
            if let Some(line) = crate::spill::words(notice) {
                self.note(&line);
            }
        }
        let mut state = self.state.lock().expect("not poisoned");
        let new_stage = state.hear(progress);
        self.write_line(&state, new_stage);
        if new_stage {
            if let Some(stage) = state.stage {
                self.start(stage);
            }
            return;
        }
        let bar = self.bar.lock().expect("not poisoned");
        match state.stage {
            Some(Stage::Frontier | Stage::Bound) => {
                if let (Some(layer), Some(layers)) = (state.layer, state.layers) {
                    bar.set_length(layers as u64);
                    bar.set_position(layer as u64);
                    bar.set_message(format!(
                        "{} states · {}{}",
                        grouped(state.states.unwrap_or(0)),
                        table_bytes(&state),
                        left_words(state.left_seconds)
                    ));
                }
            }
            Some(Stage::WalkBack) => {
                if let (Some(layer), Some(layers)) = (state.layer, state.layers) {
                    bar.set_length(layers as u64);
                    bar.set_position(layer as u64);
                    bar.set_message(table_bytes(&state));
                }
            }
            Some(Stage::Cubes) => {
                let (Some(done), Some(total)) = (state.done, state.total) else {
                    return;
                };
                bar.set_length(total as u64);
                bar.set_position(done as u64);
                // The time left, once a cube is done: the cubes go in a shuffled order, so the
                // ones done so far are a fair sample.
                let left = if done == 0 || done == total {
                    String::new()
                } else {
                    let elapsed = self.stage_start.lock().expect("not poisoned").elapsed();
                    let per_cube = elapsed.as_secs_f64() / done as f64;
                    let seconds = per_cube * (total - done) as f64;
                    format!(" · about {} left", pathsat_count::duration_words(seconds))
                };
                let found = state.found.clone().unwrap_or_default();
                bar.set_message(format!("{} fillings{left}", found.grouped()));
            }
            Some(Stage::Probe | Stage::Enumeration) | None => {
                if let Some(found) = &state.found {
                    bar.set_message(format!("{} found", found.grouped()));
                }
            }
        }
    }

    /// In the text and JSON modes, a line for `state` when it is time for one.
    fn write_line(&self, state: &CountProgress, new_stage: bool) {
        let every = match self.mode {
            ProgressMode::Lines => Duration::from_secs(10),
            ProgressMode::Json => Duration::from_secs(1),
            _ => return,
        };
        let mut last = self.last_line.lock().expect("not poisoned");
        let json = self.mode == ProgressMode::Json;
        // JSON: at most one a second, and each new stage. Text: every ten seconds, the first
        // after ten seconds (a short count writes none).
        let due = if json {
            new_stage || last.is_none_or(|t| t.elapsed() >= every)
        } else {
            self.started.elapsed() >= every && last.is_none_or(|t| t.elapsed() >= every)
        };
        if !due {
            return;
        }
        *last = Some(Instant::now());
        let elapsed = self.started.elapsed().as_secs_f64();
        let line = if json {
            let mut value = serde_json::to_value(state).unwrap_or_default();
            if let Some(object) = value.as_object_mut() {
                if let Some(shard) = self.shard {
                    object.insert("shard".into(), shard.to_string().into());
                }
                if let Some(bytes) = state.bytes {
                    object.insert("bytes".into(), bytes.into());
                }
                if let Some(disk) = state.disk_bytes.filter(|&d| d > 0) {
                    object.insert("disk-bytes".into(), disk.into());
                }
                object.insert("elapsed-seconds".into(), elapsed.into());
            }
            value.to_string()
        } else {
            text_line(state, elapsed, self.shard)
        };
        eprintln!("{line}");
    }

    /// A new bar for `stage`, in place of the last one.
    fn start(&self, stage: Stage) {
        let (template, message) = match stage {
            Stage::Frontier => (
                "frontier program [{bar:30}] layer {pos}/{len} · {msg} · {elapsed}",
                "",
            ),
            Stage::Cubes => (
                "SAT cubes [{bar:30}] {pos}/{len} done · {msg} · {elapsed}",
                "",
            ),
            Stage::Bound => (
                "{spinner} {msg} · {elapsed}",
                "bounding the count: the frontier program on the puzzle without givens or marks",
            ),
            Stage::WalkBack => (
                "walking back [{bar:30}] layer {pos}/{len} · kept tables {msg} · {elapsed}",
                "",
            ),
            Stage::Probe => ("{spinner} {msg} · {elapsed}", "enumerating (probe)"),
            Stage::Enumeration => ("{spinner} enumerating: {msg} · {elapsed}", "0 found"),
        };
        let template = match self.shard {
            Some(shard) => format!("shard {shard}: {template}"),
            None => template.to_string(),
        };
        let bar = if self.hidden {
            ProgressBar::hidden()
        } else {
            ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
        };
        bar.set_style(
            ProgressStyle::with_template(&template)
                .expect("a valid template")
                .progress_chars("=> "),
        );
        bar.set_message(message);
        bar.enable_steady_tick(Duration::from_millis(120));
        *self.stage_start.lock().expect("not poisoned") = Instant::now();
        let mut current = self.bar.lock().expect("not poisoned");
        current.finish_and_clear();
        *current = bar;
    }

    /// The stage the count is in, once it has begun.
    pub fn stage(&self) -> Option<Stage> {
        self.state.lock().expect("not poisoned").stage
    }

    /// Writes `note` about the count on standard error: above the bar, as a line of text
    /// (`pathsat: shard I/N: note`), or as a JSON object `{"note": …, "shard": …}`.
    pub fn note(&self, note: &str) {
        if self.mode == ProgressMode::Json {
            let mut value = serde_json::json!({ "note": note });
            if let Some(shard) = self.shard {
                value["shard"] = shard.to_string().into();
            }
            eprintln!("{value}");
            return;
        }
        let line = match self.shard {
            Some(shard) => format!("pathsat: shard {shard}: {note}"),
            None => format!("pathsat: {note}"),
        };
        let bar = self.bar.lock().expect("not poisoned");
        if self.mode == ProgressMode::Bar && !bar.is_hidden() {
            bar.println(line);
        } else {
            eprintln!("{line}");
        }
    }

    /// Clears the display.
    pub fn clear(&self) {
        self.bar.lock().expect("not poisoned").finish_and_clear();
    }
}

/// The bytes of the frontier program's tables after the last layer.
fn table_bytes(state: &CountProgress) -> String {
    crate::report::table_bytes(state.bytes.unwrap_or(0), state.disk_bytes.unwrap_or(0))
}

/// ` · about 3 min left`, or nothing without an estimate.
fn left_words(seconds: Option<f64>) -> String {
    seconds.map_or(String::new(), |s| {
        format!(" · about {} left", pathsat_count::duration_words(s))
    })
}

/// One line of progress for a log: `pathsat: shard 2/8: frontier layer 31/64 · ...`.
fn text_line(state: &CountProgress, elapsed: f64, shard: Option<Shard>) -> String {
    let who = shard.map_or(String::new(), |s| format!("shard {s}: "));
    let what = match state.stage {
        Some(Stage::Frontier | Stage::Bound) => format!(
            "frontier layer {}/{} · {} states · {}{}",
            state.layer.unwrap_or(0),
            state.layers.unwrap_or(0),
            grouped(state.states.unwrap_or(0)),
            table_bytes(state),
            left_words(state.left_seconds)
        ),
        Some(Stage::WalkBack) => format!(
            "walking back layer {}/{} · kept tables {}",
            state.layer.unwrap_or(0),
            state.layers.unwrap_or(0),
            table_bytes(state)
        ),
        Some(Stage::Cubes) => format!(
            "SAT cubes {}/{} done · {} fillings",
            state.done.unwrap_or(0),
            state.total.unwrap_or(0),
            state.found.clone().unwrap_or_default().grouped()
        ),
        _ => format!(
            "enumerating · {} found",
            state.found.clone().unwrap_or_default().grouped()
        ),
    };
    format!(
        "pathsat: {who}{what} · {} elapsed",
        pathsat_count::duration_words(elapsed)
    )
}
