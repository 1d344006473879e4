#!/usr/bin/env python3
"""Compares the frames the bionic run drew with the desktop's, pixel for pixel.

    compare_frames.py BIONIC_DIR DESKTOP_DIR NAME...

Both sides write their frames with the library's own PNG writer (8-bit RGB, filter 0), so
reading them needs only zlib. Every pixel must be equal: the same code, the same fonts and
integer pixel arithmetic draw the same picture on any CPU and C library; a difference is a
fault to look into (the diff image `<name>.diff.png` in BIONIC_DIR marks where).
"""

import os
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    i, idat, w, h = 8, b"", 0, 0
    while i < len(data):
        n, kind = struct.unpack(">I4s", data[i : i + 8])
        body = data[i + 8 : i + 8 + n]
        if kind == b"IHDR":
            w, h, depth, colour = struct.unpack(">IIBB", body[:10])
            if (depth, colour) != (8, 2):
                raise SystemExit(f"{path}: not 8-bit RGB")
        elif kind == b"IDAT":
            idat += body
        i += 12 + n
    raw = zlib.decompress(idat)
    stride = 1 + 3 * w
    if len(raw) != stride * h or any(raw[r * stride] for r in range(h)):
        raise SystemExit(f"{path}: not the writer's layout (filter 0 rows)")
    return w, h, b"".join(raw[r * stride + 1 : (r + 1) * stride] for r in range(h))


def write_png(path, w, h, rgb):
    rows = b"".join(b"\0" + rgb[r * 3 * w : (r + 1) * 3 * w] for r in range(h))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    open(path, "wb").write(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


def compare(a_path, b_path, diff_path):
    wa, ha, a = read_png(a_path)
    wb, hb, b = read_png(b_path)
    if (wa, ha) != (wb, hb):
        return f"sizes differ: {wa}x{ha} and {wb}x{hb}", 1
    differing, worst = 0, 0
    marks = bytearray(a)
    for p in range(0, len(a), 3):
        if a[p : p + 3] != b[p : p + 3]:
            differing += 1
            worst = max(worst, *(abs(a[p + k] - b[p + k]) for k in range(3)))
            marks[p : p + 3] = b"\xff\x00\xff"
    if differing:
        write_png(diff_path, wa, ha, bytes(marks))
    return f"{wa}x{ha}: {differing} pixels differ (largest channel difference {worst})", differing


def main():
    bionic, desktop, names = sys.argv[1], sys.argv[2], sys.argv[3:]
    failed = 0
    for name in names:
        text, bad = compare(os.path.join(bionic, name + ".png"), os.path.join(desktop, name + ".png"),
                            os.path.join(bionic, name + ".diff.png"))
        print(f"frame {name}: {text}")
        failed += bool(bad)
    if failed:
        sys.exit(f"FAILED: {failed} frame(s) differ from the desktop's")
    print("frames: the bionic run drew every frame as the desktop does")


if __name__ == "__main__":
    main()
