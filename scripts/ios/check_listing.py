#!/usr/bin/env python3
"""Checks the App Store listing in fastlane/metadata/ios/ (fastlane deliver's layout) against
the store's limits, as scripts/android/check_listing.py does for Play's.

    check_listing.py [REPO_ROOT] [--require-screenshots]

* the six locales of the Play listing, under deliver's names (en-US, es-ES, de-DE, fr-FR, tr,
  ar-SA), each with a name (at most 30 characters, Play's title), a subtitle (at most 30), a
  description (at most 4,000, plain text: the store shows tags as typed), keywords (at most
  100 bytes, comma-separated, none empty or repeated, none already in the name or subtitle,
  which the store indexes anyway), a promotional text (at most 170), release notes (at most
  4,000) and https support and privacy URLs (marketing_url.txt optional);
* copyright, a primary category and its sub-categories that App Store Connect knows;
* the review notes (at most 4,000) and the age-rating answers deliver sends
  (app_rating_config.json): every question answered, with a value the API takes;
* screenshots under fastlane/screenshots/ios/<locale>/, when there are any (en-US's required
  with --require-screenshots; a language without any shows the primary language's): 1 to 10
  per device, iPhone 6.9" at 1320×2868 and iPad 13" at 2064×2752 (either orientation), both
  devices where a language has any, PNG without alpha or JPEG.
Fails with the file and the reason. Placeholders still to fill before an upload (the
repository's public address, App Review's contact) are printed as notes.
"""
import json
import os
import re
import struct
import sys

LOCALES = {"en-US": "en-US", "es-ES": "es-ES", "de-DE": "de-DE", "fr-FR": "fr-FR", "tr": "tr-TR", "ar-SA": "ar"}
LIMITS = {"name.txt": 30, "subtitle.txt": 30, "description.txt": 4000, "promotional_text.txt": 170,
          "release_notes.txt": 4000}
KEYWORD_BYTES = 100
RATINGS = {"alcoholTobaccoOrDrugUseOrReferences", "contests", "gamblingSimulated", "gunsOrOtherWeapons",
           "horrorOrFearThemes", "matureOrSuggestiveThemes", "medicalOrTreatmentInformation",
           "profanityOrCrudeHumor", "sexualContentGraphicAndNudity", "sexualContentOrNudity",
           "violenceCartoonOrFantasy", "violenceRealistic", "violenceRealisticProlongedGraphicOrSadistic"}
FLAGS = {"advertising", "ageAssurance", "gambling", "healthOrWellnessTopics", "lootBox", "messagingAndChat",
         "parentalControls", "unrestrictedWebAccess", "userGeneratedContent"}
RATING_VALUES = {"NONE", "INFREQUENT", "FREQUENT", "INFREQUENT_OR_MILD", "FREQUENT_OR_INTENSE"}
KIDS_BANDS = {None, "FIVE_AND_UNDER", "SIX_TO_EIGHT", "NINE_TO_ELEVEN"}
CATEGORIES = {"GAMES": {"GAMES_ACTION", "GAMES_ADVENTURE", "GAMES_BOARD", "GAMES_CARD", "GAMES_CASINO",
                        "GAMES_CASUAL", "GAMES_FAMILY", "GAMES_MUSIC", "GAMES_PUZZLE", "GAMES_RACING",
                        "GAMES_ROLE_PLAYING", "GAMES_SIMULATION", "GAMES_SPORTS", "GAMES_STRATEGY",
                        "GAMES_TRIVIA", "GAMES_WORD"},
              "EDUCATION": set(), "ENTERTAINMENT": set()}
# The sizes App Store Connect requires today: (width, height) portrait, and the device.
SHOT_SIZES = {(1320, 2868): "iPhone 6.9\"", (2064, 2752): "iPad 13\""}


def image_size(path):
    """(width, height, has alpha) of a PNG or JPEG."""
    data = open(path, "rb").read()
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        w, h = struct.unpack(">II", data[16:24])
        return w, h, data[25] in (4, 6)
    if data[:2] == b"\xff\xd8":
        i = 2
        while i < len(data) - 9:
            marker, length = data[i + 1], struct.unpack(">H", data[i + 2:i + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2):
                h, w = struct.unpack(">HH", data[i + 5:i + 9])
                return w, h, False
            i += 2 + length
    raise ValueError("not a PNG or JPEG")


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    require_shots = "--require-screenshots" in argv
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..")
    base = os.path.join(root, "fastlane/metadata/ios")
    faults, notes, placeholders = [], [], []

    def rel(p):
        return os.path.relpath(p, root)

    def read(path, limit=None, required=True):
        if not os.path.isfile(path):
            if required:
                faults.append(f"{rel(path)}: missing")
            return None
        t = open(path, encoding="utf-8").read().rstrip("\n")
        if not t.strip():
            faults.append(f"{rel(path)}: empty")
        if limit and len(t) > limit:
            faults.append(f"{rel(path)}: {len(t)} characters, over the store's {limit}")
        return t

    present = sorted(d for d in os.listdir(base) if os.path.isdir(os.path.join(base, d))
                     and d not in ("review_information",)) if os.path.isdir(base) else []
    for extra in sorted(set(present) - set(LOCALES)):
        faults.append(f"{rel(os.path.join(base, extra))}: not one of the six locales {sorted(LOCALES)}")
    for loc, play in LOCALES.items():
        d = os.path.join(base, loc)
        t = {f: read(os.path.join(d, f), limit) for f, limit in LIMITS.items()}
        title = os.path.join(root, "fastlane/metadata/android", play, "title.txt")
        if t["name.txt"] and os.path.isfile(title) and t["name.txt"] != open(title, encoding="utf-8").read().strip():
            faults.append(f"{rel(os.path.join(d, 'name.txt'))}: {t['name.txt']!r} is not Play's title in {play}")
        if t["description.txt"] and re.search(r"</?[a-zA-Z][^>]*>", t["description.txt"]):
            faults.append(f"{rel(os.path.join(d, 'description.txt'))}: has markup (the App Store shows it as typed)")
        k = read(os.path.join(d, "keywords.txt"))
        if k is not None:
            p = rel(os.path.join(d, "keywords.txt"))
            if len(k.encode("utf-8")) > KEYWORD_BYTES:
                faults.append(f"{p}: {len(k.encode('utf-8'))} bytes, over the store's {KEYWORD_BYTES}")
            words = [w.strip() for w in k.split(",")]
            if any(not w for w in words):
                faults.append(f"{p}: an empty keyword (two commas, or a comma at an end)")
            lower = [w.lower() for w in words]
            for w in sorted({w for w in lower if lower.count(w) > 1}):
                faults.append(f"{p}: {w!r} is given twice")
            indexed = " ".join(filter(None, [t["name.txt"], t["subtitle.txt"]])).lower()
            for w in words:
                if w and re.search(r"(?<!\w)" + re.escape(w.lower()) + r"(?!\w)", indexed):
                    faults.append(f"{p}: {w!r} is in the name or subtitle already (wasted bytes)")
        for f, required in (("support_url.txt", True), ("privacy_url.txt", True), ("marketing_url.txt", False)):
            u = read(os.path.join(d, f), required=required)
            if u is None:
                continue
            if not re.match(r"^https://[^\s/]+\.[^\s/]+/\S*$", u):
                faults.append(f"{rel(os.path.join(d, f))}: {u!r} is not an https address")
            elif "/OWNER/" in u:
                placeholders.append(f"{loc}/{f}")

    if placeholders:
        notes.append(f"{len(placeholders)} addresses name the repository's placeholder OWNER "
                     "(as android/fdroid/app.damazamma.yml does): fill in its public address before an upload")
    read(os.path.join(base, "copyright.txt"))
    primary = read(os.path.join(base, "primary_category.txt"))
    if primary and primary not in CATEGORIES:
        faults.append(f"fastlane/metadata/ios/primary_category.txt: {primary!r} is not an App Store category")
    for f in ("primary_first_sub_category.txt", "primary_second_sub_category.txt"):
        sub = read(os.path.join(base, f), required=False)
        if sub and sub not in CATEGORIES.get(primary, set()):
            faults.append(f"fastlane/metadata/ios/{f}: {sub!r} is not a sub-category of {primary}")
    read(os.path.join(base, "review_information/notes.txt"), 4000)
    contact = [f for f in ("first_name", "last_name", "phone_number", "email_address")
               if not os.path.isfile(os.path.join(base, f"review_information/{f}.txt"))]
    if contact:
        notes.append("fastlane/metadata/ios/review_information: App Review's contact ("
                     + ", ".join(contact) + ") to add before an upload (kept out of the repository)")

    rc = os.path.join(base, "app_rating_config.json")
    try:
        answers = json.load(open(rc, encoding="utf-8"))
        for k in sorted(RATINGS - set(answers)) + sorted(FLAGS - set(answers)):
            faults.append(f"{rel(rc)}: {k} is not answered (the API takes only a complete set)")
        for k, v in answers.items():
            if k in RATINGS and v not in RATING_VALUES:
                faults.append(f"{rel(rc)}: {k} = {v!r}, not one of {sorted(RATING_VALUES)}")
            elif k in FLAGS and not isinstance(v, bool):
                faults.append(f"{rel(rc)}: {k} = {v!r}, not true or false")
            elif k == "kidsAgeBand" and v not in KIDS_BANDS:
                faults.append(f"{rel(rc)}: kidsAgeBand = {v!r} is not an age band")
            elif k not in RATINGS | FLAGS | {"kidsAgeBand", "ageRatingOverrideV2", "koreaAgeRatingOverride"}:
                faults.append(f"{rel(rc)}: {k} is not an age-rating question")
    except (OSError, ValueError) as e:
        faults.append(f"{rel(rc)}: missing or not JSON ({e})")

    shots_dir = os.path.join(root, "fastlane/screenshots/ios")
    counted = {}
    for loc in LOCALES:
        d = os.path.join(shots_dir, loc)
        files = sorted(f for f in os.listdir(d) if f.lower().endswith((".png", ".jpg", ".jpeg"))) if os.path.isdir(d) else []
        per = {}
        for f in files:
            w, h, alpha = image_size(os.path.join(d, f))
            device = SHOT_SIZES.get((min(w, h), max(w, h)))
            if not device:
                faults.append(f"{rel(os.path.join(d, f))}: {w}x{h} is not a size the store requires "
                              "(1320x2868 iPhone 6.9\", 2064x2752 iPad 13\")")
                continue
            if alpha:
                faults.append(f"{rel(os.path.join(d, f))}: has an alpha channel (the store refuses it)")
            per[device] = per.get(device, 0) + 1
        for device, n in per.items():
            if n > 10:
                faults.append(f"{rel(d)}: {n} {device} screenshots, the store takes at most 10")
        # The primary language (en-US) must have both sets when they are required; another
        # language with none shows the primary's (App Store Connect's fallback).
        if files or (require_shots and loc == "en-US"):
            for device in SHOT_SIZES.values():
                if not per.get(device):
                    faults.append(f"{rel(d)}: no {device} screenshots")
        elif require_shots:
            notes.append(f"{rel(d)}: no screenshots of its own: the store shows en-US's")
        counted[loc] = per
    if not any(counted.values()) and not require_shots:
        notes.append("fastlane/screenshots/ios: no screenshots yet (iPhone 6.9\" and iPad 13\" are required to upload)")

    print(f"App Store listing: {len(LOCALES)} locales ({', '.join(LOCALES)})")
    for n in notes:
        print("note:", n)
    for f in faults:
        print("FAILED:", f)
    if faults:
        return 1
    print("App Store listing check: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
