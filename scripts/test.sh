#!/usr/bin/env bash
# Sets up what the tests need and runs every test: format, lints, unit/integration/property
# tests, the rule-book vectors through the `dama` command line.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s ==\n' "$*"; }

step "format"
cargo fmt --all -- --check

step "clippy"
cargo clippy --workspace --all-targets -- -D warnings

step "tests"
cargo test --workspace

step "rule-book vectors through the dama command line"
cargo build --release --bin dama
python3 tests/tools/check_vectors.py target/release/dama tests/vectors/*.json
