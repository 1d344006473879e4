#!/usr/bin/env bash
# Sets up what the tests need and runs every test: format, lints, Rust unit/integration/
# property tests, the rule-book vectors through the `dama` command line, and the FFI tests
# through the generated Python and Kotlin bindings.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s ==\n' "$*"; }

step "setup"
missing=()
[ -f /usr/share/java/jna.jar ] || missing+=(libjna-java)
command -v javac >/dev/null || missing+=(default-jdk-headless)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ! -x target/venv/bin/pytest ]; then
  python3 -m venv target/venv
  target/venv/bin/pip install -q pytest
fi

step "format"
cargo fmt --all -- --check

step "clippy"
cargo clippy --workspace --all-targets -- -D warnings

step "rust tests"
cargo test --workspace

step "rule-book vectors through the dama command line"
cargo build --release --bin dama
python3 tests/tools/check_vectors.py target/release/dama tests/vectors/*.json

step "bindings: generate, and check the committed Kotlin/Swift are current"
bash scripts/bindings.sh --check

step "FFI tests: Python"
target/venv/bin/python -m pytest -q tests/ffi

step "FFI tests: Kotlin"
bash scripts/test-kotlin.sh
