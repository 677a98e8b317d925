//! How the tables of a sweep grow: the most states each layer's frontier could hold, and the
//! extrapolation of a sample's tables from it ([`crate::estimate`]; also the disk a count about
//! to keep its tables in files is estimated to need, [`crate::store`]).

/// The layers of the sample whose share of the bound is fitted.
const FIT_LAYERS: usize = 6;
/// The most the logarithm of the share changes a layer in the extrapolation.
pub(crate) const MAX_SLOPE: f64 = 0.5;

/// The states of every layer: the measured ones, then the bound of each later layer times the
/// share of the bound continued from the last measured layers.
pub(crate) fn extrapolate(measured: &[u64], bounds: &[f64], fit_from: usize) -> Vec<u64> {
    let mut states: Vec<u64> = measured.to_vec();
    if measured.is_empty() {
        return bounds.iter().map(|b| b.round() as u64).collect();
    }
    if states.len() >= bounds.len() || states.last() == Some(&0) {
        states.resize(bounds.len(), 0);
        return states;
    }
    // The logarithm of the share of the bound over the last measured layers: a line fitted by
    // least squares, its slope kept between 0 and MAX_SLOPE (a share that was falling is held
    // at its geometric mean over the layers fitted), or the last share alone when there are
    // fewer than three layers.
    let share = |from: usize| -> Vec<(f64, f64)> {
        measured
            .iter()
            .enumerate()
            .filter(|&(i, &s)| i >= from && s > 0 && bounds[i] >= 1.0)
            .map(|(i, &s)| (i as f64, (s as f64 / bounds[i]).ln()))
            .collect()
    };
    // (A shard's, from its cut on, when the sample went past it.)
    let mut points = share(fit_from);
    if points.is_empty() {
        points = share(0);
    }
    let last = &points[points.len().saturating_sub(FIT_LAYERS)..];
    let (slope, at_last) = fit(last);
    let from = measured.len() - 1;
    for (i, bound) in bounds.iter().enumerate().skip(measured.len()) {
        let share = (at_last + slope * (i - from) as f64).exp().min(1.0);
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

/// The most states the frontier after each step could hold (module docs).
pub(crate) fn bounds(
    graph: &crate::Graph,
    order: &[usize],
    mirrors: &[usize],
    paths: bool,
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
        out.push(bound(one, more, paths) / fold);
    }
    out
}

/// The states of a frontier with `one` vertices that may be untouched or a segment's end and
/// `more` that may also be done, the ends paired (up to two of them anchored, for paths).
fn bound(one: usize, more: usize, paths: bool) -> f64 {
    let choose = |n: usize, k: usize| -> f64 {
        (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
    };
    // Ways to make m segment ends: pairs, and up to two anchored.
    let ends = |m: usize| -> f64 {
        let pairs = |m: usize| -> f64 {
            if m % 2 == 1 {
                0.0
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
        assert_eq!(bound(2, 0, false), 2.0);
        // For paths also one anchored end and the other untouched (2), or both anchored (1).
        assert_eq!(bound(2, 0, true), 5.0);
        // One vertex that may be done: untouched or done (an end alone cannot pair).
        assert_eq!(bound(0, 1, false), 2.0);
    }

    #[test]
    fn a_steady_share_is_continued() {
        // States a tenth of the bound throughout: the later layers too.
        let bounds: Vec<f64> = (1..=10).map(|i| 1000.0 * i as f64).collect();
        let measured: Vec<u64> = bounds[..5].iter().map(|b| (b / 10.0) as u64).collect();
        let states = extrapolate(&measured, &bounds, 0);
        assert_eq!(states[9], 1000);
        // A share falling tenfold a layer (1 to 10^-3) is held at its geometric mean over the
        // layers fitted, 10^-1.5.
        let measured: Vec<u64> = (0..4)
            .map(|i| (1000.0 * (i + 1) as f64 / 10f64.powi(i)) as u64)
            .collect();
        let states = extrapolate(&measured, &bounds, 0);
        assert_eq!(states[4], 158, "{states:?}");
        // A share rising tenfold a layer (10^-6 to 10^-3) goes on rising by e^0.5 a layer.
        let bounds: Vec<f64> = (1..=10).map(|i| 1e9 * i as f64).collect();
        let measured: Vec<u64> = (0..4).map(|i| (i + 1) * 10u64.pow(i as u32 + 3)).collect();
        let states = extrapolate(&measured, &bounds, 0);
        let share = |i: usize| states[i] as f64 / bounds[i];
        for i in 5..10 {
            let rise = share(i) / share(i - 1);
            assert!((rise - MAX_SLOPE.exp()).abs() < 0.01, "{states:?}");
        }
    }
}
