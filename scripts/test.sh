#!/usr/bin/env bash
# Sets up what the tests need (Debian packages, a Python venv, the Kotlin compiler, Debian's
# Rust for ARM) and runs every test: format, lints, the Rust tests of every crate (rules,
# AI, the FFI through the generated Python and Kotlin bindings, UI headless with screenshots),
# the rule-book vectors through the `dama` command line, the desktop app under Xvfb, the
# offline check, the signed Android APK with its checks and size budgets, and the
# ARM64/iOS proofs.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step prints the time since the start, so a slow CI run shows where its time went.
start=$(date +%s)
# No incremental caches: a fresh build never reuses them, and they doubled the target folder
# (CI runs on a machine whose disk other folders share; one run stopped on a full disk).
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

step() { printf '\n== %s == (at %d s)\n' "$*" $(($(date +%s) - start)); }
trap 'printf "\n== done == (at %d s)\n" $(($(date +%s) - start))' EXIT

step "setup"
need=()
for p in libjna-java junit4 xvfb x11-apps imagemagick libfontconfig-dev libasound2-dev libxkbcommon-x11-0 libx11-xcb1 fonts-roboto-unhinted \
         libxcursor1 libxrandr2 libxi6 fonts-dejavu-core bc patch at-spi2-core python3-pyatspi dbus-x11; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
command -v javac >/dev/null || need+=(default-jdk-headless)
command -v npm >/dev/null || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
if [ ! -x target/venv/bin/pytest ]; then
  python3 -m venv target/venv
  target/venv/bin/pip install -q pytest
fi
bash scripts/kotlin-tools.sh # the Kotlin compiler of the binding tests

step "format"
cargo fmt --all -- --check

step "docs: every link and named section of README.md, docs/ and third_party/README.md resolves"
python3 scripts/check-md-links.py

step "Slint patches (third_party/ is Slint's published crates plus third_party/slint-patches)"
bash scripts/slint-patches.sh --check

step "clippy"
# uniffi-bindgen is three lines calling uniffi's own main; linting it would check all of
# uniffi's code generator (about two minutes here) for nothing of ours.
cargo clippy --workspace --exclude uniffi-bindgen --all-targets -- -D warnings

# dama-ffi's tests/bindings.rs generates the Python, Kotlin and Swift bindings from the fresh
# cdylib, checks the committed Kotlin/Swift are current, and runs the Python (pytest) and
# Kotlin (FfiTest.kt, the Android CoreTest.kt on JUnit) tests through them.
step "rust tests (rules, AI, the bindings in Python and Kotlin, UI headless + screenshots in screenshots/)"
cargo test --workspace --no-run
# The layout check is one test of about 8 minutes, and cargo runs the test programs one after
# another on one core: its two halves run as two more processes beside all the others, so
# both of CI's cores work. (--workspace: the binary the build above made.)
layout=()
for part in 1 2; do
  DAMA_LAYOUT_PART=$part/2 cargo test --workspace --test layout every_screen_in_every_language \
    >"target/layout-check-$part.log" 2>&1 &
  layout+=($!)
done
cargo test --workspace -- --skip every_screen_in_every_language || { kill "${layout[@]}" 2>/dev/null; exit 1; }
layout_ok=true
for part in 1 2; do
  wait "${layout[$((part - 1))]}" || layout_ok=false
  echo "(the layout check, part $part of 2, beside the tests above:)"
  cat "target/layout-check-$part.log"
done
$layout_ok || { echo "FAILED: the layout check (ui/tests/layout.rs)"; exit 1; }
# The patched software renderer's own tests, with ours on the patches (third_party/README.md).
cargo test -p i-slint-renderer-software --lib

step "rule-book vectors through the dama command line"
cargo build --release --bin dama
python3 tests/tools/check_vectors.py target/release/dama tests/vectors/*.json

step "desktop app under Xvfb"
bash scripts/smoke-desktop.sh target/debug/dama-app

step "desktop app through a screen reader's interface (AT-SPI under Xvfb, a game played by accessibility actions)"
bash scripts/a11y-desktop.sh target/debug/dama-app

step "offline"
bash scripts/offline-check.sh

step "Android: the signed APK and App Bundle, built, linted, checked (target/android/dama-zamma.apk, .aab)"
bash scripts/android-apk.sh

step "Android: the APK's library run on bionic under qemu (self-test, seccomp, pthread keys)"
bash scripts/android-bionic.sh

step "Android: the store listing (fastlane/metadata/android)"
python3 scripts/android/check_listing.py

step "iOS: the App Store listing (fastlane/metadata/ios), and its check's own tests"
python3 scripts/ios/check_listing.py --require-screenshots
python3 scripts/ios/test_check_listing.py

step "ARM64 under qemu, Android/iOS type checks of the core and FFI, the iOS app"
bash scripts/arm64.sh

step "iOS: the app linked for aarch64-apple-ios against the SDK stubs, read back"
bash scripts/ios.sh
