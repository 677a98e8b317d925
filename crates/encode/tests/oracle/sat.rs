//! Every model of a CNF, projected onto some of its variables, by varisat and blocking clauses:
//! the tests' way of reading what an encoding says, independently of `pathsat-solver`.

use pathsat_cnf::{ClauseSink, Cnf, Lit, Var};
use varisat::ExtendFormula;

fn to_varisat(lit: Lit) -> varisat::Lit {
    varisat::Lit::from_index(lit.var().index(), lit.is_positive())
}

/// A solver holding the clauses of `cnf`.
pub fn solver(cnf: &Cnf) -> varisat::Solver<'static> {
    let mut solver = varisat::Solver::new();
    for _ in 0..cnf.n_vars() {
        solver.new_var();
    }
    for clause in cnf.clauses() {
        let lits: Vec<varisat::Lit> = clause.iter().map(|&l| to_varisat(l)).collect();
        solver.add_clause(&lits);
    }
    solver
}

/// The current model as an assignment indexed by variable (unassigned variables false).
fn assignment(solver: &varisat::Solver<'static>, n_vars: usize) -> Vec<bool> {
    let mut values = vec![false; n_vars];
    for lit in solver.model().expect("a model") {
        if lit.index() < n_vars {
            values[lit.index()] = lit.is_positive();
        }
    }
    values
}

/// Adds a clause to a solver.
pub fn add(solver: &mut varisat::Solver<'static>, clause: &[Lit]) {
    let lits: Vec<varisat::Lit> = clause.iter().map(|&l| to_varisat(l)).collect();
    solver.add_clause(&lits);
}

/// Solves; the model (indexed by variable) when there is one.
pub fn solve(solver: &mut varisat::Solver<'static>, n_vars: usize) -> Option<Vec<bool>> {
    solver
        .solve()
        .expect("varisat")
        .then(|| assignment(solver, n_vars))
}

/// Every model of `cnf` projected onto `project`, each once, as full assignments (one model per
/// projection); each is checked against the clauses. Panics past `limit` models.
pub fn projected_models(cnf: &Cnf, project: &[Var], limit: usize) -> Vec<Vec<bool>> {
    let mut solver = solver(cnf);
    let mut models = Vec::new();
    while let Some(model) = solve(&mut solver, cnf.n_vars()) {
        assert!(
            cnf.is_satisfied_by(&model),
            "varisat's model breaks a clause"
        );
        let block: Vec<Lit> = project.iter().map(|&v| v.lit(!model[v.index()])).collect();
        models.push(model);
        assert!(models.len() <= limit, "more than {limit} models");
        if block.is_empty() {
            break;
        }
        add(&mut solver, &block);
    }
    models
}
