#!/usr/bin/env bash
# Called by Xcode (project.yml): builds `dama-app` for the platform being built and puts it in
# the app bundle as its executable.
set -euo pipefail
export PATH="$HOME/.cargo/bin:/usr/local/bin:/opt/homebrew/bin:/usr/bin:/bin:$PATH"
root="$(cd "$(dirname "$0")/.." && pwd -P)"
if [ "${CONFIGURATION:-Debug}" = "Debug" ]; then profile=debug; flag=; else profile=release-app; flag="--profile release-app"; fi
case "${PLATFORM_NAME:-iphoneos}:${NATIVE_ARCH_ACTUAL:-arm64}" in
  iphonesimulator:x86_64) target=x86_64-apple-ios ;;
  iphonesimulator:*) target=aarch64-apple-ios-sim ;;
  *) target=aarch64-apple-ios ;;
esac
export CARGO_TARGET_DIR="${DERIVED_FILE_DIR:-$root/target/xcode}/cargo"
# The phone feature set: our own platform (src/platform/ios.rs) with the software renderer.
cargo build --manifest-path "$root/Cargo.toml" -p dama-ui --bin dama-app --no-default-features --target "$target" $flag
mkdir -p "$TARGET_BUILD_DIR/$CONTENTS_FOLDER_PATH"
cp "$CARGO_TARGET_DIR/$target/$profile/dama-app" "$TARGET_BUILD_DIR/$EXECUTABLE_PATH"
