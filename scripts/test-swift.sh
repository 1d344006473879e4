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
cat > "$work/main.swift" <<'SWIFT'
#if canImport(Glibc)
import Glibc
#endif
var passed = 0
var failed = 0
func check(_ name: String, _ body: () throws -> Void) {
    do { try body(); passed += 1 } catch { failed += 1; print("FAIL \(name): \(error)") }
}
struct Failure: Error { let what: String }
check("king versus lone man") {
    let s = try GameSession(game: .turkish, options: [], position: "W:WKa1:Ba4,h8")
    _ = try s.play(notation: "a1xa5")
    guard let r = s.result(), r.winner == .white, r.reason == "king-vs-lone-man" else { throw Failure(what: "result") }
}
check("typed errors") {
    do { _ = try GameSession(game: .zamma, options: [], position: "W:Wj1:B"); throw Failure(what: "accepted") }
    catch DamaError.BadPosition { }
}
check("a game to its end") {
    let s = try GameSession(game: .fetaix, options: [], position: nil)
    var ply = 0
    while s.result() == nil && ply < 600 {
        let moves = s.legalMoves()
        _ = try s.play(notation: moves[ply % moves.count].notation)
        ply += 1
    }
    guard s.result() != nil else { throw Failure(what: "no end") }
    let loaded = try GameSession.load(record: s.save())
    guard loaded.positionCode() == s.positionCode() else { throw Failure(what: "save/load") }
}
check("ai") {
    let s = try GameSession(game: .turkish, options: [], position: "W:WKd1:Bb7,g7")
    let r = try AiPlayer(tableMib: 8).search(session: s, depth: 5, movetimeMs: nil, nodes: nil, cancel: SearchCancel())
    guard r.best.notation == "d1-d7" else { throw Failure(what: r.best.notation) }
}
print("swift: \(passed) passed, \(failed) failed")
if failed > 0 { exit(1) }
SWIFT
# Call the real driver (its libraries are found relative to it) with /proc mounted.
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true' EXIT
swift=/usr/libexec/swift
chroot "$root" bash -c "cd /work && $swift/bin/swiftc -I /work -Xcc -fmodule-map-file=/work/module.modulemap \
  -L /work -ldama_ffi DamaCore.swift main.swift -o test \
  && LD_LIBRARY_PATH=.:$swift/lib/swift/linux ./test"
