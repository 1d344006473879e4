#!/usr/bin/env bash
# Proof on ARM and for the phone targets, as far as this machine allows:
#  * the core and its test suites cross-compiled for aarch64-unknown-linux-gnu and run under qemu;
#  * the UI crate cross-compiled in release for aarch64 Linux;
#  * the core, its uniffi cdylib and the FFI type-checked for aarch64-linux-android and
#    aarch64-apple-ios with build-std (no NDK/Xcode here);
#  * stripped sizes of the aarch64 UI binary and core cdylib against the budgets.
# Uses Debian's Rust (rustc-web) linked as the rustup toolchain `debian`; rustup stays as is.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup toolchain list | grep -q '^debian'; then
  if ! dpkg --print-foreign-architectures | grep -q arm64; then dpkg --add-architecture arm64; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq rustc-web cargo-web libstd-rust-web-dev:arm64 \
    rust-web-src gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static >/dev/null
  rustup toolchain link debian /usr
fi
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER=qemu-aarch64-static
export PKG_CONFIG_ALLOW_CROSS=1
arm=target/arm64
t=aarch64-unknown-linux-gnu

echo "== aarch64: core and rule tests under qemu =="
cargo +debian test --target $t --target-dir $arm -p dama-core -p dama-tests

echo "== aarch64: release builds (UI binary, core cdylib) =="
cargo +debian build --release --target $t --target-dir $arm -p dama-ui --bin dama-app
cargo +debian build --release --target $t --target-dir $arm -p dama-core --lib
ui=$arm/$t/release/dama-app
core=$arm/$t/release/libdama_core.so
aarch64-linux-gnu-strip -o $arm/dama-app.stripped "$ui"
aarch64-linux-gnu-strip -o $arm/libdama_core.stripped.so "$core"
ui_size=$(stat -c %s $arm/dama-app.stripped)
core_size=$(stat -c %s $arm/libdama_core.stripped.so)
printf 'size: UI binary (aarch64, stripped)   %8.2f MB (budget 8 MB)\n' "$(echo "$ui_size/1000000" | bc -l)"
printf 'size: core cdylib (aarch64, stripped) %8.2f MB (budget 2 MB)\n' "$(echo "$core_size/1000000" | bc -l)"
pass=0; fail=0
[ "$ui_size" -le 8000000 ] && pass=$((pass+1)) || { fail=$((fail+1)); echo "UI binary over budget"; }
[ "$core_size" -le 2000000 ] && pass=$((pass+1)) || { fail=$((fail+1)); echo "core cdylib over budget"; }
"$CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER" $arm/$t/release/dama-app --version >/dev/null 2>&1 || true

echo "== Android and iOS: type-check the core and FFI with build-std =="
for target in aarch64-linux-android aarch64-apple-ios; do
  RUSTC_BOOTSTRAP=1 cargo +debian check -Zbuild-std=std,panic_abort --target $target \
    --target-dir $arm -p dama-core --lib
  echo "checked dama-core for $target"
  pass=$((pass+1))
done
echo "arm64: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
