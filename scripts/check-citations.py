#!/usr/bin/env python3
"""Citations that cannot drift: every `docs/x.md "Section"` and `x.md §n.m` in the code, the
tests, the scripts and the deployment files names a document in docs/ and a heading in it.

A quoted section matches a heading of that document whose text is the quote, or starts with it
(`"Lottie"` is the heading "Lottie export" too), or a bold lead-in (`**Section.**`) of a
paragraph, compared without case; `x.md §n.m` matches a heading numbered n.m (`### 3.5 Spring…`,
`## 7. Canvas presets`). A bare `§n.m` is left alone: the code cites RFCs that way (RFC 9110
§12.5.3).
Prints each citation that points at nothing with its file and line, and exits non-zero.

  python3 scripts/check-citations.py
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs")
SEARCHED = ["Sources", "Tests", "scripts", "deploy", ".ci", "Fuzz"]
SUFFIXES = (".swift", ".py", ".sh", ".yaml", ".yml", ".cfg", ".conf", ".html", ".js", "")

NAMED = re.compile(r'(?:docs/)?([a-z][a-z-]*)\.md,? "([^"\n]+)"')
NUMBERED = re.compile(r'(?:docs/)?([a-z][a-z-]*)\.md,? §\s?([0-9]+(?:\.[0-9]+)*)')


def headings(name):
    path = os.path.join(DOCS, name + ".md")
    if not os.path.exists(path):
        return None
    titles, numbers = [], set()
    for line in open(path, encoding="utf-8"):
        heading = re.match(r"#{1,6}\s+(.*?)\s*$", line)
        if heading:
            text = heading.group(1)
            titles.append(text.lower())
            number = re.match(r"([0-9]+(?:\.[0-9]+)*)\.?\s", text)
            if number:
                numbers.add(number.group(1))
        for lead in re.findall(r"\*\*([^*]+?)\.?\*\*", line):
            titles.append(lead.lower())
    return titles, numbers


def files():
    for top in SEARCHED:
        base = os.path.join(ROOT, top)
        if os.path.isfile(base):
            yield base
            continue
        for folder, dirs, names in os.walk(base):
            dirs[:] = [d for d in dirs if not d.startswith(".build")]
            for name in names:
                path = os.path.join(folder, name)
                if name.endswith(SUFFIXES) or "." not in name:
                    yield path


def main():
    cache = {}

    def doc(name):
        if name not in cache:
            cache[name] = headings(name)
        return cache[name]

    checked, broken = 0, []
    for path in sorted(set(files())):
        if os.path.abspath(path) == os.path.abspath(__file__):
            continue
        try:
            lines = open(path, encoding="utf-8").read().splitlines()
        except (UnicodeDecodeError, IsADirectoryError):
            continue
        where = os.path.relpath(path, ROOT)
        for number, line in enumerate(lines, 1):
            for name, section in NAMED.findall(line):
                found = doc(name)
                checked += 1
                wanted = section.lower()
                if found is None:
                    broken.append(f"{where}:{number}: docs/{name}.md does not exist")
                elif not any(t == wanted or t.startswith(wanted) for t in found[0]):
                    broken.append(f'{where}:{number}: docs/{name}.md has no section "{section}"')
            for name, section in NUMBERED.findall(line):
                found = doc(name)
                checked += 1
                if found is None:
                    broken.append(f"{where}:{number}: docs/{name}.md does not exist")
                elif section not in found[1]:
                    broken.append(f"{where}:{number}: docs/{name}.md has no §{section}")
    for line in broken:
        print(line)
    print(f"citations: {checked} checked, {len(broken)} point at nothing")
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
