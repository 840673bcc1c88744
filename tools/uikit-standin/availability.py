#!/usr/bin/env python3
"""Rewrites iOS availability into custom availability domains, so that a Linux compiler checks it.

On Linux `@available(iOS 15.0, *)` is ignored and `#available(iOS 15.0, *)` is always true, so
a call to an iOS 15 API outside a check would compile. This script copies Swift files,
rewriting for a deployment minimum MIN (the iOS version Package.swift declares):
  - `@available(iOS V…, …)` with V > MIN  ->  `@available(iOS_V)` (plus every version between
    MIN and V on a declaration of the checked sources, as an `@available(iOS 17, *)` function
    may use iOS 16.x APIs when MIN is 15);
  - `@available(iOS V…, …)` with V <= MIN ->  removed (always available);
  - `#available(iOS V…, …)` with V > MIN  ->  `#available(iOS_{MIN+1}), …, #available(iOS_V)`;
  - `#available(iOS V…, …)` with V <= MIN ->  `true`.
Each version above MIN becomes a dynamic domain (`-define-dynamic-availability-domain`), so the
compiler rejects a use of an API of iOS V outside a check for V or later, as Xcode would.
Only the iOS platform is simulated (not tvOS, visionOS or Mac Catalyst).

Custom domains do not survive a module's serialization, so the rewritten files (the stand-in
and the checked sources) are type-checked as one module: `import UIKit` and `import
TableFlowUIKit` lines are dropped and `canImport(UIKit)` becomes `true`.

Usage: availability.py MIN OUT_DIR FILE...   Prints the domains to define, one a line.
"""
import os
import re
import sys

ATTRIBUTE = re.compile(r"@available\(\s*iOS\s+(\d+)(?:\.\d+)*\s*(?:,[^)]*)?\)")
CHECK = re.compile(r"#available\(\s*iOS\s+(\d+)(?:\.\d+)*\s*(?:,[^)]*)?\)")
OTHER_PLATFORM = re.compile(r"#available\(\s*\*\s*\)")


def main():
    minimum = int(sys.argv[1])
    out = sys.argv[2]
    domains = set()

    def versions(upto):
        return list(range(minimum + 1, upto + 1))

    def attribute(match):
        version = int(match.group(1))
        if version <= minimum:
            return ""
        domains.update(versions(version))
        return " ".join(f"@available(iOS_{v})" for v in versions(version))

    def check(match):
        version = int(match.group(1))
        if version <= minimum:
            return "true"
        domains.update(versions(version))
        return ", ".join(f"#available(iOS_{v})" for v in versions(version))

    for path in sys.argv[3:]:
        with open(path, encoding="utf-8") as file:
            text = file.read()
        text = ATTRIBUTE.sub(attribute, text)
        text = CHECK.sub(check, text)
        text = re.sub(r"(?m)^(@_exported )?import (UIKit|TableFlowUIKit)$", "", text)
        text = text.replace("canImport(UIKit)", "true")
        target = os.path.join(out, path.lstrip("./").replace("/", "__"))
        with open(target, "w", encoding="utf-8") as file:
            file.write(text)
    for version in sorted(domains):
        print(f"iOS_{version}")


if __name__ == "__main__":
    main()
