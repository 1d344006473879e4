#!/usr/bin/env bash
# The launcher icon's PNGs for Android 7.0–7.1 (API 24–25, before adaptive icons), and the
# store's 512-px icon (the full 108-dp square, which Play masks itself), rendered
# from the adaptive icon's own art: the vector foreground (res/drawable/ic_launcher_foreground.xml)
# on the background colour (res/values/colors.xml). One drawing, so the two cannot drift.
#   icons.sh          writes res/mipmap-*dpi/ic_launcher.png and the store icon
#                     (fastlane/metadata/android/en-US/images/icon.png)
#   icons.sh --check  fails when the committed PNGs are not what the art renders to
set -euo pipefail
cd "$(dirname "$0")/../.."
res=android/app/src/main/res
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

python3 scripts/android/icon_svg.py "$res" "$tmp/icon.svg"

fail=0
for d in mdpi:48 hdpi:72 xhdpi:96 xxhdpi:144 xxxhdpi:192 store:512; do
  name=${d%%:*} px=${d##*:}
  png=$tmp/$name.png
  svg=$tmp/icon.svg dest=$res/mipmap-$name/ic_launcher.png
  if [ "$name" = store ]; then svg=$tmp/store.svg dest=fastlane/metadata/android/en-US/images/icon.png; fi
  convert -background none -density 300 "$svg" -resize "${px}x${px}" \
    -define png:exclude-chunks=date,time -strip "PNG32:$png"
  if [ "${1:-}" = --check ]; then
    if [ ! -f "$dest" ]; then echo "FAILED: $dest is missing (run scripts/android/icons.sh)"; fail=1; continue; fi
    diff=$(compare -metric AE -fuzz 2% "$png" "$dest" null: 2>&1 || true)
    if [ "$diff" != 0 ]; then echo "FAILED: $dest differs from the art in $diff pixels (run scripts/android/icons.sh)"; fail=1; fi
  else
    mkdir -p "$(dirname "$dest")"; cp "$png" "$dest"; echo "wrote $dest (${px} px)"
  fi
done
[ "${1:-}" != --check ] || { [ $fail -eq 0 ] && echo "icons: the PNGs are the adaptive icon's art"; }
exit $fail
