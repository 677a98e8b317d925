//! # pathsat for Python
//!
//! The extension module `pathsat._pathsat`, re-exported by the package `pathsat`: path puzzles
//! read, built, solved, counted (one or a directory of them), generated and exported to CNF
//! from Python, and graphs (graph6, sparse6, networkx) asked for Hamiltonian cycles and paths
//! one at a time or filtered by the many, through the same
//! library API as the `pathsat` command ([`pathsat_api`]), so the answers are the same ones,
//! checked by the same verifier.
//!
//! What belongs to Python lives here: exceptions carrying the CLI's one-line messages
//! ([`errors`]), exact counts as Python ints, and long runs that release the GIL and stop on
//! Ctrl-C ([`interrupt`]). Names follow PySAT and NetworkX where the two meet (`nv`, `clauses`,
//! keyword options with defaults).

mod batch;
mod errors;
mod generate;
mod graphs;
mod interrupt;
mod options;
mod puzzle;
mod results;

use pyo3::prelude::*;

/// The extension module: its classes, its function and its exceptions.
#[pymodule]
fn _pathsat(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<puzzle::Puzzle>()?;
    m.add_class::<results::Solution>()?;
    m.add_class::<results::Solutions>()?;
    m.add_class::<results::CountResult>()?;
    m.add_class::<results::Cnf>()?;
    m.add_class::<generate::Generated>()?;
    m.add_class::<batch::BatchReport>()?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(batch::batch, m)?)?;
    m.add_class::<graphs::Graph>()?;
    m.add_class::<graphs::GraphFilter>()?;
    m.add_function(wrap_pyfunction!(graphs::hamiltonian_cycle, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::hamiltonian_path, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::is_hypohamiltonian, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::count_hamiltonian_cycles, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::hamg, m)?)?;
    errors::register(m)?;
    Ok(())
}
