#!/usr/bin/env bash
# The Kotlin binding tests alone: FfiTest.kt and the Android project's CoreTest.kt, compiled
# against freshly generated bindings and run on the JVM (ffi/tests/bindings.rs; `cargo test`
# runs them with the rest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/kotlin-tools.sh
cargo test -p dama-ffi --test bindings -- kotlin
