//! An estimate of the time a sweep has left, for progress reports.
//!
//! A step's work is about proportional to the states it reads, and a table's states grow
//! about geometrically with the frontier's width. So after each layer the growth per vertex of
//! width is fitted (least squares of the logarithm of the states against the width, over the
//! layers done), the later tables are predicted from the last one and the plan's widths, and
//! the time per state read lately is applied to the states still to be read. The estimate
//! follows the sweep: early on it is rough, and it settles as the wide layers are reached.
//!
//! The time per state is that of the last layers, each layer's weight shrinking by [`DECAY`]
//! with every layer after it, not of the whole sweep: the small first layers cost more a state
//! than the wide ones, and a machine's load changes over hours. A layer that took more than
//! [`OUTLIER`] times what the rate so far predicts counts as that much: a process that was
//! suspended for an hour (or a laptop asleep) is not then told that the rest takes hours more.

use web_time::Instant;

/// The layers done before an estimate is given.
const FIRST_ESTIMATE: usize = 4;
/// The growth per vertex of width is kept within these bounds.
const GROWTH: (f64, f64) = (1.0, 16.0);
/// How much of a layer's weight in the time per state is left one layer later: the rate is
/// mostly that of the last five or so layers.
const DECAY: f64 = 0.7;
/// A layer counts as at most this many times its predicted time in the rate.
const OUTLIER: f64 = 4.0;

/// The running estimate of one sweep.
pub(crate) struct Eta {
    /// When the last layer ended (at first, when the sweep started).
    last: Instant,
    /// The frontier's width after each layer, from the plan.
    widths: Vec<usize>,
    /// The states after each layer done.
    states: Vec<u64>,
    /// Seconds and states read of the layers done, each layer's share decayed by [`DECAY`]
    /// for every layer since.
    recent_seconds: f64,
    recent_read: f64,
    /// The states of the table the first layer reads.
    first_input: f64,
    /// Sums for the least-squares fit of ln(states) against width.
    fit: [f64; 5],
}

impl Eta {
    pub(crate) fn new(widths: Vec<usize>) -> Eta {
        Eta {
            last: Instant::now(),
            widths,
            states: Vec::new(),
            recent_seconds: 0.0,
            recent_read: 0.0,
            first_input: 1.0,
            fit: [0.0; 5],
        }
    }

    /// The estimate of a sweep resumed from a table of `states` states, with `widths` the
    /// widths of the layers still to do.
    pub(crate) fn resumed(widths: Vec<usize>, states: u64) -> Eta {
        Eta {
            first_input: states as f64,
            ..Eta::new(widths)
        }
    }

    /// Records the states after the next layer; the milliseconds left, once there is enough to
    /// go on.
    pub(crate) fn layer_done(&mut self, states: u64) -> Option<u64> {
        self.layer_done_at(states, Instant::now())
    }

    /// [`Eta::layer_done`], the layer having ended at `now`.
    fn layer_done_at(&mut self, states: u64, now: Instant) -> Option<u64> {
        let input = self.states.last().map_or(self.first_input, |&s| s as f64);
        let mut seconds = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        if self.states.len() >= FIRST_ESTIMATE && self.recent_read > 0.0 {
            let predicted = self.recent_seconds / self.recent_read * input;
            seconds = seconds.min(OUTLIER * predicted.max(1e-3));
        }
        self.recent_seconds = self.recent_seconds * DECAY + seconds;
        self.recent_read = self.recent_read * DECAY + input;
        let layer = self.states.len();
        self.states.push(states);
        if states > 0 {
            let (x, y) = (
                self.widths.get(layer).copied().unwrap_or(0) as f64,
                (states as f64).ln(),
            );
            for (sum, add) in self.fit.iter_mut().zip([1.0, x, y, x * x, x * y]) {
                *sum += add;
            }
        }
        if layer + 1 < FIRST_ESTIMATE.min(self.widths.len()) {
            return None;
        }
        let growth = self.growth();
        let width_now = self.widths.get(layer).copied().unwrap_or(0) as f64;
        // Each later layer reads the table before it: this one, then the predicted ones.
        let last = self.widths.len().saturating_sub(1);
        let predicted: f64 = self.widths[(layer + 1).min(last)..last]
            .iter()
            .map(|&w| states as f64 * growth.powf(w as f64 - width_now))
            .sum();
        let to_read = states as f64 + predicted;
        let per_state = self.recent_seconds / self.recent_read.max(1.0);
        let left = per_state * to_read * 1000.0;
        Some(if states == 0 {
            0
        } else {
            left.min(u64::MAX as f64 / 2.0) as u64
        })
    }

    /// The fitted growth of the states per vertex of width.
    fn growth(&self) -> f64 {
        let [n, sx, sy, sxx, sxy] = self.fit;
        let spread = n * sxx - sx * sx;
        if n < 2.0 || spread.abs() < 1e-9 {
            return 2.0;
        }
        let slope = (n * sxy - sx * sy) / spread;
        slope.exp().clamp(GROWTH.0, GROWTH.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_follows_the_widths() {
        // A steady sweep: every layer as wide and as large; half done means as much again.
        let mut eta = Eta::new(vec![5; 8]);
        let mut last = None;
        for _ in 0..4 {
            last = eta.layer_done(1000);
        }
        assert!(last.is_some());
        // Fitting states that double with each vertex of width.
        let mut eta = Eta::new((1..=10).collect());
        for w in 1..=5 {
            eta.layer_done(1 << w);
        }
        assert!((eta.growth() - 2.0).abs() < 1e-9);
        // An empty table leaves nothing to do.
        let mut eta = Eta::new(vec![3; 6]);
        for _ in 0..3 {
            eta.layer_done(10);
        }
        assert_eq!(eta.layer_done(0), Some(0));
    }

    /// A steady sweep, one second a layer of 1,000 states: the estimate is a second a layer
    /// left. A layer that took an hour (the process suspended) counts as four seconds, and is
    /// forgotten some twenty layers later; a machine that gets twice as slow is followed.
    #[test]
    fn a_pause_is_forgotten() {
        let start = Instant::now();
        let mut eta = Eta::new(vec![5; 100]);
        let mut now = start;
        let mut step = |eta: &mut Eta, seconds: u64| {
            now += std::time::Duration::from_secs(seconds);
            eta.layer_done_at(1000, now)
                .map_or(f64::NAN, |ms| ms as f64 / 1000.0)
        };
        for _ in 0..20 {
            step(&mut eta, 1);
        }
        // After layer 21 of 100: the 79 layers left are read, each a second.
        let steady = step(&mut eta, 1);
        assert!((steady - 79.0).abs() < 1.0, "{steady}");
        let paused = step(&mut eta, 3600);
        assert!(
            paused > steady && paused < 2.0 * steady,
            "{paused} against {steady}"
        );
        let mut later = paused;
        for _ in 0..30 {
            later = step(&mut eta, 1);
        }
        // 48 layers left.
        assert!((later - 48.0).abs() < 2.0, "{later}");
        for _ in 0..20 {
            later = step(&mut eta, 2);
        }
        // 28 layers left, two seconds each.
        assert!((later - 56.0).abs() < 2.0, "{later}");
    }
}
