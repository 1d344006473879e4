#!/usr/bin/env python3
"""Tests of check_macho.py on a small Mach-O made here: a good one passes, and each fault the
check is there for fails it with the file and the reason."""
import io
import os
import struct
import sys
import tempfile
from contextlib import redirect_stdout

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_macho  # noqa: E402

UIKIT = "/System/Library/Frameworks/UIKit.framework/UIKit"


def macho(pie=True, minos=(15, 0), sdk=(26, 0), platform=2, dylibs=(UIKIT,), symbols=(("_UIApplicationMain", 1),)):
    cmds = []
    for d in dylibs:
        name = d.encode() + b"\0"
        size = (24 + len(name) + 7) // 8 * 8
        cmds.append(struct.pack("<IIIIII", 0xC, size, 24, 2, 0x10000, 0x10000) + name.ljust(size - 24, b"\0"))
    v = lambda t: (t[0] << 16) | (t[1] << 8)  # noqa: E731
    cmds.append(struct.pack("<IIIIII", 0x32, 24, platform, v(minos), v(sdk), 0))
    cmds.append(struct.pack("<IIQQ", 0x80000028, 24, 0, 0))
    strtab = b"\0"
    nlist = b""
    for name, ordinal in symbols:
        nlist += struct.pack("<IBBhQ", len(strtab), 0x01, 0, ordinal << 8, 0)
        strtab += name.encode() + b"\0"
    header_size = 32 + sum(len(c) for c in cmds) + 24
    symoff = header_size
    stroff = symoff + len(nlist)
    cmds.append(struct.pack("<IIIIII", 0x2, 24, symoff, len(symbols), stroff, len(strtab)))
    flags = 0x85 | (0x200000 if pie else 0)
    head = struct.pack("<IiiIIIII", 0xFEEDFACF, 0x0100000C, 0, 2, len(cmds), sum(len(c) for c in cmds), flags, 0)
    return head + b"".join(cmds) + nlist + strtab


STUB = """--- !tapi-tbd
tbd-version:     4
targets:         [ arm64-ios ]
install-name:    '{install}'
exports:
  - targets:         [ arm64-ios ]
    symbols:
      - {symbol} {ref}
...
"""


def run(binary, stub_text):
    with tempfile.TemporaryDirectory() as d:
        exe = os.path.join(d, "app")
        open(exe, "wb").write(binary)
        sdk = os.path.join(d, "sdk")
        os.makedirs(sdk)
        open(os.path.join(sdk, "UIKit.tbd"), "w").write(stub_text)
        out = io.StringIO()
        with redirect_stdout(out):
            code = check_macho.main(["check_macho.py", exe, sdk])
        return code, out.getvalue()


def stub(install=UIKIT, symbol="_UIApplicationMain", ref="# https://developer.apple.com/documentation/uikit/uiapplicationmain(_:_:_:_:)"):
    return STUB.format(install=install, symbol=symbol, ref=ref)


CASES = [
    ("a good executable", macho(), stub(), None),
    ("not PIE", macho(pie=False), stub(), "not PIE"),
    ("minos 14.0", macho(minos=(14, 0)), stub(), "minos 14.0, not 15.0"),
    ("the simulator platform", macho(platform=7), stub(), "platform ios-simulator, not ios"),
    ("SDK 18.0", macho(sdk=(18, 0)), stub(), "SDK 18.0, not 26.0"),
    ("a library with no stub", macho(dylibs=(UIKIT, "/usr/lib/libz.1.dylib")), stub(), "/usr/lib/libz.1.dylib, which is not on the allow-list"),
    ("an import the stub does not export", macho(symbols=(("_UIApplicationMain", 1), ("_UIFoo", 1))), stub(), "_UIFoo is looked for in"),
    ("an import bound to no library", macho(symbols=(("_UIApplicationMain", 0),)), stub(), "bound to no library"),
    ("a symbol without its documentation", macho(), stub(ref=""), "no reference to where Apple documents it"),
    ("a private-looking symbol", macho(symbols=(("___UIPrivate", 1),)), stub(symbol="___UIPrivate"), "looks private"),
    ("a stub without install-name", macho(), stub().replace("install-name", "install-nam"), "not understood"),
    ("a stub outside the system folders", macho(dylibs=("/opt/UIKit",)), stub(install="/opt/UIKit"), "outside the public system folders"),
    ("not a Mach-O file", b"\x7fELF" + b"\0" * 60, stub(), "not a 64-bit Mach-O file"),
]


def main():
    passed = failed = 0
    for name, binary, stub_text, want in CASES:
        code, out = run(binary, stub_text)
        ok = (code == 0) if want is None else (code == 1 and want in out and "FAILED" in out)
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"check_macho test FAILED: {name} (exit {code}, wanted {want!r}):\n{out}")
    print(f"check_macho tests: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
