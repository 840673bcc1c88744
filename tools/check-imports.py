#!/usr/bin/env python3
"""Fails when a target imports another target of the package without declaring it.

SwiftPM's `--explicit-target-dependency-import-check error` only catches imports of targets
outside a target's transitive dependencies; this check is stricter: every target of the package
that a target's sources import must be one of its *direct* dependencies, so the manifest says
what each module uses (DESIGN.md: "every module declares what it imports").

Usage: tools/check-imports.py [PACKAGE_DIR]   (default: the current folder)
Prints one line per undeclared import, then exits 1; exits 0 when every import is declared.
"""
import json
import os
import re
import subprocess
import sys

IMPORT = re.compile(r"^\s*(?:@testable\s+|@_exported\s+|public\s+|internal\s+|package\s+)*import\s+([A-Za-z_][A-Za-z0-9_]*)", re.M)


def dependency_names(target):
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency and dependency[kind]:
                names.add(dependency[kind][0])
    return names


def target_folder(root, target):
    if target.get("path"):
        return os.path.join(root, target["path"])
    base = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(root, base, target["name"])


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    manifest = json.loads(
        subprocess.run(
            ["swift", "package", "--package-path", root, "dump-package"],
            check=True, capture_output=True, text=True).stdout)
    targets = {target["name"]: target for target in manifest["targets"]}
    problems = []
    for name, target in sorted(targets.items()):
        declared = dependency_names(target)
        folder = target_folder(root, target)
        excluded = {os.path.normpath(os.path.join(folder, path)) for path in target.get("exclude", [])}
        for directory, subfolders, files in os.walk(folder):
            subfolders[:] = sorted(s for s in subfolders if os.path.join(directory, s) not in excluded)
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(directory, file)
                with open(path, encoding="utf-8") as source:
                    for line_number, line in enumerate(source, 1):
                        match = IMPORT.match(line)
                        if not match:
                            continue
                        module = match.group(1)
                        if module in targets and module != name and module not in declared:
                            relative = os.path.relpath(path, root)
                            problems.append(
                                f"target {name} imports {module} without declaring it ({relative}:{line_number})")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
