#!/usr/bin/env python3
"""The App Bundle's parts that bundletool 1.9 (the one a registry package ships) leaves out.

    bundle.py module PROTO.apk LIB.so PATH-IN-MODULE OUT.zip
        the base module from aapt2's proto-format link: manifest/AndroidManifest.xml,
        resources.pb, res/..., and the library (stored)
    bundle.py align16k APP.aab
        asks for uncompressed native libraries on 16 KB pages in BundleConfig.pb
    bundle.py config APP.aab
        prints what BundleConfig.pb asks of the native libraries; fails unless 16 KB
    bundle.py selftest

Play builds the APKs it delivers from the bundle with its own bundletool, which reads
`optimizations.uncompress_native_libraries.alignment` (PAGE_ALIGNMENT_16K, bundletool 1.16
and later). bundletool 1.9 keeps the field it does not know, but cannot be told to write it,
so it is set here after `build-bundle`, before the bundle is signed.
"""

import os
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from proto import encode, fields  # noqa: E402

# BundleConfig: 2 optimizations; Optimizations: 2 uncompress_native_libraries;
# UncompressNativeLibraries: 1 enabled, 2 alignment (PageAlignment: 1 4K, 2 16K, 3 64K).
OPTIMIZATIONS, UNCOMPRESS_NATIVE_LIBS, ENABLED, ALIGNMENT = 2, 2, 1, 2
PAGE_ALIGNMENT = {0: "unspecified (4 KB)", 1: "4 KB", 2: "16 KB", 3: "64 KB"}
PAGE_ALIGNMENT_16K = 2


def module(proto_apk, lib, lib_path, out, dex=None):
    with zipfile.ZipFile(proto_apk) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            name = info.filename
            if name == "AndroidManifest.xml":
                name = "manifest/AndroidManifest.xml"
            dst.writestr(zipfile.ZipInfo(name, date_time=(2008, 1, 1, 0, 0, 0)), src.read(info), zipfile.ZIP_DEFLATED)
        dst.write(lib, lib_path, zipfile.ZIP_STORED)
        if dex:
            # A bundle module keeps its code under dex/ (bundletool's module layout).
            dst.write(dex, "dex/classes.dex", zipfile.ZIP_DEFLATED)


def set_field(message, number, value):
    """The message with one varint field set (replaced, or added at the end)."""
    out = [(n, w, v) for n, w, v in message if n != number]
    return out + [(number, 0, value)]


def sub(message, number):
    return next((fields(v) for n, w, v in message if n == number and w == 2), [])


def with_sub(message, number, child):
    out = [(n, w, v) for n, w, v in message if n != number]
    return out + [(number, 2, encode(child))]


def aligned_16k(config):
    optimizations = sub(config, OPTIMIZATIONS)
    uncompress = sub(optimizations, UNCOMPRESS_NATIVE_LIBS)
    uncompress = set_field(set_field(uncompress, ENABLED, 1), ALIGNMENT, PAGE_ALIGNMENT_16K)
    return with_sub(config, OPTIMIZATIONS, with_sub(optimizations, UNCOMPRESS_NATIVE_LIBS, uncompress))


def native_libs(config):
    uncompress = sub(sub(config, OPTIMIZATIONS), UNCOMPRESS_NATIVE_LIBS)
    enabled = next((v for n, w, v in uncompress if n == ENABLED), 0)
    alignment = next((v for n, w, v in uncompress if n == ALIGNMENT), 0)
    return bool(enabled), alignment


def align16k(aab):
    with zipfile.ZipFile(aab) as z:
        entries = [(i, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(aab, "w") as z:
        for info, data in entries:
            if info.filename == "BundleConfig.pb":
                data = encode(aligned_16k(fields(data)))
            z.writestr(info, data)


def config(aab):
    with zipfile.ZipFile(aab) as z:
        enabled, alignment = native_libs(fields(z.read("BundleConfig.pb")))
    print(f"bundle config: native libraries uncompressed: {enabled}, page alignment: "
          f"{PAGE_ALIGNMENT.get(alignment, alignment)}")
    if not enabled or alignment != PAGE_ALIGNMENT_16K:
        sys.exit("FAILED: the bundle does not ask for uncompressed native libraries on 16 KB pages")


def selftest():
    # What bundletool 1.9 writes for {"optimizations": {"uncompressNativeLibraries":
    # {"enabled": true}}} next to its version, and the same asked on 16 KB pages.
    version = (1, 2, encode([(1, 2, b"1.9.0")]))
    plain = [version, (2, 2, encode([(2, 2, encode([(1, 0, 1)]))]))]
    assert native_libs(plain) == (True, 0)
    patched = fields(encode(aligned_16k(plain)))
    assert native_libs(patched) == (True, 2), native_libs(patched)
    assert patched[0] == version, "the rest of the config is kept"
    assert native_libs(fields(encode(aligned_16k(patched)))) == (True, 2), "idempotent"
    assert native_libs([version]) == (False, 0)
    print("bundle.py selftest: passed")


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    {"module": module, "align16k": align16k, "config": config, "selftest": selftest}[cmd](*args)
