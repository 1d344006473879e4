#!/usr/bin/env bash
# Builds DamaCoreFFI.xcframework from the FFI crate's static library for iOS devices, the iOS
# simulator (Apple silicon and Intel) and macOS (for `swift test`). Needs Xcode and the
# rustup targets aarch64-apple-ios, aarch64-apple-ios-sim, x86_64-apple-ios, aarch64-apple-darwin.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd -P)"
root="$here/../.."
cd "$root"
for t in aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios aarch64-apple-darwin; do
  cargo build --release -p dama-ffi --lib --target "$t"
done
mkdir -p target/xcframework
lipo -create target/aarch64-apple-ios-sim/release/libdama_ffi.a \
             target/x86_64-apple-ios/release/libdama_ffi.a \
     -output target/xcframework/libdama_ffi_sim.a
rm -rf "$here/DamaCoreFFI.xcframework"
xcodebuild -create-xcframework \
  -library target/aarch64-apple-ios/release/libdama_ffi.a -headers "$here/headers" \
  -library target/xcframework/libdama_ffi_sim.a -headers "$here/headers" \
  -library target/aarch64-apple-darwin/release/libdama_ffi.a -headers "$here/headers" \
  -output "$here/DamaCoreFFI.xcframework"
echo "built $here/DamaCoreFFI.xcframework"
