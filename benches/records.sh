#!/usr/bin/env bash
# Record-size counts by the frontier program, each checked against its published value (the
# `[expect] count` of benches/records/NAME.toml), with wall time and peak memory.
#
#   bash benches/records.sh NAME [SHARDS]      (or: just record NAME [SHARDS])
#
# NAME is a file of benches/records/ without .toml: knight-8x8-closed, knight-8x8-open,
# knight-6x40-closed, knight-8x9-closed, knight-8x10-closed, knight-8x11-closed, rook-16x16-open,
# rook-20x20-closed, rook-22x22-closed, king-12x12-closed.
# With SHARDS > 1 the count runs as that many shards,
# one after another (each with every core), each a separate process as on a cluster, and
# `pathsat merge` adds the parts; the parts stay in target/records/NAME-SHARDS/, and a shard
# whose part is there is not run again. Every count saves its table there every 10 minutes
# (`--checkpoint`), so a run that was killed goes on from its last checkpoint when it is started
# again, within the shard it was counting; Ctrl-C (or SIGTERM to the count) ends the layer under
# way and saves it first. Needs a release build
# (`cargo build --release`), and GNU time (/usr/bin/time) for the peak memory. MEMORY sets the
# frontier program's budget (default: half of the machine's memory), e.g. MEMORY=20GiB.
# SPILL_DIR keeps the large tables in temporary files in that directory (`--spill-dir`), e.g.
# SPILL_DIR=/var/tmp: the memory then holds a batch of a step, not two whole tables.
# SPLIT_BY=residues splits the count by residues (`--split-by residues`: shard 1 a bound, the
# others the count modulo 63-bit primes) instead of by states; its parts stay in
# target/records/NAME-SHARDS-residues/.
set -euo pipefail
cd "$(dirname "$0")/.."

name=${1:?usage: benches/records.sh NAME [SHARDS]}
shards=${2:-1}
puzzle=benches/records/$name.toml
[ -f "$puzzle" ] || { echo "no record $name: $(ls benches/records | sed 's/\.toml$//' | tr '\n' ' ')" >&2; exit 2; }
pathsat=$PWD/target/release/pathsat
expected=$(sed -n 's/^count = "\{0,1\}\([0-9]*\)"\{0,1\}/\1/p' "$puzzle")
out=target/records/$name-$shards
split_option=()
if [ -n "${SPLIT_BY:-}" ]; then
  split_option=(--split-by "$SPLIT_BY")
  out=$out-$SPLIT_BY
fi
mkdir -p "$out"
time_cmd=()
if [ -x /usr/bin/time ]; then
  time_cmd=(/usr/bin/time -f "%e s wall, %M KiB peak resident")
fi

memory_option=()
if [ -n "${MEMORY:-}" ]; then
  memory_option=(--memory "$MEMORY")
fi
if [ -n "${SPILL_DIR:-}" ]; then
  memory_option+=(--spill-dir "$SPILL_DIR")
fi

if [ "$shards" = 1 ]; then
  # Unsharded: one count, its JSON report kept beside the parts of sharded runs.
  "${time_cmd[@]}" "$pathsat" count "$puzzle" --method dp "${memory_option[@]}" \
    --checkpoint "$out/count.checkpoint" --progress lines --format json > "$out/count.json"
  got=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["count"] if r["complete"] else "incomplete: " + r["why"])' "$out/count.json")
else
  for i in $(seq "$shards"); do
    part=$out/part-$i.json
    if [ -s "$part" ]; then
      echo "shard $i/$shards: already done"
      continue
    fi
    echo "shard $i/$shards of $name:"
    "${time_cmd[@]}" "$pathsat" count "$puzzle" --shard "$i/$shards" "${split_option[@]}" "${memory_option[@]}" \
      --checkpoint "$out/part-$i.checkpoint" --progress lines -o "$part"
  done
  "$pathsat" merge "$out"/part-*.json
  got=$("$pathsat" merge "$out"/part-*.json --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])')
fi
unsharded=target/records/$name-1/count.json
if [ -z "$expected" ] && [ "$shards" != 1 ] && [ -s "$unsharded" ]; then
  # No published value, but an unsharded count of the same board (say, one counted with wide
  # integers, where a split by residues keeps 63-bit ones): the parts must give that count.
  before=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["count"] if r["complete"] else "")' "$unsharded")
  if [ -n "$before" ]; then
    if "$pathsat" merge "$out"/part-*.json --expect "$before" > /dev/null; then
      echo "$name: the shards give the unsharded count of $unsharded"
    else
      echo "$name: the shards give $got, NOT the unsharded count $before of $unsharded" >&2
      exit 1
    fi
  fi
fi
if [ -z "$expected" ]; then
  # A board whose published value is not recorded in its file (every record here has one; a new
  # board may not): the count is printed, to be checked by hand against the published value
  # (`pathsat merge PARTS --expect VALUE`).
  echo "$name: $got fillings (no published value in $puzzle: compare it by hand)"
elif [ "$got" = "$expected" ]; then
  echo "$name: $got fillings, the published value"
else
  echo "$name: $got fillings, NOT the published $expected" >&2
  exit 1
fi
