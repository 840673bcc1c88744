#!/usr/bin/env python3
"""Fails when an async test has no `.timeLimit` trait, on itself or on its enclosing suite.

A hung async test would otherwise stall CI until the job is killed; with a time limit Swift
Testing fails that test and goes on. Usage: tools/check-test-traits.py [FOLDER...]
(default: Tests and Examples). Prints one line per test without a limit, then exits 1.
"""
import os
import re
import sys

TEST = re.compile(r"^\s*@Test\b")
SUITE = re.compile(r"^\s*@Suite\b")
TYPE = re.compile(r"^\s*(?:public\s+|internal\s+|private\s+|fileprivate\s+|final\s+)*(?:struct|class|actor|enum|extension)\s")


def declaration(lines, start):
    """The attribute text and the signature of the declaration that starts at `start`."""
    attribute = ""
    index = start
    while index < len(lines) and not re.search(r"\bfunc\s", lines[index]):
        attribute += lines[index]
        index += 1
    if index == len(lines):
        return attribute, "", index
    attribute += lines[index].split("func", 1)[0]
    signature = lines[index]
    while "{" not in signature and index + 1 < len(lines):
        index += 1
        signature += lines[index]
    return attribute, signature.split("{", 1)[0], index


DECLARED = re.compile(r"^\s*(?:public\s+|internal\s+|private\s+|fileprivate\s+|final\s+)*(?:struct|class|actor|enum)\s+([A-Za-z_][A-Za-z0-9_]*)")
EXTENDED = re.compile(r"^\s*(?:public\s+|internal\s+|private\s+|fileprivate\s+)*extension\s+([A-Za-z_][A-Za-z0-9_]*)")


def limited_suites(paths):
    """The names of suite types whose @Suite carries a .timeLimit (their extensions inherit it)."""
    names = set()
    for path in paths:
        with open(path, encoding="utf-8") as source:
            lines = source.read().split("\n")
        pending = None
        for number, line in enumerate(lines):
            if SUITE.match(line):
                text = line
                probe = number
                while ")" not in text and probe + 1 < len(lines):
                    probe += 1
                    text += lines[probe]
                pending = "timeLimit" in text
            else:
                declared = DECLARED.match(line)
                if declared:
                    if pending:
                        names.add(declared.group(1))
                    pending = None
    return names


def check(path, limited_names=frozenset()):
    with open(path, encoding="utf-8") as source:
        lines = source.read().split("\n")
    problems = []
    # The traits of the suites open at each point: a stack of (indent, has time limit).
    suites = []
    pending_suite = None
    for number, line in enumerate(lines):
        indent = len(line) - len(line.lstrip())
        while suites and line.strip() and indent <= suites[-1][0] and not line.strip().startswith("}"):
            suites.pop()
        if SUITE.match(line):
            text = line
            probe = number
            while ")" not in text and probe + 1 < len(lines):
                probe += 1
                text += lines[probe]
            pending_suite = "timeLimit" in text
        elif TYPE.match(line):
            extended = EXTENDED.match(line)
            inherited = bool(extended) and extended.group(1) in limited_names
            suites.append((indent, bool(pending_suite) or inherited))
            pending_suite = None
        elif TEST.match(line):
            attribute, signature, _ = declaration(lines, number)
            if re.search(r"\basync\b", signature) and "timeLimit" not in attribute:
                if not any(limited for _, limited in suites):
                    name = re.search(r"func\s+([A-Za-z_0-9]+)", signature)
                    problems.append(f"{path}:{number + 1}: async test {name.group(1) if name else '?'} has no .timeLimit")
    return problems


def main():
    folders = sys.argv[1:] or ["Tests", "Examples"]
    paths = []
    for folder in folders:
        for directory, subfolders, files in os.walk(folder):
            subfolders[:] = sorted(s for s in subfolders if not s.startswith("."))
            paths += [os.path.join(directory, file) for file in sorted(files) if file.endswith(".swift")]
    limited_names = limited_suites(paths)
    problems = []
    for path in paths:
        problems += check(path, limited_names)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
