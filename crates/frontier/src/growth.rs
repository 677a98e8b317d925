//! How the tables of a sweep grow: the most states each layer's frontier could hold, and the
//! extrapolation of a sample's tables from it ([`crate::estimate`]; also the disk a count about
//! to keep its tables in files is estimated to need, [`crate::store`]).
//!
//! The *share* of the bound a sweep's tables reach falls over the first layers, to a minimum
//! about where the frontier first reaches its full width, and then rises, by about e^0.5 a
//! layer on the knight's boards measured, until it levels off (the knight's at e^-0.2 to e^-2 of
//! the bound; `encodings/counting.md`, *Know the bill before you run*). A sample is swept until the
//! minimum is [`TURNED_LAYERS`] layers behind it ([`turned`]); from a share that has turned, the
//! extrapolation rises by [`MAX_SLOPE`] a layer to a ceiling ([`CEILING`], [`LIFT`]) and holds
//! it to the last layer (where the share is near its ceiling again: on the 7x7 open paths e^-0.2
//! to e^-0.9); from one that has not, it continues the line fitted to the last layers, never
//! falling, to the same ceiling.

/// The layers of the sample whose share of the bound is fitted.
const FIT_LAYERS: usize = 6;
/// The most the logarithm of the share changes a layer in the extrapolation, and how much it
/// rises a layer once the share has turned.
pub(crate) const MAX_SLOPE: f64 = 0.5;
/// The layers the share's minimum must lie behind the sample's last (and the frontier's first
/// widest layer too) for the share to have turned.
pub(crate) const TURNED_LAYERS: usize = 3;
/// The logarithm of the share the extrapolation rises to, and no further: e^-0.7, about a half
/// (or [`LIFT`] above the share's minimum, or the share at the end of the sample, when higher).
/// The knight's tables level off at e^-0.2 to e^-2 of the bound, the rook's at e^-1 to e^-2.6.
pub(crate) const CEILING: f64 = -0.7;
/// [`CEILING`] for a planar sweep's bound (its ends paired without crossing): nearly tight,
/// the rook's tables level off at e^-0.2 to e^-0.7 of it (the 12x12 board, open and closed).
pub(crate) const PLANAR_CEILING: f64 = -0.4;
/// The least the logarithm of the share rises above its minimum before it levels off: on the
/// king's boards, whose share falls only to e^-0.5 to e^-1.5, it rises by 1.1 to 2.1, past the
/// bound (the knight's and rook's rise by 2.3 to 6).
pub(crate) const LIFT: f64 = 1.5;

/// The logarithm of each measured layer's share of its bound, from layer `from` (0-based) on, as
/// (layer, log-share).
fn log_shares(measured: &[u64], bounds: &[f64], from: usize) -> Vec<(f64, f64)> {
    measured
        .iter()
        .enumerate()
        .filter(|&(i, &s)| i >= from && s > 0 && bounds[i] >= 1.0)
        .map(|(i, &s)| (i as f64, (s as f64 / bounds[i]).ln()))
        .collect()
}

/// The index in `points` of the least share (the last of equal ones: a steady share has not
/// turned).
fn minimum(points: &[(f64, f64)]) -> Option<usize> {
    (0..points.len()).reduce(|m, k| if points[k].1 <= points[m].1 { k } else { m })
}

/// Whether the share of the bound has turned: its minimum over the `measured` layers lies at
/// least [`TURNED_LAYERS`] layers before the last of them, and so does the first layer at which
/// the frontier is widest (`widths`, every layer's).
pub(crate) fn turned(measured: &[u64], bounds: &[f64], widths: &[usize]) -> bool {
    let Some(last) = measured.len().checked_sub(1) else {
        return false;
    };
    let widest = widths.iter().max().copied().unwrap_or(0);
    let full = widths.iter().position(|&w| w == widest).unwrap_or(0);
    let points = log_shares(measured, bounds, 0);
    let Some(low) = minimum(&points) else {
        return false;
    };
    let low = points[low].0 as usize;
    full + TURNED_LAYERS <= last && low + TURNED_LAYERS <= last
}

/// The logarithm of the share the extrapolation rises to: [`PLANAR_CEILING`] for a planar
/// sweep's bound, else [`CEILING`].
pub(crate) fn ceiling(planar: bool) -> f64 {
    if planar {
        PLANAR_CEILING
    } else {
        CEILING
    }
}

/// The states of every layer: the measured ones, then the bound of each later layer times the
/// share of the bound continued from the last measured layers, its logarithm rising to at most
/// `ceiling` ([`ceiling`]).
pub(crate) fn extrapolate(
    measured: &[u64],
    bounds: &[f64],
    fit_from: usize,
    ceiling: f64,
) -> Vec<u64> {
    let mut states: Vec<u64> = measured.to_vec();
    if measured.is_empty() {
        return bounds.iter().map(|b| b.round() as u64).collect();
    }
    if states.len() >= bounds.len() || states.last() == Some(&0) {
        states.resize(bounds.len(), 0);
        return states;
    }
    // (A shard's, from its cut on, when the sample went past it.)
    let mut points = log_shares(measured, bounds, fit_from);
    if points.is_empty() {
        points = log_shares(measured, bounds, 0);
    }
    let from = measured.len() - 1;
    // Turned (its minimum TURNED_LAYERS or more layers back): the share rises by MAX_SLOPE a
    // layer from the line fitted to the layers since the minimum. Not turned: the line fitted
    // to the last layers, its slope kept between 0 and MAX_SLOPE (a share that was falling is
    // held at its geometric mean over the layers fitted), or the last share alone when there
    // are fewer than three layers.
    let low = minimum(&points).unwrap_or(0);
    let (slope, at_last) = if points[low].0 as usize + TURNED_LAYERS <= from {
        let since = &points[low..];
        (
            MAX_SLOPE,
            fit(&since[since.len().saturating_sub(FIT_LAYERS)..]).1,
        )
    } else {
        fit(&points[points.len().saturating_sub(FIT_LAYERS)..])
    };
    let top = ceiling.max(at_last).max(points[low].1 + LIFT);
    for (i, bound) in bounds.iter().enumerate().skip(measured.len()) {
        let share = (at_last + slope * (i - from) as f64).min(top).exp();
        states.push((bound * share).round().max(1.0) as u64);
    }
    states
}

/// A least-squares line through `points`: its slope (within 0 and [`MAX_SLOPE`]) and its value
/// at the last x.
fn fit(points: &[(f64, f64)]) -> (f64, f64) {
    let Some(&(x_last, y_last)) = points.last() else {
        return (0.0, 0.0);
    };
    let n = points.len() as f64;
    if points.len() < 3 {
        return (0.0, y_last);
    }
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x, b + y));
    let (mx, my) = (sx / n, sy / n);
    let (sxy, sxx) = points.iter().fold((0.0, 0.0), |(a, b), &(x, y)| {
        (a + (x - mx) * (y - my), b + (x - mx) * (x - mx))
    });
    let slope = if sxx > 0.0 {
        (sxy / sxx).clamp(0.0, MAX_SLOPE)
    } else {
        0.0
    };
    (slope, my + slope * (x_last - mx))
}

/// The most states the frontier after each step could hold (module docs). With `planar` (a
/// planar graph swept so that the taken vertices lie on one side of the frontier: a rook's
/// board by rows or columns), the segments cannot cross, so their ends pair without crossing.
pub(crate) fn bounds(
    graph: &crate::Graph,
    order: &[usize],
    mirrors: &[usize],
    paths: bool,
    planar: bool,
) -> Vec<f64> {
    let n = graph.n_vertices();
    let adjacent = graph.adjacency();
    let mut taken = vec![false; n];
    let mut decided = vec![0usize; n];
    // Frontier vertices by how many of their neighbours are taken: one, or two and more.
    let (mut one, mut more) = (0usize, 0usize);
    let mut fold = 1.0;
    let mut out = Vec::with_capacity(n);
    for (&mirrors, &v) in mirrors.iter().zip(order) {
        taken[v] = true;
        match decided[v] {
            0 => {}
            1 => one -= 1,
            _ => more -= 1,
        }
        for &u in &adjacent[v] {
            if !taken[u] {
                decided[u] += 1;
                match decided[u] {
                    1 => one += 1,
                    2 => {
                        one -= 1;
                        more += 1;
                    }
                    _ => {}
                }
            }
        }
        if mirrors > 0 {
            fold = 1.0 + mirrors as f64;
        }
        out.push(bound(one, more, paths, planar) / fold);
    }
    out
}

/// The states of a frontier with `one` vertices that may be untouched or a segment's end and
/// `more` that may also be done, the ends paired (up to two of them anchored, for paths), without
/// crossing when `planar`.
fn bound(one: usize, more: usize, paths: bool, planar: bool) -> f64 {
    let choose = |n: usize, k: usize| -> f64 {
        (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
    };
    // Ways to make m segment ends: pairs (any: (m-1)!!; without crossing: the Catalan number
    // of m/2), and up to two anchored.
    let ends = |m: usize| -> f64 {
        let pairs = |m: usize| -> f64 {
            if m % 2 == 1 {
                0.0
            } else if planar {
                choose(m, m / 2) / (m / 2 + 1) as f64
            } else {
                (1..m).step_by(2).fold(1.0, |acc, k| acc * k as f64)
            }
        };
        let anchored = if paths { 2.min(m) } else { 0 };
        (0..=anchored).map(|a| choose(m, a) * pairs(m - a)).sum()
    };
    let mut total = 0.0;
    for j in 0..=one {
        for l in 0..=more {
            total += choose(one, j) * choose(more, l) * 2f64.powi((more - l) as i32) * ends(j + l);
        }
    }
    total.max(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_counts_pairings() {
        // Two vertices with one taken neighbour each: untouched both, or a segment: 2.
        assert_eq!(bound(2, 0, false, false), 2.0);
        // For paths also one anchored end and the other untouched (2), or both anchored (1).
        assert_eq!(bound(2, 0, true, false), 5.0);
        // One vertex that may be done: untouched or done (an end alone cannot pair).
        assert_eq!(bound(0, 1, false, false), 2.0);
        // Four ends in a line pair three ways, two of them without crossing: with none, two
        // (six ways) or four ends, 1 + 6 + 3 = 10 states, and 1 + 6 + 2 = 9 on a planar sweep.
        assert_eq!(bound(4, 0, false, false), 10.0);
        assert_eq!(bound(4, 0, false, true), 9.0);
        // Six vertices: four of them ends (15 ways) pair 3 or 2 ways, all six pair 15 ways or 5
        // without crossing (the Catalan number of 3): 15 x 1 + 10 fewer states.
        assert_eq!(bound(6, 0, false, false) - bound(6, 0, false, true), 25.0);
    }

    #[test]
    fn a_steady_share_is_continued() {
        // States a tenth of the bound throughout: the later layers too.
        let bounds: Vec<f64> = (1..=10).map(|i| 1000.0 * i as f64).collect();
        let measured: Vec<u64> = bounds[..5].iter().map(|b| (b / 10.0) as u64).collect();
        let states = extrapolate(&measured, &bounds, 0, CEILING);
        assert_eq!(states[9], 1000);
        // A share falling tenfold a layer (1 to 10^-3) is held at its geometric mean over the
        // layers fitted, 10^-1.5.
        let measured: Vec<u64> = (0..4)
            .map(|i| (1000.0 * (i + 1) as f64 / 10f64.powi(i)) as u64)
            .collect();
        let states = extrapolate(&measured, &bounds, 0, CEILING);
        assert_eq!(states[4], 158, "{states:?}");
        // A share rising tenfold a layer (10^-6 to 10^-3) goes on rising by e^0.5 a layer.
        let bounds: Vec<f64> = (1..=10).map(|i| 1e9 * i as f64).collect();
        let measured: Vec<u64> = (0..4).map(|i| (i + 1) * 10u64.pow(i as u32 + 3)).collect();
        let states = extrapolate(&measured, &bounds, 0, CEILING);
        let share = |i: usize| states[i] as f64 / bounds[i];
        for i in 5..10 {
            let rise = share(i) / share(i - 1);
            assert!((rise - MAX_SLOPE.exp()).abs() < 0.01, "{states:?}");
        }
    }

    /// The states of a share `e^y` of a bound of 10^12, for each `y`.
    fn of_shares(shares: &[f64]) -> Vec<u64> {
        shares
            .iter()
            .map(|y| (1e12 * y.exp()).round() as u64)
            .collect()
    }

    #[test]
    fn a_turned_share_rises_to_its_ceiling() {
        let bounds = vec![1e12; 30];
        // Falling to e^-6 at layer 2 (0-based), then rising for three layers: turned.
        let measured = of_shares(&[-2.0, -4.0, -6.0, -5.5, -5.0, -4.5]);
        let states = extrapolate(&measured, &bounds, 0, CEILING);
        // The line through the layers since the minimum ends at -4.5; from there the share
        // rises by MAX_SLOPE a layer to CEILING (above -6 + LIFT), and holds it to the end.
        for (i, &s) in states.iter().enumerate().skip(6) {
            let y = (-4.5 + MAX_SLOPE * (i - 5) as f64).min(CEILING);
            let expected = 1e12 * y.exp();
            assert!(
                (s as f64 / expected - 1.0).abs() < 1e-9,
                "layer {i}: {states:?}"
            );
        }
        assert!((states[29] as f64 / (1e12 * CEILING.exp()) - 1.0).abs() < 1e-9);
        // Hardly rising since its minimum, it still rises by MAX_SLOPE a layer.
        let measured = of_shares(&[-2.0, -4.0, -6.0, -5.95, -5.9, -5.85]);
        let states = extrapolate(&measured, &bounds, 0, CEILING);
        let rise = (states[7] as f64 / states[6] as f64).ln();
        assert!((rise - MAX_SLOPE).abs() < 1e-6, "{states:?}");
        // Two layers past its minimum: not turned, the line fitted to the last layers (rising
        // by about 0.15 a layer) goes on.
        let measured = of_shares(&[-6.4, -6.2, -6.6, -6.0, -5.8]);
        let states = extrapolate(&measured, &bounds, 0, CEILING);
        let (slope, at_last) = fit(&log_shares(&measured, &bounds, 0));
        assert!(slope > 0.1 && slope < MAX_SLOPE, "{slope}");
        let expected = 1e12 * (at_last + slope).exp();
        assert!(
            (states[5] as f64 / expected - 1.0).abs() < 1e-9,
            "{states:?}"
        );
        // A share whose minimum was shallow (e^-1, a king's board) rises LIFT above it, past
        // the bound.
        let measured = of_shares(&[0.0, -0.5, -1.0, -0.9, -0.8, -0.7]);
        let states = extrapolate(&measured, &bounds, 0, CEILING);
        let expected = 1e12 * (-1.0 + LIFT).exp();
        assert!(
            (states[29] as f64 / expected - 1.0).abs() < 1e-9,
            "{states:?}"
        );
    }

    #[test]
    fn a_sample_waits_for_the_share_to_turn() {
        let bounds = vec![1e12; 30];
        let measured = of_shares(&[-2.0, -4.0, -6.0, -5.5, -5.0, -4.5]);
        let widths = vec![2, 4, 6, 6, 6, 6, 6, 4];
        // The minimum and the first widest frontier three layers behind: turned.
        assert!(turned(&measured, &bounds, &widths));
        // Two layers behind: not yet.
        assert!(!turned(&measured[..5], &bounds, &widths));
        // The frontier widest only from layer 4 (0-based): not yet.
        let later = vec![2, 4, 5, 5, 6, 6, 6, 4];
        assert!(!turned(&measured, &bounds, &later));
        // A steady share has not turned.
        assert!(!turned(&of_shares(&[-3.0; 8]), &bounds, &widths));
    }
}
