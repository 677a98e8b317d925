//! The solver's own tests: both backends, proofs, cores, the interrupt.

use super::record::Record;
use super::*;
use crate::proof::ProofError;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use web_time::Instant;

#[test]
fn proofs_of_incremental_runs_are_checked() {
    let mut s = SatSolver::with_proof().unwrap();
    let (a, b) = (s.new_lit(), s.new_lit());
    s.add_clause(&[a, b]);
    assert_eq!(s.solve(), Ok(true));
    s.add_clause(&[!a]);
    assert_eq!(s.solve(), Ok(true));
    s.add_clause(&[!b]);
    assert_eq!(s.solve(), Ok(false));
    let run = s.check_proof(2).unwrap().unwrap();
    assert_eq!(run.models.len(), 2);
    assert_eq!(run.models[1], vec![b.var()]);
    assert_eq!(run.added, vec![vec![!a], vec![!b]]);
    assert!(run.unsat);
    assert!(run.proof_bytes > 0);
    assert!(SatSolver::new().check_proof(2).is_none());
}

/// A proof with a byte changed is refused, never passed as "ok".
#[test]
fn corrupted_proofs_are_rejected() {
    use std::io::{Seek, SeekFrom, Write};
    let mut s = SatSolver::with_proof().unwrap();
    let lits: Vec<Lit> = (0..6).map(|_| s.new_lit()).collect();
    // Pigeonhole: 3 pigeons, 2 holes (unsatisfiable, needs a real proof).
    for p in 0..3 {
        s.add_clause(&[lits[2 * p], lits[2 * p + 1]]);
    }
    for h in 0..2 {
        for p in 0..3 {
            for q in p + 1..3 {
                s.add_clause(&[!lits[2 * p + h], !lits[2 * q + h]]);
            }
        }
    }
    assert_eq!(s.solve(), Ok(false));
    s.backend.close_proof().unwrap();
    let Record::Proof(log) = &mut s.record else {
        panic!("a solver with a proof keeps its log");
    };
    let len = log.file.seek(SeekFrom::End(0)).unwrap();
    assert!(len > 8);
    for offset in [len / 2, len - 2] {
        let mut copy = log.file.try_clone().unwrap();
        copy.seek(SeekFrom::Start(offset)).unwrap();
        copy.write_all(&[0xA5]).unwrap();
    }
    assert!(matches!(
        log.check(6, &Budget::default()),
        Err(ProofError::Rejected(_))
    ));
}

/// Four pigeons in three holes; each pigeon's clause also holds `off`, when given.
fn pigeonhole(s: &mut SatSolver, off: Option<Lit>) {
    let pigeons: Vec<Vec<Lit>> = (0..4)
        .map(|_| (0..3).map(|_| s.new_lit()).collect())
        .collect();
    for p in &pigeons {
        let mut clause = p.clone();
        clause.extend(off);
        s.add_clause(&clause);
    }
    for (i, p) in pigeons.iter().enumerate() {
        for q in &pigeons[i + 1..] {
            for (&a, &b) in p.iter().zip(q) {
                s.add_clause(&[!a, !b]);
            }
        }
    }
}

#[test]
fn cores_and_learned_clauses_are_reported() {
    // Switched on by assuming `on`; `idle` is not needed for the contradiction.
    let mut s = SatSolver::new();
    let (idle, on) = (s.new_lit(), s.new_lit());
    pigeonhole(&mut s, Some(!on));
    s.assume(&[idle, on]);
    assert_eq!(s.solve(), Ok(false));
    assert_eq!(s.failed_core().unwrap(), vec![on]);
    s.assume(&[idle]);
    assert_eq!(s.solve(), Ok(true));
    assert_eq!(s.failed_core(), None);
    assert_eq!(s.learned(), None);

    let mut counted = SatSolver::counting_learned();
    pigeonhole(&mut counted, None);
    assert_eq!(counted.solve(), Ok(false));
    assert!(
        counted.learned().unwrap() > 0,
        "a pigeonhole proof learns clauses"
    );
}

#[test]
fn solves_and_reports_models() {
    let mut s = SatSolver::new();
    let (a, b) = (s.new_lit(), s.new_lit());
    s.add_clause(&[a, b]);
    s.add_clause(&[!a]);
    assert_eq!(s.solve(), Ok(true));
    assert_eq!(s.model().unwrap(), vec![Some(false), Some(true)]);
    s.assume(&[!b]);
    assert_eq!(s.solve(), Ok(false));
    s.assume(&[]);
    s.add_clause(&[]);
    assert_eq!(s.solve(), Ok(false));
    assert_eq!((s.n_vars(), s.n_clauses()), (2, 3));
}

/// The CaDiCaL engine does what the varisat one does: models (variables in no clause
/// unassigned), assumptions that persist until replaced, failed cores, incremental clauses.
#[cfg(feature = "cadical")]
#[test]
fn cadical_solves_assumes_and_reports_cores() {
    let mut s = SatSolver::of_kind(SolverChoice::Cadical).unwrap();
    assert_eq!(s.kind(), SolverChoice::Cadical);
    let (a, b, unused) = (s.new_lit(), s.new_lit(), s.new_lit());
    s.add_clause(&[a, b]);
    s.add_clause(&[!a]);
    assert_eq!(s.solve(), Ok(true));
    assert_eq!(s.model().unwrap(), vec![Some(false), Some(true), None]);
    assert_eq!(s.failed_core(), None);
    s.assume(&[!b, unused]);
    assert_eq!(s.solve(), Ok(false));
    assert_eq!(s.model(), None);
    assert_eq!(s.failed_core().unwrap(), vec![!b]);
    // Still assumed, as with varisat.
    assert_eq!(s.solve(), Ok(false));
    s.assume(&[]);
    assert_eq!(s.solve(), Ok(true));

    let mut p = SatSolver::of_kind(SolverChoice::Cadical).unwrap();
    let (idle, on) = (p.new_lit(), p.new_lit());
    pigeonhole(&mut p, Some(!on));
    p.assume(&[idle, on]);
    assert_eq!(p.solve(), Ok(false));
    assert_eq!(p.failed_core().unwrap(), vec![on]);
    p.add_clause(&[]);
    p.assume(&[]);
    assert_eq!(p.solve(), Ok(false));
    assert!(p.check_proof(2).is_none());
}

/// One pigeon more than `holes` holes, into `s`: unsatisfiable, and for CDCL exponentially
/// hard in the holes (11 take varisat minutes, 13 far longer than any test runs).
fn pigeons_in_holes(s: &mut SatSolver, holes: usize) {
    let pigeons: Vec<Vec<Lit>> = (0..=holes)
        .map(|_| (0..holes).map(|_| s.new_lit()).collect())
        .collect();
    for p in &pigeons {
        s.add_clause(p);
    }
    for (i, p) in pigeons.iter().enumerate() {
        for q in &pigeons[i + 1..] {
            for (&a, &b) in p.iter().zip(q) {
                s.add_clause(&[!a, !b]);
            }
        }
    }
}

/// Fourteen pigeons in thirteen holes, in `choice`'s engine.
fn hard(choice: SolverChoice) -> SatSolver {
    let mut s = SatSolver::of_kind(choice).unwrap();
    pigeons_in_holes(&mut s, 13);
    s
}

/// A call of `choice`'s engine gives up at the interrupt's deadline, and at its flag raised
/// from another thread; lowered again, the same solver answers (a contradiction among the
/// assumptions ends the next call at once). The bound on the time is only there so that a
/// broken interrupt fails rather than hangs: the calls would take hours.
fn calls_stop_at_the_interrupt(choice: SolverChoice) {
    use std::time::Duration;
    let mut s = hard(choice);
    let started = Instant::now();
    s.set_budget(Budget {
        deadline: Some(started + Duration::from_millis(200)),
        ..Budget::default()
    });
    assert_eq!(s.solve(), Err(SatError::Interrupted));
    assert!(started.elapsed() < Duration::from_secs(60));
    assert_eq!(s.model(), None);

    let mut s = hard(choice);
    let flag = Arc::new(AtomicBool::new(false));
    s.set_budget(Budget {
        deadline: None,
        cancel: vec![pathsat_budget::Cancel::from_flag(Arc::clone(&flag))],
        wind_down: None,
    });
    let raiser = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let started = Instant::now();
    assert_eq!(s.solve(), Err(SatError::Interrupted));
    assert!(started.elapsed() < Duration::from_secs(60));
    raiser.join().unwrap();
    // The same solver, no longer interrupted, still answers.
    s.set_budget(Budget::default());
    let unit = s.new_lit();
    s.assume(&[unit, !unit]);
    assert_eq!(s.solve(), Ok(false));
    s.assume(&[]);
    s.add_clause(&[unit]);
    s.add_clause(&[!unit]);
    assert_eq!(s.solve(), Ok(false));
}

#[test]
fn varisat_calls_stop_at_the_interrupt() {
    calls_stop_at_the_interrupt(SolverChoice::Varisat);
    // Raised before the call: no search at all.
    let mut s = SatSolver::new();
    let a = s.new_lit();
    s.add_clause(&[a]);
    s.set_budget(Budget {
        deadline: Some(Instant::now()),
        ..Budget::default()
    });
    assert_eq!(s.solve(), Err(SatError::Interrupted));
    s.set_budget(Budget::default());
    assert_eq!(s.solve(), Ok(true));
}

/// The proof of a certified run stopped inside a call is whole as far as it goes: once the
/// interrupt is lowered it is checked (no model, no unsatisfiability). Raised, the interrupt
/// stops the check itself.
#[test]
fn proofs_of_stopped_runs_are_checked_unless_the_check_is_stopped() {
    use std::time::Duration;
    let mut s = SatSolver::with_proof().unwrap();
    pigeons_in_holes(&mut s, 11);
    s.set_budget(Budget {
        deadline: Some(Instant::now() + Duration::from_millis(100)),
        ..Budget::default()
    });
    assert_eq!(s.solve(), Err(SatError::Interrupted));
    s.set_budget(Budget::default());
    let run = s.check_proof(1).unwrap().unwrap();
    assert!(run.models.is_empty() && !run.unsat);
    assert!(run.proof_bytes > 0);

    let mut s = SatSolver::with_proof().unwrap();
    let (a, b) = (s.new_lit(), s.new_lit());
    s.add_clause(&[a, b]);
    assert_eq!(s.solve(), Ok(true));
    s.set_budget(Budget {
        deadline: Some(Instant::now()),
        ..Budget::default()
    });
    assert!(matches!(
        s.check_proof(2).unwrap(),
        Err(ProofError::Stopped)
    ));
}

/// CaDiCaL gives up a call at the interrupt's deadline or flag, and answers again once
/// it is lowered.
#[cfg(feature = "cadical")]
#[test]
fn cadical_calls_stop_at_the_interrupt() {
    calls_stop_at_the_interrupt(SolverChoice::Cadical);
}

#[test]
fn solver_names() {
    for choice in SolverChoice::ALL {
        assert_eq!(SolverChoice::from_name(choice.name()), Some(choice));
        assert!(choice.describe().starts_with(choice.name()));
    }
    assert_eq!(SolverChoice::default(), SolverChoice::Auto);
    assert_eq!(crate::SolveOptions::default().solver, SolverChoice::Varisat);
    assert!(SolverChoice::Varisat.is_built_in());
    assert_eq!(
        SolverChoice::Cadical.is_built_in(),
        SatSolver::of_kind(SolverChoice::Cadical).is_ok()
    );
}
