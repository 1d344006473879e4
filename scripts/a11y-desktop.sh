#!/usr/bin/env bash
# Plays the desktop app as a blind player would, through the screen readers' interface
# (AT-SPI): under Xvfb, in a D-Bus session of its own with AT-SPI turned on, the app is
# started with an empty data dir, and tests/tools/atspi_play.py plays it by accessibility
# actions alone and checks the names of the controls shown, in English and German.
# Fails when the bus, the app or its tree is missing (it never passes having checked nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-target/debug/dama-app}")
for tool in dbus-run-session gdbus Xvfb /usr/bin/python3; do
  command -v "$tool" >/dev/null || { echo "accessibility: 0 passed, 1 failed ($tool missing)"; exit 1; }
done
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null \
  || { echo "accessibility: 0 passed, 1 failed (Debian's python3-pyatspi missing)"; exit 1; }
export DAMA_DATA_DIR=$(mktemp -d)
export A11Y_BIN=$bin
trap 'rm -rf "$DAMA_DATA_DIR"' EXIT
# The session bus, the accessibility bus (D-Bus-activated: no systemd needed), the display,
# then the app; dbus-daemon's "Failed to set fd limit" in a container is harmless.
dbus-run-session -- bash -c '
  set -u
  display=:96
  Xvfb $display -nolisten tcp -screen 0 1000x1700x24 >/dev/null 2>&1 &
  xvfb=$!
  export DISPLAY=$display
  sleep 1
  # accesskit publishes only while AT-SPI says it is on.
  gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \
    --method org.freedesktop.DBus.Properties.Set org.a11y.Status IsEnabled "<true>" >/dev/null \
    || { echo "accessibility: 0 passed, 1 failed (no AT-SPI bus)"; kill $xvfb; exit 1; }
  # A tall window: Slint 1.18.1 marks what a scrolled page hides as hidden to AT-SPI too, so
  # Home'"'"'s opponent and rule chips are reachable only when the page shows them whole.
  "$A11Y_BIN" --size 480x1600 >"$DAMA_DATA_DIR/app.log" 2>&1 &
  app=$!
  # A11Y_SCRIPT runs another checker in the same setting (while writing one).
  # libatspi warns of registry signals from AccessKit it does not know (harmless): left out.
  /usr/bin/python3 ${A11Y_SCRIPT:-tests/tools/atspi_play.py} 2> >(grep -v -e dbind-WARNING -e "^$" >&2)
  status=$?
  # A checker that died (no display, no bus for its library) has printed no summary.
  [ $status -le 1 ] || echo "accessibility: 0 passed, 1 failed (the checker ended with status $status)"
  kill $app $xvfb 2>/dev/null
  [ $status -eq 0 ] || tail -5 "$DAMA_DATA_DIR/app.log"
  exit $status
' 2> >(grep -v -e "Failed to set fd limit" -e "Activating service" -e "Successfully activated" -e "SpiRegistry daemon" >&2)
