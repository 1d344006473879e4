#!/usr/bin/env python3
"""The iOS app bundle and its IPA, as Xcode would lay them out, from the executable linked on
Linux and the files Xcode uses (ios/DamaZamma/).

    bundle.py app EXECUTABLE APP_DIR   writes DamaZamma.app (unsigned)
    bundle.py ipa APP_DIR IPA          zips a (signed) bundle as Payload/DamaZamma.app/…

The app holds: the executable `DamaZamma`; Info.plist (ios/DamaZamma/Info.plist with Xcode's
$(…) build settings filled in: the identifier and the versions from android/app.properties,
which Android builds from too; binary, as Xcode writes it) plus the CFBundleIcons keys actool
adds on a Mac; PkgInfo; PrivacyInfo.xcprivacy; <lang>.lproj/InfoPlist.strings for the six
languages; and the home-screen icons actool would make from the asset catalog's 1024-px icon
(120 and 180 px for iPhone, 152 and 167 px for iPad). Assets.car is not made here: no Linux
writer of it is dependable, and actool makes it on a Mac (with these same icons inside).
"""
import os
import plistlib
import re
import shutil
import stat
import subprocess
import sys
import zipfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..")
SRC = os.path.join(ROOT, "ios/DamaZamma")
NAME = "DamaZamma"
# What actool writes for a single-size "AppIcon" set: file stem -> the pixel sizes it makes.
ICONS = {"AppIcon60x60": (2, 3), "AppIcon76x76": (2,), "AppIcon83.5x83.5": (2,)}
IPAD_ONLY = {"AppIcon76x76", "AppIcon83.5x83.5"}


def properties():
    path = os.path.join(ROOT, "android/app.properties")
    return dict(l.strip().split("=", 1) for l in open(path) if "=" in l and not l.startswith("#"))


def build_settings():
    """The build settings Info.plist names, as project.yml sets them for Xcode."""
    p = properties()
    return {
        "EXECUTABLE_NAME": NAME,
        "PRODUCT_BUNDLE_IDENTIFIER": p["applicationId"],
        "MARKETING_VERSION": p["versionName"],
        "CURRENT_PROJECT_VERSION": p["versionCode"],
        "IPHONEOS_DEPLOYMENT_TARGET": os.environ.get("IPHONEOS_DEPLOYMENT_TARGET", "15.0"),
    }


def expand(value, settings):
    if isinstance(value, str):
        return re.sub(r"\$\((\w+)\)", lambda m: settings[m.group(1)], value)
    if isinstance(value, list):
        return [expand(v, settings) for v in value]
    if isinstance(value, dict):
        return {k: expand(v, settings) for k, v in value.items()}
    return value


def icon_name(stem, scale):
    return f"{stem}@{scale}x{'~ipad' if stem in IPAD_ONLY else ''}.png"


def make_app(exe, app):
    if os.path.exists(app):
        shutil.rmtree(app)
    os.makedirs(app)
    shutil.copyfile(exe, os.path.join(app, NAME))
    os.chmod(os.path.join(app, NAME), 0o755)

    info = expand(plistlib.load(open(os.path.join(SRC, "Info.plist"), "rb")), build_settings())
    info["CFBundleIcons"] = {"CFBundlePrimaryIcon": {
        "CFBundleIconFiles": ["AppIcon60x60"], "CFBundleIconName": "AppIcon"}}
    info["CFBundleIcons~ipad"] = {"CFBundlePrimaryIcon": {
        "CFBundleIconFiles": list(ICONS), "CFBundleIconName": "AppIcon"}}
    with open(os.path.join(app, "Info.plist"), "wb") as f:
        plistlib.dump(info, f, fmt=plistlib.FMT_BINARY)
    with open(os.path.join(app, "PkgInfo"), "w") as f:
        f.write("APPL????")
    shutil.copyfile(os.path.join(SRC, "PrivacyInfo.xcprivacy"), os.path.join(app, "PrivacyInfo.xcprivacy"))
    for lang in info["CFBundleLocalizations"]:
        os.makedirs(os.path.join(app, f"{lang}.lproj"))
        shutil.copyfile(os.path.join(SRC, f"{lang}.lproj/InfoPlist.strings"),
                        os.path.join(app, f"{lang}.lproj/InfoPlist.strings"))

    art = os.path.join(SRC, "Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png")
    for stem, scales in ICONS.items():
        points = float(stem[len("AppIcon"):].split("x")[0])
        for scale in scales:
            px = round(points * scale)
            subprocess.run(["convert", art, "-filter", "Lanczos", "-resize", f"{px}x{px}", "-alpha", "off",
                            "-define", "png:exclude-chunks=date,time", "-strip",
                            "PNG24:" + os.path.join(app, icon_name(stem, scale))], check=True)
    print(f"wrote {app}: {info['CFBundleIdentifier']} {info['CFBundleShortVersionString']} "
          f"({info['CFBundleVersion']})")


def make_ipa(app, ipa):
    """Payload/<app>/…, each file with its Unix mode (the executable stays executable), in a
    fixed order and time so the same bundle zips to the same bytes."""
    base = os.path.basename(os.path.normpath(app))
    if os.path.exists(ipa):
        os.remove(ipa)
    with zipfile.ZipFile(ipa, "w", zipfile.ZIP_DEFLATED) as z:
        for root, dirs, files in os.walk(app):
            dirs.sort()
            for f in sorted(files):
                path = os.path.join(root, f)
                name = "Payload/" + base + "/" + os.path.relpath(path, app)
                info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
                info.external_attr = (stat.S_IFREG | os.stat(path).st_mode & 0o777) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                with open(path, "rb") as src:
                    z.writestr(info, src.read())
    print(f"wrote {ipa}: {os.path.getsize(ipa) / 1e6:.2f} MB")


def main(argv):
    if len(argv) == 4 and argv[1] == "app":
        make_app(argv[2], argv[3])
    elif len(argv) == 4 and argv[1] == "ipa":
        make_ipa(argv[2], argv[3])
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
