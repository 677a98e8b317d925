//! # Progress on the terminal
//!
//! A long count shows what it is doing on standard error (only when that is a terminal):
//! the frontier program's layers done of all its layers with its states and memory, or the
//! SAT cubes done of all the cubes with the fillings found and an estimate of the time left,
//! or a spinner with the fillings one solver has found. Each stage has its own bar, and a
//! bar's figures only grow.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pathsat_api::progress::{CountProgress, Progress, Stage};
use pathsat_bigcount::grouped;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The progress display of one count: it renders the api's running state
/// ([`CountProgress`]).
pub struct CountDisplay {
    bar: Mutex<ProgressBar>,
    hidden: bool,
    /// Where the count is.
    state: Mutex<CountProgress>,
    /// When the current stage began.
    stage_start: Mutex<Instant>,
}

impl CountDisplay {
    /// A display on standard error; `hidden` draws nothing (progress is still tracked).
    pub fn new(hidden: bool) -> CountDisplay {
        CountDisplay {
            bar: Mutex::new(ProgressBar::hidden()),
            hidden,
            state: Mutex::new(CountProgress::default()),
            stage_start: Mutex::new(Instant::now()),
        }
    }

    /// Takes one progress report of the count.
    pub fn update(&self, progress: Progress) {
        let mut state = self.state.lock().expect("not poisoned");
        if state.hear(progress) {
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
                        "{} states · {}",
                        grouped(state.states.unwrap_or(0)),
                        pathsat_frontier::bytes(state.bytes.unwrap_or(0))
                    ));
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
            Stage::Probe => ("{spinner} {msg} · {elapsed}", "enumerating (probe)"),
            Stage::Enumeration => ("{spinner} enumerating: {msg} · {elapsed}", "0 found"),
        };
        let bar = if self.hidden {
            ProgressBar::hidden()
        } else {
            ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
        };
        bar.set_style(
            ProgressStyle::with_template(template)
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

    /// Clears the display.
    pub fn clear(&self) {
        self.bar.lock().expect("not poisoned").finish_and_clear();
    }
}
