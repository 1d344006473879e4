#!/usr/bin/env python3
"""The NDK's stub libraries for one ABI and minimum API level, made from AOSP's symbol maps.

The NDK's own sysroot libraries (libc.so, libm.so, ...) are stubs generated from these maps
by its `ndkstubgen`: every symbol the platform library exports to apps, present only from the
API level it was introduced at. This script applies the same rules (arch tags, `introduced=`,
`versioned=`, no `*_PRIVATE`/`*_PLATFORM` blocks, no `platform-only`/`apex`/`llndk`/`future`
symbols), so that linking an app with `--no-undefined` against the output proves that every
symbol it needs exists on every Android release from that level on.

For each map it writes `<lib>.S` (one tiny definition per symbol: `ret` for functions, a
word for `# var` data) and `<lib>.map.ld` (the version script). `android-apk.sh` links them.
With `--aborting` (arm64 only) each function instead writes "<lib> stub: <name> called" on
standard error and calls libc's abort(): a library to run against, in a test that must
show it never calls into that library (`android-bionic.sh` and libandroid).

    ndk_stubs.py --api 24 --arch arm64 --out DIR MAP...
    ndk_stubs.py --aborting --api 24 --arch arm64 --out DIR MAP
    ndk_stubs.py --list --api 24 --arch arm64 MAP...   (prints "lib symbol" lines)
"""

import argparse
import os
import re
import sys

# Codenames the maps use for API levels (as in the NDK's symbolfile.py).
CODENAMES = {
    "J": 16, "J-MR1": 17, "J-MR2": 18, "K": 19, "L": 21, "L-MR1": 22, "M": 23, "N": 24,
    "N-MR1": 25, "O": 26, "O-MR1": 27, "P": 28, "Q": 29, "R": 30, "S": 31, "Sv2": 32,
    "Tiramisu": 33, "UpsideDownCake": 34, "VanillaIceCream": 35, "Baklava": 36,
}
ARCHES = {"arm", "arm64", "x86", "x86_64", "riscv64", "mips", "mips64"}
# Tags of symbols that the NDK does not give apps.
HIDDEN = {"platform-only", "apex", "llndk", "future", "systemapi", "vndk"}
# The maps' known gap (ndk-maps README): liblog's LIBLOG_O block carries no level, but its
# symbols came with Android O (API 26). Blocks listed here get the level when untagged.
UNTAGGED_BLOCK_LEVEL = {("liblog", "LIBLOG_O"): 26}


def level(value):
    """An API level from a tag's value; None when unknown (treated as future)."""
    if value.isdigit():
        return int(value)
    return CODENAMES.get(value)


def tags_of(line):
    """The tags after '#' on a map line."""
    if "#" not in line:
        return []
    return line.split("#", 1)[1].replace("#", " ").split()


def introduced(tags, arch):
    """The API level a symbol or block arrives at for this arch (0: always there)."""
    found = 0
    for tag in tags:
        key, _, value = tag.partition("=")
        if key == "introduced-" + arch:
            return level(value) if level(value) is not None else 10**6
        if key == "introduced":
            found = level(value) if level(value) is not None else 10**6
    return found


def in_arch(tags, arch):
    named = ARCHES.intersection(tags)
    return not named or arch in named


def versioned_in(tags, api):
    """`versioned=N`: the symbol carries its version node only from API N on."""
    for tag in tags:
        key, _, value = tag.partition("=")
        if key == "versioned":
            return api >= (level(value) or 10**6)
    return True


def parse(path):
    """[(block name, block tags, [(symbol, tags)])] of one map file."""
    blocks, current = [], None
    extern_depth = 0
    for raw in open(path, encoding="utf-8"):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        code = line.split("#", 1)[0].strip()
        if current is None:
            m = re.match(r"^([A-Za-z0-9_]+)\s*\{", code)
            if m:
                current = (m.group(1), tags_of(line), [])
            continue
        if code.startswith("extern"):
            extern_depth += 1  # C++ names: none are in the NDK's C API
            continue
        if code.startswith("}"):
            if extern_depth:
                extern_depth -= 1
                continue
            blocks.append(current)
            current = None
            continue
        if extern_depth or code in ("global:", "local:") or code.startswith("*"):
            continue
        name = code.rstrip(";").strip()
        if name:
            current[2].append((name, tags_of(line)))
    return blocks


def exported(path, api, arch):
    """[(version node or None, [(symbol, is_var, weak, versioned)])] the NDK gives apps."""
    lib = os.path.basename(path).split(".")[0]
    out = []
    for name, btags, symbols in parse(path):
        if name.endswith("_PRIVATE") or name.endswith("_PLATFORM"):
            continue
        if HIDDEN.intersection(btags) or not in_arch(btags, arch):
            continue
        block_level = introduced(btags, arch)
        if not block_level and not any(t.startswith("introduced") for t in btags):
            block_level = UNTAGGED_BLOCK_LEVEL.get((lib, name), 0)
        if block_level > api:
            continue
        block_versioned = versioned_in(btags, api)
        kept = []
        for sym, tags in symbols:
            if HIDDEN.intersection(tags) or not in_arch(tags, arch):
                continue
            if introduced(tags, arch) > api:
                continue
            kept.append((sym, "var" in tags, "weak" in tags,
                         block_versioned and versioned_in(tags, api)))
        if kept:
            out.append((name, kept))
    return out


def write(path, api, arch, out_dir, aborting=False):
    lib = os.path.basename(path).split(".")[0]
    blocks = exported(path, api, arch)
    asm = [f"// Stub {lib}.so for {arch} at API {api}, generated by ndk_stubs.py.", ".text"]
    if aborting:
        if arch != "arm64":
            sys.exit("ndk_stubs.py: --aborting is written for arm64")
        # x1: the message, x2: its length. write(2, x1, x2), then abort().
        asm += [".p2align 2", "stub_called:", "mov x0, #2", "mov x8, #64", "svc #0", "bl abort"]
    script = []
    seen = set()
    for name, symbols in blocks:
        versioned = [s for s, _, _, v in symbols if v]
        if versioned:
            script.append(f"{name} {{\n  global:\n" + "".join(f"    {s};\n" for s in versioned) + "};")
        for sym, is_var, weak, _ in symbols:
            if sym in seen:
                continue
            seen.add(sym)
            bind = ".weak" if weak else ".globl"
            if is_var:
                asm += [".data", f"{bind} {sym}", f".type {sym}, %object", f".size {sym}, 8",
                        f"{sym}: .quad 0", ".text"]
            elif aborting:
                msg = f"{lib} stub: {sym} called\n"
                asm += [f"{bind} {sym}", f".type {sym}, %function", f"{sym}:",
                        f"adr x1, .Lmsg_{sym}", f"mov x2, #{len(msg)}", "b stub_called",
                        f'.Lmsg_{sym}: .ascii "{msg[:-1]}\\n"', ".p2align 2"]
            else:
                asm += [f"{bind} {sym}", f".type {sym}, %function", f"{sym}: ret"]
    with open(os.path.join(out_dir, lib + ".S"), "w") as f:
        f.write("\n".join(asm) + "\n")
    with open(os.path.join(out_dir, lib + ".map.ld"), "w") as f:
        f.write("\n".join(script) + "\n")
    return lib, len(seen)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--api", type=int, required=True)
    p.add_argument("--arch", default="arm64")
    p.add_argument("--out")
    p.add_argument("--list", action="store_true", help="print 'lib symbol' lines instead")
    p.add_argument("--aborting", action="store_true", help="functions that abort naming themselves")
    p.add_argument("maps", nargs="+")
    a = p.parse_args()
    if a.list:
        for path in a.maps:
            lib = os.path.basename(path).split(".")[0]
            for _, symbols in exported(path, a.api, a.arch):
                for sym, *_ in symbols:
                    print(lib, sym)
        return
    if not a.out:
        sys.exit("ndk_stubs.py: --out DIR is needed (or --list)")
    os.makedirs(a.out, exist_ok=True)
    for path in a.maps:
        lib, n = write(path, a.api, a.arch, a.out, a.aborting)
        print(f"{lib}: {n} symbols at API {a.api}")


if __name__ == "__main__":
    main()
