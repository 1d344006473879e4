#!/usr/bin/env bash
# Starts the real desktop binary in a virtual X display, checks that it shows a window, and
# keeps a screenshot of the screen (screenshots/desktop-xvfb.png).
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
wait $app || { cat "$log"; echo "desktop smoke test: the app failed"; exit 1; }
cat "$log"
if grep -q "window shown" "$log"; then
  echo "desktop smoke: 1 passed, 0 failed"
else
  echo "desktop smoke: 0 passed, 1 failed"
  exit 1
fi
