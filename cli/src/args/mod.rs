//! # Command-line arguments
//!
//! The clap definition of every subcommand. Parsing only; `main` turns the parsed arguments
//! into work.

mod batch;
mod check;
mod common;
mod count;
mod generate;
mod hamg;
mod install;
mod interop;
mod sample;
mod serve;
mod solve;

pub use batch::{BatchArgs, BatchCommand, BatchFormat, MergeArgs, WorkerArgs};
pub use check::{
    BookletArgs, CellArg, CheckArgs, CheckCertificateArgs, DrawArgs, ExplainArgs, ForcedArgs,
    HintArgs,
};
pub use common::Format;
pub use count::{CountArgs, MergePartsArgs, ShardArg};
pub use generate::{GenerateArgs, GenerateFormat};
pub use hamg::HamgArgs;
pub use install::{CompletionsArgs, ManArgs};
pub use interop::{CompareArgs, DecodeArgs, ExportArgs, ExportTo, LabArgs};
pub use sample::SampleArgs;
pub use serve::ServeArgs;
pub use solve::{SolveArgs, SolveFormat};

use clap::{Parser, Subcommand};

const EXAMPLES: &str = "\
Examples:
  pathsat solve fixtures/seeds/rook-primes-tour.toml
  pathsat solve fixtures/seeds/rook-primes-path.toml --all
  pathsat solve fixtures/seeds/hidato-188.toml --unique --certify --format json
  pathsat solve fixtures/seeds/knight-8x8-closed.toml --format svg -o tour.svg
  pathsat count fixtures/small/rook-5x5.toml
  pathsat sample fixtures/small/rook-5x5.toml -n 3 --seed 1     # uniformly random solutions
  pathsat solve fixtures/graphs/dodecahedron.col               # a Hamiltonian cycle of a graph
  pathsat solve fixtures/large/knight-50x50-closed.toml --encoding successor
  pathsat solve fixtures/graphs/classic/gp-48-2.hcp --solver varisat   # CaDiCaL is the default
  pathsat check fixtures/seeds/hidato-188.toml my-answer.txt
  pathsat forced fixtures/small/hidato-5x5.toml                  # cells every solution agrees on
  pathsat export fixtures/seeds/knight-8x8-closed.toml -o knight.cnf
  kissat knight.cnf > knight.out; pathsat decode fixtures/seeds/knight-8x8-closed.toml knight.out
  pathsat compare fixtures/seeds/rook-primes-tour.toml
  pathsat lab fixtures/graphs/dodecahedron.col --encodings successor-crt,successor-elimination
  pathsat batch fixtures --timeout 60
  pathsat generate --size 12x12 --seed 7 -o hidato.toml          # a new puzzle, proved unique
  nauty-geng -c 9 | pathsat hamg -v | wc -l                      # non-Hamiltonian graphs: 83997

Puzzle files are TOML (or JSON with the same fields): a board, or a [graph] table; graphs are
also read from TSPLIB .hcp, DIMACS .col and graph6/sparse6 (.g6, .s6) files. See
fixtures/README.md.
Exit status: 0 when the run finished (also when a puzzle has no solution),
1 when `check`, `decode` or `compare` finds a filling or model invalid or `batch` has a row
that is not ok, 2 for bad input or usage, 3 for an internal error.";

/// Solve, enumerate and count path puzzles with SAT.
///
/// A path puzzle places 1..N on the N cells of a board so that consecutive values are one move
/// apart: rook's tours, Numbrix, Hidato, knight's tours; or on the vertices of a graph so that
/// consecutive values are joined by an edge (Hamiltonian paths and cycles).
#[derive(Debug, Parser)]
#[command(name = "pathsat", version = crate::version::line(), after_help = EXAMPLES)]
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
        marked incomplete, with exit status 0. A file with an [expect] count is checked against\n\
        it (\"expected: ... agrees\"); a count that contradicts it exits with status 1.\n\n\
        Examples:\n  pathsat count fixtures/small/rook-4x4.toml\n  \
        pathsat count fixtures/small/rook-5x5.toml --method sat --format json\n  \
        pathsat count fixtures/large/knight-6x6-closed.toml --memory 2GiB\n  \
        pathsat count fixtures/small/king-3x4-closed.toml --limit 1000 --timeout 10\n\n\
        A count too large for one machine splits into shards: --shard I/N counts one of N parts\n\
        and writes it as JSON, and `pathsat merge` adds the parts up. Each shard is a separate\n\
        process, run anywhere, in any order, again after a crash (it gives the same part):\n  \
        parallel -j 2 pathsat count board.toml --shard {}/8 -o part-{}.json ::: $(seq 8)\n  \
        pathsat merge part-*.json\n\
        A Slurm job array that does the same: docs/count-shards.sbatch. A count of hundreds of\n\
        bits can be split by residues, each shard's tables at 8 bytes a count:\n  \
        parallel -j 2 pathsat count board.toml --shard {}/5 --split-by residues -o r-{}.json ::: $(seq 5)\n\n\
        What a count takes, layer by layer and for the largest of 64 shards, without counting\n\
        (from a sample of the sweep; set a cluster job's --mem, disk and array size from it):\n  \
        pathsat count benches/records/knight-8x8-closed.toml --plan --shard 64\n\
        A count whose tables outgrow --memory goes on with them in files in $TMPDIR by itself,\n\
        after checking the disk has room (one line says so; --no-spill stops instead); to keep\n\
        them in files from the start, somewhere else:\n  \
        pathsat count benches/records/knight-8x8-closed.toml --spill-dir /var/tmp\n\
        A count of hours can save its table every 10 minutes (--checkpoint-every) and, killed,\n\
        go on from there when the same command is run again; Ctrl-C or SIGTERM saves it first:\n  \
        pathsat count benches/records/knight-8x8-closed.toml --checkpoint knight8.checkpoint"
    )]
    Count(CountArgs),
    /// Draw solutions at random, each exactly as likely as any other.
    #[command(
        after_help = "Draws -n solutions independently and exactly uniformly from all the puzzle's: every\n\
        solution has the same chance, computed with exact big integers (no floating point, no\n\
        modulo bias), and every sample passes the verifier. The same --seed gives the same samples\n\
        on any machine and with any --jobs; without one, a seed is drawn and reported.\n\n\
        Where the frontier program counts the puzzle (symmetric moves, no marks, givens only at\n\
        the ends of the path) it sweeps once, keeping every layer's table, then walks back from\n\
        the draws through the tables: many samples cost one sweep. The tables go to files in\n\
        $TMPDIR when they outgrow --memory, after a check that the disk can hold them all\n\
        (--plan tells the memory and disk before a long run). Elsewhere (givens in the middle,\n\
        marks, trails) every solution is enumerated by SAT, up to --enumerate-limit, and the\n\
        samples drawn from them; a puzzle with more is refused, never drawn from in part. See\n\
        encodings/sampling.md.\n\n\
        Examples:\n  pathsat sample fixtures/small/rook-5x5.toml -n 3 --seed 1\n  \
        pathsat sample fixtures/seeds/knight-8x8-closed.toml --plan\n  \
        pathsat sample benches/records/grid-16x16-cycles.toml -n 100 --format json > cycles.json\n  \
        pathsat sample fixtures/small/hidato-5x5.toml -n 5 --seed 7   # by enumeration\n  \
        pathsat sample fixtures/small/king-4x4-closed.toml -n 12 --format svg -o sheet.svg"
    )]
    Sample(SampleArgs),
    /// Add up the parts of a sharded count (`pathsat count FILE --shard I/N`).
    #[command(
        after_help = "Every part must be a shard of the same count: the same puzzle (by a digest of its\n\
        cells, moves and rules, whatever the file is called), the same number of shards, cut and\n\
        pathsat version, and each shard once; parts of another count, duplicates and missing\n\
        shards are refused with the file at fault (exit status 2). The sum is exact.\n\
        Parts of a count split by residues (--split-by residues) are recombined instead: shard 1\n\
        bounds the count, the others give it modulo their primes, and the one number below the\n\
        product of the primes with those residues is the count once that product exceeds the\n\
        bound (else merge names the shards to add; they may be of any N).\n\
        --expect COUNT checks a count claimed for the puzzle (a published value): it must be the\n\
        merged count; parts that are not yet all of it check it as far as they go (bounds,\n\
        residues, shares adding up to no more). A claim they contradict exits with status 1.\n\
        (To join the reports of `batch --shard`, use `pathsat batch merge`.)\n\n\
        Examples:\n  pathsat merge part-*.json\n  \
        pathsat merge part-1.json part-2.json --format json\n  \
        pathsat merge part-*.json --expect 1698222644548096"
    )]
    Merge(MergePartsArgs),
    /// Filter graph6/sparse6 streams by Hamiltonicity, as nauty's filters do.
    #[command(
        after_help = "Reads graphs one a line (nauty's graph6 or sparse6, as geng, genreg, plantri, the\n\
        House of Graphs, SageMath and networkx write them) and writes back, unchanged and in\n\
        input order, those with a Hamiltonian cycle (-p: a Hamiltonian path; --hypo:\n\
        hypohamiltonian), or with -v those without. A header (>>graph6<<) in the input is\n\
        repeated in the output. On standard error: how many graphs were read and kept, and how\n\
        long it took (and progress, on a terminal).\n\n\
        Every answer is exact. Graphs of up to 64 vertices are decided by pathsat's own method\n\
        (necessary conditions, then a pruned search or a bitset dynamic program); larger ones by\n\
        the SAT portfolio, within --timeout each. Every cycle or path is checked by the verifier\n\
        before it counts; with --certify DIR every \"no\" leaves a DRAT proof that the outside\n\
        checker accepted. A graph not settled in time is reported as undecided by its line, never\n\
        guessed. A malformed line stops the run with its line and column (exit status 2), or\n\
        with --skip-malformed is skipped and counted.\n\n\
        Examples:\n  nauty-geng -c 9 | pathsat hamg | wc -l          # 177083 Hamiltonian graphs\n  \
        nauty-geng -c 10 | pathsat hamg -v -u           # count the non-Hamiltonian ones\n  \
        nauty-geng -c 10 | pathsat hamg --hypo          # the Petersen graph, alone\n  \
        pathsat hamg cubic20.g6 nonham.g6 -v            # files in, files out\n  \
        pathsat hamg graphs.s6 --count --json           # cycles, counts and reasons as JSON\n  \
        pathsat hamg -v --certify proofs small.g6       # a checked proof for every \"no\""
    )]
    Hamg(HamgArgs),
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
    /// Check a certificate written by `solve --certify --certificate DIR`, as the run did.
    #[command(
        name = "check-certificate",
        after_help = "Re-encodes the certificate's puzzle file and compares it with the start of\n\
        formula.cnf and the variables' meaning in claims.txt; checks every claim (forced and\n\
        removed edges, cuts, blocked solutions) with the separate claims checker and every\n\
        blocked solution with the verifier; then has the DRAT checker dratify replay proof.drat\n\
        against formula.cnf. Exit status 0 when all of that holds, 3 with the reason otherwise\n\
        (encodings/certificates.md). The certificate's README.md says how to check the proof\n\
        without pathsat.\n\n\
        Examples:\n  pathsat solve fixtures/graphs/classic/gp-11-2.hcp --certify --certificate gp\n  \
        pathsat check-certificate gp"
    )]
    CheckCertificate(CheckCertificateArgs),
    /// Draw the blank puzzle (board, holes, givens, marks) as SVG, to print and solve by hand.
    #[command(
        after_help = "The picture is the one `solve --format svg` draws, without a solution: a board's\n\
        cells with the givens shaded and marked cells coloured, or a graph's vertices on a circle.\n\n\
        Examples:\n  pathsat draw fixtures/seeds/hidato-188.toml -o hidato-188.svg\n  \
        pathsat draw fixtures/seeds/rook-primes-tour.toml | rsvg-convert -o tour.png"
    )]
    Draw(DrawArgs),
    /// List the cells whose value is the same in every solution (the backbone).
    #[command(
        after_help = "For puzzle authors: which cells the givens already decide. The backbone is found\n\
        by SAT with assumptions, not by enumerating, so a puzzle with millions of solutions costs\n\
        about one solver call per cell: one solution, then for each cell still in doubt whether a\n\
        solution puts another value there. Given cells count as forced. A puzzle without\n\
        solution gets instead a set of givens that have none together, none of them superfluous.\n\
        With --timeout the search stops with the cells settled by then, marked incomplete.\n\n\
        Examples:\n  pathsat forced fixtures/seeds/hidato-188.toml\n  \
        pathsat forced my-draft.toml --timeout 2 --format json"
    )]
    Forced(ForcedArgs),
    /// The next step of a puzzle solved by hand, with the reason, or the first wrong cell.
    #[command(
        after_help = "From the givens and what is filled so far (FILLING), the next cell that follows by\n\
        deduction, its value and why, by the rules the generator grades with: a number's\n\
        neighbour in value that fits one cell around it, a number that fits one cell, a cell\n\
        that one number fits (easy); counting moves between written numbers, pencil marks\n\
        (medium). When no rule applies, a cell the solver proves forced, marked as such. Every\n\
        hint is checked by the solver. A filling that no solution extends gets its first wrong\n\
        cell instead (in reading order), and exit status 1.\n\n\
        FILLING is a grid like the puzzle's, '.' on empty cells; `pathsat hint` prints such a\n\
        grid with the hinted cell starred (`*`), so the steps can be followed one by one.\n\n\
        Examples:\n  pathsat hint fixtures/seeds/hidato-188.toml\n  \
        pathsat hint my-puzzle.toml my-progress.txt --format json"
    )]
    Hint(HintArgs),
    /// Why a cell holds its value, in the clauses of the CNF that unit propagation used.
    #[command(
        after_help = "The puzzle is encoded in the position encoding (x(cell, value): the clauses\n\
        `pathsat export` writes), and unit propagation, as a SAT solver runs it before any\n\
        guess, is traced: each clause that set a literal, with the literal it set. The answer\n\
        is one of: propagation (the clauses alone set the cell's value), refutation (assuming\n\
        another value propagates to a clause with every literal false), search (the value is\n\
        forced, but the solver needs to guess and learn to see it), not forced (solutions\n\
        differ there). Literals read (r,c)=v and (r,c)≠v, rows and columns from 0; aN are\n\
        auxiliary variables (none with the default --exactly-one pairwise).\n\n\
        Examples:\n  pathsat explain fixtures/small/numbrix-5x5.toml --cell 4,3 --limit 20\n  \
        pathsat explain fixtures/seeds/hidato-188.toml --cell 1,4 --format json"
    )]
    Explain(ExplainArgs),
    /// Print puzzles and their solutions as a PDF booklet, one, two or four to a page.
    #[command(
        after_help = "Each puzzle gets a heading (its number, name and grade: easy, medium or hard, by\n\
        the generator's deduction rules) and its rule in a sentence; the solutions follow at the\n\
        back, six to a page. A puzzle must have exactly one solution (the solver proves it);\n\
        one with none or several is refused, naming its file. A4 pages, vector lines and the\n\
        PDF reader's own Helvetica: a page is a few kilobytes and prints sharp.\n\n\
        Examples:\n  pathsat generate --size 9x9 --moves rook --count 8 -o book/\n  \
        pathsat booklet book/ -o numbrix.pdf --title \"Numbrix, week 48\"\n  \
        pathsat booklet fixtures/seeds/hidato-188.toml -o hidato.pdf --per-page 1"
    )]
    Booklet(BookletArgs),
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
        0 of its lazy loop, without the subtour cuts added while solving. The successor-*\n\
        encodings (successor-crt, successor-binary, ...) write complete files: every model is\n\
        one Hamiltonian cycle (encodings/complete.md).\n\n\
        Examples:\n  pathsat export fixtures/seeds/hidato-188.toml -o hidato.cnf\n  \
        pathsat export fixtures/small/rook-4x4.toml --exactly-one pairwise | kissat\n  \
        pathsat export fixtures/seeds/knight-10x10-closed.toml --encoding successor -o k.cnf\n  \
        pathsat export fixtures/graphs/dodecahedron.col --encoding successor-crt -o d.cnf"
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
    /// Compare encodings: sizes and solve times of each encoding of each graph, per solver.
    #[command(
        after_help = "Each file is exported in each encoding (variables, clauses, seconds), then each\n\
        solver runs on it in turn, alone on the machine, within --timeout: the embedded ones\n\
        (`varisat`, `cadical-embedded`) on the puzzle in that encoding, external ones on the\n\
        exported DIMACS file, their models decoded and checked by the verifier. The lazy\n\
        `successor` encoding's file is round 0, not a complete CNF, so only the embedded solvers\n\
        run it (with their cut loop). An encoding too large for a graph is reported as refused.\n\
        The table goes to standard output (text or JSON); --csv and --svg write it as CSV and as\n\
        a chart. Exit status 1 when a model is invalid or the solvers disagree.\n\
        See encodings/complete.md.\n\n\
        Examples:\n  pathsat lab fixtures/graphs/petersen.hcp fixtures/graphs/classic/*.hcp --timeout 5\n  \
        pathsat lab g/*.hcp --encodings successor-crt,successor-binary --solvers kissat,cadical \\\n    \
        --csv lab.csv --svg lab.svg"
    )]
    Lab(LabArgs),
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
        this command line's flags, and replies with the JSON `--format json` prints; see\n\
        docs/guide/web.md.\n\n\
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
    /// Write the shell completion script for bash, zsh, fish, elvish or PowerShell.
    #[command(
        after_help = "The script completes pathsat's commands, their options and the values of options\n\
        that take one of a few (--format, --encoding, ...); it goes to standard output, to be put\n\
        where the shell looks for completions. It is generated from the same definition as the\n\
        command line, so a new version's script may differ: write it again after an upgrade.\n\n\
        Examples:\n  pathsat completions bash > ~/.local/share/bash-completion/completions/pathsat\n  \
        pathsat completions zsh > ~/.zfunc/_pathsat   # with fpath+=~/.zfunc before compinit\n  \
        pathsat completions fish > ~/.config/fish/completions/pathsat.fish\n  \
        source <(pathsat completions bash)            # this shell only"
    )]
    Completions(CompletionsArgs),
    /// Write the man page (roff) of pathsat or of one of its commands.
    #[command(
        after_help = "pathsat's own page lists the commands; `pathsat man COMMAND` writes a command's page,\n\
        with its options and examples, and --dir writes them all as pathsat.1, pathsat-solve.1,\n\
        ... into a folder where man finds them. The pages are generated from the same definition\n\
        as `pathsat help`.\n\n\
        Examples:\n  pathsat man | man -l -\n  \
        pathsat man count | man -l -\n  \
        pathsat man --dir ~/.local/share/man/man1   # then: man pathsat-solve"
    )]
    Man(ManArgs),
    /// Internal: count one puzzle for `batch`, streaming events as JSON lines.
    #[command(hide = true)]
    Worker(WorkerArgs),
    /// Internal: run one request for `serve`, read from standard input.
    #[command(hide = true)]
    ServeWorker,
}
