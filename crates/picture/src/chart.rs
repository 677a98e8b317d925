//! Log–log charts of measurements: time against size, one line per series, in panels side by
//! side (the encoding lab draws one panel per solver, one series per encoding). Every point is
//! drawn; the line joins the median of the finished points at each size. A point that ran out
//! of time is drawn hollow at the time limit, so that a reader sees where a series stops
//! finishing. The document is plain SVG 1.1, as the puzzle pictures are.

use crate::{document, finish, xml_text};
use svg::node::element::{Circle, Group, Line, Polyline, Rectangle, Text};
use svg::Node;

/// One measurement: x, y, and whether it stopped at the limit (y is then the limit).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// The size (graph vertices).
    pub x: f64,
    /// The time in seconds.
    pub y: f64,
    /// Stopped by the time limit.
    pub timed_out: bool,
}

/// A named line of points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend's name.
    pub name: String,
    /// The points, in any order (drawn by x).
    pub points: Vec<Point>,
}

/// One panel: a title and its series.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// The panel's title (a solver).
    pub title: String,
    /// The series (the same names in every panel keep the same colours).
    pub series: Vec<Series>,
}

/// Colours for up to 8 series, then round again (Okabe–Ito, readable by the colour-blind).
const COLOURS: [&str; 8] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442",
];
const PANEL_W: f64 = 360.0;
const PANEL_H: f64 = 260.0;
const MARGIN_L: f64 = 56.0;
const MARGIN_B: f64 = 40.0;
const TITLE_H: f64 = 28.0;
const FONT: f64 = 12.0;
const LEGEND_LINE: f64 = 18.0;

/// Powers of ten spanning `lo..=hi` (positive), at least two.
fn decades(lo: f64, hi: f64) -> (i32, i32) {
    let a = lo.log10().floor() as i32;
    let b = (hi.log10().ceil() as i32).max(a + 1);
    (a, b)
}

fn label(exponent: i32) -> String {
    let value = 10f64.powi(exponent);
    if exponent >= 0 {
        format!("{value:.0}")
    } else {
        format!("{value}")
    }
}

/// The chart as an SVG document: `title` above, panels side by side, x and y on log scales
/// named `x_label` and `y_label`, a legend of the series names below. Points with a
/// non-positive coordinate are left out.
pub fn log_log_chart(title: &str, x_label: &str, y_label: &str, panels: &[Panel]) -> String {
    let layout = Layout::new(panels);
    let width = PANEL_W * panels.len().max(1) as f64;
    let legend_h = LEGEND_LINE * layout.names.len() as f64 + LEGEND_LINE;
    let height = TITLE_H + PANEL_H + legend_h;
    let mut doc = document(width, height, title);
    doc.append(text(
        title,
        width / 2.0 + crate::style::PAD,
        crate::style::PAD + 16.0,
        "middle",
        15.0,
    ));
    for (k, panel) in panels.iter().enumerate() {
        doc.append(layout.panel(k, panel, x_label, y_label));
    }
    doc.append(layout.legend());
    finish(doc)
}

/// What every panel shares: the decades the axes span, the plot's size and the series names in
/// order of first appearance (which fixes their colours), so that the panels line up.
struct Layout<'a> {
    /// The powers of ten at the ends of the x axis, and of the y axis.
    xa: i32,
    xb: i32,
    ya: i32,
    yb: i32,
    /// The size of the plot inside a panel.
    plot_w: f64,
    plot_h: f64,
    /// The series names, each once, in order of first appearance.
    names: Vec<&'a str>,
}

impl<'a> Layout<'a> {
    /// The layout of `panels`: axes spanning every drawable point (one decade each when there is
    /// none).
    fn new(panels: &'a [Panel]) -> Self {
        let points = || {
            panels
                .iter()
                .flat_map(|p| &p.series)
                .flat_map(|s| &s.points)
                .filter(|p| p.x > 0.0 && p.y > 0.0)
        };
        let (x_lo, x_hi) =
            points().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
        let (y_lo, y_hi) =
            points().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
        let ((xa, xb), (ya, yb)) = if x_lo <= x_hi {
            (decades(x_lo, x_hi), decades(y_lo, y_hi))
        } else {
            ((0, 1), (0, 1))
        };
        let mut names: Vec<&str> = Vec::new();
        for s in panels.iter().flat_map(|p| &p.series) {
            if !names.contains(&s.name.as_str()) {
                names.push(&s.name);
            }
        }
        Layout {
            xa,
            xb,
            ya,
            yb,
            plot_w: PANEL_W - MARGIN_L - 12.0,
            plot_h: PANEL_H - MARGIN_B - TITLE_H,
            names,
        }
    }

    /// The colour of the series `name`, the same in every panel and in the legend.
    fn colour(&self, name: &str) -> &'static str {
        let i = self.names.iter().position(|n| *n == name).unwrap_or(0);
        COLOURS[i % COLOURS.len()]
    }

    /// The panel's horizontal coordinate of the size `x`.
    fn sx(&self, x: f64) -> f64 {
        MARGIN_L + (x.log10() - f64::from(self.xa)) / f64::from(self.xb - self.xa) * self.plot_w
    }

    /// The panel's vertical coordinate of the time `y`.
    fn sy(&self, y: f64) -> f64 {
        TITLE_H + self.plot_h
            - (y.log10() - f64::from(self.ya)) / f64::from(self.yb - self.ya) * self.plot_h
    }

    /// The `k`th panel, placed in the document: its title, axes and series.
    fn panel(&self, k: usize, panel: &Panel, x_label: &str, y_label: &str) -> Group {
        let mut g = Group::new().set("class", "panel").set(
            "transform",
            format!(
                "translate({},{})",
                crate::style::PAD + PANEL_W * k as f64,
                crate::style::PAD + TITLE_H
            ),
        );
        g.append(text(
            &panel.title,
            MARGIN_L + self.plot_w / 2.0,
            16.0,
            "middle",
            13.0,
        ));
        self.axes(&mut g, x_label, y_label);
        for series in &panel.series {
            self.series(&mut g, series);
        }
        g
    }

    /// The plot's frame, a grid line and label at each decade, and the axis names.
    fn axes(&self, g: &mut Group, x_label: &str, y_label: &str) {
        let (plot_w, plot_h) = (self.plot_w, self.plot_h);
        g.append(
            Rectangle::new()
                .set("x", MARGIN_L)
                .set("y", TITLE_H)
                .set("width", plot_w)
                .set("height", plot_h)
                .set("fill", "none")
                .set("stroke", "#888888"),
        );
        for e in self.xa..=self.xb {
            let x = self.sx(10f64.powi(e));
            g.append(grid_line(x, TITLE_H, x, TITLE_H + plot_h));
            g.append(text(&label(e), x, TITLE_H + plot_h + 14.0, "middle", FONT));
        }
        for e in self.ya..=self.yb {
            let y = self.sy(10f64.powi(e));
            g.append(grid_line(MARGIN_L, y, MARGIN_L + plot_w, y));
            g.append(text(&label(e), MARGIN_L - 4.0, y + 4.0, "end", FONT));
        }
        g.append(text(
            x_label,
            MARGIN_L + plot_w / 2.0,
            TITLE_H + plot_h + 32.0,
            "middle",
            FONT,
        ));
        g.append(text(y_label, 0.0, 0.0, "middle", FONT).set(
            "transform",
            format!("translate(14,{}) rotate(-90)", TITLE_H + plot_h / 2.0),
        ));
    }

    /// One series in a panel: the line through its medians, then every point.
    fn series(&self, g: &mut Group, series: &Series) {
        let mut points: Vec<Point> = series
            .points
            .iter()
            .copied()
            .filter(|p| p.x > 0.0 && p.y > 0.0)
            .collect();
        points.sort_by(|a, b| a.x.total_cmp(&b.x));
        let c = self.colour(&series.name);
        let finished: Vec<String> = medians(&points)
            .into_iter()
            .map(|(x, median)| format!("{:.1},{:.1}", self.sx(x), self.sy(median)))
            .collect();
        if finished.len() > 1 {
            g.append(
                Polyline::new()
                    .set("class", "series")
                    .set("points", finished.join(" "))
                    .set("fill", "none")
                    .set("stroke", c)
                    .set("stroke-width", 1.5),
            );
        }
        for p in &points {
            g.append(
                Circle::new()
                    .set("class", if p.timed_out { "timeout" } else { "point" })
                    .set("cx", format!("{:.1}", self.sx(p.x)))
                    .set("cy", format!("{:.1}", self.sy(p.y)))
                    .set("r", 3.5)
                    .set("fill", if p.timed_out { "white" } else { c })
                    .set("stroke", c),
            );
        }
    }

    /// The legend under the panels: a dot of each series' colour and its name, then what a
    /// hollow point means.
    fn legend(&self) -> Group {
        let mut legend = Group::new().set("class", "legend").set(
            "transform",
            format!(
                "translate({},{})",
                crate::style::PAD + MARGIN_L,
                crate::style::PAD + TITLE_H + PANEL_H
            ),
        );
        for (i, name) in self.names.iter().enumerate() {
            let y = LEGEND_LINE * i as f64;
            legend.append(
                Circle::new()
                    .set("cx", 6)
                    .set("cy", y + 6.0)
                    .set("r", 4)
                    .set("fill", self.colour(name)),
            );
            legend.append(text(name, 16.0, y + 10.0, "start", FONT));
        }
        legend.append(text(
            "hollow: stopped at the time limit",
            0.0,
            LEGEND_LINE * self.names.len() as f64 + 10.0,
            "start",
            FONT,
        ));
        legend
    }
}

/// The median time of the finished points at each size of `points` (sorted by size), in order
/// of size: the line joins these, since several graphs may share one size. A size whose every
/// point timed out has none.
fn medians(points: &[Point]) -> Vec<(f64, f64)> {
    let mut medians = Vec::new();
    let mut i = 0;
    while i < points.len() {
        let x = points[i].x;
        let mut ys: Vec<f64> = points[i..]
            .iter()
            .take_while(|p| p.x == x)
            .filter(|p| !p.timed_out)
            .map(|p| p.y)
            .collect();
        i += points[i..].iter().take_while(|p| p.x == x).count();
        if ys.is_empty() {
            continue;
        }
        ys.sort_by(f64::total_cmp);
        medians.push((x, ys[ys.len() / 2]));
    }
    medians
}

fn text(content: &str, x: f64, y: f64, anchor: &str, size: f64) -> Text {
    Text::new(xml_text(content))
        .set("x", format!("{x:.1}"))
        .set("y", format!("{y:.1}"))
        .set("text-anchor", anchor)
        .set("font-size", size)
}

fn grid_line(x1: f64, y1: f64, x2: f64, y2: f64) -> Line {
    Line::new()
        .set("x1", format!("{x1:.1}"))
        .set("y1", format!("{y1:.1}"))
        .set("x2", format!("{x2:.1}"))
        .set("y2", format!("{y2:.1}"))
        .set("stroke", "#dddddd")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_has_a_panel_per_solver_and_a_point_per_measurement() {
        let series = |name: &str, times: &[(f64, f64, bool)]| Series {
            name: name.to_string(),
            points: times
                .iter()
                .map(|&(x, y, timed_out)| Point { x, y, timed_out })
                .collect(),
        };
        let panels = vec![
            Panel {
                title: "kissat".to_string(),
                series: vec![
                    series("crt", &[(50.0, 0.01, false), (500.0, 0.2, false)]),
                    series("unary", &[(50.0, 0.05, false), (500.0, 10.0, true)]),
                ],
            },
            Panel {
                title: "varisat & <co>".to_string(),
                series: vec![series("crt", &[(50.0, 0.02, false), (0.0, 1.0, false)])],
            },
        ];
        let svg = log_log_chart("lab", "vertices", "seconds", &panels);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let count = |class: &str| {
            doc.descendants()
                .filter(|n| n.attribute("class") == Some(class))
                .count()
        };
        assert_eq!(count("panel"), 2);
        assert_eq!(count("point"), 4); // the point at x = 0 is left out
        assert_eq!(count("timeout"), 1);
        assert_eq!(count("series"), 1); // a line needs two finished points
        assert!(svg.contains("varisat &amp; &lt;co&gt;"));
    }
}
