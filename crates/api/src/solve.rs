//! `solve`: the first solution, the first few, all of them, or a proof of uniqueness.
//!
//! The solver runs on a thread of its own and stops at the deadline, inside a solver call too;
//! [`solve`] waits for it until the deadline and [`crate::GRACE`], and returns what was found by
//! then.

use crate::options::{SolveRequest, Wanted};
use crate::outcome::{
    vertex_order, Answer, CertificateReport, Differences, EncodedSizes, EncodingInfo, RunStats,
    Solutions,
};
use crate::{wait_for, Error, GRACE};
use pathsat_bigcount::BigCount;
use pathsat_budget::{Budget, Cancel, CancelOnDrop, Stopped};
use pathsat_encode::EncodingOptions;
use pathsat_puzzle::{Filling, Puzzle};
use pathsat_solver::certificate::RecordedRun;
use pathsat_solver::{
    first_solution, Certificate, Member, PuzzleSolver, SolveError, SolveOptions, SolveStats,
};
use serde::Serialize;
use std::sync::{mpsc, Arc};
use web_time::Instant;

pub use crate::stream::{Next, SolutionStream};

/// The result of `solve`, as `pathsat solve --format json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    /// The solutions' count, and whether it is complete.
    #[serde(flatten)]
    pub answer: Answer,
    /// The limit asked for (`--limit`), when there was one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// With [`Wanted::Unique`]: whether the solution is proved unique (absent when the timeout
    /// came first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// The solutions found: grids for boards, vertex orders for graphs. With
    /// [`Wanted::Unique`] on a puzzle that is not unique, the first and a second one.
    pub solutions: Solutions,
    /// A graph's first solution as a vertex order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<usize>>,
    /// With [`Wanted::Unique`] on a puzzle that is not unique: where the second solution
    /// differs from the first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differences: Option<Differences>,
    /// Why the puzzle has no solution, when the encoder proved it before solving.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// What stopped the run before it was complete: `timeout` or `cancelled` (reaching the
    /// number of solutions asked for is what `solve` does).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stopped>,
    /// With `certify`: true when varisat's proof checker accepted the run's proof; false when
    /// the timeout or a cancel stopped the run before its proof was checked (inside a solver
    /// call, which leaves the proof unfinished, or during the check).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certified: Option<bool>,
    /// With `--certify`: what the certificate's check accepted (CaDiCaL's DRAT proof and
    /// the run's claims), or what varisat's proof checker accepted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<CertificateReport>,
    /// The encoding the run used.
    pub encoding: EncodingInfo,
    /// Sizes and times.
    pub stats: RunStats,
    /// What was asked for.
    #[serde(skip)]
    pub wanted: Wanted,
    /// Whether the run was to be certified (a run that says no "no" has nothing to prove).
    #[serde(skip)]
    pub certify: bool,
    /// The solutions as fillings, each passed by the verifier, for pictures and text.
    #[serde(skip)]
    pub fillings: Vec<Filling>,
}

impl SolveReport {
    /// The solutions to show as the answer: with [`Wanted::Unique`] the first (the second is
    /// shown apart, as what makes it not unique).
    pub fn shown(&self) -> &[Filling] {
        match self.wanted {
            Wanted::Unique => &self.fillings[..self.fillings.len().min(1)],
            _ => &self.fillings,
        }
    }

    /// With [`Wanted::Unique`] on a puzzle that is not unique: the second solution.
    pub fn second(&self) -> Option<&Filling> {
        match self.wanted {
            Wanted::Unique => self.fillings.get(1),
            _ => None,
        }
    }

    /// Whether the timeout stopped the run before it was complete (a cancelled run did not
    /// time out: [`SolveReport::stopped`] says [`Stopped::Cancelled`]).
    pub fn timed_out(&self) -> bool {
        self.stopped == Some(Stopped::Timeout)
    }
}

/// What the solving thread tells the caller.
enum Event {
    /// The puzzle is encoded and the solver ready.
    Ready {
        stats: SolveStats,
        contradiction: Option<String>,
    },
    Solution(Filling),
    Done {
        /// What stopped the run before it was complete.
        stopped: Option<Stopped>,
        exhausted: bool,
        stats: SolveStats,
        certificate: Option<Certificate>,
        /// A certified CaDiCaL run: what its certificate is written from.
        recorded: Option<Box<RecordedRun>>,
        /// A certified run stopped inside a solver call: its proof is unfinished.
        proof_unfinished: bool,
    },
    Failed(SolveError),
}

/// Solves `puzzle` (read from `file`, which reports name) as `request` asks.
///
/// # Errors
/// [`Error::Solve`] when the encoding cannot take the puzzle (the user's input) or the solver
/// fails or returns a model that does not verify (a bug). A puzzle without solutions, or a
/// timeout, is an answer.
pub fn solve(
    puzzle: &Arc<Puzzle>,
    file: &str,
    request: &SolveRequest,
) -> Result<SolveReport, Error> {
    let started = Instant::now();
    let deadline = request.timeout.map(|t| started + t);
    let options = request.options;
    // The run stops at the deadline, at the caller's cancel, and when this call returns (a
    // solver thread still inside a call then stops rather than go on for nobody).
    let abandoned = Cancel::new();
    let budget = Budget::until(deadline)
        .and_cancel(&request.cancel)
        .and_cancel(&abandoned);
    let _abandon = CancelOnDrop(abandoned);
    let events = spawn(
        Arc::clone(puzzle),
        options,
        request.wanted.limit(),
        request.jobs.unwrap_or_else(processors),
        budget,
        &request.cancel,
    );
    let (heard, recorded) = hear(&events, deadline, &request.cancel, file)?;
    // The encoding options of the run that answered (a certified race's winner may rule out
    // subtours in its CNF).
    let mut encoding_used = options.encoding;
    if let Some(run) = &recorded {
        encoding_used.subtours = run.subtours;
    }
    // A certified CaDiCaL run that said "no" (no solution, or no other): its certificate,
    // written and checked by tools that are not the solver.
    let checked = match recorded {
        Some(run) if heard.complete && heard.stopped.is_none() => {
            Some(crate::certificate::write_and_check(
                *run,
                puzzle,
                crate::certificate::PuzzleSource::File(file),
                &options.encoding,
                request.certificate.as_deref(),
            )?)
        }
        _ => None,
    };
    Ok(report(
        puzzle,
        file,
        request,
        started,
        heard,
        checked,
        encoding_used,
    ))
}

/// What the solving thread told before it came back, or before the wait for it ended.
struct Heard {
    /// The solutions it found.
    fillings: Vec<Filling>,
    /// Why the puzzle has no solution, when the encoder proved it before solving.
    contradiction: Option<String>,
    /// Whether the run came back (`Done`) before the deadline, its grace or a cancel.
    came_back: bool,
    /// What stopped the run (or the wait for it) before it was complete.
    stopped: Option<Stopped>,
    /// Whether every solution was found.
    complete: bool,
    /// The solver's statistics, when it got as far as being ready.
    stats: Option<SolveStats>,
    /// A certified varisat run's certificate.
    certificate: Option<Certificate>,
    /// A certified run stopped inside a solver call: its proof is unfinished.
    unfinished: bool,
}

/// Waits for the solving thread's events until it is done, the deadline and [`GRACE`] pass or
/// `cancel` is raised, and reads what it said: apart, a certified CaDiCaL run's recording, which
/// the certificate is written from.
///
/// # Errors
/// [`Error::Solve`] when the thread reports that the solver failed.
fn hear(
    events: &mpsc::Receiver<Event>,
    deadline: Option<Instant>,
    cancel: &Cancel,
    file: &str,
) -> Result<(Heard, Option<Box<RecordedRun>>), Error> {
    let mut fillings = Vec::new();
    let mut ready = None;
    let mut done = None;
    let mut unfinished = false;
    let mut recorded = None;
    while let Some(event) = wait_for(events, deadline.map(|d| d + GRACE), cancel) {
        match event {
            Event::Ready {
                stats,
                contradiction,
            } => ready = Some((stats, contradiction)),
            Event::Solution(filling) => fillings.push(filling),
            Event::Done {
                stopped,
                exhausted,
                stats,
                certificate,
                recorded: run,
                proof_unfinished,
            } => {
                unfinished = proof_unfinished;
                recorded = run;
                done = Some((stopped, exhausted, stats, certificate));
                break;
            }
            Event::Failed(e) => return Err(Error::solve(file, e)),
        }
    }
    // Without `Ready`, the deadline passed while the puzzle was being encoded.
    let (ready_stats, contradiction) = ready.unzip();
    let contradiction = contradiction.flatten();
    // Without `Done`, the deadline passed inside a solver call.
    let came_back = done.is_some();
    let (stopped, complete, stats, certificate) = match done {
        Some((stopped, exhausted, stats, certificate)) => {
            (stopped, exhausted, Some(stats), certificate)
        }
        // The wait ended early: the flag was raised, or the deadline and its grace passed.
        None if cancel.is_cancelled() => (Some(Stopped::Cancelled), false, ready_stats, None),
        None => (Some(Stopped::Timeout), false, ready_stats, None),
    };
    let heard = Heard {
        fillings,
        contradiction,
        came_back,
        stopped,
        complete,
        stats,
        certificate,
        unfinished,
    };
    Ok((heard, recorded))
}

/// The report of a run that `heard` tells, whose certificate (if it wrote one) is `checked`,
/// and whose encoding options were `encoding_used`.
fn report(
    puzzle: &Puzzle,
    file: &str,
    request: &SolveRequest,
    started: Instant,
    heard: Heard,
    checked: Option<crate::certificate::CertificateSummary>,
    encoding_used: EncodingOptions,
) -> SolveReport {
    let Heard {
        fillings,
        contradiction,
        came_back,
        stopped,
        complete,
        stats,
        certificate,
        unfinished,
    } = heard;
    let options = request.options;
    let found = fillings.len() as u64;
    let count = BigCount::from(found);
    let wanted = request.wanted;
    let unique = (wanted == Wanted::Unique)
        .then_some(found == 1 && complete)
        .filter(|_| stopped.is_none() || found >= 2);
    let differences = match (wanted, fillings.as_slice()) {
        (Wanted::Unique, [first, second, ..]) => Some(Differences::between(puzzle, first, second)),
        _ => None,
    };
    // The solver that ran: varisat, when the automatic choice found the formula small.
    let solver = stats.as_ref().map_or(options.engine(), |s| s.solver);
    let run_stats = run_stats(puzzle, stats.as_ref(), came_back, started);
    SolveReport {
        answer: Answer::new(puzzle, file, count, complete),
        limit: match wanted {
            Wanted::Upto(n) => Some(n),
            _ => None,
        },
        unique,
        solutions: Solutions::of(puzzle, &fillings),
        order: fillings
            .first()
            .filter(|_| puzzle.is_graph())
            .map(vertex_order),
        differences,
        reason: contradiction,
        stopped,
        certified: if unfinished || (!came_back && request.options.certify) {
            Some(false)
        } else if checked.is_some() {
            Some(true)
        } else {
            certificate.as_ref().map(|_| true)
        },
        certificate: match checked {
            Some(summary) => Some(CertificateReport::Checked(summary)),
            None => certificate
                .as_ref()
                .map(|c| CertificateReport::Varisat(c.clone())),
        },
        encoding: EncodingInfo::new(
            stats
                .as_ref()
                .map_or_else(|| options.encoding_for(puzzle), |s| s.encoding),
            &encoding_used,
        )
        .solved_by(solver)
        .seeded(options.seed)
        .chosen_by_size(options.by_size() && solver != options.engine()),
        stats: run_stats,
        wanted,
        certify: options.certify,
        fillings,
    }
}

/// The sizes and times of a run that started at `started`, whose solver reported `stats` (if
/// it got that far) and which `came_back` before the wait for it ended (if not, its solving
/// time is what has passed since it was encoded).
fn run_stats(
    puzzle: &Puzzle,
    stats: Option<&SolveStats>,
    came_back: bool,
    started: Instant,
) -> RunStats {
    RunStats {
        cells: puzzle.n_cells(),
        graph: puzzle.is_graph(),
        encoded: stats.map(|s| EncodedSizes::new(&s.encode, s.encode_time)),
        solver_calls: stats.map_or(0, |s| s.solve_calls),
        solve_seconds: match stats {
            Some(s) if came_back => s.solve_time.as_secs_f64(),
            Some(s) => started
                .elapsed()
                .saturating_sub(s.encode_time)
                .as_secs_f64(),
            None => 0.0,
        },
        total_seconds: started.elapsed().as_secs_f64(),
        subtours: stats.and_then(|s| s.subtours.clone()),
        phases: Vec::new(),
    }
}

/// Solves on a thread of its own (or races `jobs` of them, see [`races`]), reporting each
/// solution as it is found and stopping at `limit` solutions or at `budget`, inside a solver
/// call too. Nothing runs in WebAssembly when `cancel` was raised before the call.
fn spawn(
    puzzle: Arc<Puzzle>,
    options: SolveOptions,
    limit: Option<u64>,
    jobs: usize,
    budget: Budget,
    cancel: &Cancel,
) -> mpsc::Receiver<Event> {
    let (send, events) = mpsc::channel();
    if let Some(finished) = pathsat_solver::certified_race::sweep(&puzzle, &options) {
        send_finished(&send, Ok(finished));
        return events;
    }
    if let Some(members) = pathsat_solver::certified_race::members(&puzzle, &options, jobs) {
        crate::detach::detach(cancel, move || {
            let finished = pathsat_solver::certified_race::race(&puzzle, members, limit, &budget);
            send_finished(&send, finished);
        });
        return events;
    }
    if races(&puzzle, &options, limit, jobs) {
        crate::detach::detach(cancel, move || {
            race(&puzzle, &options, jobs, &budget, &send)
        });
        return events;
    }
    crate::detach::detach(cancel, move || {
        let mut solver = match PuzzleSolver::within(&puzzle, &options, &budget) {
            Ok(solver) => solver,
            Err(e) => {
                let _ = send.send(Event::Failed(e));
                return;
            }
        };
        let _ = send.send(Event::Ready {
            stats: solver.stats(),
            contradiction: solver.contradiction().map(str::to_string),
        });
        let mut fillings = solver.fillings().within(&budget).limit(limit);
        let outcome = loop {
            match fillings.next() {
                Some(Ok(filling)) => {
                    if send.send(Event::Solution(filling)).is_err() {
                        return;
                    }
                }
                Some(Err(e)) => break Err(e),
                None => break Ok(()),
            }
        };
        // Stopping at the limit is what was asked for.
        let stopped = fillings.stopped().filter(|&s| s != Stopped::Limit);
        // The deadline or cancel flag stops the proof's check too (or stopped a solver call,
        // and the proof with it): then there is no verdict.
        let recorded = solver.finish_recording().map(Box::new);
        let (certificate, proof_unfinished) = match outcome {
            Ok(()) if recorded.is_some() => (Ok(None), false),
            Ok(()) if options.certify => match solver.certify() {
                Ok(certificate) => (Ok(Some(certificate)), false),
                Err(SolveError::Interrupted) => (Ok(None), true),
                Err(e) => (Err(e), false),
            },
            Ok(()) => (Ok(None), false),
            Err(e) => (Err(e), false),
        };
        let event = match certificate {
            Ok(certificate) => Event::Done {
                stopped,
                // Stopping at the limit proves nothing about the rest.
                exhausted: solver.is_exhausted(),
                stats: solver.stats(),
                certificate,
                recorded,
                proof_unfinished,
            },
            Err(e) => Event::Failed(e),
        };
        let _ = send.send(event);
    });
    events
}

/// The events of a certified run finished in one go (the sweep's or a race's).
fn send_finished(
    send: &mpsc::Sender<Event>,
    finished: Result<pathsat_solver::certified_race::Finished, SolveError>,
) {
    let _ = match finished {
        Ok(f) => {
            let _ = send.send(Event::Ready {
                stats: f.stats.clone(),
                contradiction: f.contradiction,
            });
            for filling in f.fillings {
                let _ = send.send(Event::Solution(filling));
            }
            send.send(Event::Done {
                stopped: f.stopped,
                exhausted: f.exhausted,
                stats: f.stats,
                certificate: None,
                recorded: f.recorded.map(Box::new),
                proof_unfinished: false,
            })
        }
        Err(e) => send.send(Event::Failed(e)),
    };
}

/// This machine's processors (1 when that cannot be told).
fn processors() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Whether a first solution is raced by a portfolio ([`pathsat_solver::portfolio`]): the
/// successor loop on a puzzle of 100 cells or more, with two jobs or more (by default, on a
/// machine with two cores or more), unless `PATHSAT_NO_PORTFOLIO` is set.
fn races(puzzle: &Puzzle, options: &SolveOptions, limit: Option<u64>, jobs: usize) -> bool {
    limit == Some(1)
        && jobs >= 2
        && puzzle.n_cells() >= pathsat_solver::portfolio::RACE_MIN_CELLS
        && !options.certify
        && options.encoding_for(puzzle) == pathsat_encode::Encoding::Successor
        && std::env::var_os("PATHSAT_NO_PORTFOLIO").is_none()
}

/// The first solution by a race of `jobs` configurations, reported as one solver's run.
fn race(
    puzzle: &Puzzle,
    options: &SolveOptions,
    jobs: usize,
    budget: &Budget,
    send: &mpsc::Sender<Event>,
) {
    let members = Member::portfolio(puzzle, options, jobs);
    match first_solution(puzzle, &members, budget) {
        Ok(raced) => {
            let _ = send.send(Event::Ready {
                stats: raced.stats.clone(),
                contradiction: raced.contradiction.clone(),
            });
            if let Some(filling) = raced.filling {
                let _ = send.send(Event::Solution(filling));
            }
            let _ = send.send(Event::Done {
                stopped: raced
                    .interrupted
                    .then(|| budget.must_stop().unwrap_or(Stopped::Timeout)),
                exhausted: raced.exhausted,
                stats: raced.stats,
                certificate: None,
                recorded: None,
                proof_unfinished: false,
            });
        }
        Err(e) => {
            let _ = send.send(Event::Failed(e));
        }
    }
}
