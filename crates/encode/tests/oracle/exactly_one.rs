//! The exactly-one encodings past the sizes `pathsat-cnf` checks by brute force (11 inputs),
//! where the commander and product encodings recurse: by SAT, each has exactly n models, one
//! per true input, with every auxiliary variable fixed, and writes the size it reports.

use crate::sat;
use pathsat_cnf::card::{ExactlyOne, ExactlyOneEncoding};
use pathsat_cnf::{ClauseSink, Cnf, Lit, Var};

#[test]
fn exactly_one_encodings_of_up_to_40_literals() {
    for encoding in ExactlyOneEncoding::ALL {
        for n in (12..=40).step_by(7) {
            let mut cnf = Cnf::new();
            let inputs: Vec<Lit> = (0..n).map(|_| cnf.new_lit()).collect();
            encoding.encode(&inputs, &mut cnf);
            assert_eq!(cnf.n_vars(), n + encoding.n_vars(n), "{encoding:?} n={n}");
            assert_eq!(cnf.n_clauses(), encoding.n_clauses(n), "{encoding:?} n={n}");
            let every: Vec<Var> = (0..cnf.n_vars()).map(Var::from_index).collect();
            let models = sat::projected_models(&cnf, &every, n + 1);
            let mut true_inputs: Vec<usize> = models
                .iter()
                .map(|m| {
                    let on: Vec<usize> = (0..n).filter(|&i| m[i]).collect();
                    assert_eq!(on.len(), 1, "{encoding:?} n={n}: {on:?}");
                    on[0]
                })
                .collect();
            true_inputs.sort_unstable();
            assert_eq!(
                true_inputs,
                (0..n).collect::<Vec<_>>(),
                "{encoding:?} n={n}"
            );
        }
    }
}
