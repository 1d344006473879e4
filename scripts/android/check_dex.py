#!/usr/bin/env python3
"""Checks the accessibility delegate's classes.dex (android/smali) against what the library
expects of it, read back with Debian's dexdump:

    check_dex.py CLASSES.dex MIN_SDK
    check_dex.py selftest         (the check rejects a dex whose natives differ)

* the dex format is one the minimum API reads (035 before API 24 could read 037: 037 is
  API 24's, 038 API 26's);
* the three classes are there, the delegate public (the library loads it by name);
* its static native methods are exactly the ones ui/src/platform/android_talkback.rs
  registers, with the same JNI signatures (a mismatch is a crash on the device when TalkBack
  is turned on, not a build error);
* `newCallback` and the constructor the library calls exist with their signatures.
"""

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RUST = os.path.join(ROOT, "ui/src/platform/android_talkback.rs")
DELEGATE = "Lapp/damazamma/a11y/AccessibilityDelegate;"
CLASSES = [DELEGATE, "Lapp/damazamma/a11y/AccessibilityDelegate$Provider;",
           "Lapp/damazamma/a11y/AccessibilityDelegate$Callback;"]
# The highest dex version each API reads.
DEX_FOR_API = [(26, "038"), (24, "037"), (0, "035")]


def registered(rust_source):
    """(name, signature) of each native method the library registers."""
    return set(re.findall(r'method\(\s*"(\w+)",\s*"([^"]+)",', rust_source))


def methods(dump):
    """class -> list of (name, signature, access words) from `dexdump` output."""
    out, cls, name, sig = {}, None, None, None
    for line in dump.splitlines():
        m = re.match(r"\s*Class descriptor\s*:\s*'(.*)'", line)
        if m:
            cls = m.group(1)
            out[cls] = []
            continue
        m = re.match(r"\s*name\s*:\s*'(.*)'", line)
        if m:
            name = m.group(1)
            continue
        m = re.match(r"\s*type\s*:\s*'(.*)'", line)
        if m:
            sig = m.group(1)
            continue
        m = re.match(r"\s*access\s*:\s*0x[0-9a-f]+ \((.*)\)", line)
        if m and cls and name:
            out[cls].append((name, sig, m.group(1).split()))
            name = None
    return out


def check(dex, min_sdk, rust_source):
    errors = []
    header = subprocess.run(["dexdump", "-f", dex], capture_output=True, text=True, check=True).stdout
    version = re.search(r"DEX version '(\d+)'", header).group(1)
    allowed = next(v for api, v in DEX_FOR_API if min_sdk >= api)
    if version > allowed:
        errors.append(f"dex version {version}, API {min_sdk} reads up to {allowed}")
    dump = subprocess.run(["dexdump", dex], capture_output=True, text=True, check=True).stdout
    found = methods(dump)
    for c in CLASSES:
        if c not in found:
            errors.append(f"no class {c}")
    if errors:
        return errors
    public = re.search(r"Class descriptor\s*:\s*'" + re.escape(DELEGATE) + r"'\s*\n\s*Access flags\s*:\s*0x[0-9a-f]+ \(([^)]*)\)", dump)
    if not public or "PUBLIC" not in public.group(1).split():
        errors.append("the delegate class is not public")
    natives = {(n, s) for n, s, a in found[DELEGATE] if "NATIVE" in a}
    want = registered(rust_source)
    if natives != want:
        errors.append(f"natives differ: in the dex only {sorted(natives - want)}, registered only {sorted(want - natives)}")
    have = {(n, s) for n, s, a in found[DELEGATE]}
    for need in [("<init>", "(J)V"), ("newCallback", "(Landroid/view/View;J)Ljava/lang/Runnable;")]:
        if need not in have:
            errors.append(f"no {need[0]}{need[1]}")
    return errors


def main():
    if sys.argv[1:] == ["selftest"]:
        source = open(RUST).read()
        with tempfile.TemporaryDirectory() as t:
            dex = os.path.join(t, "classes.dex")
            subprocess.run(["smali", "a", "--api", "24", "-o", dex, os.path.join(ROOT, "android/smali")], check=True)
            assert check(dex, 24, source) == [], check(dex, 24, source)
            wrong = source.replace('"(JLandroid/view/View;IFF)Z"', '"(JLandroid/view/View;FF)Z"')
            assert wrong != source and any("natives differ" in e for e in check(dex, 24, wrong))
            assert any("dex version" in e for e in check(dex, 21, source))
        print("check_dex.py selftest: passed (a wrong signature and a too-new format are rejected)")
        return
    dex, min_sdk = sys.argv[1], int(sys.argv[2])
    errors = check(dex, min_sdk, open(RUST).read())
    for e in errors:
        print(f"FAILED: classes.dex: {e}")
    if errors:
        sys.exit(1)
    natives = len(registered(open(RUST).read()))
    print(f"ok: classes.dex ({os.path.getsize(dex)} bytes): {len(CLASSES)} classes, {natives} natives as registered")


if __name__ == "__main__":
    main()
