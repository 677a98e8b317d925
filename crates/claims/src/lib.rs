//! # Checking a certificate: its claims and its proof
//!
//! A pathsat certificate proves "no (other) solution" with a DRAT proof that a formula is
//! unsatisfiable. The formula is the puzzle's encoding followed by clauses the solver's run
//! added: edges forced or removed by reductions, cuts against subcycles, blocked solutions.
//! The proof checker confirms only that the formula is unsatisfiable; this crate confirms that
//! each added clause is what its claim (in `claims.txt`) says, and that the claim holds for
//! every solution of the puzzle, so that the unsatisfiability means what the answer says.
//!
//! It shares no code with pathsat's solver: it reads the files itself, recomputes every clause
//! from its claim and the variables' meaning, and checks each rule from scratch; the DRAT proof
//! is replayed by the `dratify` crate ([`check_proof`]). Its only other dependency is the graph
//! type every pathsat crate shares (`pathsat-graph`: data, no algorithm), which holds the
//! edges of the arc variables.
//!
//! The format is documented in pathsat's `encodings/certificates.md`; in short, after a
//! `p claims E K` line (the first E clauses of the formula are the encoding; K claims follow)
//! and the meaning of the variables (`vertices N` and `arc VAR U V`, or `cells N` and
//! `value VAR CELL VALUE`), a `solutions S` line and K claims:
//!
//! | claim | holds because | clause(s) |
//! |---|---|---|
//! | `force U V by W` | W has two edges left, UV one of them: every Hamiltonian cycle uses both | the arcs of UV |
//! | `remove U V by W` | W already has two forced edges, UV is not one | each arc of UV, negated |
//! | `remove U V by path` | U and V end one path of forced edges that misses a vertex | each arc of UV, negated |
//! | `leave S...` | a Hamiltonian cycle leaves every proper vertex set | the arcs from S out |
//! | `enter S...` | and enters it | the arcs into S |
//! | `tour V1 ... VN` | excludes this Hamiltonian cycle (a solution found) | its arcs, negated |
//! | `block C=V ...` | excludes this filling (a solution found) | its variables, negated |
//! | `exclude C=V` | the hypothesis refuted: cell C holds another value than V | its variable, negated |
//! | `assume C=V` | the cube counted: cell C holds V (the other cubes take its other values) | its variable |
//!
//! Vertices and cells are numbered from 1. Each claim's clauses are compared as sets of
//! literals, in order, with the formula's clauses after the encoding; none may be left over.

use pathsat_graph::Graph;
use std::collections::{HashMap, HashSet};
use std::fmt;

mod proof;

pub use proof::{check_proof, ProofChecked};

/// Why a certificate's claims were rejected: one line, naming the line of `claims.txt` (or the
/// clause of the formula) at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection(pub String);

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Rejection {}

fn reject<T>(message: impl Into<String>) -> Result<T, Rejection> {
    Err(Rejection(message.into()))
}

/// What accepted claims establish.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Accepted {
    /// Clauses of the formula, of which `encoding_clauses` are the encoding.
    pub clauses: usize,
    /// Clauses of the encoding.
    pub encoding_clauses: usize,
    /// Claims checked.
    pub claims: usize,
    /// The solutions the tour and block claims exclude (each a different one): if the formula
    /// is unsatisfiable, the puzzle has exactly these.
    pub solutions: Vec<Solution>,
    /// The (cell, value) pairs `exclude` claims rule out (cells from 0): if the formula is
    /// unsatisfiable, every solution puts each such value on its cell.
    pub excluded: Vec<(usize, u32)>,
    /// The (cell, value) pairs `assume` claims pin (cells from 0): the certificate is about
    /// the solutions with these values (one cube of a count split on a cell).
    pub assumed: Vec<(usize, u32)>,
}

/// A solution a claim excludes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// A Hamiltonian cycle, as its vertices in order (from 0).
    Tour(Vec<usize>),
    /// A filling, as (cell, value) pairs (cells from 0).
    Filling(Vec<(usize, u32)>),
    /// Not a solution: a value ruled out on a cell (an `exclude` claim; reported in
    /// [`Accepted::excluded`], never in [`Accepted::solutions`]).
    Excluded(usize, u32),
    /// Not a solution: a value pinned on a cell (an `assume` claim; reported in
    /// [`Accepted::assumed`]).
    Assumed(usize, u32),
}

/// Blank lines and lines `c ...` are comments, in both files.
fn is_comment(line: &str) -> bool {
    line.is_empty() || line == "c" || line.starts_with("c ")
}

/// Reads a DIMACS CNF file: its clauses, in order.
///
/// # Errors
/// A [`Rejection`] naming the line that is not DIMACS.
pub fn parse_cnf(text: &str) -> Result<Vec<Vec<i64>>, Rejection> {
    let mut clauses = Vec::new();
    let mut current = Vec::new();
    let mut declared = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if is_comment(line) {
            continue;
        }
        if let Some(rest) = line.strip_prefix("p cnf") {
            let numbers: Vec<usize> = rest
                .split_whitespace()
                .map(|t| t.parse().ok())
                .collect::<Option<_>>()
                .filter(|v: &Vec<usize>| v.len() == 2)
                .ok_or_else(|| Rejection(format!("formula.cnf:{}: a bad p line", i + 1)))?;
            declared = Some(numbers[1]);
            continue;
        }
        for token in line.split_whitespace() {
            let lit: i64 = token.parse().map_err(|_| {
                Rejection(format!("formula.cnf:{}: `{token}` is not a literal", i + 1))
            })?;
            if lit == 0 {
                clauses.push(std::mem::take(&mut current));
            } else {
                current.push(lit);
            }
        }
    }
    if !current.is_empty() {
        return reject("formula.cnf: the last clause has no closing 0");
    }
    match declared {
        Some(n) if n == clauses.len() => Ok(clauses),
        Some(n) => reject(format!(
            "formula.cnf: the p line says {n} clauses, the file has {}",
            clauses.len()
        )),
        None => reject("formula.cnf: no p line"),
    }
}

/// The arc variables, the graph of their edges, and what the claims so far have forced and
/// removed.
struct Arcs {
    /// Arc (u, v) to its variable.
    arcs: HashMap<(usize, usize), i64>,
    /// Each vertex's neighbours by an arc either way.
    graph: Graph,
    forced: HashSet<(usize, usize)>,
    removed: HashSet<(usize, usize)>,
}

fn edge(u: usize, v: usize) -> (usize, usize) {
    (u.min(v), u.max(v))
}

impl Arcs {
    /// No arcs yet, on `vertices` vertices.
    fn new(vertices: usize) -> Self {
        Arcs {
            arcs: HashMap::new(),
            graph: Graph::new(vertices),
            forced: HashSet::new(),
            removed: HashSet::new(),
        }
    }

    fn arcs_of(&self, u: usize, v: usize) -> Vec<i64> {
        [(u, v), (v, u)]
            .iter()
            .filter_map(|a| self.arcs.get(a).copied())
            .collect()
    }

    fn alive_edges(&self, w: usize) -> Vec<(usize, usize)> {
        self.graph
            .neighbours(w)
            .map(|x| edge(w, x))
            .filter(|e| !self.removed.contains(e))
            .collect()
    }

    fn forced_edges(&self, w: usize) -> Vec<(usize, usize)> {
        self.graph
            .neighbours(w)
            .map(|x| edge(w, x))
            .filter(|e| self.forced.contains(e))
            .collect()
    }

    /// The other end of the path of forced edges that starts at `u` (which must end one), and
    /// the path's vertex count; `None` if `u` does not end a path.
    fn path_from(&self, u: usize) -> Option<(usize, usize)> {
        if self.forced_edges(u).len() != 1 {
            return None;
        }
        let (mut prev, mut at, mut count) = (usize::MAX, u, 1);
        loop {
            let next = self.forced_edges(at).into_iter().find_map(|(a, b)| {
                let other = if a == at { b } else { a };
                (other != prev).then_some(other)
            });
            match next {
                Some(n) if count <= self.graph.n_vertices() => {
                    prev = at;
                    at = n;
                    count += 1;
                }
                Some(_) => return None,
                None => return Some((at, count)),
            }
        }
    }

    /// The arcs with exactly one end in `set`, leaving it (`out`) or entering it.
    fn crossing(&self, set: &HashSet<usize>, out: bool) -> Vec<i64> {
        self.arcs
            .iter()
            .filter(|(&(u, v), _)| set.contains(&u) != set.contains(&v) && set.contains(&u) == out)
            .map(|(_, &var)| var)
            .collect()
    }
}

/// The meaning of the variables.
enum Meaning {
    Graph(Arcs),
    Cells {
        cells: usize,
        values: HashMap<(usize, u32), i64>,
    },
}

fn sorted(mut clause: Vec<i64>) -> Vec<i64> {
    clause.sort_unstable();
    clause
}

/// Checks `claims` (the text of `claims.txt`) against `formula` (the clauses of
/// `formula.cnf`, from [`parse_cnf`]).
///
/// # Errors
/// A [`Rejection`] saying which line breaks which rule.
pub fn check(formula: &[Vec<i64>], claims: &str) -> Result<Accepted, Rejection> {
    let mut lines = claims
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !is_comment(l));
    let Some((n, header)) = lines.next() else {
        return reject("claims.txt: empty");
    };
    let (encoding, declared) = header_counts(n, header)?;
    if encoding > formula.len() {
        return reject(format!(
            "the encoding is said to have {encoding} clauses; formula.cnf has {}",
            formula.len()
        ));
    }
    let mut checker = Checker::new(formula, encoding);
    for (n, line) in lines {
        checker.line(&format!("claims.txt:{n}"), line)?;
    }
    checker.finish(encoding, declared)
}

/// The counts of the `p claims E K` line (on line `n`): the encoding's clauses and the claims.
fn header_counts(n: usize, header: &str) -> Result<(usize, usize), Rejection> {
    let header: Vec<&str> = header.split_whitespace().collect();
    match header.as_slice() {
        ["p", "claims", e, k] => match (e.parse::<usize>(), k.parse::<usize>()) {
            (Ok(e), Ok(k)) => Ok((e, k)),
            _ => reject(format!("claims.txt:{n}: a bad p line")),
        },
        _ => reject(format!("claims.txt:{n}: expected `p claims E K`")),
    }
}

/// What the lines of `claims.txt` after the `p` line have said so far, and the next clause of
/// the formula a claim must stand for.
struct Checker<'f> {
    formula: &'f [Vec<i64>],
    meaning: Option<Meaning>,
    next_clause: usize,
    claimed: usize,
    said_solutions: Option<usize>,
    solutions: Vec<Solution>,
    excluded: Vec<(usize, u32)>,
    assumed: Vec<(usize, u32)>,
    /// The clauses of the solutions excluded so far (each sorted), so that none is twice.
    seen_solutions: HashSet<Vec<i64>>,
    /// The variables given a meaning so far, so that none has two.
    vars_seen: HashSet<i64>,
}

impl<'f> Checker<'f> {
    /// A check whose claims start after the first `encoding` clauses of `formula`.
    fn new(formula: &'f [Vec<i64>], encoding: usize) -> Self {
        Checker {
            formula,
            meaning: None,
            next_clause: encoding,
            claimed: 0,
            said_solutions: None,
            solutions: Vec::new(),
            excluded: Vec::new(),
            assumed: Vec::new(),
            seen_solutions: HashSet::new(),
            vars_seen: HashSet::new(),
        }
    }

    /// Reads one line (not a comment) at `here`: a meaning of the variables, the `solutions`
    /// line or a claim.
    fn line(&mut self, here: &str, line: &str) -> Result<(), Rejection> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[0] {
            "vertices" | "cells" if self.meaning.is_some() => {
                return reject(format!("{here}: a second `{}` line", words[0]))
            }
            "vertices" => {
                let v = number(here, words.get(1).copied().unwrap_or(""))?;
                self.meaning = Some(Meaning::Graph(Arcs::new(v)));
            }
            "cells" => {
                let cells = number(here, words.get(1).copied().unwrap_or(""))?;
                self.meaning = Some(Meaning::Cells {
                    cells,
                    values: HashMap::new(),
                });
            }
            "arc" if words.len() == 4 => self.arc(here, &words)?,
            "value" if words.len() == 4 => self.value(here, &words)?,
            "solutions" => {
                self.said_solutions = Some(number(here, words.get(1).copied().unwrap_or(""))?)
            }
            keyword => self.claim(here, keyword, &words[1..])?,
        }
        Ok(())
    }

    /// An `arc VAR U V` line: the variable of the arc from U to V.
    fn arc(&mut self, here: &str, words: &[&str]) -> Result<(), Rejection> {
        let Some(Meaning::Graph(g)) = &mut self.meaning else {
            return reject(format!("{here}: an arc without a `vertices` line"));
        };
        let var = new_var(here, words[1], &mut self.vars_seen)?;
        let (u, v) = (
            vertex(here, words[2], g.graph.n_vertices())?,
            vertex(here, words[3], g.graph.n_vertices())?,
        );
        if u == v || g.arcs.insert((u, v), var).is_some() {
            return reject(format!(
                "{here}: the arc {} {} is a loop or listed twice",
                u + 1,
                v + 1
            ));
        }
        g.graph.add_edge(u, v);
        Ok(())
    }

    /// A `value VAR CELL VALUE` line: the variable of a value on a cell.
    fn value(&mut self, here: &str, words: &[&str]) -> Result<(), Rejection> {
        let Some(Meaning::Cells { cells, values }) = &mut self.meaning else {
            return reject(format!("{here}: a value without a `cells` line"));
        };
        let var = new_var(here, words[1], &mut self.vars_seen)?;
        let cell = vertex(here, words[2], *cells)?;
        let value: u32 = words[3]
            .parse()
            .map_err(|_| Rejection(format!("{here}: `{}` is not a value", words[3])))?;
        if values.insert((cell, value), var).is_some() {
            return reject(format!(
                "{here}: cell {} value {value} listed twice",
                cell + 1
            ));
        }
        Ok(())
    }

    /// A claim: its rule holds, its clauses are the formula's next ones, and the solution it
    /// excludes (if any) was not excluded before.
    fn claim(&mut self, here: &str, keyword: &str, words: &[&str]) -> Result<(), Rejection> {
        let Some(meaning) = &mut self.meaning else {
            return reject(format!("{here}: a claim before the variables' meaning"));
        };
        let (expected, solution) = claim(here, keyword, words, meaning)?;
        self.claimed += 1;
        let expected = self.take_clauses(here, keyword, expected)?;
        if let Some(Solution::Excluded(cell, value)) = solution {
            self.excluded.push((cell, value));
        } else if let Some(Solution::Assumed(cell, value)) = solution {
            self.assumed.push((cell, value));
        } else if let Some(solution) = solution {
            let key = sorted(expected.concat());
            if !self.seen_solutions.insert(key) {
                return reject(format!("{here}: this solution was excluded before"));
            }
            self.solutions.push(solution);
        }
        Ok(())
    }

    /// Compares a claim's clauses, as sets, with the formula's next ones and moves past them;
    /// gives them back sorted.
    fn take_clauses(
        &mut self,
        here: &str,
        keyword: &str,
        expected: Vec<Vec<i64>>,
    ) -> Result<Vec<Vec<i64>>, Rejection> {
        let formula = self.formula;
        let mut expected: Vec<Vec<i64>> = expected.into_iter().map(sorted).collect();
        expected.sort();
        let end = self.next_clause + expected.len();
        if end > formula.len() {
            return reject(format!(
                "{here}: the claim's clause is missing from formula.cnf (it has {} clauses)",
                formula.len()
            ));
        }
        let mut found: Vec<Vec<i64>> = formula[self.next_clause..end]
            .iter()
            .cloned()
            .map(sorted)
            .collect();
        found.sort();
        if found != expected {
            return reject(format!(
                "{here}: clause {} of formula.cnf is not the one this `{keyword}` claim gives",
                self.next_clause + 1
            ));
        }
        self.next_clause = end;
        Ok(expected)
    }

    /// After the last line: the counts of the `p` and `solutions` lines hold, and every clause
    /// after the encoding has its claim.
    fn finish(self, encoding: usize, declared: usize) -> Result<Accepted, Rejection> {
        let formula = self.formula;
        if self.claimed != declared {
            return reject(format!(
                "claims.txt: the p line says {declared} claims, the file has {}",
                self.claimed
            ));
        }
        if self.next_clause != formula.len() {
            return reject(format!(
                "clause {} of formula.cnf has no claim: every clause after the encoding must have one",
                self.next_clause + 1
            ));
        }
        match self.said_solutions {
            Some(s) if s == self.solutions.len() => {}
            Some(s) => {
                return reject(format!(
                    "claims.txt says {s} solutions; its tour and block claims exclude {}",
                    self.solutions.len()
                ))
            }
            None => return reject("claims.txt: no `solutions` line"),
        }
        Ok(Accepted {
            clauses: formula.len(),
            encoding_clauses: encoding,
            claims: self.claimed,
            solutions: self.solutions,
            excluded: self.excluded,
            assumed: self.assumed,
        })
    }
}

/// A count on the line at `here`.
fn number(here: &str, w: &str) -> Result<usize, Rejection> {
    w.parse::<usize>()
        .map_err(|_| Rejection(format!("{here}: `{w}` is not a number")))
}

/// A variable given its meaning on the line at `here`: positive, and not given one before.
fn new_var(here: &str, w: &str, seen: &mut HashSet<i64>) -> Result<i64, Rejection> {
    let var: i64 = w
        .parse()
        .ok()
        .filter(|&v: &i64| v > 0)
        .ok_or_else(|| Rejection(format!("{here}: `{w}` is not a variable")))?;
    if !seen.insert(var) {
        return reject(format!("{here}: variable {var} is given two meanings"));
    }
    Ok(var)
}

fn vertex(here: &str, word: &str, count: usize) -> Result<usize, Rejection> {
    match word.parse::<usize>() {
        Ok(v) if (1..=count).contains(&v) => Ok(v - 1),
        _ => reject(format!(
            "{here}: `{word}` is not a vertex or cell from 1 to {count}"
        )),
    }
}

type ClaimClauses = (Vec<Vec<i64>>, Option<Solution>);

/// Checks one claim's rule and gives the clauses it stands for (and the solution it excludes).
fn claim(
    here: &str,
    keyword: &str,
    words: &[&str],
    meaning: &mut Meaning,
) -> Result<ClaimClauses, Rejection> {
    match (keyword, meaning) {
        ("block", Meaning::Cells { cells, values }) => {
            if words.is_empty() {
                return reject(format!("{here}: a block claim names no cell"));
            }
            let mut clause = Vec::new();
            let mut pairs = Vec::new();
            let mut cells_seen = HashSet::new();
            for w in words {
                let (c, v) = w
                    .split_once('=')
                    .ok_or_else(|| Rejection(format!("{here}: `{w}` is not CELL=VALUE")))?;
                let cell = vertex(here, c, *cells)?;
                let value: u32 = v
                    .parse()
                    .map_err(|_| Rejection(format!("{here}: `{v}` is not a value")))?;
                if !cells_seen.insert(cell) {
                    return reject(format!("{here}: cell {} is blocked twice", cell + 1));
                }
                let var = values.get(&(cell, value)).ok_or_else(|| {
                    Rejection(format!(
                        "{here}: cell {} has no variable for {value}",
                        cell + 1
                    ))
                })?;
                clause.push(-var);
                pairs.push((cell, value));
            }
            Ok((vec![clause], Some(Solution::Filling(pairs))))
        }
        (keyword @ ("exclude" | "assume"), Meaning::Cells { cells, values }) => {
            let [pair] = words else {
                return reject(format!("{here}: expected `{keyword} CELL=VALUE`"));
            };
            let (c, v) = pair
                .split_once('=')
                .ok_or_else(|| Rejection(format!("{here}: `{pair}` is not CELL=VALUE")))?;
            let cell = vertex(here, c, *cells)?;
            let value: u32 = v
                .parse()
                .map_err(|_| Rejection(format!("{here}: `{v}` is not a value")))?;
            let var = values.get(&(cell, value)).ok_or_else(|| {
                Rejection(format!(
                    "{here}: cell {} has no variable for {value}",
                    cell + 1
                ))
            })?;
            Ok(if keyword == "exclude" {
                (vec![vec![-var]], Some(Solution::Excluded(cell, value)))
            } else {
                (vec![vec![*var]], Some(Solution::Assumed(cell, value)))
            })
        }
        (_, Meaning::Cells { .. }) => reject(format!(
            "{here}: `{keyword}` is not a claim about cells (only `block`, `exclude` and `assume` \
             are)"
        )),
        (_, Meaning::Graph(g)) => graph_claim(here, keyword, words, g),
    }
}

/// Checks one claim about the graph's edges and gives the clauses it stands for (and the tour
/// it excludes).
fn graph_claim(
    here: &str,
    keyword: &str,
    words: &[&str],
    g: &mut Arcs,
) -> Result<ClaimClauses, Rejection> {
    let n = g.graph.n_vertices();
    let vertices: Vec<usize> = match keyword {
        "leave" | "enter" | "tour" => words
            .iter()
            .map(|w| vertex(here, w, n))
            .collect::<Result<_, _>>()?,
        _ => Vec::new(),
    };
    match keyword {
        "force" | "remove" => reduction_claim(here, keyword, words, g),
        "leave" | "enter" => {
            let set: HashSet<usize> = vertices.iter().copied().collect();
            if set.len() != vertices.len() || set.is_empty() || set.len() >= n {
                return reject(format!(
                    "{here}: a cut needs a set of distinct vertices, neither empty nor all of them"
                ));
            }
            Ok((vec![g.crossing(&set, keyword == "leave")], None))
        }
        "tour" => {
            let distinct: HashSet<usize> = vertices.iter().copied().collect();
            if vertices.len() != n || distinct.len() != n {
                return reject(format!(
                    "{here}: a tour must visit each of the {n} vertices once"
                ));
            }
            let mut clause = Vec::new();
            for (i, &u) in vertices.iter().enumerate() {
                let v = vertices[(i + 1) % n];
                let arc = g.arcs.get(&(u, v)).ok_or_else(|| {
                    Rejection(format!(
                        "{here}: the tour uses {} {}, which is not an arc",
                        u + 1,
                        v + 1
                    ))
                })?;
                clause.push(-arc);
            }
            Ok((vec![clause], Some(Solution::Tour(vertices))))
        }
        _ => reject(format!("{here}: `{keyword}` is not a claim")),
    }
}

/// A `force U V by W` or `remove U V by W|path` claim: the reduction's rule holds for the
/// forced and removed edges so far; the clauses are the edge's arcs (forced) or each arc
/// negated (removed).
fn reduction_claim(
    here: &str,
    keyword: &str,
    words: &[&str],
    g: &mut Arcs,
) -> Result<ClaimClauses, Rejection> {
    let n = g.graph.n_vertices();
    let [u, v, "by", by] = words else {
        return reject(format!("{here}: expected `{keyword} U V by W`"));
    };
    let (u, v) = (vertex(here, u, n)?, vertex(here, v, n)?);
    let e = edge(u, v);
    let arcs = g.arcs_of(u, v);
    if u == v || arcs.is_empty() {
        return reject(format!("{here}: {} {} is not an edge", u + 1, v + 1));
    }
    if n < 3 {
        return reject(format!("{here}: reductions need three vertices or more"));
    }
    if g.forced.contains(&e) || g.removed.contains(&e) {
        return reject(format!(
            "{here}: edge {} {} was forced or removed before",
            u + 1,
            v + 1
        ));
    }
    if keyword == "force" {
        let w = vertex(here, by, n)?;
        let alive = g.alive_edges(w);
        if (w != u && w != v) || alive.len() != 2 {
            return reject(format!(
                "{here}: vertex {} does not have exactly two edges left, {} {} among them",
                w + 1,
                u + 1,
                v + 1
            ));
        }
        g.forced.insert(e);
        return Ok((vec![arcs], None));
    }
    if *by == "path" {
        match g.path_from(u) {
            Some((end, count)) if end == v && count < n => {}
            _ => {
                return reject(format!(
                    "{here}: {} and {} do not end one path of forced edges that misses a vertex",
                    u + 1,
                    v + 1
                ))
            }
        }
    } else {
        let w = vertex(here, by, n)?;
        if (w != u && w != v) || g.forced_edges(w).len() != 2 {
            return reject(format!(
                "{here}: vertex {} does not have two forced edges besides {} {}",
                w + 1,
                u + 1,
                v + 1
            ));
        }
    }
    g.removed.insert(e);
    Ok((arcs.into_iter().map(|a| vec![-a]).collect(), None))
}

#[cfg(test)]
mod tests;
