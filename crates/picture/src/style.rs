//! Sizes and colours, in one place so that boards, graphs and sheets agree.
//!
//! Every length is in SVG user units; a board cell is [`CELL`] units square whatever the board's
//! size, so the text keeps its size and a large tour makes a large picture rather than an
//! unreadable one.

/// The side of a board cell.
pub const CELL: f64 = 40.0;
/// Space around the drawing, and between the panels of a sheet.
pub const PAD: f64 = 12.0;
/// Caption text: size and line height.
pub const CAPTION_FONT: f64 = 14.0;
pub const CAPTION_LINE: f64 = 20.0;
pub const FONT_FAMILY: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

pub const PAGE: &str = "#ffffff";
pub const INK: &str = "#222222";
/// The outline that keeps numbers readable over the path.
pub const HALO: &str = "#ffffff";
/// Text that matters less: a trail's labels off the trail.
pub const MUTED: &str = "#8a8a8a";
pub const GRID: &str = "#9a9a9a";
pub const FREE_FILL: &str = "#ffffff";
/// Cells whose value the puzzle gives.
pub const GIVEN_FILL: &str = "#c6dbef";
/// Cells on a trail.
pub const TRAIL_FILL: &str = "#d9f0d3";
/// Marked cells, one colour per mark (cycled when a puzzle has more marks than colours).
pub const MARK_FILLS: [&str; 4] = ["#fdd49e", "#f4cae4", "#dadaeb", "#ccebc5"];
pub const MARK_INK: &str = "#8c2d04";

pub const PATH: &str = "#d62728";
pub const PATH_OPACITY: f64 = 0.8;
pub const START: &str = "#1a9641";
pub const END: &str = "#7b3294";
/// The outline of cells (or rings of vertices) where a second solution differs from the first.
pub const DIFFERS: &str = "#e66101";
/// Graph edges that the path does not use.
pub const EDGE: &str = "#c8c8c8";

/// The share of a cell taken by the path's stroke, and by the start and end markers.
pub const PATH_WIDTH: f64 = 0.08 * CELL;
pub const MARKER_RADIUS: f64 = 0.16 * CELL;

/// The size of a number of `digits` digits that must fit in `room` units of width, at most
/// `largest`: digits of a sans-serif font are about 0.6 em wide.
pub fn font_for(digits: usize, room: f64, largest: f64) -> f64 {
    (room / (0.6 * digits.max(1) as f64)).min(largest)
}

/// The width of `text` at `font` size, estimated: letters and spaces of a sans-serif font
/// average a little over half an em.
pub fn text_width(text: &str, font: f64) -> f64 {
    0.55 * font * text.chars().count() as f64
}

/// A coordinate rounded to a tenth of a unit: smaller files, and the same text on every run.
pub fn round(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}
