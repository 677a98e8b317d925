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

# The long checks left out of `just test`: the frontier program on 16x16, 12x12 and 7x7 knight
# boards against published counts (release build, about a minute)
test-long:
    cargo test --release -p pathsat-frontier -- --ignored

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
    cargo bench -p pathsat-solver --bench seeds

# Counting benchmarks: the anchors' counts against MiniZinc + Gecode, then the frontier program
# against Graphillion (`pip install graphillion`); side by side, ratios printed
bench-count:
    python3 benches/count_vs_gecode.py
    python3 benches/frontier_vs_graphillion.py

# The frontier program against Graphillion alone, e.g. `just bench-frontier --quick`
bench-frontier *args:
    python3 benches/frontier_vs_graphillion.py {{args}}

# Everything CI checks, plus formatting and lints
check:
    cargo fmt --all -- --check
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

# The Python package: build and install it (maturin, through pip), then run its tests
python:
    python3 -m pip install -q pytest "python-sat>=1.8.dev0" mypy
    python3 -m pip install -q ./python
    python3 -m pytest -q python/tests

# The example notebook (seed 003's knight's tour, timed beside its own methods), run headless
notebook *args:
    python3 python/examples/run_notebook.py {{args}}

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

# The local web page and its JSON API (http://127.0.0.1:8080/ unless --port says otherwise)
serve *args:
    cargo run --release -- serve {{args}}

# The page in headless Chromium (apt-get install chromium chromium-driver; pip install selenium
# pytest), screenshots in $PATHSAT_SCREENSHOTS; then the bounded load test on loopback
test-browser:
    cargo build --release
    python3 -m pytest -q tests/browser
    python3 tests/browser/load_test.py
