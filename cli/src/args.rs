//! # Command-line arguments
//!
//! The clap definition of every subcommand. Parsing only; `main` turns the parsed arguments
//! into work.

use clap::{Args, Parser, Subcommand, ValueEnum};
use pathsat_api::options::{self, CountSpec, EncodingSpec, MethodName, SolverName};
use pathsat_generate::{Givens, Level};
use pathsat_puzzle::{Moves, ValueClass};
use std::path::PathBuf;
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  pathsat solve fixtures/seeds/rook-primes-tour.toml
  pathsat solve fixtures/seeds/rook-primes-path.toml --all
  pathsat solve fixtures/seeds/hidato-188.toml --unique --certify --format json
  pathsat solve fixtures/seeds/knight-8x8-closed.toml --format svg -o tour.svg
  pathsat count fixtures/small/rook-5x5.toml
  pathsat solve fixtures/graphs/dodecahedron.col               # a Hamiltonian cycle of a graph
  pathsat solve fixtures/large/knight-50x50-closed.toml --encoding successor
  pathsat solve fixtures/graphs/classic/gp-48-2.hcp --solver varisat   # CaDiCaL is the default
  pathsat check fixtures/seeds/hidato-188.toml my-answer.txt
  pathsat export fixtures/seeds/knight-8x8-closed.toml -o knight.cnf
  kissat knight.cnf > knight.out; pathsat decode fixtures/seeds/knight-8x8-closed.toml knight.out
  pathsat compare fixtures/seeds/rook-primes-tour.toml
  pathsat batch fixtures --timeout 60
  pathsat generate --size 12x12 --seed 7 -o hidato.toml          # a new puzzle, proved unique

Puzzle files are TOML (or JSON with the same fields): a board, or a [graph] table; graphs are
also read from TSPLIB .hcp and DIMACS .col files. See fixtures/README.md.
Exit status: 0 when the run finished (also when a puzzle has no solution),
1 when `check`, `decode` or `compare` finds a filling or model invalid or `batch` has a row
that is not ok, 2 for bad input or usage, 3 for an internal error.";

/// Solve, enumerate and count path puzzles with SAT.
///
/// A path puzzle places 1..N on the N cells of a board so that consecutive values are one move
/// apart: rook's tours, Numbrix, Hidato, knight's tours; or on the vertices of a graph so that
/// consecutive values are joined by an edge (Hamiltonian paths and cycles).
#[derive(Debug, Parser)]
#[command(name = "pathsat", version, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a puzzle: print its first solution, several, or all of them.
    #[command(
        after_help = "With --format svg the picture shows the board (holes left out), the given cells\n\
        shaded blue, marked cells in their mark's colour with its letter, every value, and the\n\
        path through the cell centres from a circle on 1 to a square on N (closed for a tour).\n\
        Graphs are drawn with their vertices on a circle in path order. When no solution exists,\n\
        the picture shows the puzzle alone.\n\n\
        Examples:\n  pathsat solve fixtures/seeds/rook-primes-tour.toml\n  \
        pathsat solve fixtures/seeds/rook-primes-path.toml --all --format json\n  \
        pathsat solve fixtures/seeds/hidato-188.toml --format svg -o hidato.svg\n  \
        pathsat solve fixtures/seeds/rook-primes-path.toml --all --format svg -o pictures/\n  \
        pathsat solve fixtures/small/rook-3x3.toml --limit 6 --format svg > sheet.svg\n  \
        pathsat solve fixtures/large/knight-50x50-closed.toml --all --timeout 10   # as many as 10 s find\n  \
        pathsat solve fixtures/graphs/classic/gp-96-2.hcp --jobs 1   # one configuration, no race"
    )]
    Solve(SolveArgs),
    /// Count the fillings of a puzzle, exactly, however many there are.
    #[command(
        after_help = "By default (--method auto) boards with symmetric moves, no marks and givens only at\n\
        the ends of the path are counted by the frontier dynamic program, without enumerating,\n\
        within --memory. Other puzzles are enumerated by SAT, every filling checked by the\n\
        verifier, but only when the enumeration is estimated to end within 10 minutes: otherwise\n\
        the count stops at once and says how long it would take (--method sat runs it anyway;\n\
        --limit and --timeout count a part). The output says which method counted and why.\n\
        See encodings/counting.md.\n\n\
        A count that stops early (--limit, --timeout, --memory, or out of reach) is a lower bound\n\
        marked incomplete, with exit status 0.\n\n\
        Examples:\n  pathsat count fixtures/small/rook-4x4.toml\n  \
        pathsat count fixtures/small/rook-5x5.toml --method sat --format json\n  \
        pathsat count fixtures/large/knight-6x6-open.toml --memory 2GiB\n  \
        pathsat count fixtures/small/king-3x4-closed.toml --limit 1000 --timeout 10"
    )]
    Count(CountArgs),
    /// Check a filling (a text grid or JSON) against a puzzle with the independent verifier.
    #[command(
        after_help = "The solution is a text grid (values separated by spaces, '#' for holes), the\n\
        text output of `pathsat solve` (every solution in it is checked; its title, legend,\n\
        status and statistics lines are skipped), or JSON (a file ending in .json, or starting\n\
        with '{'): a grid (a list of rows, holes as null), a list of grids, or the output of\n\
        `pathsat solve --format json`. For a graph puzzle it is a vertex order: the vertex\n\
        numbers (as in the input) from value 1 to N, one order per line.\n\n\
        Examples:\n  pathsat solve p.toml --all > s.txt && pathsat check p.toml s.txt\n  \
        pathsat solve p.toml --format json > s.json && pathsat check p.toml s.json"
    )]
    Check(CheckArgs),
    /// Draw the blank puzzle (board, holes, givens, marks) as SVG, to print and solve by hand.
    #[command(
        after_help = "The picture is the one `solve --format svg` draws, without a solution: a board's\n\
        cells with the givens shaded and marked cells coloured, or a graph's vertices on a circle.\n\n\
        Examples:\n  pathsat draw fixtures/seeds/hidato-188.toml -o hidato-188.svg\n  \
        pathsat draw fixtures/seeds/rook-primes-tour.toml | rsvg-convert -o tour.png"
    )]
    Draw(DrawArgs),
    /// Make a new puzzle whose solution is unique (proved by the solver), with few givens.
    #[command(
        after_help = "A random solution is drawn on the board, then givens are chosen until the solver\n\
        proves no other solution exists (first solution, then the clause that blocks it leaves\n\
        none), and removed while it stays so: with --givens minimal every given is needed. The\n\
        output is an ordinary puzzle file, with `[expect] count = 1` and the solution, that every\n\
        other command reads; a summary goes to standard error. The grade (easy, medium, hard) says\n\
        how far pencil-and-paper deduction gets alone: see encodings/generate.md. The same seed\n\
        gives the same puzzle on every machine; without --seed one is drawn and printed.\n\n\
        Examples:\n  pathsat generate --size 12x12 --seed 7 -o hidato.toml          # Hidato (king moves)\n  \
        pathsat generate --size 9x9 --moves rook --difficulty easy      # Numbrix\n  \
        pathsat generate --size 8x8 --moves rook --closed --mark primes # a rook's tour with primes\n  \
        pathsat generate --size 10x10 --moves knight --keep-ends\n  \
        pathsat generate fixtures/small/hidato-holes.toml --format svg --solution -o holes.svg\n  \
        pathsat generate --size 5x5 --moves rook --trail 13 --distinct  # a trail puzzle\n  \
        pathsat generate --size 8x8 --count 20 -o book/                 # a puzzle book"
    )]
    Generate(GenerateArgs),
    /// Write the CNF of a puzzle in DIMACS: the clauses the embedded solver receives, with a
    /// header mapping variables back to cells and values.
    #[command(
        after_help = "The format (header, `c x VAR ROW COL VALUE` lines, `c p show` projection) is\n\
        documented in encodings/dimacs.md.\n\n\
        With --encoding auto the position encoding is written when it fits (its models are\n\
        exactly the fillings); the successor encoding's file (`c a VAR FROM TO` lines) is round\n\
        0 of its lazy loop, without the subtour cuts added while solving.\n\n\
        Examples:\n  pathsat export fixtures/seeds/hidato-188.toml -o hidato.cnf\n  \
        pathsat export fixtures/small/rook-4x4.toml --exactly-one pairwise | kissat\n  \
        pathsat export fixtures/seeds/knight-10x10-closed.toml --encoding successor -o k.cnf"
    )]
    Export(ExportArgs),
    /// Read a SAT solver's output for an exported CNF, check the model and print its filling.
    #[command(
        after_help = "MODEL is the solver's standard output (`s SATISFIABLE` with `v` lines ending\n\
        in 0, or `s UNSATISFIABLE`); `-` reads standard input. Give the same encoding options\n\
        as to `export`. Exit status 1 when the model does not decode to a valid filling, 2 when\n\
        it is not a model of this puzzle's CNF (another number of variables).\n\n\
        Examples:\n  pathsat export p.toml | kissat | pathsat decode p.toml -\n  \
        pathsat export p.toml | cadical | pathsat decode p.toml - --format svg > p.svg"
    )]
    Decode(DecodeArgs),
    /// Run the embedded solver and external SAT solvers on the same CNF and compare them.
    #[command(
        after_help = "Without --solver, kissat and cadical are used when they are on PATH; a solver\n\
        that is not found is reported as absent. Exit status 1 when a solver's model is not a\n\
        valid filling or the solvers disagree. The solvers run side by side (so the command ends\n\
        within --timeout), sharing the machine's cores.\n\n\
        Examples:\n  pathsat compare fixtures/seeds/knight-10x10-closed.toml\n  \
        pathsat compare p.toml --solver /opt/kissat/build/kissat --solver minisat --timeout 10"
    )]
    Compare(CompareArgs),
    /// Count every puzzle file under a directory, in parallel, and report one row per file.
    #[command(
        after_help = "Each puzzle is counted in a worker process, so that --timeout bounds it even\n\
        inside one long solve. A file whose [expect] gives only `sat` is solved, not counted.\n\
        Rows: ok, mismatch (the count differs from [expect]), limit, timeout, error.\n\
        Exit status 0 when every row is ok or limit, 1 when any is a mismatch, timeout or error.\n\
        pathsat's own output files under DIR (batch reports, `solve`, `count` or `check` JSON,\n\
        and the report being written) are not puzzles: they are skipped and listed as such.\n\n\
        The report is sorted by path (in JSON, one object), so it is printed when the run ends.\n\
        For a long run give -o OUT, and no finished row is lost if the run is killed: while the\n\
        run goes, OUT is its journal, a first line naming the run and then each row as one JSON\n\
        line, appended and synced to disk as soon as its file is done; when the run ends, the\n\
        report in --format replaces the journal in one step (a file beside OUT renamed over it),\n\
        so OUT is never a half-written report. With -o nothing goes to standard output, as with\n\
        -o in the other commands: the report has one home, which a kill never leaves cut short,\n\
        and a job's log gets only the progress bar (on a terminal) and, at the end, the summary\n\
        line (`pathsat: OUT: 50 files · 50 ok · ...`), both on standard error (not with -q).\n\n\
        If the run is killed, --resume OUT continues it: only the files OUT does not report yet\n\
        are counted, their rows appended, and OUT then holds the whole run's report, the same as\n\
        an uninterrupted run's. It needs the run's DIR (given the same way), --shard and\n\
        counting options (--limit, --timeout, --method, --memory, --patience, the encoding and\n\
        solver options) and refuses another run's journal; --jobs may differ, and the report is\n\
        written in the --format of the run that ends it. Rows of every status are kept: a\n\
        timeout or error row is not redone (delete its line from OUT to redo it). A last line\n\
        cut off by the kill is dropped, and its file counted again. If OUT is already a finished\n\
        report, --resume says so in one line and exits 0, OUT untouched; a file that is neither\n\
        is refused (exit status 2). -o refuses to start over a killed run's journal.\n\n\
        Examples:\n  pathsat batch fixtures --timeout 60\n  \
        pathsat batch fixtures --jobs 1 --format csv > report.csv\n  \
        pathsat batch puzzles/ --timeout 600 --format csv -o report.csv\n  \
        pathsat batch puzzles/ --timeout 600 --format csv --resume report.csv   # after a crash\n  \
        pathsat batch puzzles/ --shard 2/8 --format json -o part-2.json   # one of 8 machines\n  \
        pathsat batch merge part-*.json"
    )]
    Batch(BatchArgs),
    /// Serve a local web page to draw puzzles and solve, count and generate them, with its JSON
    /// API.
    #[command(
        after_help = "The page (http://127.0.0.1:8080/ by default) has a board editor (size, moves,\n\
        holes, givens, marks; puzzle files loaded and saved; graphs uploaded as .hcp or .col),\n\
        the Solve, Unique?, Count and Generate buttons, and the encoding for teachers. Its assets\n\
        are in the binary: it needs no network. The API (POST /api/solve, /api/count,\n\
        /api/generate, /api/export, /api/draw) takes {\"puzzle\": TEXT} and the options named as\n\
        this command line's flags, and replies with the JSON `--format json` prints; see the\n\
        README's \"Web page\" section.\n\n\
        The server binds 127.0.0.1 unless --bind says otherwise, and holds every request to the\n\
        limits below: more runs than --max-concurrent get 503 (try again), larger bodies 413,\n\
        bad JSON or puzzles 400 with the message this command line would print. A client that\n\
        disconnects cancels its run.\n\n\
        Examples:\n  pathsat serve\n  \
        pathsat serve --port 0                       # any free port (printed)\n  \
        pathsat serve --max-concurrent 2 --time-limit 20\n  \
        curl -s localhost:8080/api/solve -H 'Content-Type: application/json' \\\n    \
        -d '{\"puzzle\": \"moves = \\\"rook\\\"\\ngrid = \\\"1 .\\\\n. .\\\"\", \"unique\": true}'"
    )]
    Serve(ServeArgs),
    /// Internal: count one puzzle for `batch`, streaming events as JSON lines.
    #[command(hide = true)]
    Worker(WorkerArgs),
    /// Internal: run one request for `serve`, read from standard input.
    #[command(hide = true)]
    ServeWorker,
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct BatchArgs {
    #[command(subcommand)]
    pub command: Option<BatchCommand>,
    /// The directory searched (recursively) for puzzle files: .toml, .json, .hcp, .col, .dimacs.
    #[arg(required = true)]
    pub dir: Option<PathBuf>,
    /// Puzzles counted at the same time (default: the number of processors).
    #[arg(short, long, value_name = "N", value_parser = at_least_one::<u32>)]
    pub jobs: Option<u32>,
    /// Stop each count after N fillings (status `limit`).
    #[arg(long, value_name = "N", value_parser = at_least_one::<u64>)]
    pub limit: Option<u64>,
    /// Seconds each puzzle may take (status `timeout`, with the fillings found by then).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Memory the frontier program may use in each worker, e.g. 512MiB or 4GiB [default: half
    /// of this machine's memory, shared among the jobs].
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    pub memory: Option<u64>,
    /// The longest enumeration --method auto starts when neither --limit nor --timeout bounds
    /// the count: one estimated to take longer stops at once, saying so [default: 600].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub patience: Option<Duration>,
    /// How to count each puzzle (see `pathsat count --help`).
    #[arg(long, value_enum, default_value_t = MethodName::Auto)]
    pub method: MethodName,
    /// Count only the I-th of N deterministic slices of the sorted file list (1 <= I <= N).
    #[arg(long, value_name = "I/N", value_parser = crate::shard::Shard::parse)]
    pub shard: Option<crate::shard::Shard>,
    /// Write the report to OUT instead of standard output, losing no row if the run is killed:
    /// while it runs OUT is its journal (each row appended as a JSON line, synced, as its file is
    /// done), and when it ends the report in --format replaces it in one step. Refused over the
    /// journal of a run that did not finish (see --resume).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Continue the killed run whose -o was OUT: count only the files OUT does not report yet,
    /// append their rows, then replace OUT with the whole run's report. Implies -o OUT. If OUT
    /// is already a finished report, say so and exit 0.
    #[arg(long, value_name = "OUT")]
    pub resume: Option<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = BatchFormat::Table)]
    pub format: BatchFormat,
    /// No progress bar (it is also hidden when standard error is not a terminal), no note of
    /// the rows --resume takes from OUT, no summary line on standard error with -o.
    #[arg(short, long)]
    pub quiet: bool,
    #[command(flatten)]
    pub encoding: EncodingSpec,
    #[command(flatten)]
    pub solver: SolverArgs,
}

#[derive(Debug, Subcommand)]
pub enum BatchCommand {
    /// Join JSON reports of `batch` (for example of several shards) into one.
    Merge(MergeArgs),
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The JSON reports to join.
    #[arg(required = true, value_name = "REPORT.json")]
    pub reports: Vec<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = BatchFormat::Table)]
    pub format: BatchFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BatchFormat {
    Table,
    Json,
    Csv,
}

#[derive(Debug, Args)]
pub struct WorkerArgs {
    pub file: PathBuf,
    /// The count's options as the library's `CountSpec`, in JSON: what `batch` parsed and
    /// checked, handed over as it is.
    #[arg(long, value_parser = parse_count_spec)]
    pub spec: CountSpec,
    /// Exit as soon as standard input closes: the batch that started this worker went away.
    #[arg(long)]
    pub parent_stdin: bool,
}

#[derive(Debug, Args)]
pub struct DrawArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// Write the SVG to this file instead of standard output.
    #[arg(short, long, value_name = "OUT.svg")]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// A puzzle file whose board is kept: holes, marks, moves, closed, givens (a trail
    /// puzzle's board, length and distinctness, with new labels).
    #[arg(conflicts_with_all = ["size", "moves", "closed", "trail"])]
    pub template: Option<PathBuf>,
    /// The size of an empty board, rows x columns (without a template).
    #[arg(long, value_name = "RxC", value_parser = parse_size, required_unless_present = "template")]
    pub size: Option<(usize, usize)>,
    /// The moves on an empty board: rook (Numbrix), king (Hidato), knight, or offsets as
    /// [[dr,dc],...].
    #[arg(long, value_name = "MOVES", default_value = "king", value_parser = parse_moves)]
    pub moves: Option<Moves>,
    /// A closed tour: N one move from 1.
    #[arg(long)]
    pub closed: bool,
    /// The seed of the random choices [default: drawn, and printed].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Make this many puzzles (seeds N, N+1, ...), in parallel; needs -o DIR/.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub count: u64,
    /// How many givens: `minimal` (each one needed) or a number.
    #[arg(long, value_name = "minimal|N", default_value = "minimal", value_parser = parse_givens)]
    pub givens: Givens,
    /// Give 1 and N, the ends of the path, whatever else is given.
    #[arg(long)]
    pub keep_ends: bool,
    /// Ask for a grade (see encodings/generate.md); up to 12 solutions are tried.
    #[arg(long, value_enum)]
    pub difficulty: Option<Level>,
    /// Mark every cell whose value is in this class: primes, squares, even or odd.
    #[arg(long, value_name = "CLASS", value_parser = parse_class)]
    pub mark: Option<ValueClass>,
    /// A trail puzzle on the empty board: a path of this many cells, with labels to add up.
    #[arg(long, value_name = "LENGTH", value_parser = at_least_one::<u64>)]
    pub trail: Option<u64>,
    /// Trail puzzles: labels from 1 to this [default: 15, or the trail's length if larger].
    #[arg(long, value_name = "MAX", value_parser = at_least_one::<u32>)]
    pub labels: Option<u32>,
    /// Trail puzzles: the labels on the trail are all different.
    #[arg(long, requires = "trail")]
    pub distinct: bool,
    /// Have varisat's proof checker confirm each proof of uniqueness.
    #[arg(long)]
    pub certify: bool,
    /// Stop after this many seconds: with an error before the solution is unique, else with
    /// the puzzle reached (unique, but maybe with givens to spare).
    #[arg(long, value_name = "SECONDS", value_parser = options::parse_seconds)]
    pub timeout: Option<f64>,
    /// Output format: the puzzle file (toml or json), or an svg picture of the blank puzzle.
    #[arg(long, value_enum, default_value_t = GenerateFormat::Toml)]
    pub format: GenerateFormat,
    /// With --format svg: draw the solution (to standard output instead of the puzzle; with -o
    /// FILE.svg, in FILE-solution.svg beside it).
    #[arg(long)]
    pub solution: bool,
    /// Write to this file instead of standard output; a path ending in `/` (or an existing
    /// directory) gets one file per puzzle, named after it.
    #[arg(short, long, value_name = "FILE|DIR/")]
    pub output: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// A TOML puzzle file, with comments saying how it was made.
    Toml,
    /// A JSON puzzle file.
    Json,
    /// An SVG picture of the blank puzzle, for printing.
    Svg,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// Write the CNF to this file instead of standard output.
    #[arg(short, long, value_name = "OUT.cnf")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub encoding: EncodingSpec,
}

#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// The solver's output; `-` for standard input.
    pub model: PathBuf,
    /// Output format: text for people, json for programs, svg for a picture of the filling.
    #[arg(long, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,
    #[command(flatten)]
    pub encoding: EncodingSpec,
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// An external solver, by name on PATH or by path (repeat for several).
    #[arg(long = "solver", value_name = "NAME_OR_PATH")]
    pub solvers: Vec<String>,
    /// Seconds each solver may run before it is stopped.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_seconds)]
    pub timeout: Duration,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub encoding: EncodingSpec,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// Print every solution.
    #[arg(long, conflicts_with_all = ["limit", "unique"])]
    pub all: bool,
    /// Print at most N solutions.
    #[arg(long, value_name = "N", value_parser = at_least_one::<u64>)]
    pub limit: Option<u64>,
    /// Also prove whether the solution is unique (searches for a second one).
    #[arg(long)]
    pub unique: bool,
    /// Record varisat's proof of the run and have its checker verify it (see
    /// encodings/certificates.md).
    #[arg(long)]
    pub certify: bool,
    /// Stop after this many seconds with the solutions found by then (status `unknown` when
    /// there are none yet); exit status 0.
    #[arg(long, value_name = "SECONDS", value_parser = options::parse_seconds)]
    pub timeout: Option<f64>,
    /// Threads that race configurations for a first solution of a graph of 100 vertices or
    /// more; the first answer wins and the others stop. 1 runs one configuration alone, the
    /// same way every time [default: the number of processors].
    #[arg(short, long, value_name = "N", value_parser = at_least_one::<u32>)]
    pub jobs: Option<u32>,
    /// Output format: text for people, json for programs, svg for a picture.
    #[arg(long, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,
    /// Write the output to this file instead of standard output. With --format svg, a path
    /// ending in `/` (or an existing directory) gets one picture per solution.
    #[arg(short, long, value_name = "FILE|DIR/")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub encoding: EncodingSpec,
    #[command(flatten)]
    pub solver: SolverArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// Aligned grids (vertex orders for graphs), a status line and statistics.
    Text,
    /// One JSON object (see the README).
    Json,
    /// An SVG picture: the board, the givens and marks, the values and the path. Several
    /// solutions make a sheet of small pictures, or one file each with `-o DIR/`.
    Svg,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// Stop after N fillings; the count is then marked incomplete.
    #[arg(long, value_name = "N", value_parser = at_least_one::<u64>)]
    pub limit: Option<u64>,
    /// Stop after this many seconds; the count is then marked incomplete.
    #[arg(long, value_name = "SECONDS", value_parser = options::parse_seconds)]
    pub timeout: Option<f64>,
    /// How to count.
    #[arg(long, value_enum, default_value_t = MethodName::Auto)]
    pub method: MethodName,
    /// Memory the frontier program may use, e.g. 512MiB or 8GiB [default: half of this
    /// machine's memory].
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    pub memory: Option<u64>,
    /// The longest enumeration --method auto starts when neither --limit nor --timeout bounds
    /// the count: one estimated to take longer stops at once, saying so [default: 600].
    #[arg(long, value_name = "SECONDS", value_parser = options::parse_seconds)]
    pub patience: Option<f64>,
    /// Threads for the SAT cubes and the frontier program (default: the number of processors).
    #[arg(short, long, value_name = "N", value_parser = at_least_one::<u32>)]
    pub jobs: Option<u32>,
    /// Count with one solver, recording varisat's proof of the whole run, and have its checker
    /// verify it: the models, the blocking clauses and the final unsatisfiability.
    #[arg(long)]
    pub certify: bool,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub encoding: EncodingSpec,
    #[command(flatten)]
    pub solver: SolverArgs,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 takes any free one.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to bind: 127.0.0.1 keeps the page to this computer; 0.0.0.0 opens it to the
    /// network (anyone who can reach it can run solves).
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Runs (solve, count, generate, export, draw) at once; more get 503 [default: twice the
    /// processors, at least 4].
    #[arg(long, value_name = "N", value_parser = at_least_one::<u32>)]
    pub max_concurrent: Option<u32>,
    /// The most memory one run may take, e.g. 512MiB: its worker process is stopped past it,
    /// with a clear error [default: half of this machine's memory, shared by --max-concurrent
    /// runs].
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    pub memory_per_run: Option<u64>,
    /// Run solvers on threads of the server's own process, not each request in a worker
    /// process of its own (no memory limit then but the frontier program's budget; for
    /// debugging).
    #[arg(long)]
    pub in_process: bool,
    /// The longest one run may take; a request's own timeout is capped by it.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_seconds)]
    pub time_limit: Duration,
    /// The largest puzzle taken, in cells (or graph vertices).
    #[arg(long, value_name = "N", default_value_t = 2500)]
    pub max_cells: usize,
    /// The largest request body, e.g. 1MiB.
    #[arg(long, value_name = "SIZE", default_value = "1MiB", value_parser = parse_memory)]
    pub max_body: u64,
    /// Open connections at once; more are told to try again and closed.
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = at_least_one::<u32>)]
    pub max_connections: u32,
    /// Threads one count may use (default: the number of processors).
    #[arg(short, long, value_name = "N", value_parser = at_least_one::<u32>)]
    pub jobs: Option<u32>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle file (.toml, .json; graphs also .hcp, .col).
    pub file: PathBuf,
    /// The fillings to check: a text grid, the text output of `pathsat solve`, or JSON (.json).
    pub solution: PathBuf,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Output format: text for people, json for programs.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Debug, Args)]
pub struct SolverArgs {
    /// The embedded SAT solver. CaDiCaL is built in by default (a build made with
    /// `--no-default-features` has varisat alone); certified runs are varisat's. Example:
    /// `pathsat solve fixtures/graphs/classic/gp-48-2.hcp --solver varisat`.
    #[arg(long, value_enum, default_value_t = SolverName::Auto, help_heading = "Solver")]
    pub solver: SolverName,
}

impl SolverArgs {
    /// The solver as the library names it.
    pub fn name(&self) -> SolverName {
        self.solver
    }
}

/// `RxC`, e.g. `12x12` (`--size`).
fn parse_size(text: &str) -> Result<(usize, usize), String> {
    options::parse_size(text)
}

/// `rook`, `king`, `knight` or `[[dr,dc],...]` (`--moves`).
fn parse_moves(text: &str) -> Result<Moves, String> {
    options::parse_moves(text)
}

/// `minimal` or a number (`--givens`).
fn parse_givens(text: &str) -> Result<Givens, String> {
    options::parse_givens(text)
}

/// A value class by name (`--mark`).
fn parse_class(text: &str) -> Result<ValueClass, String> {
    options::parse_class(text)
}

/// A positive number of seconds, checked as the library checks it (`--timeout`).
fn parse_seconds(text: &str) -> Result<Duration, String> {
    options::parse_seconds(text).map(Duration::from_secs_f64)
}

/// A whole number of at least 1, checked as the library checks it (`--jobs`, `--limit`).
fn at_least_one<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialEq + From<u8>,
{
    options::parse_at_least_one(text)
}

/// A worker's `--spec`.
fn parse_count_spec(text: &str) -> Result<CountSpec, String> {
    serde_json::from_str(text).map_err(|e| format!("not a count's options: {e}"))
}

/// A memory size such as `512MiB`, `8GiB` or a number of bytes (`--memory`).
fn parse_memory(text: &str) -> Result<u64, String> {
    let size: bytesize::ByteSize = text.trim().parse().map_err(|_| {
        format!("{text:?} is not a memory size such as 512MiB, 8GiB or a number of bytes")
    })?;
    if size.as_u64() == 0 {
        return Err("the memory size must be more than 0 bytes".to_string());
    }
    Ok(size.as_u64())
}
