//! # Progress of a command that writes a file
//!
//! `export` of a large graph can spend seconds building its CNF and more writing hundreds of
//! megabytes. [`Busy`] shows what it is doing on standard error, as a count does, but only
//! when standard error is a terminal and only once the work has taken longer than
//! [`SHOW_AFTER`]: a quick command prints nothing more than before, and a log gets no bars.
//! Its stages are a spinner (a step of unknown length) or a bar (clauses written of all).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::mpsc;
use std::time::Duration;

/// How long a command works before its progress appears.
pub const SHOW_AFTER: Duration = Duration::from_millis(1500);

/// The display of one command's work (drawn or not).
pub struct Busy {
    bar: ProgressBar,
}

impl Busy {
    /// A step of unknown length: a spinner with `message` and the time elapsed.
    pub fn step(&self, message: &str) {
        self.bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} · {elapsed}").expect("a valid template"),
        );
        self.bar.set_message(message.to_string());
    }

    /// Counted work: a bar of `total` units called `unit`, with `message` before it.
    pub fn counted(&self, message: &str, total: u64, unit: &str) {
        let template =
            format!("{{msg}} [{{bar:30}}] {{human_pos}}/{{human_len}} {unit} · {{elapsed}}");
        self.bar.set_style(
            ProgressStyle::with_template(&template)
                .expect("a valid template")
                .progress_chars("=> "),
        );
        self.bar.set_length(total);
        self.bar.set_position(0);
        self.bar.set_message(message.to_string());
    }

    /// How far the counted work is.
    pub fn done(&self, units: u64) {
        self.bar.set_position(units);
    }
}

/// Runs `work` with a [`Busy`] display, drawn on standard error once `work` has taken longer
/// than [`SHOW_AFTER`] if standard error is a terminal, and cleared when it returns.
pub fn with_progress<T>(work: impl FnOnce(&Busy) -> T) -> T {
    with_progress_on(std::io::stderr().is_terminal(), work)
}

/// [`with_progress`], drawn only when `terminal`.
fn with_progress_on<T>(terminal: bool, work: impl FnOnce(&Busy) -> T) -> T {
    let busy = Busy {
        bar: ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
    };
    busy.step("working");
    if !terminal {
        return work(&busy);
    }
    let (finished, wait) = mpsc::channel::<()>();
    let result = std::thread::scope(|scope| {
        let bar = busy.bar.clone();
        scope.spawn(move || {
            // Dropped sender or a message: the work is over before the display was due.
            if wait.recv_timeout(SHOW_AFTER) == Err(mpsc::RecvTimeoutError::Timeout) {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                bar.enable_steady_tick(Duration::from_millis(120));
            }
        });
        let result = work(&busy);
        let _ = finished.send(());
        result
    });
    busy.bar.finish_and_clear();
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_work_returns_its_value_and_leaves_nothing_drawn() {
        let value = with_progress_on(true, |busy| {
            busy.counted("writing", 10, "clauses");
            busy.done(10);
            7
        });
        assert_eq!(value, 7);
        assert_eq!(with_progress_on(false, |_| "off"), "off");
    }
}
