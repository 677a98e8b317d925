//! Counts the fillings of a blank board with the frontier program, and says what it cost.
//!
//! ```text
//! cargo run --release -p pathsat-frontier --example count -- knight 7 7 open
//! cargo run --release -p pathsat-frontier --example count -- rook 16 16 closed --budget-gib 8
//! ```
//!
//! `gp N K closed` counts the generalized Petersen graph GP(N, K), `snark N 0 closed` the flower
//! snark J_N (graph puzzles). Options: `--budget-gib G` (memory budget, default half the
//! machine), `--threads N`, `--order rows|columns|heuristic|continued|V,V,…` (default: the
//! cheapest, as `count_fillings` picks; `continued`: the heuristic order up to its last prefix
//! that is a board of whole columns, then its last block of columns repeated to the end, so
//! that each block ends a board for `--prefixes`), `--no-fold` (no folding of mirror-image states), `--progress` (one
//! line per layer on stderr), `--timeout S`, `--ends R,C[,R,C]` (given ends of an open path),
//! `--apex` (open paths counted as the cycles through an extra vertex joined to every vertex, for
//! comparison), `--prefixes` (closed: also the tours of the boards of the first columns or rows
//! that the sweep finishes on its way, as `hamiltonian_cycles_of_prefixes` lists them, one line
//! each on stdout), `--shard I/N` and `--cut S`
//! (one shard of the count, cut at S states), `--spill-dir DIR` and `--spill-from S` (tables of
//! S states or more kept in files in DIR), `--checkpoint FILE` (saved every ten minutes and
//! before a layer that may pass `--timeout`; the same command run again goes on from it, a
//! count of `--prefixes` too). `--no-fold`, `--ends`, `--apex` and `--prefixes`
//! count the bare Hamiltonian paths or cycles in an order of their own, `heuristic` unless
//! `--order` says otherwise.

use pathsat_frontier::{
    bytes, count_fillings, hamiltonian_cycles, hamiltonian_cycles_of_prefixes, hamiltonian_paths,
    vertex_order, Checkpoint, FrontierOptions, Graph, LayerProgress, Spill, Split, SplitBy,
};
use pathsat_puzzle::families::{flower_snark, generalized_petersen};
use pathsat_puzzle::{CellRule, Expect, Moves, Puzzle};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: count rook|king|knight|gp|snark ROWS COLS open|closed [--budget-gib G] \
                 [--threads N] [--order rows|columns|heuristic|continued] [--progress] [--timeout S] \
                 [--checkpoint FILE]";
    if args.len() < 4 {
        eprintln!("{usage}");
        std::process::exit(2);
    }
    let moves = match args[0].as_str() {
        "rook" => Some(Moves::Rook),
        "king" => Some(Moves::King),
        "knight" => Some(Moves::Knight),
        // Graphs: `gp N K` (generalized Petersen GP(N, K)), `snark N 0` (flower snark J_N).
        "gp" | "snark" => None,
        _ => panic!("{usage}"),
    };
    let rows: usize = args[1].parse().expect("ROWS");
    let cols: usize = args[2].parse().expect("COLS");
    let closed = match args[3].as_str() {
        "open" => false,
        "closed" => true,
        _ => panic!("{usage}"),
    };
    let mut options = FrontierOptions::default();
    let mut threads = 0;
    let mut order_choice: Option<String> = None;
    let mut show_progress = false;
    let mut apex = false;
    let mut no_fold = false;
    let mut prefixes = false;
    let mut ends: Vec<usize> = Vec::new();
    let mut spill_dir: Option<std::path::PathBuf> = None;
    let mut checkpoint: Option<std::path::PathBuf> = None;
    let mut spill_from = Spill::DEFAULT_FROM_STATES;
    let mut rest = args[4..].iter();
    while let Some(flag) = rest.next() {
        match flag.as_str() {
            "--budget-gib" => {
                let g: f64 = rest.next().expect("G").parse().expect("G");
                options.memory_budget = (g * (1u64 << 30) as f64) as u64;
            }
            "--threads" => threads = rest.next().expect("N").parse().expect("N"),
            "--no-fold" => no_fold = true,
            "--prefixes" => prefixes = true,
            "--order" => order_choice = Some(rest.next().expect("order").clone()),
            "--progress" => show_progress = true,
            // Count open paths as the cycles through an extra vertex joined to every vertex
            // (the old reduction), for comparison.
            "--apex" => apex = true,
            "--ends" => {
                // ROW,COL[,ROW,COL]: cells that must be ends of the path (0-based).
                let v: Vec<usize> = rest
                    .next()
                    .expect("cells")
                    .split(',')
                    .map(|x| x.parse().expect("a number"))
                    .collect();
                ends = v.chunks(2).map(|rc| rc[0] * cols + rc[1]).collect();
            }
            // I/N: count shard I (from 1) of N, cut at `--cut` states.
            "--shard" => {
                let text = rest.next().expect("I/N");
                let (i, n) = text.split_once('/').expect("I/N");
                let split = options.split.get_or_insert(Split {
                    index: 0,
                    of: 1,
                    cut_states: Split::DEFAULT_CUT_STATES,
                    by: SplitBy::States,
                });
                split.index = i.parse::<u32>().expect("I") - 1;
                split.of = n.parse().expect("N");
            }
            // After --shard: split by residues (shard 1 the bound, shard I modulo a prime).
            "--residues" => {
                options.split.as_mut().expect("--residues after --shard").by = SplitBy::Residues;
            }
            "--cut" => {
                let split = options.split.as_mut().expect("--cut after --shard");
                split.cut_states = rest.next().expect("S").parse().expect("S");
            }
            "--spill-dir" => spill_dir = Some(rest.next().expect("DIR").into()),
            "--checkpoint" => checkpoint = Some(rest.next().expect("FILE").into()),
            "--spill-from" => spill_from = rest.next().expect("S").parse().expect("S"),
            "--timeout" => {
                let s: f64 = rest.next().expect("S").parse().expect("S");
                options.deadline = Some(Instant::now() + Duration::from_secs_f64(s));
            }
            _ => panic!("{usage}"),
        }
    }
    if prefixes && !closed {
        eprintln!("--prefixes counts closed tours only");
        std::process::exit(2);
    }
    // These shape the bare Hamiltonian count, which `count_fillings` does not take.
    if order_choice.is_none() && (no_fold || apex || prefixes || !ends.is_empty()) {
        order_choice = Some("heuristic".to_string());
    }
    options.spill = spill_dir.as_deref().map(|dir| Spill {
        dir,
        from_states: spill_from,
        over_budget_only: false,
    });
    options.checkpoint = checkpoint.as_deref().map(|file| Checkpoint {
        file,
        every: Checkpoint::DEFAULT_EVERY,
    });
    let start = Instant::now();
    let progress = move |p: &LayerProgress| {
        eprintln!(
            "layer {:>4}/{} states {:>13} bytes {:>10} files {:>10} at {:.1} s",
            p.layer,
            p.layers,
            p.states,
            bytes(p.bytes),
            bytes(p.disk_bytes),
            start.elapsed().as_secs_f64()
        );
    };
    if show_progress {
        options.progress = Some(&progress);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let puzzle = match moves {
        Some(moves) => Puzzle::blank(rows, cols, moves, closed).expect("a board"),
        None => {
            let (n, edges) = if args[0] == "gp" {
                generalized_petersen(rows, cols)
            } else {
                flower_snark(rows)
            };
            Puzzle::graph(
                &args[0],
                n,
                &edges,
                false,
                closed,
                vec![CellRule::Free; n],
                Expect::default(),
            )
            .expect("a graph")
        }
    };
    let outcome = pool.install(|| match order_choice.as_deref() {
        None => count_fillings(&puzzle, &options).map(|c| {
            (
                c.fillings.grouped(),
                c.hamiltonian.grouped(),
                c.stats.peak_states,
                (c.stats.peak_bytes, c.stats.peak_disk_bytes),
                c.stats.width,
                c.stats.order,
            )
        }),
        Some(choice) => {
            // The Hamiltonian count itself, in the chosen order (fillings as count_fillings
            // would make them from it, for a board without givens).
            let n = puzzle.n_cells();
            let mut graph = Graph::new(n);
            for cell in 0..n {
                for &next in puzzle.successors(cell) {
                    if cell < next {
                        graph.add_edge(cell, next);
                    }
                }
            }
            let board = puzzle.board();
            if !no_fold && !puzzle.is_graph() {
                for map in board.symmetries() {
                    graph.add_symmetry(map);
                }
            }
            let mut order: Vec<usize> = (0..n).collect();
            let name = match choice {
                "rows" => "rows",
                "columns" => {
                    order.sort_by_key(|&c| (board.pos(c).col, board.pos(c).row));
                    "columns"
                }
                "heuristic" => {
                    order = vertex_order(&graph);
                    "path decomposition"
                }
                // The path decomposition up to its last prefix that is a whole board of columns,
                // then its last block of columns again and again: every block ends a board.
                "continued" => {
                    order = continued(&vertex_order(&graph), rows, cols).unwrap_or_else(|| {
                        eprintln!("the sweep has no block of columns to repeat to the end");
                        std::process::exit(2)
                    });
                    "path decomposition, continued"
                }
                // A list of vertex numbers, comma-separated: an order found elsewhere.
                list if list.contains(',') => {
                    order = list
                        .split(',')
                        .map(|v| v.trim().parse().expect("a vertex"))
                        .collect();
                    "given"
                }
                _ => panic!("{usage}"),
            };
            if show_progress {
                let adjacent = graph.adjacency();
                let mut position = vec![0; n];
                for (i, &v) in order.iter().enumerate() {
                    position[v] = i;
                }
                let widths: Vec<usize> = (0..n)
                    .map(|i| {
                        (0..n)
                            .filter(|&u| {
                                position[u] > i && adjacent[u].iter().any(|&w| position[w] <= i)
                            })
                            .count()
                    })
                    .collect();
                eprintln!("order {order:?}\nfrontier sizes {widths:?}");
            }
            let counted = if apex {
                let mut with_apex = Graph::new(n + 1);
                with_apex.add_edges(graph.edges().iter().copied());
                with_apex.add_edges((0..n).map(|v| (v, n)));
                let mut order = order.clone();
                order.push(n);
                hamiltonian_cycles(&with_apex, &order, &options)
            } else if closed && prefixes {
                hamiltonian_cycles_of_prefixes(&graph, &order, &options).map(
                    |(h, listed, stats)| {
                        print_board_prefixes(&puzzle, &order, &listed);
                        (h, stats)
                    },
                )
            } else if closed {
                hamiltonian_cycles(&graph, &order, &options)
            } else {
                hamiltonian_paths(&graph, &ends, &order, &options)
            };
            counted.map(|(h, stats)| {
                if let Some(layer) = stats.resumed_layer {
                    eprintln!("went on from the checkpoint after layer {layer}");
                }
                let factor = match (closed, ends.len()) {
                    (true, _) => 2 * n as u64,
                    (false, 0) => 2,
                    _ => 1,
                };
                (
                    (h.clone() * factor).grouped(),
                    h.grouped(),
                    stats.peak_states,
                    (stats.peak_bytes, stats.peak_disk_bytes),
                    stats.width,
                    name,
                )
            })
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    match outcome {
        Ok((fillings, hamiltonian, states, (peak, disk), width, order)) => println!(
            "{} {rows}x{cols} {}: fillings {fillings} (undirected {hamiltonian}); order {order}, \
             width {width}; peak states {states}, peak memory {}{}; {seconds:.2} s",
            args[0],
            args[3],
            bytes(peak),
            if disk > 0 {
                format!(", peak in files {}", bytes(disk))
            } else {
                String::new()
            }
        ),
        Err(e) => {
            println!(
                "{} {rows}x{cols} {}: {e} after {seconds:.2} s",
                args[0], args[3]
            );
            std::process::exit(1);
        }
    }
}

/// The prefixes of the sweep that are whole boards (the first columns, or the first rows), with
/// their closed tours: each undirected tour once, and its fillings.
fn print_board_prefixes(
    puzzle: &Puzzle,
    order: &[usize],
    listed: &[pathsat_frontier::PrefixCycles],
) {
    let board = puzzle.board();
    let (rows, cols) = (board.rows(), board.cols());
    for prefix in listed {
        let cells = &order[..prefix.layer];
        let max_row = cells.iter().map(|&c| board.pos(c).row).max().unwrap_or(0);
        let max_col = cells.iter().map(|&c| board.pos(c).col).max().unwrap_or(0);
        let shape = if max_row + 1 == rows && (max_col + 1) * rows == cells.len() {
            format!("{rows}x{}", max_col + 1)
        } else if max_col + 1 == cols && (max_row + 1) * cols == cells.len() {
            format!("{}x{cols}", max_row + 1)
        } else {
            continue;
        };
        let tours = prefix.cycles.clone();
        println!(
            "prefix {shape} (layer {}): undirected tours {}, fillings {}",
            prefix.layer,
            tours.grouped(),
            (tours * (2 * cells.len()) as u64).grouped()
        );
    }
}

/// `order` (of a board of `rows` x `cols`, cell `r * cols + c`) up to its last prefix that is
/// a board of whole columns before the end, then the cells between that prefix and the one
/// before it, moved along a block at a time to the last column; `None` if there are not two
/// such prefixes or the blocks do not reach the last column exactly.
fn continued(order: &[usize], rows: usize, cols: usize) -> Option<Vec<usize>> {
    let mut boards = Vec::new();
    let mut widest = 0;
    for (i, &cell) in order.iter().enumerate() {
        widest = widest.max(cell % cols + 1);
        if (i + 1) == rows * widest && widest < cols {
            boards.push((i + 1, widest));
        }
    }
    let [.., (start, a), (end, b)] = boards[..] else {
        return None;
    };
    let step = b - a;
    if (cols - b) % step != 0 {
        return None;
    }
    let mut continued = order[..end].to_vec();
    for shift in (step..=cols - b).step_by(step) {
        continued.extend(order[start..end].iter().map(|&cell| cell + shift));
    }
    Some(continued)
}
