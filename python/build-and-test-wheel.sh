#!/usr/bin/env bash
# The Python package as a user without Rust gets it: the wheel built by maturin (abi3: one wheel,
# tagged cp39-abi3, for every CPython from 3.9 on), checked for its tag, stubs and py.typed, then
# installed with the test requirements (pyproject.toml's `test` extra) into a fresh virtual
# environment, and the tests (python/tests) run from that environment with cargo, rustc and
# ~/.cargo/bin off PATH and from a directory where `import pathsat` finds the installed wheel,
# not the source tree's python/pathsat (checked before the tests, and by the tests' conftest).
#
#   python/build-and-test-wheel.sh [PYTEST ARGS...]     e.g. -v --timeout 120
#
# PYTHON: the interpreter that builds the wheel and makes the environment (default python3);
# maturin is installed into it, at the version pyproject.toml's build-system asks, when missing.
# WHEEL_DIR: where the wheel is also copied (default: nowhere; it lives in a temporary directory
# removed at the end, with the environment). CARGO_TARGET_DIR is honoured as cargo reads it.
# The tests find the repository's fixtures through their own path, as always; PATHSAT_BIN and
# PATHSAT_REQUIRE_SOLVERS pass through to them.
set -euo pipefail
python_dir=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$python_dir")
python=${PYTHON:-python3}

work=$(mktemp -d "${TMPDIR:-/tmp}/pathsat-wheel.XXXXXX")
trap 'rm -rf "$work"' EXIT

phase_times=()
phase_started=$SECONDS
phase() {
  echo "-- $1" >&2
  phase_started=$SECONDS
}
phase_done() {
  phase_times+=("$(printf '%5d s  %s' $((SECONDS - phase_started)) "$1")")
}

# 1. The wheel, with the features pyproject.toml's [tool.maturin] declares, the lock file as
# committed (--locked: a Cargo.lock out of step fails here).
phase "build the wheel (maturin build --release)"
if ! "$python" -m maturin --version >/dev/null 2>&1; then
  maturin_requirement=$(sed -n 's/^requires = \["\(maturin[^"]*\)"\]$/\1/p' \
    "$python_dir/pyproject.toml")
  "$python" -m pip install -q --disable-pip-version-check "${maturin_requirement:-maturin}"
fi
"$python" -m maturin --version
(cd "$python_dir" && "$python" -m maturin build --release --locked --out "$work/wheel")
phase_done "wheel build"

shopt -s nullglob
wheels=("$work"/wheel/pathsat-*.whl)
shopt -u nullglob
if [ "${#wheels[@]}" -ne 1 ]; then
  echo "error: expected one pathsat wheel in $work/wheel, found ${#wheels[@]}" >&2
  exit 1
fi
wheel=${wheels[0]}
wheel_name=${wheel##*/}
echo "wheel: $wheel_name ($(stat -c %s "$wheel") bytes)"
case "$wheel_name" in
  *-cp39-abi3-*.whl) ;;
  *) echo "error: $wheel_name is not tagged cp39-abi3 (pyo3's abi3-py39 feature)" >&2; exit 1 ;;
esac
# Its files: the abi3 extension, the package that re-exports it, the stubs and the marker that
# tells type checkers to read them.
listing=$(unzip -l "$wheel")
echo "$listing"
for member in pathsat/__init__.py pathsat/_pathsat.abi3.so pathsat/_pathsat.pyi pathsat/py.typed; do
  if ! grep -qE "[[:space:]]$member\$" <<<"$listing"; then
    echo "error: $wheel_name has no $member" >&2
    exit 1
  fi
done
if [ -n "${WHEEL_DIR:-}" ]; then
  mkdir -p "$WHEEL_DIR"
  cp "$wheel" "$WHEEL_DIR/"
  echo "wheel copied to $WHEEL_DIR/$wheel_name"
fi

# 2. A fresh environment with the wheel and the test requirements, nothing from the source tree.
phase "fresh virtual environment, the wheel and the test requirements"
"$python" -m venv "$work/venv"
venv_python=$work/venv/bin/python
"$venv_python" -m pip install -q --disable-pip-version-check "$wheel[test]"
"$venv_python" -m pip list --disable-pip-version-check
phase_done "venv and install"

# 3. PATH without Rust: ~/.cargo/bin (and $CARGO_HOME/bin) dropped; any other directory holding
# cargo, rustc or rustup (Debian's /usr/bin/cargo) replaced by a directory of links to all it
# holds but Rust's tools. The environment's bin first, as `activate` does.
rust_tools='.*/(cargo|cargo-[^/]*|rustc|rustdoc|rustup|rustfmt|rust-[^/]*|clippy-driver)'
clean_path=$work/venv/bin
declare -A seen=()
n=0
IFS=: read -ra path_dirs <<<"$PATH"
for dir in "${path_dirs[@]}"; do
  [ -n "$dir" ] && [ -d "$dir" ] || continue
  real=$(realpath "$dir")
  [ -z "${seen[$real]:-}" ] || continue
  seen[$real]=1
  for cargo_bin in "$HOME/.cargo/bin" "${CARGO_HOME:-$HOME/.cargo}/bin"; do
    if [ -d "$cargo_bin" ] && [ "$real" = "$(realpath "$cargo_bin")" ]; then continue 2; fi
  done
  if [ -e "$dir/cargo" ] || [ -e "$dir/rustc" ] || [ -e "$dir/rustup" ]; then
    n=$((n + 1))
    mkdir -p "$work/path/$n"
    find "$real" -mindepth 1 -maxdepth 1 -regextype posix-extended ! -regex "$rust_tools" \
      -exec ln -s -t "$work/path/$n" {} +
    dir=$work/path/$n
  fi
  clean_path=$clean_path:$dir
done

# 4. The tests, from an empty directory, in the environment they get: no Rust tool on PATH, and
# `import pathsat` the installed wheel's.
phase "the tests, from the environment, without Rust on PATH"
mkdir "$work/run"
cd "$work/run"
run_env=(env -u PYTHONPATH -u PYTHONHOME PATH="$clean_path" VIRTUAL_ENV="$work/venv"
  PATHSAT_WHEEL_TEST=1)
"${run_env[@]}" "$venv_python" - <<'EOF_PY'
import pathlib
import shutil
import sys

import pathsat

where = pathlib.Path(pathsat._pathsat.__file__).resolve()
print(f"pathsat: {where}")
rust = [shutil.which(tool) for tool in ("cargo", "rustc", "rustup") if shutil.which(tool)]
if rust:
    sys.exit(f"error: Rust is still on the tests' PATH: {', '.join(rust)}")
if pathlib.Path(sys.prefix).resolve() not in where.parents:
    sys.exit(f"error: pathsat imports from {where}, not from the fresh environment {sys.prefix}")
EOF_PY
# -p no:cacheprovider: nothing written into the source tree's python/ (pytest's rootdir).
status=0
"${run_env[@]}" "$venv_python" -m pytest -p no:cacheprovider "$@" "$repo/python/tests" || status=$?
phase_done "tests"

echo "-- the phases' times ($wheel_name, $(stat -c %s "$wheel") bytes)" >&2
printf '%s\n' "${phase_times[@]}" >&2
exit "$status"
