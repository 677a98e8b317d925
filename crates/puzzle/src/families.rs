//! Named graph families that Hamiltonicity tools are tested on, as vertex counts and edge lists
//! (vertices `0..n`). Each is non-Hamiltonian or Hamiltonian for a published reason, which makes
//! them answers established independently of pathsat.

/// The generalized Petersen graph GP(n, k): outer cycle u_i u_{i+1}, spokes u_i v_i, inner edges
/// v_i v_{i+k}, with u_i = i and v_i = n + i. GP(n, 2) is non-Hamiltonian exactly when
/// n ≡ 5 (mod 6) (Alspach 1983); GP(5, 2) is the Petersen graph.
pub fn generalized_petersen(n: usize, k: usize) -> (usize, Vec<(usize, usize)>) {
    let mut edges = Vec::with_capacity(3 * n);
    for i in 0..n {
        edges.push((i, (i + 1) % n));
        edges.push((i, n + i));
        edges.push((n + i, n + (i + k) % n));
    }
    (2 * n, edges)
}

/// The flower snark J_n: stars a_i–b_i, a_i–c_i, a_i–d_i; the cycle of the b_i; the cycle
/// c_0 … c_{n-1} d_0 … d_{n-1}. For odd n ≥ 5 it is a snark, hence non-Hamiltonian (Isaacs 1975).
///
/// # Panics
/// If `n` is 0.
pub fn flower_snark(n: usize) -> (usize, Vec<(usize, usize)>) {
    assert!(n > 0, "a flower snark has at least one star");
    let (a, b, c, d) = (0, n, 2 * n, 3 * n);
    let mut edges = Vec::with_capacity(6 * n);
    for i in 0..n {
        edges.push((a + i, b + i));
        edges.push((a + i, c + i));
        edges.push((a + i, d + i));
        edges.push((b + i, b + (i + 1) % n));
    }
    for i in 0..n - 1 {
        edges.push((c + i, c + i + 1));
        edges.push((d + i, d + i + 1));
    }
    edges.push((c + n - 1, d));
    edges.push((d + n - 1, c));
    (4 * n, edges)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn degrees(n: usize, edges: &[(usize, usize)]) -> Vec<usize> {
        let mut degree = vec![0; n];
        for &(a, b) in edges {
            degree[a] += 1;
            degree[b] += 1;
        }
        degree
    }

    #[test]
    fn both_families_are_cubic_with_distinct_edges() {
        for (n, edges) in [generalized_petersen(11, 2), flower_snark(7)] {
            assert!(degrees(n, &edges).iter().all(|&d| d == 3));
            let mut seen: Vec<_> = edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), edges.len());
            assert_eq!(edges.len(), 3 * n / 2);
        }
    }
}
