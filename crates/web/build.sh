#!/usr/bin/env bash
# Writes pathsat's static site (`just web-static [DIR]`, default target/web-static): the page
# `pathsat serve` serves (crates/server/assets), with pathsat's JSON API compiled to WebAssembly
# beside it (this crate), run by the page in a Web Worker. The folder works from any static file
# server, and opened from disk (engine-inline.js); nothing else is needed. Needs python3.
#
# Two roads to a Rust that builds for wasm32-unknown-unknown, taken in this order:
# - rustup, with the target added (`rustup target add wasm32-unknown-unknown`);
# - Debian's rustc-web, cargo-web, rust-web-src and lld, which build the standard library for
#   the target from source (RUSTC_BOOTSTRAP lets that stable compiler take -Zbuild-std).
# And wasm-bindgen's CLI, the version of the crate (Cargo.toml): crates/web/install-bindgen.sh.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/target/web-static}
target_dir=${CARGO_TARGET_DIR:-$root/target}/web
assets=$root/crates/server/assets
wanted=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$here/Cargo.toml")

bindgen=$(command -v wasm-bindgen || true)
if [ -z "$bindgen" ] && [ -x "$HOME/.cargo/bin/wasm-bindgen" ]; then
  bindgen=$HOME/.cargo/bin/wasm-bindgen
fi
if [ -z "$bindgen" ] || [ "$("$bindgen" --version | cut -d' ' -f2)" != "$wanted" ]; then
  echo "web-static: needs wasm-bindgen $wanted: crates/web/install-bindgen.sh installs it" >&2
  exit 2
fi

cd "$here"
if command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  cargo build --release --target wasm32-unknown-unknown --target-dir "$target_dir"
elif [ -x /usr/bin/wasm-ld ] && [ -d /usr/lib/rustlib/src/rust/library ]; then
  RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
    /usr/bin/cargo build --release -Zbuild-std=std,panic_abort \
    --target wasm32-unknown-unknown --target-dir "$target_dir"
else
  echo "web-static: no Rust for wasm32-unknown-unknown: \`rustup target add wasm32-unknown-unknown\`," \
    "or apt-get install rustc-web cargo-web rust-web-src lld" >&2
  exit 2
fi

mkdir -p "$out"
"$bindgen" --target no-modules --no-typescript --out-dir "$out" \
  "$target_dir/wasm32-unknown-unknown/release/pathsat_web.wasm"
cp "$assets/index.html" "$assets/style.css" "$assets/favicon.svg" "$assets/worker.js" "$out/"
# The script as the server serves it (crates/server/src/assets.rs), but for the engine.
{
  cat "$assets/app.js"
  printf '\n// assets/examples.json, appended by the recipe (crates/web/build.sh)\nconst EXAMPLES = '
  cat "$assets/examples.json"
  printf ';\nconst ENGINE = "browser";\n'
} >"$out/app.js"
# For a page opened from disk (file://), where browsers start no worker from a file: the glue,
# the worker and the module in one script, which the page loads only then (app.js, engineSource).
python3 - "$out" <<'PY'
import base64, json, pathlib, sys
out = pathlib.Path(sys.argv[1])
glue = (out / "pathsat_web.js").read_text()
worker = (out / "worker.js").read_text()
module = base64.b64encode((out / "pathsat_web_bg.wasm").read_bytes()).decode()
(out / "engine-inline.js").write_text(
    "// The page's engine for a page opened from disk (file://), written by `just web-static`:\n"
    "// wasm-bindgen's glue, worker.js and the module (base64), started by app.js as a blob.\n"
    f"const PATHSAT_INLINE = {{ glue: {json.dumps(glue)}, worker: {json.dumps(worker)},\n"
    f"  wasm: \"{module}\" }};\n")
PY
wasm=$out/pathsat_web_bg.wasm
echo "web-static: $out ($(du -k "$wasm" | cut -f1) kB module, $(gzip -9c "$wasm" | wc -c | awk '{printf "%d", $1/1024}') kB gzipped)"
