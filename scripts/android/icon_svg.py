#!/usr/bin/env python3
"""The launcher icon's art as SVG, from the adaptive icon's own drawing: the vector foreground
(res/drawable/ic_launcher_foreground.xml) on the background colour (res/values/colors.xml).

    icon_svg.py RES_DIR OUT/icon.svg   writes icon.svg (the legacy rounded square) and
                                       store.svg (the whole square canvas) beside it

Used by scripts/android/icons.sh (Android's PNGs, Play's icon) and scripts/ios/icons.sh
(the App Store icon), so every store draws the one art.
"""
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
