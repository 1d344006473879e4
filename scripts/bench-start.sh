#!/usr/bin/env bash
# Cold start of the desktop app to its first frame of Home, under Xvfb: the time from the
# exec of the binary until Home has been drawn once by the software renderer on the event
# loop's first turn (the app prints the wall clock then). Five runs of the shipped profile (release-app), each with an empty data folder;
# prints each run and the median.
#   bash scripts/bench-start.sh [binary]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-}
if [ -z "$bin" ]; then
  cargo build --profile release-app -p dama-ui --bin dama-app
  bin=target/release-app/dama-app
fi
display=:96
Xvfb $display -screen 0 1080x1920x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -S /tmp/.X11-unix/X${display#:} ] && break; sleep 0.1; done
sleep 0.5
times=()
for i in 1 2 3 4 5; do
  data=$(mktemp -d)
  log=$(mktemp)
  start=$(date +%s%N)
  DISPLAY=$display DAMA_DATA_DIR=$data "$bin" --smoke-test --quick >"$log" 2>&1 || true
  first=$(sed -n 's/^first frame at unix-ns //p' "$log" | head -1)
  rm -rf "$data"
  if [ -z "$first" ]; then cat "$log"; echo "no first frame"; exit 1; fi
  ms=$(( (first - start) / 1000000 ))
  echo "run $i: first frame of Home after $ms ms"
  times+=("$ms")
  rm -f "$log"
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p)
echo "cold start to the first frame: median $median ms of 5 (target 300 ms: $(echo "scale=2; $median / 300" | bc)x of it)"
