#!/usr/bin/env bash
# Proof on ARM and for the phone targets, as far as this machine allows:
#  * the core and its test suites cross-compiled for aarch64-unknown-linux-gnu and run under qemu;
#  * on a machine without bionic (scripts/android-bionic.sh skipped), the app library with
#    the phone feature set (our platform + software renderer, no window system) built in
#    release for aarch64 Linux and run under qemu on glibc: its self-test (the same entry
#    android-bionic.sh runs on bionic, where it has run the APK's own library);
#  * the core and the FFI type-checked and linted (clippy -D warnings) for
#    aarch64-linux-android and aarch64-apple-ios, and the whole iOS app for the simulator
#    (aarch64-apple-ios-sim), with build-std (no NDK/Xcode here). The Android app itself is
#    built, linted and linked by scripts/android-apk.sh, which test.sh runs before this, the
#    iOS device app by scripts/ios.sh, which runs after;
#  * the stripped size of the aarch64 FFI cdylib against its budget (the app's size is the
#    Android library's, printed by android-apk.sh).
# Uses Debian's Rust (rustc-web) linked as the rustup toolchain `debian`; rustup stays as is.
set -euo pipefail
cd "$(dirname "$0")/.."

pkgs="rustc-web cargo-web rust-web-clippy libstd-rust-web-dev:arm64 rust-web-src gcc-aarch64-linux-gnu \
  libc6-dev-arm64-cross qemu-user-static libc6:arm64 libfontconfig-dev:arm64"
missing=""
for p in $pkgs; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  if ! dpkg --print-foreign-architectures | grep -q arm64; then dpkg --add-architecture arm64; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
rustup toolchain list | grep -q '^debian' || rustup toolchain link debian /usr
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER=qemu-aarch64-static
# Slint's font code links fontconfig: use the arm64 one through pkg-config.
export PKG_CONFIG_ALLOW_CROSS=1
export PKG_CONFIG_PATH_aarch64_unknown_linux_gnu=/usr/lib/aarch64-linux-gnu/pkgconfig
export PKG_CONFIG_LIBDIR_aarch64_unknown_linux_gnu=/usr/lib/aarch64-linux-gnu/pkgconfig
arm=target/arm64
t=aarch64-unknown-linux-gnu

echo "== aarch64: core and rule tests under qemu == (at $SECONDS s)"
cargo +debian test --target $t --target-dir $arm -p dama-core -p dama-tests

# The app library's self-test on glibc is the fallback for a machine without bionic: when
# scripts/android-bionic.sh has run the APK's own library (the same self-test, on Android's C
# library), building the app again for aarch64 Linux (about 7 minutes on 2 cores) proves
# nothing more.
apk_lib=target/android/dama-zamma.apk
bionic_passed=$(cat target/android/bionic/passed 2>/dev/null || true)
lib_name=$(sed -n 's/^libName=//p' android/app.properties)
on_bionic=false
if [ -n "$bionic_passed" ] && [ -f "$apk_lib" ] &&
   [ "$(unzip -p "$apk_lib" "lib/arm64-v8a/lib$lib_name.so" | sha256sum | cut -d" " -f1)" = "$bionic_passed" ]; then
  on_bionic=true
fi
echo "== aarch64: release builds (FFI cdylib; the app library unless bionic ran it) == (at $SECONDS s)"
$on_bionic || cargo +debian build --profile release-app --target $t --target-dir $arm -p dama-ui --lib --no-default-features
cargo +debian build --release --target $t --target-dir $arm -p dama-ffi --lib
ui=$arm/$t/release-app/libdama_ui.so
core=$arm/$t/release/libdama_ffi.so
aarch64-linux-gnu-strip -o $arm/libdama_ffi.stripped.so "$core"
core_size=$(stat -c %s $arm/libdama_ffi.stripped.so)
awk -v c="$core_size" 'BEGIN {
  printf "size: FFI cdylib (aarch64, stripped)                   %6.2f MB (budget 2 MB)\n", c / 1e6 }'
[ "$core_size" -le 2000000 ] || echo "note: the FFI cdylib is over its 2 MB budget"
pass=0; fail=0

if $on_bionic; then
  echo "== aarch64: the app library's self-test: run on bionic by android-bionic.sh (the APK's library), not again on glibc =="
else
  echo "== aarch64: the app library's self-test: frames, save and resume, a level-8 move (under qemu) == (at $SECONDS s)"
  uidir=$(dirname "$ui")
  aarch64-linux-gnu-gcc scripts/arm64/draw_home.c -o $arm/draw_home -L"$uidir" -ldama_ui
  # It runs on the arm64 multiarch glibc (libc6:arm64, /lib/ld-linux-aarch64.so.1), loader and
  # libc from one package. With QEMU_LD_PREFIX=/usr/aarch64-linux-gnu the cross package's
  # loader (2.36-8) was paired with the multiarch libc (2.36-9+deb12u14) that fontconfig
  # pulls in, and the first thread creation looped for ever in libc's stack cache. Cut off
  # after 180 s: a hang must fail the run, not stall CI.
  if LD_LIBRARY_PATH="$uidir" timeout 180 qemu-aarch64-static $arm/draw_home "$(mktemp -d)"; then
    pass=$((pass+1))
  else
    echo "FAILED: the aarch64 app library under qemu (exit $?, 124 is the 180 s cut-off)"
    fail=$((fail+1))
  fi
fi

echo "== Android and iOS: the core and the FFI, and the iOS app, type-checked and linted == (at $SECONDS s)"
# With the aarch64 release builds' profile and target folder: the host's build scripts and
# proc macros (Slint's compiler among them), built by Debian's Rust, are built once for all.
# Android's flags are the APK build's (scripts/android/rustflags), so its std is not rebuilt.
phone() {
  CARGO_TARGET_AARCH64_LINUX_ANDROID_RUSTFLAGS="$(cat scripts/android/rustflags)" \
  RUSTC_BOOTSTRAP=1 cargo +debian clippy -Zbuild-std=std,panic_abort --target "$1" \
    --target-dir $arm --profile release-app "${@:2}" -- -D warnings
}
for target in aarch64-linux-android aarch64-apple-ios; do
  phone $target -p dama-core -p dama-ffi --lib
  echo "checked dama-core and dama-ffi for $target"
  pass=$((pass+1))
done
# Exactly what Xcode builds: the phone platform, no desktop feature. (Android's app library
# was linted while android-apk.sh built it.)
# The device app is built, linted and linked by scripts/ios.sh (clippy-driver wraps its
# build); here the simulator's slice is type-checked and linted (not linked: issue 51 item 1).
phone aarch64-apple-ios-sim -p dama-ui --lib --bin dama-app --no-default-features
echo "checked the app (dama-ui) for aarch64-apple-ios-sim (at $SECONDS s)"
pass=$((pass+1))
echo "arm64: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
