#!/usr/bin/env python3
"""Turns every code block of README.md and the DocC articles into something a test checks.

So an example can never fail as written: each fenced block is compiled, run, or compared with
the file it was copied from, and a block that is none of these says why in a directive.

Where the blocks are read: README.md and every `*.md` under `Sources/*/*.docc/`.

What happens to a block is decided by its language and by an optional directive, an HTML
comment on the line right above the fence (GitHub and DocC show neither):

    <!-- snippet: MODE ARGUMENTS -->

- A `swift` block without a directive is compiled: its lines go into
  `Tests/DocSnippetTests/Generated/<Document>.swift` (one file per document, so the blocks of
  one page build on each other; imports are gathered at the top). Its `@Test`s run with the
  suite. A block that imports UIKit goes into its own file under `#if canImport(UIKit)`.
- A `sh` block without a directive is run: each line (after `\\` continuations are joined and
  `# comments` dropped) must be `tableflow …` or `swift run tableflow …`, and the test runs it
  against the built binary, which must exit 0. A `console` block is a transcript: `$ COMMAND`
  lines are run and the lines after each are its expected output.
- `from PATH`: the block is an excerpt of the file PATH (relative to the repository): its
  lines appear in the file in this order, one after another. A line that is only `…` stands
  for any number of lines; a `…` inside a line for any text. For a `swift` block, lines that
  are doc comments (`///`) are left out of both sides: the page shows the code without them.
- `output-of COMMAND`: the block is an excerpt (as above) of what `tableflow …` COMMAND prints.
- `exit CODE` (on a `sh` or `console` block): every command of the block must exit CODE.
- `manifest`: a `swift` block that is a `Package.swift`; it is evaluated with
  `swift package dump-package` (here, by `--check`), and the products it names must be
  products of this package.
- `not-run REASON` / `not-compiled REASON`: the block is left alone, for the reason given.

A block of any other language, or without a language, needs a directive.

Usage:
    tools/extract-snippets.py           rewrites the generated files
    tools/extract-snippets.py --check   fails (exit 1) when they are not current or a block
                                        breaks the rules above (CI runs this)
"""
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
GENERATED = os.path.join("Tests", "DocSnippetTests", "Generated")
DIRECTIVE = re.compile(r"^<!--\s*snippet:\s*(\S+)\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(```+|~~~+)\s*([^\s`]*)")
IMPORT = re.compile(r"^(?:@testable\s+)?import\s+([A-Za-z_][A-Za-z0-9_]*)\s*$")
SHELL_LANGUAGES = {"sh", "bash", "shell"}
REASON_MODES = {"not-run", "not-compiled"}


class Block:
    def __init__(self, document, line, language, lines, mode, argument):
        self.document = document  # the path relative to ROOT
        self.line = line  # the line of the opening fence, 1-based
        self.language = language
        self.lines = lines
        self.mode = mode
        self.argument = argument

    @property
    def source(self):
        return f"{self.document}:{self.line}"


def documents():
    paths = ["README.md"]
    sources = os.path.join(ROOT, "Sources")
    for module in sorted(os.listdir(sources)):
        catalog = os.path.join(sources, module, module + ".docc")
        for directory, folders, files in os.walk(catalog):
            folders.sort()
            for name in sorted(files):
                if name.endswith(".md"):
                    paths.append(os.path.relpath(os.path.join(directory, name), ROOT))
    return paths


def blocks(document, problems):
    with open(os.path.join(ROOT, document), encoding="utf-8") as file:
        lines = file.read().split("\n")
    found = []
    index = 0
    while index < len(lines):
        fence = FENCE.match(lines[index])
        if not fence:
            index += 1
            continue
        marker, language = fence.group(1), fence.group(2).lower()
        start = index
        index += 1
        body = []
        while index < len(lines) and not lines[index].startswith(marker):
            body.append(lines[index])
            index += 1
        if index == len(lines):
            problems.append(f"{document}:{start + 1}: the code block is never closed")
        index += 1
        directive = DIRECTIVE.match(lines[start - 1]) if start > 0 else None
        mode, argument = (directive.group(1), directive.group(2)) if directive else (None, "")
        found.append(Block(document, start + 1, language, body, mode, argument))
    return found


def commands(block, problems):
    """The commands of a `sh` or `console` block: (arguments, expected output lines or None)."""
    result = []
    if block.language == "console":
        for line in block.lines:
            if line.startswith("$ "):
                result.append([line[2:], []])
            elif result:
                result[-1][1].append(line)
            elif line.strip():
                problems.append(f"{block.source}: a console block starts with '$ COMMAND'")
    else:
        pending = ""
        for line in block.lines:
            if line.endswith("\\"):
                pending += line[:-1] + " "
                continue
            result.append([pending + line, None])
            pending = ""
    parsed = []
    for text, output in result:
        try:
            words = shlex.split(text, comments=True)
        except ValueError as error:
            problems.append(f"{block.source}: cannot read the command '{text}': {error}")
            continue
        if not words:
            continue
        if words[:3] == ["swift", "run", "tableflow"]:
            words = words[3:]
        elif words[0] == "tableflow":
            words = words[1:]
        else:
            problems.append(
                f"{block.source}: '{text.strip()}' is not a tableflow command: run only tableflow "
                "commands here, or mark the block <!-- snippet: not-run REASON -->")
            continue
        if output is not None:
            while output and not output[-1].strip():
                output.pop()
        parsed.append((words, output))
    return parsed


LINK = re.compile(r"\]\(([^)\s]+)\)")


def check_links(document, problems):
    """Every relative link of a page names a file that exists (DocC's own links it checks itself)."""
    folder = os.path.dirname(os.path.join(ROOT, document))
    with open(os.path.join(ROOT, document), encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                    continue
                path = target.split("#")[0]
                if not os.path.exists(os.path.join(folder, path)) and not (
                        document.endswith(".md") and ".docc" in document
                        and os.path.exists(os.path.join(folder, "Resources", path))):
                    problems.append(f"{document}:{number}: the link {target} names no file")


def swift_string(text):
    return json.dumps(text, ensure_ascii=False)


def swift_strings(items, indent):
    if not items:
        return "[]"
    pad = " " * indent
    return "[\n" + "".join(f"{pad}  {swift_string(item)},\n" for item in items) + f"{pad}]"


def checked_block(block, check):
    return f"  DocumentedBlock(\n    source: {swift_string(block.source)},\n    check: {check}),\n"


def namespace(document):
    """README.md -> README; Sources/TableFlow/TableFlow.docc/Embedding.md -> TableFlowEmbedding."""
    parts = document.split(os.sep)
    if len(parts) == 1:
        return os.path.splitext(parts[0])[0]
    module = parts[1]
    page = os.path.splitext(parts[-1])[0]
    name = page if page == module else module + page
    return re.sub(r"[^A-Za-z0-9]", "", name)


def swift_file(document, group, uikit):
    imports = sorted({m.group(0).strip() for b in group for m in map(IMPORT.match, b.lines) if m},
                     key=lambda line: line.split()[-1])
    text = [f"// Generated by tools/extract-snippets.py from {document}: do not edit.", ""]
    if uikit:
        text += ["#if canImport(UIKit)", ""]
    text += imports + [""]
    for block in group:
        text.append(f"// {block.source}")
        text += [line for line in block.lines if not IMPORT.match(line)]
        text.append("")
    if uikit:
        text += ["#endif", ""]
    while len(text) > 1 and text[-1] == "" and text[-2] == "":
        text.pop()
    return "\n".join(text)


def formatted(path, text):
    """`text` as `swift format` writes it, so the generated files pass the strict lint."""
    result = subprocess.run(
        ["swift", "format", "--assume-filename", os.path.join(ROOT, path), "-"],
        input=text, capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        raise SystemExit(f"extract-snippets: swift format failed on {path}:\n{result.stderr}")
    return result.stdout


def check_manifest(block, products, problems):
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "Package.swift"), "w", encoding="utf-8") as file:
            file.write("\n".join(block.lines) + "\n")
        result = subprocess.run(
            ["swift", "package", "--package-path", folder, "--scratch-path", os.path.join(folder, ".build"),
             "dump-package"],
            capture_output=True, text=True)
        if result.returncode != 0:
            problems.append(f"{block.source}: the manifest does not evaluate:\n{result.stderr.strip()}")
            return
    named = set(re.findall(r'\.product\(\s*name:\s*"([^"]+)"', "\n".join(block.lines)))
    for name in sorted(named - products):
        problems.append(f"{block.source}: '{name}' is not a product of this package")


def root_products():
    """The products Package.swift declares (read from its text: dump-package would wait for
    any build holding .build's lock)."""
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as file:
        return set(re.findall(r'\.(?:library|executable)\(\s*name:\s*"([^"]+)"', file.read()))


def generate(check_manifests):
    problems = []
    outputs = {}
    entries = []
    compiled = {}
    manifests = []
    for document in documents():
        check_links(document, problems)
        for block in blocks(document, problems):
            mode, language = block.mode, block.language
            if mode in REASON_MODES:
                if not block.argument:
                    problems.append(f"{block.source}: '{mode}' needs a reason")
            elif mode == "from":
                path = block.argument
                if not os.path.isfile(os.path.join(ROOT, path)):
                    problems.append(f"{block.source}: no file {path}")
                entries.append(checked_block(
                    block,
                    f".excerpt(of: {swift_string(path)}, ignoringDocComments: "
                    f"{'true' if language == 'swift' else 'false'}, lines: "
                    f"{swift_strings(block.lines, 4)})"))
            elif mode == "output-of":
                words = shlex.split(block.argument)
                if words[:1] == ["tableflow"]:
                    words = words[1:]
                entries.append(checked_block(
                    block,
                    f".output(of: {swift_strings(words, 4)}, lines: {swift_strings(block.lines, 4)})"))
            elif mode == "manifest" and language == "swift":
                manifests.append(block)
            elif language == "swift" and mode is None:
                uikit = any(IMPORT.match(line) and line.split()[-1] == "UIKit" for line in block.lines)
                compiled.setdefault((block.document, uikit), []).append(block)
            elif (language in SHELL_LANGUAGES or language == "console") and mode in (None, "exit"):
                status = 0
                if mode == "exit":
                    if not block.argument.isdigit():
                        problems.append(f"{block.source}: 'exit' needs a number")
                        continue
                    status = int(block.argument)
                runs = [
                    f"DocumentedCommand(arguments: {swift_strings(words, 8)}, output: "
                    f"{'nil' if output is None else swift_strings(output, 8)})"
                    for words, output in commands(block, problems)]
                separator = ",\n      "
                entries.append(checked_block(
                    block, f".commands([\n      {separator.join(runs)}\n    ], exit: {status})"))
            elif mode is not None:
                problems.append(f"{block.source}: unknown directive '{mode}' for a {language or 'plain'} block")
            else:
                problems.append(
                    f"{block.source}: a {language or 'plain'} block needs a directive: "
                    "<!-- snippet: from PATH | output-of COMMAND | not-run REASON -->")
    for (document, uikit), group in sorted(compiled.items()):
        name = namespace(document) + ("+UIKit" if uikit else "") + ".swift"
        path = os.path.join(GENERATED, name)
        outputs[path] = formatted(path, swift_file(document, group, uikit))
    path = os.path.join(GENERATED, "DocumentedBlocks.swift")
    outputs[path] = formatted(path, (
        "// Generated by tools/extract-snippets.py: do not edit.\n\n"
        "/// The blocks of README.md and the DocC articles that a test runs or compares.\n"
        "let documentedBlocks: [DocumentedBlock] = [\n" + "".join(entries) + "]\n"))
    if check_manifests and manifests:
        products = root_products()
        for block in manifests:
            check_manifest(block, products, problems)
    return outputs, problems


def main():
    check = "--check" in sys.argv[1:]
    outputs, problems = generate(check_manifests=check)
    folder = os.path.join(ROOT, GENERATED)
    existing = {os.path.join(GENERATED, name) for name in os.listdir(folder)} if os.path.isdir(folder) else set()
    stale = []
    for path, text in sorted(outputs.items()):
        full = os.path.join(ROOT, path)
        current = open(full, encoding="utf-8").read() if os.path.exists(full) else None
        if current != text:
            stale.append(path)
            if not check:
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "w", encoding="utf-8") as file:
                    file.write(text)
    for path in sorted(existing - set(outputs)):
        stale.append(path)
        if not check:
            os.remove(os.path.join(ROOT, path))
    for problem in problems:
        print(f"extract-snippets: {problem}", file=sys.stderr)
    if check and stale:
        for path in stale:
            print(f"extract-snippets: {path} is not current: run python3 tools/extract-snippets.py",
                  file=sys.stderr)
    return 1 if problems or (check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
