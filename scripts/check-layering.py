#!/usr/bin/env python3
"""Checks that the folders of TimingEngine and of TimingAPI depend on each other in one
direction only.

Each module's folders form layers (docs/design.md); a folder may use what its own folder and
the layers before it declare, never what a later layer or a sibling in its own layer declares:

    TimingEngine: Text → Values → Timing → Animations | Springs → Work → Scene → Actions | Presets
                  → Plan
    TimingAPI:    JSON → Operations → Wire → Lottie | Tokens → HTTP → Compression → Encoding → Export → Targets → Routes
                  → .

In the engine, Text and Work are the base utilities: Text (number text) is used from Values
on, so it comes first; Work (the work budget and its costs) prices animations and timing
functions, so it comes after Animations and before everything that charges work. In the API,
"." is the module's top level, the assembly (the service, its command-line configuration, the
offline command), which may use every folder.

How it works, with the standard library only:
1. Each Swift file under the module's folder in Sources/ is lexed: comments are dropped and so is the text
   of string literals, but the code inside an interpolation `\\(...)` is kept, since it is code.
2. Each folder's declarations are collected: top-level types, protocols, typealiases, functions
   and constants (column 0, after attributes and modifiers), and the members declared directly
   in a top-level `extension` block (which belong to the extension's folder, not the type's).
3. Every identifier in a file that names a type or top-level function of a forbidden folder is
   a violation. An extension member is a violation only when used as a member (`.name`) and its
   name is declared nowhere else in the module: a member name shared with other declarations
   (`write`, `apply`, `evaluate`, …) cannot be told apart without type checking, so it is
   skipped.
4. Violations are printed as `file:line: name (declared in Folder, later than / beside Folder)`
   and the exit status is 1; a clean tree prints a one-line summary and exits 0. A Swift file in
   a folder the order does not know also fails, so a new folder must be placed in the order.

Limits: it is a textual check, not the compiler's. It does not see nested types used without
their outer name (inside an extension of the outer type), members inherited or reached through
type inference, or names with the same spelling declared in two folders (types with the same
name in two folders would not compile anyway). Local variables that shadow a type name would be
false positives; the modules have none. Run it from anywhere: `python3 scripts/check-layering.py`.
"""

import os
import re
import sys

# Layers in dependency order, per module; folders in the same layer are siblings that may not
# use each other. "." is the module's own top level (files beside its folders).
MODULES = {
    "TimingEngine": [
        ["Text"],
        ["Values"],
        ["Timing"],
        ["Animations", "Springs"],
        ["Work"],
        ["Scene"],
        ["Actions", "Presets"],
        ["Plan"],
    ],
    "TimingAPI": [
        ["JSON"],
        ["Operations"],
        ["Wire"],
        ["Lottie", "Tokens"],
        ["HTTP"],
        ["Compression"],
        ["Encoding"],
        ["Export"],
        ["Targets"],
        ["Routes"],
        ["."],
    ],
}

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MODIFIERS = (
    r"(?:(?:@[A-Za-z_]+(?:\([^)]*\))?|public|internal|private|fileprivate|package|open|final"
    r"|static|class|indirect|nonisolated|mutating|nonmutating|override|convenience|required"
    r"|lazy|weak|unowned)\s+)*"
)
DECLARATION = re.compile(
    MODIFIERS + r"(struct|enum|class|protocol|actor|typealias|func|let|var|extension|case)\s+"
    r"(`?[A-Za-z_][A-Za-z0-9_]*`?)"
)


def strip(text):
    """The code of a Swift file with comments and string text blanked (newlines kept)."""
    out = []
    i = 0
    n = len(text)
    # Stack of contexts: "code" (with the paren depth of an interpolation) or "string".
    stack = [["code", 0]]
    while i < n:
        c = text[i]
        top = stack[-1]
        if top[0] == "code":
            if text.startswith("//", i):
                end = text.find("\n", i)
                i = n if end < 0 else end
                continue
            if text.startswith("/*", i):
                depth = 0
                while i < n:
                    if text.startswith("/*", i):
                        depth += 1
                        i += 2
                    elif text.startswith("*/", i):
                        depth -= 1
                        i += 2
                        if depth == 0:
                            break
                    else:
                        out.append("\n" if text[i] == "\n" else " ")
                        i += 1
                continue
            if c == '"':
                delimiter = '"""' if text.startswith('"""', i) else '"'
                stack.append(["string", delimiter])
                out.append(" " * len(delimiter))
                i += len(delimiter)
                continue
            if c == "(" and len(stack) > 1:
                top[1] += 1
            elif c == ")" and len(stack) > 1:
                if top[1] == 0:
                    stack.pop()  # the end of an interpolation: back in its string
                    out.append(" ")
                    i += 1
                    continue
                top[1] -= 1
            out.append(c)
            i += 1
        else:
            delimiter = top[1]
            if c == "\\" and i + 1 < n:
                if text[i + 1] == "(":
                    stack.append(["code", 0])
                    out.append("  ")
                    i += 2
                    continue
                out.append("  ")
                i += 2
                continue
            if text.startswith(delimiter, i):
                stack.pop()
                out.append(" " * len(delimiter))
                i += len(delimiter)
                continue
            out.append("\n" if c == "\n" else " ")
            i += 1
    return "".join(out)


def swift_files(module_root):
    for directory, _, files in sorted(os.walk(module_root)):
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                parts = os.path.relpath(path, module_root).split(os.sep)
                yield path, parts[0] if len(parts) > 1 else "."


def declarations(code):
    """(top-level names, extension member names) a file declares."""
    top, members = set(), set()
    depth = 0
    in_extension = False
    for line in code.split("\n"):
        stripped = line.strip()
        match = DECLARATION.match(stripped)
        if match and depth == 0:
            kind, name = match.group(1), match.group(2).strip("`")
            if kind == "extension":
                in_extension = True
            elif kind != "case":
                top.add(name)
                in_extension = False
        elif match and depth == 1 and in_extension and match.group(1) != "extension":
            members.add(match.group(2).strip("`"))
        depth += line.count("{") - line.count("}")
    return top, members


def check(module, order):
    """Prints the module's violations; returns how many there are."""
    level_of = {folder: level for level, folders in enumerate(order) for folder in folders}
    files = []
    unknown = []
    for path, folder in swift_files(os.path.join(ROOT, "Sources", module)):
        if folder not in level_of:
            unknown.append(path)
            continue
        with open(path, encoding="utf-8") as f:
            files.append((path, folder, strip(f.read())))

    declared = {}  # top-level name -> folder
    member_folders = {}  # extension member name -> folders
    every_member = {}  # any declaration at any depth -> count, to find ambiguous member names
    for path, folder, code in files:
        top, members = declarations(code)
        for name in top:
            declared[name] = folder
        for name in members:
            member_folders.setdefault(name, set()).add(folder)
        for match in DECLARATION.finditer(code):
            name = match.group(2).strip("`")
            every_member[name] = every_member.get(name, 0) + 1
    unique_members = {
        name: folders.pop()
        for name, folders in member_folders.items()
        if len(folders) == 1 and every_member.get(name, 0) == 1 and name not in declared
    }

    violations = []
    for path, folder, code in files:
        level = level_of[folder]
        for number, line in enumerate(code.split("\n"), start=1):
            for match in IDENT.finditer(line):
                name = match.group(0)
                before = line[: match.start()].rstrip()
                if name in declared:
                    owner = declared[name]
                elif before.endswith(".") and name in unique_members:
                    owner = unique_members[name]
                else:
                    continue
                if owner == folder:
                    continue
                if level_of[owner] > level:
                    relation = "later than"
                elif level_of[owner] == level:
                    relation = "beside"
                else:
                    continue
                rel = os.path.relpath(path, ROOT)
                violations.append(
                    f"{rel}:{number}: {name} (declared in {owner}, {relation} {folder})"
                )

    for path in unknown:
        print(f"{os.path.relpath(path, ROOT)}: folder not in the layer order of {__file__}")
    for violation in violations:
        print(violation)
    text = " → ".join(" | ".join(folders) for folders in order)
    if violations or unknown:
        print(f"{module}: {len(violations) + len(unknown)} layering violation(s); the order is {text}")
        return len(violations) + len(unknown)
    print(f"{module} layering: {len(files)} files, no violations ({text})")
    return 0


def main():
    failed = sum(check(module, order) for module, order in MODULES.items())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
