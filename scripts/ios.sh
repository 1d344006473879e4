#!/usr/bin/env bash
# The iOS app linked as far as Linux goes: the real dama-app for aarch64-apple-ios, built with
# build-std by Debian's Rust and linked by rust-lld (ld64 flavour) against the SDK stubs in
# ios/sdk-stubs (text files: each symbol the app imports, in the library Apple documents it
# in). scripts/ios/check_macho.py then reads the executable back: arm64, PIE, LC_BUILD_VERSION
# iOS minos 15.0 SDK 26.0, only allow-listed public libraries, every import bound to a
# library whose stub exports it, every stubbed symbol documented and none private.
# scripts/ios/bundle.sh then makes the app bundle and IPA from it (Info.plist, privacy manifest
# from the imports, icons, localizations), signs it ad hoc with rcodesign and reads it back.
# What only dyld on a device can show: a symbol stubbed in a library other than the one that
# really exports it links here and fails at launch there.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=ios/env.sh
source scripts/ios/env.sh
pass=0; fail=0

echo "== iOS: the checker's own tests == (at $SECONDS s)"
if python3 scripts/ios/test_check_macho.py; then pass=$((pass+1)); else fail=$((fail+1)); fi

echo "== iOS: dama-app for aarch64-apple-ios, linted and linked against the SDK stubs == (at $SECONDS s)"
# Clippy lints our crates while they are built (clippy-driver as their compiler; std and the
# dependencies are compiled by rustc as usual): one build instead of a check and a build.
# Only for this build: `cargo install` of rcodesign (bundle.sh) would compile its own crate
# with Debian's clippy-driver and its dependencies with rustup's rustc, which do not mix.
if RUSTC_WORKSPACE_WRAPPER=/usr/bin/clippy-driver \
    CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" cargo +debian build -Zbuild-std=std,panic_abort --target aarch64-apple-ios \
    --target-dir target/ios --profile release-app -p dama-ui --bin dama-app --no-default-features; then
  pass=$((pass+1))
else
  echo "FAILED: the iOS app does not link (an undefined symbol is named above: stub it where Apple documents it)"
  fail=$((fail+1))
fi
exe=target/ios/aarch64-apple-ios/release-app/dama-app
if [ -f "$exe" ] && python3 scripts/ios/check_macho.py "$exe" ios/sdk-stubs --minos 15.0 --sdk 26.0 --platform ios; then
  pass=$((pass+1))
else
  fail=$((fail+1))
fi
if [ -f "$exe" ]; then
  size=$(stat -c %s "$exe")
  awk -v s="$size" 'BEGIN { printf "size: dama-app (iOS arm64 executable)     %6.2f MB (budget 8 MB; the Android library is printed by android-apk.sh)\n", s / 1e6 }'
  [ "$size" -le 8000000 ] || { echo "FAILED: the iOS executable is over its 8 MB budget"; fail=$((fail+1)); }
fi
echo "== iOS: DamaZamma.app and its IPA, signed ad hoc by rcodesign, read back == (at $SECONDS s)"
if [ -f "$exe" ] && bash scripts/ios/bundle.sh "$exe"; then pass=$((pass+1)); else fail=$((fail+1)); fi
echo "ios: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
