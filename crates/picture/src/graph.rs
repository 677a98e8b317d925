//! Graphs: puzzle files give no coordinates for vertices, so they go on a circle in the order
//! of the path (value 1 at the top, then clockwise). The path is then the rim of the circle, a
//! closed polygon for a Hamiltonian cycle, and every other edge is a grey chord. Each vertex
//! shows its number from the input file inside, and its value outside the rim.

use crate::board::digits;
use crate::style::{self, CELL};
use crate::{markers, path_line, Panel};
use pathsat_puzzle::{Arcs, CellRule, Filling, Puzzle};
use std::f64::consts::{FRAC_PI_2, TAU};
use svg::node::element::{Circle, Group, Line, Text};

const NODE_RADIUS: f64 = 0.35 * CELL;

/// The graph of `puzzle` in a circle layout, in the order of `filling` when there is one
/// (which must be a filling of this puzzle), else in the order of the vertex numbers; the
/// `ringed` vertices get a ring. The groups go in drawing order: edges, path, vertices, labels,
/// rings.
///
/// # Panics
/// If `puzzle` is not a graph puzzle.
pub(crate) fn panel(puzzle: &Puzzle, filling: Option<&Filling>, ringed: &[usize]) -> Panel {
    let arcs = puzzle.moves().arcs().expect("a graph puzzle");
    let n = puzzle.n_cells();
    let order: Vec<usize> = filling.map_or_else(|| (0..n).collect(), Filling::order);
    let ring = Ring::new(n, &order);
    let mut group = Group::new().set("class", "graph").add(chords(arcs, &ring));
    if filling.is_some() {
        let points: Vec<(f64, f64)> = order.iter().map(|&v| ring.at(ring.radius, v)).collect();
        group = group
            .add(path_line(&points, puzzle.is_closed()))
            .add(markers(&points, NODE_RADIUS + 0.15 * CELL));
    }
    let (nodes, names, values) = vertices(puzzle, filling, &ring);
    let group = group.add(nodes).add(names).add(values);
    Panel {
        group: if ringed.is_empty() {
            group
        } else {
            group.add(rings(ringed, &ring))
        },
        width: 2.0 * ring.half,
        height: 2.0 * ring.half,
    }
}

/// The circle the vertices sit on: each vertex's place on it, by its rank in the order drawn.
struct Ring {
    /// The rank of each vertex along the rim, from the top clockwise.
    rank: Vec<usize>,
    /// The radius of the rim.
    radius: f64,
    /// The radius of the circle the values sit on, outside the rim.
    label_radius: f64,
    /// Half the picture's side: the centre's coordinates.
    half: f64,
}

impl Ring {
    /// The rim for `n` vertices, placed in `order`, sized to their number.
    fn new(n: usize, order: &[usize]) -> Self {
        let mut rank = vec![0; n];
        for (i, &v) in order.iter().enumerate() {
            rank[v] = i;
        }
        // Neighbouring vertices about 1.1 cells apart along the rim, however many there are.
        let radius = (n as f64 * 1.1 * CELL / TAU).max(2.0 * CELL);
        let label_radius = radius + NODE_RADIUS + 0.45 * CELL;
        let half = label_radius + 0.35 * CELL;
        Ring {
            rank,
            radius,
            label_radius,
            half,
        }
    }

    /// The point `distance` from the centre in the direction of vertex `v`.
    fn at(&self, distance: f64, v: usize) -> (f64, f64) {
        let angle = -FRAC_PI_2 + TAU * self.rank[v] as f64 / self.rank.len() as f64;
        (
            style::round(self.half + distance * angle.cos()),
            style::round(self.half + distance * angle.sin()),
        )
    }
}

/// Every edge of the graph as a grey chord, in a fixed order so that the same graph gives the
/// same file (an undirected edge once).
fn chords(arcs: &Arcs, ring: &Ring) -> Group {
    let mut edges: Vec<(usize, usize)> = arcs
        .iter()
        .filter(|&(u, v)| arcs.is_directed() || u < v)
        .collect();
    edges.sort_unstable();
    let mut chords = Group::new()
        .set("class", "edges")
        .set("stroke", style::EDGE)
        .set("stroke-width", 1.5);
    for (u, v) in edges {
        let ((x1, y1), (x2, y2)) = (ring.at(ring.radius, u), ring.at(ring.radius, v));
        chords = chords.add(
            Line::new()
                .set("x1", x1)
                .set("y1", y1)
                .set("x2", x2)
                .set("y2", y2),
        );
    }
    chords
}

/// The vertices on the rim (shaded when given), their numbers from the input file inside, and
/// their values (from `filling`, or the givens) outside: three groups, in drawing order.
fn vertices(puzzle: &Puzzle, filling: Option<&Filling>, ring: &Ring) -> (Group, Group, Group) {
    let n = puzzle.n_cells();
    let vertex_font = style::font_for(digits(n), 1.6 * NODE_RADIUS, 0.4 * CELL);
    let value_font = style::font_for(digits(n), 1.2 * CELL, 0.3 * CELL);
    let mut nodes = Group::new()
        .set("class", "vertices")
        .set("stroke", style::INK)
        .set("stroke-width", 1.5);
    let mut names = Group::new()
        .set("class", "vertex-numbers")
        .set("text-anchor", "middle")
        .set("font-size", style::round(vertex_font))
        .set("fill", style::INK);
    let mut values = Group::new()
        .set("class", "numbers")
        .set("text-anchor", "middle")
        .set("font-size", style::round(value_font))
        .set("fill", style::INK);
    for v in 0..n {
        let (x, y) = ring.at(ring.radius, v);
        let given = match puzzle.rule(v) {
            CellRule::Given(value) => Some(*value),
            _ => None,
        };
        let (class, fill) = if given.is_some() {
            ("vertex given", style::GIVEN_FILL)
        } else {
            ("vertex", style::FREE_FILL)
        };
        nodes = nodes.add(
            Circle::new()
                .set("class", class)
                .set("cx", x)
                .set("cy", y)
                .set("r", NODE_RADIUS)
                .set("fill", fill),
        );
        names = names.add(
            Text::new((v + 1).to_string())
                .set("x", x)
                .set("y", style::round(y + 0.36 * vertex_font)),
        );
        if let Some(value) = filling.map(|f| f.value(v)).or(given) {
            let (lx, ly) = ring.at(ring.label_radius, v);
            let mut text = Text::new(value.to_string())
                .set("x", lx)
                .set("y", style::round(ly + 0.36 * value_font));
            if given.is_some() {
                text = text.set("font-weight", "bold");
            }
            values = values.add(text);
        }
    }
    (nodes, names, values)
}

/// A ring round each of the `ringed` vertices (where two solutions differ).
fn rings(ringed: &[usize], ring: &Ring) -> Group {
    let mut rings = Group::new()
        .set("class", "differs")
        .set("fill", "none")
        .set("stroke", style::DIFFERS)
        .set("stroke-width", 0.08 * CELL);
    for &v in ringed {
        let (x, y) = ring.at(ring.radius, v);
        rings = rings.add(
            Circle::new()
                .set("cx", x)
                .set("cy", y)
                .set("r", style::round(NODE_RADIUS + 0.12 * CELL)),
        );
    }
    rings
}
