#!/usr/bin/env python3
"""The app's manifest for aapt2, and the attributes Debian's framework table cannot name.

Debian's android-framework-res is API 29: aapt2 cannot resolve an attribute added later, such
as `android:enableOnBackInvokedCallback` (API 33), and refuses the manifest. The manifest
(android/app/src/main/AndroidManifest.xml, the one Gradle builds with compileSdk 36) keeps
such attributes; this tool takes them out before aapt2 links and writes them back into the
linked proto manifest with their resource ids, which is all a compiled manifest holds of an
attribute (aapt2 `convert` then writes them into the binary manifest, and bundletool into the
bundle's).

    manifest.py prepare SRC.xml OUT.xml KEY=VALUE...   placeholders and package filled in;
                                                       newer attributes moved to OUT.xml.later
    manifest.py restore PROTO.apk OUT.xml.later        writes them into the proto manifest
    manifest.py selftest                               the protobuf round trip and the patch

Only boolean attributes are needed so far; another kind fails loudly.
"""

import json
import re
import sys
import zipfile

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from proto import encode, fields  # noqa: E402

ANDROID_NS = "http://schemas.android.com/apk/res/android"

# Attributes newer than API 29 that the app's manifest uses: the resource id (android.R.attr,
# fixed by the platform) and the API level that added it.
NEWER_ATTRIBUTES = {
    "enableOnBackInvokedCallback": (0x0101068A, 33),
}


# XmlNode: 1 element; XmlElement: 3 name, 4 attribute, 5 child (XmlNode);
# XmlAttribute: 1 namespace_uri, 2 name, 3 value, 5 resource_id, 6 compiled_item;
# Item: 7 prim; Primitive: 8 boolean_value.
def string(message, number):
    return next((v.decode() for n, w, v in message if n == number and w == 2), None)


def boolean_attribute(name, resource_id, value):
    primitive = [(8, 0, 1 if value else 0)]
    item = [(7, 2, encode(primitive))]
    attribute = [
        (1, 2, ANDROID_NS.encode()),
        (2, 2, name.encode()),
        (3, 2, ("true" if value else "false").encode()),
        (5, 0, resource_id),
        (6, 2, encode(item)),
    ]
    return encode(attribute)


def patch_element(element, path, later):
    """Adds the attributes `later` names for this element's path, sorted by resource id."""
    name = string(element, 3)
    here = f"{path}/{name}"
    out = []
    for number, wire, value in element:
        if number == 5 and wire == 2:
            node = fields(value)
            node = [
                (n, w, encode(patch_element(fields(v), here, later)) if n == 1 else v)
                for n, w, v in node
            ]
            value = encode(node)
        out.append((number, wire, value))
    adds = [a for a in later if a["path"] == here]
    if not adds:
        return out
    attrs = [(i, f) for i, f in enumerate(out) if f[0] == 4]
    names = [string(fields(v), 2) for _, (_, _, v) in attrs]
    for a in adds:
        if a["name"] in names:
            raise SystemExit(f"manifest.py: {here} has {a['name']} already")
        if a["kind"] != "bool":
            raise SystemExit(f"manifest.py: {a['name']} is not a boolean; teach restore its kind")
        names.append(a["name"])
    new = [(4, 2, boolean_attribute(a["name"], a["id"], a["value"])) for a in adds]

    def rid(f):
        return next((v for n, w, v in fields(f[2]) if n == 5), 0)

    # Attributes stay sorted by resource id, as aapt2 writes them.
    merged = sorted([f for _, f in attrs] + new, key=rid)
    first = attrs[0][0] if attrs else len(out)
    rest = [f for f in out if f[0] != 4]
    return rest[:first] + merged + rest[first:]


# --- the two steps ---


def prepare(src, out, pairs):
    text = open(src, encoding="utf-8").read()
    subst = dict(p.split("=", 1) for p in pairs)
    for key, value in subst.items():
        text = text.replace("${" + key + "}", value)
    if "${" in text:
        raise SystemExit(f"manifest.py: a placeholder is left: {re.search(r'[$][{][^}]*}', text).group()}")
    later = []
    # The element path of each newer attribute (manifest/application/activity...).
    stack = []
    for m in re.finditer(r"<(/?)([\w.:-]+)((?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>", text):
        closing, tag, attrs, empty = m.groups()
        if tag.startswith("?") or tag.startswith("!"):
            continue
        if closing:
            stack.pop()
            continue
        stack.append(tag)
        for name, (rid, api) in NEWER_ATTRIBUTES.items():
            a = re.search(rf'\sandroid:{name}="([^"]*)"', attrs)
            if a:
                if a.group(1) not in ("true", "false"):
                    raise SystemExit(f"manifest.py: android:{name}={a.group(1)!r} is not a boolean")
                later.append(
                    {"path": "/" + "/".join(stack), "name": name, "id": rid, "api": api, "kind": "bool", "value": a.group(1) == "true"}
                )
        if empty:
            stack.pop()
    for name in NEWER_ATTRIBUTES:
        text = re.sub(rf'\s+android:{name}="[^"]*"', "", text)
    open(out, "w", encoding="utf-8").write(text)
    json.dump(later, open(out + ".later", "w"), indent=1)
    for a in later:
        print(f"manifest: {a['path']} android:{a['name']}={str(a['value']).lower()} "
              f"(API {a['api']}, id 0x{a['id']:08x}) is written after linking")


def restore(apk, later_file):
    later = json.load(open(later_file))
    with zipfile.ZipFile(apk) as z:
        infos = [(i, z.read(i.filename)) for i in z.infolist()]
    out = []
    for info, data in infos:
        if info.filename == "AndroidManifest.xml":
            node = fields(data)
            node = [(n, w, encode(patch_element(fields(v), "", later)) if n == 1 else v) for n, w, v in node]
            data = encode(node)
        out.append((info, data))
    with zipfile.ZipFile(apk, "w") as z:
        for info, data in out:
            z.writestr(info, data)


def selftest():
    # A round trip keeps every byte, and the patch lands on the right element, sorted.
    has_code = encode([(1, 2, ANDROID_NS.encode()), (2, 2, b"hasCode"), (3, 2, b"false"), (5, 0, 0x0101000C)])
    theme = encode([(1, 2, ANDROID_NS.encode()), (2, 2, b"theme"), (5, 0, 0x01010000)])
    app = [(3, 2, b"application"), (4, 2, theme), (4, 2, has_code)]
    root = [(3, 2, b"manifest"), (5, 2, encode([(1, 2, encode(app))]))]
    assert fields(encode(root)) == root
    later = [{"path": "/manifest/application", "name": "enableOnBackInvokedCallback", "id": 0x0101068A, "kind": "bool", "value": False}]
    patched = patch_element(root, "", later)
    app2 = fields(fields(patched[1][2])[0][2])
    names = [string(fields(v), 2) for n, w, v in app2 if n == 4]
    assert names == ["theme", "hasCode", "enableOnBackInvokedCallback"], names
    try:
        patch_element(fields(encode(root)), "", later + later)
    except SystemExit:
        pass
    else:
        raise AssertionError("a second copy of an attribute was accepted")
    print("manifest.py selftest: passed")


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "prepare":
        prepare(args[0], args[1], args[2:])
    elif cmd == "restore":
        restore(*args)
    elif cmd == "selftest":
        selftest()
    else:
        sys.exit(__doc__)
