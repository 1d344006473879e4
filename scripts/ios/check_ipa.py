#!/usr/bin/env python3
"""Reads an IPA back and checks what App Store validation and a device will ask of it.

    check_ipa.py IPA [--repo ROOT] [--unsigned]

Fails (exit 1, one line a fault, naming the file in the IPA and the reason) on:
  * a layout other than Payload/<Name>.app/…, or an executable that is not in it;
  * Info.plist: a key the store requires missing, of the wrong type, or outside its limits
    (identifier characters, 1–3 numbers in the versions, CFBundleName ≤ 15 characters, a
    display name ≤ 30), versions and identifier other than android/app.properties', a
    MinimumOSVersion other than the executable's LC_BUILD_VERSION, device families other than
    iPhone and iPad, an iPad without all four orientations (needed for multitasking), no
    launch screen, encryption not declared exempt;
  * a language of CFBundleLocalizations without <lang>.lproj/InfoPlist.strings, or whose
    display name differs from Android's app_name in that language;
  * an icon named by CFBundleIcons/CFBundleIcons~ipad missing, not a PNG, of the wrong pixel
    size, or with an alpha channel; the sizes the store requires (iPhone 120, iPad 152 and
    167 px) not among them (unless an Assets.car, made by actool on a Mac, holds them); the asset catalog's 1024-px store icon missing, of the wrong size,
    or with alpha (the store refuses a transparent icon);
  * PrivacyInfo.xcprivacy missing, declaring tracking, tracking domains or collected data, or
    whose required-reason API categories and reasons are not exactly those found in the
    executable (scripts/ios/privacy.py), or a reason that is not one Apple approves;
  * the code signature: no LC_CODE_SIGNATURE, no CodeDirectory, an identifier other than the
    bundle's, a page of the executable, Info.plist, the requirements or
    _CodeSignature/CodeResources whose hash differs from the one signed, a resource file
    missing from CodeResources or with another hash (unless --unsigned).
Prints the bundle's files and sizes.
"""
import hashlib
import io
import os
import plistlib
import re
import struct
import sys
import tempfile
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_macho  # noqa: E402
import privacy  # noqa: E402

ORIENTATIONS = {"UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
                "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"}
VERSION = re.compile(r"^\d+(\.\d+){0,2}$")
BUNDLE_ID = re.compile(r"^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$")
# Apple's approved reasons per category (same page as privacy.py's list).
REASONS = {
    "NSPrivacyAccessedAPICategoryFileTimestamp": {"DDA9.1", "C617.1", "3B52.1", "0A2A.1"},
    "NSPrivacyAccessedAPICategorySystemBootTime": {"35F9.1", "8FFB.1", "3D61.1"},
    "NSPrivacyAccessedAPICategoryDiskSpace": {"85F4.1", "E174.1", "7D9E.1", "B728.1"},
    "NSPrivacyAccessedAPICategoryActiveKeyboards": {"3EC4.1", "54BD.1"},
    "NSPrivacyAccessedAPICategoryUserDefaults": {"CA92.1", "1C8F.1", "C56D.1", "AC6B.1"},
}
# The home-screen icons the store requires: (CFBundleIcons key, file stem, scale, pixels).
REQUIRED_ICONS = [("CFBundleIcons", "AppIcon60x60", 2, 120),
                  ("CFBundleIcons~ipad", "AppIcon76x76", 2, 152),
                  ("CFBundleIcons~ipad", "AppIcon83.5x83.5", 2, 167)]
STORE_ICON = "ios/DamaZamma/Assets.xcassets/AppIcon.appiconset"
LC_CODE_SIGNATURE = 0x1D
HASHES = {1: hashlib.sha1, 2: hashlib.sha256, 4: hashlib.sha384}


def png_info(data):
    """(width, height, has alpha) of a PNG, or None."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    w, h = struct.unpack(">II", data[16:24])
    return w, h, data[25] in (4, 6) or b"tRNS" in data[:data.find(b"IDAT")]


def strings_file(data):
    """The key/value pairs of a .strings file: text (UTF-8 or UTF-16) or a binary plist."""
    if data.startswith(b"bplist"):
        return plistlib.loads(data)
    text = data.decode("utf-16") if data[:2] in (b"\xff\xfe", b"\xfe\xff") else data.decode("utf-8")
    text = re.sub(r"/\*.*?\*/|^\s*//.*$", "", text, flags=re.S | re.M)
    pairs = re.findall(r'"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;', text)
    return {k: v.replace('\\"', '"') for k, v in pairs}


def android_names(repo):
    """Android's app_name per language (values/ is English)."""
    names = {}
    res = os.path.join(repo, "android/app/src/main/res")
    for d in os.listdir(res) if os.path.isdir(res) else []:
        m = re.match(r"^values(?:-(\w+))?$", d)
        p = os.path.join(res, d, "strings.xml")
        if m and os.path.isfile(p):
            s = re.search(r'name="app_name">([^<]*)<', open(p, encoding="utf-8").read())
            if s:
                names[m.group(1) or "en"] = s.group(1).replace("&amp;", "&")
    return names


def code_signature(exe, info_plist, code_resources, identifier, where, faults):
    """Checks the embedded signature's CodeDirectory hashes against the bytes signed; returns
    a short description."""
    magic, _cpu, _sub, _ft, ncmds = struct.unpack_from("<IiiII", exe, 0)
    off, sig = 32, None
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", exe, off)
        if cmd == LC_CODE_SIGNATURE:
            sig = struct.unpack_from("<II", exe, off + 8)
        off += size
    if not sig:
        faults.append(f"{where}: no LC_CODE_SIGNATURE (the executable is not signed)")
        return None
    dataoff, datasize = sig
    blob = exe[dataoff:dataoff + datasize]
    smagic, _len, count = struct.unpack_from(">III", blob, 0)
    if smagic != 0xFADE0CC0:
        faults.append(f"{where}: the code signature is not an embedded signature (magic {smagic:#x})")
        return None
    index = dict(struct.unpack_from(">II", blob, 12 + 8 * i) for i in range(count))
    if 0 not in index:
        faults.append(f"{where}: the code signature has no CodeDirectory")
        return None
    cd_off = index[0]
    (cmagic, _clen, version, flags, hash_off, ident_off, n_special, n_code, code_limit,
     hash_size, hash_type, _platform, page_log2) = struct.unpack_from(">IIIIIIIIIBBBB", blob, cd_off)
    if cmagic != 0xFADE0C02:
        faults.append(f"{where}: slot 0 is not a CodeDirectory (magic {cmagic:#x})")
        return None
    ident = blob[cd_off + ident_off:].split(b"\0", 1)[0].decode()
    if ident != identifier:
        faults.append(f"{where}: signed as {ident!r}, not the bundle identifier {identifier!r}")
    h = HASHES.get(hash_type)
    if not h:
        faults.append(f"{where}: CodeDirectory hash type {hash_type} is unknown")
        return None

    def slot(n):  # n > 0: code page n-1's hash; n < 0: special slot -n
        at = cd_off + hash_off + (n - 1 if n > 0 else n) * hash_size
        return blob[at:at + hash_size]

    page = 1 << page_log2 if page_log2 else code_limit
    bad = [i for i in range(n_code)
           if slot(i + 1) != h(exe[i * page:min((i + 1) * page, code_limit)]).digest()[:hash_size]]
    if code_limit != dataoff:
        faults.append(f"{where}: the signature covers {code_limit} bytes, not the {dataoff} before it")
    if bad:
        faults.append(f"{where}: {len(bad)} of {n_code} pages differ from their signed hashes "
                      f"(first at byte {bad[0] * page}): changed after signing")
    zero = bytes(hash_size)
    specials = {1: ("Info.plist", info_plist), 3: ("_CodeSignature/CodeResources", code_resources)}
    if 2 in index:
        rlen = struct.unpack_from(">I", blob, index[2] + 4)[0]
        specials[2] = ("the signature's requirements", blob[index[2]:index[2] + rlen])
    for n, (name, data) in specials.items():
        if n > n_special:
            faults.append(f"{where}: the signature does not seal {name} (no special slot {n})")
        elif data is None:
            if slot(-n) != zero:
                faults.append(f"{where}: the signature seals {name}, which is missing")
        elif slot(-n) != h(data).digest()[:hash_size]:
            faults.append(f"{where}: {name} differs from the one signed")
    kind = "ad hoc" if flags & 0x2 else "with a certificate" if 0x10000 in index else "unsealed"
    return (f"{kind}, identifier {ident}, CodeDirectory v{version:#x} {h().name}, "
            f"{n_code} pages of {page} bytes")


def main(argv):
    args = argv[1:]
    repo = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..")
    unsigned = False
    pos = []
    while args:
        a = args.pop(0)
        if a == "--repo":
            repo = args.pop(0)
        elif a == "--unsigned":
            unsigned = True
        else:
            pos.append(a)
    if len(pos) != 1:
        print(__doc__)
        return 2
    ipa = pos[0]
    faults = []
    try:
        z = zipfile.ZipFile(ipa)
    except (OSError, zipfile.BadZipFile) as e:
        print(f"FAILED: {ipa}: not a zip file ({e})")
        return 1
    names = [n for n in z.namelist() if not n.endswith("/")]
    apps = sorted({m.group(1) for n in names for m in [re.match(r"^Payload/([^/]+\.app)/", n)] if m})
    stray = [n for n in names if not n.startswith("Payload/") or not re.match(r"^Payload/[^/]+\.app/", n)]
    for n in stray:
        faults.append(f"{ipa}: {n} is outside Payload/<Name>.app/")
    if len(apps) != 1:
        faults.append(f"{ipa}: {len(apps)} app bundles in Payload/, want one")
        for f in faults:
            print("FAILED:", f)
        return 1
    prefix = f"Payload/{apps[0]}/"
    files = {n[len(prefix):]: z.read(n) for n in names if n.startswith(prefix)}
    modes = {n[len(prefix):]: z.getinfo(n).external_attr >> 16 for n in names if n.startswith(prefix)}

    def fault(name, reason):
        faults.append(f"{prefix}{name}: {reason}")

    props = dict(l.strip().split("=", 1) for l in open(os.path.join(repo, "android/app.properties"))
                 if "=" in l and not l.startswith("#"))
    if "Info.plist" not in files:
        fault("Info.plist", "missing")
        info = {}
    else:
        try:
            info = plistlib.loads(files["Info.plist"])
        except Exception as e:  # noqa: BLE001 - any parse error is the fault to report
            fault("Info.plist", f"not a property list ({e})")
            info = {}

    def key(k, typ, check=None, why=""):
        if k not in info:
            fault("Info.plist", f"{k} is missing")
        elif not isinstance(info[k], typ) or (typ is int and isinstance(info[k], bool)):
            fault("Info.plist", f"{k} is a {type(info[k]).__name__}, not a {typ.__name__}")
        elif check and not check(info[k]):
            fault("Info.plist", f"{k} = {info[k]!r}: {why}")

    key("CFBundleIdentifier", str, lambda v: BUNDLE_ID.match(v) and len(v) <= 155 and v == props["applicationId"],
        f"not a reverse-DNS identifier of letters, digits, '-' and '.', or not android/app.properties' {props['applicationId']}")
    exe_name = info.get("CFBundleExecutable")
    key("CFBundleExecutable", str, lambda v: v in files and v + ".app" == apps[0],
        f"no such file in the bundle, or not named as the bundle {apps[0]}")
    key("CFBundleName", str, lambda v: 0 < len(v) <= 15, "empty or over 15 characters")
    key("CFBundleDisplayName", str, lambda v: 0 < len(v) <= 30, "empty or over 30 characters")
    key("CFBundleShortVersionString", str, lambda v: VERSION.match(v) and v == props["versionName"],
        f"not 1 to 3 numbers joined by '.', or not android/app.properties' versionName {props['versionName']}")
    key("CFBundleVersion", str, lambda v: VERSION.match(v) and v == props["versionCode"],
        f"not 1 to 3 numbers joined by '.', or not android/app.properties' versionCode {props['versionCode']}")
    key("CFBundlePackageType", str, lambda v: v == "APPL", "not APPL")
    key("CFBundleInfoDictionaryVersion", str, lambda v: v == "6.0", "not 6.0")
    key("CFBundleDevelopmentRegion", str, lambda v: v in info.get("CFBundleLocalizations", []),
        "not one of CFBundleLocalizations")
    key("LSRequiresIPhoneOS", bool, lambda v: v, "must be true")
    key("MinimumOSVersion", str, lambda v: v == "15.0", "not 15.0")
    key("UIDeviceFamily", list, lambda v: sorted(v) == [1, 2], "not [1, 2] (iPhone and iPad)")
    key("UILaunchScreen", dict)
    key("UIRequiredDeviceCapabilities", list, lambda v: v == ["arm64"], "not [arm64]")
    key("ITSAppUsesNonExemptEncryption", bool, lambda v: v is False,
        "the app has no encryption of its own: false, or every upload asks for export papers")
    key("UISupportedInterfaceOrientations", list, lambda v: v and set(v) <= ORIENTATIONS,
        "empty or not interface orientations")
    key("UISupportedInterfaceOrientations~ipad", list,
        lambda v: set(v) == ORIENTATIONS or info.get("UIRequiresFullScreen") is True,
        "an iPad app must support all four orientations for multitasking (ITMS-90474)")
    key("CFBundleLocalizations", list, lambda v: sorted(v) == sorted(["en", "es", "de", "fr", "tr", "ar"]),
        "not the six languages en, es, de, fr, tr, ar")

    android = android_names(repo)
    for lang in info.get("CFBundleLocalizations", []) if isinstance(info.get("CFBundleLocalizations"), list) else []:
        p = f"{lang}.lproj/InfoPlist.strings"
        if p not in files:
            fault(p, "missing (the language's display name)")
            continue
        try:
            pairs = strings_file(files[p])
        except Exception as e:  # noqa: BLE001
            fault(p, f"not a strings file ({e})")
            continue
        name = pairs.get("CFBundleDisplayName")
        if not name:
            fault(p, "no CFBundleDisplayName")
        elif not len(name) <= 30:
            fault(p, f"CFBundleDisplayName {name!r} is over 30 characters")
        elif lang in android and name != android[lang]:
            fault(p, f"CFBundleDisplayName {name!r} is not Android's app_name {android[lang]!r}")

    # actool (on a Mac) keeps some sizes only in Assets.car, which is not read here: with it,
    # only the loose PNGs there are checked; without it (the Linux bundle) all must be loose.
    has_car = "Assets.car" in files
    icons = {}
    for k in ("CFBundleIcons", "CFBundleIcons~ipad"):
        primary = info.get(k, {}).get("CFBundlePrimaryIcon", {}) if isinstance(info.get(k), dict) else {}
        stems = primary.get("CFBundleIconFiles", [])
        if not stems:
            fault("Info.plist", f"{k}.CFBundlePrimaryIcon.CFBundleIconFiles is missing")
        if primary.get("CFBundleIconName") != "AppIcon":
            fault("Info.plist", f"{k}.CFBundlePrimaryIcon.CFBundleIconName is not AppIcon (the asset catalog's set)")
        for stem in stems:
            points = float(re.match(r"^\D*([\d.]+)x", stem).group(1)) if re.match(r"^\D*([\d.]+)x", stem) else None
            pngs = [f for f in files if re.match(re.escape(stem) + r"@(\d)x(~ipad)?\.png$", f)]
            if not pngs and not has_car:
                fault(stem + "@2x.png", f"missing (named by {k})")
            for f in pngs:
                scale = int(re.search(r"@(\d)x", f).group(1))
                pi = png_info(files[f])
                want = round(points * scale) if points else None
                if not pi:
                    fault(f, "not a PNG")
                elif want and (pi[0], pi[1]) != (want, want):
                    fault(f, f"{pi[0]}x{pi[1]} pixels, want {want}x{want}")
                elif pi[2]:
                    fault(f, "has an alpha channel (an app icon must be opaque)")
                else:
                    icons.setdefault(k, set()).add((stem, scale))
    for k, stem, scale, px in REQUIRED_ICONS:
        if (stem, scale) not in icons.get(k, set()) and not has_car:
            fault(f"{stem}@{scale}x{'~ipad' if k.endswith('ipad') else ''}.png",
                  f"the {px}-px icon the store requires ({k}) is missing or bad")
    catalog = os.path.join(repo, STORE_ICON)
    store = None
    try:
        import json
        images = json.load(open(os.path.join(catalog, "Contents.json")))["images"]
        store = next(i for i in images if i.get("size") == "1024x1024" and i.get("filename"))
        pi = png_info(open(os.path.join(catalog, store["filename"]), "rb").read())
        if not pi or pi[:2] != (1024, 1024):
            faults.append(f"{STORE_ICON}/{store['filename']}: {pi[:2] if pi else 'not a PNG'}, want a 1024x1024 PNG")
        elif pi[2]:
            faults.append(f"{STORE_ICON}/{store['filename']}: has an alpha channel (the store refuses it)")
    except (OSError, KeyError, StopIteration, ValueError):
        faults.append(f"{STORE_ICON}: no 1024x1024 App Store icon in the asset catalog")
    if "Assets.car" not in files:
        print("note: no Assets.car (compiled by actool on a Mac; the store build needs it)")

    exe = files.get(exe_name) if isinstance(exe_name, str) else None
    found = None
    if exe:
        if not modes.get(exe_name, 0) & 0o111:
            fault(exe_name, "not executable in the zip (its Unix mode)")
        with tempfile.NamedTemporaryFile(suffix=".macho") as t:
            t.write(exe)
            t.flush()
            errors = []
            m = check_macho.read_macho(t.name, errors)
            for e in errors:
                fault(exe_name, e.split(": ", 1)[-1])
            if m and m["build"] and check_macho.version(m["build"][1]) != info.get("MinimumOSVersion"):
                fault("Info.plist", f"MinimumOSVersion {info.get('MinimumOSVersion')} is not the executable's "
                      f"minos {check_macho.version(m['build'][1])}")
            if m:
                found = privacy.derive(t.name)

    p = "PrivacyInfo.xcprivacy"
    if p not in files:
        fault(p, "missing (the store requires a privacy manifest)")
    else:
        try:
            pm = plistlib.loads(files[p])
        except Exception as e:  # noqa: BLE001
            pm = None
            fault(p, f"not a property list ({e})")
        if pm is not None:
            if pm.get("NSPrivacyTracking") is not False:
                fault(p, "NSPrivacyTracking is not false (the app tracks no one)")
            if pm.get("NSPrivacyTrackingDomains", []):
                fault(p, "NSPrivacyTrackingDomains is not empty")
            if pm.get("NSPrivacyCollectedDataTypes") != []:
                fault(p, "NSPrivacyCollectedDataTypes is not an empty list (the app collects nothing)")
            declared = {}
            for t in pm.get("NSPrivacyAccessedAPITypes", []):
                c, reasons = t.get("NSPrivacyAccessedAPIType"), t.get("NSPrivacyAccessedAPITypeReasons", [])
                declared[c] = set(reasons)
                if c not in REASONS:
                    fault(p, f"{c} is not a required-reason API category")
                elif not reasons or not set(reasons) <= REASONS[c]:
                    fault(p, f"{c}: reasons {sorted(reasons)} are not among Apple's approved {sorted(REASONS[c])}")
            if found is not None:
                for c, (reason, evidence) in sorted(found.items()):
                    if c not in declared:
                        fault(p, f"{c} is not declared, but the executable uses {', '.join(evidence)} (ITMS-91053)")
                    elif reason not in declared[c]:
                        fault(p, f"{c} declares {sorted(declared[c])}, not {reason}")
                for c in sorted(set(declared) - set(found)):
                    fault(p, f"{c} is declared, but the executable uses none of its APIs")

    sig_text = None
    if exe and not unsigned:
        resources = files.get("_CodeSignature/CodeResources")
        sig_text = code_signature(exe, files.get("Info.plist"), resources, info.get("CFBundleIdentifier"),
                                  prefix + exe_name, faults)
        if resources is None:
            fault("_CodeSignature/CodeResources", "missing (the resources are not sealed)")
        else:
            sealed = plistlib.loads(resources).get("files2", {})
            # Apple's rules omit Info.plist and PkgInfo (Info.plist is sealed in the
            # CodeDirectory itself) and the executable and signature.
            skip = {exe_name, "Info.plist", "PkgInfo", "_CodeSignature/CodeResources"}
            for f, data in sorted(files.items()):
                if f in skip:
                    continue
                entry = sealed.get(f)
                if entry is None:
                    fault(f, "not sealed in _CodeSignature/CodeResources")
                elif entry.get("hash2") != hashlib.sha256(data).digest():
                    fault(f, "differs from its hash in _CodeSignature/CodeResources (changed after signing)")
            for f in sorted(set(sealed) - set(files)):
                fault(f, "sealed in _CodeSignature/CodeResources but missing from the bundle")

    total = sum(len(d) for d in files.values())
    print(f"{ipa}: {os.path.getsize(ipa) / 1e6:.2f} MB zipped, {apps[0]} {total / 1e6:.2f} MB in {len(files)} files")
    for f in sorted(files):
        print(f"  {len(files[f]):>9}  {f}")
    if info:
        print(f"  {info.get('CFBundleIdentifier')} {info.get('CFBundleShortVersionString')} "
              f"({info.get('CFBundleVersion')}), iOS {info.get('MinimumOSVersion')}+")
    if found is not None:
        print("  required-reason APIs: " + ("; ".join(f"{c[len('NSPrivacyAccessedAPICategory'):]} {r} ({', '.join(e)})"
                                                     for c, (r, e) in sorted(found.items())) or "none"))
    if sig_text:
        print(f"  signature: {sig_text}")
    for f in faults:
        print("FAILED:", f)
    if faults:
        return 1
    print("ipa check: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
