#!/usr/bin/env bash
# Swift for real: compiles the generated Swift bindings with a small test program and runs it
# against the core's cdylib, with Debian trixie's `swiftlang` inside a debootstrap chroot
# (about 3 GB; not part of .ci/run for that reason). Run as root.
set -euo pipefail
cd "$(dirname "$0")/.."
root=${SWIFT_CHROOT:-/var/tmp/dama-swift-chroot}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
if [ ! -x "$root/usr/bin/swiftc" ]; then
  command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null; }
  debootstrap --variant=minbase trixie "$root" "$mirror"
  chroot "$root" apt-get update -qq
  chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq swiftlang >/dev/null
fi
bash scripts/bindings.sh
work="$root/work"
rm -rf "$work" && mkdir -p "$work"
cp ios/DamaCore/Sources/DamaCore/DamaCore.swift "$work/"
cp ios/DamaCore/headers/DamaCoreFFI.h "$work/"
cat > "$work/module.modulemap" <<'MAP'
module DamaCoreFFI {
    header "DamaCoreFFI.h"
    export *
}
MAP
cp target/debug/libdama_ffi.so "$work/"
cp ffi/tests/bindings/main.swift "$work/"
# Call the real driver (its libraries are found relative to it) with /proc mounted.
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true' EXIT
swift=/usr/libexec/swift
chroot "$root" bash -c "cd /work && $swift/bin/swiftc -I /work -Xcc -fmodule-map-file=/work/module.modulemap \
  -L /work -ldama_ffi DamaCore.swift main.swift -o test \
  && LD_LIBRARY_PATH=.:$swift/lib/swift/linux ./test"
