#!/usr/bin/env bash
# Builds and runs the app: the desktop window of the touch UI (the same code as on phones).
# Every argument goes to the app, not to cargo: `bash scripts/run.sh --size 360x640`,
# `bash scripts/run.sh --help`. DAMA_RUN_PROFILE picks cargo's profile (release-app, the one
# phones ship, by default; the tests use dev to reuse their build).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname)" = Linux ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  need=()
  for p in libfontconfig-dev libasound2-dev libxkbcommon-x11-0 libx11-xcb1 libxcursor1 libxrandr2 libxi6 fonts-dejavu-core; do
    dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
  done
  if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  fi
fi
exec cargo run --profile "${DAMA_RUN_PROFILE:-release-app}" -p dama-ui --bin dama-app -- "$@"
