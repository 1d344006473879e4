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

python3 - "$res" "$tmp/icon.svg" <<'EOF'
import re, sys
res, out = sys.argv[1], sys.argv[2]
fg = open(f"{res}/drawable/ic_launcher_foreground.xml").read()
bg = re.search(r'name="ic_launcher_background">([^<]+)<', open(f"{res}/values/colors.xml").read()).group(1)
paths = []
for p in re.findall(r"<path(.*?)/>", fg, re.S):
    attr = dict(re.findall(r'android:(\w+)="([^"]*)"', p))
    style = 'fill="{}" stroke="{}" stroke-width="{}"'.format(
        attr.get("fillColor", "none"), attr.get("strokeColor", "none"), attr.get("strokeWidth", "0"))
    # A disc is written "Mcx,cy m-r,0 a r,r 0 1,0 2r,0 a ..." (VectorDrawable has no circle):
    # ImageMagick's SVG renderer draws those arcs badly, so it gets a <circle>.
    disc = re.match(r"M([\d.]+),([\d.]+) m-([\d.]+),0 a", attr["pathData"])
    if disc:
        cx, cy, r = disc.groups()
        paths.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" {style}/>')
    else:
        paths.append(f'<path d="{attr["pathData"]}" {style}/>')
# The legacy icon shows the adaptive icon's safe zone (the middle 72 of 108 dp, a little
# more) on a rounded square, as launchers before Android 8 drew app icons.
svg = f'''<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="14 14 80 80">
<rect x="16" y="16" width="76" height="76" rx="14" ry="14" fill="{bg}"/>
{"".join(paths)}
</svg>'''
open(out, "w").write(svg)
# The store icon: the whole adaptive canvas, square (Play rounds it).
store = f'''<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 108 108">
<rect x="-2" y="-2" width="112" height="112" fill="{bg}"/>
{"".join(paths)}
</svg>'''
open(out.replace("icon.svg", "store.svg"), "w").write(store)
EOF

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
