#!/usr/bin/env python3
"""Reads an arm64 iOS executable back and checks what the App Store and dyld will ask of it.

    check_macho.py BINARY SDK_STUBS_DIR [--minos 15.0] [--sdk 26.0] [--platform ios|ios-simulator]

Fails (exit 1, each reason on its own line, naming the file) when:
  * the file is not a 64-bit arm64 Mach-O executable, or is not PIE;
  * LC_BUILD_VERSION is missing, or not the platform asked, or minos/sdk differ;
  * a library it loads is not one of the stubs (the allow-list: only public frameworks and
    libraries are stubbed) or a stub's install name is outside /usr/lib and
    /System/Library/Frameworks;
  * an undefined symbol is bound to a library whose stub does not export it (two-level
    namespace: dyld looks for each symbol in the one library named), or is not bound at all;
  * a stub exports a symbol without a reference to where Apple publishes it (a comment
    `# header:…`, `# man:…`, `# https://developer.apple.com/…`, or `# abi:…` for what the
    compiler emits, on its line), or a framework's name that marks it private (a leading
    underscore after the C prefix: `__UIFoo`, `_OBJC_CLASS_$__UIFoo`);
  * a stub is malformed (no install-name, no targets, a symbol outside a list).
Prints the libraries, the symbols per library, and the size.
"""
import os
import re
import struct
import sys

MH_MAGIC_64 = 0xFEEDFACF
CPU_TYPE_ARM64 = 0x0100000C
MH_EXECUTE = 2
MH_PIE = 0x200000
LC_REQ_DYLD = 0x80000000
LC_SYMTAB = 0x2
LC_LOAD_DYLIB = 0xC
LC_LOAD_WEAK_DYLIB = 0x18 | LC_REQ_DYLD
LC_REEXPORT_DYLIB = 0x1F | LC_REQ_DYLD
LC_BUILD_VERSION = 0x32
LC_MAIN = 0x28 | LC_REQ_DYLD
PLATFORMS = {2: "ios", 7: "ios-simulator"}
N_EXT = 0x01
N_TYPE = 0x0E
N_UNDF = 0x0
N_STAB = 0xE0

ALLOWED_PREFIXES = ("/usr/lib/", "/System/Library/Frameworks/")
# Where a symbol is published: the SDK's public header that declares it, its man page, its page
# in Apple's documentation, or (for what the compiler itself emits calls to, never named in a
# program: thread-local variables, ARC) the ABI it belongs to.
REF = re.compile(r"#\s*(man:\S+|header:\S+|abi:\S+|https://developer\.apple\.com/\S+)")
# A framework's names with a leading underscore (C's `_UIFoo`, the symbol `__UIFoo`) are its
# private API; the C library's (`__error`, `__sincosf_stret`, `_Unwind_*`) are declared in
# its public headers.
PRIVATE = re.compile(r"^(__|_OBJC_CLASS_\$__|_OBJC_METACLASS_\$__)")


def version(v):
    return f"{v >> 16}.{(v >> 8) & 0xFF}" + (f".{v & 0xFF}" if v & 0xFF else "")


def read_macho(path, errors):
    data = open(path, "rb").read()
    if len(data) < 32:
        errors.append(f"{path}: too short for a Mach-O header")
        return None
    magic, cpu, _sub, ftype, ncmds, _size, flags, _res = struct.unpack_from("<IiiIIIII", data, 0)
    if magic != MH_MAGIC_64:
        errors.append(f"{path}: not a 64-bit Mach-O file (magic {magic:#x})")
        return None
    if cpu != CPU_TYPE_ARM64:
        errors.append(f"{path}: CPU type {cpu:#x}, not arm64")
    if ftype != MH_EXECUTE:
        errors.append(f"{path}: file type {ftype}, not an executable")
    if not flags & MH_PIE:
        errors.append(f"{path}: not PIE (MH_PIE is not set)")
    out = {"dylibs": [], "build": None, "main": False, "undefined": []}
    off = 32
    symtab = None
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, off)
        if cmd in (LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB):
            name_off = struct.unpack_from("<I", data, off + 8)[0]
            name = data[off + name_off: off + size].split(b"\0", 1)[0].decode()
            out["dylibs"].append(name)
        elif cmd == LC_BUILD_VERSION:
            platform, minos, sdk = struct.unpack_from("<III", data, off + 8)
            out["build"] = (platform, minos, sdk)
        elif cmd == LC_MAIN:
            out["main"] = True
        elif cmd == LC_SYMTAB:
            symtab = struct.unpack_from("<IIII", data, off + 8)
        off += size
    if symtab:
        symoff, nsyms, stroff, _strsize = symtab
        for i in range(nsyms):
            strx, ntype, _sect, desc, _value = struct.unpack_from("<IBBhQ", data, symoff + 16 * i)
            if ntype & N_STAB or (ntype & N_TYPE) != N_UNDF or not ntype & N_EXT:
                continue
            name = data[stroff + strx:].split(b"\0", 1)[0].decode()
            ordinal = (desc >> 8) & 0xFF
            out["undefined"].append((name, ordinal))
    out["size"] = len(data)
    return out


def read_stub(path, errors):
    """A TBD v4 stub as we write them: install-name, targets, and block lists of symbols
    (`symbols:`, `objc-classes:`), one per line with its documentation reference."""
    install, targets, symbols = None, None, {}
    section = None
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        raw = line.rstrip("\n")
        body = raw.split("#", 1)[0].rstrip()
        m = re.match(r"^install-name:\s*'?([^']+)'?$", body.strip())
        if m:
            install = m.group(1)
            continue
        m = re.match(r"^targets:\s*\[(.*)\]$", body.strip())
        if m and targets is None:
            targets = [t.strip() for t in m.group(1).split(",") if t.strip()]
        m = re.match(r"^\s*(?:- )?(symbols|objc-classes|weak-symbols):\s*$", body)
        if m:
            section = m.group(1)
            continue
        m = re.match(r"^\s+- (\S+)$", body)
        if m and section:
            name = m.group(1)
            if section == "objc-classes":
                names = [f"_OBJC_CLASS_$_{name}", f"_OBJC_METACLASS_$_{name}"]
            else:
                names = [name]
            if not REF.search(raw):
                errors.append(f"{path}:{n}: {name} has no reference to where Apple documents it")
            framework = "/System/Library/Frameworks/" in (install or "")
            for s in names:
                if framework and PRIVATE.match(s):
                    errors.append(f"{path}:{n}: {s} looks private: the App Store rejects private API")
                symbols[s] = n
            continue
        if body.strip() and not re.match(r"^(---|\.\.\.|tbd-version|current-version|compatibility-version|exports:|\s*- targets:|\s*targets:)", body):
            errors.append(f"{path}:{n}: not understood: {body.strip()}")
    if not install:
        errors.append(f"{path}: no install-name")
    elif not install.startswith(ALLOWED_PREFIXES):
        errors.append(f"{path}: install name {install} is outside the public system folders")
    if not targets:
        errors.append(f"{path}: no targets")
    return install, symbols


def main(argv):
    args = argv[1:]
    opts = {"--minos": "15.0", "--sdk": "26.0", "--platform": "ios"}
    pos = []
    while args:
        a = args.pop(0)
        if a in opts:
            opts[a] = args.pop(0)
        else:
            pos.append(a)
    if len(pos) != 2:
        print(__doc__)
        return 2
    binary, sdk = pos
    errors = []
    stubs = {}
    for root, _dirs, files in os.walk(sdk):
        for f in sorted(files):
            # libc.tbd and libm.tbd are libSystem.tbd under other names, as in Apple's SDK.
            if f.endswith(".tbd") and not os.path.islink(os.path.join(root, f)):
                install, symbols = read_stub(os.path.join(root, f), errors)
                if install:
                    stubs[install] = (os.path.join(root, f), symbols)
    if not stubs:
        errors.append(f"{sdk}: no .tbd stubs found")
    m = read_macho(binary, errors)
    if m:
        if not m["main"]:
            errors.append(f"{binary}: no LC_MAIN (not an app executable)")
        if not m["build"]:
            errors.append(f"{binary}: no LC_BUILD_VERSION")
        else:
            platform, minos, sdkv = m["build"]
            want = opts["--platform"]
            if PLATFORMS.get(platform) != want:
                errors.append(f"{binary}: platform {PLATFORMS.get(platform, platform)}, not {want}")
            if version(minos) != opts["--minos"]:
                errors.append(f"{binary}: minos {version(minos)}, not {opts['--minos']}")
            if version(sdkv) != opts["--sdk"]:
                errors.append(f"{binary}: SDK {version(sdkv)}, not {opts['--sdk']}")
        for d in m["dylibs"]:
            if d not in stubs:
                errors.append(f"{binary}: loads {d}, which is not on the allow-list (no stub)")
        used = {d: [] for d in m["dylibs"]}
        for name, ordinal in m["undefined"]:
            if ordinal == 0 or ordinal > len(m["dylibs"]):
                errors.append(f"{binary}: {name} is undefined and bound to no library (ordinal {ordinal})")
                continue
            lib = m["dylibs"][ordinal - 1]
            used[lib].append(name)
            if lib in stubs and name not in stubs[lib][1]:
                errors.append(f"{binary}: {name} is looked for in {lib}, whose stub does not export it")
        print(f"{binary}: {m['size'] / 1e6:.2f} MB, {len(m['undefined'])} imported symbols from {len(m['dylibs'])} libraries")
        if m["build"]:
            p, mi, s = m["build"]
            print(f"  LC_BUILD_VERSION {PLATFORMS.get(p, p)} minos {version(mi)} sdk {version(s)}; PIE")
        for d in m["dylibs"]:
            print(f"  {d}: {len(used[d])} symbols")
        for lib, (path, symbols) in sorted(stubs.items()):
            unused = [s for s in symbols if not s.startswith("_OBJC_METACLASS_$_") and not any(s == u for u in used.get(lib, []))]
            if unused:
                print(f"  note: {path} lists {len(unused)} symbols the binary does not import: {', '.join(sorted(unused)[:8])}")
    for e in errors:
        print("FAILED:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
