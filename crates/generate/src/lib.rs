//! # pathsat-generate
//!
//! Making puzzles: a random solution on the template's board, then givens chosen until the
//! solver proves that solution unique, and pruned until every given is needed.

pub mod deduce;
