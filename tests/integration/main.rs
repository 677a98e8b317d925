//! Workspace-level integration tests, attached to the `pathsat` package (see
//! `tests/README.md`): the fixture corpus, the command line end to end, and random puzzles
//! against the brute-force reference.

mod cli;
mod common;
mod fixtures;
mod random_puzzles;
