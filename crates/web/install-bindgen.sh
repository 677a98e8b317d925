#!/usr/bin/env bash
# Installs wasm-bindgen's command-line tool at the version of the crate (crates/web/Cargo.toml),
# which `just web-static` (crates/web/build.sh) needs. Usage:
#   crates/web/install-bindgen.sh [--root DIR]
# (DIR/bin instead of cargo's own bin directory; CARGO_INSTALL_ROOT works too).
#
# First the locked build, with the dependency versions the tool was released with. When one of
# those is no longer in the registry (wasm-bindgen-cli 0.2.130's lock file names webpki-roots
# 1.0.11, since withdrawn, so `--locked` stops at once), the same version of the tool with the
# newest compatible dependencies. Either way the tool installed must print the version asked.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
wanted=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$here/Cargo.toml")
if [ -z "$wanted" ]; then
  echo "install-bindgen: no exact wasm-bindgen version in $here/Cargo.toml" >&2
  exit 2
fi

root=${CARGO_INSTALL_ROOT:-${CARGO_HOME:-$HOME/.cargo}}
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --root) root=$2; args+=(--root "$2"); shift 2 ;;
    *) echo "install-bindgen: unknown argument $1 (usage: install-bindgen.sh [--root DIR])" >&2; exit 2 ;;
  esac
done

if ! cargo install -q wasm-bindgen-cli --version "=$wanted" --locked ${args[@]+"${args[@]}"}; then
  echo "install-bindgen: the locked build of wasm-bindgen-cli $wanted failed (above); installing" \
    "the same version with the newest compatible dependencies" >&2
  cargo install -q wasm-bindgen-cli --version "=$wanted" ${args[@]+"${args[@]}"}
fi

got=$("$root/bin/wasm-bindgen" --version | cut -d' ' -f2)
if [ "$got" != "$wanted" ]; then
  echo "install-bindgen: $root/bin/wasm-bindgen is version $got, not $wanted" >&2
  exit 1
fi
echo "install-bindgen: $root/bin/wasm-bindgen $got"
