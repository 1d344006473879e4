#!/usr/bin/env bash
# The linker for the iOS targets: rustup's rust-lld as ld64, with the deployment target and
# the SDK version the store asks for (rustc passes its own -platform_version, whose SDK is the
# minimum: here it becomes ios 15.0 26.0), against the SDK stubs in $SDKROOT.
set -euo pipefail
# rustup's default toolchain ships rust-lld (Debian's Rust, which runs the build, does not).
sysroot=$(env -u RUSTUP_TOOLCHAIN rustc --print sysroot)
lld=$sysroot/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld
[ -x "$lld" ] || { echo "ld.sh: no rust-lld at $lld" >&2; exit 1; }
args=()
while [ $# -gt 0 ]; do
  if [ "$1" = "-platform_version" ]; then
    args+=("$1" "$2" "${IOS_MIN:-15.0}" "${IOS_SDK:-26.0}")
    shift 4
  else
    args+=("$1")
    shift
  fi
done
# Every missing symbol named at once, not the first twenty.
exec "$lld" "${args[@]}" --error-limit=0
