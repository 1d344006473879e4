#!/usr/bin/env bash
# Generates the Kotlin, Swift and Python bindings of the core in library mode from the built
# cdylib, with the workspace's own uniffi-bindgen.
#   scripts/bindings.sh            regenerate into android/, ios/ and target/bindings/python
#   scripts/bindings.sh --check    fail if the committed Kotlin/Swift differ from fresh output
set -euo pipefail
cd "$(dirname "$0")/.."
# Metadata symbols must survive: build without the release profile's stripping.
profile=${PROFILE:-dev}
flag=$([ "$profile" = dev ] && echo "" || echo "--profile $profile")
cargo build $flag -p dama-ffi --lib
cargo build $flag -p uniffi-bindgen
lib=target/$([ "$profile" = dev ] && echo debug || echo "$profile")/libdama_ffi.so
bindgen=target/$([ "$profile" = dev ] && echo debug || echo "$profile")/uniffi-bindgen

kotlin_out=android/bindings/src/main/kotlin
swift_out=ios/DamaCore/Sources/DamaCore
python_out=target/bindings/python

gen() { # language out-dir
  rm -rf "$2.tmp" && mkdir -p "$2.tmp"
  "$bindgen" generate --library "$lib" --language "$1" --out-dir "$2.tmp" --no-format >/dev/null
}

gen kotlin "$kotlin_out"
gen swift "$swift_out"
gen python "$python_out"
# SwiftPM/XCFramework layout: Swift sources in Sources/DamaCore, the C header and its
# module map beside the static library in headers/ (see ios/README section).
headers=ios/DamaCore/headers
rm -rf "$headers.tmp" && mkdir -p "$headers.tmp"
mv "$swift_out.tmp/DamaCoreFFI.h" "$headers.tmp/"
mv "$swift_out.tmp/DamaCoreFFI.modulemap" "$headers.tmp/module.modulemap"
rm -rf "$python_out" && mv "$python_out.tmp" "$python_out"
cp "$lib" "$python_out/"

status=0
for pair in "kotlin:$kotlin_out" "swift:$swift_out" "swift-headers:$headers"; do
  out=${pair#*:}
  if [ "${1:-}" = --check ]; then
    if ! diff -r "$out.tmp" "$out" >/dev/null 2>&1; then
      echo "generated ${pair%%:*} bindings in $out are not current: run scripts/bindings.sh" >&2
      diff -r "$out.tmp" "$out" | head -20 >&2 || true
      status=1
    fi
    rm -rf "$out.tmp"
  else
    rm -rf "$out" && mkdir -p "$(dirname "$out")" && mv "$out.tmp" "$out"
  fi
done
exit $status
