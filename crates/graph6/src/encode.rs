//! Writing one graph as a line of graph6 or sparse6 (without the end of line).

use crate::decode::vertex_bits;
use crate::size::write_size;

/// Checks an edge against `n`: both ends are vertices.
fn checked(n: usize, (u, v): (usize, usize)) -> (usize, usize) {
    assert!(
        u < n && v < n,
        "edge ({u}, {v}) names a vertex outside 0..{n}"
    );
    (u.min(v), u.max(v))
}

/// The graph as a graph6 line (no newline): `N(n)` and the upper triangle. An edge listed
/// twice (in either direction) is written once.
///
/// # Panics
/// When an edge names a vertex of `n` or more, when an edge is a loop (graph6 has none), or
/// when `n` is more than 2^36 - 1.
pub fn encode_graph6(n: usize, edges: &[(usize, usize)]) -> String {
    let bits = n
        .checked_mul(n.saturating_sub(1))
        .expect("a graph6 line of this many vertices does not fit in memory")
        / 2;
    let mut groups = vec![0u8; bits.div_ceil(6)];
    for &edge in edges {
        let (i, j) = checked(n, edge);
        assert!(i != j, "graph6 cannot write the loop ({i}, {j})");
        let p = j * (j - 1) / 2 + i;
        groups[p / 6] |= 32 >> (p % 6);
    }
    let mut out = String::with_capacity(groups.len() + 8);
    write_size(&mut out, n);
    out.extend(groups.iter().map(|&g| char::from(g + 63)));
    out
}

/// Bits into the bytes of a line, six at a time.
struct Bits {
    out: String,
    /// The bits not yet written: the low `have` bits, fewer than six between calls.
    acc: u64,
    have: u32,
}

impl Bits {
    fn push(&mut self, value: usize, bits: u32) {
        self.acc = (self.acc << bits) | value as u64;
        self.have += bits;
        while self.have >= 6 {
            self.have -= 6;
            self.out
                .push(char::from(63 + ((self.acc >> self.have) & 63) as u8));
        }
        self.acc &= (1 << self.have) - 1;
    }
}

/// The graph as a sparse6 line (no newline), byte for byte as nauty writes it: `:`, `N(n)`,
/// the edges in order of their larger end, then their smaller one, and nauty's padding.
/// Loops and repeated edges are written as they are (each repeat once more).
///
/// # Panics
/// When an edge names a vertex of `n` or more, or when `n` is more than 2^36 - 1.
pub fn encode_sparse6(n: usize, edges: &[(usize, usize)]) -> String {
    let mut sorted: Vec<(usize, usize)> = edges
        .iter()
        .map(|&edge| {
            let (i, j) = checked(n, edge);
            (j, i)
        })
        .collect();
    sorted.sort_unstable();
    let k = vertex_bits(n);
    let mut out = String::with_capacity(8 + (sorted.len() * (2 * k as usize + 2)).div_ceil(6));
    out.push(':');
    write_size(&mut out, n);
    let mut bits = Bits {
        out,
        acc: 0,
        have: 0,
    };
    // The current vertex v of the decoder, as nauty's writer keeps it.
    let mut last = 0;
    for &(j, i) in &sorted {
        if j == last {
            bits.push(0, 1);
        } else {
            // b = 1 moves v to last + 1; a larger j is reached by x = j, then b = 0.
            bits.push(1, 1);
            if j > last + 1 {
                bits.push(j, k);
                bits.push(0, 1);
            }
            last = j;
        }
        bits.push(i, k);
    }
    if bits.have > 0 {
        let pad = 6 - bits.have;
        // 1-bits would read as b = 1 (v = n - 1) and x = n - 1: the loop {n-1, n-1}.
        if pad > k && n == 1 << k && last + 2 == n {
            bits.push(0, 1);
            bits.push((1 << (pad - 1)) - 1, pad - 1);
        } else {
            bits.push((1 << pad) - 1, pad);
        }
    }
    bits.out
}
