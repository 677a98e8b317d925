//! Workspace-level integration tests, attached to the `pathsat` package (see
//! `tests/README.md`): the fixture corpus, the command line end to end, random puzzles against
//! the brute-force reference, DIMACS export and decoding, the round trip through kissat and
//! CaDiCaL, SVG pictures read back as XML, and snapshots of the text layouts.

mod batch;
mod booklet;
mod certificates;
mod classic_graphs;
mod cli;
mod common;
mod count_limits;
mod counting;
mod decode_corpus;
mod dimacs;
mod exact_counts;
mod external_solvers;
mod fixtures;
mod forced;
mod garbage;
mod generate;
mod graph6;
mod graphs;
mod hamg;
mod hint;
mod hostile;
mod install;
mod lab;
mod layouts;
mod options;
mod pictures;
mod random_puzzles;
mod sample;
mod serve;
mod shards;
mod spill_plan;
mod trails;
mod wide_graphs;
