#!/usr/bin/env python3
"""Tests of check_ipa.py on the IPA scripts/ios/bundle.sh just built (signed by rcodesign):
as built it passes, and each fault the check is there for, made in a copy, fails it with the
file and the reason.

    test_check_ipa.py IPA
"""
import io
import os
import plistlib
import struct
import sys
import tempfile
import zipfile
import zlib
from contextlib import redirect_stdout

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_ipa  # noqa: E402
import test_check_macho  # noqa: E402

APP = "Payload/DamaZamma.app/"


def png(w, h, alpha=False):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\0" + b"\x80" * (w * (4 if alpha else 3))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6 if alpha else 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(row * h))
            + chunk(b"IEND", b""))


def run(good, change=None):
    """check_ipa's exit code and output on a copy of the IPA with `change` made to its files
    ({name: [bytes, mode]}, names inside the app)."""
    z = zipfile.ZipFile(good)
    files = {n: [z.read(n), z.getinfo(n).external_attr >> 16] for n in z.namelist()}
    if change:
        change(files)
    with tempfile.TemporaryDirectory() as d:
        ipa = os.path.join(d, "t.ipa")
        with zipfile.ZipFile(ipa, "w", zipfile.ZIP_DEFLATED) as out:
            for n, (data, mode) in files.items():
                info = zipfile.ZipInfo(n)
                info.external_attr = mode << 16
                out.writestr(info, data)
        buf = io.StringIO()
        with redirect_stdout(buf):
            code = check_ipa.main(["check_ipa.py", ipa])
        return code, buf.getvalue()


def info(edit):
    def change(files):
        d = plistlib.loads(files[APP + "Info.plist"][0])
        edit(d)
        files[APP + "Info.plist"][0] = plistlib.dumps(d, fmt=plistlib.FMT_BINARY)
    return change


def setkey(k, v):
    return info(lambda d: d.__setitem__(k, v))


def delkey(k):
    return info(lambda d: d.pop(k))


def manifest(edit):
    def change(files):
        d = plistlib.loads(files[APP + "PrivacyInfo.xcprivacy"][0])
        edit(d)
        files[APP + "PrivacyInfo.xcprivacy"][0] = plistlib.dumps(d)
    return change


def api(category, reason):
    return {"NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategory" + category,
            "NSPrivacyAccessedAPITypeReasons": [reason]}


def put(name, data, mode=0o100644):
    return lambda files: files.__setitem__(APP + name if not name.startswith("/") else name[1:], [data, mode])


def drop(name):
    return lambda files: files.pop(APP + name)


def flip(name, at):
    def change(files):
        b = bytearray(files[APP + name][0])
        b[at] ^= 0xFF
        files[APP + name][0] = bytes(b)
    return change


def chmod(name, mode):
    return lambda files: files[APP + name].__setitem__(1, mode)


CASES = [
    ("no CFBundleShortVersionString", delkey("CFBundleShortVersionString"), "CFBundleShortVersionString is missing"),
    ("a version of four numbers", setkey("CFBundleVersion", "1.0.0.1"), "CFBundleVersion = '1.0.0.1': not 1 to 3 numbers"),
    ("a version other than Android's", setkey("CFBundleShortVersionString", "0.2.0"), "not android/app.properties' versionName"),
    ("an identifier with '_'", setkey("CFBundleIdentifier", "app.dama_zamma"), "not a reverse-DNS identifier"),
    ("a bundle name over 15 characters", setkey("CFBundleName", "Dama & Zamma Pro!"), "empty or over 15 characters"),
    ("a display name over 30", setkey("CFBundleDisplayName", "Dama & Zamma: Turkish draughts!"), "CFBundleDisplayName = "),
    ("iPhone only", setkey("UIDeviceFamily", [1]), "not [1, 2]"),
    ("an iPad without all orientations", setkey("UISupportedInterfaceOrientations~ipad",
                                                ["UIInterfaceOrientationPortrait"]), "ITMS-90474"),
    ("no launch screen", delkey("UILaunchScreen"), "UILaunchScreen is missing"),
    ("encryption not declared", delkey("ITSAppUsesNonExemptEncryption"), "ITSAppUsesNonExemptEncryption is missing"),
    ("encryption declared as a string", setkey("ITSAppUsesNonExemptEncryption", "NO"),
     "ITSAppUsesNonExemptEncryption is a str, not a bool"),
    ("iOS 14 in the plist, 15 in the executable", setkey("MinimumOSVersion", "14.0"), "MinimumOSVersion = '14.0'"),
    ("armv7 required", setkey("UIRequiredDeviceCapabilities", ["armv7"]), "not [arm64]"),
    ("five languages", setkey("CFBundleLocalizations", ["en", "es", "de", "fr", "tr"]), "not the six languages"),
    ("an executable the plist does not name", setkey("CFBundleExecutable", "Dama"), "CFBundleExecutable = 'Dama'"),
    ("no Turkish display name", drop("tr.lproj/InfoPlist.strings"), "tr.lproj/InfoPlist.strings: missing"),
    ("an Arabic name other than Android's", put("ar.lproj/InfoPlist.strings", '"CFBundleDisplayName" = "Dama";\n'.encode()),
     "is not Android's app_name 'داما وزمّة'"),
    ("no iPad Pro icon", drop("AppIcon83.5x83.5@2x~ipad.png"), "the 167-px icon the store requires"),
    ("an icon of the wrong size", put("AppIcon76x76@2x~ipad.png", png(150, 150)), "150x150 pixels, want 152x152"),
    ("an icon with alpha", put("AppIcon60x60@2x.png", png(120, 120, alpha=True)), "has an alpha channel"),
    ("an icon that is not a PNG", put("AppIcon60x60@3x.png", b"GIF89a"), "AppIcon60x60@3x.png: not a PNG"),
    ("no icons in the plist", delkey("CFBundleIcons"), "CFBundleIcons.CFBundlePrimaryIcon.CFBundleIconFiles is missing"),
    ("no privacy manifest", drop("PrivacyInfo.xcprivacy"), "PrivacyInfo.xcprivacy: missing"),
    ("file timestamps not declared", manifest(lambda d: d.__setitem__("NSPrivacyAccessedAPITypes", [])),
     "FileTimestamp is not declared, but the executable uses _fstat, _stat (ITMS-91053)"),
    ("boot time declared, not used", manifest(lambda d: d["NSPrivacyAccessedAPITypes"].append(api("SystemBootTime", "35F9.1"))),
     "SystemBootTime is declared, but the executable uses none of its APIs"),
    ("a reason Apple does not approve", manifest(lambda d: d.__setitem__(
        "NSPrivacyAccessedAPITypes", [api("FileTimestamp", "35F9.1")])), "are not among Apple's approved"),
    ("tracking declared", manifest(lambda d: d.__setitem__("NSPrivacyTracking", True)), "NSPrivacyTracking is not false"),
    ("collected data declared", manifest(lambda d: d.__setitem__("NSPrivacyCollectedDataTypes", [{"x": 1}])),
     "NSPrivacyCollectedDataTypes is not an empty list"),
    ("a page of the executable changed", flip("DamaZamma", 0x8000), "pages differ from their signed hashes"),
    ("Info.plist changed after signing (the same keys, written as XML)", lambda f: f[APP + "Info.plist"].__setitem__(
        0, plistlib.dumps(plistlib.loads(f[APP + "Info.plist"][0]))), "Info.plist differs from the one signed"),
    ("a resource changed after signing", put("en.lproj/InfoPlist.strings", '"CFBundleDisplayName" = "Dama & Zamma";\n'.encode()),
     "differs from its hash in _CodeSignature/CodeResources"),
    ("a file added after signing", put("extra.txt", b"x"), "extra.txt: not sealed"),
    ("CodeResources changed", lambda f: f[APP + "_CodeSignature/CodeResources"].__setitem__(
        0, f[APP + "_CodeSignature/CodeResources"][0].replace(b"</dict>", b"</dict> ", 1)),
     "_CodeSignature/CodeResources differs from the one signed"),
    ("no CodeResources", drop("_CodeSignature/CodeResources"), "the resources are not sealed"),
    ("an unsigned executable", put("DamaZamma", test_check_macho.macho(), 0o100755), "no LC_CODE_SIGNATURE"),
    ("an executable that is not executable", chmod("DamaZamma", 0o100644), "not executable in the zip"),
    ("a file outside Payload/", put("/Payload.txt", b"x"), "Payload.txt is outside Payload/<Name>.app/"),
]


def main(argv):
    if len(argv) != 2:
        print(__doc__)
        return 2
    good = argv[1]
    failures = 0
    code, out = run(good)
    if code != 0:
        print("FAIL: the IPA as built does not pass:\n" + out)
        failures += 1
    else:
        print("ok: the IPA as built passes")
    for name, change, reason in CASES:
        code, out = run(good, change)
        if code == 1 and reason in out:
            print(f"ok: {name}")
        else:
            print(f"FAIL: {name}: exit {code}, wanted {reason!r} in:\n{out}")
            failures += 1
    # A Mac's bundle: actool keeps the iPad Pro icon in Assets.car, which the check does not
    # read, so its missing loose PNG is no fault there (the added file is: it is not sealed).
    code, out = run(good, lambda f: (put("Assets.car", b"car")(f), drop("AppIcon83.5x83.5@2x~ipad.png")(f)))
    if "167-px" in out or "Assets.car: not sealed" not in out:
        print("FAIL: with an Assets.car, a size kept in it is still asked for as a PNG:\n" + out)
        failures += 1
    else:
        print("ok: with an Assets.car, the sizes actool keeps in it are not asked for as PNGs")
    print(f"check_ipa tests: {len(CASES) + 2 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
