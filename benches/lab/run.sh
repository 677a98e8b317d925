#!/usr/bin/env bash
# The encoding lab of encodings/complete.md: every encoding of grid, knight's and random cubic
# graphs of 50 to 5,000 vertices and of nine FHCP training graphs, each solver 10 s, one after
# another; then the sizes of the compact encodings of a cubic graph and a grid of 10,000 vertices
# (exported, not solved).
# Writes target/lab/lab.txt, lab.csv, lab.svg and sizes.txt.
#
# usage: benches/lab/run.sh [FHCP_TRAIN_TAR_XZ] [TIMEOUT_SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
fhcp=${1:-../shared/fhcp/train.tar.xz}
timeout=${2:-10}
out=target/lab
pathsat=./target/release/pathsat
cargo build --release -q
mkdir -p "$out/graphs"
python3 benches/lab/make_graphs.py "$out/graphs"
mv "$out/graphs/cubic-10000.hcp" "$out/graphs/grid-10000.hcp" "$out/"
picks=(1 101 201 301 401 501 601 701 801)
if [ -f "$fhcp" ]; then
  tar xJf "$fhcp" -C "$out" $(printf "fhcp-train/graph%s.hcp " "${picks[@]}")
  for g in "${picks[@]}"; do
    cp "$out/fhcp-train/graph$g.hcp" "$out/graphs/fhcp-$(printf %04d "$g").hcp"
  done
else
  echo "no FHCP archive at $fhcp: the lab runs without the FHCP graphs" >&2
fi
# shellcheck disable=SC2046
"$pathsat" lab $(ls "$out"/graphs/*.hcp | sort) --timeout "$timeout" \
  --csv "$out/lab.csv" --svg "$out/lab.svg" | tee "$out/lab.txt"
{
  for graph in cubic-10000 grid-10000; do
    for e in successor successor-binary successor-crt successor-elimination; do
      /usr/bin/time -f "  whole process: %e s, %M KB peak" \
        "$pathsat" export "$out/$graph.hcp" --encoding "$e" -o "$out/$graph.cnf" 2>&1 || true
    done
  done
  rm -f "$out"/*.cnf
} | tee "$out/sizes.txt"
