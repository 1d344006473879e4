#!/usr/bin/env bash
# Checks the signed App Bundle as Play reads it, and prints what a phone downloads from it;
# any miss fails the run.
#   check_aab.sh AAB APK BUNDLETOOL AAPT2 KEYSTORE KS_PASS ALIAS KEY_PASS \
#                PACKAGE MIN_SDK TARGET_SDK LIB_NAME VERSION_CODE VERSION_NAME
set -euo pipefail
aab=$1 apk=$2 bundletool=$3 aapt2=$4 ks=$5 ks_pass=$6 alias=$7 key_pass=$8
package=$9 min_sdk=${10} target_sdk=${11} lib_name=${12} version_code=${13} version_name=${14}
here=$(dirname "$0")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fail=0
need() { # need WHAT PATTERN TEXT
  if grep -qE -- "$2" <<<"$3"; then echo "ok: $1"; else echo "FAILED: $1 (no match for $2)"; fail=1; fi
}

"$bundletool" validate --bundle="$aab" >"$work/validate.txt" && echo "ok: bundletool validate" \
  || { cat "$work/validate.txt"; echo "FAILED: bundletool validate"; fail=1; }
jarsigner -verify "$aab" >/dev/null && echo "ok: the bundle is signed (jarsigner -verify)" \
  || { echo "FAILED: the bundle's signature"; fail=1; }

manifest=$("$bundletool" dump manifest --bundle="$aab")
need "package $package" "package=\"$package\"" "$manifest"
need "version $version_name ($version_code)" "android:versionCode=\"$version_code\" android:versionName=\"$version_name\"" "$manifest"
need "minSdk $min_sdk, targetSdk $target_sdk" "<uses-sdk android:minSdkVersion=\"$min_sdk\" android:targetSdkVersion=\"$target_sdk\"/>" "$manifest"
need "predictive back opted out (Back keeps its key)" "<application [^>]*android:enableOnBackInvokedCallback=\"false\"" "$manifest"
need "extractNativeLibs false" "<application [^>]*android:extractNativeLibs=\"false\"" "$manifest"
python3 "$here/bundle.py" config "$aab" || fail=1

# One library: the bundle carries the APK's library byte for byte.
lib_path=lib/arm64-v8a/lib$lib_name.so
unzip -p "$aab" "base/$lib_path" | sha256sum | cut -d' ' -f1 >"$work/aab.sha"
unzip -p "$apk" "$lib_path" | sha256sum | cut -d' ' -f1 >"$work/apk.sha"
if cmp -s "$work/aab.sha" "$work/apk.sha"; then
  echo "ok: the bundle's library is the APK's ($(cut -c1-16 "$work/aab.sha"))"
else
  echo "FAILED: the bundle's library differs from the APK's"; fail=1
fi

# The APK a device would get from the bundle, checked like ours. bundletool 1.9 cannot
# extract its own aapt2, so it is given; it aligns stored libraries to 4 KB only.
signing=(--ks="$ks" --ks-pass="pass:$ks_pass" --ks-key-alias="$alias" --key-pass="pass:$key_pass")
"$bundletool" build-apks --bundle="$aab" --output="$work/universal.apks" --mode=universal \
  --aapt2="$aapt2" "${signing[@]}" --overwrite
unzip -q -o "$work/universal.apks" universal.apk -d "$work"
echo "-- the universal APK bundletool builds from the bundle:"
bash "$here/check_apk.sh" "$work/universal.apk" "$package" "$min_sdk" "$target_sdk" "$lib_name" 4096 || fail=1
unzip -p "$work/universal.apk" "$lib_path" | sha256sum | cut -d' ' -f1 >"$work/universal.sha"
cmp -s "$work/universal.sha" "$work/apk.sha" && echo "ok: its library is the APK's" \
  || { echo "FAILED: the universal APK's library differs"; fail=1; }

# What a phone downloads: the split APKs for one device (gzip-compressed, as Play serves).
"$bundletool" build-apks --bundle="$aab" --output="$work/split.apks" --aapt2="$aapt2" "${signing[@]}" --overwrite
"$bundletool" get-size total --apks="$work/split.apks" >"$work/size.csv"
read -r min max < <(tail -1 "$work/size.csv" | tr ',\r' '  ')
aab_size=$(stat -c %s "$aab")
awk -v a="$aab_size" -v lo="$min" -v hi="$max" 'BEGIN {
  printf "size: App Bundle                         %6.2f MB (budget 6.5 MB)\n", a / 1e6
  printf "size: download per device (get-size)     %6.2f MB to %.2f MB (budget 3 MB)\n", lo / 1e6, hi / 1e6 }'
[ "$aab_size" -le 6500000 ] || { echo "FAILED: the bundle is over its 6.5 MB budget"; fail=1; }
[ "$max" -le 3000000 ] || { echo "FAILED: the download is over its 3 MB budget"; fail=1; }
[ "$fail" -eq 0 ] && echo "AAB check: passed"
exit $fail
