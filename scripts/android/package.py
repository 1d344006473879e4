#!/usr/bin/env python3
"""Puts the app library into aapt's APK, as Android wants it stored.

    package.py RESOURCES.apk LIB.so PATH-IN-APK OUT.apk [classes.dex]
    package.py --deflated-size APK        (prints the APK's size deflated at level 9)

The library is stored uncompressed with its data on a 16 KB boundary, so that the device maps
it straight from the APK (`android:extractNativeLibs="false"`) on 4 KB and 16 KB page
kernels alike; every other stored entry is 4-byte aligned (as zipalign does). The padding is
the "Android zipalign extensible data" extra field (0xd935), which carries the alignment so
that apksigner keeps it when it signs. Debian's zipalign only knows 4 KB pages.
"""

import struct
import sys
import zipfile
import zlib

LIB_ALIGN = 16384
ALIGN_FIELD = 0xD935


def align_extra(offset, name, alignment):
    """The extra field that puts an entry's data written at `offset` on `alignment`."""
    start = offset + 30 + len(name.encode())
    base = start + 6  # the field's header (4) and its alignment value (2)
    pad = (-base) % alignment
    return struct.pack("<HHH", ALIGN_FIELD, 2 + pad, alignment) + b"\0" * pad


def package(resources, lib, lib_path, out, dex=None):
    with zipfile.ZipFile(resources) as src, zipfile.ZipFile(out, "w") as dst:
        entries = [(i, src.read(i.filename)) for i in src.infolist()]
        if dex:
            # The accessibility delegate (android/smali), deflated like any code.
            info = zipfile.ZipInfo("classes.dex", date_time=(2008, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            entries.append((info, open(dex, "rb").read()))
        entries.append((None, open(lib, "rb").read()))
        for info, data in entries:
            if info is not None and info.filename == "classes.dex":
                alignment = 4
            elif info is None:
                info = zipfile.ZipInfo(lib_path, date_time=(2008, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_STORED
                alignment = LIB_ALIGN
            else:
                info = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                info.compress_type = src.getinfo(info.filename).compress_type
                alignment = 4
            info.external_attr = 0o644 << 16
            if info.compress_type == zipfile.ZIP_STORED:
                info.extra = align_extra(dst.fp.tell(), info.filename, alignment)
            dst.writestr(info, data, compresslevel=9)
    with zipfile.ZipFile(out) as z:
        info = z.getinfo(lib_path)
        offset = data_offset(out, info)
        if offset % LIB_ALIGN:
            sys.exit(f"package.py: {lib_path} at {offset}, not on {LIB_ALIGN}")


def data_offset(path, info):
    """Where an entry's data starts (after its local header, whose extra may differ)."""
    with open(path, "rb") as f:
        f.seek(info.header_offset)
        head = f.read(30)
        name_len, extra_len = struct.unpack("<HH", head[26:30])
        return info.header_offset + 30 + name_len + extra_len


def main():
    if sys.argv[1:2] == ["--deflated-size"]:
        print(len(zlib.compress(open(sys.argv[2], "rb").read(), 9)))
    elif sys.argv[1:2] == ["--offset"]:
        with zipfile.ZipFile(sys.argv[2]) as z:
            info = z.getinfo(sys.argv[3])
            print(data_offset(sys.argv[2], info), info.compress_type)
    else:
        package(*sys.argv[1:6])


if __name__ == "__main__":
    main()
