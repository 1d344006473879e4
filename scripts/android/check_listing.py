#!/usr/bin/env python3
"""Checks the store listing in fastlane/metadata/android/ as Play's upload and F-Droid read it.

    check_listing.py [REPO_ROOT]

* each of the six locales has a title (at most 30 characters), a short description (at most
  80), a full description (at most 4,000) and the changelog of android/app.properties'
  versionCode (at most 500);
* en-US (the default for both stores) has the 512×512 icon, the 1024×500 feature graphic
  (no alpha: Play refuses one) and, like every locale, 2 to 8 phone screenshots of 320 to
  3,840 pixels a side, no side more than twice the other; en-US has the 10-inch tablet set
  (images/tenInchScreenshots, at most 8, 1,080 to 7,680 pixels a side), other locales may;
* the F-Droid recipe names the version android/app.properties gives.
"""

import os
import re
import struct
import sys

LOCALES = ["en-US", "es-ES", "de-DE", "fr-FR", "tr-TR", "ar"]
LIMITS = {"title.txt": 30, "short_description.txt": 80, "full_description.txt": 4000}


def png_info(path):
    """(width, height, colour type) of a PNG."""
    with open(path, "rb") as f:
        head = f.read(26)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    w, h = struct.unpack(">II", head[16:24])
    return w, h, head[25]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../..")
    props = dict(
        line.strip().split("=", 1)
        for line in open(os.path.join(root, "android/app.properties"))
        if "=" in line and not line.startswith("#")
    )
    code, name = props["versionCode"], props["versionName"]
    base = os.path.join(root, "fastlane/metadata/android")
    faults = []

    def text(path, limit):
        if not os.path.isfile(path):
            faults.append(f"missing {os.path.relpath(path, root)}")
            return
        t = open(path, encoding="utf-8").read().rstrip("\n")
        if not t.strip():
            faults.append(f"{os.path.relpath(path, root)} is empty")
        if len(t) > limit:
            faults.append(f"{os.path.relpath(path, root)}: {len(t)} characters, over {limit}")

    shots = {}
    for loc in LOCALES:
        d = os.path.join(base, loc)
        for f, limit in LIMITS.items():
            text(os.path.join(d, f), limit)
        text(os.path.join(d, "changelogs", f"{code}.txt"), 500)
        sd = os.path.join(d, "images/phoneScreenshots")
        files = sorted(os.listdir(sd)) if os.path.isdir(sd) else []
        shots[loc] = len(files)
        if not 2 <= len(files) <= 8:
            faults.append(f"{loc}: {len(files)} phone screenshots (Play takes 2 to 8)")
        for f in files:
            w, h, _ = png_info(os.path.join(sd, f))
            if not (320 <= min(w, h) and max(w, h) <= 3840 and max(w, h) <= 2 * min(w, h)):
                faults.append(f"{loc}/{f}: {w}x{h} is not a store screenshot size")

        # The 10-inch tablet set (large screens): in the listing's first language at least,
        # Play showing it where a language has none; sides of 1,080 to 7,680 px.
        td = os.path.join(d, "images/tenInchScreenshots")
        tablet = sorted(os.listdir(td)) if os.path.isdir(td) else []
        if loc == "en-US" and not tablet:
            faults.append("en-US: no 10-inch tablet screenshots (images/tenInchScreenshots)")
        if len(tablet) > 8:
            faults.append(f"{loc}: {len(tablet)} tablet screenshots (Play takes at most 8)")
        for f in tablet:
            w, h, _ = png_info(os.path.join(td, f))
            if not (1080 <= min(w, h) and max(w, h) <= 7680 and max(w, h) <= 2 * min(w, h)):
                faults.append(f"{loc}/tenInchScreenshots/{f}: {w}x{h} is not a tablet screenshot size")
        if tablet:
            shots[loc] = f"{len(files)} + {len(tablet)} tablet"

    images = os.path.join(base, "en-US/images")
    for f, size in [("icon.png", (512, 512)), ("featureGraphic.png", (1024, 500))]:
        p = os.path.join(images, f)
        if not os.path.isfile(p):
            faults.append(f"missing en-US/images/{f}")
            continue
        w, h, colour = png_info(p)
        if (w, h) != size:
            faults.append(f"en-US/images/{f}: {w}x{h}, want {size[0]}x{size[1]}")
        if f == "featureGraphic.png" and colour in (4, 6):
            faults.append("en-US/images/featureGraphic.png has an alpha channel (Play refuses it)")

    recipe = open(os.path.join(root, "android/fdroid/app.damazamma.yml"), encoding="utf-8").read()
    for key, value in [("versionName", name), ("versionCode", code), ("CurrentVersion", name),
                       ("CurrentVersionCode", code)]:
        if not re.search(rf"^\s*-?\s*{key}: {re.escape(value)}$", recipe, re.M):
            faults.append(f"the F-Droid recipe's {key} is not {value}")

    print(f"store listing: {len(LOCALES)} locales, version {name} ({code}); screenshots "
          + ", ".join(f"{k} {v}" for k, v in shots.items()))
    for f in faults:
        print("FAILED:", f)
    if faults:
        sys.exit(1)
    print("store listing check: passed")


if __name__ == "__main__":
    main()
