#!/usr/bin/env python3
"""Checks that the API reads JSON members and query parameters, and writes answers' members,
through their enums.

Every member of a wire shape, request or answer, and every parameter of a query is a case of a
`WireMember` enum (docs/design.md "The API layer"): a read names it once, as a case
(`value[Member.duration]`, `pointer / Member.duration`, `query.first(Parameter.fps)`), so the
decoder cannot read a member its list of accepted members lacks, and a write names it the same
way (`w.key(Member.duration)`), so an answer's members are listed where a reader finds them and
a member an answer shares with a request is spelt once. The string forms stay for names that
are data (a layer's name, a key path, a property's or a value type's component names, a spring
API's parameters), which are never literals; so a string literal in one of those places is a
member or parameter spelt by hand, which this script refuses:

    value["name"]          a JSONValue member read            ->  value[Member.name]
    pointer / "name"       a JSON Pointer token                ->  pointer / Member.name
    parameter: "fps"       a query parameter's problem         ->  parameter: Parameter.fps
    query.first("x")       a query parameter read              ->  query.first(Parameter.x)
    .parameter("x", …)     a field error naming a parameter    ->  .parameter(Parameter.x, …)
    w.key("name")          an answer's member written          ->  w.key(Member.name)

Allowed: HTTP header fields (`headers["ETag"]`), path parameters of a route template
(`context.parameters["type"]`, and their field errors `type` and `function`), the whole query
(`query`) when it cannot be read at all. The Lottie model (`Lottie/`) and the Lottie export
are held to the same rule: each Lottie object's members are its `Member` enum's cases. Comments
and the text inside string literals are not looked at.
Prints each offence as `file:line: text` and exits 1; 0 when there is none. Run it from
anywhere: `python3 scripts/check-wire-names.py`.
"""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
# The folders that read bodies and queries, and write answers; HTTP/ and Compression/ read
# header fields and content codings, which are not wire shapes.
FOLDERS = ["Wire", "Lottie", "Tokens", "Routes", "Encoding", "Export", "Targets"]

PATTERNS = [
    re.compile(r'(?<!headers)(?<!parameters)(?<!fields)\[\s*"[A-Za-z]+"\s*\]'),
    re.compile(r'/\s*"[A-Za-z]+"'),
    re.compile(r'parameter:\s*"[A-Za-z]+"'),
    re.compile(r'query\.(?:first|values)\(\s*"'),
    re.compile(r'\.parameter\(\s*"(?!type"|function"|query")[A-Za-z]+"'),
]
# A JSONWriter key spelt as a literal: an answer's member written by hand.
KEY_LITERAL = re.compile(r'\.key\(\s*"')
# Arrays of strings that are data, not reads: the CSV header's first column, a preset layer's
# source path.
ALLOWED_LINES = [
    re.compile(r'var header = \["time"\]'),
    re.compile(r'layer\.source = \["view"\]'),
]


def code_lines(path):
    """(number, line) for each line of code; a whole-line comment is skipped, and a trailing
    `//` comment cut off when no string literal comes before it."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            if line.lstrip().startswith("//"):
                continue
            code, _, _ = line.partition("//")
            yield number, line if '"' in code else code


def swift_files():
    for folder in FOLDERS:
        for directory, _, files in sorted(os.walk(os.path.join(ROOT, "Sources", "TimingAPI", folder))):
            for name in sorted(files):
                if name.endswith(".swift"):
                    yield os.path.join(directory, name)


def main():
    offences = []
    for path in swift_files():
        patterns = PATTERNS + [KEY_LITERAL]
        for number, line in code_lines(path):
            if any(p.search(line) for p in ALLOWED_LINES):
                continue
            if any(p.search(line) for p in patterns):
                offences.append(f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()}")
    for offence in offences:
        print(offence)
    if offences:
        print(f"{len(offences)} member or parameter name(s) spelt as a string; use the enum")
        return 1
    print(
        "TimingAPI wire names: every member and parameter read, and every answer member "
        "written, through its enum")
    return 0


if __name__ == "__main__":
    sys.exit(main())
