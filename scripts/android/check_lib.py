#!/usr/bin/env python3
"""Checks an Android app library the way a device would refuse it, and fails on any fault.

    check_lib.py --api 24 LIB.so MAP...

* it is an arm64 shared object;
* its NEEDED libraries are NDK libraries (those whose maps are given);
* every undefined dynamic symbol exists in those libraries at the minimum API (the maps,
  read by ndk_stubs.py with the NDK's rules), so the device's linker finds it; a weak one
  may be missing (it binds to null, and the code asks first);
* `ANativeActivity_onCreate` is exported (NativeActivity calls it) and nothing of the
  unwinder is;
* every LOAD segment is aligned to at least 16 KB (devices with 16 KB pages, which the
  store requires for apps targeting Android 15+);
* no text relocations (Android refuses them from API 23 on);
* linked as the NDK's clang driver links for the minimum API: below API 29 no read-only
  LOAD segment of its own (`--no-rosegment`: the crash unwinder of Android 7-9 mishandles
  one), relative relocations packed (`--pack-dyn-relocs=android`, read from API 23 on) and
  only the GNU hash table (`--hash-style=gnu`, API 23 on).
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ndk_stubs  # noqa: E402

READELF = os.environ.get("READELF", "llvm-readelf-14")


def readelf(*args):
    return subprocess.run([READELF, "--wide", *args], check=True, capture_output=True, text=True).stdout


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--api", type=int, required=True)
    p.add_argument("--entry", default="ANativeActivity_onCreate")
    p.add_argument("lib")
    p.add_argument("maps", nargs="+")
    a = p.parse_args()

    faults = []
    available = {}
    for path in a.maps:
        lib = os.path.basename(path).split(".")[0] + ".so"
        available[lib] = {s for _, syms in ndk_stubs.exported(path, a.api, "arm64") for s, *_ in syms}

    header = readelf("-h", a.lib)
    if "AArch64" not in header or "DYN" not in header:
        faults.append("not an arm64 shared object")

    dynamic = readelf("-d", a.lib)
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)
    for n in needed:
        if n not in available:
            faults.append(f"NEEDED {n}: not an NDK library")
    if "(TEXTREL)" in dynamic or re.search(r"\(FLAGS\).*TEXTREL", dynamic):
        faults.append("text relocations (TEXTREL)")

    undefined, exported = [], []
    for line in readelf("--dyn-syms", a.lib).splitlines():
        f = line.split()
        if len(f) < 8 or not f[0].rstrip(":").isdigit():
            continue
        name = f[7].split("@")[0]
        if not name:
            continue
        if f[6] == "UND":
            undefined.append((name, f[4]))
        elif f[4] in ("GLOBAL", "WEAK") and f[5] == "DEFAULT":
            exported.append(name)
    provided = set().union(*[available[n] for n in needed if n in available]) if needed else set()
    everywhere = set().union(*available.values())
    weak_absent = []
    for name, bind in undefined:
        if name in provided:
            continue
        # A weak reference binds to null where the symbol is missing, and the code checks
        # for that (std's getrandom on releases before Android 9): it never stops the load.
        if bind == "WEAK":
            weak_absent.append(name)
            continue
        where = "in no NDK library" if name not in everywhere else "in an NDK library it does not link"
        faults.append(f"undefined symbol {name} ({bind}): {where} at API {a.api}")
    if a.entry not in exported:
        faults.append(f"{a.entry} is not exported")
    leaked = [s for s in exported if s.startswith("_Unwind_")]
    if leaked:
        faults.append("the unwinder is exported: " + ", ".join(leaked[:4]))

    aligns, flags = [], []
    for line in readelf("-l", a.lib).splitlines():
        f = line.split()
        if f and f[0] == "LOAD":
            aligns.append(int(f[-1], 16))
            flags.append("".join(f[6:-1]))
    if a.api < 29 and "R" in flags:
        faults.append(f"a read-only LOAD segment of its own (segments {' '.join(flags)}): link with --no-rosegment below API 29")
    if a.api >= 23:
        if "(ANDROID_RELA)" not in dynamic and "(ANDROID_REL)" not in dynamic:
            faults.append("relocations not packed (link with --pack-dyn-relocs=android)")
        if "(HASH)" in dynamic:
            faults.append("a SysV hash table besides the GNU one (link with --hash-style=gnu)")
    if not aligns:
        faults.append("no LOAD segment")
    for al in aligns:
        if al < 16384:
            faults.append(f"a LOAD segment aligned to {al} bytes, under 16 KB")

    print(f"{os.path.basename(a.lib)}: NEEDED {', '.join(needed)}; {len(undefined)} undefined symbols "
          f"checked against API {a.api}; {len(exported)} exported ({a.entry} among them: {a.entry in exported}); "
          f"LOAD alignment {', '.join(hex(x) for x in aligns)}, flags {' '.join(flags)}")
    if weak_absent:
        print(f"weak, used only where present (null where the release lacks them): {', '.join(weak_absent)}")
    for f in faults:
        print("FAULT:", f)
    if faults:
        sys.exit(1)
    print("library check: passed")


if __name__ == "__main__":
    main()
