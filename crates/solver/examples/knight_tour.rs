//! Times the successor encoding on an empty n x n closed knight's tour: `knight_tour N`.
use pathsat_cnf::card::ExactlyOneEncoding;
use pathsat_puzzle::{verify, Moves, Puzzle};
use pathsat_solver::SuccessorSolver;
use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(30);
    let eo = match std::env::args().nth(2).as_deref() {
        Some("pairwise") => ExactlyOneEncoding::Pairwise,
        _ => ExactlyOneEncoding::Sequential,
    };
    let p = Puzzle::blank(n, n, Moves::Knight, true).unwrap();
    let t = Instant::now();
    let mut s = SuccessorSolver::new(&p, eo).unwrap();
    let f = s.next_solution().unwrap().unwrap();
    assert_eq!(verify(&p, &f), Ok(()));
    let st = s.stats();
    println!(
        "{n}x{n}: {:.2?} (encode {:.2?}, solve {:.2?}), {} calls, {} rounds, {} cuts, at most {} cycles, {} patched",
        t.elapsed(),
        st.encode_time,
        st.solve_time,
        st.solve_calls,
        st.rounds,
        st.cuts,
        st.max_cycles,
        st.patched
    );
}
