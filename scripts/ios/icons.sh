#!/usr/bin/env bash
# The App Store icon (1024×1024, opaque: the store refuses an alpha channel), drawn from the
# adaptive icon's art as Android's are (scripts/android/icon_svg.py: the whole square canvas
# on its wood colour; iOS rounds the corners itself). It is the asset catalog's one
# "universal" size, from which actool on a Mac makes every other size; scripts/ios/bundle.py
# scales it to the CFBundleIcons files of the bundle built on Linux.
#   icons.sh          writes ios/DamaZamma/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png
#   icons.sh --check  fails when the committed PNG is not what the art renders to
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
dest=ios/DamaZamma/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png
python3 scripts/android/icon_svg.py android/app/src/main/res "$tmp/icon.svg"
bg=$(sed -n 's/.*name="ic_launcher_background">\([^<]*\)<.*/\1/p' android/app/src/main/res/values/colors.xml)
convert -background none -density 300 "$tmp/store.svg" -resize 1024x1024 -background "$bg" \
  -alpha remove -alpha off -define png:exclude-chunks=date,time -strip "PNG24:$tmp/1024.png"
if [ "${1:-}" = --check ]; then
  [ -f "$dest" ] || { echo "FAILED: $dest is missing (run scripts/ios/icons.sh)"; exit 1; }
  diff=$(compare -metric AE -fuzz 2% "$tmp/1024.png" "$dest" null: 2>&1 || true)
  [ "$diff" = 0 ] || { echo "FAILED: $dest differs from the art in $diff pixels (run scripts/ios/icons.sh)"; exit 1; }
  echo "icons: the App Store icon is the adaptive icon's art"
else
  cp "$tmp/1024.png" "$dest"; echo "wrote $dest (1024 px)"
fi
