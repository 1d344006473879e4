#!/usr/bin/env bash
# Installs rcodesign (the apple-codesign crate, MPL-2.0: Apple code signing on Linux) into
# target/tools/rcodesign (or $RCODESIGN_HOME) when missing, and prints its path. Pinned, with
# the lock file the crate publishes, and without its default "notarize" feature (App Store
# Connect and AWS clients: notarizing is for macOS apps; an iOS app is uploaded, not notarized),
# which makes the install shorter (measured in docs/ios.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
version=0.29.0
tools=${RCODESIGN_HOME:-$PWD/target/tools/rcodesign}
bin=$tools/bin/rcodesign
if [ ! -x "$bin" ] || [ "$("$bin" --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
  start=$(date +%s)
  # Its own target folder, so the workspace's stays as it was, removed after the install.
  CARGO_TARGET_DIR="$tools/build" cargo install --quiet --locked --no-default-features \
    --root "$tools" apple-codesign@"$version" >&2
  rm -rf "$tools/build"
  echo "rcodesign-tool: installed apple-codesign $version in $(( $(date +%s) - start )) s" >&2
fi
echo "$bin"
