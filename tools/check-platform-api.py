#!/usr/bin/env python3
"""Fails when a library target uses an API newer than the minimum platforms Package.swift declares.

Linux builds cannot see Apple availability: `@available(macOS 15, iOS 18, ...)` in the
standard library means nothing to a Linux compiler, so `Mutex` compiles here and breaks an
iOS 16 app. This check reads the `platforms:` of Package.swift and fails on any use, in
Sources/, of an API in the list below that needs more, unless the use sits inside an
`@available(...)` declaration, an `if #available(...)` block, or after a
`guard #available(...) else {...}` that covers every platform it needs. Comments and string
literals are ignored. A line ending in `// platform-api: allowed (REASON)` is accepted, with
its reason in the code for a reviewer.

It also checks two things the list cannot express:
- `#if canImport(UIKit)` must exclude watchOS (watchOS has a UIKit without table or
  collection views), i.e. read `#if canImport(UIKit) && !os(watchOS)`;
- a typed-throws *function type* stored or wrapped (`var f: () throws(E) -> T`,
  `(() throws(E) -> T)?`, `typealias`, in `[...]` or `<...>`) needs the Swift 6.0 runtime
  (iOS 18): its metadata does not exist before. Typed throws on a declaration, or on a
  closure parameter passed straight on, is compile-time only and fine.

The list is curated: what a Swift 6.2 toolchain offers that the minimum does not. Each entry
says where its availability was verified; entries with a `probe` are re-verified by
`--self-test` against the toolchain's own `.swiftinterface` files, which carry Apple's
availability even on Linux.

Usage: check-platform-api.py [--self-test] [ROOT]     (ROOT defaults to the package root)
"""

import glob
import os
import re
import subprocess
import sys
import tempfile

PLATFORMS = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]


def availability(ios, macos, tvos, watchos, visionos):
    return {"iOS": ios, "macOS": macos, "tvOS": tvos, "watchOS": watchos, "visionOS": visionos}


SWIFT_5_9 = availability((17, 0), (14, 0), (17, 0), (10, 0), (1, 0))  # Swift 5.9 runtime
SWIFT_6_0 = availability((18, 0), (15, 0), (18, 0), (11, 0), (2, 0))  # Swift 6.0 runtime
SWIFT_6_0_4 = availability((18, 4), (15, 4), (18, 4), (11, 4), (2, 4))
SWIFT_6_2 = availability((26, 0), (26, 0), (26, 0), (26, 0), (26, 0))  # Swift 6.2 runtime
UIKIT_17 = {"iOS": (17, 0), "tvOS": (17, 0)}
UIKIT_18 = {"iOS": (18, 0), "tvOS": (18, 0)}

INTERFACE = "toolchain's {module}.swiftinterface"
APPLE_DOCS = "developer.apple.com documentation"

# name, regex over code (comments and strings blanked), availability, what to use instead,
# where the availability was verified, an example use the self-test plants, and optionally
# a probe (module, regex of the declaration in that module's .swiftinterface).
APIS = [
    ("import Synchronization", r"^\s*import\s+Synchronization\b", SWIFT_6_0,
     "use the package's pthread-based Locked (TableFlow/Support/Locked.swift)",
     INTERFACE.format(module="Synchronization"), "import Synchronization",
     ("Synchronization", r"public struct Mutex<")),
    ("Mutex", r"\bMutex\s*[<(]", SWIFT_6_0, "use Locked",
     INTERFACE.format(module="Synchronization"), "let lock = Mutex(0)",
     ("Synchronization", r"public struct Mutex<")),
    ("Atomic", r"\bAtomic\s*[<(]", SWIFT_6_0, "use Locked",
     INTERFACE.format(module="Synchronization"), "let count = Atomic<Int>(0)",
     ("Synchronization", r"public struct Atomic<")),
    ("AtomicLazyReference", r"\bAtomicLazyReference\b", SWIFT_6_0, "use Locked",
     INTERFACE.format(module="Synchronization"), "let ref = AtomicLazyReference<Box>()",
     ("Synchronization", r"public struct AtomicLazyReference<")),
    ("import Observation", r"^\s*import\s+Observation\b", SWIFT_5_9,
     "publish changes on the bus or an AsyncSequence", INTERFACE.format(module="Observation"),
     "import Observation", ("Observation", r"func withObservationTracking")),
    ("@Observable", r"@Observable\b", SWIFT_5_9, "publish changes on the bus or an AsyncSequence",
     INTERFACE.format(module="Observation"), "@Observable final class Model {}",
     ("Observation", r"macro Observable\(")),
    ("withObservationTracking", r"\bwithObservationTracking\b", SWIFT_5_9, "",
     INTERFACE.format(module="Observation"), "withObservationTracking { model.value } onChange: {}",
     ("Observation", r"func withObservationTracking")),
    ("Observations", r"\bObservations\s*[<({]", SWIFT_6_2, "",
     INTERFACE.format(module="Observation"), "let values = Observations { model.value }",
     ("Observation", r"public struct Observations<")),
    ("withDiscardingTaskGroup", r"\bwith(Throwing)?DiscardingTaskGroup\b", SWIFT_5_9,
     "use withTaskGroup and drain it with `for await _ in group {}`",
     INTERFACE.format(module="_Concurrency"), "await withDiscardingTaskGroup { group in }",
     ("_Concurrency", r"func withDiscardingTaskGroup")),
    ("DiscardingTaskGroup", r"\b(Throwing)?DiscardingTaskGroup\b", SWIFT_5_9, "use TaskGroup",
     INTERFACE.format(module="_Concurrency"), "func drain(_ group: inout DiscardingTaskGroup) {}",
     ("_Concurrency", r"public struct DiscardingTaskGroup")),
    ("String(validating:as:)", r"\bString\s*\(\s*validating\s*:", SWIFT_6_0,
     "decode with String(decoding:as:) and compare the bytes (FixtureKit's ValidatedUTF8)",
     INTERFACE.format(module="Swift") + "; " + APPLE_DOCS,
     "let text = String(validating: bytes, as: UTF8.self)",
     ("Swift", r"init\?<Encoding>\(validating codeUnits: some (Swift\.)?Sequence<Encoding\.CodeUnit>")),
    ("Int128/UInt128", r"\bU?Int128\b", SWIFT_6_0, "use two 64-bit halves or Double",
     INTERFACE.format(module="Swift"), "let big: Int128 = 1", ("Swift", r"public struct Int128")),
    ("Duration.attoseconds", r"(?<!components)\.attoseconds\b|\bDuration\s*\(\s*attoseconds\s*:", SWIFT_6_0,
     "use Duration.components", INTERFACE.format(module="Swift"), "let a = d.attoseconds  // not d.components.attoseconds",
     ("Swift", r"public var attoseconds: Swift\.Int128")),
    ("RangeSet", r"\bRangeSet\b|\.indices\s*\(\s*where\s*:|\b(remove|move)Subranges\s*\(", SWIFT_6_0,
     "use indices.filter", INTERFACE.format(module="Swift"), "let odd = rows.indices(where: isOdd)",
     ("Swift", r"public struct RangeSet<")),
    ("task executors", r"\bTaskExecutor\b|\bwithTaskExecutorPreference\b|\bexecutorPreference\s*:"
     r"|\bglobalConcurrentExecutor\b", SWIFT_6_0, "use actors",
     INTERFACE.format(module="_Concurrency"), "await withTaskExecutorPreference(nil) {}",
     ("_Concurrency", r"public protocol TaskExecutor")),
    ("AsyncIteratorProtocol.next(isolation:)", r"\.next\s*\(\s*isolation\s*:", SWIFT_6_0,
     "call next() (for-await picks the right one)", INTERFACE.format(module="_Concurrency"),
     "let event = await iterator.next(isolation: #isolation)", None),
    ("SerialExecutor.checkIsolated", r"\bfunc\s+checkIsolated\s*\(", SWIFT_6_0, "",
     INTERFACE.format(module="_Concurrency"), "func checkIsolated() {}",
     ("_Concurrency", r"func checkIsolated\(\)")),
    ("isolated deinit", r"\bisolated\s+deinit\b", SWIFT_6_0_4,
     "a @MainActor class's isolated deinit back-deploys: mark the line allowed with that reason",
     "swiftlang/swift test/Concurrency/nonisolated_deinit.swift", "isolated deinit {}", None),
    ("Task.immediate", r"\bTask\s*\.\s*immediate\b|\baddImmediateTask(UnlessCancelled)?\s*\(", SWIFT_6_2,
     "use Task { } (it starts on the caller's actor when that is the main actor)",
     INTERFACE.format(module="_Concurrency"), "Task.immediate { await work() }",
     ("_Concurrency", r"static func immediate")),
    ("InlineArray", r"\bInlineArray\b", SWIFT_6_2, "use a tuple or an Array",
     INTERFACE.format(module="Swift"), "var buffer: InlineArray<4, Int>",
     ("Swift", r"public struct InlineArray<")),
    ("span properties", r"\.(span|mutableSpan|utf8Span|bytes\.span)\b|\bUTF8Span\b", SWIFT_6_2,
     "use withUnsafeBufferPointer", INTERFACE.format(module="Swift"), "let view = array.span",
     ("Swift", r"public struct UTF8Span")),
    ("task priority escalation", r"\bwithTaskPriorityEscalationHandler\b|\bescalatePriority\s*\(",
     SWIFT_6_2, "", INTERFACE.format(module="_Concurrency"), "task.escalatePriority(to: .high)",
     ("_Concurrency", r"func escalatePriority")),
    ("SerialExecutor.isIsolatingCurrentContext", r"\bisIsolatingCurrentContext\b", SWIFT_6_2, "",
     INTERFACE.format(module="_Concurrency"), "func isIsolatingCurrentContext() -> Bool? { nil }",
     ("_Concurrency", r"func isIsolatingCurrentContext")),
    ("#Predicate / Predicate", r"#Predicate\b|\bPredicate\s*<", SWIFT_5_9, "use a closure",
     APPLE_DOCS + " (Foundation/Predicate(_:))", "let p = #Predicate<Int> { $0 > 1 }", None),
    ("#Expression / Expression", r"#Expression\b", SWIFT_6_0, "use a closure",
     APPLE_DOCS + " (Foundation/Expression)", "let e = #Expression<Int, Int> { $0 + 1 }", None),
    ("UIContentUnavailableConfiguration", r"\bUIContentUnavailable(Configuration|View)\b"
     r"|\bcontentUnavailableConfiguration\b", UIKIT_17, "show an empty-state row or view",
     APPLE_DOCS + " (UIKit/UIContentUnavailableConfiguration)",
     "controller.contentUnavailableConfiguration = nil", None),
    ("UIKit trait registration", r"\bregisterForTraitChanges\s*\(|\btraitOverrides\b", UIKIT_17,
     "override traitCollectionDidChange", APPLE_DOCS + " (UIKit/UITraitChangeObservable)",
     "view.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { _, _ in }", None),
    ("UIUpdateLink / UITab", r"\bUIUpdateLink\b|\bUITab(Group)?\b", UIKIT_18, "",
     APPLE_DOCS + " (UIKit/UIUpdateLink, UIKit/UITab)", "let link = UIUpdateLink(view: view)", None),
]

ALLOW = re.compile(r"//\s*platform-api:\s*allowed\s*\(.+\)")


def version_text(version):
    return "%d.%d" % version if version[1] else "%d" % version[0]


def minimums(root):
    manifest = open(os.path.join(root, "Package.swift"), encoding="utf-8").read()
    found = {name: (int(major), int(minor or 0)) for name, major, minor in
             re.findall(r"\.(iOS|macOS|tvOS|watchOS|visionOS)\(\s*\.v(\d+)(?:_(\d+))?\s*\)", manifest)}
    missing = [name for name in PLATFORMS if name not in found]
    if missing:
        raise SystemExit("check-platform-api: Package.swift declares no minimum for " + ", ".join(missing))
    return found


def blank_comments_and_strings(text):
    """The code with comments and string literals replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(text)

    def blank(segment):
        out.append(re.sub(r"[^\n]", " ", segment))

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(text[i:end])
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(text[i:j])
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            start = i
            i += hashes
            triple = text.startswith('"""', i)
            quote = '"""' if triple else '"'
            i += len(quote)
            closing = quote + "#" * hashes
            while i < n and not text.startswith(closing, i):
                if text[i] == "\\" and hashes == 0:
                    i += 2
                elif text[i] == "\n" and not triple:
                    break
                else:
                    i += 1
            i = min(n, i + len(closing))
            blank(text[start:i])
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching_brace(code, open_index):
    depth = 0
    for j in range(open_index, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code)


def first_brace_after(code, start):
    """The index of the first `{` after `start` outside parentheses and brackets."""
    depth = 0
    for j in range(start, len(code)):
        c = code[j]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "{" and depth <= 0:
            return j
    return -1


def enclosing_block_end(code, position):
    depth = 0
    for j in range(position, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            if depth == 0:
                return j
            depth -= 1
    return len(code)


def parse_versions(arguments):
    versions = {}
    for part in arguments.split(","):
        match = re.match(r"\s*(iOS|macOS|tvOS|watchOS|visionOS|macCatalyst)(?:\s+|\s*,?\s*introduced:\s*)"
                         r"(\d+)(?:\.(\d+))?", part)
        if match:
            versions[match.group(1)] = (int(match.group(2)), int(match.group(3) or 0))
    return versions


def available_regions(code):
    """(start, end, versions) for each @available declaration and #available block."""
    regions = []
    for match in re.finditer(r"@available\s*\(([^)]*)\)", code):
        versions = parse_versions(match.group(1))
        if not versions:
            continue
        brace = first_brace_after(code, match.end())
        end = matching_brace(code, brace) if brace >= 0 else len(code)
        regions.append((match.start(), end, versions))
    for match in re.finditer(r"\b(if|guard|while)\s+#available\s*\(([^)]*)\)", code):
        versions = parse_versions(match.group(2))
        brace = first_brace_after(code, match.end())
        if brace < 0:
            continue
        block_end = matching_brace(code, brace)
        if match.group(1) == "guard":
            regions.append((block_end, enclosing_block_end(code, block_end + 1), versions))
        else:
            regions.append((brace, block_end, versions))
    return regions


def uncovered(need, minimum, versions):
    """The platforms on which `need` is above `minimum` and `versions` does not cover it."""
    result = []
    for platform, required in need.items():
        if required <= minimum[platform]:
            continue
        have = versions.get(platform)
        if have is None and platform == "visionOS":
            have = (99, 0) if "iOS" in versions else None  # visionOS follows iOS's availability
        if have is None or have < required:
            result.append("%s %s" % (platform, version_text(required)))
    return result


TYPED_THROWS_TYPE = re.compile(
    r"(?:\b(?:var|let)\s+\w+\s*:\s*|\btypealias\s+\w+\s*=\s*|[\[<]\s*|\(\s*)"
    r"(?:@\w+\s+)*\([^()]*\)\s*(?:async\s+)?throws\s*\(\s*(?!any\s+Error\s*\))[^)]*\)\s*->[^\n]*")


def typed_throws_function_types(code):
    """Positions of typed-throws function types that need runtime metadata."""
    for match in TYPED_THROWS_TYPE.finditer(code):
        head = match.group(0)
        if head.startswith("(") and not re.search(r"\)\s*[?!]", code[match.end() - 1:match.end() + 40]) \
                and not re.match(r"\(\s*(?:@\w+\s+)*\([^()]*\)\s*(?:async\s+)?throws\s*\([^)]*\)\s*->[^)]*\)\s*[?!]",
                                 code[match.start():]):
            continue  # a parenthesised parameter list or expression, not a wrapped type
        yield match.start()


def line_of(code, position):
    return code.count("\n", 0, position) + 1


def check_file(path, display, minimum):
    text = open(path, encoding="utf-8").read()
    code = blank_comments_and_strings(text)
    lines = text.split("\n")
    regions = available_regions(code)
    problems = []

    def covering(position):
        versions = {}
        for start, end, region in regions:
            if start <= position <= end:
                for platform, version in region.items():
                    versions[platform] = max(versions.get(platform, (0, 0)), version)
        return versions

    def report(position, message):
        number = line_of(code, position)
        if ALLOW.search(lines[number - 1]):
            return
        column = position - (code.rfind("\n", 0, position) + 1) + 1
        problems.append("%s:%d:%d: %s" % (display, number, column, message))

    for name, pattern, need, advice, _, _, _ in APIS:
        for match in re.finditer(pattern, code, re.M):
            missing = uncovered(need, minimum, covering(match.start()))
            if missing:
                report(match.start(), "%s needs %s, newer than the declared minimum; %s"
                       % (name, ", ".join(missing), advice or "wrap the use in @available / if #available"))
    for position in typed_throws_function_types(code):
        missing = uncovered(SWIFT_6_0, minimum, covering(position))
        if missing:
            report(position, "a stored or wrapped typed-throws function type needs the Swift 6.0 runtime (%s); "
                   "use `throws` (untyped) or Result" % ", ".join(missing))
    for match in re.finditer(r"^\s*#(?:if|elseif)\b[^\n]*\bcanImport\s*\(\s*UIKit\s*\)[^\n]*$", code, re.M):
        if not re.search(r"!\s*os\s*\(\s*watchOS\s*\)", match.group(0)):
            report(match.start() + len(match.group(0)) - len(match.group(0).lstrip()),
                   "`#if canImport(UIKit)` is true on watchOS, which has no UITableView or UICollectionView: "
                   "write `#if canImport(UIKit) && !os(watchOS)`")
    return problems


def check(root):
    minimum = minimums(root)
    problems = []
    for path in sorted(glob.glob(os.path.join(root, "Sources", "**", "*.swift"), recursive=True)):
        problems += check_file(path, os.path.relpath(path, root), minimum)
    return minimum, problems


# MARK: self-test


def interface_files():
    try:
        info = subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return {}
    resource = re.search(r'"runtimeResourcePath"\s*:\s*"([^"]+)"', info)
    if not resource:
        return {}
    found = {}
    for pattern in ["*/*.swiftmodule/*.swiftinterface", "../swift_static/*/*.swiftmodule/*.swiftinterface"]:
        for path in glob.glob(os.path.join(resource.group(1), pattern)):
            if path.endswith(".private.swiftinterface"):
                continue
            found.setdefault(os.path.basename(os.path.dirname(path)).split(".")[0], path)
    return found


def verify_against_interfaces(failures):
    interfaces = interface_files()
    if not interfaces:
        print("check-platform-api: self-test: no toolchain .swiftinterface found; list not re-verified")
        return 0
    verified = 0
    for name, _, need, _, _, _, probe in APIS:
        if probe is None:
            continue
        module, pattern = probe
        if module not in interfaces:
            failures.append("%s: the toolchain has no %s.swiftinterface to verify it" % (name, module))
            continue
        lines = open(interfaces[module], encoding="utf-8").read().split("\n")
        declared = None
        for index, line in enumerate(lines):
            if re.search(pattern, line):
                for back in range(index, max(index - 8, -1), -1):
                    attribute = re.search(r"@available\((macOS [^)]*)\)", lines[back])
                    if attribute:
                        declared = parse_versions(attribute.group(1))
                        break
                break
        if declared is None:
            failures.append("%s: no availability found for /%s/ in %s" % (name, pattern, interfaces[module]))
            continue
        for platform in ["iOS", "macOS"]:
            if declared.get(platform) != need[platform]:
                failures.append("%s: the list says %s %s, the toolchain's %s says %s" % (
                    name, platform, version_text(need[platform]), module,
                    version_text(declared[platform]) if platform in declared else "nothing"))
        verified += 1
    return verified


def self_test():
    failures = []
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "Sources", "Planted"))
        with open(os.path.join(root, "Package.swift"), "w") as manifest:
            manifest.write("platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],\n")
        planted = os.path.join(root, "Sources", "Planted", "Planted.swift")
        cases = []  # (line, expected to be reported)
        body = []

        def add(line, reported):
            body.append(line)
            cases.append((len(body), reported, line))

        for _, _, _, _, _, example, _ in APIS:
            add(example, True)
        add("var handler: (() throws(DecodeError) -> Void)?", True)
        add("typealias Body = (Int) async throws(FeedError) -> Int", True)
        add("#if canImport(UIKit)", True)
        add("#endif", False)
        add("#if canImport(UIKit) && !os(watchOS)", False)
        add("#endif", False)
        add("func send(_ r: Request) async throws(TransportError) -> Response {}", False)
        add("func each(_ body: (Int) throws(E) -> Void) throws(E) {}", False)
        add("// let lock = Mutex(0) in a comment", False)
        add('let text = "Mutex(0) and Atomic<Int>(0) in a string"', False)
        add('let raw = #"withDiscardingTaskGroup( in a raw string"#', False)
        add("let lock = Locked(0)  // not Mutex(", False)
        add("struct MutexFree { let atomicCount = 0 }", False)
        add("let (seconds, attoseconds) = duration.components; _ = duration.components.attoseconds", False)
        add("let lock = Mutex(0)  // platform-api: allowed (a test of the allow comment)", False)
        add("@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)", False)
        add("func newer() { let lock = Mutex(0) }", False)
        add("@available(macOS 15, iOS 18, *)", False)
        add("func partly() { let lock = Mutex(0) }", True)  # tvOS and watchOS are not covered
        add("func gated() {", False)
        add("  if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {", False)
        add("    withObservationTracking { model.value } onChange: {}", False)
        add("  } else {", False)
        add("    withObservationTracking { model.value } onChange: {}", True)
        add("  }", False)
        add("  guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }", False)
        add("  let big: Int128 = 1", False)
        add("}", False)
        add("let after: Int128 = 1", True)
        with open(planted, "w") as source:
            source.write("\n".join(body) + "\n")
        _, problems = check(root)
        reported = {int(problem.split(":")[1]) for problem in problems}
        for number, expected, line in cases:
            if expected and number not in reported:
                failures.append("not caught: line %d: %s" % (number, line))
            if not expected and number in reported:
                failures.append("wrongly reported: line %d: %s" % (number, line))
    verified = verify_against_interfaces(failures)
    for failure in failures:
        print("check-platform-api: self-test: " + failure, file=sys.stderr)
    if failures:
        return 1
    print("check-platform-api: self-test: %d planted uses caught, %d clean lines passed, %d list entries "
          "verified against the toolchain's .swiftinterface files"
          % (sum(1 for case in cases if case[1]), sum(1 for case in cases if not case[1]), verified))
    return 0


def main(arguments):
    if "--self-test" in arguments:
        return self_test()
    rest = [argument for argument in arguments if not argument.startswith("--")]
    root = rest[0] if rest else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    minimum, problems = check(root)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print("check-platform-api: %d use(s) of API newer than the minimum platforms" % len(problems),
              file=sys.stderr)
        return 1
    print("check-platform-api: Sources/ uses no API newer than %s" % ", ".join(
        "%s %s" % (platform, version_text(minimum[platform])) for platform in PLATFORMS))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
