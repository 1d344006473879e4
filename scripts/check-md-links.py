#!/usr/bin/env python3
"""Checks the cross-references of README.md, docs/*.md and third_party/README.md: every
relative Markdown link points to a file that exists and, when it names an anchor
(`file.md#anchor`, `#anchor`), to a heading of that file (GitHub's anchors: lower case,
punctuation dropped, spaces as hyphens, repeats numbered -1, -2, ...); every section named the
way these files name one, `` `docs/x.md`, "Heading" ``, is a heading of that file. Prints each
broken one; exits 1 if there is one."""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~)")
# `docs/performance.md`, "On a slow phone: instructions per frame" (the quote may wrap).
SECTION = re.compile(r"`([\w./-]+\.md)`,\s+\"([^\"]+)\"")


def headings(path: Path) -> list:
    out, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and (m := re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)):
            out.append(m.group(1))
    return out


def anchors(path: Path) -> set:
    seen, out, fenced = {}, set(), False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1))  # a link's text only
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def main() -> int:
    files = [ROOT / "README.md", ROOT / "third_party" / "README.md"]
    files += sorted((ROOT / "docs").glob("*.md"))
    broken = 0
    for md in files:
        fenced = False
        for no, line in enumerate(md.read_text(encoding="utf-8").splitlines(), 1):
            if FENCE.match(line):
                fenced = not fenced
            if fenced:
                continue
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):  # http:, https:, mailto:
                    continue
                file, _, anchor = target.partition("#")
                dest = (md.parent / file).resolve() if file else md
                where = f"{md.relative_to(ROOT)}:{no}: {target}"
                if not dest.exists():
                    print(f"{where}: no such file")
                    broken += 1
                elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                    print(f"{where}: no heading #{anchor} in {dest.relative_to(ROOT)}")
                    broken += 1
        text = md.read_text(encoding="utf-8")
        for m in SECTION.finditer(text):
            ref, section = m.group(1), " ".join(m.group(2).split())
            no = text.count("\n", 0, m.start()) + 1
            dest = next((d for d in (md.parent / ref, ROOT / ref) if d.exists()), None)
            if dest is None:
                print(f"{md.relative_to(ROOT)}:{no}: {ref}: no such file")
                broken += 1
            elif section not in headings(dest):
                print(f'{md.relative_to(ROOT)}:{no}: {ref}, "{section}": no such heading')
                broken += 1
    print(f"markdown links: {broken} broken in {len(files)} files")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
