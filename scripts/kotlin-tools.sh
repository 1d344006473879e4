#!/usr/bin/env bash
# Installs what the Kotlin binding tests (ffi/tests/bindings.rs) need and this machine lacks:
# npm's kotlin-compiler into target/tools/kotlin (or $KOTLIN_HOME); JNA and JUnit 4 come from
# Debian (libjna-java, junit4), installed by scripts/test.sh's setup.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=${KOTLIN_HOME:-$PWD/target/tools/kotlin}
if [ ! -x "$tools/node_modules/kotlin-compiler/bin/kotlinc" ]; then
  mkdir -p "$tools"
  (cd "$tools" && npm install --silent --no-audit --no-fund kotlin-compiler@2.4.20)
  chmod +x "$tools"/node_modules/kotlin-compiler/bin/*
fi
