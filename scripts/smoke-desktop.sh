#!/usr/bin/env bash
# Starts the real desktop binary in a virtual X display, checks that it shows a window, and
# keeps a screenshot of the screen (screenshots/desktop-xvfb.png). Then runs the README's own
# command, `scripts/run.sh`, with the app's options: `--help`, and `--size` at a landscape
# phone's size and at the smallest size, each of which must open exactly that window.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/debug/dama-app}
out=screenshots
mkdir -p "$out"
log=$(mktemp)
export DAMA_DATA_DIR=$(mktemp -d)
display=:97
Xvfb $display -screen 0 800x900x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$DAMA_DATA_DIR"' EXIT
sleep 1
DISPLAY=$display "$bin" --smoke-test >"$log" 2>&1 &
app=$!
sleep 2.5
# ImageMagick's own convert (a stand-in may come first on PATH).
conv=/usr/bin/convert
[ -x "$conv" ] || conv=convert
if command -v xwd >/dev/null; then
  DISPLAY=$display xwd -root -silent | "$conv" xwd:- "$out/desktop-xvfb.png" 2>/dev/null || true
fi
passed=0 failed=0
check() { # name, then a command whose success is the check
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "ok: $name"
  else
    failed=$((failed + 1))
    echo "FAILED: $name"
  fi
}
wait $app || { cat "$log"; echo "desktop smoke test: the app failed"; exit 1; }
cat "$log"
check "the window is shown" grep -q "window shown" "$log"

# The README's command, as a player types it (its arguments go to the app, not to cargo).
# The dev profile reuses the tests' build; a player's run builds release-app.
run() { DAMA_RUN_PROFILE=dev DISPLAY=$display bash scripts/run.sh "$@" 2>"$log.err"; }
help=$(run --help) || true
check "run.sh --help prints the app's options" grep -q "Usage: dama-app" <<<"$help"
check "run.sh --help lists --size" grep -q -- "--size WxH" <<<"$help"
landscape=$(run --size 740x360 --smoke-test --quick) || true
echo "$landscape"
check "run.sh --size 740x360 opens a 740x360 window" grep -q "window shown 740x360" <<<"$landscape"
small=$(DISPLAY=$display "$bin" --size 320x320 --smoke-test --quick 2>&1) || true
check "--size 320x320 opens a 320x320 window" grep -q "window shown 320x320" <<<"$small"
if [ "$failed" -gt 0 ]; then
  tail -20 "$log.err" 2>/dev/null || true
fi
echo "desktop smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
