#!/usr/bin/env bash
# Runs the APK's own app library on a real Android C library: Android 9's dynamic linker,
# libc, libm, libdl and liblog (bionic, arm64, from AOSP's generic system image) under
# qemu-aarch64. Run after scripts/android-apk.sh (it uses the APK and the stub sysroot).
#
#  1. A root for qemu -L: the shared bionic files, an aborting libandroid (every function
#     writes its name and calls abort(): the run shows the app's code never needs the
#     framework), and /system/fonts with Roboto and a fonts.xml, read the way the phone
#     reads its fonts.
#  2. probe (scripts/android/bionic_probe.c, our own _start) dlopens the APK's libdama_ui.so
#     and runs its exported self-test (ui/src/selftest.rs): Home, a Zamma and a Turkish game
#     drawn at 1080x2400 through the phone platform's frame, a move saved, read back and
#     resumed by a fresh app, a level-8 computer move on the worker thread.
#  3. The same self-test on the desktop (ui/tests/selftest.rs, which cargo test runs, Roboto
#     given as the font): the frames must be equal pixel for pixel
#     (scripts/android/compare_frames.py).
#  4. Every system call of the run (qemu -strace) against Android 8.0's app seccomp filter
#     (scripts/android/seccomp.py, third_party/bionic-seccomp-8.0), with a proof that the
#     check fails; the pthread keys the library took (at most 32 of bionic's 128); the
#     aborting stub shown to abort.
#
# The bionic files come from ../shared/android/bionic-arm64 (DAMA_BIONIC overrides): they
# are not in the repository. Without them this step says so and is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
T0=$SECONDS
say() { printf '== bionic: %s == (at %d s)\n' "$*" $((SECONDS - T0)); }
prop() { sed -n "s/^$1=//p" android/app.properties; }
min_sdk=$(prop minSdk); lib_name=$(prop libName)

bionic=${DAMA_BIONIC:-../shared/android/bionic-arm64}
if [ ! -x "$bionic/system/bin/linker64" ] && [ ! -f "$bionic/system/bin/linker64" ]; then
  echo "bionic: SKIPPED: no Android C library at $bionic (the run needs ../shared/android/bionic-arm64; see docs/android.md)"
  exit 0
fi
out=$PWD/target/android
run=$out/bionic
apk=$out/dama-zamma.apk
libdir=$out/sysroot/usr/lib/aarch64-linux-android/$min_sdk
[ -f "$apk" ] && [ -d "$libdir" ] || { echo "FAILED: run scripts/android-apk.sh first"; exit 1; }

pkgs="qemu-user-static clang-14 lld-14 fonts-roboto-unhinted"
missing=""
for p in $pkgs; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi

say "root: bionic, the aborting libandroid, fonts"
# $run/passed, written last, names the library that passed: scripts/arm64.sh then skips its
# glibc run of the same self-test (a whole release build of the app for aarch64 Linux).
rm -rf "$run"; mkdir -p "$run/root" "$run/lib" "$run/out" "$run/stubs"
cp -r "$bionic/system" "$run/root/"
chmod -R u+w "$run/root"
python3 scripts/android/ndk_stubs.py --aborting --api "$min_sdk" --arch arm64 --out "$run/stubs" \
  third_party/aosp-ndk-maps/libandroid.map.txt
clang-14 --target=aarch64-linux-android"$min_sdk" -shared -nostdlib -fuse-ld=lld -Wl,-soname,libandroid.so \
  -Wl,--version-script,"$run/stubs/libandroid.map.ld" "$run/stubs/libandroid.S" -L"$libdir" -lc \
  -o "$run/root/system/lib64/libandroid.so"
fonts=/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF
mkdir -p "$run/root/system/fonts"
cp "$fonts"/Roboto-*.ttf "$run/root/system/fonts/"
{
  echo '<?xml version="1.0" encoding="utf-8"?>'
  echo '<familyset version="23">'
  echo '  <family name="sans-serif">'
  for f in "$run/root/system/fonts"/Roboto-*.ttf; do
    n=$(basename "$f")
    case $n in *Thin*) w=100 ;; *Light*) w=300 ;; *Medium*) w=500 ;; *Black*) w=900 ;; *Bold*) w=700 ;; *) w=400 ;; esac
    case $n in *Italic*) s=italic ;; *) s=normal ;; esac
    echo "    <font weight=\"$w\" style=\"$s\">$n</font>"
  done
  echo '  </family>'
  echo '</familyset>'
} >"$run/root/system/etc/fonts.xml"
unzip -p "$apk" "lib/arm64-v8a/lib$lib_name.so" >"$run/lib/lib$lib_name.so"
echo "root: $(find "$run/root" -type f | wc -l) files; the APK's library: $(stat -c %s "$run/lib/lib$lib_name.so") bytes"

say "probe (an Android executable, our own _start)"
clang-14 --target=aarch64-linux-android"$min_sdk" -fPIE -pie -nostdlib -fuse-ld=lld -O1 \
  -Wl,--dynamic-linker=/system/bin/linker64 -Wl,--no-undefined scripts/android/bionic_probe.c \
  -L"$libdir" -lc -ldl -o "$run/probe"

say "the aborting libandroid aborts, naming the function"
set +e
LD_LIBRARY_PATH=/system/lib64 timeout 60 qemu-aarch64-static -L "$run/root" "$run/probe" --call \
  /system/lib64/libandroid.so ANativeWindow_getWidth >"$run/abort.out" 2>&1
code=$?
set -e
# bionic's own handler reports the abort ("Fatal signal 6 (SIGABRT)"); under qemu it cannot
# reach debuggerd and the process ends with exit status 1.
if [ "$code" -ne 0 ] && grep -q "libandroid stub: ANativeWindow_getWidth called" "$run/abort.out" \
   && grep -q "SIGABRT" "$run/abort.out" && ! grep -q "returned" "$run/abort.out"; then
  echo "ok: a call into the stub aborts (SIGABRT, exit $code): $(grep -o 'libandroid stub: [A-Za-z_]* called' "$run/abort.out")"
else
  cat "$run/abort.out"; echo "FAILED: the libandroid stub did not abort (exit $code)"; exit 1
fi

# Twice: once for the times (each step's wall time under qemu, printed by the library), once
# under -strace for the system calls (tracing slows the calls down).
bionic_run() { # bionic_run OUT_DIR [qemu flags...]
  local dir=$1; shift
  mkdir -p "$dir"
  set +e
  LD_LIBRARY_PATH="$run/lib" timeout 1200 qemu-aarch64-static -L "$run/root" "$@" \
    "$run/probe" "$run/lib/lib$lib_name.so" "$dir" >"$dir.out" 2>"$dir.err"
  local code=$?
  set -e
  cat "$dir.out"
  if [ "$code" -ne 0 ]; then
    grep -v "^[0-9]* " "$dir.err" | tail -20
    echo "FAILED: the self-test on bionic (exit $code; 124 is the 20-minute cut-off)"; exit 1
  fi
  if grep -q "stub: .* called" "$dir.out" "$dir.err"; then
    echo "FAILED: the app called into the framework stub"; exit 1
  fi
}
say "the self-test on bionic (qemu-aarch64)"
t=$SECONDS
bionic_run "$run/out"
echo "wall time under qemu: $((SECONDS - t)) s"
say "the self-test on bionic again, every system call traced (qemu-aarch64 -strace)"
bionic_run "$run/traced" -strace
cp "$run/traced.err" "$run/strace.log"

say "system calls against Android 8.0's app seccomp filter"
python3 scripts/android/seccomp.py third_party/bionic-seccomp-8.0 --selftest
python3 scripts/android/seccomp.py third_party/bionic-seccomp-8.0 "$run/strace.log"

say "the desktop's frames (ui/tests/selftest.rs, run by cargo test)"
desktop=$PWD/target/selftest-desktop
fonts=/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF
if [ "$(cat "$desktop/fonts.txt" 2>/dev/null)" != "$fonts" ]; then
  # Not left by the test suite (or drawn with other fonts): draw them now.
  cargo test -q -p dama-ui --test selftest
fi
[ "$(cat "$desktop/fonts.txt")" = "$fonts" ] || { echo "FAILED: the desktop frames were not drawn with $fonts"; exit 1; }
echo "reference frames: $desktop (drawn with Roboto, $fonts)"

say "frames: bionic against the desktop"
python3 scripts/android/compare_frames.py "$run/out" "$desktop" home zamma turkish
say "passed"
sha256sum "$run/lib/lib$lib_name.so" | cut -d" " -f1 >"$run/passed"
