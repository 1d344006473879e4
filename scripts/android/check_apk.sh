#!/usr/bin/env bash
# Checks a signed APK as the installer and the store read it; any miss fails the run.
#   check_apk.sh APK PACKAGE MIN_SDK TARGET_SDK LIB_NAME [LIB_ALIGNMENT]
# LIB_ALIGNMENT (default 16384): where the stored library's data must start; 4096 for the
# APK bundletool 1.9 makes from the bundle (Play's newer bundletool reads the bundle's 16 KB
# request, which check_aab.sh checks).
set -euo pipefail
apk=$1 package=$2 min_sdk=$3 target_sdk=$4 lib_name=$5 lib_align=${6:-16384}
here=$(dirname "$0")
fail=0
need() { # need WHAT PATTERN TEXT
  if grep -qE -- "$2" <<<"$3"; then echo "ok: $1"; else echo "FAILED: $1 (no match for $2)"; fail=1; fi
}

verify=$(apksigner verify --verbose --min-sdk-version "$min_sdk" "$apk" 2>&1) || { echo "$verify"; exit 1; }
need "signature verifies" "^Verifies$" "$verify"
need "APK Signature Scheme v2" "v2 scheme \(APK Signature Scheme v2\): true" "$verify"
need "APK Signature Scheme v3" "v3 scheme \(APK Signature Scheme v3\): true" "$verify"

badging=$(aapt dump badging "$apk")
need "package $package" "^package: name='$package'" "$badging"
need "minSdk $min_sdk" "^sdkVersion:'$min_sdk'" "$badging"
need "targetSdk $target_sdk" "^targetSdkVersion:'$target_sdk'" "$badging"
need "label" "^application-label:'Dama & Zamma'" "$badging"
for l in ar de es fr tr; do need "label ($l)" "^application-label-$l:'" "$badging"; done
need "icon" "^application: label='Dama & Zamma' icon='res/mipmap-anydpi-v26/ic_launcher.xml'" "$badging"
resources=$(aapt dump resources "$apk")
for c in mdpi hdpi xhdpi xxhdpi xxxhdpi; do
  # aapt2 leaves out the -v4 that aapt added: with minSdk 24 it says nothing.
  need "icon PNG for Android 7 ($c)" "config $c(-v4)?:" "$(grep -EA1 "config $c(-v4)?:" <<<"$resources" | grep -B1 "mipmap/ic_launcher")"
done
need "adaptive icon from Android 8" "config anydpi-v26:" "$(grep -A1 "config anydpi-v26:" <<<"$resources" | grep -B1 "mipmap/ic_launcher")"
need "NativeActivity launches" "^launchable-activity: name='android.app.NativeActivity'" "$badging"
need "native code arm64-v8a only" "^native-code: 'arm64-v8a'$" "$badging"
if grep -q "^uses-permission" <<<"$badging"; then
  echo "FAILED: the APK asks for permissions:"; grep "^uses-permission" <<<"$badging"; fail=1
else
  echo "ok: no permissions"
fi

manifest=$(aapt dump xmltree "$apk" AndroidManifest.xml)
need "extractNativeLibs false" "extractNativeLibs.*=\(type 0x12\)0x0" "$manifest"
# hasCode: the accessibility delegate's classes.dex (android/smali), read back by dexdump.
need "hasCode true" "hasCode.*=\(type 0x12\)0xffffffff" "$manifest"
need "the delegate class in classes.dex" "Class descriptor  : 'Lapp/damazamma/a11y/AccessibilityDelegate;'" \
  "$(unzip -p "$apk" classes.dex > "${TMPDIR:-/tmp}/check_apk.dex" && dexdump "${TMPDIR:-/tmp}/check_apk.dex")"
# Android 16 gives apps targeting 36 predictive back (no KEYCODE_BACK for NativeActivity)
# unless they opt out: the attribute is API 33's (android.R.attr 0x0101068a).
need "predictive back opted out (Back keeps its key)" "enableOnBackInvokedCallback\(0x0101068a\)=\(type 0x12\)0x0" "$manifest"
need "portrait and landscape (fullUser)" "screenOrientation.*=\(type 0x10\)0xd$" "$manifest"
need "lib_name meta-data" "A: android:value.*=\"$lib_name\"" "$manifest"
# configChanges: orientation 0x80, screenLayout 0x100, uiMode 0x200, screenSize 0x400,
# smallestScreenSize 0x800, density 0x1000, layoutDirection 0x2000, keyboard 0x10,
# keyboardHidden 0x20, navigation 0x40, locale 0x4, fontScale 0x40000000.
changes=$(grep -oE "configChanges.*\(type 0x11\)0x[0-9a-f]+" <<<"$manifest" | grep -oE "0x[0-9a-f]+$" || echo 0)
want=$((0x80 | 0x100 | 0x200 | 0x400 | 0x800 | 0x1000 | 0x2000 | 0x10 | 0x20 | 0x40 | 0x4 | 0x40000000))
if [ $(( changes & want )) -eq $want ]; then
  echo "ok: configChanges $changes (rotation, resizing, dark mode, density, language, font scale: no restart)"
else
  echo "FAILED: configChanges $changes misses $(printf '0x%x' $(( want & ~changes )))"; fail=1
fi

read -r offset method < <(python3 "$here/package.py" --offset "$apk" "lib/arm64-v8a/lib$lib_name.so")
if [ "$method" = 0 ] && [ $((offset % lib_align)) -eq 0 ]; then
  echo "ok: the library is stored uncompressed at offset $offset ($((lib_align / 1024)) KB-aligned)"
else
  echo "FAILED: the library is at offset $offset, method $method (want stored, $((lib_align / 1024)) KB-aligned)"; fail=1
fi
zipalign -c -p 4 "$apk" && echo "ok: zipalign -c -p 4" || fail=1
[ "$fail" -eq 0 ] && echo "APK check: passed"
exit $fail
