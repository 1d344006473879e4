#!/usr/bin/env bash
# Builds and runs the app. Until the touch UI lands this runs the `dama` command line on an
# example: the legal moves and status of the Zamma start position, and a perft.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --bin dama
./target/release/dama moves --game zamma
./target/release/dama status --game turkish --position "W:WKd4:Be7"
./target/release/dama perft 6 --game turkish
