#!/usr/bin/env python3
"""Tests of check_listing.py on a copy of the repository's App Store listing: as committed it
passes, and each fault the check is there for fails it with the file and the reason."""
import io
import json
import os
import shutil
import struct
import sys
import tempfile
import zlib
from contextlib import redirect_stdout

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "../..")
sys.path.insert(0, HERE)
import check_listing  # noqa: E402


def png(w, h, alpha=False):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6 if alpha else 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")


def run(change=None, args=()):
    with tempfile.TemporaryDirectory() as root:
        shutil.copytree(os.path.join(ROOT, "fastlane/metadata/ios"), os.path.join(root, "fastlane/metadata/ios"))
        shutil.copytree(os.path.join(ROOT, "fastlane/metadata/android"), os.path.join(root, "fastlane/metadata/android"),
                        ignore=shutil.ignore_patterns("images"))
        if change:
            change(root)
        out = io.StringIO()
        with redirect_stdout(out):
            code = check_listing.main(["check_listing.py", root, *args])
        return code, out.getvalue()


def write(path, text):
    def change(root):
        p = os.path.join(root, path)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb" if isinstance(text, bytes) else "w", **({} if isinstance(text, bytes) else {"encoding": "utf-8"})) as f:
            f.write(text)
    return change


def remove(path):
    return lambda root: os.remove(os.path.join(root, path))


def rating(key, value):
    def change(root):
        p = os.path.join(root, "fastlane/metadata/ios/app_rating_config.json")
        d = json.load(open(p))
        if value is KeyError:
            del d[key]
        else:
            d[key] = value
        json.dump(d, open(p, "w"))
    return change


M = "fastlane/metadata/ios/"
S = "fastlane/screenshots/ios/en-US/"
CASES = [
    ("over-long subtitle", write(M + "de-DE/subtitle.txt", "Türkische Dame und Alquerque!!!\n"),
     "de-DE/subtitle.txt: 31 characters, over the store's 30"),
    ("over-long name", write(M + "en-US/name.txt", "Dama & Zamma: Turkish draughts!\n"), "en-US/name.txt: 31 characters"),
    ("name other than Play's title", write(M + "fr-FR/name.txt", "Dames & Zamma\n"), "is not Play's title in fr-FR"),
    ("keywords over 100 bytes (Arabic: 2 bytes a letter)",
     write(M + "ar-SA/keywords.txt", "ضامة,دمة,فتايش,خربقة,لعبة لوحية,بدون إنترنت,استراتيجيةة\n"), "102 bytes, over the store's 100"),
    ("an empty keyword", write(M + "en-US/keywords.txt", "draughts,,offline\n"), "an empty keyword"),
    ("a keyword twice", write(M + "en-US/keywords.txt", "draughts,offline,Draughts\n"), "'draughts' is given twice"),
    ("a keyword from the name", write(M + "en-US/keywords.txt", "zamma,offline\n"), "'zamma' is in the name or subtitle"),
    ("promotional text over 170", write(M + "tr/promotional_text.txt", "a" * 171), "tr/promotional_text.txt: 171 characters"),
    ("description over 4000", write(M + "es-ES/description.txt", "a" * 4001), "es-ES/description.txt: 4001 characters"),
    ("markup in the description", write(M + "en-US/description.txt", "<b>Turkish Dama</b>\n"), "has markup"),
    ("release notes over 4000", write(M + "ar-SA/release_notes.txt", "ب" * 4001), "ar-SA/release_notes.txt: 4001"),
    ("an empty release note", write(M + "en-US/release_notes.txt", "\n"), "en-US/release_notes.txt: empty"),
    ("no privacy address", remove(M + "de-DE/privacy_url.txt"), "de-DE/privacy_url.txt: missing"),
    ("a plain-http support address", write(M + "en-US/support_url.txt", "http://example.org/help\n"), "is not an https address"),
    ("a seventh locale", write(M + "it/name.txt", "Dama & Zamma\n"), "ios/it: not one of the six locales"),
    ("an unknown sub-category", write(M + "primary_first_sub_category.txt", "GAMES_CHESS\n"), "is not a sub-category of GAMES"),
    ("an age-rating question unanswered", rating("gamblingSimulated", KeyError), "gamblingSimulated is not answered"),
    ("an age-rating answer the API refuses", rating("violenceRealistic", "SOME"), "violenceRealistic = 'SOME'"),
    ("an age-rating flag not a boolean", rating("lootBox", "NONE"), "lootBox = 'NONE', not true or false"),
    ("a screenshot of a size the store does not take", write(S + "1.png", png(1290, 2796)), "1290x2796 is not a size"),
    ("a screenshot with alpha", write(S + "1.png", png(1320, 2868, alpha=True)), "has an alpha channel"),
    ("iPhone screenshots without iPad ones", write(S + "1.png", png(1320, 2868)), "no iPad 13\" screenshots"),
]


def main():
    failures = 0
    code, out = run()
    if code != 0:
        print("FAIL: the committed listing does not pass:\n" + out)
        failures += 1
    else:
        print("ok: the committed listing passes")
    code, out = run(args=("--require-screenshots",))
    if code == 0 or "no iPhone 6.9\" screenshots" not in out:
        print("FAIL: --require-screenshots without screenshots passed\n" + out)
        failures += 1
    for name, change, reason in CASES:
        code, out = run(change)
        if code == 1 and reason in out:
            print(f"ok: {name}")
        else:
            print(f"FAIL: {name}: exit {code}, wanted {reason!r} in:\n{out}")
            failures += 1
    good = write(S + "1.png", png(1320, 2868))
    ipad = write(S + "2.png", png(2752, 2064))
    code, out = run(lambda root: (good(root), ipad(root)))
    if code != 0:
        print("FAIL: an iPhone and a landscape iPad screenshot do not pass:\n" + out)
        failures += 1
    else:
        print("ok: an iPhone 6.9\" and a landscape iPad 13\" screenshot pass")
    print(f"check_listing tests: {len(CASES) + 3 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
