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

use pathsat_budget::Budget;
use pathsat_frontier::{
    bytes, count_fillings, hamiltonian_cycles, hamiltonian_cycles_of_prefixes, hamiltonian_paths,
    vertex_order, Checkpoint, FrontierError, FrontierOptions, Graph, LayerProgress, Spill, Split,
    SplitBy,
};
use pathsat_puzzle::families::{flower_snark, generalized_petersen};
use pathsat_puzzle::{CellRule, Expect, Moves, Puzzle};
use std::path::PathBuf;
use std::time::{Duration, Instant};

const USAGE: &str = "usage: count rook|king|knight|gp|snark ROWS COLS open|closed [--budget-gib G] \
                 [--threads N] [--order rows|columns|heuristic|continued] [--progress] [--timeout S] \
                 [--checkpoint FILE]";

/// The command line: the board or graph to count, and how.
struct Args {
    /// The first word: `rook`, `king`, `knight`, `gp` or `snark`.
    family: String,
    /// The fourth: `open` or `closed`.
    shape: String,
    /// A board's moves (`None` for a graph).
    moves: Option<Moves>,
    rows: usize,
    cols: usize,
    closed: bool,
    /// The options the flags set directly: the memory budget, the deadline and the shard.
    options: FrontierOptions<'static>,
    threads: usize,
    order_choice: Option<String>,
    show_progress: bool,
    apex: bool,
    no_fold: bool,
    prefixes: bool,
    ends: Vec<usize>,
    spill_dir: Option<PathBuf>,
    checkpoint: Option<PathBuf>,
    spill_from: u64,
}

/// What a count found and cost, as the last line prints it.
struct Counted {
    fillings: String,
    hamiltonian: String,
    peak_states: u64,
    peak_bytes: u64,
    peak_disk_bytes: u64,
    width: usize,
    order: &'static str,
}

fn main() {
    let args = Args::parse();
    let mut options = FrontierOptions {
        spill: args.spill_dir.as_deref().map(|dir| Spill {
            dir,
            from_states: args.spill_from,
            over_budget_only: false,
        }),
        checkpoint: args.checkpoint.as_deref().map(|file| Checkpoint {
            file,
            every: Checkpoint::DEFAULT_EVERY,
        }),
        ..args.options
    };
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
    if args.show_progress {
        options.progress = Some(&progress);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .expect("a thread pool");
    let puzzle = args.puzzle();
    let outcome = pool.install(|| match args.order_choice.as_deref() {
        None => count_fillings(&puzzle, &options).map(|c| Counted {
            fillings: c.fillings.grouped(),
            hamiltonian: c.hamiltonian.grouped(),
            peak_states: c.stats.peak_states,
            peak_bytes: c.stats.peak_bytes,
            peak_disk_bytes: c.stats.peak_disk_bytes,
            width: c.stats.width,
            order: c.stats.order,
        }),
        Some(choice) => count_in_order(&args, &puzzle, choice, &options),
    });
    args.print(outcome, start.elapsed().as_secs_f64());
}

impl Args {
    /// The command line, or the usage (and exit code 2) when it is short or wrong.
    fn parse() -> Args {
        let words: Vec<String> = std::env::args().skip(1).collect();
        if words.len() < 4 {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
        let moves = match words[0].as_str() {
            "rook" => Some(Moves::Rook),
            "king" => Some(Moves::King),
            "knight" => Some(Moves::Knight),
            // Graphs: `gp N K` (generalized Petersen GP(N, K)), `snark N 0` (flower snark J_N).
            "gp" | "snark" => None,
            _ => panic!("{USAGE}"),
        };
        let rows: usize = words[1].parse().expect("ROWS");
        let cols: usize = words[2].parse().expect("COLS");
        let closed = match words[3].as_str() {
            "open" => false,
            "closed" => true,
            _ => panic!("{USAGE}"),
        };
        let mut args = Args {
            family: words[0].clone(),
            shape: words[3].clone(),
            moves,
            rows,
            cols,
            closed,
            options: FrontierOptions::default(),
            threads: 0,
            order_choice: None,
            show_progress: false,
            apex: false,
            no_fold: false,
            prefixes: false,
            ends: Vec::new(),
            spill_dir: None,
            checkpoint: None,
            spill_from: Spill::DEFAULT_FROM_STATES,
        };
        let mut rest = words[4..].iter();
        while let Some(flag) = rest.next() {
            args.flag(flag, &mut rest);
        }
        if args.prefixes && !args.closed {
            eprintln!("--prefixes counts closed tours only");
            std::process::exit(2);
        }
        // These shape the bare Hamiltonian count, which `count_fillings` does not take.
        if args.order_choice.is_none()
            && (args.no_fold || args.apex || args.prefixes || !args.ends.is_empty())
        {
            args.order_choice = Some("heuristic".to_string());
        }
        args
    }

    /// Takes `flag`, and its value from `rest` when it has one.
    fn flag(&mut self, flag: &str, rest: &mut std::slice::Iter<String>) {
        let options = &mut self.options;
        match flag {
            "--budget-gib" => {
                let g: f64 = rest.next().expect("G").parse().expect("G");
                options.memory_budget = (g * (1u64 << 30) as f64) as u64;
            }
            "--threads" => self.threads = rest.next().expect("N").parse().expect("N"),
            "--no-fold" => self.no_fold = true,
            "--prefixes" => self.prefixes = true,
            "--order" => self.order_choice = Some(rest.next().expect("order").clone()),
            "--progress" => self.show_progress = true,
            // Count open paths as the cycles through an extra vertex joined to every vertex
            // (the old reduction), for comparison.
            "--apex" => self.apex = true,
            "--ends" => {
                // ROW,COL[,ROW,COL]: cells that must be ends of the path (0-based).
                let v: Vec<usize> = rest
                    .next()
                    .expect("cells")
                    .split(',')
                    .map(|x| x.parse().expect("a number"))
                    .collect();
                self.ends = v.chunks(2).map(|rc| rc[0] * self.cols + rc[1]).collect();
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
            "--spill-dir" => self.spill_dir = Some(rest.next().expect("DIR").into()),
            "--checkpoint" => self.checkpoint = Some(rest.next().expect("FILE").into()),
            "--spill-from" => self.spill_from = rest.next().expect("S").parse().expect("S"),
            "--timeout" => {
                let s: f64 = rest.next().expect("S").parse().expect("S");
                // The options live as long as the program: so may their budget.
                let deadline = Instant::now() + Duration::from_secs_f64(s);
                options.budget = Box::leak(Box::new(Budget::until(Some(deadline))));
            }
            _ => panic!("{USAGE}"),
        }
    }

    /// The blank board, or the graph, to count.
    fn puzzle(&self) -> Puzzle {
        let (rows, cols, closed) = (self.rows, self.cols, self.closed);
        if let Some(moves) = self.moves.clone() {
            return Puzzle::blank(rows, cols, moves, closed).expect("a board");
        }
        let (n, edges) = if self.family == "gp" {
            generalized_petersen(rows, cols)
        } else {
            flower_snark(rows)
        };
        Puzzle::graph(
            &self.family,
            n,
            &edges,
            false,
            closed,
            vec![CellRule::Free; n],
            Expect::default(),
        )
        .expect("a graph")
    }

    /// Prints what the count found, or why it stopped (then exits with code 1), after
    /// `seconds`.
    fn print(&self, outcome: Result<Counted, FrontierError>, seconds: f64) {
        let (family, shape, rows, cols) = (&self.family, &self.shape, self.rows, self.cols);
        match outcome {
            Ok(c) => println!(
                "{family} {rows}x{cols} {shape}: fillings {} (undirected {}); order {}, \
                 width {}; peak states {}, peak memory {}{}; {seconds:.2} s",
                c.fillings,
                c.hamiltonian,
                c.order,
                c.width,
                c.peak_states,
                bytes(c.peak_bytes),
                if c.peak_disk_bytes > 0 {
                    format!(", peak in files {}", bytes(c.peak_disk_bytes))
                } else {
                    String::new()
                }
            ),
            Err(e) => {
                println!("{family} {rows}x{cols} {shape}: {e} after {seconds:.2} s");
                std::process::exit(1);
            }
        }
    }
}

/// The Hamiltonian count itself, in the order `choice` names (fillings as `count_fillings`
/// would make them from it, for a board without givens).
fn count_in_order(
    args: &Args,
    puzzle: &Puzzle,
    choice: &str,
    options: &FrontierOptions,
) -> Result<Counted, FrontierError> {
    let n = puzzle.n_cells();
    let graph = graph_of(puzzle, args.no_fold);
    let (order, name) = choose_order(choice, &graph, puzzle, args.rows, args.cols);
    if args.show_progress {
        print_frontier_sizes(&graph, &order);
    }
    let counted = if args.apex {
        let mut with_apex = Graph::new(n + 1);
        with_apex.add_edges(graph.edges().iter().copied());
        with_apex.add_edges((0..n).map(|v| (v, n)));
        let mut order = order.clone();
        order.push(n);
        hamiltonian_cycles(&with_apex, &order, options)
    } else if args.closed && args.prefixes {
        hamiltonian_cycles_of_prefixes(&graph, &order, options).map(|(h, listed, stats)| {
            print_board_prefixes(puzzle, &order, &listed);
            (h, stats)
        })
    } else if args.closed {
        hamiltonian_cycles(&graph, &order, options)
    } else {
        hamiltonian_paths(&graph, &args.ends, &order, options)
    };
    counted.map(|(h, stats)| {
        if let Some(layer) = stats.resumed_layer {
            eprintln!("went on from the checkpoint after layer {layer}");
        }
        let factor = match (args.closed, args.ends.len()) {
            (true, _) => 2 * n as u64,
            (false, 0) => 2,
            _ => 1,
        };
        Counted {
            fillings: (h.clone() * factor).grouped(),
            hamiltonian: h.grouped(),
            peak_states: stats.peak_states,
            peak_bytes: stats.peak_bytes,
            peak_disk_bytes: stats.peak_disk_bytes,
            width: stats.width,
            order: name,
        }
    })
}

/// The graph of `puzzle`'s moves, with a board's symmetries unless `no_fold`.
fn graph_of(puzzle: &Puzzle, no_fold: bool) -> Graph {
    let n = puzzle.n_cells();
    let mut graph = Graph::new(n);
    for cell in 0..n {
        for &next in puzzle.successors(cell) {
            if cell < next {
                graph.add_edge(cell, next);
            }
        }
    }
    if !no_fold && !puzzle.is_graph() {
        for map in puzzle.board().symmetries() {
            graph.add_symmetry(map);
        }
    }
    graph
}

/// The sweep order `choice` names for `graph` (of `puzzle`, a board of `rows` x `cols` or a
/// graph), and its name as the count prints it.
fn choose_order(
    choice: &str,
    graph: &Graph,
    puzzle: &Puzzle,
    rows: usize,
    cols: usize,
) -> (Vec<usize>, &'static str) {
    let board = puzzle.board();
    let mut order: Vec<usize> = (0..puzzle.n_cells()).collect();
    let name = match choice {
        "rows" => "rows",
        "columns" => {
            order.sort_by_key(|&c| (board.pos(c).col, board.pos(c).row));
            "columns"
        }
        "heuristic" => {
            order = vertex_order(graph);
            "path decomposition"
        }
        // The path decomposition up to its last prefix that is a whole board of columns,
        // then its last block of columns again and again: every block ends a board.
        "continued" => {
            order = continued(&vertex_order(graph), rows, cols).unwrap_or_else(|| {
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
        _ => panic!("{USAGE}"),
    };
    (order, name)
}

/// Prints the sweep `order` of `graph` and the frontier's size after each step (on stderr).
fn print_frontier_sizes(graph: &Graph, order: &[usize]) {
    let adjacent = graph.adjacency();
    let n = adjacent.len();
    let mut position = vec![0; n];
    for (i, &v) in order.iter().enumerate() {
        position[v] = i;
    }
    let widths: Vec<usize> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&u| position[u] > i && adjacent[u].iter().any(|&w| position[w] <= i))
                .count()
        })
        .collect();
    eprintln!("order {order:?}\nfrontier sizes {widths:?}");
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
