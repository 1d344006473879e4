#!/usr/bin/env python3
"""The privacy manifest's required-reason APIs, found in the executable rather than guessed.

    privacy.py EXECUTABLE             prints the categories and the APIs that need them
    privacy.py EXECUTABLE --write F   writes the privacy manifest F (PrivacyInfo.xcprivacy)

Apple's list of required-reason APIs ("Describing use of required reason API",
https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api)
names C functions, Objective-C classes and selectors, and Foundation constants. A C function
or a constant the app uses is an import of its Mach-O (read with check_macho.read_macho); a
class or selector used through the Objective-C runtime (objc2's `class!`/`sel!`, or
objc_getClass/sel_registerName) is a NUL-terminated name in its strings. Each category found
gets the one approved reason that fits this app: everything it reads is its own files in its
container, and it sends nothing anywhere (docs/PRIVACY.md).
"""
import os
import plistlib
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_macho  # noqa: E402

P = "NSPrivacyAccessedAPICategory"
# category: (our reason, C functions and constants as imported, Objective-C names)
APIS = {
    # C617.1: timestamps, size or other metadata of files inside the app container.
    P + "FileTimestamp": ("C617.1", {
        "_stat", "_fstat", "_fstatat", "_lstat", "_getattrlist", "_getattrlistbulk",
        "_fgetattrlist", "_getattrlistat", "_NSFileCreationDate", "_NSFileModificationDate",
        "_NSURLContentModificationDateKey", "_NSURLCreationDateKey"},
        {"creationDate", "modificationDate", "fileModificationDate"}),
    # 35F9.1: time between events within the app, timers.
    P + "SystemBootTime": ("35F9.1", {"_mach_absolute_time"}, {"systemUptime"}),
    # E174.1: whether there is room to write the app's files.
    P + "DiskSpace": ("E174.1", {
        "_statfs", "_statvfs", "_fstatfs", "_fstatvfs", "_getattrlist", "_fgetattrlist",
        "_getattrlistat", "_NSFileSystemFreeSize", "_NSFileSystemSize",
        "_NSURLVolumeAvailableCapacityKey", "_NSURLVolumeAvailableCapacityForImportantUsageKey",
        "_NSURLVolumeAvailableCapacityForOpportunisticUsageKey", "_NSURLVolumeTotalCapacityKey"},
        {"systemFreeSize", "systemSize"}),
    # 54BD.1: the active keyboards, to show the right UI.
    P + "ActiveKeyboards": ("54BD.1", set(), {"activeInputModes"}),
    # CA92.1: the app's own settings, read only by the app. CFPreferences is the C face of
    # the same store, so it is counted too.
    P + "UserDefaults": ("CA92.1", {
        "_OBJC_CLASS_$_NSUserDefaults", "_CFPreferencesCopyAppValue", "_CFPreferencesSetAppValue",
        "_CFPreferencesCopyValue", "_CFPreferencesSetValue", "_CFPreferencesAppSynchronize"},
        {"NSUserDefaults"}),
}


def strings(data):
    """Every NUL-terminated run of name characters: the runtime's class and selector names."""
    return {m.group(1).decode() for m in re.finditer(rb"(?<=\0)([A-Za-z_][A-Za-z0-9_:]{2,80})\0", data)}


def derive(binary):
    """{category: (reason, sorted evidence)} for the required-reason APIs the executable uses."""
    errors = []
    m = check_macho.read_macho(binary, errors)
    if m is None:
        raise ValueError("; ".join(errors))
    imports = {name.split("$", 1)[0] if not name.startswith("_OBJC_") else name
               for name, _ in m["undefined"]}
    names = strings(open(binary, "rb").read())
    found = {}
    for category, (reason, symbols, objc) in APIS.items():
        evidence = sorted(imports & symbols) + sorted(objc & names)
        if evidence:
            found[category] = (reason, evidence)
    return found


def manifest(found):
    """The privacy manifest: no tracking, no data collected, the required-reason APIs found."""
    return {
        "NSPrivacyTracking": False,
        "NSPrivacyTrackingDomains": [],
        "NSPrivacyCollectedDataTypes": [],
        "NSPrivacyAccessedAPITypes": [
            {"NSPrivacyAccessedAPIType": c, "NSPrivacyAccessedAPITypeReasons": [r]}
            for c, (r, _) in sorted(found.items())
        ],
    }


def main(argv):
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--write"):
        print(__doc__)
        return 2
    found = derive(argv[1])
    for c, (r, evidence) in sorted(found.items()):
        print(f"{c} {r}: {', '.join(evidence)}")
    if len(argv) == 4:
        with open(argv[3], "wb") as f:
            plistlib.dump(manifest(found), f, sort_keys=True)
        print(f"wrote {argv[3]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
