# pathsat: everyday recipes. `just` alone lists them.

# List the recipes
default:
    @just --list

# Format the code
fmt:
    cargo fmt --all

# Lint every target, warnings denied
clippy *args:
    cargo clippy --workspace --all-targets {{args}} -- -D warnings

# Run the tests (the same command as CI)
test *args:
    cargo test --workspace {{args}}

# Run the command examples of README.md and docs/guide/ and compare their output (part of `just
# test`; `PATHSAT_DOCS_BIN=target/release/pathsat just docs-test` runs a release build instead)
docs-test *args:
    cargo test -p pathsat --test docs {{args}}

# No source file over 700 lines, no function over 100, no module circle in a crate (`--graph`
# prints the edges)
layout *args:
    python3 tests/layout.py {{args}}

# The long checks left out of `just test`: the frontier program on grids to 16x16 (closed) and
# 15x15 (open), the 7x7 knight board and the closed 6 x n knight's tours to 6 x 40 against
# published counts, the complete successor encodings on every graph of 7 vertices, and hints on
# 84 generated puzzles of 6x6 to 12x12, and the SAT portfolio against the exact method on every
# graph of 8 vertices (release build, about six minutes; nauty for the last)
test-long:
    cargo test --release -p pathsat-frontier -- --ignored
    cargo test --release -p pathsat-api --test graphs -- --ignored
    cargo test --release -p pathsat-encode --test oracle -- --ignored
    cargo test --release -p pathsat-reason hints_solve_many -- --ignored --nocapture

# Build the API documentation
doc:
    cargo doc --workspace --no-deps

# Solve a puzzle, e.g. `just solve fixtures/seeds/rook-primes-tour.toml --all`
solve FILE *args:
    cargo run --release -q -- solve {{FILE}} {{args}}

# Count the fillings of a puzzle
count FILE *args:
    cargo run --release -q -- count {{FILE}} {{args}}

# Count every fixture in parallel and check each against its [expect]
batch *args:
    cargo run --release -q -- batch fixtures --timeout 60 {{args}}

# Export a puzzle's CNF in DIMACS, e.g. `just export fixtures/seeds/hidato-188.toml -o h.cnf`
export FILE *args:
    cargo run --release -q -- export {{FILE}} {{args}}

# The embedded solver against kissat and cadical (when on PATH) on every seed fixture
compare *args:
    cargo build --release -q
    for f in fixtures/seeds/*.toml; do ./target/release/pathsat compare "$f" {{args}}; echo; done

# Median times of the seed puzzles against the foundation targets (release build, criterion)
bench:
    cargo bench -p pathsat-solver --bench seeds --features bench

# Counting benchmarks: the anchors' counts against MiniZinc + Gecode, then the frontier program
# against Graphillion (`pip install graphillion`); side by side, ratios printed
bench-count:
    python3 benches/count_vs_gecode.py
    python3 benches/frontier_vs_graphillion.py

# `pathsat hamg` on nauty's streams (Debian's nauty): the connected graphs on n <= 10 vertices
# against OEIS A003216/A126149, the Petersen graph the only hypohamiltonian one on 10, the cubic
# graphs on 20 against cubhamg line by line; then timed side by side with hamheuristic and
# cubhamg (medians, ratios). `--quick`: the OEIS checks to n = 9 alone
graph-streams *args:
    python3 benches/graph_streams.py {{args}}

# The frontier program against Graphillion alone, e.g. `just bench-frontier --quick`
bench-frontier *args:
    python3 benches/frontier_vs_graphillion.py {{args}}

# Side by side: grid cycles, grid paths (all ends; corner to corner), king's tours, for growing n
# until each tool passes 120 s or 16 GiB: first sample, per sample, peak memory, counts checked,
# medians and ratios. Graphillion from the python3 on PATH, else installed into a venv in the
# target directory; e.g. `just sampling-peers --quick`, `--families king --runs 5`.
# pathsat sample against Graphillion's uniform draws (rand_iter; its choice() is not random)
sampling-peers *args:
    #!/usr/bin/env bash
    set -euo pipefail
    cargo build --release -q -p pathsat
    python=python3
    if ! python3 -c 'import graphillion' 2>/dev/null; then
        venv="${CARGO_TARGET_DIR:-target}/sampling-peers-venv"
        [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
        "$venv/bin/python" -c 'import graphillion' 2>/dev/null \
            || "$venv/bin/python" -m pip install -q --disable-pip-version-check graphillion
        python=$venv/bin/python
    fi
    "$python" benches/sampling_peers.py {{args}}

# Where 1 lies and the turns of the path over 200 seeds of 5x5 rook puzzles, each way, against
# the exact shares (counts, enumeration); e.g. `just generate-uniform --seeds 1000`.
# What `generate --uniform` changes in the solutions puzzles are made from
generate-uniform *args:
    cargo build --release -q -p pathsat
    python3 benches/generate_uniform.py {{args}}

# Everything CI checks, plus formatting and lints
check:
    cargo fmt --all -- --check
    just layout
    just clippy
    just test

# Large closed knight's tours: pathsat against OR-Tools CP-SAT's circuit model, side by side
bench-tours *args:
    python3 benches/tours_vs_cpsat.py {{args}}

# Trail puzzles: the two sum encodings and OR-Tools CP-SAT side by side (first trail, count)
bench-trails *args:
    cargo build --release -q
    python3 benches/trails_vs_cpsat.py {{args}}

# SVG pictures of every fixture's first solution in pictures/ (git-ignored); `just pictures png`
# also renders each to PNG with rsvg-convert (Debian: librsvg2-bin)
pictures *png:
    #!/usr/bin/env bash
    set -euo pipefail
    cargo build --release -q
    count=0
    while IFS= read -r file; do
        relative=${file#fixtures/}
        out="pictures/${relative%.*}.svg"
        mkdir -p "$(dirname "$out")"
        ./target/release/pathsat solve "$file" --format svg -o "$out"
        if [ "{{png}}" = png ]; then rsvg-convert "$out" -o "${out%.svg}.png"; fi
        count=$((count + 1))
    done < <(find fixtures -type f \( -name '*.toml' -o -name '*.json' -o -name '*.hcp' -o -name '*.col' \) | sort)
    echo "$count pictures in pictures/"

# Puzzle generation: median seconds and givens over several seeds for Hidato, Numbrix and
# knight boards, against the targets (12x12 Hidato < 2 s, 20x20 < 20 s); `--quick` for a short run
bench-generate *args:
    cargo build --release -q
    python3 benches/generate.py {{args}}

# The library for a browser (WebAssembly, no CaDiCaL): Debian's rustc-web builds std for
# wasm32-unknown-unknown from rust-web-src, lld's wasm-ld links (apt-get install rustc-web
# cargo-web rust-web-src lld); with rustup, `rustup target add wasm32-unknown-unknown` and a
# plain `cargo build --target wasm32-unknown-unknown -p pathsat-api` do the same
wasm-check:
    RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR=target/wasm \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
    /usr/bin/cargo build -q -Zbuild-std=std,panic_abort \
        --target wasm32-unknown-unknown -p pathsat-api

# The static site: the page with pathsat compiled to WebAssembly beside it, run in the
# browser (no server), written to DIR (default target/web-static); needs a Rust for
# wasm32-unknown-unknown (rustup's target, or Debian's rustc-web: see wasm-check) and
# wasm-bindgen's tool at the crate's version (`just install-bindgen`). Try it: `python3 -m http.server
# -d target/web-static` and open http://127.0.0.1:8000/; publish it: copy the folder to any host
web-static *dir:
    crates/web/build.sh {{dir}}

# wasm-bindgen's command-line tool at the version of the crate, for web-static: the locked build,
# else the same version with the newest compatible dependencies; the version checked
install-bindgen *args:
    crates/web/install-bindgen.sh {{args}}

# The static site's budgets in headless Chromium: the module's size, the page's load, the
# first answer on the seed puzzles against the native command line (medians of RUNS page loads)
bench-web runs="7":
    cargo build --release -q
    crates/web/build.sh
    python3 benches/web.py --runs {{runs}}

# The Python package: build and install it (maturin, through pip), then run its tests
python:
    python3 -m pip install -q pytest "python-sat>=1.8.dev0" mypy
    python3 -m pip install -q ./python
    python3 -m pytest -q python/tests

# The Python package as a user without Rust gets it, as CI tests it: the abi3 wheel (maturin),
# installed into a fresh venv and tested there with no Rust on PATH, e.g. `just python-wheel -q`
python-wheel *args:
    python/build-and-test-wheel.sh {{args}}

# The Python Ctrl-C tests, `runs` times over (after `just python`): any run that hangs fails at
# the per-test limit, so that a race between a cancel and a running solver shows itself
python-ctrl-c runs="200":
    for i in $(seq {{runs}}); do \
      python3 -m pytest -q -x -p no:cacheprovider --timeout 60 --timeout-method thread \
        -k "ctrl_c and not checkpoint" python/tests/test_python.py > /tmp/pathsat-ctrl-c.log \
        || { cat /tmp/pathsat-ctrl-c.log; echo "run $i of {{runs}} failed"; exit 1; }; \
    done; echo "{{runs}} runs of the Ctrl-C tests, none hung"

# The example notebook (seed 003's knight's tour, timed beside its own methods), run headless
notebook *args:
    python3 python/examples/run_notebook.py {{args}}

# Certified answers against plain ones (encodings/certificates.md): needs `cargo install rate`
bench-certificates *args:
    cargo build --release -q
    python3 benches/certificates.py {{args}}

# "Is this graph Hamiltonian?": pathsat against OR-Tools CP-SAT's circuit constraint and a
# PySAT + CaDiCaL lazy-cut loop on the classic non-Hamiltonian graphs and random cubic graphs of
# 2,000-10,000 vertices (and a 4-regular one of 50,000); `--quick` for one short run
bench-graphs *args:
    python3 benches/graphs_vs_peers.py {{args}}

# The successor encoding's cut loop alone (no frontier check, no rotation) on the classic
# non-Hamiltonian graphs, e.g. `just bench-cuts --solvers varisat,cadical` (a build with the
# cargo feature `cadical`) or `--build main=PATH --build branch=PATH`
bench-cuts *args:
    python3 benches/cut_loop.py {{args}}

# Connectivity as a propagator inside CaDiCaL's search against lazy cuts, both in Python on
# PySAT 1.9's CaDiCaL (`pip install "python-sat>=1.9.dev0"`), e.g. `just bench-propagator
# --every 50 --timeout 10` (the training graphs, unpacked by bench-fhcp) or GRAPH.hcp files
bench-propagator *args:
    python3 benches/propagator.py {{args}}

# One graph at a time, every cycle checked here; PAR-2 and the count solved beside the published
# CEGAR method's best single configuration and the best of its 21; rows in
# target/fhcp/results-LIMIT.tsv (`--against EARLIER.tsv`: graphs lost and gained). E.g.
# `just bench-fhcp 10 --every 10` (51 graphs), `just bench-fhcp 30 --graphs graph1,graph3
# --extra '--solver cadical'`; `python3 benches/fhcp.py --help` lists the options.
# The FHCP Challenge Set's training half (../shared/fhcp), LIMIT seconds a graph
[positional-arguments]
bench-fhcp LIMIT *ARGS:
    cargo build --release -q
    python3 benches/fhcp.py "$@"

# The local web page and its JSON API (http://127.0.0.1:8080/ unless --port says otherwise)
serve *args:
    cargo run --release -- serve {{args}}

# The page in headless Chromium (apt-get install chromium chromium-driver; pip install selenium
# pytest), served by `pathsat serve` and as the static site (see web-static), screenshots in
# $PATHSAT_SCREENSHOTS; then the bounded load test on loopback
test-browser:
    cargo build --release
    crates/web/build.sh
    python3 -m pytest -q tests/browser
    python3 tests/browser/load_test.py

# The Slurm recipes (docs/count-shards.sbatch, the batch --shard array) on a throwaway one-node
# Slurm, with a task killed, one requeued and one preempted (as root; apt-get install slurm-wlm
# munge; tests/cluster/run.sh, which CI runs)
cluster:
    cargo build --release
    bash tests/cluster/run.sh

# Needs `cargo install cargo-fuzz` and a nightly toolchain; crashing inputs land in
# fuzz/artifacts/TARGET/, the growing corpus in fuzz/corpus/TARGET/ (both git-ignored).
# Fuzz every reader users feed, each target (or those named) for SECONDS: `just fuzz 600 graph_hcp`
fuzz SECONDS="60" *targets:
    #!/usr/bin/env bash
    set -uo pipefail
    cd "{{justfile_directory()}}"
    root=$PWD
    # Each target with the directories that seed it (read, never written) and its dictionary.
    declare -A seeds=(
        [puzzle_toml]="fixtures tests/hostile tests/impossible"
        [puzzle_json]="fuzz/seeds/puzzle_json fixtures tests/hostile"
        [graph_hcp]="fixtures/graphs tests/hostile"
        [graph_col]="fuzz/seeds/graph_col fixtures/graphs tests/hostile"
        [graph_g6]="fixtures/graphs/classic"
        [solver_output]="tests/solver-outputs"
        [dimacs_cnf]="fuzz/seeds/dimacs_cnf"
        [solution_file]="fuzz/seeds/solution_file"
        [server_request]="fuzz/seeds/server_request"
    )
    declare -A dicts=(
        [puzzle_toml]=toml [puzzle_json]=json [graph_hcp]=hcp [graph_col]=col [graph_g6]=g6
        [solver_output]=solver_output [dimacs_cnf]=dimacs_cnf
        [solution_file]=solution_file [server_request]=server_request
    )
    all="puzzle_toml puzzle_json graph_hcp graph_col graph_g6 solver_output dimacs_cnf solution_file server_request"
    targets="{{targets}}"
    targets=${targets:-$all}
    for target in $targets; do
        if [ -z "${seeds[$target]:-}" ]; then
            echo "no fuzz target $target; the targets are: $all" >&2
            exit 2
        fi
    done
    # Built once for all, with debug assertions and overflow checks, as each run then uses it.
    (cd fuzz && cargo +nightly fuzz build -a) || exit 3
    mkdir -p fuzz/logs
    found=0
    printf '%-16s %12s %8s %10s %8s %8s  %s\n' target runs seconds execs/s corpus crashes log
    for target in $targets; do
        corpus=fuzz/corpus/$target
        artifacts=fuzz/artifacts/$target
        mkdir -p "$corpus" "$artifacts"
        before=$(ls "$artifacts" | wc -l)
        dirs=()
        for dir in ${seeds[$target]}; do dirs+=("$root/$dir"); done
        log=fuzz/logs/$target.log
        start=$(date +%s)
        (cd fuzz && cargo +nightly fuzz run -a "$target" "$root/$corpus" "${dirs[@]}" -- \
            -max_total_time={{SECONDS}} -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
            -dict="$root/fuzz/dict/${dicts[$target]}.dict" -print_final_stats=1) >"$log" 2>&1
        status=$?
        seconds=$(( $(date +%s) - start ))
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1)
        rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1)
        crashes=$(( $(ls "$artifacts" | wc -l) - before ))
        if [ "$status" -ne 0 ] && [ "$crashes" -eq 0 ]; then crashes="failed($status)"; fi
        [ "$crashes" != 0 ] && found=1
        printf '%-16s %12s %8s %10s %8s %8s  %s\n' "$target" "${runs:-?}" "$seconds" "${rate:-?}" \
            "$(ls "$corpus" | wc -l)" "$crashes" "$log"
        if [ "$status" -ne 0 ]; then
            grep -m 3 -E '^(==[0-9]+== ?ERROR|thread .* panicked|SUMMARY)|^artifact_prefix|Test unit written' "$log" | sed 's/^/    /'
        fi
    done
    exit $found

# The verifier's mutants: all of crates/puzzle/src/verify.rs, and the checks it calls: the move
# test (`Puzzle::step_allowed`, `Moves::allows`/`offsets`, `Arcs::contains`), the marks'
# classes (`ValueClass::contains`, `is_prime`), and the accessors it reads the puzzle through
verifier_mutants := '^crates/puzzle/src/(verify\.rs:|puzzle\.rs:.*Puzzle::(step_allowed|place|is_graph|is_closed|n_cells|rule|marks|trail)\b|moves\.rs:.*(Moves::allows|Moves::offsets|Arcs::contains)\b|value_class\.rs:.*(ValueClass::contains|is_prime)\b|board\.rs:.*Board::(pos|n_cells)\b|trail\.rs:.*Trail::(label|length|sum|distinct)\b|filling\.rs:.*Filling::values\b)'

# The verifier's mutants are tested by pathsat-puzzle's tests, every mutant of crates/encode by
# pathsat-encode's (its oracle tests), one job at a time, settings in .cargo/mutants.toml, report
# in mutants.out/; e.g. `just mutants --file crates/encode/src/trail.rs` for one file.
# Mutation tests of the verifier and the encoders (cargo install cargo-mutants; about 2 hours)
[positional-arguments]
mutants *args:
    nice -n 19 cargo mutants -j 1 --package pathsat-puzzle --package pathsat-encode --re '{{verifier_mutants}}' --re '^crates/encode/src/' "$@"

# Record-size counts by the frontier program, each checked against its published value, with
# time and peak memory (release build; minutes to hours): `just record knight-8x8-closed`,
# `just record knight-8x8-open 8` (in 8 shards), `SPILL_DIR=/var/tmp just record
# knight-8x8-closed` (large tables in files there), `SPLIT_BY=residues just record
# rook-20x20-closed 5` (a bound and four residues). Names: the files of benches/records/.
record NAME *shards:
    cargo build --release -q
    bash benches/records.sh {{NAME}} {{shards}}

# The encoding lab (encodings/complete.md): every encoding of grid, knight's and random cubic
# graphs of 50 to 5,000 vertices and of nine FHCP training graphs, on varisat, kissat and
# CaDiCaL, 10 s each, one at a time (about 45 minutes); table, CSV and SVG chart in target/lab/
lab *args:
    benches/lab/run.sh {{args}}
